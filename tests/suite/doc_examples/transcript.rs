//! Documented output held against real output, line by line, with
//! explicit elisions: a line `...` (indented or not) stands for any number
//! of lines (none too), and `...` within a line for any text within it.
//! Trailing blanks and trailing empty lines do not count.

/// Whether `actual` is what `expected` shows.
pub fn matches(expected: &[String], actual: &str) -> bool {
    let actual: Vec<&str> = trimmed_lines(actual);
    let expected: Vec<&str> = expected.iter().map(|l| l.trim_end()).collect();
    let expected = strip_trailing_empty(&expected);
    let mut memo = vec![vec![None; actual.len() + 1]; expected.len() + 1];
    lines_match(expected, &actual, 0, 0, &mut memo)
}

/// The lines of `text`, trailing blanks and trailing empty lines dropped.
pub fn trimmed_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    strip_trailing_empty(&lines).to_vec()
}

fn strip_trailing_empty<'a, 'b>(lines: &'b [&'a str]) -> &'b [&'a str] {
    let keep = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    &lines[..keep]
}

fn lines_match(
    expected: &[&str],
    actual: &[&str],
    e: usize,
    a: usize,
    memo: &mut Vec<Vec<Option<bool>>>,
) -> bool {
    if let Some(known) = memo[e][a] {
        return known;
    }
    let result = match expected.get(e) {
        None => a == actual.len(),
        Some(line) if line.trim() == "..." => {
            (a..=actual.len()).any(|skip| lines_match(expected, actual, e + 1, skip, memo))
        }
        Some(line) => {
            a < actual.len()
                && line_matches(line, actual[a])
                && lines_match(expected, actual, e + 1, a + 1, memo)
        }
    };
    memo[e][a] = Some(result);
    result
}

/// Whether `actual` is `expected` with each `...` standing for any text.
pub fn line_matches(expected: &str, actual: &str) -> bool {
    let pieces: Vec<&str> = expected.split("...").collect();
    if pieces.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// The expected and actual lines side by side from the first line where
/// they part (for a failure's message).
pub fn difference(expected: &[String], actual: &str) -> String {
    let actual = trimmed_lines(actual);
    let mut text = String::from("--- documented\n");
    for line in expected {
        text.push_str(&format!("  {line}\n"));
    }
    text.push_str("--- printed\n");
    for line in actual.iter().take(60) {
        text.push_str(&format!("  {line}\n"));
    }
    if actual.len() > 60 {
        text.push_str(&format!("  ... ({} more lines)\n", actual.len() - 60));
    }
    text
}

#[test]
fn elisions_stand_for_lines_and_for_text_within_a_line() {
    let e = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "b"]), "a\nb  \n\n"));
    assert!(!matches(&e(&["a", "b"]), "a\nb\nc\n"));
    assert!(matches(&e(&["a", "...", "d"]), "a\nb\nc\nd\n"));
    assert!(matches(&e(&["a", "...", "b"]), "a\nb\n"));
    assert!(matches(&e(&["...", "z"]), "z\n"));
    assert!(matches(&e(&["a", "    ...", "z"]), "a\n  b\nz\n"));
    assert!(!matches(&e(&["a", "...", "d"]), "a\nb\n"));
    assert!(matches(
        &e(&["c qspec ...: m.qspec, ... s"]),
        "c qspec 0.1.0: m.qspec, in 0.5 s"
    ));
    assert!(!line_matches("in ... s", "in 0.5 ms"));
    assert!(line_matches("a...a", "aa") && !line_matches("a...a", "a"));
    assert!(matches(&e(&[]), "\n"));
}

//! "Did you mean ...?": the known word nearest to a misspelt one, and the
//! ASCII a look-alike character stands for.

/// The candidate nearest to `word`: equal but for case, or within a small
/// edit distance (a third of the word's length, at least 1).
pub fn nearest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    if word.is_empty() {
        return None;
    }
    if let Some(same) = candidates.iter().find(|c| c.eq_ignore_ascii_case(word)) {
        return Some(same);
    }
    let folded: String = word
        .chars()
        .map(|c| match c {
            '-' | ' ' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    let most = (word.chars().count() / 3).max(1);
    candidates
        .iter()
        .map(|c| (distance(&folded, c), *c))
        .filter(|&(d, _)| d <= most)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Edit distance in characters, a swap of two neighbours counting as one
/// edit (`cuont` is one from `count`).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The ASCII that the look-alike character `c` stands for (`×` for `x`, a
/// full-width `８` for `8`, `−` for `-`, `≤` for `<=`), or what to do with
/// an invisible one.
pub fn confusable(c: char) -> Option<String> {
    let ascii = |s: &str| Some(format!("did you mean `{s}`?"));
    match c {
        '×' | 'х' | 'Х' | '✕' | '⨯' => ascii("x"),
        '\u{FF01}'..='\u{FF5E}' => {
            let plain = char::from_u32(c as u32 - 0xFEE0)?;
            ascii(&plain.to_string())
        }
        '−' | '–' | '—' | '‐' | '‑' | '‒' => ascii("-"),
        '≤' => ascii("<="),
        '≥' => ascii(">="),
        '·' | '•' | '∙' => ascii("."),
        '\u{A0}' | '\u{2000}'..='\u{200A}' | '\u{3000}' | '\u{202F}' => {
            Some("it is a special space: type a plain space".into())
        }
        '\u{2028}' | '\u{2029}' | '\u{85}' | '\u{0B}' | '\u{0C}' => {
            Some("it is a special line break: end the line with a plain newline".into())
        }
        '\u{FEFF}' | '\u{200B}'..='\u{200D}' | '\u{2060}' => {
            Some("it is invisible: delete it".into())
        }
        '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}' => {
            Some("the language has no quotes".into())
        }
        _ => None,
    }
}

/// The Unicode name of a few characters that cannot be seen, for messages.
pub fn char_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{85}' => "NEXT LINE",
        '\u{FEFF}' => "BYTE ORDER MARK",
        '\u{A0}' => "NO-BREAK SPACE",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{3000}' => "IDEOGRAPHIC SPACE",
        '\0' => "NULL",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_words_and_look_alikes() {
        let kws = ["board", "piece", "param", "no_attack", "queen"];
        assert_eq!(nearest("Board", &kws), Some("board"));
        assert_eq!(nearest("no-attack", &kws), Some("no_attack"));
        assert_eq!(nearest("quéen", &kws), Some("queen"));
        assert_eq!(nearest("peice", &kws), Some("piece"));
        assert_eq!(nearest("cuont", &["count"]), Some("count"));
        assert_eq!(nearest("xyzzy", &kws), None);
        assert_eq!(confusable('×').unwrap(), "did you mean `x`?");
        assert_eq!(confusable('８').unwrap(), "did you mean `8`?");
        assert!(confusable('é').is_none());
    }
}

//! `qspec fmt`: every file given in the language's one layout
//! ([`qspec::language::format`]), rewritten in place (atomically, and only
//! when it changes), or with `--check` left alone and the change shown as
//! a diff. A file that does not parse is never rewritten: its error is
//! printed and the others are still formatted.

use std::io::Write;
use std::path::{Path, PathBuf};

use qspec::diag::SpecErrors;
use qspec::error::{Error, Result};
use qspec::files::write_file;
use qspec::instance::read_text;

use super::{note, print};

/// `qspec fmt FILE... [--check]`.
#[derive(Clone, Debug)]
pub struct FmtRequest {
    /// The files (`-`: standard input, formatted to standard output).
    pub files: Vec<PathBuf>,
    /// Rewrite nothing: show what would change, exit 1 if anything would.
    pub check: bool,
}

/// What formatting one file came to.
enum Outcome {
    /// Already in the layout.
    Kept,
    /// Changed (rewritten, or with `--check` shown).
    Changed,
}

/// Formats every file; the exit code: 0 when every file is (now) in the
/// layout, 1 when `--check` found one that is not, 2 when a file does not
/// parse or cannot be read.
pub fn run(req: &FmtRequest, out: &mut dyn Write) -> Result<u8> {
    let (mut changed, mut failed) = (false, None);
    for path in &req.files {
        match one(path, req.check, out) {
            Ok(Outcome::Changed) => changed = true,
            Ok(Outcome::Kept) => {}
            Err(e) if e.is_broken_pipe() => return Err(e),
            Err(e) => {
                note(&e.report());
                failed = Some(e.exit_code());
            }
        }
    }
    Ok(match (failed, changed && req.check) {
        (Some(code), _) => code,
        (None, true) => 1,
        (None, false) => 0,
    })
}

fn one(path: &Path, check: bool, out: &mut dyn Write) -> Result<Outcome> {
    let text = read_text(path)?;
    let name = shown_name(path);
    let formatted = qspec::language::format(&text).map_err(|d| {
        Error::Spec(SpecErrors {
            file: name.clone(),
            source: text.clone(),
            errors: vec![d],
        })
    })?;
    let stdin = path.as_os_str() == "-";
    if check {
        if formatted == text {
            return Ok(Outcome::Kept);
        }
        print(out, &diff(&name, &text, &formatted))?;
        return Ok(Outcome::Changed);
    }
    if stdin {
        print(out, &formatted)?;
    } else if formatted != text {
        write_file(path, false, |o| o.write_all(formatted.as_bytes()))?;
    }
    Ok(if formatted == text {
        Outcome::Kept
    } else {
        Outcome::Changed
    })
}

fn shown_name(path: &Path) -> String {
    match path.as_os_str() == "-" {
        true => "<standard input>".to_string(),
        false => path.display().to_string(),
    }
}

/// Lines of context around each change.
const CONTEXT: usize = 3;

/// The change from `old` to `new` as a unified diff of lines.
pub fn diff(name: &str, old: &str, new: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let edits = edits(&a, &b);
    let mut text = format!("--- {name}\n+++ {name} (formatted)\n");
    // Hunks: runs of edits with their context, merged when they touch.
    let changed: Vec<usize> = (0..edits.len())
        .filter(|&i| !matches!(edits[i], Edit::Same(..)))
        .collect();
    let mut i = 0;
    while i < changed.len() {
        let start = changed[i].saturating_sub(CONTEXT);
        let mut end = changed[i] + CONTEXT + 1;
        while i + 1 < changed.len() && changed[i + 1] <= end + CONTEXT {
            i += 1;
            end = changed[i] + CONTEXT + 1;
        }
        let end = end.min(edits.len());
        text.push_str(&hunk(&edits[start..end]));
        i += 1;
    }
    text
}

/// One edit of a line diff: a line of both (its numbers in each), of the
/// old text only, or of the new only.
#[derive(Clone, Copy, Debug)]
enum Edit<'a> {
    Same(usize, usize, &'a str),
    Old(usize, &'a str),
    New(usize, &'a str),
}

/// A hunk: its `@@` line, then its lines.
fn hunk(edits: &[Edit<'_>]) -> String {
    let (mut old_start, mut new_start) = (None, None);
    let (mut old_len, mut new_len) = (0, 0);
    let mut body = String::new();
    for e in edits {
        match *e {
            Edit::Same(i, j, line) => {
                old_start.get_or_insert(i);
                new_start.get_or_insert(j);
                old_len += 1;
                new_len += 1;
                body.push_str(&format!(" {line}\n"));
            }
            Edit::Old(i, line) => {
                old_start.get_or_insert(i);
                old_len += 1;
                body.push_str(&format!("-{line}\n"));
            }
            Edit::New(j, line) => {
                new_start.get_or_insert(j);
                new_len += 1;
                body.push_str(&format!("+{line}\n"));
            }
        }
    }
    format!(
        "@@ -{},{old_len} +{},{new_len} @@\n{body}",
        old_start.map_or(0, |i| i + 1),
        new_start.map_or(0, |j| j + 1)
    )
}

/// The edits that turn `a` into `b`: a longest common subsequence of
/// lines (the lines before and after it matched first, so that a file the
/// layout changes in a few places costs little), else, past a size the
/// table would not hold, every old line out and every new line in.
fn edits<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<Edit<'a>> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (mid_a, mid_b) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut out: Vec<Edit<'a>> = (0..head).map(|i| Edit::Same(i, i, a[i])).collect();
    let (n, m) = (mid_a.len(), mid_b.len());
    if n.saturating_mul(m) > 16_000_000 {
        out.extend((0..n).map(|i| Edit::Old(head + i, mid_a[i])));
        out.extend((0..m).map(|j| Edit::New(head + j, mid_b[j])));
    } else {
        // lcs[i][j]: the longest common subsequence of mid_a[i..], mid_b[j..].
        let mut lcs = vec![vec![0u32; m + 1]; n + 1];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i][j] = if mid_a[i] == mid_b[j] {
                    lcs[i + 1][j + 1] + 1
                } else {
                    lcs[i + 1][j].max(lcs[i][j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && mid_a[i] == mid_b[j] {
                out.push(Edit::Same(head + i, head + j, mid_a[i]));
                (i, j) = (i + 1, j + 1);
            } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
                out.push(Edit::Old(head + i, mid_a[i]));
                i += 1;
            } else {
                out.push(Edit::New(head + j, mid_b[j]));
                j += 1;
            }
        }
    }
    let (base_a, base_b) = (a.len() - tail, b.len() - tail);
    out.extend((0..tail).map(|k| Edit::Same(base_a + k, base_b + k, a[base_a + k])));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_shows_each_change_with_its_context() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
        let new = "a\nB\nc\nd\ne\nf\ng\nh\ni\nJ\n";
        assert_eq!(
            diff("m.qspec", old, new),
            "--- m.qspec\n+++ m.qspec (formatted)\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n@@ -7,4 +7,4 @@\n g\n h\n i\n-j\n+J\n"
        );
        assert_eq!(
            diff("m", "x\n\n\ny\n", "x\n\ny\n"),
            "--- m\n+++ m (formatted)\n@@ -1,4 +1,3 @@\n x\n \n-\n y\n"
        );
    }
}

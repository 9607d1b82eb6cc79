//! Nothing lost, nothing surprising, nothing crashes: one test per item of
//! the hardening and safe-output issues, each with its reproducer — odd
//! characters, deep nesting, models too large for memory, outputs that
//! must not be clobbered, signals, closed pipes, surprising models,
//! malformed answers.
#![cfg(unix)]

use crate::common;

use common::{qspec, stderr, stdout};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `compile` of `text` to CNF on standard output: exit code, stderr.
fn compile_text(text: &[u8]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.qspec", text);
    let o = qspec(&["compile", s(&m), "-o", "-", "-f", "cnf"]);
    (o.status.code(), stderr(&o))
}

fn no_panic(e: &str) {
    assert!(!e.contains("panicked") && !e.contains("overflowed"), "{e}");
}

// ---------------------------------------------------------------- issue 7

#[test]
fn a_byte_order_mark_is_ignored() {
    let (code, e) =
        compile_text(b"\xef\xbb\xbfboard 8 x 8\npiece queen\nrule no_attack\ncount == 8\n");
    assert_eq!(code, Some(0), "{e}");
    // And an error after it still has the right column.
    let (code, e) = compile_text(b"\xef\xbb\xbfboard 8 x 0\n");
    assert_eq!(code, Some(2));
    assert!(e.contains("m.qspec:1:11"), "{e}");
}

#[test]
fn non_ascii_characters_are_named_with_the_caret_under_them() {
    for (text, place, what, help) in [
        (
            "board 8 x 8\npiece quéen\n",
            "2:9",
            "'é' (U+00E9)",
            "did you mean `queen`?",
        ),
        (
            "board ８ x 8\n",
            "1:7",
            "'８' (U+FF18)",
            "did you mean `8`?",
        ),
        (
            "board 8 x 8\u{2028}piece queen\n",
            "1:12",
            "U+2028 (LINE SEPARATOR)",
            "line break",
        ),
        (
            "board 8 x 8\u{85}piece queen\n",
            "1:12",
            "U+0085 (NEXT LINE)",
            "line break",
        ),
        (
            "board 8 − 1 x 8\n",
            "1:9",
            "'−' (U+2212)",
            "did you mean `-`?",
        ),
    ] {
        let (code, e) = compile_text(text.as_bytes());
        assert_eq!(code, Some(2), "{text}: {e}");
        no_panic(&e);
        assert!(e.contains(&format!("m.qspec:{place}")), "{text}: {e}");
        assert!(e.contains(&format!("unexpected character {what}")), "{e}");
        assert!(e.contains(help), "{e}");
    }
    // The caret sits under the character, counted in columns.
    let (_, e) = compile_text("board 8 x 8\npiece quéen\n".as_bytes());
    assert!(e.contains("2 | piece quéen\n  |         ^\n"), "{e}");
    // `×` is the `x` of board sizes.
    let (code, e) =
        compile_text("board 8 × 8\npiece queen\nrule no_attack\ncount == 8\n".as_bytes());
    assert_eq!(code, Some(0), "{e}");
}

#[test]
fn deep_nesting_and_long_chains_are_refused_not_overflowed() {
    let deep = format!(
        "param n = {}1{}\nboard n x n\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let (code, e) = compile_text(deep.as_bytes());
    assert_eq!(code, Some(2));
    no_panic(&e);
    assert!(
        e.contains("parentheses are nested more than 32 deep"),
        "{e}"
    );
    assert!(e.contains("m.qspec:1:43"), "{e}");
    for chain in [
        "- ".repeat(60_000),
        "2^".repeat(20_000),
        "1+".repeat(60_000),
    ] {
        let text = format!("param n = {chain}1\nboard 8 x 8\n");
        let (code, e) = compile_text(text.as_bytes());
        assert_eq!(code, Some(2));
        no_panic(&e);
        assert!(
            e.contains("operators; qspec takes at most 256 in one expression"),
            "{e}"
        );
    }
    // The file's size, not the size read (which stops past the limit).
    let big = vec![b'#'; 17_000_013];
    let (code, e) = compile_text(&big);
    assert_eq!(code, Some(2));
    assert!(
        e.contains("the file has 17,000,013 bytes; qspec reads model files of at most 16 MB"),
        "{e}"
    );
}

#[test]
fn an_unclosed_picture_points_at_its_brace() {
    let (code, e) = compile_text(b"board 8 x 8 {\n. . . . . . . .\npiece queen\n");
    assert_eq!(code, Some(2));
    assert!(e.contains("this `{` is never closed"), "{e}");
    assert!(e.contains("m.qspec:1:13"), "{e}");
}

#[test]
fn invalid_utf8_says_where() {
    let (code, e) = compile_text(b"board 8 x 8\npiece qu\xffeen\n");
    assert_eq!(code, Some(2));
    assert!(e.contains("not UTF-8 text: byte 20"), "{e}");
    assert!(e.contains("m.qspec:2:9"), "{e}");
}

#[test]
fn models_too_large_are_refused_before_anything_is_built() {
    let dir = tempfile::tempdir().unwrap();
    // A queen in 16 dimensions: 21,523,360 directions (31 s and 10.6 GB before).
    let m = write(dir.path(), "b16.qspec", b"board 2^16\n");
    let o = qspec(&["compile", s(&m), "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("moves in 21,523,360 directions; qspec supports at most 100,000"));
    // The same with a hint, which reads the piece's directions: refused
    // before they are listed (an endless build before).
    let m = write(dir.path(), "b16h.qspec", b"board 2^16\nhint lines\n");
    let o = qspec(&["compile", s(&m), "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("moves in 21,523,360 directions"));
    // A torus king on 2 x 2 x 500002 x 2 x 2 (an allocation failure before).
    let m = write(
        dir.path(),
        "k.qspec",
        b"board 2 x 2 x 500002 x 2 x 2\ntorus\npiece king\nrule no_attack\nmaximize count\n",
    );
    for args in [
        vec!["compile", s(&m), "-o", "-", "-f", "lp"],
        vec!["stats", s(&m)],
        vec!["solve", s(&m)],
    ] {
        let o = qspec(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(e.contains("building this model would take about"), "{e}");
        assert!(e.contains("over the limit of 4.0 GB (--max-memory)"), "{e}");
    }
    // 6 x 1,000,000 with free walls, to LP (5.1 GB of LP before).
    let m = write(
        dir.path(),
        "w.qspec",
        b"param n = 1000000\nboard 6 x n\nwalls free\npiece queen\nrule no_attack\ncount >= 6\nminimize walls\n",
    );
    let out = dir.path().join("w.lp");
    let o = qspec(&["compile", s(&m), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("(--max-memory)"), "{}", stderr(&o));
    assert!(!out.exists());
    // Within the memory limit, the LP's own size is what refuses it.
    let o = qspec(&[
        "compile",
        s(&m),
        "-o",
        s(&out),
        "-D",
        "n=20000",
        "--max-bytes",
        "10M",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("the LP file would take about") && e.contains("(--max-bytes)"),
        "{e}"
    );
    assert!(!out.exists());
}

#[test]
fn the_refusal_suggests_compact_encodings_only_when_they_help() {
    let o = qspec(&[
        "compile",
        "models/n-queens.qspec",
        "-D",
        "n=300",
        "--amo",
        "pairwise",
        "--max-clauses",
        "1000000",
        "-o",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("--amo ladder --card cardnet: about"), "{e}");
    // Ladder and cardnet change the estimate.
    let with = |amo: &str| {
        let o = qspec(&[
            "compile",
            "models/n-queens.qspec",
            "-D",
            "n=300",
            "--amo",
            amo,
            "--max-clauses",
            "10",
            "-o",
            "-",
        ]);
        let e = stderr(&o);
        let n: String = e
            .split("about ")
            .nth(1)
            .unwrap()
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .collect();
        n.replace(',', "").parse::<u64>().unwrap()
    };
    assert!(with("ladder") * 2 < with("pairwise"));
}

#[test]
fn a_torus_of_side_2_writes_each_clause_once() {
    let src = "board 2 x 2 x 2 x 2 x 2 x 2 x 2 x 2 x 2 x 2\ntorus\npiece queen\nrule no_attack\ncount >= 1\n";
    let loaded = qspec::load_source("t.qspec", src, &[], &Default::default()).unwrap();
    let no_attack = loaded
        .model
        .constraints
        .iter()
        .filter(|t| loaded.model.origin_text(t.origin) == "rule no_attack")
        .count();
    // Every pair of the 1024 cells differs by a queen step mod 2: once each.
    assert_eq!(no_attack, 1024 * 1023 / 2);
    // The same board with `dominate` is measured, not run out of memory.
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "d.qspec",
        src.replace("no_attack", "dominate").as_bytes(),
    );
    let o = qspec(&["stats", s(&m)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn stats_estimates_its_rows_for_big_models() {
    let o = qspec(&["stats", "models/n-queens.qspec", "-D", "n=600"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("~ estimated from the constraints' shapes"),
        "{text}"
    );
    let o = qspec(&["stats", "models/n-queens.qspec", "-D", "n=600", "--json"]);
    assert!(stdout(&o).contains("\"estimated\": true"));
    let o = qspec(&["stats", "models/eight-queens.qspec", "--json"]);
    assert!(stdout(&o).contains("\"estimated\": false"));
}

// ---------------------------------------------------------------- issue 42

/// `lines`, each ended by the next of `ends` (taken in turn).
fn ended(lines: &[&str], ends: &[&str]) -> String {
    lines
        .iter()
        .zip(ends.iter().cycle())
        .map(|(line, end)| format!("{line}{end}"))
        .collect()
}

/// The issue's model: a comment on its first line, and a `count` on its
/// fifth nested 20,000 parentheses deep.
fn deep_after_a_comment(ends: &[&str]) -> String {
    let count = format!("count == {}1{}", "(".repeat(20_000), ")".repeat(20_000));
    ended(
        &[
            "# c",
            "board 5 x 5",
            "piece rook",
            "rule attacks >= 1",
            &count,
        ],
        ends,
    )
}

/// `stats` of `text` written to `d4.qspec`: exit code, stderr.
fn stats_text(text: &[u8]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "d4.qspec", text);
    let o = qspec(&["stats", s(&m)]);
    (o.status.code(), stderr(&o))
}

#[test]
fn every_line_end_the_grammar_reads_is_a_line_end_for_the_nesting_check() {
    for ends in [
        &["\r"][..],
        &["\r\n"],
        &["\n"],
        &["\r", "\r\n", "\n", "\r\n", "\r"],
        &["\n", "\r", "\r\n"],
    ] {
        let text = deep_after_a_comment(ends);
        for text in [text.clone(), format!("\u{FEFF}{text}")] {
            let (code, e) = stats_text(text.as_bytes());
            no_panic(&e);
            assert_eq!(code, Some(2), "{ends:?}: {e}");
            assert!(
                e.contains("parentheses are nested more than 32 deep"),
                "{ends:?}: {e}"
            );
            // The 33rd `(`, after `count == ` and 32 others.
            assert!(e.contains("d4.qspec:5:42"), "{ends:?}: {e}");
        }
    }
}

#[test]
fn a_syntax_error_after_carriage_returns_is_shown_on_its_own_line() {
    for ends in [&["\r"][..], &["\r\n", "\r", "\n"]] {
        let text = ended(
            &["board 8 x 8", "piece queen", "rule no-attack", "count == 8"],
            ends,
        );
        let (code, e) = compile_text(text.as_bytes());
        assert_eq!(code, Some(2), "{ends:?}: {e}");
        assert!(e.contains("unknown rule `no-attack`"), "{ends:?}: {e}");
        assert!(e.contains("did you mean `no_attack`?"), "{ends:?}: {e}");
        assert!(
            e.contains("m.qspec:3:6\n  |\n3 | rule no-attack\n  |      ^^^^^^^^^\n"),
            "{ends:?}: {e}"
        );
    }
    // After a byte-order mark too, and from the checker as from the parser.
    let (code, e) = compile_text("\u{FEFF}# bom\rboard 8 x 0\r".as_bytes());
    assert_eq!(code, Some(2), "{e}");
    assert!(
        e.contains("m.qspec:2:11\n  |\n2 | board 8 x 0\n  |           ^\n"),
        "{e}"
    );
    let (code, e) =
        compile_text("\u{FEFF}board 8 x 8\rpiece queen\rrule no_attack\rcount == 8\r".as_bytes());
    assert_eq!(code, Some(0), "{e}");
    // A refusal found after parsing (the objective in a CNF file) too.
    let (code, e) =
        compile_text(b"board 3 x 3\rpiece king\rrule no_attack\rmaximize count\rcount <= 9\r");
    assert_eq!(code, Some(2), "{e}");
    assert!(
        e.contains("m.qspec:4:1\n  |\n4 | maximize count\n  | ^^^^^^^^^^^^^^\n"),
        "{e}"
    );
}

#[test]
fn a_nul_byte_is_refused_at_its_place() {
    for ends in ["\n", "\r", "\r\n"] {
        let text = format!("board 8 x 8{ends}piece qu\0een{ends}rule no_attack{ends}");
        let (code, e) = compile_text(text.as_bytes());
        no_panic(&e);
        assert_eq!(code, Some(2), "{ends:?}: {e}");
        assert!(e.contains("unexpected character U+0000"), "{ends:?}: {e}");
        assert!(e.contains("m.qspec:2:9"), "{ends:?}: {e}");
    }
    // Not UTF-8: the place is counted in the same lines.
    let (code, e) = compile_text(b"board 8 x 8\rpiece qu\xffeen\r");
    assert_eq!(code, Some(2), "{e}");
    assert!(e.contains("not UTF-8 text: byte 20"), "{e}");
    assert!(e.contains("m.qspec:2:9"), "{e}");
}

// ---------------------------------------------------------------- issue 13

#[test]
fn the_output_is_never_the_model_itself() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read("models/eight-queens.qspec").unwrap();
    let m = write(dir.path(), "model.qspec", &text);
    let link = dir.path().join("link.qspec");
    std::os::unix::fs::symlink(&m, &link).unwrap();
    let hard = dir.path().join("hard.qspec");
    std::fs::hard_link(&m, &hard).unwrap();
    for out in [&m, &link, &hard] {
        let o = qspec(&["compile", s(&m), "-o", s(out), "--format", "cnf"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("is the model"), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read(&m).unwrap(), text);
}

#[test]
fn permissions_links_and_read_only_targets_are_respected() {
    let dir = tempfile::tempdir().unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let private = write(dir.path(), "private.cnf", b"old");
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert!(
        qspec(&["compile", "models/eight-queens.qspec", "-o", s(&private)])
            .status
            .success()
    );
    assert_eq!(mode(&private), 0o600);
    let frozen = write(dir.path(), "frozen.cnf", b"old");
    std::fs::set_permissions(&frozen, std::fs::Permissions::from_mode(0o444)).unwrap();
    let o = qspec(&["compile", "models/eight-queens.qspec", "-o", s(&frozen)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is read-only"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&frozen).unwrap(), b"old");
    let o = qspec(&[
        "compile",
        "models/eight-queens.qspec",
        "-o",
        s(&frozen),
        "--force",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(mode(&frozen), 0o444);
    assert!(std::fs::read_to_string(&frozen)
        .unwrap()
        .starts_with("c qspec"));
    // A symlink is written through, and stays a link.
    let target = write(dir.path(), "target.cnf", b"old");
    let link = dir.path().join("link.cnf");
    std::os::unix::fs::symlink("target.cnf", &link).unwrap();
    assert!(
        qspec(&["compile", "models/eight-queens.qspec", "-o", s(&link)])
            .status
            .success()
    );
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&target)
        .unwrap()
        .starts_with("c qspec"));
}

#[test]
fn an_extension_and_a_format_that_disagree_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q.lp");
    let o = qspec(&[
        "compile",
        "models/eight-queens.qspec",
        "-o",
        s(&out),
        "--format",
        "cnf",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--format cnf contradicts the file name"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists());
}

/// A process id no process has now.
fn dead_pid() -> u32 {
    (4_000_000..)
        .find(|p| !Path::new(&format!("/proc/{p}")).exists())
        .unwrap()
}

#[test]
fn temporary_files_of_killed_runs_are_removed_by_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let pid = dead_pid();
    let stale = write(dir.path(), &format!(".q.cnf.{pid}.0.tmp"), b"half");
    let alive = write(
        dir.path(),
        &format!(".q.cnf.{}.0.tmp", std::process::id()),
        b"busy",
    );
    let out = dir.path().join("other.cnf");
    assert!(
        qspec(&["compile", "models/eight-queens.qspec", "-o", s(&out)])
            .status
            .success()
    );
    assert!(!stale.exists(), "the dead process's file is left");
    assert!(alive.exists(), "a live process's file was removed");
}

fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = write(dir, name, format!("#!/bin/sh\n{body}\n").as_bytes());
    format!("sh {}", path.display())
}

#[test]
fn solver_work_directories_are_removed_on_sigterm_and_after_a_kill() {
    let tmp = tempfile::tempdir().unwrap();
    let scripts = tempfile::tempdir().unwrap();
    let stale = tmp.path().join(format!("qspec-{}-1-0", dead_pid()));
    std::fs::create_dir(&stale).unwrap();
    let sleeper = script(scripts.path(), "slow.sh", "sleep 30");
    let child = Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args([
            "solve",
            "models/eight-queens.qspec",
            "--solver",
            &sleeper,
            "--format",
            "cnf",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("TMPDIR", tmp.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let work = loop {
        let dirs: Vec<PathBuf> = std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        if let Some(d) = dirs.iter().find(|d| d.join("model.cnf").exists()) {
            break d.clone();
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no work directory"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(!stale.exists(), "the killed run's directory is left");
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!work.exists(), "the work directory is left");
    no_panic(&String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args(["solve", "models/n-queens.qspec", "-D", "n=30"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 1];
    use std::io::Read;
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let o = child.wait_with_output().unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(141), "{e}");
    assert!(e.is_empty(), "{e}");
    // A closed standard error (and output) is no reason to panic either.
    let o = Command::new("sh")
        .args([
            "-c",
            &format!(
                "{} compile models/eight-queens.qspec -o /dev/null -f cnf 2>&- >&-; echo $?",
                env!("CARGO_BIN_EXE_qspec")
            ),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "0");
}

/// A maximisation no engine proves in minutes (the most queens on 8^3:
/// 48, proven in the literature on 24 cores in over an hour).
const UNPROVABLE: &str = "board 8^3\npiece queen\nrule no_attack\nmaximize count\n";

#[test]
fn ctrl_c_during_an_optimising_solve_prints_draws_and_verifies_the_best_board() {
    let dir = tempfile::tempdir().unwrap();
    let model = write(dir.path(), "q8.qspec", UNPROVABLE.as_bytes());
    // The signal at once after the first better value, and a little later:
    // the SVG of the board printed is written every time.
    for (round, delay_ms) in [0u64, 0, 30, 100, 300].into_iter().enumerate() {
        let svg = dir.path().join(format!("b{round}.svg"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_qspec"))
            .args(["solve", s(&model), "--svg", s(&svg)])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut seen = Vec::new();
        let started = Instant::now();
        use std::io::Read;
        let mut byte = [0u8; 1];
        while !String::from_utf8_lossy(&seen).contains("\no ") {
            assert_ne!(out.read(&mut byte).unwrap(), 0, "no better value printed");
            seen.push(byte[0]);
            assert!(started.elapsed() < Duration::from_secs(120));
        }
        std::thread::sleep(Duration::from_millis(delay_ms));
        Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        out.read_to_end(&mut seen).unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        let text = String::from_utf8_lossy(&seen);
        assert_eq!(status.code(), Some(130), "round {round}: {text}{err}");
        assert!(
            text.contains("best found before the interrupt, not proven optimal"),
            "round {round}: {text}"
        );
        assert!(text.contains("verified: every rule holds"), "{text}");
        assert!(!err.contains("no output written"), "round {round}: {err}");
        let picture = std::fs::read_to_string(&svg)
            .unwrap_or_else(|e| panic!("round {round}: no SVG ({e}): {text}{err}"));
        assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".svg") && name != "q8.qspec")
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

#[test]
fn svg_without_a_board_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("b.svg");
    let o = qspec(&[
        "solve",
        "models/n-queens.qspec",
        "-D",
        "n=3",
        "--svg",
        s(&svg),
    ]);
    assert_eq!(o.status.code(), Some(20), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "c --svg: no board to draw, {} not written",
            svg.display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_bad_svg_path_is_reported_before_solving() {
    let o = qspec(&[
        "solve",
        "models/queens-3d-5.qspec",
        "--svg",
        "/nonexistent/dir/b.svg",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("--svg: cannot write"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "solved first:\n{}", stdout(&o));
}

#[test]
fn surprising_models_get_a_warning_or_an_error_with_a_caret() {
    let dir = tempfile::tempdir().unwrap();
    let run = |text: &str| {
        let m = write(dir.path(), "m.qspec", text.as_bytes());
        let o = qspec(&["compile", s(&m), "-o", "-", "-f", "opb"]);
        (o.status.code(), stderr(&o))
    };
    let (code, e) = run("board 8 x 8\nrule no_attack\ncount == 8\n");
    assert_eq!(code, Some(0));
    assert!(
        e.contains("warning: the model names no piece, so it places queens"),
        "{e}"
    );
    assert!(e.contains("m.qspec:1:1"), "{e}");
    let (code, e) = run("board 8 x 8\npiece queen\nrule no_attack\n");
    assert_eq!(code, Some(0));
    assert!(e.contains("warning: nothing asks for a piece"), "{e}");
    assert!(e.contains("m.qspec:3:1"), "{e}");
    let (code, e) = run("board 8 x 8\npiece queen\nrule no_attack\nrule no_attack\ncount == 8\n");
    assert_eq!(code, Some(0));
    assert!(
        e.contains("warning: this rule is given twice") && e.contains("m.qspec:4:1"),
        "{e}"
    );
    let (code, e) =
        run("board 8 x 8\npiece queen\nrule attacks == 1\nrule attacks == 2\nmaximize count\n");
    assert_eq!(code, Some(2));
    assert!(
        e.contains("contradicts the one on line 3") && e.contains("m.qspec:4:1"),
        "{e}"
    );
    let (code, e) = run("board 8 x 8\npiece queen\nrule no_attack\ncount == 8\nencode amo ladder\nencode amo product\n");
    assert_eq!(code, Some(2));
    assert!(
        e.contains("a second `encode amo`") && e.contains("m.qspec:6:1"),
        "{e}"
    );
    let (code, e) = run("board 8*8\npiece queen\nrule no_attack\ncount == 8\n");
    assert_eq!(code, Some(2));
    assert!(
        e.contains("this is a 1-D board of 64 cells, not 8 x 8"),
        "{e}"
    );
    // The models in models/ say what they mean: no warning.
    for entry in std::fs::read_dir("models").unwrap() {
        let path = entry.unwrap().path();
        let o = qspec(&["compile", s(&path), "-o", "-", "-f", "opb"]);
        assert!(
            !stderr(&o).contains("warning"),
            "{}: {}",
            path.display(),
            stderr(&o)
        );
    }
}

#[test]
fn syntax_errors_speak_the_users_words() {
    for (text, want, place) in [
        (
            "board 8 x 8\nencode amo\n",
            "`encode amo` is incomplete: expected the name of the at-most-one encoding",
            "2:11",
        ),
        (
            "board 8 x 8\npiece\n",
            "`piece` is incomplete: expected a piece name",
            "2:6",
        ),
        (
            "board 8 x 8\nmaximize\n",
            "`maximize` is incomplete: expected what to optimise",
            "2:9",
        ),
        (
            "board 8 x 8\ncount >=\n",
            "`count >=` is incomplete: expected a number or an expression",
            "2:9",
        ),
        ("Board 8 x 8\n", "unknown statement `Board`", "1:1"),
        (
            "board 8 x 8\nrule no-attack\n",
            "unknown rule `no-attack`",
            "2:6",
        ),
    ] {
        let (code, e) = compile_text(text.as_bytes());
        assert_eq!(code, Some(2), "{text}");
        assert!(e.contains(want), "{text}: {e}");
        assert!(e.contains(&format!("m.qspec:{place}")), "{text}: {e}");
    }
    let (_, e) = compile_text(b"Board 8 x 8\n");
    assert!(e.contains("did you mean `board`?"), "{e}");
    let (_, e) = compile_text(b"board 8 x 8\nrule no-attack\n");
    assert!(e.contains("did you mean `no_attack`?"), "{e}");
    // No false second error after a param that failed.
    let (code, e) =
        compile_text(b"param n = 4/0\nboard n x n\npiece queen\nrule no_attack\ncount == n\n");
    assert_eq!(code, Some(2));
    assert!(e.contains("division by zero"), "{e}");
    assert!(!e.contains("unknown param"), "{e}");
    assert_eq!(e.matches("error:").count(), 1, "{e}");
}

#[test]
fn the_cnf_objective_error_points_at_the_objective() {
    let o = qspec(&["compile", "models/kings.qspec", "-o", "-", "-f", "cnf"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("a CNF file cannot hold the objective `maximize count`"),
        "{e}"
    );
    assert!(
        e.contains("models/kings.qspec:") && e.contains("| maximize count"),
        "{e}"
    );
}

#[test]
fn verify_refuses_malformed_answers() {
    let dir = tempfile::tempdir().unwrap();
    let model = "models/eight-queens.qspec";
    let check = |answer: &str, args: &[&str], want: &str| {
        let a = write(dir.path(), "answer.txt", answer.as_bytes());
        let mut all = vec!["verify", model, s(&a)];
        all.extend(args);
        let o = qspec(&all);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{answer}: {e}{}", stdout(&o));
        assert!(e.contains(want), "{answer}: {e}");
    };
    check(
        "s SATISFIABLE\nv 1 2 3\nv 0\nv 4 5 0\n",
        &[],
        "is there a `v 0` in the middle?",
    );
    check(
        "s SATISFIABLE\ns UNSATISFIABLE\n",
        &[],
        "contradicts `s SATISFIABLE` on line 1",
    );
    check(
        "s SATISFIABLE\nv 1 -2 4000000000 0\n",
        &[],
        "variable 4000000000 does not exist",
    );
    let bin = write(dir.path(), "bin.cnf", b"\x00\xff\xfe binary");
    check(
        "s SATISFIABLE\nv 1 0\n",
        &["--map", s(dir.path())],
        "the compiled file (--map)",
    );
    check(
        "s SATISFIABLE\nv 1 0\n",
        &["--map", s(&bin)],
        "is this a file qspec compiled?",
    );
}

#[test]
fn fixed_and_forbidden_cells_are_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "m.qspec",
        b"board 4 x 4\nfix (0,1)\nforbid (3,3)\npiece queen\nrule no_attack\ncount == 4\n",
    );
    let svg = dir.path().join("b.svg");
    let o = qspec(&["solve", s(&m), "--svg", s(&svg)]);
    assert_eq!(o.status.code(), Some(10), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains(". * . .") && text.contains(" x\n"), "{text}");
    assert!(
        text.contains("(* a fixed piece, x a forbidden cell)"),
        "{text}"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("stroke=\"#d4a017\""), "no fixed ring");
    assert!(picture.contains("<path d=\"M"), "no forbidden cross");
}

#[test]
fn help_texts_say_the_exit_codes_limits_and_where_the_language_is() {
    let o = qspec(&["--help"]);
    let h = stdout(&o);
    for want in [
        "docs/language.md",
        "10  solve",
        "20  solve",
        "130",
        "141",
        "20,000,000 cells",
        "100,000",
        "--max-memory",
    ] {
        assert!(h.contains(want), "{want} missing from\n{h}");
    }
    let h = stdout(&qspec(&["stats", "--help"]));
    assert!(h.contains("Small models are measured exactly"), "{h}");
    assert!(h.contains("--max-memory"), "{h}");
}

#[test]
fn one_wcnf_default_and_the_rays_in_the_header() {
    let o = qspec(&["compile", "models/kings.qspec", "-o", "-", "-f", "wcnf"]);
    assert!(!stdout(&o).contains("p wcnf"), "compile writes 2022 WCNF");
    let o = qspec(&[
        "compile",
        "models/kings.qspec",
        "-o",
        "-",
        "-f",
        "wcnf",
        "--wcnf-legacy",
    ]);
    assert!(stdout(&o).contains("p wcnf"));
    let dir = tempfile::tempdir().unwrap();
    let copy = script(
        dir.path(),
        "copy.sh",
        &format!(
            "cp \"$1\" {}/handed.wcnf; echo s UNKNOWN",
            dir.path().display()
        ),
    );
    let handed = dir.path().join("handed.wcnf");
    let o = qspec(&[
        "solve",
        "models/kings.qspec",
        "--solver",
        &copy,
        "--format",
        "wcnf",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(!std::fs::read_to_string(&handed).unwrap().contains("p wcnf"));
    qspec(&[
        "solve",
        "models/kings.qspec",
        "--solver",
        &copy,
        "--format",
        "wcnf",
        "--wcnf-legacy",
    ]);
    assert!(std::fs::read_to_string(&handed).unwrap().contains("p wcnf"));
    for rays in ["direct", "chain"] {
        let o = qspec(&[
            "compile",
            "models/queens-attacking-exactly-k.qspec",
            "-o",
            "-",
            "--rays",
            rays,
        ]);
        assert!(stdout(&o).contains(&format!("rays={rays}")), "{rays}");
        let o = qspec(&[
            "compile",
            "models/queens-attacking-exactly-k.qspec",
            "-o",
            "-",
            "-f",
            "lp",
            "--rays",
            rays,
        ]);
        assert!(
            stdout(&o).contains(&format!("\\ encodings: rays={rays}")),
            "{rays}"
        );
    }
}

//! Running documented commands: a page's scratch folder (the repository's
//! models and examples within reach), and a block's commands in one
//! `bash` in order (a later command sees what an earlier one wrote, a
//! variable it set, `$?`), standard error merged into standard output as a
//! terminal shows them, with the `qspec` under test first on the PATH.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{root, sage_wheels_bin};

/// A command that runs longer than this fails (an example is meant to run
/// in seconds; the slowest, the portfolio's proof of 21 queens on 6^3,
/// takes under a minute in a test build).
pub const TIMEOUT: Duration = Duration::from_secs(90);

/// What one command did.
#[derive(Clone, Debug)]
pub struct Ran {
    /// Its exit code; `None`: the block was killed at its time limit
    /// before this command ended.
    pub code: Option<i32>,
    /// Standard output and error, interleaved as written.
    pub output: String,
    pub took: Duration,
}

/// A scratch folder where `models/`, `bench/models/` and `examples/` are
/// links to the repository's.
pub fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for linked in ["models", "examples"] {
        std::os::unix::fs::symlink(root().join(linked), dir.path().join(linked)).unwrap();
    }
    std::fs::create_dir(dir.path().join("bench")).unwrap();
    std::os::unix::fs::symlink(root().join("bench/models"), dir.path().join("bench/models"))
        .unwrap();
    dir
}

/// The PATH the examples run with: the `qspec` under test first, then the
/// PATH, then the `kissat` of passagemath-kissat (`sage_wheels/bin`),
/// which `.ci/run` installs when there is no `kissat` program, as the
/// external tests find it.
pub fn search_path() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let bin = PathBuf::from(env!("CARGO_BIN_EXE_qspec"));
        let mut path = format!(
            "{}:{}",
            bin.parent().unwrap().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        if let Some(dir) = sage_wheels_bin() {
            path.push_str(&format!(":{}", dir.display()));
        }
        path
    })
}

/// Separates one command's output from the next one's: the record
/// separator, the exit code, the unit separator.
const MARK: char = '\u{1e}';
const END: char = '\u{1f}';

/// Runs `commands` in `dir`, in one bash, in order: what each did. `REPO`
/// names the repository in their environment.
pub fn run_all(commands: &[String], dir: &Path) -> Vec<Ran> {
    let mut script = String::from("exec 2>&1\n");
    for command in commands {
        script.push_str(command);
        script.push_str(&format!(
            "\n__rc=$?; printf '{MARK}%d{END}' \"$__rc\"; (exit \"$__rc\")\n"
        ));
    }
    let limit = TIMEOUT * commands.len().max(1) as u32;
    let started = Instant::now();
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", &script])
        .current_dir(dir)
        .env("PATH", search_path())
        .env("REPO", root())
        .env("COLUMNS", "100")
        .env_remove("QSPEC_PROGRESS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let mut marks = Vec::new();
        let mut buf = [0u8; 1 << 14];
        loop {
            match out.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    for &b in &buf[..n] {
                        if b == END as u8 {
                            marks.push(Instant::now());
                        }
                    }
                    text.extend_from_slice(&buf[..n]);
                }
            }
        }
        (text, marks)
    });
    let mut killed = false;
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            killed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let (bytes, marks) = reader.join().unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    split(&text, &marks, started, commands.len(), killed)
}

/// Each command's share of `text`, cut at the marks.
fn split(text: &str, marks: &[Instant], started: Instant, n: usize, killed: bool) -> Vec<Ran> {
    let mut ran = Vec::new();
    let mut rest = text;
    let mut since = started;
    for i in 0..n {
        let Some(at) = rest.find(MARK) else {
            ran.push(Ran {
                code: None,
                output: rest.to_string(),
                took: since.elapsed(),
            });
            rest = "";
            continue;
        };
        let output = rest[..at].to_string();
        let tail = &rest[at + MARK.len_utf8()..];
        let end = tail.find(END).expect("a mark ends");
        let code = tail[..end].parse().ok();
        rest = &tail[end + END.len_utf8()..];
        let done = marks.get(i).copied().unwrap_or_else(Instant::now);
        ran.push(Ran {
            code,
            output,
            took: done.duration_since(since),
        });
        since = done;
    }
    if killed {
        if let Some(last) = ran.iter_mut().find(|r| r.code.is_none()) {
            last.output.push_str("\n(killed at the time limit)");
        }
    }
    ran
}

#[test]
fn commands_share_one_shell_and_keep_their_own_output_and_code() {
    let dir = tempfile::tempdir().unwrap();
    let commands = [
        "echo one; echo two >&2".to_string(),
        "x=5; (exit 3)".to_string(),
        "echo $?; echo x=$x".to_string(),
        "printf 'no newline'".to_string(),
    ];
    let ran = run_all(&commands, dir.path());
    assert_eq!(ran.len(), 4);
    assert_eq!(
        (ran[0].code, ran[0].output.as_str()),
        (Some(0), "one\ntwo\n")
    );
    assert_eq!(ran[1].code, Some(3));
    assert_eq!(ran[2].output, "3\nx=5\n");
    assert_eq!(ran[3].output, "no newline");
}

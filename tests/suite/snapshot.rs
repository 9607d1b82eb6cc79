//! `qspec snapshot` as its users run it: a throwaway git repository with
//! two models and a manifest, the whole story (init, update, check, an
//! encoding changed, a rule changed, update again), the JUnit report read
//! by a real XML parser, every kind of bad manifest, `--allow-new`,
//! `review` at a terminal and without one, a killed update; and qspec's
//! own models checked against their snapshots in `snapshots/models`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{stderr, stdout};

/// Runs qspec in `dir`.
fn qspec_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("qspec runs")
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.org")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.org")
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
}

const QUEENS: &str =
    "# Six queens.\nparam n = 6\nboard n x n\npiece queen\nrule no_attack\ncount == n\n";
const KINGS: &str = "# Kings.\nboard 4 x 4\npiece king\nrule no_attack\nmaximize count\n";

/// A repository with two models and the manifest `init` writes, its
/// checks set to `count` (queens) and `optimum` (kings).
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("models")).unwrap();
    std::fs::write(root.join("models/queens.qspec"), QUEENS).unwrap();
    std::fs::write(root.join("models/kings.qspec"), KINGS).unwrap();
    git(root, &["init", "-q", "."]);
    let init = qspec_in(root, &["snapshot", "init", "models"]);
    assert_eq!(init.status.code(), Some(0), "{}", stderr(&init));
    assert!(stdout(&init).contains("2 cases"), "{}", stdout(&init));
    let manifest = std::fs::read_to_string(root.join("qspec.toml")).unwrap();
    assert!(
        manifest.contains("model = \"models/queens.qspec\"\nformats = [\"cnf\", \"opb\", \"lp\"]"),
        "{manifest}"
    );
    assert!(
        manifest.contains("model = \"models/kings.qspec\"\nformats = [\"wcnf\", \"opb\", \"lp\"]"),
        "{manifest}"
    );
    let manifest = manifest
        .replace(
            "model = \"models/queens.qspec\"\n",
            "model = \"models/queens.qspec\"\ncheck = \"count\"\n",
        )
        .replace(
            "model = \"models/kings.qspec\"\n",
            "model = \"models/kings.qspec\"\ncheck = \"optimum\"\n",
        );
    std::fs::write(root.join("qspec.toml"), manifest).unwrap();
    dir
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} holds no {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn the_story_init_update_check_change_update() {
    let repo = repository();
    let root = repo.path();
    let update = qspec_in(root, &["snapshot", "update"]);
    assert_eq!(update.status.code(), Some(0), "{}", stderr(&update));
    let said = stdout(&update);
    assert!(
        said.contains("wrote queens (cnf, opb, lp: 4 solutions)"),
        "{said}"
    );
    assert!(
        said.contains("wrote kings (wcnf, opb, lp: optimum 4)"),
        "{said}"
    );
    for file in [
        "queens.cnf",
        "queens.opb",
        "queens.lp",
        "queens.fingerprint",
        "kings.wcnf",
    ] {
        assert!(root.join("snapshots").join(file).is_file(), "{file}");
    }
    let check = qspec_in(root, &["snapshot", "check"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert!(stdout(&check).contains("2 cases: 2 ok, 0 changed, 0 new"));
    git(root, &["add", "-A"]);
    git(root, &["commit", "-qm", "snapshots"]);

    // An encoding option changed in the manifest: the files change, the
    // meaning does not.
    edit(
        &root.join("qspec.toml"),
        "check = \"count\"\n",
        "check = \"count\"\nencodings = { amo = \"ladder\" }\n",
    );
    let check = qspec_in(root, &["snapshot", "check"]);
    assert_eq!(check.status.code(), Some(1), "{}", stdout(&check));
    let said = stdout(&check);
    assert!(
        said.contains("changed  queens (encoding only: same 4 solutions)"),
        "{said}"
    );
    assert!(said.contains("cnf: clauses "), "{said}");
    assert!(
        said.contains("queens.cnf: first difference at line 4:"),
        "{said}"
    );
    assert!(said.contains("ok       kings"), "{said}");

    // A rule changed in a model: the meaning changes, and the JUnit report
    // says so.
    edit(
        &root.join("models/queens.qspec"),
        "piece queen",
        "piece rook",
    );
    let junit = root.join("report.xml");
    let check = qspec_in(
        root,
        &["snapshot", "check", "--junit", junit.to_str().unwrap()],
    );
    assert_eq!(check.status.code(), Some(1), "{}", stdout(&check));
    let said = stdout(&check);
    assert!(
        said.contains("changed  queens (MEANING CHANGED: 4 solutions → 720 solutions)"),
        "{said}"
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("the JUnit report is XML");
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(
        (suite.attribute("tests"), suite.attribute("failures")),
        (Some("2"), Some("1"))
    );
    let cases: Vec<_> = suite
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(
        cases
            .iter()
            .map(|c| c.attribute("name").unwrap())
            .collect::<Vec<_>>(),
        ["kings", "queens"]
    );
    let failure = cases[1]
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert!(failure
        .attribute("message")
        .unwrap()
        .contains("MEANING CHANGED: 4 solutions → 720 solutions"));
    assert!(failure.text().unwrap().contains("first difference"));
    assert!(!cases[0].children().any(|n| n.has_tag_name("failure")));

    // check wrote nothing; update takes the changes in, and check passes.
    git(root, &["add", "qspec.toml", "models"]);
    let status = Command::new("git")
        .args(["status", "--porcelain", "snapshots"])
        .current_dir(root)
        .output()
        .unwrap();
    assert_eq!(stdout(&status), "", "check wrote snapshots");
    let update = qspec_in(root, &["snapshot", "update"]);
    assert_eq!(update.status.code(), Some(0), "{}", stderr(&update));
    assert!(
        stdout(&update).contains("updated queens (cnf, opb, lp: 720 solutions)"),
        "{}",
        stdout(&update)
    );
    assert!(stdout(&update).contains("unchanged kings"));
    let check = qspec_in(root, &["snapshot", "check", "--json"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    let json: serde_json::Value = serde_json::from_str(&stdout(&check)).unwrap();
    assert_eq!(
        (json["ok"].as_u64(), json["changed"].as_u64()),
        (Some(2), Some(0))
    );
}

#[test]
fn the_version_line_is_all_that_may_differ() {
    let repo = repository();
    let root = repo.path();
    assert!(qspec_in(root, &["snapshot", "update"]).status.success());
    let cnf = root.join("snapshots/queens.cnf");
    let text = std::fs::read_to_string(&cnf).unwrap();
    let first = text.lines().next().unwrap().to_string();
    assert!(first.starts_with("c qspec "), "{first}");
    std::fs::write(&cnf, text.replacen(&first, "c qspec 99.0.0", 1)).unwrap();
    assert_eq!(
        qspec_in(root, &["snapshot", "check"]).status.code(),
        Some(0)
    );
    edit(
        &cnf,
        "c source: models/queens.qspec",
        "c source: elsewhere.qspec",
    );
    let check = qspec_in(root, &["snapshot", "check", "queens"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        stdout(&check).contains("queens.cnf: first difference at line 2:"),
        "{}",
        stdout(&check)
    );
}

#[test]
fn new_cases_fail_unless_allowed_and_gzip_is_the_users_choice() {
    let repo = repository();
    let root = repo.path();
    let check = qspec_in(root, &["snapshot", "check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        stdout(&check).contains("new      queens"),
        "{}",
        stdout(&check)
    );
    assert_eq!(
        qspec_in(root, &["snapshot", "check", "--allow-new"])
            .status
            .code(),
        Some(0)
    );
    edit(
        &root.join("qspec.toml"),
        "[snapshot]\n",
        "[snapshot]\ngzip = true\n",
    );
    assert!(qspec_in(root, &["snapshot", "update", "kings"])
        .status
        .success());
    assert!(root.join("snapshots/kings.wcnf.gz").is_file());
    assert!(
        !root.join("snapshots/queens.cnf.gz").exists(),
        "only the case named"
    );
    let check = qspec_in(root, &["snapshot", "check", "kings"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn a_bad_manifest_is_refused_at_its_place_and_nothing_is_written() {
    let repo = repository();
    let root = repo.path();
    let manifest = root.join("qspec.toml");
    let good = std::fs::read_to_string(&manifest).unwrap();
    let cases = [
        (
            "formats = [\"cnf\"",
            "formatz = [\"cnf\"",
            "unknown field `formatz`",
        ),
        (
            "formats = [\"cnf\", \"opb\", \"lp\"]",
            "formats = \"lp\"",
            "expected a sequence",
        ),
        (
            "models/kings.qspec",
            "models/queen.qspec",
            "case `queen`: cannot read the model models/queen.qspec",
        ),
        (
            "check = \"count\"\n",
            "check = \"count\"\ndefine = { m = 3 }\n",
            "has no param `m` (it declares n)",
        ),
        (
            "\"cnf\", \"opb\"",
            "\"cnf\", \"docx\"",
            "unknown format `docx`",
        ),
        (
            "check = \"optimum\"",
            "check = \"optimal\"",
            "unknown check `optimal`",
        ),
        (
            "check = \"count\"",
            "check = \"optimum\"",
            "needs an objective",
        ),
    ];
    for (from, to, message) in cases {
        std::fs::write(&manifest, good.replacen(from, to, 1)).unwrap();
        for verb in ["check", "update"] {
            let out = qspec_in(root, &["snapshot", verb]);
            assert_eq!(out.status.code(), Some(2), "{verb} {to}: {}", stderr(&out));
            let said = stderr(&out);
            assert!(said.contains(message), "{to}: {said}");
            assert!(said.contains("--> qspec.toml:"), "{to}: {said}");
            assert!(said.contains('^'), "{to}: {said}");
            assert!(
                !root.join("snapshots").exists(),
                "{verb} wrote with a bad manifest"
            );
        }
    }
    std::fs::write(&manifest, good).unwrap();
    let out = qspec_in(root, &["snapshot", "check", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("its cases: kings, queens"),
        "{}",
        stderr(&out)
    );
    let out = qspec_in(root, &["snapshot", "init"]);
    assert_eq!(out.status.code(), Some(2), "init replaced a manifest");
}

#[test]
fn review_asks_at_a_terminal_and_refuses_without_one() {
    let repo = repository();
    let root = repo.path();
    assert!(qspec_in(root, &["snapshot", "update"]).status.success());
    edit(&root.join("models/kings.qspec"), "4 x 4", "5 x 5");
    let out = qspec_in(root, &["snapshot", "review"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("qspec snapshot update"),
        "{}",
        stderr(&out)
    );
    // `script` gives qspec a terminal (util-linux, on every Debian).
    if Command::new("script")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_err()
    {
        return;
    }
    let command = format!("{} snapshot review", env!("CARGO_BIN_EXE_qspec"));
    let mut script = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    script.stdin.take().unwrap().write_all(b"a\n").unwrap();
    let out = script.wait_with_output().unwrap();
    let said = stdout(&out);
    assert!(
        said.contains("MEANING CHANGED: optimum 4 → optimum 9"),
        "{said}"
    );
    assert!(
        said.contains("accepted: wrote the snapshot of kings"),
        "{said}"
    );
    assert_eq!(
        qspec_in(root, &["snapshot", "check"]).status.code(),
        Some(0)
    );
}

#[test]
fn a_killed_update_leaves_every_file_old_or_new() {
    let repo = repository();
    let root = repo.path();
    // A second case whose fingerprint takes seconds: 11 queens, counted.
    let mut manifest = std::fs::read_to_string(root.join("qspec.toml")).unwrap();
    manifest.push_str("\n[[case]]\nname = \"slow\"\nmodel = \"models/queens.qspec\"\ndefine = { n = 12 }\ncheck = \"count\"\n");
    std::fs::write(root.join("qspec.toml"), manifest).unwrap();
    let mut update = Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args(["snapshot", "update"])
        .current_dir(root)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let slow = root.join("snapshots/slow.fingerprint");
    let kings = root.join("snapshots/kings.fingerprint");
    let started = std::time::Instant::now();
    while !kings.exists() && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    update.kill().unwrap();
    update.wait().unwrap();
    assert!(
        !slow.exists(),
        "the slow case finished before the kill: nothing tested"
    );
    let written: Vec<PathBuf> = std::fs::read_dir(root.join("snapshots"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    // What was written is whole: no temporary file is left, and the check
    // of the finished cases passes.
    assert!(
        written
            .iter()
            .all(|p| !p.to_string_lossy().ends_with(".tmp")),
        "{written:?}"
    );
    let check = qspec_in(root, &["snapshot", "check", "queens", "kings"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn qspecs_own_models_match_their_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let check = qspec_in(root, &["snapshot", "check"]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}{}\nreview the change, then `qspec snapshot update`",
        stdout(&check),
        stderr(&check)
    );
}

/// The GitHub Actions example installs qspec from where the user says
/// (repository variables), never from an address of its own, and stops
/// with a clear message when they are not set.
#[test]
fn the_example_workflow_takes_qspec_from_where_the_user_says() {
    let path = common::root().join("examples/ci/github-actions.yml");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(!text.contains("https://"), "an address of its own:\n{text}");
    assert!(text.contains("QSPEC_GIT: ${{ vars.QSPEC_GIT }}"), "{text}");
    assert!(
        text.contains(r#"cargo install --locked --git "$QSPEC_GIT" --rev "$QSPEC_REV" qspec"#),
        "{text}"
    );
    // The guard step, run as the runner runs it, with the variables unset.
    let guard: String = text
        .lines()
        .skip_while(|l| !l.contains("name: Say where qspec comes from"))
        .skip(2)
        .take_while(|l| l.starts_with("          "))
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    let out = Command::new("bash")
        .args(["-c", &guard])
        .env_remove("QSPEC_GIT")
        .env_remove("QSPEC_REV")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{guard}");
    assert!(stdout(&out).contains("set the repository variables QSPEC_GIT and QSPEC_REV"));
    let set = Command::new("bash")
        .args(["-c", &guard])
        .env("QSPEC_GIT", "file:///somewhere")
        .env("QSPEC_REV", "v1")
        .output()
        .unwrap();
    assert!(set.status.success(), "{}", stdout(&set));
}

//! No command writes over a file it reads, by any name, and no two outputs
//! of one command are the same file: each command with each output flag
//! (and the files an output implies: the MIP starts beside `compile
//! --start`, a certificate's files in `--proof-dir`, a task's files) aimed
//! at each file it reads exits 2 before any work, names both, and leaves
//! every file as it was.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{stderr, stdout};

/// A folder holding the files a case reads.
struct Folder {
    dir: tempfile::TempDir,
}

impl Folder {
    fn new() -> Folder {
        let dir = tempfile::tempdir().unwrap();
        let folder = Folder { dir };
        folder.write(
            "m.qspec",
            "board 6 x 6\npiece queen\nrule no_attack\ncount == 6\n",
        );
        folder.write(
            "walls.qspec",
            "board 4 x 4\npiece queen\nrule no_attack\nmaximize count\n",
        );
        folder.write(
            "k.qspec",
            "param n = 4\nboard n x n\npiece king\nrule no_attack\nmaximize count\n",
        );
        folder
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, text: &str) {
        let path = self.path(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Runs qspec in the folder.
    fn qspec(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_qspec"))
            .args(args)
            .current_dir(self.dir.path())
            .output()
            .expect("qspec runs")
    }

    /// Every file under the folder with its bytes.
    fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        fn walk(dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, out);
                } else {
                    out.insert(path.clone(), std::fs::read(&path).unwrap_or_default());
                }
            }
        }
        let mut out = BTreeMap::new();
        walk(self.dir.path(), &mut out);
        out
    }

    /// `args` refused with exit 2 and a message that holds each of
    /// `named`, every file left as it was.
    fn refused(&self, args: &[&str], named: &[&str]) {
        let before = self.files();
        let out = self.qspec(args);
        let e = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {e}{}", stdout(&out));
        for name in named {
            assert!(e.contains(name), "{args:?}: `{name}` is not in: {e}");
        }
        assert!(
            e.contains("qspec never writes over a file it reads")
                || e.contains("one would write over the other"),
            "{args:?}: {e}"
        );
        assert_eq!(before, self.files(), "{args:?} changed a file");
    }
}

#[test]
fn compile_writes_over_neither_the_model_nor_the_start() {
    let f = Folder::new();
    f.refused(
        &["compile", "m.qspec", "-o", "m.qspec", "-f", "cnf"],
        &["(-o) `m.qspec`", "the model `m.qspec`"],
    );
    f.refused(
        &["compile", "m.qspec", "-o", "./m.qspec", "-f", "cnf"],
        &["`./m.qspec`", "the same file"],
    );
    let absolute = f.path("m.qspec").display().to_string();
    f.refused(
        &["compile", "m.qspec", "-o", &absolute, "-f", "cnf"],
        &[&absolute],
    );
    std::os::unix::fs::symlink(f.path("m.qspec"), f.path("link.cnf")).unwrap();
    f.refused(&["compile", "m.qspec", "-o", "link.cnf"], &["`link.cnf`"]);
    std::fs::hard_link(f.path("m.qspec"), f.path("hard.cnf")).unwrap();
    f.refused(&["compile", "m.qspec", "-o", "hard.cnf"], &["`hard.cnf`"]);
    // The MIP starts `compile -o k10.lp --start` writes beside the file.
    f.write("board.txt", "K . K .\n. . . .\nK . K .\n. . . .\n");
    for derived in ["k10.sol", "k10.mst", "k10.highs.sol"] {
        std::fs::copy(f.path("board.txt"), f.path(derived)).unwrap();
        f.refused(
            &["compile", "k.qspec", "-o", "k10.lp", "--start", derived],
            &[
                "the MIP start named after -o",
                &format!("the start board (--start) `{derived}`"),
                "help: name another -o, or give the start board another name",
            ],
        );
    }
    f.refused(
        &["compile", "k.qspec", "-o", "k10.lp", "--start", "k10.lp"],
        &["k10.lp"],
    );
    assert!(f
        .qspec(&["compile", "k.qspec", "-o", "k10.lp", "--start", "board.txt"])
        .status
        .success());
}

#[test]
fn solve_and_verify_draw_over_no_file_they_read() {
    let f = Folder::new();
    f.refused(
        &["solve", "m.qspec", "--svg", "m.qspec"],
        &["the picture (--svg) `m.qspec`", "the model"],
    );
    let board = stdout(&f.qspec(&["solve", "m.qspec"]));
    f.write("board.txt", &board);
    f.refused(
        &[
            "solve",
            "m.qspec",
            "--start",
            "board.txt",
            "--svg",
            "board.txt",
        ],
        &["the start board (--start)"],
    );
    f.refused(
        &["verify", "m.qspec", "board.txt", "--svg", "board.txt"],
        &["the answer `board.txt`"],
    );
    f.refused(
        &["verify", "m.qspec", "board.txt", "--svg", "m.qspec"],
        &["the model `m.qspec`"],
    );
    assert!(f
        .qspec(&["compile", "m.qspec", "-o", "m.cnf"])
        .status
        .success());
    f.write("answer.txt", "s SATISFIABLE\nv 1 0\n");
    f.refused(
        &[
            "verify",
            "m.qspec",
            "answer.txt",
            "--map",
            "m.cnf",
            "--svg",
            "m.cnf",
        ],
        &["the compiled file (--map)"],
    );
    f.write("proof.drat", "0\n");
    f.refused(
        &[
            "verify",
            "m.qspec",
            "answer.txt",
            "--map",
            "m.cnf",
            "--proof",
            "proof.drat",
            "--svg",
            "proof.drat",
        ],
        &["the proof (--proof)"],
    );
}

#[test]
fn a_certificate_kept_in_proof_dir_writes_over_no_model() {
    // A model whose name is the certificate's: `q.cnf` holds qspec text.
    let f = Folder::new();
    f.write(
        "q.cnf",
        "board 3 x 3\npiece queen\nrule no_attack\ncount == 3\n",
    );
    f.write(
        "q.opb",
        "board 3 x 3\npiece queen\nrule no_attack\ncount == 3\n",
    );
    f.refused(
        &["solve", "q.cnf", "--certify", "--proof-dir", "."],
        &[
            "the certificate file that --proof-dir keeps",
            "the model `q.cnf`",
        ],
    );
    f.refused(
        &["solve", "q.opb", "--certify=model", "--proof-dir", "."],
        &["the model `q.opb`"],
    );
    f.refused(
        &["count", "q.cnf", "--certify", "--proof-dir", "."],
        &["the model `q.cnf`"],
    );
}

#[test]
fn sweeps_and_puzzles_write_over_no_model_plan_or_result() {
    let f = Folder::new();
    f.refused(
        &["sweep", "walls.qspec", "--walls", "1", "-o", "walls.qspec"],
        &["the results (-o)"],
    );
    f.refused(
        &[
            "puzzles",
            "walls.qspec",
            "--walls",
            "1",
            "-o",
            "walls.qspec",
        ],
        &["the puzzles (-o)"],
    );
    f.refused(
        &[
            "puzzles",
            "walls.qspec",
            "--walls",
            "1",
            "--html",
            "walls.qspec",
        ],
        &["the page (--html)"],
    );
    f.refused(
        &[
            "puzzles",
            "walls.qspec",
            "--walls",
            "1",
            "-o",
            "p.html",
            "--html",
            "p.html",
        ],
        &["are the same file"],
    );
    // A plan named as a task's result file in the folder it is run into.
    let plan = stdout(&f.qspec(&["sweep", "plan", "walls.qspec", "--walls", "1"]));
    f.write("out/task-0.jsonl", &plan);
    f.refused(
        &["sweep", "run", "out/task-0.jsonl", "--out", "out"],
        &["the file of task 0 (--out)", "the tasks file"],
    );
    f.refused(
        &[
            "sweep",
            "run",
            "out/task-0.jsonl",
            "--task",
            "0",
            "--out",
            "out",
        ],
        &["the file of task 0 (--out)"],
    );
    let results = stdout(&f.qspec(&["sweep", "walls.qspec", "--walls", "1"]));
    f.write("r.jsonl", &results);
    f.refused(
        &["sweep", "merge", "r.jsonl", "--svg", "r.jsonl"],
        &["the histogram (--svg)", "the results file"],
    );
    f.refused(
        &[
            "sweep",
            "merge",
            "r.jsonl",
            "--model",
            "walls.qspec",
            "--puzzles",
            "walls.qspec",
        ],
        &["the puzzles (--puzzles)", "the model (--model)"],
    );
    f.refused(
        &[
            "sweep",
            "merge",
            "r.jsonl",
            "--model",
            "walls.qspec",
            "--html",
            "r.jsonl",
        ],
        &["the page (--html)"],
    );
}

#[test]
fn snapshots_write_over_no_model_manifest_or_snapshot() {
    let f = Folder::new();
    f.refused(
        &["snapshot", "init", ".", "--manifest", "m.qspec", "--force"],
        &[
            "the manifest (--manifest) `m.qspec`",
            "a model under the folder",
        ],
    );
    assert!(f.qspec(&["snapshot", "init", "."]).status.success());
    assert!(
        f.qspec(&["snapshot", "update", "m"]).status.success(),
        "{}",
        stderr(&f.qspec(&["snapshot", "update", "m"]))
    );
    f.refused(
        &["snapshot", "check", "--junit", "qspec.toml"],
        &["the JUnit report (--junit)", "the manifest"],
    );
    f.refused(
        &["snapshot", "check", "--junit", "m.qspec"],
        &["the model of case `m`"],
    );
    f.refused(
        &["snapshot", "check", "--junit", "snapshots/m.cnf"],
        &["a snapshot file of case `m`"],
    );
    // A manifest where a snapshot file would be written.
    f.write("s/q.cnf", "[snapshot]\ndir = \".\"\n\n[[case]]\nmodel = \"../m.qspec\"\nname = \"q\"\nformats = [\"cnf\"]\n");
    f.refused(
        &["snapshot", "update", "--manifest", "s/q.cnf"],
        &[
            "a snapshot file of case `q`",
            "the manifest (--manifest) `s/q.cnf`",
        ],
    );
    f.refused(
        &["snapshot", "review", "--manifest", "s/q.cnf"],
        &["a snapshot file of case `q`"],
    );
}

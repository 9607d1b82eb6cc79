//! A full disk and a read-only folder, on a small tmpfs (root only).

use std::path::Path;
use std::process::Command;

use crate::common::*;
use crate::faults::{names, s};

/// A tmpfs of `size` mounted on a fresh folder (`ro` for read-only),
/// unmounted when dropped.
struct Tmpfs(tempfile::TempDir);

impl Tmpfs {
    fn mount(size: &str, read_only: bool) -> Tmpfs {
        let dir = tempfile::tempdir().unwrap();
        let options = format!("size={size}{}", if read_only { ",ro" } else { "" });
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &options, "tmpfs", s(dir.path())])
            .status()
            .unwrap()
            .success();
        assert!(
            ok,
            "mounting a tmpfs needs root (these tests run as root in CI)"
        );
        Tmpfs(dir)
    }

    fn path(&self) -> &Path {
        self.0.path()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0.path()).status();
    }
}

#[test]
fn a_full_disk_during_compile_and_sweep_run_loses_nothing() {
    let disk = Tmpfs::mount("2m", false);
    let out = disk.path().join("q.cnf");
    let o = qspec(&[
        "compile",
        "models/n-queens.qspec",
        "-D",
        "n=150",
        "-o",
        s(&out),
    ]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("no space left on device"), "{e}");
    assert!(names(disk.path()).is_empty(), "{:?}", names(disk.path()));
    // A sweep's results on the full disk: the task fails, nothing half
    // written is taken for a result; with room, the re-run completes.
    let tasks = tempfile::tempdir().unwrap();
    let plan = qspec(&[
        "sweep",
        "plan",
        "models/blocked-8x8.qspec",
        "--walls",
        "3",
        "--chunk",
        "8192",
    ]);
    let file = tasks.path().join("tasks.jsonl");
    std::fs::write(&file, &plan.stdout).unwrap();
    std::fs::write(disk.path().join("filler"), vec![b'x'; 2_000_000]).unwrap();
    let results = disk.path().join("results");
    let o = qspec(&[
        "sweep",
        "run",
        s(&file),
        "--out",
        s(&results),
        "--jobs",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("no space left on device"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_file(disk.path().join("filler")).unwrap();
    let o = qspec(&[
        "sweep",
        "run",
        s(&file),
        "--out",
        s(&results),
        "--jobs",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let merged = qspec(&["sweep", "merge", s(&results.join("task-0.jsonl"))]);
    assert!(
        stdout(&merged).starts_with("3 walls: 5278 classes"),
        "{}",
        stdout(&merged)
    );
}

#[test]
fn a_read_only_folder_is_an_error_and_nothing_is_written() {
    let disk = Tmpfs::mount("64k", true);
    let out = disk.path().join("q.cnf");
    let o = qspec(&[
        "compile",
        "models/n-queens.qspec",
        "-D",
        "n=40",
        "-o",
        s(&out),
    ]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("read-only file system"), "{e}");
    assert!(names(disk.path()).is_empty());
}

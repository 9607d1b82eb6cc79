//! Running a solver as a child process: a temporary work directory removed
//! when done (and on Ctrl-C or SIGTERM; one that a killed qspec left is
//! removed by the next run), standard output and error captured to files,
//! and the deadline kept (SIGTERM, so that solvers print their best answer,
//! then SIGKILL) — a signal to qspec stops the solver the same way.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::error::{Error, Result};
use crate::interrupt;

/// A directory removed (with its contents) when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A fresh directory `qspec-<pid>-...` in the system's temporary folder.
    pub fn new() -> io::Result<TempDir> {
        let base = std::env::temp_dir();
        remove_stale_dirs(&base);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        for attempt in 0..1000u32 {
            let path = base.join(format!("qspec-{}-{nanos}-{attempt}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => {
                    interrupt::register(&path);
                    return Ok(TempDir(path));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free temporary directory name",
        ))
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        interrupt::unregister(&self.0);
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Removes the `qspec-PID-...` work directories of processes that no
/// longer run (a qspec killed by SIGKILL or the OOM killer).
fn remove_stale_dirs(base: &Path) {
    let Ok(entries) = fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.strip_prefix("qspec-"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        let Some(pid) = pid else { continue };
        if pid != std::process::id()
            && !interrupt::process_alive(pid)
            && entry.file_type().is_ok_and(|t| t.is_dir())
        {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// How the child ended.
pub struct RunResult {
    /// Its exit status (`None` if it could not be collected).
    pub status: Option<ExitStatus>,
    /// Whether it was stopped at the deadline.
    pub timed_out: bool,
}

/// Seconds a solver with its own time limit gets after the deadline to
/// write its solution, and any solver gets between SIGTERM and SIGKILL.
const GRACE: Duration = Duration::from_secs(5);

/// Runs `argv` with its standard output and error written to files, until
/// it ends or the deadline (plus [`GRACE`] for a solver that keeps its own
/// time limit) has passed.
pub fn run_child(
    argv: &[String],
    stdout: &Path,
    stderr: &Path,
    deadline: Option<Instant>,
    own_time_limit: bool,
) -> Result<RunResult> {
    let create = |p: &Path| File::create(p).map_err(|e| Error::unwritable("cannot write ", p, e));
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(Stdio::null())
        .stdout(create(stdout)?)
        .stderr(create(stderr)?)
        .spawn()
        .map_err(|e| Error::Failure {
            message: format!("cannot run the solver `{}`: {e}", argv[0]),
            detail: Some("  = help: is it installed and on the PATH?".into()),
        })?;
    let stop_at = deadline.map(|d| if own_time_limit { d + GRACE } else { d });
    let failed = |e: io::Error| Error::failure(format!("waiting for {}: {e}", argv[0]));
    let mut pause = Duration::from_millis(5);
    loop {
        if let Some(status) = child.try_wait().map_err(failed)? {
            return Ok(RunResult {
                status: Some(status),
                timed_out: false,
            });
        }
        if stop_at.is_some_and(|at| Instant::now() >= at) || interrupt::interrupted() {
            let status = stop(&mut child).map_err(failed)?;
            return Ok(RunResult {
                status,
                timed_out: true,
            });
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(100));
    }
}

/// Asks the child to stop (SIGTERM, so that solvers print their best
/// answer), then kills it if it is still there after the grace period.
fn stop(child: &mut Child) -> io::Result<Option<ExitStatus>> {
    if cfg!(unix) {
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            if let Some(status) = child.try_wait()? {
                return Ok(Some(status));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    child.kill()?;
    child.wait().map(Some)
}

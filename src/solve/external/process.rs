//! Running a solver as a child process: a temporary work directory removed
//! when done (and on Ctrl-C or SIGTERM; one that a killed qspec left is
//! removed by the next run), standard output and error captured to files,
//! and the deadline kept (SIGTERM, so that solvers print their best answer,
//! then SIGKILL) — a signal to qspec stops the solver the same way.

use std::fs::File;
use std::io;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::interrupt;

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
        .map_err(|e| Error::Solver {
            message: format!("cannot run the solver `{}`: {e}", argv[0]),
            detail: Some("  = help: is it installed and on the PATH?".into()),
        })?;
    let stop_at = deadline.map(|d| if own_time_limit { d + GRACE } else { d });
    let failed = |e: io::Error| Error::solver(format!("waiting for {}: {e}", argv[0]));
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

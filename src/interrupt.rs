//! Ctrl-C and SIGTERM, and the temporary files and directories that must
//! not outlive the process.
//!
//! Every temporary path is [`register`]ed while it exists. On a signal,
//! [`install`]'s handler removes them all and exits with 130 — unless a
//! command that can stop gracefully (an optimising `solve`) has said so
//! with [`set_graceful`]: then the first signal only raises the flag that
//! [`interrupted`] reads, so that the solve stops, prints and verifies its
//! best board, and cleans up on its way out; a second signal exits at once
//! — unless it comes within [`ONE_REQUEST`] of the first: GNU `timeout`
//! sends its signal to the command and then to the command's whole process
//! group, and `kill -- -PGID` reaches a process once per group it leads, so
//! one request to stop can arrive as two signals, and must not cost the
//! answer the first one was already writing.
//!
//! ```
//! // Nothing has asked this process to stop.
//! assert!(!qspec::interrupt::interrupted());
//! assert!(qspec::interrupt::process_alive(std::process::id()));
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static DEADLINE: Mutex<Option<Instant>> = Mutex::new(None);
static GRACEFUL: AtomicBool = AtomicBool::new(false);
static FIRST_SIGNAL: Mutex<Option<Instant>> = Mutex::new(None);

/// Signals this close after the first graceful one are the same request
/// (see the module documentation).
pub const ONE_REQUEST: std::time::Duration = std::time::Duration::from_secs(1);
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporary() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Installs the handler of Ctrl-C and SIGTERM (once per process).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        let mut first = FIRST_SIGNAL.lock().unwrap_or_else(|e| e.into_inner());
        if stops_gracefully(&mut first, GRACEFUL.load(Ordering::SeqCst), Instant::now()) {
            INTERRUPTED.store(true, Ordering::SeqCst);
            return;
        }
        drop(first);
        remove_all();
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "interrupted: no output written");
        std::process::exit(130);
    });
}

/// Whether a signal that comes at `now` leaves the stopping to the running
/// command: the first signal to a command that stops by itself (`graceful`)
/// is remembered in `first` (and raises the flag), and one within
/// [`ONE_REQUEST`] of it repeats the same request, whether or not the
/// command is still in its graceful part (it may be printing the answer the
/// first signal asked for); a later one is a second request, to exit at
/// once.
fn stops_gracefully(first: &mut Option<Instant>, graceful: bool, now: Instant) -> bool {
    if let Some(at) = *first {
        return now.saturating_duration_since(at) < ONE_REQUEST;
    }
    if graceful {
        *first = Some(now);
    }
    graceful
}

/// Whether a signal asked the running command to stop, or its time is up
/// ([`stop_at`]).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst) || timed_out()
}

/// Stops the running command at `deadline` as a signal would (a sweep's
/// `--timeout`): [`interrupted`] says so from then on.
pub fn stop_at(deadline: Instant) {
    *DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) = Some(deadline);
}

/// Whether the deadline of [`stop_at`] has passed.
pub fn timed_out() -> bool {
    DEADLINE
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .is_some_and(|d| Instant::now() >= d)
}

/// Says whether the running command stops by itself on a signal (see the
/// module documentation).
pub fn set_graceful(on: bool) {
    GRACEFUL.store(on, Ordering::SeqCst);
}

/// Remembers a temporary file or directory, to remove if interrupted.
pub fn register(path: &Path) {
    temporary().push(path.to_path_buf());
}

/// Forgets a temporary path (renamed into place, or removed).
pub fn unregister(path: &Path) {
    temporary().retain(|p| p != path);
}

/// Removes every registered temporary file and directory.
pub fn remove_all() {
    for path in temporary().drain(..) {
        if path.is_dir() {
            let _ = std::fs::remove_dir_all(&path);
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Whether the process `pid` is alive (on systems with `/proc`; elsewhere
/// every process counts as alive, so that nothing is removed by mistake).
/// A zombie (killed, not yet reaped by its parent) is not.
pub fn process_alive(pid: u32) -> bool {
    let proc = Path::new("/proc");
    if !proc.is_dir() {
        return true;
    }
    match std::fs::read_to_string(proc.join(pid.to_string()).join("stat")) {
        // `pid (name) S ...`: the state follows the last parenthesis.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_none_or(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => proc.join(pid.to_string()).exists(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The sequence of one process: a signal outside a graceful command
    /// exits, the first inside one is taken, and its repeat is the same
    /// request even once the command has left its graceful part (it is
    /// printing its answer); a signal a second later is a new request.
    #[test]
    fn a_repeated_signal_is_one_request_even_after_the_graceful_part() {
        let (mut first, start) = (None, Instant::now());
        assert!(!stops_gracefully(&mut first, false, start));
        assert_eq!(first, None);
        assert!(stops_gracefully(&mut first, true, start));
        assert_eq!(first, Some(start));
        let soon = start + Duration::from_millis(50);
        assert!(stops_gracefully(&mut first, true, soon));
        assert!(stops_gracefully(&mut first, false, soon));
        assert!(!stops_gracefully(&mut first, false, start + ONE_REQUEST));
        assert!(!stops_gracefully(&mut first, true, start + ONE_REQUEST * 2));
        assert_eq!(first, Some(start));
    }
}

//! Temporary work directories: removed when dropped, on Ctrl-C or SIGTERM
//! ([`crate::interrupt`]), and, when a killed qspec left one, by the next
//! run.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

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

//! Files in and out: texts read from a file, standard input or a `.gz`
//! ([`open_text`]); files written atomically, gzipped by name, or standard
//! output ([`Output`], [`write_file`]); temporary work directories that do
//! not outlive the process ([`TempDir`]); the files a command reads and
//! writes, none written over another ([`FileUses`]).
//!
//! ```
//! use std::io::Write;
//! let path = std::env::temp_dir().join(format!("qspec-doc-{}.txt", std::process::id()));
//! qspec::files::write_file(&path, false, |out| out.write_all(b"complete or nothing\n"))?;
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "complete or nothing\n");
//! std::fs::remove_file(&path).ok();
//! # Ok::<(), qspec::Error>(())
//! ```

mod input;
mod output;
mod temp;
mod uses;

pub use input::open_text;
pub use output::{is_gzip_name, Output};
pub use temp::TempDir;
pub use uses::FileUses;

use std::io::Write;
use std::path::Path;

use crate::error::{Error, Result};

/// Writes the file `path` with `write`, atomically: into a temporary file
/// beside it, renamed over `path` only when complete (`force`: a read-only
/// `path` is replaced too). On any error `path` is left as it was.
///
/// [`probe_output`] asks the same questions before any work is done.
pub fn write_file(
    path: &Path,
    force: bool,
    write: impl FnOnce(&mut Output) -> std::io::Result<()>,
) -> Result<()> {
    let mut out = open_output(path, force)?;
    write(&mut out)
        .and_then(|()| out.flush())
        .and_then(|()| out.commit())
        .map_err(|e| {
            let name = if path.as_os_str() == "-" {
                Path::new("standard output")
            } else {
                path
            };
            Error::unwritable("writing ", name, e)
        })
}

/// Whether [`write_file`] could write `path`: its temporary file is made
/// and removed again, so that a folder that cannot be written (read-only,
/// missing, a full disk's inode table) is reported before a model is
/// built, not after.
pub fn probe_output(path: &Path, force: bool) -> Result<()> {
    // A device or a FIFO is written in place: opening it is no probe
    // (a FIFO's reader would see it close before the file is written).
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if special {
        return Ok(());
    }
    open_output(path, force).map(drop)
}

fn open_output(path: &Path, force: bool) -> Result<Output> {
    Output::create_with(path, force).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput => {
            Error::usage(format!("cannot write {}: {e}", path.display()))
        }
        _ => Error::unwritable("cannot write ", path, e),
    })
}

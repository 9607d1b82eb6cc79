//! Where a compiled file goes: a file written atomically, gzipped when its
//! name ends in `.gz`, or standard output for `-`.
//!
//! A file is written to a temporary file in the target's directory and
//! renamed over the target only by [`Output::commit`]. A target that is not
//! a regular file (`/dev/null`, a FIFO) is written in place: renaming over
//! it would replace the device with a file. An `Output` dropped
//! without a commit (an error, a panic) removes its temporary file, so a
//! failed compile never leaves a truncated file nor clobbers an existing
//! one.
//!
//! Gzip uses level 1: on a 33 MB CNF it took 0.4 s against 2.4 s for the
//! default level 6, for a file 12% larger.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use flate2::write::GzEncoder;
use flate2::Compression;

/// Buffer between the writers and the file.
const BUFFER: usize = 1 << 20;

/// Temporary names tried before giving up.
const TEMP_ATTEMPTS: u32 = 1000;

/// Distinguishes the temporary files of one process.
static TEMP_COUNTER: AtomicU32 = AtomicU32::new(0);

/// Temporary files not yet renamed or removed, so that an interrupted
/// process can remove them ([`remove_pending_files`]).
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes every temporary file still being written: for a signal handler,
/// so that an interrupted compile leaves nothing behind.
pub fn remove_pending_files() {
    for path in pending().drain(..) {
        let _ = fs::remove_file(path);
    }
}

/// An output destination; see the module documentation.
pub struct Output {
    sink: Sink,
    temp: Option<TempFile>,
}

enum Sink {
    Stdout(BufWriter<Stdout>),
    Plain(BufWriter<File>),
    Gzip(GzEncoder<BufWriter<File>>),
}

impl Output {
    /// An output to `path`: standard output for `-`, else a temporary file
    /// beside `path`, gzip-compressed when the name ends in `.gz`.
    pub fn create(path: &Path) -> io::Result<Output> {
        if path.as_os_str() == "-" {
            return Ok(Output::stdout());
        }
        let (file, temp) = match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{} is a directory", path.display()),
                ))
            }
            // A device, a FIFO, a socket (`-o /dev/null`, `-o >(gzip)`):
            // written in place; renaming a file over it would replace it.
            Ok(meta) if !meta.is_file() => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| with_path(e, "cannot write", path))?;
                (file, None)
            }
            _ => {
                let (file, temp) = TempFile::create_for(path)?;
                (file, Some(temp))
            }
        };
        let buffered = BufWriter::with_capacity(BUFFER, file);
        let sink = if is_gzip_name(path) {
            Sink::Gzip(GzEncoder::new(buffered, Compression::fast()))
        } else {
            Sink::Plain(buffered)
        };
        Ok(Output { sink, temp })
    }

    /// Standard output, buffered.
    pub fn stdout() -> Output {
        Output {
            sink: Sink::Stdout(BufWriter::with_capacity(BUFFER, io::stdout())),
            temp: None,
        }
    }

    /// Whether the output is gzip-compressed.
    pub fn is_gzip(&self) -> bool {
        matches!(self.sink, Sink::Gzip(_))
    }

    /// Finishes the output: flushes (and ends the gzip stream), syncs the
    /// file to disk and renames it over the target.
    pub fn commit(mut self) -> io::Result<()> {
        let file = match self.sink {
            Sink::Stdout(mut stdout) => return stdout.flush(),
            Sink::Plain(buffered) => buffered.into_inner().map_err(|e| e.into_error())?,
            Sink::Gzip(encoder) => encoder.finish()?.into_inner().map_err(|e| e.into_error())?,
        };
        match self.temp.take() {
            Some(temp) => {
                file.sync_all()?;
                drop(file);
                temp.rename_over_target()
            }
            None => Ok(()),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write(buf),
            Sink::Plain(w) => w.write(buf),
            Sink::Gzip(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::Plain(w) => w.write_all(buf),
            Sink::Gzip(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::Plain(w) => w.flush(),
            Sink::Gzip(w) => w.flush(),
        }
    }
}

fn is_gzip_name(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.len() > 3 && name[name.len() - 3..].eq_ignore_ascii_case(".gz"))
}

/// A temporary file that becomes `target` on rename, and is removed when
/// dropped before that.
struct TempFile {
    path: PathBuf,
    target: PathBuf,
    renamed: bool,
}

impl TempFile {
    /// Creates `.<name>.<pid>.<n>.tmp` in the directory of `target`.
    fn create_for(target: &Path) -> io::Result<(File, TempFile)> {
        let name = target.file_name().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a file name", target.display()),
            )
        })?;
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        for _ in 0..TEMP_ATTEMPTS {
            let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp_name = format!(".{}.{}.{n}.tmp", name.to_string_lossy(), std::process::id());
            let path = dir.join(temp_name);
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => {
                    pending().push(path.clone());
                    let temp = TempFile {
                        path,
                        target: target.to_path_buf(),
                        renamed: false,
                    };
                    return Ok((file, temp));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(with_path(e, "cannot create a file in", dir)),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("no free temporary name in {}", dir.display()),
        ))
    }

    fn rename_over_target(mut self) -> io::Result<()> {
        fs::rename(&self.path, &self.target)
            .map_err(|e| with_path(e, "cannot write", &self.target))?;
        self.renamed = true;
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        pending().retain(|p| p != &self.path);
        if !self.renamed {
            // Best effort: the file may already be gone.
            let _ = fs::remove_file(&self.path);
        }
    }
}

fn with_path(error: io::Error, what: &str, path: &Path) -> io::Error {
    io::Error::new(error.kind(), format!("{what} {}: {error}", path.display()))
}

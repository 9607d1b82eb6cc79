//! The files one command reads and the files it writes, declared before
//! any work starts, and the one rule between them: no file a command
//! writes is a file it reads, nor a file it writes for another reason.
//!
//! Files are compared by identity, not by name: an existing file by its
//! device and inode (so `./m.qspec`, an absolute path, a symbolic link and
//! a hard link are all the same file), a file still to be made by the
//! absolute name it will have (its folder's links followed). Standard
//! input and output (`-`) and special files (`/dev/null`, a FIFO) are
//! written in place and read as streams, so they are not compared.
//!
//! ```
//! use qspec::files::FileUses;
//! let dir = std::env::temp_dir().join(format!("qspec-uses-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let model = dir.join("m.qspec");
//! std::fs::write(&model, "board 4 x 4\n").unwrap();
//! let mut uses = FileUses::default();
//! uses.reads("the model", &model);
//! uses.writes("the picture (--svg)", &dir.join("./m.qspec"));
//! let refusal = uses.check().unwrap_err().to_string();
//! assert!(refusal.contains("is the model"), "{refusal}");
//! std::fs::remove_dir_all(&dir).ok();
//! ```

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The files a command reads and writes, each with its role (`the model`,
/// `the picture (--svg)`), for messages.
#[derive(Clone, Debug, Default)]
pub struct FileUses {
    reads: Vec<Use>,
    writes: Vec<Use>,
}

#[derive(Clone, Debug)]
struct Use {
    role: String,
    path: PathBuf,
    /// How to put a clash right, when naming another file for the role is
    /// not it (a name derived from another).
    help: Option<String>,
}

/// What makes two names the same file.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    /// An existing file or folder.
    Inode { dev: u64, ino: u64 },
    /// A file still to be made: the absolute name it will have.
    Name(PathBuf),
}

impl FileUses {
    /// Registers a file the command reads (`-`, standard input, is none).
    pub fn reads(&mut self, role: impl Into<String>, path: &Path) -> &mut FileUses {
        self.reads.push(Use::new(role.into(), path, None));
        self
    }

    /// Registers a file the command writes (`-`, standard output, is none).
    pub fn writes(&mut self, role: impl Into<String>, path: &Path) -> &mut FileUses {
        self.writes.push(Use::new(role.into(), path, None));
        self
    }

    /// Registers a file the command writes under a name it derives from
    /// another (`q.sol` beside `-o q.lp`); `help` says how to put a clash
    /// right.
    pub fn writes_derived(
        &mut self,
        role: impl Into<String>,
        path: &Path,
        help: impl Into<String>,
    ) -> &mut FileUses {
        self.writes
            .push(Use::new(role.into(), path, Some(help.into())));
        self
    }

    /// Refuses (a usage error, exit 2, naming both) a written file that is
    /// a file read, or that another output writes too.
    pub fn check(&self) -> Result<()> {
        let reads: Vec<(&Use, Identity)> = identified(&self.reads);
        let writes: Vec<(&Use, Identity)> = identified(&self.writes);
        for (i, (write, id)) in writes.iter().enumerate() {
            if let Some((read, _)) = reads.iter().find(|(_, r)| r == id) {
                return Err(Error::usage_with_help(
                    format!(
                        "{} {} is {} {}{}: qspec never writes over a file it reads",
                        write.role,
                        quoted(&write.path),
                        read.role,
                        quoted(&read.path),
                        through_a_link(&write.path, &read.path),
                    ),
                    write.help_text(),
                ));
            }
            if let Some((other, _)) = writes[..i].iter().find(|(_, w)| w == id) {
                return Err(Error::usage_with_help(
                    format!(
                        "{} {} and {} {} are the same file{}: one would write over the other",
                        other.role,
                        quoted(&other.path),
                        write.role,
                        quoted(&write.path),
                        through_a_link(&write.path, &other.path),
                    ),
                    write.help_text(),
                ));
            }
        }
        Ok(())
    }
}

impl Use {
    fn new(role: String, path: &Path, help: Option<String>) -> Use {
        Use {
            role,
            path: path.to_path_buf(),
            help,
        }
    }

    /// How to put a clash of this output right.
    fn help_text(&self) -> String {
        self.help
            .clone()
            .unwrap_or_else(|| format!("name another file for {}", self.role))
    }
}

/// The uses that name a file to compare, with its identity.
fn identified(uses: &[Use]) -> Vec<(&Use, Identity)> {
    uses.iter()
        .filter_map(|u| identity(&u.path).map(|id| (u, id)))
        .collect()
}

/// The identity of `path`; `None` for standard input or output and for
/// special files, which are streams.
fn identity(path: &Path) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    if path.as_os_str() == "-" || path.as_os_str().is_empty() {
        return None;
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() || meta.is_dir() => Some(Identity::Inode {
            dev: meta.dev(),
            ino: meta.ino(),
        }),
        Ok(_) => None,
        Err(_) => Some(Identity::Name(future_name(path))),
    }
}

/// The absolute name a file still to be made will have: its folder's
/// links followed (the folder may be missing too: then as written).
fn future_name(path: &Path) -> PathBuf {
    let target = super::output::follow_links(path).unwrap_or_else(|_| path.to_path_buf());
    let absolute = std::path::absolute(&target).unwrap_or(target);
    match (absolute.parent(), absolute.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .map(|d| d.join(name))
            .unwrap_or(absolute.clone()),
        _ => absolute,
    }
}

/// ` (the same file)` when the two names differ as written.
fn through_a_link(a: &Path, b: &Path) -> &'static str {
    if a == b {
        ""
    } else {
        " (the same file)"
    }
}

fn quoted(path: &Path) -> String {
    format!("`{}`", path.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn a_file_read_is_never_written_by_any_name() {
        let d = dir();
        let model = d.path().join("m.qspec");
        std::fs::write(&model, "x").unwrap();
        std::os::unix::fs::symlink(&model, d.path().join("link")).unwrap();
        std::fs::hard_link(&model, d.path().join("hard")).unwrap();
        std::fs::create_dir(d.path().join("sub")).unwrap();
        for name in ["m.qspec", "./m.qspec", "link", "hard", "sub/../m.qspec"] {
            let path = d.path().join(name);
            let mut uses = FileUses::default();
            uses.reads("the model", &model).writes("-o", &path);
            let e = uses.check().expect_err(name);
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains("is the model"), "{e}");
        }
    }

    #[test]
    fn two_outputs_to_one_new_file_are_refused_and_distinct_ones_pass() {
        let d = dir();
        let mut uses = FileUses::default();
        uses.writes("--svg", &d.path().join("p.html"))
            .writes("--html", &d.path().join("q.html"));
        assert!(uses.check().is_ok());
        uses.writes("-o", &d.path().join("sub/../p.html"));
        std::fs::create_dir(d.path().join("sub")).unwrap();
        let e = uses.check().unwrap_err().to_string();
        assert!(e.contains("are the same file"), "{e}");
    }

    #[test]
    fn streams_and_special_files_are_not_compared() {
        let mut uses = FileUses::default();
        uses.reads("the answer", Path::new("-"))
            .writes("-o", Path::new("-"))
            .reads("the map", Path::new("/dev/null"))
            .writes("--svg", Path::new("/dev/null"));
        assert!(uses.check().is_ok());
    }

    #[test]
    fn a_dangling_link_names_the_file_it_would_make() {
        let d = dir();
        std::os::unix::fs::symlink(d.path().join("later.svg"), d.path().join("link.svg")).unwrap();
        let mut uses = FileUses::default();
        uses.writes("--svg", &d.path().join("link.svg"))
            .writes("--html", &d.path().join("later.svg"));
        assert!(uses.check().is_err());
    }
}

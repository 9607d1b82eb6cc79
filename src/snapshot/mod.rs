//! Snapshot tests of compiled instances for the repositories where users
//! keep their `.qspec` files: a manifest (`qspec.toml`, [`manifest`])
//! lists cases — a model, its parameters, formats, encodings — and a
//! snapshot folder holds each case's compiled files and its fingerprint
//! ([`fingerprint`]: the sizes, and the meaning computed by the embedded
//! engines). A check compiles every case again and holds it against what
//! is stored ([`compare`]): byte for byte but for the version line, and
//! for a changed case whether the meaning changed too. Reports for CI in
//! JUnit XML and JSON ([`report`]).
//!
//! ```
//! use qspec::snapshot::{compile, Manifest, Comparison};
//! let dir = std::env::temp_dir().join(format!("qspec-doc-snapshot-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("models")).unwrap();
//! std::fs::write(dir.join("models/q.qspec"), "param n = 6\nboard n x n\nrule no_attack\ncount == n\n").unwrap();
//! std::fs::write(dir.join("qspec.toml"), "[[case]]\nmodel = \"models/q.qspec\"\ncheck = \"count\"\n").unwrap();
//! let manifest = Manifest::read(&dir.join("qspec.toml"))?;
//! let case = &manifest.cases[0];
//! let compiled = compile(&manifest, case)?;
//! assert_eq!(compiled.check(&manifest)?, Comparison::New);
//! let fingerprint = compiled.write(&manifest, None)?;
//! assert_eq!(fingerprint.meaning.to_string(), "4 solutions");
//! assert_eq!(compile(&manifest, case)?.check(&manifest)?, Comparison::Ok);
//! std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), qspec::Error>(())
//! ```

pub mod compare;
pub mod fingerprint;
pub mod manifest;
pub mod report;

pub use compare::{compile, describe, CaseReport, Change, Comparison, Compiled};
pub use fingerprint::{Fingerprint, Meaning};
pub use manifest::{Case, Check, Manifest, MANIFEST};
pub use report::{json_report, junit};

//! The arguments of `snapshot` (`init`, `update`, `check`, `review`) and
//! the request they make, and its `--help`.

use std::path::PathBuf;

use crate::command::{SnapshotAction, SnapshotRequest};
use clap::{Args, Subcommand};

/// `qspec snapshot`.
#[derive(Args, Clone, Debug)]
pub struct SnapshotArgs {
    /// init, update, check or review
    #[command(subcommand)]
    pub step: SnapshotStep,
    #[arg(long, default_value = "qspec.toml", global = true)]
    pub manifest: PathBuf,
}

/// The steps of snapshot testing.
#[derive(Subcommand, Clone, Debug)]
pub enum SnapshotStep {
    /// Write a starter manifest: one case per .qspec file under FOLDER
    Init {
        /// Where the models are
        #[arg(default_value = "models")]
        folder: PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Compile every case (or the named ones) and write its snapshot files and fingerprint
    Update {
        /// Case names [default: every case]
        cases: Vec<String>,
    },
    /// Compile every case again and compare: ok, new or changed (and whether the meaning changed)
    Check {
        /// Case names [default: every case]
        cases: Vec<String>,
        #[arg(long)]
        allow_new: bool,
        #[arg(long)]
        junit: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Show each changed case and ask: accept, reject or skip (at a terminal)
    Review {
        /// Case names [default: every case]
        cases: Vec<String>,
    },
}

impl SnapshotArgs {
    /// The request these arguments make.
    pub fn request(self) -> SnapshotRequest {
        let action = match self.step {
            SnapshotStep::Init { folder, force } => SnapshotAction::Init { folder, force },
            SnapshotStep::Update { cases } => SnapshotAction::Update { cases },
            SnapshotStep::Check {
                cases,
                allow_new,
                junit,
                json,
            } => SnapshotAction::Check {
                cases,
                allow_new,
                junit,
                json,
            },
            SnapshotStep::Review { cases } => SnapshotAction::Review { cases },
        };
        SnapshotRequest {
            manifest: self.manifest,
            action,
        }
    }
}

/// `qspec snapshot --help`.
pub const SNAPSHOT_HELP: &str = "\
Snapshot-test the encodings of your own models, in your own CI. A manifest
(qspec.toml, committed beside the models) lists the cases:

  [snapshot]
  dir = \"snapshots\"                 # where the snapshot files live (default)
  [[case]]
  model = \"models/queens-3d.qspec\"
  define = { n = 5 }
  formats = [\"cnf\", \"opb\", \"lp\"]    # default [\"cnf\"]
  encodings = { amo = \"ladder\", card = \"totalizer\" }   # optional
  check = \"count\"                   # \"status\" (default), \"optimum\" or \"count\"
  # name = \"...\" (default: the model's stem and the defines, queens-3d.n=5),
  # gzip = true (DIR/<name>.<format>.gz), rays, auto_hints

  qspec snapshot init models/     # a starter qspec.toml, one case per model
  qspec snapshot update           # DIR/<case>.<format> and DIR/<case>.fingerprint
  qspec snapshot check            # in CI: ok, new or changed, one line a case
  qspec snapshot review           # at a terminal: accept, reject or skip each change

A fingerprint holds the model's size (variables, constraints per origin),
each file's size (variables, auxiliary variables, clauses or constraints) and
the case's meaning, computed by the embedded engines with the case's
encodings: \"status\" whether a solution exists, \"optimum\" the objective's
optimum, \"count\" the number of solutions projected on the board's decision
variables (keep it for small models).

check compiles every case again and compares each file byte for byte, but for
the header's version line (`c qspec 0.1.0`, `* qspec ...`, `\\ qspec ...`),
the one line that changes with every release. A changed case says what
changed (sizes before and after, the first differing lines) and whether the
meaning changed, the fingerprint recomputed:

  changed  q.n=8 (encoding only: same 92 solutions)
  changed  q.n=8 (MEANING CHANGED: 92 solutions → 88 solutions)

check writes no snapshot; --junit FILE writes a JUnit XML report, --json
prints JSON. update compiles every case before it writes any, and writes each
file atomically: a killed update leaves every file old or new, never half
written.

Exit codes:
    0  every case ok (check), or done (init, update, review)
    1  a case changed, or is new (check; --allow-new lets new ones pass)
    2  bad input: the manifest's mistakes at their place (file:line:col), a
       missing model named with its case";

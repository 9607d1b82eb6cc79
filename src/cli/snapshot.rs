//! The arguments of `snapshot` (`init`, `update`, `check`, `review`) and
//! the request they make.

use std::path::PathBuf;

use crate::command::{SnapshotAction, SnapshotRequest};
use clap::{Args, Subcommand};

/// `qspec snapshot`.
#[derive(Args, Clone, Debug)]
pub struct SnapshotArgs {
    /// init, update, check or review
    #[command(subcommand)]
    pub step: SnapshotStep,
    /// The manifest [paths in it are relative to its folder]
    #[arg(long, value_name = "FILE", default_value = "qspec.toml", global = true)]
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
        /// Replace an existing manifest
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
        /// A case without snapshot yet is no failure
        #[arg(long)]
        allow_new: bool,
        /// Also write a JUnit XML report to FILE (one test case per snapshot case)
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
        /// Print one JSON object instead of text (--jsonl: the same)
        #[arg(long, visible_alias = "jsonl")]
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

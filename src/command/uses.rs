//! Every file each command reads and every file it writes, declared in one
//! place and held to one rule before any work starts
//! ([`FileUses::check`]): no command writes over a file it reads (the
//! model, a start board, an answer, a map, a plan, results to merge, a
//! manifest, a snapshot), nor writes one file twice. Files an output
//! implies are declared under their own names: the MIP starts beside
//! `compile -o q.lp --start` (`q.mst`, `q.sol`, `q.highs.sol`), a
//! certificate's files in `--proof-dir`, the files of each task `sweep
//! run` runs.

use std::path::{Path, PathBuf};

use super::snapshot::{collect_models, SnapshotAction, SnapshotRequest};
use super::sweep::{
    chosen_indices, task_files, MergeRequest, PuzzlesRequest, RunRequest, SweepAction, SweepRequest,
};
use super::{CertifyRequest, Command, CompileRequest, CountRequest, SolveRequest, VerifyRequest};
use qspec::certify::{certificate_files, kernel_file};
use qspec::error::Result;
use qspec::files::FileUses;
use qspec::snapshot::{compare, Manifest};
use qspec::solve::start_paths;

/// The files `command` reads and writes.
pub fn file_uses(command: &Command) -> Result<FileUses> {
    let mut uses = FileUses::default();
    match command {
        Command::Compile(req) => compile(req, &mut uses),
        Command::Stats(req) => {
            uses.reads("the model", &req.model.path);
        }
        Command::Solve(req) => solve(req, &mut uses),
        Command::Count(req) => count(req, &mut uses),
        Command::Verify(req) => verify(req, &mut uses),
        Command::Sweep(req) => sweep(req, &mut uses)?,
        Command::Puzzles(req) => puzzles(req, &mut uses),
        Command::Snapshot(req) => snapshot(req, &mut uses)?,
        // Each file is rewritten in place: that is what `fmt` is for.
        Command::Fmt(_) => {}
        Command::Lsp => {}
    }
    Ok(uses)
}

fn compile(req: &CompileRequest, uses: &mut FileUses) {
    uses.reads("the model", &req.model.path)
        .writes("the output (-o)", &req.output);
    if let Some(start) = &req.start {
        uses.reads("the start board (--start)", start);
        for (_, derived) in start_paths(&req.output) {
            uses.writes_derived(
                "the MIP start named after -o",
                &derived,
                "name another -o, or give the start board another name",
            );
        }
    }
}

fn solve(req: &SolveRequest, uses: &mut FileUses) {
    uses.reads("the model", &req.model.path);
    if let Some(start) = &req.start {
        uses.reads("the start board (--start)", start);
    }
    if let Some(svg) = &req.svg {
        uses.writes("the picture (--svg)", svg);
    }
    certificates(&req.model.path, req.certify.as_ref(), uses);
}

fn count(req: &CountRequest, uses: &mut FileUses) {
    uses.reads("the model", &req.model.path);
    certificates(&req.model.path, req.certify.as_ref(), uses);
}

/// The certificate's files that `--proof-dir` keeps.
fn certificates(model: &Path, certify: Option<&CertifyRequest>, uses: &mut FileUses) {
    let Some(certify) = certify else { return };
    if let Some(dir) = &certify.proof_dir {
        for file in certificate_files(model, certify.level, dir) {
            uses.writes("the certificate file that --proof-dir keeps", &file);
        }
        if certify.elaborate {
            uses.writes(
                "the kernel proof that --elaborate keeps",
                &kernel_file(model, dir),
            );
        }
    }
}

fn verify(req: &VerifyRequest, uses: &mut FileUses) {
    uses.reads("the model", &req.model.path)
        .reads("the answer", &req.answer);
    if let Some(map) = &req.map {
        uses.reads("the compiled file (--map)", map);
    }
    if let Some(proof) = &req.proof {
        uses.reads("the proof (--proof)", proof);
    }
    if let Some(svg) = &req.svg {
        uses.writes("the picture (--svg)", svg);
    }
}

fn sweep(req: &SweepRequest, uses: &mut FileUses) -> Result<()> {
    match &req.action {
        None => {
            if let Some(model) = &req.family.model {
                uses.reads("the model", model);
            }
            if let Some(output) = &req.output {
                uses.writes("the results (-o)", output);
            }
        }
        Some(SweepAction::Plan(plan)) => {
            if let Some(model) = &plan.family.model {
                uses.reads("the model", model);
            }
        }
        Some(SweepAction::Run(run)) => sweep_run(run, uses)?,
        Some(SweepAction::Merge(merge)) => sweep_merge(merge, uses),
    }
    Ok(())
}

fn sweep_run(run: &RunRequest, uses: &mut FileUses) -> Result<()> {
    uses.reads("the tasks file", &run.tasks);
    for index in chosen_indices(run)? {
        for file in task_files(&run.out, index) {
            uses.writes(format!("the file of task {index} (--out)"), &file);
        }
    }
    Ok(())
}

fn sweep_merge(merge: &MergeRequest, uses: &mut FileUses) {
    for file in &merge.files {
        uses.reads("the results file", file);
    }
    if let Some(model) = &merge.model {
        uses.reads("the model (--model)", model);
    }
    let outputs = [
        ("the puzzles (--puzzles)", &merge.puzzles),
        ("the page (--html)", &merge.html),
        ("the histogram (--svg)", &merge.svg),
    ];
    for (role, path) in outputs {
        if let Some(path) = path {
            uses.writes(role, path);
        }
    }
}

fn puzzles(req: &PuzzlesRequest, uses: &mut FileUses) {
    uses.reads("the model", &req.model);
    if let Some(output) = &req.output {
        uses.writes("the puzzles (-o)", output);
    }
    if let Some(html) = &req.html {
        uses.writes("the page (--html)", html);
    }
}

fn snapshot(req: &SnapshotRequest, uses: &mut FileUses) -> Result<()> {
    if let SnapshotAction::Init { folder, .. } = &req.action {
        let mut models = Vec::new();
        // A folder that cannot be read is `init`'s own error to report.
        if collect_models(folder, &mut models).is_ok() {
            for model in &models {
                uses.reads("a model under the folder", model);
            }
        }
        uses.writes("the manifest (--manifest)", &req.manifest);
        return Ok(());
    }
    uses.reads("the manifest (--manifest)", &req.manifest);
    // A manifest that cannot be read is the command's own error to report,
    // at its place.
    let Ok(manifest) = Manifest::read(&req.manifest) else {
        return Ok(());
    };
    let writes_snapshots = !matches!(req.action, SnapshotAction::Check { .. });
    for case in &manifest.cases {
        uses.reads(
            format!("the model of case `{}`", case.name),
            &manifest.model_path(case),
        );
        for file in snapshot_files(&manifest, case) {
            if writes_snapshots {
                uses.writes(format!("a snapshot file of case `{}`", case.name), &file);
            } else {
                uses.reads(format!("a snapshot file of case `{}`", case.name), &file);
            }
        }
    }
    if let SnapshotAction::Check {
        junit: Some(junit), ..
    } = &req.action
    {
        uses.writes("the JUnit report (--junit)", junit);
    }
    Ok(())
}

/// The snapshot files of `case` and its fingerprint.
fn snapshot_files(manifest: &Manifest, case: &qspec::snapshot::Case) -> Vec<PathBuf> {
    case.formats
        .iter()
        .map(|f| compare::snapshot_path(manifest, case, *f))
        .chain([compare::fingerprint_path(manifest, case)])
        .collect()
}

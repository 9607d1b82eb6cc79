//! Warm starts for `solve --start` and `compile --start`: the board read
//! (a picture or a solver's answer, [`crate::answer::board_file`]), judged by
//! the verifier, completed to every model variable by the embedded solver,
//! and written as MIP starts (`.mst`, `.sol`, `.highs.sol`) in qspec's LP
//! names.

use std::path::{Path, PathBuf};

use super::complete_start;
use crate::answer::board_file::{read_start, start_literals};
use crate::answer::objective::objective_value;
use crate::emit::{write_start, MipStart};
use crate::error::Result;
use crate::instance::Instance;
use crate::model::Lit;
use crate::options::Encodings;

/// A start read and judged.
pub struct Start {
    /// Literals fixing the model's cell variables to it.
    pub literals: Vec<Lit>,
    /// What to tell about it (`12 pieces from b.txt, a solution`).
    pub summary: String,
}

impl Start {
    /// Reads the start at `path` for `loaded`.
    pub fn read(loaded: &Instance, path: &Path) -> Result<Start> {
        let placement = read_start(&loaded.model, &loaded.board, path)?;
        let literals = start_literals(&loaded.model, &loaded.board, &placement);
        let broken = crate::verify::verify(&loaded.spec, &loaded.board, &placement);
        let judged = match broken.first() {
            None => "a solution".to_string(),
            Some(v) if broken.len() == 1 => format!("not a solution ({v})"),
            Some(v) => format!("not a solution ({v}; {} problems in all)", broken.len()),
        };
        let summary = format!(
            "start: {} from {}, {judged}",
            crate::diag::plural(placement.n_pieces() as u64, "piece", "pieces"),
            path.display()
        );
        Ok(Start { literals, summary })
    }

    /// The values of every model variable under the start: completed by
    /// the embedded solver when the start extends to a solution, else the
    /// start's cells with every other variable 0. Also the objective value
    /// and whether it was completed.
    fn values(&self, loaded: &Instance, encodings: &Encodings) -> Result<(Vec<bool>, i64, bool)> {
        let completed = complete_start(&loaded.model, encodings, &self.literals)?;
        let done = completed.is_some();
        let values = completed.unwrap_or_else(|| {
            let mut v = vec![false; loaded.model.n_vars() as usize];
            for l in &self.literals {
                v[l.var().index()] = !l.is_neg();
            }
            v
        });
        let objective = loaded
            .model
            .objective
            .as_ref()
            .map_or(0, |o| objective_value(o, &values) as i64);
        Ok((values, objective, done))
    }

    /// Writes the start as a MIP start of `form` to `path`.
    pub fn write(
        &self,
        loaded: &Instance,
        encodings: &Encodings,
        form: MipStart,
        path: &Path,
    ) -> Result<bool> {
        let (values, objective, completed) = self.values(loaded, encodings)?;
        let note = format!(
            "qspec {} start for {}",
            env!("CARGO_PKG_VERSION"),
            loaded.spec.file
        );
        crate::files::write_file(path, false, |out| {
            write_start(out, &loaded.model, &values, objective, form, &note)
        })?;
        Ok(completed)
    }
}

/// The MIP start files beside the compiled `output` (`q.lp` → `q.mst`,
/// `q.sol`, `q.highs.sol`).
pub fn start_paths(output: &Path) -> Vec<(MipStart, PathBuf)> {
    let name = output
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let stem = name.strip_suffix(".gz").unwrap_or(&name);
    let stem = stem.rsplit_once('.').map_or(stem, |(s, _)| s);
    MipStart::ALL
        .into_iter()
        .map(|form| {
            (
                form,
                output.with_file_name(format!("{stem}.{}", form.extension())),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_go_beside_the_compiled_file() {
        let paths: Vec<PathBuf> = start_paths(Path::new("out/q.lp.gz"))
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        assert_eq!(
            paths,
            ["out/q.mst", "out/q.sol", "out/q.highs.sol"].map(PathBuf::from)
        );
    }
}

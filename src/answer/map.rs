//! From an answer's values to the model's variables.
//!
//! Numbered answers (SAT, MaxSAT, PB, MiniSat) map through the freshly
//! built model — its named variables are always numbered `1..=n_vars` in
//! model order, auxiliary encoding variables come after and are ignored —
//! or, with `--map`, through the `c var` / `* var` lines of the compiled
//! file the solver read (its [`FileHeader`]). Named answers (the LP family)
//! map by name, undoing the renames an LP or MPS file lists in its header
//! (`\ name NEW = OLD`). A picture of the board (qspec's own, MiniZinc's
//! output) is read by the picture reader of `--start`, as the whole board,
//! and gives every cell variable; so do the cells of qspec's JSON line.

use super::decode::{cell_var, decided_cells, CellVar};
use super::picture::{picture, Fit};
use super::read::{Form, IdValues, NamedValue, SolverAnswer, Values};
use crate::board::{Board, Placement};
use crate::diag::LineError;
use crate::emit::FileHeader;
use crate::error::{Error, Result};
use crate::model::names::{piece_var, wall_var};
use crate::model::Model;
use crate::options::{Format, Setting};
use std::collections::HashMap;

/// Largest distance of an LP-family value from 0 or 1 still read as 0 or 1.
pub const TOLERANCE: f64 = 1e-6;

/// The model's values from an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mapped {
    /// `values[v.index()]` for every model variable.
    pub values: Vec<bool>,
    /// Model variables a numbered answer gives no value for (taken as
    /// false); always 0 for named answers, where absent means 0.
    pub missing: usize,
    /// Named values of board cells the model has no variable for (a piece
    /// on a wall, say): not the model's, but the verifier judges them.
    pub cells: Vec<(String, bool)>,
}

/// How many ids a reader should keep for this model and map.
pub fn kept_ids(model: &Model, map: Option<&FileHeader>) -> u32 {
    match map {
        Some(m) if !m.ids.is_empty() => m.highest_id(),
        _ => model.n_vars(),
    }
}

/// Maps the answer's values onto the model's variables; `None` when the
/// answer holds no solution. Errors name `source` (the answer) or the map.
pub fn map_answer(
    answer: &SolverAnswer,
    model: &Model,
    board: &Board,
    map: Option<&FileHeader>,
    source: &str,
) -> Result<Option<Mapped>> {
    match &answer.values {
        Values::None => Ok(None),
        Values::ById(ids) => map_ids(answer.form, ids, model, map, source).map(Some),
        Values::ByName(named) => map_names(named, model, board, map, source).map(Some),
        Values::Picture(lines) => {
            let numbered = lines.iter().map(|(n, l)| (*n, l.as_str()));
            let placement = picture(board, numbered, Fit::Whole, model.cells.letters())
                .map_err(|e| Error::text(source, e))?;
            Ok(Some(map_placement(&placement, model, board)))
        }
        Values::Cells {
            pieces,
            walls,
            kinds,
            line,
        } => {
            let kinds = kinds_of(kinds, pieces.len(), model.cells.kind_names())
                .map_err(|e| Error::text(source, LineError::new(*line, e)))?;
            let placement = cells_placement(board, pieces, walls, &kinds)
                .map_err(|e| Error::text(source, LineError::new(*line, e)))?;
            Ok(Some(map_placement(&placement, model, board)))
        }
    }
}

/// The placement of the `pieces` and `walls` at their coordinates (a wall
/// of the board listed is no chosen wall).
fn cells_placement(
    board: &Board,
    pieces: &[Vec<usize>],
    walls: &[Vec<usize>],
    kinds: &[usize],
) -> std::result::Result<Placement, String> {
    let dims = board.dims();
    let mut placement = Placement::empty(board.n_cells());
    for (what, list) in [("cells", pieces), ("walls", walls)] {
        for (i, coords) in list.iter().enumerate() {
            if coords.len() != dims.len() || coords.iter().zip(dims).any(|(c, d)| c >= d) {
                return Err(format!(
                    "`{what}` holds {coords:?}, which is not a cell of the board ({})",
                    crate::board::show_dims(dims)
                ));
            }
            let cell = board.index(coords);
            match what {
                "cells" => placement.place(cell, kinds.get(i).copied().unwrap_or(0)),
                _ => placement.chosen_walls[cell] = !board.is_wall(cell),
            }
        }
    }
    Ok(placement)
}

/// The kind of each of `n` pieces from their names in a JSON line: none
/// for a model of one kind; one a piece, each a kind of the model's
/// `names`, for a model of several.
fn kinds_of(
    kinds: &[String],
    n: usize,
    names: &[String],
) -> std::result::Result<Vec<usize>, String> {
    if names.is_empty() && kinds.is_empty() {
        return Ok(Vec::new());
    }
    if kinds.len() != n {
        return Err(format!(
            "`kinds` names {} and `cells` holds {n}: a model of several kinds needs a kind for each piece",
            crate::diag::plural(kinds.len() as u64, "kind", "kinds")
        ));
    }
    kinds
        .iter()
        .map(|k| {
            names.iter().position(|name| name == k).ok_or_else(|| {
                format!(
                    "`{k}` is no kind of the model (its kinds: {})",
                    names.join(", ")
                )
            })
        })
        .collect()
}

/// A board read onto the model's cell variables (auxiliary variables,
/// which a board does not show, are false: nothing reads them, the board
/// is judged from the geometry); a piece or a wall on a cell the model has
/// no variable for goes to [`Mapped::cells`].
fn map_placement(placement: &Placement, model: &Model, board: &Board) -> Mapped {
    let mut values = vec![false; model.n_vars() as usize];
    let mut has_piece = vec![false; board.n_cells()];
    let mut has_wall = vec![false; board.n_cells()];
    for (var, cell) in decided_cells(model, board) {
        let value = &mut values[var.index()];
        match cell {
            CellVar::Piece(c) => {
                *value = placement.pieces[c] && placement.kinds[c] == 0;
                has_piece[c] = true;
            }
            CellVar::KindPiece { kind, cell } => {
                *value = placement.pieces[cell] && placement.kinds[cell] == kind;
                has_piece[cell] = true;
            }
            CellVar::Wall(c) => {
                *value = placement.chosen_walls[c];
                has_wall[c] = true;
            }
        }
    }
    let mut cells = Vec::new();
    for c in 0..board.n_cells() {
        let coords = board.coords(c);
        if placement.pieces[c] && !has_piece[c] {
            cells.push((piece_var(&coords), true));
        }
        if placement.chosen_walls[c] && !has_wall[c] {
            cells.push((wall_var(&coords), true));
        }
    }
    Mapped {
        values,
        missing: 0,
        cells,
    }
}

fn map_ids(
    form: Form,
    ids: &IdValues,
    model: &Model,
    map: Option<&FileHeader>,
    source: &str,
) -> Result<Mapped> {
    check_range(form, ids, model, map, source)?;
    let n = model.n_vars() as usize;
    let id_of_var: Vec<u32> = match map {
        Some(m) if matches!(m.format, Some(Format::Lp | Format::Mps)) => {
            return Err(Error::usage_with_help(
                format!(
                    "{source}: the answer numbers its variables, but the map {} is an {} file, which has no numbers",
                    m.path,
                    m.format.map_or("LP", Format::name).to_ascii_uppercase()
                ),
                format!(
                    "pass the .cnf, .wcnf or .opb file the solver read, or no {}",
                    Setting::Map.mark()
                ),
            ));
        }
        Some(m) if !m.ids.is_empty() => ids_through_map(m, model)?,
        _ => (1..=n as u32).collect(),
    };
    let mut missing = 0;
    let values = id_of_var
        .iter()
        .map(|&id| {
            let value = if id == 0 { None } else { ids.get(id) };
            missing += usize::from(value.is_none());
            value.unwrap_or(false)
        })
        .collect();
    Ok(Mapped {
        values,
        missing,
        cells: Vec::new(),
    })
}

/// Fails when the answer mentions a variable the solver's file cannot have.
fn check_range(
    form: Form,
    ids: &IdValues,
    model: &Model,
    map: Option<&FileHeader>,
    source: &str,
) -> Result<()> {
    let Some((highest, line)) = ids.highest else {
        return Ok(());
    };
    let limit = match map.and_then(|m| m.n_vars) {
        Some(n) => Some((
            n,
            format!("the compiled file {}", map.map_or("", |m| &m.path)),
        )),
        None if form == Form::Pb => Some((
            u64::from(model.n_vars()),
            "the model's OPB file (which has no auxiliary variables)".to_string(),
        )),
        None if highest > u64::from(model.n_vars()) => Some((
            most_variables(model),
            "the model's CNF with any encoding choice".to_string(),
        )),
        None => None,
    };
    let bound = if map.is_none() && form != Form::Pb {
        "at most about "
    } else {
        ""
    };
    match limit {
        Some((n, what)) if highest > n => Err(Error::text(
            source,
            LineError::new(
                line,
                format!(
                    "variable {highest} does not exist: {what} has {bound}{n} variables; was the answer made from another file? ({} maps through the file the solver read)",
                    Setting::Map.set_to("FILE")
                ),
            ),
        )),
        _ => Ok(()),
    }
}

/// More variables than the model's CNF has with any encoding choice (its
/// named ones and twice the largest estimate of the auxiliary ones), so
/// that an answer without `--map` naming a variable beyond is refused.
fn most_variables(model: &Model) -> u64 {
    use crate::options::{AmoEncoding, CardEncoding, Encodings};
    let mut choices = vec![Encodings::default()];
    choices.extend(AmoEncoding::ALL.map(|amo| Encodings {
        amo: Some(amo),
        card: None,
    }));
    choices.extend(CardEncoding::ALL.map(|card| Encodings {
        amo: None,
        card: Some(card),
    }));
    let aux = choices
        .iter()
        .map(|enc| crate::encode::estimate_cnf(model, enc).aux_vars)
        .max()
        .unwrap_or(0);
    u64::from(model.n_vars()) + 2 * aux + 1024
}

/// For every model variable, its id in the map (0 when the map lacks it).
fn ids_through_map(map: &FileHeader, model: &Model) -> Result<Vec<u32>> {
    let index = name_index(model);
    let mut id_of_var = vec![0u32; model.n_vars() as usize];
    for (id, name, line) in &map.ids {
        let Some(&v) = index.get(name.as_str()) else {
            return Err(Error::text(
                &map.path,
                LineError::new(
                    *line,
                    format!(
                        "the compiled file has a variable `{name}` that the model does not have"
                    ),
                )
                .with_help(format!(
                    "was it compiled from another model, or with other {} or {}?",
                    Setting::Defines.mark(),
                    Setting::Rays.mark()
                )),
            ));
        };
        id_of_var[v] = *id;
    }
    Ok(id_of_var)
}

fn name_index(model: &Model) -> HashMap<&str, usize> {
    model
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect()
}

fn map_names(
    named: &[NamedValue],
    model: &Model,
    board: &Board,
    map: Option<&FileHeader>,
    source: &str,
) -> Result<Mapped> {
    let index = name_index(model);
    let renamed = map.map(|m| &m.renamed);
    let mut values: Vec<Option<bool>> = vec![None; model.n_vars() as usize];
    let mut cells = Vec::new();
    for entry in named {
        let fail = |message: String| Error::text(source, LineError::new(entry.line, message));
        let name = renamed
            .and_then(|r| r.get(&entry.name))
            .map_or(entry.name.as_str(), String::as_str);
        let value = binary(entry.value).ok_or_else(|| {
            fail(format!(
                "{} = {} is not 0 or 1 (the tolerance is {TOLERANCE:e})",
                entry.name, entry.value
            ))
        })?;
        let Some(&v) = index.get(name) else {
            if cell_var(board, name).is_some() {
                cells.push((name.to_string(), value));
                continue;
            }
            return Err(fail(format!(
                "`{}` is not a variable of the model; was the answer made from another model, or with other {} or {}?",
                entry.name,
                Setting::Defines.mark(),
                Setting::Rays.mark()
            )));
        };
        if values[v].is_some_and(|old| old != value) {
            return Err(fail(format!("{} is given both values", entry.name)));
        }
        values[v] = Some(value);
    }
    Ok(Mapped {
        values: values.into_iter().map(|v| v.unwrap_or(false)).collect(),
        missing: 0,
        cells,
    })
}

/// 0 or 1 within the tolerance.
fn binary(value: f64) -> Option<bool> {
    if value.abs() <= TOLERANCE {
        Some(false)
    } else if (value - 1.0).abs() <= TOLERANCE {
        Some(true)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::read::{AnswerStatus, IdValues};

    fn compiled(text: &str) -> FileHeader {
        crate::emit::parse_header(&mut text.as_bytes(), "f").unwrap()
    }

    fn model(names: &[&str]) -> Model {
        let mut m = Model::default();
        for n in names {
            m.new_var(n.to_string());
        }
        m
    }

    fn answer(form: Form, values: Values) -> SolverAnswer {
        SolverAnswer {
            form,
            status: AnswerStatus::Satisfiable,
            status_text: String::new(),
            objective: None,
            values,
        }
    }

    fn by_id(values: &[(u64, bool)]) -> Values {
        let mut ids = IdValues::new(10);
        for &(id, v) in values {
            ids.set(id, v, 1).unwrap();
        }
        Values::ById(ids)
    }

    #[test]
    fn ids_map_through_the_model_or_the_compiled_file() {
        let m = model(&["a", "b", "c"]);
        let board = Board::new(&[1], false, &[]);
        let a = answer(Form::Sat, by_id(&[(1, true), (3, true), (7, true)]));
        let mapped = map_answer(&a, &m, &board, None, "ans").unwrap().unwrap();
        assert_eq!(mapped.values, vec![true, false, true]);
        assert_eq!(mapped.missing, 1);
        // A map numbering the variables otherwise: c is 1, a is 3.
        let map = compiled("c qspec\nc var 1 c\nc var 2 b\nc var 3 a\np cnf 7 0\n");
        let mapped = map_answer(&a, &m, &board, Some(&map), "ans")
            .unwrap()
            .unwrap();
        assert_eq!(mapped.values, vec![true, false, true]);
        let small = compiled("c qspec\nc var 1 a\np cnf 6 0\n");
        let e = map_answer(&a, &m, &board, Some(&small), "ans").unwrap_err();
        assert!(e.to_string().contains("variable 7 does not exist"), "{e}");
        let pb = answer(Form::Pb, by_id(&[(4, true)]));
        assert!(map_answer(&pb, &m, &board, None, "ans").is_err());
    }

    #[test]
    fn names_map_through_lp_renames_and_must_be_binary() {
        let m = model(&["2x", "end"]);
        let board = Board::new(&[1], false, &[]);
        let named = |name: &str, value: f64| NamedValue {
            name: name.into(),
            value,
            line: 3,
        };
        let lp = compiled("\\ qspec\n\\ name _2x = 2x\n\\ name _end = end\nMinimize\n");
        let a = answer(
            Form::Highs,
            Values::ByName(vec![named("_2x", 1.0 - 1e-9), named("_end", 1e-7)]),
        );
        let mapped = map_answer(&a, &m, &board, Some(&lp), "ans")
            .unwrap()
            .unwrap();
        assert_eq!(mapped.values, vec![true, false]);
        let a = answer(Form::Highs, Values::ByName(vec![named("_2x", 1.0)]));
        let e = map_answer(&a, &m, &board, None, "ans")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("ans:3: `_2x` is not a variable of the model"),
            "{e}"
        );
        let a = answer(Form::Cbc, Values::ByName(vec![named("end", 0.3)]));
        let e = map_answer(&a, &m, &board, None, "ans")
            .unwrap_err()
            .to_string();
        assert!(e.contains("end = 0.3 is not 0 or 1"), "{e}");
        let a = answer(
            Form::Cbc,
            Values::ByName(vec![named("end", 1.0), named("end", 0.0)]),
        );
        let e = map_answer(&a, &m, &board, None, "ans")
            .unwrap_err()
            .to_string();
        assert!(e.contains("given both values"), "{e}");
        let a = answer(Form::Sat, by_id(&[(1, true)]));
        let e = map_answer(&a, &m, &board, Some(&lp), "ans")
            .unwrap_err()
            .to_string();
        assert!(e.contains("has no numbers"), "{e}");
    }
}

//! MiniZinc: the model itself, not FlatZinc, so that MiniZinc flattens it
//! for whichever solver runs it (`minizinc --solver gecode|chuffed|cp-sat|
//! highs|scip|gurobi`) with that solver's own library of globals.
//!
//! * one `var bool` per model variable, under the model's own name (see
//!   [`super::names`]: names that are not MiniZinc identifiers, or are
//!   keywords, are renamed and the header lists them);
//! * constraints written natively, one a line, in model order, each group
//!   under a comment naming its origin: a clause as `clause([pos], [neg])`
//!   (FlatZinc's `bool_clause`), a cardinality as `sum([lits]) <= k` over
//!   the literal set — at-most-one included: the standard library has no
//!   Boolean at-most-one (`at_most1` is about sets), and the sum flattens to
//!   a linear constraint over Booleans, which CP solvers propagate and MIP
//!   solvers take as one row —, a reified one as `g -> (sum(...) rel k)`
//!   (half-reified: `int_lin_le_imp`), a definition `d <-> OR(lits)` as
//!   `d <-> exists([lits])` (`array_bool_or`), linear constraints as
//!   `c * bool2int(l) + ... rel rhs`; negated literals as `not x`, never
//!   linearised;
//! * the objective as `var int: objective = ...;` and `solve maximize
//!   objective;` (or `minimize`, or `solve satisfy;`), so the value the
//!   output prints is the model's objective itself: the header's map is
//!   `objective`, without offset;
//! * no search annotation: none has been measured to help, so each solver
//!   searches its own way (which is the point of handing it the model);
//! * an output item that prints the board exactly as `qspec solve` draws
//!   it ([`crate::draw::Layout`]), after the line `count = N` (the
//!   objective, when there is one): `qspec verify MODEL ANSWER` reads
//!   MiniZinc's output back with the picture reader of `--start`.

use std::collections::HashMap;
use std::io::{self, Write};

use super::header::{Header, ObjectiveMap};
use super::linear::linear_objective;
use super::names::{SolverNames, MZN};
use super::text::TextOut;
use super::Provenance;
use crate::draw::{Cell, Glyphs, Layout, Line};
use crate::model::{sorted_set, Constraint, Decision, Lit, Model, OriginId, Rel, Sense, Var};

/// The comment prefix of MiniZinc.
pub(crate) const COMMENT: &str = "%";
/// The variable that holds the objective, and how the header names the
/// value MiniZinc's output prints.
pub(crate) const OBJECTIVE: &str = "objective";

/// The printed value is the model's objective itself.
pub(crate) fn objective_map() -> ObjectiveMap {
    ObjectiveMap {
        symbol: OBJECTIVE,
        negated: false,
        offset: 0,
    }
}

/// Writes `model` as a MiniZinc model whose output item draws the board
/// as `layout` says.
pub fn write_mzn(
    w: &mut dyn Write,
    model: &Model,
    prov: &Provenance,
    layout: &Layout,
) -> io::Result<()> {
    // Every variable a constraint or the objective mentions must be named.
    linear_objective(model)?;
    let names = SolverNames::with(model, &MZN);
    let mut out = TextOut::new(w);
    write_header(&mut out, model, prov, &names)?;
    for var in (1..=model.n_vars()).map(Var::from_dimacs) {
        out.str("var bool: ")?;
        out.str(names.var(var))?;
        out.str(";\n")?;
    }
    let mut writer = Writer {
        out: &mut out,
        names: &names,
    };
    writer.objective(model)?;
    writer.constraints(model)?;
    writer.solve(model)?;
    writer.output(model, layout)?;
    out.finish()
}

fn write_header(
    out: &mut TextOut<'_>,
    model: &Model,
    prov: &Provenance,
    names: &SolverNames<'_>,
) -> io::Result<()> {
    let mut header = Header::new(out, COMMENT);
    header.provenance(prov, false)?;
    header.model_summary(model, None)?;
    header.objective(model, &objective_map())?;
    for (new, old) in names.renamed(model) {
        header.line(&format!("name {new} = {old}"))?;
    }
    let objective = match &model.objective {
        Some(o) => format!("`{} = N`, then ", o.what),
        None => String::new(),
    };
    header.line(&format!(
        "output: {objective}the board as `qspec solve` draws it; `qspec verify MODEL ANSWER` reads MiniZinc's output"
    ))
}

/// Writes the items of the model, one a line.
struct Writer<'o, 'w, 'n> {
    out: &'o mut TextOut<'w>,
    names: &'n SolverNames<'n>,
}

impl Writer<'_, '_, '_> {
    /// `x` or `not x`.
    fn lit(&mut self, lit: Lit) -> io::Result<()> {
        if lit.is_neg() {
            self.out.str("not ")?;
        }
        self.out.str(self.names.var(lit.var()))
    }

    /// `[a, not b, c]`.
    fn array(&mut self, lits: impl IntoIterator<Item = Lit>) -> io::Result<()> {
        self.out.str("[")?;
        for (i, lit) in lits.into_iter().enumerate() {
            if i > 0 {
                self.out.str(", ")?;
            }
            self.lit(lit)?;
        }
        self.out.str("]")
    }

    /// `sum([lits])` over the literal set (`0` when it is empty: an empty
    /// array has no type MiniZinc can infer).
    fn count(&mut self, lits: &[Lit]) -> io::Result<()> {
        let set = sorted_set(lits);
        if set.is_empty() {
            return self.out.str("0");
        }
        self.out.str("sum(")?;
        self.array(set)?;
        self.out.str(")")
    }

    /// ` <= 3`.
    fn relation(&mut self, rel: Rel, rhs: i64) -> io::Result<()> {
        self.out.str(match rel {
            Rel::Le => " <= ",
            Rel::Ge => " >= ",
            Rel::Eq => " = ",
        })?;
        self.out.int(rhs)
    }

    /// `2 * bool2int(x) - 1 * bool2int(not y)`, or `0` without terms.
    fn linear(&mut self, terms: &[(i64, Lit)]) -> io::Result<()> {
        if terms.is_empty() {
            return self.out.str("0");
        }
        for (i, &(coef, lit)) in terms.iter().enumerate() {
            match (i, coef < 0) {
                (0, false) => {}
                (0, true) => self.out.str("-")?,
                (_, false) => self.out.str(" + ")?,
                (_, true) => self.out.str(" - ")?,
            }
            self.out.int(coef.unsigned_abs())?;
            self.out.str(" * bool2int(")?;
            self.lit(lit)?;
            self.out.str(")")?;
        }
        Ok(())
    }

    /// `var int: objective = ...;`: the sum of the literals for unit
    /// weights, else a weighted sum.
    fn objective(&mut self, model: &Model) -> io::Result<()> {
        let Some(objective) = &model.objective else {
            return Ok(());
        };
        self.out.str("var int: ")?;
        self.out.str(OBJECTIVE)?;
        self.out.str(" = ")?;
        if !objective.terms.is_empty() && objective.terms.iter().all(|&(c, _)| c == 1) {
            self.out.str("sum(")?;
            self.array(objective.terms.iter().map(|&(_, l)| l))?;
            self.out.str(")")?;
        } else {
            self.linear(&objective.terms)?;
        }
        self.out.str(";\n")
    }

    /// Every constraint, with a comment where the origin changes.
    fn constraints(&mut self, model: &Model) -> io::Result<()> {
        let mut origin: Option<OriginId> = None;
        if !model.constraints.is_empty() {
            self.out.str("\n")?;
        }
        for tagged in &model.constraints {
            if origin != Some(tagged.origin) {
                origin = Some(tagged.origin);
                let name = model
                    .origin_name(usize::from(tagged.origin))
                    .unwrap_or("unknown origin");
                Header::new(self.out, COMMENT).line(name)?;
            }
            self.out.str("constraint ")?;
            self.constraint(&tagged.constraint)?;
            self.out.str(";\n")?;
        }
        Ok(())
    }

    fn constraint(&mut self, constraint: &Constraint) -> io::Result<()> {
        match constraint {
            Constraint::Clause(lits) if lits.is_empty() => self.out.str("false"),
            Constraint::Clause(lits) => {
                let set = sorted_set(lits);
                let positive = set.iter().filter(|l| !l.is_neg()).copied();
                let negative = set.iter().filter(|l| l.is_neg()).map(|&l| !l);
                self.out.str("clause(")?;
                self.array(positive.collect::<Vec<_>>())?;
                self.out.str(", ")?;
                self.array(negative.collect::<Vec<_>>())?;
                self.out.str(")")
            }
            Constraint::AtMostOne(lits) => {
                self.count(lits)?;
                self.relation(Rel::Le, 1)
            }
            Constraint::Card {
                lits,
                rel,
                k,
                guard,
            } => {
                if let Some(guard) = guard {
                    self.lit(*guard)?;
                    self.out.str(" -> (")?;
                }
                self.count(lits)?;
                self.relation(*rel, i64::from(*k))?;
                if guard.is_some() {
                    self.out.str(")")?;
                }
                Ok(())
            }
            Constraint::Linear { terms, rel, rhs } => {
                self.linear(terms)?;
                self.relation(*rel, *rhs)
            }
            Constraint::OrDef { def, lits } => {
                self.lit(*def)?;
                if lits.is_empty() {
                    return self.out.str(" <-> false");
                }
                self.out.str(" <-> exists(")?;
                self.array(sorted_set(lits))?;
                self.out.str(")")
            }
        }
    }

    fn solve(&mut self, model: &Model) -> io::Result<()> {
        self.out.str("\nsolve ")?;
        match model.objective.as_ref().map(|o| o.sense) {
            Some(Sense::Maximize) => self.out.str("maximize objective;\n"),
            Some(Sense::Minimize) => self.out.str("minimize objective;\n"),
            None => self.out.str("satisfy;\n"),
        }
    }

    /// The output item: `count = N` and the board, one array element a
    /// line (a row's constant text merged).
    fn output(&mut self, model: &Model, layout: &Layout) -> io::Result<()> {
        let cells = CellVars::of(model);
        self.out.str("\noutput [\n")?;
        if let Some(objective) = &model.objective {
            self.out.str("  ")?;
            string(self.out, &format!("{} = ", objective.what))?;
            self.out.str(", show(objective), \"\\n\",\n")?;
        }
        for line in &layout.lines {
            let elements = match line {
                Line::Text(text) => vec![Element::Text(format!("{text}\n"))],
                Line::Row(row, beside) => row_elements(row, beside, &cells, &layout.letters),
            };
            self.out.str(" ")?;
            for element in elements {
                self.out.str(" ")?;
                match element {
                    Element::Text(text) => string(self.out, &text)?,
                    Element::Cell {
                        wall,
                        pieces,
                        glyphs,
                    } => self.glyph(wall, &pieces, glyphs)?,
                }
                self.out.str(",")?;
            }
            self.out.str("\n")?;
        }
        self.out.str("];\n")
    }

    /// `if fix(wall_1_2) then "#" elseif fix(x_1_2) then "Q" else "." endif`
    /// (with several kinds, a branch a kind: `elseif fix(x1_1_2) then "B"`).
    fn glyph(
        &mut self,
        wall: Option<Var>,
        pieces: &[(Var, char)],
        glyphs: Glyphs,
    ) -> io::Result<()> {
        let mut word = "if";
        let walls = wall.map(|w| (w, glyphs.wall));
        for (var, shown) in walls.into_iter().chain(pieces.iter().copied()) {
            self.out.str(word)?;
            self.out.str(" fix(")?;
            self.out.str(self.names.var(var))?;
            self.out.str(") then ")?;
            string(self.out, shown.encode_utf8(&mut [0; 4]))?;
            self.out.str(" ")?;
            word = "elseif";
        }
        self.out.str("else ")?;
        string(self.out, glyphs.empty.encode_utf8(&mut [0; 4]))?;
        self.out.str(" endif")
    }
}

/// One element of the output item's array.
enum Element {
    /// Constant text.
    Text(String),
    /// A cell that shows what its variables say.
    Cell {
        wall: Option<Var>,
        pieces: Vec<(Var, char)>,
        glyphs: Glyphs,
    },
}

/// A row of cells as elements, constant text merged, then the text
/// beside it, ending in a newline.
fn row_elements(row: &[Cell], beside: &str, cells: &CellVars, letters: &[char]) -> Vec<Element> {
    let mut elements = Vec::new();
    let mut text = String::new();
    for (i, cell) in row.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        let vars = cells
            .pieces
            .get(&cell.coords)
            .map_or(&[][..], Vec::as_slice);
        let pieces: Vec<(Var, char)> = vars
            .iter()
            .enumerate()
            .map(|(kind, &var)| (var, letters.get(kind).copied().unwrap_or(cell.glyphs.piece)))
            .collect();
        let wall = cells.walls.get(&cell.coords).copied();
        let g = cell.glyphs;
        let varies = (wall.is_some() && g.wall != g.empty)
            || pieces.iter().any(|&(_, shown)| shown != g.empty);
        if !varies {
            text.push(g.empty);
            continue;
        }
        if !text.is_empty() {
            elements.push(Element::Text(std::mem::take(&mut text)));
        }
        elements.push(Element::Cell {
            wall,
            pieces,
            glyphs: g,
        });
    }
    text.push_str(beside);
    text.push('\n');
    elements.push(Element::Text(text));
    elements
}

/// The model's piece (a kind each, kinds in order) and chosen-wall
/// variables by their cell.
struct CellVars {
    pieces: HashMap<Vec<usize>, Vec<Var>>,
    walls: HashMap<Vec<usize>, Var>,
}

impl CellVars {
    fn of(model: &Model) -> CellVars {
        let mut cells = CellVars {
            pieces: HashMap::new(),
            walls: HashMap::new(),
        };
        for (var, decision) in model.cells.iter() {
            let cell = decision.cell().to_vec();
            match decision {
                Decision::Piece { .. } => cells.pieces.entry(cell).or_default().push(var),
                Decision::Wall { .. } => {
                    cells.walls.insert(cell, var);
                }
            };
        }
        cells
    }
}

/// A MiniZinc string literal: `"..."` with `\`, `"` and line breaks
/// escaped.
fn string(out: &mut TextOut<'_>, text: &str) -> io::Result<()> {
    out.str("\"")?;
    for c in text.chars() {
        match c {
            '\\' => out.str("\\\\")?,
            '"' => out.str("\\\"")?,
            '\n' => out.str("\\n")?,
            '\t' => out.str("\\t")?,
            c if c.is_control() => out.str(" ")?,
            c => out.str(c.encode_utf8(&mut [0; 4]))?,
        }
    }
    out.str("\"")
}

#[cfg(test)]
mod tests {
    use crate::options::Format;

    #[test]
    fn the_header_reads_back_as_written() {
        crate::emit::roundtrip::assert_header_round_trips(Format::Mzn);
    }
}

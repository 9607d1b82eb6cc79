//! The model as linear rows over 0/1 variables, shared by the OPB, LP and
//! MPS writers so that every linearisation (and every big-M constant) lives
//! in this one place.
//!
//! Each constraint becomes rows `sum(coef * x) rel rhs` over variables:
//!
//! * clause `OR(l)` → `sum l >= 1`; at-most-one → `sum l <= 1`;
//!   cardinality → `sum l rel k` (duplicate literals count once);
//! * reified `g -> sum l <= k` → `sum l + (n-k) g <= n` (n = |l|);
//!   `g -> sum l >= k` → `sum l - k g >= 0`; `=` gives both rows; these
//!   are the tightest big-M constants;
//! * `d <-> OR(l)` → `d - l_i >= 0` for each `l_i`, and `sum l - d >= 0`;
//! * linear constraints as they are.
//!
//! A negated literal `!x` is replaced by `1 - x` with the constant moved to
//! the right side; terms on the same variable are merged and zero terms
//! dropped, so every row mentions each variable at most once, in id order.
//! Rows that hold for every assignment are left out; a row that can never
//! hold is kept (with a `0 x1` term if nothing else is left) so the solver
//! reports infeasibility.

use super::unwritable::Unwritable;
use crate::model::linear::merge_onto_vars;
use crate::model::{sorted_set, Constraint, Lit, Model, Objective, OriginId, Rel, Sense, Var};
use std::io;

/// One linear row, borrowed from [`LinearRows`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row<'a> {
    pub terms: &'a [(i64, Var)],
    pub rel: Rel,
    pub rhs: i64,
    /// Index of the model constraint the row comes from.
    pub constraint: usize,
    pub origin: OriginId,
    /// Index of this row among the rows of its constraint.
    pub part: u32,
    /// How many rows its constraint produced.
    pub parts: u32,
}

#[derive(Clone, Debug)]
struct Head {
    end: usize,
    rel: Rel,
    rhs: i64,
    constraint: usize,
    origin: OriginId,
    part: u32,
    parts: u32,
}

/// Every row of a model, stored flat: one term array, one header per row.
#[derive(Clone, Debug, Default)]
pub(crate) struct LinearRows {
    heads: Vec<Head>,
    terms: Vec<(i64, Var)>,
}

impl LinearRows {
    /// Linearises every constraint of `model`. Fails only when a coefficient
    /// does not fit in 64 bits, or when an infeasible row has no variable to
    /// be written with.
    pub(crate) fn of(model: &Model) -> Result<LinearRows, Unwritable> {
        let mut builder = Builder::new(model);
        for (index, tagged) in model.constraints.iter().enumerate() {
            builder.begin(index, tagged.origin);
            builder.constraint(&tagged.constraint)?;
            builder.end();
        }
        Ok(builder.rows)
    }

    pub(crate) fn len(&self) -> usize {
        self.heads.len()
    }

    pub(crate) fn n_terms(&self) -> usize {
        self.terms.len()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Row<'_>> + '_ {
        let starts = std::iter::once(0).chain(self.heads.iter().map(|h| h.end));
        self.heads.iter().zip(starts).map(|(head, start)| Row {
            terms: &self.terms[start..head.end],
            rel: head.rel,
            rhs: head.rhs,
            constraint: head.constraint,
            origin: head.origin,
            part: head.part,
            parts: head.parts,
        })
    }
}

/// Linearises `model` one constraint at a time and hands every row to
/// `visit`, in order: memory holds the rows of one constraint only.
pub(crate) fn for_each_row(
    model: &Model,
    mut visit: impl FnMut(Row<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut builder = Builder::new(model);
    for (index, tagged) in model.constraints.iter().enumerate() {
        builder.rows.heads.clear();
        builder.rows.terms.clear();
        builder.begin(index, tagged.origin);
        builder.constraint(&tagged.constraint)?;
        builder.end();
        for row in builder.rows.iter() {
            visit(row)?;
        }
    }
    Ok(())
}

/// What a writer must know of all rows before writing the first one.
pub(crate) struct RowScan {
    /// Number of rows.
    pub rows: usize,
    /// `used[v.index()]`: `v` has a non-zero coefficient in some row or in
    /// the objective.
    pub used: Vec<bool>,
    /// The largest magnitude among coefficients and right-hand sides.
    largest: u64,
}

impl RowScan {
    /// One streaming pass over the rows of `model`.
    pub(crate) fn of(model: &Model, objective: Option<&LinearObjective>) -> io::Result<RowScan> {
        let mut scan = RowScan {
            rows: 0,
            used: vec![false; model.n_vars() as usize],
            largest: 0,
        };
        let objective_terms = objective.map_or(&[][..], |o| &o.terms[..]);
        scan.add_terms(objective_terms);
        for_each_row(model, |row| {
            scan.rows += 1;
            scan.add_terms(row.terms);
            scan.largest = scan.largest.max(row.rhs.unsigned_abs());
            Ok(())
        })?;
        Ok(scan)
    }

    fn add_terms(&mut self, terms: &[(i64, Var)]) {
        for &(coef, var) in terms {
            if coef != 0 {
                self.used[var.index()] = true;
            }
            self.largest = self.largest.max(coef.unsigned_abs());
        }
    }

    /// Fails if a number would be rounded by a reader of doubles (LP, MPS).
    pub(crate) fn check_exact_in_doubles(&self) -> Result<(), Unwritable> {
        if self.largest > EXACT_IN_DOUBLES as u64 {
            return Err(Unwritable::InexactInDoubles(self.largest));
        }
        Ok(())
    }
}

/// The objective of `model`, after checking that every variable is named.
pub(crate) fn linear_objective(model: &Model) -> Result<Option<LinearObjective>, Unwritable> {
    check_vars_named(model)?;
    model
        .objective
        .as_ref()
        .map(LinearObjective::of)
        .transpose()
}

/// Builds [`LinearRows`], one constraint at a time, reusing its buffers.
struct Builder<'m> {
    model: &'m Model,
    rows: LinearRows,
    /// The constraint being linearised.
    constraint: usize,
    origin: OriginId,
    /// Index of its first row in `rows.heads`.
    first_row: usize,
    /// Its literals as a set (sorted, duplicates removed).
    set: Vec<Lit>,
    /// The row being built, over literals.
    lits: Vec<(i64, Lit)>,
    /// The same row over variables, merged.
    merged: Vec<(Var, i128)>,
}

impl<'m> Builder<'m> {
    fn new(model: &'m Model) -> Builder<'m> {
        Builder {
            model,
            rows: LinearRows::default(),
            constraint: 0,
            origin: 0,
            first_row: 0,
            set: Vec::new(),
            lits: Vec::new(),
            merged: Vec::new(),
        }
    }

    fn begin(&mut self, constraint: usize, origin: OriginId) {
        self.constraint = constraint;
        self.origin = origin;
        self.first_row = self.rows.heads.len();
    }

    /// Records how many rows the constraint produced.
    fn end(&mut self) {
        let heads = &mut self.rows.heads[self.first_row..];
        let parts = heads.len() as u32;
        for head in heads {
            head.parts = parts;
        }
    }

    fn constraint(&mut self, constraint: &Constraint) -> Result<(), Unwritable> {
        match constraint {
            Constraint::Clause(lits) => self.sum_of_set(lits, Rel::Ge, 1),
            Constraint::AtMostOne(lits) => self.sum_of_set(lits, Rel::Le, 1),
            Constraint::Card {
                lits,
                rel,
                k,
                guard: None,
            } => self.sum_of_set(lits, *rel, i64::from(*k)),
            Constraint::Card {
                lits,
                rel,
                k,
                guard: Some(guard),
            } => self.guarded_card(lits, *rel, i64::from(*k), *guard),
            Constraint::Linear { terms, rel, rhs } => {
                self.lits.clear();
                self.lits.extend_from_slice(terms);
                self.push_row(*rel, *rhs)
            }
            Constraint::OrDef { def, lits } => self.or_def(*def, lits),
        }
    }

    /// `sum(set(lits)) rel k`.
    fn sum_of_set(&mut self, lits: &[Lit], rel: Rel, k: i64) -> Result<(), Unwritable> {
        self.load_set(lits);
        self.start_with_set();
        self.push_row(rel, k)
    }

    /// `guard -> sum(set(lits)) rel k` with the tightest big-M constants.
    fn guarded_card(
        &mut self,
        lits: &[Lit],
        rel: Rel,
        k: i64,
        guard: Lit,
    ) -> Result<(), Unwritable> {
        self.load_set(lits);
        let n = self.set.len() as i64;
        if matches!(rel, Rel::Le | Rel::Eq) && k < n {
            // g -> sum <= k   ≡   sum + (n - k) g <= n
            self.start_with_set();
            self.lits.push((n - k, guard));
            self.push_row(Rel::Le, n)?;
        }
        if matches!(rel, Rel::Ge | Rel::Eq) && k > 0 {
            // g -> sum >= k   ≡   sum - k g >= 0
            self.start_with_set();
            self.lits.push((-k, guard));
            self.push_row(Rel::Ge, 0)?;
        }
        Ok(())
    }

    /// `def <-> OR(set(lits))`: `l <= def` for each `l`, and `def <= sum l`.
    fn or_def(&mut self, def: Lit, lits: &[Lit]) -> Result<(), Unwritable> {
        self.load_set(lits);
        for i in 0..self.set.len() {
            let lit = self.set[i];
            self.lits.clear();
            self.lits.extend([(1, def), (-1, lit)]);
            self.push_row(Rel::Ge, 0)?;
        }
        self.start_with_set();
        self.lits.push((-1, def));
        self.push_row(Rel::Ge, 0)
    }

    fn load_set(&mut self, lits: &[Lit]) {
        self.set = sorted_set(lits);
    }

    /// Starts a row with `+1 l` for every literal of the set.
    fn start_with_set(&mut self) {
        self.lits.clear();
        self.lits.extend(self.set.iter().map(|&l| (1, l)));
    }

    /// Normalises the row in `self.lits` and stores it unless it always
    /// holds.
    fn push_row(&mut self, rel: Rel, rhs: i64) -> Result<(), Unwritable> {
        let constant = merge_onto_vars(&self.lits, &mut self.merged);
        let rhs = i128::from(rhs) - constant;
        let (low, high) = bounds(&self.merged);
        if always_holds(rel, low, high, rhs) {
            return Ok(());
        }
        let rhs = self.fit(rhs)?;
        for i in 0..self.merged.len() {
            let (var, coef) = self.merged[i];
            let coef = self.fit(coef)?;
            self.rows.terms.push((coef, var));
        }
        if self.merged.is_empty() {
            self.rows.terms.push((0, self.placeholder_var()?));
        }
        self.push_head(rel, rhs);
        Ok(())
    }

    fn push_head(&mut self, rel: Rel, rhs: i64) {
        let part = (self.rows.heads.len() - self.first_row) as u32;
        self.rows.heads.push(Head {
            end: self.rows.terms.len(),
            rel,
            rhs,
            constraint: self.constraint,
            origin: self.origin,
            part,
            parts: 0,
        });
    }

    /// The variable that carries an infeasible row with no terms left.
    fn placeholder_var(&self) -> Result<Var, Unwritable> {
        if self.model.n_vars() == 0 {
            return Err(Unwritable::Infeasible {
                constraint: self.constraint,
                origin: self.origin_name().to_string(),
            });
        }
        Ok(Var::from_dimacs(1))
    }

    fn fit(&self, value: i128) -> Result<i64, Unwritable> {
        i64::try_from(value).map_err(|_| Unwritable::Overflow {
            constraint: self.constraint,
            origin: self.origin_name().to_string(),
            value,
        })
    }

    fn origin_name(&self) -> &str {
        self.model
            .origin_name(usize::from(self.origin))
            .unwrap_or("unknown origin")
    }
}

/// The least and greatest value the left side can take.
fn bounds(terms: &[(Var, i128)]) -> (i128, i128) {
    let low = terms.iter().map(|&(_, c)| c.min(0)).sum();
    let high = terms.iter().map(|&(_, c)| c.max(0)).sum();
    (low, high)
}

/// Whether `lhs rel rhs` holds for every value of `lhs` in `[low, high]`.
fn always_holds(rel: Rel, low: i128, high: i128, rhs: i128) -> bool {
    match rel {
        Rel::Le => high <= rhs,
        Rel::Ge => low >= rhs,
        Rel::Eq => low == rhs && high == rhs,
    }
}

/// The objective over variables: `sense sum(coef * x) + offset`.
#[derive(Clone, Debug)]
pub(crate) struct LinearObjective {
    pub sense: Sense,
    pub terms: Vec<(i64, Var)>,
    /// The constant left over from negated literals; no format writes it
    /// into the objective, the header says how to add it back.
    pub offset: i128,
}

impl LinearObjective {
    pub(crate) fn of(objective: &Objective) -> Result<LinearObjective, Unwritable> {
        let mut merged = Vec::new();
        let offset = merge_onto_vars(&objective.terms, &mut merged);
        let terms = merged
            .into_iter()
            .map(|(var, coef)| {
                i64::try_from(coef)
                    .map(|coef| (coef, var))
                    .map_err(|_| Unwritable::ObjectiveOverflow(coef))
            })
            .collect::<Result<_, _>>()?;
        Ok(LinearObjective {
            sense: objective.sense,
            terms,
            offset,
        })
    }

    /// The terms with every coefficient negated (to minimise `-f` instead of
    /// maximising `f`).
    pub(crate) fn negated_terms(&self) -> Result<Vec<(i64, Var)>, Unwritable> {
        self.terms
            .iter()
            .map(|&(coef, var)| negate(coef).map(|coef| (coef, var)))
            .collect()
    }
}

/// `-value`, or an error for the one value whose negation overflows.
pub(crate) fn negate(value: i64) -> Result<i64, Unwritable> {
    value.checked_neg().ok_or(Unwritable::NotNegatable(value))
}

/// Largest magnitude that LP and MPS readers, which read numbers as
/// doubles, hold exactly: 2^53.
const EXACT_IN_DOUBLES: i64 = 1 << 53;

/// Fails if a coefficient or bound would be rounded by a reader that reads
/// numbers as doubles (LP, MPS).
pub(crate) fn check_exact_in_doubles(
    rows: &LinearRows,
    objective: Option<&LinearObjective>,
) -> Result<(), Unwritable> {
    let objective_terms = objective.map_or(&[][..], |o| &o.terms[..]);
    let coefs = rows.terms.iter().chain(objective_terms).map(|&(c, _)| c);
    let bounds = rows.heads.iter().map(|h| h.rhs);
    match coefs
        .chain(bounds)
        .find(|v| v.unsigned_abs() > EXACT_IN_DOUBLES as u64)
    {
        Some(value) => Err(Unwritable::InexactInDoubles(value.unsigned_abs())),
        None => Ok(()),
    }
}

/// The rows and the objective of `model`, materialised (for MPS, which is
/// written column by column).
pub(crate) fn linearise(
    model: &Model,
) -> Result<(LinearRows, Option<LinearObjective>), Unwritable> {
    let objective = linear_objective(model)?;
    let rows = LinearRows::of(model)?;
    Ok((rows, objective))
}

/// Fails if a constraint or the objective mentions a variable that has no
/// name (the writers index names by variable).
fn check_vars_named(model: &Model) -> Result<(), Unwritable> {
    let n_vars = model.n_vars();
    let unnamed = |lit: &Lit| lit.var().id() > n_vars;
    for (index, tagged) in model.constraints.iter().enumerate() {
        if let Some(lit) = constraint_lits(&tagged.constraint).find(unnamed) {
            return Err(Unwritable::UnnamedVariable {
                constraint: Some(index),
                var: lit.var().id(),
                named: n_vars,
            });
        }
    }
    let objective_lits = model
        .objective
        .iter()
        .flat_map(|o| o.terms.iter().map(|(_, l)| l));
    if let Some(lit) = objective_lits.copied().find(unnamed) {
        return Err(Unwritable::UnnamedVariable {
            constraint: None,
            var: lit.var().id(),
            named: n_vars,
        });
    }
    Ok(())
}

/// Every literal of a constraint.
fn constraint_lits(constraint: &Constraint) -> Box<dyn Iterator<Item = Lit> + '_> {
    match constraint {
        Constraint::Clause(lits) | Constraint::AtMostOne(lits) => Box::new(lits.iter().copied()),
        Constraint::Card { lits, guard, .. } => Box::new(lits.iter().copied().chain(*guard)),
        Constraint::Linear { terms, .. } => Box::new(terms.iter().map(|&(_, l)| l)),
        Constraint::OrDef { def, lits } => {
            Box::new(std::iter::once(*def).chain(lits.iter().copied()))
        }
    }
}

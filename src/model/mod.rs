//! The solver-neutral model: named Boolean variables, constraints that each
//! remember where they came from, and at most one objective.
//!
//! This is the single source of truth for every output format. The builder
//! (`lower`) turns a checked spec and its board into a `Model`;
//! encoders and emitters only read it.
//!
//! Also here, because every stage shares them: literals and literal sets
//! ([`lit`]), which cell each decision variable stands for ([`Decisions`]),
//! the one place variable names are written and parsed ([`names`]), and the
//! one linear normal form ([`linear`]).
//!
//! ```
//! use qspec::model::{Constraint, Model, Rel};
//! let mut model = Model::default();
//! let a = model.new_var("a".into()).positive();
//! let b = model.new_var("b".into()).positive();
//! let origin = model.origin("example");
//! model.add(Constraint::Card { lits: vec![a, b], rel: Rel::Eq, k: 1, guard: None }, origin);
//! assert!(model.satisfied_by(&[true, false]));
//! assert!(!model.satisfied_by(&[true, true]));
//! assert_eq!(model.count_bounds(&[a, b]).at_most, Some(1));
//! ```

mod cells;
pub(crate) mod linear;
mod lit;
pub mod names;

pub use cells::{Decision, Decisions, PieceKind};
pub use lit::{sorted_set, Lit, LitSet, Var, VarAlloc};

/// A comparison in a cardinality or linear constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rel {
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `=`
    Eq,
}

impl Rel {
    /// `<=`, `>=` or `=`.
    pub fn symbol(self) -> &'static str {
        match self {
            Rel::Le => "<=",
            Rel::Ge => ">=",
            Rel::Eq => "=",
        }
    }

    /// As a model file writes it: `<=`, `>=` or `==`.
    pub fn written(self) -> &'static str {
        match self {
            Rel::Eq => "==",
            other => other.symbol(),
        }
    }

    /// Whether `lhs rel rhs` holds.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Rel::Le => lhs <= rhs,
            Rel::Ge => lhs >= rhs,
            Rel::Eq => lhs == rhs,
        }
    }
}

/// Index of a constraint's origin in [`Model::origins`].
pub type OriginId = u16;

/// One constraint of the model.
#[derive(Clone, Debug, PartialEq)]
pub enum Constraint {
    /// At least one literal is true.
    Clause(Vec<Lit>),
    /// At most one literal is true (a line segment of `no_attack`).
    AtMostOne(Vec<Lit>),
    /// `sum(lits) rel k`, or `guard -> sum(lits) rel k` when reified.
    Card {
        /// The literals counted (a set).
        lits: Vec<Lit>,
        /// The comparison.
        rel: Rel,
        /// The bound.
        k: u32,
        /// The literal that switches the constraint on, if reified.
        guard: Option<Lit>,
    },
    /// `sum(coef * lit) rel rhs` over literals (a literal is 0 or 1).
    Linear {
        /// `(coefficient, literal)` terms.
        terms: Vec<(i64, Lit)>,
        /// The comparison.
        rel: Rel,
        /// The right-hand side.
        rhs: i64,
    },
    /// `def <-> OR(lits)`.
    OrDef {
        /// The defined literal.
        def: Lit,
        /// The literals it is the disjunction of.
        lits: Vec<Lit>,
    },
}

impl Constraint {
    /// The number of literals it mentions.
    pub fn n_lits(&self) -> usize {
        match self {
            Constraint::Clause(ls) | Constraint::AtMostOne(ls) => ls.len(),
            Constraint::Card { lits, guard, .. } => lits.len() + usize::from(guard.is_some()),
            Constraint::Linear { terms, .. } => terms.len(),
            Constraint::OrDef { lits, .. } => lits.len() + 1,
        }
    }

    /// Whether the constraint holds under `value(var)`.
    ///
    /// The literal lists of `AtMostOne` and `Card` are sets: a repeated
    /// literal counts once, and a literal with its negation counts exactly 1.
    pub fn holds(&self, value: &dyn Fn(Var) -> bool) -> bool {
        let lit = |l: &Lit| l.eval(value(l.var()));
        let count = |ls: &[Lit]| sorted_set(ls).iter().filter(|l| lit(l)).count() as i64;
        match self {
            Constraint::Clause(ls) => ls.iter().any(lit),
            Constraint::AtMostOne(ls) => count(ls) <= 1,
            Constraint::Card {
                lits,
                rel,
                k,
                guard,
            } => guard.is_some_and(|g| !lit(&g)) || rel.holds(count(lits), i64::from(*k)),
            Constraint::Linear { terms, rel, rhs } => {
                let lhs: i64 = terms.iter().filter(|(_, l)| lit(l)).map(|(c, _)| c).sum();
                rel.holds(lhs, *rhs)
            }
            Constraint::OrDef { def, lits } => lit(def) == lits.iter().any(lit),
        }
    }
}

/// What a constraint says about literals that exclude each other, read
/// in one place for every reader of conflicts (the optimiser's clique
/// cover, the clique engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exclusion<'a> {
    /// At most one of these is true, and that is all the constraint says:
    /// an at-most-one, or an unguarded `sum <= 1`.
    Only(&'a [Lit]),
    /// These two are not both true, and that is all it says: the binary
    /// clause `!a | !b`, as `[a, b]`.
    Pair([Lit; 2]),
    /// At most one of these is true, among other things: an unguarded
    /// `sum = 1` (one is true, too) or `sum <= 0` (none is).
    Implied(&'a [Lit]),
}

impl Exclusion<'_> {
    /// The literals of which at most one is true.
    pub fn lits(&self) -> &[Lit] {
        match self {
            Exclusion::Only(ls) | Exclusion::Implied(ls) => ls,
            Exclusion::Pair(pair) => pair,
        }
    }
}

/// Bounds on how many literals of a set are true.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountBounds {
    /// At least this many.
    pub at_least: u32,
    /// At most this many, if bounded.
    pub at_most: Option<u32>,
}

impl CountBounds {
    /// Both bounds together: the larger lower and the smaller upper one.
    pub fn and(self, other: CountBounds) -> CountBounds {
        CountBounds {
            at_least: self.at_least.max(other.at_least),
            at_most: match (self.at_most, other.at_most) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        }
    }
}

impl Constraint {
    /// What the constraint says about literals that exclude each other,
    /// if anything.
    pub fn exclusion(&self) -> Option<Exclusion<'_>> {
        match self {
            Constraint::AtMostOne(ls)
            | Constraint::Card {
                lits: ls,
                rel: Rel::Le,
                k: 1,
                guard: None,
            } => Some(Exclusion::Only(ls)),
            Constraint::Card {
                lits: ls,
                rel: Rel::Le | Rel::Eq,
                k: 0 | 1,
                guard: None,
            } => Some(Exclusion::Implied(ls)),
            Constraint::Clause(ls) if ls.len() == 2 => Some(Exclusion::Pair([!ls[0], !ls[1]])),
            _ => None,
        }
    }

    /// The bounds the constraint states, unguarded, on how many of `set`
    /// (a [`sorted_set`]) are true: a cardinality constraint on exactly
    /// `set`, or on exactly its negations (`sum(!x) >= k` is `sum(x) <= n -
    /// k`). `None` when it states none.
    pub fn count_bounds(&self, set: &[Lit]) -> Option<CountBounds> {
        let Constraint::Card {
            lits,
            rel,
            k,
            guard: None,
        } = self
        else {
            return None;
        };
        let lits = sorted_set(lits);
        let n = set.len() as u32;
        let (at_least, at_most) = match rel {
            Rel::Le => (None, Some(*k)),
            Rel::Ge => (Some(*k), None),
            Rel::Eq => (Some(*k), Some(*k)),
        };
        if lits == set {
            return Some(CountBounds {
                at_least: at_least.unwrap_or(0),
                at_most,
            });
        }
        let negated = sorted_set(&set.iter().map(|&l| !l).collect::<Vec<_>>());
        (lits == negated).then(|| CountBounds {
            at_least: at_most.map_or(0, |m| n.saturating_sub(m)),
            at_most: at_least.map(|l| n.saturating_sub(l)),
        })
    }
}

/// Which way the objective goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    /// Smaller is better.
    Minimize,
    /// Larger is better.
    Maximize,
}

/// `sense sum(coef * lit)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Objective {
    /// Which way.
    pub sense: Sense,
    /// `(coefficient, literal)` terms.
    pub terms: Vec<(i64, Lit)>,
    /// What the objective counts, for headers and reports ("count", "walls").
    pub what: String,
}

/// A constraint and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Tagged {
    /// The constraint.
    pub constraint: Constraint,
    /// Where it came from.
    pub origin: OriginId,
}

/// Where constraints came from: a statement of the model (or what qspec
/// adds for it: `one piece a cell`, `rays`), by its text, or one of the
/// model's hints, by its place among [`Model::hints`] — so that a search
/// asks what a hint keeps of it ([`Model::keeps_verdicts_without`]), never
/// matches its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A statement, or what qspec adds for one.
    Statement(String),
    /// The hint at this index of [`Model::hints`].
    Hint(usize),
}

/// Whether a hint keeps every solution of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintKind {
    /// True of every solution: counts and optima stay exact.
    Implied,
    /// True of every solution if the stated condition holds.
    ImpliedIf(String),
    /// Removes solutions on purpose; the text says which are kept.
    Restricting(String),
    /// Removes solutions but keeps at least one in every symmetry class:
    /// whether a solution exists and the optimum (of counts and walls, which
    /// symmetries keep) are those of the model; counts are of classes.
    OnePerClass(String),
}

/// A hint of the model and what it does to the solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintNote {
    /// The hint as written: `hint symmetric rot180`.
    pub hint: String,
    /// Implied, implied under a condition, or restricting.
    pub kind: HintKind,
}

impl HintNote {
    /// `hint lines: implied (true of every solution)`, for headers and reports.
    pub fn describe(&self) -> String {
        let what = match &self.kind {
            HintKind::Implied => "implied (true of every solution)".to_string(),
            HintKind::ImpliedIf(condition) => format!("implied if {condition}"),
            HintKind::Restricting(kept) => format!("restricting ({kept})"),
            HintKind::OnePerClass(kept) => format!(
                "restricting ({kept}; whether a solution exists and the optimum stay exact)"
            ),
        };
        format!("{}: {what}", self.hint)
    }

    /// Whether the hint may remove solutions.
    pub fn is_restricting(&self) -> bool {
        matches!(
            self.kind,
            HintKind::Restricting(_) | HintKind::OnePerClass(_)
        )
    }

    /// Whether a proof of "no solution" or of an optimum under the hint
    /// also holds for the model without it.
    pub fn keeps_verdicts(&self) -> bool {
        !matches!(self.kind, HintKind::Restricting(_))
    }
}

/// The solver-neutral model.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// `names[v.index()]` is the name of variable `v`. Every variable of the
    /// model has a name; encoders add unnamed auxiliary variables after these.
    pub names: Vec<String>,
    /// Every constraint, in the order it was built.
    pub constraints: Vec<Tagged>,
    /// The objective, if any.
    pub objective: Option<Objective>,
    /// Interned origins, in first-seen order: the statements (`rule
    /// no_attack`, `count`) and the hints the constraints came from.
    pub origins: Vec<Origin>,
    /// How many of the first named variables are the board's decisions
    /// (pieces, chosen walls); the rest are defined by them. `None`: all.
    /// This is the projection for model counters (`c p show`).
    pub decisions: Option<u32>,
    /// The hints whose constraints the model holds, and their kinds.
    pub hints: Vec<HintNote>,
    /// Which cell each decision variable stands for (filled by the
    /// lowering; empty for a model put together by hand).
    pub cells: Decisions,
}

impl Model {
    /// Adds a named variable.
    pub fn new_var(&mut self, name: String) -> Var {
        self.names.push(name);
        Var::from_dimacs(self.names.len() as u32)
    }

    /// The number of named variables.
    pub fn n_vars(&self) -> u32 {
        self.names.len() as u32
    }

    /// The number of decision variables (see [`Model::decisions`]).
    pub fn n_decisions(&self) -> u32 {
        self.decisions.unwrap_or(self.n_vars())
    }

    /// The name of `v`.
    pub fn name(&self, v: Var) -> &str {
        &self.names[v.index()]
    }

    /// Whether the constraints of `origin` are a hint a search of its own
    /// may leave out: one that keeps every solution (implied) or one in
    /// every symmetry class (the engines that search without the clauses
    /// need none of them, and complete their answer against the whole
    /// model).
    pub fn keeps_verdicts_without(&self, origin: OriginId) -> bool {
        match self.origins[origin as usize] {
            Origin::Hint(i) => matches!(
                self.hints[i].kind,
                HintKind::Implied | HintKind::OnePerClass(_)
            ),
            Origin::Statement(_) => false,
        }
    }

    /// What the origin of index `id` is called, if there is one.
    pub fn origin_name(&self, id: usize) -> Option<&str> {
        (id < self.origins.len()).then(|| self.origin_text(id as OriginId))
    }

    /// What `origin` is called: the statement's text (`rule no_attack`,
    /// `count per row = 1`), or the hint's (`hint lines`).
    pub fn origin_text(&self, origin: OriginId) -> &str {
        match &self.origins[origin as usize] {
            Origin::Statement(text) => text,
            Origin::Hint(i) => &self.hints[*i].hint,
        }
    }

    /// The id of the origin called `text`, interning it on first use: the
    /// hint of that text among [`Model::hints`] (a hint's note is recorded
    /// before its constraints are built), else a statement.
    pub fn origin(&mut self, text: &str) -> OriginId {
        let known = (0..self.origins.len()).find(|&i| self.origin_text(i as OriginId) == text);
        if let Some(i) = known {
            return i as OriginId;
        }
        let origin = match self.hints.iter().position(|h| h.hint == text) {
            Some(i) => Origin::Hint(i),
            None => Origin::Statement(text.to_string()),
        };
        self.origins.push(origin);
        (self.origins.len() - 1) as OriginId
    }

    /// Adds a constraint from `origin`.
    pub fn add(&mut self, constraint: Constraint, origin: OriginId) {
        self.constraints.push(Tagged { constraint, origin });
    }

    /// Every exclusion the constraints state (see [`Constraint::exclusion`]).
    pub fn exclusions(&self) -> impl Iterator<Item = Exclusion<'_>> {
        self.constraints
            .iter()
            .filter_map(|t| t.constraint.exclusion())
    }

    /// The bounds the constraints state, unguarded, on how many of `lits`
    /// are true (see [`Constraint::count_bounds`]).
    pub fn count_bounds(&self, lits: &[Lit]) -> CountBounds {
        let set = sorted_set(lits);
        self.constraints
            .iter()
            .filter_map(|t| t.constraint.count_bounds(&set))
            .fold(CountBounds::default(), CountBounds::and)
    }

    /// Constraints per origin, in first-seen order: `[("rule no_attack",
    /// 46), ...]`.
    pub fn constraints_by_origin(&self) -> Vec<(String, usize)> {
        let mut counts = vec![0usize; self.origins.len()];
        for t in &self.constraints {
            counts[t.origin as usize] += 1;
        }
        (0..self.origins.len())
            .map(|i| self.origin_text(i as OriginId).to_string())
            .zip(counts)
            .collect()
    }

    /// Whether every constraint holds under a full assignment of the named
    /// variables (`values[v.index()]`).
    pub fn satisfied_by(&self, values: &[bool]) -> bool {
        let value = |v: Var| values[v.index()];
        self.constraints.iter().all(|t| t.constraint.holds(&value))
    }
}

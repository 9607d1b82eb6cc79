//! Where encoders put their clauses: a compact in-memory arena (for writing
//! a CNF after its header is known, or feeding a solver) or a counter (for
//! `qspec stats`, which must not hold the clauses).

use crate::model::Lit;

/// Receives clauses from encoders.
pub trait ClauseSink {
    /// Takes one clause.
    fn add_clause(&mut self, lits: &[Lit]);

    /// Clauses received so far.
    fn n_clauses(&self) -> u64;
}

/// Clauses stored as DIMACS numbers, each clause ended by a 0: four bytes
/// per literal, less than the text it becomes.
#[derive(Clone, Debug, Default)]
pub struct ClauseArena {
    lits: Vec<i32>,
    n_clauses: u64,
}

impl ClauseArena {
    /// An empty arena.
    pub fn new() -> ClauseArena {
        ClauseArena::default()
    }

    /// The clauses in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &[i32]> + '_ {
        self.lits.split(|&l| l == 0).take(self.n_clauses as usize)
    }

    /// The raw DIMACS stream: literals with a 0 after each clause.
    pub fn raw(&self) -> &[i32] {
        &self.lits
    }
}

impl ClauseSink for ClauseArena {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.lits.extend(lits.iter().map(|l| l.dimacs()));
        self.lits.push(0);
        self.n_clauses += 1;
    }

    fn n_clauses(&self) -> u64 {
        self.n_clauses
    }
}

/// Counts clauses and literals without keeping them.
#[derive(Clone, Debug, Default)]
pub struct ClauseCounter {
    /// Clauses counted.
    pub clauses: u64,
    /// Literals over all clauses counted.
    pub literals: u64,
}

impl ClauseSink for ClauseCounter {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.clauses += 1;
        self.literals += lits.len() as u64;
    }

    fn n_clauses(&self) -> u64 {
        self.clauses
    }
}

/// Adds a fixed literal to every clause passed through: `guard -> clause`
/// becomes `!guard OR clause` (reification by disjunction).
pub struct Guarded<'a> {
    /// Where the guarded clauses go.
    pub inner: &'a mut dyn ClauseSink,
    /// Literal added to every clause (the negated guard).
    pub extra: Lit,
    buf: Vec<Lit>,
}

impl<'a> Guarded<'a> {
    /// A sink that writes `!guard OR clause` into `inner` for each clause.
    pub fn new(inner: &'a mut dyn ClauseSink, guard: Lit) -> Guarded<'a> {
        Guarded {
            inner,
            extra: !guard,
            buf: Vec::new(),
        }
    }
}

impl ClauseSink for Guarded<'_> {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.buf.clear();
        self.buf.push(self.extra);
        self.buf.extend_from_slice(lits);
        self.inner.add_clause(&self.buf);
    }

    fn n_clauses(&self) -> u64 {
        self.inner.n_clauses()
    }
}

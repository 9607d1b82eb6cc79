//! Where one constraint's clauses go, split by role: *structure* clauses
//! (which only define fresh auxiliary variables, and so never restrict the
//! inputs) are written as they are; *enforcement* clauses (the ones that
//! actually impose the bound) get `!guard` added when the constraint is
//! reified. Guarding only the enforcement is what keeps reified encodings
//! small.

use super::ClauseSink;
use crate::model::Lit;

pub(crate) struct Guarded<'a> {
    out: &'a mut dyn ClauseSink,
    guard: Option<Lit>,
    buf: Vec<Lit>,
}

impl<'a> Guarded<'a> {
    /// A target for `guard -> constraint` (or the plain constraint).
    pub(crate) fn new(out: &'a mut dyn ClauseSink, guard: Option<Lit>) -> Guarded<'a> {
        Guarded {
            out,
            guard,
            buf: Vec::new(),
        }
    }

    /// The sink for structure clauses (never guarded).
    pub(crate) fn structure(&mut self) -> &mut dyn ClauseSink {
        &mut *self.out
    }

    /// Adds an enforcement clause (`!guard OR clause` when reified).
    pub(crate) fn enforce(&mut self, clause: &[Lit]) {
        match self.guard {
            None => self.out.add_clause(clause),
            Some(g) => {
                self.buf.clear();
                self.buf.push(!g);
                self.buf.extend_from_slice(clause);
                self.out.add_clause(&self.buf);
            }
        }
    }

    /// Enforces each literal as a unit.
    pub(crate) fn enforce_units(&mut self, lits: impl IntoIterator<Item = Lit>) {
        for lit in lits {
            self.enforce(&[lit]);
        }
    }

    /// The constraint cannot hold: the empty clause, or `!guard`.
    pub(crate) fn unsat(&mut self) {
        self.enforce(&[]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::ClauseArena;

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n)
    }

    #[test]
    fn only_enforcement_is_guarded() {
        let mut arena = ClauseArena::new();
        let mut target = Guarded::new(&mut arena, Some(lit(9)));
        target.structure().add_clause(&[lit(1), lit(-2)]);
        target.enforce(&[lit(3)]);
        target.unsat();
        let clauses: Vec<&[i32]> = arena.iter().collect();
        assert_eq!(clauses, vec![&[1, -2][..], &[-9, 3], &[-9]]);
    }

    #[test]
    fn unguarded_enforcement_is_plain() {
        let mut arena = ClauseArena::new();
        let mut target = Guarded::new(&mut arena, None);
        target.enforce_units([lit(1), lit(-2)]);
        target.unsat();
        assert_eq!(arena.raw(), &[1, 0, -2, 0, 0]);
    }
}

//! Test support: checks an encoding against its constraint on every
//! assignment of the inputs, with CaDiCaL.

use rustsat::solvers::{Solve, SolveIncremental, SolverResult};
use rustsat::types::Lit as RsLit;
use rustsat_cadical::CaDiCaL;

use super::ClauseArena;

/// Asserts that the clauses are satisfiable under each full assignment of
/// variables `1..=n_inputs` exactly when `holds` says so.
pub(crate) fn assert_exact(
    arena: &ClauseArena,
    n_inputs: usize,
    holds: impl Fn(&[bool]) -> bool,
    what: &str,
) {
    let mut solver = CaDiCaL::default();
    for clause in arena.iter() {
        let lits: Vec<RsLit> = clause
            .iter()
            .map(|&l| RsLit::from_ipasir(l).unwrap())
            .collect();
        solver.add_clause_ref(&lits[..]).unwrap();
    }
    let mut values = vec![false; n_inputs];
    for mask in 0u32..(1 << n_inputs) {
        for (i, v) in values.iter_mut().enumerate() {
            *v = mask & (1 << i) != 0;
        }
        let assumptions: Vec<RsLit> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                RsLit::from_ipasir(if v { i as i32 + 1 } else { -(i as i32 + 1) }).unwrap()
            })
            .collect();
        let sat = solver.solve_assumps(&assumptions).unwrap() == SolverResult::Sat;
        assert_eq!(sat, holds(&values), "{what}: inputs {values:?}");
    }
}

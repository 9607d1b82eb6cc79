//! Comparator networks, shared by the cardinality and sorting networks.
//!
//! A network is built symbolically first: wires are numbers, a comparator
//! `(a, b) -> (max, min)` puts `a | b` on `max` and `a & b` on `min`, and a
//! wire may be the constant [`FALSE`] (padding), which comparators fold away.
//! Only then are clauses written, and only for what the needed outputs
//! depend on, direction by direction:
//!
//! * upward (`a -> max`, `b -> max`, `a & b -> min`): outputs are at least
//!   the true sorted values, which is what `sum <= k` needs;
//! * downward (`max -> a | b`, `min -> a`, `min -> b`): outputs are at most
//!   the true sorted values, which is what `sum >= k` needs.

use super::{Need, Thresholds};
use crate::encode::ClauseSink;
use crate::model::{Lit, VarAlloc};

/// A wire of the network.
pub(crate) type Wire = u32;

/// The constant-false wire (padding).
pub(crate) const FALSE: Wire = Wire::MAX;

const UP: u8 = 1;
const DOWN: u8 = 2;

#[derive(Clone, Copy)]
struct Comparator {
    a: Wire,
    b: Wire,
    max: Wire,
    min: Wire,
}

pub(crate) struct Network {
    n_inputs: usize,
    n_wires: u32,
    comparators: Vec<Comparator>,
}

impl Network {
    /// A network whose first `n_inputs` wires are its inputs.
    pub(crate) fn new(n_inputs: usize) -> Network {
        Network {
            n_inputs,
            n_wires: u32::try_from(n_inputs).expect("too many inputs"),
            comparators: Vec::new(),
        }
    }

    /// The input wires, in order.
    pub(crate) fn inputs(&self) -> Vec<Wire> {
        (0..self.n_inputs as Wire).collect()
    }

    /// Adds a comparator and returns `(max, min)`; constant-false inputs
    /// cost nothing.
    pub(crate) fn compare(&mut self, a: Wire, b: Wire) -> (Wire, Wire) {
        if a == FALSE {
            return (b, FALSE);
        }
        if b == FALSE {
            return (a, FALSE);
        }
        let (max, min) = (self.n_wires, self.n_wires + 1);
        self.n_wires += 2;
        self.comparators.push(Comparator { a, b, max, min });
        (max, min)
    }

    /// Compares `wires[i]` with `wires[j]` in place, the larger value
    /// going to `i`.
    pub(crate) fn compare_at(&mut self, wires: &mut [Wire], i: usize, j: usize) {
        let (max, min) = self.compare(wires[i], wires[j]);
        wires[i] = max;
        wires[j] = min;
    }

    /// Writes the clauses the needed outputs depend on. `outputs[j - 1]` is
    /// the wire meant to be true when at least `j` inputs are; `inputs` are
    /// the literals on the input wires.
    pub(crate) fn emit(
        &self,
        inputs: &[Lit],
        outputs: &[Wire],
        need: Need,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Thresholds {
        let live = self.liveness(outputs, need);
        let mut lits: Vec<i32> = vec![0; self.n_wires as usize];
        for (slot, lit) in lits.iter_mut().zip(inputs) {
            *slot = lit.dimacs();
        }
        let lit = |lits: &[i32], w: Wire| Lit::from_dimacs(lits[w as usize]);
        for c in &self.comparators {
            for (wire, is_max) in [(c.max, true), (c.min, false)] {
                let dirs = live[wire as usize];
                if dirs == 0 {
                    continue;
                }
                let o = vars.fresh().positive();
                lits[wire as usize] = o.dimacs();
                let (a, b) = (lit(&lits, c.a), lit(&lits, c.b));
                if dirs & UP != 0 {
                    comparator_up(a, b, o, is_max, out);
                }
                if dirs & DOWN != 0 {
                    comparator_down(a, b, o, is_max, out);
                }
            }
        }
        let output = |j: usize| lit(&lits, outputs[j - 1]);
        Thresholds {
            up: need.up.map(output),
            down: need.down.map(output),
        }
    }

    /// For each wire, the directions in which some needed output depends
    /// on it.
    fn liveness(&self, outputs: &[Wire], need: Need) -> Vec<u8> {
        let mut live = vec![0u8; self.n_wires as usize];
        for (j, dir) in [(need.up, UP), (need.down, DOWN)] {
            if let Some(j) = j {
                let wire = outputs[j - 1];
                assert_ne!(wire, FALSE, "output {j} of the network is constant");
                live[wire as usize] |= dir;
            }
        }
        for c in self.comparators.iter().rev() {
            let dirs = live[c.max as usize] | live[c.min as usize];
            live[c.a as usize] |= dirs;
            live[c.b as usize] |= dirs;
        }
        live
    }
}

/// `max >= a | b`, `min >= a & b`.
fn comparator_up(a: Lit, b: Lit, o: Lit, is_max: bool, out: &mut dyn ClauseSink) {
    if is_max {
        out.add_clause(&[!a, o]);
        out.add_clause(&[!b, o]);
    } else {
        out.add_clause(&[!a, !b, o]);
    }
}

/// `max <= a | b`, `min <= a & b`.
fn comparator_down(a: Lit, b: Lit, o: Lit, is_max: bool, out: &mut dyn ClauseSink) {
    if is_max {
        out.add_clause(&[!o, a, b]);
    } else {
        out.add_clause(&[!o, a]);
        out.add_clause(&[!o, b]);
    }
}

/// `wires` padded with [`FALSE`] to length `len`.
pub(crate) fn padded(wires: Vec<Wire>, len: usize) -> Vec<Wire> {
    let mut wires = wires;
    wires.resize(len, FALSE);
    wires
}

//! Batcher's odd-even merge sorting network (Batcher, "Sorting networks and
//! their applications", AFIPS 1968) as a counter: the inputs are sorted
//! (padded with constant-false wires to a power of two), and output `j` of
//! the sorted sequence is "at least `j` inputs are true".
//!
//! Comparators get only the clause directions the relation needs, and only
//! comparators that the needed outputs depend on are written (see
//! [`super::network`]); the network itself is the full `O(n log^2 n)` one,
//! not limited by `k` (that is [`super::cardnet`]'s job).

use super::network::{padded, Network, Wire};
use super::{Need, Thresholds, UnaryCounter};
use crate::encode::ClauseSink;
use crate::model::{Lit, VarAlloc};

pub(crate) struct SortNet;

impl UnaryCounter for SortNet {
    fn count(
        &self,
        inputs: &[Lit],
        need: Need,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Thresholds {
        let mut net = Network::new(inputs.len());
        let mut wires = padded(net.inputs(), inputs.len().next_power_of_two());
        odd_even_merge_sort(&mut net, &mut wires);
        net.emit(inputs, &wires, need, vars, out)
    }
}

/// Sorts `wires` (a power of two long) into descending order, in place.
///
/// The iterative form of Batcher's network: for each merge size `2p`, the
/// comparators at distances `p, p/2, ..., 1` that stay inside one block of
/// size `2p`.
fn odd_even_merge_sort(net: &mut Network, wires: &mut [Wire]) {
    let n = wires.len();
    let mut p = 1;
    while p < n {
        let mut k = p;
        while k >= 1 {
            let mut j = k % p;
            while j + k < n {
                for i in 0..k.min(n - j - k) {
                    if (i + j) / (2 * p) == (i + j + k) / (2 * p) {
                        net.compare_at(wires, i + j, i + j + k);
                    }
                }
                j += 2 * k;
            }
            k /= 2;
        }
        p *= 2;
    }
}

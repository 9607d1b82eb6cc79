//! Cardinality networks (Asín, Nieuwenhuis, Oliveras, Rodríguez-Carbonell,
//! "Cardinality Networks: a theoretical and empirical study", Constraints
//! 2011): a `k`-limited sorter of size `O(n log^2 k)`.
//!
//! With `m` the largest output needed and `k` the power of two `>= m`, the
//! inputs are cut into blocks of `k` (the last padded with constant-false
//! wires), each block is sorted by a half sorting network (`HSort`, built
//! from half merges `HMerge`), and the sorted blocks are folded together by
//! simplified merges (`SMerge`, which only produce the first `k + 1` outputs
//! of a merge), keeping the first `k` each time.
//!
//! Clauses are written as in [`super::network`]: only the directions the
//! relation needs, and only for comparators the needed outputs depend on.

use super::network::{padded, Network, Wire};
use super::{Need, Thresholds, UnaryCounter};
use crate::encode::ClauseSink;
use crate::model::{Lit, VarAlloc};

pub(crate) struct CardNet;

impl UnaryCounter for CardNet {
    fn count(
        &self,
        inputs: &[Lit],
        need: Need,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Thresholds {
        let largest = need
            .up
            .max(need.down)
            .expect("a counter is asked for some output");
        let k = largest.next_power_of_two();
        let mut net = Network::new(inputs.len());
        let wires = padded(net.inputs(), inputs.len().div_ceil(k) * k);
        let outputs = card(&mut net, &wires, k);
        net.emit(inputs, &outputs, need, vars, out)
    }
}

/// The first `k` outputs of a sort of `wires` (a multiple of `k` long,
/// `k` a power of two): sort blocks of `k`, merge them one by one.
fn card(net: &mut Network, wires: &[Wire], k: usize) -> Vec<Wire> {
    let mut blocks = wires.chunks(k);
    let mut acc = half_sort(net, blocks.next().expect("at least one input"));
    for block in blocks {
        let sorted = half_sort(net, block);
        acc = simplified_merge(net, &acc, &sorted);
        acc.truncate(k);
    }
    acc
}

/// `HSort`: sorts a power-of-two number of wires (descending).
fn half_sort(net: &mut Network, wires: &[Wire]) -> Vec<Wire> {
    if wires.len() == 1 {
        return wires.to_vec();
    }
    let (left, right) = wires.split_at(wires.len() / 2);
    let left = half_sort(net, left);
    let right = half_sort(net, right);
    half_merge(net, &left, &right)
}

/// `HMerge`: merges two sorted sequences of the same power-of-two length
/// into one sorted sequence of twice the length.
fn half_merge(net: &mut Network, a: &[Wire], b: &[Wire]) -> Vec<Wire> {
    let n = a.len();
    if n == 1 {
        let (max, min) = net.compare(a[0], b[0]);
        return vec![max, min];
    }
    let d = half_merge(net, &odds(a), &odds(b));
    let e = half_merge(net, &evens(a), &evens(b));
    let mut c = Vec::with_capacity(2 * n);
    c.push(d[0]);
    for i in 1..n {
        let (max, min) = net.compare(d[i], e[i - 1]);
        c.push(max);
        c.push(min);
    }
    c.push(e[n - 1]);
    c
}

/// `SMerge`: the first `n + 1` outputs of merging two sorted sequences of
/// the same power-of-two length `n`.
fn simplified_merge(net: &mut Network, a: &[Wire], b: &[Wire]) -> Vec<Wire> {
    let n = a.len();
    if n == 1 {
        let (max, min) = net.compare(a[0], b[0]);
        return vec![max, min];
    }
    let d = simplified_merge(net, &odds(a), &odds(b));
    let e = simplified_merge(net, &evens(a), &evens(b));
    let mut c = Vec::with_capacity(n + 1);
    c.push(d[0]);
    for i in 1..=n / 2 {
        let (max, min) = net.compare(d[i], e[i - 1]);
        c.push(max);
        c.push(min);
    }
    c
}

/// Elements at odd 1-based positions (`a1, a3, ...`).
fn odds(wires: &[Wire]) -> Vec<Wire> {
    wires.iter().step_by(2).copied().collect()
}

/// Elements at even 1-based positions (`a2, a4, ...`).
fn evens(wires: &[Wire]) -> Vec<Wire> {
    wires.iter().skip(1).step_by(2).copied().collect()
}

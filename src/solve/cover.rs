//! A clique cover of the objective's literals: a partition into groups of
//! which the model itself allows at most one true — the literals of one
//! `AtMostOne` (a line of `no_attack`), or pairs joined by a binary clause
//! `!a | !b` (a leaper's attack). The number of groups bounds how many can
//! be true at once, so it is a sound upper estimate of a `maximize count`
//! for the model as given: only the model's own constraints are read, so
//! walls, fixed cells and other rules can only make fewer groups usable,
//! never more. On 2x2 king blocks it is the exact 2500 of kings on 100x100,
//! on a perfect matching of the knight graph the 1800 of knights on 60x60.
//!
//! The greedy partition grows a group from each uncovered literal in
//! order, seeded with its largest at-most-one line; groups of one are then
//! paired up along alternating paths through groups of two (augmenting a
//! matching), which makes the cover of a leaper's board a maximum matching.

use std::collections::{HashMap, VecDeque};

use crate::model::{Exclusion, Lit, Model};

/// Steps the pairing of lone literals may take in all (a bound on the
/// time a huge board spends here; the cover stays sound either way).
const AUGMENT_STEPS: usize = 50_000_000;

/// Which literals exclude which: cliques from at-most-one constraints and
/// edges from binary clauses, over the indices of `gains`.
struct Conflicts {
    /// Each at-most-one's members (indices, sorted).
    cliques: Vec<Vec<usize>>,
    /// The cliques each index is in (sorted).
    member_of: Vec<Vec<usize>>,
    /// Each index's binary-clause neighbours (sorted).
    edges: Vec<Vec<usize>>,
}

impl Conflicts {
    fn of(model: &Model, gains: &[Lit]) -> Conflicts {
        let index = unique_index(gains);
        let mut cliques = Vec::new();
        let mut edges = vec![Vec::new(); gains.len()];
        for exclusion in model.exclusions() {
            match exclusion {
                Exclusion::Only(lits) | Exclusion::Implied(lits) => {
                    cliques.push(members(&index, lits));
                }
                Exclusion::Pair([x, y]) => {
                    if let (Some(&a), Some(&b)) = (index.get(&x), index.get(&y)) {
                        if a != b {
                            edges[a].push(b);
                            edges[b].push(a);
                        }
                    }
                }
            }
        }
        cliques.retain(|c| c.len() >= 2);
        let mut member_of = vec![Vec::new(); gains.len()];
        for (id, clique) in cliques.iter().enumerate() {
            for &i in clique {
                member_of[i].push(id);
            }
        }
        for e in &mut edges {
            e.sort_unstable();
            e.dedup();
        }
        Conflicts {
            cliques,
            member_of,
            edges,
        }
    }

    /// Whether `a` and `b` may not both be true.
    fn exclude(&self, a: usize, b: usize) -> bool {
        self.edges[a].binary_search(&b).is_ok() || shares(&self.member_of[a], &self.member_of[b])
    }

    /// Every index that excludes `a`, sorted, each once.
    fn neighbours(&self, a: usize) -> Vec<usize> {
        let mut all: Vec<usize> = self.edges[a].clone();
        for &c in &self.member_of[a] {
            all.extend(self.cliques[c].iter().copied().filter(|&b| b != a));
        }
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// The index of each literal whose variable occurs once in `gains`.
fn unique_index(gains: &[Lit]) -> HashMap<Lit, usize> {
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for l in gains {
        *seen.entry(l.var().id()).or_default() += 1;
    }
    gains
        .iter()
        .enumerate()
        .filter(|(_, l)| seen[&l.var().id()] == 1)
        .map(|(i, &l)| (l, i))
        .collect()
}

/// The indices of `lits` that are gains, sorted, each once.
fn members(index: &HashMap<Lit, usize>, lits: &[Lit]) -> Vec<usize> {
    let mut m: Vec<usize> = lits.iter().filter_map(|l| index.get(l).copied()).collect();
    m.sort_unstable();
    m.dedup();
    m
}

/// Whether two sorted lists share an element.
fn shares(a: &[usize], b: &[usize]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return true,
        }
    }
    false
}

/// A partition of `0..gains.len()` into groups of which the model allows
/// at most one true literal each (groups in order of their first member).
pub fn clique_cover(model: &Model, gains: &[Lit]) -> Vec<Vec<usize>> {
    let conflicts = Conflicts::of(model, gains);
    let mut part_of: Vec<Option<usize>> = vec![None; gains.len()];
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for a in 0..gains.len() {
        if part_of[a].is_some() {
            continue;
        }
        let group = grow(&conflicts, &part_of, a);
        for &m in &group {
            part_of[m] = Some(parts.len());
        }
        parts.push(group);
    }
    pair_lone_literals(&conflicts, &mut parts);
    parts.retain(|p| !p.is_empty());
    parts.sort_by_key(|p| p[0]);
    parts
}

/// The group grown from `a`: its largest line of uncovered literals, then
/// every other uncovered neighbour that excludes all members so far.
fn grow(conflicts: &Conflicts, part_of: &[Option<usize>], a: usize) -> Vec<usize> {
    let free = |b: &usize| part_of[*b].is_none();
    // The first of the largest lines, so that parallel lines come out
    // alike (the rows of a queens board, not a mix of directions).
    let seed = conflicts.member_of[a]
        .iter()
        .map(|&c| &conflicts.cliques[c])
        .rev()
        .max_by_key(|c| c.iter().filter(|b| free(b)).count());
    let mut group: Vec<usize> = match seed {
        Some(line) => line.iter().copied().filter(free).collect(),
        None => vec![a],
    };
    for b in conflicts.neighbours(a) {
        if free(&b) && !group.contains(&b) && group.iter().all(|&m| conflicts.exclude(b, m)) {
            group.push(b);
        }
    }
    group.sort_unstable();
    group
}

/// Merges groups of one into pairs along alternating paths through groups
/// of two: `s - a=b - c=d - t` becomes `s=a`, `b=c`, `d=t`. Each search is
/// a breadth-first walk visiting a literal at most once, so every path it
/// finds is simple and every new pair excludes itself.
fn pair_lone_literals(conflicts: &Conflicts, parts: &mut [Vec<usize>]) {
    let n = conflicts.member_of.len();
    let mut part_of = vec![0usize; n];
    for (p, part) in parts.iter().enumerate() {
        for &m in part {
            part_of[m] = p;
        }
    }
    let mut budget = AUGMENT_STEPS;
    for start in 0..n {
        if parts[part_of[start]].len() != 1 || budget == 0 {
            continue;
        }
        if let Some(path) = augmenting_path(conflicts, parts, &part_of, start, &mut budget) {
            apply(parts, &mut part_of, &path);
        }
    }
}

/// An alternating path from the lone `start` to another lone literal:
/// `[start, a, b, c, d, ..., t]` where each `(a, b)` is a pair today.
fn augmenting_path(
    conflicts: &Conflicts,
    parts: &[Vec<usize>],
    part_of: &[usize],
    start: usize,
    budget: &mut usize,
) -> Option<Vec<usize>> {
    let mut came_from: HashMap<usize, usize> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    came_from.insert(start, start);
    while let Some(v) = queue.pop_front() {
        for w in conflicts.neighbours(v) {
            *budget = budget.checked_sub(1)?;
            if came_from.contains_key(&w) {
                continue;
            }
            let group = &parts[part_of[w]];
            if group.len() == 1 {
                came_from.insert(w, v);
                return Some(trace(&came_from, start, w));
            }
            if group.len() == 2 {
                let mate = if group[0] == w { group[1] } else { group[0] };
                if came_from.contains_key(&mate) {
                    continue;
                }
                came_from.insert(w, v);
                came_from.insert(mate, w);
                queue.push_back(mate);
            }
        }
    }
    None
}

/// The path from `start` to `end` through `came_from`, start first.
fn trace(came_from: &HashMap<usize, usize>, start: usize, end: usize) -> Vec<usize> {
    let mut path = vec![end];
    let mut at = end;
    while at != start {
        at = came_from[&at];
        path.push(at);
    }
    path.reverse();
    path
}

/// Re-pairs the literals of an augmenting path two by two.
fn apply(parts: &mut [Vec<usize>], part_of: &mut [usize], path: &[usize]) {
    let mut freed: Vec<usize> = path.iter().map(|&v| part_of[v]).collect();
    freed.sort_unstable();
    freed.dedup();
    for &p in &freed {
        parts[p].clear();
    }
    for (pair, &p) in path.chunks(2).zip(&freed) {
        let mut group = pair.to_vec();
        group.sort_unstable();
        for &m in &group {
            part_of[m] = p;
        }
        parts[p] = group;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Constraint, Var};

    fn lits(ids: &[u32]) -> Vec<Lit> {
        ids.iter()
            .map(|&i| Var::from_dimacs(i).positive())
            .collect()
    }

    fn model_with(n: u32, constraints: Vec<Constraint>) -> Model {
        let mut model = Model::default();
        for i in 1..=n {
            model.new_var(format!("v{i}"));
        }
        for c in constraints {
            model.add(c, 0);
        }
        model
    }

    /// No solution of the (small) model has both `a` and `b` true.
    fn excludes(model: &Model, a: Lit, b: Lit) -> bool {
        let n = model.n_vars();
        (0..1u32 << n).all(|bits| {
            let values: Vec<bool> = (0..n).map(|i| bits >> i & 1 != 0).collect();
            let value = |l: Lit| l.eval(values[l.var().index()]);
            !(model.satisfied_by(&values) && value(a) && value(b))
        })
    }

    /// Every group's members exclude each other in the model.
    fn assert_cliques(model: &Model, gains: &[Lit], parts: &[Vec<usize>]) {
        let mut seen = vec![false; gains.len()];
        for part in parts {
            for (i, &a) in part.iter().enumerate() {
                assert!(!seen[a]);
                seen[a] = true;
                for &b in &part[i + 1..] {
                    assert!(excludes(model, gains[a], gains[b]), "{a} {b}");
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn a_path_of_binary_clauses_is_paired_perfectly() {
        // 1-2-3-4-5-6 as a path: greedy pairs (1,2), (3,4), (5,6).
        let edge = |a: u32, b: u32| Constraint::Clause(vec![!lits(&[a])[0], !lits(&[b])[0]]);
        let model = model_with(6, (1..6).map(|a| edge(a, a + 1)).collect());
        let gains = lits(&[1, 2, 3, 4, 5, 6]);
        let parts = clique_cover(&model, &gains);
        assert_cliques(&model, &gains, &parts);
        assert_eq!(parts.len(), 3);
    }

    #[test]
    fn lone_literals_are_paired_along_alternating_paths() {
        // Edges 2-3, 1-3, 2-4 in the order 2, 3, 1, 4: the greedy pairs
        // (2,3) and leaves 1 and 4 alone; the path 1-3=2-4 pairs them all.
        let edge = |a: u32, b: u32| Constraint::Clause(vec![!lits(&[a])[0], !lits(&[b])[0]]);
        let model = model_with(4, vec![edge(2, 3), edge(1, 3), edge(2, 4)]);
        let gains = lits(&[2, 3, 1, 4]);
        let parts = clique_cover(&model, &gains);
        assert_cliques(&model, &gains, &parts);
        assert_eq!(parts.len(), 2, "{parts:?}");
    }

    #[test]
    fn lines_become_groups_and_unrelated_literals_stay_alone() {
        let model = model_with(
            5,
            vec![
                Constraint::AtMostOne(lits(&[1, 2, 3])),
                Constraint::Clause(lits(&[4, 5])),
            ],
        );
        let gains = lits(&[1, 2, 3, 4, 5]);
        let parts = clique_cover(&model, &gains);
        assert_cliques(&model, &gains, &parts);
        assert_eq!(parts, vec![vec![0, 1, 2], vec![3], vec![4]]);
    }
}

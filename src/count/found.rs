//! The solutions an engine found all at once ([`Found`]: the clique search,
//! the row search), handed out one at a time. The search returns one
//! member of each class under the symmetries it pruned with; a count of every solution spreads each class into its
//! members as it is reached (memory grows with the classes, not with the
//! solutions), and a count of classes (`--up-to-symmetry`) takes each
//! class's canonical member under the board's group without spreading
//! at all — when every symmetry the search pruned with is one of the
//! group's, else by spreading and keeping the canonical members.

use std::collections::HashMap;

use super::checked::{content, decision_cells};
use crate::answer::decode::placement_of_cells;
use crate::answer::decode::CellVar;
use crate::board::orbit::Orbits;
use crate::diag::plural;
use crate::instance::Instance;
use crate::model::Var;
use crate::solve::every::{Every, Symmetries};

/// The solutions the clique search found, handed out one at a time.
pub(super) struct Found {
    /// What is handed out next, a class at a time.
    classes: std::vec::IntoIter<Vec<Var>>,
    /// Spread each class into its members (else it is handed out as it is).
    spread: Option<Symmetries>,
    /// The members of the class being handed out, the next one last.
    members: Vec<Vec<Var>>,
    n_decisions: usize,
    pub(super) complete: bool,
    /// The search stopped at the most classes it keeps.
    pub(super) overflowed: bool,
    nodes: u64,
    classes_found: usize,
    describe: String,
}

impl Found {
    /// The solutions of `target` the clique search found (`every`): all,
    /// or with `orbits` the canonical member of each class.
    pub(super) fn of(every: Every, target: &Instance, orbits: Option<&Orbits>) -> Found {
        let classes_found = every.classes.len();
        let (classes, spread) = match orbits {
            None => (every.classes, Some(every.symmetries)),
            Some(orbits) => (canonical_members(&every, target, orbits), None),
        };
        Found {
            classes: classes.into_iter(),
            spread,
            members: Vec::new(),
            n_decisions: target.model.n_decisions() as usize,
            complete: every.complete,
            overflowed: every.overflowed,
            nodes: every.nodes,
            classes_found,
            describe: every.describe,
        }
    }

    /// The next solution, as its counted variables; `None` once all were
    /// handed out.
    pub(super) fn next_set(&mut self) -> Option<Vec<Var>> {
        loop {
            if let Some(set) = self.members.pop() {
                return Some(set);
            }
            let class = self.classes.next()?;
            let Some(symmetries) = &self.spread else {
                return Some(class);
            };
            self.members = symmetries.members(&class);
            self.members.reverse();
        }
    }

    /// For a note: what was searched, its nodes and the classes found.
    pub(super) fn describe(&self) -> String {
        format!(
            "{}; {} nodes, {} of solutions under its symmetries",
            self.describe,
            self.nodes,
            plural(self.classes_found as u64, "class", "classes")
        )
    }

    /// The values of the decision variables of a solution: its counted
    /// variables true.
    pub(super) fn values(&self, set: &[Var]) -> Vec<bool> {
        values(set, self.n_decisions)
    }
}

/// The values of `n_decisions` decision variables with those of `set` true.
fn values(set: &[Var], n_decisions: usize) -> Vec<bool> {
    let mut values = vec![false; n_decisions];
    for v in set {
        values[v.index()] = true;
    }
    values
}

/// The canonical member under `orbits` of each class the search found
/// (`every`), each once, sorted: taken from the class's one member when
/// every symmetry of the search is one of the group's (a class of the
/// search then lies in one class of the group), else found among the
/// members of every class.
fn canonical_members(every: &Every, target: &Instance, orbits: &Orbits) -> Vec<Vec<Var>> {
    let by_class = PieceCells::of(target, &every.symmetries)
        .filter(|cells| cells.within(&every.symmetries, orbits))
        .and_then(|cells| {
            every
                .classes
                .iter()
                .map(|class| cells.canonical(class, orbits))
                .collect::<Option<Vec<_>>>()
        });
    let mut canonical = by_class.unwrap_or_else(|| canonical_among_members(every, target, orbits));
    canonical.sort_unstable();
    canonical.dedup();
    canonical
}

/// The members of every class the search found (`every`) that are
/// canonical under `orbits`.
fn canonical_among_members(every: &Every, target: &Instance, orbits: &Orbits) -> Vec<Vec<Var>> {
    let n_decisions = target.model.n_decisions() as usize;
    let decisions = decision_cells(target);
    let is_canonical = |set: &Vec<Var>| {
        let values = values(set, n_decisions);
        let placement = placement_of_cells(&decisions, target.board.n_cells(), &values);
        orbits.is_canonical(&content(target, &placement))
    };
    every
        .classes
        .iter()
        .flat_map(|class| every.symmetries.members(class))
        .filter(is_canonical)
        .collect()
}

/// The cell of each counted variable, when each holds a piece.
struct PieceCells {
    cell: HashMap<Var, usize>,
    var: HashMap<usize, Var>,
}

impl PieceCells {
    /// `None` unless every variable the search counts places a piece.
    fn of(target: &Instance, symmetries: &Symmetries) -> Option<PieceCells> {
        let pieces: HashMap<Var, usize> = decision_cells(target)
            .into_iter()
            .filter_map(|(i, cell)| match cell {
                CellVar::Piece(c) => Some((Var::from_dimacs(i as u32 + 1), c)),
                CellVar::Wall(_) | CellVar::KindPiece { .. } => None,
            })
            .collect();
        let cell: HashMap<Var, usize> = symmetries
            .vertices()
            .iter()
            .map(|v| pieces.get(v).map(|&c| (*v, c)))
            .collect::<Option<_>>()?;
        let var = cell.iter().map(|(&v, &c)| (c, v)).collect();
        Some(PieceCells { cell, var })
    }

    /// Whether every symmetry of the search is one of `orbits`' group.
    fn within(&self, symmetries: &Symmetries, orbits: &Orbits) -> bool {
        (0..symmetries.order() - 1).all(|g| {
            let pairs: Vec<(usize, usize)> = symmetries
                .pairs(g)
                .map(|(v, w)| (self.cell[&v], self.cell[&w]))
                .collect();
            orbits.extends(&pairs)
        })
    }

    /// The canonical member under `orbits` of the class of `set`; `None`
    /// when it holds a cell the search does not count.
    fn canonical(&self, set: &[Var], orbits: &Orbits) -> Option<Vec<Var>> {
        let mut cells: Vec<usize> = set.iter().map(|v| self.cell[v]).collect();
        cells.sort_unstable();
        let mut vars: Vec<Var> = orbits
            .canonical_set(&cells)
            .0
            .iter()
            .map(|c| self.var.get(c).copied())
            .collect::<Option<_>>()?;
        vars.sort_unstable();
        Some(vars)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{classes_for, End, Solutions};
    use super::*;
    use crate::instance::{load_source, LoadOptions};
    use crate::solve::Stop;
    use std::borrow::Cow;

    fn load(src: &str) -> Instance {
        load_source("case.qspec", src, &[], &LoadOptions::default()).unwrap()
    }

    fn every(instance: &Instance) -> Every {
        let stop = Stop::new(None);
        crate::solve::clique::enumerate::every(&instance.model, 2, &stop, &mut |_| {}, usize::MAX)
            .unwrap()
    }

    /// The class size of each solution the clique search hands out,
    /// keeping up to `keep` classes (1 each when classes are not
    /// counted), and how the count ended; `None` where it hands over to
    /// CaDiCaL.
    fn listed(instance: &Instance, up_to_symmetry: bool, keep: usize) -> Option<(Vec<u64>, End)> {
        let orbits = classes_for(instance, up_to_symmetry, true).unwrap();
        let stop = Stop::new(None);
        let mut solutions = Solutions::by_engine_keeping(
            &crate::solve::clique::CLIQUE,
            Cow::Borrowed(instance),
            None,
            orbits,
            None,
            &stop,
            2,
            &mut |_| {},
            keep,
        )
        .unwrap()?;
        let mut sizes = Vec::new();
        while let Some(solution) = solutions.next_solution().unwrap() {
            sizes.push(solution.class_size.unwrap_or(1));
        }
        Some((sizes, solutions.end().unwrap()))
    }

    const CASES: [&str; 4] = [
        "board 8 x 8\npiece queen\nrule no_attack\ncount == 8\n",
        "board 6 x 6\npiece queen\nrule no_attack\ncount >= 5\n",
        "board 3^3\npiece queen\nrule no_attack\ncount >= 3\n",
        "board 3^5\npiece queen\nrule no_attack\ncount == 2\n",
    ];

    #[test]
    fn a_class_of_the_search_gives_its_canonical_member_as_spreading_does() {
        for src in CASES {
            let instance = load(src);
            let orbits = classes_for(&instance, true, true).unwrap().unwrap();
            let every = every(&instance);
            let cells = PieceCells::of(&instance, &every.symmetries).unwrap();
            assert!(cells.within(&every.symmetries, &orbits), "{src}");
            let mut spread = canonical_among_members(&every, &instance, &orbits);
            spread.sort_unstable();
            assert_eq!(
                canonical_members(&every, &instance, &orbits),
                spread,
                "{src}"
            );
            assert!(spread.len() <= every.classes.len(), "{src}");
        }
    }

    #[test]
    fn the_class_sizes_add_up_to_every_solution_spread() {
        // 8 queens: 12 classes, 92; 3^5 (3840 symmetries, beyond CaDiCaL's
        // 1024) counted both ways by the clique search alone.
        for src in CASES {
            let instance = load(src);
            let (classes, end) = listed(&instance, true, usize::MAX).unwrap();
            let (every, every_end) = listed(&instance, false, usize::MAX).unwrap();
            assert_eq!((end, every_end), (End::Complete, End::Complete), "{src}");
            assert_eq!(classes.iter().sum::<u64>(), every.len() as u64, "{src}");
        }
        let queens = load(CASES[0]);
        assert_eq!(listed(&queens, true, usize::MAX).unwrap().0.len(), 12);
    }

    #[test]
    fn past_the_classes_it_keeps_cadical_takes_over_where_it_can() {
        // 8 queens' 12 classes, 2 kept: CaDiCaL lists them instead (no
        // group, or one of 8).
        let queens = load(CASES[0]);
        assert_eq!(listed(&queens, false, 2), None);
        assert_eq!(listed(&queens, true, 2), None);
        // 3^5's group of 3840 is beyond CaDiCaL's: the classes kept are
        // counted, each verified and canonical, and the count says it
        // stopped at the most it keeps.
        let cube = load(CASES[3]);
        let (all, _) = listed(&cube, true, usize::MAX).unwrap();
        assert!(all.len() > 3, "3^5, 2 queens: {} classes", all.len());
        let (kept, end) = listed(&cube, true, 2).unwrap();
        assert_eq!(end, End::Capacity);
        assert!(kept.len() > 2 && kept.len() <= all.len(), "{}", kept.len());
    }
}

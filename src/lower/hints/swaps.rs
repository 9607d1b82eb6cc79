//! Which kinds of piece may trade places: the permutations of a model's
//! kinds that carry it onto itself (`piece white queen`, `piece black
//! queen`, `rule white no_attack black`, `count white == count black`:
//! white and black swap). With the board's symmetries they make the group
//! that `hint break_symmetry` and `count --up-to-symmetry` use on a model
//! of several kinds.
//!
//! A permutation `s` of the kinds is kept when every statement about
//! kinds, renamed by `s`, is a statement the model has:
//!
//! * each kind moves as the kind it becomes;
//! * `rule A no_attack B` becomes `rule s(A) no_attack s(B)` (between
//!   kinds that move alike the rule reads both ways: rays stop at any
//!   piece, so A attacks B exactly where B attacks A);
//! * the counts of kinds and their comparisons, and the scoped counts of a
//!   kind, are renamed likewise (`count A <= count B` is `count B >= count
//!   A`);
//! * kinds whose counts are equal in every solution make one class: said
//!   equal (`count white == count black`, or `<=` both ways), closed
//!   transitively (`count a == count b`, `count b == count c` ties `a` and
//!   `c` as `count a == count c` would), or fixed to the same number
//!   (`count a == 2`, `count b == 2`). A permutation keeps the classes,
//!   and the bounds and comparisons of counts are said of classes: a
//!   bound on one kind of a class bounds them all, and `maximize count
//!   white` is also `maximize count black` (`count --optimal` fixes the
//!   objective with a bound on one).
//!
//! So the group comes from what the model says, not from how its counts
//! are written (`tests/suite/kinds.rs` checks it against brute force).

use crate::board::symmetry::{next_permutation, SignedPerm};
use crate::board::{moves, Board};
use crate::language::{CountsCompared, RuleSpec, Spec};
use crate::model::{PieceKind, Rel};
use std::collections::BTreeSet;

/// A permutation of the kinds: `perm[k]` is the kind `k` becomes.
pub type KindPerm = Vec<PieceKind>;

/// A symmetry of a model of several kinds: a symmetry of the board and a
/// permutation of the kinds, applied together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindSymmetry {
    /// Where the cells go.
    pub board: SignedPerm,
    /// What the kinds become.
    pub kinds: KindPerm,
}

impl KindSymmetry {
    /// Whether it moves no cell and renames no kind.
    pub fn is_identity(&self) -> bool {
        self.board.is_identity() && self.kinds.iter().enumerate().all(|(i, &k)| i == k)
    }

    /// Where it sends each position of the kinds' layers: a piece of kind
    /// `k` on cell `c` is position `k * n_cells + c`, and goes to the piece
    /// of kind `kinds[k]` on the board's image of `c`.
    pub fn position_map(&self, board: &Board) -> Vec<usize> {
        let cells = self.board.cell_map(board);
        let n = board.n_cells();
        self.kinds
            .iter()
            .flat_map(|&k| cells.iter().map(move |&c| k * n + c))
            .collect()
    }
}

/// Every pair of a board symmetry of `board_group` and a kind permutation
/// of `kinds`, the identity first (both lists start with theirs).
pub fn product(board_group: &[SignedPerm], kinds: &[KindPerm]) -> Vec<KindSymmetry> {
    kinds
        .iter()
        .flat_map(|perm| {
            board_group.iter().map(move |g| KindSymmetry {
                board: g.clone(),
                kinds: perm.clone(),
            })
        })
        .collect()
}

/// The most kinds whose permutations are tried (8! = 40320).
const MOST_KINDS: usize = 8;

/// The permutations of `spec`'s kinds that carry the model onto itself,
/// the identity first. A model of one kind, or of more than eight, has
/// the identity alone.
pub fn kind_permutations(spec: &Spec) -> Vec<KindPerm> {
    let n = spec.kinds.len();
    let identity: KindPerm = (0..n).collect();
    if !(2..=MOST_KINDS).contains(&n) {
        return vec![identity];
    }
    let statements = Statements::of(spec);
    let mut perm = identity.clone();
    let mut kept = vec![identity];
    while next_permutation(&mut perm) {
        if statements.kept_by(&perm) {
            kept.push(perm.clone());
        }
    }
    kept
}

/// The statements about kinds, each in one normal form: what the model
/// says, not how it is written. Kinds whose counts are equal in every
/// solution make one class, and the bounds and comparisons of counts are
/// said of the classes.
struct Statements {
    /// Each kind's least kind that moves as it does.
    movers: Vec<PieceKind>,
    /// Each kind's class of equal counts ([`equal_counts`]), by its least
    /// kind.
    equal: Vec<PieceKind>,
    /// Each kind's class's count, as the bounds on its kinds leave it:
    /// from `low` to `high`.
    range: Vec<(u32, u32)>,
    rules: BTreeSet<(PieceKind, PieceKind)>,
    /// `rule white attacks rel k`: the kind, the comparison and the bound.
    attack_counts: BTreeSet<(PieceKind, u8, u32)>,
    /// Two classes' counts compared, read from both sides.
    compared: BTreeSet<(PieceKind, PieceKind, u8, i64)>,
    scoped: Vec<(Option<PieceKind>, String)>,
    /// The class of the kind the objective counts.
    objective: Option<PieceKind>,
}

impl Statements {
    fn of(spec: &Spec) -> Statements {
        let equal = equal_counts(spec);
        let range = ranges(spec, &equal);
        let all: Vec<_> = spec.kinds.iter().map(|k| moves(&k.piece)).collect();
        let movers: Vec<PieceKind> = all
            .iter()
            .map(|m| all.iter().position(|other| other == m).unwrap_or(0))
            .collect();
        let same_moves = |a: PieceKind, b: PieceKind| movers[a] == movers[b];
        let rules = spec
            .rules
            .iter()
            .filter_map(|r| match *r {
                RuleSpec::NoAttackOn { attacker, target } => Some((attacker, target)),
                _ => None,
            })
            .flat_map(|(a, b)| {
                let both_ways = same_moves(a, b);
                std::iter::once((a, b)).chain(both_ways.then_some((b, a)))
            })
            .collect();
        let attack_counts = spec
            .rules
            .iter()
            .filter_map(|r| match *r {
                RuleSpec::AttacksOf { kind, rel, k } => Some((kind, rel as u8, k)),
                _ => None,
            })
            .collect();
        let compared = spec
            .counts_compared()
            .iter()
            .flat_map(|c| [*c, mirrored(c)])
            .map(|c| (equal[c.left], equal[c.right], c.rel, c.offset))
            .filter(|&(a, b, rel, offset)| a != b || !rel.holds(0, offset))
            .map(|(a, b, rel, offset)| (a, b, rel as u8, offset))
            .collect();
        let scoped = spec
            .scoped_counts()
            .iter()
            .map(|c| (c.kind, format!("{:?} {:?} {}", c.scope, c.rel, c.k)))
            .collect();
        let objective = spec.objective.and_then(|o| o.kind).map(|k| equal[k]);
        Statements {
            movers,
            equal,
            range,
            rules,
            attack_counts,
            compared,
            scoped,
            objective,
        }
    }

    /// Whether renaming the kinds by `perm` gives the same statements.
    fn kept_by(&self, perm: &[PieceKind]) -> bool {
        let n = perm.len();
        let moves_kept = (0..n).all(|k| self.movers[k] == self.movers[perm[k]]);
        let class = |k: PieceKind| self.equal[perm[k]];
        // Classes go onto classes: two kinds are in one class exactly
        // when their images are.
        let classes_kept = (0..n)
            .all(|a| (0..n).all(|b| (self.equal[a] == self.equal[b]) == (class(a) == class(b))));
        let ranges_kept = (0..n).all(|k| self.range[k] == self.range[perm[k]]);
        let rules_kept = self
            .rules
            .iter()
            .all(|&(a, b)| self.rules.contains(&(perm[a], perm[b])));
        let attack_counts_kept = self
            .attack_counts
            .iter()
            .all(|&(k, rel, bound)| self.attack_counts.contains(&(perm[k], rel, bound)));
        let compared_kept = self
            .compared
            .iter()
            .all(|&(a, b, rel, offset)| self.compared.contains(&(class(a), class(b), rel, offset)));
        let scoped: BTreeSet<_> = self.scoped.iter().collect();
        let scoped_kept = self
            .scoped
            .iter()
            .all(|(kind, rest)| scoped.contains(&(kind.map(|k| perm[k]), rest.clone())));
        let objective_kept = self.objective.is_none_or(|k| class(k) == k);
        moves_kept
            && classes_kept
            && ranges_kept
            && rules_kept
            && attack_counts_kept
            && compared_kept
            && scoped_kept
            && objective_kept
    }
}

/// Each kind's class of kinds whose counts are equal in every solution,
/// named by its least kind: the counts said equal (`count A == count B`,
/// or `<=` both ways), closed transitively, and the kinds whose counts are
/// fixed to the same number (`count A == 2`, `count B == 2`).
fn equal_counts(spec: &Spec) -> Vec<PieceKind> {
    let mut classes = UnionFind::new(spec.kinds.len());
    let said: BTreeSet<(PieceKind, PieceKind, Rel)> = spec
        .counts_compared()
        .iter()
        .flat_map(|c| [*c, mirrored(c)])
        .filter(|c| c.offset == 0)
        .map(|c| (c.left, c.right, c.rel))
        .collect();
    for &(a, b, rel) in &said {
        let both_ways = rel == Rel::Le && said.contains(&(a, b, Rel::Ge));
        if rel == Rel::Eq || both_ways {
            classes.join(a, b);
        }
    }
    let equal = classes.roots();
    let range = ranges(spec, &equal);
    for a in 0..equal.len() {
        for b in 0..a {
            let (low, high) = range[a];
            if low == high && range[b] == (low, high) {
                classes.join(a, b);
            }
        }
    }
    classes.roots()
}

/// Each kind's class's count range under the bounds on its kinds (`count
/// white >= 2`): `(0, u32::MAX)` when nothing bounds it.
fn ranges(spec: &Spec, equal: &[PieceKind]) -> Vec<(u32, u32)> {
    let mut range = vec![(0, u32::MAX); equal.len()];
    for c in &spec.kind_counts() {
        let (low, high) = &mut range[equal[c.kind]];
        if c.rel != Rel::Le {
            *low = (*low).max(c.k);
        }
        if c.rel != Rel::Ge {
            *high = (*high).min(c.k);
        }
    }
    (0..equal.len()).map(|k| range[equal[k]]).collect()
}

/// Classes of kinds, joined two at a time, each named by its least kind.
struct UnionFind(Vec<PieceKind>);

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind((0..n).collect())
    }

    fn root(&mut self, k: PieceKind) -> PieceKind {
        let mut r = k;
        while self.0[r] != r {
            r = self.0[r];
        }
        self.0[k] = r;
        r
    }

    fn join(&mut self, a: PieceKind, b: PieceKind) {
        let (a, b) = (self.root(a), self.root(b));
        self.0[a.max(b)] = a.min(b);
    }

    fn roots(&mut self) -> Vec<PieceKind> {
        (0..self.0.len()).map(|k| self.root(k)).collect()
    }
}

/// `count B rel' count A` for `count A rel count B`: the same statement
/// read from the other side.
fn mirrored(c: &CountsCompared) -> CountsCompared {
    let rel = match c.rel {
        Rel::Le => Rel::Ge,
        Rel::Ge => Rel::Le,
        Rel::Eq => Rel::Eq,
    };
    CountsCompared {
        left: c.right,
        right: c.left,
        rel,
        offset: -c.offset,
    }
}

/// Each kind's least kind among those its count is said equal to, through
/// `count A == count B` statements (a chain of them ties all its kinds).
pub fn tied_counts(spec: &Spec) -> Vec<PieceKind> {
    let mut tied = UnionFind::new(spec.kinds.len());
    for c in &spec.counts_compared() {
        if c.rel == Rel::Eq && c.offset == 0 {
            tied.join(c.left, c.right);
        }
    }
    tied.roots()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::load;

    fn perms(source: &str) -> Vec<KindPerm> {
        kind_permutations(&load("k.qspec", source, &[]).unwrap())
    }

    const PEACEABLE: &str = "board 5 x 5\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\n";

    #[test]
    fn peaceable_armies_swap_colours() {
        assert_eq!(perms(PEACEABLE), vec![vec![0, 1], vec![1, 0]]);
        let objective = format!("{PEACEABLE}maximize count white\n");
        assert_eq!(perms(&objective).len(), 2);
        let bounded = format!("{PEACEABLE}count black >= 3\n");
        assert_eq!(perms(&bounded).len(), 2, "a bound on one of two tied kinds");
    }

    #[test]
    fn a_statement_one_kind_alone_makes_keeps_the_kinds_apart() {
        let untied = "board 5 x 5\npiece white queen\npiece black queen\nrule white no_attack black\nmaximize count white\n";
        assert_eq!(perms(untied), vec![vec![0, 1]]);
        let bounded = "board 5 x 5\npiece white queen\npiece black queen\nrule white no_attack black\ncount white >= 3\n";
        assert_eq!(perms(bounded), vec![vec![0, 1]]);
        let more = "board 5 x 5\npiece white queen\npiece black queen\nrule white no_attack black\ncount white > count black\n";
        assert_eq!(perms(more), vec![vec![0, 1]]);
        let per_row = "board 5 x 5\npiece white queen\npiece black queen\nrule white no_attack black\ncount white per row <= 1\n";
        assert_eq!(perms(per_row), vec![vec![0, 1]]);
        let both_rows = format!("{per_row}count black per row <= 1\n");
        assert_eq!(perms(&both_rows).len(), 2);
    }

    #[test]
    fn kinds_that_move_differently_never_swap() {
        let mixed = "board 4 x 4\npiece queen\npiece knight\nrule queen no_attack knight\nrule knight no_attack queen\ncount queen == count knight\n";
        assert_eq!(perms(mixed), vec![vec![0, 1]]);
    }

    #[test]
    fn a_rule_one_way_between_leapers_still_reads_both_ways() {
        let knights = "board 4 x 4\npiece red knight\npiece blue knight\nrule red no_attack blue\n";
        assert_eq!(perms(knights).len(), 2);
    }
}

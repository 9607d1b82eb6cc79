//! The verifier: checks a placement against the spec from the board geometry
//! alone — walking rays, counting attacks, walls, fixed and forbidden cells by
//! brute force. It never looks at the model or the encoding, so it can judge
//! them (it is also the tests' oracle).
//!
//! ```
//! let queens = qspec::load_source("q.qspec", "board 4 x 4\nrule no_attack\ncount == 4\n", &[], &Default::default())?;
//! let mut p = qspec::Placement::empty(16);
//! for cell in [[0, 0], [1, 1], [2, 3], [3, 2]] {
//!     p.pieces[queens.board.index(&cell)] = true;
//! }
//! let broken = qspec::verify(&queens.spec, &queens.board, &p);
//! assert!(!broken.is_empty()); // (0,0) and (1,1) share a diagonal
//! assert!(broken[0].to_string().contains("attacks"));
//! # Ok::<(), qspec::Error>(())
//! ```

use crate::board::piece::{moves, Moves};
use crate::board::sets::{set_name, sets, shortest_binding, Scope};
use crate::board::{show, Board, Placement};
use crate::language::{Quantity, RuleSpec, Spec};
use crate::model::Rel;
use std::fmt;

/// One broken rule, with the cells involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A piece stands on a wall.
    PieceOnWall(Vec<usize>),
    /// A piece stands on a forbidden cell.
    ForbiddenOccupied(Vec<usize>),
    /// A fixed cell holds no piece.
    FixedEmpty(Vec<usize>),
    /// `rule no_attack`: the first piece attacks the second.
    Attack(Vec<usize>, Vec<usize>),
    /// `rule white no_attack black`: a piece of the one kind attacks one of
    /// the other.
    KindAttack {
        /// The rule, as written: `rule white no_attack black`.
        rule: String,
        /// The attacking piece.
        from: Vec<usize>,
        /// The attacked piece.
        to: Vec<usize>,
    },
    /// A bound on one kind's count, or two kinds' counts compared, fails.
    KindCount {
        /// The statement, normalised: `count white >= 9`.
        count: String,
        /// What the board holds: `3 white, 2 black`.
        holds: String,
    },
    /// `rule attacks rel k`: this piece attacks `attacked` others.
    AttackCount {
        /// The kind whose attacks the rule counts (`rule white attacks
        /// == 2`), or `None` for every piece.
        kind: Option<String>,
        /// The attacking piece.
        cell: Vec<usize>,
        /// The pieces it attacks.
        attacked: Vec<Vec<usize>>,
        /// The rule's comparison.
        rel: Rel,
        /// The rule's bound.
        k: u32,
    },
    /// `rule dominate`: nothing stands on or attacks this cell.
    NotDominated(Vec<usize>),
    /// A `count` bound fails.
    Count {
        /// Pieces on the board.
        pieces: usize,
        /// The bound's comparison.
        rel: Rel,
        /// The bound.
        k: u32,
    },
    /// A scoped count fails on one of its sets: `count per row == 1` on a
    /// row of two pieces.
    ScopedCount {
        /// The statement, normalised: `count per row = 1`.
        count: String,
        /// The set, in words: `row 3`, `region 'a'`, `the line (0,0)..(2,2)`.
        set: String,
        /// The pieces on it.
        pieces: Vec<Vec<usize>>,
    },
    /// A `walls` bound fails.
    WallCount {
        /// Walls chosen.
        walls: usize,
        /// The bound's comparison.
        rel: Rel,
        /// The bound.
        k: u32,
    },
    /// Chosen walls without `walls free`.
    UnexpectedWall(Vec<usize>),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::PieceOnWall(c) => write!(f, "a piece stands on the wall at {}", show(c)),
            Violation::ForbiddenOccupied(c) => {
                write!(
                    f,
                    "forbid: a piece stands on the forbidden cell {}",
                    show(c)
                )
            }
            Violation::FixedEmpty(c) => write!(f, "fix: no piece on the fixed cell {}", show(c)),
            Violation::Attack(a, b) => {
                write!(f, "rule no_attack: {} attacks {}", show(a), show(b))
            }
            Violation::KindAttack { rule, from, to } => {
                write!(f, "{rule}: {} attacks {}", show(from), show(to))
            }
            Violation::KindCount { count, holds } => {
                write!(f, "{count}: the board holds {holds}")
            }
            Violation::AttackCount {
                kind,
                cell,
                attacked,
                rel,
                k,
            } => {
                let list: Vec<String> = attacked.iter().map(|c| show(c)).collect();
                let whose = kind.as_ref().map(|k| format!("{k} ")).unwrap_or_default();
                write!(
                    f,
                    "rule {whose}attacks {} {k}: the piece on {} attacks {} ({})",
                    rel.symbol(),
                    show(cell),
                    attacked.len(),
                    if list.is_empty() {
                        "none".to_string()
                    } else {
                        list.join(" ")
                    }
                )
            }
            Violation::NotDominated(c) => {
                write!(
                    f,
                    "rule dominate: cell {} is neither occupied nor attacked",
                    show(c)
                )
            }
            Violation::Count { pieces, rel, k } => {
                write!(
                    f,
                    "count {} {k}: the board holds {}",
                    rel.symbol(),
                    crate::diag::plural(*pieces as u64, "piece", "pieces")
                )
            }
            Violation::ScopedCount { count, set, pieces } => {
                let cells: Vec<String> = pieces.iter().map(|c| show(c)).collect();
                write!(
                    f,
                    "{count}: {set} holds {}",
                    crate::diag::plural(pieces.len() as u64, "piece", "pieces")
                )?;
                if cells.is_empty() {
                    Ok(())
                } else {
                    write!(f, " ({})", cells.join(" "))
                }
            }
            Violation::WallCount { walls, rel, k } => {
                write!(
                    f,
                    "walls {} {k}: the board has {walls} chosen walls",
                    rel.symbol()
                )
            }
            Violation::UnexpectedWall(c) => write!(
                f,
                "a wall is placed at {} but the model's walls are fixed",
                show(c)
            ),
        }
    }
}

/// Every rule of `spec` that `placement` breaks (empty: it is a solution).
pub fn verify(spec: &Spec, board: &Board, placement: &Placement) -> Vec<Violation> {
    Verifier::new(spec, board, placement).run()
}

/// Whether `placement` is a solution of `spec`.
pub fn is_solution(spec: &Spec, board: &Board, placement: &Placement) -> bool {
    verify(spec, board, placement).is_empty()
}

struct Verifier<'a> {
    spec: &'a Spec,
    board: &'a Board,
    p: &'a Placement,
    /// Each kind's moves, by kind (a piece of a kind the model does not
    /// have moves as the first kind).
    kind_moves: Vec<Moves>,
    out: Vec<Violation>,
}

impl<'a> Verifier<'a> {
    fn new(spec: &'a Spec, board: &'a Board, p: &'a Placement) -> Verifier<'a> {
        Verifier {
            spec,
            board,
            p,
            kind_moves: spec.kinds.iter().map(|k| moves(&k.piece)).collect(),
            out: Vec::new(),
        }
    }

    fn coords(&self, cell: usize) -> Vec<usize> {
        self.board.coords(cell)
    }

    fn blocked(&self, cell: usize) -> bool {
        self.board.is_wall(cell) || self.p.chosen_walls[cell]
    }

    fn run(mut self) -> Vec<Violation> {
        self.cells();
        for rule in &self.spec.rules {
            match *rule {
                RuleSpec::NoAttack => self.no_attack(),
                RuleSpec::Attacks(rel, k) => self.attack_counts(None, rel, k),
                RuleSpec::AttacksOf { kind, rel, k } => self.attack_counts(Some(kind), rel, k),
                RuleSpec::Dominate => self.dominate(),
                RuleSpec::NoAttackOn { attacker, target } => self.no_attack_on(attacker, target),
            }
        }
        self.counts();
        self.kind_counts();
        self.scoped_counts();
        self.out
    }

    fn cells(&mut self) {
        for c in 0..self.board.n_cells() {
            if self.p.pieces[c] && self.blocked(c) {
                self.out.push(Violation::PieceOnWall(self.coords(c)));
            }
            if self.p.chosen_walls[c] && !self.spec.free_walls {
                self.out.push(Violation::UnexpectedWall(self.coords(c)));
            }
        }
        for f in &self.spec.fixed {
            if !self.p.pieces[self.board.index(f)] {
                self.out.push(Violation::FixedEmpty(f.clone()));
            }
        }
        for f in &self.spec.forbidden {
            if self.p.pieces[self.board.index(f)] {
                self.out.push(Violation::ForbiddenOccupied(f.clone()));
            }
        }
    }

    /// Every step vector of the piece, both signs.
    fn signed(vectors: &[Vec<i64>]) -> Vec<Vec<i64>> {
        vectors
            .iter()
            .flat_map(|v| [v.clone(), v.iter().map(|x| -x).collect()])
            .collect()
    }

    /// The cells a rider from `from` reaches along `v`, nearest first, up to
    /// a wall or the edge; with `stop_at_piece`, up to and including the
    /// first piece.
    fn walk(&self, from: usize, v: &[i64], stop_at_piece: bool) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = from;
        while let Some(next) = self.board.step(at, v) {
            if next == from || self.blocked(next) {
                break;
            }
            out.push(next);
            if stop_at_piece && self.p.pieces[next] {
                break;
            }
            at = next;
        }
        out
    }

    /// The pieces attacked by the piece on `from`: the first piece on each
    /// ray, and pieces on leaper targets; each piece once.
    fn attacked_by(&self, from: usize) -> Vec<usize> {
        let mut hit = Vec::new();
        let moves = self
            .kind_moves
            .get(self.p.kinds[from])
            .unwrap_or(&self.kind_moves[0]);
        for v in Self::signed(&moves.riders) {
            if let Some(&last) = self.walk(from, &v, true).last() {
                if self.p.pieces[last] {
                    hit.push(last);
                }
            }
        }
        for v in Self::signed(&moves.leapers) {
            if let Some(to) = self.board.step(from, &v) {
                if to != from && self.p.pieces[to] {
                    hit.push(to);
                }
            }
        }
        hit.sort_unstable();
        hit.dedup();
        hit
    }

    fn pieces(&self) -> Vec<usize> {
        (0..self.board.n_cells())
            .filter(|&c| self.p.pieces[c])
            .collect()
    }

    fn no_attack(&mut self) {
        for a in self.pieces() {
            for b in self.attacked_by(a) {
                if a < b || !self.attacked_by(b).contains(&a) {
                    self.out
                        .push(Violation::Attack(self.coords(a), self.coords(b)));
                }
            }
        }
    }

    /// Every piece (of `kind`, if given) attacks `rel k` pieces.
    fn attack_counts(&mut self, kind: Option<usize>, rel: Rel, k: u32) {
        for a in self.pieces() {
            if kind.is_some_and(|kind| self.p.kinds[a] != kind) {
                continue;
            }
            let hit = self.attacked_by(a);
            if !rel.holds(hit.len() as i64, i64::from(k)) {
                self.out.push(Violation::AttackCount {
                    kind: kind.map(|kind| self.spec.kinds[kind].name.clone()),
                    cell: self.coords(a),
                    attacked: hit.iter().map(|&c| self.coords(c)).collect(),
                    rel,
                    k,
                });
            }
        }
    }

    fn dominate(&mut self) {
        let mut covered = self.p.pieces.clone();
        for a in self.pieces() {
            for v in Self::signed(&self.kind_moves[0].riders) {
                for c in self.walk(a, &v, false) {
                    covered[c] = true;
                }
            }
            for v in Self::signed(&self.kind_moves[0].leapers) {
                if let Some(to) = self.board.step(a, &v) {
                    covered[to] = true;
                }
            }
        }
        for (c, &is_covered) in covered.iter().enumerate() {
            if !is_covered && !self.blocked(c) {
                self.out.push(Violation::NotDominated(self.coords(c)));
            }
        }
    }

    fn counts(&mut self) {
        let pieces = self.p.n_pieces();
        for &(rel, k) in &self.spec.counts() {
            if !rel.holds(pieces as i64, i64::from(k)) {
                self.out.push(Violation::Count { pieces, rel, k });
            }
        }
        let walls = self.p.n_chosen_walls();
        for &(rel, k) in &self.spec.wall_bounds() {
            if !rel.holds(walls as i64, i64::from(k)) {
                self.out.push(Violation::WallCount { walls, rel, k });
            }
        }
    }
}

impl Verifier<'_> {
    /// `rule A no_attack B`: no piece of A attacks one of B.
    fn no_attack_on(&mut self, attacker: usize, target: usize) {
        let (a, t) = (&self.spec.kinds[attacker], &self.spec.kinds[target]);
        let rule = format!("rule {} no_attack {}", a.name, t.name);
        for from in self.pieces() {
            if self.p.kinds[from] != attacker {
                continue;
            }
            for to in self.attacked_by(from) {
                if self.p.kinds[to] == target {
                    self.out.push(Violation::KindAttack {
                        rule: rule.clone(),
                        from: self.coords(from),
                        to: self.coords(to),
                    });
                }
            }
        }
    }

    /// Every kind's bounds, and kinds' counts compared; a piece of a kind
    /// the model does not have.
    fn kind_counts(&mut self) {
        let kinds = &self.spec.kinds;
        let n = |k: usize| self.p.n_of_kind(k) as i64;
        let holds = |ks: &[usize]| -> String {
            let parts: Vec<String> = ks
                .iter()
                .map(|&k| format!("{} {}", n(k), kinds[k].name))
                .collect();
            parts.join(", ")
        };
        let mut out = Vec::new();
        for c in &self.spec.kind_counts() {
            if !c.rel.holds(n(c.kind), i64::from(c.k)) {
                out.push(Violation::KindCount {
                    count: format!("count {} {} {}", kinds[c.kind].name, c.rel.symbol(), c.k),
                    holds: holds(&[c.kind]),
                });
            }
        }
        for c in &self.spec.counts_compared() {
            if !c.rel.holds(n(c.left) - n(c.right), c.offset) {
                let (l, r) = (&kinds[c.left].name, &kinds[c.right].name);
                let offset = if c.offset == 0 {
                    String::new()
                } else {
                    format!(" {:+}", c.offset)
                };
                out.push(Violation::KindCount {
                    count: format!("count {l} {} count {r}{offset}", c.rel.symbol()),
                    holds: holds(&[c.left, c.right]),
                });
            }
        }
        for cell in self.pieces() {
            if self.p.kinds[cell] >= kinds.len() {
                out.push(Violation::KindCount {
                    count: "piece".into(),
                    holds: format!(
                        "a piece of no kind of the model on {}",
                        show(&self.coords(cell))
                    ),
                });
            }
        }
        self.out.extend(out);
    }

    /// Every set of every scoped count, its pieces counted.
    fn scoped_counts(&mut self) {
        for count in &self.spec.scoped_counts() {
            let shortest = shortest_binding(&count.scope, count.only_at_most());
            for set in sets(
                self.board,
                &count.scope,
                self.spec.regions.as_ref(),
                shortest,
            ) {
                let counted =
                    |c: usize| self.p.pieces[c] && count.kind.is_none_or(|k| self.p.kinds[c] == k);
                let on: Vec<usize> = set.iter().copied().filter(|&c| counted(c)).collect();
                if !count.rel.holds(on.len() as i64, i64::from(count.k)) {
                    self.out.push(Violation::ScopedCount {
                        count: count.text(&self.spec.kinds),
                        set: self.name_of(&count.scope, &set),
                        pieces: on.iter().map(|&c| self.coords(c)).collect(),
                    });
                }
            }
        }
    }

    /// A set of a scope, in words.
    fn name_of(&self, scope: &Scope, set: &[usize]) -> String {
        set_name(self.board, scope, self.spec.regions.as_ref(), set)
    }
}

/// The value of the spec's objective for `placement`, if it has one.
pub fn objective_value(spec: &Spec, placement: &Placement) -> Option<usize> {
    spec.objective.map(|o| match (o.target, o.kind) {
        (Quantity::Count, Some(kind)) => placement.n_of_kind(kind),
        (Quantity::Count, None) => placement.n_pieces(),
        (Quantity::Walls, _) => placement.n_chosen_walls(),
    })
}

/// Every ordered pair `(a, b)` of cells where the piece on `a` attacks the
/// piece on `b` (for drawing the lines of attack).
pub fn attack_pairs(spec: &Spec, board: &Board, placement: &Placement) -> Vec<(usize, usize)> {
    let v = Verifier::new(spec, board, placement);
    v.pieces()
        .into_iter()
        .flat_map(|a| v.attacked_by(a).into_iter().map(move |b| (a, b)))
        .collect()
}

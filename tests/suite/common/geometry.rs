//! The oracle's own geometry, written from the language's definitions
//! (docs/language.md) and sharing nothing with the library's board, pieces
//! or verifier: the cells of a box in row-major order, a step along a
//! vector (wrapping on a torus), every move of every built-in piece in any
//! dimension, the signed permutations of a custom piece's vectors, and the
//! rules checked by walking rays cell by cell. A wrong move vector or a
//! wrong step in the library would fool a verifier built on them; it
//! cannot fool this one.

use qspec::board::piece::BUILTIN_PIECES;
use qspec::board::sets::Scope;
use qspec::language::{RuleSpec, Spec};
use qspec::model::Rel;
use std::collections::BTreeSet;

/// The coordinates of cell `index` of a box of `dims`, row-major (the first
/// coordinate varies slowest).
pub fn coords_of(dims: &[usize], mut index: usize) -> Vec<usize> {
    let mut out = vec![0; dims.len()];
    for (axis, &size) in dims.iter().enumerate().rev() {
        out[axis] = index % size;
        index /= size;
    }
    out
}

/// The index of `coords` in a box of `dims`, row-major.
pub fn index_of(dims: &[usize], coords: &[usize]) -> usize {
    dims.iter()
        .zip(coords)
        .fold(0, |acc, (&size, &c)| acc * size + c)
}

/// `from + v`: `None` off the board; on a torus every coordinate wraps.
pub fn step(dims: &[usize], torus: bool, from: &[usize], v: &[i64]) -> Option<Vec<usize>> {
    from.iter()
        .zip(v)
        .zip(dims)
        .map(|((&c, &d), &size)| {
            let to = c as i64 + d;
            let size = size as i64;
            if torus {
                Some(to.rem_euclid(size) as usize)
            } else {
                (0..size).contains(&to).then_some(to as usize)
            }
        })
        .collect()
}

/// Every vector of `{-1, 0, 1}^d` but zero.
fn all_unit_steps(d: usize) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    for code in 0..3usize.pow(d as u32) {
        let v: Vec<i64> = (0..d)
            .map(|i| (code / 3usize.pow(i as u32) % 3) as i64 - 1)
            .collect();
        if v.iter().any(|&x| x != 0) {
            out.push(v);
        }
    }
    out
}

/// Every vector with exactly one entry ±1 and one entry ±2 (the knight's
/// jumps, in any dimension of at least 2).
fn knight_jumps(d: usize) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    for one in 0..d {
        for two in (0..d).filter(|&t| t != one) {
            for s1 in [-1, 1] {
                for s2 in [-2, 2] {
                    let mut v = vec![0; d];
                    v[one] = s1;
                    v[two] = s2;
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Every signed permutation of `v`'s coordinates (a custom piece's moves).
pub fn signed_permutations(v: &[i64]) -> BTreeSet<Vec<i64>> {
    fn permute(rest: &mut Vec<i64>, taken: &mut Vec<i64>, out: &mut BTreeSet<Vec<i64>>) {
        if rest.is_empty() {
            let nonzero: Vec<usize> = (0..taken.len()).filter(|&i| taken[i] != 0).collect();
            for mask in 0..1u32 << nonzero.len() {
                let mut w = taken.clone();
                for (bit, &i) in nonzero.iter().enumerate() {
                    if mask >> bit & 1 == 1 {
                        w[i] = -w[i];
                    }
                }
                out.insert(w);
            }
            return;
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            taken.push(x);
            permute(rest, taken, out);
            taken.pop();
            rest.insert(i, x);
        }
    }
    let mut out = BTreeSet::new();
    permute(
        &mut v.iter().map(|x| x.abs()).collect(),
        &mut Vec::new(),
        &mut out,
    );
    out
}

/// A piece's moves, both signs of every direction: `(riders, leapers)`.
pub type OwnMoves = (BTreeSet<Vec<i64>>, BTreeSet<Vec<i64>>);

/// The moves of the piece called `name` in `d` dimensions, from the
/// definitions: a queen slides along every non-zero vector of {-1,0,1}^d,
/// a rook along the axes, a bishop along the vectors with exactly two
/// non-zero entries; a king steps along any of the queen's vectors; a
/// knight jumps by (1,2) in any two axes, a nightrider slides by them; an
/// amazon is a queen and a knight. `None` for a name that is not built in.
pub fn builtin_moves(name: &str, d: usize) -> Option<OwnMoves> {
    let units = all_unit_steps(d);
    let nonzero = |v: &Vec<i64>| v.iter().filter(|&&x| x != 0).count();
    let set = |vs: Vec<Vec<i64>>| vs.into_iter().collect::<BTreeSet<_>>();
    let none = BTreeSet::new;
    Some(match name {
        "queen" => (set(units), none()),
        "rook" => (
            set(units.into_iter().filter(|v| nonzero(v) == 1).collect()),
            none(),
        ),
        "bishop" => (
            set(units.into_iter().filter(|v| nonzero(v) == 2).collect()),
            none(),
        ),
        "king" => (none(), set(units)),
        "knight" => (none(), set(knight_jumps(d))),
        "nightrider" => (set(knight_jumps(d)), none()),
        "amazon" => (set(units), set(knight_jumps(d))),
        _ => return None,
    })
}

/// The moves of `spec`'s piece: a built-in piece by its name, a custom one
/// by the signed permutations of its declared vectors.
pub fn moves_of(spec: &Spec) -> OwnMoves {
    piece_moves(spec.piece(), spec.dims.len())
}

/// The moves of `piece` in `d` dimensions (see [`moves_of`]).
pub fn piece_moves(piece: &qspec::board::Piece, d: usize) -> OwnMoves {
    if BUILTIN_PIECES.contains(&piece.name.as_str()) {
        return builtin_moves(&piece.name, d).expect("a built-in piece");
    }
    let expand = |vectors: &[Vec<i64>]| {
        vectors
            .iter()
            .flat_map(|v| signed_permutations(v))
            .filter(|v| v.iter().any(|&x| x != 0))
            .collect::<BTreeSet<_>>()
    };
    (expand(&piece.riders), expand(&piece.leapers))
}

/// Whether `pieces` and `chosen_walls` (flags by row-major cell index) are
/// a solution of `spec`: walls, fixed and forbidden cells, every rule, the
/// count and wall bounds, checked by walking the board cell by cell.
pub fn is_solution(spec: &Spec, pieces: &[bool], chosen_walls: &[bool]) -> bool {
    is_kind_solution(spec, pieces, &vec![0; pieces.len()], chosen_walls)
}

/// [`is_solution`] for a model of several kinds: `kinds[c]` is the kind
/// of the piece on `c`. Each kind moves as its own piece; a rule between
/// kinds is walked ray by ray (rays stop at the first piece of any kind);
/// the counts of a kind and two kinds' counts compared are counted.
pub fn is_kind_solution(
    spec: &Spec,
    pieces: &[bool],
    kinds: &[usize],
    chosen_walls: &[bool],
) -> bool {
    let dims = &spec.dims;
    let n: usize = dims.iter().product();
    let mut blocked = chosen_walls.to_vec();
    for w in &spec.walls {
        blocked[index_of(dims, w)] = true;
    }
    if (0..n).any(|c| pieces[c] && blocked[c]) {
        return false;
    }
    if !spec.free_walls && chosen_walls.iter().any(|&w| w) {
        return false;
    }
    if spec.fixed.iter().any(|f| !pieces[index_of(dims, f)])
        || spec.forbidden.iter().any(|f| pieces[index_of(dims, f)])
    {
        return false;
    }
    let count = |flags: &[bool]| flags.iter().filter(|&&x| x).count() as i64;
    let holds = |bounds: &[(Rel, u32)], value: i64| {
        bounds.iter().all(|&(rel, k)| match rel {
            Rel::Le => value <= i64::from(k),
            Rel::Ge => value >= i64::from(k),
            Rel::Eq => value == i64::from(k),
        })
    };
    if !holds(&spec.counts(), count(pieces)) || !holds(&spec.wall_bounds(), count(chosen_walls)) {
        return false;
    }
    let of_kind = |k: usize| {
        (0..pieces.len())
            .filter(|&c| pieces[c] && kinds[c] == k)
            .count() as i64
    };
    if spec
        .kind_counts()
        .iter()
        .any(|c| !holds(&[(c.rel, c.k)], of_kind(c.kind)))
    {
        return false;
    }
    for c in &spec.counts_compared() {
        let difference = of_kind(c.left) - of_kind(c.right);
        let ok = match c.rel {
            Rel::Le => difference <= c.offset,
            Rel::Ge => difference >= c.offset,
            Rel::Eq => difference == c.offset,
        };
        if !ok {
            return false;
        }
    }
    for scoped in &spec.scoped_counts() {
        for set in cached_scope_sets(spec, &scoped.scope).iter() {
            let counted = |c: usize| pieces[c] && scoped.kind.is_none_or(|k| kinds[c] == k);
            let on = set.iter().filter(|&&c| counted(c)).count() as i64;
            if !holds(&[(scoped.rel, scoped.k)], on) {
                return false;
            }
        }
    }
    let board = OwnBoard {
        dims,
        torus: spec.torus,
        pieces,
        kinds,
        blocked: &blocked,
        moves: moves_of(spec),
        kind_moves: spec
            .kinds
            .iter()
            .map(|k| piece_moves(&k.piece, dims.len()))
            .collect(),
    };
    spec.rules.iter().all(|rule| board.rule_holds(*rule))
}

/// [`scope_sets`], computed once per board and scope: the oracle asks
/// for every placement it tries.
fn cached_scope_sets(spec: &Spec, scope: &Scope) -> std::rc::Rc<BTreeSet<Vec<usize>>> {
    type Key = (Vec<usize>, String, Option<qspec::board::sets::Regions>);
    thread_local! {
        static CACHE: std::cell::RefCell<std::collections::HashMap<Key, std::rc::Rc<BTreeSet<Vec<usize>>>>> =
            Default::default();
    }
    let key: Key = (
        spec.dims.clone(),
        format!("{scope:?}"),
        spec.regions.clone(),
    );
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry(key)
            .or_insert_with(|| std::rc::Rc::new(scope_sets(spec, scope)))
            .clone()
    })
}

/// The sets of cells a scoped count bounds, from the language page's
/// definitions: a row or a column is the cells that share the first or
/// the second coordinate; a line is every cell collinear with two
/// distinct cells (all 2x2 minors of the two differences vanish); a
/// diagonal is every cell `a + t u` for a cell `a` and a step `u` of
/// entries -1, 0, 1 with two or more non-zero; a region is the cells of
/// one letter; a box the cells between its corners.
pub fn scope_sets(spec: &Spec, scope: &Scope) -> BTreeSet<Vec<usize>> {
    let dims = &spec.dims;
    let n: usize = dims.iter().product();
    let at = |c: usize| coords_of(dims, c);
    let grouped = |key: &dyn Fn(usize) -> Option<usize>| -> BTreeSet<Vec<usize>> {
        let mut by: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for c in 0..n {
            if let Some(k) = key(c) {
                by.entry(k).or_default().push(c);
            }
        }
        by.into_values().collect()
    };
    match scope {
        Scope::Row => grouped(&|c| Some(at(c)[0])),
        Scope::Column => grouped(&|c| Some(at(c)[1])),
        Scope::Region => {
            let regions = spec.regions.as_ref().expect("checked: regions drawn");
            grouped(&|c| regions.of(c).map(|l| l as usize))
        }
        Scope::Box { low, high } => {
            let inside = |c: usize| {
                at(c)
                    .iter()
                    .enumerate()
                    .all(|(i, &x)| low[i] <= x && x <= high[i])
            };
            [(0..n).filter(|&c| inside(c)).collect()].into()
        }
        Scope::Line => {
            let mut out = BTreeSet::new();
            for a in 0..n {
                for b in a + 1..n {
                    let (pa, pb) = (at(a), at(b));
                    let d: Vec<i64> = (0..dims.len())
                        .map(|i| pb[i] as i64 - pa[i] as i64)
                        .collect();
                    let line: Vec<usize> = (0..n)
                        .filter(|&c| {
                            let pc = at(c);
                            let e: Vec<i64> = (0..dims.len())
                                .map(|i| pc[i] as i64 - pa[i] as i64)
                                .collect();
                            (0..d.len()).all(|i| (0..d.len()).all(|j| d[i] * e[j] == d[j] * e[i]))
                        })
                        .collect();
                    out.insert(line);
                }
            }
            out
        }
        Scope::Diagonal => {
            let mut out = BTreeSet::new();
            for u in all_unit_steps(dims.len())
                .into_iter()
                .filter(|u| u.iter().filter(|&&x| x != 0).count() >= 2)
            {
                for a in 0..n {
                    let mut line = vec![a];
                    for sign in [1i64, -1] {
                        let v: Vec<i64> = u.iter().map(|x| x * sign).collect();
                        let mut here = at(a);
                        while let Some(next) = step(dims, false, &here, &v) {
                            line.push(index_of(dims, &next));
                            here = next;
                        }
                    }
                    line.sort_unstable();
                    out.insert(line);
                }
            }
            out
        }
    }
}

/// Whether some piece of `pieces` attacks another (walls as in `spec`,
/// `chosen_walls` too).
pub fn has_attack(spec: &Spec, pieces: &[bool], chosen_walls: &[bool]) -> bool {
    let mut blocked = chosen_walls.to_vec();
    for w in &spec.walls {
        blocked[index_of(&spec.dims, w)] = true;
    }
    let kinds = vec![0; pieces.len()];
    let board = OwnBoard {
        dims: &spec.dims,
        torus: spec.torus,
        pieces,
        kinds: &kinds,
        blocked: &blocked,
        moves: moves_of(spec),
        kind_moves: Vec::new(),
    };
    !board.rule_holds(RuleSpec::NoAttack)
}

struct OwnBoard<'a> {
    dims: &'a [usize],
    torus: bool,
    pieces: &'a [bool],
    kinds: &'a [usize],
    blocked: &'a [bool],
    moves: OwnMoves,
    kind_moves: Vec<OwnMoves>,
}

impl OwnBoard<'_> {
    /// The cells a rider on `from` sees along `v`, nearest first: up to a
    /// wall or the edge (or back at `from` on a torus), and, with
    /// `to_first_piece`, up to and including the first piece.
    fn ray(&self, from: usize, v: &[i64], to_first_piece: bool) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = coords_of(self.dims, from);
        while let Some(next) = step(self.dims, self.torus, &at, v) {
            let cell = index_of(self.dims, &next);
            if cell == from || self.blocked[cell] {
                break;
            }
            out.push(cell);
            if to_first_piece && self.pieces[cell] {
                break;
            }
            at = next;
        }
        out
    }

    /// The cell a leaper on `from` reaches by `v`.
    fn leap(&self, from: usize, v: &[i64]) -> Option<usize> {
        let to = step(self.dims, self.torus, &coords_of(self.dims, from), v)?;
        Some(index_of(self.dims, &to)).filter(|&c| c != from)
    }

    /// The pieces the piece on `from` attacks, each once.
    fn attacked(&self, from: usize) -> BTreeSet<usize> {
        let (riders, leapers) = self.kind_moves.get(self.kinds[from]).unwrap_or(&self.moves);
        let mut hit = BTreeSet::new();
        for v in riders {
            if let Some(&last) = self.ray(from, v, true).last() {
                if self.pieces[last] {
                    hit.insert(last);
                }
            }
        }
        for v in leapers {
            if let Some(to) = self.leap(from, v).filter(|&to| self.pieces[to]) {
                hit.insert(to);
            }
        }
        hit
    }

    fn placed(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.pieces.len()).filter(|&c| self.pieces[c])
    }

    fn rule_holds(&self, rule: RuleSpec) -> bool {
        match rule {
            RuleSpec::NoAttack => self.placed().all(|a| self.attacked(a).is_empty()),
            RuleSpec::NoAttackOn { attacker, target } => self
                .placed()
                .filter(|&a| self.kinds[a] == attacker)
                .all(|a| self.attacked(a).iter().all(|&b| self.kinds[b] != target)),
            RuleSpec::AttacksOf { kind, rel, k } => self
                .placed()
                .filter(|&a| self.kinds[a] == kind)
                .all(|a| rel.holds(self.attacked(a).len() as i64, i64::from(k))),
            RuleSpec::Attacks(rel, k) => self.placed().all(|a| {
                let hit = self.attacked(a).len() as i64;
                match rel {
                    Rel::Le => hit <= i64::from(k),
                    Rel::Ge => hit >= i64::from(k),
                    Rel::Eq => hit == i64::from(k),
                }
            }),
            RuleSpec::Dominate => {
                let mut covered = self.pieces.to_vec();
                let (riders, leapers) = &self.moves;
                for a in self.placed() {
                    for v in riders {
                        for c in self.ray(a, v, false) {
                            covered[c] = true;
                        }
                    }
                    for v in leapers {
                        if let Some(to) = self.leap(a, v) {
                            covered[to] = true;
                        }
                    }
                }
                (0..covered.len()).all(|c| covered[c] || self.blocked[c])
            }
        }
    }
}

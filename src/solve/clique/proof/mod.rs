//! The clique search's own proof (`--certify=model` for its claims): the
//! claim's OPB file refuted by a branch and bound over its own at-most-one rows that
//! writes a VeriPB proof as it searches (after Gocht, McBride, McCreesh,
//! Nordström, Prosser and Trimble, CP 2020), with no SAT solver between.
//!
//! The search reads nothing but the file's rows: the pieces are the
//! variables of the count row (`x1 + ... + xn >= m`, every coefficient 1,
//! the largest such bound), two pieces conflict when an at-most-one row
//! (`... <= 1`, every coefficient 1) holds both, a unit row fixes or
//! forbids a piece; every other row is left alone (it can only make the
//! claim easier). At a node (the pieces chosen, `S`; the candidates, `P`)
//! the candidates are covered greedily by at-most-one rows; when `m - |S|
//! - 1` rows cover all but some candidates, those are the branches, and
//! once each is refuted the rest cannot reach `m`. The proof, per node:
//!
//! * each branch `v`: its child ends with the clause `~S | ~v` (below);
//! * the bound: `pol count r1 + ... + rk +`, the count row plus the
//!   covering rows, `sum (1 - c_v) x_v >= m - k`, where `c_v` counts the
//!   rows holding `v`: every candidate drops out, and what is left is `S`
//!   and pieces propagated false (in conflict with `S`, forbidden, or a
//!   refuted branch of this node or of one above);
//! * then the clause `~S` by reverse unit propagation, and the branches'
//!   clauses and the bound deleted (the checker is fast only with few).
//!
//! The root's clause is the empty one (or follows from the fixed pieces'
//! units): `UNSAT`. The board's symmetries are broken at the root, one
//! branch an orbit, by lex-leader constraints brought in by dominance
//! ([`symmetry`]). The bound is weaker than the engine's (rows, not any
//! clique; no MaxSAT reasoning) and the symmetries are broken at the root
//! only, so the proof is longer than the engine's search; what it proves is
//! the claim as the file states it, checked by `veripb`.

use std::fmt::Write as _;
use std::path::Path;

use crate::diag::{plural, thousands};
use crate::error::Result;
use crate::model::{Model, Rel, Var};
use crate::proof::symmetry::{form, Form};
use crate::proof::{PbRow, Refuted, Refutes, RowIds, Writer};
use std::collections::HashSet;
use symmetry::RootSymmetry;

mod symmetry;

/// The most nodes the proof search takes before handing the claim to
/// CaDiCaL's proof: a node is three steps (its bound, its clause, the
/// deletion of its branches' clauses and bound), some 170 bytes, and
/// `veripb` checks some 80,000 steps a second ((6,3) >= 22:
/// 3,253,089 nodes, 546 MB, checked in 122 s; 5^3's optimum: 14,249 nodes
/// in 0.5 s), so the proof search stops within some minutes of checking.
pub const MAX_NODES: u64 = 4_000_000;

/// A set of pieces, one bit each.
type Bits = Vec<u64>;

fn has(bits: &[u64], v: usize) -> bool {
    bits[v / 64] >> (v % 64) & 1 == 1
}

fn set(bits: &mut [u64], v: usize) {
    bits[v / 64] |= 1 << (v % 64);
}

fn clear(bits: &mut [u64], v: usize) {
    bits[v / 64] &= !(1 << (v % 64));
}

fn members(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(i, &w)| {
        (0..64)
            .filter(move |b| w >> b & 1 == 1)
            .map(move |b| i * 64 + b)
    })
}

/// The claim as the search reads it from the rows.
struct Rows {
    /// The variable of each piece.
    var: Vec<Var>,
    /// The count to reach and the proof id of its row.
    m: usize,
    count_id: u64,
    /// At-most-one rows over pieces: the proof id of the `>=` form and the
    /// pieces.
    amo: Vec<(u64, Bits)>,
    /// The at-most-one rows holding each piece.
    rows_of: Vec<Vec<usize>>,
    /// The pieces in conflict with each piece.
    conflicts: Vec<Bits>,
    /// Pieces fixed, and pieces forbidden, by unit rows.
    fixed: Vec<usize>,
    forbidden: Bits,
    /// Constraints of the file as VeriPB counts them.
    n_constraints: u64,
    /// The ids of the rows the search reads (the count's `>=`, the
    /// at-most-ones, the units), which the symmetries must map onto
    /// themselves, and those rows as forms.
    kept: Vec<u64>,
    kept_forms: HashSet<Form>,
}

impl Rows {
    /// Reads the rows (in file order; an equality is two constraints to
    /// VeriPB, `>=` first).
    fn read(rows: &[PbRow]) -> std::result::Result<Rows, String> {
        let row_ids = RowIds::of(rows);
        let ids = &row_ids.first;
        // The count row: every coefficient +1, `>=`, the largest bound.
        let mut best: Option<(i64, u64, &PbRow)> = None;
        for (row, &row_id) in rows.iter().zip(ids) {
            let counts = matches!(row.rel, Rel::Ge | Rel::Eq)
                && row.terms.len() > 1
                && row.terms.iter().all(|&(c, _)| c == 1);
            if counts && best.is_none_or(|(rhs, _, _)| row.rhs > rhs) {
                best = Some((row.rhs, row_id, row));
            }
        }
        let Some((m, count_id, count_row)) = best else {
            return Err("the file has no count row (`x1 + ... + xn >= m`)".into());
        };
        let var: Vec<Var> = count_row.terms.iter().map(|&(_, v)| v).collect();
        let piece: std::collections::HashMap<Var, usize> =
            var.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let n = var.len();
        let words = n.div_ceil(64);
        let mut amo = Vec::new();
        let mut rows_of = vec![Vec::new(); n];
        let mut conflicts = vec![vec![0u64; words]; n];
        let mut fixed = Vec::new();
        let mut forbidden = vec![0u64; words];
        let (mut kept, mut kept_forms) = (Vec::new(), HashSet::new());
        for (row, &first) in rows.iter().zip(ids) {
            // Each of the row's `>=` constraints, read as `<=`.
            for (k, (at_least, rhs)) in row.at_least_forms().into_iter().enumerate() {
                let id = first + k as u64;
                // Read as `<=`.
                let terms: Vec<(i64, Var)> = at_least.iter().map(|&(c, v)| (-c, v)).collect();
                let bound = -rhs;
                let pieces: Option<Vec<usize>> =
                    terms.iter().map(|(_, v)| piece.get(v).copied()).collect();
                let Some(pieces) = pieces else { continue };
                let unit = terms.iter().all(|&(c, _)| c == 1);
                let read = match (terms.len(), bound) {
                    (1, 0) if unit => {
                        set(&mut forbidden, pieces[0]);
                        true
                    }
                    (1, -1) if terms[0].0 == -1 => {
                        fixed.push(pieces[0]);
                        true
                    }
                    (2.., 1) if unit => {
                        let mut bits = vec![0u64; words];
                        for &p in &pieces {
                            set(&mut bits, p);
                        }
                        for &p in &pieces {
                            for &q in &pieces {
                                if p != q {
                                    set(&mut conflicts[p], q);
                                }
                            }
                        }
                        for &p in &pieces {
                            rows_of[p].push(amo.len());
                        }
                        amo.push((id, bits));
                        true
                    }
                    _ => false,
                };
                if read || id == count_id {
                    kept.push(id);
                    kept_forms.insert(form(&at_least, rhs));
                }
            }
        }
        Ok(Rows {
            var,
            m: usize::try_from(m).unwrap_or(0),
            count_id,
            amo,
            rows_of,
            conflicts,
            fixed,
            forbidden,
            n_constraints: row_ids.n_constraints,
            kept,
            kept_forms,
        })
    }
}

/// The search's state: the rows, the proof, the nodes and their limit.
struct Searcher<'a> {
    rows: &'a Rows,
    /// The board's symmetries, broken at the root over [`Searcher::order`].
    symmetry: &'a RootSymmetry,
    /// The root's branches the lex order reads.
    order: Vec<usize>,
    proof: Writer,
    nodes: u64,
    max_nodes: u64,
}

enum End {
    /// The id of the node's clause.
    Refuted(u64),
    Reached,
    TooLong,
}

impl Searcher<'_> {
    /// The clause "not all of `chosen`" as a VeriPB `rup` step.
    fn not_all(&mut self, chosen: &[usize]) -> Result<u64> {
        let literals: Vec<String> = chosen
            .iter()
            .map(|&p| format!("~x{}", self.rows.var[p].id()))
            .collect();
        self.proof.rup_clause(&literals)
    }

    /// Rows that cover `candidates` but for what they leave over, at most
    /// `limit` of them, greedily: for the first candidate not yet covered,
    /// the row through it that holds most of the others. A candidate on no
    /// row is left over.
    fn cover(&self, candidates: &Bits, limit: usize) -> (Vec<usize>, Bits) {
        let mut rest = candidates.clone();
        let mut left = vec![0u64; rest.len()];
        let mut rows = Vec::new();
        while rows.len() < limit {
            let Some(v) = members(&rest).next() else {
                break;
            };
            let held = |i: usize| -> u32 {
                let bits = &self.rows.amo[i].1;
                bits.iter()
                    .zip(&rest)
                    .map(|(a, b)| (a & b).count_ones())
                    .sum()
            };
            let Some(&i) = self.rows.rows_of[v]
                .iter()
                .max_by_key(|&&i| (held(i), std::cmp::Reverse(i)))
            else {
                clear(&mut rest, v);
                set(&mut left, v);
                continue;
            };
            for (r, b) in rest.iter_mut().zip(&self.rows.amo[i].1) {
                *r &= !b;
            }
            rows.push(i);
        }
        for (r, l) in rest.iter_mut().zip(&left) {
            *r |= l;
        }
        (rows, rest)
    }

    /// Refutes every extension of `chosen` by `candidates` to the count,
    /// ending the proof with the clause `~chosen`.
    fn node(&mut self, chosen: &mut Vec<usize>, mut candidates: Bits) -> Result<End> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Ok(End::TooLong);
        }
        let root = self.nodes == 1;
        let m = self.rows.m;
        if chosen.len() >= m {
            return Ok(End::Reached);
        }
        let need = m - chosen.len();
        let (rows, branches) = self.cover(&candidates, need - 1);
        let mut used = Vec::new();
        for v in members(&branches).collect::<Vec<_>>() {
            if !has(&candidates, v) {
                // An image of a root branch refuted before: out by
                // propagation through the lex-leader constraints.
                continue;
            }
            chosen.push(v);
            let mut child = candidates.clone();
            for (c, x) in child.iter_mut().zip(&self.rows.conflicts[v]) {
                *c &= !x;
            }
            clear(&mut child, v);
            match self.node(chosen, child)? {
                End::Refuted(id) => used.push(id),
                end => return Ok(end),
            }
            chosen.pop();
            clear(&mut candidates, v);
            if root && self.order.contains(&v) {
                self.symmetry.take_orbit(v, &mut candidates);
            }
        }
        if !rows.is_empty() {
            let mut text = format!("pol {}", self.rows.count_id);
            for &r in &rows {
                let _ = write!(text, " {} +", self.rows.amo[r].0);
            }
            used.push(self.proof.step(&text)?);
        }
        // The branches' clauses and the bound have done their work once
        // the node's clause is in: deleted, the checker keeps fewer (the
        // root's go with the proof's end).
        let id = self.not_all(chosen)?;
        if !root {
            self.proof.delete(&used)?;
        }
        Ok(End::Refuted(id))
    }
}

/// The clique search's proof search, as the engine's capability.
pub struct CliqueProof;

impl Refutes for CliqueProof {
    fn searcher(&self) -> &'static str {
        "the clique search"
    }

    fn refute(&self, claim: &Model, rows: &[PbRow], proof: &Path) -> Result<Refuted> {
        refute_within(rows, proof, MAX_NODES, Some(claim))
    }
}

/// Refutes the claim of `rows` (the OPB file's constraints in file order)
/// into the VeriPB proof at `proof`, in at most `max_nodes` nodes, breaking
/// the symmetries of `claim`'s board at the root when it is given.
fn refute_within(
    rows: &[PbRow],
    proof: &Path,
    max_nodes: u64,
    claim: Option<&Model>,
) -> Result<Refuted> {
    let rows = match Rows::read(rows) {
        Ok(rows) => rows,
        Err(why) => return Ok(Refuted::NotTaken(why)),
    };
    let writer = Writer::create(proof, rows.n_constraints)?;
    let n = rows.var.len();
    let mut candidates = vec![0u64; n.div_ceil(64)];
    for p in 0..n {
        set(&mut candidates, p);
    }
    let mut chosen = Vec::new();
    for &p in &rows.fixed {
        if has(&candidates, p) {
            chosen.push(p);
            for (c, x) in candidates.iter_mut().zip(&rows.conflicts[p]) {
                *c &= !x;
            }
            clear(&mut candidates, p);
        }
    }
    for (c, f) in candidates.iter_mut().zip(&rows.forbidden) {
        *c &= !f;
    }
    let symmetry = claim.map_or_else(RootSymmetry::none, |c| RootSymmetry::of(c, &rows));
    let mut searcher = Searcher {
        rows: &rows,
        symmetry: &symmetry,
        order: Vec::new(),
        proof: writer,
        nodes: 0,
        max_nodes,
    };
    if chosen.len() < rows.m {
        // The root's branches, as its node will find them.
        let (_, branches) = searcher.cover(&candidates, rows.m - chosen.len() - 1);
        searcher.order = symmetry.order(members(&branches));
    }
    symmetry.write(&rows, &searcher.order, &mut searcher.proof)?;
    let last = match searcher.node(&mut chosen, candidates)? {
        End::Refuted(id) => id,
        End::Reached => return Ok(Refuted::NotRefuted),
        End::TooLong => {
            return Ok(Refuted::TooLong(format!(
                "with the board's symmetries broken at the root only, and bounding by the \
                 file's rows only, it takes over {} nodes",
                thousands(max_nodes)
            )))
        }
    };
    // `~fixed` with the fixed pieces' units: the empty clause.
    let contradiction = match chosen.is_empty() {
        true => last,
        false => searcher.proof.rup_clause::<&str>(&[])?,
    };
    let searcher_order_len = searcher.order.len();
    let Searcher {
        proof: written,
        nodes,
        ..
    } = searcher;
    let steps = written.conclude_unsat(contradiction)?;
    Ok(Refuted::Done {
        nodes,
        steps,
        how: format!(
            "the clique search refuted it from the file's at-most-one rows and count row \
             (the rows as colour classes; {})",
            match (symmetry.len(), searcher_order_len) {
                (0, _) | (_, 0) => "no symmetry pruning".to_string(),
                (k, _) => format!(
                    "{}' lex-leader constraints on the root's branches by dominance, one \
                     branch an orbit",
                    plural(k as u64, "symmetry", "symmetries")
                ),
            }
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of `n` non-attacking queens on n x n (rows, columns and
    /// diagonals as at-most-ones) with `count >= m`.
    fn queens(n: u32, m: i64) -> Vec<PbRow> {
        let x = |r: u32, c: u32| Var::from_dimacs(r * n + c + 1);
        let mut lines: Vec<Vec<Var>> = Vec::new();
        for i in 0..n {
            lines.push((0..n).map(|c| x(i, c)).collect());
            lines.push((0..n).map(|r| x(r, i)).collect());
        }
        for d in 0..(2 * n - 1) {
            let cells = |f: &dyn Fn(u32) -> Option<(u32, u32)>| -> Vec<Var> {
                (0..n).filter_map(f).map(|(r, c)| x(r, c)).collect()
            };
            lines.push(cells(&|r| (d >= r && d - r < n).then(|| (r, d - r))));
            lines.push(cells(&|r| {
                let c = r + n - 1;
                (c >= d && c - d < n).then(|| (r, c - d))
            }));
        }
        let mut rows: Vec<PbRow> = lines
            .into_iter()
            .filter(|l| l.len() > 1)
            .map(|l| PbRow {
                terms: l.into_iter().map(|v| (1, v)).collect(),
                rel: Rel::Le,
                rhs: 1,
            })
            .collect();
        rows.push(PbRow {
            terms: (0..n * n).map(|i| (1, Var::from_dimacs(i + 1))).collect(),
            rel: Rel::Ge,
            rhs: m,
        });
        rows
    }

    fn search(rows: &[PbRow], max_nodes: u64) -> (Refuted, String) {
        let dir = tempfile_dir();
        let path = dir.join("p.pbp");
        let found = refute_within(rows, &path, max_nodes, None).unwrap();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        std::fs::remove_dir_all(&dir).ok();
        (found, text)
    }

    fn tempfile_dir() -> std::path::PathBuf {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "qspec-clique-proof-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn it_refutes_exactly_what_has_no_placement() {
        // n queens exist for n = 4..7 and not for n = 2, 3; n + 1 never.
        for n in 2..=7u32 {
            let (more, proof) = search(&queens(n, i64::from(n) + 1), MAX_NODES);
            assert!(matches!(more, Refuted::Done { .. }), "{n}: {more:?}");
            assert!(proof.starts_with("pseudo-Boolean proof version 2.0\n"));
            assert!(proof.ends_with("end pseudo-Boolean proof\n"));
            let (exactly, _) = search(&queens(n, i64::from(n)), MAX_NODES);
            let expected = if n >= 4 {
                Refuted::NotRefuted
            } else {
                exactly.clone()
            };
            assert_eq!(exactly, expected, "{n}");
            assert!(n >= 4 || matches!(exactly, Refuted::Done { .. }));
        }
    }

    #[test]
    fn it_numbers_equalities_as_two_and_gives_up_past_its_nodes() {
        // `count == 9` on 8x8: the count row's id is its `>=` half; one
        // node (the eight rows cover the board).
        let mut rows = queens(8, 9);
        rows.last_mut().unwrap().rel = Rel::Eq;
        rows.insert(0, rows[0].clone());
        rows[0].rel = Rel::Eq;
        let (found, proof) = search(&rows, MAX_NODES);
        assert!(
            matches!(
                found,
                Refuted::Done {
                    nodes: 1,
                    steps: 2,
                    ..
                }
            ),
            "{found:?}"
        );
        let n_constraints = rows.len() + 2;
        assert!(proof.contains(&format!("f {n_constraints}\n")), "{proof}");
        assert!(
            proof.contains(&format!("pol {} ", n_constraints - 1)),
            "{proof}"
        );
        // Six queens on 6x6 take at least six nodes to place.
        let (found, _) = search(&queens(6, 6), 3);
        assert!(matches!(found, Refuted::TooLong(_)), "{found:?}");
        let no_count = vec![queens(4, 5).remove(0)];
        assert!(matches!(search(&no_count, 10).0, Refuted::NotTaken(_)));
    }
}

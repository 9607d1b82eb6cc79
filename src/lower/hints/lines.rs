//! `hint lines` and `hint empty_lines`: the blog's pigeonhole argument.
//!
//! A rider attacks the first piece on each ray. On a wall-free segment of a
//! line holding `m >= 1` pieces, the pieces attack their neighbours along it,
//! and exactly two rays — the outward ones of the two end pieces — leave the
//! segment unobstructed. Summed over the `F` line families:
//!
//! ```text
//!   sum over pieces of free rays  =  2 N        (N = non-empty segments)
//! ```
//!
//! A piece attacking `r` others along lines has `2F - r` free rays, so with
//! `c = 2F - k`:
//!
//! * `rule attacks == k`: `c |P| = 2 N` (an equality; `|P|` must make `c |P|`
//!   even, and `c |P| <= 2 S` with `S` the segments that can hold a piece);
//! * `rule attacks <= k`: `c |P| <= 2 N`;  `rule attacks >= k`: `c |P| >= 2 N`;
//! * `rule no_attack`: `2F |P| = 2 N`.
//!
//! Each holds only where every ray is on a line of its own and stops at the
//! first piece: riders only, no torus, fixed walls (the checker refuses the
//! rest, see `language::line_identity_applies`).
//!
//! Written as: one indicator `y_s <-> OR(x on s)` per segment that can hold
//! a piece; the identity as a linear row `c sum(x) - 2 sum(y) rel 0`; and the
//! bounds it gives with the model's count bounds, as cardinality constraints
//! (on `sum(y)` — the blog's "at most this many empty lines" — and on
//! `sum(x)`), or the empty clause when no count is possible at all.
//!
//! `hint empty_lines rel r` bounds `sum(!y)`; it is implied when the line
//! identity already forces it, restricting otherwise.

use super::IMPLIED;
use crate::language::{line_identity_applies, RuleSpec};
use crate::lower::Builder;
use crate::model::names::direction;
use crate::model::{Constraint, HintKind, Lit, OriginId, Rel};

/// One relation `c |P| rel 2 N` of the identity.
#[derive(Clone, Copy, Debug)]
struct Identity {
    /// Free rays per piece, `2F - k`.
    c: i64,
    /// How `c |P|` compares with `2 N`.
    rel: Rel,
}

/// What the identities and the count bounds allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ranges {
    /// Pieces: `lo..=hi`; `None` when no count is possible.
    pieces: Option<(i64, i64)>,
    /// Non-empty segments: `lo..=hi`.
    segments: (i64, i64),
}

impl Builder<'_> {
    /// One literal per wall-free segment of the rider lines that can hold a
    /// piece, true exactly when it holds one, all distinct (built once,
    /// shared by the hints about lines).
    fn segment_indicators(&mut self, origin: OriginId) -> Vec<Lit> {
        if let Some(known) = &self.segment_lits {
            return known.clone();
        }
        let mut out = Vec::new();
        let mut used = std::collections::HashSet::new();
        for v in self.moves.riders.clone() {
            let dir = direction(&v);
            for line in self.lines(&v) {
                for segment in self.segments_of(&line) {
                    let lits: Vec<Lit> =
                        segment.iter().filter_map(|&c| self.placeable(c)).collect();
                    let lit = match lits.len() {
                        0 => continue,
                        // A cell alone on its segment in several directions
                        // (a corner) stands for each: counts over the
                        // indicators read their list as a set, so a repeat
                        // gets an alias of its own.
                        1 if !used.contains(&lits[0]) => lits[0],
                        _ => {
                            let y = self.aux("line", segment[0], &dir).positive();
                            self.add(Constraint::OrDef { def: y, lits }, origin);
                            y
                        }
                    };
                    used.insert(lit);
                    out.push(lit);
                }
            }
        }
        self.segment_lits = Some(out.clone());
        out
    }

    /// The identities the model's rules give (empty when none applies).
    fn identities(&self) -> Vec<Identity> {
        if line_identity_applies(self.spec).is_err() {
            return Vec::new();
        }
        let twice_families = 2 * self.moves.riders.len() as i64;
        self.spec
            .rules
            .iter()
            .filter_map(|rule| match *rule {
                RuleSpec::NoAttack => Some((Rel::Eq, 0)),
                // r <= k frees at least c rays: c|P| <= 2N; r >= k at most.
                RuleSpec::Attacks(rel, k) => Some((rel, i64::from(k))),
                RuleSpec::Dominate | RuleSpec::NoAttackOn { .. } | RuleSpec::AttacksOf { .. } => {
                    None
                }
            })
            .map(|(rel, k)| Identity {
                c: twice_families - k,
                rel,
            })
            .collect()
    }

    /// What the identities allow, given `s` segments and the count bounds.
    fn ranges(&self, identities: &[Identity], s: i64, cells: usize) -> Ranges {
        let (lo, hi) = self.count_range(cells);
        let allowed = |p: i64| {
            identities.iter().all(|id| {
                let rays = id.c * p;
                match id.rel {
                    Rel::Eq => rays % 2 == 0 && rays <= 2 * s && rays >= 0,
                    Rel::Le => rays <= 2 * s,
                    Rel::Ge => rays >= 0,
                }
            })
        };
        let first = (lo.max(0)..=hi).find(|&p| allowed(p));
        let last = (lo.max(0)..=hi).rev().find(|&p| allowed(p));
        let pieces = first.zip(last);
        let mut segments = (0, s);
        if let Some((p_lo, p_hi)) = pieces {
            for id in identities {
                let (a, b) = (id.c * p_lo, id.c * p_hi);
                let (least, most) = (a.min(b), a.max(b));
                if matches!(id.rel, Rel::Eq | Rel::Le) {
                    segments.0 = segments.0.max(div_ceil(least, 2));
                }
                if matches!(id.rel, Rel::Eq | Rel::Ge) {
                    segments.1 = segments.1.min(most.div_euclid(2));
                }
            }
        }
        Ranges { pieces, segments }
    }

    /// `hint lines`.
    pub(super) fn lines_hint(&mut self, text: &str) -> HintKind {
        let origin = self.model.origin(text);
        let ys = self.segment_indicators(origin);
        let xs = self.all_placeable();
        let identities = self.identities();
        for id in &identities {
            let mut terms: Vec<(i64, Lit)> = xs.iter().map(|&x| (id.c, x)).collect();
            terms.extend(ys.iter().map(|&y| (-2, y)));
            self.add(
                Constraint::Linear {
                    terms,
                    rel: id.rel,
                    rhs: 0,
                },
                origin,
            );
        }
        let ranges = self.ranges(&identities, ys.len() as i64, xs.len());
        let Some((p_lo, p_hi)) = ranges.pieces else {
            // No number of pieces fits the identity and the count bounds.
            self.add(Constraint::Clause(Vec::new()), origin);
            return IMPLIED;
        };
        let (lo, hi) = self.count_range(xs.len());
        self.bound(&xs, (p_lo, p_hi), (lo, hi), origin);
        self.bound(&ys, ranges.segments, (0, ys.len() as i64), origin);
        IMPLIED
    }

    /// `sum(lits)` within `wanted`, as far as it is tighter than `known`.
    fn bound(&mut self, lits: &[Lit], wanted: (i64, i64), known: (i64, i64), origin: OriginId) {
        let as_k = |k: i64| u32::try_from(k.max(0)).unwrap_or(u32::MAX);
        if wanted.0 > known.0.max(0) {
            self.add(
                Constraint::Card {
                    lits: lits.to_vec(),
                    rel: Rel::Ge,
                    k: as_k(wanted.0),
                    guard: None,
                },
                origin,
            );
        }
        if wanted.1 < known.1.min(lits.len() as i64) {
            self.add(
                Constraint::Card {
                    lits: lits.to_vec(),
                    rel: Rel::Le,
                    k: as_k(wanted.1),
                    guard: None,
                },
                origin,
            );
        }
    }

    /// `hint empty_lines rel r`.
    pub(super) fn empty_lines_hint(&mut self, text: &str, rel: Rel, r: u32) -> HintKind {
        let origin = self.model.origin(text);
        let ys = self.segment_indicators(origin);
        let empty: Vec<Lit> = ys.iter().map(|&y| !y).collect();
        self.add(
            Constraint::Card {
                lits: empty,
                rel,
                k: r,
                guard: None,
            },
            origin,
        );
        let s = ys.len() as i64;
        let identities = self.identities();
        let ranges = self.ranges(&identities, s, self.all_placeable().len());
        let (n_lo, n_hi) = ranges.segments;
        let forced =
            !identities.is_empty() && (s - n_hi..=s - n_lo).all(|e| rel.holds(e, i64::from(r)));
        if forced {
            HintKind::Implied
        } else {
            let what = match rel {
                Rel::Eq => format!("exactly {r}"),
                Rel::Le => format!("at most {r}"),
                Rel::Ge => format!("at least {r}"),
            };
            HintKind::Restricting(format!("only solutions with {what} of the {s} lines empty"))
        }
    }
}

/// `ceil(a / b)` for `b > 0`.
fn div_ceil(a: i64, b: i64) -> i64 {
    -((-a).div_euclid(b))
}

//! The modulo totalizer (Ogawa, Liu, Hasegawa, Koshimura, Fujita, "Modulo
//! based CNF encoding of cardinality constraints and its application to
//! MaxSAT solvers", ICTAI 2013).
//!
//! Each node of a balanced totalizer tree counts its inputs as two unary
//! digits in base `p` (about `sqrt(k)`): an upper digit `U` (`U_j`: "at least
//! `j` times `p`", kept up to what the bound needs) and a lower digit `R`
//! (`r_i`, `i < p`), with a carry variable `c` when the children's lower
//! digits can add up to `p`. Merging two children `a`, `b` into a parent:
//!
//! * upward (`<=`): `a_α & b_β -> c | r_{α+β}` for `α+β < p`;
//!   `a_α & b_β -> c` and `a_α & b_β -> r_{α+β-p}` for `α+β >= p`;
//!   `A_γ & B_δ -> U_{γ+δ}` and `A_γ & B_δ & c -> U_{γ+δ+1}` (clamped to the
//!   largest digit needed);
//! * downward (`>=`): `c -> a_{α+1} | b_{p-α}`;
//!   `r_i -> c | a_{α+1} | b_{i-α}`; `r_i & c -> a_{α+1} | b_{p+i-α}`;
//!   `U_j -> c | A_{γ+1} | B_{j-γ}`; `U_j -> A_{γ+1} | B_{j-1-γ}`.
//!
//! (Index 0 of a digit is true; an index beyond what a node can hold is
//! false.) At the root, "at least `μp + ν`" is `U_{μ+1} | (U_μ & r_ν)`, which
//! one output variable per needed direction stands for.

use super::{Need, Thresholds, UnaryCounter};
use crate::encode::ClauseSink;
use crate::model::{Lit, VarAlloc};

pub(crate) struct MTotalizer {
    /// The base `p`; `None` picks `ceil(sqrt(largest bound needed))`.
    pub(crate) modulus: Option<usize>,
}

/// The two digits of one node.
struct Digits {
    /// Inputs below this node.
    size: usize,
    /// `upper[j - 1]` is `U_j`.
    upper: Vec<Lit>,
    /// `lower[i - 1]` is `r_i`.
    lower: Vec<Lit>,
}

/// A digit position: true (index 0), false (beyond the node), or a literal.
#[derive(Clone, Copy)]
enum Term {
    True,
    False,
    Lit(Lit),
}

fn digit(lits: &[Lit], index: usize) -> Term {
    match index {
        0 => Term::True,
        i if i > lits.len() => Term::False,
        i => Term::Lit(lits[i - 1]),
    }
}

fn maybe(lit: Option<Lit>) -> Term {
    lit.map_or(Term::False, Term::Lit)
}

/// A clause of at most five literals, built on the stack; a true literal
/// makes the whole clause vanish.
struct SmallClause {
    lits: [Lit; 5],
    len: usize,
    satisfied: bool,
}

impl SmallClause {
    fn new() -> SmallClause {
        SmallClause {
            lits: [Lit::from_dimacs(1); 5],
            len: 0,
            satisfied: false,
        }
    }

    fn or(mut self, term: Term) -> SmallClause {
        match term {
            Term::True => self.satisfied = true,
            Term::False => {}
            Term::Lit(l) => {
                self.lits[self.len] = l;
                self.len += 1;
            }
        }
        self
    }

    fn or_not(self, term: Term) -> SmallClause {
        self.or(match term {
            Term::True => Term::False,
            Term::False => Term::True,
            Term::Lit(l) => Term::Lit(!l),
        })
    }

    fn write(self, out: &mut dyn ClauseSink) {
        if !self.satisfied {
            out.add_clause(&self.lits[..self.len]);
        }
    }
}

fn clause() -> SmallClause {
    SmallClause::new()
}

/// `value >= bound` as `(μ, ν)`: `bound = μ p + ν`.
fn split(bound: usize, p: usize) -> (usize, usize) {
    (bound / p, bound % p)
}

/// The largest upper digit a root test of `bound` looks at.
fn upper_digits_needed(bound: usize, p: usize) -> usize {
    let (mu, nu) = split(bound, p);
    mu + usize::from(nu > 0)
}

struct Builder<'a> {
    p: usize,
    /// Upper digits kept per node.
    cap: usize,
    up: bool,
    down: bool,
    vars: &'a mut VarAlloc,
    out: &'a mut dyn ClauseSink,
}

impl UnaryCounter for MTotalizer {
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
        let p = self.modulus.unwrap_or_else(|| ceil_sqrt(largest)).max(1);
        let cap = [need.up, need.down]
            .into_iter()
            .flatten()
            .map(|b| upper_digits_needed(b, p))
            .max()
            .unwrap_or(0);
        let mut builder = Builder {
            p,
            cap,
            up: need.up.is_some(),
            down: need.down.is_some(),
            vars,
            out,
        };
        let root = builder.tree(inputs);
        Thresholds {
            up: need.up.map(|u| builder.up_output(&root, u)),
            down: need.down.map(|d| builder.down_output(&root, d)),
        }
    }
}

fn ceil_sqrt(x: usize) -> usize {
    let mut r = (x as f64).sqrt() as usize;
    while r * r < x {
        r += 1;
    }
    while r > 1 && (r - 1) * (r - 1) >= x {
        r -= 1;
    }
    r
}

impl Builder<'_> {
    fn fresh(&mut self, count: usize) -> Vec<Lit> {
        (0..count).map(|_| self.vars.fresh().positive()).collect()
    }

    fn tree(&mut self, inputs: &[Lit]) -> Digits {
        if let [x] = inputs {
            return self.leaf(*x);
        }
        let (left, right) = inputs.split_at(inputs.len() / 2);
        let a = self.tree(left);
        let b = self.tree(right);
        self.merge(&a, &b)
    }

    fn leaf(&self, x: Lit) -> Digits {
        let (upper, lower) = if self.p == 1 {
            (vec![x], vec![])
        } else {
            (vec![], vec![x])
        };
        Digits {
            size: 1,
            upper,
            lower,
        }
    }

    fn merge(&mut self, a: &Digits, b: &Digits) -> Digits {
        let size = a.size + b.size;
        let carry = (a.lower.len() + b.lower.len() >= self.p).then(|| self.vars.fresh().positive());
        let parent = Digits {
            size,
            lower: self.fresh((self.p - 1).min(size)),
            upper: self.fresh((size / self.p).min(self.cap)),
        };
        if self.up {
            self.lower_up(a, b, carry, &parent);
            self.upper_up(a, b, carry, &parent);
        }
        if self.down {
            self.carry_down(a, b, carry);
            self.lower_down(a, b, carry, &parent);
            self.upper_down(a, b, carry, &parent);
        }
        parent
    }

    /// The parent's upper digit forced by `index` (clamped to the digits
    /// kept; false when the node cannot reach it).
    fn upper_up_target(&self, parent: &Digits, index: usize) -> Term {
        if index > parent.size / self.p {
            Term::False
        } else {
            digit(&parent.upper, index.min(self.cap))
        }
    }

    fn lower_up(&mut self, a: &Digits, b: &Digits, carry: Option<Lit>, parent: &Digits) {
        let p = self.p;
        for alpha in 0..=a.lower.len() {
            for beta in 0..=b.lower.len() {
                let sum = alpha + beta;
                if sum == 0 {
                    continue;
                }
                let premise = || {
                    clause()
                        .or_not(digit(&a.lower, alpha))
                        .or_not(digit(&b.lower, beta))
                };
                if sum < p {
                    premise()
                        .or(maybe(carry))
                        .or(digit(&parent.lower, sum))
                        .write(self.out);
                } else {
                    premise().or(maybe(carry)).write(self.out);
                    if sum > p {
                        premise().or(digit(&parent.lower, sum - p)).write(self.out);
                    }
                }
            }
        }
    }

    fn upper_up(&mut self, a: &Digits, b: &Digits, carry: Option<Lit>, parent: &Digits) {
        for gamma in 0..=a.upper.len() {
            for delta in 0..=b.upper.len() {
                let premise = || {
                    clause()
                        .or_not(digit(&a.upper, gamma))
                        .or_not(digit(&b.upper, delta))
                };
                if gamma + delta > 0 {
                    premise()
                        .or(self.upper_up_target(parent, gamma + delta))
                        .write(self.out);
                }
                if let Some(c) = carry {
                    premise()
                        .or_not(Term::Lit(c))
                        .or(self.upper_up_target(parent, gamma + delta + 1))
                        .write(self.out);
                }
            }
        }
    }

    /// `c -> a.lower + b.lower >= p`.
    fn carry_down(&mut self, a: &Digits, b: &Digits, carry: Option<Lit>) {
        let Some(c) = carry else { return };
        for alpha in 0..self.p {
            clause()
                .or_not(Term::Lit(c))
                .or(digit(&a.lower, alpha + 1))
                .or(digit(&b.lower, self.p - alpha))
                .write(self.out);
        }
    }

    /// `r_i -> a.lower + b.lower >= i` (without carry) and
    /// `r_i & c -> a.lower + b.lower >= p + i`.
    fn lower_down(&mut self, a: &Digits, b: &Digits, carry: Option<Lit>, parent: &Digits) {
        for i in 1..=parent.lower.len() {
            let r = Term::Lit(parent.lower[i - 1]);
            for alpha in 0..i {
                clause()
                    .or_not(r)
                    .or(maybe(carry))
                    .or(digit(&a.lower, alpha + 1))
                    .or(digit(&b.lower, i - alpha))
                    .write(self.out);
            }
            if let Some(c) = carry {
                for alpha in 0..self.p {
                    clause()
                        .or_not(r)
                        .or_not(Term::Lit(c))
                        .or(digit(&a.lower, alpha + 1))
                        .or(digit(&b.lower, self.p + i - alpha))
                        .write(self.out);
                }
            }
        }
    }

    /// `U_j -> A + B >= j` (without carry) and `U_j -> A + B >= j - 1`.
    fn upper_down(&mut self, a: &Digits, b: &Digits, carry: Option<Lit>, parent: &Digits) {
        for j in 1..=parent.upper.len() {
            let u = Term::Lit(parent.upper[j - 1]);
            for gamma in 0..j {
                clause()
                    .or_not(u)
                    .or(maybe(carry))
                    .or(digit(&a.upper, gamma + 1))
                    .or(digit(&b.upper, j - gamma))
                    .write(self.out);
            }
            for gamma in 0..j.saturating_sub(1) {
                clause()
                    .or_not(u)
                    .or(digit(&a.upper, gamma + 1))
                    .or(digit(&b.upper, j - 1 - gamma))
                    .write(self.out);
            }
        }
    }

    /// A variable `f` with `value >= bound => f`.
    fn up_output(&mut self, root: &Digits, bound: usize) -> Lit {
        let f = self.vars.fresh().positive();
        let (mu, nu) = split(bound, self.p);
        let upper = |j| digit(&root.upper, j);
        if nu == 0 {
            clause().or_not(upper(mu)).or(Term::Lit(f)).write(self.out);
        } else {
            clause()
                .or_not(upper(mu + 1))
                .or(Term::Lit(f))
                .write(self.out);
            clause()
                .or_not(upper(mu))
                .or_not(digit(&root.lower, nu))
                .or(Term::Lit(f))
                .write(self.out);
        }
        f
    }

    /// A variable `g` with `g => value >= bound`.
    fn down_output(&mut self, root: &Digits, bound: usize) -> Lit {
        let g = self.vars.fresh().positive();
        let (mu, nu) = split(bound, self.p);
        let upper = |j| digit(&root.upper, j);
        if nu == 0 {
            clause().or_not(Term::Lit(g)).or(upper(mu)).write(self.out);
        } else {
            clause()
                .or_not(Term::Lit(g))
                .or(upper(mu + 1))
                .or(upper(mu))
                .write(self.out);
            clause()
                .or_not(Term::Lit(g))
                .or(upper(mu + 1))
                .or(digit(&root.lower, nu))
                .write(self.out);
        }
        g
    }
}

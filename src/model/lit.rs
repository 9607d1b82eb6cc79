//! Boolean variables and literals, numbered the DIMACS way.
//!
//! A [`Var`] is a 1-based index (the DIMACS variable id); a [`Lit`] is a
//! non-zero `i32` whose sign is its polarity. Every stage after `model` speaks
//! in these types, so converting to a solver or a file is a no-op.

use std::fmt;
use std::ops::Not;

/// A Boolean variable: its DIMACS id, counted from 1.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(u32);

impl Var {
    /// The variable with DIMACS id `id` (must be at least 1).
    pub fn from_dimacs(id: u32) -> Var {
        assert!(id >= 1 && id <= i32::MAX as u32, "variable id out of range");
        Var(id)
    }

    /// The DIMACS id, counted from 1.
    pub fn id(self) -> u32 {
        self.0
    }

    /// The position of this variable in 0-based tables.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The variable as a positive literal.
    pub fn positive(self) -> Lit {
        Lit(self.0 as i32)
    }

    /// The variable's negation.
    pub fn negative(self) -> Lit {
        Lit(-(self.0 as i32))
    }
}

impl fmt::Debug for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

/// A literal: a variable or its negation, as a signed DIMACS number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(i32);

impl Lit {
    /// The literal written `n` in DIMACS (non-zero).
    pub fn from_dimacs(n: i32) -> Lit {
        assert!(n != 0 && n != i32::MIN, "0 is not a literal");
        Lit(n)
    }

    /// The signed DIMACS number.
    pub fn dimacs(self) -> i32 {
        self.0
    }

    /// Its variable.
    pub fn var(self) -> Var {
        Var(self.0.unsigned_abs())
    }

    /// Whether it is a negation.
    pub fn is_neg(self) -> bool {
        self.0 < 0
    }

    /// The value of this literal when its variable has value `var_value`.
    pub fn eval(self, var_value: bool) -> bool {
        var_value != self.is_neg()
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Hands out fresh variables, in order, starting after the named ones.
#[derive(Clone, Debug)]
pub struct VarAlloc {
    next: u32,
}

impl VarAlloc {
    /// An allocator whose first fresh variable has id `n_used + 1`.
    pub fn after(n_used: u32) -> VarAlloc {
        VarAlloc { next: n_used + 1 }
    }

    /// The next fresh variable.
    pub fn fresh(&mut self) -> Var {
        let v = Var::from_dimacs(self.next);
        self.next += 1;
        v
    }

    /// How many variables exist so far (the highest id handed out).
    pub fn n_vars(&self) -> u32 {
        self.next - 1
    }
}

/// The distinct literals of `lits`, sorted: the list read as a set. Every
/// constraint's literal list means this set (a repeated literal counts once).
pub fn sorted_set(lits: &[Lit]) -> Vec<Lit> {
    let mut set = lits.to_vec();
    set.sort_unstable();
    set.dedup();
    set
}

/// The distinct literals of a list, in first-occurrence order, with every
/// complementary pair taken out and counted: a literal together with its
/// negation contributes exactly 1 to any count (one of the two is true).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LitSet {
    /// Distinct literals whose negation is not in the list.
    pub lits: Vec<Lit>,
    /// How many variables occur with both signs (each adds exactly 1).
    pub complementary_pairs: usize,
}

impl LitSet {
    /// The set reading of `lits`.
    pub fn of(lits: &[Lit]) -> LitSet {
        let sorted = sorted_set(lits);
        let contains = |l: Lit| sorted.binary_search(&l).is_ok();
        let complementary_pairs = sorted
            .iter()
            .filter(|l| !l.is_neg() && contains(!**l))
            .count();
        let mut emitted = vec![false; sorted.len()];
        let mut kept = Vec::with_capacity(sorted.len());
        for &lit in lits {
            let here = sorted
                .binary_search(&lit)
                .expect("every literal is in its own sorted copy");
            if !emitted[here] && !contains(!lit) {
                emitted[here] = true;
                kept.push(lit);
            }
        }
        LitSet {
            lits: kept,
            complementary_pairs,
        }
    }
}

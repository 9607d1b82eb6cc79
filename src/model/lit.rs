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

    pub fn positive(self) -> Lit {
        Lit(self.0 as i32)
    }

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

    pub fn dimacs(self) -> i32 {
        self.0
    }

    pub fn var(self) -> Var {
        Var(self.0.unsigned_abs())
    }

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

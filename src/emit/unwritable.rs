//! Why a model cannot be written in a format ([`Unwritable`]): decided
//! before a byte is written, and said with what to do instead.

use std::fmt;
use std::io;

use crate::model::{Objective, Sense};
use crate::options::Format;

/// Why a model cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unwritable {
    /// A CNF file holds no objective.
    ObjectiveInCnf {
        /// `maximize` or `minimize`.
        sense: Sense,
        /// What the objective counts (`count`, `walls`).
        what: String,
    },
    /// An LP or MPS file needs a variable, and the model has none.
    NoVariables(Format),
    /// A number LP and MPS readers would round (they read doubles, exact to
    /// 2^53 only).
    InexactInDoubles(u64),
    /// A coefficient or bound of a constraint that does not fit in 64 bits.
    Overflow {
        /// The constraint's index in the model.
        constraint: usize,
        /// Where it came from (`rule attacks`).
        origin: String,
        /// The number.
        value: i128,
    },
    /// A constraint that can never hold, in a model without a variable to
    /// write it with.
    Infeasible {
        /// The constraint's index in the model.
        constraint: usize,
        /// Where it came from.
        origin: String,
    },
    /// An objective coefficient that does not fit in 64 bits.
    ObjectiveOverflow(i128),
    /// A coefficient whose negation does not fit in 64 bits.
    NotNegatable(i64),
    /// A constraint (`None`: the objective) that mentions a variable the
    /// model does not name.
    UnnamedVariable {
        /// The constraint's index, or `None` for the objective.
        constraint: Option<usize>,
        /// The variable's number.
        var: u32,
        /// How many variables the model names.
        named: u32,
    },
    /// CNF and WCNF are written from the encoded clauses, and none were given.
    MissingClauses(Format),
    /// MiniZinc's output item draws the board, and no layout was given.
    MissingLayout(Format),
    /// Fewer variables declared than the model names.
    TooFewVariables {
        /// The number declared.
        declared: u32,
        /// The number the model names.
        named: u32,
    },
    /// A clause (or, `in_objective`, the objective) mentions a variable
    /// beyond those declared.
    UndeclaredVariable {
        /// Whether it is the objective.
        in_objective: bool,
        /// The variable's number.
        var: u32,
        /// The number declared.
        declared: u32,
    },
    /// The objective's weights add up to more than a WCNF weight holds.
    WeightOverflow,
}

impl Unwritable {
    /// The objective as a CNF file would have to hold it.
    pub fn objective_in_cnf(objective: &Objective) -> Unwritable {
        Unwritable::ObjectiveInCnf {
            sense: objective.sense,
            what: objective.what.clone(),
        }
    }
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unwritable::ObjectiveInCnf { sense, what } => {
                let (sense, bound) = match sense {
                    Sense::Maximize => ("maximize", ">="),
                    Sense::Minimize => ("minimize", "<="),
                };
                write!(
                    f,
                    "a CNF file cannot hold the objective `{sense} {what}`: write WCNF (MaxSAT), \
                     OPB, LP or MPS instead (e.g. `-o model.wcnf`), or replace `{sense} {what}` \
                     by a constraint `{what} {bound} N` to ask for a solution of a given quality"
                )
            }
            Unwritable::NoVariables(format) => write!(
                f,
                "the model has no variables, and an {} file needs at least one; \
                 check the board size and the parameters",
                format.name().to_ascii_uppercase()
            ),
            Unwritable::InexactInDoubles(value) => write!(
                f,
                "the number {value} is too large for LP and MPS readers, which round numbers \
                 beyond 2^53; write OPB instead"
            ),
            Unwritable::Overflow {
                constraint,
                origin,
                value,
            } => write!(
                f,
                "constraint {constraint} ({origin}) has a coefficient or bound {value} that does not fit in 64 bits"
            ),
            Unwritable::Infeasible { constraint, origin } => write!(
                f,
                "constraint {constraint} ({origin}) can never hold, and the model has no variable to write it with"
            ),
            Unwritable::ObjectiveOverflow(coef) => {
                write!(f, "objective coefficient {coef} does not fit in 64 bits")
            }
            Unwritable::NotNegatable(value) => {
                write!(f, "coefficient {value} cannot be negated in 64 bits")
            }
            Unwritable::UnnamedVariable {
                constraint: Some(index),
                var,
                named,
            } => write!(
                f,
                "constraint {index} mentions variable {var}, but the model names only {named}"
            ),
            Unwritable::UnnamedVariable {
                constraint: None,
                var,
                named,
            } => write!(
                f,
                "the objective mentions variable {var}, but the model names only {named}"
            ),
            Unwritable::MissingClauses(format) => {
                write!(f, "{format} output needs the encoded clauses of the model")
            }
            Unwritable::MissingLayout(format) => write!(
                f,
                "{format} output needs the board's layout (qspec::draw::Layout) for the picture its output item prints"
            ),
            Unwritable::TooFewVariables { declared, named } => write!(
                f,
                "{declared} variables declared, but the model alone has {named}"
            ),
            Unwritable::UndeclaredVariable {
                in_objective,
                var,
                declared,
            } => write!(
                f,
                "{} mentions variable {var}, but only {declared} variables are declared",
                if *in_objective { "the objective" } else { "a clause" }
            ),
            Unwritable::WeightOverflow => write!(
                f,
                "the objective's weights add up to more than a WCNF weight can hold (2^63)"
            ),
        }
    }
}

impl std::error::Error for Unwritable {}

impl From<Unwritable> for io::Error {
    /// An error about the model, not about the output stream.
    fn from(e: Unwritable) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidInput, e)
    }
}

//! The options vocabulary every stage may speak: how constraints are encoded
//! ([`AmoEncoding`], [`CardEncoding`], [`Encodings`]), how rays are modelled
//! ([`RayEncoding`]), which file is written ([`Format`], an LP file in
//! which dialect: [`LpDialect`]) and which embedded
//! solver `solve` runs ([`EngineChoice`]), and how far `solve --certify` checks
//! a claim ([`CertifyLevel`]); every flag of the command line, with its
//! Python keyword ([`flags`]); and the settings a library message names,
//! said as a flag or as a Python keyword ([`Setting`]).
//!
//! Each is a [`Choice`]: every value with its name and one line saying
//! what it is, from this one place, so that the `.qspec` language, the
//! file headers, the command line and the Python package all use the same
//! names.
//!
//! ```
//! use qspec::options::{CardEncoding, Choice, Format};
//! let card: CardEncoding = "totalizer".parse()?;
//! assert_eq!(card.name(), "totalizer");
//! assert!(CardEncoding::all().len() >= 6);
//! assert_eq!(Format::from_path(std::path::Path::new("q.cnf.gz")), Some((Format::Cnf, true)));
//! # Ok::<(), String>(())
//! ```

use std::fmt;
use std::path::Path;

pub mod flags;
mod setting;
pub use setting::{said, Reader, Setting};

/// A value a user names: in a `.qspec` file, on the command line, in a
/// header, from Python.
pub trait Choice: Copy + Sized + 'static {
    /// Every value, in the order help texts and `stats` list them.
    fn all() -> &'static [Self];
    /// The value's name.
    fn name(self) -> &'static str;
    /// One line saying what the value is.
    fn about(self) -> &'static str;
    /// The value called `name`.
    fn named(name: &str) -> Option<Self> {
        Self::all().iter().copied().find(|c| c.name() == name)
    }
}

/// An enum of named values (also the answer forms a solver writes): each variant with its name and its one line
/// (also its documentation), `ALL`, `name()`, `about()`, `from_name()`,
/// [`Choice`] and [`FromStr`] (the error lists the names).
macro_rules! choices {
    (
        $(#[$attr:meta])*
        pub enum $ty:ident {
            $($(#[$vattr:meta])* $variant:ident = $name:literal : $about:literal,)*
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $ty {
            $(#[doc = concat!($about, ".")] $(#[$vattr])* $variant,)*
        }

        impl $ty {
            /// Every value, in the order help texts and `stats` list them.
            pub const ALL: [$ty; [$($name),*].len()] = [$($ty::$variant),*];

            /// The name used in `.qspec` files, on the command line and in
            /// headers.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)*
                }
            }

            /// One line saying what it is.
            pub fn about(self) -> &'static str {
                match self {
                    $($ty::$variant => $about,)*
                }
            }
        }

        impl $crate::options::Choice for $ty {
            fn all() -> &'static [$ty] {
                &$ty::ALL
            }
            fn name(self) -> &'static str {
                $ty::name(self)
            }
            fn about(self) -> &'static str {
                $ty::about(self)
            }
        }

        impl std::str::FromStr for $ty {
            type Err = String;
            fn from_str(name: &str) -> std::result::Result<$ty, String> {
                <$ty as $crate::options::Choice>::named(name).ok_or_else(|| {
                    format!("`{name}` is not one of {}", [$($name),*].join(", "))
                })
            }
        }
    };
}
pub(crate) use choices;

choices! {
    /// How an at-most-one constraint is written.
    pub enum AmoEncoding {
        Pairwise = "pairwise": "Every pair excluded: `n(n-1)/2` binary clauses, no variables",
        Ladder = "ladder": "The ladder (sequential) encoding: `n - 1` variables, `3n - 4` clauses",
        Bitwise = "bitwise": "The binary (bitwise) encoding: `log n` variables, `n log n` clauses",
        Commander = "commander": "The commander encoding (groups of 4, pairwise inside)",
        Bimander = "bimander": "The bimander encoding (groups of 4, binary commanders)",
        Product = "product": "Chen's two-product encoding (rows and columns of a grid)",
    }
}

choices! {
    /// How a cardinality constraint is written.
    pub enum CardEncoding {
        Totalizer = "totalizer": "The totalizer (rustsat)",
        SeqCounter = "seqcounter": "Sinz's sequential counter",
        CardNet = "cardnet": "Cardinality networks (Asín et al.), `O(n log^2 k)`",
        SortNet = "sortnet": "Batcher's odd-even merge sorting network",
        Adder = "adder": "The binary adder (rustsat)",
        MTotalizer = "mtotalizer": "The modulo totalizer (Ogawa et al.)",
    }
}

/// The user's choice of encodings; `None` chooses per constraint (the rule
/// is in the `encode` module).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Encodings {
    /// The at-most-one encoding, or `None` for the automatic choice.
    pub amo: Option<AmoEncoding>,
    /// The cardinality encoding, or `None` for the automatic choice.
    pub card: Option<CardEncoding>,
}

choices! {
    /// How the model says "the first piece along a ray" (rules `attacks`,
    /// `dominate`, and `no_attack` with free walls).
    #[derive(Default)]
    pub enum RayEncoding {
        Direct = "direct": "`seen <-> OR(cells on the ray)`: one definition per cell and direction, quadratic in the ray length (the blog's formulation)",
        #[default]
        Chain = "chain": "`seen(c,v) <-> x(c+v) OR seen(c+v,v)`: constant size per cell and direction, definitions shared along each line. The default",
    }
}

choices! {
    /// The embedded engine `qspec solve` runs.
    #[derive(Default)]
    pub enum EngineChoice {
        #[default]
        Auto = "auto": "The default: the engine for the model, said in the first note (`c engine: ...`): the clique search for `rule no_attack` counts on 3 or more dimensions, the clique search and Kissat side by side for such counts bounded on 2, the row search for models it takes, the armies search for peaceable armies, else the portfolio (on one thread CaDiCaL for an objective, Kissat for a decision)",
        Cadical = "cadical": "CaDiCaL: incremental (one solver for the whole optimisation, with cores that raise the lower bound, and the warm start as phases); ahead on small models that take many optimisation steps",
        Kissat = "kissat": "Kissat: rebuilt for every step (it takes no assumptions); far faster on hard calls (the 6^3 proof, q_5(8) >= 28)",
        Portfolio = "portfolio": "Both on two threads: the first answer wins, and while optimising each takes up the other's better solutions and bounds",
        Clique = "clique": "No SAT solver: a branch and bound over the conflict graph, pruned by the board's symmetries, for models that ask for the most pieces no two of which attack (the `clique` module of `solve`)",
        Rows = "rows": "No SAT solver: the board filled a row at a time, each row to its limit, limits on sets of cells kept as bit masks, for models of one piece with `count per line <= 2` (or other `<=` limits) whose count fills every row (no three in line: `count == 2 * n`); lists every solution for `qspec count` (the `rows` module of `solve`)",
        Armies = "armies": "No SAT solver: every line given to one army, the best colouring found by a branch and bound whose bound is a knapsack over the diagonals, for two armies that may not attack each other (`rule white no_attack black` of queens, rooks or bishops), of equal size, maximised or of a given size (`count white >= m`): peaceable queens (the `armies` module of `solve`)",
    }
}

impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

choices! {
    /// What `solve --certify` proves a claim from.
    #[derive(Default)]
    pub enum CertifyLevel {
        #[default]
        Cnf = "cnf": "The CNF with the encodings in force: a DRAT proof checked by `rate`",
        Model = "model": "The model's own OPB file: a VeriPB proof (certified encodings, then CaDiCaL's LRAT proof) checked by `veripb`",
    }
}

choices! {
    /// A solver file format.
    pub enum Format {
        Cnf = "cnf": "DIMACS CNF, for SAT solvers and model counters",
        Wcnf = "wcnf": "Weighted CNF, for MaxSAT solvers",
        Opb = "opb": "Pseudo-Boolean competition format",
        Lp = "lp": "CPLEX LP, for MIP solvers (or lp_solve's dialect, `--lp-dialect lp_solve`)",
        Mps = "mps": "Free MPS, for MIP solvers",
        Mzn = "mzn": "A MiniZinc model, for CP, MIP and SAT solvers through MiniZinc",
    }
}

choices! {
    /// Which LP dialect an LP file is written in.
    #[derive(Default)]
    pub enum LpDialect {
        #[default]
        Cplex = "cplex": "CPLEX LP (sections Maximize, Subject To, Binaries, End): read by HiGHS, SCIP, CBC, GLPK, Gurobi and CPLEX. The default",
        LpSolve = "lp_solve": "lp_solve's LP format (`max: ...;`, `r1: ... <= 1;`, `bin x, y;`), without comments or header: read by lp_solve and by OR-tools' LP reader (`import_from_lp_string`), which takes no CPLEX LP file",
    }
}

impl Format {
    /// The format called `name` (case-insensitive; `dimacs` and `pb` are
    /// accepted as aliases of `cnf` and `opb`).
    pub fn from_name(name: &str) -> Option<Format> {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "cnf" | "dimacs" => Some(Format::Cnf),
            "wcnf" => Some(Format::Wcnf),
            "opb" | "pb" => Some(Format::Opb),
            "lp" => Some(Format::Lp),
            "mps" => Some(Format::Mps),
            "mzn" => Some(Format::Mzn),
            _ => None,
        }
    }

    /// The format named by a file's extension, and whether the file is
    /// gzipped (`queens.cnf.gz` → `(Cnf, true)`).
    pub fn from_path(path: &Path) -> Option<(Format, bool)> {
        let file_name = path.file_name()?.to_str()?;
        let (stem, gzip) = match strip_suffix_ignore_case(file_name, ".gz") {
            Some(stem) => (stem, true),
            None => (file_name, false),
        };
        let (_, extension) = stem.rsplit_once('.')?;
        Format::from_name(extension).map(|format| (format, gzip))
    }

    /// `.cnf, .wcnf, .opb, .lp, .mps or .mzn`: every extension, for messages.
    pub fn extensions() -> String {
        Format::list(|f| format!(".{}", f.name()))
    }

    /// `cnf|wcnf|opb|lp|mps|mzn`: every name, for messages.
    pub fn names() -> String {
        Format::ALL.map(Format::name).join("|")
    }

    /// The formats as `a, b, c or d`.
    fn list(show: impl Fn(Format) -> String) -> String {
        let shown: Vec<String> = Format::ALL.into_iter().map(show).collect();
        let (last, rest) = shown.split_last().expect("formats exist");
        format!("{} or {last}", rest.join(", "))
    }

    /// Whether the format holds clauses, so that the model must be encoded
    /// (CNF, WCNF) rather than written as linear rows.
    pub fn is_clausal(self) -> bool {
        matches!(self, Format::Cnf | Format::Wcnf)
    }

    /// Whether the writer needs the board's layout, to print a solution as
    /// a board (MiniZinc's output item).
    pub fn needs_layout(self) -> bool {
        matches!(self, Format::Mzn)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn strip_suffix_ignore_case<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let split = text.len().checked_sub(suffix.len())?;
    let tail = text.get(split..)?;
    tail.eq_ignore_ascii_case(suffix).then(|| &text[..split])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name reads back as its value; unknown names list the choices.
    #[test]
    fn names_read_back() {
        fn round_trip<T: Choice + std::str::FromStr<Err = String> + PartialEq + fmt::Debug>() {
            for &c in T::all() {
                assert_eq!(c.name().parse::<T>(), Ok(c));
                assert!(!c.about().ends_with('.'));
            }
            assert!("nonsense"
                .parse::<T>()
                .unwrap_err()
                .contains(T::all()[0].name()));
        }
        round_trip::<AmoEncoding>();
        round_trip::<CardEncoding>();
        round_trip::<RayEncoding>();
        round_trip::<EngineChoice>();
        round_trip::<CertifyLevel>();
        round_trip::<Format>();
        round_trip::<LpDialect>();
        assert_eq!(Format::from_name("DIMACS"), Some(Format::Cnf));
    }
}

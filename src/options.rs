//! The options vocabulary every stage may speak: how constraints are encoded
//! ([`AmoEncoding`], [`CardEncoding`], [`Encodings`]), how rays are modelled
//! ([`RayEncoding`]), which file is written ([`Format`]) and which embedded
//! solver `solve` runs ([`Engine`]), and how far `solve --certify` checks
//! a claim ([`CertifyLevel`]).
//!
//! Each enum derives clap's `ValueEnum`, so the command line lists the same
//! names the `.qspec` language and the file headers use, from this one place.

use std::fmt;
use std::path::Path;

use clap::ValueEnum;

/// How an at-most-one constraint is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ValueEnum)]
pub enum AmoEncoding {
    /// Every pair excluded: `n(n-1)/2` binary clauses, no variables.
    Pairwise,
    /// The ladder (sequential) encoding: `n - 1` variables, `3n - 4` clauses.
    Ladder,
    /// The binary (bitwise) encoding: `log n` variables, `n log n` clauses.
    Bitwise,
    /// The commander encoding (groups of 4, pairwise inside).
    Commander,
    /// The bimander encoding (groups of 4, binary commanders).
    Bimander,
    /// Chen's two-product encoding (rows and columns of a grid).
    Product,
}

impl AmoEncoding {
    /// Every at-most-one encoding, in the order `stats` lists them.
    pub const ALL: [AmoEncoding; 6] = [
        AmoEncoding::Pairwise,
        AmoEncoding::Ladder,
        AmoEncoding::Bitwise,
        AmoEncoding::Commander,
        AmoEncoding::Bimander,
        AmoEncoding::Product,
    ];

    /// The name used in `.qspec` files, on the command line and in headers.
    pub fn name(self) -> &'static str {
        match self {
            AmoEncoding::Pairwise => "pairwise",
            AmoEncoding::Ladder => "ladder",
            AmoEncoding::Bitwise => "bitwise",
            AmoEncoding::Commander => "commander",
            AmoEncoding::Bimander => "bimander",
            AmoEncoding::Product => "product",
        }
    }

    /// The encoding called `name`.
    pub fn from_name(name: &str) -> Option<AmoEncoding> {
        AmoEncoding::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// How a cardinality constraint is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ValueEnum)]
pub enum CardEncoding {
    /// The totalizer (rustsat).
    Totalizer,
    /// Sinz's sequential counter.
    #[value(name = "seqcounter")]
    SeqCounter,
    /// Cardinality networks (Asín et al.), `O(n log^2 k)`.
    #[value(name = "cardnet")]
    CardNet,
    /// Batcher's odd-even merge sorting network.
    #[value(name = "sortnet")]
    SortNet,
    /// The binary adder (rustsat).
    Adder,
    /// The modulo totalizer (Ogawa et al.).
    #[value(name = "mtotalizer")]
    MTotalizer,
}

impl CardEncoding {
    /// Every cardinality encoding, in the order `stats` lists them.
    pub const ALL: [CardEncoding; 6] = [
        CardEncoding::Totalizer,
        CardEncoding::SeqCounter,
        CardEncoding::CardNet,
        CardEncoding::SortNet,
        CardEncoding::Adder,
        CardEncoding::MTotalizer,
    ];

    /// The name used in `.qspec` files, on the command line and in headers.
    pub fn name(self) -> &'static str {
        match self {
            CardEncoding::Totalizer => "totalizer",
            CardEncoding::SeqCounter => "seqcounter",
            CardEncoding::CardNet => "cardnet",
            CardEncoding::SortNet => "sortnet",
            CardEncoding::Adder => "adder",
            CardEncoding::MTotalizer => "mtotalizer",
        }
    }

    /// The encoding called `name`.
    pub fn from_name(name: &str) -> Option<CardEncoding> {
        CardEncoding::ALL.into_iter().find(|e| e.name() == name)
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

/// How the model says "the first piece along a ray" (rules `attacks`,
/// `dominate`, and `no_attack` with free walls).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum RayEncoding {
    /// `seen <-> OR(cells on the ray)`: one definition per cell and
    /// direction, quadratic in the ray length (the blog's formulation).
    Direct,
    /// `seen(c,v) <-> x(c+v) OR seen(c+v,v)`: constant size per cell and
    /// direction, definitions shared along each line. The default.
    #[default]
    Chain,
}

impl RayEncoding {
    /// Both ray encodings.
    pub const ALL: [RayEncoding; 2] = [RayEncoding::Direct, RayEncoding::Chain];

    /// The name used in `.qspec` files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RayEncoding::Direct => "direct",
            RayEncoding::Chain => "chain",
        }
    }

    /// The ray encoding called `name`.
    pub fn from_name(name: &str) -> Option<RayEncoding> {
        RayEncoding::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The embedded SAT solver `qspec solve` runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum Engine {
    /// CaDiCaL: incremental (one solver for the whole optimisation, with
    /// cores that raise the lower bound, and the warm start as phases);
    /// ahead on small models that take many optimisation steps.
    Cadical,
    /// Kissat: rebuilt for every step (it takes no assumptions); far
    /// faster on hard calls (the 6^3 proof, q_5(8) >= 28), so the default
    /// (bench/solve.sh).
    #[default]
    Kissat,
    /// Both on two threads: the first answer wins, and while optimising
    /// each takes up the other's better solutions and bounds.
    Portfolio,
    /// No SAT solver: a branch and bound over the conflict graph, pruned by
    /// the board's symmetries, for models that ask for the most pieces no
    /// two of which attack (the `clique` module of `solve`).
    Clique,
}

impl Engine {
    /// Every engine.
    pub const ALL: [Engine; 4] = [
        Engine::Cadical,
        Engine::Kissat,
        Engine::Portfolio,
        Engine::Clique,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Cadical => "cadical",
            Engine::Kissat => "kissat",
            Engine::Portfolio => "portfolio",
            Engine::Clique => "clique",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What `solve --certify` proves a claim from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum CertifyLevel {
    /// The CNF with the encodings in force: a DRAT proof checked by `rate`.
    #[default]
    Cnf,
    /// The model's own OPB file: a VeriPB proof (certified encodings, then
    /// CaDiCaL's LRAT proof) checked by `veripb`.
    Model,
}

/// A solver file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ValueEnum)]
pub enum Format {
    /// DIMACS CNF, for SAT solvers and model counters.
    Cnf,
    /// Weighted CNF, for MaxSAT solvers.
    Wcnf,
    /// Pseudo-Boolean competition format.
    Opb,
    /// CPLEX LP, for MIP solvers.
    Lp,
    /// Free MPS, for MIP solvers.
    Mps,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 5] = [
        Format::Cnf,
        Format::Wcnf,
        Format::Opb,
        Format::Lp,
        Format::Mps,
    ];

    /// The canonical name, also the file extension.
    pub fn name(self) -> &'static str {
        match self {
            Format::Cnf => "cnf",
            Format::Wcnf => "wcnf",
            Format::Opb => "opb",
            Format::Lp => "lp",
            Format::Mps => "mps",
        }
    }

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

    /// `.cnf, .wcnf, .opb, .lp or .mps`: every extension, for messages.
    pub fn extensions() -> String {
        Format::list(|f| format!(".{}", f.name()))
    }

    /// `cnf|wcnf|opb|lp|mps`: every name, for messages.
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

    /// The names clap offers are the names the language and headers use.
    #[test]
    fn clap_names_are_the_vocabulary_names() {
        for e in AmoEncoding::ALL {
            assert_eq!(e.to_possible_value().unwrap().get_name(), e.name());
        }
        for e in CardEncoding::ALL {
            assert_eq!(e.to_possible_value().unwrap().get_name(), e.name());
        }
        for r in RayEncoding::ALL {
            assert_eq!(r.to_possible_value().unwrap().get_name(), r.name());
        }
        for f in Format::ALL {
            assert_eq!(f.to_possible_value().unwrap().get_name(), f.name());
        }
        for e in Engine::ALL {
            assert_eq!(e.to_possible_value().unwrap().get_name(), e.name());
        }
        assert_eq!(Engine::value_variants().len(), Engine::ALL.len());
        assert_eq!(AmoEncoding::value_variants().len(), AmoEncoding::ALL.len());
        assert_eq!(
            CardEncoding::value_variants().len(),
            CardEncoding::ALL.len()
        );
        assert_eq!(Format::value_variants().len(), Format::ALL.len());
    }
}

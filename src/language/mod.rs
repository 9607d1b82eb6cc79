//! The language stage: parse a .qspec file ([`parse`]) and check it
//! ([`check`]) into a [`Spec`] — every parameter resolved, every value
//! validated. Nothing after this stage ever sees an unchecked value. The
//! language's one layout, `qspec fmt`, is here too ([`format()`]).
//!
//! ```
//! use qspec::language::{load, RuleSpec};
//! let spec = load("q.qspec", "param n = 8\nboard n x n\nrule no_attack\ncount == n\n", &[("n".into(), 10)])?;
//! assert_eq!(spec.dims, vec![10, 10]);
//! assert_eq!(spec.rules, vec![RuleSpec::NoAttack]);
//! let error = load("bad.qspec", "board 8 x 8\nrule no_attak\n", &[]).unwrap_err();
//! assert!(error.to_string().contains("bad.qspec:2:6"));
//! # Ok::<(), qspec::diag::SpecErrors>(())
//! ```

pub(crate) mod ast;
mod check;
pub mod edit;
mod format;
pub(crate) mod parse;
pub(crate) mod syntax;

pub use check::{line_identity_applies, MAX_CELLS, MAX_DIMS, MAX_DIRECTIONS};
pub use format::{format, words};
pub use syntax::{span_around, HINTS, STATEMENTS};

use crate::board::sets::{Regions, Scope};
use crate::board::symmetry::SignedPerm;
use crate::board::Piece;
use crate::diag::{Diagnostic, SpecErrors};
use crate::model::{PieceKind, Rel, Sense};
use crate::options::{AmoEncoding, CardEncoding, RayEncoding};

/// A cell or a vector: one integer per dimension, first coordinate = row.
pub type Coord = Vec<usize>;

/// A rule relating the placed pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSpec {
    /// No placed piece attacks another.
    NoAttack,
    /// Every placed piece attacks `rel k` others.
    Attacks(Rel, u32),
    /// Every non-wall cell is occupied or attacked.
    Dominate,
    /// `rule white attacks == 2`: every piece of the kind attacks `rel k`
    /// pieces, of any kind (rays stop at the first piece of any kind).
    AttacksOf {
        /// The kind whose pieces' attacks are counted.
        kind: PieceKind,
        /// The comparison.
        rel: Rel,
        /// The bound.
        k: u32,
    },
    /// `rule white no_attack black`: no piece of the first kind attacks a
    /// piece of the second (rays stop at the first piece of any kind).
    NoAttackOn {
        /// The kind whose pieces may not attack.
        attacker: PieceKind,
        /// The kind whose pieces may not be attacked.
        target: PieceKind,
    },
}

/// A kind of piece: `piece white queen` is the kind `white`, moving as a
/// queen, drawn `W`; `piece queen` the kind `queen`, drawn `Q`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The kind's name.
    pub name: String,
    /// How its pieces move.
    pub piece: Piece,
    /// The letter a board shows its pieces by.
    pub letter: char,
}

/// `count white >= 9`: a bound on the pieces of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindCount {
    /// The kind.
    pub kind: PieceKind,
    /// The comparison.
    pub rel: Rel,
    /// The bound.
    pub k: u32,
}

/// `count white == count black`: `count(left) - count(right) rel offset`
/// (`<` is `<= -1`, `>` is `>= 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountsCompared {
    /// The left kind.
    pub left: PieceKind,
    /// The right kind.
    pub right: PieceKind,
    /// The comparison.
    pub rel: Rel,
    /// The difference's bound.
    pub offset: i64,
}

/// `count per row == 1`, `count in (0,0) (2,2) <= 1`: a bound on the
/// pieces of every set of a scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopedCount {
    /// The kind counted (`count star per region`), or every piece.
    pub kind: Option<PieceKind>,
    /// The sets it bounds.
    pub scope: Scope,
    /// The comparison.
    pub rel: Rel,
    /// The bound on each set.
    pub k: u32,
}

impl ScopedCount {
    /// The statement, normalised: `count per row = 1`, `count star per
    /// region = 2` (`kinds` names the kind).
    pub fn text(&self, kinds: &[Kind]) -> String {
        let kind = self
            .kind
            .map(|k| format!("{} ", kinds[k].name))
            .unwrap_or_default();
        format!(
            "count {kind}{} {} {}",
            self.scope.text(),
            self.rel.symbol(),
            self.k
        )
    }

    /// The bound when the count only bounds a set from above (`<= k`):
    /// then a set of at most `k` cells cannot break it.
    pub fn only_at_most(&self) -> Option<u32> {
        (self.rel == Rel::Le).then_some(self.k)
    }
}

/// A bound on what a model counts: the one form every `count ...` and
/// `walls ...` statement is checked into, kept in one list
/// ([`Spec::bounds`]) and read through the views below ([`Spec::counts`],
/// [`Spec::kind_counts`], [`Spec::scoped_counts`], ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The pieces (of one kind, or of every kind) on the whole board
    /// (`over: None`: `count >= 8`, `count white == 9`), or on every set of
    /// a scope (`count per row == 1`, `count star per region == 2`, `count
    /// in (0,0) (2,2) <= 1`).
    Pieces {
        /// The kind counted, or every piece.
        kind: Option<PieceKind>,
        /// The sets counted, or the whole board.
        over: Option<Scope>,
        /// The comparison.
        rel: Rel,
        /// The bound (on each set).
        k: u32,
    },
    /// `count white == count black`: two kinds' counts compared.
    Compared(CountsCompared),
    /// `walls <= 3`: the walls the solver chooses (with `walls free`).
    Walls {
        /// The comparison.
        rel: Rel,
        /// The bound.
        k: u32,
    },
}

impl Bound {
    /// The bound on every set of a scope, as the statement says it.
    pub fn scoped(count: &ScopedCount) -> Bound {
        Bound::Pieces {
            kind: count.kind,
            over: Some(count.scope.clone()),
            rel: count.rel,
            k: count.k,
        }
    }

    /// Whether it bounds every set of `scope`.
    pub fn is_over(&self, scope: &Scope) -> bool {
        matches!(self, Bound::Pieces { over: Some(s), .. } if s == scope)
    }
}

/// What an objective counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// The number of pieces.
    Count,
    /// The number of chosen walls.
    Walls,
}

impl Quantity {
    /// What the objective counts, as headers and reports name it.
    pub fn name(self) -> &'static str {
        match self {
            Quantity::Count => "count",
            Quantity::Walls => "walls",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// `maximize count`, `minimize walls`, ...
pub struct ObjectiveSpec {
    /// Which way.
    pub sense: Sense,
    /// What is counted.
    pub target: Quantity,
    /// The kind counted (`maximize count white`), or every piece.
    pub kind: Option<PieceKind>,
}

impl ObjectiveSpec {
    /// What it counts, as headers and reports name it: `count`, `walls`,
    /// `count white` (`kinds` names the kind).
    pub fn what(&self, kinds: &[Kind]) -> String {
        match self.kind {
            Some(k) => format!("{} {}", self.target.name(), kinds[k].name),
            None => self.target.name().to_string(),
        }
    }
}

/// A hint: constraints that help a solver, each either true of every
/// solution (implied) or removing solutions on purpose (restricting); the
/// builder says which.
#[derive(Clone, Debug, PartialEq)]
pub enum HintSpec {
    /// `hint lines`: the identity between free rays and non-empty lines.
    Lines,
    /// `hint empty_lines rel r`: the number of wall-free segments of the
    /// rider lines that hold no piece.
    EmptyLines(Rel, u32),
    /// `hint cliques cube star`: at most one piece on each clique.
    Cliques {
        /// The corners of every h-cube (with its centre for even h).
        cube: bool,
        /// A cell and its 2d neighbours at distance h along the axes.
        star: bool,
    },
    /// `hint layers <= q`: every layer (one coordinate fixed) holds at most
    /// q pieces.
    Layers(u32),
    /// `hint subboards m <= q`: every m^d sub-board holds at most q pieces.
    Subboards {
        /// The sub-board's side m.
        side: usize,
        /// The most pieces q.
        max: u32,
    },
    /// `hint symmetric G ...`: only solutions invariant under these maps.
    Symmetric(Vec<SignedPerm>),
    /// Only solutions invariant under a board map that also renames the
    /// kinds (kind `k` becomes `kinds[k]`): what a model counter counts
    /// for Burnside's lemma with several kinds. No statement writes it.
    SymmetricKinds {
        /// Where the cells go.
        board: SignedPerm,
        /// What each kind becomes.
        kinds: Vec<PieceKind>,
    },
    /// `hint break_symmetry`: one solution per class of the board's group.
    BreakSymmetry,
}

/// A hint and how it is reported.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// What it asks for.
    pub kind: HintSpec,
    /// The statement, normalised: `hint symmetric rot180`.
    pub text: String,
}

/// Adds the implied hints that are measured to help, unless the model has
/// them already: `hint lines` for `rule attacks == k` models with a count
/// bound, where the line identity is an equality that fixes how many lines
/// hold a piece (measured on 8x8: Q_3(8) >= 18 in 0.09 s instead of 67 s,
/// Q_4(8) >= 21 in 0.05 s instead of 3.3 s, Q_2(8) >= 16 refuted in 0.01 s
/// instead of 16 s), and for `maximize count` with `rule attacks == k`,
/// where the bound it states on the count is decided first
/// (`solve::ceiling`: Q_3(8) = 18 proven in 0.08 s, not in 300 s
/// without). It is not added for `attacks <=` / `>=` (an inequality:
/// q_5(8) >= 28 took 418 s with it, 32 s without), nor for `rule no_attack`
/// (the at-most-one constraints already say it). Each added hint is
/// reported as `(automatic)`.
pub fn add_automatic_hints(spec: &mut Spec) {
    let exact = spec
        .rules
        .iter()
        .any(|r| matches!(r, RuleSpec::Attacks(Rel::Eq, _)));
    let has_lines = spec.hints.iter().any(|h| h.kind == HintSpec::Lines);
    let counted = !spec.counts().is_empty() || spec.maximises_count();
    if exact && counted && !has_lines && line_identity_applies(spec).is_ok() {
        spec.hints.push(Hint {
            kind: HintSpec::Lines,
            text: "hint lines (automatic)".into(),
        });
    }
}

/// A checked model description.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The file it came from, as given on the command line.
    pub file: String,
    /// Parameters and their final values, in declaration order.
    pub params: Vec<(String, i64)>,
    /// The side of each axis (first = rows).
    pub dims: Vec<usize>,
    /// Whether lines wrap around.
    pub torus: bool,
    /// Fixed walls (sorted, no duplicates).
    pub walls: Vec<Coord>,
    /// Cells that must hold a piece (sorted, no duplicates).
    pub fixed: Vec<Coord>,
    /// Cells that must stay empty (sorted, no duplicates).
    pub forbidden: Vec<Coord>,
    /// The kinds of piece, in the file's order: one unless the model
    /// names several (`piece white queen`, `piece black queen`).
    pub kinds: Vec<Kind>,
    /// Every bound on what the model counts — pieces on the board or on
    /// the sets of a scope, kinds' counts compared, chosen walls — in the
    /// order they were read.
    pub bounds: Vec<Bound>,
    /// The rules, each once, in the file's order.
    pub rules: Vec<RuleSpec>,
    /// The board's regions (`regions { ... }`), if drawn.
    pub regions: Option<Regions>,
    /// The objective, if any.
    pub objective: Option<ObjectiveSpec>,
    /// `walls free`: every free cell may hold a wall chosen by the solver.
    pub free_walls: bool,
    /// Encodings named in the file (`encode amo ...`); the command line overrides.
    pub amo: Option<AmoEncoding>,
    /// `encode card ...`.
    pub card: Option<CardEncoding>,
    /// The hints, in the file's order.
    pub hints: Vec<Hint>,
    /// `encode rays direct|chain`: how "a piece is seen along this ray" is
    /// modelled for `rule attacks` and `rule dominate`.
    pub rays: Option<RayEncoding>,
}

impl Spec {
    /// The first kind's piece: the model's piece, in a model of one kind.
    pub fn piece(&self) -> &Piece {
        &self.kinds[0].piece
    }

    /// Whether the model places pieces of several kinds.
    pub fn has_kinds(&self) -> bool {
        self.kinds.len() > 1
    }

    /// Whether the objective is `maximize count`.
    pub fn maximises_count(&self) -> bool {
        self.objective.is_some_and(|o| {
            o.target == Quantity::Count && o.kind.is_none() && o.sense == Sense::Maximize
        })
    }

    /// The decision problem "at least `k` pieces": this description with
    /// `count >= k` (`count white >= k` where the objective counts one
    /// kind) and no objective.
    pub fn with_count_at_least(&self, k: u32) -> Spec {
        let mut spec = self.clone();
        let kind = spec.objective.take().and_then(|o| o.kind);
        spec.bound_count(kind, Rel::Ge, k);
        spec
    }

    /// Adds the bound `rel k` on what the objective `objective` counts (the
    /// pieces, one kind's, or the chosen walls), and returns what it
    /// counts, as `count`, `count white` or `walls`.
    pub fn bound_objective(&mut self, objective: ObjectiveSpec, rel: Rel, k: u32) -> String {
        match objective.target {
            Quantity::Count => self.bound_count(objective.kind, rel, k),
            Quantity::Walls => self.bounds.push(Bound::Walls { rel, k }),
        }
        objective.what(&self.kinds)
    }

    /// `count rel k`, or `count <kind> rel k`.
    fn bound_count(&mut self, kind: Option<PieceKind>, rel: Rel, k: u32) {
        self.bounds.push(Bound::Pieces {
            kind,
            over: None,
            rel,
            k,
        });
    }

    /// The bounds on the number of pieces on the board (`count >= 8`).
    pub fn counts(&self) -> Vec<(Rel, u32)> {
        self.bounds
            .iter()
            .filter_map(|b| match *b {
                Bound::Pieces {
                    kind: None,
                    over: None,
                    rel,
                    k,
                } => Some((rel, k)),
                _ => None,
            })
            .collect()
    }

    /// The bounds on the pieces of one kind on the board (`count white >=
    /// 9`).
    pub fn kind_counts(&self) -> Vec<KindCount> {
        self.bounds
            .iter()
            .filter_map(|b| match *b {
                Bound::Pieces {
                    kind: Some(kind),
                    over: None,
                    rel,
                    k,
                } => Some(KindCount { kind, rel, k }),
                _ => None,
            })
            .collect()
    }

    /// Two kinds' counts compared (`count white == count black`).
    pub fn counts_compared(&self) -> Vec<CountsCompared> {
        self.bounds
            .iter()
            .filter_map(|b| match b {
                Bound::Compared(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    /// The bounds on the pieces of every set of a scope (`count per row
    /// == 1`), in the file's order.
    pub fn scoped_counts(&self) -> Vec<ScopedCount> {
        self.bounds
            .iter()
            .filter_map(|b| match b {
                Bound::Pieces {
                    kind,
                    over: Some(scope),
                    rel,
                    k,
                } => Some(ScopedCount {
                    kind: *kind,
                    scope: scope.clone(),
                    rel: *rel,
                    k: *k,
                }),
                _ => None,
            })
            .collect()
    }

    /// The bounds on the number of chosen walls (`walls <= 3`).
    pub fn wall_bounds(&self) -> Vec<(Rel, u32)> {
        self.bounds
            .iter()
            .filter_map(|b| match *b {
                Bound::Walls { rel, k } => Some((rel, k)),
                _ => None,
            })
            .collect()
    }

    /// The number of cells of the board, walls included.
    pub fn n_cells(&self) -> usize {
        self.dims.iter().product()
    }
}

/// Parses and checks `source` (read from `file`), with `-D name=value`
/// overrides. Unknown override names are reported as errors too. Warnings
/// are dropped: [`load_with_warnings`] keeps them.
pub fn load(file: &str, source: &str, overrides: &[(String, i64)]) -> Result<Spec, SpecErrors> {
    load_with_warnings(file, source, overrides).map(|(spec, _)| spec)
}

/// Whether `source` is statements of the language, each well formed,
/// without checking them against each other (a board for a `wall`, one
/// `piece`): what an editor, or a page quoting statements, asks. The
/// error is [`load`]'s, with its place in `file`.
pub fn check_syntax(file: &str, source: &str) -> Result<(), SpecErrors> {
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    parse::parse(source).map(drop).map_err(|d| SpecErrors {
        file: file.to_string(),
        source: source.to_string(),
        errors: vec![d],
    })
}

/// [`load`], and the warnings about the model (none when `errors` is
/// empty): what it says that is probably not what was meant.
pub fn load_with_warnings(
    file: &str,
    source: &str,
    overrides: &[(String, i64)],
) -> Result<(Spec, SpecErrors), SpecErrors> {
    // A byte-order mark is no part of the text.
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    let report = |errors: Vec<Diagnostic>| SpecErrors {
        file: file.to_string(),
        source: source.to_string(),
        errors,
    };
    let stmts = parse::parse(source).map_err(|d| report(vec![d]))?;
    let (spec, warnings) = check::check(file, source, &stmts, overrides).map_err(report)?;
    Ok((spec, report(warnings)))
}

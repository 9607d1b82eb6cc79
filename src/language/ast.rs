//! The syntax tree of a .qspec file, as written: unevaluated expressions and
//! names, each with the byte span it came from so that `check` can point at it.

pub use crate::diag::Span;

/// A name with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    /// The name.
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

/// A binary operator of integer expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (rounding down)
    Div,
    /// `%` (never negative)
    Rem,
    /// `^`
    Pow,
}

/// What an expression is.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// The literal as written (it may not fit in an i64: `check` says so).
    Int(String),
    /// A parameter's name.
    Param(String),
    /// `-e`.
    Neg(Box<Expr>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

/// An integer expression and where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it stands.
    pub span: Span,
}

/// `(e1, e2, ...)`: a cell or a move vector.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuple {
    /// One expression per coordinate.
    pub items: Vec<Expr>,
    /// Where it stands, parentheses included.
    pub span: Span,
}

/// A comparison as written; `<` and `>` are kept so messages can quote them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelOp {
    /// `==` or `=`
    Eq,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `>`
    Gt,
}

/// `rel bound`, as in `count >= 42`.
#[derive(Clone, Debug, PartialEq)]
pub struct Relation {
    /// The comparison.
    pub op: RelOp,
    /// The bound.
    pub bound: Expr,
    /// Where it stands.
    pub span: Span,
}

/// A board's shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// `side ^ dimension`
    Cube {
        /// The side.
        side: Expr,
        /// The number of dimensions.
        dim: Expr,
    },
    /// `a x b x c ...`
    Box(Vec<Expr>),
}

/// One row of a board picture: its cell characters and where they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureRow {
    /// `.`, `#`, `Q` or `x`, one per cell.
    pub cells: Vec<char>,
    /// Where the row stands.
    pub span: Span,
}

/// A board picture `{ ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// Its rows, top first.
    pub rows: Vec<PictureRow>,
    /// Where it stands, braces included.
    pub span: Span,
}

/// `rider` or `leaper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Slides any number of steps.
    Rider,
    /// Jumps one step.
    Leaper,
}

/// `rider (1,0) (1,1)` inside a piece body.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveDecl {
    /// Rider or leaper.
    pub kind: MoveKind,
    /// The vectors declared.
    pub vectors: Vec<Tuple>,
}

/// A `rule` statement.
#[derive(Clone, Debug, PartialEq)]
pub enum RuleAst {
    /// `rule attacks <rel> k`
    Attacks(Relation),
    /// `rule white attacks <rel> k`: the attacks of one kind's pieces.
    KindAttacks {
        /// The kind whose pieces' attacks are counted.
        kind: Name,
        /// How many each attacks.
        rel: Relation,
    },
    /// `rule no_attack`, `rule dominate`, or an unknown name (`check` says so).
    Named(Name),
    /// `rule white no_attack black`: a rule from one kind to another.
    Between {
        /// The kind whose pieces attack.
        attacker: Name,
        /// The rule's name (`no_attack`).
        rule: Name,
        /// The kind whose pieces are attacked.
        target: Name,
    },
}

/// `maximize` or `minimize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SenseAst {
    /// `maximize`
    Maximize,
    /// `minimize`
    Minimize,
}

/// One item after a hint's name: a comparison, an expression (a bare name
/// such as `rot90` or `cube` is an expression naming a parameter, which the
/// checker reads as a word where the hint wants one) or a tuple.
#[derive(Clone, Debug, PartialEq)]
pub enum HintItem {
    /// `<=`, `==`, ...
    Rel(RelOp, Span),
    /// A number, a parameter or a word.
    Expr(Expr),
    /// `(2,-1)`.
    Tuple(Tuple),
}

/// What a scoped count ranges over, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum ScopeAst {
    /// `per row`, `per region`, ... (the word is checked by `check`).
    Per(Name),
    /// `in (r0,c0) (r1,c1)`: a box between two corners.
    In(Tuple, Tuple),
}

/// What a statement says.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `param name = value`
    Param {
        /// The parameter.
        name: Name,
        /// Its default value.
        value: Expr,
    },
    /// `board shape`, `board shape { picture }` or `board { picture }`.
    Board {
        /// The shape, when written.
        shape: Option<Shape>,
        /// The picture, when drawn.
        picture: Option<Picture>,
    },
    /// `torus`
    Torus,
    /// `wall (r,c) ...`
    Wall(Vec<Tuple>),
    /// `walls free`
    WallsFree,
    /// `walls <= w`
    WallsBound(Relation),
    /// `piece name`, `piece kind mover` or `piece name { moves }`, each
    /// with an optional `drawn L`.
    Piece {
        /// The piece's name (the kind's).
        name: Name,
        /// The built-in piece the kind moves as (`piece white queen`).
        mover: Option<Name>,
        /// The body of a custom piece.
        moves: Option<Vec<MoveDecl>>,
        /// The letter chosen for its pieces on a printed board (`drawn L`).
        drawn: Option<Name>,
    },
    /// `rule ...`
    Rule(RuleAst),
    /// `count rel k`
    Count(Relation),
    /// `count white rel k`: the pieces of one kind.
    KindCount {
        /// The kind.
        kind: Name,
        /// The bound.
        rel: Relation,
    },
    /// `count white == count black`: two kinds' counts compared.
    CountsCompared {
        /// The left kind.
        left: Name,
        /// The comparison.
        op: RelOp,
        /// The right kind.
        right: Name,
    },
    /// `count per row rel k`, `count in (0,0) (2,2) rel k`, `count star per
    /// region rel k`.
    ScopedCount {
        /// The kind counted, if one.
        kind: Option<Name>,
        /// What it ranges over.
        scope: ScopeAst,
        /// The bound on each set.
        rel: Relation,
    },
    /// `regions { picture }`
    Regions(Picture),
    /// `maximize count`, `minimize walls`, `maximize count white`, ...
    Objective {
        /// Which way.
        sense: SenseAst,
        /// What is counted.
        target: Name,
        /// The kind counted, if one.
        kind: Option<Name>,
    },
    /// `fix (r,c) ...`
    Fix(Vec<Tuple>),
    /// `forbid (r,c) ...`
    Forbid(Vec<Tuple>),
    /// `hint name items...`
    Hint {
        /// The hint's name (`lines`, `cliques`, ...).
        name: Name,
        /// What follows it.
        items: Vec<HintItem>,
    },
    /// `encode family name`
    Encode {
        /// `amo`, `card` or `rays`.
        what: Name,
        /// The encoding's name.
        name: Name,
    },
}

/// A statement and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What it says.
    pub kind: StmtKind,
    /// Where it stands.
    pub span: Span,
}

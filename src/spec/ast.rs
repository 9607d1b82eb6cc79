//! The syntax tree of a .qspec file, as written: unevaluated expressions and
//! names, each with the byte span it came from so that `check` can point at it.

/// Byte offsets `start..end` into the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    pub fn of(pair: &pest::iterators::Pair<'_, super::parse::Rule>) -> Span {
        let s = pair.as_span();
        Span::new(s.start(), s.end())
    }

    /// The span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A name with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// The literal as written (it may not fit in an i64: `check` says so).
    Int(String),
    Param(String),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// `(e1, e2, ...)`: a cell or a move vector.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuple {
    pub items: Vec<Expr>,
    pub span: Span,
}

/// A comparison as written; `<` and `>` are kept so messages can quote them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelOp {
    Eq,
    Le,
    Ge,
    Lt,
    Gt,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Relation {
    pub op: RelOp,
    pub bound: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// `side ^ dimension`
    Cube { side: Expr, dim: Expr },
    /// `a x b x c ...`
    Box(Vec<Expr>),
}

/// One row of a board picture: its cell characters and where they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureRow {
    pub cells: Vec<char>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub rows: Vec<PictureRow>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Rider,
    Leaper,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MoveDecl {
    pub kind: MoveKind,
    pub vectors: Vec<Tuple>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RuleAst {
    /// `rule attacks <rel> k`
    Attacks(Relation),
    /// `rule no_attack`, `rule dominate`, or an unknown name (`check` says so).
    Named(Name),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SenseAst {
    Maximize,
    Minimize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Param {
        name: Name,
        value: Expr,
    },
    Board {
        shape: Option<Shape>,
        picture: Option<Picture>,
    },
    Torus,
    Wall(Vec<Tuple>),
    WallsFree,
    WallsBound(Relation),
    Piece {
        name: Name,
        moves: Option<Vec<MoveDecl>>,
    },
    Rule(RuleAst),
    Count(Relation),
    Objective {
        sense: SenseAst,
        target: Name,
    },
    Fix(Vec<Tuple>),
    Forbid(Vec<Tuple>),
    Encode {
        what: Name,
        name: Name,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

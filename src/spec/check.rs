//! Checking: syntax tree → [`Spec`]. Evaluates parameters and expressions,
//! validates every value against the board, and reports every error it finds
//! with the span it belongs to.

use super::ast::*;
use super::diag::Diagnostic;
use super::{Coord, ObjectiveSpec, PieceSpec, RayEncoding, RuleSpec, Spec, Target};
use crate::board::piece::{builtin, BUILTIN_PIECES};
use crate::board::show;
use crate::encode::{AmoEncoding, CardEncoding};
use crate::model::{Rel, Sense};
use std::collections::{BTreeMap, BTreeSet};

/// Boards with more cells than this are refused before any model is built.
pub const MAX_CELLS: usize = 20_000_000;

/// The most dimensions a board may have.
const MAX_DIMS: usize = 16;

struct Checker<'a> {
    file: &'a str,
    errors: Vec<Diagnostic>,
    params: BTreeMap<String, i64>,
    param_order: Vec<(String, i64)>,
}

type Result<T> = std::result::Result<T, Diagnostic>;

pub fn check(
    file: &str,
    stmts: &[Stmt],
    overrides: &[(String, i64)],
) -> std::result::Result<Spec, Vec<Diagnostic>> {
    let mut c = Checker {
        file,
        errors: Vec::new(),
        params: BTreeMap::new(),
        param_order: Vec::new(),
    };
    c.params(stmts, overrides);
    let spec = c.spec(stmts);
    match spec {
        Some(spec) if c.errors.is_empty() => Ok(spec),
        _ => Err(c.errors),
    }
}

fn names_list(names: &[&str]) -> String {
    names.join(", ")
}

impl Checker<'_> {
    fn report(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    /// Keeps the value, or records the error and returns `None`.
    fn ok<T>(&mut self, r: Result<T>) -> Option<T> {
        r.map_err(|d| self.report(d)).ok()
    }

    // ---------- parameters and expressions ----------

    fn params(&mut self, stmts: &[Stmt], overrides: &[(String, i64)]) {
        let declared: BTreeSet<&str> = stmts
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Param { name, .. } => Some(name.text.as_str()),
                _ => None,
            })
            .collect();
        for (name, value) in overrides {
            if !declared.contains(name.as_str()) {
                let known: Vec<&str> = declared.iter().copied().collect();
                let help = if known.is_empty() {
                    "the model declares no params; add `param NAME = VALUE` to it".to_string()
                } else {
                    format!("the model's params are: {}", names_list(&known))
                };
                self.report(
                    Diagnostic::unplaced(format!(
                        "-D {name}={value}: the model has no param `{name}`"
                    ))
                    .with_help(help),
                );
            }
        }
        for stmt in stmts {
            let StmtKind::Param { name, value } = &stmt.kind else {
                continue;
            };
            if self.params.contains_key(&name.text) {
                self.report(Diagnostic::new(
                    name.span,
                    format!("param `{}` is declared twice", name.text),
                ));
                continue;
            }
            let overridden = overrides.iter().rev().find(|(n, _)| *n == name.text);
            let v = match overridden {
                Some((_, v)) => Some(*v),
                None => {
                    let r = self.eval(value);
                    self.ok(r)
                }
            };
            if let Some(v) = v {
                self.params.insert(name.text.clone(), v);
                self.param_order.push((name.text.clone(), v));
            }
        }
    }

    fn eval(&self, e: &Expr) -> Result<i64> {
        match &e.kind {
            ExprKind::Int(text) => text
                .parse::<i64>()
                .map_err(|_| Diagnostic::new(e.span, format!("the number {text} is too large"))),
            ExprKind::Param(name) => self.params.get(name).copied().ok_or_else(|| {
                let mut d = Diagnostic::new(e.span, format!("unknown param `{name}`"));
                if self.params.is_empty() {
                    d = d.with_help(format!("declare it first: `param {name} = ...`"));
                } else {
                    let known: Vec<&str> = self.params.keys().map(String::as_str).collect();
                    d = d.with_help(format!(
                        "params declared before this line: {}",
                        names_list(&known)
                    ));
                }
                d
            }),
            ExprKind::Neg(inner) => self
                .eval(inner)?
                .checked_neg()
                .ok_or_else(|| overflow(e.span)),
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                binary(*op, x, y).map_err(|msg| {
                    Diagnostic::new(
                        if msg.contains("overflow") {
                            e.span
                        } else {
                            b.span
                        },
                        msg,
                    )
                })
            }
        }
    }

    // ---------- the whole spec ----------

    fn spec(&mut self, stmts: &[Stmt]) -> Option<Spec> {
        let dims = self.board_dims(stmts)?;
        let d = dims.len();
        let mut spec = Spec {
            file: self.file.to_string(),
            params: self.param_order.clone(),
            dims: dims.clone(),
            torus: false,
            walls: vec![],
            fixed: vec![],
            forbidden: vec![],
            piece: builtin("queen", d).expect("queen is built in"),
            rules: vec![],
            count: vec![],
            objective: None,
            free_walls: false,
            wall_bounds: vec![],
            amo: None,
            card: None,
            rays: None,
        };
        let mut walls = BTreeSet::new();
        let mut fixed = BTreeSet::new();
        let mut forbidden = BTreeSet::new();
        let mut seen_piece: Option<Span> = None;
        let mut seen_objective: Option<Span> = None;
        for stmt in stmts {
            match &stmt.kind {
                StmtKind::Param { .. } => {}
                StmtKind::Board { picture, .. } => {
                    if let Some(p) = picture {
                        self.picture_cells(p, &mut walls, &mut fixed, &mut forbidden);
                    }
                }
                StmtKind::Torus => spec.torus = true,
                StmtKind::Wall(tuples) => self.cells(tuples, &dims, &mut walls),
                StmtKind::Fix(tuples) => self.cells(tuples, &dims, &mut fixed),
                StmtKind::Forbid(tuples) => self.cells(tuples, &dims, &mut forbidden),
                StmtKind::WallsFree => spec.free_walls = true,
                StmtKind::WallsBound(rel) => {
                    if let Some(b) = self.relation(rel, "a wall bound") {
                        spec.wall_bounds.push(b);
                    }
                }
                StmtKind::Piece { name, moves } => {
                    if seen_piece.is_some() {
                        self.report(Diagnostic::new(
                            stmt.span,
                            "a model has one piece; this is a second `piece` statement",
                        ));
                        continue;
                    }
                    seen_piece = Some(stmt.span);
                    if let Some(p) = self.piece(name, moves.as_deref(), d) {
                        spec.piece = p;
                    }
                }
                StmtKind::Rule(rule) => {
                    if let Some(r) = self.rule(rule) {
                        if !spec.rules.contains(&r) {
                            spec.rules.push(r);
                        }
                    }
                }
                StmtKind::Count(rel) => {
                    if let Some(b) = self.relation(rel, "a count") {
                        spec.count.push(b);
                    }
                }
                StmtKind::Objective { sense, target } => {
                    if seen_objective.is_some() {
                        self.report(Diagnostic::new(
                            stmt.span,
                            "a model has at most one objective (maximize or minimize)",
                        ));
                        continue;
                    }
                    seen_objective = Some(stmt.span);
                    spec.objective = self.objective(*sense, target);
                }
                StmtKind::Encode { what, name } => self.encode(what, name, &mut spec),
            }
        }
        self.cell_conflicts(stmts, &walls, &fixed, &forbidden);
        self.wall_options(stmts, &spec);
        spec.walls = walls.into_iter().collect();
        spec.fixed = fixed.into_iter().collect();
        spec.forbidden = forbidden.into_iter().collect();
        Some(spec)
    }

    // ---------- board ----------

    fn board_dims(&mut self, stmts: &[Stmt]) -> Option<Vec<usize>> {
        let boards: Vec<&Stmt> = stmts
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Board { .. }))
            .collect();
        let Some(first) = boards.first() else {
            self.report(
                Diagnostic::new(Span::new(0, 0), "the model has no board")
                    .with_help("add a board, e.g. `board 8 x 8` or `board 5^3`"),
            );
            return None;
        };
        for extra in &boards[1..] {
            self.report(Diagnostic::new(
                extra.span,
                "a model has one board; this is a second `board` statement",
            ));
        }
        let StmtKind::Board { shape, picture } = &first.kind else {
            unreachable!()
        };
        let dims = match shape {
            Some(shape) => self.shape(shape)?,
            None => picture_dims(picture.as_ref().expect("grammar: shape or picture"))
                .map_err(|d| self.report(d))
                .ok()?,
        };
        let n_cells = dims
            .iter()
            .try_fold(1usize, |acc, &s| acc.checked_mul(s))
            .unwrap_or(usize::MAX);
        if n_cells > MAX_CELLS {
            self.report(
                Diagnostic::new(
                    first.span,
                    format!(
                        "this board has {} cells; qspec refuses boards of more than {} cells",
                        big(n_cells),
                        big(MAX_CELLS)
                    ),
                )
                .with_help(format!(
                    "its model alone would need about {} of memory (a variable and a line entry per cell and direction)",
                    bytes(n_cells.saturating_mul(64))
                )),
            );
            return None;
        }
        if let (Some(p), Some(_)) = (picture, shape) {
            self.picture_matches(p, &dims)?;
        }
        Some(dims)
    }

    fn shape(&mut self, shape: &Shape) -> Option<Vec<usize>> {
        match shape {
            Shape::Cube { side, dim } => {
                let s = self.side(side)?;
                let d = self.eval(dim).map_err(|e| self.report(e)).ok()?;
                if d < 1 || d as usize > MAX_DIMS {
                    self.report(Diagnostic::new(
                        dim.span,
                        format!("a board has 1 to {MAX_DIMS} dimensions, got {d}"),
                    ));
                    return None;
                }
                Some(vec![s; d as usize])
            }
            Shape::Box(sides) => {
                if sides.len() > MAX_DIMS {
                    self.report(Diagnostic::new(
                        sides[MAX_DIMS].span,
                        format!("a board has at most {MAX_DIMS} dimensions"),
                    ));
                    return None;
                }
                let dims: Vec<Option<usize>> = sides.iter().map(|e| self.side(e)).collect();
                dims.into_iter().collect()
            }
        }
    }

    fn side(&mut self, e: &Expr) -> Option<usize> {
        let v = self.eval(e).map_err(|d| self.report(d)).ok()?;
        if v < 1 {
            self.report(Diagnostic::new(
                e.span,
                format!("a board side must be at least 1, got {v}"),
            ));
            return None;
        }
        usize::try_from(v).ok()
    }

    fn picture_matches(&mut self, p: &Picture, dims: &[usize]) -> Option<()> {
        if dims.len() != 2 {
            self.report(Diagnostic::new(
                p.span,
                format!(
                    "a board picture draws a 2-D board, but this board has {} dimensions",
                    dims.len()
                ),
            ));
            return None;
        }
        if p.rows.len() != dims[0] {
            self.report(Diagnostic::new(
                p.span,
                format!(
                    "the picture has {} rows, the board {}",
                    p.rows.len(),
                    dims[0]
                ),
            ));
            return None;
        }
        let mut ok = true;
        for row in &p.rows {
            if row.cells.len() != dims[1] {
                self.report(Diagnostic::new(
                    row.span,
                    format!(
                        "this row has {} cells, the board has {} columns",
                        row.cells.len(),
                        dims[1]
                    ),
                ));
                ok = false;
            }
        }
        ok.then_some(())
    }

    fn picture_cells(
        &mut self,
        p: &Picture,
        walls: &mut BTreeSet<Coord>,
        fixed: &mut BTreeSet<Coord>,
        forbidden: &mut BTreeSet<Coord>,
    ) {
        for (r, row) in p.rows.iter().enumerate() {
            for (c, &ch) in row.cells.iter().enumerate() {
                let cell = vec![r, c];
                match ch {
                    '#' => walls.insert(cell),
                    'Q' => fixed.insert(cell),
                    'x' => forbidden.insert(cell),
                    _ => false,
                };
            }
        }
    }

    fn cells(&mut self, tuples: &[Tuple], dims: &[usize], into: &mut BTreeSet<Coord>) {
        for t in tuples {
            if let Some(c) = self.cell(t, dims) {
                into.insert(c);
            }
        }
    }

    fn cell(&mut self, t: &Tuple, dims: &[usize]) -> Option<Coord> {
        if t.items.len() != dims.len() {
            self.report(Diagnostic::new(
                t.span,
                format!(
                    "this cell has {} coordinates, the board has {} dimensions",
                    t.items.len(),
                    dims.len()
                ),
            ));
            return None;
        }
        let mut cell = Vec::with_capacity(dims.len());
        for (axis, (e, &size)) in t.items.iter().zip(dims).enumerate() {
            let v = self.eval(e).map_err(|d| self.report(d)).ok()?;
            if v < 0 || v as u64 >= size as u64 {
                self.report(
                    Diagnostic::new(
                        e.span,
                        format!(
                            "coordinate {v} is off the board: axis {axis} runs from 0 to {}",
                            size - 1
                        ),
                    )
                    .with_help("coordinates are 0-based, the first one is the row"),
                );
                return None;
            }
            cell.push(v as usize);
        }
        Some(cell)
    }

    /// A cell that is both a wall and a fixed piece, etc.
    fn cell_conflicts(
        &mut self,
        stmts: &[Stmt],
        walls: &BTreeSet<Coord>,
        fixed: &BTreeSet<Coord>,
        forbidden: &BTreeSet<Coord>,
    ) {
        for stmt in stmts {
            let (tuples, what) = match &stmt.kind {
                StmtKind::Fix(t) => (t, "fixed"),
                StmtKind::Forbid(t) => (t, "forbidden"),
                _ => continue,
            };
            for t in tuples {
                let Ok(cell) = t
                    .items
                    .iter()
                    .map(|e| self.eval(e).map(|v| v as usize))
                    .collect::<Result<Coord>>()
                else {
                    continue;
                };
                if walls.contains(&cell) {
                    self.report(Diagnostic::new(
                        t.span,
                        format!("cell {} is a wall and cannot be {what}", show(&cell)),
                    ));
                } else if what == "fixed" && forbidden.contains(&cell) {
                    self.report(Diagnostic::new(
                        t.span,
                        format!("cell {} is both fixed and forbidden", show(&cell)),
                    ));
                }
            }
        }
        let both: Vec<&Coord> = fixed.intersection(forbidden).collect();
        if !both.is_empty() && self.errors.is_empty() {
            // Only reachable through a picture (`Q` and `x` on one cell is impossible),
            // kept for safety.
            self.report(Diagnostic::new(
                Span::new(0, 0),
                format!("cell {} is both fixed and forbidden", show(both[0])),
            ));
        }
    }

    fn wall_options(&mut self, stmts: &[Stmt], spec: &Spec) {
        if spec.free_walls {
            return;
        }
        for stmt in stmts {
            if matches!(stmt.kind, StmtKind::WallsBound(_)) {
                self.report(
                    Diagnostic::new(stmt.span, "a wall bound needs `walls free`")
                        .with_help("add `walls free` so that the solver chooses the walls"),
                );
            }
        }
        if let Some(ObjectiveSpec {
            target: Target::Walls,
            ..
        }) = spec.objective
        {
            let at = stmts
                .iter()
                .find(|s| matches!(&s.kind, StmtKind::Objective { .. }))
                .map_or(Span::new(0, 0), |s| s.span);
            self.report(
                Diagnostic::new(at, "the objective counts walls, but the walls are fixed")
                    .with_help("add `walls free` so that the solver chooses the walls"),
            );
        }
    }

    // ---------- piece, rules, bounds, objective, encodings ----------

    fn piece(&mut self, name: &Name, moves: Option<&[MoveDecl]>, d: usize) -> Option<PieceSpec> {
        let Some(moves) = moves else {
            return builtin(&name.text, d).or_else(|| {
                self.report(
                    Diagnostic::new(name.span, format!("unknown piece `{}`", name.text))
                        .with_help(format!(
                            "built-in pieces: {}; or define one: `piece {} {{ rider (1,0) leaper (1,2) }}`",
                            names_list(&BUILTIN_PIECES),
                            name.text
                        )),
                );
                None
            });
        };
        if BUILTIN_PIECES.contains(&name.text.as_str()) {
            self.report(
                Diagnostic::new(
                    name.span,
                    format!(
                        "`{}` is a built-in piece and cannot be redefined",
                        name.text
                    ),
                )
                .with_help("give the custom piece another name"),
            );
            return None;
        }
        let mut piece = PieceSpec {
            name: name.text.clone(),
            riders: vec![],
            leapers: vec![],
        };
        for decl in moves {
            for v in &decl.vectors {
                let Some(vector) = self.vector(v, d) else {
                    continue;
                };
                match decl.kind {
                    MoveKind::Rider => piece.riders.push(vector),
                    MoveKind::Leaper => piece.leapers.push(vector),
                }
            }
        }
        Some(piece)
    }

    fn vector(&mut self, t: &Tuple, d: usize) -> Option<Vec<i64>> {
        if t.items.len() != d {
            self.report(Diagnostic::new(
                t.span,
                format!(
                    "this move vector has {} coordinates, the board has {d} dimensions",
                    t.items.len()
                ),
            ));
            return None;
        }
        let v: Vec<i64> = t
            .items
            .iter()
            .map(|e| self.eval(e).map_err(|d| self.report(d)).ok())
            .collect::<Option<_>>()?;
        if v.iter().all(|&x| x == 0) {
            self.report(Diagnostic::new(t.span, "a move vector cannot be all zeros"));
            return None;
        }
        if v.iter().any(|x| x.unsigned_abs() > MAX_CELLS as u64) {
            self.report(Diagnostic::new(
                t.span,
                "this move vector is longer than any board",
            ));
            return None;
        }
        Some(v)
    }

    fn rule(&mut self, rule: &RuleAst) -> Option<RuleSpec> {
        match rule {
            RuleAst::Attacks(rel) => {
                let (rel, k) = self.relation(rel, "an attack count")?;
                Some(RuleSpec::Attacks(rel, k))
            }
            RuleAst::Named(n) => match n.text.as_str() {
                "no_attack" => Some(RuleSpec::NoAttack),
                "dominate" => Some(RuleSpec::Dominate),
                other => {
                    self.report(
                        Diagnostic::new(n.span, format!("unknown rule `{other}`")).with_help(
                            "rules: no_attack, dominate, attacks == k (also <=, >=, <, >)",
                        ),
                    );
                    None
                }
            },
        }
    }

    /// `rel bound` normalised to `==`, `<=` or `>=` with a bound >= 0.
    fn relation(&mut self, rel: &Relation, what: &str) -> Option<(Rel, u32)> {
        let v = self.eval(&rel.bound).map_err(|d| self.report(d)).ok()?;
        let (r, bound) = match rel.op {
            RelOp::Eq => (Rel::Eq, Some(v)),
            RelOp::Le => (Rel::Le, Some(v)),
            RelOp::Ge => (Rel::Ge, Some(v)),
            RelOp::Lt => (Rel::Le, v.checked_sub(1)),
            RelOp::Gt => (Rel::Ge, v.checked_add(1)),
        };
        match bound.map(u32::try_from) {
            Some(Ok(b)) => Some((r, b)),
            Some(Err(_)) if r == Rel::Ge && bound.is_some_and(|b| b < 0) => Some((Rel::Ge, 0)),
            _ => {
                self.report(Diagnostic::new(
                    rel.bound.span,
                    format!(
                        "{what} must compare with a number from 0 to {}, got {v}",
                        u32::MAX
                    ),
                ));
                None
            }
        }
    }

    fn objective(&mut self, sense: SenseAst, target: &Name) -> Option<ObjectiveSpec> {
        let target_kind = match target.text.as_str() {
            "count" => Target::Count,
            "walls" => Target::Walls,
            other => {
                self.report(
                    Diagnostic::new(target.span, format!("cannot optimise `{other}`"))
                        .with_help("objectives: maximize count, minimize count, minimize walls"),
                );
                return None;
            }
        };
        Some(ObjectiveSpec {
            sense: match sense {
                SenseAst::Maximize => Sense::Maximize,
                SenseAst::Minimize => Sense::Minimize,
            },
            target: target_kind,
        })
    }

    fn encode(&mut self, what: &Name, name: &Name, spec: &mut Spec) {
        match what.text.as_str() {
            "amo" => match AmoEncoding::from_name(&name.text) {
                Some(e) => spec.amo = Some(e),
                None => self.report(unknown_encoding(name, "at-most-one", &amo_names())),
            },
            "card" => match CardEncoding::from_name(&name.text) {
                Some(e) => spec.card = Some(e),
                None => self.report(unknown_encoding(name, "cardinality", &card_names())),
            },
            "rays" => match RayEncoding::from_name(&name.text) {
                Some(r) => spec.rays = Some(r),
                None => self.report(unknown_encoding(name, "ray", &["direct", "chain"])),
            },
            other => self.report(
                Diagnostic::new(what.span, format!("unknown encoding family `{other}`")).with_help(
                    "families: amo (at-most-one), card (cardinality), rays (direct, chain)",
                ),
            ),
        }
    }
}

pub fn amo_names() -> Vec<&'static str> {
    AmoEncoding::ALL.iter().map(|e| e.name()).collect()
}

pub fn card_names() -> Vec<&'static str> {
    CardEncoding::ALL.iter().map(|e| e.name()).collect()
}

fn unknown_encoding(name: &Name, family: &str, valid: &[&str]) -> Diagnostic {
    Diagnostic::new(
        name.span,
        format!("unknown {family} encoding `{}`", name.text),
    )
    .with_help(format!("valid names: {}", names_list(valid)))
}

fn picture_dims(p: &Picture) -> Result<Vec<usize>> {
    let Some(first) = p.rows.first() else {
        return Err(Diagnostic::new(p.span, "the board picture is empty"));
    };
    for row in &p.rows {
        if row.cells.len() != first.cells.len() {
            return Err(Diagnostic::new(
                row.span,
                format!(
                    "this row has {} cells, the first row {}",
                    row.cells.len(),
                    first.cells.len()
                ),
            ));
        }
    }
    Ok(vec![p.rows.len(), first.cells.len()])
}

fn binary(op: BinOp, x: i64, y: i64) -> std::result::Result<i64, String> {
    let overflow = || "arithmetic overflow".to_string();
    match op {
        BinOp::Add => x.checked_add(y).ok_or_else(overflow),
        BinOp::Sub => x.checked_sub(y).ok_or_else(overflow),
        BinOp::Mul => x.checked_mul(y).ok_or_else(overflow),
        BinOp::Div | BinOp::Rem if y == 0 => Err("division by zero".to_string()),
        BinOp::Div => x.checked_div_euclid(y).ok_or_else(overflow),
        BinOp::Rem => x.checked_rem_euclid(y).ok_or_else(overflow),
        BinOp::Pow => {
            let e = u32::try_from(y).map_err(|_| format!("negative exponent {y}"))?;
            x.checked_pow(e).ok_or_else(overflow)
        }
    }
}

fn overflow(span: Span) -> Diagnostic {
    Diagnostic::new(span, "arithmetic overflow")
}

/// 1234567 → "1,234,567".
fn big(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn bytes(n: usize) -> String {
    let gb = n as f64 / 1e9;
    if gb >= 1.0 {
        format!("{gb:.1} GB")
    } else {
        format!("{:.0} MB", n as f64 / 1e6)
    }
}

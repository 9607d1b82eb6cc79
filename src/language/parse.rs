//! Parsing: source text → syntax tree ([`super::ast`]), through the pest
//! grammar in `grammar/qspec.pest`. Syntax errors become [`Diagnostic`]s that
//! say what was expected in words, not grammar-rule names.

use super::ast::*;
use super::syntax;
use crate::diag::Diagnostic;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser;
use std::sync::OnceLock;

#[allow(missing_docs)]
pub(super) mod grammar {
    /// The pest parser of `grammar/qspec.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/qspec.pest"]
    pub struct QspecParser;
}

use grammar::{QspecParser, Rule};

/// The stack the parser runs on. pest recurses a few frames per level of
/// parentheses, and so does building the tree; the nesting check on the
/// text bounds that to [`syntax::MAX_NESTING`] levels, which any thread's
/// stack holds. This stack is for a nesting that check would miss (as it
/// once missed every line after a comment in a file of `\r` line ends): it
/// holds hundreds of thousands of levels, so that pest parses such a text
/// and [`check_nesting`] refuses it with its reason, where on a small stack
/// (a Python thread, a worker's) pest would give up with "stack limit
/// reached". Only the pages touched are ever used.
const PARSER_STACK: usize = 256 << 20;

/// Parses a whole file into its statements. The file's size and nesting
/// are checked first, and every expression's size and nesting before it is
/// built, so that no input can exhaust the stack.
pub fn parse(source: &str) -> Result<Vec<Stmt>, Diagnostic> {
    syntax::check_limits(source)?;
    on_parser_stack(|| parse_checked(source))
}

/// Runs `work` on a thread of [`PARSER_STACK`] bytes of stack, or on this
/// thread when no such thread can be started (an address space limit):
/// the nesting check still guards it there.
pub(super) fn on_parser_stack<T: Send>(work: impl FnOnce() -> T + Send + Copy) -> T {
    crate::threads::on_stack("qspec-parser", PARSER_STACK, work)
}

/// The pest parse and the tree built from it, for a text whose size and
/// nesting [`parse`] has checked.
fn parse_checked(source: &str) -> Result<Vec<Stmt>, Diagnostic> {
    let mut pairs = QspecParser::parse(Rule::file, source).map_err(|e| syntax_error(source, e))?;
    let file = pairs.next().expect("the file rule always produces a pair");
    check_nesting(source, &file)?;
    check_expression_sizes(&file)?;
    Ok(file
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(statement)
        .collect())
}

/// Refuses parentheses nested more than [`syntax::MAX_NESTING`] deep, read
/// from the parsed tree (without recursion): building the tree recurses once
/// per level, and pest parses as deep as its stack lets it, so a nesting the
/// check on the text missed is refused here, before anything recursive
/// runs, instead of overflowing the stack.
fn check_nesting(source: &str, file: &Pair<'_, Rule>) -> Result<(), Diagnostic> {
    // The ends of the expressions that hold the current one: an expression
    // in parentheses is one level below the expression around it.
    let mut enclosing_ends: Vec<usize> = Vec::new();
    for p in file.clone().into_inner().flatten() {
        if p.as_rule() != Rule::expr {
            continue;
        }
        let span = p.as_span();
        while enclosing_ends
            .last()
            .is_some_and(|&end| end <= span.start())
        {
            enclosing_ends.pop();
        }
        enclosing_ends.push(span.end());
        // The outermost expression is not in parentheses of its own.
        if enclosing_ends.len() > syntax::MAX_NESTING + 1 {
            let open = source[..span.start()].rfind('(').unwrap_or(span.start());
            return Err(syntax::nested_too_deep(open));
        }
    }
    Ok(())
}

/// Refuses an expression of more than [`syntax::MAX_EXPR_OPS`] operators
/// (building and evaluating one recurses once per operator).
fn check_expression_sizes(file: &Pair<'_, Rule>) -> Result<(), Diagnostic> {
    let mut checked_to = 0;
    for p in file.clone().into_inner().flatten() {
        if p.as_rule() != Rule::expr || p.as_span().start() < checked_to {
            continue;
        }
        checked_to = p.as_span().end();
        let ops = p
            .clone()
            .into_inner()
            .flatten()
            .filter(|q| {
                matches!(
                    q.as_rule(),
                    Rule::add
                        | Rule::sub
                        | Rule::mul
                        | Rule::div
                        | Rule::rem
                        | Rule::pow
                        | Rule::neg
                )
            })
            .count();
        if ops > syntax::MAX_EXPR_OPS {
            return Err(Diagnostic::new(
                span_of(&p),
                format!(
                    "this expression has {ops} operators; qspec takes at most {} in one expression",
                    syntax::MAX_EXPR_OPS
                ),
            )
            .with_help("split it with params: `param a = ...` then use `a`"));
        }
    }
    Ok(())
}

fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::stmt
        | Rule::param_stmt
        | Rule::board_stmt
        | Rule::torus_stmt
        | Rule::walls_stmt
        | Rule::wall_stmt
        | Rule::piece_stmt
        | Rule::rule_stmt
        | Rule::count_stmt
        | Rule::regions_stmt
        | Rule::objective_stmt
        | Rule::fix_stmt
        | Rule::forbid_stmt
        | Rule::encode_stmt
        | Rule::hint_stmt
        | Rule::kw_hint
        | Rule::kw_param
        | Rule::kw_board
        | Rule::kw_torus
        | Rule::kw_wall
        | Rule::kw_walls
        | Rule::kw_piece
        | Rule::kw_rule
        | Rule::kw_count
        | Rule::kw_regions
        | Rule::kw_fix
        | Rule::kw_forbid
        | Rule::kw_encode
        | Rule::sense => {
            "a statement (param, board, torus, wall, walls, piece, rule, count, regions, maximize, minimize, fix, forbid, encode, hint)"
        }
        Rule::count_per | Rule::kw_per => "`per` and what a count ranges over (row, column, diagonal, line, region)",
        Rule::count_in | Rule::kw_in => "`in` and the two corners of a box, such as `in (0,0) (2,2)`",
        Rule::region_picture => "a regions picture `{ ... }`",
        Rule::region_row | Rule::region_cell | Rule::region_line => {
            "a region cell (a letter or digit, `.` for no region); a comment after a row needs two spaces before `#`"
        }
        Rule::expr | Rule::int | Rule::ident | Rule::neg | Rule::operand => "a number or a parameter",
        Rule::add | Rule::sub | Rule::mul | Rule::div | Rule::rem | Rule::pow => {
            "an operator (+ - * / % ^)"
        }
        Rule::tuple => "a tuple such as (1,3)",
        Rule::relation => "a comparison (== <= >= < >)",
        Rule::cube | Rule::box_dims | Rule::dim_sep => "board dimensions such as `8 x 8` or `5^3`",
        Rule::picture => "a board picture `{ ... }`",
        Rule::pic_row | Rule::pic_cell | Rule::pic_line => {
            "a picture cell (. free, # wall, Q piece, x forbidden); a comment after a row needs two spaces before `#`"
        }
        Rule::piece_body => "a piece body `{ rider (1,0) ... }`",
        Rule::piece_drawn | Rule::kw_drawn => "`drawn` and a capital letter, such as `drawn W`",
        Rule::move_decl | Rule::move_kind | Rule::kw_rider | Rule::kw_leaper => {
            "`rider` or `leaper` followed by vectors"
        }
        Rule::walls_free | Rule::kw_free | Rule::walls_bound => "`free` or a bound such as `<= 5`",
        Rule::rule_attacks => "a rule (no_attack, attacks == k, dominate)",
        Rule::EOI => "the end of the statement (a new line or `;`)",
        _ => "something else",
    }
}

/// What pest says when it stops before its stack runs out.
const PEST_STACK_LIMIT: &str = "stack limit reached";

fn syntax_error(source: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let at = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if matches!(&e.variant, ErrorVariant::CustomError { message } if message == PEST_STACK_LIMIT) {
        // Only parentheses make pest recurse deeper as the text grows.
        let open = source[..at.min(source.len())].rfind('(').unwrap_or(at);
        return syntax::nested_too_deep(open);
    }
    let expected = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = positives.iter().map(describe).collect();
            wanted.sort_unstable();
            wanted.dedup();
            if wanted.is_empty() {
                "something else".to_string()
            } else {
                wanted.join(", or ")
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    syntax::explain(source, at, &expected)
}

/// Where a parsed pair stands in the source.
fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn name(pair: Pair<'_, Rule>) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: span_of(&pair),
    }
}

fn statement(pair: Pair<'_, Rule>) -> Stmt {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    let kind = match rule {
        Rule::param_stmt => {
            inner.next(); // keyword
            let n = name(inner.next().unwrap());
            StmtKind::Param {
                name: n,
                value: expr(inner.next().unwrap()),
            }
        }
        Rule::board_stmt => board(inner.skip(1)),
        Rule::torus_stmt => StmtKind::Torus,
        Rule::wall_stmt => StmtKind::Wall(inner.skip(1).map(tuple).collect()),
        Rule::walls_stmt => {
            let what = inner.nth(1).unwrap();
            match what.as_rule() {
                Rule::walls_free => StmtKind::WallsFree,
                _ => StmtKind::WallsBound(relation(what)),
            }
        }
        Rule::piece_stmt => {
            inner.next();
            let n = name(inner.next().unwrap());
            let (mut mover, mut moves, mut drawn) = (None, None, None);
            for after in inner {
                match after.as_rule() {
                    Rule::piece_mover => mover = Some(name(after.into_inner().next().unwrap())),
                    Rule::piece_drawn => drawn = Some(name(after.into_inner().nth(1).unwrap())),
                    _ => moves = Some(after.into_inner().map(move_decl).collect()),
                }
            }
            StmtKind::Piece {
                name: n,
                mover,
                moves,
                drawn,
            }
        }
        Rule::rule_stmt => {
            let r = inner.nth(1).unwrap();
            StmtKind::Rule(match r.as_rule() {
                Rule::rule_attacks => RuleAst::Attacks(relation(r)),
                Rule::rule_kind_attacks => {
                    let span = span_of(&r);
                    let mut parts = r.into_inner();
                    let kind = name(parts.next().unwrap());
                    RuleAst::KindAttacks {
                        kind,
                        rel: relation_parts(span, parts),
                    }
                }
                Rule::rule_between => {
                    let mut names = r.into_inner().map(name);
                    RuleAst::Between {
                        attacker: names.next().unwrap(),
                        rule: names.next().unwrap(),
                        target: names.next().unwrap(),
                    }
                }
                _ => RuleAst::Named(name(r)),
            })
        }
        Rule::count_stmt => {
            let mut rest = inner.skip(1).peekable();
            let kind = match rest.peek().map(Pair::as_rule) {
                Some(Rule::count_kind) => {
                    Some(name(rest.next().unwrap().into_inner().next().unwrap()))
                }
                _ => None,
            };
            let scope = match rest.peek().map(Pair::as_rule) {
                Some(Rule::count_per) => Some(ScopeAst::Per(name(
                    rest.next().unwrap().into_inner().nth(1).unwrap(),
                ))),
                Some(Rule::count_in) => {
                    let mut corners = rest.next().unwrap().into_inner().skip(1).map(tuple);
                    Some(ScopeAst::In(
                        corners.next().unwrap(),
                        corners.next().unwrap(),
                    ))
                }
                _ => None,
            };
            let op = rel_op(rest.next().unwrap().as_str());
            let bound = rest.next().unwrap();
            if bound.as_rule() == Rule::count_of {
                let right = name(bound.into_inner().nth(1).unwrap());
                let left = kind.unwrap_or(Name {
                    text: String::new(),
                    span,
                });
                return Stmt {
                    kind: StmtKind::CountsCompared { left, op, right },
                    span,
                };
            }
            let rel = Relation {
                op,
                bound: expr(bound),
                span,
            };
            match (scope, kind) {
                (Some(scope), kind) => StmtKind::ScopedCount { kind, scope, rel },
                (None, Some(kind)) => StmtKind::KindCount { kind, rel },
                (None, None) => StmtKind::Count(rel),
            }
        }
        Rule::regions_stmt => StmtKind::Regions(picture(inner.nth(1).unwrap())),
        Rule::objective_stmt => {
            let sense = match inner.next().unwrap().as_str() {
                "maximize" => SenseAst::Maximize,
                _ => SenseAst::Minimize,
            };
            StmtKind::Objective {
                sense,
                target: name(inner.next().unwrap()),
                kind: inner.next().map(|k| name(k.into_inner().next().unwrap())),
            }
        }
        Rule::fix_stmt => StmtKind::Fix(inner.skip(1).map(tuple).collect()),
        Rule::forbid_stmt => StmtKind::Forbid(inner.skip(1).map(tuple).collect()),
        Rule::encode_stmt => {
            inner.next();
            StmtKind::Encode {
                what: name(inner.next().unwrap()),
                name: name(inner.next().unwrap()),
            }
        }
        Rule::hint_stmt => {
            inner.next();
            StmtKind::Hint {
                name: name(inner.next().unwrap()),
                items: inner.map(hint_item).collect(),
            }
        }
        other => unreachable!("grammar produced a {other:?} statement"),
    };
    Stmt { kind, span }
}

fn hint_item(pair: Pair<'_, Rule>) -> HintItem {
    match pair.as_rule() {
        Rule::relation => HintItem::Rel(rel_op(pair.as_str()), span_of(&pair)),
        Rule::tuple => HintItem::Tuple(tuple(pair)),
        _ => HintItem::Expr(expr(pair)),
    }
}

fn board<'a>(parts: impl Iterator<Item = Pair<'a, Rule>>) -> StmtKind {
    let mut shape = None;
    let mut picture_ast = None;
    for p in parts {
        match p.as_rule() {
            Rule::cube => {
                let mut it = p.into_inner();
                let side = expr_or_operand(it.next().unwrap());
                let dim = expr_or_operand(it.next().unwrap());
                shape = Some(Shape::Cube { side, dim });
            }
            Rule::box_dims => {
                let sides = p.into_inner().filter(|q| q.as_rule() == Rule::expr);
                shape = Some(Shape::Box(sides.map(expr).collect()));
            }
            Rule::picture => picture_ast = Some(picture(p)),
            other => unreachable!("unexpected {other:?} in board"),
        }
    }
    StmtKind::Board {
        shape,
        picture: picture_ast,
    }
}

fn picture(pair: Pair<'_, Rule>) -> Picture {
    let span = span_of(&pair);
    let rows = pair
        .into_inner()
        .filter(|p| matches!(p.as_rule(), Rule::pic_line | Rule::region_line))
        .filter_map(|line| {
            line.into_inner()
                .find(|p| matches!(p.as_rule(), Rule::pic_row | Rule::region_row))
        })
        .map(|row| PictureRow {
            span: span_of(&row),
            cells: row
                .into_inner()
                .map(|c| c.as_str().chars().next().unwrap())
                .collect(),
        })
        .collect();
    Picture { rows, span }
}

fn move_decl(pair: Pair<'_, Rule>) -> MoveDecl {
    let mut inner = pair.into_inner();
    let kind = match inner.next().unwrap().as_str() {
        "rider" => MoveKind::Rider,
        _ => MoveKind::Leaper,
    };
    MoveDecl {
        kind,
        vectors: inner.map(tuple).collect(),
    }
}

fn tuple(pair: Pair<'_, Rule>) -> Tuple {
    Tuple {
        span: span_of(&pair),
        items: pair.into_inner().map(expr).collect(),
    }
}

fn relation(pair: Pair<'_, Rule>) -> Relation {
    let span = span_of(&pair);
    let inner = pair.into_inner();
    relation_parts(span, inner)
}

fn relation_parts<'a>(span: Span, mut parts: impl Iterator<Item = Pair<'a, Rule>>) -> Relation {
    let op = rel_op(parts.next().unwrap().as_str());
    Relation {
        op,
        bound: expr(parts.next().unwrap()),
        span,
    }
}

fn rel_op(text: &str) -> RelOp {
    match text {
        "==" | "=" => RelOp::Eq,
        "<=" => RelOp::Le,
        ">=" => RelOp::Ge,
        "<" => RelOp::Lt,
        _ => RelOp::Gt,
    }
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
            .op(Op::infix(Rule::mul, Assoc::Left)
                | Op::infix(Rule::div, Assoc::Left)
                | Op::infix(Rule::rem, Assoc::Left))
            .op(Op::prefix(Rule::neg))
            .op(Op::infix(Rule::pow, Assoc::Right))
    })
}

/// A `cube` operand is an int, an ident or a parenthesised expression.
fn expr_or_operand(pair: Pair<'_, Rule>) -> Expr {
    match pair.as_rule() {
        Rule::expr => expr(pair),
        _ => primary(pair),
    }
}

fn primary(pair: Pair<'_, Rule>) -> Expr {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::int => Expr {
            kind: ExprKind::Int(pair.as_str().to_string()),
            span,
        },
        Rule::ident => Expr {
            kind: ExprKind::Param(pair.as_str().to_string()),
            span,
        },
        Rule::expr => expr(pair),
        other => unreachable!("unexpected {other:?} in an expression"),
    }
}

fn expr(pair: Pair<'_, Rule>) -> Expr {
    pratt()
        .map_primary(primary)
        .map_prefix(|op, rhs| Expr {
            span: span_of(&op).to(rhs.span),
            kind: ExprKind::Neg(Box::new(rhs)),
        })
        .map_infix(|lhs, op, rhs| {
            let bin = match op.as_rule() {
                Rule::add => BinOp::Add,
                Rule::sub => BinOp::Sub,
                Rule::mul => BinOp::Mul,
                Rule::div => BinOp::Div,
                Rule::rem => BinOp::Rem,
                _ => BinOp::Pow,
            };
            Expr {
                span: lhs.span.to(rhs.span),
                kind: ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)),
            }
        })
        .parse(pair.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `count` bound nested `depth` parentheses deep.
    fn nested(depth: usize) -> String {
        format!(
            "board 5 x 5\npiece rook\ncount == {}1{}\n",
            "(".repeat(depth),
            ")".repeat(depth)
        )
    }

    #[test]
    fn a_nesting_the_check_on_the_text_misses_is_still_refused() {
        // Past the check on the text, as if it had missed a line: 3,000
        // levels overflowed a test thread's 2 MB building the tree, 600,000
        // the parser's 256 MB; 1,000,000 is more than pest parses in it.
        for depth in [3000, 600_000, 1_000_000] {
            let text = nested(depth);
            let checked = syntax::check_limits(&text).unwrap_err();
            let parsed = on_parser_stack(|| parse_checked(&text)).unwrap_err();
            assert_eq!(parsed.message, checked.message, "{depth}");
            if depth < 1_000_000 {
                assert_eq!(parsed, checked, "{depth}");
            }
        }
    }

    #[test]
    fn the_parsers_thread_hands_back_its_errors() {
        let e = parse("board 5 x 5\npiece rook\ncount == (1\n").unwrap_err();
        assert!(e.message.contains("expected"), "{e:?}");
        assert_eq!(parse(&nested(32)).map(|stmts| stmts.len()), Ok(3));
    }
}

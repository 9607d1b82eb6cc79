//! What `count` and `solve --all` print: every solution as it is found (a
//! board as `solve` draws it, or one JSON object), and the count at the
//! end — of solutions, or of classes and the solutions in them — with
//! which solutions were counted (at the optimum, under a restricting hint)
//! and how the enumeration ended (complete, `--limit`, timeout).

use std::fmt::Write as _;
use std::io::Write;

use serde::Serialize;

use super::{print, Instance};
use qspec::board::Placement;
use qspec::count::{Counter, End, Tally};
use qspec::diag::plural;
use qspec::draw as render;
use qspec::draw::json::{cell_list, kind_list, to_line, BoardJson};
use qspec::model::HintKind;
use qspec::verify::objective_value;

/// ` (timeout)`, ` (interrupted)`, ` (stopped by --limit N)`, the clique
/// search's capacity; nothing when complete.
fn end_status(end: End, limit: Option<u64>) -> String {
    match (end, limit) {
        (End::Complete, _) => String::new(),
        (End::Limit, Some(n)) => format!(" (stopped by --limit {n})"),
        (End::Limit, None) => " (stopped by --limit)".into(),
        (End::Timeout, _) => " (timeout)".into(),
        (End::Interrupted, _) => " (interrupted)".into(),
        (End::Capacity, _) => format!(
            " (stopped past the {} classes the clique search keeps at once)",
            qspec::solve::every::COLLECT_LIMIT
        ),
    }
}

/// Why the enumeration stopped, as the JSON summary says it (nothing when
/// it is complete).
fn end_json(end: End) -> Option<&'static str> {
    match end {
        End::Complete => None,
        End::Limit => Some("limit"),
        End::Timeout => Some("timeout"),
        End::Interrupted => Some("interrupted"),
        End::Capacity => Some("capacity"),
    }
}

/// The JSON summary a count ends with; absent fields are left out.
#[derive(Default, Serialize)]
struct SummaryJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    classes: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    group_order: Option<usize>,
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    objective: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum: Option<i64>,
    under: &'a [String],
    assuming: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    certified: Option<bool>,
}

/// The numbers a count ends with: what was found (classes, when they are
/// counted) and the solutions they stand for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Totals {
    /// Solutions found, or classes when classes are counted.
    pub found: u128,
    /// The solutions they stand for.
    pub raw: u128,
}

impl From<Tally> for Totals {
    fn from(t: Tally) -> Totals {
        Totals {
            found: u128::from(t.found),
            raw: u128::from(t.raw),
        }
    }
}

/// Which solutions a count is of.
pub(super) struct Tallied {
    /// What the objective counts (`count`, `walls`), if there is one.
    what: Option<String>,
    /// The optimum the solutions are at (`--optimal`).
    optimum: Option<i64>,
    /// The restricting hints the solutions are under.
    under: Vec<String>,
    /// The hints assumed (implied only if their condition holds).
    assuming: Vec<String>,
}

impl Tallied {
    /// The scope of a count of `target`'s solutions (the model `loaded`,
    /// maybe with its objective fixed at `optimum`); with `classes`, the
    /// lex-leader hint is the way classes are counted, not a restriction.
    pub fn of(
        loaded: &Instance,
        target: &Instance,
        optimum: Option<i64>,
        classes: bool,
    ) -> Tallied {
        let mut under = Vec::new();
        let mut assuming = Vec::new();
        for hint in &target.model.hints {
            match &hint.kind {
                HintKind::Implied => {}
                HintKind::OnePerClass(_) if classes => {}
                HintKind::ImpliedIf(_) => assuming.push(hint.hint.clone()),
                HintKind::Restricting(_) | HintKind::OnePerClass(_) => {
                    under.push(hint.hint.clone());
                }
            }
        }
        Tallied {
            what: loaded.model.objective.as_ref().map(|o| o.what.clone()),
            optimum,
            under,
            assuming,
        }
    }

    /// ` with count = 10 (the optimum) under hint symmetric rot90`.
    fn text(&self) -> String {
        let mut text = String::new();
        match (&self.what, self.optimum) {
            (Some(what), Some(value)) => {
                let _ = write!(text, " with {what} = {value} (the optimum)");
            }
            (Some(what), None) => {
                let _ = write!(
                    text,
                    " of any {what} (every feasible solution; --optimal counts the optimal ones)"
                );
            }
            (None, _) => {}
        }
        if !self.under.is_empty() {
            let _ = write!(text, " under {}", self.under.join(" and "));
        }
        if !self.assuming.is_empty() {
            let _ = write!(text, " assuming {}", self.assuming.join(" and "));
        }
        text
    }

    /// The JSON summary with the scope's fields filled in.
    fn json(&self) -> SummaryJson<'_> {
        SummaryJson {
            objective: self.what.as_deref(),
            optimum: self.optimum,
            under: &self.under,
            assuming: &self.assuming,
            ..SummaryJson::default()
        }
    }
}

/// Where `count` prints: text (with `c` comments) or JSON lines.
pub(super) struct Listing<'a> {
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// JSON lines instead of text (and no comments).
    pub jsonl: bool,
    /// The model counter that counted, if one did (no board was listed).
    pub counter: Option<Counter>,
    /// With `--certify`: whether the count was certified complete.
    pub certified: Option<bool>,
    /// What the classes are classes under: `the board's symmetry group`,
    /// or with several kinds the group that also swaps kinds.
    pub group_name: &'static str,
}

/// The group of a model of one kind, as the summary names it.
pub(super) const BOARD_GROUP: &str = "the board's symmetry group";

/// The group of a model of several kinds, as the summary names it.
pub(super) const KINDS_GROUP: &str = "the group of the board's symmetries and the kinds' swaps";

impl<'a> Listing<'a> {
    /// Printing to `out`.
    pub fn new(out: &'a mut dyn Write, jsonl: bool) -> Listing<'a> {
        Listing {
            out,
            jsonl,
            counter: None,
            certified: None,
            group_name: BOARD_GROUP,
        }
    }

    /// A `c` comment line (none in JSON lines).
    pub fn comment(&mut self, text: &str) -> qspec::error::Result<()> {
        if self.jsonl {
            return Ok(());
        }
        print(self.out, &format!("c {text}\n"))
    }

    /// Solution `number` of the model `loaded`, verified: its board, or
    /// its JSON object.
    pub fn solution(
        &mut self,
        loaded: &Instance,
        placement: &Placement,
        number: u64,
        class_size: Option<u64>,
    ) -> qspec::error::Result<()> {
        let (spec, board) = (&loaded.spec, &loaded.board);
        let value = objective_value(spec, placement);
        let text = if self.jsonl {
            let line = BoardJson {
                number: Some(number),
                walls: spec
                    .free_walls
                    .then(|| cell_list(board, &placement.chosen_walls)),
                class_size,
                value: value.map(|v| v as i64),
                cells: Some(cell_list(board, &placement.pieces)),
                kinds: kind_list(spec, placement),
                ..BoardJson::default()
            };
            format!("{}\n", line.to_line())
        } else {
            let class = class_size.map_or(String::new(), |s| {
                format!(
                    ", {}",
                    plural(s, "board in its class", "boards in its class")
                )
            });
            format!(
                "solution {number}: {}{class}\n{}\n",
                render::pieces_line(spec, placement),
                render::text(spec, board, placement)
            )
        };
        print(self.out, &text)
    }

    /// The count: `92 solutions`, or `12 classes under ...` and `92
    /// solutions (the sum of the class sizes)`; `at least` when the
    /// enumeration stopped early. `group` is the order of the group whose
    /// classes were counted.
    pub fn summary(
        &mut self,
        tally: &Totals,
        end: End,
        scope: &Tallied,
        limit: Option<u64>,
        group: Option<usize>,
    ) -> qspec::error::Result<()> {
        if self.jsonl {
            let summary = SummaryJson {
                solutions: Some(tally.raw),
                classes: group.map(|_| tally.found),
                group_order: group,
                complete: end == End::Complete,
                stopped: end_json(end),
                certified: self.certified,
                ..scope.json()
            };
            return print(self.out, &format!("{}\n", to_line(&summary)));
        }
        let verified = match (self.counter, group) {
            (Some(_), _) => "a counter's number lists no board: none was verified from the board geometry",
            (None, Some(_)) => "each representative found is the canonical member of its class and was verified from the board geometry",
            (None, None) => "each solution found was verified from the board geometry",
        };
        self.comment(verified)?;
        let at_least = if end == End::Complete {
            ""
        } else {
            "at least "
        };
        let status = end_status(end, limit);
        let scope = scope.text();
        let text = match group {
            Some(order) => format!(
                "{at_least}{} under {} of order {order}{scope}{status}\n{at_least}{} (the sum of the class sizes)\n",
                plural(tally.found, "class", "classes"),
                self.group_name,
                plural(tally.raw, "solution", "solutions")
            ),
            None => format!(
                "{at_least}{}{scope}{status}\n",
                plural(tally.found, "solution", "solutions")
            ),
        };
        print(self.out, &text)
    }

    /// Nothing was counted: the optimum was not proven before `end`.
    pub fn unknown(&mut self, end: End) -> qspec::error::Result<()> {
        let text = if self.jsonl {
            let summary = SummaryJson {
                stopped: end_json(end),
                ..SummaryJson::default()
            };
            format!("{}\n", to_line(&summary))
        } else {
            format!(
                "solutions at the optimum: unknown{}\n",
                end_status(end, None)
            )
        };
        print(self.out, &text)
    }
}

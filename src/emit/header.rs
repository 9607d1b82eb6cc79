//! The header comment every output starts with, written and read back: which
//! qspec wrote it, from which source and parameters, what the model holds
//! (variables, and constraints per origin), how the objective maps back
//! ([`ObjectiveMap`]), and (CNF, WCNF, OPB) which variable id is which named
//! variable.
//!
//! Each line is `<prefix> <text>` with the format's comment prefix (`c`,
//! `*`, `\\`). Control characters in names are replaced by spaces so a
//! comment can never spill onto a line of its own.
//!
//! The header is read back in [`super::read_header`].

use std::borrow::Cow;
use std::io;

use super::text::TextOut;
use super::Provenance;
use crate::model::{Model, Sense};

/// The qspec version written into every header.
pub(crate) const QSPEC_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Writes header comments with one format's comment prefix.
pub(crate) struct Header<'o, 'w> {
    pub out: &'o mut TextOut<'w>,
    pub prefix: &'static str,
    /// Longest line (LP readers stop at 255 characters, comments included).
    pub max_line: usize,
}

impl<'o, 'w> Header<'o, 'w> {
    /// A header without a line length limit.
    pub(crate) fn new(out: &'o mut TextOut<'w>, prefix: &'static str) -> Header<'o, 'w> {
        Header {
            out,
            prefix,
            max_line: usize::MAX,
        }
    }

    /// One comment line, cut to `max_line` characters.
    pub(crate) fn line(&mut self, text: &str) -> io::Result<()> {
        let text = comment_safe(text);
        let room = self.max_line.saturating_sub(self.prefix.len() + 1);
        self.out.str(self.prefix)?;
        self.out.str(" ")?;
        self.out.str(cut(&text, room))?;
        self.out.str("\n")
    }

    /// `qspec <version>`, the source, each parameter, and (CNF family) the
    /// encodings.
    pub(crate) fn provenance(&mut self, prov: &Provenance, with_encodings: bool) -> io::Result<()> {
        self.line(&format!("qspec {QSPEC_VERSION}"))?;
        self.line(&format!("source: {}", prov.source))?;
        for (name, value) in &prov.params {
            self.line(&format!("param {name} = {value}"))?;
        }
        if with_encodings || !prov.encodings.is_empty() {
            self.line(&format!("encodings: {}", prov.encodings))?;
        }
        Ok(())
    }

    /// The number of model variables (and, for the CNF family, auxiliary
    /// ones), and of constraints in all and per origin (`constraints from
    /// rule no_attack: 46`).
    pub(crate) fn model_summary(&mut self, model: &Model, aux_vars: Option<u32>) -> io::Result<()> {
        self.line(&format!("model variables: {}", model.n_vars()))?;
        if let Some(aux_vars) = aux_vars {
            self.line(&format!("auxiliary variables: {aux_vars}"))?;
        }
        self.line(&format!("constraints: {}", model.constraints.len()))?;
        for (origin, count) in constraints_per_origin(model) {
            if count > 0 {
                self.line(&format!("constraints from {origin}: {count}"))?;
            }
        }
        for hint in &model.hints {
            self.line(&hint.describe())?;
        }
        Ok(())
    }

    /// `objective: maximize count = <expression>`, where the expression
    /// says how the solver's reported value maps back.
    pub(crate) fn objective(&mut self, model: &Model, map: &ObjectiveMap) -> io::Result<()> {
        if let Some(objective) = &model.objective {
            let sense = sense_word(objective.sense);
            self.line(&format!(
                "{OBJECTIVE_LINE}{sense} {} = {}",
                objective.what,
                map.expression()
            ))?;
        }
        Ok(())
    }

    /// `var <id> <name>` for every named variable.
    pub(crate) fn var_map(&mut self, model: &Model) -> io::Result<()> {
        for (index, name) in model.names.iter().enumerate() {
            self.out.str(self.prefix)?;
            self.out.str(" var ")?;
            self.out.int(index + 1)?;
            self.out.str(" ")?;
            self.out.str(&comment_safe(name))?;
            self.out.str("\n")?;
        }
        Ok(())
    }
}

/// The `c p show <ids> 0` line (`*` for `c` in OPB): the board's decision
/// variables (pieces and chosen walls), the projection for model counters.
/// Auxiliary variables, named or not, are functions of these or are left
/// out on purpose.
pub(crate) fn projection(out: &mut TextOut<'_>, prefix: &str, model: &Model) -> io::Result<()> {
    out.str(prefix)?;
    out.str(" p show")?;
    for id in 1..=model.n_decisions() {
        out.str(" ")?;
        out.int(id)?;
    }
    out.str(" 0\n")
}

pub(crate) fn sense_word(sense: Sense) -> &'static str {
    match sense {
        Sense::Maximize => "maximize",
        Sense::Minimize => "minimize",
    }
}

/// How the value a solver reports for a file maps back to the model's
/// objective: `value = (negated ? -reported : reported) + offset`. Each
/// format says its own (the MaxSAT cost of the soft clauses, the OPB
/// `min:` line, the LP or MPS objective row), writes it into the header as
/// `symbol`, `-symbol`, `symbol + 3`, `3 - symbol`, ..., and reads it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectiveMap {
    /// How the header names the reported value (`cost`, `obj`).
    pub symbol: &'static str,
    /// Whether the reported value is the negated objective.
    pub negated: bool,
    /// The constant the reported value lacks.
    pub offset: i128,
}

impl ObjectiveMap {
    /// The model's objective value when the solver reports `reported`.
    pub fn value(&self, reported: i128) -> i128 {
        let signed = if self.negated { -reported } else { reported };
        signed + self.offset
    }

    /// The value a solver reports when the model's objective is `value`.
    pub fn reported(&self, value: i128) -> i128 {
        let shifted = value - self.offset;
        if self.negated {
            -shifted
        } else {
            shifted
        }
    }

    /// The expression as the header writes it.
    pub fn expression(&self) -> String {
        let symbol = self.symbol;
        match (self.negated, self.offset) {
            (false, 0) => symbol.to_string(),
            (false, o) if o > 0 => format!("{symbol} + {o}"),
            (false, o) => format!("{symbol} - {}", o.unsigned_abs()),
            (true, 0) => format!("-{symbol}"),
            (true, o) => format!("{o} - {symbol}"),
        }
    }

    /// The map an [`ObjectiveMap::expression`] over `symbol` wrote.
    pub fn parse(expression: &str, symbol: &'static str) -> Option<ObjectiveMap> {
        let map = |negated, offset| {
            Some(ObjectiveMap {
                symbol,
                negated,
                offset,
            })
        };
        if expression == symbol {
            return map(false, 0);
        }
        if let Some(rest) = expression.strip_prefix(symbol) {
            if let Some(o) = rest.strip_prefix(" + ") {
                return map(false, o.parse().ok()?);
            }
            if let Some(o) = rest.strip_prefix(" - ") {
                return map(false, -o.parse::<i128>().ok()?);
            }
            return None;
        }
        if expression.strip_prefix('-') == Some(symbol) {
            return map(true, 0);
        }
        let offset = expression.strip_suffix(symbol)?.strip_suffix(" - ")?;
        map(true, offset.parse().ok()?)
    }
}

/// The header line that states the objective map.
pub(super) const OBJECTIVE_LINE: &str = "objective: ";

/// Each origin's name and how many constraints carry it, in the model's
/// order of origins.
fn constraints_per_origin(model: &Model) -> Vec<(Cow<'_, str>, usize)> {
    let highest = model.constraints.iter().map(|t| usize::from(t.origin) + 1);
    let n_origins = highest.max().unwrap_or(0).max(model.origins.len());
    let mut counts = vec![0usize; n_origins];
    for tagged in &model.constraints {
        counts[usize::from(tagged.origin)] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(id, count)| {
            let name = match model.origin_name(id) {
                Some(name) => Cow::Borrowed(name),
                None => Cow::Owned(format!("origin #{id}")),
            };
            (name, count)
        })
        .collect()
}

/// The longest prefix of `text` of at most `max` bytes that ends on a
/// character boundary.
fn cut(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// `text` with control characters (line breaks above all) replaced by
/// spaces.
pub(crate) fn comment_safe(text: &str) -> Cow<'_, str> {
    if text.chars().any(char::is_control) {
        Cow::Owned(
            text.chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objective_maps_round_trip_through_their_expression() {
        for negated in [false, true] {
            for offset in [-7, 0, 5] {
                let map = ObjectiveMap {
                    symbol: "cost",
                    negated,
                    offset,
                };
                assert_eq!(ObjectiveMap::parse(&map.expression(), "cost"), Some(map));
                for value in [-3, 0, 11] {
                    assert_eq!(map.value(map.reported(value)), value);
                }
            }
        }
        assert_eq!(ObjectiveMap::parse("cost", "obj"), None);
        assert_eq!(ObjectiveMap::parse("3 - costs", "cost"), None);
    }
}

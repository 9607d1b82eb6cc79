//! The header comment every output starts with: which qspec wrote it, from
//! which source and parameters, what the model holds (variables, and
//! constraints per origin), how the objective maps back, and (CNF, WCNF,
//! OPB) which variable id is which named variable.
//!
//! Each line is `<prefix> <text>` with the format's comment prefix (`c`,
//! `*`, `\`). Control characters in names are replaced by spaces so a
//! comment can never spill onto a line of its own.

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
        if with_encodings {
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
        Ok(())
    }

    /// `objective: maximize count = <expression>`, where the expression
    /// says how the solver's reported value maps back.
    pub(crate) fn objective(&mut self, model: &Model, expression: &str) -> io::Result<()> {
        if let Some(objective) = &model.objective {
            let sense = sense_word(objective.sense);
            self.line(&format!(
                "objective: {sense} {} = {expression}",
                objective.what
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

/// The `c p show <ids> 0` line: the board's decision variables (pieces and
/// chosen walls), the projection for model counters. Auxiliary variables,
/// named or not, are functions of these or are left out on purpose.
pub(crate) fn projection(out: &mut TextOut<'_>, model: &Model) -> io::Result<()> {
    out.str("c p show")?;
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

/// `symbol`, `-symbol`, `symbol + 3`, `3 - symbol`, ...: the objective's
/// value from a solver's value `symbol`, negated or not, plus `offset`.
pub(crate) fn affine(symbol: &str, negated: bool, offset: i128) -> String {
    match (negated, offset) {
        (false, 0) => symbol.to_string(),
        (false, o) if o > 0 => format!("{symbol} + {o}"),
        (false, o) => format!("{symbol} - {}", o.unsigned_abs()),
        (true, 0) => format!("-{symbol}"),
        (true, o) => format!("{o} - {symbol}"),
    }
}

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
            let name = match model.origins.get(id) {
                Some(name) => Cow::Borrowed(name.as_str()),
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

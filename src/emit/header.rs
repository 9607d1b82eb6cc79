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
//! [`read_header`] parses a compiled file's header back ([`FileHeader`]), so
//! that a solver's answer to that very file maps onto the model.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{self, BufRead};
use std::path::Path;

use super::text::TextOut;
use super::{dimacs, lp, mps, opb, Provenance};
use crate::diag::{LineError, LineReader};
use crate::error::{Error, Result};
use crate::files::open_text;
use crate::model::{Model, Sense};
use crate::options::Format;

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
const OBJECTIVE_LINE: &str = "objective: ";

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

/// What a compiled file's header says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileHeader {
    /// The file, as named on the command line.
    pub path: String,
    /// Its format, told from its first lines.
    pub format: Option<Format>,
    /// `(id, name, line)` for every `c var` / `* var` line.
    pub ids: Vec<(u32, String, usize)>,
    /// How many variables the file declares (p-line, `#variable=`, or the
    /// header's model and auxiliary counts).
    pub n_vars: Option<u64>,
    /// LP and MPS: name in the file → name in the model.
    pub renamed: HashMap<String, String>,
    /// How the solver's objective maps back, as the header states it.
    pub objective: Option<ObjectiveMap>,
}

impl FileHeader {
    /// The highest id the header maps.
    pub fn highest_id(&self) -> u32 {
        self.ids.iter().map(|&(id, _, _)| id).max().unwrap_or(0)
    }
}

/// Reads the header of the compiled file at `path` (`.gz` allowed).
pub fn read_header(path: &Path) -> Result<FileHeader> {
    let source = path.display().to_string();
    if path.is_dir() {
        let e = io::Error::new(io::ErrorKind::InvalidInput, "it is a directory");
        return Err(Error::unreadable("the compiled file (--map) ", path, e));
    }
    let mut input =
        open_text(path).map_err(|e| Error::unreadable("the compiled file (--map) ", path, e))?;
    parse_header(&mut *input, &source)
}

/// Reads the header of a compiled file from `input`; `source` names it.
pub fn parse_header(input: &mut dyn BufRead, source: &str) -> Result<FileHeader> {
    let mut lines = LineReader::named(input, "the compiled file");
    let mut file = FileHeader {
        path: source.to_string(),
        ..FileHeader::default()
    };
    header_lines(&mut lines, &mut file).map_err(|e| Error::text(source, e))?;
    if file.format.is_none() {
        return Err(Error::input_with_help(
            format!("{source}: this is not a file qspec compiled (it starts with no qspec header)"),
            format!("pass the {} file the solver read", Format::extensions()),
        ));
    }
    Ok(file)
}

/// Reads header lines until the first line of content.
fn header_lines(
    lines: &mut LineReader<'_>,
    file: &mut FileHeader,
) -> std::result::Result<(), LineError> {
    let mut prefix = "";
    while let Some((number, line)) = lines.next_line()? {
        if number == 1 {
            let (format, p) = first_line_format(line);
            file.format = format;
            prefix = p;
            if format == Some(Format::Opb) {
                file.n_vars = opb::declared_variables(line);
            }
            if format.is_none() {
                return Ok(());
            }
            continue;
        }
        if let Some(comment) = comment_text(line, prefix) {
            header_comment(comment, number, file)?;
        } else if file.format == Some(Format::Opb) && opb::is_objective_line(line) {
            continue;
        } else {
            dimacs::read_problem_line(line, file);
            break;
        }
    }
    if matches!(file.format, Some(Format::Lp | Format::Mps)) {
        // LP and MPS files declare no numbered variables.
        file.n_vars = None;
    }
    Ok(())
}

/// The format and comment prefix told by a compiled file's first line.
fn first_line_format(line: &str) -> (Option<Format>, &'static str) {
    if opb::declared_variables(line).is_some() {
        (Some(Format::Opb), opb::COMMENT)
    } else if starts_header(line, dimacs::COMMENT) {
        (Some(Format::Cnf), dimacs::COMMENT)
    } else if starts_header(line, lp::COMMENT) {
        (Some(Format::Lp), lp::COMMENT)
    } else if starts_header(line, mps::COMMENT) {
        (Some(Format::Mps), mps::COMMENT)
    } else {
        (None, "")
    }
}

/// Whether `line` is the first header line, `<prefix> qspec ...`.
fn starts_header(line: &str, prefix: &str) -> bool {
    line.strip_prefix(prefix)
        .is_some_and(|rest| rest.starts_with(" qspec"))
}

/// The text of a comment line with this prefix (`c var 1 x_0_0` → `var 1 x_0_0`).
fn comment_text<'l>(line: &'l str, prefix: &str) -> Option<&'l str> {
    let rest = line.strip_prefix(prefix)?;
    if rest.is_empty() {
        return Some("");
    }
    rest.strip_prefix(' ')
}

/// One header comment: a `var` line, a rename, a count, the objective map.
fn header_comment(
    text: &str,
    number: usize,
    file: &mut FileHeader,
) -> std::result::Result<(), LineError> {
    if let Some(rest) = text.strip_prefix("var ") {
        let (id, name) = rest.split_once(' ').unwrap_or((rest, ""));
        let id = id.parse::<u32>().ok().filter(|&id| id > 0).ok_or_else(|| {
            LineError::new(number, format!("`var {rest}`: not a variable number"))
        })?;
        file.ids.push((id, name.to_string(), number));
    } else if let Some(rest) = text.strip_prefix("name ") {
        if let Some((new, old)) = rest.split_once(" = ") {
            file.renamed.insert(new.to_string(), old.to_string());
        }
    } else if let Some(n) = text.strip_prefix("model variables: ") {
        add_count(file, n);
    } else if let Some(n) = text.strip_prefix("auxiliary variables: ") {
        add_count(file, n);
    } else if let Some(rest) = text.strip_prefix(OBJECTIVE_LINE) {
        file.objective = parse_objective_line(rest, file.format);
    } else if text.starts_with(dimacs::SOFT_CLAUSES) && file.format == Some(Format::Cnf) {
        file.format = Some(Format::Wcnf);
    }
    Ok(())
}

/// `maximize count = 64 - cost` → the map, in the terms of `format`.
fn parse_objective_line(rest: &str, format: Option<Format>) -> Option<ObjectiveMap> {
    let (_, expression) = rest.split_once(" = ")?;
    let symbol = match format? {
        Format::Cnf | Format::Wcnf => dimacs::COST,
        Format::Opb => opb::MIN_LINE_VALUE,
        Format::Lp | Format::Mps => lp::OBJECTIVE_ROW,
    };
    ObjectiveMap::parse(expression, symbol)
}

/// Adds a header count to the variables (the model's, then the auxiliary
/// ones); a p-line or `#variable=` takes precedence later.
fn add_count(file: &mut FileHeader, n: &str) {
    if matches!(file.format, Some(Format::Cnf | Format::Wcnf)) {
        if let Ok(n) = n.trim().parse::<u64>() {
            file.n_vars = Some(file.n_vars.unwrap_or(0) + n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> FileHeader {
        parse_header(&mut text.as_bytes(), "f").unwrap()
    }

    #[test]
    fn headers_of_every_format() {
        let cnf = parsed("c qspec 0.1.0\nc model variables: 2\nc auxiliary variables: 3\nc var 1 x_0_0\nc var 2 x y\np cnf 5 9\n1 2 0\n");
        assert_eq!(cnf.format, Some(Format::Cnf));
        assert_eq!(cnf.n_vars, Some(5));
        assert_eq!(cnf.ids, vec![(1, "x_0_0".into(), 4), (2, "x y".into(), 5)]);
        let wcnf = parsed("c qspec 0.1.0\nc model variables: 2\nc auxiliary variables: 3\nc soft clauses: 2\nc objective: maximize count = 2 - cost\nh 1 0\n");
        assert_eq!((wcnf.format, wcnf.n_vars), (Some(Format::Wcnf), Some(5)));
        assert_eq!(wcnf.objective.map(|m| m.value(0)), Some(2));
        let opb = parsed("* #variable= 2 #constraint= 1\nmin: -1 x1 ;\n* qspec 0.1.0\n* var 1 a\n* var 2 b\n+1 x1 >= 0 ;\n");
        assert_eq!(
            (opb.format, opb.n_vars, opb.highest_id()),
            (Some(Format::Opb), Some(2), 2)
        );
        let lp = parsed("\\ qspec 0.1.0\n\\ model variables: 2\n\\ name _2x = 2x\nMaximize\n");
        assert_eq!((lp.format, lp.n_vars), (Some(Format::Lp), None));
        assert_eq!(lp.renamed.get("_2x").map(String::as_str), Some("2x"));
        let mps = parsed("* qspec 0.1.0\n* name _end = end\nNAME qspec\n");
        assert_eq!(mps.format, Some(Format::Mps));
        assert!(parse_header(&mut "p cnf 1 1\n".as_bytes(), "plain.cnf").is_err());
    }

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

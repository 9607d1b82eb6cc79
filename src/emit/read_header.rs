//! A compiled file's header read back ([`FileHeader`]): its format (told
//! from its first line), the `var` lines mapping numbers to names, the LP
//! and MPS renames, the variable counts and the objective map — so that a
//! solver's answer to that very file maps onto the model. Each format's
//! markers (comment prefix, objective symbol, problem line) are its
//! writer's own.

use std::collections::HashMap;
use std::io::{self, BufRead};
use std::path::Path;

use super::header::{ObjectiveMap, OBJECTIVE_LINE};
use super::{dimacs, lp, mps, mzn, opb};
use crate::diag::{LineError, LineReader};
use crate::error::{Error, Result};
use crate::files::open_text;
use crate::options::Format;
use crate::options::Setting;

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

/// The file an answer is mapped through, as an error names it.
fn compiled_file() -> String {
    format!("the compiled file ({}) ", Setting::Map.mark())
}

/// Reads the header of the compiled file at `path` (`.gz` allowed).
pub fn read_header(path: &Path) -> Result<FileHeader> {
    let source = path.display().to_string();
    if path.is_dir() {
        let e = io::Error::new(io::ErrorKind::InvalidInput, "it is a directory");
        return Err(Error::unreadable(&compiled_file(), path, e));
    }
    let mut input = open_text(path).map_err(|e| Error::unreadable(&compiled_file(), path, e))?;
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
        return Err(Error::usage_with_help(
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
            read_problem_line(line, file);
            break;
        }
    }
    if matches!(file.format, Some(Format::Lp | Format::Mps | Format::Mzn)) {
        // LP, MPS and MiniZinc files declare no numbered variables.
        file.n_vars = None;
    }
    Ok(())
}

/// Reads the `p cnf V C` or `p wcnf V C top` line that ends a header (any
/// other line is ignored).
fn read_problem_line(line: &str, file: &mut FileHeader) {
    let Some(rest) = line.strip_prefix("p ") else {
        return;
    };
    let mut words = rest.split_ascii_whitespace();
    if words.next() == Some("wcnf") {
        file.format = Some(Format::Wcnf);
    }
    if let Some(v) = words.next().and_then(|v| v.parse().ok()) {
        file.n_vars = Some(v);
    }
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
    } else if starts_header(line, mzn::COMMENT) {
        (Some(Format::Mzn), mzn::COMMENT)
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
        Format::Mzn => mzn::OBJECTIVE,
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
        let mzn = parsed("% qspec 0.1.0\n% model variables: 2\n% objective: maximize count = objective\n% name v_test = test\nvar bool: x_0_0;\n");
        assert_eq!((mzn.format, mzn.n_vars), (Some(Format::Mzn), None));
        assert_eq!(mzn.objective.map(|m| m.value(7)), Some(7));
        assert_eq!(mzn.renamed.get("v_test").map(String::as_str), Some("test"));
        assert!(parse_header(&mut "p cnf 1 1\n".as_bytes(), "plain.cnf").is_err());
    }
}

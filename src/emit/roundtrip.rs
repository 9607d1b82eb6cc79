//! Test support: every format's header read back must give the variable
//! map and the objective map its writer used (write → parse → the same).

use super::{objective_map, parse_header, write_format, Clauses, EmitOptions, Provenance};
use crate::draw::Layout;
use crate::encode::{encode_model, ClauseArena};
use crate::model::{Constraint, Model, Objective, Sense, Var};
use crate::options::{Encodings, Format};

/// A model with an awkward name, a negated literal in the objective (so
/// the objective has a constant) and a constraint.
fn model(sense: Sense) -> Model {
    let mut m = Model::default();
    for name in ["x_0_0", "x_0_1", "end", "seen 1"] {
        m.new_var(name.into());
    }
    let v = Var::from_dimacs;
    let origin = m.origin("rule no_attack");
    m.add(
        Constraint::AtMostOne(vec![v(1).positive(), v(2).positive(), v(3).negative()]),
        origin,
    );
    m.objective = Some(Objective {
        sense,
        terms: vec![
            (2, v(1).positive()),
            (3, v(2).negative()),
            (1, v(4).positive()),
        ],
        what: "count".into(),
    });
    m
}

/// Writes the model in `format`, reads the header back, and checks the
/// format, the variable map (ids, or the LP/MPS renames) and the objective
/// map against the model's.
pub(crate) fn assert_header_round_trips(format: Format) {
    for sense in [Sense::Maximize, Sense::Minimize] {
        let mut m = model(sense);
        if format == Format::Cnf {
            m.objective = None;
        }
        let mut arena = ClauseArena::new();
        let n_vars = encode_model(&m, &Encodings::default(), &mut arena).n_vars();
        let mut bytes = Vec::new();
        let clauses = Some(Clauses {
            arena: &arena,
            n_vars,
        });
        let opts = EmitOptions::default();
        let layout = Layout {
            lines: Vec::new(),
            letters: Vec::new(),
        };
        write_format(
            &mut bytes,
            format,
            &m,
            &Provenance::default(),
            clauses,
            Some(&layout),
            &opts,
        )
        .unwrap();
        let header = parse_header(&mut bytes.as_slice(), "f").unwrap();
        assert_eq!(header.format, Some(format));
        assert_eq!(header.objective, objective_map(format, &m), "{format}");
        match format {
            Format::Lp | Format::Mps => {
                assert!(header.ids.is_empty());
                assert_eq!(header.renamed.get("_end").map(String::as_str), Some("end"));
                assert_eq!(
                    header.renamed.get("seen_1").map(String::as_str),
                    Some("seen 1")
                );
            }
            Format::Mzn => {
                assert!(header.ids.is_empty());
                // `end` is a MiniZinc identifier; `seen 1` is not.
                assert_eq!(header.renamed.get("end"), None);
                assert_eq!(
                    header.renamed.get("seen_1").map(String::as_str),
                    Some("seen 1")
                );
            }
            _ => {
                let ids: Vec<(u32, &str)> = header
                    .ids
                    .iter()
                    .map(|(id, name, _)| (*id, name.as_str()))
                    .collect();
                let names: Vec<(u32, &str)> =
                    (1..).zip(m.names.iter().map(String::as_str)).collect();
                assert_eq!(ids, names, "{format}");
            }
        }
        if format != Format::Cnf {
            assert!(header.objective.is_some(), "{format}");
        }
    }
}

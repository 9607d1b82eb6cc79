//! Snapshots (insta, in the top-level `snapshots/`): the exact text of small
//! compiled instances — a 4x4 queens model in every format (MiniZinc
//! included), and the seed
//! rules' encodings. A snapshot is the specification of an encoding: any
//! change to it shows up as a diff to review.

use crate::common;

use common::snapshot;

use qspec::emit::EmitOptions;
use qspec::instance::{load_source, CompileOptions, Limits, LoadOptions};
use qspec::options::{AmoEncoding, CardEncoding, Encodings, Format};

const QUEENS_4X4: &str = "\
# 4 queens, maximise
board 4 x 4
wall (1,1)
piece queen
rule no_attack
maximize count
";

const QUEENS_4X4_COUNT: &str = "\
board 4 x 4
piece queen
rule no_attack
count == 4
";

/// Compiles `source` to `format` with fixed encodings and returns the text.
fn compiled(source: &str, format: Format, enc: Encodings) -> String {
    // The encodings as written, without automatic hints.
    let options = LoadOptions {
        auto_hints: false,
        ..LoadOptions::default()
    };
    let loaded = load_source("queens.qspec", source, &[], &options).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(format!("out.{}", format.name()));
    let opts = CompileOptions {
        output: out.clone(),
        format: Some(format),
        encodings: enc,
        emit: EmitOptions::default(),
        limits: Limits::default(),
        force: false,
    };
    loaded.compile(&opts).unwrap();
    std::fs::read_to_string(&out).unwrap()
}

const LADDER_TOTALIZER: Encodings = Encodings {
    amo: Some(AmoEncoding::Ladder),
    card: Some(CardEncoding::Totalizer),
};

#[test]
fn queens_4x4_in_every_format() {
    for format in [
        Format::Wcnf,
        Format::Opb,
        Format::Lp,
        Format::Mps,
        Format::Mzn,
    ] {
        let name = format!("queens_4x4_max.{}", format.name());
        snapshot(&name, &compiled(QUEENS_4X4, format, LADDER_TOTALIZER));
    }
    snapshot(
        "queens_4x4_count.cnf",
        &compiled(QUEENS_4X4_COUNT, Format::Cnf, LADDER_TOTALIZER),
    );
}

#[test]
fn seed_rules_on_small_boards() {
    let cases = [
        (
            "attacks_3x3_direct.cnf",
            "board 3 x 3\nrule attacks == 1\nencode rays direct\n",
        ),
        (
            "attacks_3x3_chain.cnf",
            "board 3 x 3\nrule attacks == 1\nencode rays chain\n",
        ),
        (
            "dominate_3x3.cnf",
            "board 3 x 3\nrule dominate\ncount <= 1\n",
        ),
        (
            "free_walls_1x4.cnf",
            "board 1 x 4\nwalls free\nwalls <= 1\nrule no_attack\ncount >= 2\n",
        ),
    ];
    for (name, src) in cases {
        snapshot(name, &compiled(src, Format::Cnf, LADDER_TOTALIZER));
    }
}

#[test]
fn hints_on_small_boards() {
    let lines = "board 3 x 3\nrule attacks == 2\ncount >= 3\nhint lines\n";
    snapshot(
        "hint_lines_3x3.cnf",
        &compiled(lines, Format::Cnf, LADDER_TOTALIZER),
    );
    snapshot(
        "hint_lines_3x3.lp",
        &compiled(lines, Format::Lp, LADDER_TOTALIZER),
    );
    let cases = [
        (
            "hint_cliques_3x3.cnf",
            "board 3 x 3\nrule no_attack\ncount >= 2\nhint cliques cube star\n",
        ),
        (
            "hint_symmetric_3x3.cnf",
            "board 3 x 3\nrule no_attack\ncount >= 2\nhint symmetric rot90\n",
        ),
        (
            "hint_break_symmetry_2x2.cnf",
            "board 2 x 2\nrule no_attack\ncount >= 1\nhint break_symmetry\n",
        ),
    ];
    for (name, src) in cases {
        snapshot(name, &compiled(src, Format::Cnf, LADDER_TOTALIZER));
    }
}

#[test]
fn output_is_byte_identical_across_runs() {
    for format in Format::ALL {
        let src = if format == Format::Cnf {
            QUEENS_4X4_COUNT
        } else {
            QUEENS_4X4
        };
        let a = compiled(src, format, Encodings::default());
        let b = compiled(src, format, Encodings::default());
        assert_eq!(a, b, "{format}");
    }
}

//! Lowering that scales (issue 42): every rule, hint and `walls free` is
//! built at a board side n and 2n, and the lowering's work — the cells it
//! walks, counted by the library ([`qspec::lower::build_counted`]), no clock
//! involved — may grow no faster than the model does: cells × directions,
//! or the model's literals where the model itself grows faster (direct
//! rays, moves that meet). A lowering quadratic in a line's length walks
//! twice as much again at 2n and fails here.

use qspec::lower::build_counted;
use qspec::Board;

/// How much faster than the model the work may grow, for the edges of the
/// board (a smaller share at 2n).
const SLACK: f64 = 1.15;

/// The work, the cells × directions and the literals of `text` with
/// `param n = side`.
fn measure(text: &str, side: i64) -> (f64, f64, f64) {
    let overrides = [("n".to_string(), side)];
    let spec = qspec::language::load("scaling.qspec", text, &overrides)
        .unwrap_or_else(|e| panic!("{text}\n{e}"));
    let board = Board::new(&spec.dims, spec.torus, &spec.walls);
    let (model, walked) = build_counted(&spec, &board);
    let (riders, leapers) = qspec::board::n_directions(spec.piece());
    let size = board.n_cells() as f64 * (riders + leapers).max(1) as f64;
    let lits: usize = model
        .constraints
        .iter()
        .map(|c| c.constraint.n_lits())
        .sum();
    (walked as f64, size, lits as f64)
}

/// Asserts that the work of `text` grows from side `n` to `2n` within
/// [`SLACK`] of the model's growth; returns the work's ratio.
fn grows_with_the_model(text: &str, n: i64) -> f64 {
    let (work, size, lits) = measure(text, n);
    let (work2, size2, lits2) = measure(text, 2 * n);
    assert!(work > 0.0, "nothing walked:\n{text}");
    let ratio = work2 / work;
    let allowed = SLACK * (size2 / size).max(lits2 / lits);
    assert!(
        ratio <= allowed,
        "the lowering's work grew {ratio:.2}x from n = {n} to {}, the model {:.2}x (cells x directions) and {:.2}x (literals):\n{text}",
        2 * n,
        size2 / size,
        lits2 / lits
    );
    ratio
}

/// The rules on square boards, with fixed walls and with free ones.
const RULES: &[&str] = &[
    "piece queen\nrule attacks == 3\nmaximize count",
    "piece queen\nrule attacks <= 2\ncount >= 3",
    "piece queen\nrule dominate\nminimize count",
    "piece rook\nrule no_attack\nmaximize count",
    "piece amazon\nrule attacks == 2\nmaximize count",
    "piece nightrider\nrule attacks == 1\nmaximize count",
    "piece knight\nrule dominate\nminimize count",
    "piece rook\nwalls free\nwalls == 2\nrule attacks == 1\nmaximize count",
    "piece queen\nwalls free\nwalls <= 3\nrule no_attack\nmaximize count",
    "piece queen\nwalls free\nwalls <= 3\nrule dominate\nminimize count",
    // Two moves that meet: the model grows with the rays' lengths.
    "piece p { rider (1,0) rider (2,0) }\nrule attacks == 1\nmaximize count",
    "piece p { rider (1,1) leaper (2,2) }\nrule attacks <= 1\nmaximize count",
];

#[test]
fn every_rule_is_lowered_in_work_linear_in_the_model() {
    for rule in RULES {
        grows_with_the_model(&format!("param n = 8\nboard n x n\n{rule}\n"), 20);
        let walled = format!("param n = 8\nboard n x n\nwall (1,1) (2,4)\n{rule}\n");
        grows_with_the_model(&walled, 20);
    }
}

/// Scoped counts: a row, a diagonal, a line of any slope, a box walked
/// once per set it is in (the model grows with the sets too).
#[test]
fn scoped_counts_are_lowered_in_work_linear_in_the_model() {
    for scope in [
        "count per row == 1\ncount per column <= 1",
        "count per diagonal <= 1",
        "count per line <= 2",
        "count per line <= 4",
        "count in (1,1) (5,5) <= 3",
    ] {
        grows_with_the_model(&format!("param n = 8\nboard n x n\n{scope}\n"), 12);
    }
}

#[test]
fn long_lines_cost_their_length_once() {
    // 9 columns of n cells: the fuzz case, at lengths a
    // quadratic lowering feels.
    for rule in RULES {
        grows_with_the_model(&format!("param n = 8\nboard n x 9\n{rule}\n"), 150);
    }
    let ratio = grows_with_the_model(
        "param n = 8\nboard n x 9\npiece queen\nrule attacks == 3\n",
        150,
    );
    assert!(ratio < 2.2, "{ratio}");
}

#[test]
fn every_hint_is_lowered_in_work_linear_in_the_model() {
    let hints = [
        "piece queen\nrule attacks == 3\ncount >= 5\nhint lines",
        "piece queen\nrule attacks == 3\ncount >= 5\nhint lines\nhint empty_lines == 1",
        "piece queen\nrule no_attack\ncount == n\nhint cliques cube star",
        "piece queen\nrule no_attack\nmaximize count\nhint layers <= 1",
        "piece queen\nrule no_attack\nmaximize count\nhint subboards 3 <= 3",
        "piece queen\nrule no_attack\nmaximize count\nhint symmetric rot180",
        "piece queen\nrule no_attack\nmaximize count\nhint break_symmetry",
    ];
    for hint in hints {
        grows_with_the_model(&format!("param n = 8\nboard n x n\n{hint}\n"), 12);
    }
}

#[test]
fn direct_rays_and_tori_grow_with_their_larger_models() {
    for text in [
        "param n = 8\nboard n x n\npiece queen\nrule attacks == 3\nencode rays direct\n",
        "param n = 8\nboard n x n\ntorus\npiece rook\nrule attacks == 1\n",
        "param n = 8\nboard n x n\ntorus\nwall (0,0)\npiece queen\nrule dominate\n",
    ] {
        grows_with_the_model(text, 12);
    }
}

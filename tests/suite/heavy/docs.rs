//! Every documented example with every program it needs installed: the
//! solvers, checkers and tools `cargo test` does not assume, and the slow
//! examples (see `doc_examples`). A missing program fails.

use crate::doc_examples::{run_help, run_pages, Mode};

#[test]
fn every_documented_block_runs_with_its_programs_installed() {
    run_pages(Mode::Everything).report("documented blocks (everything)", 60);
}

#[test]
fn every_help_example_runs_with_its_programs_installed() {
    run_help(Mode::Everything).report("--help examples (everything)", 30);
}

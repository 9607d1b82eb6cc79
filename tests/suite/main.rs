//! qspec's integration tests, one binary (one link for all of them).
//!
//! `cargo test` runs the modules below: everything that needs no installed
//! solver and runs in seconds. [`heavy`] is the rest — real solvers and
//! checkers, a browser, a local Slurm, the slow clique and count cases —
//! behind `--features external-solvers`; `.ci/run` installs what it needs
//! and runs it with `cargo test --features external-solvers --test suite heavy::`.

mod common;

// The independent checker of docs/results.md (`results/check/src`),
// compiled in from its own source files: it shares no code with qspec. Its
// modules name each other from their crate's root, so they sit at this one's.
#[allow(dead_code)]
#[path = "../../results/check/src/armies.rs"]
mod armies;
#[allow(dead_code)]
#[path = "../../results/check/src/attacks.rs"]
mod attacks;
#[allow(dead_code)]
#[path = "../../results/check/src/blocked.rs"]
mod blocked;
#[allow(dead_code)]
#[path = "../../results/check/src/boards.rs"]
mod boards;
#[allow(dead_code)]
#[path = "../../results/check/src/cube.rs"]
mod cube;
#[allow(dead_code)]
#[path = "../../results/check/src/lines.rs"]
mod lines;
#[allow(dead_code)]
#[path = "../../results/check/src/square.rs"]
mod square;

mod architecture;
mod certify;
mod certify_count;
mod cli;
mod clique_engine;
mod count;
mod doc_examples;
mod emit;
mod encodings;
mod faults;
mod fuzz;
mod hints;
mod kinds;
mod language;
mod messages;
mod minizinc;
mod no_clobber;
mod oracle;
mod progress;
mod results;
mod robust;
mod rules;
mod scaling;
mod scoped;
mod seed_results;
mod session;
mod snapshot;
mod snapshots;
mod solve_engines;
mod solve_external;
mod sweep;
mod verify;

#[cfg(feature = "external-solvers")]
mod heavy;

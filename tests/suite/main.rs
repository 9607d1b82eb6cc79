//! qspec's integration tests, one binary (one link for all of them).
//!
//! `cargo test` runs the modules below: everything that needs no installed
//! solver and runs in seconds. A test that takes longer says so in one
//! line, `#[ignore = "slow: .ci/run runs it"]`: the quick suite lists it as
//! ignored, and `cargo test -- --ignored` runs the slow ones alone (with
//! nothing to install). [`heavy`] is what needs installed programs — real
//! solvers and checkers, a browser, a local Slurm — behind `--features
//! external-solvers`. `.ci/run` installs them and runs each test once: the
//! quick suite, then `cargo test --features external-solvers --test suite
//! -- --ignored`, then `... --test suite heavy::`.

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
#[allow(dead_code)]
#[path = "../../results/check/src/torus.rs"]
mod torus;

mod architecture;
mod certify;
mod certify_count;
mod cli;
mod clique_engine;
mod clique_slow;
mod count;
mod count_slow;
mod doc_examples;
mod emit;
mod encodings;
mod faults;
mod flags;
mod fmt;
mod fuzz;
mod hints;
mod kinds;
mod language;
mod lsp;
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

//! The tests `.ci/run` adds to `cargo test`: real solvers and checkers
//! (installed by `.ci/run`; a missing one fails them), a browser, GNU
//! parallel and a local Slurm.

mod certify_count_checkers;
mod certify_model;
mod certify_rate;
mod certify_rows;
mod docs;
mod editor_grammar;
mod external_count;
mod external_formats;
mod external_lp_solve;
mod external_minizinc;
mod external_solve;
mod faults_privileged;
mod page_browser;
mod results_checker;
mod sweep_parallel;

//! The `qspec` binary: the command line ([`cli`]) over the library.

mod cli;
mod command;

fn main() -> std::process::ExitCode {
    cli::main()
}

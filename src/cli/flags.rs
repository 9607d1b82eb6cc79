//! Dresses the clap arguments from the flags' one definition
//! ([`qspec::options::flags`]): an argument's fields in `args.rs` say how
//! it parses (its type, parser, default, conflicts); its help, value name,
//! alias and visibility come from its flag, found by the command and the
//! names. The tests below check that every argument has its flag and that
//! both say the same names and default.

use clap::{Arg, Command};
use qspec::options::flags::{Fallback, Flag};

/// `command` with every argument of it and of its subcommands dressed
/// from its flag.
pub fn dressed(command: Command) -> Command {
    dress(command, "")
}

fn dress(mut command: Command, path: &str) -> Command {
    let ids: Vec<clap::Id> = command
        .get_arguments()
        .map(|a| a.get_id().clone())
        .collect();
    for id in ids {
        command = command.mut_arg(id, |arg| match flag_of(path, &arg) {
            Some(flag) => dress_arg(arg, flag),
            None => arg,
        });
    }
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let inner = joined(path, &name);
        command = command.mut_subcommand(&name, |sub| dress(sub, &inner));
    }
    command
}

/// The command path `sweep run` of `run` under `sweep`.
fn joined(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path} {name}")
    }
}

/// The flag `arg` of the command at `path` is, if it is a flag (not a
/// positional argument).
fn flag_of(path: &str, arg: &Arg) -> Option<&'static Flag> {
    if arg.get_long().is_none() && arg.get_short().is_none() {
        return None;
    }
    Flag::of(path, arg.get_long(), arg.get_short())
}

fn dress_arg(arg: Arg, flag: &'static Flag) -> Arg {
    let help = match flag.default {
        Fallback::Means(default) => format!("{} [default: {default}]", flag.help),
        Fallback::None | Fallback::Value(_) => flag.help.to_string(),
    };
    let mut arg = arg.help(help).hide(flag.hidden);
    if let Some(value) = flag.value {
        arg = arg.value_name(value);
    }
    if let Some(alias) = flag.alias {
        arg = arg.visible_alias(alias);
    }
    arg
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use qspec::options::flags::FLAGS;

    /// Every flag of every command, with its command's path.
    fn every_argument() -> Vec<(String, Arg)> {
        fn walk(command: &Command, path: &str, out: &mut Vec<(String, Arg)>) {
            for arg in command.get_arguments() {
                out.push((path.to_string(), arg.clone()));
            }
            for sub in command.get_subcommands() {
                walk(sub, &joined(path, sub.get_name()), out);
            }
        }
        let mut out = Vec::new();
        walk(&dressed(crate::cli::Cli::command()), "", &mut out);
        out
    }

    #[test]
    fn every_flag_of_every_command_is_defined_once_and_agrees() {
        for (path, arg) in every_argument() {
            if arg.get_long().is_none() && arg.get_short().is_none() {
                continue;
            }
            let Some(flag) = flag_of(&path, &arg) else {
                panic!(
                    "`qspec {path}` {:?}: no flag in options/flags.rs",
                    arg.get_id()
                );
            };
            let defaults: Vec<String> = arg
                .get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into_owned())
                .collect();
            match flag.default {
                Fallback::Value(value) => {
                    assert_eq!(defaults, [value], "{path} {}", flag.spelled())
                }
                Fallback::None | Fallback::Means(_) => {
                    assert!(
                        defaults.is_empty(),
                        "{path} {}: its default is {defaults:?}",
                        flag.spelled()
                    )
                }
            }
            let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values())
                || !matches!(arg.get_action(), clap::ArgAction::SetTrue);
            assert_eq!(
                takes_value,
                !flag.is_switch(),
                "{path} {}: a switch in one, a value in the other",
                flag.spelled()
            );
            assert!(arg.get_help().is_some(), "{path} {}", flag.spelled());
        }
    }

    #[test]
    fn every_flag_is_taken_by_every_command_it_names() {
        let arguments = every_argument();
        for flag in FLAGS {
            for command in flag.commands {
                let taken = arguments.iter().any(|(path, arg)| {
                    path == command && arg.get_long() == flag.long && arg.get_short() == flag.short
                });
                assert!(taken, "`qspec {command}` takes no {}", flag.spelled());
            }
        }
    }
}

//! `boardkit completions SHELL` and `boardkit man [COMMAND…]`: shell
//! completion scripts and manual pages, made from the same clap definitions
//! as `--help`, so they never disagree with it.

use clap::{Args, Command};
use clap_complete::Shell;

use crate::error::CliError;

/// Arguments of `completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Arguments of `man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print, e.g. `sokoban solve` (the whole
    /// tool's page when absent).
    pub command: Vec<String>,
}

/// The completion script for `shell`.
pub fn completions(mut cli: Command, args: &CompletionsArgs) -> Result<String, CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "boardkit", &mut out);
    String::from_utf8(out).map_err(|e| CliError::input(format!("completion script: {e}")))
}

/// The manual page (roff) of the command `args.command` names.
pub fn man(cli: Command, args: &ManArgs) -> Result<String, CliError> {
    let mut command = cli;
    command.build();
    let mut path = String::from("boardkit");
    for word in &args.command {
        let sub = command
            .find_subcommand(word)
            .cloned()
            .ok_or_else(|| CliError::usage(format!("`{path}` has no command `{word}`")))?;
        path = format!("{path} {word}");
        // The page is named like `boardkit-sokoban-solve(1)`.
        command = sub.name(path.replace(' ', "-"));
    }
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut out)
        .map_err(|e| CliError::input(format!("manual page: {e}")))?;
    String::from_utf8(out).map_err(|e| CliError::input(format!("manual page: {e}")))
}

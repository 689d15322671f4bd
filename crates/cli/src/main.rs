//! `boardkit`: exact engines and solvers for grid puzzle games.
//!
//! The binary is thin: it parses arguments (clap), reads input, calls the
//! game crates and prints. Each game's commands live in their own folder
//! (`g2048/`, `sokoban/`, `cover/`, `yut/`); the tour collects each game's
//! stops; `report`, `limits`, `parallel`, `terminal`, `input` and `error` are
//! the plumbing they share, and import no command module.

// The argument structs' doc comments are clap's help text, which writes
// defaults as `[5]`; rustdoc would read those as links.
#![allow(rustdoc::broken_intra_doc_links)]

mod cover;
mod error;
mod g2048;
mod input;
mod manual;
mod parallel;
mod report;
mod serve;
mod sokoban;
mod terminal;
mod tour;
mod values;
mod yut;

use std::any::Any;
use std::io::Write;
use std::panic::UnwindSafe;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::error::CliError;

/// Exact engines and solvers for grid puzzle games: 2048, Sokoban, board
/// covers and dice yut-nori.
#[derive(Parser, Debug)]
#[command(name = "boardkit", version, propagate_version = true, after_help = EXIT_STATUSES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// 2048: slide-and-merge on N x N boards.
    #[command(name = "2048", subcommand)]
    G2048(g2048::Command),
    /// Sokoban: push boxes onto goals.
    #[command(subcommand)]
    Sokoban(sokoban::Command),
    /// Board cover: count and draw coverings by L-trominoes or other pieces.
    #[command(subcommand)]
    Cover(cover::Command),
    /// Dice yut-nori: the best score over known rolls, on any board.
    #[command(subcommand)]
    Yut(yut::Command),
    /// Run each game's headline computation on built-in inputs and time it.
    ///
    /// Input: none; each stop prints its input, its answer and the time it took.
    ///
    /// Example: boardkit tour --only "sokoban solve"
    #[command(verbatim_doc_comment)]
    Tour(tour::Args),
    /// Serve the web pages and the JSON API on a local address (loopback unless --bind says otherwise).
    ///
    /// Example: boardkit serve --open
    #[command(verbatim_doc_comment)]
    Serve(serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    ///
    /// Example: mkdir -p ~/.local/share/bash-completion/completions
    ///          boardkit completions bash > ~/.local/share/bash-completion/completions/boardkit
    #[command(verbatim_doc_comment)]
    Completions(manual::CompletionsArgs),
    /// Print a manual page (roff), of the whole tool or of one command.
    ///
    /// Example: boardkit man sokoban solve > boardkit-sokoban-solve.1 && man ./boardkit-sokoban-solve.1
    #[command(verbatim_doc_comment)]
    Man(manual::ManArgs),
}

/// The exit statuses, as `--help` states them.
const EXIT_STATUSES: &str = "\
Exit status: 0 done; 1 bad input data (a file, standard input, a file an option names) or a limit
reached; 2 a usage error (an unknown option, a bad argument value, arguments that do not go
together); 3 a bug in boardkit.";

/// The command line as clap runs it. Every option that takes a value also
/// takes one that looks like a negative number, so `--moves -1` gets the
/// option's own message instead of clap's `unexpected argument '-1'`.
fn command() -> clap::Command {
    allow_negative_numbers(Cli::command())
}

fn allow_negative_numbers(command: clap::Command) -> clap::Command {
    let command = command.mut_args(|arg| {
        if arg.get_action().takes_values() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    });
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names.iter().fold(command, |command, name| {
        command.mut_subcommand(name, allow_negative_numbers)
    })
}

fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        Command::G2048(cmd) => g2048::run(cmd),
        Command::Sokoban(cmd) => sokoban::run(cmd),
        Command::Cover(cmd) => cover::run(cmd),
        Command::Yut(cmd) => yut::run(cmd),
        Command::Tour(args) => tour::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Completions(args) => manual::completions(command(), &args),
        Command::Man(args) => manual::man(command(), &args),
    }
}

/// Exit status for a bug in boardkit itself (a panic).
const INTERNAL_ERROR: u8 = 3;

/// What the panic hook prints: `error: internal error at FILE:LINE: WHAT`
/// and a request to report the bug.
fn internal_error_message(place: Option<&std::panic::Location<'_>>, payload: &dyn Any) -> String {
    let place = place
        .map(|l| format!(" at {}:{}", l.file(), l.line()))
        .unwrap_or_default();
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!(
        "error: internal error{place}: {what}\n\
         This is a bug in boardkit; please report it with the command and input that caused it."
    )
}

/// Turns any panic that escapes the checks into a short report (see
/// [`internal_error_message`]) instead of Rust's default backtrace message;
/// [`exit_status`] then exits with status 3.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        eprintln!(
            "{}",
            internal_error_message(info.location(), info.payload())
        );
    }));
}

/// Runs a command and prints its result: the output on stdout (status 0),
/// or its error on stderr (status 1 or 2); a panic, already reported by the
/// hook, gives status 3.
fn exit_status(command: impl FnOnce() -> Result<String, CliError> + UnwindSafe) -> u8 {
    let result = match std::panic::catch_unwind(command) {
        Ok(result) => result,
        Err(_) => return INTERNAL_ERROR,
    };
    match result {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth reporting.
            match stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => 0,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    eprintln!("error: cannot write output: {e}");
                    1
                }
            }
        }
        Err(e) => {
            eprintln!("error: {}", e.message);
            if e.code == error::USAGE {
                eprintln!("\nFor more information, try '--help'.");
            }
            e.code
        }
    }
}

fn main() -> ExitCode {
    install_panic_hook();
    let cli = Cli::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit());
    ExitCode::from(exit_status(|| run(cli)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Set only by [`panic_hook_gives_status_3`] when it runs this test
    /// binary again: the panic below exists in the test build alone.
    const CHILD: &str = "BOARDKIT_PANIC_HOOK_CHILD";

    #[test]
    fn message_names_the_place_and_asks_for_a_report() {
        let payload: Box<dyn Any + Send> = Box::new("index out of bounds");
        let msg = internal_error_message(None, payload.as_ref());
        assert_eq!(
            msg,
            "error: internal error: index out of bounds\n\
             This is a bug in boardkit; please report it with the command and input that caused it."
        );
        let payload: Box<dyn Any + Send> = Box::new(String::from("bad state 7"));
        let here = std::panic::Location::caller();
        let msg = internal_error_message(Some(here), payload.as_ref());
        let first = msg.lines().next().unwrap_or_default();
        assert_eq!(
            first,
            format!(
                "error: internal error at {}:{}: bad state 7",
                here.file(),
                here.line()
            )
        );
        let payload: Box<dyn Any + Send> = Box::new(42_u32);
        assert!(internal_error_message(None, payload.as_ref())
            .starts_with("error: internal error: unknown panic\n"));
    }

    /// The child half of [`panic_hook_gives_status_3`]: with the hook
    /// installed, a command that panics exits with [`exit_status`]'s answer.
    #[test]
    fn panic_hook_child() {
        if std::env::var_os(CHILD).is_none() {
            return;
        }
        install_panic_hook();
        let status = exit_status(|| -> Result<String, CliError> { panic!("a command went wrong") });
        std::process::exit(i32::from(status));
    }

    /// Runs this test binary again on [`panic_hook_child`] and checks what
    /// a user would see: status 3, nothing on stdout from the command, and
    /// stderr starting with the internal-error line and the report request.
    #[test]
    fn panic_hook_gives_status_3() {
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new(exe)
            .args([
                "--exact",
                "tests::panic_hook_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "stderr: {stderr}");
        let mut lines = stderr.lines();
        let first = lines.next().unwrap_or_default();
        assert!(
            first.starts_with("error: internal error at ")
                && first.ends_with(": a command went wrong"),
            "first line of stderr: {first}"
        );
        assert_eq!(
            lines.next(),
            Some("This is a bug in boardkit; please report it with the command and input that caused it.")
        );
    }
}

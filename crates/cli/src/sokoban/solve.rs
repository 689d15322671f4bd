//! `boardkit sokoban solve`: solve levels with the push solver, replay
//! every solution through the rules, report per level and in sum.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use boardkit_sokoban::lurd::{self, Status};
use boardkit_sokoban::solver::{self, Config, Limit, Optimize, Outcome, Strategy, Techniques};
use boardkit_sokoban::{builtin, Level};
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::levels::{beyond, label, select};
use crate::error::CliError;
use crate::report::{count, median};

/// What `--optimal` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Optimal {
    /// The fewest pushes (proved by A* with an admissible bound).
    Pushes,
    /// The fewest moves (A* over worker squares too; small levels only).
    Moves,
}

/// What `--strategy` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchStrategy {
    /// Forward, FESS and backward searches taking turns.
    Portfolio,
    /// FESS alone: a forward search over a feature space of packing and
    /// floor connectivity, pushing one box along a whole path per move.
    Fess,
}

/// Arguments of `sokoban solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// XSB level file (the built-in levels when absent; `-` for standard
    /// input).
    pub file: Option<PathBuf>,
    /// Solve only level N (from 1).
    #[arg(long, value_name = "N", value_parser = crate::values::int::<u64>(crate::values::LEVEL), conflicts_with = "levels")]
    pub level: Option<u64>,
    /// Solve levels A to B (from 1, both included), e.g. `--levels 1-20`.
    #[arg(long, value_name = "A-B", value_parser = parse_range)]
    pub levels: Option<(usize, usize)>,
    /// Seconds allowed per level.
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = crate::values::seconds)]
    pub time_limit: Duration,
    /// Memory the solver's tables may hold per level, e.g. 512M or 4G.
    #[arg(long, default_value = "2G", value_name = "SIZE", value_parser = crate::values::bytes)]
    pub memory_limit: u64,
    /// Nodes the search may expand per level (no limit by default): unlike
    /// time, the same on every machine and under any load.
    #[arg(long, value_name = "N", value_parser = crate::values::int::<u64>(solver::NODE_LIMIT))]
    pub node_limit: Option<u64>,
    /// Prove optimality: fewest pushes, or fewest moves.
    #[arg(long, value_enum)]
    pub optimal: Option<Optimal>,
    /// How to search for any solution (the optimal modes always use A*).
    #[arg(long, value_enum, default_value_t = SearchStrategy::Portfolio, conflicts_with = "optimal")]
    pub strategy: SearchStrategy,
    /// Levels solved at once (each on one thread).
    #[arg(long, default_value_t = 1, value_parser = crate::values::int::<u64>(crate::values::JOBS))]
    pub jobs: u64,
    /// Print one JSON object per level (no summary).
    #[arg(long)]
    pub json: bool,
    /// Switch search techniques off, to measure what each buys
    /// (comma-separated: corrals, goal-rooms, tunnels, backward, areas,
    /// fess, parking, hotspots, opener, sealed, walled).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub without: Vec<Technique>,
}

/// A search technique that `--without` can switch off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Technique {
    /// PI-corral pruning.
    Corrals,
    /// Goal-room macros with packing orders.
    GoalRooms,
    /// Tunnel macros.
    Tunnels,
    /// The backward search taking turns with the forward one.
    Backward,
    /// The searches' second open lists: by floor areas and boxes off goals
    /// (forward), by boxes off start squares (backward).
    Areas,
    /// The FESS search taking turns with the others.
    Fess,
    /// The FESS searches steered by parking plans.
    Parking,
    /// The FESS search whose advisors pass over moves into dead ends.
    CheckedAdvice,
    /// FESS's hotspots advisor.
    Hotspots,
    /// FESS's opener advisor.
    Opener,
    /// Sealed-goal deadlocks (goals walled off by boxes frozen on goals).
    Sealed,
    /// FESS's walled matching (boxes frozen on goals as walls, the worker's
    /// reach kept).
    Walled,
}

/// How one level ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum End {
    /// Solved, and the solution replayed here too.
    Solved {
        /// Moves of the replayed solution.
        moves: usize,
        /// Pushes of the replayed solution.
        pushes: usize,
        /// The solution in LURD notation.
        lurd: String,
    },
    /// Proved to have no solution.
    NoSolution,
    /// A limit stopped the search.
    Unsolved(Limit),
    /// A solution failed its replay (in the solver or here): a bug.
    Failed,
}

/// One level's result.
struct Report {
    /// The level's number, from 1.
    level: usize,
    /// The level's title.
    title: Option<String>,
    /// How it ended.
    end: End,
    /// Seconds the solver took.
    seconds: f64,
    /// Seconds of those spent setting up, before the search.
    set_up_seconds: f64,
    /// Nodes the solver expanded.
    nodes: u64,
}

impl Report {
    /// The status word of the summary and the JSON records.
    fn status(&self) -> &'static str {
        match self.end {
            End::Solved { .. } => "solved",
            End::NoSolution => "no solution",
            End::Unsolved(_) | End::Failed => "unsolved",
        }
    }

    /// The JSON record.
    fn json(&self) -> LevelJson {
        let (moves, pushes, solution) = match &self.end {
            End::Solved {
                moves,
                pushes,
                lurd,
            } => (Some(*moves), Some(*pushes), Some(lurd.clone())),
            _ => (None, None, None),
        };
        LevelJson {
            level: self.level,
            title: self.title.clone(),
            status: self.status(),
            limit: match self.end {
                End::Unsolved(limit) => Some(limit.name()),
                End::Failed => Some("internal"),
                End::Solved { .. } | End::NoSolution => None,
            },
            moves,
            pushes,
            solution,
            seconds: self.seconds,
            setup_seconds: self.set_up_seconds,
            nodes: self.nodes,
        }
    }
}

/// One level's result as a JSON record.
#[derive(Serialize)]
struct LevelJson {
    level: usize,
    title: Option<String>,
    status: &'static str,
    limit: Option<&'static str>,
    moves: Option<usize>,
    pushes: Option<usize>,
    solution: Option<String>,
    seconds: f64,
    setup_seconds: f64,
    nodes: u64,
}

/// Parses `A-B`, for clap.
fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let bad = || "expected A-B with 1 <= A <= B, e.g. 1-20".to_string();
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// The levels to solve, each with its number from 1.
fn choose<'a>(args: &SolveArgs, levels: &'a [Level]) -> Result<Vec<(usize, &'a Level)>, CliError> {
    if let Some((a, b)) = args.levels {
        if b > levels.len() {
            return Err(beyond(&format!("--levels {a}-{b}"), levels));
        }
        return Ok((a..=b)
            .filter_map(|n| levels.get(n - 1).map(|l| (n, l)))
            .collect());
    }
    select(levels, args.level)
}

/// Solves one level and replays the solution.
fn solve_one(number: usize, level: &Level, config: &Config) -> Report {
    let outcome = solver::solve(level, config);
    let end = match &outcome {
        Outcome::Solved { solution, .. } => {
            let verdict = lurd::verify(level, &solution.steps);
            if verdict.status == Status::Solved {
                End::Solved {
                    moves: verdict.moves,
                    pushes: verdict.pushes,
                    lurd: solution.lurd(),
                }
            } else {
                End::Failed
            }
        }
        Outcome::NoSolution { .. } => End::NoSolution,
        Outcome::Unsolved { limit, .. } => End::Unsolved(*limit),
        // A failure, or an ending this version of the command does not
        // know: either way there is no solution to print.
        Outcome::Failed { .. } | _ => End::Failed,
    };
    Report {
        level: number,
        title: level.title().map(str::to_string),
        end,
        seconds: outcome.elapsed().as_secs_f64(),
        set_up_seconds: outcome.set_up().as_secs_f64(),
        nodes: outcome.nodes(),
    }
}

fn describe(r: &Report, optimal: Option<Optimal>, name: &str) -> String {
    let nodes = count(r.nodes, "node", "nodes");
    let unsolved = |why: &str| {
        // A time or memory limit reached while the level's tables were
        // still being made (a large level) leaves no time to search: say
        // where it went. A node limit is only reached by the search, which
        // on a tiny level may take less time than its set-up.
        let in_set_up = matches!(r.end, End::Unsolved(Limit::Time | Limit::Memory));
        let set_up = if in_set_up && r.set_up_seconds * 2.0 >= r.seconds {
            format!(
                ", {:.3} s of it setting up the level's tables",
                r.set_up_seconds
            )
        } else {
            String::new()
        };
        format!(
            "{name}: unsolved: {why} after {:.3} s ({nodes}{set_up})\n",
            r.seconds
        )
    };
    match &r.end {
        End::Solved {
            moves,
            pushes,
            lurd,
        } => {
            let how = match optimal {
                Some(Optimal::Pushes) => " (fewest pushes)",
                Some(Optimal::Moves) => " (fewest moves)",
                None => "",
            };
            format!(
                "{name}: solved{how} in {:.3} s: {}, {} ({nodes})\n{lurd}\n",
                r.seconds,
                count(*moves as u64, "move", "moves"),
                count(*pushes as u64, "push", "pushes"),
            )
        }
        End::NoSolution => format!(
            "{name}: no solution (proved in {:.3} s, {nodes})\n",
            r.seconds
        ),
        End::Unsolved(limit) => unsolved(match limit {
            Limit::Time => "time limit reached",
            Limit::Memory => "memory limit reached",
            Limit::Nodes => "node limit reached",
            other => return unsolved(&format!("{other} reached")),
        }),
        End::Failed => unsolved("internal error: the solution failed its replay"),
    }
}

/// The solver configuration the arguments ask for.
fn config(args: &SolveArgs) -> Result<Config, CliError> {
    let memory = usize::try_from(args.memory_limit).unwrap_or(usize::MAX);
    let on = |t: Technique| !args.without.contains(&t);
    Ok(Config::default()
        .with_time_limit(Some(args.time_limit))
        .with_memory_limit(memory)
        .with_node_limit(args.node_limit)
        .with_optimize(match args.optimal {
            None => Optimize::Any,
            Some(Optimal::Pushes) => Optimize::Pushes,
            Some(Optimal::Moves) => Optimize::Moves,
        })
        .with_strategy(match args.strategy {
            SearchStrategy::Portfolio => Strategy::Portfolio,
            SearchStrategy::Fess => Strategy::Fess,
        })
        .with_techniques(
            Techniques::default()
                .with_corrals(on(Technique::Corrals))
                .with_goal_rooms(on(Technique::GoalRooms))
                .with_tunnels(on(Technique::Tunnels))
                .with_backward(on(Technique::Backward))
                .with_areas(on(Technique::Areas))
                .with_fess(on(Technique::Fess))
                .with_parking(on(Technique::Parking))
                .with_checked_advice(on(Technique::CheckedAdvice))
                .with_hotspots(on(Technique::Hotspots))
                .with_opener(on(Technique::Opener))
                .with_sealed(on(Technique::Sealed))
                .with_walled(on(Technique::Walled)),
        ))
}

/// Runs `sokoban solve`.
pub fn run(args: &SolveArgs) -> Result<String, CliError> {
    let levels = match &args.file {
        Some(path) => super::levels::read(path)?,
        None => builtin::levels(),
    };
    let chosen = choose(args, &levels)?;
    let config = config(args)?;
    let solved = AtomicUsize::new(0);
    let records = crate::parallel::run(
        args.jobs,
        "levels",
        &chosen,
        |&(n, level)| solve_one(n, level, &config),
        |r| {
            matches!(r.end, End::Solved { .. })
                .then(|| format!("({} solved)", solved.fetch_add(1, Ordering::Relaxed) + 1))
        },
    )?;

    let mut out = String::new();
    if args.json {
        for r in &records {
            out.push_str(&serde_json::to_string(&r.json())?);
            out.push('\n');
        }
        return Ok(out);
    }
    for (r, &(n, level)) in records.iter().zip(&chosen) {
        out.push_str(&describe(r, args.optimal, &label(n, level)));
    }
    let tally = |is: fn(&End) -> bool| records.iter().filter(|r| is(&r.end)).count();
    let times: Vec<f64> = records.iter().map(|r| r.seconds).collect();
    let total: f64 = times.iter().sum();
    let _ = writeln!(
        out,
        "solved {} of {} (no solution {}, unsolved {}); total {:.3} s, median {:.3} s per level",
        tally(|e| matches!(e, End::Solved { .. })),
        records.len(),
        tally(|e| *e == End::NoSolution),
        tally(|e| matches!(e, End::Unsolved(_) | End::Failed)),
        total,
        median(&times)
    );
    Ok(out)
}

/// The solver's stop of `boardkit tour`.
pub mod tour {
    use std::fmt::Write as _;

    use boardkit_sokoban::solver::Config;
    use boardkit_sokoban::{builtin, xsb};

    use super::super::levels::label;
    use crate::error::CliError;
    use crate::report::{timed, Stop};

    /// Built-in levels the tour solves (numbers from 1).
    const LEVELS: [usize; 3] = [4, 8, 12];

    /// Solves three of the built-in levels and replays the solutions.
    pub fn solve() -> Result<Stop, CliError> {
        let levels = builtin::levels();
        let chosen: Vec<(usize, &boardkit_sokoban::Level)> = LEVELS
            .iter()
            .filter_map(|&n| levels.get(n - 1).map(|l| (n, l)))
            .collect();
        let mut input = String::new();
        for &(_, level) in &chosen {
            input.push_str(&xsb::write_level(level));
            input.push('\n');
        }
        let config = Config::default();
        let (records, elapsed) = timed(|| {
            chosen
                .iter()
                .map(|&(n, level)| super::solve_one(n, level, &config))
                .collect::<Vec<_>>()
        });
        let mut answer = String::new();
        for (r, &(n, level)) in records.iter().zip(&chosen) {
            answer.push_str(&super::describe(r, None, &label(n, level)));
        }
        let _ = write!(answer, "every solution replayed through the rules");
        Ok(Stop {
            title: "Sokoban: solve three built-in levels (push search, solutions replayed)",
            input,
            answer,
            elapsed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(end: End) -> Report {
        Report {
            level: 3,
            title: Some("Three".to_string()),
            end,
            seconds: 0.25,
            set_up_seconds: 0.01,
            nodes: 7,
        }
    }

    /// Every way a level can end, as text and as JSON (the failed replay
    /// is reached only through a bug, so only here).
    #[test]
    fn each_end_prints_its_line_and_record() {
        let cases = [
            (
                End::Solved {
                    moves: 3,
                    pushes: 1,
                    lurd: "rrR".to_string(),
                },
                "L: solved in 0.250 s: 3 moves, 1 push (7 nodes)\nrrR\n",
                r#"{"level":3,"title":"Three","status":"solved","limit":null,"moves":3,"pushes":1,"solution":"rrR","seconds":0.25,"setup_seconds":0.01,"nodes":7}"#,
            ),
            (
                End::NoSolution,
                "L: no solution (proved in 0.250 s, 7 nodes)\n",
                r#"{"level":3,"title":"Three","status":"no solution","limit":null,"moves":null,"pushes":null,"solution":null,"seconds":0.25,"setup_seconds":0.01,"nodes":7}"#,
            ),
            (
                End::Unsolved(Limit::Time),
                "L: unsolved: time limit reached after 0.250 s (7 nodes)\n",
                r#"{"level":3,"title":"Three","status":"unsolved","limit":"time","moves":null,"pushes":null,"solution":null,"seconds":0.25,"setup_seconds":0.01,"nodes":7}"#,
            ),
            (
                End::Unsolved(Limit::Memory),
                "L: unsolved: memory limit reached after 0.250 s (7 nodes)\n",
                r#"{"level":3,"title":"Three","status":"unsolved","limit":"memory","moves":null,"pushes":null,"solution":null,"seconds":0.25,"setup_seconds":0.01,"nodes":7}"#,
            ),
            (
                End::Unsolved(Limit::Nodes),
                "L: unsolved: node limit reached after 0.250 s (7 nodes)\n",
                r#"{"level":3,"title":"Three","status":"unsolved","limit":"nodes","moves":null,"pushes":null,"solution":null,"seconds":0.25,"setup_seconds":0.01,"nodes":7}"#,
            ),
            (
                End::Failed,
                "L: unsolved: internal error: the solution failed its replay after 0.250 s (7 nodes)\n",
                r#"{"level":3,"title":"Three","status":"unsolved","limit":"internal","moves":null,"pushes":null,"solution":null,"seconds":0.25,"setup_seconds":0.01,"nodes":7}"#,
            ),
        ];
        for (end, text, json) in cases {
            let r = report(end);
            assert_eq!(describe(&r, None, "L"), text);
            assert_eq!(serde_json::to_string(&r.json()).unwrap(), json);
        }
        let one = report(End::Solved {
            moves: 1,
            pushes: 1,
            lurd: "R".to_string(),
        });
        assert_eq!(
            describe(&one, Some(Optimal::Moves), "L"),
            "L: solved (fewest moves) in 0.250 s: 1 move, 1 push (7 nodes)\nR\n"
        );
    }

    /// A node limit reached after a set-up longer than the search says
    /// nothing of the set-up: only a time or memory limit can be reached
    /// in it.
    #[test]
    fn only_a_time_limit_blames_the_set_up() {
        let mut r = report(End::Unsolved(Limit::Nodes));
        r.nodes = 11;
        r.set_up_seconds = 0.2;
        assert_eq!(
            describe(&r, None, "L"),
            "L: unsolved: node limit reached after 0.250 s (11 nodes)\n"
        );
    }

    /// A limit reached while setting up says so, the time it took, and
    /// that no node was searched.
    #[test]
    fn a_limit_reached_in_set_up_says_where_the_time_went() {
        let mut r = report(End::Unsolved(Limit::Time));
        r.nodes = 0;
        r.set_up_seconds = 0.25;
        assert_eq!(
            describe(&r, None, "L"),
            "L: unsolved: time limit reached after 0.250 s (0 nodes, 0.250 s of it setting up the level's tables)\n"
        );
    }
}

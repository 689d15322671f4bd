//! `boardkit 2048 ai` and `boardkit 2048 hint`: the expectimax AI playing
//! seeded games, and its advice on one position.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use boardkit_2048::ai::{self, Downgrade, Ending, Evaluation, Played, Settings, Stop};
use boardkit_2048::expectimax::{Config, Depth, DEPTH_OFFSET};
use boardkit_2048::format::{parse_max_tile, Range};
use boardkit_2048::heuristic::{Evaluate, Weights};
use boardkit_2048::{params, tile_value};
use boardkit_grid::value::{IntParam, SEED};
use clap::Args;
use serde::Serialize;

use super::network_file::load_network;
use super::tables::TablesArgs;
use crate::error::CliError;
use crate::input;
use crate::values;

/// `--games`: games played by one command.
const GAMES: IntParam = IntParam::new("a number of games", 1, 1_000_000);
use crate::report::{count, median, plural};

/// The tiles whose reach the summary reports.
const MILESTONES: [u8; 5] = [11, 12, 13, 14, 15];

/// The search settings shared by `ai` and `hint`.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Start from the strong setting (depth 3..=8, cut-off 0.001; the default
    /// of hint) instead of the fast one (depth 2..=6, cut-off 0.005; the
    /// default of ai). With --ntuple: depth 2..=3 (distinct tiles - 8),
    /// cut-off 0.001, and depth 2, cut-off 0.005.
    #[arg(long)]
    pub strong: bool,
    /// Deepest search, in random tiles looked ahead (depth d looks at d + 1
    /// moves); a position with k distinct tiles is searched k - K deep
    /// (K: --depth-offset), within --min-depth..=--depth [ai: 2..=6, hint:
    /// 3..=8]. Not with --time-per-move, which sets the depth by time.
    #[arg(long, short = 'd', value_parser = values::int::<u32>(params::DEPTH),
          conflicts_with = "time_per_move")]
    pub depth: Option<u32>,
    /// Shallowest search (1..=12); equal to --depth for a fixed depth. Not
    /// with --time-per-move.
    #[arg(long, value_parser = values::int::<u32>(params::DEPTH),
          conflicts_with = "time_per_move")]
    pub min_depth: Option<u32>,
    /// The adaptive depth's K: a position with k distinct tile values is
    /// searched k - K deep (0..=16) [5]. Not with --time-per-move.
    #[arg(long, value_name = "K", value_parser = values::int::<u32>(params::DEPTH_OFFSET),
          conflicts_with = "time_per_move")]
    pub depth_offset: Option<u32>,
    /// Search each move for this many milliseconds, deepening one move at a
    /// time (results then depend on the machine's speed); replaces --depth,
    /// --min-depth and --depth-offset.
    #[arg(long, value_name = "MS", value_parser = values::int::<u64>(params::TIME_PER_MOVE_MS))]
    pub time_per_move: Option<u64>,
    /// Chance nodes reached with a smaller probability are evaluated rather
    /// than searched [ai: 0.005, hint: 0.001].
    #[arg(long, value_name = "P", value_parser = params::parse_prob_cutoff)]
    pub prob_cutoff: Option<f32>,
    /// Change the evaluation's weights, e.g. `empty=300,smooth=20` (names:
    /// alive empty merges mono_power mono sum_power sum smooth).
    #[arg(long, value_name = "LIST", value_parser = parse_weights)]
    pub weights: Option<Weights>,
    /// Evaluate with an n-tuple network saved by `2048 train` instead of the
    /// hand-made evaluation.
    #[arg(long, value_name = "FILE", conflicts_with = "weights")]
    pub ntuple: Option<PathBuf>,
    /// With --ntuple: judge boards holding this tile or a larger one by the
    /// same layout one stage lower (tile downgrading), which the network
    /// knows far better; `off` to judge every board as it is [16384].
    #[arg(long, value_name = "TILE", requires = "ntuple", value_parser = params::downgrade)]
    pub downgrade_from: Option<Downgrade>,
    /// With --ntuple: a second-stage network (`2048 train --stage-from`)
    /// that judges the boards from --downgrade-from's tile on, through
    /// their downgraded layout.
    #[arg(long, value_name = "FILE", requires = "ntuple")]
    pub late_ntuple: Option<PathBuf>,
}

/// The evaluation's weights changed as `--weights` says.
fn parse_weights(spec: &str) -> Result<Weights, String> {
    Weights::default().with_spec(spec)
}

impl SearchArgs {
    /// The evaluation: the standard one, one built from --weights, or the
    /// --ntuple network.
    pub fn evaluation(&self) -> Result<Evaluation, CliError> {
        if let Some(path) = &self.ntuple {
            let downgrade = self.downgrade_from.unwrap_or(Downgrade::DEFAULT);
            let needs_downgrade = || {
                CliError::usage(
                    "--late-ntuple needs --downgrade-from: its stage starts at that tile",
                )
            };
            if downgrade == Downgrade::Off && self.late_ntuple.is_some() {
                return Err(needs_downgrade());
            }
            let net = load_network(path)?;
            let late = match &self.late_ntuple {
                Some(p) => Some(load_network(p)?),
                None => None,
            };
            return Evaluation::network(net, downgrade, late).map_err(|_| needs_downgrade());
        }
        Ok(match self.weights {
            None => Evaluation::standard(),
            Some(w) => Evaluation::heuristic(w),
        })
    }

    /// What `evaluation` is, for summaries: the heuristic's weights, or the
    /// network's files and downgrading.
    pub fn describe(&self, evaluation: &Evaluation) -> String {
        match (evaluation, &self.ntuple) {
            (Evaluation::Network(_), Some(file)) => {
                let mut text = format!("n-tuple network {}", file.display());
                if let Some(from) = evaluation.downgrade_from() {
                    text.push_str(&format!(", downgrading from {}", tile_value(from)));
                }
                if let Some(late) = &self.late_ntuple {
                    text.push_str(&format!(" with late stage {}", late.display()));
                }
                text
            }
            (Evaluation::Heuristic(h), _) => h.weights().to_string(),
            (Evaluation::Network(_), None) => "n-tuple network".to_string(),
        }
    }

    /// The evaluation, the search settings and the lookup tables: the
    /// evaluation's own fast or strong setting (strong when `strong` or
    /// --strong), then the depth and cut-off options; the tables as
    /// `tables` says (read, or built on first use).
    /// The arguments are checked before any file is read or table built.
    pub fn settings(&self, strong: bool, tables: &TablesArgs) -> Result<Settings, CliError> {
        let base = Evaluation::base_config_of(self.ntuple.is_some(), strong || self.strong);
        let config = self.config(base)?;
        let evaluation = self.evaluation()?;
        Ok(Settings {
            evaluation,
            config,
            tables: tables.load()?,
        })
    }

    /// The search configuration, starting from `base`.
    fn config(&self, base: Config) -> Result<Config, CliError> {
        let mut config = base;
        let (base_min, base_max, offset) = match base.depth {
            Depth::Adaptive { min, max, offset } => (min, max, offset),
            Depth::Fixed(d) => (d, d, DEPTH_OFFSET),
            Depth::Timed { max, .. } => (1, max, DEPTH_OFFSET),
        };
        if let Some(ms) = self.time_per_move {
            config.depth = Depth::Timed {
                per_move: Duration::from_millis(ms),
                max: 12,
            };
        } else if self.depth.is_some() || self.min_depth.is_some() || self.depth_offset.is_some() {
            let offset = self.depth_offset.unwrap_or(offset);
            let max = self.depth.unwrap_or(base_max);
            let min = self.min_depth.unwrap_or(base_min.min(max));
            if min > max {
                return Err(CliError::usage(format!(
                    "--min-depth {min} is deeper than --depth {max}"
                )));
            }
            config.depth = Depth::Adaptive { min, max, offset };
        }
        if let Some(p) = self.prob_cutoff {
            config.prob_cutoff = p;
        }
        Ok(config)
    }
}

/// Arguments of `2048 ai`.
#[derive(Args, Debug)]
pub struct AiArgs {
    /// Number of games; game i (from 0) uses seed S + i.
    #[arg(long, short = 'n', default_value_t = 1, value_parser = values::int::<u64>(GAMES))]
    pub games: u64,
    /// The seed S of the first game.
    #[arg(long, short = 's', default_value_t = 1, value_parser = values::int::<u64>(SEED))]
    pub seed: u64,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub tables: TablesArgs,
    /// Stop each game once it makes this tile (e.g. 2048) instead of playing
    /// it to the end.
    #[arg(long, value_name = "TILE", value_parser = values::tile(params::UNTIL))]
    pub until: Option<u8>,
    /// Games played at once (threads); timing is per thread.
    #[arg(long, short = 'j', default_value_t = 1, value_parser = values::int::<u64>(values::JOBS))]
    pub jobs: u64,
    /// Leave the timing figures out, so that runs can be compared byte for
    /// byte.
    #[arg(long)]
    pub no_timing: bool,
    /// Print one JSON object (games and summary) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Stop every game still playing after this many seconds (checked
    /// between moves; each game is reported as it stands, marked `stopped at
    /// --time-limit`).
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::seconds)]
    pub time_limit: Option<Duration>,
}

/// One finished AI game.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// The game's seed.
    pub seed: u64,
    /// The largest tile.
    pub max_tile: u128,
    /// The final score.
    pub score: u64,
    /// Moves played.
    pub moves: u64,
    /// How the game ended.
    pub ending: Ending,
    /// Leaf evaluations made by the search.
    pub evaluations: u64,
    /// Moves taken from the lookup tables.
    pub table_moves: u64,
    /// The final board, row by row.
    pub board: Vec<Vec<u128>>,
    /// Seconds the game took on the wall clock (absent with --no-timing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// CPU seconds of the thread that played it (absent with --no-timing or
    /// where the system cannot tell).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_seconds: Option<f64>,
}

/// How long a game took.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// On the wall clock.
    pub wall: Duration,
    /// CPU time of the thread that played it, when the system can tell: the
    /// speed of one core even while other programs share it.
    pub cpu: Option<Duration>,
}

/// Plays one seeded game with the library's loop ([`ai::play`]) and times
/// it on the wall clock and, where the system can tell, in thread CPU time.
pub fn play_timed<E: Evaluate>(seed: u64, settings: &Settings<E>, stop: Stop) -> (Played, Timing) {
    let start = Instant::now();
    let cpu_start = cpu_time::ThreadTime::try_now().ok();
    let played = ai::play(seed, settings, stop, |_| {});
    let timing = Timing {
        wall: start.elapsed(),
        cpu: cpu_start.and_then(|t| t.try_elapsed().ok()),
    };
    (played, timing)
}

impl GameRecord {
    /// The record of a played game, with its timing when `timing`.
    fn new(played: &Played, timing: Option<Timing>) -> GameRecord {
        GameRecord {
            seed: played.game.seed(),
            max_tile: tile_value(played.game.max_exponent()),
            score: played.game.score(),
            moves: played.game.moves(),
            ending: played.ending,
            evaluations: played.evaluations,
            table_moves: played.table_moves,
            board: played.game.board().value_rows(),
            seconds: timing.map(|t| t.wall.as_secs_f64()),
            cpu_seconds: timing.and_then(|t| t.cpu).map(|c| c.as_secs_f64()),
        }
    }
}

/// The share of games reaching one tile.
#[derive(Serialize)]
struct Reach {
    tile: u128,
    games: u64,
    share: f64,
}

#[derive(Serialize)]
struct Summary {
    games: u64,
    first_seed: u64,
    search: String,
    weights: String,
    tables: Vec<String>,
    reached: Vec<Reach>,
    mean_score: f64,
    median_score: f64,
    total_moves: u64,
    total_evaluations: u64,
    total_table_moves: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_per_cpu_second: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_per_second: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wall_seconds: Option<f64>,
}

#[derive(Serialize)]
struct AiJson {
    games: Vec<GameRecord>,
    summary: Summary,
}

/// Runs `2048 ai`.
pub fn run_ai(args: &AiArgs) -> Result<String, CliError> {
    let settings = args.search.settings(false, &args.tables)?;
    let until = args.until;
    let start = Instant::now();
    let mut stop = Stop::never();
    stop.until = until;
    stop.deadline = args.time_limit.and_then(|t| start.checked_add(t));
    let seeds: Vec<u64> = (0..args.games).map(|i| args.seed.wrapping_add(i)).collect();
    let results = crate::parallel::run(
        args.jobs,
        "games",
        &seeds,
        |&seed| play_timed(seed, &settings, stop.clone()),
        |(p, _)| {
            Some(format!(
                "(last: seed {}, {})",
                p.game.seed(),
                tile_value(p.game.max_exponent())
            ))
        },
    )?;
    let wall = start.elapsed();
    let timing = !args.no_timing;
    let records: Vec<GameRecord> = results
        .iter()
        .map(|(p, t)| GameRecord::new(p, timing.then_some(*t)))
        .collect();
    let busy: f64 = results.iter().map(|(_, t)| t.wall.as_secs_f64()).sum();
    let cpu: Option<f64> = results
        .iter()
        .map(|(_, t)| t.cpu.map(|c| c.as_secs_f64()))
        .sum();
    let total_moves: u64 = records.iter().map(|r| r.moves).sum();
    let mut scores: Vec<u64> = records.iter().map(|r| r.score).collect();
    scores.sort_unstable();
    let games = records.len() as u64;
    let summary = Summary {
        games,
        first_seed: args.seed,
        search: settings.config.to_string(),
        weights: args.search.describe(&settings.evaluation),
        tables: settings
            .tables
            .tables()
            .iter()
            .map(|t| t.subproblem().file_name())
            .collect(),
        reached: MILESTONES
            .iter()
            .map(|&e| {
                let n = records
                    .iter()
                    .filter(|r| r.max_tile >= tile_value(e))
                    .count() as u64;
                Reach {
                    tile: tile_value(e),
                    games: n,
                    share: n as f64 / games.max(1) as f64,
                }
            })
            .collect(),
        mean_score: scores.iter().map(|&s| s as f64).sum::<f64>() / games.max(1) as f64,
        median_score: median(&scores.iter().map(|&s| s as f64).collect::<Vec<_>>()),
        total_moves,
        total_evaluations: records.iter().map(|r| r.evaluations).sum(),
        total_table_moves: records.iter().map(|r| r.table_moves).sum(),
        moves_per_cpu_second: cpu
            .filter(|_| timing)
            .map(|c| total_moves as f64 / c.max(1e-9)),
        moves_per_second: timing.then(|| total_moves as f64 / busy.max(1e-9)),
        wall_seconds: timing.then_some(wall.as_secs_f64()),
    };
    if args.json {
        let mut out = serde_json::to_string(&AiJson {
            games: records,
            summary,
        })?;
        out.push('\n');
        return Ok(out);
    }
    let mut out = table(&records, &summary, args.jobs);
    if args.search.weights.is_some() || args.search.ntuple.is_some() {
        let _ = writeln!(out, "evaluation: {}", summary.weights);
    }
    Ok(out)
}

/// The tables as the summary names them: `2x4 for 32, 64, 128, 256`, or
/// `none`.
fn tables_line(names: &[String]) -> String {
    let mut regions: Vec<(&str, Vec<&str>)> = Vec::new();
    for name in names {
        let stem = name.strip_suffix(".table").unwrap_or(name);
        let (region, goal) = stem.rsplit_once('-').unwrap_or((stem, ""));
        match regions.iter_mut().find(|(r, _)| *r == region) {
            Some((_, goals)) => goals.push(goal),
            None => regions.push((region, vec![goal])),
        }
    }
    if regions.is_empty() {
        return "none".to_string();
    }
    regions
        .iter()
        .map(|(r, goals)| format!("{r} for {}", goals.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

fn table(records: &[GameRecord], s: &Summary, jobs: u64) -> String {
    let mut out = String::new();
    let timing = s.moves_per_second.is_some();
    let _ = write!(
        out,
        "{:>10} {:>8} {:>9} {:>7}",
        "seed", "max tile", "score", "moves"
    );
    if timing {
        let _ = write!(out, " {:>9}", "moves/s");
    }
    out.push('\n');
    for r in records {
        let _ = write!(
            out,
            "{:>10} {:>8} {:>9} {:>7}",
            r.seed, r.max_tile, r.score, r.moves
        );
        if let Some(t) = r.cpu_seconds.or(r.seconds) {
            let _ = write!(out, " {:>9.0}", r.moves as f64 / t.max(1e-9));
        }
        match r.ending {
            Ending::GameOver => {}
            Ending::Reached => out.push_str("  (stopped at --until)"),
            Ending::BeyondBitboard => out.push_str("  (stopped: 65536 is beyond the bitboard)"),
            Ending::TimeLimit => out.push_str("  (stopped at --time-limit)"),
            Ending::Interrupted => out.push_str("  (interrupted)"),
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "\n{} from seed {}, {}",
        count(s.games, "game", "games"),
        s.first_seed,
        s.search
    );
    let _ = writeln!(out, "lookup tables: {}", tables_line(&s.tables));
    for r in &s.reached {
        let _ = writeln!(
            out,
            "reached {:>5}: {:>5.1}% ({}/{})",
            r.tile,
            100.0 * r.share,
            r.games,
            s.games
        );
    }
    let _ = writeln!(
        out,
        "score: mean {:.1}, median {}",
        s.mean_score, s.median_score
    );
    let _ = write!(
        out,
        "moves: {} ({} from lookup tables), evaluations: {}",
        s.total_moves, s.total_table_moves, s.total_evaluations
    );
    if let (Some(mps), Some(wall)) = (s.moves_per_second, s.wall_seconds) {
        out.push_str("\nspeed: ");
        if let Some(cpu) = s.moves_per_cpu_second {
            let evals = s.total_evaluations as f64 * cpu / s.total_moves.max(1) as f64;
            let _ = write!(
                out,
                "{cpu:.0} moves/s and {:.1} million evaluations/s per core (thread CPU time); ",
                evals / 1e6
            );
        }
        let _ = write!(
            out,
            "{mps:.0} moves/s per thread and {:.0} in all on the wall clock ({jobs} thread{}, {wall:.1} s)",
            s.total_moves as f64 / wall.max(1e-9),
            plural(jobs, "s")
        );
    }
    out.push('\n');
    out
}

/// Arguments of `2048 hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// Input file (standard input when absent or `-`).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub tables: TablesArgs,
    /// Search at most this many seconds: deepen one depth at a time up to
    /// the deepest setting (--depth) and answer with the deepest search
    /// finished in time (depth 1 always finishes).
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::seconds,
          conflicts_with = "time_per_move")]
    pub time_limit: Option<Duration>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct HintJson {
    size: usize,
    board: Vec<Vec<u128>>,
    legal: Vec<&'static str>,
    ai: bool,
    best: Option<&'static str>,
    values: Vec<(&'static str, f32)>,
    depth: Option<u32>,
    note: Option<String>,
    table: Option<TableJson>,
}

/// The lookup table a hint's move came from.
#[derive(Serialize)]
struct TableJson {
    name: String,
    goal: u128,
    probability: f32,
}

/// Runs `2048 hint`.
pub fn run_hint(args: &HintArgs) -> Result<String, CliError> {
    let text = input::read(args.file.as_deref())?;
    let board = parse_max_tile(&text, Range::Lenient)?;
    let mut settings = args.search.settings(true, &args.tables)?;
    if let Some(per_move) = args.time_limit {
        let max = match settings.config.depth {
            Depth::Fixed(d) => d,
            Depth::Adaptive { max, .. } | Depth::Timed { max, .. } => max,
        };
        settings.config.depth = Depth::Timed { per_move, max };
    }
    let legal: Vec<&'static str> = board.legal_moves().iter().map(|d| d.name()).collect();
    let advice = ai::advise(&board, &settings);
    if args.json {
        let ok = advice.as_ref().ok();
        let json = HintJson {
            size: board.size(),
            board: board.value_rows(),
            legal,
            ai: ok.is_some(),
            best: ok.and_then(|a| a.best.map(|m| m.name())),
            values: ok
                .map(|a| a.values.iter().map(|&(d, x)| (d.name(), x)).collect())
                .unwrap_or_default(),
            depth: ok.map(|a| a.depth),
            note: advice.as_ref().err().map(ToString::to_string),
            table: ok.and_then(|a| a.table).map(|t| TableJson {
                name: t.subproblem.file_name(),
                goal: tile_value(t.subproblem.goal),
                probability: t.probability,
            }),
        };
        let mut out = serde_json::to_string(&json)?;
        out.push('\n');
        return Ok(out);
    }
    let mut out = String::new();
    match advice {
        Err(why) => {
            let _ = writeln!(out, "no AI hint: {why}");
            if legal.is_empty() {
                let _ = writeln!(out, "no legal move: the game is over");
            } else {
                let _ = writeln!(out, "legal moves: {}", legal.join(" "));
            }
        }
        Ok(advice) => match advice.best {
            None => {
                let _ = writeln!(out, "no legal move: the game is over");
            }
            Some(best) => {
                match advice.table {
                    Some(t) => {
                        let _ = writeln!(
                            out,
                            "best move: {} (lookup table {}: {:.1}% to build the {})",
                            best.name(),
                            t.subproblem.file_name(),
                            100.0 * t.probability,
                            tile_value(t.subproblem.goal)
                        );
                    }
                    None => {
                        let _ = writeln!(out, "best move: {}", best.name());
                    }
                }
                let _ = writeln!(
                    out,
                    "expected value of each legal move (depth {}, {} evaluations):",
                    advice.depth, advice.evaluations
                );
                for (d, v) in advice.values {
                    let _ = writeln!(out, "  {:<5} {v:.1}", d.name());
                }
            }
        },
    }
    Ok(out)
}

/// The AI's stop of `boardkit tour`.
pub mod tour {
    use boardkit_2048::ai::{Settings, Stop as AiStop};
    use boardkit_2048::tile_value;

    use super::play_timed;
    use crate::error::CliError;
    use crate::report::Stop;

    /// The tour game's seed.
    const SEED: u64 = 2048;

    /// One seeded AI game at the fast setting, stopped at the 2048 tile.
    pub fn ai_game() -> Result<Stop, CliError> {
        let settings = Settings::fast();
        let (played, timing) = play_timed(SEED, &settings, AiStop::at_tile(11));
        let game = &played.game;
        Ok(Stop {
            title: "2048: the expectimax AI plays a seeded game to the 2048 tile",
            input: format!(
                "seed {SEED}, 4 x 4, real rules (a 2 or, with p 0.1, a 4 after each move)\nsearch: {}",
                settings.config
            ),
            answer: format!(
                "{}reached {} in {} moves, score {} ({:.0} moves/s, {} positions evaluated)",
                game.board(),
                tile_value(game.max_exponent()),
                game.moves(),
                game.score(),
                game.moves() as f64 / timing.wall.as_secs_f64().max(1e-9),
                played.evaluations
            ),
            elapsed: timing.wall,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_shows_the_game_as_it_ended() {
        let settings = Settings {
            evaluation: Evaluation::standard(),
            config: Config::fixed(1),
            tables: std::sync::Arc::new(boardkit_2048::tables::Tables::none()),
        };
        let (played, timing) = play_timed(3, &settings, Stop::at_tile(7));
        let record = GameRecord::new(&played, None);
        assert_eq!((record.seed, record.max_tile), (3, 128));
        assert_eq!(record.ending, Ending::Reached);
        assert_eq!(record.moves, played.game.moves());
        assert_eq!(record.board, played.game.board().value_rows());
        assert_eq!((record.seconds, record.cpu_seconds), (None, None));
        let timed = GameRecord::new(&played, Some(timing));
        assert_eq!(timed.seconds, Some(timing.wall.as_secs_f64()));
    }
}

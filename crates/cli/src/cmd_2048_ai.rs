//! `boardkit 2048 ai` and `boardkit 2048 hint`: the expectimax AI playing
//! seeded games, and its advice on one position.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use boardkit_2048::expectimax::{Config, Decision, Depth, Searcher, DEPTH_OFFSET};
use boardkit_2048::format::{parse_max_tile, Range};
use boardkit_2048::game::Game;
use boardkit_2048::heuristic::{Evaluate, Heuristic, Weights};
use boardkit_2048::ntuple::{Downgrading, NTuple};
use boardkit_2048::{tile_value, Bitboard, Board};
use boardkit_grid::Dir;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use crate::error::CliError;
use crate::input;

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
    /// 3..=8].
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u32).range(1..=12),
          conflicts_with = "time_per_move")]
    pub depth: Option<u32>,
    /// Shallowest search (1..=12); equal to --depth for a fixed depth.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=12),
          conflicts_with = "time_per_move")]
    pub min_depth: Option<u32>,
    /// The adaptive depth's K: a position with k distinct tile values is
    /// searched k - K deep (0..=16) [5].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=16),
          conflicts_with = "time_per_move")]
    pub depth_offset: Option<u32>,
    /// Search each move for this many milliseconds, deepening one move at a
    /// time (results then depend on the machine's speed).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time_per_move: Option<u64>,
    /// Chance nodes reached with a smaller probability are evaluated rather
    /// than searched [ai: 0.005, hint: 0.001].
    #[arg(long, value_name = "P")]
    pub prob_cutoff: Option<f32>,
    /// Change the evaluation's weights, e.g. `empty=300,smooth=20` (names:
    /// alive empty merges mono_power mono sum_power sum smooth).
    #[arg(long, value_name = "LIST")]
    pub weights: Option<String>,
    /// Evaluate with an n-tuple network saved by `2048 train` instead of the
    /// hand-made evaluation.
    #[arg(long, value_name = "FILE", conflicts_with = "weights")]
    pub ntuple: Option<PathBuf>,
    /// With --ntuple: judge boards holding this tile or a larger one by the
    /// same layout one stage lower (tile downgrading), which the network
    /// knows far better; `off` to judge every board as it is [16384].
    #[arg(long, value_name = "TILE", requires = "ntuple", value_parser = parse_downgrade)]
    pub downgrade_from: Option<Downgrade>,
    /// With --ntuple: a second-stage network (`2048 train --stage-from`)
    /// that judges the boards from --downgrade-from's tile on, through
    /// their downgraded layout.
    #[arg(long, value_name = "FILE", requires = "ntuple")]
    pub late_ntuple: Option<PathBuf>,
}

/// The value of --downgrade-from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Downgrade {
    /// Judge every board as it is.
    Off,
    /// Downgrade boards whose largest tile has at least this exponent.
    From(u8),
}

/// The network's default: boards with a 16384 are judged one stage lower.
const DEFAULT_DOWNGRADE: Downgrade = Downgrade::From(14);

fn parse_downgrade(s: &str) -> Result<Downgrade, String> {
    if s == "off" {
        return Ok(Downgrade::Off);
    }
    match s.parse::<u32>() {
        Ok(t) if (4..=32768).contains(&t) && t.is_power_of_two() => {
            Ok(Downgrade::From(t.trailing_zeros() as u8))
        }
        _ => Err(format!("`{s}` is not `off` or a tile from 4 to 32768")),
    }
}

/// The search's evaluation of a position: hand-made or learned.
pub enum Evaluation {
    /// The table-driven heuristic.
    Heuristic(Cow<'static, Heuristic>),
    /// An n-tuple network and its file, with a second-stage network (and
    /// its file) for the boards it downgrades.
    Network {
        /// The network, its second stage and the downgrading threshold
        /// (above 15 when boards are never downgraded).
        eval: Downgrading<Box<NTuple>>,
        /// The files, for summaries.
        files: (PathBuf, Option<PathBuf>),
    },
}

impl Evaluation {
    /// What the evaluation is, for summaries.
    pub fn describe(&self) -> String {
        match self {
            Evaluation::Heuristic(h) => h.weights().to_string(),
            Evaluation::Network { eval, files } => {
                let mut text = format!("n-tuple network {}", files.0.display());
                if eval.from <= 15 {
                    text.push_str(&format!(", downgrading from {}", tile_value(eval.from)));
                }
                if let Some(late) = &files.1 {
                    text.push_str(&format!(" with late stage {}", late.display()));
                }
                text
            }
        }
    }
}

impl Evaluate for Evaluation {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f32 {
        match self {
            Evaluation::Heuristic(h) => h.evaluate(board),
            Evaluation::Network { eval, .. } => eval.evaluate(board),
        }
    }

    #[inline]
    fn evaluate_transposed(&self, board: Bitboard, transposed: Bitboard) -> f32 {
        match self {
            Evaluation::Heuristic(h) => h.evaluate_transposed(board, transposed),
            Evaluation::Network { eval, .. } => eval.evaluate(board),
        }
    }
}

impl SearchArgs {
    /// The evaluation: the standard one, one built from --weights, or the
    /// --ntuple network.
    pub fn evaluation(&self) -> Result<Evaluation, CliError> {
        if let Some(path) = &self.ntuple {
            let net = crate::cmd_2048_train::load_network(path)?;
            let downgrade = self.downgrade_from.unwrap_or(DEFAULT_DOWNGRADE);
            let from = match (downgrade, &self.late_ntuple) {
                (Downgrade::From(e), _) => e,
                // No board has a tile this large: all are judged as they are.
                (Downgrade::Off, None) => u8::MAX,
                (Downgrade::Off, Some(_)) => {
                    return Err(CliError::input(
                        "--late-ntuple needs --downgrade-from: its stage starts at that tile",
                    ))
                }
            };
            let late = match &self.late_ntuple {
                Some(p) => Some(Box::new(crate::cmd_2048_train::load_network(p)?)),
                None => None,
            };
            return Ok(Evaluation::Network {
                eval: Downgrading {
                    net: Box::new(net),
                    late,
                    from,
                },
                files: (path.clone(), self.late_ntuple.clone()),
            });
        }
        match &self.weights {
            None => Ok(Evaluation::Heuristic(Cow::Borrowed(Heuristic::standard()))),
            Some(spec) => {
                let w = Weights::default()
                    .with_spec(spec)
                    .map_err(|e| CliError::input(format!("--weights: {e}")))?;
                Ok(Evaluation::Heuristic(Cow::Owned(Heuristic::new(w))))
            }
        }
    }

    /// The search configuration, starting from `base`.
    pub fn config(&self, base: Config) -> Result<Config, CliError> {
        let base = if self.strong { Config::STRONG } else { base };
        // A network gets its own settings: it evaluates slower and needs
        // less search.
        let base = match (self.ntuple.is_some(), base == Config::STRONG) {
            (false, _) => base,
            (true, false) => Config::LEARNED_FAST,
            (true, true) => Config::LEARNED_STRONG,
        };
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
                return Err(CliError::input(format!(
                    "--min-depth {min} is deeper than --depth {max}"
                )));
            }
            config.depth = Depth::Adaptive { min, max, offset };
        }
        if let Some(p) = self.prob_cutoff {
            if !(0.0..1.0).contains(&p) {
                return Err(CliError::input(format!(
                    "--prob-cutoff {p} is outside 0 (no cut-off) to 1"
                )));
            }
            config.prob_cutoff = p;
        }
        Ok(config)
    }
}

/// A readable description of a configuration.
pub fn describe(config: &Config) -> String {
    let depth = match config.depth {
        Depth::Fixed(d) => format!("depth {d}"),
        Depth::Adaptive { min, max, .. } if min == max => format!("depth {max}"),
        Depth::Adaptive { min, max, offset } => {
            format!("depth {min}..={max} (distinct tiles - {offset})")
        }
        Depth::Timed { per_move, .. } => format!("{} ms per move", per_move.as_millis()),
    };
    format!("{depth}, probability cut-off {}", config.prob_cutoff)
}

/// Arguments of `2048 ai`.
#[derive(Args, Debug)]
pub struct AiArgs {
    /// Number of games; game i (from 0) uses seed S + i.
    #[arg(long, short = 'n', default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// The seed S of the first game.
    #[arg(long, short = 's', default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Stop each game once it makes this tile (e.g. 2048) instead of playing
    /// it to the end.
    #[arg(long, value_name = "TILE")]
    pub until: Option<u128>,
    /// Games played at once (threads); timing is per thread.
    #[arg(long, short = 'j', default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=256))]
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
    #[arg(long, value_name = "SECONDS", value_parser = crate::limits::seconds)]
    pub time_limit: Option<Duration>,
}

/// How an AI game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// No legal move was left.
    GameOver,
    /// The --until tile was made.
    Reached,
    /// A 65536 tile was made: beyond what the bitboard search holds.
    BeyondBitboard,
    /// The --time-limit passed.
    TimeLimit,
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

/// Plays one seeded 4 x 4 game with the AI, stopping at the tile of exponent
/// `until` if given, or at the `deadline`; `on_move` is called after every
/// move.
pub fn play_game<E: Evaluate>(
    seed: u64,
    eval: &E,
    config: Config,
    (until, deadline): (Option<u8>, Option<Instant>),
    mut on_move: impl FnMut(&Game),
) -> Result<(GameRecord, Timing), CliError> {
    let start = Instant::now();
    let cpu_start = cpu_time::ThreadTime::try_now().ok();
    let mut game = Game::new(4, seed).map_err(|e| CliError::input(e.to_string()))?;
    let mut ai = Searcher::new(eval, config);
    let ending = loop {
        if until.is_some_and(|u| game.max_exponent() >= u) {
            break Ending::Reached;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break Ending::TimeLimit;
        }
        let Some(board) = game.bitboard() else {
            break Ending::BeyondBitboard;
        };
        let Some(dir) = ai.decide(board).best else {
            break Ending::GameOver;
        };
        game.play(dir);
        on_move(&game);
    };
    let timing = Timing {
        wall: start.elapsed(),
        cpu: cpu_start.and_then(|t| t.try_elapsed().ok()),
    };
    let record = GameRecord {
        seed,
        max_tile: tile_value(game.max_exponent()),
        score: game.score(),
        moves: game.moves(),
        ending,
        evaluations: ai.evaluations(),
        board: crate::cmd_2048::matrix(&game.board()),
        seconds: None,
        cpu_seconds: None,
    };
    Ok((record, timing))
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
    reached: Vec<Reach>,
    mean_score: f64,
    median_score: f64,
    total_moves: u64,
    total_evaluations: u64,
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

fn median(sorted: &[u64]) -> f64 {
    let n = sorted.len();
    match (
        sorted.get(n / 2),
        n.checked_sub(1).and_then(|_| sorted.get((n - 1) / 2)),
    ) {
        (Some(&a), Some(&b)) => (a as f64 + b as f64) / 2.0,
        _ => 0.0,
    }
}

/// The exponent of `tile`, if it is a power of two from 2 to 2^127.
fn tile_exponent(tile: u128) -> Option<u8> {
    (tile >= 2 && tile.is_power_of_two()).then(|| tile.trailing_zeros() as u8)
}

fn progress(games: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} games {msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// Runs `2048 ai`.
pub fn run_ai(args: &AiArgs) -> Result<String, CliError> {
    let config = args.search.config(Config::FAST)?;
    let eval = args.search.evaluation()?;
    let until = match args.until {
        None => None,
        Some(t) => Some(tile_exponent(t).ok_or_else(|| {
            CliError::input(format!("--until {t} is not a tile (a power of two from 2)"))
        })?),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::try_from(args.jobs).unwrap_or(1))
        .build()
        .map_err(|e| CliError::input(format!("cannot start {} threads: {e}", args.jobs)))?;
    let bar = progress(args.games);
    let start = Instant::now();
    let deadline = args.time_limit.and_then(|t| start.checked_add(t));
    let results: Result<Vec<(GameRecord, Timing)>, CliError> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let seed = args.seed.wrapping_add(i);
                let r = play_game(seed, &eval, config, (until, deadline), |_| {})?;
                bar.inc(1);
                bar.set_message(format!("(last: seed {seed}, {})", r.0.max_tile));
                Ok(r)
            })
            .collect()
    });
    let wall = start.elapsed();
    bar.finish_and_clear();
    let results = results?;
    let timing = !args.no_timing;
    let records: Vec<GameRecord> = results
        .iter()
        .map(|(r, t)| GameRecord {
            seconds: timing.then_some(t.wall.as_secs_f64()),
            cpu_seconds: t.cpu.filter(|_| timing).map(|c| c.as_secs_f64()),
            ..r.clone()
        })
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
        search: describe(&config),
        weights: eval.describe(),
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
        median_score: median(&scores),
        total_moves,
        total_evaluations: records.iter().map(|r| r.evaluations).sum(),
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
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "\n{} games from seed {}, {}",
        s.games, s.first_seed, s.search
    );
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
        "moves: {}, evaluations: {}",
        s.total_moves, s.total_evaluations
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
            if jobs == 1 { "" } else { "s" }
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
    /// Search at most this many seconds: deepen one depth at a time up to
    /// the deepest setting (--depth) and answer with the deepest search
    /// finished in time (depth 1 always finishes).
    #[arg(long, value_name = "SECONDS", value_parser = crate::limits::seconds,
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
}

/// Why the AI cannot advise on `board`, if it cannot.
pub fn no_ai_reason(board: &Board) -> Option<String> {
    if board.size() != 4 {
        Some(format!(
            "the AI plays 4 x 4 boards only; this board is {0} x {0}",
            board.size()
        ))
    } else if board.max_exponent() > 15 {
        Some("the AI plays tiles up to 32768 only".to_string())
    } else {
        None
    }
}

/// The AI's advice: the best move and the legal moves by expected value,
/// best first.
pub fn advise<E: Evaluate>(
    board: &Board,
    eval: &E,
    config: Config,
) -> Option<(Decision, Vec<(Dir, f32)>)> {
    let bb = board.to_bitboard()?;
    let decision = Searcher::new(eval, config).decide(bb);
    let mut values: Vec<(Dir, f32)> = Dir::ALL
        .into_iter()
        .filter_map(|d| {
            decision
                .values
                .get(d.index())
                .copied()
                .flatten()
                .map(|v| (d, v))
        })
        .collect();
    values.sort_by(|a, b| b.1.total_cmp(&a.1));
    Some((decision, values))
}

/// Runs `2048 hint`.
pub fn run_hint(args: &HintArgs) -> Result<String, CliError> {
    let text = input::read(args.file.as_deref())?;
    let board = parse_max_tile(&text, Range::Lenient)?;
    let mut config = args.search.config(Config::STRONG)?;
    if let Some(per_move) = args.time_limit {
        let max = match config.depth {
            Depth::Fixed(d) => d,
            Depth::Adaptive { max, .. } | Depth::Timed { max, .. } => max,
        };
        config.depth = Depth::Timed { per_move, max };
    }
    let eval = args.search.evaluation()?;
    let legal: Vec<&'static str> = board.legal_moves().iter().map(|d| d.name()).collect();
    let note = no_ai_reason(&board);
    let advice = match note {
        None => advise(&board, &eval, config),
        Some(_) => None,
    };
    if args.json {
        let json = HintJson {
            size: board.size(),
            board: crate::cmd_2048::matrix(&board),
            legal,
            ai: advice.is_some(),
            best: advice.as_ref().and_then(|(d, _)| d.best.map(|m| m.name())),
            values: advice
                .as_ref()
                .map(|(_, v)| v.iter().map(|&(d, x)| (d.name(), x)).collect())
                .unwrap_or_default(),
            depth: advice.as_ref().map(|(d, _)| d.depth),
            note,
        };
        let mut out = serde_json::to_string(&json)?;
        out.push('\n');
        return Ok(out);
    }
    let mut out = String::new();
    match (advice, note) {
        (_, Some(why)) => {
            let _ = writeln!(out, "no AI hint: {why}");
            if legal.is_empty() {
                let _ = writeln!(out, "no legal move: the game is over");
            } else {
                let _ = writeln!(out, "legal moves: {}", legal.join(" "));
            }
        }
        (Some((decision, values)), None) => match decision.best {
            None => {
                let _ = writeln!(out, "no legal move: the game is over");
            }
            Some(best) => {
                let _ = writeln!(out, "best move: {}", best.name());
                let _ = writeln!(
                    out,
                    "expected value of each legal move (depth {}, {} evaluations):",
                    decision.depth, decision.evaluations
                );
                for (d, v) in values {
                    let _ = writeln!(out, "  {:<5} {v:.1}", d.name());
                }
            }
        },
        (None, None) => {
            let _ = writeln!(out, "no legal move: the game is over");
        }
    }
    Ok(out)
}

/// The AI's stop of `boardkit tour`.
pub mod tour {
    use boardkit_2048::expectimax::Config;
    use boardkit_2048::heuristic::Heuristic;
    use boardkit_2048::Board;

    use super::{describe, play_game};
    use crate::error::CliError;
    use crate::tour::Stop;

    /// The tour game's seed.
    const SEED: u64 = 2048;

    /// One seeded AI game at the fast setting, stopped at the 2048 tile.
    pub fn ai_game() -> Result<Stop, CliError> {
        let (record, timing) = play_game(
            SEED,
            Heuristic::standard(),
            Config::FAST,
            (Some(11), None),
            |_| {},
        )?;
        let values: Vec<u128> = record.board.iter().flatten().copied().collect();
        let board = Board::from_values(4, &values).map_err(|e| CliError::input(e.to_string()))?;
        Ok(Stop {
            title: "2048: the expectimax AI plays a seeded game to the 2048 tile",
            input: format!(
                "seed {SEED}, 4 x 4, real rules (a 2 or, with p 0.1, a 4 after each move)\nsearch: {}",
                describe(&Config::FAST)
            ),
            answer: format!(
                "{board}reached {} in {} moves, score {} ({:.0} moves/s, {} positions evaluated)",
                record.max_tile,
                record.moves,
                record.score,
                record.moves as f64 / timing.wall.as_secs_f64().max(1e-9),
                record.evaluations
            ),
            elapsed: timing.wall,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[3]), 3.0);
        assert_eq!(median(&[1, 3]), 2.0);
        assert_eq!(median(&[1, 2, 10]), 2.0);
    }

    #[test]
    fn until_must_be_a_tile() {
        assert_eq!(tile_exponent(2048), Some(11));
        assert_eq!(tile_exponent(1), None);
        assert_eq!(tile_exponent(3000), None);
    }

    #[test]
    fn a_short_seeded_game_replays_and_stops_at_until() {
        let (a, _) = play_game(
            3,
            Heuristic::standard(),
            Config::fixed(1),
            (Some(7), None),
            |_| {},
        )
        .unwrap();
        let (b, _) = play_game(
            3,
            Heuristic::standard(),
            Config::fixed(1),
            (Some(7), None),
            |_| {},
        )
        .unwrap();
        assert_eq!(a.ending, Ending::Reached);
        assert_eq!(a.max_tile, 128);
        assert_eq!(
            (a.score, a.moves, &a.board, a.evaluations),
            (b.score, b.moves, &b.board, b.evaluations)
        );
    }
}

//! `boardkit 2048 train`: learns an n-tuple network by self-play and saves
//! it for `ai --ntuple` and `hint --ntuple`.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use boardkit_2048::ntuple::{Coherence, NTuple};
use boardkit_2048::train::{train, TrainConfig, TrainedGame};
use boardkit_2048::{params, tile_value};
use boardkit_grid::value::{IntParam, SEED};
use clap::Args;

use super::network_file::load_network;
use crate::error::CliError;
use crate::values;

/// `--games`: training games.
const GAMES: IntParam = IntParam::new("a number of games", 1, 1_000_000_000);
/// `--every` and `--checkpoint`: games between reports or saves.
const EVERY: IntParam = IntParam::new("a number of games", 1, u64::MAX as i128);

/// Arguments of `2048 train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Where to save the network (256 MiB; written to OUT.tmp, then renamed).
    #[arg(long, short = 'o', value_name = "OUT")]
    pub out: PathBuf,
    /// Continue training this saved network instead of starting from zero.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Training games to play.
    #[arg(long, short = 'n', default_value_t = 100_000, value_parser = values::int::<u64>(GAMES))]
    pub games: u64,
    /// Seeds the training games.
    #[arg(long, short = 's', default_value_t = 1, value_parser = values::int::<u64>(SEED))]
    pub seed: u64,
    /// The learning rate (0 < A <= 1) [0.1; with --coherence, the meta rate: 1].
    #[arg(long, value_name = "A", value_parser = parse_alpha)]
    pub alpha: Option<f32>,
    /// Learn with a rate per weight by temporal coherence (TC learning). Its
    /// sums (512 MiB) are saved as OUT.tc and taken up again from FILE.tc by
    /// --from FILE.
    #[arg(long)]
    pub coherence: bool,
    /// Start this share of the games (0 to 1) from a kept board of a late
    /// stage: where an earlier game first made a tile of --restart-tile or
    /// more (the latest 4,096 such boards).
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse_share)]
    pub restart: f64,
    /// The tile from which boards are kept for --restart.
    #[arg(long, value_name = "TILE", default_value = "8192",
          value_parser = values::tile(params::DOWNGRADE_FROM))]
    pub restart_tile: u8,
    /// Train a second-stage network for the boards holding this tile or a
    /// larger one (for `ai --late-ntuple`): it judges them by their
    /// downgraded layout and learns only from them. Start it --from the
    /// first-stage network, with --restart-tile at this tile.
    #[arg(long, value_name = "TILE", value_parser = values::tile(params::DOWNGRADE_FROM))]
    pub stage_from: Option<u8>,
    /// Games played at once, one per thread, on the network as it stood
    /// before them (results depend on J, not on timing).
    #[arg(long, short = 'j', default_value_t = 1, value_parser = values::int::<u64>(values::JOBS))]
    pub jobs: u64,
    /// Print one line of statistics every this many games.
    #[arg(long, value_name = "GAMES", default_value_t = 1000, value_parser = values::int::<u64>(EVERY))]
    pub every: u64,
    /// Also save OUT every this many games, so that a long run can be used
    /// (or continued) before it ends.
    #[arg(long, value_name = "GAMES", value_parser = values::int::<u64>(EVERY))]
    pub checkpoint: Option<u64>,
    /// Stop after this many seconds (checked between games) and save what
    /// was learned so far.
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::seconds)]
    pub time_limit: Option<Duration>,
}

/// Statistics of a block of training games: those started fresh, and for
/// restarted ones how many there were and how many made the tile above the
/// restart tile.
#[derive(Default)]
struct Block {
    /// The exponent above --restart-tile.
    next_tile: u8,
    restarted: u64,
    restarted_next: u64,
    games: u64,
    score: u64,
    moves: u64,
    reached: [u64; 4],
}

/// The tiles (exponents) whose reach each line reports.
const REPORTED: [u8; 4] = [11, 13, 14, 15];

impl Block {
    fn add(&mut self, g: &TrainedGame) {
        if g.restarted {
            self.restarted += 1;
            self.restarted_next += u64::from(g.max_exponent >= self.next_tile);
            return;
        }
        self.games += 1;
        self.score += g.score;
        self.moves += g.moves;
        for (n, &e) in self.reached.iter_mut().zip(&REPORTED) {
            *n += u64::from(g.max_exponent >= e);
        }
    }

    fn line(&self, done: u64, elapsed: Duration) -> String {
        let games = self.games.max(1) as f64;
        let mut line = format!(
            "games {done:>9}  mean score {:>9.0}  moves {:>7.0}",
            self.score as f64 / games,
            self.moves as f64 / games
        );
        for (n, &e) in self.reached.iter().zip(&REPORTED) {
            let _ = write!(
                line,
                "  {}: {:5.1}%",
                tile_value(e),
                100.0 * *n as f64 / games
            );
        }
        if self.restarted > 0 {
            let _ = write!(
                line,
                "  (+{} restarted: {} in {:.1}%)",
                self.restarted,
                tile_value(self.next_tile),
                100.0 * self.restarted_next as f64 / self.restarted as f64
            );
        }
        let _ = write!(line, "  {:.0} s", elapsed.as_secs_f64());
        line
    }
}

/// `path` with `suffix` added to its name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Writes a file through `write` to PATH.tmp, then renames it to `path`, so
/// that `path` always holds a whole file.
fn write_file(
    path: &Path,
    write: impl FnOnce(BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let tmp = with_suffix(path, ".tmp");
    let fail = |e: std::io::Error| CliError::input(format!("cannot write {}: {e}", tmp.display()));
    let file = File::create(&tmp).map_err(fail)?;
    write(BufWriter::new(file)).map_err(fail)?;
    std::fs::rename(&tmp, path)
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))
}

/// Saves the network to `path` and the coherence sums, if any, to PATH.tc.
fn save(net: &NTuple, coherence: Option<&Coherence>, path: &Path) -> Result<(), CliError> {
    write_file(path, |w| net.write_to(w))?;
    match coherence {
        Some(tc) => write_file(&with_suffix(path, ".tc"), |w| tc.write_to(w)),
        None => Ok(()),
    }
}

/// The coherence sums to go on with: those saved beside `--from` (FILE.tc)
/// when there are any, else fresh ones.
fn load_coherence(from: Option<&Path>) -> Result<Coherence, CliError> {
    let Some(path) = from.map(|p| with_suffix(p, ".tc")) else {
        return Ok(Coherence::new());
    };
    match File::open(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Coherence::new()),
        Err(e) => Err(CliError::input(format!(
            "cannot open {}: {e}",
            path.display()
        ))),
        Ok(file) => Coherence::read_from(BufReader::new(file))
            .map_err(|e| CliError::input(format!("{}: {e}", path.display()))),
    }
}

/// A learning rate, for clap: 0 < A <= 1.
fn parse_alpha(text: &str) -> Result<f32, String> {
    text.trim()
        .parse::<f32>()
        .ok()
        .filter(|a| *a > 0.0 && *a <= 1.0)
        .ok_or_else(|| "expected a learning rate above 0, at most 1".to_string())
}

/// A share of the games, for clap: 0 to 1.
fn parse_share(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| "expected a share from 0 to 1".to_string())
}

/// Runs `2048 train`.
pub fn run_train(args: &TrainArgs) -> Result<String, CliError> {
    let alpha = args.alpha.unwrap_or(if args.coherence { 1.0 } else { 0.1 });
    let mut net = match &args.from {
        Some(path) => load_network(path)?,
        None => NTuple::zeroed(),
    };
    let restart_tile = args.restart_tile;
    let stage = args.stage_from;
    let mut coherence = match args.coherence {
        true => Some(load_coherence(args.from.as_deref())?),
        false => None,
    };
    let config = TrainConfig {
        games: args.games,
        alpha,
        seed: args.seed,
        jobs: usize::try_from(args.jobs).unwrap_or(1),
        restart: args.restart,
        restart_tile,
        stage,
    };
    let bar = crate::parallel::bar(args.games, "games");
    let start = Instant::now();
    let deadline = args.time_limit.and_then(|t| start.checked_add(t));
    let mut out = String::new();
    let fresh_block = || Block {
        next_tile: restart_tile + 1,
        ..Block::default()
    };
    let mut block = fresh_block();
    let mut failed = None;
    let played = train(&mut net, coherence.as_mut(), config, |p| {
        let done = p.done;
        block.add(&p.game);
        bar.set_position(done);
        if done % args.every == 0 || done == args.games {
            let line = block.line(done, start.elapsed());
            if bar.is_hidden() {
                eprintln!("{line}");
            } else {
                bar.println(&line);
            }
            out.push_str(&line);
            out.push('\n');
            block = fresh_block();
        }
        if args.checkpoint.is_some_and(|c| done % c == 0) {
            if let Err(e) = save(p.net, p.coherence, &args.out) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failed {
        return Err(e);
    }
    if block.games + block.restarted > 0 {
        out.push_str(&block.line(played, start.elapsed()));
        out.push('\n');
    }
    save(&net, coherence.as_ref(), &args.out)?;
    let _ = writeln!(
        out,
        "trained {played} games in {:.0} s; saved {}",
        start.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(out)
}

//! `boardkit cover …`: the board cover commands.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use boardkit_cover::board::Rect;
use boardkit_cover::estimate::decimal_digits;
use boardkit_cover::format::{parse, Case};
use boardkit_cover::{
    count_detailed, count_rectangle, find_covering, find_covering_rectangle, Board, Counted,
    CoverError, Covering, Limits, PieceSet,
};
use boardkit_grid::ParseError;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use crate::error::CliError;
use crate::input;

/// The board cover commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the coverings of each board by L-trominoes (algospot BOARDCOVER) or other pieces.
    ///
    /// Input: C, then per case a line `H W` and H rows of W characters, `#` black, `.` white.
    ///
    /// Example: printf '1\n4 5\n#####\n#...#\n#...#\n#####\n' | boardkit cover count
    #[command(verbatim_doc_comment)]
    Count(CountArgs),
    /// Draw one covering of each board, each piece a letter (adjacent pieces differ), or say there is none.
    ///
    /// Input: as for `count`: C, then per case a line `H W` and H rows of `#` and `.`.
    ///
    /// Example: boardkit cover show --rect 4x6
    #[command(verbatim_doc_comment)]
    Show(ShowArgs),
}

/// Options both commands share.
#[derive(Args, Debug)]
pub struct Common {
    /// Input file (standard input when absent or `-`).
    #[arg(conflicts_with = "rect")]
    pub file: Option<PathBuf>,
    /// Full H x W rectangles instead of an input (repeatable), e.g. --rect 12x12.
    #[arg(long, value_name = "HxW")]
    pub rect: Vec<Rect>,
    /// Pieces: l3 (default), domino, i3, a union such as l3+i3, or a piece file
    /// (pieces drawn in # and ., each after a line `piece [rotate] [reflect]`).
    #[arg(long, default_value = "l3", value_name = "SET|FILE")]
    pub pieces: String,
    /// Memory a board's count may take (board, scan, frontier tables, counts, drawing), e.g. 512M or 4G.
    #[arg(long, default_value = "4G", value_name = "SIZE", value_parser = crate::values::bytes)]
    pub memory_limit: u64,
    /// Seconds the whole command may take.
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::seconds)]
    pub time_limit: Option<Duration>,
    /// Print one JSON object per board instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `cover count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub common: Common,
}

/// When to colour the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Colour {
    /// When standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Arguments of `cover show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub common: Common,
    /// Colour the pieces (ANSI escapes).
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    pub color: Colour,
}

/// Runs a cover command and returns what it prints.
pub fn run(cmd: Command) -> Result<String, CliError> {
    match cmd {
        Command::Count(args) => run_count(&args.common),
        Command::Show(args) => {
            let colour = match args.color {
                Colour::Always => true,
                Colour::Never => false,
                Colour::Auto => {
                    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
                }
            };
            run_show(&args.common, colour)
        }
    }
}

/// The piece set named by `--pieces`: a known name, else a piece file.
pub fn piece_set(spec: &str) -> Result<PieceSet, CliError> {
    if let Some(set) = PieceSet::named(spec) {
        return Ok(set);
    }
    let path = Path::new(spec);
    if !path.exists() {
        return Err(CliError::input(format!(
            "unknown piece set `{spec}`: expected l3, domino, i3, a union such as l3+i3, or a piece file (there is no file `{spec}`)"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("cannot read piece file {spec}: {e}")))?;
    PieceSet::parse(&text, spec).map_err(|e| CliError::input(format!("piece file {spec}: {e}")))
}

/// A board to work on.
enum Source {
    /// A board read from the input.
    Read(Board),
    /// A full rectangle from `--rect`, made only once the count is known to
    /// fit the limits.
    Rect(Rect),
}

/// One board to work on, with where it came from.
struct Job {
    case: usize,
    source: Source,
    /// The `H W` line of the case in the input (None for `--rect`).
    line: Option<usize>,
}

impl Job {
    fn size(&self) -> (usize, usize) {
        match &self.source {
            Source::Read(b) => (b.height(), b.width()),
            Source::Rect(r) => (r.height, r.width),
        }
    }

    fn white(&self) -> usize {
        match &self.source {
            Source::Read(b) => b.white_count(),
            Source::Rect(r) => r.height * r.width,
        }
    }

    fn count(&self, pieces: &PieceSet, limits: &Limits) -> Result<Counted, CoverError> {
        match &self.source {
            Source::Read(b) => count_detailed(b, pieces, limits),
            Source::Rect(r) => count_rectangle(r.height, r.width, pieces, limits),
        }
    }

    fn find(&self, pieces: &PieceSet, limits: &Limits) -> Result<Option<Covering>, CoverError> {
        match &self.source {
            Source::Read(b) => find_covering(b, pieces, limits),
            Source::Rect(r) => find_covering_rectangle(r.height, r.width, pieces, limits),
        }
    }
}

fn jobs(common: &Common) -> Result<Vec<Job>, CliError> {
    if !common.rect.is_empty() {
        return Ok(common
            .rect
            .iter()
            .enumerate()
            .map(|(i, &r)| Job {
                case: i + 1,
                source: Source::Rect(r),
                line: None,
            })
            .collect());
    }
    let text = input::read(common.file.as_deref())?;
    Ok(parse(&text)?
        .into_iter()
        .enumerate()
        .map(|(i, Case { board, line })| Job {
            case: i + 1,
            source: Source::Read(board),
            line: Some(line),
        })
        .collect())
}

fn limits(common: &Common) -> Limits {
    Limits {
        memory: common.memory_limit,
        time: common.time_limit,
        ..Limits::default()
    }
}

/// The error for a board the counter gave up on, placed like a parse error.
fn job_error(job: &Job, e: &CoverError) -> CliError {
    let hint = match e {
        CoverError::Memory { .. } | CoverError::Prepare { .. } | CoverError::Drawing { .. } => {
            "; raise --memory-limit"
        }
        CoverError::Time { .. } => "; raise --time-limit",
        CoverError::TooWide { .. } | CoverError::Interrupted { .. } => "",
    };
    let message = format!("{e}{hint}");
    match job.line {
        Some(line) => ParseError::at_line(line, message).in_case(job.case).into(),
        None => {
            let (h, w) = job.size();
            CliError::input(format!("--rect {h}x{w}: {message}"))
        }
    }
}

/// Refuses to write out a count whose decimal digits would pass the memory
/// limit: the digits, the string they are formatted into and the output
/// (JSON copies them once more).
fn check_count_text(job: &Job, counted: &Counted, limits: &Limits) -> Result<(), CliError> {
    let digits = decimal_digits(counted.count.bits());
    let bytes = digits
        .saturating_mul(4)
        .saturating_add(counted.count.bits() / 8);
    if bytes > limits.memory {
        let (height, width) = job.size();
        let e = CoverError::Prepare {
            height,
            width,
            bytes,
            limit: limits.memory,
        };
        return Err(job_error(job, &e));
    }
    Ok(())
}

#[derive(Serialize)]
struct CountJson<'a> {
    case: usize,
    height: usize,
    width: usize,
    white: usize,
    pieces: &'a str,
    /// Decimal digits: counts outgrow every JSON number type.
    count: String,
    frontier_bits: usize,
    peak_states: usize,
    table_bytes: usize,
}

fn run_count(common: &Common) -> Result<String, CliError> {
    let pieces = piece_set(&common.pieces)?;
    let limits = limits(common);
    let mut out = String::new();
    for job in jobs(common)? {
        let counted = job
            .count(&pieces, &limits)
            .map_err(|e| job_error(&job, &e))?;
        check_count_text(&job, &counted, &limits)?;
        if common.json {
            let (height, width) = job.size();
            let json = CountJson {
                case: job.case,
                height,
                width,
                white: job.white(),
                pieces: pieces.name(),
                count: counted.count.to_string(),
                frontier_bits: counted.stats.frontier_bits,
                peak_states: counted.stats.peak_states,
                table_bytes: counted.stats.peak_bytes,
            };
            out.push_str(&serde_json::to_string(&json)?);
            out.push('\n');
        } else {
            let _ = writeln!(out, "{}", counted.count);
        }
    }
    Ok(out)
}

#[derive(Serialize)]
struct ShowJson<'a> {
    case: usize,
    height: usize,
    width: usize,
    pieces: &'a str,
    /// The drawn rows, or null when there is no covering.
    covering: Option<Vec<String>>,
    /// Each piece's cells as [row, column] from 0, or null.
    placed: Option<Vec<Vec<[usize; 2]>>>,
}

fn run_show(common: &Common, colour: bool) -> Result<String, CliError> {
    let pieces = piece_set(&common.pieces)?;
    let limits = limits(common);
    let mut out = String::new();
    for job in jobs(common)? {
        let found = job
            .find(&pieces, &limits)
            .map_err(|e| job_error(&job, &e))?;
        let (height, width) = job.size();
        let Some(c) = found else {
            if common.json {
                let json = ShowJson {
                    case: job.case,
                    height,
                    width,
                    pieces: pieces.name(),
                    covering: None,
                    placed: None,
                };
                out.push_str(&serde_json::to_string(&json)?);
                out.push('\n');
            } else {
                let _ = writeln!(out, "case {}: no covering", job.case);
            }
            continue;
        };
        check_drawing(&job, &c, colour && !common.json, common.json, &limits)?;
        let rect;
        let board = match &job.source {
            Source::Read(b) => b,
            Source::Rect(r) => {
                rect = Board::rectangle(r.height, r.width);
                &rect
            }
        };
        if common.json {
            let json = ShowJson {
                case: job.case,
                height,
                width,
                pieces: pieces.name(),
                covering: Some(c.rows_on(board)),
                placed: Some(
                    c.pieces()
                        .iter()
                        .map(|p| p.iter().map(|q| [q.row, q.col]).collect())
                        .collect(),
                ),
            };
            out.push_str(&serde_json::to_string(&json)?);
            out.push('\n');
            continue;
        }
        let _ = writeln!(out, "case {}:", job.case);
        let rows = if colour {
            c.rows_coloured(board)
        } else {
            c.rows_on(board)
        };
        for row in rows {
            let _ = writeln!(out, "{row}");
        }
    }
    Ok(out)
}

/// Refuses to draw a covering when the drawing
/// ([`Covering::drawing_bytes`]), the board of a `--rect` and the output
/// (a copy of the rows; in JSON also each cell's `[row,column]`: 16 bytes
/// kept and at most 44 written, twice as the text grows) would pass the
/// memory limit.
fn check_drawing(
    job: &Job,
    c: &Covering,
    coloured: bool,
    json: bool,
    limits: &Limits,
) -> Result<(), CliError> {
    let (h, w) = job.size();
    let cells = (h as u64).saturating_mul(w as u64);
    let board = match job.source {
        Source::Read(_) => 0,
        Source::Rect(_) => cells,
    };
    let per_cell = match (json, coloured) {
        (true, _) => 2 + 16 + 2 * 44,
        (false, true) => 26,
        (false, false) => 2,
    };
    let bytes = c
        .drawing_bytes(coloured)
        .saturating_add(board)
        .saturating_add(cells.saturating_mul(per_cell))
        .saturating_add((h as u64).saturating_mul(2));
    if bytes > limits.memory {
        let e = CoverError::Drawing {
            pieces: c.pieces().len(),
            bytes,
            limit: limits.memory,
        };
        return Err(job_error(job, &e));
    }
    Ok(())
}

/// The board cover stops of `boardkit tour`, in order, each with its `--only` name.
pub fn tour_stops() -> Vec<(&'static str, crate::report::StopFn)> {
    vec![
        ("cover count", tour::square12),
        ("cover show", tour::show_ring),
    ]
}

/// The board cover stops of `boardkit tour`.
mod tour {
    use boardkit_cover::{count_detailed, find_covering, Board, Limits, PieceSet};

    use crate::error::CliError;
    use crate::report::{timed, Stop};

    /// A ring with a bay, of my own design (8 x 10).
    const RING: [&str; 8] = [
        "##########",
        "##......##",
        "#........#",
        "#...##...#",
        "#...##....",
        "#........#",
        "##......##",
        "###....###",
    ];

    fn l3() -> Result<PieceSet, CliError> {
        PieceSet::named("l3").ok_or_else(|| CliError::input("the l3 piece set is missing"))
    }

    /// The L-tromino coverings of the full 12 x 12 board.
    pub fn square12() -> Result<Stop, CliError> {
        let pieces = l3()?;
        let board = Board::rectangle(12, 12);
        let (counted, elapsed) = timed(|| count_detailed(&board, &pieces, &Limits::default()));
        let counted = counted.map_err(|e| CliError::input(e.to_string()))?;
        Ok(Stop {
            title: "cover: L-tromino coverings of the full 12 x 12 board",
            input: board.to_string(),
            answer: format!(
                "{} coverings ({} frontier states at most)",
                counted.count, counted.stats.peak_states
            ),
            elapsed,
        })
    }

    /// One covering of the ring, drawn.
    pub fn show_ring() -> Result<Stop, CliError> {
        let pieces = l3()?;
        let board = Board::from_rows(&RING)
            .ok_or_else(|| CliError::input("the built-in ring board is malformed"))?;
        let (found, elapsed) = timed(|| find_covering(&board, &pieces, &Limits::default()));
        let found = found.map_err(|e| CliError::input(e.to_string()))?;
        let answer = match found {
            Some(c) => c.rows_on(&board).join("\n"),
            None => "no covering".to_string(),
        };
        Ok(Stop {
            title: "cover: one L-tromino covering of an 8 x 10 ring, drawn",
            input: board.to_string(),
            answer,
            elapsed,
        })
    }
}

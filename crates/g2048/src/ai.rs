//! The AI as a library: what it evaluates positions with ([`Evaluation`]),
//! its settings ([`Settings`]), a seeded game played by it ([`play`]) and its
//! advice on one board ([`advise`]). Both can be stopped from another thread
//! by an [`Interrupt`] ([`Stop::with_interrupt`], [`advise_interruptible`]),
//! read where the search reads its clock.
//!
//! The command-line `2048 ai`, `2048 hint` and the terminal game's hint key
//! all go through these calls, so a program using this crate gets exactly
//! what the commands print. With [`Settings::tables`] set, a board that
//! matches a solved late-game sub-problem ([`crate::tables`]) takes the
//! table's move; every other board is searched.
//!
//! ```
//! use boardkit_2048::ai::{play, Ending, Settings, Stop};
//!
//! // The fast heuristic player, stopped once it makes the 256 tile.
//! let played = play(7, &Settings::fast(), Stop::at_tile(8), |_| {});
//! assert_eq!(played.ending, Ending::Reached);
//! assert_eq!(played.game.max_exponent(), 8);
//! // The same seed and settings replay the same game.
//! assert_eq!(play(7, &Settings::fast(), Stop::at_tile(8), |_| {}).game, played.game);
//! ```

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use boardkit_grid::{Dir, Interrupt};
use serde::Serialize;

use crate::expectimax::{Config, Searcher};
use crate::game::Game;
use crate::heuristic::{Evaluate, Heuristic, Weights};
use crate::ntuple::{Downgrading, NTuple};
use crate::tables::{TableMove, Tables};
use crate::{Bitboard, Board};

/// The largest exponent a bitboard cell holds (32768): a threshold above it
/// is never reached, so boards are then never downgraded.
const BITBOARD_MAX_EXPONENT: u8 = 15;

/// Whether a network judges late-stage boards through their downgraded
/// layout ([`crate::downgrade`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Downgrade {
    /// Judge every board as it is.
    Off,
    /// Downgrade boards whose largest tile has at least this exponent.
    From(u8),
}

impl Downgrade {
    /// The default for networks: boards holding 16384 are judged one stage
    /// lower, which measured better (BENCHMARKS.md).
    pub const DEFAULT: Downgrade = Downgrade::From(14);
}

/// A second-stage network was given with downgrading off: its stage starts
/// at the downgrading tile, so it would never be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LateWithoutDowngrade;

impl fmt::Display for LateWithoutDowngrade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a late-stage network needs downgrading: its stage starts at that tile")
    }
}

impl std::error::Error for LateWithoutDowngrade {}

/// What the search evaluates positions with: the hand-made heuristic, or a
/// learned n-tuple network (with tile downgrading and an optional second
/// stage).
pub enum Evaluation {
    /// The table-driven heuristic.
    Heuristic(Cow<'static, Heuristic>),
    /// An n-tuple network; boards from its threshold on are judged through
    /// their downgraded layout, by the late network when there is one.
    Network(Downgrading<Box<NTuple>>),
}

impl Evaluation {
    /// The standard heuristic.
    #[must_use]
    pub fn standard() -> Evaluation {
        Evaluation::Heuristic(Cow::Borrowed(Heuristic::standard()))
    }

    /// The heuristic with other weights.
    #[must_use]
    pub fn heuristic(weights: Weights) -> Evaluation {
        Evaluation::Heuristic(Cow::Owned(Heuristic::new(weights)))
    }

    /// A network, downgrading as `downgrade` says, with an optional
    /// second-stage network for the downgraded boards.
    ///
    /// # Errors
    /// A late network with downgrading [`Off`](Downgrade::Off).
    pub fn network(
        net: NTuple,
        downgrade: Downgrade,
        late: Option<NTuple>,
    ) -> Result<Evaluation, LateWithoutDowngrade> {
        let from = match (downgrade, &late) {
            (Downgrade::From(e), _) => e,
            // No board has a tile this large: all are judged as they are.
            (Downgrade::Off, None) => u8::MAX,
            (Downgrade::Off, Some(_)) => return Err(LateWithoutDowngrade),
        };
        Ok(Evaluation::Network(Downgrading {
            net: Box::new(net),
            late: late.map(Box::new),
            from,
        }))
    }

    /// The exponent from which a network downgrades boards, if it does.
    #[must_use]
    pub fn downgrade_from(&self) -> Option<u8> {
        match self {
            Evaluation::Network(d) if d.from <= BITBOARD_MAX_EXPONENT => Some(d.from),
            _ => None,
        }
    }

    /// The search settings made for this evaluation: [`Config::FAST`] or
    /// [`Config::STRONG`] for the heuristic, [`Config::LEARNED_FAST`] or
    /// [`Config::LEARNED_STRONG`] for a network (which evaluates slower and
    /// needs less search).
    #[must_use]
    pub fn base_config(&self, strong: bool) -> Config {
        Evaluation::base_config_of(matches!(self, Evaluation::Network(_)), strong)
    }

    /// [`Evaluation::base_config`] of a network (`network`) or of the
    /// heuristic, known before the evaluation is made (so a front end can
    /// check its settings before it reads a network's file).
    #[must_use]
    pub fn base_config_of(network: bool, strong: bool) -> Config {
        match (network, strong) {
            (false, false) => Config::FAST,
            (false, true) => Config::STRONG,
            (true, false) => Config::LEARNED_FAST,
            (true, true) => Config::LEARNED_STRONG,
        }
    }
}

impl Evaluate for Evaluation {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f32 {
        match self {
            Evaluation::Heuristic(h) => h.evaluate(board),
            Evaluation::Network(n) => n.evaluate(board),
        }
    }

    #[inline]
    fn evaluate_transposed(&self, board: Bitboard, transposed: Bitboard) -> f32 {
        match self {
            Evaluation::Heuristic(h) => h.evaluate_transposed(board, transposed),
            Evaluation::Network(n) => n.evaluate(board),
        }
    }
}

/// An evaluation, the search settings and the lookup tables to play with.
pub struct Settings<E = Evaluation> {
    /// What positions are judged by.
    pub evaluation: E,
    /// How deep and how widely to search.
    pub config: Config,
    /// The late-game tables consulted before searching (none: search every
    /// board).
    pub tables: Arc<Tables>,
}

impl Settings {
    /// The standard heuristic at the fast setting: what `boardkit 2048 ai`
    /// plays by default.
    #[must_use]
    pub fn fast() -> Settings {
        Settings::made_for(Evaluation::standard(), false)
    }

    /// The standard heuristic at the strong setting: what `boardkit 2048
    /// hint` advises with by default.
    #[must_use]
    pub fn strong() -> Settings {
        Settings::made_for(Evaluation::standard(), true)
    }

    /// `evaluation` with the settings made for it
    /// ([`Evaluation::base_config`]).
    #[must_use]
    pub fn made_for(evaluation: Evaluation, strong: bool) -> Settings {
        let config = evaluation.base_config(strong);
        Settings {
            evaluation,
            config,
            tables: Arc::new(Tables::none()),
        }
    }
}

impl<E> Settings<E> {
    /// The same settings with these tables.
    #[must_use]
    pub fn with_tables(self, tables: Arc<Tables>) -> Settings<E> {
        Settings { tables, ..self }
    }
}

/// When an auto-played game stops before it is over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stop {
    /// Stop once the game makes the tile of this exponent.
    pub until: Option<u8>,
    /// Stop at this instant (checked between moves).
    pub deadline: Option<Instant>,
    /// Stop once this is triggered (checked between moves and every 1,024
    /// evaluations of a move's search).
    pub interrupt: Option<Interrupt>,
}

impl Stop {
    /// Play every game to its end.
    #[must_use]
    pub fn never() -> Stop {
        Stop::default()
    }

    /// Stop once the tile 2^`exponent` is made.
    #[must_use]
    pub fn at_tile(exponent: u8) -> Stop {
        Stop {
            until: Some(exponent),
            ..Stop::default()
        }
    }

    /// The same stop, and also at `deadline` when given.
    #[must_use]
    pub fn with_deadline(self, deadline: Option<Instant>) -> Stop {
        Stop { deadline, ..self }
    }

    /// The same stop, and also once `interrupt` is triggered.
    #[must_use]
    pub fn with_interrupt(self, interrupt: Interrupt) -> Stop {
        Stop {
            interrupt: Some(interrupt),
            ..self
        }
    }
}

/// How an auto-played game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// No legal move was left.
    GameOver,
    /// The [`Stop::until`] tile was made.
    Reached,
    /// A 65536 tile was made: beyond what the bitboard search holds.
    BeyondBitboard,
    /// The [`Stop::deadline`] passed.
    TimeLimit,
    /// The [`Stop::interrupt`] was triggered (the move being searched then
    /// is not played).
    Interrupted,
}

/// A game the AI played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The game as it ended (board, score, moves, seed).
    pub game: Game,
    /// Why it ended.
    pub ending: Ending,
    /// Leaf evaluations the search made.
    pub evaluations: u64,
    /// Moves taken from the lookup tables rather than searched.
    pub table_moves: u64,
}

/// Plays the seeded 4 × 4 game ([`Game::classic`]) with the AI until it is
/// over or `stop` says; `on_move` sees the game after every move.
///
/// A board that matches one of the settings' tables takes the table's move
/// ([`Tables::lookup`]); every other board is searched.
///
/// Deterministic: the same seed, settings and stop tile give the same game
/// (a deadline or an interrupt can only end it earlier).
pub fn play<E: Evaluate>(
    seed: u64,
    settings: &Settings<E>,
    stop: Stop,
    mut on_move: impl FnMut(&Game),
) -> Played {
    let mut game = Game::classic(seed);
    let mut ai = searcher(settings, stop.interrupt.as_ref());
    let mut table_moves = 0;
    let ending = loop {
        if stop.until.is_some_and(|u| game.max_exponent() >= u) {
            break Ending::Reached;
        }
        if stop.deadline.is_some_and(|d| Instant::now() >= d) {
            break Ending::TimeLimit;
        }
        if stop.interrupt.as_ref().is_some_and(Interrupt::is_triggered) {
            break Ending::Interrupted;
        }
        let Some(board) = game.bitboard() else {
            break Ending::BeyondBitboard;
        };
        if let Some(m) = settings.tables.lookup(board) {
            table_moves += 1;
            game.play(m.dir);
            on_move(&game);
            continue;
        }
        let decision = ai.decide(board);
        if decision.interrupted {
            break Ending::Interrupted;
        }
        let Some(dir) = decision.best else {
            break Ending::GameOver;
        };
        game.play(dir);
        on_move(&game);
    };
    Played {
        game,
        ending,
        evaluations: ai.evaluations(),
        table_moves,
    }
}

/// A searcher for `settings`, stopping at `interrupt` when given.
fn searcher<'e, E: Evaluate>(
    settings: &'e Settings<E>,
    interrupt: Option<&Interrupt>,
) -> Searcher<&'e E> {
    let ai = Searcher::new(&settings.evaluation, settings.config);
    match interrupt {
        Some(i) => ai.with_interrupt(i.clone()),
        None => ai,
    }
}

/// Why the AI gives no advice on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoAdvice {
    /// The AI plays 4 × 4 boards only; this is the board's side.
    Size(usize),
    /// A tile beyond 32768, which the bitboard cannot hold.
    Tile,
    /// The interrupt of [`advise_interruptible`] stopped the search.
    Interrupted,
}

impl fmt::Display for NoAdvice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoAdvice::Size(n) => {
                write!(f, "the AI plays 4 x 4 boards only; this board is {n} x {n}")
            }
            NoAdvice::Tile => f.write_str("the AI plays tiles up to 32768 only"),
            NoAdvice::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for NoAdvice {}

/// The AI's advice on one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The best move (`None` when no move is legal: the game is over): the
    /// table's move when a table matches, else the search's.
    pub best: Option<Dir>,
    /// The table move, when one of the settings' tables matches the board.
    pub table: Option<TableMove>,
    /// Every legal move with its expected value by the search, best first.
    pub values: Vec<(Dir, f32)>,
    /// The depth searched.
    pub depth: u32,
    /// Leaf evaluations made.
    pub evaluations: u64,
}

/// The AI's advice on `board`: the best move (from a table when one
/// matches, as in [`play`]) and every legal move's value by the search.
///
/// ```
/// use boardkit_2048::ai::{advise, NoAdvice, Settings};
/// use boardkit_2048::Board;
/// use boardkit_grid::Dir;
///
/// // A full top row that cannot merge: only down changes the board.
/// let board = Board::from_values(4, &[2u32, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
/// let advice = advise(&board, &Settings::strong()).unwrap();
/// assert_eq!(advice.best, Some(Dir::Down));
/// assert_eq!(advice.values.len(), 1);
/// let big = Board::empty(5).unwrap();
/// assert_eq!(advise(&big, &Settings::strong()), Err(NoAdvice::Size(5)));
/// ```
///
/// # Errors
/// A board the AI does not play: not 4 × 4, or holding a tile beyond 32768.
pub fn advise<E: Evaluate>(board: &Board, settings: &Settings<E>) -> Result<Advice, NoAdvice> {
    advice(board, settings, None)
}

/// [`advise`], stopped once `interrupt` is triggered (read every 1,024
/// evaluations).
///
/// ```
/// use boardkit_2048::ai::{advise, advise_interruptible, NoAdvice, Settings};
/// use boardkit_2048::Board;
/// use boardkit_grid::Interrupt;
///
/// let board = Board::from_values(4, &[2u32, 4, 8, 16, 32, 0, 2, 4, 0, 0, 0, 0, 0, 0, 0, 2]).unwrap();
/// let interrupt = Interrupt::new();
/// let settings = Settings::strong();
/// assert_eq!(advise_interruptible(&board, &settings, &interrupt), advise(&board, &settings));
/// interrupt.trigger();
/// assert_eq!(advise_interruptible(&board, &settings, &interrupt), Err(NoAdvice::Interrupted));
/// ```
///
/// # Errors
/// A board the AI does not play, as for [`advise`], or
/// [`NoAdvice::Interrupted`].
pub fn advise_interruptible<E: Evaluate>(
    board: &Board,
    settings: &Settings<E>,
    interrupt: &Interrupt,
) -> Result<Advice, NoAdvice> {
    advice(board, settings, Some(interrupt))
}

/// [`advise`] with an optional interrupt.
fn advice<E: Evaluate>(
    board: &Board,
    settings: &Settings<E>,
    interrupt: Option<&Interrupt>,
) -> Result<Advice, NoAdvice> {
    if board.size() != 4 {
        return Err(NoAdvice::Size(board.size()));
    }
    let bitboard = board.to_bitboard().ok_or(NoAdvice::Tile)?;
    let decision = searcher(settings, interrupt).decide(bitboard);
    if decision.interrupted {
        return Err(NoAdvice::Interrupted);
    }
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
    let table = settings.tables.lookup(bitboard);
    Ok(Advice {
        best: table.map_or(decision.best, |m| Some(m.dir)),
        table,
        values,
        depth: decision.depth,
        evaluations: decision.evaluations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expectimax::Config;

    fn fixed(depth: u32) -> Settings {
        Settings {
            evaluation: Evaluation::standard(),
            config: Config::fixed(depth),
            tables: Arc::new(Tables::none()),
        }
    }

    #[test]
    fn a_short_seeded_game_replays_and_stops_at_the_tile() {
        let mut seen = 0;
        let a = play(3, &fixed(1), Stop::at_tile(7), |_| seen += 1);
        let b = play(3, &fixed(1), Stop::at_tile(7), |_| {});
        assert_eq!(a.ending, Ending::Reached);
        assert_eq!(a.game.max_exponent(), 7);
        assert_eq!(seen, a.game.moves());
        assert_eq!(a, b);
    }

    #[test]
    fn a_past_deadline_stops_before_the_first_move() {
        let past = Instant::now();
        let p = play(
            3,
            &fixed(1),
            Stop::never().with_deadline(Some(past)),
            |_| {},
        );
        assert_eq!((p.ending, p.game.moves()), (Ending::TimeLimit, 0));
        assert_eq!(p.game, Game::classic(3));
    }

    #[test]
    fn an_interrupt_changes_nothing_until_triggered_then_stops_the_game_and_the_advice() {
        let interrupt = Interrupt::new();
        let watched = Stop::at_tile(7).with_interrupt(interrupt.clone());
        let a = play(3, &fixed(1), Stop::at_tile(7), |_| {});
        let b = play(3, &fixed(1), watched.clone(), |_| {});
        assert_eq!(a, b);
        assert_eq!((b.ending, b.game.max_exponent()), (Ending::Reached, 7));
        let board = Board::from_values(4, &[2u32, 4, 8, 16, 32, 0, 2, 4, 0, 0, 0, 0, 0, 0, 0, 2])
            .unwrap_or_else(|e| panic!("{e}"));
        let advice = advise(&board, &fixed(3));
        assert!(advice.as_ref().is_ok_and(|a| a.evaluations > 1024));
        assert_eq!(advise_interruptible(&board, &fixed(3), &interrupt), advice);
        interrupt.trigger();
        let p = play(3, &fixed(1), watched, |_| {});
        assert_eq!((p.ending, p.game.moves()), (Ending::Interrupted, 0));
        assert_eq!(p.game, Game::classic(3));
        assert_eq!(
            advise_interruptible(&board, &fixed(3), &interrupt),
            Err(NoAdvice::Interrupted)
        );
    }

    /// The standard heuristic, counting its evaluations and triggering an
    /// interrupt at the `at`-th.
    struct TriggerAt {
        interrupt: Interrupt,
        at: u64,
        made: std::cell::Cell<u64>,
    }

    impl Evaluate for TriggerAt {
        fn evaluate(&self, board: Bitboard) -> f32 {
            self.made.set(self.made.get() + 1);
            if self.made.get() == self.at {
                self.interrupt.trigger();
            }
            Heuristic::standard().evaluate(board)
        }
    }

    fn trigger_at(at: u64) -> (Settings<TriggerAt>, Interrupt) {
        let interrupt = Interrupt::new();
        let evaluation = TriggerAt {
            interrupt: interrupt.clone(),
            at,
            made: std::cell::Cell::new(0),
        };
        let config = Config::fixed(2);
        (
            Settings {
                evaluation,
                config,
                tables: Arc::default(),
            },
            interrupt,
        )
    }

    #[test]
    fn an_interrupt_during_a_move_search_leaves_that_move_unplayed() {
        // The plain game, with the evaluations made by the end of each move.
        let (settings, _) = trigger_at(0);
        let mut games = vec![Game::classic(3)];
        let mut made = vec![0];
        let plain = play(3, &settings, Stop::at_tile(8), |g| {
            games.push(g.clone());
            made.push(settings.evaluation.made.get());
        });
        assert_eq!(plain.ending, Ending::Reached);
        // A move whose search goes on past the searcher's next look at the
        // interrupt (every 1,024 evaluations) after its first evaluation.
        let look = |first: u64| (first / 1024 + 1) * 1024;
        let k = (1..made.len())
            .find(|&k| look(made[k - 1] + 1) <= made[k])
            .unwrap_or_else(|| panic!("every move searched fewer than 1,024 positions"));
        // Triggered at that move's first evaluation, the game stops inside
        // its search, and the move is not played.
        let (settings, interrupt) = trigger_at(made[k - 1] + 1);
        let p = play(
            3,
            &settings,
            Stop::never().with_interrupt(interrupt),
            |_| {},
        );
        assert_eq!(p.ending, Ending::Interrupted);
        assert_eq!(p.game, games[k - 1]);
        assert!(p.evaluations >= look(made[k - 1] + 1) && p.evaluations < made[k]);
    }

    #[test]
    fn a_game_played_out_ends_with_no_legal_move() {
        let p = play(5, &fixed(1), Stop::never(), |_| {});
        assert_eq!(p.ending, Ending::GameOver);
        assert!(p.game.legal_moves().is_empty());
    }

    #[test]
    fn advice_lists_every_legal_move_best_first_and_refuses_what_it_cannot_play() {
        let board = Board::from_values(4, &[2u32, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .unwrap_or_else(|e| panic!("{e}"));
        let advice = advise(&board, &fixed(2)).unwrap_or_else(|e| panic!("{e}"));
        // Only down changes this board: the full top row neither slides
        // sideways nor merges, and up does nothing.
        assert_eq!(advice.best, Some(Dir::Down));
        assert_eq!(
            advice.values.iter().map(|v| v.0).collect::<Vec<_>>(),
            [Dir::Down]
        );
        assert!(advice.values.windows(2).all(|w| w[0].1 >= w[1].1));
        let mut huge = Board::empty(4).unwrap_or_else(|e| panic!("{e}"));
        huge.set(0, 0, 16);
        assert_eq!(advise(&huge, &fixed(1)), Err(NoAdvice::Tile));
        assert_eq!(
            NoAdvice::Size(3).to_string(),
            "the AI plays 4 x 4 boards only; this board is 3 x 3"
        );
    }

    #[test]
    fn a_late_network_needs_downgrading() {
        assert_eq!(
            Evaluation::network(NTuple::zeroed(), Downgrade::Off, Some(NTuple::zeroed())).err(),
            Some(LateWithoutDowngrade)
        );
        let e = Evaluation::network(NTuple::zeroed(), Downgrade::Off, None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.downgrade_from(), None);
        assert_eq!(e.base_config(true), Config::LEARNED_STRONG);
        let e = Evaluation::network(NTuple::zeroed(), Downgrade::DEFAULT, None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.downgrade_from(), Some(14));
        assert_eq!(Evaluation::standard().base_config(false), Config::FAST);
    }
}

//! [`Problem`]: a level prepared for searching, built once and shared by
//! every search of it: the compact board, the push distances to the goals,
//! the Zobrist keys and the start. The driver ([`super::driver`]) runs its
//! searches on it and [`super::solve`] turns their states into key presses
//! with it; it knows neither.

use crate::level::Level;

use super::compact::{bits, Board};
use super::distance::Distances;
use super::hotspots::Hotspots;
use super::limit::Limit;
use super::macros;
use super::packing::Packing;
use super::search::Limits;
use super::walks::Walks;
use super::zobrist::Zobrist;

/// A level prepared for searching.
pub(crate) struct Problem {
    /// The floor inside the walls, renumbered.
    pub(crate) board: Board,
    /// Push distances to the goals (the forward searches' bound).
    pub(crate) dist: Distances,
    /// Keys of the state hash.
    pub(crate) zobrist: Zobrist,
    /// The boxes of the start, a bitset over the board's squares.
    pub(crate) start_bits: Vec<u64>,
    /// The worker's start square.
    pub(crate) start_worker: u16,
    /// The goal rooms' fill orders, for the searches that steer by them.
    pub(crate) packing: Option<Packing>,
    /// Which squares block which, for the same searches.
    pub(crate) hotspots: Option<Hotspots>,
    /// Whether FESS's opener runs (its table of walking distances counted
    /// in the tables' memory here, built by each FESS search).
    pub(crate) opener: bool,
}

/// Which of FESS's tables a [`Problem`] prepares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The packing plan (any FESS search).
    pub(crate) packing: bool,
    /// The hotspots table (the hotspots advisor).
    pub(crate) hotspots: bool,
    /// The goals' walking distances (the opener).
    pub(crate) opener: bool,
}

#[cfg(test)]
impl Plan {
    /// No FESS search.
    pub(crate) const NONE: Plan = Plan {
        packing: false,
        hotspots: false,
        opener: false,
    };

    /// A FESS search with every advisor.
    pub(crate) const ALL: Plan = Plan {
        packing: true,
        hotspots: true,
        opener: true,
    };
}

impl Problem {
    /// `level` prepared for searches within `limits`, with the FESS tables
    /// `plan` asks for (the hotspots table and the opener only with the
    /// packing plan); the limit it passed when its tables alone would not
    /// fit (memory) or take too long to compute (time, or the interrupt
    /// came first).
    pub(crate) fn new(level: &Level, limits: &Limits, plan: Plan) -> Result<Problem, Limit> {
        let board = Board::new(level).ok_or(Limit::Memory)?;
        // The per-level tables are allocated before the search can count
        // them: refuse a level whose tables alone would pass the memory
        // limit.
        let hotspots = plan.packing && plan.hotspots;
        let opener = plan.packing && plan.opener;
        let tables = Distances::bytes_for(&board) * 2
            + macros::bytes_for(&board)
            + if hotspots {
                Hotspots::bytes_for(&board)
            } else {
                0
            }
            + if opener { Walks::bytes_for(&board) } else { 0 };
        if tables > limits.memory {
            return Err(Limit::Memory);
        }
        let mut start_bits = vec![0u64; board.words()];
        for b in level.start().boxes() {
            bits::set(&mut start_bits, board.square(b));
        }
        let dist = Distances::to_goals(&board, &limits.clock)?;
        let packing = if plan.packing {
            let mut start = vec![false; board.len()];
            for b in bits::iter(&start_bits) {
                if let Some(s) = start.get_mut(usize::from(b)) {
                    *s = true;
                }
            }
            Some(Packing::new(&board, &dist, &start, &limits.clock)?)
        } else {
            None
        };
        let hotspots = if hotspots {
            Some(Hotspots::new(&board, &limits.clock)?)
        } else {
            None
        };
        Ok(Problem {
            packing,
            hotspots,
            opener,
            dist,
            zobrist: Zobrist::new(board.len()),
            start_bits,
            start_worker: board.square(level.start().worker()),
            board,
        })
    }
}

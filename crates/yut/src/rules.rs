//! The rules on a plain list of piece positions: the obviously-correct
//! engine that the brute force and the replay of shown lines use.
//!
//! A turn moves one piece that is not on the end by the roll
//! ([`Board::destination`]); the move is illegal when it would stop on a cell
//! another piece occupies (the end excepted). Stopping scores the cell's
//! number. When every piece is on the end the game is over and the rolls
//! left score nothing.
//!
//! ```
//! use boardkit_yut::{rules, Board};
//!
//! let b = Board::standard();
//! let mut pieces = vec![b.start(); 2];
//! assert_eq!(rules::play(&b, &mut pieces, 0, 5), Ok(10));
//! assert_eq!(rules::play(&b, &mut pieces, 1, 5), Err(rules::IllegalMove::Occupied));
//! assert_eq!(rules::play(&b, &mut pieces, 0, 2), Ok(16)); // blue 10: 13, 16
//! ```

use std::fmt;

use crate::Board;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// There is no such piece.
    NoSuchPiece,
    /// The roll is outside 1..=5.
    BadRoll,
    /// The piece is on the end cell.
    Finished,
    /// The move would stop on a cell another piece occupies.
    Occupied,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::NoSuchPiece => "there is no such piece",
            IllegalMove::BadRoll => "the roll is outside 1..5",
            IllegalMove::Finished => "the piece is already on the end",
            IllegalMove::Occupied => "another piece stands on the target cell",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// The faces of the die.
pub const ROLLS: std::ops::RangeInclusive<u8> = 1..=5;

/// Moves piece `piece` of `positions` by `roll` and returns the points it
/// scores; on an illegal move nothing changes.
pub fn play(
    board: &Board,
    positions: &mut [usize],
    piece: usize,
    roll: u8,
) -> Result<u32, IllegalMove> {
    if !ROLLS.contains(&roll) {
        return Err(IllegalMove::BadRoll);
    }
    let from = *positions.get(piece).ok_or(IllegalMove::NoSuchPiece)?;
    let to = board.destination(from, roll).ok_or(IllegalMove::Finished)?;
    let blocked = to != board.end()
        && positions
            .iter()
            .enumerate()
            .any(|(i, &p)| i != piece && p == to);
    if blocked {
        return Err(IllegalMove::Occupied);
    }
    if let Some(p) = positions.get_mut(piece) {
        *p = to;
    }
    Ok(board.cells().get(to).map_or(0, |c| c.number))
}

/// True when every piece is on the end: the game is over.
#[must_use]
pub fn finished(board: &Board, positions: &[usize]) -> bool {
    positions.iter().all(|&p| p == board.end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The search and the brute force assume a turn always has a legal
        /// move until every piece is on the end (the arrows have no cycle,
        /// so the piece furthest along is never blocked).
        #[test]
        fn a_move_exists_until_the_game_is_over(
            cells in proptest::collection::vec(0usize..33, 1..=8),
            roll in 1u8..=5,
        ) {
            let b = Board::standard();
            let mut positions = Vec::new();
            for c in cells {
                let shared = c == b.start() || c == b.end();
                positions.push(if shared || !positions.contains(&c) { c } else { b.end() });
            }
            let movable = (0..positions.len()).any(|i| {
                let mut p = positions.clone();
                play(&b, &mut p, i, roll).is_ok()
            });
            prop_assert_eq!(movable, !finished(&b, &positions));
        }
    }

    #[test]
    fn illegal_moves_change_nothing() {
        let b = Board::standard();
        let ten = b.find("10").unwrap();
        let mut pieces = vec![b.end(), ten, b.start()];
        assert_eq!(play(&b, &mut pieces, 0, 1), Err(IllegalMove::Finished));
        assert_eq!(play(&b, &mut pieces, 2, 5), Err(IllegalMove::Occupied));
        assert_eq!(play(&b, &mut pieces, 3, 1), Err(IllegalMove::NoSuchPiece));
        assert_eq!(play(&b, &mut pieces, 1, 6), Err(IllegalMove::BadRoll));
        assert_eq!(play(&b, &mut pieces, 1, 0), Err(IllegalMove::BadRoll));
        assert_eq!(pieces, vec![b.end(), ten, b.start()]);
        assert!(!finished(&b, &pieces));
    }

    #[test]
    fn the_end_holds_many_pieces_and_scores_nothing() {
        let b = Board::standard();
        let forty = b.find("40").unwrap();
        let mut pieces = vec![b.end(), forty];
        assert_eq!(play(&b, &mut pieces, 1, 3), Ok(0));
        assert!(finished(&b, &pieces));
        // The start holds many pieces too, and leaving it is never blocked
        // by the pieces still there.
        let mut pieces = vec![b.start(); 3];
        assert_eq!(play(&b, &mut pieces, 1, 1), Ok(2));
        assert_eq!(play(&b, &mut pieces, 0, 2), Ok(4));
    }

    #[test]
    fn shared_cells_block_across_paths() {
        let b = Board::standard();
        // The 40 after 35 is the outer 40.
        let (b35, o38) = (b.find("b35").unwrap(), b.find("38").unwrap());
        let mut pieces = vec![b35, o38];
        assert_eq!(play(&b, &mut pieces, 0, 1), Ok(40));
        assert_eq!(play(&b, &mut pieces, 1, 1), Err(IllegalMove::Occupied));
        // The 30 after 25 is not the outer blue 30.
        let (b25, o28) = (b.find("b25").unwrap(), b.find("28").unwrap());
        let mut pieces = vec![b25, o28];
        assert_eq!(play(&b, &mut pieces, 0, 1), Ok(30));
        assert_eq!(play(&b, &mut pieces, 1, 1), Ok(30));
        // Shortcut 16 and outer 16 are different cells.
        let (o10, o14) = (b.find("10").unwrap(), b.find("14").unwrap());
        let mut pieces = vec![o10, o14];
        assert_eq!(play(&b, &mut pieces, 0, 2), Ok(16));
        assert_eq!(play(&b, &mut pieces, 1, 1), Ok(16));
        // 25 is shared by all three shortcuts.
        let (o20, o30) = (b.find("20").unwrap(), b.find("30").unwrap());
        let mut pieces = vec![o20, o30];
        assert_eq!(play(&b, &mut pieces, 0, 3), Ok(25));
        assert_eq!(play(&b, &mut pieces, 1, 4), Err(IllegalMove::Occupied));
    }
}

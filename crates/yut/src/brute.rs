//! The reference: try every piece on every turn, with no memo and no
//! symmetry. P^rolls move sequences, so only for short games; the tests
//! check the fast search against it.
//!
//! ```
//! use boardkit_yut::{brute::brute_force, Board};
//!
//! let b = Board::standard();
//! // One piece, fives: 10, then along the shortcut to 30, then home (the
//! // fourth roll is not needed): 10 + 30 = 40.
//! assert_eq!(brute_force(&b, &[5, 5, 5, 5], 1), 40);
//! ```

use crate::{rules, Board};

/// The best score for `rolls` with `pieces` pieces, by trying every move
/// sequence.
#[must_use]
pub fn brute_force(board: &Board, rolls: &[u8], pieces: usize) -> u32 {
    let mut positions = vec![board.start(); pieces];
    search(board, rolls, &mut positions)
}

fn search(board: &Board, rolls: &[u8], positions: &mut [usize]) -> u32 {
    let Some((&roll, rest)) = rolls.split_first() else {
        return 0;
    };
    if rules::finished(board, positions) {
        return 0;
    }
    let mut best = 0;
    for piece in 0..positions.len() {
        let before = positions.get(piece).copied().unwrap_or_default();
        if let Ok(points) = rules::play(board, positions, piece, roll) {
            best = best.max(points + search(board, rest, positions));
            if let Some(p) = positions.get_mut(piece) {
                *p = before;
            }
        }
    }
    best
}

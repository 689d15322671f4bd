//! The real game: random tiles, score, game over, reproducible from a seed.
//!
//! The rules are the original web game's: two tiles at the start; after every
//! move that changes the board one new tile appears in a uniformly random
//! empty cell, a 2 with probability 0.9 and a 4 with probability 0.1; a move
//! that changes nothing spawns nothing and does not count; the score adds the
//! value of every tile a merge makes; the game is over when no move changes
//! the board.
//!
//! All randomness comes from a ChaCha8 generator seeded with the game's seed,
//! and is drawn in a fixed way ([`Game::play`] documents it), so a game is
//! reproducible bit for bit. On 4 × 4 the board lives in a [`Bitboard`];
//! should a merge ever need a 2^16 tile (which the bitboard cannot hold) the
//! game moves to the generic [`Board`] for good. Both give the same game: the
//! draws depend only on the cells, never on the representation.

use boardkit_grid::Dir;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Bitboard, Board, BoardError, Moves};

/// The smallest board side a game is played on.
pub const MIN_GAME_SIZE: usize = 2;
/// The largest board side a game is played on.
pub const MAX_GAME_SIZE: usize = 8;

/// Out of this many spawns, [`FOUR_IN`] on average are 4s (0.1 = 1 in 10).
pub const SPAWN_DRAW: u32 = 10;
/// A spawn draw below this value makes a 4.
pub const FOUR_IN: u32 = 1;

/// Where a tile appeared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spawn {
    /// The cell index, row-major (row × N + column).
    pub cell: usize,
    /// The exponent of the new tile: 1 (a 2) or 2 (a 4).
    pub exponent: u8,
}

/// What one call of [`Game::play`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Turn {
    /// True when the move changed the board (and so counted).
    pub changed: bool,
    /// The score the move earned.
    pub score: u64,
    /// The tile that appeared after the move, if any.
    pub spawn: Option<Spawn>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Cells {
    Bits(Bitboard),
    Generic(Board),
}

/// A game of 2048 in progress.
///
/// ```
/// use boardkit_2048::game::Game;
/// use boardkit_grid::Dir;
///
/// let mut game = Game::new(4, 42).unwrap();
/// assert_eq!(game.board().tile_count(), 2);
/// let dir = game.legal_moves().iter().next().unwrap();
/// let turn = game.play(dir);
/// assert!(turn.changed && turn.spawn.is_some());
/// assert_eq!(game.moves(), 1);
/// // The same seed replays the same game.
/// let mut again = Game::new(4, 42).unwrap();
/// again.play(dir);
/// assert_eq!(again, game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    n: usize,
    cells: Cells,
    score: u64,
    moves: u64,
    seed: u64,
    rng: ChaCha8Rng,
}

impl Game {
    /// A new N × N game (N from [`MIN_GAME_SIZE`] to [`MAX_GAME_SIZE`]) with
    /// its two starting tiles; 4 × 4 uses the bitboard.
    pub fn new(n: usize, seed: u64) -> Result<Game, BoardError> {
        Game::start(n, seed, true)
    }

    /// The classic 4 × 4 game with its two starting tiles, on the bitboard:
    /// [`Game::new`]`(4, seed)`, which cannot fail.
    ///
    /// ```
    /// use boardkit_2048::game::Game;
    ///
    /// assert_eq!(Game::classic(9), Game::new(4, 9).unwrap());
    /// ```
    #[must_use]
    pub fn classic(seed: u64) -> Game {
        let mut game = Game::from_bitboard(Bitboard::EMPTY, seed);
        game.spawn();
        game.spawn();
        game
    }

    /// Like [`Game::new`] but never uses the bitboard: the reference the fast
    /// path is tested against.
    pub fn new_generic(n: usize, seed: u64) -> Result<Game, BoardError> {
        Game::start(n, seed, false)
    }

    /// A 4 × 4 game going on from `board` (no tile is added; score and
    /// move count start at 0), its later tiles drawn from `seed`.
    ///
    /// ```
    /// use boardkit_2048::game::Game;
    /// use boardkit_2048::Bitboard;
    ///
    /// let b = Bitboard::from_rows([[1, 1, 0, 0], [0; 4], [0; 4], [0; 4]]);
    /// let g = Game::from_bitboard(b, 3);
    /// assert_eq!((g.bitboard(), g.score(), g.moves()), (Some(b), 0, 0));
    /// ```
    #[must_use]
    pub fn from_bitboard(board: Bitboard, seed: u64) -> Game {
        Game {
            n: 4,
            cells: Cells::Bits(board),
            score: 0,
            moves: 0,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn start(n: usize, seed: u64, fast: bool) -> Result<Game, BoardError> {
        if !(MIN_GAME_SIZE..=MAX_GAME_SIZE).contains(&n) {
            return Err(BoardError::Size(n));
        }
        if n == 4 && fast {
            return Ok(Game::classic(seed));
        }
        let mut game = Game {
            n,
            cells: Cells::Generic(Board::empty(n)?),
            score: 0,
            moves: 0,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        };
        game.spawn();
        game.spawn();
        Ok(game)
    }

    /// The seed the game was started with.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The side N.
    #[must_use]
    pub fn size(&self) -> usize {
        self.n
    }

    /// The score so far.
    #[must_use]
    pub fn score(&self) -> u64 {
        self.score
    }

    /// The number of moves that changed the board.
    #[must_use]
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The board as a generic [`Board`].
    #[must_use]
    pub fn board(&self) -> Board {
        match &self.cells {
            Cells::Bits(b) => b.to_board(),
            Cells::Generic(b) => b.clone(),
        }
    }

    /// The board as a bitboard, when it is 4 × 4 and every tile fits.
    #[must_use]
    pub fn bitboard(&self) -> Option<Bitboard> {
        match &self.cells {
            Cells::Bits(b) => Some(*b),
            Cells::Generic(b) => b.to_bitboard(),
        }
    }

    /// The largest exponent on the board.
    #[must_use]
    pub fn max_exponent(&self) -> u8 {
        match &self.cells {
            Cells::Bits(b) => b.max_exponent(),
            Cells::Generic(b) => b.max_exponent(),
        }
    }

    /// The moves that change the board.
    #[must_use]
    pub fn legal_moves(&self) -> Moves {
        match &self.cells {
            Cells::Bits(b) => b.legal_moves(),
            Cells::Generic(b) => b.legal_moves(),
        }
    }

    /// True when no move changes the board.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.legal_moves().is_empty()
    }

    /// Plays `dir`. A move that changes nothing does nothing (no tile, no
    /// count). Otherwise the merged tiles' values are added to the score and
    /// a tile spawns: the generator first draws the empty cell, uniformly
    /// among the E empty cells counted in row-major order (`gen_range(0..E)`),
    /// then the value (`gen_range(0..10)`: 0 makes a 4, anything else a 2).
    pub fn play(&mut self, dir: Dir) -> Turn {
        let (changed, score) = match &mut self.cells {
            Cells::Bits(b) => {
                let slid = b.slide_scored(dir);
                if slid.overflow {
                    // A 2^16 tile: leave the bitboard for good.
                    let mut generic = b.to_board();
                    let out = generic.slide(dir);
                    self.cells = Cells::Generic(generic);
                    (out.changed, u64::try_from(out.score).unwrap_or(u64::MAX))
                } else {
                    let changed = slid.board != *b;
                    *b = slid.board;
                    (changed, u64::from(slid.score))
                }
            }
            Cells::Generic(b) => {
                let out = b.slide(dir);
                (out.changed, u64::try_from(out.score).unwrap_or(u64::MAX))
            }
        };
        if !changed {
            return Turn::default();
        }
        self.score = self.score.saturating_add(score);
        self.moves += 1;
        Turn {
            changed,
            score,
            spawn: self.spawn(),
        }
    }

    /// Puts a random tile in a random empty cell (none when the board is
    /// full).
    fn spawn(&mut self) -> Option<Spawn> {
        let empty = match &self.cells {
            Cells::Bits(b) => b.empty_count() as usize,
            Cells::Generic(b) => b.exponents().iter().filter(|&&e| e == 0).count(),
        };
        if empty == 0 {
            return None;
        }
        let k = self.rng.gen_range(0..empty);
        let exponent = if self.rng.gen_range(0..SPAWN_DRAW) < FOUR_IN {
            2
        } else {
            1
        };
        let cell = match &mut self.cells {
            Cells::Bits(b) => {
                let cell = (0..16).filter(|&i| b.cell(i) == 0).nth(k)?;
                *b = b.with_cell(cell, exponent);
                cell
            }
            Cells::Generic(b) => {
                let n = b.size();
                let cell = b
                    .exponents()
                    .iter()
                    .enumerate()
                    .filter(|&(_, &e)| e == 0)
                    .nth(k)?
                    .0;
                b.set(cell / n, cell % n, exponent);
                cell
            }
        };
        Some(Spawn { cell, exponent })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed pseudo-random move order, independent of the game's generator.
    fn scripted_dir(i: u64) -> Dir {
        let x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61;
        Dir::ALL[(x % 4) as usize]
    }

    fn play_out(mut game: Game, limit: u64) -> (Game, Vec<Turn>) {
        let mut turns = Vec::new();
        let mut i = 0;
        while !game.is_over() && i < limit {
            turns.push(game.play(scripted_dir(i)));
            i += 1;
        }
        (game, turns)
    }

    #[test]
    fn starts_with_two_tiles_and_validates_size() {
        for n in MIN_GAME_SIZE..=MAX_GAME_SIZE {
            let g = Game::new(n, 7).unwrap();
            assert_eq!(g.board().tile_count(), 2);
            assert_eq!((g.score(), g.moves(), g.size()), (0, 0, n));
        }
        assert_eq!(Game::new(1, 0), Err(BoardError::Size(1)));
        assert_eq!(Game::new(9, 0), Err(BoardError::Size(9)));
    }

    #[test]
    fn illegal_moves_spawn_nothing() {
        // Find a game state with an illegal move, then check it is a no-op.
        let mut game = Game::new(4, 3).unwrap();
        for i in 0..200 {
            let illegal = Dir::ALL
                .into_iter()
                .find(|&d| !game.legal_moves().contains(d));
            if let Some(d) = illegal {
                let before = game.clone();
                assert_eq!(game.play(d), Turn::default());
                assert_eq!(game, before);
                return;
            }
            game.play(scripted_dir(i));
        }
        panic!("no illegal move in 200 turns");
    }

    #[test]
    fn seeded_games_are_identical_and_fast_path_matches_generic() {
        for seed in 0..20 {
            let (a, ta) = play_out(Game::new(4, seed).unwrap(), 3000);
            let (b, tb) = play_out(Game::new(4, seed).unwrap(), 3000);
            let (c, tc) = play_out(Game::new_generic(4, seed).unwrap(), 3000);
            assert_eq!(a, b);
            assert_eq!(ta, tb);
            assert_eq!(ta, tc);
            assert_eq!(a.board(), c.board());
            assert_eq!((a.score(), a.moves()), (c.score(), c.moves()));
            assert!(a.is_over());
        }
        let (x, _) = play_out(Game::new(4, 1).unwrap(), 3000);
        let (y, _) = play_out(Game::new(4, 2).unwrap(), 3000);
        assert_ne!(x, y);
    }

    #[test]
    fn score_is_the_sum_of_merges_and_moves_count_changes() {
        for n in [2, 3, 5, 8] {
            let mut game = Game::new(n, 11).unwrap();
            let mut score = 0;
            let mut moves = 0;
            for i in 0..500 {
                let before = game.board();
                let (expected, out) = before.slid(scripted_dir(i));
                let turn = game.play(scripted_dir(i));
                assert_eq!(turn.changed, out.changed);
                assert_eq!(u128::from(turn.score), out.score);
                let after = game.board();
                match turn.spawn {
                    Some(s) => {
                        assert_eq!(expected.exponents()[s.cell], 0);
                        let mut placed = expected.clone();
                        placed.set(s.cell / n, s.cell % n, s.exponent);
                        assert_eq!(after, placed);
                        moves += 1;
                    }
                    None => assert_eq!(after, before),
                }
                score += turn.score;
            }
            assert_eq!(game.score(), score);
            assert_eq!(game.moves(), moves);
        }
    }

    #[test]
    fn overflow_leaves_the_bitboard_exactly() {
        // Two 2^15 tiles side by side: merging them needs a 2^16 tile.
        let mut game = Game::new(4, 5).unwrap();
        let mut rows = [[0u8; 4]; 4];
        rows[0] = [15, 15, 0, 0];
        game.cells = Cells::Bits(Bitboard::from_rows(rows));
        let turn = game.play(Dir::Left);
        assert_eq!(turn.score, 1 << 16);
        assert_eq!(game.max_exponent(), 16);
        assert_eq!(game.bitboard(), None);
        assert_eq!(game.board().get(0, 0), Some(16));
        assert_eq!(game.board().tile_count(), 2);
    }

    /// Spawn statistics over many seeded games: the share of 4s and the
    /// spread over cells.
    #[test]
    fn spawns_are_ten_percent_fours_and_uniform_over_cells() {
        // First spawns of fresh games: both starting tiles land uniformly
        // over the 16 cells (the second among the 15 left).
        let games = 40_000u64;
        let mut fours = 0u64;
        let mut total = 0u64;
        let mut first_cell = [0u64; 16];
        for seed in 0..games {
            let g = Game::new(4, seed).unwrap();
            let b = g.board();
            for &e in b.exponents() {
                if e != 0 {
                    total += 1;
                    if e == 2 {
                        fours += 1;
                    }
                }
            }
            // The first spawn is replayed from the seed's generator.
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let k = rng.gen_range(0..16usize);
            first_cell[k] += 1;
            assert_ne!(b.exponents()[k], 0);
        }
        // Share of 4s: p = 0.1 over `total` draws; 5 standard deviations.
        let p = 0.1;
        let sd = (p * (1.0 - p) / total as f64).sqrt();
        let share = fours as f64 / total as f64;
        assert!((share - p).abs() < 5.0 * sd, "share of fours {share}");
        // Uniform cells: chi-square with 15 degrees of freedom; 40 is beyond
        // its 99.9th percentile (37.7).
        let expected = games as f64 / 16.0;
        let chi2: f64 = first_cell
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 40.0, "chi-square {chi2}");
    }

    #[test]
    fn spawns_during_play_are_uniform_over_empty_cells() {
        // On a 2 x 2 game after a move with exactly E empty cells, each of
        // them is equally likely; count the rank of the chosen empty cell.
        let mut by_rank = [[0u64; 3]; 4];
        let mut fours = 0u64;
        let mut spawns = 0u64;
        for seed in 0..20_000 {
            let mut game = Game::new(2, seed).unwrap();
            for i in 0..6 {
                let d = scripted_dir(i + seed);
                let (after, out) = game.board().slid(d);
                let turn = game.play(d);
                if let (true, Some(s)) = (out.changed, turn.spawn) {
                    let empties: Vec<usize> =
                        (0..4).filter(|&c| after.exponents()[c] == 0).collect();
                    let rank = empties.iter().position(|&c| c == s.cell).unwrap();
                    by_rank[empties.len()][rank] += 1;
                    spawns += 1;
                    fours += u64::from(s.exponent == 2);
                }
                if game.is_over() {
                    break;
                }
            }
        }
        for (e, counts) in by_rank.iter().enumerate().skip(2) {
            let n: u64 = counts.iter().take(e).sum();
            assert!(n > 2000, "only {n} spawns with {e} empty cells");
            let expected = n as f64 / e as f64;
            let chi2: f64 = counts
                .iter()
                .take(e)
                .map(|&c| (c as f64 - expected).powi(2) / expected)
                .sum();
            // 99.9th percentile of chi-square: 10.8 (1 dof), 13.8 (2 dof).
            assert!(chi2 < 14.0, "{e} empty cells: {counts:?}");
        }
        let share = fours as f64 / spawns as f64;
        let sd = (0.09 / spawns as f64).sqrt();
        assert!((share - 0.1).abs() < 5.0 * sd, "share of fours {share}");
    }
}

//! A game in progress: a level, its current state, and the history of
//! moves for undo and redo.

use boardkit_grid::Dir;

use crate::level::Level;
use crate::rules::{MoveOutcome, Step};
use crate::state::State;

/// A level being played: the current state, the moves made (for undo) and
/// the moves taken back (for redo).
///
/// ```
/// use boardkit_grid::Dir;
/// use boardkit_sokoban::{Game, MoveOutcome};
///
/// let level = boardkit_sokoban::xsb::parse_level("######\n#@$ .#\n######\n").unwrap();
/// let mut game = Game::new(level);
/// assert_eq!(game.play(Dir::Right), MoveOutcome::Pushed);
/// assert_eq!(game.play(Dir::Right), MoveOutcome::Pushed);
/// assert!(game.is_solved());
/// assert_eq!((game.moves(), game.pushes()), (2, 2));
/// assert!(game.undo());
/// assert!(!game.is_solved());
/// assert!(game.redo());
/// assert_eq!(game.lurd(), "RR");
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    level: Level,
    state: State,
    done: Vec<Step>,
    undone: Vec<Step>,
    pushes: usize,
}

impl Game {
    /// A game at the level's start.
    #[must_use]
    pub fn new(level: Level) -> Game {
        let state = level.start().clone();
        Game {
            level,
            state,
            done: Vec::new(),
            undone: Vec::new(),
            pushes: 0,
        }
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Moves the worker (a key press). A move that changes the state clears
    /// the redo list; a blocked move changes nothing. Moves are made even
    /// when the level is solved (see [`Game::is_solved`]).
    pub fn play(&mut self, dir: Dir) -> MoveOutcome {
        let outcome = self.level.try_move(&mut self.state, dir);
        if outcome.changed() {
            let pushed = outcome == MoveOutcome::Pushed;
            self.done.push(Step { dir, pushed });
            self.pushes += usize::from(pushed);
            self.undone.clear();
        }
        outcome
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(step) = self.done.pop() else {
            return false;
        };
        self.level.undo_move(&mut self.state, step.dir, step.pushed);
        self.pushes -= usize::from(step.pushed);
        self.undone.push(step);
        true
    }

    /// Makes again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(step) = self.undone.pop() else {
            return false;
        };
        let outcome = self.level.try_move(&mut self.state, step.dir);
        let pushed = outcome == MoveOutcome::Pushed;
        self.done.push(Step {
            dir: step.dir,
            pushed,
        });
        self.pushes += usize::from(pushed);
        true
    }

    /// Back to the start; the moves made become the redo list, so redo
    /// replays them.
    pub fn restart(&mut self) {
        while self.undo() {}
    }

    /// The moves made so far (undone moves excluded).
    #[must_use]
    pub fn history(&self) -> &[Step] {
        &self.done
    }

    /// Number of moves made (pushes included).
    #[must_use]
    pub fn moves(&self) -> usize {
        self.done.len()
    }

    /// Number of those moves that pushed a box.
    #[must_use]
    pub fn pushes(&self) -> usize {
        self.pushes
    }

    /// True when every box stands on a goal.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.state.is_solved()
    }

    /// The moves made, in LURD notation.
    #[must_use]
    pub fn lurd(&self) -> String {
        self.done.iter().map(|s| s.letter()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xsb::parse_level;

    #[test]
    fn undo_redo_restart() {
        let level = parse_level("#######\n#@ $ .#\n#######\n").unwrap();
        let mut g = Game::new(level);
        assert_eq!(g.play(Dir::Left), MoveOutcome::Blocked);
        assert_eq!(g.moves(), 0);
        assert!(!g.undo());
        assert_eq!(g.play(Dir::Right), MoveOutcome::Moved);
        assert_eq!(g.play(Dir::Right), MoveOutcome::Pushed);
        assert_eq!(g.play(Dir::Right), MoveOutcome::Pushed);
        assert!(g.is_solved());
        assert_eq!(g.lurd(), "rRR");
        g.restart();
        assert_eq!(g.state(), g.level().start());
        assert_eq!((g.moves(), g.pushes()), (0, 0));
        assert!(g.redo());
        assert!(g.redo());
        assert_eq!(g.lurd(), "rR");
        assert_eq!(g.pushes(), 1);
        // A new move forgets what could be redone.
        assert_eq!(g.play(Dir::Left), MoveOutcome::Moved);
        assert!(!g.redo());
        assert_eq!(g.lurd(), "rRl");
    }
}

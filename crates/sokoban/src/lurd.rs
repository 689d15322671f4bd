//! LURD notation for solutions, and checking a solution against a level.
//!
//! `l u r d` are moves and `L U R D` pushes; whitespace is ignored and a
//! count before a letter repeats it (`3r` is `rrr`), as some tools write
//! long solutions. Other tools ignore the case of the letters, so a push
//! written in lower case (or a move in upper case) is not an error: the
//! [`Verdict`] lists such letters for a warning.

use boardkit_grid::{Dir, ParseError};

use crate::level::Level;
use crate::rules::{MoveOutcome, Step};

/// The longest run a count may ask for.
const MAX_RUN: usize = 1_000_000;

/// The most moves a solution may have.
pub const MAX_MOVES: usize = 10_000_000;

/// Reads a LURD string; each [`Step`]'s `pushed` is the letter's case as
/// written (upper case = push).
///
/// ```
/// let steps = boardkit_sokoban::lurd::parse("rR 2u\nL").unwrap();
/// assert_eq!(steps.len(), 5);
/// assert_eq!(steps.iter().map(|s| s.letter()).collect::<String>(), "rRuuL");
/// let err = boardkit_sokoban::lurd::parse("rrx").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 3: unknown move `x` (expected l u r d L U R D)");
/// ```
///
/// # Errors
/// A [`ParseError`] at the first character that is not a LURD letter, a
/// digit or whitespace, or at a count not followed by a letter.
pub fn parse(text: &str) -> Result<Vec<Step>, ParseError> {
    let mut steps = Vec::with_capacity(text.len());
    for (l, line) in boardkit_grid::clean_input(text).lines().enumerate() {
        let mut count: Option<(usize, usize)> = None;
        for (c, ch) in line.chars().enumerate() {
            let at = |msg: String| ParseError::at_line(l + 1, msg).with_column(c + 1);
            if let Some(d) = ch.to_digit(10) {
                let (n, start) = count.unwrap_or((0, c));
                let n = n * 10 + d as usize;
                if n > MAX_RUN {
                    return Err(at(format!("a count above {MAX_RUN}")));
                }
                count = Some((n, start));
            } else if ch.is_whitespace() {
                continue;
            } else {
                let dir = Dir::from_letter(ch).ok_or_else(|| {
                    at(format!(
                        "unknown move `{}` (expected l u r d L U R D)",
                        ch.escape_debug()
                    ))
                })?;
                let step = Step {
                    dir,
                    pushed: ch.is_ascii_uppercase(),
                };
                let n = count.take().map_or(1, |(n, _)| n);
                if steps.len() + n > MAX_MOVES {
                    return Err(at(format!("the solution is longer than {MAX_MOVES} moves")));
                }
                steps.extend(std::iter::repeat_n(step, n));
            }
        }
        if let Some((_, start)) = count {
            return Err(
                ParseError::at_line(l + 1, "a count must be followed by a move letter")
                    .with_column(start + 1),
            );
        }
    }
    Ok(steps)
}

/// Writes steps in LURD notation.
#[must_use]
pub fn write(steps: &[Step]) -> String {
    steps.iter().map(|s| s.letter()).collect()
}

/// Why a move could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Blocked {
    /// A wall is in the way.
    Wall,
    /// A box is in the way and cannot move: a wall or another box behind it.
    Box,
}

/// How a solution ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Status {
    /// Every box is on a goal after the last move.
    Solved,
    /// Every move is legal but boxes remain off goals.
    Unsolved {
        /// How many boxes are off goals at the end.
        boxes_off_goal: usize,
    },
    /// A move cannot be made.
    Illegal {
        /// The move's number, from 1.
        at: usize,
        /// The letter as written.
        letter: char,
        /// What is in the way.
        blocked: Blocked,
    },
}

/// The result of checking a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Verdict {
    /// How the solution ends.
    pub status: Status,
    /// Moves made (all of them, or those before the illegal one).
    pub moves: usize,
    /// Pushes among those moves.
    pub pushes: usize,
    /// Numbers (from 1) of pushes written in lower case.
    pub lowercase_pushes: Vec<usize>,
    /// Numbers (from 1) of plain moves written in upper case.
    pub uppercase_moves: Vec<usize>,
    /// The move after which every box first stood on a goal, when that
    /// happened before the end of the solution.
    pub solved_early: Option<usize>,
}

/// Plays `steps` from the level's start and says whether they solve it.
///
/// ```
/// use boardkit_sokoban::lurd::{parse, verify, Status};
///
/// let level = boardkit_sokoban::xsb::parse_level("#######\n#@ $ .#\n#######\n").unwrap();
/// let v = verify(&level, &parse("rRR").unwrap());
/// assert_eq!((v.status, v.moves, v.pushes), (Status::Solved, 3, 2));
/// let v = verify(&level, &parse("rrr").unwrap());
/// assert_eq!(v.status, Status::Solved);
/// assert_eq!(v.lowercase_pushes, vec![2, 3]);
/// ```
#[must_use]
pub fn verify(level: &Level, steps: &[Step]) -> Verdict {
    let mut state = level.start().clone();
    let mut verdict = Verdict {
        status: Status::Solved,
        moves: 0,
        pushes: 0,
        lowercase_pushes: Vec::new(),
        uppercase_moves: Vec::new(),
        solved_early: None,
    };
    for (k, step) in steps.iter().enumerate() {
        let number = k + 1;
        match level.try_move(&mut state, step.dir) {
            MoveOutcome::Blocked => {
                let next = level.step(state.worker(), step.dir);
                let blocked = match next {
                    Some(n) if level.is_floor(n) && state.has_box(n) => Blocked::Box,
                    _ => Blocked::Wall,
                };
                verdict.status = Status::Illegal {
                    at: number,
                    letter: step.letter(),
                    blocked,
                };
                verdict.solved_early = None;
                return verdict;
            }
            MoveOutcome::Pushed => {
                verdict.pushes += 1;
                if !step.pushed {
                    verdict.lowercase_pushes.push(number);
                }
            }
            MoveOutcome::Moved => {
                if step.pushed {
                    verdict.uppercase_moves.push(number);
                }
            }
        }
        verdict.moves = number;
        if state.is_solved() && verdict.solved_early.is_none() && number < steps.len() {
            verdict.solved_early = Some(number);
        }
    }
    if !state.is_solved() {
        verdict.status = Status::Unsolved {
            boxes_off_goal: state.boxes_off_goal(),
        };
    }
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xsb::parse_level;

    #[test]
    fn counts_and_errors() {
        assert_eq!(write(&parse("3r2U\r\n l").unwrap()), "rrrUUl");
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(
            parse("rr\nu3").unwrap_err().to_string(),
            "line 2, column 2: a count must be followed by a move letter"
        );
        assert_eq!(
            parse(&"999999r".repeat(11)).unwrap_err().to_string(),
            "line 1, column 77: the solution is longer than 10000000 moves"
        );
        assert_eq!(
            parse("9999999r").unwrap_err().to_string(),
            "line 1, column 7: a count above 1000000"
        );
    }

    #[test]
    fn verdicts() {
        let level = parse_level("########\n#@ $ . #\n#  #   #\n########\n").unwrap();
        let v = verify(&level, &parse("rRRr").unwrap());
        assert_eq!(v.status, Status::Unsolved { boxes_off_goal: 1 });
        assert_eq!((v.moves, v.pushes), (4, 3));
        assert_eq!(v.lowercase_pushes, vec![4]);
        let v = verify(&level, &parse("rRR").unwrap());
        assert_eq!(v.status, Status::Solved);
        assert_eq!(v.solved_early, None);
        let v = verify(&level, &parse("rRRl").unwrap());
        assert_eq!(v.status, Status::Solved);
        assert_eq!(v.solved_early, Some(3));
        let v = verify(&level, &parse("rRRLr").unwrap());
        assert_eq!(v.status, Status::Solved);
        assert_eq!(v.uppercase_moves, vec![4]);
        assert_eq!(v.solved_early, Some(3));
        let v = verify(&level, &parse("U").unwrap());
        assert_eq!(
            v.status,
            Status::Illegal {
                at: 1,
                letter: 'U',
                blocked: Blocked::Wall
            }
        );
        assert_eq!(v.moves, 0);
        let v = verify(&level, &parse("rRRRR").unwrap());
        assert_eq!((v.moves, v.pushes), (4, 3));
        assert_eq!(
            v.status,
            Status::Illegal {
                at: 5,
                letter: 'R',
                blocked: Blocked::Box
            }
        );
    }
}

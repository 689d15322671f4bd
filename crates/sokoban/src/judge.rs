//! The judge format of Baekjoon 4577 ("Sokoban"): several games, each a
//! board in its own characters and a line of keys; the answer says whether
//! each game is complete and shows the board after the keys.
//!
//! Characters: `.` floor, `#` wall, `+` goal, `b`/`B` box on floor/goal,
//! `w`/`W` worker on floor/goal. Beyond the judge's limits, any board size
//! up to [`MAX_CELLS`] squares and any number of keys are
//! accepted; keys may be upper or lower case.

use std::fmt::Write as _;

use boardkit_grid::{clean_input, counted, Dir, ParseError, Pos};

use crate::cell::MAX_CELLS;
use crate::level::Level;
use crate::state::State;
use crate::tile::Tile;
use crate::xsb::level_error;

/// One game of the input: the level and the keys pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The level (its start is the board as given).
    pub level: Level,
    /// The keys, in order.
    pub keys: Vec<Dir>,
}

/// Reads the whole input: cases until the line `0 0` (or the end of input).
///
/// ```
/// let cases = boardkit_sokoban::judge::parse("4 5\n#####\n#wb+#\n#...#\n#####\nRL\n0 0\n").unwrap();
/// assert_eq!(cases.len(), 1);
/// assert_eq!(cases[0].keys.len(), 2);
/// assert!(boardkit_sokoban::judge::parse("0 0\n").unwrap().is_empty());
/// let err = boardkit_sokoban::judge::parse("").unwrap_err();
/// assert_eq!(err.to_string(), "line 1: expected the board size `R C` (or `0 0`), found end of input");
/// let err = boardkit_sokoban::judge::parse("4 5\n#####\n#wb+#\n#..x#\n").unwrap_err();
/// assert_eq!(err.to_string(), "case 1, line 4, column 4: unknown character `x` (expected one of . # + b B w W)");
/// ```
///
/// # Errors
/// A [`ParseError`] with the case, line and column: a bad size line, a row
/// of the wrong length or with an unknown character, a missing or bad key
/// line, an invalid level (see [`LevelError`](crate::LevelError)), or data
/// after `0 0`.
pub fn parse(text: &str) -> Result<Vec<Case>, ParseError> {
    let lines: Vec<&str> = clean_input(text).lines().collect();
    // The end of input is reported on the last line the input has.
    let end_line = lines.len().max(1);
    let mut cases = Vec::new();
    let mut i = 0;
    loop {
        // The size line; blank lines before it are skipped.
        while lines.get(i).is_some_and(|l| l.trim().is_empty()) {
            i += 1;
        }
        let Some(&header) = lines.get(i) else {
            if cases.is_empty() {
                return Err(ParseError::at_line(
                    end_line,
                    "expected the board size `R C` (or `0 0`), found end of input",
                ));
            }
            break;
        };
        let case = cases.len() + 1;
        let header_line = i + 1;
        let (rows, cols) = size(header, header_line).map_err(|e| e.in_case(case))?;
        i += 1;
        if rows == 0 && cols == 0 {
            if let Some(j) =
                (i..lines.len()).find(|&j| lines.get(j).is_some_and(|l| !l.trim().is_empty()))
            {
                return Err(ParseError::at_line(
                    j + 1,
                    "unexpected data after the line `0 0`",
                ));
            }
            break;
        }
        let mut tiles = Vec::with_capacity(rows.min(1024));
        for r in 0..rows {
            let line_no = i + 1;
            let line = lines.get(i).ok_or_else(|| {
                ParseError::at_line(
                    end_line,
                    format!(
                        "expected {} of the board, found {r}: the input ends early",
                        counted(rows, "row")
                    ),
                )
                .in_case(case)
            })?;
            let row = board_row(line, cols, line_no).map_err(|e| e.in_case(case))?;
            tiles.push(row);
            i += 1;
        }
        let key_line = i + 1;
        let keys = lines.get(i).ok_or_else(|| {
            ParseError::at_line(
                end_line,
                "expected a line of keys (U D L R), found end of input",
            )
            .in_case(case)
        })?;
        let keys = parse_keys(keys, key_line).map_err(|e| e.in_case(case))?;
        i += 1;
        let first = header_line + 1;
        let level = Level::from_rows(&tiles).map_err(|e| {
            level_error(&e, first, |p: Pos| (first + p.row, p.col + 1)).in_case(case)
        })?;
        cases.push(Case { level, keys });
    }
    Ok(cases)
}

/// Reads `R C`.
fn size(line: &str, line_no: usize) -> Result<(usize, usize), ParseError> {
    let mut tokens = boardkit_grid::Tokens::new(line);
    let at_line = |e: ParseError| e.with_line(line_no);
    let rows: usize = tokens.number("the number of rows R").map_err(at_line)?;
    let cols: usize = tokens.number("the number of columns C").map_err(at_line)?;
    if let Some(extra) = tokens.next_token() {
        return Err(at_line(extra.error(format!(
            "expected the line `R C`, found extra `{}`",
            extra.text
        ))));
    }
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(ParseError::at_line(
            line_no,
            format!("a board of {rows} x {cols} is too large: at most {MAX_CELLS} squares"),
        ));
    }
    if (rows == 0) != (cols == 0) {
        return Err(ParseError::at_line(
            line_no,
            format!("a board of {rows} x {cols}: both sizes must be positive (or `0 0` to end)"),
        ));
    }
    Ok((rows, cols))
}

/// Reads one board row of exactly `cols` characters.
fn board_row(line: &str, cols: usize, line_no: usize) -> Result<Vec<Tile>, ParseError> {
    let line = line.trim_end();
    let mut row = Vec::with_capacity(cols.min(1024));
    for (c, ch) in line.chars().enumerate() {
        let tile = Tile::from_judge(ch).ok_or_else(|| {
            ParseError::at_line(
                line_no,
                format!(
                    "unknown character `{}` (expected one of . # + b B w W)",
                    ch.escape_debug()
                ),
            )
            .with_column(c + 1)
        })?;
        row.push(tile);
    }
    if row.len() != cols {
        return Err(ParseError::at_line(
            line_no,
            format!(
                "expected a row of {}, found {}",
                counted(cols, "character"),
                row.len()
            ),
        ));
    }
    Ok(row)
}

/// Reads a line of keys: `U D L R` in either case; spaces are ignored.
fn parse_keys(line: &str, line_no: usize) -> Result<Vec<Dir>, ParseError> {
    line.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(c, ch)| {
            Dir::from_letter(ch).ok_or_else(|| {
                ParseError::at_line(
                    line_no,
                    format!(
                        "unknown key `{}` (expected U, D, L or R)",
                        ch.escape_debug()
                    ),
                )
                .with_column(c + 1)
            })
        })
        .collect()
}

/// Plays `keys` from the level's start, ignoring the keys after the game is
/// complete; returns the final state.
///
/// ```
/// use boardkit_grid::Dir::*;
/// let cases = boardkit_sokoban::judge::parse("4 5\n#####\n#wb+#\n#...#\n#####\n\n0 0\n").unwrap();
/// let level = &cases[0].level;
/// let end = boardkit_sokoban::judge::replay(level, [Right, Left, Left]);
/// assert!(end.is_solved());
/// assert_eq!(level.pos(end.worker()), boardkit_grid::Pos::new(1, 2));
/// ```
pub fn replay(level: &Level, keys: impl IntoIterator<Item = Dir>) -> State {
    let mut state = level.start().clone();
    for key in keys {
        if state.is_solved() {
            break;
        }
        level.try_move(&mut state, key);
    }
    state
}

/// The board of `state` in the judge's characters, one line per row.
#[must_use]
pub fn board(level: &Level, state: &State) -> String {
    let mut out = String::with_capacity(level.len() + level.rows());
    for row in level.tiles(state) {
        out.extend(row.iter().map(|t| t.judge()));
        out.push('\n');
    }
    out
}

/// The judge's answer for all cases: `Game K: complete` or `incomplete`,
/// then the board after the keys.
#[must_use]
pub fn answer(cases: &[Case]) -> String {
    let mut out = String::new();
    for (k, case) in cases.iter().enumerate() {
        let end = replay(&case.level, case.keys.iter().copied());
        let verdict = if end.is_solved() {
            "complete"
        } else {
            "incomplete"
        };
        let _ = writeln!(out, "Game {}: {verdict}", k + 1);
        out.push_str(&board(&case.level, &end));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worker steps onto the goal and back, pushes the box down once,
    /// then into the wall (nothing moves), then steps right.
    const GAME_IN: &str = "5 5\n#####\n#.w+#\n#.b.#\n#...#\n#####\nRLDDR\n0 0\n";

    const GAME_OUT: &str = "Game 1: incomplete\n#####\n#..+#\n#..w#\n#.b.#\n#####\n";

    #[test]
    fn hand_worked_game() {
        let cases = parse(GAME_IN).unwrap();
        assert_eq!(answer(&cases), GAME_OUT);
    }

    #[test]
    fn keys_after_completion_are_ignored() {
        let text = "4 6\n######\n#wb+.#\n#....#\n######\nRRR\n0 0\n";
        let cases = parse(text).unwrap();
        assert_eq!(
            answer(&cases),
            "Game 1: complete\n######\n#.wB.#\n#....#\n######\n"
        );
    }

    #[test]
    fn errors_name_case_line_and_column() {
        let err = |t: &str| parse(t).unwrap_err().to_string();
        assert_eq!(
            err("4 5\n#####\n#wb+#\n#...#\n#####\nRX\n"),
            "case 1, line 6, column 2: unknown key `X` (expected U, D, L or R)"
        );
        assert_eq!(
            err("4 5\n#####\n#wb+#\n#..#\n#####\nR\n"),
            "case 1, line 4: expected a row of 5 characters, found 4"
        );
        assert_eq!(
            err("4 5\n#####\n#wb+#\n"),
            "case 1, line 3: expected 4 rows of the board, found 2: the input ends early"
        );
        assert_eq!(
            err("4 5\n#####\n#wb+#\n#...#\n#####\n"),
            "case 1, line 5: expected a line of keys (U D L R), found end of input"
        );
        assert_eq!(
            err("\n\n"),
            "line 2: expected the board size `R C` (or `0 0`), found end of input"
        );
        assert_eq!(
            err("4\n"),
            "case 1, line 1: expected the number of columns C, found end of input"
        );
        assert_eq!(
            err("4 x\n"),
            "case 1, line 1, column 3: expected the number of columns C, found `x`"
        );
        assert_eq!(
            err("4 0\n"),
            "case 1, line 1: a board of 4 x 0: both sizes must be positive (or `0 0` to end)"
        );
        assert_eq!(
            err("4 5\n#####\n#wb+#\n#w..#\n#####\nR\n"),
            "case 1, line 4, column 2: a second worker (the first is at line 3, column 2)"
        );
        assert_eq!(
            err("4 5\n#####\n#wb+#\n#..b#\n#####\nR\n"),
            "case 1, line 2: 2 boxes but 1 goal: they must be equal"
        );
        assert_eq!(
            err("4 5\n#####\n#wb+.\n#...#\n#####\nR\n"),
            "case 1, line 3, column 5: the worker (line 3, column 2) can walk off the map here: \
             the walls around it have a gap"
        );
        assert_eq!(
            err("4 5\n#####\n#wB.#\n#...#\n#####\nR\n"),
            "case 1, line 2: no box off a goal: the level is solved before it starts"
        );
        assert_eq!(
            err("4 5\n#####\n#.b+#\n#...#\n#####\nR\n"),
            "case 1, line 2: no worker"
        );
        assert_eq!(
            err("4 5\n#####\n#wb+#\n#...#\n#####\nR\n0 0\nextra\n"),
            "line 8: unexpected data after the line `0 0`"
        );
    }
}

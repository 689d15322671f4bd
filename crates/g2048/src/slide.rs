//! The slide-and-merge rule on one line of cells.
//!
//! A line is given in the order the tiles move towards: index 0 is the wall
//! they slide against. Tiles keep their order, equal neighbours (ignoring
//! gaps) merge once per move, and the pair nearest the wall merges first:
//! `2 2 2` becomes `4 2 0`, `2 2 4` becomes `4 4 0`.

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveOutcome {
    /// True when some tile moved or merged.
    pub changed: bool,
    /// The sum of the values of the tiles the merges made (the game's score).
    pub score: u128,
}

/// The value of a tile from its exponent, saturating at `u128::MAX` for
/// exponents past 127.
#[must_use]
pub fn exp_value(exp: u8) -> u128 {
    1u128.checked_shl(u32::from(exp)).unwrap_or(u128::MAX)
}

/// Slides the exponents of one line towards index 0, in place.
///
/// ```
/// use boardkit_2048::slide::slide_line;
///
/// let mut line = [1, 1, 1, 0]; // 2 2 2 _
/// let out = slide_line(&mut line);
/// assert_eq!(line, [2, 1, 0, 0]); // 4 2 _ _
/// assert!(out.changed);
/// assert_eq!(out.score, 4);
/// ```
pub fn slide_line(line: &mut [u8]) -> MoveOutcome {
    let mut out = MoveOutcome::default();
    let mut write = 0;
    let mut pending: u8 = 0;
    // `write <= read < line.len()` throughout, so the writes always land.
    for read in 0..line.len() {
        let Some(&v) = line.get(read) else {
            break;
        };
        if v == 0 {
            continue;
        }
        if pending == v {
            let merged = v.saturating_add(1);
            put(line, write, merged);
            out.score = out.score.saturating_add(exp_value(merged));
            out.changed = true;
            write += 1;
            pending = 0;
        } else {
            if pending != 0 {
                put(line, write, pending);
                write += 1;
            }
            pending = v;
            if read != write {
                out.changed = true;
            }
        }
    }
    if pending != 0 {
        put(line, write, pending);
        write += 1;
    }
    for cell in line.iter_mut().skip(write) {
        *cell = 0;
    }
    out
}

/// `line[i] = v` for an index known to be in range.
#[inline(always)]
fn put(line: &mut [u8], i: usize, v: u8) {
    if let Some(cell) = line.get_mut(i) {
        *cell = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exps(values: &[u32]) -> Vec<u8> {
        values
            .iter()
            .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
            .collect()
    }

    fn left(values: &[u32]) -> Vec<u8> {
        let mut line = exps(values);
        slide_line(&mut line);
        line
    }

    #[test]
    fn hand_worked_lines() {
        assert_eq!(left(&[0, 4, 0, 4]), exps(&[8, 0, 0, 0]));
        assert_eq!(left(&[4, 4, 8, 8]), exps(&[8, 16, 0, 0]));
        // A new tile does not merge again in the same move.
        assert_eq!(left(&[8, 8, 16, 0]), exps(&[16, 16, 0, 0]));
        assert_eq!(left(&[2, 2, 4]), exps(&[4, 4, 0]));
        // Three equal tiles: the pair nearest the wall merges.
        assert_eq!(left(&[2, 2, 2]), exps(&[4, 2, 0]));
        assert_eq!(left(&[2, 2, 2, 2]), exps(&[4, 4, 0, 0]));
        // `16 0 16 16` right is `0 0 16 32`: reversed, that is a left slide.
        assert_eq!(left(&[16, 16, 0, 16]), exps(&[32, 16, 0, 0]));
    }

    #[test]
    fn unchanged_lines_report_no_change() {
        let mut line = exps(&[2, 4, 2, 4]);
        let out = slide_line(&mut line);
        assert_eq!(out, MoveOutcome::default());
        assert_eq!(line, exps(&[2, 4, 2, 4]));
        let mut line = exps(&[2, 0, 0, 0]);
        assert!(!slide_line(&mut line).changed);
        let mut line = exps(&[0, 0, 0, 2]);
        assert!(slide_line(&mut line).changed);
    }

    #[test]
    fn score_sums_merged_values() {
        let mut line = exps(&[2, 2, 4, 4]);
        assert_eq!(slide_line(&mut line).score, 4 + 8);
        assert_eq!(exp_value(200), u128::MAX);
    }
}

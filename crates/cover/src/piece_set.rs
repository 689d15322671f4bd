//! Piece sets: the fixed shapes a covering may use.
//!
//! Named sets: `l3` (the L-tromino in its 4 rotations, the BOARDCOVER
//! piece), `domino` (2 orientations), `i3` (the straight tromino, 2
//! orientations), and any `+`-joined union such as `l3+i3`.
//!
//! Piece files draw polyominoes in `#` and `.`. Each piece starts with a line
//! `piece`, optionally followed by `rotate` (allow its quarter turns) and/or
//! `reflect` (allow its mirror image); without them the piece is used exactly
//! as drawn. Blank lines and lines starting with `//` are ignored; a row may
//! leave out trailing `.`.
//!
//! ```text
//! // the L-tromino and the straight tromino, all orientations
//! piece rotate
//! ##
//! #.
//! piece rotate
//! ###
//! ```

use boardkit_grid::ParseError;

use crate::Shape;

/// The names [`PieceSet::named`] knows, with what they stand for.
pub const NAMES: [(&str, &str); 3] = [
    ("l3", "the L-tromino, 4 rotations"),
    ("domino", "the domino, 2 orientations"),
    ("i3", "the straight tromino, 2 orientations"),
];

/// A set of distinct fixed shapes. Two coverings differ when some piece
/// occupies a different set of cells, so shapes that coincide after rotation
/// or reflection are kept once.
///
/// ```
/// use boardkit_cover::PieceSet;
///
/// let s = PieceSet::named("l3+i3").unwrap();
/// assert_eq!(s.shapes().len(), 6);
/// assert_eq!(s.name(), "l3+i3");
/// assert_eq!(s.size_gcd(), 3);
/// assert!(PieceSet::named("l4").is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSet {
    name: String,
    shapes: Vec<Shape>,
}

/// `shape` and its images under the allowed quarter turns and reflection.
fn orientations(shape: &Shape, rotate: bool, reflect: bool) -> Vec<Shape> {
    let mut out = vec![shape.clone()];
    if reflect {
        out.push(shape.reflect());
    }
    if rotate {
        let base = out.clone();
        for s in base {
            let mut r = s;
            for _ in 0..3 {
                r = r.rotate();
                out.push(r.clone());
            }
        }
    }
    out
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl PieceSet {
    /// A set from shapes (duplicates dropped), called `name`; `None` when
    /// `shapes` is empty.
    #[must_use]
    pub fn from_shapes(name: impl Into<String>, mut shapes: Vec<Shape>) -> Option<PieceSet> {
        shapes.sort();
        shapes.dedup();
        (!shapes.is_empty()).then(|| PieceSet {
            name: name.into(),
            shapes,
        })
    }

    /// A named set: `l3`, `domino`, `i3`, or several joined by `+`.
    #[must_use]
    pub fn named(name: &str) -> Option<PieceSet> {
        let mut shapes = Vec::new();
        for part in name.split('+') {
            let drawing: &[&str] = match part.trim().to_ascii_lowercase().as_str() {
                "l3" => &["##", "#."],
                "domino" => &["##"],
                "i3" => &["###"],
                _ => return None,
            };
            shapes.extend(orientations(&Shape::from_drawing(drawing)?, true, false));
        }
        PieceSet::from_shapes(name.trim().to_ascii_lowercase(), shapes)
    }

    /// The set a name ([`PieceSet::named`]) or a piece file's text
    /// ([`PieceSet::parse`], told apart by its `#` cells) gives: what a
    /// front end that takes no file path accepts (Python, the web API).
    ///
    /// ```
    /// use boardkit_cover::PieceSet;
    ///
    /// assert_eq!(PieceSet::from_spec("l3+i3").map(|s| s.name().to_string()), Ok("l3+i3".into()));
    /// assert_eq!(PieceSet::from_spec("piece\n##\n").map(|s| s.shapes().len()), Ok(1));
    /// assert_eq!(
    ///     PieceSet::from_spec("l5").unwrap_err(),
    ///     "no piece set is named \"l5\": try l3, domino, i3, a union such as l3+i3, or a piece file's text"
    /// );
    /// ```
    ///
    /// # Errors
    /// An unknown name, or the piece file's error (with its line).
    pub fn from_spec(spec: &str) -> Result<PieceSet, String> {
        match PieceSet::named(spec) {
            Some(set) => Ok(set),
            None if spec.contains('#') => PieceSet::parse(spec, "pieces").map_err(|e| e.to_string()),
            None => Err(format!(
                "no piece set is named {spec:?}: try l3, domino, i3, a union such as l3+i3, or a piece file's text"
            )),
        }
    }

    /// Parses a piece file (see the module documentation); `name` is what
    /// the set is called in output.
    ///
    /// ```
    /// use boardkit_cover::PieceSet;
    ///
    /// let s = PieceSet::parse("piece rotate reflect\n###\n#\n", "l4.txt").unwrap();
    /// assert_eq!(s.shapes().len(), 8);
    /// let err = PieceSet::parse("piece\n#x\n", "bad").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2, column 2: unexpected character `x` in a piece: expected `#` or `.`");
    /// ```
    pub fn parse(text: &str, name: &str) -> Result<PieceSet, ParseError> {
        struct Pending {
            line: usize,
            rotate: bool,
            reflect: bool,
            rows: Vec<String>,
        }
        fn finish(p: Pending, shapes: &mut Vec<Shape>) -> Result<(), ParseError> {
            let rows: Vec<&str> = p.rows.iter().map(String::as_str).collect();
            let shape = Shape::from_drawing(&rows)
                .ok_or_else(|| ParseError::at_line(p.line, "this piece has no `#` cell"))?;
            if !shape.is_connected() {
                return Err(ParseError::at_line(
                    p.line,
                    "this piece is not connected: its `#` cells must join through shared edges",
                ));
            }
            shapes.extend(orientations(&shape, p.rotate, p.reflect));
            Ok(())
        }

        let mut shapes = Vec::new();
        let mut pending: Option<Pending> = None;
        for (i, raw) in boardkit_grid::clean_input(text).lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with("//") {
                continue;
            }
            let mut words = trimmed.split_whitespace();
            if words.next() == Some("piece") {
                if let Some(p) = pending.take() {
                    finish(p, &mut shapes)?;
                }
                let mut p = Pending {
                    line,
                    rotate: false,
                    reflect: false,
                    rows: Vec::new(),
                };
                for word in words {
                    match word {
                        "rotate" => p.rotate = true,
                        "reflect" => p.reflect = true,
                        _ => {
                            return Err(ParseError::at_line(
                                line,
                                format!("unknown word `{word}` after `piece`: expected `rotate` or `reflect`"),
                            ))
                        }
                    }
                }
                pending = Some(p);
                continue;
            }
            let Some(p) = pending.as_mut() else {
                return Err(ParseError::at_line(
                    line,
                    "expected a line `piece` (optionally `piece rotate reflect`) before the drawing",
                ));
            };
            let start = raw.len() - raw.trim_start().len();
            let lead = raw.get(..start).map_or(0, |s| s.chars().count());
            if let Some((col, ch)) = trimmed
                .chars()
                .enumerate()
                .find(|&(_, ch)| ch != '#' && ch != '.')
            {
                return Err(ParseError::at_line(
                    line,
                    format!("unexpected character `{ch}` in a piece: expected `#` or `.`"),
                )
                .with_column(lead + col + 1));
            }
            p.rows.push(trimmed.to_string());
        }
        match pending {
            Some(p) => finish(p, &mut shapes)?,
            None => return Err(ParseError::new("the piece file holds no piece")),
        }
        PieceSet::from_shapes(name, shapes).ok_or_else(|| ParseError::new("no piece"))
    }

    /// What the set is called (its name or file).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The distinct fixed shapes, sorted.
    #[must_use]
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The greatest common divisor of the piece sizes: a region whose white
    /// cell count it does not divide has no covering.
    #[must_use]
    pub fn size_gcd(&self) -> usize {
        self.shapes.iter().fold(0, |g, s| gcd(g, s.size()))
    }

    /// The same set with every shape transposed, for a transposed board.
    #[must_use]
    pub fn transpose(&self) -> PieceSet {
        let mut shapes: Vec<Shape> = self.shapes.iter().map(Shape::transpose).collect();
        shapes.sort();
        PieceSet {
            name: self.name.clone(),
            shapes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets() {
        let l3 = PieceSet::named("l3").unwrap();
        let mut expected: Vec<Shape> = [["##", "#."], ["##", ".#"], ["#.", "##"], [".#", "##"]]
            .iter()
            .map(|d| Shape::from_drawing(d).unwrap())
            .collect();
        expected.sort();
        assert_eq!(l3.shapes(), &expected[..]);
        assert_eq!(PieceSet::named("domino").unwrap().shapes().len(), 2);
        assert_eq!(PieceSet::named("i3").unwrap().shapes().len(), 2);
        assert_eq!(PieceSet::named("L3 + I3").unwrap().shapes().len(), 6);
        assert_eq!(PieceSet::named("l3+domino").unwrap().size_gcd(), 1);
        assert_eq!(PieceSet::named("l3+l3").unwrap().shapes().len(), 4);
        assert!(PieceSet::named("").is_none());
        assert!(PieceSet::named("l3+").is_none());
    }

    #[test]
    fn piece_files() {
        let text = "// pentominoes\n\npiece rotate reflect\n##\n##\n#\n\npiece\n.#.\n###\n.#.\npiece reflect\n#\n##\n";
        let set = PieceSet::parse(text, "f").unwrap();
        // P pentomino: 8 orientations; X: 1; the L-tromino with its mirror: 2.
        assert_eq!(set.shapes().len(), 11);
        assert_eq!(set.name(), "f");
        assert_eq!(set.transpose().transpose(), set);

        let err = |t: &str| PieceSet::parse(t, "f").unwrap_err().to_string();
        assert_eq!(err(""), "the piece file holds no piece");
        assert_eq!(
            err("##\n"),
            "line 1: expected a line `piece` (optionally `piece rotate reflect`) before the drawing"
        );
        assert_eq!(
            err("piece turn\n#\n"),
            "line 1: unknown word `turn` after `piece`: expected `rotate` or `reflect`"
        );
        assert_eq!(
            err("piece\n#\npiece\n"),
            "line 3: this piece has no `#` cell"
        );
        assert_eq!(err("piece\n..\n"), "line 1: this piece has no `#` cell");
        assert_eq!(
            err("piece\n#.\n.#\n"),
            "line 1: this piece is not connected: its `#` cells must join through shared edges"
        );
        assert_eq!(
            err("piece\n  #o\n"),
            "line 2, column 4: unexpected character `o` in a piece: expected `#` or `.`"
        );
    }
}

//! The XSB level format: reading whole collections and writing them back.
//!
//! # Reading
//! * A map row is a line whose first non-blank character is `#`, or a line
//!   made only of map characters (`#@+$*.`, space, `-`, `_`) that holds a
//!   `#`; once a map has started, any line of map characters that is not
//!   only digits continues it. Rows may be ragged (short rows are padded
//!   with floor) and run-length encoded: a count before a character repeats
//!   it (`4#` is `####`) and `|` ends a row, so `5#|#@$.#|5#` is a whole map.
//!   Bare floor that can only lie outside the level is dropped: rows of it
//!   above the map and the floor at the end of each row.
//! * A byte-order mark (U+FEFF) at the start of any line is dropped.
//! * Every other non-blank line is text. Text above a map belongs to it
//!   (`; 12`, `;screen.3`, `'Quoted title'`, `Title: …`, a collection's
//!   header). `Key: value` lines directly below a map (`Author: …`,
//!   `Title: …`) belong to the map above. A `Comment:` line with no value
//!   starts a block of text that ends at `Comment-End:` (or `Comment_End:`).
//!   Text after the last map is ignored.
//! * The title is, in order of preference: a `Title:` field, the last plain
//!   or quoted text line above the map (quotes removed), the last `;`
//!   comment above the map (`;` and quotes removed).
//!
//! # Writing
//! [`write_collection`] writes each level's text lines above the map, a
//! blank line, the map (floor as spaces, trailing spaces trimmed), the lines
//! below the map, and a blank line between levels. Reading that back gives
//! equal levels, and writing again gives the same text: the round trip is
//! exact after this normalisation.

use std::fmt;
use std::str::FromStr;

use boardkit_grid::{clean_input, ParseError, Pos};

use crate::cell::MAX_CELLS;
use crate::level::{Level, LevelError, Meta};
use crate::state::State;
use crate::tile::Tile;

/// The longest run a run-length count may ask for.
const MAX_RUN: usize = 10_000;

/// Reads every level of an XSB collection.
///
/// ```
/// let text = "; 1\n#####\n#@$.#\n#####\n\n; 2\n'Two'\n5#|#@$.#|5#\nAuthor: Me\n";
/// let levels = boardkit_sokoban::xsb::parse_collection(text).unwrap();
/// assert_eq!(levels.len(), 2);
/// assert_eq!(levels[0].title(), Some("1"));
/// assert_eq!(levels[1].title(), Some("Two"));
/// assert_eq!(boardkit_sokoban::xsb::field(levels[1].meta(), "author"), Some("Me"));
/// ```
///
/// # Errors
/// A [`ParseError`] naming the level (number from 1 and title), the line and
/// the column: an unknown character in a map row, a bad run length, or an
/// invalid level (see [`LevelError`]).
pub fn parse_collection(text: &str) -> Result<Vec<Level>, ParseError> {
    // A byte-order mark at the start of any line is dropped, not only at
    // the start of the text: a line written first would lose it when read
    // back (found by fuzzing).
    let lines: Vec<&str> = clean_input(text)
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}'))
        .collect();
    let mut levels = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&line) = lines.get(i) {
        if let Some(end) = comment_block_end(&lines, i) {
            let block = lines.get(i..=end).unwrap_or_default();
            pending.extend(block.iter().map(|l| text_line(l)));
            i = end + 1;
            continue;
        }
        match classify(line, false) {
            Kind::Blank => i += 1,
            Kind::Text => {
                pending.push(text_line(line));
                i += 1;
            }
            Kind::Board => {
                let mut j = i + 1;
                while lines
                    .get(j)
                    .is_some_and(|l| classify(l, true) == Kind::Board)
                {
                    j += 1;
                }
                let mut after = Vec::new();
                let mut k = j;
                while let Some(&l) = lines.get(k) {
                    if let Some(end) = comment_block_end(&lines, k) {
                        let block = lines.get(k..=end).unwrap_or_default();
                        after.extend(block.iter().map(|l| text_line(l)));
                        k = end + 1;
                    } else if classify(l, false) == Kind::Text && key_value(l).is_some() {
                        after.push(text_line(l));
                        k += 1;
                    } else {
                        break;
                    }
                }
                let before = std::mem::take(&mut pending);
                let meta = Meta {
                    title: title_of(&before, &after),
                    before,
                    after,
                };
                let number = levels.len() + 1;
                let mut level = build(lines.get(i..j).unwrap_or_default(), i + 1).map_err(|e| {
                    let mut msg = format!("level {number}");
                    if let Some(t) = &meta.title {
                        msg.push_str(&format!(" \"{t}\""));
                    }
                    e.map_message(|m| format!("{msg}: {m}"))
                })?;
                level.set_meta(meta);
                levels.push(level);
                i = k;
            }
        }
    }
    Ok(levels)
}

/// A text line as kept with its level: without trailing whitespace.
fn text_line(line: &str) -> String {
    line.trim_end().to_string()
}

/// Reads a text holding exactly one level.
///
/// # Errors
/// As [`parse_collection`], and when the text holds no level or several.
pub fn parse_level(text: &str) -> Result<Level, ParseError> {
    let mut levels = parse_collection(text)?;
    match levels.len() {
        1 => Ok(levels.remove(0)),
        0 => Err(ParseError::new("no level found: no line of map characters")),
        n => Err(ParseError::new(format!("expected one level, found {n}"))),
    }
}

/// A text holding exactly one XSB level, as [`parse_level`] reads it.
///
/// ```
/// use boardkit_sokoban::Level;
///
/// let level: Level = "Title: Tiny\n#####\n#@$.#\n#####\n".parse().unwrap();
/// assert_eq!(level.title(), Some("Tiny"));
/// assert!("no map here".parse::<Level>().is_err());
/// ```
impl FromStr for Level {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Level, ParseError> {
        parse_level(text)
    }
}

/// The level in the normalised XSB form of [`write_level`]; parsing it
/// back gives an equal level.
///
/// ```
/// use boardkit_sokoban::Level;
///
/// let level: Level = "; Tiny\n#####\n#@$.#\n#####\n".parse().unwrap();
/// assert_eq!(level.to_string(), "; Tiny\n\n#####\n#@$.#\n#####\n");
/// assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
/// ```
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_level(self))
    }
}

/// The kind of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Blank,
    Board,
    Text,
}

fn is_map_char(c: char) -> bool {
    matches!(c, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_' | '|') || c.is_ascii_digit()
}

/// Classifies a line; `in_map` when the line above is a map row.
fn classify(line: &str, in_map: bool) -> Kind {
    let t = line.trim_end();
    let body = t.trim_start();
    if body.is_empty() {
        Kind::Blank
    } else if body.starts_with('#')
        || (t.chars().all(is_map_char)
            && (t.contains('#') || (in_map && !t.chars().all(|c| c.is_ascii_digit() || c == '|'))))
    {
        Kind::Board
    } else {
        Kind::Text
    }
}

/// The value of the first `Key: value` line of a level's text (key
/// compared without case), above or below the map; lines inside a
/// `Comment:` block count too.
///
/// ```
/// use boardkit_sokoban::{xsb, Meta};
/// let level = xsb::parse_level("; 1\n#####\n#@$.#\n#####\nAuthor: Ann\n").unwrap();
/// assert_eq!(xsb::field(level.meta(), "author"), Some("Ann"));
/// assert_eq!(xsb::field(level.meta(), "title"), None);
/// let meta = Meta { before: vec!["Title: Here".into()], ..Meta::default() };
/// assert_eq!(xsb::field(&meta, "TITLE"), Some("Here"));
/// ```
#[must_use]
pub fn field<'m>(meta: &'m Meta, key: &str) -> Option<&'m str> {
    meta.before
        .iter()
        .chain(&meta.after)
        .find_map(|line| key_value(line).filter(|(k, _)| k.eq_ignore_ascii_case(key)))
        .map(|(_, v)| v)
}

/// Splits `Key: value`; the key starts with a letter and holds letters,
/// digits, spaces, `-` and `_` (at most 40 characters).
fn key_value(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let key = key.trim();
    let ok = key.len() <= 40
        && key.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_'));
    ok.then(|| (key, value.trim()))
}

/// When line `i` opens a `Comment:` block that is closed later, the index of
/// the closing line.
fn comment_block_end(lines: &[&str], i: usize) -> Option<usize> {
    let (key, value) = key_value(lines.get(i)?)?;
    if !key.eq_ignore_ascii_case("comment") || !value.is_empty() {
        return None;
    }
    lines
        .iter()
        .enumerate()
        .skip(i + 1)
        .find(|(_, l)| {
            key_value(l).is_some_and(|(k, _)| {
                k.eq_ignore_ascii_case("comment-end") || k.eq_ignore_ascii_case("comment_end")
            })
        })
        .map(|(j, _)| j)
}

fn unquote(text: &str) -> &str {
    let t = text.trim();
    for q in ['\'', '"'] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            return t[1..t.len() - 1].trim();
        }
    }
    t
}

/// The title given by the text around a map (see the module docs).
fn title_of(before: &[String], after: &[String]) -> Option<String> {
    let plain: Vec<&str> = outside_comment_blocks(before);
    let field = plain
        .iter()
        .copied()
        .chain(outside_comment_blocks(after))
        .filter_map(key_value)
        .find(|(k, _)| k.eq_ignore_ascii_case("title"))
        .map(|(_, v)| unquote(v));
    let text_line = || {
        plain
            .iter()
            .rev()
            .find(|l| !l.trim_start().starts_with(';') && key_value(l).is_none())
            .map(|l| unquote(l))
    };
    let comment = || {
        plain
            .iter()
            .rev()
            .filter_map(|l| l.trim_start().strip_prefix(';'))
            .map(unquote)
            .find(|t| !t.is_empty())
    };
    field
        .or_else(text_line)
        .or_else(comment)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
}

/// The lines that are not inside a `Comment:` … `Comment-End:` block.
fn outside_comment_blocks(lines: &[String]) -> Vec<&str> {
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&l) = refs.get(i) {
        match comment_block_end(&refs, i) {
            Some(end) => i = end + 1,
            None => {
                out.push(l);
                i += 1;
            }
        }
    }
    out
}

/// Where each square of a map came from in the text.
struct RowSource {
    line: usize,
    columns: Vec<usize>,
}

/// Expands the map rows (run lengths, `|`) into tiles and their sources.
fn expand(
    lines: &[&str],
    first_line: usize,
) -> Result<(Vec<Vec<Tile>>, Vec<RowSource>), ParseError> {
    let mut rows = Vec::new();
    let mut sources = Vec::new();
    let mut total = 0usize;
    for (k, raw) in lines.iter().enumerate() {
        let line = first_line + k;
        let mut row = Vec::new();
        let mut columns = Vec::new();
        let mut count: Option<(usize, usize)> = None;
        for (c, ch) in raw.trim_end().chars().enumerate() {
            let column = c + 1;
            if let Some(d) = ch.to_digit(10) {
                let (n, at) = count.unwrap_or((0, column));
                let n = n * 10 + d as usize;
                if n > MAX_RUN {
                    return Err(
                        ParseError::at_line(line, format!("run length above {MAX_RUN}"))
                            .with_column(at),
                    );
                }
                count = Some((n, at));
            } else if ch == '|' {
                if let Some((_, at)) = count {
                    return Err(ParseError::at_line(
                        line,
                        "a run length must be followed by a map character",
                    )
                    .with_column(at));
                }
                rows.push(std::mem::take(&mut row));
                sources.push(RowSource {
                    line,
                    columns: std::mem::take(&mut columns),
                });
            } else {
                let tile = Tile::from_xsb(ch).ok_or_else(|| {
                    ParseError::at_line(
                        line,
                        format!(
                            "unknown character `{}` in a map row (expected one of # @ + $ * . - _ \
                             or space)",
                            ch.escape_debug()
                        ),
                    )
                    .with_column(column)
                })?;
                let n = match count.take() {
                    Some((0, at)) => {
                        return Err(ParseError::at_line(line, "a run length of 0").with_column(at))
                    }
                    Some((n, _)) => n,
                    None => 1,
                };
                total += n;
                if total > MAX_CELLS {
                    return Err(ParseError::at_line(
                        line,
                        format!("the level is too large: more than {MAX_CELLS} squares"),
                    )
                    .with_column(column));
                }
                for _ in 0..n {
                    row.push(tile);
                    columns.push(column);
                }
            }
        }
        if let Some((_, at)) = count {
            return Err(ParseError::at_line(
                line,
                "a run length must be followed by a map character",
            )
            .with_column(at));
        }
        rows.push(row);
        sources.push(RowSource { line, columns });
    }
    Ok((rows, sources))
}

/// Where a square of the padded grid stands in the text.
fn locate(sources: &[RowSource], pos: Pos) -> (usize, usize) {
    match sources.get(pos.row) {
        Some(src) => {
            let column = match src.columns.get(pos.col) {
                Some(&c) => c,
                None => src.columns.last().copied().unwrap_or(0) + pos.col + 1 - src.columns.len(),
            };
            (src.line, column)
        }
        None => (0, 0),
    }
}

/// Builds one level from its map lines; `first_line` is the line number of
/// the first.
fn build(lines: &[&str], first_line: usize) -> Result<Level, ParseError> {
    let (mut rows, mut sources) = expand(lines, first_line)?;
    // Rows of bare floor above the map (a run-length text can start with
    // `|`) lie outside the level; dropped, so the level writes and reads
    // back the same (found by fuzzing, as was the next).
    let blank = rows
        .iter()
        .take_while(|r| r.iter().all(|&t| t == Tile::Floor))
        .count();
    rows.drain(..blank);
    sources.drain(..blank.min(sources.len()));
    // So is bare floor at the end of a row (nothing can close it off on the
    // right), and the writer trims it: dropped, so the width survives too.
    for (row, src) in rows.iter_mut().zip(sources.iter_mut()) {
        while row.last() == Some(&Tile::Floor) {
            row.pop();
        }
        src.columns.truncate(row.len());
    }
    Level::from_rows(&rows).map_err(|e| level_error(&e, first_line, |p| locate(&sources, p)))
}

/// A [`LevelError`] as a [`ParseError`] pointing into the text, with the
/// `LevelError` as its cause: `locate` turns a square into (line, column);
/// errors about the whole level point at `first_line`.
pub(crate) fn level_error(
    e: &LevelError,
    first_line: usize,
    locate: impl Fn(Pos) -> (usize, usize),
) -> ParseError {
    let at = |p: Pos, msg: String| {
        let (line, column) = locate(p);
        ParseError::at_line(line, msg).with_column(column)
    };
    let located = match e {
        LevelError::SeveralWorkers { first, second } => {
            let (l, c) = locate(*first);
            at(
                *second,
                format!("a second worker (the first is at line {l}, column {c})"),
            )
        }
        LevelError::OpenBorder { worker, exit } => {
            let (l, c) = locate(*worker);
            at(
                *exit,
                format!(
                    "the worker (line {l}, column {c}) can walk off the map here: the walls \
                     around it have a gap"
                ),
            )
        }
        LevelError::OutsideWalls { tile, at: p } => {
            at(*p, format!("a {} outside the walls", tile.name()))
        }
        other => ParseError::at_line(first_line, other.to_string()),
    };
    located.with_cause(e.clone())
}

/// The map of a level in `state` as XSB rows: floor as spaces, trailing
/// spaces trimmed, a row with nothing on it written as `-`.
#[must_use]
pub fn map_rows(level: &Level, state: &State) -> Vec<String> {
    level
        .tiles(state)
        .iter()
        .map(|row| {
            let s: String = row.iter().map(|t| t.xsb()).collect();
            let s = s.trim_end();
            if s.is_empty() {
                "-".to_string()
            } else {
                s.to_string()
            }
        })
        .collect()
}

/// One level in the normalised XSB form: its text lines above the map, a
/// blank line, the map at the start, and its lines below the map (with a
/// `Title:` line when the title is not already given by the text).
///
/// ```
/// let level = boardkit_sokoban::xsb::parse_level("Title: Tiny\n-####\n-#@$.#\n-####\n").unwrap();
/// assert_eq!(boardkit_sokoban::xsb::write_level(&level), "Title: Tiny\n\n ####\n #@$.#\n ####\n");
/// ```
#[must_use]
pub fn write_level(level: &Level) -> String {
    let meta = level.meta();
    let mut out = String::new();
    for line in &meta.before {
        out.push_str(line);
        out.push('\n');
    }
    if !meta.before.is_empty() {
        out.push('\n');
    }
    for row in map_rows(level, level.start()) {
        out.push_str(&row);
        out.push('\n');
    }
    for line in &meta.after {
        out.push_str(line);
        out.push('\n');
    }
    if meta.title.is_some() && title_of(&meta.before, &meta.after) != meta.title {
        out.push_str("Title: ");
        out.push_str(meta.title.as_deref().unwrap_or_default());
        out.push('\n');
    }
    out
}

/// A whole collection in the normalised XSB form, levels separated by a
/// blank line.
#[must_use]
pub fn write_collection(levels: &[Level]) -> String {
    let parts: Vec<String> = levels.iter().map(write_level).collect();
    parts.join("\n")
}

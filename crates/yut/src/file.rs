//! Board files: TOML or JSON (a file whose first non-blank character is `{`
//! is JSON), read with serde and validated by [`Board::new`]. Every error
//! names the line (and column when known) it is about.
//!
//! The layout, in TOML:
//!
//! ```toml
//! start = "start"          # the name of the start cell
//! end = "end"              # the name of the end cell
//!
//! [[cells]]                # one table per cell, in any order
//! name = "start"
//! red = "a"                # the red successor, by name
//!
//! [[cells]]
//! name = "a"
//! number = 3               # the points for stopping here
//! red = "end"
//! blue = "b"               # optional: taken when a move begins here
//! ```
//!
//! and the same in JSON: `{"start": "start", "end": "end", "cells":
//! [{"name": "start", "red": "a"}, …]}`. The start and end carry no
//! `number`, the end no successors. `boardkit yut board` prints the
//! standard board in this layout.
//!
//! ```
//! use boardkit_yut::file::{parse_board, to_toml};
//! use boardkit_yut::Board;
//!
//! let text = r#"{"start": "s", "end": "e", "cells": [
//!   {"name": "s", "red": "a"},
//!   {"name": "a", "number": 7, "red": "e"},
//!   {"name": "e"}]}"#;
//! let b = parse_board(text).unwrap();
//! assert_eq!(b.cell(b.destination(b.start(), 1).unwrap()).number, 7);
//! let bad = text.replace(r#""red": "e""#, r#""red": "x""#);
//! assert_eq!(
//!     parse_board(&bad).unwrap_err().to_string(),
//!     "line 3, column 3: cell `a`: no cell is named `x` (red successor)"
//! );
//! let standard = Board::standard();
//! assert_eq!(parse_board(&to_toml(&standard)).unwrap(), standard);
//! ```

use boardkit_grid::{clean_input, ParseError};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use toml::Spanned;

use crate::{Board, BoardError, Cell, MAX_CELLS, MAX_NUMBER};

/// One cell as written in a file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CellSpec {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    number: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    red: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    blue: Option<String>,
}

/// The whole file, for writing.
#[derive(Serialize)]
struct BoardSpec {
    start: String,
    end: String,
    cells: Vec<CellSpec>,
}

/// The TOML file, with where each part stands.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TomlBoard {
    start: Spanned<String>,
    end: Spanned<String>,
    cells: Vec<Spanned<CellSpec>>,
}

/// The JSON file, each part kept as raw text to locate it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonBoard<'a> {
    #[serde(borrow)]
    start: &'a RawValue,
    #[serde(borrow)]
    end: &'a RawValue,
    #[serde(borrow)]
    cells: Vec<&'a RawValue>,
}

/// A value with the line and column where it begins.
struct At<T> {
    value: T,
    line: usize,
    column: usize,
}

impl<T> At<T> {
    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::at_line(self.line, message).with_column(self.column)
    }
}

/// A file's parts, located.
struct Parts {
    start: At<String>,
    end: At<String>,
    cells: Vec<At<CellSpec>>,
}

/// The line and column (from 1) of byte `offset` of `text`.
fn place(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

/// Reads a board from TOML or JSON text and validates it.
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    let text = clean_input(text);
    let parts = if text.trim_start().starts_with('{') {
        read_json(text)?
    } else {
        read_toml(text)?
    };
    build(&parts)
}

fn read_toml(text: &str) -> Result<Parts, ParseError> {
    let doc: TomlBoard = toml::from_str(text).map_err(|e| {
        let message = format!("not a valid board file: {}", e.message().trim_end());
        match e.span() {
            Some(span) => {
                let (line, column) = place(text, span.start);
                ParseError::at_line(line, message).with_column(column)
            }
            None => ParseError::new(message),
        }
    })?;
    let cells = doc.cells.into_iter().map(|c| locate(text, c)).collect();
    Ok(Parts {
        start: locate(text, doc.start),
        end: locate(text, doc.end),
        cells,
    })
}

/// A TOML value with its place.
fn locate<T>(text: &str, spanned: Spanned<T>) -> At<T> {
    let (line, column) = place(text, spanned.span().start);
    At {
        value: spanned.into_inner(),
        line,
        column,
    }
}

/// A serde_json error as a located parse error; `base` is the place of the
/// text the error's line and column count from.
fn json_error(e: &serde_json::Error, base: (usize, usize)) -> ParseError {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full);
    let message = format!("not a valid board file: {message}");
    if e.line() == 0 {
        return ParseError::at_line(base.0, message);
    }
    let line = base.0 + e.line() - 1;
    let column = if e.line() == 1 {
        base.1 + e.column().saturating_sub(1)
    } else {
        e.column()
    };
    ParseError::at_line(line, message).with_column(column.max(1))
}

fn read_json(text: &str) -> Result<Parts, ParseError> {
    let doc: JsonBoard<'_> = serde_json::from_str(text).map_err(|e| json_error(&e, (1, 1)))?;
    let origin = text.as_ptr() as usize;
    let open = |raw: &RawValue| -> Result<(usize, usize), ParseError> {
        let offset = (raw.get().as_ptr() as usize).saturating_sub(origin);
        Ok(place(text, offset))
    };
    let parse = |raw: &RawValue| -> Result<(serde_json::Value, (usize, usize)), ParseError> {
        let base = open(raw)?;
        let value = serde_json::from_str(raw.get()).map_err(|e| json_error(&e, base))?;
        Ok((value, base))
    };
    let name = |raw: &RawValue, what: &str| -> Result<At<String>, ParseError> {
        let (value, (line, column)) = parse(raw)?;
        match value {
            serde_json::Value::String(s) => Ok(At {
                value: s,
                line,
                column,
            }),
            _ => Err(
                ParseError::at_line(line, format!("{what} must be a cell name (a string)"))
                    .with_column(column),
            ),
        }
    };
    let start = name(doc.start, "`start`")?;
    let end = name(doc.end, "`end`")?;
    let mut cells = Vec::with_capacity(doc.cells.len());
    for raw in doc.cells {
        let base = open(raw)?;
        let value: CellSpec = serde_json::from_str(raw.get()).map_err(|e| json_error(&e, base))?;
        cells.push(At {
            value,
            line: base.0,
            column: base.1,
        });
    }
    Ok(Parts { start, end, cells })
}

/// Resolves names to ids and validates the board.
fn build(parts: &Parts) -> Result<Board, ParseError> {
    let (start, end, specs) = (&parts.start, &parts.end, parts.cells.as_slice());
    if let Some(extra) = specs.get(MAX_CELLS) {
        return Err(extra.error(format!(
            "the board has {} cells, more than the {MAX_CELLS} supported",
            specs.len()
        )));
    }
    let mut ids = rustc_hash::FxHashMap::default();
    for (id, spec) in specs.iter().enumerate() {
        if let Some(first) = ids.insert(spec.value.name.as_str(), id) {
            let line = specs.get(first).map_or(0, |s| s.line);
            return Err(spec.error(format!(
                "two cells are named `{}` (the other is on line {line})",
                spec.value.name
            )));
        }
    }
    let find = |at: &At<String>, what: &str| {
        ids.get(at.value.as_str())
            .copied()
            .ok_or_else(|| at.error(format!("{what} `{}` is not one of the cells", at.value)))
    };
    let start_id = find(start, "the start cell")?;
    let end_id = find(end, "the end cell")?;
    let mut cells = Vec::with_capacity(specs.len());
    for (id, spec) in specs.iter().enumerate() {
        let c = &spec.value;
        let successor = |to: &Option<String>, colour: &str| -> Result<Option<usize>, ParseError> {
            match to {
                None => Ok(None),
                Some(to) => ids.get(to.as_str()).copied().map(Some).ok_or_else(|| {
                    spec.error(format!(
                        "cell `{}`: no cell is named `{to}` ({colour} successor)",
                        c.name
                    ))
                }),
            }
        };
        let special = id == start_id || id == end_id;
        let number = match c.number {
            Some(_) if special => {
                let which = if id == start_id { "start" } else { "end" };
                return Err(spec.error(format!(
                    "the {which} cell `{}` carries no number: remove `number`",
                    c.name
                )));
            }
            None if !special => {
                return Err(spec.error(format!("cell `{}` has no `number`", c.name)));
            }
            None => 0,
            Some(n) => u32::try_from(n)
                .ok()
                .filter(|&n| n <= MAX_NUMBER)
                .ok_or_else(|| {
                    spec.error(format!(
                        "cell `{}`: number {n} is outside 0..={MAX_NUMBER}",
                        c.name
                    ))
                })?,
        };
        cells.push(Cell {
            name: c.name.clone(),
            number,
            red: successor(&c.red, "red")?,
            blue: successor(&c.blue, "blue")?,
        });
    }
    Board::new(cells, start_id, end_id).map_err(|e: BoardError| {
        let located = match e.cell.and_then(|id| specs.get(id)) {
            Some(spec) => spec.error(e.message.clone()),
            None => ParseError::new(e.message.clone()),
        };
        located.with_cause(e)
    })
}

fn spec(board: &Board) -> BoardSpec {
    let name = |id: Option<usize>| id.map(|i| board.cell(i).name.clone());
    BoardSpec {
        start: board.cell(board.start()).name.clone(),
        end: board.cell(board.end()).name.clone(),
        cells: board
            .cells()
            .iter()
            .enumerate()
            .map(|(id, c)| CellSpec {
                name: c.name.clone(),
                number: (id != board.start() && id != board.end()).then_some(i64::from(c.number)),
                red: name(c.red),
                blue: name(c.blue),
            })
            .collect(),
    }
}

/// The board as a TOML board file.
#[must_use]
pub fn to_toml(board: &Board) -> String {
    toml::to_string(&spec(board)).unwrap_or_default()
}

/// The board as a JSON board file (one cell per line).
#[must_use]
pub fn to_json(board: &Board) -> String {
    let s = spec(board);
    let mut out = String::new();
    let quote = |v: &str| serde_json::to_string(v).unwrap_or_default();
    out.push_str(&format!(
        "{{\n  \"start\": {},\n  \"end\": {},\n  \"cells\": [\n",
        quote(&s.start),
        quote(&s.end)
    ));
    let rows: Vec<String> = s
        .cells
        .iter()
        .map(|c| format!("    {}", serde_json::to_string(c).unwrap_or_default()))
        .collect();
    out.push_str(&rows.join(",\n"));
    out.push_str("\n  ]\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse_board(text).unwrap_err().to_string()
    }

    const SMALL_TOML: &str = r#"start = "s"
end = "e"

[[cells]]
name = "s"
red = "a"

[[cells]]
name = "a"
number = 3
red = "b"
blue = "c"

[[cells]]
name = "b"
number = 4
red = "e"

[[cells]]
name = "c"
number = 9
red = "e"

[[cells]]
name = "e"
"#;

    #[test]
    fn round_trips_in_both_formats() {
        let b = Board::standard();
        assert_eq!(parse_board(&to_toml(&b)).unwrap(), b);
        assert_eq!(parse_board(&to_json(&b)).unwrap(), b);
        let small = parse_board(SMALL_TOML).unwrap();
        assert_eq!(small.len(), 5);
        let a = small.find("a").unwrap();
        assert_eq!(small.cell(a).blue, small.find("c"));
        assert_eq!(parse_board(&to_json(&small)).unwrap(), small);
        assert_eq!(
            parse_board(&format!("\u{feff}{}", to_json(&small))).unwrap(),
            small
        );
    }

    #[test]
    fn a_rule_broken_keeps_the_board_error_as_its_cause() {
        let cyclic = SMALL_TOML.replace(
            "red = \"e\"\n\n[[cells]]\nname = \"c\"",
            "red = \"a\"\n\n[[cells]]\nname = \"c\"",
        );
        let e = parse_board(&cyclic).unwrap_err();
        let cause = e.cause::<BoardError>().unwrap();
        assert_eq!(cause.message, "the arrows form a cycle: a -> b -> a");
        assert_eq!(cause.cell, Some(1));
        let bad_toml = parse_board("start = ").unwrap_err();
        assert_eq!(bad_toml.cause::<BoardError>(), None);
    }

    #[test]
    fn toml_errors_name_the_line() {
        let e = err(&SMALL_TOML.replace(
            "red = \"e\"\n\n[[cells]]\nname = \"c\"",
            "red = \"a\"\n\n[[cells]]\nname = \"c\"",
        ));
        assert_eq!(e, "line 8, column 1: the arrows form a cycle: a -> b -> a");
        let e = err(&SMALL_TOML.replace("blue = \"c\"", "blue = \"zz\""));
        assert!(
            e.starts_with("line 8, column 1: cell `a`: no cell is named `zz` (blue successor)"),
            "{e}"
        );
        let e = err(&SMALL_TOML.replace("blue = \"c\"", "bleu = \"c\""));
        assert!(
            e.starts_with("line 12, column 1: not a valid board file: unknown field `bleu`"),
            "{e}"
        );
        let e = err(&SMALL_TOML.replace("number = 4\n", ""));
        assert_eq!(e, "line 14, column 1: cell `b` has no `number`");
        let e = err(&SMALL_TOML.replace("number = 4", "number = -4"));
        assert_eq!(
            e,
            "line 14, column 1: cell `b`: number -4 is outside 0..=1000000"
        );
        let e = err(&SMALL_TOML.replace("name = \"e\"", "name = \"e\"\nnumber = 1"));
        assert_eq!(
            e,
            "line 24, column 1: the end cell `e` carries no number: remove `number`"
        );
        let e = err(&SMALL_TOML.replace("end = \"e\"", "end = \"f\""));
        assert_eq!(
            e,
            "line 2, column 7: the end cell `f` is not one of the cells"
        );
        let e = err(&SMALL_TOML.replace("name = \"c\"", "name = \"b\""));
        assert_eq!(
            e,
            "line 19, column 1: two cells are named `b` (the other is on line 14)"
        );
        let e = err(&SMALL_TOML.replace("red = \"a\"", "red = \"a\"\nblue = \"b\""));
        assert!(
            e.starts_with("line 4, column 1: the start cell `s` cannot have a blue successor"),
            "{e}"
        );
        let e = err("start = \"s\"\nend = [\n");
        assert!(e.starts_with("line 2, column "), "{e}");
        assert_eq!(
            err(""),
            "line 1, column 1: not a valid board file: missing field `start`"
        );
    }

    #[test]
    fn json_errors_name_the_line() {
        let json = to_json(&parse_board(SMALL_TOML).unwrap());
        let e = err(&json.replace(r#""blue":"c""#, r#""blue":"a""#));
        assert_eq!(e, "line 6, column 5: the arrows form a cycle: a -> a");
        let e = err(&json.replace(r#""number":4"#, r#""number":"four""#));
        assert_eq!(e, "line 7, column 31: not a valid board file: invalid type: string \"four\", expected i64");
        let e = err(&json.replace(r#""start": "s""#, r#""start": 3"#));
        assert_eq!(
            e,
            "line 2, column 12: `start` must be a cell name (a string)"
        );
        let e = err(&json.replace("]\n}", "]\n"));
        assert_eq!(
            e,
            "line 12, column 1: not a valid board file: EOF while parsing an object"
        );
        let e = err(&json.replace(r#""red":"e"}"#, r#""red":"e","colour":1}"#));
        assert_eq!(e, "line 7, column 45: not a valid board file: unknown field `colour`, expected one of `name`, `number`, `red`, `blue`");
    }

    #[test]
    fn too_many_cells() {
        let mut t = String::from("start = \"c0\"\nend = \"c299\"\n");
        for i in 0..300 {
            t.push_str(&format!("[[cells]]\nname = \"c{i}\"\n"));
        }
        assert_eq!(
            err(&t),
            "line 515, column 1: the board has 300 cells, more than the 256 supported"
        );
    }
}

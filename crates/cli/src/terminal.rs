//! The terminal-app loop both games' play screens run in: the same terminal
//! checks and messages, the same setup and restore.
//!
//! A play screen is an [`App`]: it draws itself on any ratatui frame and
//! reacts to keys, touching no terminal, so tests drive it on ratatui's
//! `TestBackend`; [`run`] connects it to the real terminal.

use std::io::IsTerminal;

use crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use ratatui::layout::Rect;
use ratatui::Frame;

use crate::error::CliError;

/// What the loop does after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// Leave the screen.
    Quit,
}

/// A box of `width` x `height` centred in `area` (shrunk to fit it), for a
/// dialog drawn over the board.
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// A screen the loop can run.
pub trait App {
    /// Paints the whole screen.
    fn draw(&self, frame: &mut Frame);
    /// Reacts to one key press.
    fn key(&mut self, key: KeyEvent) -> Flow;
}

/// Runs `app` in the terminal until it quits. `command` names the command in
/// the error when standard input or output is not a terminal.
pub fn run(app: &mut impl App, command: &str) -> Result<(), CliError> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(CliError::input(format!(
            "{command} needs a terminal (standard input and output)"
        )));
    }
    let mut terminal = ratatui::try_init()
        .map_err(|e| CliError::input(format!("cannot open the terminal: {e}")))?;
    let result = (|| -> std::io::Result<()> {
        loop {
            terminal.draw(|f| app.draw(f))?;
            // A resize only needs the redraw at the top of the loop.
            if let Event::Key(key) = event::read()? {
                if key.kind == KeyEventKind::Press && app.key(key) == Flow::Quit {
                    return Ok(());
                }
            }
        }
    })();
    let restored = ratatui::try_restore();
    result.map_err(|e| CliError::input(format!("terminal error: {e}")))?;
    restored.map_err(|e| CliError::input(format!("cannot restore the terminal: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dialog_is_centred_and_fits() {
        let area = Rect::new(10, 4, 40, 12);
        assert_eq!(centred(area, 30, 6), Rect::new(15, 7, 30, 6));
        assert_eq!(centred(area, 50, 20), area);
        assert_eq!(centred(Rect::new(0, 0, 7, 3), 4, 2), Rect::new(1, 0, 4, 2));
    }
}

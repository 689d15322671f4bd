//! `boardkit sokoban play`: the game in the terminal (ratatui + crossterm).
//!
//! [`App`] holds everything the screen shows and changes only through
//! [`App::handle`] (one key at a time); [`App::draw`] paints it. Both are
//! free of terminal I/O, so tests drive them with ratatui's `TestBackend`;
//! [`run`] is the thin loop that connects them to a real terminal.

use std::collections::BTreeSet;
use std::path::PathBuf;

use boardkit_grid::Dir;
use boardkit_sokoban::{Game, Level, Tile};
use clap::Args;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::levels::{self, select};
use crate::error::CliError;
use crate::terminal::{self, Flow};

/// Screen columns per square: two, so squares look square.
const SQUARE_WIDTH: u16 = 2;

/// The glyph and style of a square.
fn glyph(tile: Tile) -> (&'static str, Style) {
    let bold = Modifier::BOLD;
    match tile {
        Tile::Floor => ("  ", Style::default()),
        Tile::Wall => ("██", Style::default().fg(Color::DarkGray)),
        Tile::Goal => ("..", Style::default().fg(Color::Cyan).add_modifier(bold)),
        Tile::Box => ("[]", Style::default().fg(Color::Yellow).add_modifier(bold)),
        Tile::BoxOnGoal => (
            "{}",
            Style::default()
                .fg(Color::Black)
                .bg(Color::Green)
                .add_modifier(bold),
        ),
        Tile::Worker => ("<>", Style::default().fg(Color::Magenta).add_modifier(bold)),
        Tile::WorkerOnGoal => (
            "<>",
            Style::default()
                .fg(Color::Magenta)
                .bg(Color::Cyan)
                .add_modifier(bold),
        ),
    }
}

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Move(Dir),
    Undo,
    Redo,
    Restart,
    Next,
    Previous,
    Quit,
}

fn action(key: KeyEvent) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('r' | 'R') if ctrl => Action::Redo,
        KeyCode::Char('c') if ctrl => Action::Quit,
        KeyCode::Up | KeyCode::Char('w' | 'k') => Action::Move(Dir::Up),
        KeyCode::Down | KeyCode::Char('s' | 'j') => Action::Move(Dir::Down),
        KeyCode::Left | KeyCode::Char('a' | 'h') => Action::Move(Dir::Left),
        KeyCode::Right | KeyCode::Char('d' | 'l') => Action::Move(Dir::Right),
        KeyCode::Char('u' | 'z') | KeyCode::Backspace => Action::Undo,
        KeyCode::Char('y') => Action::Redo,
        KeyCode::Char('r') => Action::Restart,
        KeyCode::Char('n') | KeyCode::Enter => Action::Next,
        KeyCode::Char('p') => Action::Previous,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

/// The game as the screen shows it: the level set, the level being
/// played, and which levels were solved.
pub struct App {
    set: String,
    levels: Vec<Level>,
    index: usize,
    game: Game,
    solved: BTreeSet<usize>,
    quit: bool,
}

impl App {
    /// Starts at level `index` (from 0) of `levels`, which must not be
    /// empty; `set` names the collection on screen.
    pub fn new(set: impl Into<String>, levels: Vec<Level>, index: usize) -> Option<App> {
        let level = levels.get(index)?.clone();
        Some(App {
            set: set.into(),
            levels,
            index,
            game: Game::new(level),
            solved: BTreeSet::new(),
            quit: false,
        })
    }

    /// True once the player asked to quit.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// How many different levels were solved.
    pub fn solved_count(&self) -> usize {
        self.solved.len()
    }

    /// The number of levels in the set.
    pub fn level_count(&self) -> usize {
        self.levels.len()
    }

    fn go_to(&mut self, index: usize) {
        if let Some(level) = self.levels.get(index) {
            self.index = index;
            self.game = Game::new(level.clone());
        }
    }

    /// Applies one key press.
    pub fn handle(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        let Some(action) = action(key) else {
            return;
        };
        match action {
            // A solved level takes no more moves: the solved screen waits
            // for next, undo, restart or quit.
            Action::Move(dir) if !self.game.is_solved() => {
                self.game.play(dir);
                if self.game.is_solved() {
                    self.solved.insert(self.index);
                }
            }
            Action::Move(_) => {}
            Action::Undo => {
                self.game.undo();
            }
            Action::Redo => {
                self.game.redo();
                if self.game.is_solved() {
                    self.solved.insert(self.index);
                }
            }
            Action::Restart => self.game.restart(),
            Action::Next => self.go_to(self.index + 1),
            Action::Previous => {
                if let Some(i) = self.index.checked_sub(1) {
                    self.go_to(i);
                }
            }
            Action::Quit => self.quit = true,
        }
    }

    fn title(&self) -> String {
        let mut t = format!("{} {}/{}", self.set, self.index + 1, self.levels.len());
        if let Some(title) = self.game.level().title() {
            t.push_str(": ");
            t.push_str(title);
        }
        if self.solved.contains(&self.index) && !self.game.is_solved() {
            t.push_str(" (solved before)");
        }
        t
    }

    /// The first row and column shown when `rows` x `cols` squares fit on
    /// screen: 0 when the level fits, else a window that follows the worker.
    fn scroll(&self, rows: usize, cols: usize) -> (usize, usize) {
        let level = self.game.level();
        let worker = level.pos(self.game.state().worker());
        let start = |size: usize, shown: usize, at: usize| {
            if size <= shown {
                0
            } else {
                at.saturating_sub(shown / 2).min(size - shown)
            }
        };
        (
            start(level.rows(), rows, worker.row),
            start(level.cols(), cols, worker.col),
        )
    }

    /// The board lines that fit in `area`, and their width in columns.
    fn board(&self, area: Rect) -> (Vec<Line<'static>>, u16) {
        let level = self.game.level();
        let state = self.game.state();
        let shown_rows = usize::from(area.height).min(level.rows());
        let shown_cols = usize::from(area.width / SQUARE_WIDTH).min(level.cols());
        let (r0, c0) = self.scroll(shown_rows, shown_cols);
        let lines = (r0..r0 + shown_rows)
            .map(|r| {
                let spans: Vec<Span<'static>> = (c0..c0 + shown_cols)
                    .filter_map(|c| level.cell(r, c))
                    .map(|cell| {
                        let tile = if level.is_outside(cell) {
                            Tile::Floor
                        } else {
                            level.tile(state, cell)
                        };
                        let (text, style) = glyph(tile);
                        Span::styled(text, style)
                    })
                    .collect();
                Line::from(spans)
            })
            .collect();
        let width = u16::try_from(shown_cols).unwrap_or(u16::MAX) * SQUARE_WIDTH;
        (lines, width)
    }

    /// Paints the whole screen.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let [top, _, middle, _, status, help] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let bold = Style::default().add_modifier(Modifier::BOLD);
        frame.render_widget(
            Paragraph::new(Line::styled(self.title(), bold)).alignment(Alignment::Center),
            top,
        );

        let (lines, width) = self.board(middle);
        let height = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        let board = Rect {
            x: middle.x + middle.width.saturating_sub(width) / 2,
            y: middle.y + middle.height.saturating_sub(height) / 2,
            width: width.min(middle.width),
            height: height.min(middle.height),
        };
        frame.render_widget(Paragraph::new(lines), board);

        let counts = format!("Moves {}  Pushes {}", self.game.moves(), self.game.pushes());
        frame.render_widget(Paragraph::new(counts).alignment(Alignment::Center), status);
        let keys = [
            "arrows/wasd/hjkl move  u undo  y redo  r restart  n/p level  q quit",
            "u undo  y redo  r restart  n/p level  q quit",
            "u undo  r restart  q quit",
        ];
        let keys = keys
            .iter()
            .find(|k| k.len() <= usize::from(help.width))
            .unwrap_or(&keys[2]);
        frame.render_widget(
            Paragraph::new(*keys)
                .alignment(Alignment::Center)
                .style(Style::default().fg(Color::DarkGray)),
            help,
        );

        if self.game.is_solved() {
            self.draw_solved(frame, area);
        }
    }

    fn draw_solved(&self, frame: &mut Frame, area: Rect) {
        let last = self.index + 1 == self.levels.len();
        let mut text = vec![
            Line::styled(
                "Solved!",
                Style::default()
                    .fg(Color::Green)
                    .add_modifier(Modifier::BOLD),
            ),
            Line::from(format!(
                "{} move{}, {} push{}",
                self.game.moves(),
                if self.game.moves() == 1 { "" } else { "s" },
                self.game.pushes(),
                if self.game.pushes() == 1 { "" } else { "es" }
            )),
        ];
        if last {
            text.push(Line::from(format!(
                "Last level: {} of {} solved",
                self.solved.len(),
                self.levels.len()
            )));
            text.push(Line::from("u undo  r restart  q quit"));
        } else {
            text.push(Line::from("n or Enter: next level"));
            text.push(Line::from("u undo  r restart  q quit"));
        }
        let popup = terminal::centred(area, 30, 6);
        frame.render_widget(Clear, popup);
        frame.render_widget(
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true })
                .block(Block::default().borders(Borders::ALL)),
            popup,
        );
    }
}

/// Arguments of `sokoban play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// XSB level file (the built-in levels when absent; `-` for standard
    /// input).
    pub file: Option<PathBuf>,
    /// Start at level N (from 1).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = crate::values::int::<u64>(crate::values::LEVEL))]
    pub level: u64,
}

/// Runs `sokoban play`: the levels of a file, or the built-in ones, in
/// the terminal.
pub fn run_play(args: &PlayArgs) -> Result<String, CliError> {
    let (set, levels) = match &args.file {
        None => ("boardkit".to_string(), boardkit_sokoban::builtin::levels()),
        Some(path) => {
            let levels = levels::read(path)?;
            let name = path.file_stem().map_or_else(
                || "levels".to_string(),
                |s| s.to_string_lossy().into_owned(),
            );
            (name, levels)
        }
    };
    let (n, _) = select(&levels, Some(args.level))?
        .into_iter()
        .next()
        .ok_or_else(|| CliError::input("no level found in the file"))?;
    let app = App::new(set, levels, n - 1)
        .ok_or_else(|| CliError::input("no level found in the file"))?;
    run(app)
}

impl terminal::App for App {
    fn draw(&self, frame: &mut Frame) {
        App::draw(self, frame);
    }

    fn key(&mut self, key: KeyEvent) -> Flow {
        self.handle(key);
        if self.quit() {
            Flow::Quit
        } else {
            Flow::Continue
        }
    }
}

/// Plays in the terminal until the player quits; returns the line printed
/// afterwards.
pub fn run(mut app: App) -> Result<String, CliError> {
    terminal::run(&mut app, "sokoban play")?;
    Ok(format!(
        "Solved {} of {} levels.\n",
        app.solved_count(),
        app.level_count()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn press(app: &mut App, keys: &str) {
        for c in keys.chars() {
            app.handle(key(KeyCode::Char(c)));
        }
    }

    /// The screen as text, one string per row, trailing spaces trimmed.
    fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| app.draw(f)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| {
                let row: String = (0..width)
                    .map(|x| buffer[(x, y)].symbol().to_string())
                    .collect();
                row.trim_end().to_string()
            })
            .collect()
    }

    fn builtin(index: usize) -> App {
        App::new("boardkit", boardkit_sokoban::builtin::levels(), index).unwrap()
    }

    #[test]
    fn first_screen_shows_title_board_counts_and_keys() {
        let app = builtin(0);
        assert_eq!(
            screen(&app, 40, 10),
            [
                "        boardkit 1/12: First push",
                "",
                "",
                "             ██████████████",
                "             ██<>  []  ..██",
                "             ██████████████",
                "",
                "",
                "            Moves 0  Pushes 0",
                "        u undo  r restart  q quit",
            ]
        );
    }

    #[test]
    fn moves_pushes_and_the_solved_screen() {
        let mut app = builtin(0);
        app.handle(key(KeyCode::Right));
        app.handle(key(KeyCode::Right));
        let s = screen(&app, 40, 10);
        assert_eq!(s[4], "             ██    <>[]..██");
        assert_eq!(s[8], "            Moves 2  Pushes 1");
        press(&mut app, "d");
        let s = screen(&app, 40, 12);
        assert_eq!(
            s,
            [
                "        boardkit 1/12: First push",
                "",
                "",
                "     ┌────────────────────────────┐",
                "     │           Solved!          │",
                "     │      3 moves, 2 pushes     │",
                "     │   n or Enter: next level   │",
                "     │  u undo  r restart  q quit │",
                "     └────────────────────────────┘",
                "",
                "            Moves 3  Pushes 2",
                "        u undo  r restart  q quit",
            ]
        );
        // Moves wait while the level is solved.
        press(&mut app, "hhh");
        assert_eq!(app.game.moves(), 3);
        assert_eq!(app.solved_count(), 1);
        app.handle(key(KeyCode::Enter));
        let s = screen(&app, 40, 12);
        assert_eq!(s[0], "          boardkit 2/12: Corner");
        assert_eq!(s[10], "            Moves 0  Pushes 0");
    }

    #[test]
    fn every_move_key_and_undo_redo_restart() {
        let room = "#######\n#     #\n#  @  #\n#     #\n#$.   #\n#######\n";
        let levels = boardkit_sokoban::xsb::parse_collection(room).unwrap();
        let mut app = App::new("room", levels, 0).unwrap();
        let start = app.game.state().clone();
        let level = app.game.level().clone();
        let worker = |app: &App| level.pos(app.game.state().worker());
        let p0 = worker(&app);
        for (k, dr, dc) in [
            (key(KeyCode::Left), 0, -1),
            (key(KeyCode::Char('a')), 0, -1),
            (key(KeyCode::Char('d')), 0, 1),
            (key(KeyCode::Char('l')), 0, 1),
            (key(KeyCode::Char('h')), 0, -1),
            (key(KeyCode::Up), -1, 0),
            (key(KeyCode::Char('s')), 1, 0),
            (key(KeyCode::Char('k')), -1, 0),
            (key(KeyCode::Down), 1, 0),
            (key(KeyCode::Char('w')), -1, 0),
            (key(KeyCode::Char('j')), 1, 0),
            (key(KeyCode::Right), 0, 1),
        ] {
            let before = worker(&app);
            app.handle(k);
            let after = worker(&app);
            assert_eq!(
                (
                    after.row as isize - before.row as isize,
                    after.col as isize - before.col as isize
                ),
                (dr, dc),
                "{k:?}"
            );
        }
        assert_eq!(worker(&app), p0);
        assert_eq!(app.game.moves(), 12);
        assert!(screen(&app, 40, 12)[10].contains("Moves 12  Pushes 0"));
        app.handle(key(KeyCode::Char('u')));
        app.handle(key(KeyCode::Char('z')));
        app.handle(key(KeyCode::Backspace));
        assert_eq!(app.game.moves(), 9);
        app.handle(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL));
        app.handle(key(KeyCode::Char('y')));
        assert_eq!(app.game.moves(), 11);
        app.handle(key(KeyCode::Char('r')));
        assert_eq!(app.game.moves(), 0);
        assert_eq!(app.game.state(), &start);
        assert!(screen(&app, 40, 12)[10].contains("Moves 0  Pushes 0"));
    }

    #[test]
    fn next_previous_and_quit() {
        let mut app = builtin(0);
        press(&mut app, "p");
        assert_eq!(app.index, 0);
        press(&mut app, "nnn");
        assert!(screen(&app, 40, 12)[0].contains("boardkit 4/12: Two by two"));
        press(&mut app, "p");
        assert!(screen(&app, 40, 12)[0].contains("boardkit 3/12: Detour"));
        for _ in 0..20 {
            press(&mut app, "n");
        }
        assert!(screen(&app, 40, 12)[0].contains("boardkit 12/12: Quartet"));
        assert!(!app.quit());
        app.handle(key(KeyCode::Esc));
        assert!(app.quit());
        let mut app = builtin(0);
        press(&mut app, "q");
        assert!(app.quit());
        // A key release changes nothing.
        let mut app = builtin(0);
        let mut release = key(KeyCode::Right);
        release.kind = KeyEventKind::Release;
        app.handle(release);
        assert_eq!(app.game.moves(), 0);
    }

    #[test]
    fn last_level_solved_screen_counts_the_set() {
        let levels = boardkit_sokoban::xsb::parse_collection(
            "; a\n#####\n#@$.#\n#####\n\n; b\n######\n#@$ .#\n######\n",
        )
        .unwrap();
        let mut app = App::new("mine", levels, 0).unwrap();
        press(&mut app, "dnddd");
        let s = screen(&app, 40, 12);
        assert_eq!(s[0], "               mine 2/2: b");
        assert_eq!(s[6], "     │  Last level: 2 of 2 solved │");
        press(&mut app, "u");
        assert!(screen(&app, 40, 12)[0].ends_with("mine 2/2: b (solved before)"));
    }

    #[test]
    fn board_stays_centred_when_the_terminal_is_resized() {
        let app = builtin(0);
        for (w, h) in [(40, 10), (60, 20), (24, 8)] {
            let s = screen(&app, w, h);
            let row = s.iter().position(|l| l.contains("<>")).unwrap();
            let line = &s[row];
            let left = line.chars().take_while(|&c| c == ' ').count();
            let width = line.chars().count() - left;
            assert_eq!(width, 14);
            assert_eq!(left, (usize::from(w) - 14) / 2, "{w}x{h}");
            // Rows: title, blank, board area, blank, counts, keys.
            let area = usize::from(h) - 5;
            assert_eq!(row - 1, 2 + (area - 3) / 2, "{w}x{h}");
        }
    }

    #[test]
    fn a_large_level_scrolls_with_the_worker() {
        // 40 columns: wider than a 30-column terminal shows (15 squares).
        let wall = "#".repeat(40);
        let text = format!("{wall}\n#@{}$.#\n{wall}\n", " ".repeat(35));
        let levels = boardkit_sokoban::xsb::parse_collection(&text).unwrap();
        let mut app = App::new("wide", levels, 0).unwrap();
        let s = screen(&app, 30, 9);
        assert_eq!(s[2], "██████████████████████████████");
        assert_eq!(s[3], "██<>");
        for _ in 0..30 {
            app.handle(key(KeyCode::Right));
        }
        // The worker (column 32 of 40) is kept in the middle of the 15
        // squares shown: columns 25 to 39.
        assert_eq!(screen(&app, 30, 9)[3], "              <>          []..");
        assert_eq!(app.game.moves(), 30);
        // Near the edge the window stops at the level's last column.
        press(&mut app, "ddd");
        assert_eq!(screen(&app, 30, 9)[3], "                  <>    []..██");
        app.handle(key(KeyCode::Char('r')));
        assert_eq!(screen(&app, 30, 9)[3], "██<>");

        // 30 rows: taller than the 7 rows a 12-row terminal has for the board.
        let text = format!("###\n#@#\n{}#$#\n#.#\n###\n", "# #\n".repeat(25));
        let levels = boardkit_sokoban::xsb::parse_collection(&text).unwrap();
        let mut app = App::new("tall", levels, 0).unwrap();
        let board = |app: &App| screen(app, 20, 12)[2..9].join("|");
        assert_eq!(board(&app), "       ██████|       ██<>██|       ██  ██|       ██  ██|       ██  ██|       ██  ██|       ██  ██");
        press(&mut app, &"s".repeat(25));
        assert_eq!(board(&app), "       ██  ██|       ██  ██|       ██  ██|       ██<>██|       ██[]██|       ██..██|       ██████");
    }

    #[test]
    fn distinct_glyphs_and_colours() {
        let levels =
            boardkit_sokoban::xsb::parse_collection("#######\n#@$*. #\n#######\n").unwrap();
        let app = App::new("glyphs", levels, 0).unwrap();
        let mut terminal = Terminal::new(TestBackend::new(20, 9)).unwrap();
        terminal.draw(|f| app.draw(f)).unwrap();
        let buffer = terminal.backend().buffer();
        let row = (0..9).find(|&y| buffer[(5, y)].symbol() == "<").unwrap();
        // Squares from the left: wall, worker, box, box on goal, goal, floor.
        let squares: Vec<(String, Style)> = (0..6)
            .map(|k| {
                let x = 3 + 2 * k;
                let text = format!(
                    "{}{}",
                    buffer[(x, row)].symbol(),
                    buffer[(x + 1, row)].symbol()
                );
                (text, buffer[(x, row)].style())
            })
            .collect();
        let texts: Vec<&str> = squares.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["██", "<>", "[]", "{}", "..", "  "]);
        for i in 0..5 {
            for j in i + 1..5 {
                assert_ne!(squares[i].1, squares[j].1, "{} and {}", texts[i], texts[j]);
            }
        }
        assert_eq!(squares[1].1.fg, Some(Color::Magenta));
        assert_eq!(squares[2].1.fg, Some(Color::Yellow));
        assert_eq!(squares[3].1.bg, Some(Color::Green));
        assert_eq!(squares[4].1.fg, Some(Color::Cyan));
    }
}

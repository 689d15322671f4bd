//! `boardkit 2048 play`: the game in the terminal (ratatui + crossterm).
//!
//! [`App`] holds everything the screen shows and reacts to keys; it draws on
//! any ratatui backend, so the tests drive it on a `TestBackend`. [`run_play`]
//! connects it to the real terminal.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use boardkit_2048::ai::{advise, Evaluation, Settings};
use boardkit_2048::expectimax::{Config, Depth};
use boardkit_2048::game::Game;
use boardkit_2048::params;
use boardkit_2048::tables::Tables;
use boardkit_2048::tile_value;
use boardkit_grid::Dir;
use clap::Args;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use serde::{Deserialize, Serialize};

use crate::error::CliError;
use crate::report::count;
use crate::terminal::{self, Flow};

/// Arguments of `2048 play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Board side N (2..=8).
    #[arg(long, default_value_t = 4, value_parser = crate::values::int::<u64>(params::GAME_SIZE))]
    pub size: u64,
    /// Seed of the first game (from the clock when absent; shown on screen).
    /// Each new game uses the next seed.
    #[arg(long, value_parser = crate::values::int::<u64>(boardkit_grid::value::SEED))]
    pub seed: Option<u64>,
    /// Do not write the high-score file in the user's data directory.
    #[arg(long)]
    pub no_save: bool,
}

/// The best game on record for one board size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighScore {
    /// The score.
    pub score: u64,
    /// Its largest tile.
    pub max_tile: u64,
    /// Its moves.
    pub moves: u64,
    /// Undos used in it.
    pub undos: u64,
    /// Its seed.
    pub seed: u64,
}

/// The high-score file: one record per board size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighScores {
    /// Board side → best game.
    pub by_size: BTreeMap<usize, HighScore>,
}

/// Where the high scores live: `<data dir>/boardkit/2048-high-scores.json`.
pub fn high_score_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("boardkit").join("2048-high-scores.json"))
}

fn load_scores(path: &Path) -> Result<HighScores, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a high-score file ({e})", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(HighScores::default()),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

fn save_scores(path: &Path, scores: &HighScores) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string_pretty(scores).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The board, taking moves.
    Playing,
    /// The game-over dialog; the flag is true when "quit" is selected.
    Over {
        /// "Quit" (rather than "new game") is selected.
        quit_selected: bool,
    },
}

/// One finished (or abandoned) game, for the closing summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Its seed.
    pub seed: u64,
    /// Its score.
    pub score: u64,
    /// Its largest tile.
    pub max_tile: u128,
    /// Its moves.
    pub moves: u64,
    /// Undos used.
    pub undos: u64,
    /// True when it ended with no legal move.
    pub over: bool,
}

/// The terminal game: state, keys and drawing.
pub struct App {
    game: Game,
    history: Vec<Game>,
    undos: u64,
    screen: Screen,
    hint: Option<String>,
    message: Option<String>,
    scores: HighScores,
    store: Option<PathBuf>,
    played: Vec<Played>,
    tables: Arc<Tables>,
}

impl App {
    /// A new N × N game from `seed`; high scores are read from `store` and
    /// written back there unless `save` is false.
    pub fn new(n: usize, seed: u64, store: Option<PathBuf>, save: bool) -> Result<App, CliError> {
        let game = Game::new(n, seed).map_err(|e| CliError::input(e.to_string()))?;
        let (scores, message) = match store.as_deref().map(load_scores) {
            None => (HighScores::default(), None),
            Some(Ok(s)) => (s, None),
            Some(Err(e)) => (
                HighScores::default(),
                Some(format!("high scores not kept: {e}")),
            ),
        };
        // A high-score file we could not read is never overwritten.
        let store = if save && message.is_none() {
            store
        } else {
            None
        };
        Ok(App {
            game,
            history: Vec::new(),
            undos: 0,
            screen: Screen::Playing,
            hint: None,
            message,
            scores,
            store,
            played: Vec::new(),
            tables: Arc::new(Tables::none()),
        })
    }

    /// The same game, its hint consulting these lookup tables.
    #[must_use]
    pub fn with_tables(self, tables: Arc<Tables>) -> App {
        App { tables, ..self }
    }

    /// The best score on record for this board size.
    #[must_use]
    pub fn high_score(&self) -> Option<&HighScore> {
        self.scores.by_size.get(&self.game.size())
    }

    fn record(&self) -> Played {
        Played {
            seed: self.game.seed(),
            score: self.game.score(),
            max_tile: tile_value(self.game.max_exponent()),
            moves: self.game.moves(),
            undos: self.undos,
            over: self.game.is_over(),
        }
    }

    /// Records the current game in the high scores (and the file) if it
    /// beats the record.
    fn update_high_score(&mut self) {
        let g = &self.game;
        let n = g.size();
        if g.score() == 0 || self.high_score().is_some_and(|h| h.score >= g.score()) {
            return;
        }
        let entry = HighScore {
            score: g.score(),
            max_tile: u64::try_from(tile_value(g.max_exponent())).unwrap_or(u64::MAX),
            moves: g.moves(),
            undos: self.undos,
            seed: g.seed(),
        };
        self.scores.by_size.insert(n, entry);
        if let Some(path) = &self.store {
            if let Err(e) = save_scores(path, &self.scores) {
                self.message = Some(format!("high score not saved: {e}"));
            }
        }
    }

    fn new_game(&mut self) {
        self.update_high_score();
        self.played.push(self.record());
        let n = self.game.size();
        let seed = self.game.seed().wrapping_add(1);
        if let Ok(game) = Game::new(n, seed) {
            self.game = game;
        }
        self.history.clear();
        self.undos = 0;
        self.hint = None;
        self.screen = Screen::Playing;
    }

    /// The games played so far, the current one last.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for (i, p) in self
            .played
            .iter()
            .chain(std::iter::once(&self.record()))
            .enumerate()
        {
            let _ = writeln!(
                out,
                "game {}: seed {}, score {}, best tile {}, {}, {}{}",
                i + 1,
                p.seed,
                p.score,
                p.max_tile,
                count(p.moves, "move", "moves"),
                count(p.undos, "undo", "undos"),
                if p.over { "" } else { " (not finished)" }
            );
        }
        out
    }

    fn hint_text(&self) -> String {
        let settings = Settings {
            evaluation: Evaluation::standard(),
            config: Config {
                depth: Depth::Timed {
                    per_move: Duration::from_millis(200),
                    max: 8,
                },
                prob_cutoff: 1e-4,
            },
            tables: Arc::clone(&self.tables),
        };
        match advise(&self.game.board(), &settings) {
            Err(why) => format!("no AI hint: {why}"),
            Ok(advice) => match advice.best {
                Some(best) if advice.table.is_some() => {
                    let p = advice.table.map_or(0.0, |t| t.probability);
                    let goal = advice.table.map_or(0, |t| t.subproblem.goal);
                    format!(
                        "AI: {} (lookup table: {:.1}% to build the {})",
                        best.name(),
                        100.0 * p,
                        tile_value(goal)
                    )
                }
                Some(best) => {
                    let others: Vec<String> = advice
                        .values
                        .iter()
                        .map(|(d, v)| format!("{} {v:.0}", d.name()))
                        .collect();
                    format!("AI: {} ({})", best.name(), others.join(", "))
                }
                None => "AI: no legal move".to_string(),
            },
        }
    }

    /// Reacts to one key.
    pub fn on_key(&mut self, code: KeyCode, modifiers: KeyModifiers) -> Flow {
        if modifiers.contains(KeyModifiers::CONTROL) && code == KeyCode::Char('c') {
            return self.quit();
        }
        match self.screen {
            Screen::Over { quit_selected } => match code {
                KeyCode::Char('n' | 'N') => self.new_game(),
                KeyCode::Char('q' | 'Q') | KeyCode::Esc => return self.quit(),
                KeyCode::Left | KeyCode::Right | KeyCode::Tab | KeyCode::Char('h' | 'l') => {
                    self.screen = Screen::Over {
                        quit_selected: !quit_selected,
                    };
                }
                KeyCode::Enter | KeyCode::Char(' ') => {
                    if quit_selected {
                        return self.quit();
                    }
                    self.new_game();
                }
                KeyCode::Char('u') => self.undo(),
                _ => {}
            },
            Screen::Playing => {
                let dir = match code {
                    KeyCode::Up | KeyCode::Char('w' | 'W' | 'k') => Some(Dir::Up),
                    KeyCode::Down | KeyCode::Char('s' | 'S' | 'j') => Some(Dir::Down),
                    KeyCode::Left | KeyCode::Char('a' | 'A' | 'h') => Some(Dir::Left),
                    KeyCode::Right | KeyCode::Char('d' | 'D' | 'l') => Some(Dir::Right),
                    _ => None,
                };
                if let Some(d) = dir {
                    self.slide(d);
                    return Flow::Continue;
                }
                match code {
                    KeyCode::Char('u' | 'U') => self.undo(),
                    KeyCode::Char('?') => self.hint = Some(self.hint_text()),
                    KeyCode::Char('n' | 'N') => self.new_game(),
                    KeyCode::Char('q' | 'Q') | KeyCode::Esc => return self.quit(),
                    _ => {}
                }
            }
        }
        Flow::Continue
    }

    fn quit(&mut self) -> Flow {
        self.update_high_score();
        Flow::Quit
    }

    fn slide(&mut self, dir: Dir) {
        let before = self.game.clone();
        if self.game.play(dir).changed {
            self.history.push(before);
            self.hint = None;
            self.message = None;
            if self.game.is_over() {
                self.update_high_score();
                self.screen = Screen::Over {
                    quit_selected: false,
                };
            }
        } else {
            self.message = Some(format!("{} changes nothing", dir.name()));
        }
    }

    fn undo(&mut self) {
        match self.history.pop() {
            Some(g) => {
                self.game = g;
                self.undos += 1;
                self.hint = None;
                self.message = None;
                self.screen = Screen::Playing;
            }
            None => self.message = Some("nothing to undo".to_string()),
        }
    }

    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame<'_>) {
        let area = frame.area();
        let [head, body, foot] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(3),
            Constraint::Length(3),
        ])
        .areas(area);
        let g = &self.game;
        let high = self
            .high_score()
            .map_or_else(|| "-".to_string(), |h| h.score.to_string());
        let stats = Line::from(vec![
            Span::styled("2048", Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!(
                "  score {}  best tile {}  moves {}  undos {}  high {}",
                g.score(),
                tile_value(g.max_exponent()),
                g.moves(),
                self.undos,
                high
            )),
        ]);
        let seed = Line::from(format!("{0} x {0}, seed {1}", g.size(), g.seed()))
            .style(Style::new().fg(Color::DarkGray));
        frame.render_widget(Paragraph::new(vec![stats, seed]), head);
        self.draw_board(frame, body);
        let keys = "arrows/WASD/hjkl move  u undo  ? hint  n new game  q quit";
        let mut lines = vec![Line::from(keys).style(Style::new().fg(Color::DarkGray))];
        if let Some(h) = &self.hint {
            lines.push(Line::from(h.as_str()).style(Style::new().fg(Color::Cyan)));
        }
        if let Some(m) = &self.message {
            lines.push(Line::from(m.as_str()).style(Style::new().fg(Color::Yellow)));
        }
        frame.render_widget(Paragraph::new(lines), foot);
        if let Screen::Over { quit_selected } = self.screen {
            self.draw_game_over(frame, body, quit_selected);
        }
    }

    fn draw_board(&self, frame: &mut Frame<'_>, area: Rect) {
        let board = self.game.board();
        let n = board.size() as u16;
        let cell_w = (area.width.saturating_sub(2) / n).clamp(1, 8);
        let cell_h = (area.height.saturating_sub(2) / n).clamp(1, 3);
        let outer = Rect {
            x: area.x,
            y: area.y,
            width: (cell_w * n + 2).min(area.width),
            height: (cell_h * n + 2).min(area.height),
        };
        frame.render_widget(Block::new().borders(Borders::ALL), outer);
        for (r, row) in board.rows().enumerate() {
            for (c, &e) in row.iter().enumerate() {
                let cell = Rect {
                    x: outer.x + 1 + c as u16 * cell_w,
                    y: outer.y + 1 + r as u16 * cell_h,
                    width: cell_w,
                    height: cell_h,
                }
                .intersection(area);
                let (bg, fg) = tile_colours(e);
                let label = tile_label(e, cell_w);
                let pad = usize::from(cell_h.saturating_sub(1) / 2);
                let mut lines = vec![Line::raw(""); pad];
                lines.push(Line::raw(label));
                frame.render_widget(
                    Paragraph::new(lines)
                        .alignment(Alignment::Center)
                        .style(Style::new().bg(bg).fg(fg).add_modifier(Modifier::BOLD)),
                    cell,
                );
            }
        }
    }

    fn draw_game_over(&self, frame: &mut Frame<'_>, area: Rect, quit_selected: bool) {
        let popup = terminal::centred(area, 34, 6);
        let selected = Style::new().bg(Color::White).fg(Color::Black);
        let plain = Style::new();
        let (new_style, quit_style) = if quit_selected {
            (plain, selected)
        } else {
            (selected, plain)
        };
        let text = vec![
            Line::from(format!(
                "score {}, best tile {}",
                self.game.score(),
                tile_value(self.game.max_exponent())
            )),
            Line::from(format!(
                "{}, {}",
                count(self.game.moves(), "move", "moves"),
                count(self.undos, "undo", "undos")
            )),
            Line::from(vec![
                Span::styled(" [n] new game ", new_style),
                Span::raw("  "),
                Span::styled(" [q] quit ", quit_style),
            ]),
        ];
        frame.render_widget(Clear, popup);
        frame.render_widget(
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .block(Block::new().borders(Borders::ALL).title(" Game over ")),
            popup,
        );
    }
}

/// The text of a tile in a cell `width` wide (`2^k` when the value does not
/// fit).
fn tile_label(exp: u8, width: u16) -> String {
    if exp == 0 {
        return String::new();
    }
    let value = tile_value(exp).to_string();
    if value.len() <= usize::from(width) {
        value
    } else {
        format!("2^{exp}")
    }
}

/// Background and text colours of a tile, after the original game's.
fn tile_colours(exp: u8) -> (Color, Color) {
    let dark = Color::Rgb(0x77, 0x6e, 0x65);
    let light = Color::Rgb(0xf9, 0xf6, 0xf2);
    match exp {
        0 => (Color::Rgb(0xcd, 0xc1, 0xb4), dark),
        1 => (Color::Rgb(0xee, 0xe4, 0xda), dark),
        2 => (Color::Rgb(0xed, 0xe0, 0xc8), dark),
        3 => (Color::Rgb(0xf2, 0xb1, 0x79), light),
        4 => (Color::Rgb(0xf5, 0x95, 0x63), light),
        5 => (Color::Rgb(0xf6, 0x7c, 0x5f), light),
        6 => (Color::Rgb(0xf6, 0x5e, 0x3b), light),
        7 => (Color::Rgb(0xed, 0xcf, 0x72), light),
        8 => (Color::Rgb(0xed, 0xcc, 0x61), light),
        9 => (Color::Rgb(0xed, 0xc8, 0x50), light),
        10 => (Color::Rgb(0xed, 0xc5, 0x3f), light),
        11 => (Color::Rgb(0xed, 0xc2, 0x2e), light),
        12 => (Color::Rgb(0x3e, 0x39, 0x33), light),
        13 => (Color::Rgb(0x1e, 0x6f, 0x9f), light),
        14 => (Color::Rgb(0x2e, 0x8b, 0x57), light),
        15 => (Color::Rgb(0x8e, 0x44, 0xad), light),
        _ => (Color::Rgb(0x1b, 0x1b, 0x1b), light),
    }
}

impl terminal::App for App {
    fn draw(&self, frame: &mut Frame) {
        App::draw(self, frame);
    }

    fn key(&mut self, key: KeyEvent) -> Flow {
        self.on_key(key.code, key.modifiers)
    }
}

/// Runs `2048 play`: the game in the terminal, then a summary on stdout.
pub fn run_play(args: &PlayArgs) -> Result<String, CliError> {
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let n = usize::try_from(args.size).unwrap_or(4);
    // The hint uses the lookup tables already built; the game never waits
    // for a build.
    let mut app = App::new(n, seed, high_score_path(), !args.no_save)?
        .with_tables(super::tables::load_present());
    terminal::run(&mut app, "2048 play")?;
    Ok(app.summary())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    fn screen(app: &App, w: u16, h: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| app.draw(f)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol()))
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    fn key(app: &mut App, c: KeyCode) -> Flow {
        app.on_key(c, KeyModifiers::NONE)
    }

    fn temp_store(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("boardkit-play-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("scores.json")
    }

    #[test]
    fn shows_the_board_score_and_keys() {
        let app = App::new(4, 42, None, false).unwrap();
        let s = screen(&app, 60, 20);
        assert!(s.contains("score 0"), "{s}");
        assert!(s.contains("moves 0"));
        assert!(s.contains("seed 42"));
        assert!(s.contains("u undo"));
        // The two starting tiles are drawn.
        let tiles: usize = app
            .game
            .board()
            .values()
            .iter()
            .filter(|&&v| v != 0)
            .count();
        assert_eq!(tiles, 2);
        let drawn = s.matches(" 2 ").count() + s.matches(" 4 ").count();
        assert!(drawn >= 1, "{s}");
    }

    #[test]
    fn every_key_family_moves_and_undo_restores() {
        for keys in [
            [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down],
            [
                KeyCode::Char('a'),
                KeyCode::Char('d'),
                KeyCode::Char('w'),
                KeyCode::Char('s'),
            ],
            [
                KeyCode::Char('h'),
                KeyCode::Char('l'),
                KeyCode::Char('k'),
                KeyCode::Char('j'),
            ],
        ] {
            let mut app = App::new(4, 7, None, false).unwrap();
            let mut reference = Game::new(4, 7).unwrap();
            for (i, &k) in keys.iter().cycle().take(12).enumerate() {
                key(&mut app, k);
                reference.play([Dir::Left, Dir::Right, Dir::Up, Dir::Down][i % 4]);
            }
            assert_eq!(app.game, reference);
            let moves = app.game.moves();
            assert!(moves > 0);
            key(&mut app, KeyCode::Char('u'));
            assert_eq!(app.game.moves(), moves - 1);
            assert_eq!(app.undos, 1);
            assert!(screen(&app, 60, 20).contains("undos 1"));
        }
    }

    #[test]
    fn hint_names_a_legal_move_and_other_sizes_say_why_not() {
        let mut app = App::new(4, 3, None, false).unwrap();
        key(&mut app, KeyCode::Char('?'));
        let s = screen(&app, 70, 20);
        let line = s.lines().find(|l| l.contains("AI: ")).unwrap();
        let legal = app.game.legal_moves();
        assert!(legal
            .iter()
            .any(|d| line.contains(&format!("AI: {}", d.name()))));
        let mut app = App::new(5, 3, None, false).unwrap();
        key(&mut app, KeyCode::Char('?'));
        assert!(screen(&app, 70, 24).contains("4 x 4 boards only"));
    }

    #[test]
    fn game_over_screen_offers_new_game_and_quit() {
        let mut app = App::new(2, 1, None, false).unwrap();
        let cycle = [KeyCode::Left, KeyCode::Up, KeyCode::Right, KeyCode::Down];
        for k in cycle.iter().cycle().take(500) {
            if app.screen != Screen::Playing {
                break;
            }
            key(&mut app, *k);
        }
        assert_eq!(
            app.screen,
            Screen::Over {
                quit_selected: false
            }
        );
        let s = screen(&app, 50, 16);
        assert!(s.contains("Game over"), "{s}");
        assert!(s.contains("new game") && s.contains("quit"));
        let first_seed = app.game.seed();
        key(&mut app, KeyCode::Char('n'));
        assert_eq!(app.screen, Screen::Playing);
        assert_eq!(app.game.moves(), 0);
        assert_eq!(app.game.seed(), first_seed + 1);
        let summary = app.summary();
        assert!(summary.starts_with("game 1: seed 1, score "), "{summary}");
        assert!(summary.contains("game 2: seed 2, score 0"));
        assert_eq!(key(&mut app, KeyCode::Char('q')), Flow::Quit);
    }

    #[test]
    fn high_score_is_kept_unless_no_save() {
        let path = temp_store("keep");
        let mut app = App::new(3, 9, Some(path.clone()), true).unwrap();
        for k in [KeyCode::Left, KeyCode::Up, KeyCode::Right, KeyCode::Down]
            .iter()
            .cycle()
            .take(40)
        {
            key(&mut app, *k);
        }
        let score = app.game.score();
        assert!(score > 0);
        assert_eq!(key(&mut app, KeyCode::Char('q')), Flow::Quit);
        let stored = load_scores(&path).unwrap();
        assert_eq!(stored.by_size[&3].score, score);
        // A new session reads it back and shows it.
        let again = App::new(3, 10, Some(path.clone()), true).unwrap();
        assert_eq!(again.high_score().map(|h| h.score), Some(score));
        assert!(screen(&again, 60, 20).contains(&format!("high {score}")));
        // --no-save never writes.
        let other = temp_store("nosave");
        let mut app = App::new(3, 9, Some(other.clone()), false).unwrap();
        key(&mut app, KeyCode::Left);
        key(&mut app, KeyCode::Up);
        key(&mut app, KeyCode::Char('q'));
        assert!(!other.exists());
        // An unreadable file is reported and left alone.
        std::fs::write(&path, "not json").unwrap();
        let app = App::new(3, 9, Some(path.clone()), true).unwrap();
        assert!(screen(&app, 80, 20).contains("high scores not kept"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "not json");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn large_tiles_use_powers_when_they_do_not_fit() {
        assert_eq!(tile_label(11, 7), "2048");
        assert_eq!(tile_label(30, 7), "2^30");
        assert_eq!(tile_label(0, 7), "");
    }
}

//! `kiela engine`: a line protocol on standard input and output, modelled on
//! UCI, so that other programs and GUIs can drive the AI (see docs/tools.md).
//!
//! The search runs on its own thread, so `stop`, `isready` and `quit` are
//! answered while it thinks. A bad line never ends the engine: it answers
//! `info string error: ...` and waits for the next one.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use thiserror::Error;

use kiela_ai::{game_history, Level, Limits, Searcher, Settings};
use kiela_rules::{Game, Layout, Move, Position, Side, Variant};

/// A command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `kiela`: identify; answered by `id ...` lines and `kielaok`.
    Kiela,
    /// `isready`: answered by `readyok`.
    IsReady,
    /// `newgame`: forget what was learnt in the previous game.
    NewGame,
    /// `position <variant> [startpos | layout <40 counts> [south|north]] [moves ...]`.
    Position {
        variant: Variant,
        /// `None` for the start position; else the 40 counts (A1..J4) and
        /// the player to move.
        board: Option<([u8; 40], Side)>,
        moves: Vec<Move>,
    },
    /// `go ...`: search the current position.
    Go(Go),
    /// `stop`: end the running search now; it still answers `bestmove`.
    Stop,
    /// `quit`.
    Quit,
}

/// The limit of a `go` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    MoveTime(u64),
    Depth(u32),
    Nodes(u64),
    Level(Level),
}

/// Why a line was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProtocolError {
    #[error("unknown command `{0}`: use kiela, isready, newgame, position, go, stop or quit")]
    UnknownCommand(String),
    #[error("position needs a variant: standard, beginner or expert")]
    MissingVariant,
    #[error(transparent)]
    Variant(#[from] kiela_rules::ParseVariantError),
    #[error("unexpected `{0}` in position: use startpos, layout <40 counts> [south|north], then moves ...")]
    UnexpectedToken(String),
    #[error("layout needs 40 counts (A1..J1, A2..J2, A3..J3, A4..J4), got {0}")]
    LayoutLength(usize),
    #[error("`{0}` is not a count of stones (0..=56)")]
    BadCount(String),
    #[error("the board has {0} stones; a Kiela board has {1}")]
    BoardTotal(u32, u32),
    #[error("bad move `{token}`: {error}")]
    BadMove { token: String, error: String },
    #[error(
        "go needs one of: movetime <ms>, depth <d>, nodes <n>, level <easy|medium|hard|expert>"
    )]
    BadGo,
    #[error("`{0}` is not a positive whole number")]
    BadNumber(String),
}

/// Parses one line; `Ok(None)` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, ProtocolError> {
    let mut tokens = line.split_whitespace();
    let Some(head) = tokens.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = tokens.collect();
    let command = match head {
        "kiela" => Command::Kiela,
        "isready" => Command::IsReady,
        "newgame" => Command::NewGame,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "go" => Command::Go(parse_go(&rest)?),
        "position" => parse_position(&rest)?,
        other => return Err(ProtocolError::UnknownCommand(truncated(other))),
    };
    Ok(Some(command))
}

/// At most 40 characters of user input in an error message.
fn truncated(s: &str) -> String {
    s.chars().take(40).collect()
}

fn number<T: std::str::FromStr>(token: Option<&&str>) -> Result<T, ProtocolError> {
    let token = token.ok_or(ProtocolError::BadGo)?;
    token
        .parse()
        .map_err(|_| ProtocolError::BadNumber(truncated(token)))
}

fn parse_go(rest: &[&str]) -> Result<Go, ProtocolError> {
    let go = match rest.first().copied() {
        Some("movetime") => Go::MoveTime(number(rest.get(1))?),
        Some("depth") => Go::Depth(number(rest.get(1))?),
        Some("nodes") => Go::Nodes(number(rest.get(1))?),
        Some("level") => Go::Level(
            rest.get(1)
                .ok_or(ProtocolError::BadGo)?
                .parse()
                .map_err(|_| ProtocolError::BadGo)?,
        ),
        None => Go::Level(Level::Expert),
        Some(_) => return Err(ProtocolError::BadGo),
    };
    let zero = matches!(go, Go::MoveTime(0) | Go::Depth(0) | Go::Nodes(0));
    if zero || rest.len() > 2 {
        return Err(ProtocolError::BadGo);
    }
    Ok(go)
}

fn parse_position(rest: &[&str]) -> Result<Command, ProtocolError> {
    let variant: Variant = rest.first().ok_or(ProtocolError::MissingVariant)?.parse()?;
    let mut i = 1;
    let mut board = None;
    match rest.get(i).copied() {
        Some("startpos") => i += 1,
        Some("layout") => {
            i += 1;
            let mut counts = Vec::with_capacity(40);
            while let Some(&token) = rest.get(i) {
                if matches!(token, "moves" | "south" | "north") {
                    break;
                }
                for part in token.split(',').filter(|p| !p.is_empty()) {
                    let n: u8 = part
                        .parse()
                        .ok()
                        .filter(|&n| n <= 56)
                        .ok_or_else(|| ProtocolError::BadCount(truncated(part)))?;
                    counts.push(n);
                }
                i += 1;
            }
            let counts: [u8; 40] = counts
                .as_slice()
                .try_into()
                .map_err(|_| ProtocolError::LayoutLength(counts.len()))?;
            let total: u32 = counts.iter().map(|&n| n as u32).sum();
            let expected = Position::new(variant).total_stones();
            if total != expected {
                return Err(ProtocolError::BoardTotal(total, expected));
            }
            let turn = match rest.get(i).copied() {
                Some("north") => {
                    i += 1;
                    Side::North
                }
                Some("south") => {
                    i += 1;
                    Side::South
                }
                _ => Side::South,
            };
            board = Some((counts, turn));
        }
        _ => {}
    }
    let mut moves = Vec::new();
    match rest.get(i).copied() {
        None => {}
        Some("moves") => {
            i += 1;
            while i < rest.len() {
                // A rearrangement may be written with spaces: `@[0 0 2 ... 3]`.
                let mut token = rest[i].to_string();
                if token.starts_with('@') {
                    while !token.ends_with(']') && i + 1 < rest.len() && token.contains('[') {
                        i += 1;
                        token.push(' ');
                        token.push_str(rest[i]);
                    }
                }
                let mv: Move = token.parse().map_err(|e: kiela_rules::ParseMoveError| {
                    ProtocolError::BadMove {
                        token: truncated(&token),
                        error: e.to_string(),
                    }
                })?;
                moves.push(mv);
                i += 1;
            }
        }
        Some(other) => return Err(ProtocolError::UnexpectedToken(truncated(other))),
    }
    Ok(Command::Position {
        variant,
        board,
        moves,
    })
}

/// A move as the protocol writes it: one token, a rearrangement with commas
/// (`@[0,0,2,...,3]`).
pub fn move_token(mv: &Move) -> String {
    match mv {
        Move::Sow(hole) => hole.to_string(),
        Move::Arrange(Layout(counts)) => {
            let entries: Vec<String> = counts.iter().map(u8::to_string).collect();
            format!("@[{}]", entries.join(","))
        }
    }
}

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    // A closed output (the GUI went away) is not worth a panic.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// The engine's state between commands.
struct Engine {
    out: Output,
    game: Option<Game>,
    searcher: Option<Searcher>,
    running: Option<(JoinHandle<Searcher>, Arc<AtomicBool>)>,
    seed: u64,
}

impl Engine {
    fn error(&self, message: impl std::fmt::Display) {
        say(&self.out, &format!("info string error: {message}"));
    }

    /// Waits for a running search (after `stop` if `stop`).
    fn finish_search(&mut self, stop: bool) {
        if let Some((handle, flag)) = self.running.take() {
            if stop {
                flag.store(true, Ordering::Relaxed);
            }
            match handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => self.error("the search failed; starting afresh"),
            }
        }
    }

    fn is_searching(&mut self) -> bool {
        if self.running.as_ref().is_some_and(|(h, _)| h.is_finished()) {
            self.finish_search(false);
        }
        self.running.is_some()
    }

    fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Quit => {
                self.finish_search(true);
                return false;
            }
            Command::Stop => {
                if self.running.is_some() {
                    self.finish_search(true);
                }
            }
            Command::IsReady => say(&self.out, "readyok"),
            Command::Kiela => {
                say(
                    &self.out,
                    &format!("id name Kiela {}", env!("CARGO_PKG_VERSION")),
                );
                say(&self.out, "id author the Kiela bot project");
                say(&self.out, "kielaok");
            }
            _ if self.is_searching() => {
                self.error("a search is running; send stop first");
            }
            Command::NewGame => {
                self.game = None;
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
            }
            Command::Position {
                variant,
                board,
                moves,
            } => {
                self.game = None;
                let start = match board {
                    None => Position::new(variant),
                    Some((counts, turn)) => Position::from_board(variant, counts, turn),
                };
                let mut game = Game::from_position(start);
                for (i, mv) in moves.iter().enumerate() {
                    if let Err(e) = game.play(mv) {
                        self.error(format!(
                            "move {} ({}) is illegal: {e}; no position is set",
                            i + 1,
                            move_token(mv)
                        ));
                        return true;
                    }
                }
                self.game = Some(game);
            }
            Command::Go(go) => self.go(go),
        }
        true
    }

    fn go(&mut self, go: Go) {
        let Some(game) = &self.game else {
            self.error("no position: send position first");
            return;
        };
        if let Some(outcome) = game.outcome() {
            self.error(format!("the game is over: {outcome}"));
            say(&self.out, "bestmove (none)");
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut settings = Level::Expert.fixed_settings();
        settings.limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::default()
        };
        match go {
            Go::MoveTime(ms) => settings.limits.time = Some(Duration::from_millis(ms)),
            Go::Depth(d) => settings.limits.depth = Some(d),
            Go::Nodes(n) => settings.limits.nodes = Some(n),
            Go::Level(level) => {
                settings = level.fixed_settings();
                settings.limits.stop = Some(stop.clone());
            }
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(Settings::default(), self.seed));
        searcher.set_settings(settings);
        let position = *game.position();
        let history = game_history(game);
        let out = self.out.clone();
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&position, &history, |info| {
                let ms = info.elapsed.as_millis();
                let nps = (info.nodes as f64 / info.elapsed.as_secs_f64().max(1e-6)) as u64;
                let pv: Vec<String> = info.pv.iter().map(move_token).collect();
                say(
                    &out,
                    &format!(
                        "info depth {} score {} nodes {} nps {} time {} pv {}",
                        info.depth,
                        info.score,
                        info.nodes,
                        nps,
                        ms,
                        pv.join(" ")
                    ),
                );
            });
            say(&out, &format!("bestmove {}", move_token(&result.best)));
            searcher
        });
        self.running = Some((handle, stop));
    }
}

/// Runs the protocol until `quit` or the end of `input`. At the end of the
/// input a running search is finished, not stopped, so a script of commands
/// piped in gets its answers.
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>) {
    let mut engine = Engine {
        out: Arc::new(Mutex::new(output)),
        game: None,
        searcher: None,
        running: None,
        seed: 1,
    };
    for line in input.lines() {
        let Ok(line) = line else {
            engine.error("the input is not UTF-8 text");
            continue;
        };
        match parse_command(&line) {
            Ok(None) => {}
            Ok(Some(command)) => {
                if !engine.handle(command) {
                    return;
                }
            }
            Err(e) => engine.error(e),
        }
    }
    engine.finish_search(false);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_the_documented_commands() {
        assert_eq!(parse_command("kiela"), Ok(Some(Command::Kiela)));
        assert_eq!(parse_command("  "), Ok(None));
        assert_eq!(
            parse_command("go movetime 1000"),
            Ok(Some(Command::Go(Go::MoveTime(1000))))
        );
        assert_eq!(
            parse_command("go level hard"),
            Ok(Some(Command::Go(Go::Level(Level::Hard))))
        );
        let Ok(Some(Command::Position {
            variant,
            board,
            moves,
        })) = parse_command(
            "position expert startpos moves @[0 0 0 0 0 0 0 0 0 0 / 14 14 0 0 0 0 0 0 0 0] a3",
        )
        else {
            panic!("not a position");
        };
        assert_eq!(variant, Variant::Expert);
        assert!(board.is_none());
        assert_eq!(moves.len(), 2);
        assert!(matches!(moves[0], Move::Arrange(_)));
        let counts = ["2"; 40].join(" ");
        let line = format!("position beginner layout {counts} north");
        assert_eq!(parse_command(&line), Err(ProtocolError::BoardTotal(80, 28)));
    }

    #[test]
    fn refuses_garbage_with_a_reason() {
        for line in [
            "hello",
            "go",
            "go movetime",
            "go movetime -5",
            "go depth 0",
            "go sideways 3",
            "position",
            "position chess",
            "position standard moves Z9",
            "position standard layout 1 2 3",
            "position standard nonsense",
        ] {
            let result = parse_command(line);
            if line == "go" {
                assert_eq!(result, Ok(Some(Command::Go(Go::Level(Level::Expert)))));
            } else {
                assert!(result.is_err(), "{line} was accepted");
            }
        }
    }

    #[test]
    fn layout_tokens_round_trip() {
        let mv: Move = "@[0 0 0 0 0 0 0 0 0 0 / 14 14 0 0 0 0 0 0 0 0]"
            .parse()
            .unwrap();
        let token = move_token(&mv);
        assert!(!token.contains(' '));
        assert_eq!(token.parse::<Move>().unwrap(), mv);
    }

    proptest! {
        // The parser never panics, whatever the line.
        #[test]
        fn parser_never_panics(line in "\\PC{0,200}") {
            let _ = parse_command(&line);
        }

        // Lines made of protocol words, numbers and moves: the parser never
        // panics, and what it accepts as a position replays or is refused
        // cleanly by the engine.
        #[test]
        fn word_salad_never_panics(words in proptest::collection::vec(
            prop_oneof![
                Just("position".to_string()), Just("go".to_string()), Just("moves".to_string()),
                Just("startpos".to_string()), Just("layout".to_string()), Just("standard".to_string()),
                Just("expert".to_string()), Just("beginner".to_string()), Just("north".to_string()),
                Just("movetime".to_string()), Just("depth".to_string()), Just("nodes".to_string()),
                Just("@[".to_string()), Just("]".to_string()),
                "[A-Ka-k][0-5]", "[0-9]{1,3}", "-?[0-9]{1,12}", "@\\[[0-9 ,/]{0,30}\\]?",
            ],
            0..60,
        )) {
            let line = words.join(" ");
            let _ = parse_command(&line);
        }
    }

    #[test]
    fn the_engine_answers_and_survives_garbage() {
        let input = "kiela\ngarbage\ngo depth 2\nposition standard moves G2 Z9\n\
                     position standard startpos moves G2\nisready\ngo depth 2\nquit\n";
        let buffer = Arc::new(Mutex::new(Vec::new()));
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().write(b)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        run(input.as_bytes(), Box::new(Shared(buffer.clone())));
        let text = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
        assert!(text.contains("kielaok"));
        assert_eq!(text.matches("info string error").count(), 3, "{text}");
        assert!(text.contains("readyok"));
        let best = text
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .expect("a bestmove");
        let mut pos = Position::new(Variant::Standard);
        pos.play(&"G2".parse().unwrap()).unwrap();
        pos.play(&best.parse().unwrap()).unwrap();
    }
}

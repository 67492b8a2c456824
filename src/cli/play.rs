//! `kiela play`: a game against the AI in the terminal.

use std::io::{BufRead, Write};

use kiela_ai::{game_history, Level, Searcher};
use kiela_rules::{Game, Move, MoveEffect, Position, Side, Variant};

/// How a terminal game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEnd {
    /// The game reached its end (including a resignation).
    Finished,
    /// The player quit, or the input ended, before the end.
    Abandoned,
}

/// What the player typed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Input {
    Move(Move),
    Quit,
    Resign,
    Help,
    Empty,
}

fn parse_input(line: &str) -> Result<Input, String> {
    let line = line.trim();
    match line.to_ascii_lowercase().as_str() {
        "" => Ok(Input::Empty),
        "quit" | "exit" | "q" => Ok(Input::Quit),
        "resign" => Ok(Input::Resign),
        "help" | "?" => Ok(Input::Help),
        _ => line.parse().map(Input::Move).map_err(|e| {
            format!("{e}. Type a hole such as C2, @[layout] to rearrange (Expert), help, resign or quit.")
        }),
    }
}

fn describe(side: Side, mv: &Move, effect: &MoveEffect) -> String {
    let mut text = format!("{side} played {mv}");
    if effect.captured_stones > 0 {
        let holes: Vec<String> = effect.captured.iter().map(|h| h.to_string()).collect();
        text += &format!(
            ", capturing {} stones from {}",
            effect.captured_stones,
            holes.join(" ")
        );
    }
    if let Some(last) = effect.last {
        text += &format!(" (last stone in {last})");
    }
    text
}

fn show(out: &mut impl Write, game: &Game, human: Side, level: Level) -> std::io::Result<()> {
    let pos: &Position = game.position();
    writeln!(out)?;
    writeln!(out, "        North ({})", who(Side::North, human, level))?;
    write!(out, "{pos}")?;
    writeln!(out, "        South ({})", who(Side::South, human, level))?;
    writeln!(
        out,
        "  stones: South {}, North {}   turn {}",
        pos.side_stones(Side::South),
        pos.side_stones(Side::North),
        game.ply()
    )
}

fn who(side: Side, human: Side, level: Level) -> String {
    if side == human {
        "you".to_string()
    } else {
        format!("AI, {level}")
    }
}

const HELP: &str = "Type the hole to sow from, e.g. C2 (columns A-J, rows 1-4; South owns rows 1-2, North rows 3-4).
In Expert, on your first turn you may instead rearrange: @[20 counts], your upper row A-J then your lower row A-J.
Other commands: help, resign, quit.";

/// Plays a game on `input`/`out`: the human is `human`, the AI plays at `level`.
pub fn play(
    level: Level,
    variant: Variant,
    human: Side,
    seed: u64,
    input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<PlayEnd> {
    let mut game = Game::new(variant);
    let mut searcher = Searcher::new(level.settings(), seed);
    let mut lines = input.lines();
    writeln!(
        out,
        "Kiela, {variant} variant. You are {human}; the AI ({level}) is {}. South moves first.",
        human.opponent()
    )?;
    writeln!(out, "{HELP}")?;
    show(out, &game, human, level)?;
    while !game.is_over() {
        let side = game.turn();
        if side != human {
            writeln!(out, "The AI is thinking...")?;
            let result = searcher.search(game.position(), &game_history(&game), |_| {});
            let effect = game
                .play(&result.best)
                .expect("the AI only plays legal moves");
            writeln!(out, "{}", describe(side, &result.best, &effect))?;
            show(out, &game, human, level)?;
            continue;
        }
        let legal: Vec<String> = game.legal_moves().iter().map(|h| h.to_string()).collect();
        let mut prompt = format!("Your move ({side}); you can sow {}", legal.join(" "));
        if game.position().may_rearrange(side) {
            prompt += ", or rearrange with @[...]";
        }
        write!(out, "{prompt}\n> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out, "\nInput ended; the game is abandoned.")?;
            return Ok(PlayEnd::Abandoned);
        };
        match parse_input(&line?) {
            Ok(Input::Empty) => {}
            Ok(Input::Help) => writeln!(out, "{HELP}")?,
            Ok(Input::Quit) => {
                writeln!(out, "Game abandoned.")?;
                return Ok(PlayEnd::Abandoned);
            }
            Ok(Input::Resign) => {
                game.resign(human).expect("the game is on");
            }
            Ok(Input::Move(mv)) => match game.play(&mv) {
                Ok(effect) => {
                    writeln!(out, "{}", describe(side, &mv, &effect))?;
                    show(out, &game, human, level)?;
                }
                Err(e) => writeln!(out, "That move is not possible: {e}. Try again.")?,
            },
            Err(message) => writeln!(out, "{message}")?,
        }
    }
    let outcome = game.outcome().expect("the game is over");
    let verdict = match outcome.result.winner() {
        Some(side) if side == human => "You win!",
        Some(_) => "The AI wins.",
        None => "A draw.",
    };
    writeln!(out, "Game over: {outcome}. {verdict}")?;
    Ok(PlayEnd::Finished)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_is_understood() {
        assert_eq!(parse_input(" c2 "), Ok(Input::Move("C2".parse().unwrap())));
        assert_eq!(parse_input("QUIT"), Ok(Input::Quit));
        assert_eq!(parse_input("resign"), Ok(Input::Resign));
        let err = parse_input("x9").unwrap_err();
        assert!(err.contains("Type a hole"), "{err}");
    }

    #[test]
    fn a_game_against_itself_through_the_terminal_ends() {
        // The human side types whatever easy would play; illegal input first.
        let mut out = Vec::new();
        let input = "Z9\nA3\nresign\n";
        let end = play(
            Level::Easy,
            Variant::Standard,
            Side::South,
            1,
            input.as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(end, PlayEnd::Finished);
        assert!(text.contains("Type a hole"), "{text}");
        assert!(text.contains("is North's hole"), "{text}");
        assert!(text.contains("The AI wins."), "{text}");
    }

    #[test]
    fn input_ending_abandons_the_game() {
        let mut out = Vec::new();
        let end = play(
            Level::Easy,
            Variant::Beginner,
            Side::North,
            1,
            "".as_bytes(),
            &mut out,
        )
        .unwrap();
        assert_eq!(end, PlayEnd::Abandoned);
        // The AI (South) moved first.
        assert!(String::from_utf8(out).unwrap().contains("South played"));
    }
}

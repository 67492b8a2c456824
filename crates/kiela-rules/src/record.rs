//! Game records: `variant=standard; South=alice; North=bob; 1. G2 C3 2. J1`.
//!
//! A record is a list of `key=value;` fields followed by the moves. Fields:
//! `variant`, `South`, `North`, and for a finished game `result` (`1-0`,
//! `0-1`, `1/2-1/2`) and `reason` (`no-moves`, `repetition`, `resignation`,
//! `agreement`, `timeout`). A value holding `;` or `"`, or space at its ends,
//! is written in double quotes with `\"` and `\\` escapes. The moves may
//! carry move numbers (`1.`) and may end with a result token. A bare list of
//! moves (`G2 C3 J1`) is a Standard record.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{
    Game, GameError, GameResult, Move, ParseMoveError, ParseOutcomeError, ParseVariantError,
    Reason, Side, Variant,
};

/// A game as written down: who played what, and how it ended.
///
/// ```
/// use kiela_rules::{Game, Record, Variant};
/// let mut game = Game::new(Variant::Standard);
/// game.play(&"G2".parse().unwrap()).unwrap();
/// let record = Record::of_game(&game, "alice", "bob");
/// assert_eq!(record.to_string(), "variant=standard; South=alice; North=bob; 1. G2");
/// assert_eq!(record.to_string().parse::<Record>().unwrap(), record);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub variant: Variant,
    pub south: String,
    pub north: String,
    pub moves: Vec<Move>,
    pub result: Option<GameResult>,
    pub reason: Option<Reason>,
}

/// Why a record could not be read or does not fit its moves.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error(transparent)]
    Variant(#[from] ParseVariantError),
    #[error(transparent)]
    Outcome(#[from] ParseOutcomeError),
    #[error("unknown field `{0}`: the fields are variant, South, North, result and reason")]
    UnknownField(String),
    #[error("a quoted value is not closed: add the closing `\"`")]
    UnclosedQuote,
    #[error("turn {ply}: {error}")]
    BadMove { ply: usize, error: ParseMoveError },
    #[error("`{0}` follows the result; the result must come last")]
    AfterResult(String),
    #[error("the record says {declared}, but the moves give {actual}")]
    ResultMismatch { declared: String, actual: String },
    #[error("turn {ply}: {error}")]
    Illegal { ply: usize, error: GameError },
    #[error("the record says {declared}, but after its moves the game is not over; a result the moves do not decide needs reason=resignation, agreement or timeout to match it")]
    UnexplainedResult { declared: String },
}

impl Record {
    /// The record of `game` between the two named players.
    pub fn of_game(game: &Game, south: &str, north: &str) -> Record {
        let outcome = game.outcome();
        Record {
            variant: game.variant(),
            south: south.to_string(),
            north: north.to_string(),
            moves: game.moves().to_vec(),
            result: outcome.map(|o| o.result),
            reason: outcome.map(|o| o.reason),
        }
    }

    /// Replays the whole record; on an illegal move, says which ply and why.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::replay(self.variant, &self.moves)
            .map_err(|(ply, error)| RecordError::Illegal { ply, error })?;
        self.settle(&mut game)?;
        Ok(game)
    }

    /// After this record's moves were played into `game`: checks the
    /// declared result against them, and applies an ending the moves cannot
    /// show (resignation, agreed draw, timeout).
    pub fn settle(&self, game: &mut Game) -> Result<(), RecordError> {
        let Some(declared) = self.result else {
            return Ok(());
        };
        let declared_text = match self.reason {
            Some(reason) => format!("{declared} ({reason})"),
            None => declared.to_string(),
        };
        if let Some(actual) = game.outcome() {
            if actual.result != declared || self.reason.is_some_and(|r| r != actual.reason) {
                return Err(RecordError::ResultMismatch {
                    declared: declared_text,
                    actual: actual.to_string(),
                });
            }
            return Ok(());
        }
        let loser = declared.winner().map(Side::opponent);
        let ply = game.ply();
        let ended = match (self.reason, loser) {
            (Some(Reason::Resignation), Some(loser)) => game.resign(loser),
            (Some(Reason::Timeout), Some(loser)) => game.time_out(loser),
            (Some(Reason::Agreement), None) => game.agree_draw(),
            _ => {
                return Err(RecordError::UnexplainedResult {
                    declared: declared_text,
                })
            }
        };
        ended
            .map(drop)
            .map_err(|error| RecordError::Illegal { ply, error })
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "variant={}; South={}; North={};",
            self.variant,
            Quoted(&self.south),
            Quoted(&self.north)
        )?;
        if let Some(result) = self.result {
            write!(f, " result={result};")?;
        }
        if let Some(reason) = self.reason {
            write!(f, " reason={reason};")?;
        }
        for (i, mv) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                write!(f, " {}.", i / 2 + 1)?;
            }
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}

/// A field value, quoted when it would not read back as itself.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        let plain = !s.is_empty()
            && s.trim() == s
            && !s.contains([';', '"', '\\', '\n', '\r'])
            && !s.starts_with(|c: char| c.is_ascii_digit());
        if plain {
            return f.write_str(s);
        }
        f.write_str("\"")?;
        for c in s.chars() {
            if matches!(c, '"' | '\\') {
                f.write_str("\\")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("\"")
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut rest = text.trim_start();
        while let Some((key, after)) = field_key(rest) {
            let (value, after) = field_value(after)?;
            match key.to_ascii_lowercase().as_str() {
                "variant" => record.variant = value.parse()?,
                "south" => record.south = value,
                "north" => record.north = value,
                "result" => record.result = Some(value.parse()?),
                "reason" => record.reason = Some(value.parse()?),
                _ => return Err(RecordError::UnknownField(key.to_string())),
            }
            rest = after.trim_start();
        }
        let mut trailing_result = None;
        for token in move_tokens(rest) {
            if trailing_result.is_some() {
                return Err(RecordError::AfterResult(token.to_string()));
            }
            if let Ok(result) = token.parse::<GameResult>() {
                trailing_result = Some(result);
                continue;
            }
            let ply = record.moves.len() + 1;
            let mv = token
                .parse()
                .map_err(|error| RecordError::BadMove { ply, error })?;
            record.moves.push(mv);
        }
        if let Some(result) = trailing_result {
            if record.result.is_some_and(|r| r != result) {
                return Err(RecordError::ResultMismatch {
                    declared: record.result.expect("checked").to_string(),
                    actual: result.to_string(),
                });
            }
            record.result = Some(result);
        }
        Ok(record)
    }
}

/// If `s` starts with `key=`, the key and what follows the `=`.
fn field_key(s: &str) -> Option<(&str, &str)> {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    let (key, after) = s.split_at(end);
    let after = after.trim_start().strip_prefix('=')?;
    (!key.is_empty() && !key.starts_with(|c: char| c.is_ascii_digit())).then_some((key, after))
}

/// A field's value up to and including its `;` (or the end), and the rest.
fn field_value(s: &str) -> Result<(String, &str), RecordError> {
    let s = s.trim_start();
    let Some(quoted) = s.strip_prefix('"') else {
        let end = s.find(';').unwrap_or(s.len());
        let rest = s[end..].strip_prefix(';').unwrap_or(&s[end..]);
        return Ok((s[..end].trim().to_string(), rest));
    };
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or(RecordError::UnclosedQuote)?.1),
            '"' => {
                let after = quoted[i + 1..].trim_start();
                return Ok((value, after.strip_prefix(';').unwrap_or(after)));
            }
            _ => value.push(c),
        }
    }
    Err(RecordError::UnclosedQuote)
}

/// The move tokens of a movetext: move numbers dropped, `@[…]` kept whole.
fn move_tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        // A move number like `12.` may be glued to the move that follows.
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits > 0 && rest[digits..].starts_with('.') {
            rest = rest[digits + 1..].trim_start();
            continue;
        }
        let end = if rest.starts_with('@') {
            rest.find(']').map_or(rest.len(), |i| i + 1)
        } else {
            rest.find(char::is_whitespace).unwrap_or(rest.len())
        };
        tokens.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_rules_example_and_bare_lists() {
        let record: Record = "variant=standard; South=alice; North=bob; 1. G2 C3 2. J1"
            .parse()
            .unwrap();
        assert_eq!(
            (record.south.as_str(), record.north.as_str()),
            ("alice", "bob")
        );
        assert_eq!(record.moves.len(), 3);
        let bare: Record = "g2 c3\nj1".parse().unwrap();
        assert_eq!(bare.moves, record.moves);
        assert_eq!(bare.variant, Variant::Standard);
        let glued: Record = "1.G2 C3 2.J1 1-0".parse().unwrap();
        assert_eq!(glued.moves, record.moves);
        assert_eq!(glued.result, Some(GameResult::SouthWins));
    }

    #[test]
    fn awkward_names_round_trip() {
        for name in [
            "a;b",
            "say \"hi\"",
            " padded ",
            "",
            "back\\slash",
            "42",
            "名前",
        ] {
            let record = Record {
                south: name.to_string(),
                north: "x=y".into(),
                ..Record::default()
            };
            let printed = record.to_string();
            assert_eq!(printed.parse::<Record>().unwrap(), record, "{printed}");
        }
    }

    #[test]
    fn rearrangements_round_trip() {
        let text =
            "variant=expert; South=a; North=b; 1. @[0 0 0 0 0 0 0 0 0 0 14 14 0 0 0 0 0 0 0 0] C3";
        let record: Record = text.parse().unwrap();
        assert!(matches!(record.moves[0], Move::Arrange(_)));
        assert_eq!(record.to_string(), text);
    }

    #[test]
    fn errors_name_the_problem() {
        let err = |s: &str| s.parse::<Record>().unwrap_err().to_string();
        assert!(err("variant=chess; G2").contains("`chess` is not a variant"));
        assert!(err("colour=red; G2").contains("unknown field `colour`"));
        assert_eq!(
            err("G2 C3 X9"),
            "turn 3: `X9` is not a hole: use a column A-J and a row 1-4, like C2"
        );
        assert!(err("G2 1-0 C3").contains("must come last"));
        assert!(err("South=\"alice; G2").contains("not closed"));
        assert!(err("result=1-0; G2 0-1").contains("says 1-0"));
    }

    #[test]
    fn declared_endings_are_checked_and_applied() {
        let resigned: Record = "result=0-1; reason=resignation; G2".parse().unwrap();
        let game = resigned.replay().unwrap();
        assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Resignation));
        let unexplained: Record = "G2 1-0".parse().unwrap();
        assert!(unexplained
            .replay()
            .unwrap_err()
            .to_string()
            .contains("not over"));
        let wrong: Record = "result=1/2-1/2; reason=resignation; G2".parse().unwrap();
        assert!(wrong.replay().is_err());
    }
}

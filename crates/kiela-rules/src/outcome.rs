//! How a game ends: the result and the reason.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::Side;

/// The result of a finished game, in record notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// `1-0`
    SouthWins,
    /// `0-1`
    NorthWins,
    /// `1/2-1/2`
    Draw,
}

impl GameResult {
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::South => GameResult::SouthWins,
            Side::North => GameResult::NorthWins,
        }
    }

    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::SouthWins => Some(Side::South),
            GameResult::NorthWins => Some(Side::North),
            GameResult::Draw => None,
        }
    }

    pub fn notation(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reason {
    /// The player to move had no legal move and lost.
    NoMoves,
    /// The same position arose for the third time: a draw.
    Repetition,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// A player did not move in time and lost.
    Timeout,
}

impl Reason {
    pub const ALL: [Reason; 5] = [
        Reason::NoMoves,
        Reason::Repetition,
        Reason::Resignation,
        Reason::Agreement,
        Reason::Timeout,
    ];

    /// `no-moves`, `repetition`, `resignation`, `agreement` or `timeout`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::NoMoves => "no-moves",
            Reason::Repetition => "repetition",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Timeout => "timeout",
        }
    }

    /// Whether the moves alone decide this ending (a record replay finds it).
    pub fn follows_from_moves(self) -> bool {
        matches!(self, Reason::NoMoves | Reason::Repetition)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The end of a game: its result and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    pub result: GameResult,
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result, self.reason)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseOutcomeError {
    #[error("`{0}` is not a result: use 1-0, 0-1 or 1/2-1/2")]
    Result(String),
    #[error("`{0}` is not a reason: use no-moves, repetition, resignation, agreement or timeout")]
    Reason(String),
}

impl FromStr for GameResult {
    type Err = ParseOutcomeError;
    fn from_str(s: &str) -> Result<GameResult, ParseOutcomeError> {
        [
            GameResult::SouthWins,
            GameResult::NorthWins,
            GameResult::Draw,
        ]
        .into_iter()
        .find(|r| r.notation() == s.trim())
        .ok_or_else(|| ParseOutcomeError::Result(s.to_string()))
    }
}

impl FromStr for Reason {
    type Err = ParseOutcomeError;
    fn from_str(s: &str) -> Result<Reason, ParseOutcomeError> {
        Reason::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOutcomeError::Reason(s.to_string()))
    }
}

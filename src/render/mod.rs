//! Board pictures and their text description.
//!
//! The game service and the Discord adapter call exactly two functions:
//! [`render_png`] for the picture posted after every turn, and [`alt_text`]
//! for its description (the attachment's alt text, read by screen readers,
//! and what the terminal prints). Both take the same [`BoardView`], so the
//! picture and the words always describe the same thing.
//!
//! ```
//! use kiela::render::{alt_text, render_png, BoardView, HEIGHT, WIDTH};
//! use kiela::rules::{Position, Variant};
//!
//! let position = Position::new(Variant::Standard);
//! let view = BoardView::new(&position, "alice", "bob");
//! let png = render_png(&view).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! assert!(alt_text(&view).starts_with("Kiela board, Standard, move 1. alice (South) to move."));
//! assert_eq!((WIDTH, HEIGHT), (1000, 500));
//! ```

mod alt_text;
mod board;
mod encode;
mod paint;

use thiserror::Error;

use crate::rules::{HoleSet, Move, MoveEffect, Outcome, Position, Side};

pub use alt_text::{alt_text, ALT_TEXT_MAX_CHARS};
pub use board::{draw_board, hole_centre, HEIGHT, WIDTH};

/// Everything a board picture shows: the position and the game around it.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    /// The position to draw (its variant and the player to move come from it).
    pub position: &'a Position,
    /// South's display name (bottom of the picture). Control characters are
    /// dropped and a name too long for the picture is shortened with `…`.
    pub south_name: &'a str,
    /// North's display name (top of the picture).
    pub north_name: &'a str,
    /// Plies (single turns) played so far. The picture shows the record's
    /// move number of the turn to come, `ply / 2 + 1` ("1. G2 C3 2. J1").
    pub ply: usize,
    /// The move that led to `position`, to highlight; `None` at the start.
    pub last_move: Option<LastMove>,
    /// How the game ended, for the result banner; `None` while it goes on.
    pub outcome: Option<Outcome>,
}

impl<'a> BoardView<'a> {
    /// A view of `position` with no move history: ply 0, no last move, no
    /// result. Set the other fields directly when there is more to show.
    pub fn new(position: &'a Position, south_name: &'a str, north_name: &'a str) -> BoardView<'a> {
        BoardView {
            position,
            south_name,
            north_name,
            ply: 0,
            last_move: None,
            outcome: None,
        }
    }

    /// The display name of `side`.
    pub fn name(&self, side: Side) -> &'a str {
        match side {
            Side::South => self.south_name,
            Side::North => self.north_name,
        }
    }

    /// Who played the last move: always the opponent of the player to move,
    /// since a move passes the turn and an ending does not.
    pub fn last_mover(&self) -> Side {
        self.position.turn().opponent()
    }
}

/// The move just played, as the picture highlights it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The sowing (its hole gets a thick ring) or the Expert rearrangement.
    pub played: Move,
    /// The opponent's holes captured from (each gets a dashed square).
    pub captured: HoleSet,
    /// How many stones those captures took in all.
    pub captured_stones: u8,
}

impl LastMove {
    /// The last move from what [`Position::play`] or
    /// [`crate::rules::Game::play`] returned for it.
    pub fn new(played: Move, effect: &MoveEffect) -> LastMove {
        LastMove {
            played,
            captured: effect.captured,
            captured_stones: effect.captured_stones,
        }
    }
}

/// Why a picture could not be made.
#[derive(Debug, Error)]
pub enum RenderError {
    #[error("cannot encode the board picture as PNG: {0}")]
    Encode(#[from] png::EncodingError),
}

/// The board picture as PNG bytes, [`WIDTH`] x [`HEIGHT`] pixels (2:1,
/// legible at the 400 pixels Discord gives it on a phone).
pub fn render_png(view: &BoardView) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw_board(view))
}

/// Words shared by the picture and the alt text.
pub(crate) mod words {
    use crate::rules::{GameResult, Outcome, Reason, Side};

    /// `"alice (South)"`, or `"South"` for a player known by their side only.
    pub fn player(name: &str, side: Side) -> String {
        if name == side.to_string() {
            name.to_string()
        } else {
            format!("{name} ({side})")
        }
    }

    /// `"alice (South) wins: North has no legal move"`, `"Draw by repetition"`.
    pub fn outcome(outcome: &Outcome, name: impl Fn(Side) -> String) -> String {
        let loser = outcome.result.winner().map(Side::opponent);
        let why = match (outcome.reason, loser) {
            (Reason::NoMoves, Some(loser)) => format!("{loser} has no legal move"),
            (Reason::Resignation, Some(loser)) => format!("{loser} resigned"),
            (Reason::Timeout, Some(loser)) => format!("{loser} ran out of time"),
            (Reason::Repetition, _) => "threefold repetition".to_string(),
            (Reason::Agreement, _) => "agreed by both players".to_string(),
            (reason, None) => reason.name().replace('-', " "),
        };
        match outcome.result {
            GameResult::Draw => format!("Draw: {why}"),
            GameResult::SouthWins | GameResult::NorthWins => {
                let winner = outcome.result.winner().unwrap_or(Side::South);
                format!("{} wins: {why}", player(&name(winner), winner))
            }
        }
    }

    /// The variant's name with a capital letter.
    pub fn variant(variant: crate::rules::Variant) -> &'static str {
        match variant {
            crate::rules::Variant::Standard => "Standard",
            crate::rules::Variant::Beginner => "Beginner",
            crate::rules::Variant::Expert => "Expert",
        }
    }
}

/// A display name made safe to draw: no control characters, surrounding
/// space trimmed, the side's name when nothing is left.
pub(crate) fn clean_name(name: &str, side: Side) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let cleaned = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    if cleaned.is_empty() {
        side.to_string()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameResult, Reason};

    #[test]
    fn names_lose_control_characters_and_fall_back_to_the_side() {
        assert_eq!(clean_name(" al\u{7}ice\n ", Side::South), "al ice");
        assert_eq!(clean_name(" \t", Side::North), "North");
    }

    #[test]
    fn outcomes_read_naturally() {
        let name = |side: Side| if side == Side::South { "alice" } else { "bob" }.to_string();
        let won = Outcome {
            result: GameResult::NorthWins,
            reason: Reason::NoMoves,
        };
        assert_eq!(
            words::outcome(&won, name),
            "bob (North) wins: South has no legal move"
        );
        let resigned = Outcome {
            result: GameResult::SouthWins,
            reason: Reason::Resignation,
        };
        assert_eq!(
            words::outcome(&resigned, name),
            "alice (South) wins: North resigned"
        );
        let drawn = Outcome {
            result: GameResult::Draw,
            reason: Reason::Repetition,
        };
        assert_eq!(words::outcome(&drawn, name), "Draw: threefold repetition");
    }
}

//! A move: a sowing from one hole, or an Expert rearrangement.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Hole, Layout, LayoutError, ParseHoleError};

/// What a player does on their turn.
///
/// Notation: the hole name for a sowing (`G2`), `@[` layout `]` for a
/// rearrangement (`@[0 0 2 … 3]`).
///
/// ```
/// use kiela_rules::Move;
/// let mv: Move = "g2".parse().unwrap();
/// assert_eq!(mv.to_string(), "G2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Sow(Hole),
    Arrange(Layout),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow(hole) => write!(f, "{hole}"),
            Move::Arrange(layout) => {
                let entries: Vec<String> = layout.0.iter().map(u8::to_string).collect();
                write!(f, "@[{}]", entries.join(" "))
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    #[error(transparent)]
    Hole(#[from] ParseHoleError),
    #[error("bad rearrangement `{token}`: {error}")]
    Layout { token: String, error: LayoutError },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        match s.strip_prefix('@') {
            Some(rest) => {
                let inner = rest.trim().trim_start_matches('[').trim_end_matches(']');
                inner
                    .parse()
                    .map(Move::Arrange)
                    .map_err(|error| ParseMoveError::Layout {
                        token: s.to_string(),
                        error,
                    })
            }
            None => Ok(Move::Sow(s.parse()?)),
        }
    }
}

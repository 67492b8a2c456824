//! The three ways to play: Standard, Beginner and Expert.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A variant of Kiela (RULES.md, "Start position").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Two stones per starting hole; a move needs at least two stones.
    #[default]
    Standard,
    /// One stone per starting hole; a single stone may be sown.
    Beginner,
    /// Standard, plus an optional rearrangement as each player's first turn.
    Expert,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::Beginner, Variant::Expert];

    /// Stones a hole must hold to be sown from.
    #[inline]
    pub fn min_stones(self) -> u8 {
        match self {
            Variant::Beginner => 1,
            Variant::Standard | Variant::Expert => 2,
        }
    }

    /// Stones in each starting hole.
    pub fn start_stones(self) -> u8 {
        match self {
            Variant::Beginner => 1,
            Variant::Standard | Variant::Expert => 2,
        }
    }

    /// Lower-case name, as in records and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Beginner => "beginner",
            Variant::Expert => "expert",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a variant: use standard, beginner or expert")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseVariantError(s.to_string()))
    }
}

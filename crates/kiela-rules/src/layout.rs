//! Expert rearrangements: a player's stones spread over their own 20 holes.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Hole, Side};

/// The counts a player puts in their 20 holes, in reading order of their two
/// rows as drawn: the upper row from A to J, then the lower row from A to J
/// (South: row 2 then row 1; North: row 4 then row 3).
///
/// ```
/// use kiela_rules::Layout;
/// let layout: Layout = "0 0 0 0 0 0 0 0 0 0 / 14 14 0 0 0 0 0 0 0 0".parse().unwrap();
/// assert_eq!(layout.total(), 28);
/// assert!("1, 2, x".parse::<Layout>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout(pub [u8; 20]);

impl Layout {
    /// Total number of stones in the layout.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// The hole of `side` that entry `index` (0..20) of a layout fills.
    pub fn hole(side: Side, index: usize) -> Hole {
        let (upper, lower) = match side {
            Side::South => (2, 1),
            Side::North => (4, 3),
        };
        let row = if index < 10 { upper } else { lower };
        Hole::new((index % 10) as u8, row).expect("index < 20")
    }
}

/// Why a layout was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LayoutError {
    #[error(
        "the layout has {0} entries; it needs 20 (your upper row A-J, then your lower row A-J)"
    )]
    WrongLength(usize),
    #[error("`{0}` is not a whole number of stones")]
    NotANumber(String),
    #[error("`{0}` is negative; a hole holds 0 or more stones")]
    Negative(String),
    #[error("`{0}` is more stones than the whole board holds")]
    TooLarge(String),
    #[error("the `/` must separate your two rows of 10 entries, and appear at most once")]
    MisplacedSlash,
    #[error("the layout has {layout} stones; you have {have}")]
    WrongTotal { layout: u32, have: u32 },
}

impl FromStr for Layout {
    type Err = LayoutError;

    fn from_str(s: &str) -> Result<Layout, LayoutError> {
        let mut entries = Vec::with_capacity(20);
        let mut slash_after = Vec::new();
        for (i, part) in s.split('/').enumerate() {
            if i > 0 {
                slash_after.push(entries.len());
            }
            for token in part.split(|c: char| c == ',' || c.is_whitespace()) {
                if token.is_empty() {
                    continue;
                }
                let n: i64 = token
                    .parse()
                    .map_err(|_| LayoutError::NotANumber(token.to_string()))?;
                if n < 0 {
                    return Err(LayoutError::Negative(token.to_string()));
                }
                if n > 56 {
                    return Err(LayoutError::TooLarge(token.to_string()));
                }
                entries.push(n as u8);
            }
        }
        if entries.len() != 20 {
            return Err(LayoutError::WrongLength(entries.len()));
        }
        if !(slash_after.is_empty() || slash_after == [10]) {
            return Err(LayoutError::MisplacedSlash);
        }
        Ok(Layout(entries.try_into().expect("20 entries")))
    }
}

impl fmt::Display for Layout {
    /// Both rows separated by ` / `: `2 2 0 … / 0 0 …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.0.iter().enumerate() {
            match i {
                0 => {}
                10 => f.write_str(" / ")?,
                _ => f.write_str(" ")?,
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_spaces_commas_and_one_slash() {
        let spaced: Layout = "1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2".parse().unwrap();
        let commas: Layout = "1,1,1,1,1,1,1,1,1,1/2,2,2,2,2,2,2,2,2,2".parse().unwrap();
        assert_eq!(spaced, commas);
        assert_eq!(spaced.total(), 30);
        assert_eq!(spaced.to_string().parse::<Layout>(), Ok(spaced));
    }

    #[test]
    fn refusals_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Layout>().unwrap_err();
        assert_eq!(err("1 2 3"), LayoutError::WrongLength(3));
        assert_eq!(err(&"1 ".repeat(21)), LayoutError::WrongLength(21));
        assert_eq!(
            err(&format!("{} x", "1 ".repeat(19))),
            LayoutError::NotANumber("x".into())
        );
        assert_eq!(
            err(&format!("{} -1", "1 ".repeat(19))),
            LayoutError::Negative("-1".into())
        );
        assert_eq!(
            err(&format!("{} 1.5", "1 ".repeat(19))),
            LayoutError::NotANumber("1.5".into())
        );
        assert_eq!(
            err(&format!("{} 99", "1 ".repeat(19))),
            LayoutError::TooLarge("99".into())
        );
        assert_eq!(
            err(&format!("1 / {}", "1 ".repeat(19))),
            LayoutError::MisplacedSlash
        );
        assert_eq!(
            err("1 1 1 1 1 1 1 1 1 1 / 1 1 1 1 1 / 1 1 1 1 1"),
            LayoutError::MisplacedSlash
        );
        assert!(err("1 2").to_string().contains("needs 20"));
    }

    #[test]
    fn entries_map_to_the_rows_in_reading_order() {
        assert_eq!(Layout::hole(Side::South, 0).to_string(), "A2");
        assert_eq!(Layout::hole(Side::South, 19).to_string(), "J1");
        assert_eq!(Layout::hole(Side::North, 0).to_string(), "A4");
        assert_eq!(Layout::hole(Side::North, 10).to_string(), "A3");
    }
}

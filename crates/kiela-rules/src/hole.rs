//! The two sides and the forty holes, with their notation.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A player's seat. South sits at the bottom of every picture and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index of this side's rows in a position.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// One of the 40 holes, by absolute coordinates: columns `A`..`J` left to
/// right as drawn, rows `1`..`4` bottom to top.
///
/// The index order is A1..J1, A2..J2, A3..J3, A4..J4, the order of boards in
/// JSON output.
///
/// ```
/// use kiela_rules::{Hole, Side};
/// let hole: Hole = "c2".parse().unwrap();
/// assert_eq!(hole.to_string(), "C2");
/// assert_eq!(hole.owner(), Side::South);
/// assert_eq!(hole.relative(), 17); // South's inner row runs J2 (10) .. A2 (19)
/// assert_eq!(Hole::from_relative(Side::South, 17), hole);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(u8);

impl Hole {
    /// Number of holes on the board.
    pub const COUNT: usize = 40;

    /// All holes in index order (A1..J1, A2..J2, A3..J3, A4..J4).
    pub fn all() -> impl Iterator<Item = Hole> {
        (0..Self::COUNT as u8).map(Hole)
    }

    /// The hole at `column` (0 = A .. 9 = J) and `row` (1..=4).
    pub fn new(column: u8, row: u8) -> Option<Hole> {
        (column < 10 && (1..=4).contains(&row)).then(|| Hole((row - 1) * 10 + column))
    }

    /// The hole at an index 0..40 in A1..J4 order.
    pub fn from_index(index: usize) -> Option<Hole> {
        (index < Self::COUNT).then_some(Hole(index as u8))
    }

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0 (A) .. 9 (J).
    #[inline]
    pub fn column(self) -> u8 {
        self.0 % 10
    }

    /// Row 1 (bottom) .. 4 (top).
    #[inline]
    pub fn row(self) -> u8 {
        self.0 / 10 + 1
    }

    /// The player whose rows hold this hole: rows 1-2 South, rows 3-4 North.
    #[inline]
    pub fn owner(self) -> Side {
        if self.0 < 20 {
            Side::South
        } else {
            Side::North
        }
    }

    /// Whether this is one of the two middle rows (2 and 3), where captures happen.
    pub fn is_inner(self) -> bool {
        matches!(self.row(), 2 | 3)
    }

    /// The owner's player-relative position 0..20: 0..10 the outer row from
    /// the owner's left, 10..20 the inner row from the owner's right, so that
    /// sowing goes from `p` to `(p + 1) % 20`.
    #[inline]
    pub fn relative(self) -> usize {
        RELATIVE[self.index()] as usize
    }

    /// The hole of `side` at player-relative position `pos` (0..20).
    #[inline]
    pub fn from_relative(side: Side, pos: usize) -> Hole {
        Hole(ABSOLUTE[side.index()][pos])
    }
}

/// Player-relative position of each absolute hole.
const RELATIVE: [u8; 40] = {
    let mut table = [0u8; 40];
    let mut side = 0;
    while side < 2 {
        let mut pos = 0;
        while pos < 20 {
            table[ABSOLUTE[side][pos] as usize] = pos as u8;
            pos += 1;
        }
        side += 1;
    }
    table
};

/// Absolute index of each player-relative position, per side.
const ABSOLUTE: [[u8; 20]; 2] = {
    let mut table = [[0u8; 20]; 2];
    let mut k = 0;
    while k < 10 {
        // South: A1..J1 then J2..A2.
        table[0][k] = k as u8;
        table[0][10 + k] = (10 + 9 - k) as u8;
        // North: J4..A4 then A3..J3.
        table[1][k] = (30 + 9 - k) as u8;
        table[1][10 + k] = (20 + k) as u8;
        k += 1;
    }
    table
};

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column()) as char, self.row())
    }
}

/// A hole name that is not `A1`..`J4`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a hole: use a column A-J and a row 1-4, like C2")]
pub struct ParseHoleError(pub String);

/// A hole is stored by its name (`G2`), so one read back is checked like
/// one typed.
#[cfg(feature = "serde")]
impl serde::Serialize for Hole {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Hole {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Hole, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Hole {
    type Err = ParseHoleError;

    fn from_str(s: &str) -> Result<Hole, ParseHoleError> {
        let err = || ParseHoleError(s.to_string());
        let &[column, row] = s.trim().as_bytes() else {
            return Err(err());
        };
        let column = column.to_ascii_uppercase().wrapping_sub(b'A');
        let row = row.wrapping_sub(b'0');
        Hole::new(column, row).ok_or_else(err)
    }
}

/// A set of holes, as a bit set (used for the holes a move captured from).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HoleSet(u64);

impl HoleSet {
    pub const EMPTY: HoleSet = HoleSet(0);

    #[inline]
    pub fn insert(&mut self, hole: Hole) {
        self.0 |= 1 << hole.0;
    }

    pub fn contains(self, hole: Hole) -> bool {
        self.0 & (1 << hole.0) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The holes in index order.
    pub fn iter(self) -> impl Iterator<Item = Hole> {
        Hole::all().filter(move |&h| self.contains(h))
    }
}

impl FromIterator<Hole> for HoleSet {
    fn from_iter<I: IntoIterator<Item = Hole>>(iter: I) -> Self {
        let mut set = HoleSet::EMPTY;
        for hole in iter {
            set.insert(hole);
        }
        set
    }
}

#[cfg(test)]
mod tests {

    #[cfg(feature = "serde")]
    #[test]
    fn a_hole_is_stored_by_its_name_and_checked_when_read() {
        for hole in Hole::all() {
            let json = serde_json::to_string(&hole).unwrap();
            assert_eq!(json, format!("\"{hole}\""));
            assert_eq!(serde_json::from_str::<Hole>(&json).unwrap(), hole);
        }
        assert!(serde_json::from_str::<Hole>("\"K3\"").is_err());
        assert!(serde_json::from_str::<Hole>("7").is_err());
    }

    use super::*;

    #[test]
    fn names_round_trip_and_parse_case_insensitively() {
        for hole in Hole::all() {
            assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
            assert_eq!(hole.to_string().to_lowercase().parse::<Hole>(), Ok(hole));
        }
        for bad in ["", "K1", "A0", "A5", "AA", "A10", "1A", "é1"] {
            assert!(bad.parse::<Hole>().is_err(), "{bad}");
        }
    }

    #[test]
    fn relative_positions_follow_the_sowing_loops() {
        let south: Vec<String> = (0..20)
            .map(|p| Hole::from_relative(Side::South, p).to_string())
            .collect();
        assert_eq!(south[..3], ["A1", "B1", "C1"]);
        assert_eq!(south[9..12], ["J1", "J2", "I2"]);
        assert_eq!(south[19], "A2");
        let north: Vec<String> = (0..20)
            .map(|p| Hole::from_relative(Side::North, p).to_string())
            .collect();
        assert_eq!(north[..2], ["J4", "I4"]);
        assert_eq!(north[9..12], ["A4", "A3", "B3"]);
        assert_eq!(north[19], "J3");
        for hole in Hole::all() {
            assert_eq!(Hole::from_relative(hole.owner(), hole.relative()), hole);
        }
    }

    #[test]
    fn inner_holes_face_the_same_column() {
        for k in 10..20 {
            let mine = Hole::from_relative(Side::South, k);
            let facing = Hole::from_relative(Side::North, 29 - k);
            let behind = Hole::from_relative(Side::North, k - 10);
            assert_eq!(
                (mine.column(), facing.column(), behind.column()),
                (mine.column(), mine.column(), mine.column())
            );
            assert_eq!((facing.row(), behind.row()), (3, 4));
        }
    }
}

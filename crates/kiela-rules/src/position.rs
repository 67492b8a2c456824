//! The position: the 40 holes, whose turn it is, and the Expert rights.
//! It only changes through [`Position::play`].

use std::fmt;

use thiserror::Error;

use super::{Hole, HoleSet, Layout, LayoutError, Move, Side, Variant};

use super::sowing::{self, Rows, Unfinished};
use super::trace::{Recorder, Trace};

/// A Kiela position. `Copy` and small, so searches copy it freely.
///
/// ```
/// use kiela_rules::{Move, Position, Side, Variant};
/// let mut pos = Position::new(Variant::Standard);
/// assert_eq!(pos.turn(), Side::South);
/// pos.play(&"G2".parse().unwrap()).unwrap();
/// assert_eq!(pos.turn(), Side::North);
/// assert_eq!(pos.total_stones(), 56);
/// let err = pos.play(&"G2".parse().unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "G2 is South's hole");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    rows: [Rows; 2],
    turn: Side,
    variant: Variant,
    /// Expert: whether each side's first turn is still to come.
    may_rearrange: [bool; 2],
}

/// What a legal move did, for highlighting it and describing it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffect {
    /// The opponent's holes whose stones were captured.
    pub captured: HoleSet,
    /// How many stones were captured in all.
    pub captured_stones: u8,
    /// How many times the sowing picked up again from the hole it ended in.
    pub relays: u32,
    /// The hole where the last stone fell (`None` for a rearrangement).
    pub last: Option<Hole>,
}

/// Why a move was refused. The message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum IllegalMove {
    #[error("{hole} is {owner}'s hole")]
    NotYourHole { hole: Hole, owner: Side },
    #[error("{0} is empty")]
    Empty(Hole),
    #[error("{hole} holds a single stone; {variant} needs at least {min}", variant = capitalised(.variant.name()), min = .variant.min_stones())]
    TooFewStones { hole: Hole, variant: Variant },
    #[error("sowing from {0} would never end")]
    Endless(Hole),
    #[error("rearranging is only allowed in the Expert variant")]
    NotExpert,
    #[error("you can only rearrange on your first turn")]
    RearrangementUsed,
    #[error(transparent)]
    Layout(#[from] LayoutError),
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The sowings a player may choose, in hole order. Fixed-size: no allocation.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    holes: [Hole; 20],
    len: u8,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            holes: [Hole::from_relative(Side::South, 0); 20],
            len: 0,
        }
    }

    fn push(&mut self, hole: Hole) {
        self.holes[self.len as usize] = hole;
        self.len += 1;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Hole];
    fn deref(&self) -> &[Hole] {
        &self.holes[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Position {
    /// The start position of `variant`, South to move.
    pub fn new(variant: Variant) -> Position {
        let n = variant.start_stones();
        // Outer row (0..10) full, and the four right-most inner holes from
        // the owner's seat, which are the first four of the inner loop.
        let mut counts = [0; 20];
        counts[..14].fill(n);
        let rows = Rows::from_counts(counts);
        Position {
            rows: [rows; 2],
            turn: Side::South,
            variant,
            may_rearrange: [variant == Variant::Expert; 2],
        }
    }

    /// A position from counts in A1..J4 order (as in JSON boards). No Expert
    /// rearrangement rights: it is not a start position.
    pub fn from_board(variant: Variant, board: [u8; 40], turn: Side) -> Position {
        let mut counts = [[0; 20]; 2];
        for hole in Hole::all() {
            counts[hole.owner().index()][hole.relative()] = board[hole.index()];
        }
        Position {
            rows: counts.map(Rows::from_counts),
            turn,
            variant,
            may_rearrange: [false; 2],
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The player to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Stones in `hole`.
    #[inline]
    pub fn stones(&self, hole: Hole) -> u8 {
        self.rows[hole.owner().index()].get(hole.relative())
    }

    /// All counts in A1..J1, A2..J2, A3..J3, A4..J4 order.
    pub fn board(&self) -> [u8; 40] {
        std::array::from_fn(|i| self.stones(Hole::from_index(i).expect("i < 40")))
    }

    /// `side`'s 20 counts in its sowing order: position `p` holds the
    /// stones of [`Hole::from_relative`]`(side, p)` (the outer row from
    /// where sowing starts, then the inner row). The evaluation's fast read.
    #[inline]
    pub fn relative_counts(&self, side: Side) -> [u8; 20] {
        self.rows[side.index()].counts()
    }

    /// Stones on `side`'s two rows.
    pub fn side_stones(&self, side: Side) -> u32 {
        self.rows[side.index()]
            .counts()
            .iter()
            .map(|&n| n as u32)
            .sum()
    }

    pub fn total_stones(&self) -> u32 {
        self.side_stones(Side::South) + self.side_stones(Side::North)
    }

    /// Whether `side` may still rearrange (Expert, before their first turn).
    pub fn may_rearrange(&self, side: Side) -> bool {
        self.may_rearrange[side.index()]
    }

    /// `side`'s stones as a layout (reading order of their rows).
    pub fn layout(&self, side: Side) -> Layout {
        Layout(std::array::from_fn(|i| self.stones(Layout::hole(side, i))))
    }

    /// The holes the player to move may sow from: enough stones, and a
    /// sowing that ends. (An Expert rearrangement is allowed in addition
    /// when [`Position::may_rearrange`] says so.)
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let me = self.turn;
        let min = self.variant.min_stones();
        for hole in Hole::all().filter(|h| h.owner() == me) {
            let pos = hole.relative();
            if self.rows[me.index()].get(pos) >= min && { *self }.sow(pos, u32::MAX).is_ok() {
                list.push(hole);
            }
        }
        list
    }

    /// Whether the player to move has any legal move at all.
    pub fn has_legal_move(&self) -> bool {
        self.may_rearrange(self.turn) || !self.legal_moves().is_empty()
    }

    /// Plays `mv` for the player to move, or explains why it is illegal
    /// (and then leaves the position unchanged).
    ///
    /// Deciding that a sowing is endless takes one trip round its cycle
    /// (or round the part of it after which the state repeats turned
    /// round), which in rare positions is hundreds of millions of relays
    /// (a second or two). Searches with a time budget use
    /// [`Position::play_bounded`].
    pub fn play(&mut self, mv: &Move) -> Result<MoveEffect, IllegalMove> {
        self.play_bounded(mv, u32::MAX)
            .map(|effect| effect.expect("an unbounded sowing always finishes"))
    }

    /// Like [`Position::play`], but gives up on a sowing after `max_relays`
    /// relays with `Ok(None)`, leaving the position unchanged. Sowings that
    /// end do so within a few dozen relays in practice; only the proof that
    /// one never ends can take long.
    pub fn play_bounded(
        &mut self,
        mv: &Move,
        max_relays: u32,
    ) -> Result<Option<MoveEffect>, IllegalMove> {
        let effect = match mv {
            Move::Sow(hole) => match self.play_sowing(*hole, max_relays)? {
                Some(effect) => effect,
                None => return Ok(None),
            },
            Move::Arrange(layout) => self.play_rearrangement(layout)?,
        };
        self.end_turn();
        Ok(Some(effect))
    }

    /// The path `mv` would take from here, lap by lap (see [`Trace`]);
    /// empty for a rearrangement. Refuses an illegal move as
    /// [`Position::play`] does, so an endless sowing is never traced.
    ///
    /// ```
    /// use kiela_rules::{LapKind, Position, Variant};
    /// let pos = Position::new(Variant::Standard);
    /// let trace = pos.trace(&"G2".parse().unwrap()).unwrap();
    /// let first = trace.laps[0];
    /// assert_eq!((first.kind, first.from.to_string(), first.stones), (LapKind::Sow, "G2".into(), 2));
    /// assert_eq!(first.ended.to_string(), "E2");
    /// ```
    pub fn trace(&self, mv: &Move) -> Result<Trace, IllegalMove> {
        let mut after = *self;
        let effect = after.play(mv)?;
        let Move::Sow(hole) = mv else {
            return Ok(Trace::default());
        };
        let mut tracing = *self;
        let mut recorder = Recorder::new(self.turn);
        let [south, north] = &mut tracing.rows;
        let (mine, theirs) = match self.turn {
            Side::South => (south, north),
            Side::North => (north, south),
        };
        let traced = sowing::sow_traced(
            self.turn,
            mine,
            theirs,
            hole.relative(),
            effect.relays,
            &mut recorder,
        );
        debug_assert_eq!(traced, Ok(effect), "the traced sowing is the same sowing");
        Ok(recorder.finish())
    }

    fn play_sowing(
        &mut self,
        hole: Hole,
        max_relays: u32,
    ) -> Result<Option<MoveEffect>, IllegalMove> {
        let me = self.turn;
        if hole.owner() != me {
            return Err(IllegalMove::NotYourHole {
                hole,
                owner: hole.owner(),
            });
        }
        let pos = hole.relative();
        match self.rows[me.index()].get(pos) {
            0 => return Err(IllegalMove::Empty(hole)),
            n if n < self.variant.min_stones() => {
                return Err(IllegalMove::TooFewStones {
                    hole,
                    variant: self.variant,
                })
            }
            _ => {}
        }
        match self.sow(pos, max_relays) {
            Ok(effect) => Ok(Some(effect)),
            Err(Unfinished::Endless) => Err(IllegalMove::Endless(hole)),
            Err(Unfinished::TooLong) => Ok(None),
        }
    }

    fn play_rearrangement(&mut self, layout: &Layout) -> Result<MoveEffect, IllegalMove> {
        let me = self.turn;
        if self.variant != Variant::Expert {
            return Err(IllegalMove::NotExpert);
        }
        if !self.may_rearrange(me) {
            return Err(IllegalMove::RearrangementUsed);
        }
        let have = self.side_stones(me);
        if layout.total() != have {
            return Err(LayoutError::WrongTotal {
                layout: layout.total(),
                have,
            }
            .into());
        }
        let mut counts = [0; 20];
        for (i, &n) in layout.0.iter().enumerate() {
            counts[Layout::hole(me, i).relative()] = n;
        }
        self.rows[me.index()] = Rows::from_counts(counts);
        Ok(MoveEffect::default())
    }

    /// Sows from the mover's relative position `start` (see [`super::sowing`]).
    /// Leaves `self` unchanged if the sowing is unfinished.
    #[inline]
    pub(crate) fn sow(&mut self, start: usize, max_relays: u32) -> Result<MoveEffect, Unfinished> {
        let [south, north] = &mut self.rows;
        // One copy of the inlined sowing for both sides.
        let (mine, theirs) = match self.turn {
            Side::South => (south, north),
            Side::North => (north, south),
        };
        sowing::sow(self.turn, mine, theirs, start, max_relays)
    }

    /// A 64-bit hash of the 40 holes and the player to move (what counts for
    /// repetition). Equal positions hash equal; unequal ones almost never do.
    #[inline]
    pub fn placement_hash(&self) -> u64 {
        let [south, north] = self.rows.map(|rows| rows.words());
        // The two short words (four holes each) share one round.
        let words = [
            south[0],
            south[1],
            north[0],
            north[1],
            south[2] | north[2] << 32,
        ];
        let mut h = self.turn as u64 ^ 0x9E37_79B9_7F4A_7C15;
        for word in words {
            h = (h ^ word).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 31;
        }
        h
    }

    /// Whether `other` has the same 40 holes and player to move.
    #[inline]
    pub fn same_placement(&self, other: &Position) -> bool {
        self.rows == other.rows && self.turn == other.turn
    }

    /// The mover's relative positions holding enough stones to sow, as bits.
    #[inline]
    pub(crate) fn candidate_mask(&self) -> u32 {
        self.rows[self.turn.index()].at_least(self.variant.min_stones())
    }

    /// Commits a sowing already done by [`Position::sow`] on this copy.
    #[inline]
    pub(crate) fn end_turn(&mut self) {
        self.may_rearrange[self.turn.index()] = false;
        self.turn = self.turn.opponent();
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({}, {} to move)\n{self}",
            self.variant, self.turn
        )
    }
}

impl fmt::Display for Position {
    /// A plain text board, North's rows on top, with coordinates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     A  B  C  D  E  F  G  H  I  J")?;
        for row in (1..=4).rev() {
            write!(f, "  {row}")?;
            for column in 0..10 {
                let hole = Hole::new(column, row).expect("valid");
                write!(f, "{:>3}", self.stones(hole))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_match_the_rules() {
        let pos = Position::new(Variant::Standard);
        let board = pos.board();
        let filled: Vec<String> = Hole::all()
            .filter(|h| board[h.index()] > 0)
            .map(|h| h.to_string())
            .filter(|name| name.ends_with('2') || name.ends_with('3'))
            .collect();
        assert_eq!(filled, ["G2", "H2", "I2", "J2", "A3", "B3", "C3", "D3"]);
        assert_eq!(pos.side_stones(Side::South), 28);
        assert_eq!(pos.side_stones(Side::North), 28);
        assert_eq!(Position::new(Variant::Beginner).total_stones(), 28);
        assert!(Position::new(Variant::Expert).may_rearrange(Side::North));
        assert!(!pos.may_rearrange(Side::South));
    }

    #[test]
    fn candidate_mask_holds_the_holes_with_enough_stones() {
        let mut rng = fastrand::Rng::with_seed(3);
        for variant in [Variant::Standard, Variant::Beginner] {
            for _ in 0..1_000 {
                let mut board = [0u8; 40];
                for _ in 0..56 {
                    board[rng.usize(0..40)] += 1;
                }
                let pos = Position::from_board(variant, board, Side::BOTH[rng.usize(0..2)]);
                let plain = Hole::all()
                    .filter(|h| h.owner() == pos.turn() && pos.stones(*h) >= variant.min_stones())
                    .fold(0, |mask, h| mask | 1 << h.relative());
                assert_eq!(pos.candidate_mask(), plain, "{pos:?}");
            }
        }
    }
}

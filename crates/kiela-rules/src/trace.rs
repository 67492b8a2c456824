//! A turn's path: every lap of a sowing, for showing what a turn did.
//!
//! The laps come from the sowing code itself ([`super::sowing`]), through
//! a [`Tracer`] that the ordinary sowing instantiates with `()`, whose
//! empty methods compile to nothing: playouts and searches do not pay for
//! traces they never ask for.

use std::fmt;

use super::{Hole, Side};

/// What started a lap.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LapKind {
    /// The chosen hole's stones.
    Sow,
    /// All the stones of the hole where the last stone fell.
    Relay,
    /// Captured stones, sown from the hole after the capturing hole.
    Capture,
}

impl LapKind {
    /// `sow`, `relay` or `capture`.
    pub fn name(self) -> &'static str {
        match self {
            LapKind::Sow => "sow",
            LapKind::Relay => "relay",
            LapKind::Capture => "capture",
        }
    }
}

impl fmt::Display for LapKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One lap of a turn: stones picked up and dropped one per hole round the
/// mover's loop.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lap {
    pub kind: LapKind,
    /// The hole the stones were picked up from; for a capture, the
    /// capturing hole (it keeps its stones; sowing starts after it).
    pub from: Hole,
    /// Stones sown in this lap.
    pub stones: u8,
    /// Where the last stone fell.
    pub ended: Hole,
    /// A capture's taken holes, the facing inner hole first, with their
    /// stones (`None` past those taken: an empty outer hole is not taken).
    pub captured: [Option<(Hole, u8)>; 2],
}

impl Lap {
    /// The captured holes with their stones.
    pub fn captures(&self) -> impl Iterator<Item = (Hole, u8)> + '_ {
        self.captured.iter().flatten().copied()
    }

    /// The holes the stones of this lap fall into, in order (the last one
    /// is [`Lap::ended`]): the mover's loop from the hole after `from`.
    pub fn drops(&self) -> impl Iterator<Item = Hole> {
        let (side, start) = (self.from.owner(), self.from.relative());
        (1..=usize::from(self.stones)).map(move |i| Hole::from_relative(side, (start + i) % 20))
    }
}

/// Every lap of one turn, in order; empty for an Expert rearrangement.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    pub laps: Vec<Lap>,
}

impl Trace {
    /// The hole where the turn ended (`None` for a rearrangement).
    pub fn ended(&self) -> Option<Hole> {
        self.laps.last().map(|lap| lap.ended)
    }

    /// Laps after the first (relays and captures), the events a reader
    /// numbers on the board.
    pub fn events(&self) -> &[Lap] {
        self.laps.get(1..).unwrap_or_default()
    }
}

/// What the sowing reports as it goes, in the mover's relative positions.
pub(crate) trait Tracer {
    /// A lap begins: `stones` taken from `from` (the capturing hole for a
    /// capture, after its [`Tracer::took`] calls).
    fn lap(&mut self, kind: LapKind, from: usize, stones: u8);
    /// A capture takes `stones` from the opponent's position `theirs`.
    fn took(&mut self, theirs: usize, stones: u8);
    /// The last stone of the lap fell in `pos`.
    fn landed(&mut self, pos: usize);
}

/// No trace: the ordinary sowing.
impl Tracer for () {
    #[inline(always)]
    fn lap(&mut self, _: LapKind, _: usize, _: u8) {}
    #[inline(always)]
    fn took(&mut self, _: usize, _: u8) {}
    #[inline(always)]
    fn landed(&mut self, _: usize) {}
}

/// Builds a [`Trace`] for the mover `side`.
pub(crate) struct Recorder {
    side: Side,
    trace: Trace,
    taken: [Option<(Hole, u8)>; 2],
}

impl Recorder {
    pub(crate) fn new(side: Side) -> Recorder {
        Recorder {
            side,
            trace: Trace::default(),
            taken: [None; 2],
        }
    }

    pub(crate) fn finish(self) -> Trace {
        self.trace
    }
}

impl Tracer for Recorder {
    fn lap(&mut self, kind: LapKind, from: usize, stones: u8) {
        let from = Hole::from_relative(self.side, from);
        self.trace.laps.push(Lap {
            kind,
            from,
            stones,
            // Set when the lap's last stone falls.
            ended: from,
            captured: std::mem::take(&mut self.taken),
        });
    }

    fn took(&mut self, theirs: usize, stones: u8) {
        let hole = Hole::from_relative(self.side.opponent(), theirs);
        let slot = if self.taken[0].is_none() { 0 } else { 1 };
        self.taken[slot] = Some((hole, stones));
    }

    fn landed(&mut self, pos: usize) {
        if let Some(lap) = self.trace.laps.last_mut() {
            lap.ended = Hole::from_relative(self.side, pos);
        }
    }
}

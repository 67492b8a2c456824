//! Sowing with relay and capture: the engine's inner loop.
//!
//! Each side's 20 holes are kept in player-relative order (see
//! [`super::Hole::relative`]); the mover sows from `p` to `(p + 1) % 20`.
//! While sowing, the mover's holes are packed into byte lanes of three
//! `u64`s, so that dropping `n` stones is three additions of a precomputed
//! mask instead of `n` single increments; long relay chains (an endless
//! candidate can run millions of relays before its cycle closes) then cost
//! a few nanoseconds per relay.

use super::{Hole, MoveEffect, Side};

/// Stones per player-relative position: 0..10 the outer row from the
/// owner's left, 10..20 the inner row from the owner's right.
pub(crate) type Rows = [u8; 20];

/// Why a sowing stopped without ending its turn.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unfinished {
    /// It never ends: a relay state repeated.
    Endless,
    /// It made more relays than the caller allowed, without an answer.
    TooLong,
}

/// Sows the stones of the mover's position `start` (at least one stone)
/// until the last stone falls into an empty hole, relaying from occupied
/// holes and capturing from the opponent's inner row (RULES.md, "A turn").
/// Gives up after `max_relays` relays. When unfinished, `mine` is untouched
/// but `theirs` may have lost captures.
#[inline]
pub(crate) fn sow(
    side: Side,
    mine: &mut Rows,
    theirs: &mut Rows,
    start: usize,
    max_relays: u32,
) -> Result<MoveEffect, Unfinished> {
    let mut lanes = Lanes::load(mine);
    let mut effect = MoveEffect::default();
    let mut cycle = CycleDetector::new(lanes, start);
    let mut pos = start;
    let mut hand = lanes.take(pos);
    loop {
        pos = lanes.sow(pos, hand);
        if lanes.get(pos) == 1 {
            // The last stone fell into an empty hole.
            lanes.store(mine);
            effect.last = Some(Hole::from_relative(side, pos));
            return Ok(effect);
        }
        let facing = 29usize.wrapping_sub(pos);
        if pos >= 10 && theirs[facing] > 0 {
            // Capture the facing inner hole, and the outer one behind it if
            // occupied; sow them from the next hole. The capturing hole
            // keeps its own stones.
            let behind = pos - 10;
            hand = std::mem::take(&mut theirs[facing]);
            effect
                .captured
                .insert(Hole::from_relative(side.opponent(), facing));
            if theirs[behind] > 0 {
                hand += std::mem::take(&mut theirs[behind]);
                effect
                    .captured
                    .insert(Hole::from_relative(side.opponent(), behind));
            }
            effect.captured_stones += hand;
            cycle.restart();
        } else {
            effect.relays += 1;
            if cycle.repeats(lanes, pos) {
                return Err(Unfinished::Endless);
            }
            if effect.relays > max_relays {
                return Err(Unfinished::TooLong);
            }
            hand = lanes.take(pos);
        }
    }
}

/// 20 holes as byte lanes of three words; lanes 20..24 stay zero. No lane
/// overflows: a side never holds more than the 56 stones of the board.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Lanes([u64; 3]);

/// One stone in every lane 0..20.
const ONE_EACH: [u64; 3] = [0x0101_0101_0101_0101, 0x0101_0101_0101_0101, 0x0101_0101];

/// `SOW_MASKS[from][n]`: one stone in each of the `n` (< 20) holes after `from`.
static SOW_MASKS: [[[u64; 3]; 20]; 20] = {
    let mut masks = [[[0u64; 3]; 20]; 20];
    let mut from = 0;
    while from < 20 {
        let mut n = 1;
        while n < 20 {
            let mut mask = masks[from][n - 1];
            let lane = (from + n) % 20;
            mask[lane / 8] |= 1 << (lane % 8 * 8);
            masks[from][n] = mask;
            n += 1;
        }
        from += 1;
    }
    masks
};

impl Lanes {
    #[inline]
    fn load(rows: &Rows) -> Lanes {
        let mut bytes = [0u8; 24];
        bytes[..20].copy_from_slice(rows);
        Lanes(std::array::from_fn(|i| {
            u64::from_le_bytes(bytes[i * 8..i * 8 + 8].try_into().expect("8 bytes"))
        }))
    }

    #[inline]
    fn store(self, rows: &mut Rows) {
        let mut bytes = [0u8; 24];
        for (i, word) in self.0.iter().enumerate() {
            bytes[i * 8..i * 8 + 8].copy_from_slice(&word.to_le_bytes());
        }
        rows.copy_from_slice(&bytes[..20]);
    }

    #[inline]
    fn get(&self, pos: usize) -> u8 {
        (self.0[pos / 8] >> (pos % 8 * 8)) as u8
    }

    #[inline]
    fn take(&mut self, pos: usize) -> u8 {
        let stones = self.get(pos);
        self.0[pos / 8] &= !(0xFF << (pos % 8 * 8));
        stones
    }

    /// Drops `hand` stones one per hole after `from` (whole laps also into
    /// `from` itself) and returns where the last one fell.
    #[inline]
    fn sow(&mut self, from: usize, hand: u8) -> usize {
        let (laps, rest) = ((hand / 20) as u64, (hand % 20) as usize);
        let mask = &SOW_MASKS[from][rest];
        for i in 0..3 {
            self.0[i] += mask[i] + laps * ONE_EACH[i];
        }
        let last = from + rest;
        if last >= 20 {
            last - 20
        } else {
            last
        }
    }
}

/// Decides that a relay chain never ends by a repeated relay state (the
/// mover's holes and the current hole): the sowing is deterministic, so a
/// repeat proves a cycle. The opponent's holes are not part of the state:
/// they only change by captures, after which the detector restarts (they
/// only lose stones, so no earlier state can recur).
///
/// Two checks run side by side. A relay step can be undone (walk back from
/// the last hole to the emptied one), so a chain that never ends returns to
/// its first state, found after exactly one cycle. Sowings of 20 or more
/// stones can make two states lead to the same one; Brent's algorithm
/// catches every cycle regardless, at worst after about three cycles.
struct CycleDetector {
    first: Option<(Lanes, usize)>,
    brent: Option<(Lanes, usize)>,
    power: u32,
    steps: u32,
}

impl CycleDetector {
    #[inline]
    fn new(lanes: Lanes, start: usize) -> CycleDetector {
        CycleDetector {
            first: Some((lanes, start)),
            brent: None,
            power: 1,
            steps: 0,
        }
    }

    #[inline]
    fn restart(&mut self) {
        *self = CycleDetector {
            first: None,
            brent: None,
            power: 1,
            steps: 0,
        };
    }

    /// Whether this relay state was seen before.
    #[inline]
    fn repeats(&mut self, lanes: Lanes, pos: usize) -> bool {
        let state = Some((lanes, pos));
        if self.first.is_none() {
            self.first = state;
            return false;
        }
        if state == self.first || state == self.brent {
            return true;
        }
        self.steps += 1;
        if self.steps >= self.power {
            self.brent = state;
            self.power = self.power.saturating_mul(2);
            self.steps = 0;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sown(rows: Rows, from: usize, hand: u8) -> (Rows, usize) {
        let mut lanes = Lanes::load(&rows);
        let last = lanes.sow(from, hand);
        let mut out = [0; 20];
        lanes.store(&mut out);
        (out, last)
    }

    #[test]
    fn sowing_a_big_hand_goes_round_and_drops_into_its_start() {
        let (rows, last) = sown([0; 20], 3, 21);
        assert_eq!(last, 4);
        assert_eq!(rows[3], 1, "start hole got a stone on the way round");
        assert_eq!(rows[4], 2);
        assert_eq!(rows.iter().map(|&n| n as u32).sum::<u32>(), 21);
        let (rows, last) = sown([0; 20], 7, 40);
        assert_eq!(last, 7);
        assert!(rows.iter().all(|&n| n == 2));
    }

    #[test]
    fn lanes_match_one_by_one_sowing() {
        for from in 0..20 {
            for hand in 0..=56u8 {
                let start: Rows = std::array::from_fn(|i| (i * 7 % 5) as u8);
                let mut expected = start;
                let mut pos = from;
                for _ in 0..hand {
                    pos = (pos + 1) % 20;
                    expected[pos] += 1;
                }
                assert_eq!(
                    sown(start, from, hand),
                    (expected, pos),
                    "from {from} hand {hand}"
                );
            }
        }
    }
}

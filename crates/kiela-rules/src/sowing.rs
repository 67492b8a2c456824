//! Sowing with relay and capture: the engine's inner loop.
//!
//! Each side's 20 holes are kept in player-relative order (see
//! [`super::Hole::relative`]); the mover sows from `p` to `(p + 1) % 20`.
//! The holes are byte lanes of three `u64`s ([`Rows`]), so that dropping
//! `n` stones is three additions of a precomputed mask instead of `n`
//! single increments.
//!
//! Almost every sowing ends within a few relays. The rare long relay chains
//! (an endless candidate can run for a billion relays before its cycle
//! closes) are handed to [`RelayRun`], which keeps each hole as the lap it
//! was last emptied in, so that one relay is a few integer operations, and
//! which proves endlessness by a state it passed coming back.

use super::trace::{LapKind, Tracer};
use super::{Hole, HoleSet, MoveEffect, Side};

/// Why a sowing stopped without ending its turn.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unfinished {
    /// It never ends: a relay state repeated.
    Endless,
    /// It made more relays than the caller allowed, without an answer.
    TooLong,
}

/// Relays after which a chain goes on in a [`RelayRun`]: late enough that
/// ordinary sowings never pay for setting one up.
const LONG_CHAIN: u32 = 32;

/// Sows the stones of the mover's position `start` (at least one stone)
/// until the last stone falls into an empty hole, relaying from occupied
/// holes and capturing from the opponent's inner row (RULES.md, "A turn").
/// Gives up after `max_relays` relays. When unfinished, changes nothing.
#[inline(always)]
pub(crate) fn sow(
    side: Side,
    mine: &mut Rows,
    theirs: &mut Rows,
    start: usize,
    max_relays: u32,
) -> Result<MoveEffect, Unfinished> {
    sow_with(side, mine, theirs, start, max_relays, LONG_CHAIN, &mut ())
}

/// [`sow`] reporting every lap to `tracer`, for a sowing known to end
/// within `relays` relays (it gives up after them, so a trace is never
/// endless). Relays one at a time, never in a [`RelayRun`], which only
/// knows laps by count.
pub(crate) fn sow_traced(
    side: Side,
    mine: &mut Rows,
    theirs: &mut Rows,
    start: usize,
    relays: u32,
    tracer: &mut impl Tracer,
) -> Result<MoveEffect, Unfinished> {
    sow_with(side, mine, theirs, start, relays, u32::MAX, tracer)
}

/// [`sow`], handing the chain to a [`RelayRun`] after `long_chain` relays
/// (tests use 0 to run every chain there), and telling `tracer` each lap
/// (`()` tells nobody, at no cost). Always inlined, so that callers that
/// do not look at the [`MoveEffect`] do not pay for it: everything it
/// needs is in locals, kept in registers.
#[inline(always)]
fn sow_with(
    side: Side,
    mine: &mut Rows,
    theirs: &mut Rows,
    start: usize,
    max_relays: u32,
    long_chain: u32,
    tracer: &mut impl Tracer,
) -> Result<MoveEffect, Unfinished> {
    let (mut rows, mut their_rows) = (*mine, *theirs);
    let mut capturing = capturing_holes(&their_rows);
    let (mut captured, mut captured_stones, mut relays) = (HoleSet::EMPTY, 0, 0);
    tracer.lap(LapKind::Sow, start, rows.get(start));
    let mut pos = rows.relay(start, rows.get(start));
    loop {
        if relays >= long_chain {
            // Relay on until the last stone falls into an empty hole or
            // onto a capture, both handled below.
            (rows, pos, relays) = relay_long_chain(rows, pos, capturing, relays, max_relays)?;
        }
        tracer.landed(pos);
        let stones = rows.get(pos);
        if stones == 1 {
            // The last stone fell into an empty hole.
            (*mine, *theirs) = (rows, their_rows);
            return Ok(MoveEffect {
                captured,
                captured_stones,
                relays,
                last: Some(Hole::from_relative(side, pos)),
            });
        }
        if capturing & 1 << pos != 0 {
            // Capture the facing inner hole, and the outer one behind it
            // (taking nothing when it is empty); sow them from the next
            // hole. The capturing hole keeps its own stones.
            let (facing, behind) = (29 - pos, pos - 10);
            for hole in [facing, behind] {
                if their_rows.get(hole) > 0 {
                    captured.insert(Hole::from_relative(side.opponent(), hole));
                    tracer.took(hole, their_rows.get(hole));
                }
            }
            let hand = their_rows.take(facing) + their_rows.take(behind);
            captured_stones += hand;
            capturing &= !(1 << pos);
            tracer.lap(LapKind::Capture, pos, hand);
            pos = rows.sow(pos, hand);
        } else {
            relays += 1;
            if relays > max_relays {
                return Err(Unfinished::TooLong);
            }
            tracer.lap(LapKind::Relay, pos, stones);
            pos = rows.relay(pos, stones);
        }
    }
}

/// Hands a long chain to a [`RelayRun`]: the holes and where the last
/// stone fell afterwards, and the relays counted so far. Apart from the hot
/// loop of [`sow_with`], so that the holes stay in registers there.
#[cold]
#[inline(never)]
fn relay_long_chain(
    rows: Rows,
    pos: usize,
    capturing: u32,
    mut relays: u32,
    max_relays: u32,
) -> Result<(Rows, usize, u32), Unfinished> {
    let mut run = RelayRun::new(&rows, pos, capturing);
    run.relay(&mut relays, max_relays)?;
    let (rows, pos) = run.finish();
    Ok((rows, pos, relays))
}

/// The mover's positions where a last stone would capture (inner holes
/// facing an occupied opponent hole), as bits.
#[inline]
fn capturing_holes(theirs: &Rows) -> u32 {
    let [_, middle, high] = theirs.words();
    // The opponent's lanes 8..24, turned round: lane `8 + i` goes to byte
    // `15 - i`, so their inner position `19 - k`, which faces the mover's
    // `10 + k`, goes to byte `4 + k`.
    let turned = (u128::from(middle) | u128::from(high) << 64).swap_bytes();
    let occupied = Rows([turned as u64, (turned >> 64) as u64, 0]).at_least(1);
    (occupied >> 4 & 0x3ff) << 10
}

/// A side's 20 holes, by player-relative position (0..10 the outer row
/// from the owner's left, 10..20 the inner row from the owner's right), as
/// byte lanes of three words; lanes 20..24 stay zero. A word is picked by
/// comparisons rather than by indexing, so that a sowing keeps the holes
/// in registers, and they are read and written a word at a time. No lane
/// overflows: a side never holds more than the 56 stones of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Rows([u64; 3]);

/// One stone in every lane 0..20.
const ONE_EACH: [u64; 3] = [0x0101_0101_0101_0101, 0x0101_0101_0101_0101, 0x0101_0101];

/// `SOW_MASKS[from][n]`: one stone in each of the `n` (< 20) holes after `from`.
static SOW_MASKS: [[[u64; 3]; 20]; 20] = sow_masks(false);

/// `RELAY_MASKS[from][n]`: the same, and `n` stones fewer in `from` (as
/// wrapping additions: added to holes where `from` holds `n`, no lane
/// borrows from another).
static RELAY_MASKS: [[[u64; 3]; 20]; 20] = sow_masks(true);

const fn sow_masks(pick_up: bool) -> [[[u64; 3]; 20]; 20] {
    let mut masks = [[[0u64; 3]; 20]; 20];
    let mut from = 0;
    while from < 20 {
        let mut n = 1;
        while n < 20 {
            let mut mask = masks[from][n - 1];
            let lane = (from + n) % 20;
            mask[lane / 8] = mask[lane / 8].wrapping_add(1 << (lane % 8 * 8));
            if pick_up {
                let word = from / 8;
                mask[word] = mask[word].wrapping_sub(1 << (from % 8 * 8));
            }
            masks[from][n] = mask;
            n += 1;
        }
        from += 1;
    }
    masks
}

impl Rows {
    pub(crate) fn from_counts(counts: [u8; 20]) -> Rows {
        let word = |i: usize| {
            let mut bytes = [0u8; 8];
            let end = (i * 8 + 8).min(20);
            bytes[..end - i * 8].copy_from_slice(&counts[i * 8..end]);
            u64::from_le_bytes(bytes)
        };
        Rows([word(0), word(1), word(2)])
    }

    pub(crate) fn counts(&self) -> [u8; 20] {
        // Lane `pos` is byte `pos % 8` (little-endian) of word `pos / 8`.
        let [low, middle, high] = self.0.map(u64::to_le_bytes);
        let mut counts = [0; 20];
        counts[..8].copy_from_slice(&low);
        counts[8..16].copy_from_slice(&middle);
        counts[16..].copy_from_slice(&high[..4]);
        counts
    }

    /// The three words, for hashing and testing eight holes at a time.
    #[inline]
    pub(crate) fn words(&self) -> [u64; 3] {
        self.0
    }

    /// The word holding lane `pos`, and the lane's shift within it.
    #[inline]
    fn word(&self, pos: usize) -> (u64, u32) {
        let [low, middle, high] = self.0;
        let word = if pos < 8 {
            low
        } else if pos < 16 {
            middle
        } else {
            high
        };
        (word, (pos % 8 * 8) as u32)
    }

    /// Stones in position `pos`.
    #[inline]
    pub(crate) fn get(&self, pos: usize) -> u8 {
        let (word, shift) = self.word(pos);
        (word >> shift) as u8
    }

    /// Empties position `pos` and returns its stones.
    #[inline]
    pub(crate) fn take(&mut self, pos: usize) -> u8 {
        let stones = self.get(pos);
        self.clear(pos);
        stones
    }

    /// Empties position `pos`.
    #[inline]
    fn clear(&mut self, pos: usize) {
        let keep = !(0xff << (pos % 8 * 8));
        let [low, middle, high] = &mut self.0;
        *low &= if pos < 8 { keep } else { !0 };
        *middle &= if (8..16).contains(&pos) { keep } else { !0 };
        *high &= if pos >= 16 { keep } else { !0 };
    }

    /// The positions holding at least `min` (1 to 0x80) stones, as bits.
    /// Eight holes at a time: with every count below 0x80 (56 stones in
    /// all), a count is at least `min` iff adding `0x80 - min` sets its
    /// byte's top bit.
    #[inline]
    pub(crate) fn at_least(&self, min: u8) -> u32 {
        let add = u64::from(0x80 - min) * 0x0101_0101_0101_0101;
        self.0.iter().enumerate().fold(0, |mask, (i, &word)| {
            // Lanes 20..24 are zero and stay below 0x80.
            let tops = (word + add) & 0x8080_8080_8080_8080;
            // Gathers the eight top bits into the top byte, in lane order.
            let bits = tops.wrapping_mul(0x0002_0408_1020_4081) >> 56;
            mask | (bits as u32) << (i * 8)
        })
    }

    /// Drops `hand` stones one per hole after `from` (whole laps also into
    /// `from` itself) and returns where the last one fell.
    #[inline]
    fn sow(&mut self, from: usize, hand: u8) -> usize {
        // Hands of 20 or more are rare: spare the others the division.
        let (laps, rest) = match hand {
            0..20 => (0, hand as usize),
            _ => ((hand / 20) as u64, (hand % 20) as usize),
        };
        let mask = &SOW_MASKS[from][rest];
        for i in 0..3 {
            self.0[i] += mask[i] + laps * ONE_EACH[i];
        }
        wrap(from + rest)
    }

    /// Picks up the `hand` stones of `from` (all it holds) and sows them:
    /// [`Rows::take`] then [`Rows::sow`], in one addition.
    #[inline]
    fn relay(&mut self, from: usize, hand: u8) -> usize {
        if hand >= 20 {
            self.clear(from);
            return self.sow(from, hand);
        }
        for (word, add) in self.0.iter_mut().zip(RELAY_MASKS[from][hand as usize]) {
            *word = word.wrapping_add(add);
        }
        wrap(from + hand as usize)
    }
}

/// A position on the ring of 20, from one up to 20 positions beyond it.
#[inline]
fn wrap(pos: usize) -> usize {
    if pos >= 20 {
        pos - 20
    } else {
        pos
    }
}

/// A relay chain in progress, kept by laps: the hand goes round the 20
/// holes, dropping one stone in each, and a hole holds as many stones as
/// the times the hand passed it since it was last emptied. So each hole only
/// stores the lap it was last emptied in (as [`Reach`]), and a relay costs
/// an addition however many stones it sows. Laps are counted from
/// position 0.
///
/// No capture happens inside a run: it stops where one is due. So the
/// opponent's holes do not change, the sowing is a deterministic map of the
/// mover's holes and the hand's position, and a repeated state proves that
/// it never ends (RULES.md, "Endless moves"). When nothing can be captured
/// at all, the map does not depend on where the hand is either, so a state
/// that repeats turned round (the same stones at the same distances ahead
/// of the hand) proves it too; such cycles are found up to 20 times sooner.
struct RelayRun {
    reach: Reach,
    at: Cursor,
    /// Positions where a capture is due (see [`capturing_holes`]).
    capturing: u32,
}

/// For each position `p`, `p` minus the lap it was last emptied in
/// (wrapping): a relay from `p` in lap `l` ends `l + reach[p]` positions
/// after the start of lap `l`, since `p` holds as many stones as laps have
/// begun since it was emptied. Entries 20..40 repeat them one lap on
/// (`reach[p + 20] = reach[p] + 1`), so that a landing up to 40 positions
/// after the start of a lap looks its hole up without wrapping first.
/// Entries 40..64 are unused: they only spare the relay bounds checks.
type Reach = [u32; 64];

/// Where the hand is: the last stone fell `to` (0..40) positions after the
/// start of `lap`.
#[derive(Clone, Copy)]
struct Cursor {
    lap: u32,
    to: u32,
}

/// A run's state, to find it again: the stones at distances 0..20 ahead of
/// the hand (0: where it is), and where the hand is.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Snapshot {
    ahead: [u8; 20],
    pos: usize,
}

/// Relays a run makes before it takes the [`Snapshot`] that later states
/// are compared with: by then the word of recent hands is full of them.
const SNAPSHOT_AFTER: u32 = 11;

impl Cursor {
    /// Where the last stone fell (0..20), and in which lap.
    #[inline]
    fn landing(self) -> (usize, u32) {
        let next_lap = self.to >= 20;
        let pos = if next_lap { self.to - 20 } else { self.to };
        (pos as usize, self.lap.wrapping_add(u32::from(next_lap)))
    }

    /// Stones in position `p` now.
    fn stones(self, reach: &Reach, p: usize) -> u32 {
        let (pos, lap) = self.landing();
        let passed = u32::from(p > pos);
        (lap.wrapping_add(reach[p]) - p as u32).wrapping_sub(passed)
    }

    fn snapshot(self, reach: &Reach) -> Snapshot {
        let pos = self.landing().0;
        Snapshot {
            ahead: std::array::from_fn(|d| self.stones(reach, (pos + d) % 20) as u8),
            pos,
        }
    }
}

/// Whether the run's state is `seen`, or (when nothing can be captured)
/// `seen` turned round.
#[cold]
#[inline(never)]
fn same_state(reach: &Reach, at: Cursor, seen: &Snapshot, capturing: u32) -> bool {
    let now = at.snapshot(reach);
    now.ahead == seen.ahead && (capturing == 0 || now.pos == seen.pos)
}

/// One relay of a run, unless the last stone fell into an empty hole or
/// onto a capture: the stones picked up.
#[inline(always)]
fn relay_once(reach: &mut Reach, at: &mut Cursor, capturing: u32) -> Option<u32> {
    let (pos, lap) = at.landing();
    let next = at.lap.wrapping_add(reach[at.to as usize]);
    // The stones of the hole the last stone fell into, itself included.
    let hand = next.wrapping_sub(pos as u32);
    if hand == 1 || capturing & 1 << pos != 0 {
        return None;
    }
    // Empty the hole and sow its stones on: the last one falls `next`
    // positions after the start of `lap`.
    let emptied = (pos as u32).wrapping_sub(lap);
    // `pos` is below 20 already: the mask only spares a bounds check.
    let pos = pos & 31;
    reach[pos] = emptied;
    reach[pos + 20] = emptied.wrapping_add(1);
    *at = if next < 40 {
        Cursor { lap, to: next }
    } else {
        Cursor {
            lap: lap.wrapping_add(next / 20),
            to: next % 20,
        }
    };
    Some(hand)
}

impl RelayRun {
    fn new(rows: &Rows, pos: usize, capturing: u32) -> RelayRun {
        // Lap 0, which the hand has passed up to `pos`: a relay from `p`
        // now would end its stones after `p`, and one more for a position
        // ahead of the hand, which gets a stone when the hand passes it.
        let reach = std::array::from_fn(|k| {
            if k >= 40 {
                return 0;
            }
            let p = k % 20;
            let passed = u32::from(p > pos);
            let next_lap = u32::from(k >= 20);
            (p + usize::from(rows.get(p))) as u32 + passed + next_lap
        });
        let at = Cursor {
            lap: 0,
            to: pos as u32,
        };
        RelayRun {
            reach,
            at,
            capturing,
        }
    }

    /// Relays while the last stone falls into an occupied hole where no
    /// capture is due; `relays` counts them.
    ///
    /// A relay is one-to-one: a state has at most one relay before it. A
    /// relay of `n` stones from hole `q` drops `n / 20` stones in every
    /// hole and one more in the `n % 20` holes after `q`, the last stone
    /// landing in the last of them. So afterwards `q` holds the fewest
    /// stones of all (`n / 20`: none for a relay of under 20) and every
    /// hole after it up to the last stone holds more: `q` is the nearest
    /// hole at or behind the last stone that holds the fewest. Hence a
    /// chain that never ends comes back to any state it passed, found by
    /// comparing later states with one of them, after exactly one cycle.
    /// And the relays that led to a state come back with it: a state is
    /// only compared when the last hands (six bits each, in one word) are
    /// those that led to the snapshot.
    fn relay(&mut self, relays: &mut u32, max_relays: u32) -> Result<(), Unfinished> {
        let allowed = max_relays.saturating_sub(*relays);
        let mut left = allowed;
        let result = self.relay_within(&mut left);
        // One more than allowed when it gave up.
        let done = allowed - left + u32::from(result == Err(Unfinished::TooLong));
        *relays = relays.saturating_add(done);
        result
    }

    /// [`RelayRun::relay`], at most `left` relays (counted down).
    fn relay_within(&mut self, left: &mut u32) -> Result<(), Unfinished> {
        let (reach, capturing) = (&mut self.reach, self.capturing);
        // Local copies, kept in registers.
        let mut at = self.at;
        let mut hands = 0u64;
        for _ in 0..SNAPSHOT_AFTER {
            if *left == 0 {
                self.at = at;
                return Err(Unfinished::TooLong);
            }
            let Some(hand) = relay_once(reach, &mut at, capturing) else {
                self.at = at;
                return Ok(());
            };
            *left -= 1;
            hands = hands << 6 | u64::from(hand);
        }
        let (seen, seen_hands) = (at.snapshot(reach), hands);
        let mut budget = *left;
        let result = loop {
            if budget == 0 {
                break Err(Unfinished::TooLong);
            }
            let Some(hand) = relay_once(reach, &mut at, capturing) else {
                break Ok(());
            };
            budget -= 1;
            hands = hands << 6 | u64::from(hand);
            if hands == seen_hands && same_state(reach, at, &seen, capturing) {
                break Err(Unfinished::Endless);
            }
        };
        *left = budget;
        self.at = at;
        result
    }

    /// The holes as rows again, and where the last stone fell.
    fn finish(&self) -> (Rows, usize) {
        let counts = std::array::from_fn(|p| self.at.stones(&self.reach, p) as u8);
        (Rows::from_counts(counts), self.at.landing().0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stones per position, as the tests write them.
    type Counts = [u8; 20];

    fn sown(counts: Counts, from: usize, hand: u8) -> (Counts, usize) {
        let mut rows = Rows::from_counts(counts);
        let last = rows.sow(from, hand);
        (rows.counts(), last)
    }

    /// [`sow_with`] on counts.
    fn sow_counts(
        mine: &mut Counts,
        theirs: &mut Counts,
        start: usize,
        max_relays: u32,
        long_chain: u32,
    ) -> Result<MoveEffect, Unfinished> {
        let (mut my_rows, mut their_rows) = (Rows::from_counts(*mine), Rows::from_counts(*theirs));
        let got = sow_with(
            Side::South,
            &mut my_rows,
            &mut their_rows,
            start,
            max_relays,
            long_chain,
            &mut (),
        );
        (*mine, *theirs) = (my_rows.counts(), their_rows.counts());
        got
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

    /// The rules of a turn one stone at a time, with every relay state kept
    /// in a set: the plain reading of RULES.md. `None` past `max_relays`.
    fn plain_sow(
        mine: &mut Counts,
        theirs: &mut Counts,
        start: usize,
        max_relays: u32,
    ) -> Option<Result<(usize, u32), Unfinished>> {
        let mut seen = std::collections::HashSet::new();
        let (mut pos, mut hand, mut relays) = (start, std::mem::take(&mut mine[start]), 0);
        loop {
            for _ in 0..hand {
                pos = (pos + 1) % 20;
                mine[pos] += 1;
            }
            if mine[pos] == 1 {
                return Some(Ok((pos, relays)));
            }
            if pos >= 10 && theirs[29 - pos] > 0 {
                hand =
                    std::mem::take(&mut theirs[29 - pos]) + std::mem::take(&mut theirs[pos - 10]);
                seen.clear();
                continue;
            }
            if !seen.insert((*mine, pos)) {
                return Some(Err(Unfinished::Endless));
            }
            relays += 1;
            if relays > max_relays {
                return None;
            }
            hand = std::mem::take(&mut mine[pos]);
        }
    }

    #[test]
    fn relay_runs_match_the_plain_rules() {
        let mut rng = fastrand::Rng::with_seed(5);
        let mut ended = 0;
        for i in 0..20_000u32 {
            // From sparse to crowded sides, and a few opponent stones to
            // capture: short chains, long ones, endless ones.
            let mut mine: Counts = [0; 20];
            for _ in 0..10 + i % 40 {
                mine[rng.usize(0..20)] += 1;
            }
            let mut theirs: Counts = std::array::from_fn(|_| u8::from(rng.u8(0..16) == 0));
            let start = rng.usize(0..20);
            mine[start] = mine[start].max(2);
            let (mut plain_mine, mut plain_theirs) = (mine, theirs);
            let Some(expected) = plain_sow(&mut plain_mine, &mut plain_theirs, start, 20_000)
            else {
                continue;
            };
            let long_chain = if i % 2 == 0 { 0 } else { LONG_CHAIN };
            let got = sow_counts(&mut mine, &mut theirs, start, u32::MAX, long_chain);
            match expected {
                Ok((last, relays)) => {
                    let effect = got.expect("the plain sowing ends");
                    assert_eq!(effect.last, Some(Hole::from_relative(Side::South, last)));
                    assert_eq!(effect.relays, relays);
                    assert_eq!((mine, theirs), (plain_mine, plain_theirs));
                    ended += 1;
                }
                // Random sides are hardly ever endless: see below for some.
                Err(unfinished) => assert_eq!(got.unwrap_err(), unfinished),
            }
        }
        assert!(ended > 10_000, "{ended} ended");
    }

    /// One relay on counts: the hand at `pos` (the last stone fell there)
    /// picks up its stones and sows them on.
    fn plain_relay(counts: &mut Counts, pos: usize) -> usize {
        let hand = std::mem::take(&mut counts[pos]);
        let mut last = pos;
        for _ in 0..hand {
            last = (last + 1) % 20;
            counts[last] += 1;
        }
        last
    }

    /// The relay before, as [`RelayRun::relay`] says: from the nearest
    /// hole at or behind the last stone that holds the fewest stones.
    fn relay_before(counts: &Counts, last: usize) -> (Counts, usize) {
        let fewest = *counts.iter().min().expect("20 holes");
        let back = (0..20)
            .find(|back| counts[(last + 20 - back) % 20] == fewest)
            .expect("a hole holds the fewest");
        let from = (last + 20 - back) % 20;
        let hand = 20 * fewest as usize + back;
        let mut before = *counts;
        for step in 1..=hand {
            before[(from + step) % 20] -= 1;
        }
        before[from] = hand as u8;
        (before, from)
    }

    #[test]
    fn a_relay_can_be_undone() {
        // Relays of every size, big hands of 20 to 56 stones included, from
        // sparse and crowded sides: the state before is always found again,
        // so no two states lead to the same one.
        let mut rng = fastrand::Rng::with_seed(8);
        for i in 0..100_000u32 {
            let mut counts: Counts = [0; 20];
            for _ in 0..2 + i % 55 {
                counts[rng.usize(0..20)] += 1;
            }
            let pos = rng.usize(0..20);
            if counts[pos] < 2 {
                counts[pos] += 2;
            }
            if i % 10 == 0 {
                // A big hand now and then.
                counts[pos] += 18;
            }
            let mut after = counts;
            let last = plain_relay(&mut after, pos);
            assert_eq!(
                relay_before(&after, last),
                (counts, pos),
                "{counts:?} from {pos}"
            );
        }
    }

    /// Endless candidates from random Standard games (`kiela bench`, seed
    /// 1): the mover's holes, the opponent's, and the hole sown. Cycles of
    /// 17,765, 92,700, 21,440 and 108,044 relays (turned round: 3,553,
    /// 18,540, 4,288 and 108,044); captures empty the opponent's inner row
    /// first.
    const ENDLESS: [(Counts, Counts, usize); 4] = [
        (
            [1, 4, 3, 0, 1, 4, 1, 2, 1, 0, 4, 0, 2, 8, 1, 4, 3, 4, 1, 2],
            [1, 1, 2, 0, 2, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
            12,
        ),
        (
            [2, 1, 2, 1, 3, 5, 0, 1, 0, 8, 3, 6, 2, 0, 3, 2, 1, 7, 4, 1],
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0],
            4,
        ),
        (
            [0, 1, 2, 1, 4, 4, 1, 2, 1, 0, 2, 2, 4, 11, 4, 1, 0, 5, 2, 1],
            [0, 1, 1, 0, 0, 0, 2, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0],
            4,
        ),
        (
            [2, 1, 2, 0, 2, 1, 5, 1, 1, 2, 2, 2, 5, 2, 6, 7, 0, 1, 2, 5],
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0],
            2,
        ),
    ];

    #[test]
    fn endless_candidates_are_proved_whenever_the_run_starts() {
        for (mine, theirs, start) in ENDLESS {
            let (mut plain_mine, mut plain_theirs) = (mine, theirs);
            assert_eq!(
                plain_sow(&mut plain_mine, &mut plain_theirs, start, 200_000),
                Some(Err(Unfinished::Endless))
            );
            for long_chain in [0, LONG_CHAIN, 1_000] {
                // Unbounded, and bounded below the cycle (the run gives up).
                for (max_relays, expected) in [
                    (u32::MAX, Unfinished::Endless),
                    (3_000, Unfinished::TooLong),
                ] {
                    let (mut after_mine, mut after_theirs) = (mine, theirs);
                    let got = sow_counts(
                        &mut after_mine,
                        &mut after_theirs,
                        start,
                        max_relays,
                        long_chain,
                    );
                    assert_eq!(got, Err(expected));
                    // Nothing changed, captures made on the way included.
                    assert_eq!((after_mine, after_theirs), (mine, theirs));
                }
            }
        }
    }

    #[test]
    fn a_relay_is_taking_then_sowing() {
        for from in 0..20 {
            for hand in 1..=56u8 {
                let mut counts: Counts = std::array::from_fn(|i| (i * 3 % 4) as u8);
                counts[from] = hand;
                let (mut relayed, mut expected) =
                    (Rows::from_counts(counts), Rows::from_counts(counts));
                let taken = expected.take(from);
                let expected_last = expected.sow(from, taken);
                let last = relayed.relay(from, hand);
                assert_eq!(
                    (relayed.counts(), last),
                    (expected.counts(), expected_last),
                    "from {from} hand {hand}"
                );
            }
        }
    }

    #[test]
    fn lanes_match_one_by_one_sowing() {
        for from in 0..20 {
            for hand in 0..=56u8 {
                let start: Counts = std::array::from_fn(|i| (i * 7 % 5) as u8);
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

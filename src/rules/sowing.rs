//! Sowing with relay and capture: the engine's inner loop.
//!
//! Each side's 20 holes are kept in player-relative order (see
//! [`super::Hole::relative`]); the mover sows from `p` to `(p + 1) % 20`.
//! While sowing, the mover's holes are packed into byte lanes of three
//! `u64`s, so that dropping `n` stones is three additions of a precomputed
//! mask instead of `n` single increments.
//!
//! Almost every sowing ends within a few relays. The rare long relay chains
//! (an endless candidate can run for a billion relays before its cycle
//! closes) are handed to [`RelayRun`], which keeps each hole as the lap it
//! was last emptied in, so that one relay is a few integer operations, and
//! which proves endlessness by a repeated state.

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

/// Relays after which a chain goes on in a [`RelayRun`]: late enough that
/// ordinary sowings never pay for setting one up.
const LONG_CHAIN: u32 = 32;

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
    sow_with(side, mine, theirs, start, max_relays, LONG_CHAIN)
}

/// [`sow`], handing the chain to a [`RelayRun`] after `long_chain` relays
/// (tests use 0 to run every chain there).
#[inline]
fn sow_with(
    side: Side,
    mine: &mut Rows,
    theirs: &mut Rows,
    start: usize,
    max_relays: u32,
    long_chain: u32,
) -> Result<MoveEffect, Unfinished> {
    let mut lanes = Lanes::load(mine);
    let mut effect = MoveEffect::default();
    let mut pos = start;
    let mut hand = lanes.take(pos);
    loop {
        pos = lanes.sow(pos, hand);
        if effect.relays >= long_chain {
            // Relay on until the last stone falls into an empty hole or
            // onto a capture, both handled below.
            let mut run = RelayRun::new(&lanes, pos, capturing_holes(theirs));
            let result = run.relay(&mut effect.relays, max_relays);
            (lanes, pos) = run.finish();
            result?;
        }
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
        } else {
            effect.relays += 1;
            if effect.relays > max_relays {
                return Err(Unfinished::TooLong);
            }
            hand = lanes.take(pos);
        }
    }
}

/// The mover's positions where a last stone would capture (inner holes
/// facing an occupied opponent hole), as bits.
fn capturing_holes(theirs: &Rows) -> u32 {
    (10..20)
        .filter(|&pos| theirs[29 - pos] > 0)
        .fold(0, |mask, pos| mask | 1 << pos)
}

/// 20 holes as byte lanes of three words, kept as bytes so that reading
/// one hole is a single load; lanes 20..24 stay zero. No lane overflows: a
/// side never holds more than the 56 stones of the board.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Lanes([u8; 24]);

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
        Lanes(bytes)
    }

    #[inline]
    fn store(self, rows: &mut Rows) {
        rows.copy_from_slice(&self.0[..20]);
    }

    #[inline]
    fn get(&self, pos: usize) -> u8 {
        self.0[pos]
    }

    #[inline]
    fn take(&mut self, pos: usize) -> u8 {
        std::mem::take(&mut self.0[pos])
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
        for (i, lanes) in self.0.chunks_exact_mut(8).enumerate() {
            let word = u64::from_le_bytes(lanes.try_into().expect("8 bytes"));
            lanes.copy_from_slice(&(word + mask[i] + laps * ONE_EACH[i]).to_le_bytes());
        }
        let last = from + rest;
        if last >= 20 {
            last - 20
        } else {
            last
        }
    }
}

/// A relay chain in progress, kept by laps: the hand goes round the 20
/// holes, dropping one stone in each, and a hole holds as many stones as
/// the times the hand passed it since it was last emptied. So each hole only
/// stores the lap it was last emptied in (`emptied`), and a relay costs one
/// subtraction however many stones it sows. Laps are counted from
/// position 0; the hand has passed every position up to `pos` in the
/// current `lap`.
///
/// No capture happens inside a run: it stops where one is due. So the
/// opponent's holes do not change, the sowing is a deterministic map of the
/// mover's holes and the hand's position, and a repeated state proves that
/// it never ends (RULES.md, "Endless moves"). When nothing can be captured
/// at all, the map does not depend on where the hand is either, so a state
/// that repeats turned round (the same stones at the same distances ahead
/// of the hand) proves it too; such cycles are found up to 20 times sooner.
struct RelayRun {
    emptied: [u32; 20],
    lap: u32,
    /// Where the last stone fell.
    pos: usize,
    /// Positions where a capture is due (see [`capturing_holes`]).
    capturing: u32,
    /// `Σ ω^p · t_p mod P` over the positions `p`, where `t_p` is the time
    /// (stones sown since lap 0 began) at which `p` was last emptied: see
    /// [`Snapshot`].
    hash: u32,
}

/// A prime with 20 dividing `P - 1`, and `OMEGA` of order 20 modulo it.
const P: u64 = 2_147_482_921;
const OMEGA: u64 = 759_095_567;

/// `OMEGA` to the powers 0..20, modulo `P`.
const POWERS: [u64; 20] = {
    let mut powers = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        powers[i] = powers[i - 1] * OMEGA % P;
        i += 1;
    }
    powers
};

/// `HASH_STEPS[p][n]`: how the hash grows when position `p` is emptied of
/// `n` stones (its time moves on by `n` laps of 20), modulo `P`.
static HASH_STEPS: [[u32; 64]; 20] = {
    let mut steps = [[0u32; 64]; 20];
    let mut p = 0;
    while p < 20 {
        let mut n = 0;
        while n < 64 {
            steps[p][n] = (20 * n as u64 * POWERS[p] % P) as u32;
            n += 1;
        }
        p += 1;
    }
    steps
};

/// A state of a run, for finding repeats.
///
/// States are told apart by hash first. Turn a state round by `s`
/// positions and shift its times by `d`: `t'_(p+s) = t_p + d`, so
/// `hash' = ω^s · (hash + d · Σ ω^p) = ω^s · hash` (`Σ ω^p = 0` for a root
/// of unity). So the same stones at the same distances ahead of the hand
/// have the hash `hash · ω^(q - pos)` with the hand at `q`: `hashes[q]`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Snapshot {
    hashes: [u32; 20],
    /// Stones at distances 0..20 ahead of the hand (0: where it is).
    ahead: Rows,
    pos: usize,
}

impl RelayRun {
    fn new(lanes: &Lanes, pos: usize, capturing: u32) -> RelayRun {
        // Lap 0: the hand has passed the positions up to `pos`; the others
        // are passed next in lap 0. Counts wrap around zero harmlessly.
        let emptied = std::array::from_fn(|p| {
            let passed = u32::from(p > pos);
            0u32.wrapping_sub(u32::from(lanes.get(p)) + passed)
        });
        let hash = (0..20).fold(0, |hash, p| {
            let time = 20 * i64::from(emptied[p] as i32) + p as i64;
            (hash + POWERS[p] * time.rem_euclid(P as i64) as u64) % P
        }) as u32;
        RelayRun {
            emptied,
            lap: 0,
            pos,
            capturing,
            hash,
        }
    }

    /// Stones in position `p` now.
    #[inline]
    fn stones(&self, p: usize) -> u32 {
        let passed = u32::from(p > self.pos);
        self.lap.wrapping_sub(self.emptied[p]).wrapping_sub(passed)
    }

    fn snapshot(&self) -> Snapshot {
        let hash = u64::from(self.hash);
        Snapshot {
            hashes: std::array::from_fn(|q| (hash * POWERS[(20 + q - self.pos) % 20] % P) as u32),
            ahead: std::array::from_fn(|d| self.stones((self.pos + d) % 20) as u8),
            pos: self.pos,
        }
    }

    /// Whether the state is `seen`'s, or (when nothing can be captured)
    /// `seen`'s turned round.
    #[inline]
    fn repeats(&self, seen: &Snapshot) -> bool {
        self.hash == seen.hashes[self.pos] && {
            let now = self.snapshot();
            now.ahead == seen.ahead && (self.capturing == 0 || now.pos == seen.pos)
        }
    }

    /// Relays while the last stone falls into an occupied hole where no
    /// capture is due; `relays` counts them. Two checks for a repeat run
    /// side by side. A relay step can be undone (walk back from the last
    /// hole to the emptied one), so a chain that never ends returns to its
    /// first state, found after exactly one cycle. Sowings of 20 or more
    /// stones can make two states lead to the same one; Brent's algorithm
    /// catches every cycle regardless, at worst after about three cycles.
    fn relay(&mut self, relays: &mut u32, max_relays: u32) -> Result<(), Unfinished> {
        let first = self.snapshot();
        let mut brent = first;
        let (mut power, mut steps) = (1u32, 0u32);
        // The stones of the hole the last stone fell into, itself included.
        let mut hand = self.stones(self.pos);
        loop {
            if hand == 1 || self.capturing & 1 << self.pos != 0 {
                return Ok(());
            }
            *relays = relays.saturating_add(1);
            if *relays > max_relays {
                return Err(Unfinished::TooLong);
            }
            // Empty the hole (its time moves on by `hand` laps of 20) and
            // sow its stones: the hand moves on.
            self.emptied[self.pos] = self.lap;
            self.hash += HASH_STEPS[self.pos][hand as usize];
            if u64::from(self.hash) >= P {
                self.hash -= P as u32;
            }
            let to = self.pos + hand as usize;
            self.lap = self.lap.wrapping_add((to / 20) as u32);
            self.pos = to % 20;
            hand = self.lap.wrapping_sub(self.emptied[self.pos]);
            if self.repeats(&first) || self.repeats(&brent) {
                return Err(Unfinished::Endless);
            }
            steps += 1;
            if steps == power {
                brent = self.snapshot();
                power = power.saturating_mul(2);
                steps = 0;
            }
        }
    }

    /// The holes as lanes again, and where the last stone fell.
    fn finish(&self) -> (Lanes, usize) {
        let mut rows = [0; 20];
        for (p, n) in rows.iter_mut().enumerate() {
            *n = self.stones(p) as u8;
        }
        (Lanes::load(&rows), self.pos)
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

    /// The rules of a turn one stone at a time, with every relay state kept
    /// in a set: the plain reading of RULES.md. `None` past `max_relays`.
    fn plain_sow(
        mine: &mut Rows,
        theirs: &mut Rows,
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
            let mut mine: Rows = [0; 20];
            for _ in 0..10 + i % 40 {
                mine[rng.usize(0..20)] += 1;
            }
            let mut theirs: Rows = std::array::from_fn(|_| u8::from(rng.u8(0..16) == 0));
            let start = rng.usize(0..20);
            mine[start] = mine[start].max(2);
            let (mut plain_mine, mut plain_theirs) = (mine, theirs);
            let Some(expected) = plain_sow(&mut plain_mine, &mut plain_theirs, start, 20_000)
            else {
                continue;
            };
            let long_chain = if i % 2 == 0 { 0 } else { LONG_CHAIN };
            let got = sow_with(
                Side::South,
                &mut mine,
                &mut theirs,
                start,
                u32::MAX,
                long_chain,
            );
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

    /// Endless candidates from random Standard games (`kiela bench`, seed
    /// 1): the mover's holes, the opponent's, and the hole sown. Cycles of
    /// 17,765, 92,700, 21,440 and 108,044 relays (turned round: 3,553,
    /// 18,540, 4,288 and 108,044); captures empty the opponent's inner row
    /// first.
    const ENDLESS: [(Rows, Rows, usize); 4] = [
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
                    let (mut mine, mut theirs) = (mine, theirs);
                    let got = sow_with(
                        Side::South,
                        &mut mine,
                        &mut theirs,
                        start,
                        max_relays,
                        long_chain,
                    );
                    assert_eq!(got, Err(expected));
                }
            }
        }
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

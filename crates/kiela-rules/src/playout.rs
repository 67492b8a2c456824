//! Random playouts: the engine's speed benchmark and a tool for tests.

use std::time::{Duration, Instant};

use super::{GameResult, History, Outcome, Position, Reason, Side, Variant};

/// How a random playout went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    pub plies: u32,
    pub outcome: Outcome,
}

/// Plays random sowings from `start` to the end of the game: each move drawn
/// uniformly among the exactly legal moves (`choose(n)` returns an index
/// below `n`). Draws a candidate hole and, if its sowing is endless, draws
/// again among the others, which is the same distribution as drawing from
/// the legal list but sows each candidate at most once. Expert
/// rearrangements are not played. `history` is cleared and reused.
pub fn random_playout(
    start: &Position,
    history: &mut History,
    mut choose: impl FnMut(usize) -> usize,
) -> Playout {
    history.clear();
    history.push(start);
    let mut position = *start;
    let mut plies = 0;
    loop {
        let mut candidates = position.candidate_mask();
        loop {
            if candidates == 0 {
                let outcome = Outcome {
                    result: GameResult::win_for(position.turn().opponent()),
                    reason: Reason::NoMoves,
                };
                return Playout { plies, outcome };
            }
            let pos = nth_set_bit(candidates, choose(candidates.count_ones() as usize));
            // An endless sowing leaves the position as it was.
            if position.sow(pos, u32::MAX).is_ok() {
                break;
            }
            candidates &= !(1 << pos);
        }
        position.end_turn();
        plies += 1;
        if history.push(&position) >= 3 {
            let outcome = Outcome {
                result: GameResult::Draw,
                reason: Reason::Repetition,
            };
            return Playout { plies, outcome };
        }
    }
}

#[inline]
fn nth_set_bit(mut mask: u32, n: usize) -> usize {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

/// Totals of a run of random playouts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayoutStats {
    pub games: u64,
    pub plies: u64,
    pub repetitions: u64,
    pub south_wins: u64,
    pub north_wins: u64,
    /// Games that took over a millisecond (long endless-move proofs), and
    /// the time they took in all.
    pub slow_games: u64,
    pub slow_time: Duration,
    pub slowest: Duration,
}

/// A playout slower than this is counted apart, to show the tail.
const SLOW: Duration = Duration::from_millis(1);

/// Plays `games` random playouts of `variant` with `seed`, calling
/// `progress` with the number done every `every` games.
pub fn run_playouts(
    variant: Variant,
    games: u64,
    seed: u64,
    every: u64,
    mut progress: impl FnMut(u64),
) -> PlayoutStats {
    let start = Position::new(variant);
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut history = History::new();
    let mut stats = PlayoutStats {
        games,
        ..PlayoutStats::default()
    };
    for done in 1..=games {
        let began = Instant::now();
        let playout = random_playout(&start, &mut history, |n| rng.usize(..n));
        let took = began.elapsed();
        if took > SLOW {
            stats.slow_games += 1;
            stats.slow_time += took;
            stats.slowest = stats.slowest.max(took);
        }
        stats.plies += playout.plies as u64;
        match playout.outcome.result.winner() {
            _ if playout.outcome.reason == Reason::Repetition => stats.repetitions += 1,
            Some(Side::South) => stats.south_wins += 1,
            Some(Side::North) => stats.north_wins += 1,
            None => {}
        }
        if done % every == 0 {
            progress(done);
        }
    }
    stats
}

//! Random playouts: the engine's speed benchmark and a tool for tests.

use super::{GameResult, History, Outcome, Position, Reason};

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

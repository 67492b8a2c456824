//! Positions seen so far in a game, to detect threefold repetition.

use super::Position;

/// The positions of a game in order. Their hashes are kept apart, in one
/// contiguous list, so that the scan for a repeat is a fast run over
/// integers; positions are only compared when the hashes match. Most
/// positions are new, and a bit per bucket of hashes (`seen`) says so
/// without any scan.
#[derive(Clone, Debug, Default)]
pub struct History {
    hashes: Vec<u64>,
    positions: Vec<Position>,
    seen: [u64; SEEN_WORDS],
}

/// Words of the `seen` bits: 1,024 buckets, so that a game of a few
/// hundred plies rarely finds its bucket taken by another position.
const SEEN_WORDS: usize = 16;

impl History {
    pub fn new() -> History {
        History::default()
    }

    /// Forgets every position (keeps the allocation).
    pub fn clear(&mut self) {
        self.hashes.clear();
        self.positions.clear();
        self.seen = [0; SEEN_WORDS];
    }

    /// Records `position` and returns how many times its placement (the 40
    /// holes and the player to move) has now occurred, this time included.
    #[inline(always)]
    pub fn push(&mut self, position: &Position) -> usize {
        let hash = position.placement_hash();
        let bucket = (hash >> 54) as usize; // 10 bits: 0..1024
        let (word, bit) = (bucket / 64, 1 << (bucket % 64));
        let seen = self.seen[word] & bit != 0;
        let count = if seen {
            self.occurrences(hash, position)
        } else {
            0
        };
        self.seen[word] |= bit;
        self.hashes.push(hash);
        self.positions.push(*position);
        count + 1
    }

    /// How many times `position`, whose hash is `hash`, occurred before.
    #[cold]
    #[inline(never)]
    fn occurrences(&self, hash: u64, position: &Position) -> usize {
        // A scan of the hashes alone is quick; most end there.
        if !self.hashes.contains(&hash) {
            return 0;
        }
        self.hashes
            .iter()
            .zip(&self.positions)
            .filter(|(&h, p)| h == hash && p.same_placement(position))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Side, Variant};

    #[test]
    fn counts_occurrences_of_the_same_placement() {
        let mut history = History::new();
        let start = Position::new(Variant::Standard);
        let mut other = start;
        other.play(&"G2".parse().unwrap()).unwrap();
        assert_eq!(history.push(&start), 1);
        assert_eq!(history.push(&other), 1);
        assert_eq!(history.push(&start), 2);
        assert_eq!(history.push(&start), 3);
        // The same holes with the other player to move is another position.
        let board = start.board();
        let north_to_move = Position::from_board(Variant::Standard, board, Side::North);
        assert_eq!(history.push(&north_to_move), 1);
        history.clear();
        assert_eq!(history.push(&start), 1);
    }
}

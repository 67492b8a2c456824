//! Positions seen so far in a game, to detect threefold repetition.

use super::Position;

/// The positions of a game in order, with their hashes for a fast scan.
#[derive(Clone, Debug, Default)]
pub struct History {
    seen: Vec<(u64, Position)>,
}

impl History {
    pub fn new() -> History {
        History::default()
    }

    /// Forgets every position (keeps the allocation).
    pub fn clear(&mut self) {
        self.seen.clear();
    }

    /// Records `position` and returns how many times its placement (the 40
    /// holes and the player to move) has now occurred, this time included.
    #[inline]
    pub fn push(&mut self, position: &Position) -> usize {
        let hash = position.placement_hash();
        let earlier = self
            .seen
            .iter()
            .filter(|(h, p)| *h == hash && p.same_placement(position))
            .count();
        self.seen.push((hash, *position));
        earlier + 1
    }
}

//! The transposition table: results of earlier searches, by position key.
//!
//! The key is [`Position::placement_hash`](kiela_rules::Position::placement_hash)
//! mixed with the Expert rearrangement rights. A sowing changes most of the
//! mover's holes, so an incrementally updated Zobrist key would cost more
//! than hashing the 40 bytes of the position (five multiply rounds).

use super::WIN_BOUND;

/// How an entry's score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// No move stored.
pub(crate) const NO_MOVE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: u8,
    /// Move code (see the search): a relative hole, or a layout index.
    pub mv: u8,
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    mv: NO_MOVE,
    bound: Bound::Upper,
};

/// A fixed-size, always-replace-if-deeper-or-older table.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            entries: vec![EMPTY; len],
            mask: len - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[inline]
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.key != 0).then(|| Entry {
            score: from_tt(e.score, ply),
            ..e
        })
    }

    #[inline]
    pub fn store(&mut self, key: u64, ply: u32, depth: u32, score: i32, bound: Bound, mv: u8) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && depth < slot.depth as u32 && bound != Bound::Exact {
            return;
        }
        *slot = Entry {
            key,
            score: to_tt(score, ply),
            depth: depth.min(255) as u8,
            mv: if mv == NO_MOVE && slot.key == key {
                slot.mv
            } else {
                mv
            },
            bound,
        };
    }
}

/// Win scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WIN;

    #[test]
    fn stores_and_finds_with_win_scores_relative_to_the_node() {
        let mut table = Table::new(4);
        table.store(77, 3, 5, WIN - 10, Bound::Exact, 4);
        let e = table.probe(77, 1).unwrap();
        assert_eq!(e.score, WIN - 8);
        assert_eq!(e.mv, 4);
        assert_eq!(e.depth, 5);
        assert!(table.probe(78, 1).is_none());
        table.clear();
        assert!(table.probe(77, 1).is_none());
    }
}

//! Expert rearrangements the search considers.
//!
//! A player may put their stones in any of a vast number of layouts, far too
//! many to search. The search tries a small family of shapes instead (the
//! current layout, which is a pass; even spreads over the inner or outer row;
//! pairs, which every hole needs to be sown; a few heaps; and some seeded
//! random pairings) and lets the search pick among them and the sowings.

use kiela_rules::{Hole, Layout, Position, Side};

/// How many seeded random layouts are added to the fixed shapes.
const RANDOM_LAYOUTS: usize = 4;

/// Converts counts by player-relative position into a layout of `side`.
fn to_layout(side: Side, relative: &[u8; 20]) -> Layout {
    let mut layout = [0u8; 20];
    for (i, entry) in layout.iter_mut().enumerate() {
        *entry = relative[Layout::hole(side, i).relative()];
    }
    Layout(layout)
}

/// Puts `total` stones in pairs into `order` (relative positions, cycling),
/// the odd stone on the first hole.
fn pairs(total: u32, order: &[usize]) -> [u8; 20] {
    let mut rows = [0u8; 20];
    let mut left = total;
    let mut i = 0;
    while left > 0 {
        let take = left.min(2) as u8;
        rows[order[i % order.len()]] += take;
        left -= take as u32;
        i += 1;
    }
    rows
}

/// The layouts the player to move in `position` may choose among when they
/// may rearrange (empty otherwise), deduplicated, in a fixed order for a
/// given `seed`. Every one has the player's exact total, so it is legal.
pub fn candidate_layouts(position: &Position, seed: u64) -> Vec<Layout> {
    let side = position.turn();
    if !position.may_rearrange(side) {
        return Vec::new();
    }
    let total = position.side_stones(side);
    let inner: Vec<usize> = (10..20).collect();
    let outer: Vec<usize> = (0..10).collect();
    // Inner first from the owner's right (where the sowing enters it).
    let inner_then_outer: Vec<usize> = (10..20).chain(0..10).collect();
    let outer_then_inner: Vec<usize> = (0..20).collect();
    let alternate: Vec<usize> = (0..20).step_by(2).chain((1..20).step_by(2)).collect();
    let mut shapes: Vec<[u8; 20]> = vec![
        std::array::from_fn(|p| position.stones(Hole::from_relative(side, p))),
        pairs(total, &inner),
        pairs(total, &outer),
        pairs(total, &inner_then_outer),
        pairs(total, &outer_then_inner),
        pairs(total, &alternate),
    ];
    // Heaps: the stones in 2, 4 or 7 holes of the outer row.
    for heaps in [2usize, 4, 7] {
        let mut rows = [0u8; 20];
        for (i, hole) in (0..heaps).enumerate() {
            rows[hole] = (total as usize / heaps + usize::from(i < total as usize % heaps)) as u8;
        }
        shapes.push(rows);
    }
    let mut rng = fastrand::Rng::with_seed(seed ^ 0x4C41_594F_5554);
    for _ in 0..RANDOM_LAYOUTS {
        let mut order: Vec<usize> = (0..20).collect();
        rng.shuffle(&mut order);
        let holes = rng.usize(6..=16);
        shapes.push(pairs(total, &order[..holes]));
    }
    let mut layouts: Vec<Layout> = Vec::with_capacity(shapes.len());
    for shape in &shapes {
        let layout = to_layout(side, shape);
        if !layouts.contains(&layout) {
            layouts.push(layout);
        }
    }
    layouts
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::{Move, Variant};

    #[test]
    fn every_candidate_is_legal_for_both_sides() {
        let mut pos = Position::new(Variant::Expert);
        for _ in 0..2 {
            let layouts = candidate_layouts(&pos, 5);
            assert!(layouts.len() >= 8);
            for layout in &layouts {
                let mut next = pos;
                next.play(&Move::Arrange(*layout)).unwrap();
            }
            pos.play(&Move::Arrange(layouts[1])).unwrap();
        }
        assert!(candidate_layouts(&pos, 5).is_empty());
    }

    #[test]
    fn no_layouts_outside_expert() {
        assert!(candidate_layouts(&Position::new(Variant::Standard), 1).is_empty());
    }
}

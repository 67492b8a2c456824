//! The static evaluation: how good a position looks for the player to move,
//! in hundredths of a stone.
//!
//! Kiela is lost by running out of moves, and captures are the only way to
//! change the material, so the features are material, mobility (holes that
//! can be sown) and the stones standing in the line of fire: an inner hole
//! facing an occupied enemy inner hole can be taken together with the outer
//! hole behind it. The weights were tuned with `kiela arena` self-play
//! (see the notes in the README).

use kiela_rules::{Position, Side};

/// Evaluation weights, in hundredths of a stone per unit of each feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per stone of material difference.
    pub material: i32,
    /// Per sowable hole (mine minus theirs).
    pub mobility: i32,
    /// Per enemy stone I could capture (facing pairs of occupied inner
    /// holes), for the player to move.
    pub attack: i32,
    /// Per own stone the opponent could capture.
    pub exposure: i32,
    /// Per stone in the mover's inner row (stones there attack and can be
    /// attacked; stones in the outer row are safe but passive).
    pub inner: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: 100,
            mobility: 12,
            attack: 20,
            exposure: 10,
            inner: -30,
        }
    }
}

/// Features of one side, seen from that side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SideFeatures {
    stones: i32,
    mobility: i32,
    inner: i32,
}

fn rows(position: &Position, side: Side) -> [u8; 20] {
    position.relative_counts(side)
}

/// The evaluation of `position` for the player to move, without noise.
pub fn evaluate(position: &Position, w: &Weights) -> i32 {
    let me = position.turn();
    let mine = rows(position, me);
    let theirs = rows(position, me.opponent());
    let min = position.variant().min_stones();
    let features = |r: &[u8; 20]| {
        let mut f = SideFeatures::default();
        for (p, &n) in r.iter().enumerate() {
            f.stones += n as i32;
            f.mobility += (n >= min) as i32;
            if p >= 10 {
                f.inner += n as i32;
            }
        }
        f
    };
    let a = features(&mine);
    let b = features(&theirs);
    // Facing pairs: my inner position k faces their inner position 29 - k,
    // behind which lies their outer position k - 10 (RULES.md); behind my
    // own inner position k lies my outer position 19 - k.
    let mut attack = 0;
    let mut exposure = 0;
    for k in 10..20 {
        let facing = 29 - k;
        if mine[k] > 0 && theirs[facing] > 0 {
            attack += theirs[facing] as i32 + theirs[k - 10] as i32;
            exposure += mine[k] as i32 + mine[19 - k] as i32;
        }
    }
    w.material * (a.stones - b.stones) + w.mobility * (a.mobility - b.mobility) + w.attack * attack
        - w.exposure * exposure
        + w.inner * (a.inner - b.inner)
}

/// Deterministic noise in `-amplitude..=amplitude` for a position and seed.
#[inline]
pub(crate) fn noise(hash: u64, seed: u64, amplitude: i32) -> i32 {
    if amplitude <= 0 {
        return 0;
    }
    let mut x = hash ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    let span = 2 * amplitude as u64 + 1;
    (x % span) as i32 - amplitude
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::Variant;

    #[test]
    fn the_start_is_level() {
        let pos = Position::new(Variant::Standard);
        // Symmetric start: no facing pairs, equal material and mobility.
        assert_eq!(evaluate(&pos, &Weights::default()), 0);
    }

    #[test]
    fn material_counts_for_the_mover() {
        let mut board = [0u8; 40];
        board[0] = 5; // A1, South
        board[30] = 2; // A4, North
        let south = Position::from_board(Variant::Standard, board, Side::South);
        let north = Position::from_board(Variant::Standard, board, Side::North);
        let w = Weights::default();
        assert!(evaluate(&south, &w) > 0);
        assert_eq!(evaluate(&south, &w), -evaluate(&north, &w));
    }

    #[test]
    fn noise_stays_in_range_and_depends_on_the_seed() {
        let values: Vec<i32> = (0..1000).map(|h| noise(h, 3, 50)).collect();
        assert!(values.iter().all(|v| (-50..=50).contains(v)));
        assert!(values.iter().any(|&v| v > 25) && values.iter().any(|&v| v < -25));
        assert_ne!(noise(1, 1, 50), noise(1, 2, 50) + 1000);
        assert_eq!(noise(9, 9, 0), 0);
    }
}

//! The matching crate against brute force, on costs stacked like ours
//! (several levels of very different magnitude, in i128).

use integer_blossom::min_weight_perfect_matching;
use proptest::collection::vec;
use proptest::prelude::*;

/// The least total cost of a perfect matching of vertices `free`, by trying them all.
fn brute(cost: &[i128], v: usize, free: &mut Vec<usize>) -> i128 {
    let Some(a) = free.pop() else { return 0 };
    let mut best = i128::MAX;
    for k in 0..free.len() {
        let b = free.remove(k);
        let (x, y) = (a.min(b), a.max(b));
        best = best.min(cost[x * v + y] + brute(cost, v, free));
        free.insert(k, b);
    }
    free.push(a);
    best
}

proptest! {
    #[test]
    fn minimum_cost_perfect_matching(
        half in 1usize..=5,
        levels in vec((0u8..4, 0u8..3, 0u16..400), 100),
    ) {
        let v = 2 * half;
        let mut cost = vec![0i128; v * v];
        for a in 0..v {
            for b in a + 1..v {
                let (hi, mid, lo) = levels[a * v + b];
                cost[a * v + b] =
                    (i128::from(hi) << 104) + (i128::from(mid) << 72) + i128::from(lo);
            }
        }
        let mate = min_weight_perfect_matching(&cost, v);
        for a in 0..v {
            prop_assert_eq!(mate[mate[a]], a);
            prop_assert_ne!(mate[a], a);
        }
        let total: i128 = (0..v).filter(|&a| mate[a] > a).map(|a| cost[a * v + mate[a]]).sum();
        prop_assert_eq!(total, brute(&cost, v, &mut (0..v).collect()));
    }
}

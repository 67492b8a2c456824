use std::cmp::Reverse;

use integer_blossom::min_weight_perfect_matching;

use crate::standings::{compute, Ledger};
use crate::{Context, Event, Pairing};

/// 5 rounds up to 16 players, 7 above — but never more than a full
/// round-robin's worth (n − 1 rounds for even n, n for odd n: one bye each),
/// beyond which a repeat or a second bye could not be avoided.
pub fn default_swiss_rounds(players: usize) -> u32 {
    let base = if players <= 16 { 5 } else { 7 };
    let full = if players.is_multiple_of(2) {
        players.saturating_sub(1)
    } else {
        players
    };
    base.min(full as u32).max(1)
}

// The units of the stacked cost (see the crate docs, "Swiss pairing"). Each
// is far above the largest total the levels below can reach over one round
// (at most 32 games and a bye, 63 rounds, scores up to 63 points):
// direct ≤ 64 per game < 2¹⁶ in all; side preference ≤ 2 per game < 2³²;
// squared score difference ≤ 126² per game < 2⁵⁶; bye position ≤ 63 < 2⁷²;
// repeats ≤ 63 per game < 2⁸⁸; side clashes ≤ 1 per game < 2¹⁰⁴; second
// byes ≤ 63 < 2¹¹⁰ — comfortably inside i128.
const DUTCH: i128 = 1;
const SIDE_PREFERENCE: i128 = 1 << 16;
const SCORE: i128 = 1 << 32;
const BYE_POSITION: i128 = 1 << 56;
const REPEAT: i128 = 1 << 72;
const SIDE_CLASH: i128 = 1 << 88;
const SECOND_BYE: i128 = 1 << 104;

/// The next Swiss round, or `None` when fewer than two players are left.
pub(crate) fn pairing(event: &Event, ctx: &Context) -> Option<Pairing> {
    let l = Ledger::new(event, ctx);
    let round = event.rounds.len() as u32 + 1;
    // Best first: round 1 by rating (unrated below rated, then join order),
    // later rounds by the standings.
    let ranked: Vec<usize> = if event.rounds.is_empty() {
        let mut order: Vec<usize> = (0..l.n).collect();
        order.sort_by_key(|&i| {
            let r = event.players[i].rating;
            (r.is_none(), Reverse(r), i)
        });
        order
    } else {
        compute(event, &l).iter().map(|s| ctx.at(s.key)).collect()
    };
    let active: Vec<usize> = ranked
        .into_iter()
        .filter(|&i| !l.out[i] && event.players[i].joined_round < round)
        .collect();
    let m = active.len();
    if m < 2 {
        return None;
    }
    let mate = matching(&l, &active);

    let mut pairs: Vec<(usize, usize)> = (0..m)
        .filter(|&a| mate[a] > a && mate[a] < m)
        .map(|a| (a, mate[a]))
        .collect();
    pairs.sort_unstable();
    let bye = (0..m)
        .find(|&a| mate[a] == m)
        .map(|a| event.players[active[a]].key);
    let games = pairs
        .iter()
        .enumerate()
        .map(|(board, &(a, b))| {
            let (s, n) = sides(&l, active[a], active[b], board % 2 == 0);
            (event.players[s].key, event.players[n].key)
        })
        .collect();
    Some(Pairing { round, games, bye })
}

/// The minimum-cost perfect matching of the active players (best first),
/// with vertex `m` the bye when their number `m` is odd: `mate[a]` is the
/// partner of `active[a]`.
fn matching(l: &Ledger, active: &[usize]) -> Vec<usize> {
    let m = active.len();
    let v = m + m % 2;
    let halves = |i: usize| i128::from(l.points[i].quarters() / 2);
    // Each player's place and size of their score group, for the Dutch-like
    // top-half-against-bottom-half preference.
    let group: Vec<(i128, i128)> = (0..m)
        .map(|a| {
            let same = |b: &usize| l.points[active[*b]] == l.points[active[a]];
            (
                (0..a).filter(same).count() as i128,
                (0..m).filter(same).count() as i128,
            )
        })
        .collect();
    let mut cost = vec![0i128; v * v];
    for a in 0..m {
        let i = active[a];
        for b in a + 1..m {
            let j = active[b];
            let (di, dj) = (l.side_diff[i], l.side_diff[j]);
            let clash = di.min(dj) >= 2 || di.max(dj) <= -2;
            let preference = if (di > 0 && dj > 0) || (di < 0 && dj < 0) {
                di.abs().min(dj.abs()).min(2)
            } else {
                i32::from(
                    di == 0
                        && dj == 0
                        && l.last_south[i].is_some()
                        && l.last_south[i] == l.last_south[j],
                )
            };
            let d = halves(i) - halves(j);
            let dutch = if d == 0 {
                let ((pa, size), (pb, _)) = (group[a], group[b]);
                ((pb - pa) - size / 2).abs()
            } else {
                0
            };
            cost[a * v + b] = SIDE_CLASH * i128::from(clash)
                + REPEAT * i128::from(l.met[i * l.n + j])
                + SCORE * d * d
                + SIDE_PREFERENCE * i128::from(preference)
                + DUTCH * dutch;
        }
        if v > m {
            // The lower in the ranking, the cheaper the bye.
            cost[a * v + m] =
                SECOND_BYE * i128::from(l.byes[i]) + BYE_POSITION * (m - 1 - a) as i128;
        }
    }
    min_weight_perfect_matching(&cost, v)
}

/// (south, north) for players `i` (ranked higher) and `j`: the one further
/// behind on moving first moves first; if level, the one who was north last;
/// if still level, the higher-ranked on odd boards, the lower on even ones.
fn sides(l: &Ledger, i: usize, j: usize, odd_board: bool) -> (usize, usize) {
    let i_south = match l.side_diff[i].cmp(&l.side_diff[j]) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (l.last_south[i], l.last_south[j]) {
            (Some(si), Some(sj)) if si != sj => !si,
            _ => odd_board,
        },
    };
    if i_south {
        (i, j)
    } else {
        (j, i)
    }
}

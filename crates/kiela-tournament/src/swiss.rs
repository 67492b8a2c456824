use std::cmp::Reverse;

use integer_blossom::min_weight_perfect_matching;

use crate::standings::{compute, Ledger};
use crate::{Context, Event, Format, Pairing};

/// The default rounds of a Swiss event: this many up to
/// [`SMALL_SWISS_FIELD`] players …
pub const SMALL_SWISS_ROUNDS: u32 = 5;
pub const SMALL_SWISS_FIELD: usize = 16;
/// … and this many above.
pub const LARGE_SWISS_ROUNDS: u32 = 7;

/// 5 rounds up to 16 players, 7 above — but never more than
/// [`max_swiss_rounds`].
pub fn default_swiss_rounds(players: usize) -> u32 {
    let base = if players <= SMALL_SWISS_FIELD {
        SMALL_SWISS_ROUNDS
    } else {
        LARGE_SWISS_ROUNDS
    };
    base.min(max_swiss_rounds(players))
}

/// The most rounds a Swiss event of `players` entrants may have: players − 1
/// (at least 1). Beyond that, an even field would have to repeat a pairing
/// and an odd one comes close to giving someone a second bye; and however
/// many rounds the event was given, [`next_round`](crate::next_round) ends
/// it after this many (counting the players who were in at the start).
pub fn max_swiss_rounds(players: usize) -> u32 {
    (players.saturating_sub(1) as u32).max(1)
}

/// The rounds to fix when a Swiss event starts with `players` entrants: the
/// organiser's `requested` number, or [`default_swiss_rounds`], capped at
/// [`max_swiss_rounds`] (tell the organiser when it is lower than asked).
pub fn swiss_rounds(requested: Option<u32>, players: usize) -> u32 {
    requested
        .unwrap_or_else(|| default_swiss_rounds(players))
        .clamp(1, max_swiss_rounds(players))
}

// The units of the stacked cost (see the crate docs, "Swiss pairing"). Each
// is far above the largest total the levels below can reach over one round
// (at most 32 games and a bye, 63 rounds, scores up to 63 points), in all:
// top half against bottom half ≤ 64 a game, < 2¹⁶; side preference ≤ 2 a
// game, < 2³²; squared score difference ≤ 126² (in half points) a game,
// < 2⁵⁶; bye position ≤ 63, < 2⁷²; repeats ≤ 63 a game, < 2⁸⁸; side clashes
// ≤ 1 a game, < 2¹⁰⁴; second byes ≤ 63, < 2¹¹⁰ — well inside i128.
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
    let mate = matching(&l, &active, rounds_left(event).saturating_sub(1));

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
fn matching(l: &Ledger, active: &[usize], rounds_after: u32) -> Vec<usize> {
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
            // Neither way round keeps both within the side rules.
            let clash = !((l.may_be_south(i) && l.may_be_north(j))
                || (l.may_be_south(j) && l.may_be_north(i)));
            let preference = if (di > 0 && dj > 0) || (di < 0 && dj < 0) {
                di.abs().min(dj.abs()).min(2)
            } else {
                i32::from(
                    di == 0
                        && dj == 0
                        && l.last_south(i).is_some()
                        && l.last_south(i) == l.last_south(j),
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
            // The lower in the ranking, the cheaper the bye; never to a
            // player who already scored a point without playing (a bye or a
            // forfeit win) while someone else can take it (C.04.1 rule 4).
            cost[a * v + m] =
                SECOND_BYE * i128::from(l.unplayed_wins[i]) + BYE_POSITION * (m - 1 - a) as i128;
        }
    }
    if v <= LOOKAHEAD_MAX {
        // What is already spent: pairs who met, byes already had.
        let mut spent = vec![false; v * v];
        for a in 0..m {
            for b in 0..m {
                spent[a * v + b] = l.met[active[a] * l.n + active[b]] > 0;
            }
            if v > m {
                spent[a * v + m] = l.unplayed_wins[active[a]] > 0;
                spent[m * v + a] = spent[a * v + m];
            }
        }
        return with_lookahead(&cost, &mut spent, v, rounds_after);
    }
    min_weight_perfect_matching(&cost, v)
}

/// Up to this many vertices (6 players, or 5 and the bye) a round is chosen
/// by trying every pairing (at most 15) with a look ahead: 5 or 6 players
/// over 5 rounds is a whole round-robin, and pairing it greedily round by
/// round leaves no repeat-free round 4 or 5 in about a third of events.
const LOOKAHEAD_MAX: usize = 6;

/// The cheapest pairing, where among those equal on second byes, side
/// clashes and repeats this round, one after which the remaining
/// `rounds_after` rounds can still be paired without repeats or second byes
/// (whatever the results) comes first.
fn with_lookahead(cost: &[i128], spent: &mut [bool], v: usize, rounds_after: u32) -> Vec<usize> {
    let mut best: Option<((i128, bool, i128), Vec<usize>)> = None;
    for mate in perfect_matchings(v, &|_, _| true) {
        let total: i128 = (0..v)
            .filter(|&a| mate[a] > a)
            .map(|a| cost[a * v + mate[a]])
            .sum();
        let fresh: Vec<(usize, usize)> = (0..v)
            .filter(|&a| mate[a] > a && !spent[a * v + mate[a]])
            .map(|a| (a, mate[a]))
            .collect();
        set(spent, v, &fresh, true);
        let completes = completable(spent, v, rounds_after);
        set(spent, v, &fresh, false);
        let key = (total / REPEAT, !completes, total);
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, mate));
        }
    }
    best.expect("an even number of vertices has a perfect matching")
        .1
}

fn set(spent: &mut [bool], v: usize, pairs: &[(usize, usize)], to: bool) {
    for &(a, b) in pairs {
        spent[a * v + b] = to;
        spent[b * v + a] = to;
    }
}

/// Whether `rounds` more perfect matchings of unspent pairs exist, one after another.
fn completable(spent: &mut [bool], v: usize, rounds: u32) -> bool {
    if rounds == 0 {
        return true;
    }
    for mate in perfect_matchings(v, &|a, b| !spent[a * v + b]) {
        let pairs: Vec<(usize, usize)> = (0..v)
            .filter(|&a| mate[a] > a)
            .map(|a| (a, mate[a]))
            .collect();
        set(spent, v, &pairs, true);
        let ok = completable(spent, v, rounds - 1);
        set(spent, v, &pairs, false);
        if ok {
            return true;
        }
    }
    false
}

/// Every perfect matching of `0..v` using only pairs `allowed`, as `mate` vectors.
fn perfect_matchings(v: usize, allowed: &dyn Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    fn extend(
        mate: &mut Vec<usize>,
        allowed: &dyn Fn(usize, usize) -> bool,
        out: &mut Vec<Vec<usize>>,
    ) {
        let v = mate.len();
        let Some(a) = (0..v).find(|&a| mate[a] == usize::MAX) else {
            out.push(mate.clone());
            return;
        };
        for b in a + 1..v {
            if mate[b] == usize::MAX && allowed(a, b) {
                mate[a] = b;
                mate[b] = a;
                extend(mate, allowed, out);
                mate[a] = usize::MAX;
                mate[b] = usize::MAX;
            }
        }
    }
    let mut out = Vec::new();
    extend(&mut vec![usize::MAX; v], allowed, &mut out);
    out
}

/// Rounds not yet paired, this one included.
fn rounds_left(event: &Event) -> u32 {
    match event.format {
        Format::Swiss { .. } => {
            crate::swiss_rounds_of(event).saturating_sub(event.rounds.len() as u32)
        }
        Format::RoundRobin => 1,
    }
}

/// (south, north) for players `i` (ranked higher) and `j`: if only one way
/// round keeps both within the side rules (difference within ±2, never the
/// same side three times running), that one; else the one further behind on
/// moving first moves first; if level, the one who was north last; if still
/// level, the higher-ranked on odd boards, the lower on even ones.
fn sides(l: &Ledger, i: usize, j: usize, odd_board: bool) -> (usize, usize) {
    let i_may = l.may_be_south(i) && l.may_be_north(j);
    let j_may = l.may_be_south(j) && l.may_be_north(i);
    let i_south = if i_may != j_may {
        i_may
    } else {
        match l.side_diff[i].cmp(&l.side_diff[j]) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => match (l.last_south(i), l.last_south(j)) {
                (Some(si), Some(sj)) if si != sj => !si,
                _ => odd_board,
            },
        }
    };
    if i_south {
        (i, j)
    } else {
        (j, i)
    }
}

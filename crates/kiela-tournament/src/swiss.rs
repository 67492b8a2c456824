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
/// (at least 1), the rounds in which everybody can meet everybody else once.
/// However many rounds the event was given, [`next_round`](crate::next_round)
/// ends it after this many (counting the players who were in at the start).
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
// ≤ 1 a game, < 2¹⁰⁴; a bye to someone who already scored without playing
// (byes and forfeit wins so far) ≤ 63, < 2¹¹⁰ — well inside i128.
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
    let (mate, south) = matching(&l, &active, rounds_left(event).saturating_sub(1));

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
            let (s, n) = match south[a] {
                Some(true) => (active[a], active[b]),
                Some(false) => (active[b], active[a]),
                None => sides(&l, active[a], active[b], board % 2 == 0),
            };
            (event.players[s].key, event.players[n].key)
        })
        .collect();
    Some(Pairing { round, games, bye })
}

/// The minimum-cost perfect matching of the active players (best first),
/// with vertex `m` the bye when their number `m` is odd: `mate[a]` is the
/// partner of `active[a]`; and, when the look ahead chose who moves first,
/// `south[a]` for the lower vertex `a` of each pair (else [`sides`] decides).
fn matching(l: &Ledger, active: &[usize], rounds_after: u32) -> (Vec<usize>, Vec<Option<bool>>) {
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
        let record: Vec<Option<Sides>> = (0..v)
            .map(|a| (a < m).then(|| Sides::of(l, active[a])))
            .collect();
        let usual = |a: usize, b: usize, odd_board: bool| {
            sides(l, active[a], active[b], odd_board).0 == active[a]
        };
        return with_lookahead(&cost, &mut spent, &record, v, rounds_after, &usual);
    }
    (min_weight_perfect_matching(&cost, v), vec![None; v])
}

/// Up to this many vertices (6 players, or 5 and the bye) a round is chosen
/// by trying every pairing (at most 15) with a look ahead: 5 or 6 players
/// over 5 rounds is a whole round-robin, and pairing it greedily round by
/// round leaves no repeat-free round 4 or 5 in about a third of events, or
/// no round without a side clash once the side rules are kept.
const LOOKAHEAD_MAX: usize = 6;

/// A player's sides so far, as the look ahead plays them forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sides {
    /// South minus north.
    diff: i32,
    /// The last side (`true`: south) and how many times running.
    last: Option<(bool, u32)>,
}

impl Sides {
    fn of(l: &Ledger, i: usize) -> Sides {
        Sides {
            diff: l.side_diff[i],
            last: l.streak[i],
        }
    }

    /// Within ±2 afterwards and not the same side a third time running.
    fn may(self, south: bool) -> bool {
        (if south { self.diff < 2 } else { self.diff > -2 })
            && !matches!(self.last, Some((s, k)) if s == south && k >= 2)
    }

    fn after(self, south: bool) -> Sides {
        Sides {
            diff: self.diff + if south { 1 } else { -1 },
            last: Some(match self.last {
                Some((s, k)) if s == south => (s, k + 1),
                _ => (south, 1),
            }),
        }
    }
}

/// Whether `a` and `b` can meet keeping both within the side rules (the
/// bye vertex, without sides, always can).
fn orientable(record: &[Option<Sides>], a: usize, b: usize) -> bool {
    match (record[a], record[b]) {
        (Some(x), Some(y)) => (x.may(true) && y.may(false)) || (y.may(true) && x.may(false)),
        _ => true,
    }
}

/// Tries every way of giving the sides of `pairs[k..]` within the side
/// rules, `then` on the record after each, until one says yes.
fn orient_any(
    pairs: &[(usize, usize)],
    work: &mut Vec<Option<Sides>>,
    then: &mut dyn FnMut(&[Option<Sides>]) -> bool,
) -> bool {
    let Some((&(a, b), rest)) = pairs.split_first() else {
        return then(work);
    };
    let (Some(x), Some(y)) = (work[a], work[b]) else {
        return orient_any(rest, work, then);
    };
    for a_south in [true, false] {
        if x.may(a_south) && y.may(!a_south) {
            work[a] = Some(x.after(a_south));
            work[b] = Some(y.after(!a_south));
            let ok = orient_any(rest, work, then);
            work[a] = Some(x);
            work[b] = Some(y);
            if ok {
                return true;
            }
        }
    }
    false
}

/// The cheapest pairing, where among those equal on second byes, side
/// clashes and repeats this round, one after which the remaining
/// `rounds_after` rounds can still be paired without repeats, second byes
/// or side clashes (whatever the results) comes first, then one after which
/// they can without repeats or second byes; and who moves first, `usual`
/// (see [`sides`]) unless another way keeps the remaining rounds possible,
/// then with as few changes as may be.
fn with_lookahead(
    cost: &[i128],
    spent: &mut [bool],
    record: &[Option<Sides>],
    v: usize,
    rounds_after: u32,
    usual: &dyn Fn(usize, usize, bool) -> bool,
) -> (Vec<usize>, Vec<Option<bool>>) {
    type Key = (i128, u8, u32, i128);
    let mut best: Option<(Key, Vec<usize>, Vec<Option<bool>>)> = None;
    for mate in perfect_matchings(v, &|_, _| true) {
        let total: i128 = (0..v)
            .filter(|&a| mate[a] > a)
            .map(|a| cost[a * v + mate[a]])
            .sum();
        let fresh: Vec<(usize, usize)> = (0..v)
            .filter(|&a| mate[a] > a && !spent[a * v + mate[a]])
            .map(|a| (a, mate[a]))
            .collect();
        // The games (not the bye), board by board as `pairing` lists them.
        let games: Vec<(usize, usize)> = (0..v)
            .filter(|&a| mate[a] > a && record[a].is_some() && record[mate[a]].is_some())
            .map(|a| (a, mate[a]))
            .collect();
        let usual_south: Vec<bool> = games
            .iter()
            .enumerate()
            .map(|(board, &(a, b))| usual(a, b, board % 2 == 0))
            .collect();
        set(spent, v, &fresh, true);
        let mut found: Option<(u32, Vec<bool>)> = None;
        let mut masks: Vec<u32> = (0..1u32 << games.len()).collect();
        masks.sort_by_key(|m| m.count_ones());
        for mask in masks {
            let south: Vec<bool> = (0..games.len())
                .map(|k| usual_south[k] != (mask >> k & 1 == 1))
                .collect();
            let mut after = record.to_vec();
            let legal = games.iter().zip(&south).all(|(&(a, b), &s)| {
                let (x, y) = (record[a].expect("a game"), record[b].expect("a game"));
                x.may(s) && y.may(!s)
            });
            if !legal {
                continue;
            }
            for (&(a, b), &s) in games.iter().zip(&south) {
                after[a] = after[a].map(|x| x.after(s));
                after[b] = after[b].map(|y| y.after(!s));
            }
            if completable(spent, &after, v, rounds_after, true) {
                found = Some((mask.count_ones(), south));
                break;
            }
        }
        let (level, changes, chosen) = match found {
            Some((changes, south)) => (0, changes, Some(south)),
            None if completable(spent, record, v, rounds_after, false) => (1, 0, None),
            None => (2, 0, None),
        };
        set(spent, v, &fresh, false);
        let key = (total / REPEAT, level, changes, total);
        if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
            let mut south = vec![None; v];
            if let Some(chosen) = chosen {
                for (&(a, _), s) in games.iter().zip(chosen) {
                    south[a] = Some(s);
                }
            }
            best = Some((key, mate, south));
        }
    }
    let (_, mate, south) = best.expect("an even number of vertices has a perfect matching");
    (mate, south)
}

fn set(spent: &mut [bool], v: usize, pairs: &[(usize, usize)], to: bool) {
    for &(a, b) in pairs {
        spent[a * v + b] = to;
        spent[b * v + a] = to;
    }
}

/// Whether `rounds` more perfect matchings of unspent pairs exist, one
/// after another — and, `with_sides`, each with sides that keep everybody
/// within the side rules.
fn completable(
    spent: &mut [bool],
    record: &[Option<Sides>],
    v: usize,
    rounds: u32,
    with_sides: bool,
) -> bool {
    if rounds == 0 {
        return true;
    }
    let matchings = perfect_matchings(v, &|a, b| {
        !spent[a * v + b] && (!with_sides || orientable(record, a, b))
    });
    for mate in matchings {
        let pairs: Vec<(usize, usize)> = (0..v)
            .filter(|&a| mate[a] > a)
            .map(|a| (a, mate[a]))
            .collect();
        set(spent, v, &pairs, true);
        let ok = if with_sides {
            let mut work = record.to_vec();
            orient_any(&pairs, &mut work, &mut |after| {
                completable(spent, after, v, rounds - 1, true)
            })
        } else {
            completable(spent, record, v, rounds - 1, false)
        };
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

//! Property tests of whole events with random results.
//!
//! Swiss (3–64 players, default rounds, random ratings, random wins, draws
//! and losses, no forfeits, withdrawals or late joins): every round pairs
//! every player exactly once (a bye only when their number is odd); the
//! round is lexicographically optimal on (second byes, side clashes,
//! repeats) — checked against an independent matching over just those three
//! counts, so in particular *no pair meets twice whenever some pairing of
//! that round avoids every repeat without a second bye or a side clash*;
//! at the end nobody has more than one bye and every player's
//! south-minus-north difference is within ±2; with at most 6 players (where
//! the pairing looks ahead) no pair meets twice in the whole event.
//!
//! Swiss with forfeits (which withdraw), withdrawals and late joins: every
//! round pairs exactly the players still in (not withdrawn, no forfeit loss,
//! joined before the round) and is lexicographically optimal as above among
//! them; late joiners have ½ per missed round; the standings rank everyone
//! 1..=n by non-increasing points and do not change when recomputed.
//!
//! Round-robin (3–12 players): every pair meets exactly twice with sides
//! swapped up to 6 players, exactly once above; every player is south in
//! half their games, within one.

use std::collections::HashMap;

use integer_blossom::min_weight_perfect_matching;
use kiela_tournament::{
    next_round, standings, Event, Format, NextRound, Outcome, Player, PlayerKey,
};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

/// What the rounds so far say, recomputed here independently of the crate
/// (sides count only games not forfeited).
#[derive(Default)]
struct Seen {
    side: HashMap<PlayerKey, i32>,
    byes: HashMap<PlayerKey, u32>,
    met: HashMap<(PlayerKey, PlayerKey), u32>,
}

impl Seen {
    fn of(e: &Event) -> Seen {
        let mut s = Seen::default();
        for r in &e.rounds {
            if let Some(b) = r.bye {
                *s.byes.entry(b).or_default() += 1;
            }
            for g in &r.games {
                if g.outcome.is_none_or(Outcome::is_played) {
                    *s.side.entry(g.south).or_default() += 1;
                    *s.side.entry(g.north).or_default() -= 1;
                }
                *s.met.entry(pair(g.south, g.north)).or_default() += 1;
            }
        }
        s
    }
    fn side(&self, k: PlayerKey) -> i32 {
        self.side.get(&k).copied().unwrap_or(0)
    }
    fn byes(&self, k: PlayerKey) -> u32 {
        self.byes.get(&k).copied().unwrap_or(0)
    }
    fn met(&self, a: PlayerKey, b: PlayerKey) -> u32 {
        self.met.get(&pair(a, b)).copied().unwrap_or(0)
    }
    /// Both need the same side to stay within ±2.
    fn clash(&self, a: PlayerKey, b: PlayerKey) -> bool {
        let (da, db) = (self.side(a), self.side(b));
        da.min(db) >= 2 || da.max(db) <= -2
    }
}

fn pair(a: PlayerKey, b: PlayerKey) -> (PlayerKey, PlayerKey) {
    (a.min(b), a.max(b))
}

/// (second byes, side clashes, prior meetings) as one comparable number.
fn badness(second_byes: u32, clashes: u32, repeats: u32) -> i64 {
    i64::from(second_byes) * 1_000_000 + i64::from(clashes) * 1_000 + i64::from(repeats)
}

/// The least badness any pairing of `players` can have.
fn best_badness(seen: &Seen, players: &[PlayerKey]) -> i64 {
    let m = players.len();
    let v = m + m % 2;
    let mut cost = vec![0i64; v * v];
    for a in 0..m {
        for b in a + 1..m {
            let (x, y) = (players[a], players[b]);
            cost[a * v + b] = badness(0, u32::from(seen.clash(x, y)), seen.met(x, y));
        }
        if v > m {
            cost[a * v + m] = badness(seen.byes(players[a]), 0, 0);
        }
    }
    let mate = min_weight_perfect_matching(&cost, v);
    (0..v)
        .filter(|&a| mate[a] > a)
        .map(|a| cost[a * v + mate[a]])
        .sum()
}

fn outcome(r: u8) -> Outcome {
    match r % 3 {
        0 => Outcome::SouthWins,
        1 => Outcome::NorthWins,
        _ => Outcome::Draw,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn swiss_events(
        // Small events half the time: they are where repeats are hard to avoid.
        n in prop_oneof![3usize..=6, 3usize..=64],
        ratings in vec(option::of(1000i32..2000), 64),
        results in vec(0u8..3, 7 * 32),
    ) {
        let keys: Vec<PlayerKey> = (0..n as u32).map(|i| PlayerKey(1000 - i)).collect();
        let mut e = Event {
            format: Format::swiss(n),
            players: keys
                .iter()
                .zip(&ratings)
                .map(|(&key, &rating)| Player { rating, ..Player::new(key) })
                .collect(),
            rounds: vec![],
        };
        let mut results = results.into_iter();
        while let NextRound::Pairing(p) = next_round(&e).unwrap() {
            prop_assert_eq!(p.round as usize, e.rounds.len() + 1);
            let seen = Seen::of(&e);
            let mut paired: Vec<PlayerKey> =
                p.games.iter().flat_map(|&(s, n)| [s, n]).chain(p.bye).collect();
            paired.sort();
            let mut all = keys.clone();
            all.sort();
            prop_assert_eq!(&paired, &all, "everyone exactly once");
            prop_assert_eq!(p.bye.is_some(), n % 2 == 1);

            let ours = badness(
                p.bye.map_or(0, |b| seen.byes(b)),
                p.games.iter().filter(|&&(s, n)| seen.clash(s, n)).count() as u32,
                p.games.iter().map(|&(s, n)| seen.met(s, n)).sum(),
            );
            prop_assert_eq!(ours, best_badness(&seen, &keys), "round {}", p.round);

            let mut round = p.into_round();
            for g in &mut round.games {
                g.outcome = Some(outcome(results.next().unwrap()));
            }
            e.rounds.push(round);
        }
        let Format::Swiss { rounds } = e.format else { unreachable!() };
        prop_assert_eq!(e.rounds.len() as u32, rounds);
        let seen = Seen::of(&e);
        if n <= 6 {
            prop_assert!(seen.met.values().all(|&m| m == 1), "a repeat with {} players", n);
        }
        for &k in &keys {
            prop_assert!(seen.byes(k) <= 1, "{:?} had {} byes", k, seen.byes(k));
            prop_assert!(seen.side(k).abs() <= 2, "{:?} side difference {}", k, seen.side(k));
        }
    }

    #[test]
    fn swiss_events_with_forfeits_withdrawals_and_late_joins(
        n in 3usize..=48,
        results in vec(0u8..40, 7 * 40),
        joins in vec(0usize..3, 8),
        withdrawals in vec(option::of(0usize..64), 8),
    ) {
        let mut e = Event {
            format: Format::swiss(n),
            players: (0..n as u32).map(|i| Player::new(PlayerKey(i))).collect(),
            rounds: vec![],
        };
        let Format::Swiss { rounds } = e.format else { unreachable!() };
        let mut results = results.into_iter();
        loop {
            let started = e.rounds.len() as u32;
            if started > 0 && kiela_tournament::late_join_open(e.format, started) {
                for _ in 0..joins[started as usize] {
                    if e.players.len() < 64 {
                        let key = PlayerKey(e.players.len() as u32);
                        e.players.push(Player { joined_round: started, ..Player::new(key) });
                    }
                }
            }
            if let Some(w) = withdrawals[started as usize] {
                let len = e.players.len();
                e.players[w % len].withdrawn = true;
            }
            let next = next_round(&e).unwrap();
            let NextRound::Pairing(p) = next else {
                prop_assert_eq!(next, NextRound::Finished);
                break;
            };
            let seen = Seen::of(&e);
            let forfeited: Vec<PlayerKey> = e
                .rounds
                .iter()
                .flat_map(|r| &r.games)
                .filter_map(|g| match g.outcome {
                    Some(Outcome::SouthForfeits) => Some(g.south),
                    Some(Outcome::NorthForfeits) => Some(g.north),
                    _ => None,
                })
                .collect();
            let mut active: Vec<PlayerKey> = e
                .players
                .iter()
                .filter(|p| !p.withdrawn && p.joined_round <= started && !forfeited.contains(&p.key))
                .map(|p| p.key)
                .collect();
            active.sort();
            let mut paired: Vec<PlayerKey> =
                p.games.iter().flat_map(|&(s, n)| [s, n]).chain(p.bye).collect();
            paired.sort();
            prop_assert_eq!(&paired, &active, "exactly the players still in");
            prop_assert_eq!(p.bye.is_some(), active.len() % 2 == 1);
            let ours = badness(
                p.bye.map_or(0, |b| seen.byes(b)),
                p.games.iter().filter(|&&(s, n)| seen.clash(s, n)).count() as u32,
                p.games.iter().map(|&(s, n)| seen.met(s, n)).sum(),
            );
            prop_assert_eq!(ours, best_badness(&seen, &active), "round {}", p.round);

            let mut round = p.into_round();
            for g in &mut round.games {
                let r = results.next().unwrap();
                g.outcome = Some(match r {
                    38 => Outcome::SouthForfeits,
                    39 => Outcome::NorthForfeits,
                    _ => outcome(r),
                });
            }
            e.rounds.push(round);
        }
        prop_assert!(e.rounds.len() as u32 <= rounds);
        let s = standings(&e).unwrap();
        prop_assert_eq!(&s, &standings(&e.clone()).unwrap());
        prop_assert_eq!(s.len(), e.players.len());
        for (i, row) in s.iter().enumerate() {
            prop_assert_eq!(row.rank as usize, i + 1);
            if i > 0 {
                prop_assert!(s[i - 1].points >= row.points);
            }
        }
        // Every game and bye gives out 1 point; late joiners ½ per missed round.
        let total: u32 = s.iter().map(|r| r.points.quarters()).sum();
        let late: u32 = e.players.iter().map(|p| 2 * p.joined_round).sum();
        let given: u32 = e.rounds.iter().map(|r| 4 * (r.games.len() + usize::from(r.bye.is_some())) as u32).sum();
        prop_assert_eq!(total, given + late);
    }

    #[test]
    fn round_robins(n in 3usize..=12) {
        let keys: Vec<PlayerKey> = (0..n as u32).map(PlayerKey).collect();
        let e = Event {
            format: Format::RoundRobin,
            players: keys.iter().map(|&k| Player::new(k)).collect(),
            rounds: vec![],
        };
        let NextRound::Pairing(p) = next_round(&e).unwrap() else { panic!("no pairing") };
        let double = n <= 6;
        let mut ordered: HashMap<(PlayerKey, PlayerKey), u32> = HashMap::new();
        for &(s, no) in &p.games {
            prop_assert_ne!(s, no);
            *ordered.entry((s, no)).or_default() += 1;
        }
        for (a, &x) in keys.iter().enumerate() {
            for &y in &keys[a + 1..] {
                let (xy, yx) = (
                    ordered.get(&(x, y)).copied().unwrap_or(0),
                    ordered.get(&(y, x)).copied().unwrap_or(0),
                );
                if double {
                    prop_assert_eq!((xy, yx), (1, 1));
                } else {
                    prop_assert_eq!(xy + yx, 1);
                }
            }
            let south = p.games.iter().filter(|g| g.0 == x).count() as i32;
            let north = p.games.iter().filter(|g| g.1 == x).count() as i32;
            prop_assert_eq!(south + north, if double { 2 } else { 1 } * (n as i32 - 1));
            prop_assert!((south - north).abs() <= 1);
        }
    }
}

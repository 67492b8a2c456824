//! Property tests of whole events with random results.
//!
//! Swiss (3–64 players, default rounds, random ratings, random wins, draws
//! and losses, no forfeits, withdrawals or late joins): every round pairs
//! every player exactly once (a bye only when their number is odd); the
//! round is lexicographically optimal on (byes to players who already
//! scored a point without playing, side clashes, repeats) — checked against
//! an independent matching over just those three counts, so in particular
//! *no pair meets twice whenever some pairing of that round avoids every
//! repeat without such a bye or a side clash*; after every round every
//! player's south-minus-north difference is within ±2 and nobody has had
//! the same side three times running; nobody has more than one bye; with at
//! most 6 players (where the pairing looks ahead) no pair meets twice in
//! the whole event.
//!
//! Swiss with forfeits (which withdraw), withdrawals, late joins and any
//! number of rounds asked for: every round pairs exactly the players still
//! in (not withdrawn, no forfeit loss, joined before the round) and is
//! lexicographically optimal as above among them; the side rules hold after
//! every round; the bye never goes to a player who had a bye or a forfeit
//! win while someone still in had neither; the event never has more rounds
//! than the players at the start − 1; late joiners have ½ per missed round;
//! the standings rank everyone by non-increasing points, share a place
//! exactly when points and every tie-break are equal, and do not change
//! when recomputed.
//!
//! Round-robin (3–12 players): every pair meets exactly twice with sides
//! swapped up to 6 players, exactly once above; every player is south in
//! half their games, within one.

use std::collections::HashMap;

use integer_blossom::min_weight_perfect_matching;
use kiela_tournament::{
    max_swiss_rounds, next_round, standings, Event, Format, NextRound, Outcome, Player, PlayerKey,
    Standing,
};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

/// What the rounds so far say, recomputed here independently of the crate
/// (sides count only games not forfeited).
#[derive(Default)]
struct Seen {
    side: HashMap<PlayerKey, i32>,
    /// Sides of the games not forfeited, in order (`true`: south).
    sides: HashMap<PlayerKey, Vec<bool>>,
    byes: HashMap<PlayerKey, u32>,
    /// Byes and forfeit wins.
    unplayed_wins: HashMap<PlayerKey, u32>,
    met: HashMap<(PlayerKey, PlayerKey), u32>,
}

impl Seen {
    fn of(e: &Event) -> Seen {
        let mut s = Seen::default();
        for r in &e.rounds {
            if let Some(b) = r.bye {
                *s.byes.entry(b).or_default() += 1;
                *s.unplayed_wins.entry(b).or_default() += 1;
            }
            for g in &r.games {
                if g.outcome.is_none_or(Outcome::is_played) {
                    *s.side.entry(g.south).or_default() += 1;
                    *s.side.entry(g.north).or_default() -= 1;
                    s.sides.entry(g.south).or_default().push(true);
                    s.sides.entry(g.north).or_default().push(false);
                }
                match g.outcome {
                    Some(Outcome::SouthForfeits) => {
                        *s.unplayed_wins.entry(g.north).or_default() += 1
                    }
                    Some(Outcome::NorthForfeits) => {
                        *s.unplayed_wins.entry(g.south).or_default() += 1
                    }
                    _ => {}
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
    fn unplayed_wins(&self, k: PlayerKey) -> u32 {
        self.unplayed_wins.get(&k).copied().unwrap_or(0)
    }
    fn met(&self, a: PlayerKey, b: PlayerKey) -> u32 {
        self.met.get(&pair(a, b)).copied().unwrap_or(0)
    }
    /// Had side `south` in each of their last two games not forfeited.
    fn twice(&self, k: PlayerKey, south: bool) -> bool {
        self.sides
            .get(&k)
            .is_some_and(|v| v.len() >= 2 && v[v.len() - 2..].iter().all(|&x| x == south))
    }
    fn may_be(&self, k: PlayerKey, south: bool) -> bool {
        let d = self.side(k);
        (if south { d < 2 } else { d > -2 }) && !self.twice(k, south)
    }
    /// Neither way round keeps both within ±2 and off a third side in a row.
    fn clash(&self, a: PlayerKey, b: PlayerKey) -> bool {
        !((self.may_be(a, true) && self.may_be(b, false))
            || (self.may_be(b, true) && self.may_be(a, false)))
    }
    /// The side rules hold for everybody: difference within ±2, never the
    /// same side three times running.
    fn sides_legal(&self) -> Result<(), String> {
        for (k, v) in &self.sides {
            let d = self.side(*k);
            if d.abs() > 2 {
                return Err(format!("{k:?} side difference {d}"));
            }
            if v.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]) {
                return Err(format!("{k:?} same side three times running: {v:?}"));
            }
        }
        Ok(())
    }
}

fn pair(a: PlayerKey, b: PlayerKey) -> (PlayerKey, PlayerKey) {
    (a.min(b), a.max(b))
}

/// (byes to players who scored a point without playing, side clashes,
/// prior meetings) as one comparable number.
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
            cost[a * v + m] = badness(seen.unplayed_wins(players[a]), 0, 0);
        }
    }
    let mate = min_weight_perfect_matching(&cost, v);
    (0..v)
        .filter(|&a| mate[a] > a)
        .map(|a| cost[a * v + mate[a]])
        .sum()
}

/// Everything the standings compare, in order.
#[allow(clippy::type_complexity)]
fn tiebreaks(
    r: &Standing,
) -> (
    kiela_tournament::Points,
    Option<kiela_tournament::Points>,
    kiela_tournament::Points,
    Option<kiela_tournament::Points>,
    u32,
) {
    let wins = if r.buchholz_cut1.is_some() { 0 } else { r.wins };
    (
        r.points,
        r.buchholz_cut1,
        r.sonneborn_berger,
        r.direct_encounter,
        wins,
    )
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
                p.bye.map_or(0, |b| seen.unplayed_wins(b)),
                p.games.iter().filter(|&&(s, n)| seen.clash(s, n)).count() as u32,
                p.games.iter().map(|&(s, n)| seen.met(s, n)).sum(),
            );
            prop_assert_eq!(ours, best_badness(&seen, &keys), "round {}", p.round);

            let mut round = p.into_round();
            for g in &mut round.games {
                g.outcome = Some(outcome(results.next().unwrap()));
            }
            e.rounds.push(round);
            if let Err(why) = Seen::of(&e).sides_legal() {
                prop_assert!(false, "after round {}: {}", e.rounds.len(), why);
            }
        }
        let Format::Swiss { rounds } = e.format else { unreachable!() };
        prop_assert_eq!(e.rounds.len() as u32, rounds);
        prop_assert!(rounds <= max_swiss_rounds(n));
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
        // Any number of rounds half the time (the cap must hold), else the default.
        asked in option::of(1u32..=20),
        results in vec(0u8..40, 20 * 40),
        joins in vec(0usize..3, 21),
        withdrawals in vec(option::of(0usize..64), 21),
    ) {
        let mut e = Event {
            format: asked.map_or(Format::swiss(n), |rounds| Format::Swiss { rounds }),
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
                p.bye.map_or(0, |b| seen.unplayed_wins(b)),
                p.games.iter().filter(|&&(s, n)| seen.clash(s, n)).count() as u32,
                p.games.iter().map(|&(s, n)| seen.met(s, n)).sum(),
            );
            prop_assert_eq!(ours, best_badness(&seen, &active), "round {}", p.round);
            if let Some(b) = p.bye {
                let someone_else = active.iter().any(|&k| seen.unplayed_wins(k) == 0);
                prop_assert!(
                    seen.unplayed_wins(b) == 0 || !someone_else,
                    "round {}: bye to {:?}, who already scored without playing", p.round, b
                );
            }

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
            if let Err(why) = Seen::of(&e).sides_legal() {
                prop_assert!(false, "after round {}: {}", e.rounds.len(), why);
            }
        }
        prop_assert!(e.rounds.len() as u32 <= rounds);
        prop_assert!(e.rounds.len() as u32 <= max_swiss_rounds(n), "{} rounds for {} players", e.rounds.len(), n);
        let s = standings(&e).unwrap();
        prop_assert_eq!(&s, &standings(&e.clone()).unwrap());
        prop_assert_eq!(s.len(), e.players.len());
        for (i, row) in s.iter().enumerate() {
            if i > 0 {
                prop_assert!(s[i - 1].points >= row.points);
                let level = tiebreaks(&s[i - 1]) == tiebreaks(row);
                prop_assert_eq!(row.tied_with_previous, level, "line {}", i + 1);
            } else {
                prop_assert!(!row.tied_with_previous);
            }
            let rank = if row.tied_with_previous { s[i - 1].rank } else { i as u32 + 1 };
            prop_assert_eq!(row.rank, rank);
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

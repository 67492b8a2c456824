//! Pairings worked by hand.

use kiela_tournament::{
    default_swiss_rounds, max_swiss_rounds, next_round, swiss_rounds, Event, Format, Game,
    NextRound, Outcome, Pairing, Player, PlayerKey, Round,
};
use Outcome::*;

fn k(i: u32) -> PlayerKey {
    PlayerKey(i)
}

fn pairing(e: &Event) -> Pairing {
    match next_round(e).unwrap() {
        NextRound::Pairing(p) => p,
        other => panic!("expected a pairing, got {other:?}"),
    }
}

/// Plays `p` with the given outcomes, board by board.
fn play(e: &mut Event, p: Pairing, outcomes: &[Outcome]) {
    let mut round = p.into_round();
    assert_eq!(round.games.len(), outcomes.len());
    for (g, &o) in round.games.iter_mut().zip(outcomes) {
        g.outcome = Some(o);
    }
    e.rounds.push(round);
}

#[test]
fn default_rounds() {
    assert_eq!(default_swiss_rounds(3), 2); // players − 1
    assert_eq!(default_swiss_rounds(4), 3);
    assert_eq!(default_swiss_rounds(5), 4);
    assert_eq!(default_swiss_rounds(6), 5);
    assert_eq!(default_swiss_rounds(16), 5);
    assert_eq!(default_swiss_rounds(17), 7);
    assert_eq!(default_swiss_rounds(64), 7);
}

/// The rounds fixed at the start: the organiser's, capped at players − 1.
#[test]
fn rounds_capped_at_players_minus_one() {
    assert_eq!(max_swiss_rounds(3), 2);
    assert_eq!(max_swiss_rounds(64), 63);
    assert_eq!(swiss_rounds(None, 4), 3);
    assert_eq!(swiss_rounds(Some(7), 4), 3);
    assert_eq!(swiss_rounds(Some(7), 8), 7);
    assert_eq!(swiss_rounds(Some(9), 8), 7);
    assert_eq!(swiss_rounds(Some(2), 30), 2);
    assert_eq!(swiss_rounds(Some(0), 30), 1);
    assert_eq!(swiss_rounds(None, 40), 7);
}

/// Round 1, six players: seeded by rating — 1800 (4), 1700 (1), 1600 (3),
/// 1500 (0), 1400 (5), unrated (2) — top half against bottom half: seed 1 v 4,
/// 2 v 5, 3 v 6. The higher seed moves first on odd boards, the lower on even
/// ones.
#[test]
fn round_one_seeds_by_rating() {
    let ratings = [
        Some(1500),
        Some(1700),
        None,
        Some(1600),
        Some(1800),
        Some(1400),
    ];
    let e = Event {
        format: Format::swiss(6),
        players: ratings
            .iter()
            .enumerate()
            .map(|(i, &r)| Player {
                rating: r,
                ..Player::new(k(i as u32))
            })
            .collect(),
        rounds: vec![],
    };
    let p = pairing(&e);
    assert_eq!(p.round, 1);
    assert_eq!(p.bye, None);
    assert_eq!(p.games, vec![(k(4), k(0)), (k(5), k(1)), (k(3), k(2))]);
}

/// Round 1, five players: the bye goes to the lowest-rated, unrated below
/// rated, the later joiner of two unrated: seeds D 1600, B 1500, E 1400,
/// A (unrated, joined first), C (unrated) → bye C; then 1 v 3 (D–E) and
/// 2 v 4 (B–A), the lower seed A moving first on board 2.
#[test]
fn round_one_bye_to_the_lowest_seed() {
    let (a, b, c, d, e) = (k(0), k(1), k(2), k(3), k(4));
    let ev = Event {
        format: Format::swiss(5),
        players: vec![
            Player::new(a),
            Player::rated(b, 1500),
            Player::new(c),
            Player::rated(d, 1600),
            Player::rated(e, 1400),
        ],
        rounds: vec![],
    };
    let p = pairing(&ev);
    assert_eq!(p.bye, Some(c));
    assert_eq!(p.games, vec![(d, e), (a, b)]);
}

/// Four players rated A 1800, B 1700, C 1600, D 1500, three rounds.
///
/// R1: seeds 1 v 3, 2 v 4: A–C (A south, board 1), D–B (lower seed D south,
/// board 2). A and D win.
/// R2: A 1, D 1 (tied on everything, A joined first), B 0, C 0 → A–D, then
/// C–B. Both A and D were south: equal difference and last side, so the
/// higher-ranked A is south on board 1; B and C were both north, so on
/// board 2 the lower-ranked C is south. A and B win.
/// R3: A 2, then D 1 and B 1, C 0. A met C and D, B met D and C: the only
/// pairing without a repeat is A–B, D–C (although D–B would match scores).
/// Sides: A was south twice (+2), B north twice (−2): B south. D and C are
/// level (0) but D was north last: D south.
#[test]
fn three_rounds_by_hand() {
    let (a, b, c, d) = (k(0), k(1), k(2), k(3));
    let mut e = Event {
        format: Format::Swiss { rounds: 3 },
        players: vec![
            Player::rated(a, 1800),
            Player::rated(b, 1700),
            Player::rated(c, 1600),
            Player::rated(d, 1500),
        ],
        rounds: vec![],
    };
    let p = pairing(&e);
    assert_eq!(p.games, vec![(a, c), (d, b)]);
    play(&mut e, p, &[SouthWins, SouthWins]);
    let p = pairing(&e);
    assert_eq!(p.games, vec![(a, d), (c, b)]);
    play(&mut e, p, &[SouthWins, NorthWins]);
    let p = pairing(&e);
    assert_eq!(p.games, vec![(b, a), (d, c)]);
    play(&mut e, p, &[Draw, Draw]);
    assert_eq!(next_round(&e), Ok(NextRound::Finished));
}

/// Three players, two rounds (players − 1): two different players get the
/// bye and no pair meets twice.
#[test]
fn three_players_two_rounds() {
    let keys = [k(0), k(1), k(2)];
    let mut e = Event {
        format: Format::swiss(3),
        players: keys.iter().map(|&k| Player::new(k)).collect(),
        rounds: vec![],
    };
    while let NextRound::Pairing(p) = next_round(&e).unwrap() {
        assert!(p.bye.is_some());
        play(&mut e, p, &[SouthWins]);
    }
    assert_eq!(e.rounds.len(), 2);
    assert_ne!(e.rounds[0].bye, e.rounds[1].bye);
    let pair = |r: &Round| {
        let g = &r.games[0];
        (g.south.min(g.north), g.south.max(g.north))
    };
    assert_ne!(pair(&e.rounds[0]), pair(&e.rounds[1]));
}

/// The bye after round 1 goes to the lowest score that has not had one,
/// not to a player who already had it.
///
/// Five unrated players; R1 bye to 4 (the last to join); 0 beats 1, 2 beats 3.
/// R2: points 0 1, 2 1, 4 1 (bye), 1 0, 3 0. Lowest: 1 and 3 on 0 with no
/// tie-breaks (losses), 1 joined first so 3 is the lowest-ranked: bye 3.
#[test]
fn bye_to_the_lowest_ranked_without_one() {
    let mut e = Event {
        format: Format::swiss(5),
        players: (0..5).map(|i| Player::new(k(i))).collect(),
        rounds: vec![],
    };
    let p = pairing(&e);
    assert_eq!(p.bye, Some(k(4)));
    // Seeds 0..=3 by join order: 0 v 2, 1 v 3 (the bye is seed 5).
    assert_eq!(p.games, vec![(k(0), k(2)), (k(3), k(1))]);
    play(&mut e, p, &[SouthWins, NorthWins]);
    let p = pairing(&e);
    assert_eq!(p.bye, Some(k(3)));
}

/// A player who forfeited or was withdrawn is not paired; a late joiner is,
/// from the round after they joined, with ½ point per missed round.
#[test]
fn forfeits_withdrawals_and_late_joins() {
    let mut e = Event {
        format: Format::Swiss { rounds: 5 },
        players: (0..6).map(|i| Player::new(k(i))).collect(),
        rounds: vec![],
    };
    let p = pairing(&e);
    assert_eq!(p.games, vec![(k(0), k(3)), (k(4), k(1)), (k(2), k(5))]);
    // 3 never moved; 4 is withdrawn by the bot; 6 joins after round 1 started.
    play(&mut e, p, &[NorthForfeits, SouthWins, Draw]);
    e.players[4].withdrawn = true;
    e.players.push(Player {
        joined_round: 1,
        ..Player::new(k(6))
    });
    let p = pairing(&e);
    let paired: Vec<_> = p
        .games
        .iter()
        .flat_map(|&(s, n)| [s, n])
        .chain(p.bye)
        .collect();
    assert_eq!(paired.len(), 5);
    assert!(!paired.contains(&k(3)) && !paired.contains(&k(4)));
    assert!(paired.contains(&k(6)));
    // 0 (forfeit win) is alone on 1 point; 2, 5 and 6 (late join ½) on ½;
    // 1 on 0: the bye goes to 1, 0 meets one of the ½-point players.
    assert_eq!(p.bye, Some(k(1)));
}

#[test]
fn in_progress_until_every_game_has_an_outcome() {
    let mut e = Event {
        format: Format::swiss(4),
        players: (0..4).map(|i| Player::new(k(i))).collect(),
        rounds: vec![],
    };
    let p = pairing(&e);
    e.rounds.push(p.into_round());
    assert_eq!(next_round(&e), Ok(NextRound::InProgress));
    e.rounds[0].games[0].outcome = Some(Draw);
    assert_eq!(next_round(&e), Ok(NextRound::InProgress));
    e.rounds[0].games[1].outcome = Some(Draw);
    assert!(matches!(next_round(&e), Ok(NextRound::Pairing(p)) if p.round == 2));
}

/// A round-robin is paired all at once as round 1, then waits, then is over.
#[test]
fn round_robin_lifecycle() {
    let mut e = Event {
        format: Format::RoundRobin,
        players: (0..3).map(|i| Player::new(k(i))).collect(),
        rounds: vec![],
    };
    let p = pairing(&e);
    assert_eq!(p.round, 1);
    assert_eq!(
        p.games,
        vec![
            (k(0), k(1)),
            (k(0), k(2)),
            (k(1), k(2)),
            (k(1), k(0)),
            (k(2), k(0)),
            (k(2), k(1)),
        ]
    );
    e.rounds.push(p.into_round());
    assert_eq!(next_round(&e), Ok(NextRound::InProgress));
    for g in &mut e.rounds[0].games {
        g.outcome = Some(Draw);
    }
    assert_eq!(next_round(&e), Ok(NextRound::Finished));
    // A late joiner is refused in a round-robin.
    e.players.push(Player {
        joined_round: 1,
        ..Player::new(k(9))
    });
    assert!(next_round(&e).is_err());
    let _ = Round::default();
    let _ = Game {
        south: k(0),
        north: k(1),
        outcome: None,
    };
}

/// More rounds than players − 1 (stored before the cap, or asked of the
/// crate directly): the event ends after players − 1 rounds, here 4 of the
/// 8 asked for 5 players — each round a different bye, no pair twice.
#[test]
fn never_more_rounds_than_players_minus_one() {
    let mut e = Event {
        format: Format::Swiss { rounds: 8 },
        players: (0..5).map(|i| Player::new(k(i))).collect(),
        rounds: vec![],
    };
    while let NextRound::Pairing(p) = next_round(&e).unwrap() {
        play(&mut e, p, &[Draw, SouthWins]);
    }
    assert_eq!(e.rounds.len(), 4);
    let mut byes: Vec<_> = e.rounds.iter().map(|r| r.bye.unwrap()).collect();
    byes.sort();
    byes.dedup();
    assert_eq!(byes.len(), 4);
    let mut pairs: Vec<_> = e
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .map(|g| (g.south.min(g.north), g.south.max(g.north)))
        .collect();
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), 8);
    // A late joiner does not lengthen it: the cap counts who started.
    let mut e = Event {
        format: Format::Swiss { rounds: 5 },
        players: (0..4).map(|i| Player::new(k(i))).collect(),
        rounds: vec![],
    };
    let p = pairing(&e);
    play(&mut e, p, &[Draw, Draw]);
    e.players.push(Player {
        joined_round: 1,
        ..Player::new(k(4))
    });
    while let NextRound::Pairing(p) = next_round(&e).unwrap() {
        let results = vec![Draw; p.games.len()];
        play(&mut e, p, &results);
    }
    assert_eq!(e.rounds.len(), 3);
}

fn game(south: PlayerKey, north: PlayerKey, outcome: Outcome) -> Game {
    Game {
        south,
        north,
        outcome: Some(outcome),
    }
}

/// A player who won by forfeit has scored a point without playing: the bye
/// goes to someone else although they are the lowest-ranked (C.04.1 rule 4).
///
/// Five players, 4 rounds.
/// R1: 0–1 1-0; 2–3, 3 never moves (2 wins by forfeit, 3 is out); bye 4.
/// R2: 2–0 0-1; 4–1 1-0. Then 1 withdraws.
/// Points: 0 1+1 = 2; 2 1 (forfeit win) + 0 = 1; 4 1 (bye) + 1 = 2.
/// R3 has three players, so a bye: the lowest is 2 (1 point), but 2 scored
/// a point without playing, and 4 had the bye; 0 has had neither: bye 0,
/// and 2–4 play (they have not met).
#[test]
fn no_bye_after_a_forfeit_win() {
    let mut e = Event {
        format: Format::Swiss { rounds: 4 },
        players: (0..5).map(|i| Player::new(k(i))).collect(),
        rounds: vec![
            Round {
                games: vec![game(k(0), k(1), SouthWins), game(k(2), k(3), NorthForfeits)],
                bye: Some(k(4)),
            },
            Round {
                games: vec![game(k(2), k(0), NorthWins), game(k(4), k(1), SouthWins)],
                bye: None,
            },
        ],
    };
    e.players[1].withdrawn = true;
    let p = pairing(&e);
    assert_eq!(p.bye, Some(k(0)));
    assert_eq!(p.games.len(), 1);
}

/// Never the same side three times running, even where the difference
/// (+1) would allow it and the usual order would give it.
///
/// Six players, 5 rounds, sides chosen so that after three rounds
/// 0 has N S S and 1 has S N S (both +1, both south last):
/// R1: 1–4 1-0, 2–0 0-1, 3–5 ½-½.
/// R2: 0–3 1-0, 4–2 ½-½, 5–1 0-1.
/// R3: 0–4 1-0, 1–3 1-0, 2–5 ½-½.
/// Points: 0 3, 1 3, 2 0+½+½ = 1, 3 ½+0+0 = ½, 4 0+½+0 = ½, 5 ½+0+½ = 1.
/// 0 and 1 lead alone and have not met: board 1 is 0 v 1. They are level
/// on every tie-break — Buchholz Cut-1: 0 has 1 + ½ + ½ − ½ = 1½, 1 has
/// ½ + 1 + ½ − ½ = 1½; Sonneborn–Berger 2 each; they never met — so they
/// share first place, 0 listed first (joined first). Usually the
/// higher-listed player would move first on board 1 with equal differences
/// and equal last sides; but 0 had south twice running, so 1 moves first.
#[test]
fn sides_never_three_times_running() {
    let e = Event {
        format: Format::Swiss { rounds: 5 },
        players: (0..6).map(|i| Player::new(k(i))).collect(),
        rounds: vec![
            Round {
                games: vec![
                    game(k(1), k(4), SouthWins),
                    game(k(2), k(0), NorthWins),
                    game(k(3), k(5), Draw),
                ],
                bye: None,
            },
            Round {
                games: vec![
                    game(k(0), k(3), SouthWins),
                    game(k(4), k(2), Draw),
                    game(k(5), k(1), NorthWins),
                ],
                bye: None,
            },
            Round {
                games: vec![
                    game(k(0), k(4), SouthWins),
                    game(k(1), k(3), SouthWins),
                    game(k(2), k(5), Draw),
                ],
                bye: None,
            },
        ],
    };
    let s = kiela_tournament::standings(&e).unwrap();
    assert_eq!(
        (s[0].key, s[0].rank, s[0].tied_with_previous),
        (k(0), 1, false)
    );
    assert_eq!(
        (s[1].key, s[1].rank, s[1].tied_with_previous),
        (k(1), 1, true)
    );
    let p = pairing(&e);
    assert_eq!(p.games[0], (k(1), k(0)));
}

//! Tie-breaks against examples worked by hand (the calculation is in the comments).

use kiela_tournament::{
    standings, Event, Format, Game, Outcome, Player, PlayerKey, Points, Round, Standing,
    TournamentError,
};
use Outcome::*;

const A: PlayerKey = PlayerKey(10);
const B: PlayerKey = PlayerKey(11);
const C: PlayerKey = PlayerKey(12);
const D: PlayerKey = PlayerKey(13);
const E: PlayerKey = PlayerKey(14);
const F: PlayerKey = PlayerKey(15);

fn game(south: PlayerKey, north: PlayerKey, outcome: Outcome) -> Game {
    Game {
        south,
        north,
        outcome: Some(outcome),
    }
}

fn round(games: Vec<Game>, bye: Option<PlayerKey>) -> Round {
    Round { games, bye }
}

fn event(format: Format, keys: &[PlayerKey], rounds: Vec<Round>) -> Event {
    Event {
        format,
        players: keys.iter().map(|&k| Player::new(k)).collect(),
        rounds,
    }
}

/// Points from quarters, to write ¼ values plainly.
fn q(quarters: u32) -> Points {
    Points::from_quarters(quarters)
}

fn order(s: &[Standing]) -> Vec<PlayerKey> {
    s.iter().map(|s| s.key).collect()
}

/// Swiss, 5 players, 3 rounds, with a bye and a forfeit.
///
/// R1: A–B 1-0, C–D ½-½, bye E.
/// R2: E–A 0-1, B–C B never moved (C wins by forfeit, B withdrawn), bye D.
/// R3: A–C ½-½, D–E 1-0.
///
/// Points: A 1+1+½ = 2½; B 0+0 = 0; C ½+1(forfeit)+½ = 2; D ½+1(bye)+1 = 2½;
/// E 1(bye)+0+0 = 1.
/// Games played over the board (the forfeit and the byes are not):
/// A v B(0) won, v E(1) won, v C(2) drew; B v A(2½) lost;
/// C v D(2½) drew, v A(2½) drew; D v C(2) drew, v E(1) won;
/// E v A(2½) lost, v D(2½) lost.
/// Buchholz Cut-1: A 0+1+2 − 0 = 3; B 2½ − 2½ = 0; C 2½+2½ − 2½ = 2½;
/// D 2+1 − 1 = 2; E 2½+2½ − 2½ = 2½.
/// Sonneborn–Berger: A 0 + 1 + ½·2 = 2; B 0; C ½·2½ + ½·2½ = 2½;
/// D ½·2 + 1 = 2; E 0.
/// Order: A and D on 2½, A ahead on Buchholz (3 > 2); then C 2, E 1, B 0.
#[test]
fn swiss_with_bye_and_forfeit() {
    let e = event(
        Format::Swiss { rounds: 3 },
        &[A, B, C, D, E],
        vec![
            round(vec![game(A, B, SouthWins), game(C, D, Draw)], Some(E)),
            round(
                vec![game(E, A, NorthWins), game(B, C, SouthForfeits)],
                Some(D),
            ),
            round(vec![game(A, C, Draw), game(D, E, SouthWins)], None),
        ],
    );
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![A, D, C, E, B]);
    let row = |k| s.iter().find(|s| s.key == k).unwrap();
    let expect = |k, points, bh, sb, played, wins| {
        let r = row(k);
        assert_eq!(
            (
                r.points,
                r.buchholz_cut1,
                r.sonneborn_berger,
                r.games_played,
                r.wins
            ),
            (points, Some(bh), sb, played, wins),
            "{k:?}"
        );
        assert_eq!(r.direct_encounter, None);
    };
    expect(A, q(10), q(12), q(8), 3, 2);
    expect(B, q(0), q(0), q(0), 1, 0);
    expect(C, q(8), q(10), q(10), 2, 0);
    expect(D, q(10), q(8), q(8), 2, 1);
    expect(E, q(4), q(10), q(0), 2, 0);
    assert!(row(B).withdrawn);
    assert!(!row(A).withdrawn);
    assert_eq!(
        s.iter().map(|s| s.rank).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
}

/// Swiss, 6 players, 3 rounds: direct encounter decides.
///
/// R1: A–B 0-1, C–D 1-0, E–F 0-1.
/// R2: C–A 1-0, B–E ½-½, F–D 0-1.
/// R3: A–E 1-0, D–B ½-½, C–F 0-1.
///
/// Points: A 0+0+1 = 1; B 1+½+½ = 2; C 1+1+0 = 2; D 0+1+½ = 1½; E 0+½+0 = ½;
/// F 1+0+1 = 2.
/// Buchholz Cut-1: B: A 1, E ½, D 1½ → 3 − ½ = 2½; C: D 1½, A 1, F 2 → 4½ − 1 = 3½;
/// F: E ½, D 1½, C 2 → 4 − ½ = 3½; A: B 2, C 2, E ½ → 4½ − ½ = 4;
/// D: C 2, F 2, B 2 → 6 − 2 = 4; E: F 2, B 2, A 1 → 5 − 1 = 4.
/// Sonneborn–Berger: B 1 + ½·½ + ½·1½ = 2; C 1½ + 1 = 2½; F ½ + 2 = 2½;
/// A ½; D 2 + ½·2 = 3; E ½·2 = 1.
/// On 2 points: C and F (Buchholz 3½) before B (2½); C and F tie on
/// Sonneborn–Berger 2½ too; they met, F won: direct encounter F 1, C 0 —
/// F ahead although C joined first.
#[test]
fn swiss_direct_encounter_decides() {
    let e = event(
        Format::Swiss { rounds: 3 },
        &[A, B, C, D, E, F],
        vec![
            round(
                vec![
                    game(A, B, NorthWins),
                    game(C, D, SouthWins),
                    game(E, F, NorthWins),
                ],
                None,
            ),
            round(
                vec![
                    game(C, A, SouthWins),
                    game(B, E, Draw),
                    game(F, D, NorthWins),
                ],
                None,
            ),
            round(
                vec![
                    game(A, E, SouthWins),
                    game(D, B, Draw),
                    game(C, F, NorthWins),
                ],
                None,
            ),
        ],
    );
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![F, C, B, D, A, E]);
    let row = |k| s.iter().find(|s| s.key == k).unwrap();
    assert_eq!(
        (row(F).points, row(F).buchholz_cut1, row(F).sonneborn_berger),
        (q(8), Some(q(14)), q(10))
    );
    assert_eq!(
        (row(C).points, row(C).buchholz_cut1, row(C).sonneborn_berger),
        (q(8), Some(q(14)), q(10))
    );
    assert_eq!(row(F).direct_encounter, Some(q(4)));
    assert_eq!(row(C).direct_encounter, Some(q(0)));
    assert_eq!(row(B).buchholz_cut1, Some(q(10)));
    assert_eq!(row(B).sonneborn_berger, q(8));
    assert_eq!(row(B).direct_encounter, None);
    // D, A and E are on different points.
    assert_eq!(row(D).buchholz_cut1, Some(q(16)));
    assert_eq!(row(D).sonneborn_berger, q(12));
    assert_eq!(row(A).sonneborn_berger, q(2));
    assert_eq!(row(E).sonneborn_berger, q(4));
}

/// Swiss, 4 players, 2 rounds, everybody on 1 point and level on every
/// tie-break, but A and D never met: direct encounter does not apply and
/// join order decides.
///
/// R1: A–B 1-0, C–D 1-0. R2: D–A 1-0, B–C 1-0.
/// Everyone 1 point; every opponent has 1 point, so Buchholz Cut-1 is
/// 1+1 − 1 = 1 and Sonneborn–Berger (one win against a 1-point player) 1.
#[test]
fn swiss_direct_encounter_needs_everyone_to_have_met() {
    let e = event(
        Format::Swiss { rounds: 2 },
        &[A, B, C, D],
        vec![
            round(vec![game(A, B, SouthWins), game(C, D, SouthWins)], None),
            round(vec![game(D, A, SouthWins), game(B, C, SouthWins)], None),
        ],
    );
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![A, B, C, D]);
    for r in &s {
        assert_eq!(
            (
                r.points,
                r.buchholz_cut1,
                r.sonneborn_berger,
                r.direct_encounter
            ),
            (q(4), Some(q(4)), q(4), None)
        );
    }
}

/// Double round-robin, 4 players: direct encounter ties, number of wins decides.
///
/// Leg 1: A–B ½, A–C ½, A–D 0-1, B–C 0-1, B–D 0-1, C–D ½.
/// Leg 2: B–A ½, C–A ½, D–A 1-0, C–B 0-1, D–B 1-0, D–C 0-1.
/// Points: A ½+½+0+½+½+0 = 2; B ½+0+0+½+1+0 = 2; C ½+1+½+½+0+1 = 3½;
/// D 1+1+½+1+1+0 = 4½.
/// Sonneborn–Berger: A 2·(½·2) + 2·(½·3½) + 0 = 2 + 3½ = 5½;
/// B 2·(½·2) + 3½ (won once against C) + 0 = 5½;
/// C 2·(½·2) + 2 (won once against B) + ½·4½ + 4½ = 2 + 2 + 2¼ + 4½ = 10¾;
/// D 2·2 + 2·2 + ½·3½ = 9¾.
/// A and B tie on 2 and 5½; they met twice, two draws: direct encounter 1
/// each, still tied; wins: B 1 (against C), A 0 — B ahead.
#[test]
fn round_robin_wins_break_a_direct_encounter_tie() {
    let e = event(
        Format::RoundRobin,
        &[A, B, C, D],
        vec![round(
            vec![
                game(A, B, Draw),
                game(A, C, Draw),
                game(A, D, NorthWins),
                game(B, C, NorthWins),
                game(B, D, NorthWins),
                game(C, D, Draw),
                game(B, A, Draw),
                game(C, A, Draw),
                game(D, A, SouthWins),
                game(C, B, NorthWins),
                game(D, B, SouthWins),
                game(D, C, NorthWins),
            ],
            None,
        )],
    );
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![D, C, B, A]);
    let row = |k| s.iter().find(|s| s.key == k).unwrap();
    assert_eq!((row(A).points, row(A).sonneborn_berger), (q(8), q(22)));
    assert_eq!((row(B).points, row(B).sonneborn_berger), (q(8), q(22)));
    assert_eq!((row(C).points, row(C).sonneborn_berger), (q(14), q(43)));
    assert_eq!((row(D).points, row(D).sonneborn_berger), (q(18), q(39)));
    assert_eq!(row(A).direct_encounter, Some(q(4)));
    assert_eq!(row(B).direct_encounter, Some(q(4)));
    assert_eq!(
        (row(A).wins, row(B).wins, row(C).wins, row(D).wins),
        (0, 1, 2, 4)
    );
    assert!(s
        .iter()
        .all(|r| r.buchholz_cut1.is_none() && r.games_played == 6));
}

/// Three players all on the same points who all met, each beat one other:
/// direct encounter 1 each; it is not re-applied to a sub-group, so join
/// order decides (single games here as a Swiss event with a bye each round).
///
/// R1: A–B 1-0, bye C. R2: B–C 1-0, bye A. R3: C–A 1-0, bye B.
/// Points 2 each (a win and a bye); two games against 2-point players:
/// Buchholz Cut-1 2 + 2 − 2 = 2;
/// Sonneborn–Berger 2 each (one win against a 2-point player).
#[test]
fn direct_encounter_is_not_reapplied() {
    let e = event(
        Format::Swiss { rounds: 3 },
        &[C, B, A],
        vec![
            round(vec![game(A, B, SouthWins)], Some(C)),
            round(vec![game(B, C, SouthWins)], Some(A)),
            round(vec![game(C, A, SouthWins)], Some(B)),
        ],
    );
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![C, B, A]);
    for r in &s {
        assert_eq!(
            (
                r.points,
                r.buchholz_cut1,
                r.sonneborn_berger,
                r.direct_encounter
            ),
            (q(8), Some(q(8)), q(8), Some(q(4)))
        );
    }
}

/// A late joiner's ½ points count in the score only.
///
/// Swiss, 5 rounds; E joins after round 1 started (½ point).
/// R1: A–B 1-0, C–D ½-½. R2: E–A ½-½, B–C 1-0, bye D.
/// E: ½ (missed round) + ½ = 1; one game played, against A (final 1½):
/// Buchholz Cut-1 1½ − 1½ = 0, Sonneborn–Berger ½·1½ = ¾.
/// A: 1 + ½ = 1½; opponents B (1) and E (1): Buchholz 2 − 1 = 1;
/// Sonneborn–Berger 1·1 + ½·1 = 1½.
#[test]
fn late_join_points_count_in_the_score_only() {
    let mut e = event(
        Format::Swiss { rounds: 5 },
        &[A, B, C, D, E],
        vec![
            round(vec![game(A, B, SouthWins), game(C, D, Draw)], None),
            round(vec![game(E, A, Draw), game(B, C, SouthWins)], Some(D)),
        ],
    );
    e.players[4].joined_round = 1;
    let s = standings(&e).unwrap();
    let row = |k| s.iter().find(|s| s.key == k).unwrap();
    assert_eq!(
        (
            row(E).points,
            row(E).buchholz_cut1,
            row(E).sonneborn_berger,
            row(E).games_played
        ),
        (q(4), Some(q(0)), q(3), 1)
    );
    assert_eq!(
        (row(A).points, row(A).buchholz_cut1, row(A).sonneborn_berger),
        (q(6), Some(q(4)), q(6))
    );
}

#[test]
fn late_join_closes_at_half_the_rounds() {
    let mut e = event(Format::Swiss { rounds: 5 }, &[A, B, C, D], vec![]);
    e.players[3].joined_round = 2;
    assert!(standings(&e).is_ok());
    e.players[3].joined_round = 3;
    assert_eq!(standings(&e), Err(TournamentError::LateJoinClosed(D)));
    assert!(kiela_tournament::late_join_open(
        Format::Swiss { rounds: 7 },
        3
    ));
    assert!(!kiela_tournament::late_join_open(
        Format::Swiss { rounds: 7 },
        4
    ));
    assert!(!kiela_tournament::late_join_open(Format::RoundRobin, 1));
}

#[test]
fn bad_events_are_refused() {
    let e = event(Format::RoundRobin, &[A, B], vec![]);
    assert_eq!(
        standings(&e),
        Err(TournamentError::TooFewPlayers { min: 3, found: 2 })
    );
    let keys: Vec<_> = (0..13).map(PlayerKey).collect();
    let e = event(Format::RoundRobin, &keys, vec![]);
    assert_eq!(
        standings(&e),
        Err(TournamentError::TooManyPlayers { max: 12, found: 13 })
    );
    let e = event(Format::Swiss { rounds: 3 }, &[A, B, A], vec![]);
    assert_eq!(standings(&e), Err(TournamentError::DuplicatePlayer(A)));
    let e = event(
        Format::Swiss { rounds: 3 },
        &[A, B, C],
        vec![round(vec![game(A, F, Draw)], None)],
    );
    assert_eq!(standings(&e), Err(TournamentError::UnknownPlayer(F)));
    let e = event(Format::Swiss { rounds: 0 }, &[A, B, C], vec![]);
    assert_eq!(standings(&e), Err(TournamentError::RoundsOutOfRange(0)));
}

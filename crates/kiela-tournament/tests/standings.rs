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

/// Swiss, 5 players, 3 rounds, with byes, a forfeit and a withdrawal
/// (FIDE C.07 art. 16, as in `standings.rs`).
///
/// R1: A–B 1-0, C–D ½-½, bye E.
/// R2: E–A 0-1, B–C B never moved (C wins by forfeit, B withdrawn), bye D.
/// R3: A–C ½-½, D–E 1-0; B is out (a round missed after withdrawing).
///
/// Points: A 1+1+½ = 2½; B 0+0+0 = 0; C ½+1(forfeit)+½ = 2;
/// D ½+1(bye)+1 = 2½; E 1(bye)+0+0 = 1.
///
/// Scores as opponents (art. 16.3): B's R2 forfeit loss counts as scored
/// (0), his R3, missed after it with nothing played since, as a draw (½):
/// B ½. E's bye counts as scored (1): E 1. The others have no such rounds.
///
/// Own unplayed rounds (art. 16.4) count the player's own points: A none;
/// B R2 (forfeit loss) and R3 (missed), 0 each, both voluntarily unplayed;
/// C R2 (forfeit win) 2; D R2 (bye) 2½; E R1 (bye) 1.
///
/// Buchholz Cut-1 (the lowest cut; for B, a voluntarily unplayed round, art. 16.5):
/// A B ½ + E 1 + C 2 = 3½ − ½ = 3;
/// B A 2½ + 0 + 0 = 2½ − 0 = 2½;
/// C D 2½ + own 2 + A 2½ = 7 − 2 = 5;
/// D C 2 + own 2½ + E 1 = 5½ − 1 = 4½;
/// E own 1 + A 2½ + D 2½ = 6 − 1 = 5.
/// Sonneborn–Berger (value × points that round gave):
/// A ½·1 + 1·1 + 2·½ = 2½; B 2½·0 + 0 + 0 = 0;
/// C 2½·½ + 2·1 + 2½·½ = 4½; D 2·½ + 2½·1 + 1·1 = 4½; E 1·1 + 0 + 0 = 1.
/// Order: D and A on 2½, D ahead on Buchholz (4½ > 3: his bye no longer
/// costs him); then C 2, E 1, B 0.
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
    assert_eq!(order(&s), vec![D, A, C, E, B]);
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
    expect(A, q(10), q(12), q(10), 3, 2);
    expect(B, q(0), q(10), q(0), 1, 0);
    expect(C, q(8), q(20), q(18), 2, 0);
    expect(D, q(10), q(18), q(18), 2, 1);
    expect(E, q(4), q(20), q(4), 2, 0);
    assert!(row(B).withdrawn);
    assert!(!row(A).withdrawn);
    assert_eq!(
        s.iter().map(|s| s.rank).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
    assert!(s.iter().all(|s| !s.tied_with_previous));
}

/// Cut-1 cuts a round the player was not there for before a lower real
/// opponent (C.07 art. 16.5), and a late joiner's missed round counts
/// against a dummy opponent on his own points (art. 16.4).
///
/// Swiss, 3 rounds; E joins after round 1 started (½ point for it).
/// R1: A–B 1-0, C–D 1-0.
/// R2: A–C ½-½, E–B 1-0, bye D.
/// R3: E–A 1-0, B–D 0-1, bye C.
/// Points: A 1+½+0 = 1½; B 0; C 1+½+1 = 2½; D 0+1+1 = 2; E ½+1+1 = 2½.
/// Nobody has a round counted as a draw for others: E's missed round is
/// followed by games and gave ½ anyway.
/// Buchholz Cut-1:
/// E own 2½ (missed round, voluntarily unplayed) + B 0 + A 1½ = 4; the
///   missed round is cut, not B's 0: 4 − 2½ = 1½;
/// C D 2 + A 1½ + own 2½ (bye) = 6 − 1½ = 4½;
/// D C 2½ + own 2 (bye) + B 0 = 4½ − 0 = 4½;
/// A B 0 + C 2½ + E 2½ = 5 − 0 = 5;
/// B A 1½ + E 2½ + D 2 = 6 − 1½ = 4½.
/// Sonneborn–Berger: E 2½·½ + 0·1 + 1½·1 = 2¾; C 2·1 + 1½·½ + 2½·1 = 5¼;
/// D 0 + 2·1 + 0·1 = 2; A 0·1 + 2½·½ + 0 = 1¼; B 0.
/// Order: C and E on 2½, C ahead on Buchholz (4½ > 1½); D 2, A 1½, B 0.
#[test]
fn cut_one_cuts_an_unplayed_round_first() {
    let mut e = event(
        Format::Swiss { rounds: 3 },
        &[A, B, C, D, E],
        vec![
            round(vec![game(A, B, SouthWins), game(C, D, SouthWins)], None),
            round(vec![game(A, C, Draw), game(E, B, SouthWins)], Some(D)),
            round(vec![game(E, A, SouthWins), game(B, D, NorthWins)], Some(C)),
        ],
    );
    e.players[4].joined_round = 1;
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![C, E, D, A, B]);
    let row = |k| s.iter().find(|s| s.key == k).unwrap();
    let tb = |k| {
        let r = row(k);
        (r.points, r.buchholz_cut1, r.sonneborn_berger)
    };
    assert_eq!(tb(E), (q(10), Some(q(6)), q(11)));
    assert_eq!(tb(C), (q(10), Some(q(18)), q(21)));
    assert_eq!(tb(D), (q(8), Some(q(18)), q(8)));
    assert_eq!(tb(A), (q(6), Some(q(20)), q(5)));
    assert_eq!(tb(B), (q(0), Some(q(18)), q(0)));
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
/// tie-break, but A and D never met: direct encounter does not apply, and
/// all four share first place (listed in join order, flagged as tied).
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
        assert_eq!(r.rank, 1);
    }
    assert_eq!(
        s.iter().map(|s| s.tied_with_previous).collect::<Vec<_>>(),
        vec![false, true, true, true]
    );
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

/// Three players on the same points who all met, each beat one other:
/// direct encounter 2 each; it is not re-applied to a sub-group, and since
/// every tie-break is equal the three share first place — join order only
/// lists them.
///
/// Double round-robin (joined C, B, A):
/// leg 1: A–B 1-0, B–C 1-0, C–A 1-0; leg 2: B–A ½, C–B ½, A–C ½.
/// Points 2 each (a win, a loss, two draws).
/// Sonneborn–Berger: 2·1 (the win) + 2·½ + 2·½ (the draws) = 4 each.
/// Direct encounter: all four games among the group, 2 each. Wins 1 each.
#[test]
fn direct_encounter_is_not_reapplied_and_the_place_is_shared() {
    let e = event(
        Format::RoundRobin,
        &[C, B, A],
        vec![round(
            vec![
                game(A, B, SouthWins),
                game(B, C, SouthWins),
                game(C, A, SouthWins),
                game(B, A, Draw),
                game(C, B, Draw),
                game(A, C, Draw),
            ],
            None,
        )],
    );
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![C, B, A]);
    for r in &s {
        assert_eq!(
            (
                r.rank,
                r.points,
                r.buchholz_cut1,
                r.sonneborn_berger,
                r.direct_encounter,
                r.wins
            ),
            (1, q(8), None, q(16), Some(q(8)), 1)
        );
    }
    assert_eq!(
        s.iter().map(|s| s.tied_with_previous).collect::<Vec<_>>(),
        vec![false, true, true]
    );
}

/// In a round-robin every game has a real opponent: a forfeit counts in
/// Sonneborn–Berger against the player who did not show, at their points.
///
/// Double round-robin A, B, C: A–B 1-0; A–C C never moved (A wins by
/// forfeit); B–C 1-0; B–A ½-½; C–B ½-½; C–A 1-0.
/// Points: A 1+1+½+0 = 2½; B 0+1+½+½ = 2; C 0+0+½+1 = 1½.
/// Sonneborn–Berger: A B 2·1 + C 1½·1 (forfeit) + B 2·½ + C 1½·0 = 4½;
/// B A 2½·0 + C 1½·1 + A 2½·½ + C 1½·½ = 3½;
/// C A 2½·0 (forfeit) + B 2·0 + B 2·½ + A 2½·1 = 3½.
/// Over the board: A 3 games, 1 win; B 4, 1; C 3, 1.
#[test]
fn round_robin_forfeit_counts_against_the_real_opponent() {
    let e = event(
        Format::RoundRobin,
        &[A, B, C],
        vec![round(
            vec![
                game(A, B, SouthWins),
                game(A, C, NorthForfeits),
                game(B, C, SouthWins),
                game(B, A, Draw),
                game(C, B, Draw),
                game(C, A, SouthWins),
            ],
            None,
        )],
    );
    let s = standings(&e).unwrap();
    assert_eq!(order(&s), vec![A, B, C]);
    let line = |r: &Standing| (r.points, r.sonneborn_berger, r.games_played, r.wins);
    assert_eq!(line(&s[0]), (q(10), q(18), 3, 1));
    assert_eq!(line(&s[1]), (q(8), q(14), 4, 1));
    assert_eq!(line(&s[2]), (q(6), q(14), 3, 1));
    assert!(s[2].withdrawn);
}

/// A late joiner's missed round is his own unplayed round: in his
/// Buchholz and Sonneborn–Berger it counts as a game against a dummy
/// opponent on his own points (C.07 art. 16.4), for ½ (what it gave).
///
/// Swiss, 5 rounds; E joins after round 1 started (½ point).
/// R1: A–B 1-0, C–D ½-½. R2: E–A ½-½, B–C 1-0, bye D.
/// E: ½ (missed round) + ½ = 1. Buchholz Cut-1: own 1 (missed round,
/// voluntarily unplayed, cut first) + A 1½ = 2½ − 1 = 1½;
/// Sonneborn–Berger 1·½ + 1½·½ = 1¼.
/// A: 1 + ½ = 1½; opponents B (1) and E (1, his missed round followed by a
/// game counts as it scored): Buchholz 2 − 1 = 1; Sonneborn–Berger
/// 1·1 + 1·½ = 1½.
#[test]
fn late_join_round_counts_against_a_dummy_opponent() {
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
        (q(4), Some(q(6)), q(5), 1)
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

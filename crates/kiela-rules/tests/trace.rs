//! A turn's path (`Position::trace`): the laps, replayed stone by stone by
//! the plain rules written out here, give the position after the move; each
//! lap starts where the one before ended, and no lap loses a stone.

use kiela_rules::{Game, Hole, LapKind, Move, Position, Side, Trace, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use serde_json::Value;

const GAMES: &str = include_str!("data/reference-games.jsonl");

/// The mover's loop as RULES.md writes it ("Sowing order"): South
/// A1..J1 then J2..A2, North J4..A4 then A3..J3.
fn sowing_loop(side: Side) -> Vec<Hole> {
    let hole = |column: u8, row: u8| Hole::new(column, row).expect("a hole");
    let (right, left) = (
        (0..10).collect::<Vec<u8>>(),
        (0..10).rev().collect::<Vec<u8>>(),
    );
    let (first, second) = match side {
        Side::South => ((1, right), (2, left)),
        Side::North => ((4, left), (3, right)),
    };
    [first, second]
        .into_iter()
        .flat_map(|(row, columns)| columns.into_iter().map(move |c| hole(c, row)))
        .collect()
}

/// Replays `trace` on `before`'s counts and checks each lap on the way;
/// returns the counts after the turn.
fn replay_laps(before: &Position, trace: &Trace, context: &str) -> [u8; 40] {
    let mover = before.turn();
    let ring = sowing_loop(mover);
    let mut board = before.board();
    let total: u32 = board.iter().map(|&n| u32::from(n)).sum();
    let mut previous_end: Option<Hole> = None;
    for (i, lap) in trace.laps.iter().enumerate() {
        let here = format!("{context}, lap {}", i + 1);
        assert_eq!(
            lap.from.owner(),
            mover,
            "{here}: laps stay on the mover's rows"
        );
        match (i, lap.kind) {
            (0, LapKind::Sow) => {}
            (0, kind) => panic!("{here}: a turn starts with a sowing, not a {kind}"),
            (_, LapKind::Sow) => panic!("{here}: only the first lap is a sowing"),
            _ => assert_eq!(
                Some(lap.from),
                previous_end,
                "{here}: starts where the last ended"
            ),
        }
        let in_hand = match lap.kind {
            LapKind::Sow | LapKind::Relay => std::mem::take(&mut board[lap.from.index()]),
            LapKind::Capture => {
                assert!(lap.from.is_inner(), "{here}: captures from the inner row");
                let mut hand = 0;
                for (hole, stones) in lap.captures() {
                    assert_eq!(hole.column(), lap.from.column(), "{here}: same column");
                    assert_eq!(board[hole.index()], stones, "{here}: {hole} held that");
                    hand += std::mem::take(&mut board[hole.index()]);
                }
                hand
            }
        };
        assert_eq!(in_hand, lap.stones, "{here}: stones in hand");
        assert!(
            lap.kind == LapKind::Capture || lap.captures().next().is_none(),
            "{here}: only a capture takes holes"
        );
        let start = ring
            .iter()
            .position(|&h| h == lap.from)
            .expect("on the loop");
        let mut last = lap.from;
        for step in 1..=usize::from(in_hand) {
            last = ring[(start + step) % 20];
            board[last.index()] += 1;
        }
        assert_eq!(last, lap.ended, "{here}: ends where the last stone fell");
        let now: u32 = board.iter().map(|&n| u32::from(n)).sum();
        assert_eq!(now, total, "{here}: no stone lost or made");
        previous_end = Some(lap.ended);
    }
    if let Some(end) = trace.ended() {
        assert_eq!(
            board[end.index()],
            1,
            "{context}: the turn ends in an empty hole"
        );
    }
    board
}

/// Traces `mv` from `game`'s position, checks it against the move's effect
/// and the position after, and plays it.
fn trace_and_play(game: &mut Game, mv: &Move, context: &str) {
    let before = *game.position();
    let trace = before
        .trace(mv)
        .unwrap_or_else(|e| panic!("{context}: {e}"));
    assert_eq!(
        before,
        *game.position(),
        "{context}: tracing changes nothing"
    );
    let effect = game.play(mv).unwrap();
    let after = replay_laps(&before, &trace, context);
    assert_eq!(
        after,
        game.position().board(),
        "{context}: the laps give the position"
    );
    assert_eq!(effect.last, trace.ended(), "{context}");
    let relays = trace
        .laps
        .iter()
        .filter(|l| l.kind == LapKind::Relay)
        .count();
    assert_eq!(relays as u32, effect.relays, "{context}");
    let captured: u32 = trace
        .laps
        .iter()
        .flat_map(|l| l.captures())
        .map(|(_, n)| u32::from(n))
        .sum();
    assert_eq!(captured, u32::from(effect.captured_stones), "{context}");
}

#[test]
fn the_laps_of_every_reference_turn_replay_to_the_recorded_board() {
    let (mut turns, mut captures, mut longest) = (0, 0, 0);
    for line in GAMES.lines().filter(|l| !l.trim().is_empty()) {
        let reference: Value = serde_json::from_str(line).unwrap();
        let name = format!("{} game {}", reference["variant"], reference["source_seed"]);
        let variant: Variant = reference["variant"].as_str().unwrap().parse().unwrap();
        let mut game = Game::new(variant);
        for (i, ply) in reference["plies"].as_array().unwrap().iter().enumerate() {
            let mv: Move = ply["move"].as_str().unwrap().parse().unwrap();
            let before = *game.position();
            let trace = before.trace(&mv).unwrap();
            trace_and_play(&mut game, &mv, &format!("{name}, ply {}", i + 1));
            let board: Vec<u8> = serde_json::from_value(ply["board_after"].clone()).unwrap();
            assert_eq!(
                game.position().board().to_vec(),
                board,
                "{name}, ply {}",
                i + 1
            );
            turns += 1;
            captures += trace
                .laps
                .iter()
                .filter(|l| l.kind == LapKind::Capture)
                .count();
            longest = longest.max(trace.laps.len());
        }
    }
    // The games exercise every kind of lap, and long chains.
    assert!(turns > 500, "{turns} turns");
    assert!(captures > 50, "{captures} captures");
    assert!(longest > 10, "longest path {longest} laps");
}

#[test]
fn a_rearrangement_has_no_laps_and_bad_moves_are_refused() {
    let pos = Position::new(Variant::Expert);
    let layout = "@[0 0 0 0 0 0 0 0 0 14 0 0 0 0 0 0 0 0 0 14]"
        .parse()
        .unwrap();
    assert_eq!(pos.trace(&layout).unwrap(), Trace::default());
    let err = pos.trace(&"C3".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "C3 is North's hole");
    let err = pos.trace(&"C2".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "C2 is empty");
}

proptest! {
    #![proptest_config(Config {
        cases: 200,
        rng_seed: RngSeed::Fixed(0x0074_5241_4345),
        ..Config::default()
    })]

    /// Random games of every variant: every turn's laps replay to the
    /// position after it.
    #[test]
    fn laps_replay_to_the_position_after_every_turn(
        beginner in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        let variant = if beginner { Variant::Beginner } else { Variant::Standard };
        let mut game = Game::new(variant);
        for (ply, choice) in choices.iter().enumerate() {
            if game.is_over() {
                break;
            }
            let legal = game.legal_moves();
            let mv = Move::Sow(legal[*choice as usize % legal.len()]);
            trace_and_play(&mut game, &mv, &format!("{variant} ply {}", ply + 1));
        }
    }
}

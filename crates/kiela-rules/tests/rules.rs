//! One hand-built position per rule of RULES.md.

use kiela_rules::{
    Game, GameResult, Hole, IllegalMove, Layout, LayoutError, Move, Position, Reason, Side, Variant,
};

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

/// A position with the given holes filled and every other hole empty.
fn position(variant: Variant, turn: Side, stones: &[(&str, u8)]) -> Position {
    let mut board = [0u8; 40];
    for &(name, n) in stones {
        board[hole(name).index()] = n;
    }
    Position::from_board(variant, board, turn)
}

fn sow(position: &mut Position, name: &str) -> kiela_rules::MoveEffect {
    position.play(&Move::Sow(hole(name))).unwrap()
}

fn counts(position: &Position, names: &[&str]) -> Vec<u8> {
    names.iter().map(|n| position.stones(hole(n))).collect()
}

#[test]
fn the_last_stone_in_an_empty_hole_ends_the_turn() {
    let mut pos = position(Variant::Standard, Side::South, &[("A1", 2), ("A3", 2)]);
    let effect = sow(&mut pos, "A1");
    assert_eq!(counts(&pos, &["A1", "B1", "C1"]), [0, 1, 1]);
    assert_eq!((effect.relays, effect.last), (0, Some(hole("C1"))));
    assert_eq!(pos.turn(), Side::North);
}

#[test]
fn an_occupied_outer_hole_relays() {
    // A1's last stone falls on C1 (occupied): pick all up, sow on to E1.
    let mut pos = position(
        Variant::Standard,
        Side::South,
        &[("A1", 2), ("C1", 1), ("A3", 2)],
    );
    let effect = sow(&mut pos, "A1");
    assert_eq!(
        counts(&pos, &["A1", "B1", "C1", "D1", "E1"]),
        [0, 1, 0, 1, 1]
    );
    assert_eq!(effect.relays, 1);
    assert!(effect.captured.is_empty());
}

#[test]
fn north_sows_its_own_loop_the_other_way() {
    // North's loop: J4 I4 … A4 then A3 … J3. B4's two stones go to A4, A3.
    let mut pos = position(Variant::Standard, Side::North, &[("B4", 2), ("A1", 2)]);
    sow(&mut pos, "B4");
    assert_eq!(counts(&pos, &["B4", "A4", "A3"]), [0, 1, 1]);
}

#[test]
fn capture_of_the_inner_hole_only() {
    // J1's two stones end on I2 (occupied); I3 faces it with 3, I4 is empty.
    // The 3 captured stones are sown from H2 on; I2 keeps its own 2.
    let mut pos = position(
        Variant::Standard,
        Side::South,
        &[("J1", 2), ("I2", 1), ("I3", 3)],
    );
    let effect = sow(&mut pos, "J1");
    assert_eq!(
        counts(&pos, &["J2", "I2", "H2", "G2", "F2", "E2"]),
        [1, 2, 1, 1, 1, 0]
    );
    assert_eq!(counts(&pos, &["I3", "I4"]), [0, 0]);
    assert_eq!(effect.captured.iter().collect::<Vec<_>>(), [hole("I3")]);
    assert_eq!(effect.captured_stones, 3);
    assert_eq!(pos.total_stones(), 6);
}

#[test]
fn capture_of_the_inner_and_outer_holes() {
    let mut pos = position(
        Variant::Standard,
        Side::South,
        &[("J1", 2), ("I2", 1), ("I3", 3), ("I4", 2)],
    );
    let effect = sow(&mut pos, "J1");
    assert_eq!(
        counts(&pos, &["I2", "H2", "G2", "F2", "E2", "D2", "C2"]),
        [2, 1, 1, 1, 1, 1, 0]
    );
    assert_eq!(counts(&pos, &["I3", "I4"]), [0, 0]);
    assert_eq!(
        effect.captured.iter().collect::<Vec<_>>(),
        [hole("I3"), hole("I4")]
    );
    assert_eq!(effect.captured_stones, 5);
}

#[test]
fn no_capture_when_the_facing_inner_hole_is_empty_even_if_the_outer_is_full() {
    // I3 empty, I4 full: the last stone on I2 relays instead (I2's 2 stones go to H2, G2).
    let mut pos = position(
        Variant::Standard,
        Side::South,
        &[("J1", 2), ("I2", 1), ("I4", 5)],
    );
    let effect = sow(&mut pos, "J1");
    assert!(effect.captured.is_empty());
    assert_eq!(effect.relays, 1);
    assert_eq!(
        counts(&pos, &["J2", "I2", "H2", "G2", "I4"]),
        [1, 0, 1, 1, 5]
    );
}

#[test]
fn north_captures_from_south_in_the_same_column() {
    // North's A4 stones go to A3 (occupied), facing A2 (4) with A1 (1) behind.
    let mut pos = position(
        Variant::Standard,
        Side::North,
        &[("B4", 2), ("A3", 1), ("A2", 4), ("A1", 1)],
    );
    let effect = sow(&mut pos, "B4");
    assert_eq!(
        effect.captured.iter().collect::<Vec<_>>(),
        [hole("A1"), hole("A2")]
    );
    // 5 captured stones from B3 on: B3 C3 D3 E3 F3.
    assert_eq!(
        counts(&pos, &["A3", "B3", "C3", "D3", "E3", "F3", "G3"]),
        [2, 1, 1, 1, 1, 1, 0]
    );
}

#[test]
fn a_capture_can_chain_into_relays_and_further_captures() {
    // I2 captures I3 (1 stone) which lands on H2 (occupied) facing H3: capture again.
    let mut pos = position(
        Variant::Standard,
        Side::South,
        &[("J1", 2), ("I2", 1), ("I3", 1), ("H2", 1), ("H3", 2)],
    );
    let effect = sow(&mut pos, "J1");
    assert_eq!(
        effect.captured.iter().collect::<Vec<_>>(),
        [hole("H3"), hole("I3")]
    );
    assert_eq!(effect.captured_stones, 3);
    assert_eq!(
        counts(&pos, &["I2", "H2", "G2", "F2", "E2"]),
        [2, 2, 1, 1, 0]
    );
    assert_eq!(pos.side_stones(Side::North), 0);
}

#[test]
fn twenty_stones_go_round_and_drop_into_the_start_hole() {
    let mut pos = position(Variant::Standard, Side::South, &[("A1", 20), ("A3", 2)]);
    let effect = sow(&mut pos, "A1");
    // One stone in each of the 20 holes; the 20th falls into the emptied A1.
    assert!((0..20).all(|p| pos.stones(Hole::from_relative(Side::South, p)) == 1));
    assert_eq!(effect.last, Some(hole("A1")));
}

#[test]
fn more_than_twenty_stones_pass_the_start_hole_and_continue() {
    // 21 stones: one in every hole (A1 included), the 21st makes B1 2, so it
    // relays; each relay of 2 lands on a hole holding 1, so it relays on,
    // until the relay from A2 drops its last stone into the emptied B1.
    let mut pos = position(Variant::Standard, Side::South, &[("A1", 21), ("A4", 2)]);
    let effect = sow(&mut pos, "A1");
    let expected: Vec<u8> = (0..20)
        .map(|p| {
            if p == 1 {
                1
            } else if p % 2 == 0 {
                2
            } else {
                0
            }
        })
        .collect();
    let actual: Vec<u8> = (0..20)
        .map(|p| pos.stones(Hole::from_relative(Side::South, p)))
        .collect();
    assert_eq!(actual, expected);
    assert_eq!(effect.relays, 10);
    assert_eq!(effect.last, Some(hole("B1")));
    assert_eq!(pos.side_stones(Side::South), 21);
}

#[test]
fn singletons_move_in_beginner_but_not_in_standard() {
    let stones = [("C2", 1), ("A3", 1)];
    let mut beginner = position(Variant::Beginner, Side::South, &stones);
    assert_eq!(beginner.legal_moves().to_vec(), [hole("C2")]);
    sow(&mut beginner, "C2");
    assert_eq!(counts(&beginner, &["C2", "B2"]), [0, 1]);

    let mut standard = position(Variant::Standard, Side::South, &[("C2", 1), ("D1", 2)]);
    let err = standard.play(&Move::Sow(hole("C2"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "C2 holds a single stone; Standard needs at least 2"
    );
    let err = standard.play(&Move::Sow(hole("E2"))).unwrap_err();
    assert_eq!(err.to_string(), "E2 is empty");
    let err = standard.play(&Move::Sow(hole("D4"))).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::NotYourHole {
            hole: hole("D4"),
            owner: Side::North
        }
    );
    assert_eq!(err.to_string(), "D4 is North's hole");
    assert_eq!(
        standard.turn(),
        Side::South,
        "a refused move changes nothing"
    );
}

#[test]
fn no_legal_move_loses_in_each_variant() {
    // Standard and Expert: only singletons left is a loss.
    for variant in [Variant::Standard, Variant::Expert] {
        let game = Game::from_position(position(
            variant,
            Side::South,
            &[("A1", 1), ("B2", 1), ("A3", 2)],
        ));
        let outcome = game.outcome().expect("South cannot move");
        assert_eq!(
            (outcome.result, outcome.reason),
            (GameResult::NorthWins, Reason::NoMoves)
        );
    }
    // Beginner: singletons can move; only an empty side loses.
    let alive = Game::from_position(position(
        Variant::Beginner,
        Side::South,
        &[("A1", 1), ("A3", 1)],
    ));
    assert!(!alive.is_over());
    let lost = Game::from_position(position(Variant::Beginner, Side::North, &[("A1", 1)]));
    assert_eq!(
        lost.outcome().map(|o| o.result),
        Some(GameResult::SouthWins)
    );
}

/// South's side from a random game where sowing I2 relays for ever (its
/// cycle is about 3.2 million relays long). North's inner row is empty, so
/// nothing can be captured to break it.
fn endless_position() -> Position {
    let south1 = [4, 5, 0, 1, 2, 1, 9, 4, 1, 2];
    let south2 = [1, 2, 1, 0, 1, 10, 1, 0, 6, 1];
    let north4 = [0, 1, 2, 0, 0, 0, 0, 0, 0, 1];
    let mut board = [0u8; 40];
    board[..10].copy_from_slice(&south1);
    board[10..20].copy_from_slice(&south2);
    board[30..].copy_from_slice(&north4);
    Position::from_board(Variant::Standard, board, Side::South)
}

#[test]
fn an_endless_sowing_is_not_a_legal_move() {
    let mut pos = endless_position();
    let i2 = hole("I2");
    assert!(pos.stones(i2) >= 2);
    assert!(!pos.legal_moves().contains(&i2));
    let before = pos;
    assert_eq!(
        pos.play(&Move::Sow(i2)).unwrap_err(),
        IllegalMove::Endless(i2)
    );
    assert_eq!(pos, before, "a refused move changes nothing");
    assert_eq!(
        IllegalMove::Endless(i2).to_string(),
        "sowing from I2 would never end"
    );
    // A bounded attempt gives up without deciding, and changes nothing.
    assert_eq!(pos.play_bounded(&Move::Sow(i2), 1000), Ok(None));
    assert_eq!(pos, before);
    // Other holes of the same position do end.
    assert!(pos.legal_moves().contains(&hole("G1")));
}

#[test]
fn threefold_repetition_is_a_draw() {
    // Beginner, one stone each: every move is forced and each stone goes
    // round its 20-hole loop, so the start position recurs every 40 plies.
    let start = position(Variant::Beginner, Side::South, &[("A1", 1), ("J4", 1)]);
    let mut game = Game::from_position(start);
    while !game.is_over() {
        assert_eq!(game.legal_moves().len(), 1);
        let mv = Move::Sow(game.legal_moves()[0]);
        game.play(&mv).unwrap();
    }
    assert_eq!(game.ply(), 80, "third occurrence after two full laps");
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::Draw, Reason::Repetition)
    );
    assert!(game
        .play(&Move::Sow(hole("A1")))
        .unwrap_err()
        .to_string()
        .starts_with("the game is over"));
}

#[test]
fn player_decided_endings() {
    let mut game = Game::new(Variant::Standard);
    let outcome = game.agree_draw().unwrap();
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::Draw, Reason::Agreement)
    );
    assert!(
        game.resign(Side::South).is_err(),
        "a finished game takes no other ending"
    );
    let mut game = Game::new(Variant::Standard);
    let outcome = game.time_out(Side::South).unwrap();
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::NorthWins, Reason::Timeout)
    );
}

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

#[test]
fn expert_rearrangement_is_the_first_turn() {
    let mut game = Game::new(Variant::Expert);
    let south = layout("0 0 0 0 0 0 0 0 0 14 / 0 0 0 0 0 0 0 0 0 14");
    game.play(&Move::Arrange(south)).unwrap();
    let pos = *game.position();
    assert_eq!(counts(&pos, &["J2", "J1", "A1", "G2"]), [14, 14, 0, 0]);
    assert_eq!(pos.layout(Side::South), south);
    assert_eq!(pos.turn(), Side::North);
    assert!(!pos.may_rearrange(Side::South));
    assert!(pos.may_rearrange(Side::North));
    // North sows instead, and so loses the right.
    game.play(&Move::Sow(hole("C3"))).unwrap();
    assert!(!game.position().may_rearrange(Side::North));
    // South cannot rearrange a second time.
    let err = game.play(&Move::Arrange(south)).unwrap_err();
    assert_eq!(err.to_string(), "you can only rearrange on your first turn");
    assert_eq!(game.ply(), 2);
}

#[test]
fn rearrangement_refusals_say_why() {
    let mut expert = Position::new(Variant::Expert);
    let short = layout("1 1 1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 1 8");
    assert_eq!(short.total(), 27);
    let err = expert.play(&Move::Arrange(short)).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::Layout(LayoutError::WrongTotal {
            layout: 27,
            have: 28
        })
    );
    assert_eq!(err.to_string(), "the layout has 27 stones; you have 28");
    let mut standard = Position::new(Variant::Standard);
    let fair = layout("1 1 1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 1 9");
    let err = standard.play(&Move::Arrange(fair)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "rearranging is only allowed in the Expert variant"
    );
    assert_eq!(expert.turn(), Side::South);
    assert!(expert.play(&Move::Arrange(fair)).is_ok());
}

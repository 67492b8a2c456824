//! The twelve games of an independent implementation (shared/refdata),
//! replayed ply by ply: legal moves before each ply, the board after it, and
//! the result at the end.

use kiela_rules::{Game, Move, Variant};
use serde_json::Value;

const GAMES: &str = include_str!("data/reference-games.jsonl");

fn sorted_legal(game: &Game) -> Vec<String> {
    let mut legal: Vec<String> = game.legal_moves().iter().map(|h| h.to_string()).collect();
    legal.sort();
    legal
}

#[test]
fn every_reference_game_replays_ply_by_ply() {
    let mut count = 0;
    for line in GAMES.lines().filter(|l| !l.trim().is_empty()) {
        let reference: Value = serde_json::from_str(line).unwrap();
        let name = format!("{} game {}", reference["variant"], reference["source_seed"]);
        let variant: Variant = reference["variant"].as_str().unwrap().parse().unwrap();
        let mut game = Game::new(variant);
        for (i, ply) in reference["plies"].as_array().unwrap().iter().enumerate() {
            let expected: Vec<String> =
                serde_json::from_value(ply["legal_before"].clone()).unwrap();
            assert_eq!(
                sorted_legal(&game),
                expected,
                "{name}, legal moves before ply {}",
                i + 1
            );
            let mv: Move = ply["move"].as_str().unwrap().parse().unwrap();
            game.play(&mv)
                .unwrap_or_else(|e| panic!("{name}, ply {}: {e}", i + 1));
            let board: Vec<u8> = serde_json::from_value(ply["board_after"].clone()).unwrap();
            assert_eq!(
                game.position().board().to_vec(),
                board,
                "{name}, board after ply {}",
                i + 1
            );
        }
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{name} should be over"));
        assert_eq!(
            outcome.result.to_string(),
            reference["result"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(
            outcome.reason.to_string(),
            reference["reason"].as_str().unwrap(),
            "{name}"
        );
        count += 1;
    }
    assert_eq!(count, 12);
}

#[test]
fn the_endless_beginner_candidate_is_refused() {
    let reference: Value = GAMES
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|g| g["variant"] == "beginner" && g["source_seed"] == 14)
        .unwrap();
    let moves: Vec<Move> = reference["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().parse().unwrap())
        .collect();
    // Position before ply 266: B3 holds stones but its sowing never ends.
    let mut game = Game::replay(Variant::Beginner, &moves[..265]).unwrap();
    let b3 = "B3".parse().unwrap();
    assert!(game.position().stones(b3) > 0);
    assert!(!game.legal_moves().contains(&b3));
    let err = game.play(&Move::Sow(b3)).unwrap_err();
    assert_eq!(err.to_string(), "sowing from B3 would never end");
    // Nor is it traced for ever: tracing refuses it the same way.
    let err = game.position().trace(&Move::Sow(b3)).unwrap_err();
    assert_eq!(err.to_string(), "sowing from B3 would never end");
    assert_eq!(game.ply(), 265, "a refused move changes nothing");
}

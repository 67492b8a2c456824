//! Invariants of the rules engine over random games.

use kiela_rules::{Game, Hole, Layout, Move, Record, Side, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Fixed seed: the same games on every run, so a rare slow endless proof
/// cannot make the suite's run time vary.
fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x004b_4945_4c41),
        ..Config::default()
    }
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Standard),
        Just(Variant::Beginner),
        Just(Variant::Expert)
    ]
}

/// A layout of `total` stones spread by `weights`.
fn layout_from(total: u32, weights: &[u8]) -> Layout {
    let mut counts = [0u8; 20];
    let mut left = total;
    for (i, &w) in weights.iter().enumerate().take(19) {
        let n = (w as u32 % 5).min(left);
        counts[i] = n as u8;
        left -= n;
    }
    counts[19] += left as u8;
    Layout(counts)
}

/// Plays up to `plies` moves chosen by `choices` (an Expert player
/// rearranges when its choice is odd on its first turn).
fn random_game(variant: Variant, choices: &[u16], layouts: &[u8], plies: usize) -> Game {
    let mut game = Game::new(variant);
    for &choice in choices.iter().take(plies) {
        if game.is_over() {
            break;
        }
        let pos = *game.position();
        let mv = if pos.may_rearrange(pos.turn()) && choice % 2 == 1 {
            Move::Arrange(layout_from(pos.side_stones(pos.turn()), layouts))
        } else {
            let legal = game.legal_moves();
            Move::Sow(legal[choice as usize % legal.len()])
        };
        game.play(&mv).unwrap();
    }
    game
}

fn game_strategy() -> impl Strategy<Value = Game> {
    (
        variant(),
        prop::collection::vec(any::<u16>(), 0..120),
        prop::collection::vec(any::<u8>(), 20),
        0..120usize,
    )
        .prop_map(|(variant, choices, layouts, plies)| {
            random_game(variant, &choices, &layouts, plies)
        })
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn relative_counts_are_the_holes_in_sowing_order(game in game_strategy()) {
        let pos = *game.position();
        for side in [Side::South, Side::North] {
            let counts = pos.relative_counts(side);
            for (p, &n) in counts.iter().enumerate() {
                prop_assert_eq!(n, pos.stones(Hole::from_relative(side, p)));
            }
        }
    }

    #[test]
    fn every_legal_move_conserves_the_stones(game in game_strategy()) {
        let pos = *game.position();
        let total = pos.total_stones();
        prop_assert_eq!(total, 2 * 14 * pos.variant().start_stones() as u32);
        for &hole in game.legal_moves() {
            let mut next = pos;
            next.play(&Move::Sow(hole)).unwrap();
            prop_assert_eq!(next.total_stones(), total);
        }
    }

    #[test]
    fn a_move_is_listed_iff_play_accepts_it(game in game_strategy()) {
        let pos = *game.position();
        let legal = pos.legal_moves();
        for hole in Hole::all() {
            let accepted = { let mut next = pos; next.play(&Move::Sow(hole)).is_ok() };
            prop_assert_eq!(accepted, legal.contains(&hole), "{}", hole);
            if hole.owner() != pos.turn() {
                prop_assert!(!accepted);
            }
        }
    }

    #[test]
    fn printing_then_parsing_a_record_reproduces_the_game(game in game_strategy(), south in ".{0,12}", north in "[a-z ;\"=]{0,8}") {
        let record = Record::of_game(&game, &south, &north);
        let text = record.to_string();
        let parsed: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        prop_assert_eq!(&parsed, &record);
        let replayed = parsed.replay().unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.outcome(), game.outcome());
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn random_games_end_by_no_moves_or_repetition(variant in variant(), choices in prop::collection::vec(any::<u16>(), 4000), layouts in prop::collection::vec(any::<u8>(), 20)) {
        let game = random_game(variant, &choices, &layouts, choices.len());
        let outcome = game.outcome();
        prop_assert!(outcome.is_some(), "not over after {} plies", game.ply());
        let outcome = outcome.unwrap();
        if outcome.result.winner().is_some() {
            // The loser is the player to move, without a legal sowing.
            prop_assert_eq!(outcome.result.winner(), Some(game.turn().opponent()));
            prop_assert!(game.position().legal_moves().is_empty());
        }
    }
}

//! The AI returns legal moves in random positions of every variant, and is
//! deterministic for a seed and a node budget.

use kiela_ai::{best_move, game_history, Level, Limits, Settings};
use kiela_rules::{Game, Move, Variant};

fn settings(nodes: u64, noise: i32) -> Settings {
    Settings {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        noise,
        ..Level::Hard.fixed_settings()
    }
}

/// A game of `plies` random sowings (stopping before the end).
fn random_game(variant: Variant, plies: usize, seed: u64) -> Game {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::new(variant);
    for _ in 0..plies {
        let legal = game.legal_moves().to_vec();
        let mut next = game.clone();
        next.play(&Move::Sow(legal[rng.usize(..legal.len())]))
            .unwrap();
        if next.is_over() {
            break;
        }
        game = next;
    }
    game
}

#[test]
fn legal_moves_in_random_positions_of_all_variants() {
    for variant in Variant::ALL {
        for seed in 0..40 {
            let game = random_game(variant, (seed % 30) as usize, seed);
            let result = best_move(
                game.position(),
                &game_history(&game),
                &settings(3_000, 0),
                seed,
            );
            let mut pos = *game.position();
            pos.play(&result.best).unwrap_or_else(|e| {
                panic!("{variant} seed {seed}: {} is illegal: {e}", result.best)
            });
            assert_eq!(result.pv.first(), Some(&result.best));
        }
    }
}

/// The move `result` chose is one the rules allow the side to move in
/// `game` (a legal sowing, or a rearrangement while it may still rearrange),
/// and playing it ends that side's turn and its right to rearrange.
fn assert_moves_on(game: &mut Game, result: &kiela_ai::SearchResult, who: &str) {
    let mover = game.turn();
    let allowed = match result.best {
        Move::Sow(hole) => game.legal_moves().contains(&hole),
        Move::Arrange(_) => game.position().may_rearrange(mover),
    };
    assert!(
        allowed,
        "{who}: {} is not a move for {mover:?}",
        result.best
    );
    assert_eq!(result.pv.first(), Some(&result.best), "{who}");
    let ply = game.ply();
    game.play(&result.best)
        .unwrap_or_else(|e| panic!("{who}: {} is illegal: {e}", result.best));
    assert_eq!(
        (game.ply(), game.turn()),
        (ply + 1, mover.opponent()),
        "{who}"
    );
    assert!(!game.position().may_rearrange(mover), "{who}");
}

#[test]
fn every_level_moves_on_an_expert_rearrangement_turn() {
    let game = Game::new(Variant::Expert);
    assert!(game.position().may_rearrange(game.turn()));
    for level in Level::ALL {
        let result = best_move(
            game.position(),
            &game_history(&game),
            &level.fixed_settings(),
            3,
        );
        assert_moves_on(&mut game.clone(), &result, &format!("{level:?}"));
    }
    // North, after South rearranged, may rearrange too.
    let mut game = game;
    game.play(
        &"@[0 0 0 0 0 0 0 0 0 0 / 14 14 0 0 0 0 0 0 0 0]"
            .parse()
            .unwrap(),
    )
    .unwrap();
    assert!(game.position().may_rearrange(game.turn()));
    let result = best_move(
        game.position(),
        &game_history(&game),
        &settings(5_000, 0),
        1,
    );
    assert_moves_on(&mut game, &result, "North");
}

#[test]
fn whole_games_between_levels_only_use_legal_moves() {
    for variant in Variant::ALL {
        let mut game = Game::new(variant);
        let mut ply = 0;
        while !game.is_over() && ply < 300 {
            let level = if ply % 2 == 0 {
                Level::Easy
            } else {
                Level::Medium
            };
            let result = best_move(
                game.position(),
                &game_history(&game),
                &level.fixed_settings(),
                11,
            );
            game.play(&result.best).unwrap();
            ply += 1;
        }
        assert!(game.is_over() || ply == 300);
    }
}

#[test]
fn deterministic_for_a_seed_and_a_node_budget() {
    let game = random_game(Variant::Standard, 6, 42);
    let history = game_history(&game);
    let a = best_move(game.position(), &history, &settings(20_000, 80), 5);
    let b = best_move(game.position(), &history, &settings(20_000, 80), 5);
    assert_eq!(a, b);
    // The noise depends on the seed: some seed changes the score.
    let scores: Vec<i32> = (0..8)
        .map(|seed| best_move(game.position(), &history, &settings(20_000, 80), seed).score)
        .collect();
    assert!(scores.iter().any(|&s| s != scores[0]), "{scores:?}");
}

#[test]
fn a_forced_win_is_found_and_scored_as_a_win() {
    use kiela_rules::{Position, Side};
    // South has one sowable hole left; North has plenty. Whatever South does,
    // the search must see the game is decided within a few plies, or at least
    // return a legal move with a finite score.
    let mut board = [0u8; 40];
    board[0] = 2; // A1
    board[2] = 1; // C1
    for hole in board.iter_mut().skip(20) {
        *hole = 2;
    }
    board[39] = 15;
    let total: u32 = board.iter().map(|&n| n as u32).sum();
    assert_eq!(total, 56);
    let pos = Position::from_board(Variant::Standard, board, Side::North);
    let result = best_move(&pos, &[], &settings(200_000, 0), 1);
    let mut next = pos;
    next.play(&result.best).unwrap();
    assert!(result.score > 0, "North is far ahead: {}", result.score);
}

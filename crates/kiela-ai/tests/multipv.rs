//! Multi-PV ([`top_moves`]): its first move is [`best_move`]'s for the same
//! budget, the moves differ, and with a depth limit (every move searched
//! to the same depth) no later move is worth more than the first. (The
//! later ones among themselves may be out of order by a little: the table
//! kept from search to search lends deeper results to some moves.)

use kiela_ai::{best_move, top_moves, Level, Limits, Settings};
use kiela_rules::{Game, Move, Variant};

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
fn the_first_of_the_top_moves_is_the_best_move() {
    let settings = Level::Hard.fixed_settings();
    for seed in 0..30 {
        let variant = [Variant::Standard, Variant::Beginner][seed as usize % 2];
        let game = random_game(variant, (seed * 3 % 40) as usize, seed);
        let history = kiela_ai::game_history(&game);
        let top = top_moves(game.position(), &history, &settings, seed, 3);
        let best = best_move(game.position(), &history, &settings, seed);
        assert_eq!(top[0], best, "seed {seed}");
        let legal = game.legal_moves().len();
        assert_eq!(top.len(), legal.min(3), "seed {seed}");
        for (i, a) in top.iter().enumerate() {
            assert!(top[i + 1..].iter().all(|b| b.best != a.best));
        }
        // Deterministic for the budget.
        assert_eq!(
            top,
            top_moves(game.position(), &history, &settings, seed, 3)
        );
    }
}

#[test]
fn at_a_fixed_depth_no_later_move_beats_the_first() {
    let settings = Settings {
        limits: Limits {
            depth: Some(3),
            ..Limits::default()
        },
        noise: 0,
        quiescence: 0,
        ..Level::Hard.fixed_settings()
    };
    for seed in 0..20 {
        let game = random_game(Variant::Standard, (seed * 5 % 50) as usize, seed);
        let top = top_moves(game.position(), &[], &settings, 0, 4);
        assert!(
            top[1..].iter().all(|r| r.score <= top[0].score),
            "seed {seed}: {:?}",
            top.iter().map(|r| (r.best, r.score)).collect::<Vec<_>>()
        );
    }
}

//! Long games for tests of Discord's limits: random legal moves, written
//! straight into the store (playing hundreds of plies through the service
//! would render a board each time).

use kiela_app::store::{GameChange, MoveRow, Ports};
use kiela_app::vocabulary::GameId;
use kiela_rules::{Game, Move, Variant};

/// The first `plies` moves of a random Beginner game (Beginner games last
/// longest) that is still going on after them: the first seed that lasts.
pub fn lasting_moves(plies: usize) -> Vec<Move> {
    for seed in 0..10_000 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut game = Game::new(Variant::Beginner);
        let mut moves = Vec::new();
        while moves.len() < plies && !game.is_over() {
            let legal = game.legal_moves();
            let mv = Move::Sow(legal[rng.usize(..legal.len())]);
            game.play(&mv).unwrap();
            moves.push(mv);
        }
        if moves.len() == plies && !game.is_over() {
            return moves;
        }
    }
    panic!("no random Beginner game lasted {plies} plies");
}

/// Appends `moves` to game `id`, which must be a Beginner game at its start.
pub async fn append(store: &Ports, id: GameId, moves: &[Move], now: i64) {
    for (i, mv) in moves.iter().enumerate() {
        let row = store.games.game(id).await.unwrap().unwrap();
        assert_eq!(row.variant, Variant::Beginner);
        let mut change = GameChange::of(&row, now);
        change.new_move = Some(MoveRow {
            ply: i as i64 + 1,
            notation: mv.to_string(),
            player_id: if i % 2 == 0 {
                row.south_id
            } else {
                row.north_id
            },
            played_at: now,
        });
        assert!(
            store.core.apply(&change).await.unwrap().is_some(),
            "ply {}",
            i + 1
        );
    }
}

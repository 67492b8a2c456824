//! Games as this process last replayed them, so that loading a game plays
//! only the moves stored since. Playing a move computes the next exact
//! legal moves, which in rare positions means proving a long relay cycle
//! endless; with this cache each ply's proof is paid once per process, not
//! once per request (an autocomplete keystroke loads a game too). Stored
//! moves change only when taken back (games against the AI): a kept replay
//! is used only while its moves are the stored ones (see `load_at`),
//! whatever other processes do; the game's row (result, deadline) is
//! always read afresh.

use std::sync::Arc;
use std::time::Duration;

use tokio::task::JoinHandle;

use kiela_rules::{Game, Move, Position};

use crate::lru::Lru;
use crate::vocabulary::GameId;
use crate::{AppError, Result};

/// Waits for `replaying` (game `game_id`'s replay) at most `bound`: past
/// it, the game is busy, and the replay carries on (to be kept for the
/// next try).
pub(crate) async fn bounded<T>(
    bound: Duration,
    game_id: GameId,
    replaying: JoinHandle<Result<T>>,
) -> Result<T> {
    tokio::time::timeout(bound, replaying)
        .await
        .map_err(|_| AppError::Busy(game_id))?
        .map_err(|e| AppError::Internal(format!("replaying a game failed: {e}")))?
}

/// Games kept: the active ones of a busy bot, in a few megabytes.
const CAPACITY: usize = 1024;

/// Earlier plies kept (a review's or a watched turn's, one per game): the
/// games people are looking back at.
const VIEWS: usize = 256;

/// A game replayed up to some ply, with its last move and the position it
/// was played from. Kept behind an `Arc`: a look at a kept replay copies
/// no game.
#[derive(Clone)]
pub(crate) struct Replayed {
    pub game: Game,
    pub last: Option<(Move, Position)>,
}

/// Each game's longest replay (the game as it stands), and its last
/// replay of an earlier ply (a view: a review steps through the game, a
/// turn is watched again), so that looking back one ply further replays
/// one move, not the game.
pub(crate) struct Replays {
    games: Lru<GameId, Arc<Replayed>>,
    views: Lru<GameId, Arc<Replayed>>,
}

impl Default for Replays {
    fn default() -> Replays {
        Replays {
            games: Lru::new(CAPACITY),
            views: Lru::new(VIEWS),
        }
    }
}

impl Replays {
    /// Game `id` as replayed before, if it was, up to at most `plies`: the
    /// longest replay kept that is not longer.
    pub fn get(&self, id: GameId, plies: usize) -> Option<Arc<Replayed>> {
        let within = |replayed: &Arc<Replayed>| replayed.game.ply() <= plies;
        match (self.games.get(id)).filter(within) {
            Some(game) => Some(game),
            None => (self.views.get(id)).filter(within),
        }
    }

    /// Drops game `id`'s replays (its moves were taken back).
    pub fn forget(&self, id: GameId) {
        self.games.remove(id);
        self.views.remove(id);
    }

    /// Keeps `replayed` for game `id`: as the game, unless a longer
    /// replay is kept, else as its view; the least recently used game goes
    /// when the cache is full.
    pub fn put(&self, id: GameId, replayed: Replayed) {
        let plies = replayed.game.ply();
        let longer = |kept: &Arc<Replayed>| kept.game.ply() > plies;
        if let Some(view) = self.games.put_unless(id, Arc::new(replayed), longer) {
            self.views.put(id, view);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::Variant;

    fn after(plies: usize) -> Replayed {
        let mut game = Game::new(Variant::Beginner);
        for _ in 0..plies {
            let hole = game.legal_moves()[0];
            game.play(&Move::Sow(hole)).unwrap();
        }
        Replayed { game, last: None }
    }

    #[test]
    fn a_replay_is_reused_up_to_the_plies_asked_and_never_shortened() {
        let replays = Replays::default();
        replays.put(GameId(1), after(3));
        assert_eq!(replays.get(GameId(1), 5).unwrap().game.ply(), 3);
        assert!(replays.get(GameId(1), 2).is_none(), "longer than asked");
        replays.put(GameId(1), after(2));
        assert_eq!(
            replays.get(GameId(1), 9).unwrap().game.ply(),
            3,
            "kept the longer"
        );
        assert!(replays.get(GameId(2), 9).is_none());
    }

    #[test]
    fn an_earlier_ply_is_kept_beside_the_game_for_the_next_look_back() {
        let replays = Replays::default();
        replays.put(GameId(1), after(9));
        replays.put(GameId(1), after(4));
        assert_eq!(replays.get(GameId(1), 5).unwrap().game.ply(), 4, "the view");
        assert_eq!(replays.get(GameId(1), 9).unwrap().game.ply(), 9, "the game");
        assert!(replays.get(GameId(1), 3).is_none(), "nothing that short");
        replays.put(GameId(1), after(5));
        assert_eq!(
            replays.get(GameId(1), 6).unwrap().game.ply(),
            5,
            "the next view"
        );
        replays.forget(GameId(1));
        assert!(replays.get(GameId(1), 9).is_none());
    }

    // Paused time: the runtime moves its clock to the next timer once
    // every task waits, so the bound passes before the slow work ends.
    #[tokio::test(start_paused = true)]
    async fn a_replay_past_its_bound_is_busy_and_one_within_it_is_not() {
        let slow = tokio::spawn(async {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok(1)
        });
        let busy = bounded(Duration::from_millis(10), GameId(7), slow).await;
        assert!(matches!(busy, Err(AppError::Busy(GameId(7)))), "{busy:?}");
        let quick = tokio::task::spawn_blocking(|| Ok(2));
        assert_eq!(
            bounded(Duration::from_secs(60), GameId(7), quick)
                .await
                .unwrap(),
            2
        );
    }

    #[test]
    fn the_least_recently_used_game_goes_when_full() {
        let replays = Replays::default();
        for id in 0..CAPACITY as i64 {
            replays.put(GameId(id), after(0));
        }
        replays.get(GameId(0), 0).unwrap();
        replays.put(GameId(-1), after(0));
        assert!(replays.get(GameId(0), 0).is_some(), "just used");
        assert!(replays.get(GameId(1), 0).is_none(), "the oldest went");
        assert!(replays.get(GameId(-1), 0).is_some());
    }
}

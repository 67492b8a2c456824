//! A game as the service holds it: its row and its rules state, replayed
//! from its stored moves; the picture and words that show it; and which
//! game a command means.

mod boards;
mod choices;
mod queries;
mod replays;

pub use choices::GameChoice;
pub(super) use replays::Replays;

use crate::store::{GameRow, StoreError};
use crate::vocabulary::GameState;
use kiela_ai::Level;
use kiela_rules::{Game, Move, Position, Side};
use replays::Replayed;

use super::{AppError, GameService, Result};

/// A game as loaded from the database: its row and its replayed rules state.
pub(in crate::app) struct Loaded {
    pub(in crate::app) row: GameRow,
    pub(in crate::app) game: Game,
    /// The last move and the position it was played from, for the
    /// picture's path.
    pub(in crate::app) last: Option<(Move, Position)>,
    /// Whether this is the game as it stands, not an earlier ply of it.
    pub(in crate::app) current: bool,
}

impl Loaded {
    pub(in crate::app) fn side_of(&self, user: i64) -> Option<Side> {
        if user == self.row.south_id {
            Some(Side::South)
        } else if user == self.row.north_id {
            Some(Side::North)
        } else {
            None
        }
    }

    pub(in crate::app) fn player(&self, side: Side) -> i64 {
        match side {
            Side::South => self.row.south_id,
            Side::North => self.row.north_id,
        }
    }

    pub(in crate::app) fn ply(&self) -> i64 {
        self.game.ply() as i64
    }

    pub(in crate::app) fn ai_level(&self) -> Option<Level> {
        self.row.ai_level
    }

    /// Ended without a result: its deadline passed before the player to
    /// move had made a first move (see [`DueEvent::Abort`]).
    pub(in crate::app) fn aborted(&self) -> bool {
        self.row.state == GameState::Aborted
    }

    /// Over, with a result or aborted.
    pub(in crate::app) fn is_over(&self) -> bool {
        self.game.is_over() || self.aborted()
    }

    /// The players who are people (not the bot), South first.
    pub(in crate::app) fn people(&self, bot: i64) -> Vec<i64> {
        [self.row.south_id, self.row.north_id]
            .into_iter()
            .filter(|&id| id != bot)
            .collect()
    }
}

impl GameService {
    /// Loads a game and replays its moves.
    pub(in crate::app) async fn load(&self, game_id: i64) -> Result<Loaded> {
        self.load_at(game_id, None).await
    }

    /// Loads a game as it was at ply `ply` (`None`: as it stands).
    pub(in crate::app) async fn load_at(&self, game_id: i64, ply: Option<i64>) -> Result<Loaded> {
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or(AppError::NoSuchGame(game_id))?;
        let mut moves = self.store.moves(game_id).await?;
        let current = ply.is_none_or(|ply| moves.len() as i64 <= ply);
        if let Some(ply) = ply {
            moves.retain(|mv| mv.ply <= ply);
        }
        // Replaying computes exact legal moves, which in rare positions means
        // proving a long relay cycle endless: keep it off the async threads,
        // and play only the moves this process has not replayed yet.
        // A replay past the request's bound goes on, and is kept for the
        // next try.
        let start = self.replays.get(game_id, moves.len());
        let replays = self.replays.clone();
        let replaying = tokio::task::spawn_blocking(move || {
            let (loaded, replayed) = replay(row, moves, current, start)?;
            replays.put(game_id, replayed);
            Ok(loaded)
        });
        replays::bounded(self.timing.replay_bound, game_id, replaying).await
    }
}

/// Rebuilds a game from its stored row and moves, going on from `start`
/// (its first plies, replayed before) if given. Returns the game, and the
/// replay to keep (before the row's result is applied).
fn replay(
    row: GameRow,
    moves: Vec<crate::store::MoveRow>,
    current: bool,
    start: Option<Replayed>,
) -> Result<(Loaded, Replayed)> {
    let game_id = row.id;
    let corrupt = |table, row: String, column, problem: String| {
        AppError::Store(StoreError::Corrupt {
            table,
            row,
            column,
            problem,
        })
    };
    let bad_move =
        |ply: i64, e: String| corrupt("moves", format!("{game_id}/{ply}"), "notation", e);
    let Replayed { mut game, mut last } = start.unwrap_or(Replayed {
        game: Game::new(row.variant),
        last: None,
    });
    let done = game.ply();
    for mv in moves.into_iter().skip(done) {
        let parsed: Move = (mv.notation.parse()).map_err(|e| bad_move(mv.ply, format!("{e}")))?;
        let before = *game.position();
        (game.play(&parsed)).map_err(|e| bad_move(mv.ply, format!("{e}")))?;
        last = Some((parsed, before));
    }
    let replayed = Replayed {
        game: game.clone(),
        last,
    };
    // Endings the moves cannot show (resignation, agreement, timeout).
    if let (true, GameState::Finished(outcome), None) = (current, row.state, game.outcome()) {
        let record = kiela_rules::Record {
            result: Some(outcome.result),
            reason: Some(outcome.reason),
            ..Default::default()
        };
        (record.settle(&mut game))
            .map_err(|e| corrupt("games", game_id.to_string(), "result", format!("{e}")))?;
    }
    let loaded = Loaded {
        row,
        game,
        last,
        current,
    };
    Ok((loaded, replayed))
}

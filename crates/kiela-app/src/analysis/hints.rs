//! Hints in games against the AI: the engine's move for the player, shown
//! privately as the board after it, with its path in the future tense and
//! a button that plays it. Counted with the game
//! and shown with its result; a game between people never gets one (it
//! would be help during play).

use kiela_ai::Level;
use kiela_rules::Move;

use super::{AnalysisNotice, AnalysisRefusal};
use crate::vocabulary::GameId;
use crate::{AnalysisService, AppError, HintMove, Place, Reply, Result, User, AI_SEARCHES};

impl AnalysisService {
    /// The engine's move for `user` in their game against the AI (`game`,
    /// or theirs here), privately; counted.
    pub async fn hint(&self, user: &User, place: Place, game: Option<GameId>) -> Result<Reply> {
        let id = self.games.pick_game(user, place, game).await?;
        let loaded = self.games.load(id).await?;
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        if loaded.ai_level().is_none() {
            return Err(AnalysisRefusal::HintBetweenPeople.into());
        }
        if loaded.is_over() {
            return Err(AnalysisRefusal::HintOver(id).into());
        }
        if loaded.game.turn() != side {
            return Err(AppError::NotYourTurn(loaded.game.turn()));
        }
        // The hard level's search: a strong move in a fraction of a second,
        // the same for the same position (through the bounded pool).
        let settings = Level::Hard.fixed_settings();
        let game = loaded.game.clone();
        let seed = (id.0 as u64) << 16 ^ loaded.ply() as u64;
        let slot = AI_SEARCHES.slot().await;
        let best = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            let history = kiela_ai::game_history(&game);
            kiela_ai::best_move(game.position(), &history, &settings, seed).best
        })
        .await
        .map_err(|e| AppError::Internal(format!("the hint's search failed: {e}")))?;
        self.db.analysis.add_hint(id).await?;
        // The board as it would be after the move, with its path.
        let mut after = loaded;
        let before = *after.game.position();
        let trace = before
            .trace(&best)
            .map_err(|e| AppError::Internal(format!("the hint is not legal: {e}")))?;
        after
            .game
            .play(&best)
            .map_err(|e| AppError::Internal(format!("the hint is not legal: {e}")))?;
        after.last = Some((best, before));
        after.current = false;
        // Worded in the future tense: the move is not played.
        let headline = AnalysisNotice::Hint {
            game: id,
            hole: best.to_string(),
            trace,
        };
        let ply = after.ply() - 1;
        let mut reply = self
            .games
            .board_reply(&after, vec![headline.into()], user.lang)
            .await?;
        reply.private = true;
        reply.game = None;
        reply.moves.clear();
        // A Play button for the move, made for the board it was asked on.
        reply.hint = match best {
            Move::Sow(hole) => Some(HintMove {
                game: id,
                ply,
                hole,
            }),
            Move::Arrange(_) => None,
        };
        Ok(reply)
    }
}

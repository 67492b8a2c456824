//! Take back, against the AI: the player's last move and the AI's reply
//! are undone. Only in games against the AI, which are never rated (a
//! rated game's moves stand); counted with the game like hints, and shown
//! with its result. A change like any other: version-guarded
//! (`Store::apply`), with its board post in the outbox.

use super::{PlayNotice, PlayRefusal};
use crate::store::{DrawOfferChange, GameChange};
use crate::vocabulary::GameId;

use super::super::{AppError, Place, PlayService, Reply, Result, User};

impl PlayService {
    /// `user` takes back their last move in game `game` (and the AI's
    /// reply to it), from its board at `ply`.
    pub async fn take_back(
        &self,
        user: &User,
        place: Place,
        game: GameId,
        ply: i64,
    ) -> Result<Reply> {
        let (loaded, _) = self.games.load_to_act(user, place, game).await?;
        if loaded.ai_level().is_none() {
            return Err(PlayRefusal::TakebackBetweenPeople.into());
        }
        if loaded.is_over() {
            return Err(PlayRefusal::TakebackOver(game).into());
        }
        if loaded.ply() != ply {
            return Err(AppError::OutOfDate { game_id: game });
        }
        let moves = self.db.games.moves(game).await?;
        let Some(own) = moves.iter().rev().find(|mv| mv.player_id == user.id) else {
            return Err(PlayRefusal::NothingToTakeBack(game).into());
        };
        // The move of turn `own.ply` goes, with every move after it.
        let (turn, kept) = (own.ply, own.ply - 1);
        let replies = moves.len() as i64 - own.ply;
        let place = Place {
            lang: self.settings.game_lang(&loaded, place, user).await?,
            ..place
        };
        let lang = place.lang;
        let mut change = GameChange::of(&loaded.row, self.base.now());
        change.take_back_to = Some(kept);
        change.to_move = Some(user.id);
        change.reminded = false;
        change.deadline = self
            .base
            .deadline_for(loaded.row.seconds_per_move, loaded.player_row(user.id));
        change.draw_offer = DrawOfferChange::Clear;
        let ai = loaded.name(loaded.side_of(user.id).expect("a player").opponent());
        let headline = PlayNotice::TookBack {
            by: user.name.clone(),
            turn,
            ai: (replies > 0).then_some(ai),
            game,
        };
        let post = self.outbox.board_post(&loaded, kept, headline, lang, true);
        change.posts = vec![post.clone()];
        let ids = self.apply(&change).await?.ok_or(AppError::Conflict)?;
        self.games.replays.forget(game);
        let loaded = self.games.load(game).await?;
        self.outbox
            .answer(place, &[(ids[0], post)], Some(&loaded))
            .await
    }
}

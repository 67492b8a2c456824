//! Draws: an offer, its answer by the player it was made to, and the
//! offer lapsing when they move instead.

mod queries;

use crate::store::{DrawOffer, DrawOfferChange, GameChange, NewPost};
use kiela_i18n::tr;
use kiela_rules::{GameResult, Outcome, Reason};

use super::{refused, AppError, GameService, Loaded, Place, Reply, Result, User};
use crate::vocabulary::GameId;

impl GameService {
    /// Offers a draw, or accepts the opponent's open offer.
    pub async fn draw(&self, user: &User, place: Place, game: Option<GameId>) -> Result<Reply> {
        let id = self.pick_game(user, place, game).await?;
        let mut loaded = self.load(id).await?;
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        if loaded.is_over() {
            return refused(tr!(user.lang, "draw-already-over", id = id));
        }
        let place = Place {
            lang: self.game_lang(&loaded, place, user).await?,
            ..place
        };
        let opponent = loaded.player(side.opponent());
        if opponent == self.bot.id {
            return refused(tr!(user.lang, "draw-bot-refuses", name = &self.bot.name));
        }
        match loaded.offer {
            Some(offer) if offer.offered_by == opponent => {
                self.settle_draw(user, place, &mut loaded, true).await
            }
            Some(_) => refused(tr!(user.lang, "draw-already-offered")),
            None => {
                let mut change = GameChange::of(&loaded.row, self.now());
                change.draw_offer = DrawOfferChange::Offer(DrawOffer {
                    offered_by: user.id,
                    ply: loaded.ply(),
                });
                let text = tr!(
                    place.lang,
                    "draw-offered",
                    name = &user.name,
                    id = id,
                    mention = format!("<@{opponent}>")
                );
                // The board again, in the game's channel: it shows the offer
                // and its buttons.
                let post = NewPost {
                    pings: vec![opponent],
                    ..self.board_post(&loaded, loaded.ply(), text, place.lang, true)
                };
                change.posts = vec![post.clone()];
                let ids = self.store.apply(&change).await?.ok_or(AppError::Conflict)?;
                loaded.change(&change, None)?;
                self.answer(place, &[(ids[0], post)], Some(&loaded)).await
            }
        }
    }

    /// The Accept draw / Decline draw buttons of game `id`'s board at `ply`:
    /// only the player the offer was made to may answer it.
    pub async fn answer_draw(
        &self,
        user: &User,
        place: Place,
        id: GameId,
        ply: i64,
        accept: bool,
    ) -> Result<Reply> {
        let mut loaded = self.load(id).await?;
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        if loaded.ply() != ply || loaded.game.is_over() {
            return Err(AppError::OutOfDate { game_id: id });
        }
        match loaded.offer {
            None => Err(AppError::OutOfDate { game_id: id }),
            Some(offer) if offer.offered_by == user.id => {
                let opponent = loaded.name(side.opponent());
                refused(tr!(user.lang, "draw-own-offer", name = &opponent))
            }
            Some(_) => self.settle_draw(user, place, &mut loaded, accept).await,
        }
    }

    /// `user` accepts (a draw by agreement) or declines (the offer goes,
    /// its maker is told) the opponent's offer in `loaded`.
    async fn settle_draw(
        &self,
        user: &User,
        place: Place,
        loaded: &mut Loaded,
        accept: bool,
    ) -> Result<Reply> {
        let id = loaded.row.id;
        if accept {
            let outcome = Outcome {
                result: GameResult::Draw,
                reason: Reason::Agreement,
            };
            let headline = tr!(place.lang, "draw-accepted", name = &user.name, id = id);
            let post = self.board_post(loaded, loaded.ply(), headline, place.lang, true);
            let made = self.end(loaded, outcome, user.lang, post).await?;
            return self.answer(place, &[made], Some(loaded)).await;
        }
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        let offerer = loaded.player(side.opponent());
        let mut change = GameChange::of(&loaded.row, self.now());
        change.draw_offer = DrawOfferChange::Clear;
        let headline = tr!(
            place.lang,
            "draw-declined",
            name = &user.name,
            id = id,
            mention = format!("<@{offerer}>")
        );
        let post = NewPost {
            pings: vec![offerer],
            ..self.board_post(loaded, loaded.ply(), headline, place.lang, true)
        };
        change.posts = vec![post.clone()];
        let ids = self.store.apply(&change).await?.ok_or(AppError::Conflict)?;
        loaded.change(&change, None)?;
        self.answer(place, &[(ids[0], post)], Some(loaded)).await
    }
}

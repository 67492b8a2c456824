//! Draws: an offer, its answer by the player it was made to, and the
//! offer lapsing when they move instead.

mod store;
pub use store::*;

use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::store::ports::*;
use crate::store::{DrawOffer, DrawOfferChange, GameChange, NewPost};
use kiela_rules::{GameResult, Outcome, Reason};

use super::{AppError, Loaded, Name, Place, Reply, Result, User};
use crate::vocabulary::{GameId, UserId};

/// Why a draw offer, or its answer, was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawRefusal {
    /// Game `0` is over.
    GameOver(GameId),
    /// The AI (`bot`, its name) plays every game out.
    AiPlaysOn { bot: Name },
    /// The user's own offer waits for an answer.
    AlreadyOffered,
    /// The offer is the user's own: `opponent` answers it.
    OwnOffer { opponent: Name },
}

/// What a draw offer and its answer tell the players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawNotice {
    /// `by` offers a draw in `game` to `to`.
    Offered { by: Name, game: GameId, to: UserId },
    /// `by` accepted the draw in `game`.
    Accepted { by: Name, game: GameId },
    /// `by` declined the draw in `game` that `offerer` offered.
    Declined {
        by: Name,
        game: GameId,
        offerer: UserId,
    },
    /// The offer's line: how the offer ended.
    LineClosed(Closed),
}

crate::store::port_set! {
    /// The ports [`DrawService`] reads and writes through.
    pub struct DrawPorts {
        core: CoreStore,
    }
}

/// Draw offers and their answers.
#[derive(Clone)]
pub struct DrawService {
    pub(crate) base: crate::Base,
    pub(crate) db: DrawPorts,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) playing: Arc<crate::PlayService>,
    pub(crate) settings: Arc<crate::SettingsService>,
}

impl DrawService {
    /// Offers a draw, or accepts the opponent's open offer.
    pub async fn draw(&self, user: &User, place: Place, game: Option<GameId>) -> Result<Reply> {
        let id = self.games.pick_game(user, place, game).await?;
        let (mut loaded, side) = self.games.load_to_act(user, place, id).await?;
        if loaded.is_over() {
            return Err(DrawRefusal::GameOver(id).into());
        }
        let place = Place {
            lang: self.settings.game_lang(&loaded, place, user).await?,
            ..place
        };
        let opponent = loaded.player(side.opponent());
        if opponent == self.base.bot.id {
            return Err(DrawRefusal::AiPlaysOn {
                bot: self.base.bot.name.clone(),
            }
            .into());
        }
        match loaded.offer {
            Some(offer) if offer.offered_by == opponent => {
                self.settle_draw(user, place, &mut loaded, true).await
            }
            Some(_) => Err(DrawRefusal::AlreadyOffered.into()),
            None => {
                let mut change = GameChange::of(&loaded.row, self.base.now());
                change.draw_offer = DrawOfferChange::Offer(DrawOffer {
                    offered_by: user.id,
                    ply: loaded.ply(),
                });
                let offered = DrawNotice::Offered {
                    by: user.name.clone(),
                    game: id,
                    to: opponent,
                };
                // One line under the current board, with its answers: not
                // a second board.
                let post = NewPost {
                    pings: vec![opponent],
                    ply: None,
                    draw_ply: Some(loaded.ply()),
                    ..self
                        .outbox
                        .board_post(&loaded, loaded.ply(), offered, place.lang, true)
                };
                change.posts = vec![post.clone()];
                let ids = self
                    .db
                    .core
                    .apply(&change)
                    .await?
                    .ok_or(AppError::Conflict)?;
                loaded.change(&change, None)?;
                self.outbox
                    .answer(place, &[(ids[0], post)], Some(&loaded))
                    .await
            }
        }
    }

    /// The Accept draw / Decline draw buttons of game `id`'s board at `ply`,
    /// or of the line that offered the draw at `ply`: only the player the
    /// offer was made to may answer it.
    pub async fn answer_draw(
        &self,
        user: &User,
        place: Place,
        id: GameId,
        ply: i64,
        accept: bool,
    ) -> Result<Reply> {
        let (mut loaded, side) = self.games.load_to_act(user, place, id).await?;
        if loaded.is_over() {
            return Err(AppError::OutOfDate { game_id: id });
        }
        // The buttons of a board at the current ply, or of the offer's
        // line, made at the offer's ply.
        match loaded.offer {
            None => Err(AppError::OutOfDate { game_id: id }),
            Some(offer) if loaded.ply() != ply && offer.ply != ply => {
                Err(AppError::OutOfDate { game_id: id })
            }
            Some(offer) if offer.offered_by == user.id => {
                let opponent = loaded.name(side.opponent());
                Err(DrawRefusal::OwnOffer { opponent }.into())
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
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        if accept {
            let outcome = Outcome {
                result: GameResult::Draw,
                reason: Reason::Agreement,
            };
            let headline = DrawNotice::Accepted {
                by: user.name.clone(),
                game: id,
            };
            let post = self
                .outbox
                .board_post(loaded, loaded.ply(), headline, place.lang, true);
            let made = self.playing.end(loaded, outcome, user.lang, post).await?;
            return self.outbox.answer(place, &[made], Some(loaded)).await;
        }
        let offerer = loaded.player(side.opponent());
        let mut change = GameChange::of(&loaded.row, self.base.now());
        change.draw_offer = DrawOfferChange::Clear;
        let declined = DrawNotice::Declined {
            by: user.name.clone(),
            game: id,
            offerer,
        };
        // One line after the offer's: the board stands as it was.
        let post = NewPost {
            pings: vec![offerer],
            ply: None,
            ..self
                .outbox
                .board_post(loaded, loaded.ply(), declined, place.lang, true)
        };
        change.posts = vec![post.clone()];
        (change.posts).extend(
            self.playing
                .close_draw_line(loaded, Closed::Declined, place.lang)
                .await?,
        );
        let ids = self
            .db
            .core
            .apply(&change)
            .await?
            .ok_or(AppError::Conflict)?;
        loaded.change(&change, None)?;
        self.outbox
            .answer(place, &[(ids[0], post)], Some(loaded))
            .await
    }
}

/// How a draw offer ended, said on its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Closed {
    Accepted,
    Declined,
    /// The player it was made to moved instead.
    Lapsed,
    /// The game ended otherwise (a resignation).
    Ended,
}

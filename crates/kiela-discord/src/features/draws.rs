//! Draws: `/kiela draw` and the Offer draw button offer one (or accept the
//! opponent's); Accept draw / Decline answer a pending offer.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};
use serenity::async_trait;

use kiela_app::{AppError, DrawClosed, DrawNotice, DrawRefusal};
use kiela_i18n::tr;
use kiela_i18n::Lang;

use crate::command::{Request, Subcommand, GAME};
use crate::handler::Cx;
use crate::ids::{button, ComponentId};
use crate::respond::Post;
use crate::words::mention;
use kiela_app::vocabulary::GameId;

pub const DRAW: Subcommand = Subcommand {
    name: "draw",
    options: &[GAME.spec()],
    read: |args| {
        Ok(Box::new(Draw {
            game: args.get(&GAME)?,
        }))
    },
};

#[derive(Debug)]
struct Draw {
    game: Option<GameId>,
}

#[async_trait]
impl Request for Draw {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        let reply = cx.service.draws.draw(cx.user, cx.place, self.game).await?;
        Ok(Post::of(reply))
    }
}

/// The Offer draw button under board `game` at `ply`.
pub async fn offer(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    cx.service.games.check_button(cx.user, game, ply).await?;
    Ok(Post::of(
        cx.service.draws.draw(cx.user, cx.place, Some(game)).await?,
    ))
}

/// Accept draw (`yes`) or Decline.
pub async fn answer(cx: &Cx<'_>, game: GameId, ply: i64, yes: bool) -> Result<Post, AppError> {
    let reply = cx
        .service
        .draws
        .answer_draw(cx.user, cx.place, game, ply, yes)
        .await?;
    Ok(Post::of(reply))
}

pub fn offer_button(game: GameId, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::Draw { game, ply },
        &tr!(lang, "button-offer-draw"),
        ButtonStyle::Secondary,
    )
}

/// Under a board with a pending offer: its answers.
pub fn answer_row(game: GameId, ply: i64, lang: Lang) -> CreateActionRow {
    CreateActionRow::Buttons(vec![
        button(
            ComponentId::AcceptDraw { game, ply },
            &tr!(lang, "button-accept-draw"),
            ButtonStyle::Primary,
        ),
        button(
            ComponentId::DeclineDraw { game, ply },
            &tr!(lang, "button-decline-draw"),
            ButtonStyle::Secondary,
        ),
    ])
}

/// Why a draw offer or its answer was refused.
pub(crate) fn refusal(lang: Lang, refusal: &DrawRefusal) -> String {
    match refusal {
        DrawRefusal::GameOver(id) => tr!(lang, "draw-already-over", id = *id),
        DrawRefusal::AiPlaysOn { bot } => tr!(lang, "draw-bot-refuses", name = bot),
        DrawRefusal::AlreadyOffered => tr!(lang, "draw-already-offered"),
        DrawRefusal::OwnOffer { opponent } => tr!(lang, "draw-own-offer", name = opponent),
    }
}

/// What a draw offer and its answer tell the players.
pub(crate) fn notice(lang: Lang, notice: &DrawNotice) -> String {
    match notice {
        DrawNotice::Offered { by, game, to } => tr!(
            lang,
            "draw-offered",
            name = by,
            id = *game,
            mention = mention(*to)
        ),
        DrawNotice::Accepted { by, game } => tr!(lang, "draw-accepted", name = by, id = *game),
        DrawNotice::Declined { by, game, offerer } => tr!(
            lang,
            "draw-declined",
            name = by,
            id = *game,
            mention = mention(*offerer)
        ),
        DrawNotice::LineClosed(closed) => match closed {
            DrawClosed::Accepted => tr!(lang, "draw-line-accepted"),
            DrawClosed::Declined => tr!(lang, "draw-line-declined"),
            DrawClosed::Lapsed => tr!(lang, "draw-line-lapsed"),
            DrawClosed::Ended => tr!(lang, "draw-line-ended"),
        },
    }
}

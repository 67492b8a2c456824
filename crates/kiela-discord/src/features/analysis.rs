//! Looking back at a game: `/kiela history`, `/kiela analyze` and the
//! Analyse button (the computer's analysis), and the review of a finished
//! game move by move (the Review button, then its step buttons).

use std::sync::Arc;

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};
use serenity::async_trait;
use tokio::sync::watch;

use kiela_app::{AnalysisRefusal, AppError, Progress, ReviewStep};
use kiela_i18n::tr;
use kiela_i18n::{t, Lang};

use crate::command::{Opt, Request, Subcommand, GAME};
use crate::handler::Cx;
use crate::ids::{button, ComponentId, ReviewButton};
use crate::respond::Post;
use kiela_app::vocabulary::GameId;

/// Required: there is no current game to default to (the choices offered
/// include finished games).
const ANY_GAME: Opt<GameId> = GAME.required();

pub const HISTORY: Subcommand = Subcommand {
    name: "history",
    options: &[ANY_GAME.spec()],
    read: |args| {
        Ok(Box::new(Analysis::History {
            game: args
                .get(&ANY_GAME)?
                .ok_or_else(|| tr!(args.lang, "parse-which-game"))?,
        }))
    },
};

pub const ANALYZE: Subcommand = Subcommand {
    name: "analyze",
    options: &[ANY_GAME.spec()],
    read: |args| {
        Ok(Box::new(Analysis::Analyze {
            game: args
                .get(&ANY_GAME)?
                .ok_or_else(|| tr!(args.lang, "parse-which-game"))?,
        }))
    },
};

#[derive(Debug)]
enum Analysis {
    History { game: GameId },
    Analyze { game: GameId },
}

#[async_trait]
impl Request for Analysis {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        let reply = match *self {
            Analysis::History { game } => cx.service.history(cx.user, cx.place, game).await?,
            Analysis::Analyze { game } => return analyse(cx, game).await,
        };
        Ok(Post::of(reply))
    }
}

/// The computer's analysis of game `game` (the command or the button).
pub async fn analyse(cx: &Cx<'_>, game: GameId) -> Result<Post, AppError> {
    let progress = progress_of(cx.progress, cx.user.lang, game);
    Ok(Post::of(
        cx.service
            .analysis(cx.user, cx.place, game, progress)
            .await?,
    ))
}

/// The review of game `game` at move `ply` (the Review button shows the
/// first).
pub async fn review(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    let progress = progress_of(cx.progress, cx.user.lang, game);
    Ok(Post::of(
        cx.service
            .review(cx.user, cx.place, game, ply, progress)
            .await?,
    ))
}

/// Reports an analysis's progress into the text a deferred answer shows
/// while it waits (see [`Responder::answer`](crate::respond::Responder::answer)).
fn progress_of(tell: &Arc<watch::Sender<String>>, lang: Lang, game: GameId) -> Progress {
    let tell = tell.clone();
    Arc::new(move |done, total| {
        tell.send_replace(tr!(
            lang,
            "analysis-progress",
            id = game,
            done = done,
            total = total
        ));
    })
}

pub fn analyse_button(game: GameId, lang: Lang) -> CreateButton {
    button(
        ComponentId::Analyse { game },
        &tr!(lang, "button-analyse"),
        ButtonStyle::Secondary,
    )
}

pub fn review_button(game: GameId, lang: Lang) -> CreateButton {
    button(
        ComponentId::Review { game },
        &tr!(lang, "button-review"),
        ButtonStyle::Secondary,
    )
}

/// Under an analysis shown privately: post it in the game's place.
pub fn share_row(game: GameId, lang: Lang) -> CreateActionRow {
    CreateActionRow::Buttons(vec![button(
        ComponentId::ShareAnalysis { game },
        &tr!(lang, "button-share"),
        ButtonStyle::Secondary,
    )])
}

/// The Share button: the analysis, posted in the game's place.
pub async fn share(cx: &Cx<'_>, game: GameId) -> Result<Post, AppError> {
    Ok(Post::of(
        cx.service.share_analysis(cx.user, cx.place, game).await?,
    ))
}

/// A review step's buttons: to the first, previous, next and last turn,
/// then to the previous and the next mistake; those that go nowhere
/// disabled.
pub fn review_rows(step: ReviewStep, lang: Lang) -> Vec<CreateActionRow> {
    let target = |which| match which {
        ReviewButton::First => (Some(1), "button-first"),
        ReviewButton::Previous => (Some(step.ply - 1), "button-previous"),
        ReviewButton::Next => (Some(step.ply + 1), "button-next"),
        ReviewButton::Last => (Some(step.last), "button-last"),
        ReviewButton::PreviousMistake => (step.previous_mistake, "button-previous-mistake"),
        ReviewButton::NextMistake => (step.next_mistake, "button-next-mistake"),
    };
    let buttons: Vec<CreateButton> = ReviewButton::ALL
        .into_iter()
        .map(|which| {
            let (ply, label) = target(which);
            let goes = ply.filter(|ply| (1..=step.last).contains(ply) && *ply != step.ply);
            let id = ComponentId::ReviewAt {
                game: step.game,
                // A button that goes nowhere still needs an id of its own.
                ply: goes.unwrap_or(step.ply),
                button: which,
            };
            button(id, &t(lang, label, &[]), ButtonStyle::Secondary).disabled(goes.is_none())
        })
        .collect();
    let (steps, mistakes) = buttons.split_at(4);
    vec![
        CreateActionRow::Buttons(steps.to_vec()),
        CreateActionRow::Buttons(mistakes.to_vec()),
    ]
}

/// Why an analysis or a hint was refused.
pub(crate) fn refusal(lang: Lang, refusal: &AnalysisRefusal) -> String {
    match refusal {
        AnalysisRefusal::Ongoing { game, against_ai } => {
            let key = match against_ai {
                true => "analysis-ongoing-ai",
                false => "analysis-ongoing",
            };
            tr!(lang, key, id = *game)
        }
        AnalysisRefusal::NoMoves(game) => tr!(lang, "analysis-no-moves", id = *game),
        AnalysisRefusal::Cooldown { seconds } => {
            tr!(lang, "analysis-cooldown", seconds = *seconds)
        }
        AnalysisRefusal::HintBetweenPeople => tr!(lang, "hint-between-people"),
        AnalysisRefusal::HintOver(game) => tr!(lang, "hint-over", id = *game),
    }
}

//! Looking back at a game: `/kiela history`, `/kiela analyze` and the
//! Analyse button (the computer's analysis), and the review of a finished
//! game move by move (the Review button, then its step buttons).

use std::sync::Arc;

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};
use serenity::async_trait;
use tokio::sync::watch;

use kiela_ai::analysis::Verdict;
use kiela_app::{
    AnalysisNotice, AnalysisRefusal, AppError, Judged, JudgedTurn, Lost, Name, Progress, ReviewStep,
};
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
            Analysis::History { game } => cx.service.info.history(cx.user, cx.place, game).await?,
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
            .analysis
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
            .analysis
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
        cx.service
            .analysis
            .share_analysis(cx.user, cx.place, game)
            .await?,
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
        AnalysisRefusal::AlreadyShared {
            game,
            by,
            at,
            guild,
            channel,
            message,
        } => match message {
            Some(message) => tr!(
                lang,
                "analysis-shared-already",
                id = *game,
                mention = crate::words::mention(*by),
                at = *at,
                link = super::info::message_link(kiela_app::BoardLink {
                    guild: *guild,
                    channel: *channel,
                    message: *message,
                })
            ),
            None => tr!(
                lang,
                "analysis-shared-already-here",
                id = *game,
                mention = crate::words::mention(*by),
                at = *at
            ),
        },
    }
}

/// What an analysis, a review step and a hint tell the player.
pub(crate) fn notice(lang: Lang, notice: &AnalysisNotice) -> String {
    match notice {
        AnalysisNotice::Analysis {
            game,
            shared_by,
            turns,
        } => analysis_text(lang, *game, shared_by.as_ref(), turns),
        AnalysisNotice::Review {
            game,
            ply,
            last,
            name,
            played,
            judged,
        } => {
            let judged = match judged {
                Judged::Best => tr!(lang, "review-best"),
                Judged::Good { best } => tr!(lang, "review-good", best = best),
                Judged::Poor {
                    verdict,
                    lost,
                    best,
                } => {
                    let verdict = verdict_word(lang, *verdict);
                    match lost {
                        Lost::Stones(loss) => tr!(
                            lang,
                            "review-judged",
                            verdict = verdict,
                            loss = stones(lang, *loss),
                            best = best
                        ),
                        Lost::ForcedWin => {
                            tr!(lang, "review-missed-win", verdict = verdict, best = best)
                        }
                        Lost::ForcedLoss => {
                            tr!(lang, "review-forced-loss", verdict = verdict, best = best)
                        }
                    }
                }
            };
            tr!(
                lang,
                "review-headline",
                id = *game,
                ply = *ply,
                last = *last,
                name = name,
                move = played,
                judged = judged
            )
        }
        AnalysisNotice::Hint { game, hole, trace } => tr!(
            lang,
            "hint-headline",
            id = *game,
            hole = hole,
            path = kiela_render::words::plan(lang, trace)
        ),
    }
}

/// The analysis: who shared it, its title, and its flagged turns (a long
/// list goes on in the next message).
fn analysis_text(
    lang: Lang,
    game: GameId,
    shared_by: Option<&Name>,
    turns: &[JudgedTurn],
) -> String {
    let shared = shared_by.map(|name| tr!(lang, "analysis-shared", name = name));
    let title = tr!(lang, "analysis-title", id = game, count = turns.len());
    let lines = (shared.into_iter().chain([title]))
        .chain(turns.iter().map(|turn| analysis_line(lang, turn)));
    lines.collect::<Vec<_>>().join("\n")
}

/// A flagged turn: "Turn 22, bob H4: blunder, 9.5 stones lost. C4 would
/// have kept them."
fn analysis_line(lang: Lang, turn: &JudgedTurn) -> String {
    let verdict = verdict_word(lang, turn.verdict);
    let (ply, name, played, best) = (turn.ply, &turn.name, &turn.played, &turn.best);
    match turn.lost {
        Lost::Stones(loss) => tr!(
            lang,
            "analysis-line",
            ply = ply,
            name = name,
            move = played,
            verdict = verdict,
            loss = stones(lang, loss),
            best = best
        ),
        Lost::ForcedWin => tr!(
            lang,
            "analysis-line-missed-win",
            ply = ply,
            name = name,
            move = played,
            verdict = verdict,
            best = best
        ),
        Lost::ForcedLoss => tr!(
            lang,
            "analysis-line-forced-loss",
            ply = ply,
            name = name,
            move = played,
            verdict = verdict,
            best = best
        ),
    }
}

/// Hundredths of a stone as stones, one decimal, in the language's way.
fn stones(lang: Lang, hundredths: i32) -> String {
    let text = format!("{:.1}", hundredths as f64 / 100.0);
    match lang {
        Lang::Pt => text.replace('.', ","),
        _ => text,
    }
}

fn verdict_word(lang: Lang, verdict: Verdict) -> String {
    match verdict {
        Verdict::Inaccuracy => tr!(lang, "move-verdict-inaccuracy"),
        Verdict::Mistake => tr!(lang, "move-verdict-mistake"),
        Verdict::Blunder => tr!(lang, "move-verdict-blunder"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(lost: Lost) -> JudgedTurn {
        JudgedTurn {
            ply: 22,
            name: "bob".into(),
            played: "H4".into(),
            verdict: Verdict::Blunder,
            lost,
            best: "C4".into(),
        }
    }

    #[test]
    fn a_forced_result_is_said_in_words_never_as_stones() {
        let missed = turn(Lost::ForcedWin);
        assert_eq!(
            analysis_line(Lang::En, &missed),
            "Turn 22, bob H4: blunder, missed a forced win. C4 would have won by force."
        );
        let pt = analysis_line(Lang::Pt, &missed);
        assert!(pt.contains("vitória forçada"), "{pt}");
        let line = analysis_line(Lang::En, &turn(Lost::ForcedLoss));
        assert!(line.contains("let the opponent force a win"), "{line}");
        let review = notice(
            Lang::En,
            &AnalysisNotice::Review {
                game: GameId(7),
                ply: 22,
                last: 40,
                name: "bob".into(),
                played: "H4".into(),
                judged: Judged::Poor {
                    verdict: Verdict::Blunder,
                    lost: Lost::ForcedWin,
                    best: "C4".into(),
                },
            },
        );
        assert!(review.contains("a missed forced win"), "{review}");
        assert_eq!(
            analysis_line(Lang::En, &turn(Lost::Stones(950))),
            "Turn 22, bob H4: blunder, 9.5 stones lost. C4 would have kept them."
        );
        assert!(analysis_line(Lang::Pt, &turn(Lost::Stones(950))).contains("9,5"));
    }
}

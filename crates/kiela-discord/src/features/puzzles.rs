//! Puzzles: `/kiela puzzle [daily]`, the puzzle's menu of holes, Next /
//! Retry / Solution, and Solve under a server's daily post; all answered
//! privately to the solver.

use serenity::all::{ButtonStyle, ComponentInteractionDataKind, CreateActionRow};
use serenity::async_trait;

use kiela_app::{
    puzzle_date, AppError, PuzzleButtons, PuzzleNotice, PuzzleRefusal, PuzzleStep, PuzzleTheme,
    Reply,
};
use kiela_i18n::tr;
use kiela_i18n::Lang;

use crate::command::{Opt, Request, Subcommand};
use crate::features::lessons;
use crate::features::playing::{hole_menu, picked_hole};
use crate::handler::Cx;
use crate::ids::{button, ComponentId, PuzzleAction};
use crate::respond::Post;
use crate::words::describe_game_error;

const DAILY: Opt<bool> = Opt::new("daily");

pub const PUZZLE: Subcommand = Subcommand {
    name: "puzzle",
    options: &[DAILY.spec()],
    read: |args| Ok(Box::new(Solve(args.get(&DAILY)?.unwrap_or(false)))),
};

/// A puzzle to solve: today's (`true`) or one near the solver's rating.
#[derive(Debug)]
struct Solve(bool);

#[async_trait]
impl Request for Solve {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        Ok(Post::of(cx.service.puzzles.puzzle(cx.user, self.0).await?))
    }
}

/// A hole picked in a puzzle's menu.
pub async fn chosen(
    cx: &Cx<'_>,
    step: PuzzleStep,
    kind: &ComponentInteractionDataKind,
) -> Result<Post, AppError> {
    let hole = picked_hole(kind)?;
    Ok(Post::of(
        cx.service.puzzles.puzzle_move(cx.user, step, hole).await?,
    ))
}

/// Next, Retry, Solution or Solve.
pub async fn press(cx: &Cx<'_>, action: PuzzleAction) -> Result<Post, AppError> {
    let (service, user) = (cx.service, cx.user);
    let reply = match action {
        PuzzleAction::Next => service.puzzles.puzzle(user, false).await?,
        PuzzleAction::Daily => service.puzzles.puzzle(user, true).await?,
        PuzzleAction::Retry(number) => service.puzzles.puzzle_again(user, number).await?,
        PuzzleAction::Solution(number) => service.puzzles.puzzle_solution(user, number).await?,
    };
    Ok(Post::of(reply))
}

/// Under a puzzle's reply: the menu of holes, or its buttons.
pub fn rows(reply: &Reply, buttons: PuzzleButtons) -> Vec<CreateActionRow> {
    let lang = reply.lang;
    let action = |action: PuzzleAction, key: &str, style: ButtonStyle| {
        button(ComponentId::Puzzle { action }, &tr!(lang, key), style)
    };
    let next = || {
        action(
            PuzzleAction::Next,
            "button-puzzle-next",
            ButtonStyle::Primary,
        )
    };
    let solution = |number| {
        action(
            PuzzleAction::Solution(number),
            "button-puzzle-solution",
            ButtonStyle::Secondary,
        )
    };
    let buttons = match buttons {
        PuzzleButtons::Play(step) => {
            let menu = hole_menu(ComponentId::PuzzleMove { step }, &reply.moves, lang);
            return menu.into_iter().collect();
        }
        PuzzleButtons::Solved { number } => vec![next(), solution(number)],
        PuzzleButtons::Missed { number } => vec![
            action(
                PuzzleAction::Retry(number),
                "button-puzzle-retry",
                ButtonStyle::Primary,
            ),
            solution(number),
        ],
        PuzzleButtons::Shown { .. } => vec![next()],
        PuzzleButtons::Daily => vec![action(
            PuzzleAction::Daily,
            "button-puzzle-solve",
            ButtonStyle::Primary,
        )],
    };
    vec![CreateActionRow::Buttons(buttons)]
}

/// Why a solver's move was not judged.
pub(crate) fn refusal(lang: Lang, refusal: &PuzzleRefusal) -> String {
    match refusal {
        PuzzleRefusal::Illegal(error) => describe_game_error(lang, error),
    }
}

/// What a puzzle tells the solver, and the daily post.
pub(crate) fn notice(lang: Lang, notice: &PuzzleNotice) -> String {
    match notice {
        PuzzleNotice::AllTried => tr!(lang, "puzzle-all-tried"),
        PuzzleNotice::SolverStats {
            rating,
            solved,
            tried,
            best,
        } => tr!(
            lang,
            "puzzles-stats",
            rating = lang.number(*rating),
            solved = *solved,
            tried = *tried,
            best = *best
        ),
        PuzzleNotice::DailyIntro { day, solvers } => tr!(
            lang,
            "puzzle-daily-intro",
            date = puzzle_date(*day),
            solvers = *solvers
        ),
        PuzzleNotice::Header {
            number,
            rating,
            themes,
        } => {
            let themes: Vec<String> = (themes.iter())
                .map(|theme| tr!(lang, theme_key(*theme)))
                .collect();
            tr!(
                lang,
                "puzzle-header",
                number = *number,
                rating = lang.number(*rating),
                themes = if themes.is_empty() {
                    "-".to_string()
                } else {
                    themes.join(", ")
                }
            )
        }
        PuzzleNotice::Goal { side, moves } => tr!(
            lang,
            "puzzle-goal",
            side = kiela_render::words::side(lang, *side),
            count = *moves
        ),
        PuzzleNotice::YourRating { rating } => {
            tr!(lang, "puzzle-your-rating", rating = lang.number(*rating))
        }
        PuzzleNotice::Practice => tr!(lang, "puzzle-practice"),
        PuzzleNotice::Path { mover, trace } => lessons::path(lang, *mover, trace),
        PuzzleNotice::Solved => tr!(lang, "puzzle-solved"),
        PuzzleNotice::Missed { margin } => tr!(lang, "puzzle-missed", margin = *margin),
        PuzzleNotice::RatingChange {
            rating,
            change,
            streak,
        } => tr!(
            lang,
            "puzzle-rating-change",
            rating = lang.number(*rating),
            change = signed(*change),
            streak = *streak
        ),
        PuzzleNotice::GoOn { reply, moves_left } => {
            tr!(lang, "puzzle-go-on", reply = reply, count = *moves_left)
        }
        PuzzleNotice::Solution => tr!(lang, "puzzle-solution"),
        PuzzleNotice::DailyPost { number, day } => tr!(
            lang,
            "puzzle-daily-post",
            number = *number,
            date = puzzle_date(*day)
        ),
        PuzzleNotice::DailyYesterday {
            number,
            solvers,
            answer,
        } => tr!(
            lang,
            "puzzle-daily-yesterday",
            number = *number,
            solvers = *solvers,
            answer = answer.join(" ")
        ),
    }
}

/// A rating's change with its sign: "+12", "−7" (a minus sign), "±0".
fn signed(change: i64) -> String {
    match change {
        0 => "±0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => format!("\u{2212}{}", -d),
    }
}

/// The catalogue key of a puzzle's theme.
fn theme_key(theme: PuzzleTheme) -> &'static str {
    match theme {
        PuzzleTheme::LongRelay => "puzzle-theme-long-relay",
        PuzzleTheme::DoubleCapture => "puzzle-theme-double-capture",
        PuzzleTheme::NoMoves => "puzzle-theme-no-moves",
        PuzzleTheme::ForcedWin => "puzzle-theme-forced-win",
        PuzzleTheme::Defence => "puzzle-theme-defence",
        PuzzleTheme::OuterCapture => "puzzle-theme-outer-capture",
        PuzzleTheme::Sacrifice => "puzzle-theme-sacrifice",
    }
}

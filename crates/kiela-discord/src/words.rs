//! What the application's outcomes say, in the user's language: each
//! refusal is worded by its feature's module (`features::draws::refusal`
//! for a [`DrawRefusal`](kiela_app::DrawRefusal)), the shared ones here.

use kiela_app::{AppError, Refusal};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_render::words::side;

use crate::features;

/// Why an action did not happen, as a clause (see `handler::sentence`).
pub fn error(lang: Lang, error: &AppError) -> String {
    match error {
        AppError::Refused(refusal) => self::refusal(lang, refusal),
        AppError::Worded(message) => message.clone(),
        AppError::NotYourGame => tr!(lang, "error-not-your-game"),
        AppError::NotYourTurn(to_move) => {
            tr!(lang, "error-not-your-turn", side = side(lang, *to_move))
        }
        AppError::OutOfDate { .. } => tr!(lang, "error-out-of-date"),
        AppError::Conflict => tr!(lang, "error-conflict"),
        AppError::NoSuchGame(id) => tr!(lang, "error-no-such-game", id = *id),
        AppError::Store(e) => tr!(lang, "error-internal", detail = e.to_string()),
        AppError::Internal(detail) => tr!(lang, "error-internal", detail = detail),
        AppError::Busy(id) => tr!(lang, "error-busy", id = *id),
    }
}

/// Why an action was refused.
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::OldButton => tr!(lang, "old-button"),
        Refusal::Draw(refusal) => features::draws::refusal(lang, refusal),
        Refusal::Tournament(refusal) => features::tournaments::refusal(lang, refusal),
        Refusal::Settings(refusal) => features::settings::refusal(lang, refusal),
        Refusal::Vacation(refusal) => features::settings::vacation_refusal(lang, refusal),
        Refusal::Analysis(refusal) => features::analysis::refusal(lang, refusal),
        Refusal::Lesson(refusal) => features::lessons::refusal(lang, refusal),
        Refusal::Puzzle(refusal) => features::puzzles::refusal(lang, refusal),
    }
}

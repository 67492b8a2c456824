//! Why an action was refused.

use thiserror::Error;

use crate::store::{Database, StoreError};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_rules::Side;

use super::words;
use crate::vocabulary::GameId;

/// Why an action was refused. Each message says what to do instead; it is
/// written in a language by [`AppError::message`] (`Display` is English,
/// for logs).
#[derive(Debug, Error)]
pub enum AppError {
    /// A refusal already worded in the user's language.
    #[error("{0}")]
    Refused(String),
    #[error("{}", self.message(Lang::En))]
    NotYourGame,
    #[error("{}", self.message(Lang::En))]
    NotYourTurn(Side),
    #[error("{}", self.message(Lang::En))]
    OutOfDate { game_id: GameId },
    #[error("{}", self.message(Lang::En))]
    Conflict,
    #[error("{}", self.message(Lang::En))]
    NoSuchGame(GameId),
    #[error("{0}")]
    Store(StoreError),
    #[error("{}", self.message(Lang::En))]
    Internal(String),
    /// Replaying game `0` takes longer than a request may (it goes on in
    /// the background, so the next try is quick).
    #[error("{}", self.message(Lang::En))]
    Busy(GameId),
}

impl AppError {
    /// Whether trying again later may succeed: a replay still running
    /// ([`AppError::Busy`]), or a database that was busy, locked or out of
    /// reach (the store says which: `store`). Anything else, such as a
    /// stored move the rules refuse, fails the same way every time.
    pub fn is_passing(&self, store: &dyn Database) -> bool {
        match self {
            AppError::Busy(_) => true,
            AppError::Store(e) => store.is_passing(e),
            _ => false,
        }
    }

    /// What to tell the user, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            AppError::Refused(message) => message.clone(),
            AppError::NotYourGame => tr!(lang, "error-not-your-game"),
            AppError::NotYourTurn(side) => {
                tr!(lang, "error-not-your-turn", side = words::side(lang, *side))
            }
            AppError::OutOfDate { .. } => tr!(lang, "error-out-of-date"),
            AppError::Conflict => tr!(lang, "error-conflict"),
            AppError::NoSuchGame(id) => tr!(lang, "error-no-such-game", id = *id),
            AppError::Store(e) => tr!(lang, "error-internal", detail = e.to_string()),
            AppError::Internal(detail) => tr!(lang, "error-internal", detail = detail),
            AppError::Busy(id) => tr!(lang, "error-busy", id = *id),
        }
    }
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> AppError {
        AppError::Store(error)
    }
}

pub type Result<T, E = AppError> = std::result::Result<T, E>;

pub(super) fn refused<T>(message: impl Into<String>) -> Result<T> {
    Err(AppError::Refused(message.into()))
}

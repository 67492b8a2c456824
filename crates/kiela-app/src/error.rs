//! Why an action was refused, or failed: as data. The words are the
//! Discord adapter's (`kiela-discord`'s `words`), in the user's language.

use thiserror::Error;

use crate::store::{Database, StoreError};
use kiela_rules::Side;

use crate::challenges::ChallengeRefusal;
use crate::draws::DrawRefusal;
use crate::game::GameRefusal;
use crate::places::PlaceRefusal;
use crate::playing::PlayRefusal;
use crate::threads::ThreadRefusal;
use crate::vocabulary::GameId;

/// Why an action did not happen. `Display` is for logs: the variant as
/// data, not a sentence for users.
#[derive(Debug, Error)]
pub enum AppError {
    /// Refused, for a reason the user can act on.
    #[error("refused: {0:?}")]
    Refused(Refusal),
    /// A refusal still worded by the application, in the user's language
    /// (each feature's are becoming [`Refusal`]s).
    #[error("{0}")]
    Worded(String),
    #[error("not a player of this game")]
    NotYourGame,
    #[error("not this side's turn: {0:?}")]
    NotYourTurn(Side),
    #[error("game {game_id} moved on since this board")]
    OutOfDate { game_id: GameId },
    #[error("someone else changed the game first")]
    Conflict,
    #[error("no game {0}")]
    NoSuchGame(GameId),
    #[error("{0}")]
    Store(StoreError),
    #[error("internal error: {0}")]
    Internal(String),
    /// Replaying game `0` takes longer than a request may (it goes on in
    /// the background, so the next try is quick).
    #[error("game {0} is still being replayed")]
    Busy(GameId),
}

/// Why an action was refused: one enum per feature, each variant holding
/// what its words need (the adapter words them).
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// A button or menu made for a step (a lesson's task, a puzzle's
    /// move, a message) that is gone.
    OldButton,
    Draw(DrawRefusal),
    Challenge(ChallengeRefusal),
    Play(PlayRefusal),
    Game(GameRefusal),
    Place(PlaceRefusal),
    Thread(ThreadRefusal),
}

/// `From` each feature's refusal into [`Refusal`] and [`AppError`], so a
/// feature writes `Err(DrawRefusal::AlreadyOffered.into())`.
macro_rules! refusals {
    ($($variant:ident($refusal:ty),)+) => {$(
        impl From<$refusal> for Refusal {
            fn from(refusal: $refusal) -> Refusal {
                Refusal::$variant(refusal)
            }
        }

        impl From<$refusal> for AppError {
            fn from(refusal: $refusal) -> AppError {
                AppError::Refused(Refusal::$variant(refusal))
            }
        }
    )+};
}

refusals! {
    Draw(DrawRefusal),
    Challenge(ChallengeRefusal),
    Play(PlayRefusal),
    Game(GameRefusal),
    Place(PlaceRefusal),
    Thread(ThreadRefusal),
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> AppError {
        AppError::Refused(refusal)
    }
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
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> AppError {
        AppError::Store(error)
    }
}

pub type Result<T, E = AppError> = std::result::Result<T, E>;

/// A refusal the application still words (see [`AppError::Worded`]).
pub(super) fn refused<T>(message: impl Into<String>) -> Result<T> {
    Err(AppError::Worded(message.into()))
}

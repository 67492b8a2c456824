//! Why an action was refused, or failed: as data. The words are the
//! Discord adapter's (`kiela-discord`'s `words`), in the user's language.

use thiserror::Error;

use crate::store::{CoreStore, StoreError};
use kiela_rules::Side;

use crate::vocabulary::GameId;

/// Why an action did not happen. `Display` is for logs: the variant as
/// data (`Debug`), never a sentence for users.
#[derive(Debug, Error)]
pub enum AppError {
    /// Refused, for a reason the user can act on.
    #[error("{self:?}")]
    Refused(Refusal),
    #[error("{self:?}")]
    NotYourGame,
    #[error("{self:?}")]
    NotYourTurn(Side),
    #[error("{self:?}")]
    OutOfDate { game_id: GameId },
    #[error("{self:?}")]
    Conflict,
    #[error("{self:?}")]
    NoSuchGame(GameId),
    #[error("{0}")]
    Store(StoreError),
    #[error("{self:?}")]
    Internal(String),
    /// Replaying game `0` takes longer than a request may (it goes on in
    /// the background, so the next try is quick).
    #[error("{self:?}")]
    Busy(GameId),
}

/// Each feature's refusal, listed once: a variant of [`Refusal`], and
/// `From` it into [`Refusal`] and [`AppError`], so a feature writes
/// `Err(DrawRefusal::AlreadyOffered.into())`.
macro_rules! refusals {
    ($($variant:ident($feature:ident::$refusal:ident),)+) => {
        /// Why an action was refused: one enum per feature, each variant
        /// holding what its words need (the Discord adapter words them).
        #[derive(Clone, Debug, PartialEq)]
        pub enum Refusal {
            /// A button or menu made for a step (a lesson's task, a
            /// puzzle's move, a message) that is gone.
            OldButton,
            $($variant(crate::$feature::$refusal),)+
        }

        $(
            impl From<crate::$feature::$refusal> for Refusal {
                fn from(refusal: crate::$feature::$refusal) -> Refusal {
                    Refusal::$variant(refusal)
                }
            }

            impl From<crate::$feature::$refusal> for AppError {
                fn from(refusal: crate::$feature::$refusal) -> AppError {
                    AppError::Refused(Refusal::$variant(refusal))
                }
            }
        )+
    };
}

refusals! {
    Draw(draws::DrawRefusal),
    Tournament(tournaments::TournamentRefusal),
    Settings(settings::SettingsRefusal),
    Vacation(clocks::VacationRefusal),
    Analysis(analysis::AnalysisRefusal),
    Lesson(lessons::LessonRefusal),
    Puzzle(puzzles::PuzzleRefusal),
    Challenge(challenges::ChallengeRefusal),
    Play(playing::PlayRefusal),
    Game(game::GameRefusal),
    Place(places::PlaceRefusal),
    Thread(threads::ThreadRefusal),
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
    pub fn is_passing(&self, store: &dyn CoreStore) -> bool {
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

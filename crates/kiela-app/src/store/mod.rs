//! The application's port to the database: the rows it reads and writes
//! ([`rows`]), the error a database call may end in, and [`Ports`],
//! every feature's port in one. `kiela-store` implements it on SQLite and
//! PostgreSQL; each feature declares what it needs in its own `store.rs`.

mod rows;

use std::fmt;
use std::sync::Arc;

use async_trait::async_trait;

pub use rows::*;

pub use crate::analysis::{AnalysisShare, SharedBefore};
pub use crate::clocks::VacationChange;
pub use crate::notice::Notice;
pub use crate::outbox::UndeliveredPost;
pub use crate::places::RefusedChannel;
pub use crate::puzzles::{DailyPostDue, MinedPuzzle, PuzzleRating, SolverRating};
pub use crate::tournaments::{
    Entrant, JoinRefused, Left, NewTournamentRow, NotMoved, Paired, StatusChange, TooManyLive,
    TournamentRow,
};
pub use kiela_learn::puzzles::Puzzle;

use crate::vocabulary::{ChallengeId, GameId, PostId, UserId};

/// Each feature's port, listed once: re-exported here and in [`ports`],
/// and gathered in [`Ports`] under the field named first.
macro_rules! ports {
    ($($field:ident: $feature:ident::$port:ident,)+) => {
        $(pub use crate::$feature::$port;)+

        /// Every port trait, for calling a concrete store's methods
        /// (`use kiela_app::store::ports::*`).
        pub mod ports {
            pub use super::CoreStore;
            $(pub use super::$port;)+
        }

        /// Every feature's port: what the application needs of a database,
        /// each a trait object (`kiela-store` gives one struct per port,
        /// all on one connection pool). A service takes the ports it uses
        /// ([`port_set!`]).
        #[derive(Clone)]
        pub struct Ports {
            pub core: Arc<dyn CoreStore>,
            $(pub $field: Arc<dyn $port>,)+
        }
    };
}

ports! {
    analysis: analysis::AnalysisStore,
    challenges: challenges::ChallengesStore,
    clocks: clocks::ClocksStore,
    draws: draws::DrawsStore,
    games: game::GamesStore,
    lessons: lessons::LessonsStore,
    notify: notify::NotifyStore,
    outbox: outbox::OutboxStore,
    places: places::PlacesStore,
    players: players::PlayersStore,
    playing: playing::PlayingStore,
    puzzles: puzzles::PuzzlesStore,
    ratings: ratings::RatingsStore,
    settings: settings::SettingsStore,
    threads: threads::ThreadsStore,
    tournaments: tournaments::TournamentsStore,
    welcome: welcome::WelcomeStore,
}

/// The ports one service reads and writes through: a struct of the
/// [`Ports`] fields it names (`draws: DrawsStore`), taken from them with
/// `From<&Ports>`. What a service may touch in the database is this list.
macro_rules! port_set {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($field:ident: $port:path),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone)]
        $vis struct $name {
            $(pub(crate) $field: std::sync::Arc<dyn $port>,)+
        }

        impl From<&$crate::store::Ports> for $name {
            fn from(ports: &$crate::store::Ports) -> $name {
                $name {
                    $($field: ports.$field.clone(),)+
                }
            }
        }
    };
}
pub(crate) use port_set;

/// SQL backends the store knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Why a database call failed. It does not implement `std::error::Error`
/// itself, so that any error converts into it with `?` (as with `anyhow`):
/// the store's driver errors arrive boxed, and the store that made them
/// says whether one may pass ([`CoreStore::is_passing`]).
pub enum StoreError {
    /// A stored value that does not parse, or contradicts its row.
    Corrupt {
        table: &'static str,
        /// The row's key, e.g. `7` (a game's id) or `7/12` (a move's game and ply).
        row: String,
        column: &'static str,
        problem: String,
    },
    /// The database driver failed (the store knows its type).
    Failed(Box<dyn std::error::Error + Send + Sync>),
}

impl<E: std::error::Error + Send + Sync + 'static> From<E> for StoreError {
    fn from(error: E) -> StoreError {
        StoreError::Failed(Box::new(error))
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Corrupt {
                table,
                row,
                column,
                problem,
            } => write!(
                f,
                "the database holds a value kiela cannot read: table {table}, row {row}, column {column}: {problem}"
            ),
            StoreError::Failed(error) => write!(f, "database error: {error}"),
        }
    }
}

impl fmt::Debug for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// A limit a new challenge or game must stay within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quota {
    /// At most `max` pending challenges from `challenger`, unexpired at `now`.
    OpenChallenges {
        challenger: UserId,
        now: i64,
        max: usize,
    },
    /// At most `max` ongoing games of `player` against the AI.
    AiGames { player: UserId, max: usize },
}

/// Why a new challenge or game was not stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotStored {
    /// Someone was first: the challenge is no longer pending, or the
    /// rematch is already asked for or played.
    Taken,
    /// It would go past its [`Quota`].
    OverQuota(Quota),
}

#[async_trait]
pub trait CoreStore: Send + Sync {
    /// Which database it is.
    fn backend(&self) -> Backend;

    /// Whether `error` may pass: the database was busy, locked or out of
    /// reach, so the same request may succeed later. A value that does not
    /// read fails the same way every time.
    fn is_passing(&self, error: &StoreError) -> bool;

    /// Creates a game with the posts that announce it (made from its id;
    /// their `game_id` is filled in), and marks `from_challenge` (its id and
    /// who accepts it: an open challenge gets its opponent) accepted in the
    /// same transaction, if the game stays within `quota`. Returns the
    /// game's id and the posts with their ids, or why nothing was stored:
    /// that challenge was no longer pending, or the game is a rematch
    /// already played ([`NotStored::Taken`]), or it is over its quota.
    async fn create_game(
        &self,
        g: &NewGame,
        from_challenge: Option<(ChallengeId, UserId)>,
        quota: Option<Quota>,
        posts: &(dyn Fn(GameId) -> Vec<NewPost> + Send + Sync),
    ) -> Result<std::result::Result<(GameId, Vec<(PostId, NewPost)>), NotStored>>;

    /// Applies `change` to its game in one transaction, if the game is still
    /// at `change.expected_version`, with the posts it must produce. Returns
    /// the posts' ids, or `None` (and changes nothing) when someone else
    /// changed the game first.
    ///
    /// The first statement bumps the version where it still matches: of
    /// writers racing from the same version, in this process or another,
    /// exactly one matches the row (SQLite: one writer at a time;
    /// PostgreSQL: the others wait for its row lock, then see the new
    /// version), so exactly one change is stored.
    async fn apply(&self, change: &GameChange) -> Result<Option<Vec<PostId>>>;
}

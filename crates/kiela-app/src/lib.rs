//! The game service: every use case of a player, without Discord.
//!
//! It takes who acts, where, and what, and returns a [`Reply`] (what it
//! says as typed [`Notice`]s, the board picture with its alt text, the
//! moves to offer, who to ping) or an [`AppError`] (a typed [`Refusal`]):
//! data, which the Discord adapter words. Every game is
//! rebuilt from the database on each call, so a restart loses nothing, and
//! every change goes through one version-guarded transaction
//! ([`store::CoreStore::apply`]).

//! One module per feature, each with its service code (an `impl
//! GameService` block) and its own port to the database (a trait in its
//! `store.rs`, implemented by `kiela-store`): playing, challenges, draws, clocks (timers and vacation),
//! notify, threads, settings, analysis (with review and hints), ratings,
//! info, and the outbox that carries every post. [`game`] holds what they
//! share about a game: loading and replaying it, its board, and which game
//! a command means; [`players`] the people. The shared vocabulary is small:
//! [`context`] (who acts, where), [`reply`] (what an action answers),
//! [`notice`] (what it says), [`error`], [`clock`] (time and how long
//! things wait).

mod analysis;
mod challenges;
mod clock;
mod clocks;
mod context;
mod draws;
mod error;
mod game;
mod info;
mod lessons;
mod limits;
mod lru;
mod notice;
mod notify;
mod outbox;
mod places;
mod players;
mod playing;
mod puzzles;
mod ratings;
mod reply;
mod settings;
mod threads;
mod tournaments;
mod welcome;

pub mod store;
pub mod vocabulary;

pub use analysis::AnalysisRefusal;
pub use analysis::Progress;
pub use analysis::{AnalysisNotice, Judged, JudgedTurn, Lost};
pub use challenges::ChallengeRefusal;
pub use challenges::{ChallengeClosed, ChallengeNotice, Terms};
pub use challenges::{GameOptions, CHALLENGE_DAYS, DAYS_PER_MOVE};
pub use clock::{
    Clock, DatabaseClock, ManualClock, SystemClock, Timing, AI_TURN_GRACE, ANSWER_LEASE, KEEP_POSTS,
};
pub use clocks::VacationRefusal;
pub use clocks::{ClockNotice, Stake};
pub use clocks::{DueEvent, VACATION_DAYS_PER_YEAR};
pub use context::{Place, User};
pub use draws::{Closed as DrawClosed, DrawNotice, DrawRefusal};
pub use error::{AppError, Refusal, Result};
pub use game::BoardNotice;
pub use game::GameRefusal;
pub use game::{GameChoice, MoveChoices};
pub use info::{BoardLink, GameLine, InfoNotice, RecordShown, ToMove, Unrated};
pub use lessons::LessonRefusal;
pub use lessons::{offered as offered_lessons, LessonButtons, LessonStep, MAX_ATTEMPT};
pub use lessons::{LessonNotice, Miss as LessonMiss, Mover};
pub use limits::{
    clip_message, Document, SearchPool, AI_SEARCHES, GIF_TURNS, MAX_AI_GAMES, MAX_OPEN_CHALLENGES,
    MESSAGE_CHARS, UPLOAD_BYTES,
};
pub use limits::{discord_len, Lines};
pub use notice::Notice;
pub use notify::NotifyNotice;
pub use outbox::OutboxNotice;
pub use outbox::{Delivery, Destination, LookFirst, UndeliveredPost, ANSWER_TOKEN_LIFE};
pub use places::PlaceNotice;
pub use places::PlaceRefusal;
pub use places::RefusedChannel;
pub use players::{EveryoneIsAMember, Members, Membership, Name, MEMBERSHIP_KEPT};
pub use playing::PlayNotice;
pub use playing::{FormRow, GameEnd, PlayRefusal};
pub use puzzles::daily::date as puzzle_date;
pub use puzzles::PuzzleRefusal;
pub use puzzles::{puzzle as shipped_puzzle, PuzzleButtons, PuzzleStep};
pub use puzzles::{PuzzleNotice, Theme as PuzzleTheme};
pub use ratings::{LeaderboardRow, RatedRecord, RatingChange, RatingsNotice, Stats};
pub use reply::{Format, GameRef, HintMove, MovePreview, NewThread, Picture, Reply, ReviewStep};
pub use settings::SettingsRefusal;
pub use settings::{
    DailyPuzzle, GamesChannel, LanguageSetting, Settings, CHALLENGE_WAIT, DAILY_PUZZLE_HOUR,
    DEFAULT_DAYS,
};
pub use settings::{ServerSettings, SettingsNotice};
pub use threads::BotPermissions;
pub use threads::{GameEnding, ThreadNotice};
pub use threads::{Permission, ThreadRefusal};
pub use tournaments::TournamentRefusal;
pub use tournaments::{
    swiss_rounds, Authority, NewTournament, StandingLine, MAX_LIVE_TOURNAMENTS, MAX_ROUNDS,
    MAX_ROUND_ROBIN, MAX_SWISS, MIN_PLAYERS, STRICT_DAYS, STRICT_PERCENT,
};
pub use welcome::WelcomeNotice;
pub use welcome::WELCOME_WITHIN;

pub use crate::store::BoardMessage;
pub use crate::vocabulary::{
    ChallengeId, ChannelId, ChannelRefusal, ConfirmMoves, FirstMover, GameId, GuildId, MessageId,
    Notify, PostId, ThreadsSetting, TournamentFormat, TournamentId, TournamentStatus, UserId,
};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::store::Database;

use game::Loaded;

/// Seconds in a day: the unit of time per move.
pub const DAY: i64 = 24 * 60 * 60;

/// The game service. Cheap to clone; share one per process.
#[derive(Clone)]
pub struct GameService {
    store: Arc<dyn Database>,
    bot: User,
    clock: Arc<dyn Clock>,
    timing: Timing,
    replays: Arc<game::Replays>,
    analyses: Arc<analysis::Analyses>,
    animations: Arc<info::Animations>,
    memberships: Arc<players::Memberships>,
    /// Games loaded from the database since start (see [`Self::games_loaded`]).
    games_loaded: Arc<AtomicU64>,
}

impl GameService {
    /// The service over `store` (see `kiela-store`), as `bot`, at `clock`'s time.
    pub fn new(store: impl Database + 'static, bot: User, clock: Arc<dyn Clock>) -> GameService {
        GameService {
            store: Arc::new(store),
            bot,
            clock,
            timing: Timing::default(),
            replays: Arc::default(),
            analyses: Arc::default(),
            animations: Arc::new(info::Animations::new(info::ANIMATIONS_KEPT)),
            memberships: Arc::new(players::Memberships::new(Arc::new(EveryoneIsAMember))),
            games_loaded: Arc::default(),
        }
    }

    /// How long it waits (and the Discord side with it).
    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// The same service, waiting as long as `timing` says.
    pub fn with_timing(mut self, timing: Timing) -> GameService {
        self.timing = timing;
        self
    }

    /// The same service, asking `members` who is still a member of a
    /// server (by default everyone is: see [`EveryoneIsAMember`]).
    pub fn with_members(mut self, members: Arc<dyn Members>) -> GameService {
        self.memberships = Arc::new(players::Memberships::new(members));
        self
    }

    /// The database it works on.
    pub fn store(&self) -> &dyn Database {
        self.store.as_ref()
    }

    /// Whether `error` may pass, so the same request may succeed later
    /// (see [`AppError::is_passing`]).
    pub fn is_passing(&self, error: &AppError) -> bool {
        error.is_passing(self.store())
    }

    pub fn bot(&self) -> &User {
        &self.bot
    }

    /// How many times this service loaded a game from the database (its
    /// row, players and moves): an action loads its game once.
    pub fn games_loaded(&self) -> u64 {
        self.games_loaded.load(Ordering::Relaxed)
    }

    /// The service's clock, in seconds.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}

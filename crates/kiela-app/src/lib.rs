//! The application: every use case of a player, without Discord.
//!
//! It takes who acts, where, and what, and returns a [`Reply`] (what it
//! says as typed [`Notice`]s, the board picture with its alt text, the
//! moves to offer, who to ping) or an [`AppError`] (a typed [`Refusal`]):
//! data, which the Discord adapter words. Every game is
//! rebuilt from the database on each call, so a restart loses nothing, and
//! every change goes through one version-guarded transaction
//! ([`store::CoreStore::apply`]).

//! One module per feature (playing, challenges, draws, clocks with
//! vacations, notify, threads, places, settings, analysis with review and
//! hints, ratings, lessons, puzzles, tournaments, info, welcome, the outbox
//! that carries every post and the delivery that claims them), each with
//! its service: a struct holding the shared [`Base`] (the bot, the
//! clock), the ports it reads and writes through (a trait per service,
//! e.g. `PlayPorts`) and only the services it calls; and its own port to
//! the database (a trait in its `store.rs`, implemented by `kiela-store`).
//! [`App`] wires them once, those called first; features call each other
//! one way only (`tests/shape.rs` fails on a circle). [`game`] holds what
//! they share about a game: loading and replaying it, its board, and which
//! game a command means; [`players`] the people. The shared vocabulary is
//! small: [`context`] (who acts, where), [`reply`] (what an action
//! answers), [`notice`] (what it says), [`error`], [`clock`] (time and how
//! long things wait).

mod analysis;
mod base;
mod challenges;
mod clock;
mod clocks;
mod context;
mod delivery;
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
pub use context::{Place, PlaceKind, User};
pub use draws::{Closed as DrawClosed, DrawNotice, DrawRefusal};
pub use error::{AppError, Refusal, Result};
pub use game::BoardNotice;
pub use game::GameRefusal;
pub use game::{ChoiceState, GameChoice, MoveChoices};
pub use info::{BoardLink, GameLine, InfoNotice, ToMove, Unrated};
pub use lessons::LessonRefusal;
pub use lessons::{offered as offered_lessons, LessonButtons, LessonStep, MAX_ATTEMPT};
pub use lessons::{LessonNotice, Miss as LessonMiss, Mover};
pub use limits::{
    SearchPool, AI_SEARCHES, GIF_BYTES, GIF_TURNS, MAX_AI_GAMES, MAX_OPEN_CHALLENGES,
};
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
pub use puzzles::{
    puzzle as shipped_puzzle, puzzle_edition, puzzle_number, PuzzleButtons, PuzzleStep, MINED_FROM,
};
pub use puzzles::{PuzzleNotice, Theme as PuzzleTheme};
pub use ratings::{LeaderboardRow, RatedRecord, RatingChange, RatingsNotice, Stats};
pub use reply::{
    AltText, Format, GameRef, HintMove, MovePreview, NewThread, Picture, Reply, ReviewStep,
};
pub use settings::SettingsRefusal;
pub use settings::{
    DailyPuzzle, GamesChannel, LanguageSetting, Settings, CHALLENGE_WAIT, DAILY_PUZZLE_HOUR,
    DEFAULT_DAYS,
};
pub use settings::{ServerSettings, SettingsNotice};
pub use threads::BotPermissions;
pub use threads::{GameEnding, ThreadName, ThreadNotice};
pub use threads::{Permission, ThreadRefusal};
pub use tournaments::TournamentRefusal;
pub use tournaments::{
    swiss_rounds, Authority, NewTournament, StandingLine, DOUBLE_ROUND_ROBIN, EXPIRE_DAYS,
    MAX_LIVE_PER_ORGANISER, MAX_LIVE_TOURNAMENTS, MAX_ROUNDS, MAX_ROUND_ROBIN, MAX_SWISS,
    MIN_PLAYERS, STRICT_DAYS, STRICT_PERCENT,
};
pub use tournaments::{
    Pairing, Quarters, Ranked, SignUp, StandingsTable, Tiebreaks, TournamentLine, TournamentNotice,
    TournamentStage, TournamentStart,
};
pub use welcome::WelcomeNotice;
pub use welcome::WELCOME_WITHIN;

pub use crate::store::BoardMessage;
pub use crate::vocabulary::{
    ChallengeId, ChannelId, ChannelRefusal, ConfirmMoves, FirstMover, GameId, GuildId, MessageId,
    Notify, PostId, ThreadsSetting, TournamentFormat, TournamentId, TournamentStatus, UserId,
};

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::store::Ports;

use game::Loaded;

pub use analysis::{AnalysisPosts, AnalysisService};
pub use base::Base;
pub use challenges::ChallengeService;
pub use clocks::ClockService;
pub use delivery::DeliveryService;
pub use draws::DrawService;
pub use game::GameService;
pub use info::InfoService;
pub use lessons::LessonService;
pub use notify::NotifyService;
pub use outbox::{ComposePost, OutboxService};
pub use places::PlaceService;
pub use players::PlayerService;
pub use playing::PlayService;
pub use puzzles::PuzzleService;
pub use ratings::RatingService;
pub use settings::SettingsService;
pub use threads::ThreadService;
pub use tournaments::{StandingsPosts, TournamentService};
pub use welcome::WelcomeService;

/// Seconds in a day: the unit of time per move.
pub const DAY: i64 = 24 * 60 * 60;

/// The application: one service per feature, wired once, each holding
/// only the services it calls (they point one way: see
/// `tests/architecture.rs`). Cheap to clone; share one per process.
#[derive(Clone)]
pub struct App {
    pub base: Base,
    ports: Ports,
    members: Arc<dyn Members>,
    pub players: Arc<PlayerService>,
    pub settings: Arc<SettingsService>,
    pub games: Arc<GameService>,
    pub outbox: Arc<OutboxService>,
    pub places: Arc<PlaceService>,
    pub delivery: Arc<DeliveryService>,
    pub threads: Arc<ThreadService>,
    pub notify: Arc<NotifyService>,
    pub playing: Arc<PlayService>,
    pub draws: Arc<DrawService>,
    pub challenges: Arc<ChallengeService>,
    pub clocks: Arc<ClockService>,
    pub analysis: Arc<AnalysisService>,
    pub lessons: Arc<LessonService>,
    pub puzzles: Arc<PuzzleService>,
    pub ratings: Arc<RatingService>,
    pub tournaments: Arc<TournamentService>,
    pub info: Arc<InfoService>,
    pub welcome: Arc<WelcomeService>,
}

impl App {
    /// The application over `store` (see `kiela-store`), as `bot`, at `clock`'s time.
    pub fn new(store: impl Into<Ports>, bot: User, clock: Arc<dyn Clock>) -> App {
        let base = Base {
            bot,
            clock,
            timing: Timing::default(),
            games_loaded: Arc::default(),
        };
        App::wire(base, store.into(), Arc::new(EveryoneIsAMember))
    }

    /// Each feature's service, built once, those it calls first.
    fn wire(base: Base, ports: Ports, members: Arc<dyn Members>) -> App {
        let players = Arc::new(PlayerService {
            base: base.clone(),
            db: (&ports).into(),
            memberships: Arc::new(players::Memberships::new(members.clone())),
        });
        let settings = Arc::new(SettingsService {
            base: base.clone(),
            db: (&ports).into(),
        });
        let games = Arc::new(GameService {
            base: base.clone(),
            db: (&ports).into(),
            players: players.clone(),
            replays: Arc::default(),
        });
        let analysis_posts = Arc::new(AnalysisPosts {
            db: (&ports).into(),
            games: games.clone(),
        });
        let puzzles = Arc::new(PuzzleService {
            base: base.clone(),
            db: (&ports).into(),
        });
        let standings = Arc::new(StandingsPosts {
            db: (&ports).into(),
        });
        let outbox = Arc::new(OutboxService {
            base: base.clone(),
            db: (&ports).into(),
            games: games.clone(),
            composers: vec![analysis_posts.clone(), puzzles.clone(), standings.clone()],
        });
        let places = Arc::new(PlaceService {
            base: base.clone(),
            db: (&ports).into(),
            games: games.clone(),
            outbox: outbox.clone(),
            settings: settings.clone(),
        });
        let delivery = Arc::new(DeliveryService {
            base: base.clone(),
            db: (&ports).into(),
            outbox: outbox.clone(),
            places: places.clone(),
        });
        let threads = Arc::new(ThreadService {
            db: (&ports).into(),
            outbox: outbox.clone(),
        });
        let notify = Arc::new(NotifyService {
            base: base.clone(),
            db: (&ports).into(),
            players: players.clone(),
        });
        let tournaments = Arc::new(TournamentService {
            base: base.clone(),
            db: (&ports).into(),
            notify: notify.clone(),
            outbox: outbox.clone(),
            players: players.clone(),
            settings: settings.clone(),
            standings,
            threads: threads.clone(),
        });
        let playing = Arc::new(PlayService {
            base: base.clone(),
            db: (&ports).into(),
            games: games.clone(),
            notify: notify.clone(),
            outbox: outbox.clone(),
            places: places.clone(),
            players: players.clone(),
            settings: settings.clone(),
            threads: threads.clone(),
            tournaments: tournaments.clone(),
        });
        let draws = Arc::new(DrawService {
            base: base.clone(),
            db: (&ports).into(),
            games: games.clone(),
            outbox: outbox.clone(),
            playing: playing.clone(),
            settings: settings.clone(),
        });
        let challenges = Arc::new(ChallengeService {
            base: base.clone(),
            db: (&ports).into(),
            games: games.clone(),
            notify: notify.clone(),
            outbox: outbox.clone(),
            playing: playing.clone(),
            players: players.clone(),
            settings: settings.clone(),
            threads: threads.clone(),
        });
        let clocks = Arc::new(ClockService {
            base: base.clone(),
            db: (&ports).into(),
            challenges: challenges.clone(),
            games: games.clone(),
            notify: notify.clone(),
            outbox: outbox.clone(),
            playing: playing.clone(),
            players: players.clone(),
            settings: settings.clone(),
            threads: threads.clone(),
        });
        let analysis = Arc::new(AnalysisService {
            base: base.clone(),
            db: (&ports).into(),
            games: games.clone(),
            outbox: outbox.clone(),
            analysis_posts,
            analyses: Arc::default(),
        });
        let lessons = Arc::new(LessonService {
            base: base.clone(),
            db: (&ports).into(),
        });
        let ratings = Arc::new(RatingService {
            db: (&ports).into(),
            clocks: clocks.clone(),
            lessons: lessons.clone(),
            puzzles: puzzles.clone(),
        });
        let info = Arc::new(InfoService {
            db: (&ports).into(),
            games: games.clone(),
            animations: Arc::new(info::Animations::new(info::ANIMATIONS_KEPT)),
        });
        let welcome = Arc::new(WelcomeService {
            base: base.clone(),
            db: (&ports).into(),
        });
        App {
            base,
            ports,
            members,
            players,
            settings,
            games,
            outbox,
            places,
            delivery,
            threads,
            notify,
            playing,
            draws,
            challenges,
            clocks,
            analysis,
            lessons,
            puzzles,
            ratings,
            tournaments,
            info,
            welcome,
        }
    }

    /// How long it waits (and the Discord side with it).
    pub fn timing(&self) -> &Timing {
        &self.base.timing
    }

    /// The same application, waiting as long as `timing` says.
    pub fn with_timing(self, timing: Timing) -> App {
        App::wire(
            Base {
                timing,
                ..self.base
            },
            self.ports,
            self.members,
        )
    }

    /// The same application, asking `members` who is still a member of a
    /// server (by default everyone is: see [`EveryoneIsAMember`]).
    pub fn with_members(self, members: Arc<dyn Members>) -> App {
        App::wire(self.base, self.ports, members)
    }

    /// The database it works on, port by port.
    pub fn store(&self) -> &Ports {
        &self.ports
    }

    /// Whether `error` may pass, so the same request may succeed later
    /// (see [`AppError::is_passing`]).
    pub fn is_passing(&self, error: &AppError) -> bool {
        error.is_passing(self.ports.core.as_ref())
    }

    pub fn bot(&self) -> &User {
        &self.base.bot
    }

    /// How many times this application loaded a game from the database (its
    /// row, players and moves): an action loads its game once.
    pub fn games_loaded(&self) -> u64 {
        self.base.games_loaded.load(Ordering::Relaxed)
    }

    /// The application's clock, in seconds.
    pub fn now(&self) -> i64 {
        self.base.now()
    }
}

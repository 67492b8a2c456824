//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/tournaments.rs`).

use async_trait::async_trait;
use kiela_i18n::Lang;
use kiela_rules::Variant;

use crate::players::Name;
use crate::store::*;
use crate::vocabulary::*;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: TournamentId,
    pub guild_id: GuildId,
    /// Its lobby: where it was created, where its news goes.
    pub channel_id: ChannelId,
    pub name: String,
    pub format: TournamentFormat,
    pub variant: Variant,
    pub seconds_per_move: i64,
    /// Swiss: fixed when it starts (or when created, if given).
    pub rounds: Option<i64>,
    pub max_players: i64,
    pub lang: Lang,
    pub organiser_id: UserId,
    pub status: TournamentStatus,
    /// When the clock starts it (if it has enough players by then).
    pub starts_at: Option<i64>,
    pub rounds_paired: i64,
    pub created_at: i64,
    /// Its games change ratings.
    pub rated: bool,
    /// Refuses players who lose many games on time (see
    /// [`super::STRICT_PERCENT`]).
    pub strict: bool,
    /// Its own thread, once open: its news goes there.
    pub thread_id: Option<ChannelId>,
    /// Results the standings posted after each result have shown.
    pub results_posted: i64,
}

impl TournamentRow {
    /// Its name, as a name to show (escaped where it is shown).
    pub fn title(&self) -> Name {
        Name::new(self.name.clone())
    }
}

/// A tournament to create.
pub struct NewTournamentRow<'a> {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub name: &'a str,
    pub format: TournamentFormat,
    pub variant: Variant,
    pub seconds_per_move: i64,
    pub rounds: Option<i64>,
    pub max_players: i64,
    pub lang: Lang,
    pub organiser_id: UserId,
    pub starts_at: Option<i64>,
    pub rated: bool,
    pub strict: bool,
}

/// One player of a tournament, in join order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub player_id: UserId,
    pub name: String,
    /// How many rounds had been paired when they joined.
    pub joined_round: i64,
    pub withdrawn: bool,
}

/// A paired game (or a bye: no north, no game) and how it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    pub round: i64,
    pub south_id: UserId,
    pub north_id: Option<UserId>,
    pub game_id: Option<GameId>,
    /// The game's state, and whether South was to move (after an even
    /// number of plies).
    pub game: Option<(GameState, bool)>,
}

/// How a join went, when it did not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinRefused {
    AlreadyIn,
    Full,
    /// Not open to new players any more.
    Closed,
}

/// Which limit a new tournament would pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooManyLive {
    InServer,
    OfOrganiser,
}

/// How a player left a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// Off the list: it had not started.
    Removed,
    /// Withdrawn: it runs, their games stay, no more pairings.
    Withdrawn,
}

/// A change of a tournament's status, made only from `from`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusChange {
    pub from: TournamentStatus,
    pub to: TournamentStatus,
    /// A Swiss event's rounds, fixed when it starts.
    pub rounds: Option<i64>,
    pub winner: Option<UserId>,
    /// Everyone who shares first place at the end (the winner too), each
    /// counted a winner.
    pub first: Vec<UserId>,
    /// Made only if it has exactly this many players then (a start, or a
    /// cancellation for too few, decided on a count).
    pub players: Option<usize>,
}

/// Why a status change was not made (nothing was written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotMoved {
    /// It was no longer `from`: it is this now.
    Status(TournamentStatus),
    /// It has this many players, not the number counted.
    Players(usize),
}

#[async_trait]
pub trait TournamentsStore: Send + Sync {
    async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>>;

    /// Server `guild`'s tournaments: the open and running ones, then the
    /// `recent` last ended, newest first.
    async fn tournaments_of(&self, guild: GuildId, recent: i64) -> Result<Vec<TournamentRow>>;

    /// The tournaments of every server the clock must move on at `now`:
    /// open ones whose start time has come or, started by their
    /// organiser, created before `created_before` (they expire); running
    /// ones with round 1 unpaired or a game ended since their standings
    /// were last posted.
    async fn due_tournaments(&self, now: i64, created_before: i64) -> Result<Vec<TournamentId>>;

    /// Tournament `id`'s players in join order, with their names.
    async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>>;

    /// Tournament `id`'s paired games and byes, round by round.
    async fn paired(&self, id: TournamentId) -> Result<Vec<Paired>>;

    /// Adds `player` to tournament `id` if it takes players and has room,
    /// in one transaction that holds the tournament (PostgreSQL: its row
    /// locked) so that joins, leaves and status changes come one at a
    /// time. `joined_round` says, from the tournament as it stands then,
    /// the round a player joins at (0 while open), or `None` if it takes
    /// nobody now. The round joined at.
    async fn join_tournament(
        &self,
        id: TournamentId,
        player: UserId,
        joined_round: for<'t> fn(&'t TournamentRow) -> Option<i64>,
        now: i64,
    ) -> Result<std::result::Result<i64, JoinRefused>>;

    /// Takes `player` out of tournament `id`, holding it as a join does:
    /// off the list while it is open, withdrawn (no more pairings) once it
    /// runs. `None` if they were not in it (or had already left), or it
    /// has ended.
    async fn leave_tournament(&self, id: TournamentId, player: UserId) -> Result<Option<Left>>;

    /// Makes `change` to tournament `id` with `posts`, in one transaction
    /// that holds it (as a join does): only from `change.from` (and with
    /// `change.players` players, when given). Nothing written otherwise.
    async fn move_tournament(
        &self,
        id: TournamentId,
        change: StatusChange,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<std::result::Result<Vec<PostId>, NotMoved>>;

    /// `player`'s games between people that ended with a result since
    /// `since`, and how many of them they lost on time.
    async fn lost_on_time(&self, player: UserId, since: i64) -> Result<(i64, i64)>;

    /// Tournament `id`'s thread, once open.
    async fn tournament_thread(&self, id: TournamentId) -> Result<Option<ChannelId>>;

    /// Tournament `id`'s thread is `thread` (the first one opened stays).
    async fn set_tournament_thread(&self, id: TournamentId, thread: ChannelId) -> Result<()>;

    /// Tournament `id`'s standings have shown `from` results and now show
    /// `to`, said by `posts`: stored once (`None`, and nothing written, if
    /// another process did it first).
    async fn post_results(
        &self,
        id: TournamentId,
        from: i64,
        to: i64,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<PostId>>>;

    /// Server `guild`'s finished tournaments `player` played, and won.
    async fn tournaments_played(&self, guild: GuildId, player: UserId) -> Result<(i64, i64)>;

    /// The tournament game `game` belongs to, if any.
    async fn tournament_of_game(&self, game: GameId) -> Result<Option<TournamentId>>;

    /// The post that announced tournament `id` (its sign-up message).
    async fn sign_up_post(&self, id: TournamentId) -> Result<Option<ChallengePost>>;

    /// Stores a new open tournament if its server has fewer than
    /// `MAX_LIVE_TOURNAMENTS` open or running and its organiser fewer than
    /// `MAX_LIVE_PER_ORGANISER`, counted in the inserting transaction
    /// (PostgreSQL: the server's tournaments held by a lock), so that
    /// creations racing cannot together pass them.
    async fn insert_tournament(
        &self,
        t: &NewTournamentRow<'_>,
        now: i64,
    ) -> Result<std::result::Result<TournamentId, TooManyLive>>;

    /// Pairs round `paired + 1` of tournament `id`: its games (each with
    /// the posts `posts` makes from its id) and its bye, with `news` (the
    /// standings after `results` results among them), in one transaction.
    /// `None`, and nothing written, if another process paired it first.
    #[allow(clippy::too_many_arguments)]
    async fn pair_round(
        &self,
        id: TournamentId,
        rounds: (i64, i64),
        games: &[NewGame],
        bye: Option<UserId>,
        posts: &(dyn Fn(usize, GameId) -> Vec<NewPost> + Send + Sync),
        news: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<(PostId, NewPost)>>>;
}

//! The rows the store reads and writes, as plain data in the bot's
//! vocabulary: every row with a column kiela parses is read through
//! [`Cells`], so a stored value that does not parse is
//! [`StoreError::Corrupt`], naming its table, row and column, never a
//! silent default (`kiela-store` reads them).

use kiela_ai::Level;
use kiela_rules::Variant;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::notice::Notice;
use crate::threads::ThreadName;
use crate::vocabulary::{
    ChallengeId, ChallengeStatus, ChannelId, ConfirmMoves, FirstMover, GameId, GameState, GuildId,
    MessageId, Notify, PostId, ThreadsSetting, TournamentId, UserId,
};

/// Games a player needs before their rating stops being provisional.
pub const PROVISIONAL_GAMES: i64 = 5;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: UserId,
    pub name: String,
    pub is_bot: bool,
    /// Which direct messages they want.
    pub notify: Notify,
    /// Whether a move picked in a menu is previewed first.
    pub confirm_moves: ConfirmMoves,
    /// The locale their Discord client last sent (e.g. `pt-BR`).
    pub locale: Option<String>,
    /// The end of their vacation: deadlines computed for them start after it.
    pub vacation_until: Option<i64>,
    /// The calendar year of `vacation_days`, the vacation days they took.
    pub vacation_year: i64,
    pub vacation_days: i64,
}

#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub challenger_id: UserId,
    /// `None`: open to anyone.
    pub opponent_id: Option<UserId>,
    pub variant: Variant,
    pub first_mover: FirstMover,
    pub days_per_move: i64,
    pub created_at: i64,
    pub expires_at: i64,
    /// The finished game this challenge offers to play again.
    pub rematch_of: Option<GameId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub challenger_id: UserId,
    /// `None` for an open challenge, until someone accepts it.
    pub opponent_id: Option<UserId>,
    pub variant: Variant,
    pub first_mover: FirstMover,
    pub days_per_move: i64,
    pub status: ChallengeStatus,
    pub game_id: Option<GameId>,
    pub created_at: i64,
    pub expires_at: i64,
    pub rematch_of: Option<GameId>,
}

impl ChallengeRow {
    /// An open challenge: anyone but the challenger may accept it.
    pub fn is_open(&self) -> bool {
        self.opponent_id.is_none()
    }

    /// Whether `user` may accept or decline it.
    pub fn is_for(&self, user: UserId) -> bool {
        match self.opponent_id {
            None => user != self.challenger_id,
            Some(opponent) => user == opponent,
        }
    }
}

/// A server's settings, as stored: `None` where it chose nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuildSettingsRow {
    /// A locale such as `pt-BR`.
    pub language: Option<String>,
    pub threads: Option<ThreadsSetting>,
    pub days_per_move: Option<i64>,
    pub games_channel_id: Option<ChannelId>,
    /// The daily puzzle's channel (none: no daily post) and hour (UTC).
    pub puzzle_channel_id: Option<ChannelId>,
    pub puzzle_hour: Option<i64>,
    /// Days a challenge waits for an answer.
    pub challenge_days: Option<i64>,
}

#[derive(Clone, Debug)]
pub struct NewGame {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: Variant,
    pub south_id: UserId,
    pub north_id: UserId,
    pub ai_level: Option<Level>,
    pub seconds_per_move: i64,
    pub deadline: Option<i64>,
    pub created_at: i64,
    /// The finished game this one plays again.
    pub rematch_of: Option<GameId>,
    /// Set when the game is to be played in a thread opened in this
    /// channel (`channel_id` then names the lobby too, until it is open).
    pub lobby_channel_id: Option<ChannelId>,
    /// Its result changes the players' ratings (never against the AI; not
    /// in an unrated tournament).
    pub rated: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: Variant,
    pub south_id: UserId,
    pub north_id: UserId,
    /// The AI's level in a game against the AI; `None` between people.
    pub ai_level: Option<Level>,
    pub state: GameState,
    pub version: i64,
    pub seconds_per_move: i64,
    pub deadline: Option<i64>,
    pub reminded: bool,
    /// The game's last posted board, if any.
    pub board: Option<BoardMessage>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The channel that gets a line when the game starts and one when it
    /// ends, when the game is played in a thread opened there.
    pub lobby_channel_id: Option<ChannelId>,
    /// The engine's moves the player asked for (games against the AI).
    pub hints: i64,
    /// The moves taken back (games against the AI), counted like hints.
    pub takebacks: i64,
    /// The player to move, as the rules engine said at the last change;
    /// `None` once the game is over.
    pub to_move_id: Option<UserId>,
    /// Its result changes the players' ratings.
    pub rated: bool,
    /// Since when its clock is paused: Discord refused every place it had
    /// (see `app::places`); its deadline is then `None` and the clock
    /// passes over it until a player acts on it from its server.
    pub paused_at: Option<i64>,
}

/// Where a game's board was posted, and the ply it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMessage {
    pub channel_id: ChannelId,
    pub message_id: MessageId,
    /// `None` for boards posted before the ply was kept.
    pub ply: Option<i64>,
}

impl GameRow {
    pub fn is_active(&self) -> bool {
        self.state.is_active()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: i64,
    pub notation: String,
    pub player_id: UserId,
    pub played_at: i64,
}

/// An open draw offer: who made it, and at which ply (it lapses once the
/// opponent moves instead of accepting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffer {
    pub offered_by: UserId,
    pub ply: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DrawOfferChange {
    #[default]
    Keep,
    Clear,
    Offer(DrawOffer),
}

/// A game's rated result, applied with the change that finishes it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedResult {
    pub guild_id: GuildId,
    pub south_id: UserId,
    pub north_id: UserId,
    /// 1 South won, 0 North won, 0.5 draw.
    pub south_score: f64,
}

/// A player's rating before and after one rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub player_id: UserId,
    pub before: f64,
    pub after: f64,
}

/// Everything one action changes in a game, applied atomically by
/// [`super::Store::apply`] if the game is still at `expected_version`.
#[derive(Clone, Debug)]
pub struct GameChange {
    pub game_id: GameId,
    pub expected_version: i64,
    pub now: i64,
    pub state: GameState,
    pub deadline: Option<i64>,
    pub reminded: bool,
    /// The player to move after the change (see [`GameChange::to_move`]).
    pub to_move: Option<UserId>,
    pub new_move: Option<MoveRow>,
    /// Moves taken back: the moves after this ply go, and the game's
    /// count of take-backs grows by one.
    pub take_back_to: Option<i64>,
    pub draw_offer: DrawOfferChange,
    pub rated: Option<RatedResult>,
    /// The messages the change must produce (their `game_id` is filled in).
    pub posts: Vec<NewPost>,
}

impl GameChange {
    /// A change that keeps everything of `game` as it is (fill in the rest).
    pub fn of(game: &GameRow, now: i64) -> GameChange {
        GameChange {
            game_id: game.id,
            expected_version: game.version,
            now,
            state: game.state,
            deadline: game.deadline,
            reminded: game.reminded,
            to_move: game.to_move_id,
            new_move: None,
            take_back_to: None,
            draw_offer: DrawOfferChange::Keep,
            rated: None,
            posts: Vec::new(),
        }
    }

    /// The player to move once the change is made: nobody once the game
    /// is over, whatever `to_move` says.
    pub fn to_move(&self) -> Option<UserId> {
        self.to_move.filter(|_| self.state.is_active())
    }
}

/// A player's Glicko-2 rating in one server, with their record there.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub guild_id: GuildId,
    pub player_id: UserId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

impl RatingRow {
    /// A new player's rating: 1500 with a wide deviation.
    pub fn new(guild_id: GuildId, player_id: UserId) -> RatingRow {
        let fresh = Glicko2Rating::new();
        RatingRow {
            guild_id,
            player_id,
            rating: fresh.rating,
            deviation: fresh.deviation,
            volatility: fresh.volatility,
            wins: 0,
            losses: 0,
            draws: 0,
        }
    }

    pub fn games(&self) -> i64 {
        self.wins + self.losses + self.draws
    }

    /// Too few games for the rating to mean much.
    pub fn is_provisional(&self) -> bool {
        self.games() < PROVISIONAL_GAMES
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// Both ratings after a game; `south_score` is 1, 0.5 or 0.
pub fn rate_game(south: &RatingRow, north: &RatingRow, south_score: f64) -> (RatingRow, RatingRow) {
    let outcome = if south_score > 0.75 {
        Outcomes::WIN
    } else if south_score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (s, n) = glicko2(
        &south.glicko(),
        &north.glicko(),
        &outcome,
        &Glicko2Config::new(),
    );
    let update = |old: &RatingRow, new: Glicko2Rating, score: f64| RatingRow {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        wins: old.wins + (score > 0.75) as i64,
        losses: old.losses + (score < 0.25) as i64,
        draws: old.draws + (0.25..=0.75).contains(&score) as i64,
        ..old.clone()
    };
    (
        update(south, s, south_score),
        update(north, n, 1.0 - south_score),
    )
}

/// Where a post goes. Stored as `channel_id` and `recipient_id`, with 0
/// for "no channel" (see [`PostTarget::columns`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PostTarget {
    Channel(ChannelId),
    /// The channel its game is played in when the post is sent: a game's
    /// thread may not be open yet when its posts are made.
    #[default]
    GameChannel,
    /// A direct message to this user.
    Dm(UserId),
}

impl PostTarget {
    /// Its `channel_id` and `recipient_id` columns.
    pub fn columns(self) -> (ChannelId, Option<UserId>) {
        match self {
            PostTarget::Channel(channel) => (channel, None),
            PostTarget::GameChannel => (ChannelId(0), None),
            PostTarget::Dm(user) => (ChannelId(0), Some(user)),
        }
    }
}

/// A message a change must produce, for the outbox (see
/// `migrations/*/20261201300000_outbox.sql`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewPost {
    pub to: PostTarget,
    pub game_id: Option<GameId>,
    /// A board post: the ply whose board it shows (the text is then its
    /// headline; the rest is composed from the game when it is sent).
    pub ply: Option<i64>,
    /// A challenge: its Accept and Decline buttons go under it.
    pub challenge_id: Option<ChallengeId>,
    /// An edit instead of a new message: the post whose message becomes
    /// `says`, with the buttons this post names (a tournament's sign-up
    /// keeps Join, Leave and Start), none otherwise (see [`ChallengePost`]).
    pub edits: Option<PostId>,
    /// What it says (a board post: its headline), worded when it is sent.
    pub says: Vec<Notice>,
    /// Users to mention, besides whoever a board post calls to move.
    pub pings: Vec<UserId>,
    /// A locale such as `pt-BR`.
    pub lang: String,
    /// Seconds it is held for the interaction that made it, which answers
    /// with it; the delivery loop takes it only if that answer fails or
    /// never comes. 0: the delivery loop posts it now.
    pub hold: i64,
    /// Once it is posted, a thread of this name is opened from it and its
    /// game is played there.
    pub thread_name: Option<ThreadName>,
    /// A tournament's sign-up message: its Join, Leave and Start buttons
    /// go under it (an edit keeps them).
    pub tournament_id: Option<TournamentId>,
    /// A daily puzzle's post: the day whose puzzle it shows, with Solve.
    pub puzzle_day: Option<i64>,
    /// A draw offer's line: the ply it was made at, with Accept draw and
    /// Decline under it.
    pub draw_ply: Option<i64>,
    /// A tournament's news: it goes to that tournament's thread as it is
    /// when sent (its `to` channel, the lobby, until the thread is open),
    /// after the tournament's earlier news.
    pub news_of: Option<TournamentId>,
    /// With the standings picture of the tournament it is news of, drawn
    /// when it is sent.
    pub standings: bool,
    /// A shared analysis of its game: the evaluation graph goes with it,
    /// drawn from the stored analysis when it is sent.
    pub shows_analysis: bool,
}

impl NewPost {
    /// The queue it goes out in, in order: a user's direct messages in
    /// theirs, a game's posts (lobby lines, boards, its thread) in the
    /// game's, a tournament's news in the tournament's, any other post in
    /// its channel's. Posts of different queues never wait for each other.
    pub fn queue(&self) -> String {
        match (self.to, self.game_id, self.news_of) {
            (PostTarget::Dm(user), _, _) => format!("dm:{user}"),
            (_, Some(game), _) => format!("game:{game}"),
            // Its thread may not be open yet: the tournament's order.
            (_, None, Some(tournament)) => format!("tournament:{tournament}"),
            (PostTarget::Channel(channel), None, None) => format!("channel:{channel}"),
            // Not made (a game's channel needs a game): its own queue.
            (PostTarget::GameChannel, None, None) => String::from("game:"),
        }
    }
}

/// The post that announced a challenge: what its message says, and the
/// message once delivered (`None` before, or if it was given up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengePost {
    pub id: PostId,
    pub channel_id: ChannelId,
    pub says: Vec<Notice>,
    pub message_id: Option<MessageId>,
}

/// A post in the outbox, not delivered yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostRow {
    pub id: PostId,
    pub post: NewPost,
    pub created_at: i64,
    /// The interaction that was answering it (its answer may have gone
    /// out just before a crash).
    pub answer_token: Option<String>,
    pub attempts: i64,
    /// Since when it has been failing for passing reasons, in the bot's
    /// own time (an outage moves it on).
    pub failing_since: Option<i64>,
    /// How often a delivery loop took it, this time included.
    pub claims: i64,
}

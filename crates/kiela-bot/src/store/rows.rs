//! The rows the store reads and writes, as plain data.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use sqlx::any::AnyRow;

use super::{col, Result};

/// Games a player needs before their rating stops being provisional.
pub const PROVISIONAL_GAMES: i64 = 5;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: i64,
    pub name: String,
    pub is_bot: bool,
    /// Which direct messages they want: `off`, `reminders` or `every-turn`.
    pub notify: String,
    /// The locale their Discord client last sent (e.g. `pt-BR`).
    pub locale: Option<String>,
    /// The end of their vacation: deadlines computed for them start after it.
    pub vacation_until: Option<i64>,
    /// The calendar year of `vacation_days`, the vacation days they took.
    pub vacation_year: i64,
    pub vacation_days: i64,
}

impl PlayerRow {
    pub(super) fn from_row(row: &AnyRow) -> Result<PlayerRow> {
        Ok(PlayerRow {
            id: col(row, "id")?,
            name: col(row, "name")?,
            is_bot: col::<i64>(row, "is_bot")? != 0,
            notify: col(row, "notify")?,
            locale: col(row, "locale")?,
            vacation_until: col(row, "vacation_until")?,
            vacation_year: col(row, "vacation_year")?,
            vacation_days: col(row, "vacation_days")?,
        })
    }
}

#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub guild_id: i64,
    pub channel_id: i64,
    pub challenger_id: i64,
    pub opponent_id: i64,
    pub variant: String,
    /// `challenger`, `opponent` or `random`.
    pub first_mover: String,
    pub days_per_move: i64,
    pub created_at: i64,
    pub expires_at: i64,
    /// The finished game this challenge offers to play again.
    pub rematch_of: Option<i64>,
}

pub(super) const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, opponent_id, \
    variant, first_mover, days_per_move, status, game_id, created_at, expires_at, rematch_of";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub challenger_id: i64,
    /// The challenger again for an open challenge (see [`Self::is_open`]).
    pub opponent_id: i64,
    pub variant: String,
    pub first_mover: String,
    pub days_per_move: i64,
    /// `pending`, `accepted`, `declined`, `cancelled` or `expired`.
    pub status: String,
    pub game_id: Option<i64>,
    pub created_at: i64,
    pub expires_at: i64,
    pub rematch_of: Option<i64>,
}

impl ChallengeRow {
    /// An open challenge: anyone but the challenger may accept it. It is
    /// stored with the challenger as its own opponent until then (nobody
    /// can challenge themselves otherwise).
    pub fn is_open(&self) -> bool {
        self.opponent_id == self.challenger_id
    }

    /// Whether `user` may accept or decline it.
    pub fn is_for(&self, user: i64) -> bool {
        if self.is_open() {
            user != self.challenger_id
        } else {
            user == self.opponent_id
        }
    }

    pub(super) fn from_row(row: &AnyRow) -> Result<ChallengeRow> {
        Ok(ChallengeRow {
            id: col(row, "id")?,
            guild_id: col(row, "guild_id")?,
            channel_id: col(row, "channel_id")?,
            challenger_id: col(row, "challenger_id")?,
            opponent_id: col(row, "opponent_id")?,
            variant: col(row, "variant")?,
            first_mover: col(row, "first_mover")?,
            days_per_move: col(row, "days_per_move")?,
            status: col(row, "status")?,
            game_id: col(row, "game_id")?,
            created_at: col(row, "created_at")?,
            expires_at: col(row, "expires_at")?,
            rematch_of: col(row, "rematch_of")?,
        })
    }
}

/// A server's settings, as stored: `None` where it chose nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuildSettingsRow {
    /// A locale such as `pt-BR`.
    pub language: Option<String>,
    /// `auto`, `on` or `off`.
    pub threads: Option<String>,
    pub days_per_move: Option<i64>,
    pub games_channel_id: Option<i64>,
}

#[derive(Clone, Debug)]
pub struct NewGame {
    pub guild_id: i64,
    pub channel_id: i64,
    pub variant: String,
    pub south_id: i64,
    pub north_id: i64,
    pub ai_level: Option<String>,
    pub seconds_per_move: i64,
    pub deadline: Option<i64>,
    pub created_at: i64,
    /// The finished game this one plays again.
    pub rematch_of: Option<i64>,
    /// Set when the game is to be played in a thread opened in this
    /// channel (`channel_id` then names the lobby too, until it is open).
    pub lobby_channel_id: Option<i64>,
}

pub(super) const GAME_COLUMNS: &str = "id, guild_id, channel_id, variant, south_id, north_id, \
    ai_level, status, result, reason, version, seconds_per_move, deadline, reminded, \
    board_channel_id, board_message_id, board_ply, created_at, updated_at, lobby_channel_id, hints";

#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub variant: String,
    pub south_id: i64,
    pub north_id: i64,
    pub ai_level: Option<String>,
    /// `active` or `finished`.
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub version: i64,
    pub seconds_per_move: i64,
    pub deadline: Option<i64>,
    pub reminded: bool,
    pub board_channel_id: Option<i64>,
    pub board_message_id: Option<i64>,
    /// The ply the last posted board shows.
    pub board_ply: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The channel that gets a line when the game starts and one when it
    /// ends, when the game is played in a thread opened there.
    pub lobby_channel_id: Option<i64>,
    /// The engine's moves the player asked for (games against the AI).
    pub hints: i64,
}

/// Where a game's board was posted, and the ply it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMessage {
    pub channel_id: i64,
    pub message_id: i64,
    /// `None` for boards posted before the ply was kept.
    pub ply: Option<i64>,
}

impl GameRow {
    /// The game's last posted board, if any.
    pub fn board_message(&self) -> Option<BoardMessage> {
        Some(BoardMessage {
            channel_id: self.board_channel_id?,
            message_id: self.board_message_id?,
            ply: self.board_ply,
        })
    }

    pub(super) fn from_row(row: &AnyRow) -> Result<GameRow> {
        Ok(GameRow {
            id: col(row, "id")?,
            guild_id: col(row, "guild_id")?,
            channel_id: col(row, "channel_id")?,
            variant: col(row, "variant")?,
            south_id: col(row, "south_id")?,
            north_id: col(row, "north_id")?,
            ai_level: col(row, "ai_level")?,
            status: col(row, "status")?,
            result: col(row, "result")?,
            reason: col(row, "reason")?,
            version: col(row, "version")?,
            seconds_per_move: col(row, "seconds_per_move")?,
            deadline: col(row, "deadline")?,
            reminded: col::<i64>(row, "reminded")? != 0,
            board_channel_id: col(row, "board_channel_id")?,
            board_message_id: col(row, "board_message_id")?,
            board_ply: col(row, "board_ply")?,
            created_at: col(row, "created_at")?,
            updated_at: col(row, "updated_at")?,
            lobby_channel_id: col(row, "lobby_channel_id")?,
            hints: col(row, "hints")?,
        })
    }

    pub fn is_active(&self) -> bool {
        self.status == "active"
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: i64,
    pub notation: String,
    pub player_id: i64,
    pub played_at: i64,
}

impl MoveRow {
    pub(super) fn from_row(row: &AnyRow) -> Result<MoveRow> {
        Ok(MoveRow {
            ply: col(row, "ply")?,
            notation: col(row, "notation")?,
            player_id: col(row, "player_id")?,
            played_at: col(row, "played_at")?,
        })
    }
}

/// An open draw offer: who made it, and at which ply (it lapses once the
/// opponent moves instead of accepting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffer {
    pub offered_by: i64,
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
    pub guild_id: i64,
    pub south_id: i64,
    pub north_id: i64,
    /// 1 South won, 0 North won, 0.5 draw.
    pub south_score: f64,
}

/// A player's rating before and after one rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub player_id: i64,
    pub before: f64,
    pub after: f64,
}

/// Everything one action changes in a game, applied atomically by
/// [`super::Store::apply`] if the game is still at `expected_version`.
#[derive(Clone, Debug)]
pub struct GameChange {
    pub game_id: i64,
    pub expected_version: i64,
    pub now: i64,
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub deadline: Option<i64>,
    pub reminded: bool,
    pub new_move: Option<MoveRow>,
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
            status: game.status.clone(),
            result: game.result.clone(),
            reason: game.reason.clone(),
            deadline: game.deadline,
            reminded: game.reminded,
            new_move: None,
            draw_offer: DrawOfferChange::Keep,
            rated: None,
            posts: Vec::new(),
        }
    }
}

pub(super) const RATING_COLUMNS: &str =
    "guild_id, player_id, rating, deviation, volatility, wins, losses, draws";

/// A player's Glicko-2 rating in one server, with their record there.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub guild_id: i64,
    pub player_id: i64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

impl RatingRow {
    /// A new player's rating: 1500 with a wide deviation.
    pub fn new(guild_id: i64, player_id: i64) -> RatingRow {
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

    pub(super) fn from_row(row: &AnyRow) -> Result<RatingRow> {
        Ok(RatingRow {
            guild_id: col(row, "guild_id")?,
            player_id: col(row, "player_id")?,
            rating: col(row, "rating")?,
            deviation: col(row, "deviation")?,
            volatility: col(row, "volatility")?,
            wins: col(row, "wins")?,
            losses: col(row, "losses")?,
            draws: col(row, "draws")?,
        })
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
pub(super) fn rate_game(
    south: &RatingRow,
    north: &RatingRow,
    south_score: f64,
) -> (RatingRow, RatingRow) {
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

/// A message a change must produce, for the outbox (see
/// `migrations/*/20261201300000_outbox.sql`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewPost {
    /// Where to post it; 0 for a direct message to `recipient_id`.
    pub channel_id: i64,
    pub recipient_id: Option<i64>,
    pub game_id: Option<i64>,
    /// A board post: the ply whose board it shows (the text is then its
    /// headline; the rest is composed from the game when it is sent).
    pub ply: Option<i64>,
    /// A challenge: its Accept and Decline buttons go under it.
    pub challenge_id: Option<i64>,
    /// An edit instead of a new message: the post whose message becomes
    /// `text`, without buttons (see [`ChallengePost`]).
    pub edits: Option<i64>,
    pub text: String,
    /// Users to mention, besides whoever a board post calls to move.
    pub pings: Vec<i64>,
    /// A locale such as `pt-BR`.
    pub lang: String,
    /// Seconds it is held for the interaction that made it, which answers
    /// with it; the delivery loop takes it only if that answer fails or
    /// never comes. 0: the delivery loop posts it now.
    pub hold: i64,
    /// Once it is posted, a thread of this name is opened from it and its
    /// game is played there.
    pub thread_name: Option<String>,
}

pub(super) const POST_COLUMNS: &str = "id, channel_id, recipient_id, game_id, ply, challenge_id, \
    edits, text, pings, lang, created_at, answer_token, attempts, thread_name";

/// The post that announced a challenge: what its message says, and the
/// message once delivered (`None` before, or if it was given up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengePost {
    pub id: i64,
    pub channel_id: i64,
    pub text: String,
    pub message_id: Option<i64>,
}

/// A post in the outbox, not delivered yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostRow {
    pub id: i64,
    pub post: NewPost,
    pub created_at: i64,
    /// The interaction that was answering it (its answer may have gone
    /// out just before a crash).
    pub answer_token: Option<String>,
    pub attempts: i64,
}

impl PostRow {
    pub(super) fn from_row(row: &AnyRow) -> Result<PostRow> {
        let pings: String = col(row, "pings")?;
        Ok(PostRow {
            id: col(row, "id")?,
            post: NewPost {
                channel_id: col(row, "channel_id")?,
                recipient_id: col(row, "recipient_id")?,
                game_id: col(row, "game_id")?,
                ply: col(row, "ply")?,
                challenge_id: col(row, "challenge_id")?,
                edits: col(row, "edits")?,
                text: col(row, "text")?,
                pings: pings
                    .split_whitespace()
                    .filter_map(|id| id.parse().ok())
                    .collect(),
                lang: col(row, "lang")?,
                hold: 0,
                thread_name: col(row, "thread_name")?,
            },
            created_at: col(row, "created_at")?,
            answer_token: col(row, "answer_token")?,
            attempts: col::<i64>(row, "attempts")?,
        })
    }
}

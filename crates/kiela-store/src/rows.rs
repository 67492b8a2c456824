//! Reading rows: every row with a column kiela parses is read through
//! [`Cells`], so a stored value that does not parse is
//! [`StoreError::Corrupt`], naming its table, row and column, never a
//! silent default.

use std::fmt::Display;
use std::str::FromStr;

use sqlx::any::AnyRow;
use sqlx::{ColumnIndex, Row};

use kiela_app::store::*;
use kiela_app::vocabulary::*;

/// A row type read from one row of its table.
pub(crate) trait FromAnyRow: Sized {
    fn from_row(row: &AnyRow) -> Result<Self>;
}

/// A column's value: one sqlx reads as it is, or one of the bot's ids,
/// stored as the integer it wraps.
pub(crate) trait Column: Sized {
    fn read<I: ColumnIndex<AnyRow>>(row: &AnyRow, index: I) -> sqlx::Result<Self>;
}

/// Reads a row's columns through [`Column`] (sqlx's `try_get` knows no ids).
pub(crate) trait Columns {
    fn read<T: Column, I: ColumnIndex<AnyRow>>(&self, index: I) -> sqlx::Result<T>;
}

impl Columns for AnyRow {
    fn read<T: Column, I: ColumnIndex<AnyRow>>(&self, index: I) -> sqlx::Result<T> {
        T::read(self, index)
    }
}

macro_rules! plain_columns {
    ($($t:ty,)+) => {$(
        impl Column for $t {
            fn read<I: ColumnIndex<AnyRow>>(row: &AnyRow, index: I) -> sqlx::Result<Self> {
                row.try_get(index)
            }
        }
    )+};
}

plain_columns! {
    i64, f64, bool, String, Vec<u8>,
    Option<i64>, Option<f64>, Option<String>,
}

macro_rules! id_columns {
    ($($id:ident,)+) => {$(
        impl Column for $id {
            fn read<I: ColumnIndex<AnyRow>>(row: &AnyRow, index: I) -> sqlx::Result<Self> {
                row.try_get(index).map($id)
            }
        }

        impl Column for Option<$id> {
            fn read<I: ColumnIndex<AnyRow>>(row: &AnyRow, index: I) -> sqlx::Result<Self> {
                row.try_get::<Option<i64>, _>(index).map(|id| id.map($id))
            }
        }
    )+};
}

id_columns! {
    GameId, ChallengeId, PostId, UserId, GuildId, ChannelId, MessageId, TournamentId,
}

impl FromAnyRow for MoveRow {
    fn from_row(row: &AnyRow) -> Result<MoveRow> {
        Ok(MoveRow {
            ply: Column::read(row, "ply")?,
            notation: Column::read(row, "notation")?,
            player_id: Column::read(row, "player_id")?,
            played_at: Column::read(row, "played_at")?,
        })
    }
}

impl FromAnyRow for RatingRow {
    fn from_row(row: &AnyRow) -> Result<RatingRow> {
        Ok(RatingRow {
            guild_id: Column::read(row, "guild_id")?,
            player_id: Column::read(row, "player_id")?,
            rating: Column::read(row, "rating")?,
            deviation: Column::read(row, "deviation")?,
            volatility: Column::read(row, "volatility")?,
            wins: Column::read(row, "wins")?,
            losses: Column::read(row, "losses")?,
            draws: Column::read(row, "draws")?,
        })
    }
}

/// One row of a table, being read: each column through here, so that a
/// value that cannot be read names the table, the row and the column.
pub(crate) struct Cells<'r> {
    row: &'r AnyRow,
    table: &'static str,
    key: String,
}

impl<'r> Cells<'r> {
    /// The row of `table` whose key is in column `key`.
    pub(crate) fn new(row: &'r AnyRow, table: &'static str, key: &str) -> Result<Cells<'r>> {
        let key = row.try_get::<i64, _>(key)?.to_string();
        Ok(Cells { row, table, key })
    }

    /// The row of `table` known by `key` (a row without an id column).
    pub(crate) fn keyed(row: &'r AnyRow, table: &'static str, key: String) -> Cells<'r> {
        Cells { row, table, key }
    }

    pub(crate) fn get<T: Column>(&self, column: &'static str) -> Result<T> {
        Ok(T::read(self.row, column)?)
    }

    /// A column that holds a name or a number kiela parses.
    pub(crate) fn parse<T: FromStr>(&self, column: &'static str) -> Result<T>
    where
        T::Err: Display,
    {
        let text: String = self.get(column)?;
        text.parse().map_err(|e| self.corrupt(column, e))
    }

    /// [`Self::parse`], for a column that may be NULL.
    pub(crate) fn parse_opt<T: FromStr>(&self, column: &'static str) -> Result<Option<T>>
    where
        T::Err: Display,
    {
        let text: Option<String> = self.get(column)?;
        text.map(|text| text.parse().map_err(|e| self.corrupt(column, e)))
            .transpose()
    }

    /// A column that holds a value as JSON (what a post says).
    pub(crate) fn json<T: serde::de::DeserializeOwned>(&self, column: &'static str) -> Result<T> {
        let text: String = self.get(column)?;
        serde_json::from_str(&text).map_err(|e| self.corrupt(column, e))
    }

    pub(crate) fn corrupt(&self, column: &'static str, problem: impl Display) -> StoreError {
        StoreError::Corrupt {
            table: self.table,
            row: self.key.clone(),
            column,
            problem: problem.to_string(),
        }
    }
}

impl FromAnyRow for PlayerRow {
    fn from_row(row: &AnyRow) -> Result<PlayerRow> {
        let cells = Cells::new(row, "players", "id")?;
        Ok(PlayerRow {
            id: cells.get("id")?,
            name: cells.get("name")?,
            is_bot: cells.get::<i64>("is_bot")? != 0,
            notify: cells.parse("notify")?,
            confirm_moves: cells.parse("confirm_moves")?,
            locale: cells.get("locale")?,
            vacation_until: cells.get("vacation_until")?,
            vacation_year: cells.get("vacation_year")?,
            vacation_days: cells.get("vacation_days")?,
        })
    }
}

pub(crate) const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, opponent_id, \
    variant, first_mover, days_per_move, status, game_id, created_at, expires_at, rematch_of";

impl FromAnyRow for ChallengeRow {
    fn from_row(row: &AnyRow) -> Result<ChallengeRow> {
        let cells = Cells::new(row, "challenges", "id")?;
        let challenger_id = cells.get("challenger_id")?;
        let opponent_id = cells.get("opponent_id")?;
        Ok(ChallengeRow {
            id: cells.get("id")?,
            guild_id: cells.get("guild_id")?,
            channel_id: cells.get("channel_id")?,
            challenger_id,
            // Stored with its challenger as opponent while open (see `Store::insert_challenge`).
            opponent_id: (opponent_id != challenger_id).then_some(opponent_id),
            variant: cells.parse("variant")?,
            first_mover: cells.parse("first_mover")?,
            days_per_move: cells.get("days_per_move")?,
            status: cells.parse("status")?,
            game_id: cells.get("game_id")?,
            created_at: cells.get("created_at")?,
            expires_at: cells.get("expires_at")?,
            rematch_of: cells.get("rematch_of")?,
        })
    }
}

pub(crate) const GAME_COLUMNS: &str = "id, guild_id, channel_id, variant, south_id, north_id, \
    ai_level, status, result, reason, version, seconds_per_move, deadline, reminded, \
    board_channel_id, board_message_id, board_ply, created_at, updated_at, lobby_channel_id, hints, \
    to_move_id, takebacks, rated, paused_at";

impl FromAnyRow for GameRow {
    fn from_row(row: &AnyRow) -> Result<GameRow> {
        let cells = Cells::new(row, "games", "id")?;
        let status: String = cells.get("status")?;
        let result: Option<String> = cells.get("result")?;
        let reason: Option<String> = cells.get("reason")?;
        let state = GameState::from_columns(&status, result.as_deref(), reason.as_deref())
            .map_err(|e| cells.corrupt(e.column, e.problem))?;
        let board = match (
            cells.get("board_channel_id")?,
            cells.get("board_message_id")?,
        ) {
            (Some(channel_id), Some(message_id)) => Some(BoardMessage {
                channel_id,
                message_id,
                ply: cells.get("board_ply")?,
            }),
            (None, None) => None,
            (channel, _) => {
                let (column, other) = match channel {
                    Some(_) => ("board_message_id", "board_channel_id"),
                    None => ("board_channel_id", "board_message_id"),
                };
                return Err(cells.corrupt(column, format!("NULL while {other} is set")));
            }
        };
        Ok(GameRow {
            id: cells.get("id")?,
            guild_id: cells.get("guild_id")?,
            channel_id: cells.get("channel_id")?,
            variant: cells.parse("variant")?,
            south_id: cells.get("south_id")?,
            north_id: cells.get("north_id")?,
            ai_level: cells.parse_opt("ai_level")?,
            state,
            version: cells.get("version")?,
            seconds_per_move: cells.get("seconds_per_move")?,
            deadline: cells.get("deadline")?,
            reminded: cells.get::<i64>("reminded")? != 0,
            board,
            created_at: cells.get("created_at")?,
            updated_at: cells.get("updated_at")?,
            lobby_channel_id: cells.get("lobby_channel_id")?,
            hints: cells.get("hints")?,
            takebacks: cells.get("takebacks")?,
            to_move_id: cells.get("to_move_id")?,
            rated: match cells.get::<i64>("rated")? {
                0 => false,
                1 => true,
                n => return Err(cells.corrupt("rated", format!("{n} is not 0 or 1"))),
            },
            paused_at: cells.get("paused_at")?,
        })
    }
}

pub(crate) const RATING_COLUMNS: &str =
    "guild_id, player_id, rating, deviation, volatility, wins, losses, draws";

/// A stored thread name: typed (JSON), or worded as it was stored before
/// thread names were typed (any text that is not a typed name's JSON).
fn thread_name(text: &str) -> kiela_app::ThreadName {
    serde_json::from_str(text).unwrap_or_else(|_| kiela_app::ThreadName::Worded(text.to_string()))
}

pub(crate) const POST_COLUMNS: &str = "id, channel_id, recipient_id, game_id, ply, challenge_id, \
    edits, says, pings, lang, created_at, answer_token, attempts, thread_name, tournament_id, \
    puzzle_day, draw_ply, news_of, standings, shows_analysis, claims, failing_since";

impl FromAnyRow for PostRow {
    fn from_row(row: &AnyRow) -> Result<PostRow> {
        let cells = Cells::new(row, "outbox", "id")?;
        let game_id: Option<GameId> = cells.get("game_id")?;
        let to = match (cells.get("channel_id")?, cells.get("recipient_id")?) {
            // A recipient always won over the channel.
            (_, Some(user)) => PostTarget::Dm(user),
            (ChannelId(0), None) if game_id.is_some() => PostTarget::GameChannel,
            (ChannelId(0), None) => {
                return Err(cells.corrupt("channel_id", "0 (its game's) without a game"))
            }
            (channel, None) => PostTarget::Channel(channel),
        };
        let pings: String = cells.get("pings")?;
        let pings = (pings.split_whitespace())
            .map(|id| {
                id.parse()
                    .map_err(|_| cells.corrupt("pings", format!("`{id}` is not a user id")))
            })
            .collect::<Result<_>>()?;
        Ok(PostRow {
            id: cells.get("id")?,
            post: NewPost {
                to,
                game_id,
                ply: cells.get("ply")?,
                challenge_id: cells.get("challenge_id")?,
                edits: cells.get("edits")?,
                says: cells.json("says")?,
                pings,
                lang: cells.get("lang")?,
                hold: 0,
                thread_name: cells
                    .get::<Option<String>>("thread_name")?
                    .map(|text| thread_name(&text)),
                tournament_id: cells.get("tournament_id")?,
                puzzle_day: cells.get("puzzle_day")?,
                draw_ply: cells.get("draw_ply")?,
                news_of: cells.get("news_of")?,
                standings: match cells.get::<i64>("standings")? {
                    0 => false,
                    1 => true,
                    n => return Err(cells.corrupt("standings", format!("{n} is not 0 or 1"))),
                },
                shows_analysis: match cells.get::<i64>("shows_analysis")? {
                    0 => false,
                    1 => true,
                    other => return Err(cells.corrupt("shows_analysis", other)),
                },
            },
            created_at: cells.get("created_at")?,
            answer_token: cells.get("answer_token")?,
            attempts: cells.get("attempts")?,
            failing_since: cells.get("failing_since")?,
            claims: cells.get("claims")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_app::vocabulary::GameId;
    use kiela_app::{Name, ThreadName};

    #[test]
    fn a_thread_name_is_stored_typed_and_an_old_worded_one_still_reads() {
        let typed = ThreadName::Game {
            game: GameId(12),
            south: Name::from("ana"),
            north: Name::from("bob"),
        };
        let stored = crate::thread_name_json(&typed).unwrap();
        assert_eq!(thread_name(&stored), typed);
        let old = "Kiela #9: ana vs bob";
        assert_eq!(thread_name(old), ThreadName::Worded(old.into()));
        let braces = "{Cup} · R1 · #4";
        assert_eq!(thread_name(braces), ThreadName::Worded(braces.into()));
    }
}

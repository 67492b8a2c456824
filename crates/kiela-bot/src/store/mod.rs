//! Where games live: players, challenges, games, moves, draw offers and
//! ratings in SQL through sqlx's `Any` driver. SQLite by default (a file
//! created if missing, WAL, foreign keys, busy timeout), or PostgreSQL when
//! several processes share the games. Both run the same portable queries
//! (`$n` parameters, `RETURNING`, `ON CONFLICT`); only opening, the schema
//! types (`migrations/sqlite`, `migrations/postgres`), the table listing and
//! the way a transaction starts differ.
//!
//! Concurrency is decided here, never by in-memory locks: every change to a
//! game is one transaction guarded by the game's `version` ([`Store::apply`]),
//! which holds across processes too.

mod rows;

pub use rows::*;

use crate::vocabulary::{ChallengeStatus, GameState, Notify};
use rows::Cells;

/// The stored names the queries select on (see [`crate::vocabulary`]).
const PENDING: &str = ChallengeStatus::Pending.as_str();
const ACCEPTED: &str = ChallengeStatus::Accepted.as_str();
const ACTIVE: &str = GameState::ACTIVE;

use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyConnection, AnyPool, Connection, Row};
use thiserror::Error;

/// SQL backends the store knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Why the store could not do what was asked. Messages say what to do.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("DATABASE_URL `{0}` is not supported: use sqlite://path/to/kiela.db or postgres://user:password@host/database")]
    UnsupportedUrl(String),
    #[error("cannot open the database {url}: {source}")]
    Open { url: String, source: sqlx::Error },
    #[error(
        "cannot reach the database {url}: no answer within {seconds} s (is the server running?)"
    )]
    Unreachable { url: String, seconds: u64 },
    #[error("the database {url} is not a Kiela database (it has tables {tables}); point DATABASE_URL to a new file or an empty database")]
    NotOurs { url: String, tables: String },
    #[error("the database {url} was written by a newer version of kiela (migration {version} is unknown); upgrade kiela")]
    Newer { url: String, version: i64 },
    #[error("cannot set up the database {url}: {source}")]
    Migrate {
        url: String,
        source: sqlx::migrate::MigrateError,
    },
    #[error("cannot write to the database {url} (is the file read-only, or the user not allowed to write?): {source}")]
    ReadOnly { url: String, source: sqlx::Error },
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    /// A stored value that does not parse, or contradicts its row.
    #[error("the database holds a value kiela cannot read: table {table}, row {row}, column {column}: {problem}")]
    Corrupt {
        table: &'static str,
        /// The row's key, e.g. `7` (a game's id) or `7/12` (a move's game and ply).
        row: String,
        column: &'static str,
        problem: String,
    },
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/postgres");

/// How long to wait for a database server before saying it is unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection pool to the games database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

impl Store {
    /// Opens (creating a SQLite file if missing) and migrates the database at
    /// `url` (`sqlite://...` or `postgres://...`), and checks that it is
    /// Kiela's and writable. Errors name the URL without its password.
    pub async fn open(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let (backend, connect_url) = backend_of(url)?;
        let url = &redact(url);
        let open = |source| StoreError::Open {
            url: url.to_string(),
            source,
        };
        let options: AnyConnectOptions = connect_url.parse().map_err(open)?;
        // One plain connection first: a corrupt or locked file, or a server
        // that is down, then reports its own error instead of a pool timeout.
        let mut probe =
            tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect_with(&options))
                .await
                .map_err(|_| StoreError::Unreachable {
                    url: url.to_string(),
                    seconds: CONNECT_TIMEOUT.as_secs(),
                })?
                .map_err(open)?;
        if backend == Backend::Sqlite {
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&mut probe)
                .await
                .map_err(open)?;
        }
        probe.close().await.map_err(open)?;
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 16 })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA foreign_keys = ON",
                            "PRAGMA busy_timeout = 5000",
                            // Every commit reaches the disk before the move
                            // is acknowledged, power cuts included (NORMAL
                            // in WAL mode may lose the last commits).
                            "PRAGMA synchronous = FULL",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(open)?;
        let store = Store { pool, backend };
        store.check_ours(url).await?;
        store.migrate(url).await?;
        store.check_writable(url).await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Refuses a database that holds other tables and none of ours.
    async fn check_ours(&self, url: &str) -> Result<()> {
        let open = |source| StoreError::Open {
            url: url.to_string(),
            source,
        };
        let list = match self.backend {
            Backend::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
                 ORDER BY name"
            }
            // `::text`: the Any driver cannot read PostgreSQL's `name` type.
            Backend::Postgres => {
                "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() \
                 ORDER BY tablename"
            }
        };
        let tables: Vec<String> = sqlx::query(list)
            .fetch_all(&self.pool)
            .await
            .map_err(open)?
            .iter()
            .map(|row| row.get::<String, _>(0))
            .collect();
        if !tables.is_empty() && !tables.iter().any(|t| t == "_sqlx_migrations") {
            return Err(StoreError::NotOurs {
                url: url.to_string(),
                tables: tables.join(", "),
            });
        }
        Ok(())
    }

    async fn migrate(&self, url: &str) -> Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator
            .run(&self.pool)
            .await
            .map_err(|source| match source {
                sqlx::migrate::MigrateError::VersionMissing(version) => StoreError::Newer {
                    url: url.to_string(),
                    version,
                },
                source => StoreError::Migrate {
                    url: url.to_string(),
                    source,
                },
            })
    }

    async fn check_writable(&self, url: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO meta (key, value) VALUES ('opened_by', $1) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(env!("CARGO_PKG_VERSION"))
        .execute(&self.pool)
        .await
        .map_err(|source| StoreError::ReadOnly {
            url: url.to_string(),
            source,
        })?;
        Ok(())
    }

    /// Starts a write transaction. SQLite takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so two writers queue on the busy timeout instead
    /// of failing half-way. PostgreSQL locks rows as the transaction writes
    /// them; at READ COMMITTED (stated, in case the server's default is
    /// stricter) a writer that waited for a row re-checks its `WHERE` on the
    /// row's newest version, so the loser of a version-guarded `UPDATE`
    /// simply matches no row, instead of failing with a serialization error.
    async fn begin(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        let statement = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN ISOLATION LEVEL READ COMMITTED",
        };
        Ok(self.pool.begin_with(statement).await?)
    }

    // --- players -------------------------------------------------------

    /// Creates or renames a player.
    pub async fn upsert_player(&self, id: i64, name: &str, is_bot: bool, now: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO players (id, name, is_bot, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, is_bot = excluded.is_bot",
        )
        .bind(id)
        .bind(name)
        .bind(is_bot as i64)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn player(&self, id: i64) -> Result<Option<PlayerRow>> {
        let row = sqlx::query(
            "SELECT id, name, is_bot, notify, locale, vacation_until, vacation_year, \
             vacation_days FROM players WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| PlayerRow::from_row(&r)).transpose()
    }

    /// Which direct messages a player wants.
    pub async fn set_notify(&self, id: i64, notify: Notify) -> Result<()> {
        sqlx::query("UPDATE players SET notify = $1 WHERE id = $2")
            .bind(notify.as_str())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Sets a player's vacation: its end, and the days taken in `year`.
    /// Guarded by the days they had taken (`days_before`), so two requests
    /// at once cannot both spend the same allowance: false if it changed.
    pub async fn set_vacation(
        &self,
        id: i64,
        until: Option<i64>,
        year: i64,
        days: i64,
        before: (i64, i64),
    ) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE players SET vacation_until = $1, vacation_year = $2, vacation_days = $3 \
             WHERE id = $4 AND vacation_year = $5 AND vacation_days = $6",
        )
        .bind(until)
        .bind(year)
        .bind(days)
        .bind(id)
        .bind(before.0)
        .bind(before.1)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Remembers the locale a player's client last sent.
    pub async fn set_player_locale(&self, id: i64, locale: &str) -> Result<()> {
        sqlx::query("UPDATE players SET locale = $1 WHERE id = $2")
            .bind(locale)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    // --- server settings -----------------------------------------------

    /// A server's settings (all `None` when it chose nothing).
    pub async fn guild_settings(&self, guild_id: i64) -> Result<GuildSettingsRow> {
        let row = sqlx::query(
            "SELECT language, threads, days_per_move, games_channel_id FROM guild_settings \
             WHERE guild_id = $1",
        )
        .bind(guild_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(row) => {
                let cells = Cells::keyed(&row, "guild_settings", guild_id.to_string());
                GuildSettingsRow {
                    language: cells.get("language")?,
                    threads: cells.parse_opt("threads")?,
                    days_per_move: cells.get("days_per_move")?,
                    games_channel_id: cells.get("games_channel_id")?,
                }
            }
            None => GuildSettingsRow::default(),
        })
    }

    /// Stores a server's settings, all of them.
    pub async fn save_guild_settings(&self, guild_id: i64, s: &GuildSettingsRow) -> Result<()> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, language, threads, days_per_move, games_channel_id) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id) DO UPDATE SET \
             language = excluded.language, threads = excluded.threads, \
             days_per_move = excluded.days_per_move, games_channel_id = excluded.games_channel_id",
        )
        .bind(guild_id)
        .bind(s.language.as_deref())
        .bind(s.threads.map(|t| t.as_str()))
        .bind(s.days_per_move)
        .bind(s.games_channel_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Game `game_id` is played from now on in `thread`, opened in its
    /// lobby (which it leaves only once).
    pub async fn move_to_thread(&self, game_id: i64, thread: i64) -> Result<()> {
        sqlx::query(
            "UPDATE games SET channel_id = $1 WHERE id = $2 AND channel_id = lobby_channel_id",
        )
        .bind(thread)
        .bind(game_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Counts a hint given in game `game_id`.
    pub async fn add_hint(&self, game_id: i64) -> Result<()> {
        sqlx::query("UPDATE games SET hints = hints + 1 WHERE id = $1")
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The lobby of the game played in thread `channel`, if it is one.
    pub async fn lobby_of_thread(&self, channel: i64) -> Result<Option<i64>> {
        let row = sqlx::query(
            "SELECT lobby_channel_id FROM games WHERE channel_id = $1 \
             AND lobby_channel_id IS NOT NULL AND lobby_channel_id <> channel_id LIMIT 1",
        )
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(row) => col(&row, "lobby_channel_id")?,
            None => None,
        })
    }

    /// Game `game_id`'s thread could not be opened: it is played in its
    /// lobby, as a game without a thread.
    pub async fn stay_in_lobby(&self, game_id: i64) -> Result<()> {
        sqlx::query(
            "UPDATE games SET lobby_channel_id = NULL WHERE id = $1 AND channel_id = lobby_channel_id",
        )
        .bind(game_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    // --- challenges ----------------------------------------------------

    /// Stores a challenge with the post that announces it (its buttons name
    /// the new challenge). `None` for a rematch already offered or played.
    pub async fn insert_challenge(
        &self,
        c: &NewChallenge,
        post: NewPost,
    ) -> Result<Option<(i64, i64)>> {
        let mut tx = self.begin().await?;
        if let Some(game) = c.rematch_of {
            if rematch_exists(&mut tx, game).await? {
                tx.rollback().await?;
                return Ok(None);
            }
        }
        let row = sqlx::query(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant, \
             first_mover, days_per_move, status, created_at, expires_at, rematch_of) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $11, $8, $9, $10) RETURNING id",
        )
        .bind(c.guild_id)
        .bind(c.channel_id)
        .bind(c.challenger_id)
        // An open challenge names its challenger: nobody can challenge
        // themselves otherwise (see `ChallengeRow::from_row`).
        .bind(c.opponent_id.unwrap_or(c.challenger_id))
        .bind(c.variant.name())
        .bind(c.first_mover.as_str())
        .bind(c.days_per_move)
        .bind(c.created_at)
        .bind(c.expires_at)
        .bind(c.rematch_of)
        .bind(ChallengeStatus::Pending.as_str())
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        let post = NewPost {
            challenge_id: Some(id),
            ..post
        };
        let posts = insert_posts(&mut tx, [post], c.created_at).await?;
        tx.commit().await?;
        Ok(Some((id, posts[0])))
    }

    /// The post that announced challenge `id`, with its message once
    /// delivered.
    pub async fn challenge_post(&self, id: i64) -> Result<Option<ChallengePost>> {
        self.posted("challenge_id = $1 AND edits IS NULL", id).await
    }

    /// Outbox post `id` and its message once delivered.
    pub async fn post_message(&self, id: i64) -> Result<Option<ChallengePost>> {
        self.posted("id = $1", id).await
    }

    async fn posted(&self, filter: &str, id: i64) -> Result<Option<ChallengePost>> {
        let row = sqlx::query(&format!(
            "SELECT id, channel_id, text, message_id FROM outbox WHERE {filter} \
             ORDER BY id LIMIT 1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(ChallengePost {
                id: col(&row, "id")?,
                channel_id: col(&row, "channel_id")?,
                text: col(&row, "text")?,
                message_id: col(&row, "message_id")?,
            })
        })
        .transpose()
    }

    /// Pending challenges whose time is up at `now`.
    pub async fn expired_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = '{PENDING}' AND expires_at <= $1 ORDER BY id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ChallengeRow::from_row).collect()
    }

    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        let row = sqlx::query(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| ChallengeRow::from_row(&r)).transpose()
    }

    /// Pending, unexpired challenges that `player` sent or received.
    pub async fn open_challenges(&self, player: i64, now: i64) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = '{PENDING}' AND expires_at > $1 AND (opponent_id = $2 OR challenger_id = $2) \
             ORDER BY id"
        ))
        .bind(now)
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ChallengeRow::from_row).collect()
    }

    /// Closes a pending challenge (declined, cancelled or expired), with the
    /// posts that say so. `None` if it was no longer pending.
    pub async fn close_challenge(
        &self,
        id: i64,
        status: ChallengeStatus,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<i64>>> {
        let mut tx = self.begin().await?;
        let done = sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = $3")
            .bind(status.as_str())
            .bind(id)
            .bind(ChallengeStatus::Pending.as_str())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let ids = insert_posts(&mut tx, posts, now).await?;
        tx.commit().await?;
        Ok(Some(ids))
    }

    // --- games ---------------------------------------------------------

    /// Creates a game with the posts that announce it (made from its id;
    /// their `game_id` is filled in), and marks `from_challenge` (its id and
    /// who accepts it: an open challenge gets its opponent) accepted in the
    /// same transaction. Returns the game's id and the posts with their
    /// ids; `None` if that challenge was no longer pending, or the game is
    /// a rematch already played.
    pub async fn create_game(
        &self,
        g: &NewGame,
        from_challenge: Option<(i64, i64)>,
        posts: impl FnOnce(i64) -> Vec<NewPost>,
    ) -> Result<Option<(i64, Vec<(i64, NewPost)>)>> {
        let mut tx = self.begin().await?;
        if let (Some(game), None) = (g.rematch_of, from_challenge) {
            if rematch_exists(&mut tx, game).await? {
                tx.rollback().await?;
                return Ok(None);
            }
        }
        let row = sqlx::query(&format!(
            "INSERT INTO games (guild_id, channel_id, variant, south_id, north_id, ai_level, status, \
             seconds_per_move, deadline, created_at, updated_at, rematch_of, lobby_channel_id) \
             VALUES ($1, $2, $3, $4, $5, $6, '{ACTIVE}', $7, $8, $9, $9, $10, $11) RETURNING id"
        ))
        .bind(g.guild_id)
        .bind(g.channel_id)
        .bind(g.variant.name())
        .bind(g.south_id)
        .bind(g.north_id)
        .bind(g.ai_level.map(|level| level.name()))
        .bind(g.seconds_per_move)
        .bind(g.deadline)
        .bind(g.created_at)
        .bind(g.rematch_of)
        .bind(g.lobby_channel_id)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        if let Some((challenge, opponent)) = from_challenge {
            let accepted = sqlx::query(&format!(
                "UPDATE challenges SET status = '{ACCEPTED}', game_id = $1, opponent_id = $3 \
                 WHERE id = $2 AND status = '{PENDING}'"
            ))
            .bind(id)
            .bind(challenge)
            .bind(opponent)
            .execute(&mut *tx)
            .await?;
            if accepted.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(None);
            }
        }
        // An edit keeps out of the game's order: it waits for the message
        // it edits, not for the game's posts.
        let posts: Vec<NewPost> = posts(id)
            .into_iter()
            .map(|post| NewPost {
                game_id: post.edits.is_none().then_some(id),
                ..post
            })
            .collect();
        let ids = insert_posts(&mut tx, posts.clone(), g.created_at).await?;
        tx.commit().await?;
        Ok(Some((id, ids.into_iter().zip(posts).collect())))
    }

    pub async fn game(&self, id: i64) -> Result<Option<GameRow>> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| GameRow::from_row(&r)).transpose()
    }

    /// The moves of a game in order.
    pub async fn moves(&self, game_id: i64) -> Result<Vec<MoveRow>> {
        let rows = sqlx::query(
            "SELECT ply, notation, player_id, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(MoveRow::from_row).collect()
    }

    /// Games of `player`, the active ones first, most recent first.
    pub async fn games_of(
        &self,
        player: i64,
        active_only: bool,
        limit: i64,
    ) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE (south_id = $1 OR north_id = $1) \
             AND ($2 = 0 OR status = '{ACTIVE}') ORDER BY status = '{ACTIVE}' DESC, updated_at DESC, id DESC LIMIT $3"
        ))
        .bind(player)
        .bind(active_only as i64)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    /// The ongoing games of `player`, those waiting for them first (the
    /// player to move is South on even plies, North on odd ones), then by
    /// deadline, soonest first, and the most recently changed.
    pub async fn ongoing_games_of(&self, player: i64, limit: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE (south_id = $1 OR north_id = $1) \
             AND status = '{ACTIVE}' ORDER BY \
             CASE WHEN ((SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) % 2 = 0) \
               = (south_id = $1) THEN 0 ELSE 1 END, \
             CASE WHEN deadline IS NULL THEN 1 ELSE 0 END, deadline, updated_at DESC, id DESC \
             LIMIT $2"
        ))
        .bind(player)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    /// Active games whose deadline has passed or whose reminder is due
    /// (a quarter of the time per move left, not yet reminded), and games
    /// where `bot` is to move (South on even plies) and nothing happened
    /// since `idle_since`.
    pub async fn due_games(&self, now: i64, bot: i64, idle_since: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = '{ACTIVE}' AND ( \
               (deadline IS NOT NULL AND (deadline <= $1 \
                 OR (reminded = 0 AND deadline - seconds_per_move / 4 <= $1))) \
               OR (ai_level IS NOT NULL AND updated_at <= $2 \
                 AND ((SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) % 2 = 0) \
                   = (south_id = $3))) \
             ORDER BY deadline, id"
        ))
        .bind(now)
        .bind(idle_since)
        .bind(bot)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    pub async fn draw_offer(&self, game_id: i64) -> Result<Option<DrawOffer>> {
        let row = sqlx::query("SELECT offered_by, ply FROM draw_offers WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(DrawOffer {
                offered_by: r.try_get(0)?,
                ply: r.try_get(1)?,
            }),
            None => None,
        })
    }

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
    pub async fn apply(&self, change: &GameChange) -> Result<Option<Vec<i64>>> {
        let (status, result, reason) = change.state.columns();
        let mut tx = self.begin().await?;
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, status = $1, result = $2, reason = $3, \
             deadline = $4, reminded = $5, updated_at = $6 WHERE id = $7 AND version = $8",
        )
        .bind(status)
        .bind(result)
        .bind(reason)
        .bind(change.deadline)
        .bind(change.reminded as i64)
        .bind(change.now)
        .bind(change.game_id)
        .bind(change.expected_version)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        if let Some(mv) = &change.new_move {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, notation, player_id, played_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(change.game_id)
            .bind(mv.ply)
            .bind(&mv.notation)
            .bind(mv.player_id)
            .bind(mv.played_at)
            .execute(&mut *tx)
            .await?;
        }
        match &change.draw_offer {
            DrawOfferChange::Keep => {}
            DrawOfferChange::Clear => {
                sqlx::query("DELETE FROM draw_offers WHERE game_id = $1")
                    .bind(change.game_id)
                    .execute(&mut *tx)
                    .await?;
            }
            DrawOfferChange::Offer(offer) => {
                sqlx::query(
                    "INSERT INTO draw_offers (game_id, offered_by, ply, created_at) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (game_id) DO UPDATE SET offered_by = excluded.offered_by, \
                     ply = excluded.ply, created_at = excluded.created_at",
                )
                .bind(change.game_id)
                .bind(offer.offered_by)
                .bind(offer.ply)
                .bind(change.now)
                .execute(&mut *tx)
                .await?;
            }
        }
        if let Some(rated) = &change.rated {
            self.rate(&mut tx, change.game_id, rated).await?;
        }
        let posts: Vec<NewPost> = (change.posts.iter())
            .map(|post| NewPost {
                game_id: Some(change.game_id),
                ..post.clone()
            })
            .collect();
        let ids = insert_posts(&mut tx, posts, change.now).await?;
        tx.commit().await?;
        Ok(Some(ids))
    }

    /// Makes `board` game `game_id`'s board, unless the game already has a
    /// board of a later ply. Returns the board that is no longer the
    /// game's (the one before, or `board` itself when it came late), whose
    /// menus should go. Boards are posted after their answers, so two can
    /// race: the compare-and-swap keeps the latest ply whatever the order.
    pub async fn replace_board_message(
        &self,
        game_id: i64,
        board: BoardMessage,
    ) -> Result<Option<BoardMessage>> {
        loop {
            let Some(row) = self.game(game_id).await? else {
                return Ok(None);
            };
            let current = row.board;
            match current {
                Some(current) if current.message_id == board.message_id => return Ok(None),
                Some(current) if current.ply > board.ply => return Ok(Some(board)),
                _ => {}
            }
            let swapped = sqlx::query(
                "UPDATE games SET board_channel_id = $1, board_message_id = $2, board_ply = $3 \
                 WHERE id = $4 AND board_message_id IS NOT DISTINCT FROM $5",
            )
            .bind(board.channel_id)
            .bind(board.message_id)
            .bind(board.ply)
            .bind(game_id)
            .bind(current.map(|board| board.message_id))
            .execute(&self.pool)
            .await?
            .rows_affected();
            if swapped == 1 {
                return Ok(current);
            }
        }
    }

    // --- the outbox ----------------------------------------------------

    /// Stores posts outside any other change (they must still be sent even
    /// if the process stops now).
    pub async fn insert_posts(&self, posts: Vec<NewPost>, now: i64) -> Result<Vec<i64>> {
        let mut tx = self.begin().await?;
        let ids = insert_posts(&mut tx, posts, now).await?;
        tx.commit().await?;
        Ok(ids)
    }

    /// An interaction is about to answer with posts `ids`: they stay held
    /// for it until `until`, and its token is kept so that a crash right
    /// after the answer can be told from a failed answer.
    pub async fn answering(&self, ids: &[i64], token: &str, until: i64) -> Result<()> {
        for &id in ids {
            sqlx::query(
                "UPDATE outbox SET answer_token = $1, held_until = $2 \
                 WHERE id = $3 AND delivered_at IS NULL",
            )
            .bind(token)
            .bind(until)
            .bind(id)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// Posts `ids` are on Discord, as `message_id`.
    pub async fn delivered(&self, ids: &[i64], message_id: i64, now: i64) -> Result<()> {
        for &id in ids {
            sqlx::query(
                "UPDATE outbox SET delivered_at = $1, message_id = $2, answer_token = NULL \
                 WHERE id = $3 AND delivered_at IS NULL",
            )
            .bind(now)
            .bind(message_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// Post `id` failed once more: the delivery loop may try it again
    /// from `at` on.
    pub async fn retry_post(&self, id: i64, at: i64) -> Result<()> {
        sqlx::query(
            "UPDATE outbox SET held_until = $1, attempts = attempts + 1 \
             WHERE id = $2 AND delivered_at IS NULL",
        )
        .bind(at)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Posts `ids` were not delivered by the answer that held them: the
    /// delivery loop may take them from `at` on, with nothing to look for.
    pub async fn release_posts(&self, ids: &[i64], at: i64) -> Result<()> {
        for &id in ids {
            sqlx::query(
                "UPDATE outbox SET held_until = $1, answer_token = NULL \
                 WHERE id = $2 AND delivered_at IS NULL",
            )
            .bind(at)
            .bind(id)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// Gives post `id` up (Discord refuses it for good: no permission,
    /// closed direct messages...), saying why.
    pub async fn give_up_post(&self, id: i64, why: &str) -> Result<()> {
        sqlx::query("UPDATE outbox SET failed = $1 WHERE id = $2 AND delivered_at IS NULL")
            .bind(why)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Claims up to `limit` posts due at `now` for `lease` seconds: a post
    /// is due when nobody holds it, every earlier post of its game is
    /// delivered (a game's posts go out in order), and, for an edit, the
    /// post whose message it edits was delivered (or given up). Processes sharing the
    /// database claim different posts: SQLite has one writer at a time, and
    /// PostgreSQL's `SKIP LOCKED` passes over rows another claim locked.
    /// Each claimed post comes with its id, read or not: one corrupt post
    /// must not stop the others (the caller gives it up).
    pub async fn claim_posts(
        &self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<(i64, Result<PostRow>)>> {
        let lock = match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => "FOR UPDATE SKIP LOCKED",
        };
        let rows = sqlx::query(&format!(
            "UPDATE outbox SET held_until = $1 WHERE id IN ( \
               SELECT o.id FROM outbox o WHERE o.delivered_at IS NULL AND o.failed IS NULL \
               AND o.held_until <= $2 AND NOT EXISTS (SELECT 1 FROM outbox e \
                 WHERE e.game_id = o.game_id AND e.id < o.id \
                 AND e.delivered_at IS NULL AND e.failed IS NULL) \
               AND NOT EXISTS (SELECT 1 FROM outbox t WHERE t.id = o.edits \
                 AND t.delivered_at IS NULL AND t.failed IS NULL) \
               ORDER BY o.id LIMIT $3 {lock}) \
             RETURNING {POST_COLUMNS}"
        ))
        .bind(now + lease)
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut posts = Vec::new();
        for row in &rows {
            posts.push((row.try_get::<i64, _>("id")?, PostRow::from_row(row)));
        }
        posts.sort_by_key(|(id, _)| *id);
        Ok(posts)
    }

    /// Posts not delivered (nor given up) yet.
    pub async fn pending_posts(&self) -> Result<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed IS NULL",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }

    // --- ratings -------------------------------------------------------

    /// Rates game `game_id`'s result, and keeps each player's rating
    /// before and after it in `rating_changes`, in the transaction that
    /// ends the game: the result message, composed from the stored game
    /// whenever it is sent (see `GameService::board_reply`), reads the
    /// changes there, because by then later games may have moved the
    /// ratings on and the change could no longer be recomputed.
    async fn rate(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        game_id: i64,
        rated: &RatedResult,
    ) -> Result<()> {
        // Read both ratings through an upsert that changes nothing: it
        // creates a missing row and, on PostgreSQL, locks the row until
        // commit, so two games that end at once for the same player update
        // their rating one after the other instead of one losing the other's
        // update. (SQLite's transaction already holds the write lock.) Lower
        // ids first, so two such transactions never wait for each other.
        let mut players = [rated.south_id, rated.north_id];
        players.sort();
        let mut ratings = Vec::new();
        for player in players {
            let fresh = RatingRow::new(rated.guild_id, player);
            let row = sqlx::query(&format!(
                "INSERT INTO ratings (guild_id, player_id, rating, deviation, volatility) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id, player_id) \
                 DO UPDATE SET wins = ratings.wins RETURNING {RATING_COLUMNS}"
            ))
            .bind(fresh.guild_id)
            .bind(fresh.player_id)
            .bind(fresh.rating)
            .bind(fresh.deviation)
            .bind(fresh.volatility)
            .fetch_one(&mut **tx)
            .await?;
            ratings.push(RatingRow::from_row(&row)?);
        }
        if ratings[0].player_id != rated.south_id {
            ratings.swap(0, 1);
        }
        let (south, north) = rows::rate_game(&ratings[0], &ratings[1], rated.south_score);
        for (before, after) in [(&ratings[0], &south), (&ratings[1], &north)] {
            sqlx::query(
                "INSERT INTO rating_changes (game_id, player_id, rating_before, rating_after) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(game_id)
            .bind(after.player_id)
            .bind(before.rating)
            .bind(after.rating)
            .execute(&mut **tx)
            .await?;
        }
        for rating in [south, north] {
            sqlx::query(
                "INSERT INTO ratings (guild_id, player_id, rating, deviation, volatility, wins, losses, draws) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id, player_id) DO UPDATE SET \
                 rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, \
                 wins = excluded.wins, losses = excluded.losses, draws = excluded.draws",
            )
            .bind(rating.guild_id)
            .bind(rating.player_id)
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(rating.wins)
            .bind(rating.losses)
            .bind(rating.draws)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    pub async fn rating(&self, guild_id: i64, player_id: i64) -> Result<RatingRow> {
        let row = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND player_id = $2"
        ))
        .bind(guild_id)
        .bind(player_id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => RatingRow::from_row(&row),
            None => Ok(RatingRow::new(guild_id, player_id)),
        }
    }

    // --- analyses ------------------------------------------------------

    /// The stored analysis of a game: the node budget it used and its
    /// document (the service's JSON).
    pub async fn analysis(&self, game_id: i64) -> Result<Option<(i64, String)>> {
        let row = sqlx::query("SELECT nodes, plies FROM analyses WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| Ok((col(&row, "nodes")?, col(&row, "plies")?)))
            .transpose()
    }

    /// Keeps a finished game's analysis. Two analyses finished at once
    /// agree (same budget, same result): the first one stays.
    pub async fn save_analysis(
        &self,
        game_id: i64,
        nodes: i64,
        plies: &str,
        now: i64,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO analyses (game_id, nodes, plies, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(nodes)
        .bind(plies)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// How a rated game moved its players' ratings (none for a game
    /// that is not rated, or was rated before the changes were kept).
    pub async fn rating_changes(&self, game_id: i64) -> Result<Vec<RatingChange>> {
        let rows = sqlx::query(
            "SELECT player_id, rating_before, rating_after FROM rating_changes \
             WHERE game_id = $1 ORDER BY player_id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingChange {
                    player_id: col(row, "player_id")?,
                    before: col(row, "rating_before")?,
                    after: col(row, "rating_after")?,
                })
            })
            .collect()
    }

    /// The players of a server with their names: the established ones
    /// (at least [`PROVISIONAL_GAMES`] rated games) first, then the
    /// provisional ones, each best-rated first; so a newcomer's lucky win
    /// cannot put them above players whose rating means something.
    pub async fn leaderboard(&self, guild_id: i64, limit: i64) -> Result<Vec<(RatingRow, String)>> {
        let columns = RATING_COLUMNS.replace(", ", ", r.");
        let rows = sqlx::query(&format!(
            "SELECT r.{columns}, p.name FROM ratings r JOIN players p ON p.id = r.player_id \
             WHERE r.guild_id = $1 \
             ORDER BY CASE WHEN r.wins + r.losses + r.draws >= $3 THEN 0 ELSE 1 END, \
             r.rating DESC, r.player_id LIMIT $2"
        ))
        .bind(guild_id)
        .bind(limit)
        .bind(PROVISIONAL_GAMES)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((RatingRow::from_row(row)?, row.try_get::<String, _>("name")?)))
            .collect()
    }
}

/// Inserts `posts` in `tx`, held for their interaction's answer as long as
/// they say; returns their ids.
async fn insert_posts(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    posts: impl IntoIterator<Item = NewPost>,
    now: i64,
) -> Result<Vec<i64>> {
    let mut ids = Vec::new();
    for post in posts {
        let pings: Vec<String> = post.pings.iter().map(|id| id.to_string()).collect();
        let held_until = now + post.hold;
        let (channel_id, recipient_id) = post.to.columns();
        let row = sqlx::query(
            "INSERT INTO outbox (channel_id, recipient_id, game_id, ply, challenge_id, text, \
             pings, lang, created_at, held_until, edits, thread_name) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(channel_id)
        .bind(recipient_id)
        .bind(post.game_id)
        .bind(post.ply)
        .bind(post.challenge_id)
        .bind(&post.text)
        .bind(pings.join(" "))
        .bind(&post.lang)
        .bind(now)
        .bind(held_until)
        .bind(post.edits)
        .bind(post.thread_name.as_deref())
        .fetch_one(&mut **tx)
        .await?;
        ids.push(row.try_get(0)?);
    }
    Ok(ids)
}

/// Whether game `game` already has a pending rematch challenge or a
/// rematch game (the unique indexes also forbid a second one, should two
/// transactions race past this check).
async fn rematch_exists(tx: &mut sqlx::Transaction<'static, sqlx::Any>, game: i64) -> Result<bool> {
    let row = sqlx::query(&format!(
        "SELECT (SELECT COUNT(*) FROM challenges WHERE rematch_of = $1 AND status = '{PENDING}') \
         + (SELECT COUNT(*) FROM games WHERE rematch_of = $1)"
    ))
    .bind(game)
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get::<i64, _>(0)? > 0)
}

/// Picks the backend from a `DATABASE_URL` and the URL to connect with.
fn backend_of(url: &str) -> Result<(Backend, String)> {
    if let Some(rest) = url.strip_prefix("sqlite:") {
        // Create the file when missing, unless the URL already says how to open it.
        let connect = if rest.contains("mode=") || rest.contains(":memory:") {
            url.to_string()
        } else if rest.contains('?') {
            format!("{url}&mode=rwc")
        } else {
            format!("{url}?mode=rwc")
        };
        return Ok((Backend::Sqlite, connect));
    }
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok((Backend::Postgres, url.to_string()));
    }
    Err(StoreError::UnsupportedUrl(redact(url)))
}

/// `url` with its password (`user:password@` or `?password=`) replaced by
/// `***`, for messages and logs.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    let authority = match authority.rsplit_once('@') {
        Some((userinfo, host)) if userinfo.contains(':') => {
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{user}:***@{host}")
        }
        _ => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

/// Reads a column that must be present.
fn col<T>(row: &AnyRow, name: &str) -> Result<T>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    Ok(row.try_get(name)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redact_hides_passwords_only() {
        for (url, shown) in [
            (
                "postgres://kiela:s3cr:et@db.example:5432/kiela",
                "postgres://kiela:***@db.example:5432/kiela",
            ),
            (
                "postgresql://kiela@localhost/kiela?password=x&sslmode=require",
                "postgresql://kiela@localhost/kiela?password=***&sslmode=require",
            ),
            ("postgres://p%40ss:w@host", "postgres://p%40ss:***@host"),
            ("sqlite://kiela.db", "sqlite://kiela.db"),
            (
                "sqlite:///tmp/a@b:c/kiela.db",
                "sqlite:///tmp/a@b:c/kiela.db",
            ),
        ] {
            assert_eq!(redact(url), shown);
        }
    }

    #[test]
    fn backends_by_scheme() {
        assert_eq!(backend_of("sqlite://k.db").unwrap().0, Backend::Sqlite);
        assert_eq!(backend_of("postgres://h/k").unwrap().0, Backend::Postgres);
        assert_eq!(backend_of("postgresql://h/k").unwrap().0, Backend::Postgres);
        let e = backend_of("mysql://u:pw@h/k").unwrap_err().to_string();
        assert!(e.contains("mysql://u:***@h/k") && !e.contains("pw"), "{e}");
    }
}

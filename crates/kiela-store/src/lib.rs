//! Where games live: players, challenges, games, moves, draw offers and
//! ratings in SQL through sqlx's `Any` driver. SQLite by default (a file
//! created if missing, WAL, foreign keys, busy timeout), or PostgreSQL when
//! several processes share the games. Both run the same portable queries
//! (`$n` parameters, `RETURNING`, `ON CONFLICT`); only opening, the schema
//! types (`migrations/sqlite`, `migrations/postgres`), the table listing and
//! the way a transaction starts differ.
//!
//! [`Store`] opens and migrates the database and gives the application's
//! ports (`kiela_app::store`), one struct each on the same pool; this file
//! holds the two transactions that change a game (`create_game`, `apply`,
//! in [`CoreSql`]); each feature's queries are in the file named after it
//! (`draws.rs` for `kiela_app`'s `draws`), and rows are read in [`rows`]
//! (a value that does not parse is `StoreError::Corrupt`). All SQL of the
//! bot is in this crate.
//!
//! Concurrency is decided here, never by in-memory locks: every change to a
//! game is one transaction guarded by the game's `version` (`apply`),
//! which holds across processes too.

mod analysis;
mod challenges;
mod clocks;
mod draws;
mod game;
mod hot;
mod lessons;
mod notify;
mod outbox;
mod places;
mod players;
mod playing;
mod puzzles;
mod quota;
mod ratings;
mod rows;
mod settings;
mod threads;
mod tournaments;
mod welcome;

pub use hot::{hot_queries, Bind, HotQuery};

use std::time::Duration;

use async_trait::async_trait;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyConnection, AnyPool, Connection, Row};
use thiserror::Error;

use kiela_app::store::*;
use kiela_app::vocabulary::{ChallengeId, ChallengeStatus, GameId, GameState, PostId, UserId};
use quota::quota_is_full;
use rows::{Column, Columns, FromAnyRow, RATING_COLUMNS};

/// The stored names the queries select on (see `kiela_app::vocabulary`).
pub(crate) const PENDING: &str = ChallengeStatus::Pending.as_str();
pub(crate) const ACCEPTED: &str = ChallengeStatus::Accepted.as_str();
pub(crate) const ACTIVE: &str = GameState::ACTIVE;

/// Why the database could not be opened. Messages say what to do.
#[derive(Debug, Error)]
pub enum OpenError {
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
}

/// Whether a driver error may pass: the database was busy, locked or out
/// of reach. A value that does not read fails the same way every time.
fn is_passing(error: &sqlx::Error) -> bool {
    matches!(
        error,
        sqlx::Error::Database(_)
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed
    )
}

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/postgres");

/// How long to wait for a database server before saying it is unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection pool to the games database: it opens and migrates it,
/// and gives each port ([`Store::draws`]…).
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: AnyPool,
    pub(crate) backend: Backend,
}

/// Each port's SQL as a struct of its own on the shared pool, listed
/// once: `store.draws()` is the draws port (it reaches the pool and the
/// helpers of [`Store`] through `Deref`), and `Ports::from(store)` hands
/// the application every port.
macro_rules! port_structs {
    ($($field:ident: $sql:ident,)+) => {
        $(
            /// A port's SQL, on the store's pool (see the file named after it).
            #[derive(Clone, Debug)]
            pub struct $sql(Store);

            impl std::ops::Deref for $sql {
                type Target = Store;

                fn deref(&self) -> &Store {
                    &self.0
                }
            }
        )+

        impl Store {
            $(
                pub fn $field(&self) -> $sql {
                    $sql(self.clone())
                }
            )+
        }

        impl From<Store> for Ports {
            fn from(store: Store) -> Ports {
                Ports {
                    $($field: std::sync::Arc::new(store.$field()),)+
                }
            }
        }
    };
}

port_structs! {
    core: CoreSql,
    analysis: AnalysisSql,
    challenges: ChallengesSql,
    clocks: ClocksSql,
    draws: DrawsSql,
    games: GamesSql,
    lessons: LessonsSql,
    notify: NotifySql,
    outbox: OutboxSql,
    places: PlacesSql,
    players: PlayersSql,
    playing: PlayingSql,
    puzzles: PuzzlesSql,
    ratings: RatingsSql,
    settings: SettingsSql,
    threads: ThreadsSql,
    tournaments: TournamentsSql,
    welcome: WelcomeSql,
}

#[async_trait]
impl CoreStore for CoreSql {
    fn backend(&self) -> Backend {
        self.backend
    }

    async fn create_game(
        &self,
        g: &NewGame,
        from_challenge: Option<(ChallengeId, UserId)>,
        quota: Option<Quota>,
        posts: &(dyn Fn(GameId) -> Vec<NewPost> + Send + Sync),
    ) -> Result<std::result::Result<(GameId, Vec<(PostId, NewPost)>), NotStored>> {
        let mut tx = self.begin().await?;
        if let Some(quota) = quota {
            if quota_is_full(quota, &mut tx, self.backend).await? {
                tx.rollback().await?;
                return Ok(Err(NotStored::OverQuota(quota)));
            }
        }
        if let (Some(game), None) = (g.rematch_of, from_challenge) {
            if rematch_exists(&mut tx, game).await? {
                tx.rollback().await?;
                return Ok(Err(NotStored::Taken));
            }
        }
        let id = insert_game(&mut tx, g).await?;
        if let Some((challenge, opponent)) = from_challenge {
            let accepted = sqlx::query(&format!(
                "UPDATE challenges SET status = '{ACCEPTED}', game_id = $1, opponent_id = $3 \
                 WHERE id = $2 AND status = '{PENDING}'"
            ))
            .bind(id.0)
            .bind(challenge.0)
            .bind(opponent.0)
            .execute(&mut *tx)
            .await?;
            if accepted.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(Err(NotStored::Taken));
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
        Ok(Ok((id, ids.into_iter().zip(posts).collect())))
    }

    fn is_passing(&self, error: &StoreError) -> bool {
        match error {
            StoreError::Failed(error) => error.downcast_ref().is_some_and(is_passing),
            StoreError::Corrupt { .. } => false,
        }
    }

    async fn apply(&self, change: &GameChange) -> Result<Option<Vec<PostId>>> {
        let (status, result, reason) = change.state.columns();
        let mut tx = self.begin().await?;
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, status = $1, result = $2, reason = $3, \
             deadline = $4, reminded = $5, updated_at = $6, to_move_id = $9 \
             WHERE id = $7 AND version = $8",
        )
        .bind(status)
        .bind(result)
        .bind(reason)
        .bind(change.deadline)
        .bind(change.reminded as i64)
        .bind(change.now)
        .bind(change.game_id.0)
        .bind(change.expected_version)
        .bind((change.to_move()).map(|id| id.0))
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
            .bind(change.game_id.0)
            .bind(mv.ply)
            .bind(&mv.notation)
            .bind(mv.player_id.0)
            .bind(mv.played_at)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(kept) = change.take_back_to {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
                .bind(change.game_id.0)
                .bind(kept)
                .execute(&mut *tx)
                .await?;
            // The board on Discord shows a position that no longer stands:
            // counted as of the ply kept, the next board (a later message)
            // replaces it (see `replace_board_message`).
            sqlx::query(
                "UPDATE games SET takebacks = takebacks + 1, \
                 board_ply = CASE WHEN board_ply > $2 THEN $2 ELSE board_ply END WHERE id = $1",
            )
            .bind(change.game_id.0)
            .bind(kept)
            .execute(&mut *tx)
            .await?;
        }
        match &change.draw_offer {
            DrawOfferChange::Keep => {}
            DrawOfferChange::Clear => {
                sqlx::query("DELETE FROM draw_offers WHERE game_id = $1")
                    .bind(change.game_id.0)
                    .execute(&mut *tx)
                    .await?;
            }
            DrawOfferChange::Offer(offer) => {
                sqlx::query(
                    "INSERT INTO draw_offers (game_id, offered_by, ply, created_at) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (game_id) DO UPDATE SET offered_by = excluded.offered_by, \
                     ply = excluded.ply, created_at = excluded.created_at",
                )
                .bind(change.game_id.0)
                .bind(offer.offered_by.0)
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
}

impl Store {
    /// Opens (creating a SQLite file if missing) and migrates the database at
    /// `url` (`sqlite://...` or `postgres://...`), and checks that it is
    /// Kiela's and writable. Errors name the URL without its password.
    pub async fn open(url: &str) -> Result<Store, OpenError> {
        sqlx::any::install_default_drivers();
        let (backend, connect_url) = backend_of(url)?;
        let url = &redact(url);
        let open = |source| OpenError::Open {
            url: url.to_string(),
            source,
        };
        let options: AnyConnectOptions = connect_url.parse().map_err(open)?;
        // One plain connection first: a corrupt or locked file, or a server
        // that is down, then reports its own error instead of a pool timeout.
        let mut probe =
            tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect_with(&options))
                .await
                .map_err(|_| OpenError::Unreachable {
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

    /// Refuses a database that holds other tables and none of ours.
    async fn check_ours(&self, url: &str) -> Result<(), OpenError> {
        let open = |source| OpenError::Open {
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
            return Err(OpenError::NotOurs {
                url: url.to_string(),
                tables: tables.join(", "),
            });
        }
        Ok(())
    }

    async fn migrate(&self, url: &str) -> Result<(), OpenError> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator
            .run(&self.pool)
            .await
            .map_err(|source| match source {
                sqlx::migrate::MigrateError::VersionMissing(version) => OpenError::Newer {
                    url: url.to_string(),
                    version,
                },
                source => OpenError::Migrate {
                    url: url.to_string(),
                    source,
                },
            })
    }

    async fn check_writable(&self, url: &str) -> Result<(), OpenError> {
        sqlx::query(
            "INSERT INTO meta (key, value) VALUES ('opened_by', $1) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(env!("CARGO_PKG_VERSION"))
        .execute(&self.pool)
        .await
        .map_err(|source| OpenError::ReadOnly {
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
    pub(crate) async fn begin(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        let statement = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN ISOLATION LEVEL READ COMMITTED",
        };
        Ok(self.pool.begin_with(statement).await?)
    }

    // --- the transactions that change a game ----------------------------

    /// Rates game `game_id`'s result, and keeps each player's rating
    /// before and after it in `rating_changes`, in the transaction that
    /// ends the game: the result message, composed from the stored game
    /// whenever it is sent (see `App::board_reply`), reads the
    /// changes there, because by then later games may have moved the
    /// ratings on and the change could no longer be recomputed.
    async fn rate(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        game_id: GameId,
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
            let rating = sqlx::query(&format!(
                "INSERT INTO ratings (guild_id, player_id, rating, deviation, volatility) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id, player_id) \
                 DO UPDATE SET wins = ratings.wins RETURNING {RATING_COLUMNS}"
            ))
            .bind(fresh.guild_id.0)
            .bind(fresh.player_id.0)
            .bind(fresh.rating)
            .bind(fresh.deviation)
            .bind(fresh.volatility)
            .fetch_one(&mut **tx)
            .await?;
            ratings.push(RatingRow::from_row(&rating)?);
        }
        if ratings[0].player_id != rated.south_id {
            ratings.swap(0, 1);
        }
        let (south, north) = rate_game(&ratings[0], &ratings[1], rated.south_score);
        for (before, after) in [(&ratings[0], &south), (&ratings[1], &north)] {
            sqlx::query(
                "INSERT INTO rating_changes (game_id, player_id, rating_before, rating_after) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(game_id.0)
            .bind(after.player_id.0)
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
            .bind(rating.guild_id.0)
            .bind(rating.player_id.0)
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
}

/// Inserts game `g` in `tx`, active with South to move; returns its id.
pub(crate) async fn insert_game(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    g: &NewGame,
) -> Result<GameId> {
    // South moves first (`kiela_rules::Game::new`).
    let row = sqlx::query(&format!(
        "INSERT INTO games (guild_id, channel_id, variant, south_id, north_id, ai_level, status, \
             seconds_per_move, deadline, created_at, updated_at, rematch_of, lobby_channel_id, \
             to_move_id, rated) \
             VALUES ($1, $2, $3, $4, $5, $6, '{ACTIVE}', $7, $8, $9, $9, $10, $11, $4, $12) \
             RETURNING id"
    ))
    .bind(g.guild_id.0)
    .bind(g.channel_id.0)
    .bind(g.variant.name())
    .bind(g.south_id.0)
    .bind(g.north_id.0)
    .bind(g.ai_level.map(|level| level.name()))
    .bind(g.seconds_per_move)
    .bind(g.deadline)
    .bind(g.created_at)
    .bind(g.rematch_of.map(|id| id.0))
    .bind(g.lobby_channel_id.map(|id| id.0))
    .bind(i64::from(g.rated))
    .fetch_one(&mut **tx)
    .await?;
    let id: GameId = row.read(0)?;
    Ok(id)
}

/// Replaces the waiting edit of post `$5` (the last one, not yet taken by
/// a delivery loop nor held for an answer) with what `$1`-`$4` say; its id
/// if there was one ([`insert_posts`]).
pub(crate) const COLLAPSE_EDIT: &str = "UPDATE outbox SET says = $1, pings = $2, lang = $3, \
     tournament_id = $4 WHERE id = (SELECT id FROM outbox WHERE edits = $5 \
       AND delivered_at IS NULL AND failed IS NULL AND claimed_at IS NULL \
       AND answer_token IS NULL ORDER BY id DESC LIMIT 1) \
     AND delivered_at IS NULL AND failed IS NULL AND claimed_at IS NULL \
     AND answer_token IS NULL RETURNING id";

/// Inserts `posts` in `tx`, held for their interaction's answer as long as
/// they say; an edit replaces one of the same message still waiting;
/// returns their ids.
pub(crate) async fn insert_posts(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    posts: impl IntoIterator<Item = NewPost>,
    now: i64,
) -> Result<Vec<PostId>> {
    let mut ids = Vec::new();
    for post in posts {
        let pings: Vec<String> = post.pings.iter().map(|id| id.to_string()).collect();
        if let Some(edited) = post.edits {
            // An edit of a message that already has one waiting (neither
            // taken by a loop nor held for an answer) takes its place:
            // the newest text wins, and the message is edited once.
            let replaced = sqlx::query(COLLAPSE_EDIT)
                .bind(says_json(&post.says)?)
                .bind(pings.join(" "))
                .bind(&post.lang)
                .bind(post.tournament_id.map(|id| id.0))
                .bind(edited.0)
                .fetch_optional(&mut **tx)
                .await?;
            if let Some(row) = replaced {
                ids.push(row.read(0)?);
                continue;
            }
        }
        let held_until = now + post.hold;
        let (channel_id, recipient_id) = post.to.columns();
        let row = sqlx::query(
            "INSERT INTO outbox (channel_id, recipient_id, game_id, ply, challenge_id, says, \
             pings, lang, created_at, held_until, edits, thread_name, tournament_id, \
             puzzle_day, queue, draw_ply, news_of, standings, shows_analysis) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
             $17, $18, $19) \
             RETURNING id",
        )
        .bind(channel_id.0)
        .bind(recipient_id.map(|id| id.0))
        .bind(post.game_id.map(|id| id.0))
        .bind(post.ply)
        .bind(post.challenge_id.map(|id| id.0))
        .bind(says_json(&post.says)?)
        .bind(pings.join(" "))
        .bind(&post.lang)
        .bind(now)
        .bind(held_until)
        .bind(post.edits.map(|id| id.0))
        .bind(
            post.thread_name
                .as_ref()
                .map(thread_name_json)
                .transpose()?,
        )
        .bind(post.tournament_id.map(|id| id.0))
        .bind(post.puzzle_day)
        .bind(post.queue())
        .bind(post.draw_ply)
        .bind(post.news_of.map(|id| id.0))
        .bind(i64::from(post.standings))
        .bind(i64::from(post.shows_analysis))
        .fetch_one(&mut **tx)
        .await?;
        ids.push(row.read(0)?);
    }
    Ok(ids)
}

/// Whether game `game` already has a pending rematch challenge or a
/// rematch game (the unique indexes also forbid a second one, should two
/// transactions race past this check).
pub(crate) async fn rematch_exists(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    game: GameId,
) -> Result<bool> {
    let row = sqlx::query(&format!(
        "SELECT (SELECT COUNT(*) FROM challenges WHERE rematch_of = $1 AND status = '{PENDING}') \
         + (SELECT COUNT(*) FROM games WHERE rematch_of = $1)"
    ))
    .bind(game.0)
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.read::<i64, _>(0)? > 0)
}

/// Picks the backend from a `DATABASE_URL` and the URL to connect with.
fn backend_of(url: &str) -> Result<(Backend, String), OpenError> {
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
    Err(OpenError::UnsupportedUrl(redact(url)))
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
/// What a post says, as its `says` column keeps it.
pub(crate) fn says_json(says: &[kiela_app::Notice]) -> Result<String> {
    Ok(serde_json::to_string(says)?)
}

/// A post's thread name as stored (`outbox.thread_name`): its JSON; a
/// name stored before names were typed is its text (see `rows.rs`).
pub(crate) fn thread_name_json(name: &kiela_app::ThreadName) -> Result<String> {
    Ok(serde_json::to_string(name)?)
}

pub(crate) fn col<T: Column>(row: &AnyRow, name: &str) -> Result<T> {
    Ok(T::read(row, name)?)
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

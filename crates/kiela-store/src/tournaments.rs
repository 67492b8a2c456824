//! Tournaments: the events, their players and their paired games.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it. Every transition (start, a round paired, the end, a
//! cancellation) is one guarded update: of two processes that try it at
//! once, exactly one changes the row, and only it writes what follows.

use kiela_i18n::Lang;
use sqlx::any::AnyRow;

use crate::players::name_in_server_sql;
use async_trait::async_trait;
use kiela_app::store::*;
use kiela_app::{MAX_LIVE_PER_ORGANISER, MAX_LIVE_TOURNAMENTS};

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{
    ChannelId, GameId, GameState, GuildId, PostId, TournamentId, TournamentStatus, UserId,
};

const TOURNAMENT_COLUMNS: &str = "id, guild_id, channel_id, name, format, variant, \
    seconds_per_move, rounds, max_players, lang, organiser_id, status, starts_at, rounds_paired, \
    created_at, thread_id, results_posted, rated, strict";

impl FromAnyRow for TournamentRow {
    fn from_row(row: &AnyRow) -> Result<TournamentRow> {
        let cells = Cells::new(row, "tournaments", "id")?;
        let lang: String = cells.get("lang")?;
        Ok(TournamentRow {
            id: cells.get("id")?,
            guild_id: cells.get("guild_id")?,
            channel_id: cells.get("channel_id")?,
            name: cells.get("name")?,
            format: cells.parse("format")?,
            variant: cells.parse("variant")?,
            seconds_per_move: cells.get("seconds_per_move")?,
            rounds: cells.get("rounds")?,
            max_players: cells.get("max_players")?,
            lang: Lang::from_locale(&lang),
            organiser_id: cells.get("organiser_id")?,
            status: cells.parse("status")?,
            starts_at: cells.get("starts_at")?,
            rounds_paired: cells.get("rounds_paired")?,
            created_at: cells.get("created_at")?,
            thread_id: cells.get("thread_id")?,
            rated: flag(&cells, "rated")?,
            strict: flag(&cells, "strict")?,
            results_posted: cells.get("results_posted")?,
        })
    }
}

/// A 0 or 1 column as a flag; anything else is corrupt.
fn flag(cells: &Cells<'_>, column: &'static str) -> Result<bool> {
    match cells.get::<i64>(column)? {
        0 => Ok(false),
        1 => Ok(true),
        n => Err(cells.corrupt(column, format!("{n} is not 0 or 1"))),
    }
}

// The reads of every look of the clock (`advance_tournaments`), shared
// with the plan test (`app::hot_queries`).

/// Tournament `$1`.
/// Tournament `id` as it stands, held for the rest of transaction `tx`:
/// its row locked on PostgreSQL (SQLite's transactions already write one
/// at a time), so that joins, leaves and status changes of one
/// tournament come one after another and each sees the last one's work.
async fn hold(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    backend: Backend,
    id: TournamentId,
) -> Result<TournamentRow> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let row = sqlx::query(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1{lock}"
    ))
    .bind(id.0)
    .fetch_one(&mut **tx)
    .await?;
    TournamentRow::from_row(&row)
}

pub(crate) fn tournament_sql() -> String {
    format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1")
}

/// The tournaments the clock's look must move on at `$1`
/// ([`Store::due_tournaments`]): open ones whose start time has come, or
/// which, started by their organiser, were created before `$2` (they
/// expire); running ones whose first round is not paired yet, or with a
/// game ended since their standings were last posted (a game's end moves
/// its tournament on at once: this finds what a crash or a failure left).
/// The others are not read at all.
pub(crate) const DUE_TOURNAMENTS: &str = "SELECT t.id FROM tournaments t \
     WHERE t.status IN ('open', 'running') AND ( \
       (t.status = 'open' AND (t.starts_at <= $1 \
         OR (t.starts_at IS NULL AND t.created_at <= $2))) \
       OR (t.status = 'running' AND (t.rounds_paired = 0 \
         OR t.results_posted < (SELECT COUNT(*) FROM tournament_games tg \
           JOIN games g ON g.id = tg.game_id \
           WHERE tg.tournament_id = t.id AND g.status <> 'active')))) \
     ORDER BY t.id";

/// Tournament `$1`'s players, named as in its server ([`Store::entrants`]).
pub(crate) fn entrants_sql() -> String {
    format!(
        "SELECT tp.player_id, {name} AS name, tp.joined_round, tp.withdrawn \
         FROM tournament_players tp JOIN players p ON p.id = tp.player_id \
         JOIN tournaments t ON t.id = tp.tournament_id \
         WHERE tp.tournament_id = $1 ORDER BY tp.joined_at, tp.player_id",
        name = name_in_server_sql("t.guild_id", "p")
    )
}

/// Tournament `$1`'s paired games and byes ([`Store::paired`]).
pub(crate) const PAIRED: &str = "SELECT tg.round, tg.south_id, tg.north_id, tg.game_id, \
     g.status, g.result, g.reason, \
     (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies \
     FROM tournament_games tg \
     LEFT JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = $1 \
     ORDER BY tg.round, tg.game_id IS NULL, tg.game_id";

/// Which outbox post announced tournament `$1` ([`Store::sign_up_post`]).
pub(crate) const SIGN_UP_POST: &str = "tournament_id = $1 AND edits IS NULL";

#[async_trait]
impl TournamentsStore for TournamentsSql {
    async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>> {
        let row = sqlx::query(&tournament_sql())
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(TournamentRow::from_row).transpose()
    }

    async fn tournaments_of(&self, guild: GuildId, recent: i64) -> Result<Vec<TournamentRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = $1 \
             AND status IN ('open', 'running') \
             UNION ALL SELECT * FROM (SELECT {TOURNAMENT_COLUMNS} FROM tournaments \
             WHERE guild_id = $1 AND status NOT IN ('open', 'running') ORDER BY id DESC LIMIT $2) \
             AS ended ORDER BY id DESC"
        ))
        .bind(guild.0)
        .bind(recent)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(TournamentRow::from_row).collect()
    }

    async fn due_tournaments(&self, now: i64, created_before: i64) -> Result<Vec<TournamentId>> {
        let rows = sqlx::query(DUE_TOURNAMENTS)
            .bind(now)
            .bind(created_before)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| col(row, "id")).collect()
    }

    async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>> {
        let rows = sqlx::query(&entrants_sql())
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                let cells = Cells::keyed(row, "tournament_players", format!("{id}"));
                Ok(Entrant {
                    player_id: cells.get("player_id")?,
                    name: cells.get("name")?,
                    joined_round: cells.get("joined_round")?,
                    withdrawn: cells.get::<i64>("withdrawn")? != 0,
                })
            })
            .collect()
    }

    async fn paired(&self, id: TournamentId) -> Result<Vec<Paired>> {
        let rows = sqlx::query(PAIRED).bind(id.0).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let cells = Cells::keyed(row, "tournament_games", format!("{id}"));
                let status: Option<String> = cells.get("status")?;
                let game = match status {
                    Some(status) => {
                        let result: Option<String> = cells.get("result")?;
                        let reason: Option<String> = cells.get("reason")?;
                        let state =
                            GameState::from_columns(&status, result.as_deref(), reason.as_deref())
                                .map_err(|e| cells.corrupt(e.column, e.problem))?;
                        let plies: i64 = cells.get("plies")?;
                        Some((state, plies % 2 == 0))
                    }
                    None => None,
                };
                Ok(Paired {
                    round: cells.get("round")?,
                    south_id: cells.get("south_id")?,
                    north_id: cells.get("north_id")?,
                    game_id: cells.get("game_id")?,
                    game,
                })
            })
            .collect()
    }

    async fn join_tournament(
        &self,
        id: TournamentId,
        player: UserId,
        joined_round: for<'t> fn(&'t TournamentRow) -> Option<i64>,
        now: i64,
    ) -> Result<std::result::Result<i64, JoinRefused>> {
        let mut tx = self.begin().await?;
        let t = hold(&mut tx, self.backend, id).await?;
        let Some(round) = joined_round(&t) else {
            tx.rollback().await?;
            return Ok(Err(JoinRefused::Closed));
        };
        let counted = sqlx::query(
            "SELECT COUNT(*) AS n, SUM(CASE WHEN player_id = $2 THEN 1 ELSE 0 END) AS me \
             FROM tournament_players WHERE tournament_id = $1",
        )
        .bind(id.0)
        .bind(player.0)
        .fetch_one(&mut *tx)
        .await?;
        let n: i64 = col(&counted, "n")?;
        let me: Option<i64> = col(&counted, "me")?;
        let refused = match () {
            _ if me.unwrap_or(0) > 0 => Some(JoinRefused::AlreadyIn),
            _ if n >= t.max_players => Some(JoinRefused::Full),
            _ => None,
        };
        if let Some(refused) = refused {
            tx.rollback().await?;
            return Ok(Err(refused));
        }
        sqlx::query(
            "INSERT INTO tournament_players (tournament_id, player_id, joined_at, joined_round) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(id.0)
        .bind(player.0)
        .bind(now)
        .bind(round)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(round))
    }

    async fn leave_tournament(&self, id: TournamentId, player: UserId) -> Result<Option<Left>> {
        let mut tx = self.begin().await?;
        let t = hold(&mut tx, self.backend, id).await?;
        let (left, statement) = match t.status {
            TournamentStatus::Open => (
                Left::Removed,
                "DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2",
            ),
            TournamentStatus::Running => (
                Left::Withdrawn,
                "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 \
                 AND player_id = $2 AND withdrawn = 0",
            ),
            TournamentStatus::Finished | TournamentStatus::Cancelled => {
                tx.rollback().await?;
                return Ok(None);
            }
        };
        let done = sqlx::query(statement)
            .bind(id.0)
            .bind(player.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok((done.rows_affected() == 1).then_some(left))
    }

    async fn move_tournament(
        &self,
        id: TournamentId,
        change: StatusChange,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<std::result::Result<Vec<PostId>, NotMoved>> {
        debug_assert!(change.from.may_become(change.to), "{change:?}");
        let mut tx = self.begin().await?;
        let t = hold(&mut tx, self.backend, id).await?;
        if t.status != change.from {
            tx.rollback().await?;
            return Ok(Err(NotMoved::Status(t.status)));
        }
        if let Some(expected) = change.players {
            let counted = sqlx::query(
                "SELECT COUNT(*) AS n FROM tournament_players WHERE tournament_id = $1",
            )
            .bind(id.0)
            .fetch_one(&mut *tx)
            .await?;
            let n: i64 = col(&counted, "n")?;
            if n as usize != expected {
                tx.rollback().await?;
                return Ok(Err(NotMoved::Players(n as usize)));
            }
        }
        let ended = change.to.is_final();
        sqlx::query(
            "UPDATE tournaments SET status = $1, rounds = COALESCE($2, rounds), \
             ended_at = $3, winner_id = $6 WHERE id = $4 AND status = $5",
        )
        .bind(change.to.as_str())
        .bind(change.rounds)
        .bind(ended.then_some(now))
        .bind(id.0)
        .bind(change.from.as_str())
        .bind(change.winner.map(|id| id.0))
        .execute(&mut *tx)
        .await?;
        for player in &change.first {
            sqlx::query(
                "UPDATE tournament_players SET shares_first = 1 \
                 WHERE tournament_id = $1 AND player_id = $2",
            )
            .bind(id.0)
            .bind(player.0)
            .execute(&mut *tx)
            .await?;
        }
        let ids = insert_posts(&mut tx, posts, now).await?;
        tx.commit().await?;
        Ok(Ok(ids))
    }

    async fn lost_on_time(&self, player: UserId, since: i64) -> Result<(i64, i64)> {
        use kiela_rules::{GameResult, Reason};
        let row = sqlx::query(
            "SELECT COUNT(*) AS games, COALESCE(SUM(CASE WHEN reason = $3 AND \
             ((south_id = $1 AND result = $4) OR (north_id = $1 AND result = $5)) \
             THEN 1 ELSE 0 END), 0) AS lost \
             FROM games WHERE (south_id = $1 OR north_id = $1) AND ai_level IS NULL \
             AND status = 'finished' AND result IS NOT NULL AND updated_at >= $2",
        )
        .bind(player.0)
        .bind(since)
        .bind(Reason::Timeout.name())
        .bind(GameResult::NorthWins.notation())
        .bind(GameResult::SouthWins.notation())
        .fetch_one(&self.pool)
        .await?;
        Ok((col(&row, "games")?, col(&row, "lost")?))
    }

    async fn tournament_thread(&self, id: TournamentId) -> Result<Option<ChannelId>> {
        let row = sqlx::query("SELECT thread_id FROM tournaments WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| col(&row, "thread_id")).transpose()?.flatten())
    }

    async fn set_tournament_thread(&self, id: TournamentId, thread: ChannelId) -> Result<()> {
        sqlx::query("UPDATE tournaments SET thread_id = $1 WHERE id = $2 AND thread_id IS NULL")
            .bind(thread.0)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn post_results(
        &self,
        id: TournamentId,
        from: i64,
        to: i64,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<PostId>>> {
        let mut tx = self.begin().await?;
        let moved = sqlx::query(
            "UPDATE tournaments SET results_posted = $1 WHERE id = $2 AND results_posted = $3 \
             AND status = 'running'",
        )
        .bind(to)
        .bind(id.0)
        .bind(from)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let ids = insert_posts(&mut tx, posts, now).await?;
        tx.commit().await?;
        Ok(Some(ids))
    }

    async fn tournaments_played(&self, guild: GuildId, player: UserId) -> Result<(i64, i64)> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS played, \
             COALESCE(SUM(CASE WHEN t.winner_id = $2 OR tp.shares_first = 1 \
               THEN 1 ELSE 0 END), 0) AS won \
             FROM tournament_players tp JOIN tournaments t ON t.id = tp.tournament_id \
             WHERE t.guild_id = $1 AND tp.player_id = $2 AND t.status = 'finished'",
        )
        .bind(guild.0)
        .bind(player.0)
        .fetch_one(&self.pool)
        .await?;
        Ok((col(&row, "played")?, col(&row, "won")?))
    }

    async fn tournament_of_game(&self, game: GameId) -> Result<Option<TournamentId>> {
        let row = sqlx::query("SELECT tournament_id FROM tournament_games WHERE game_id = $1")
            .bind(game.0)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| col(&row, "tournament_id")).transpose()
    }

    async fn sign_up_post(&self, id: TournamentId) -> Result<Option<ChallengePost>> {
        self.outbox().posted(SIGN_UP_POST, id.0).await
    }

    async fn insert_tournament(
        &self,
        t: &NewTournamentRow<'_>,
        now: i64,
    ) -> Result<std::result::Result<TournamentId, TooManyLive>> {
        let mut tx = self.begin().await?;
        if self.backend == Backend::Postgres {
            // The bot's one advisory lock: a server's new tournaments, one
            // at a time (SQLite's transactions already are).
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(t.guild_id.0)
                .execute(&mut *tx)
                .await?;
        }
        let counted = sqlx::query(
            "SELECT COUNT(*) AS n, SUM(CASE WHEN organiser_id = $2 THEN 1 ELSE 0 END) AS mine \
             FROM tournaments WHERE guild_id = $1 AND status IN ('open', 'running')",
        )
        .bind(t.guild_id.0)
        .bind(t.organiser_id.0)
        .fetch_one(&mut *tx)
        .await?;
        let live: i64 = col(&counted, "n")?;
        let mine: Option<i64> = col(&counted, "mine")?;
        let over = match () {
            _ if live as usize >= MAX_LIVE_TOURNAMENTS => Some(TooManyLive::InServer),
            _ if mine.unwrap_or(0) as usize >= MAX_LIVE_PER_ORGANISER => {
                Some(TooManyLive::OfOrganiser)
            }
            _ => None,
        };
        if let Some(over) = over {
            tx.rollback().await?;
            return Ok(Err(over));
        }
        let row = sqlx::query(
            "INSERT INTO tournaments (guild_id, channel_id, name, format, variant, seconds_per_move, \
             rounds, max_players, lang, rated, organiser_id, status, starts_at, created_at, strict) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $14, $10, $11, $12, $13, $15) \
             RETURNING id",
        )
        .bind(t.guild_id.0)
        .bind(t.channel_id.0)
        .bind(t.name)
        .bind(t.format.as_str())
        .bind(t.variant.name())
        .bind(t.seconds_per_move)
        .bind(t.rounds)
        .bind(t.max_players)
        .bind(t.lang.locale())
        .bind(t.organiser_id.0)
        .bind(TournamentStatus::Open.as_str())
        .bind(t.starts_at)
        .bind(now)
        .bind(i64::from(t.rated))
        .bind(i64::from(t.strict))
        .fetch_one(&mut *tx)
        .await?;
        let id = col(&row, "id")?;
        tx.commit().await?;
        Ok(Ok(id))
    }

    async fn pair_round(
        &self,
        id: TournamentId,
        (paired, results): (i64, i64),
        games: &[NewGame],
        bye: Option<UserId>,
        posts: &(dyn Fn(usize, GameId) -> Vec<NewPost> + Send + Sync),
        news: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<(PostId, NewPost)>>> {
        let round = paired + 1;
        let mut tx = self.begin().await?;
        let moved = sqlx::query(
            "UPDATE tournaments SET rounds_paired = $1, results_posted = $4 WHERE id = $2 \
             AND rounds_paired = $3 AND status = 'running'",
        )
        .bind(round)
        .bind(id.0)
        .bind(paired)
        .bind(results)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let mut made = news;
        for (i, game) in games.iter().enumerate() {
            let game_id = insert_game(&mut tx, game).await?;
            sqlx::query(
                "INSERT INTO tournament_games (tournament_id, round, south_id, north_id, game_id) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id.0)
            .bind(round)
            .bind(game.south_id.0)
            .bind(game.north_id.0)
            .bind(game_id.0)
            .execute(&mut *tx)
            .await?;
            made.extend(posts(i, game_id).into_iter().map(|post| NewPost {
                game_id: post.edits.is_none().then_some(game_id),
                ..post
            }));
        }
        if let Some(player) = bye {
            sqlx::query(
                "INSERT INTO tournament_games (tournament_id, round, south_id) VALUES ($1, $2, $3)",
            )
            .bind(id.0)
            .bind(round)
            .bind(player.0)
            .execute(&mut *tx)
            .await?;
        }
        let ids = insert_posts(&mut tx, made.clone(), now).await?;
        tx.commit().await?;
        Ok(Some(ids.into_iter().zip(made).collect()))
    }
}

//! The games whose clock needs a look, and vacation days taken.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use sqlx::Row;

use crate::store::*;
use crate::vocabulary::{GameId, UserId};

/// The games the clock must look at ([`Store::due_games`]): `$1` now, `$2`
/// idle since, `$3` the bot. Each half walks its own partial index
/// (migration `next_look`), whose expressions it repeats word for word,
/// so a look costs what is due, not what is active: a game is due from its
/// reminder's time (a quarter of its time per move before the deadline)
/// while the reminder is not sent, then from its deadline; an AI turn left
/// behind (its answer died) once idle since `$2`. SQLite, without
/// statistics, would rather walk every active game by `(status, deadline)`:
/// it is told which index to use (and fails loudly if it cannot).
pub(crate) fn due_games_sql(backend: Backend) -> String {
    let index = |name: &str| match backend {
        Backend::Sqlite => format!("INDEXED BY {name}"),
        Backend::Postgres => String::new(),
    };
    let (by_time, ai_turns) = (index("games_next_look"), index("games_ai_to_move"));
    format!(
        "SELECT id FROM ( \
           SELECT id, deadline FROM games {by_time} WHERE status = '{ACTIVE}' \
             AND clock_fault IS NULL AND paused_at IS NULL AND deadline IS NOT NULL \
             AND (CASE WHEN reminded = 0 THEN deadline - seconds_per_move / 4 \
                  ELSE deadline END) <= $1 \
           UNION \
           SELECT id, deadline FROM games {ai_turns} WHERE status = '{ACTIVE}' \
             AND clock_fault IS NULL AND paused_at IS NULL AND ai_level IS NOT NULL \
             AND to_move_id = $3 AND updated_at <= $2) AS due \
         ORDER BY deadline IS NULL, deadline, id"
    )
}

/// A vacation taken or ended ([`Store::take_vacation`]).
pub struct VacationChange {
    pub player: UserId,
    /// The vacation's end (now, when it ends early).
    pub until: i64,
    /// The year its days are charged to, and the days taken that year.
    pub year: i64,
    pub days: i64,
    /// The year and days stored before: the change's guard.
    pub before: (i64, i64),
    /// How far the player's running deadlines move, in seconds.
    pub shift: i64,
}

impl Store {
    /// The database's time, in unix seconds: one clock for every process
    /// sharing it (see `DatabaseClock`).
    pub async fn database_now(&self) -> Result<i64> {
        let query = match self.backend {
            Backend::Sqlite => "SELECT CAST(strftime('%s', 'now') AS BIGINT)",
            Backend::Postgres => "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS BIGINT)",
        };
        let row = sqlx::query(query).fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }

    /// Takes (or gives back) vacation days in one transaction: the
    /// player's vacation end and days, guarded by the days they had
    /// (`before`) so two requests at once cannot both spend the same
    /// allowance; every running deadline where they are to move moved by
    /// `shift` seconds (a later one is reminded again); and `posts`
    /// telling their opponents. The games whose deadline moved, or `None`
    /// and nothing written if the days changed meanwhile.
    pub async fn take_vacation(
        &self,
        v: &VacationChange,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<GameId>>> {
        let mut tx = self.begin().await?;
        let done = sqlx::query(
            "UPDATE players SET vacation_until = $1, vacation_year = $2, vacation_days = $3 \
             WHERE id = $4 AND vacation_year = $5 AND vacation_days = $6",
        )
        .bind(v.until)
        .bind(v.year)
        .bind(v.days)
        .bind(v.player)
        .bind(v.before.0)
        .bind(v.before.1)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let mut moved = Vec::new();
        if v.shift != 0 {
            // The version too: a due event found before cannot fire.
            let rows = sqlx::query(&format!(
                "UPDATE games SET deadline = deadline + $1, version = version + 1, \
                 reminded = CASE WHEN $1 > 0 THEN 0 ELSE reminded END \
                 WHERE status = '{ACTIVE}' AND to_move_id = $2 AND deadline IS NOT NULL \
                 RETURNING id"
            ))
            .bind(v.shift)
            .bind(v.player)
            .fetch_all(&mut *tx)
            .await?;
            moved = rows
                .iter()
                .map(|row| col(row, "id"))
                .collect::<Result<_>>()?;
        }
        insert_posts(&mut tx, posts, now).await?;
        tx.commit().await?;
        Ok(Some(moved))
    }

    /// Active games whose deadline has passed or whose reminder is due
    /// (a quarter of the time per move left, not yet reminded), and games
    /// where `bot` is to move and nothing happened since `idle_since`;
    /// not those whose clock is stopped by a fault ([`Store::stop_clock`])
    /// or paused (no place left, see `app::places`).
    pub async fn due_games(&self, now: i64, bot: UserId, idle_since: i64) -> Result<Vec<GameId>> {
        let rows = sqlx::query(&due_games_sql(self.backend))
            .bind(now)
            .bind(idle_since)
            .bind(bot)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| col(row, "id")).collect()
    }

    /// Records the bot's sign of life at `now`. When the last one is older
    /// than `outage_after` seconds (if given), every active game's deadline moves by
    /// the time since (its version too, so that a due event found before
    /// cannot fire), and so does every failing post's failing time: the
    /// time the bot was away, and the games that moved. Only
    /// the process that records `now` over the old sign of life moves them,
    /// so two processes noticing the same outage move the clocks once.
    pub async fn heartbeat(
        &self,
        now: i64,
        outage_after: Option<i64>,
    ) -> Result<Option<(i64, Vec<GameId>)>> {
        let mut tx = self.begin().await?;
        let seen: Option<i64> = sqlx::query("SELECT seen_at FROM heartbeat WHERE id = 1")
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| col(&row, "seen_at"))
            .transpose()?;
        let Some(seen) = seen else {
            // The first sign of life: processes started together on a new
            // database may all make it (the first one wins).
            sqlx::query(
                "INSERT INTO heartbeat (id, seen_at) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
            )
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            return Ok(None);
        };
        let recorded =
            sqlx::query("UPDATE heartbeat SET seen_at = $1 WHERE id = 1 AND seen_at = $2")
                .bind(now.max(seen))
                .bind(seen)
                .execute(&mut *tx)
                .await?;
        let away = now - seen;
        if recorded.rows_affected() != 1 || outage_after.is_none_or(|limit| away <= limit) {
            tx.commit().await?;
            return Ok(None);
        }
        let moved = sqlx::query(&format!(
            "UPDATE games SET deadline = deadline + $1, version = version + 1 \
             WHERE status = '{ACTIVE}' AND deadline IS NOT NULL RETURNING id"
        ))
        .bind(away)
        .fetch_all(&mut *tx)
        .await?;
        let games = moved
            .iter()
            .map(|row| col(row, "id"))
            .collect::<Result<_>>()?;
        // A post failing for passing reasons counts its hours of tries
        // from its first failure: the time away was not spent trying.
        sqlx::query(
            "UPDATE outbox SET failing_since = failing_since + $1 \
             WHERE delivered_at IS NULL AND failed IS NULL AND failing_since IS NOT NULL",
        )
        .bind(away)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some((away, games)))
    }

    /// Stops game `id`'s clock for good, saying why: its timers fail the
    /// same way every time. The operator starts it again
    /// ([`Store::restart_clock`]) once the game is mended.
    pub async fn stop_clock(&self, id: GameId, why: &str) -> Result<()> {
        sqlx::query("UPDATE games SET clock_fault = $1 WHERE id = $2")
            .bind(why)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Starts game `id`'s stopped clock again. False if it was not stopped.
    pub async fn restart_clock(&self, id: GameId) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE games SET clock_fault = NULL WHERE id = $1 AND clock_fault IS NOT NULL",
        )
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The games whose clock is stopped, with why.
    pub async fn stopped_clocks(&self) -> Result<Vec<(GameId, String)>> {
        let rows = sqlx::query(
            "SELECT id, clock_fault FROM games WHERE clock_fault IS NOT NULL ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((col(row, "id")?, col(row, "clock_fault")?)))
            .collect()
    }
}

//! The games whose clock needs a look, and vacation days taken.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{GameId, UserId};

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

#[async_trait]
impl ClocksStore for ClocksSql {
    async fn database_now(&self) -> Result<i64> {
        let query = match self.backend {
            Backend::Sqlite => "SELECT CAST(strftime('%s', 'now') AS BIGINT)",
            Backend::Postgres => "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS BIGINT)",
        };
        let row = sqlx::query(query).fetch_one(&self.pool).await?;
        Ok(row.read(0)?)
    }

    async fn take_vacation(
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
        .bind(v.player.0)
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
            .bind(v.player.0)
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

    async fn due_games(&self, now: i64, bot: UserId, idle_since: i64) -> Result<Vec<GameId>> {
        let rows = sqlx::query(&due_games_sql(self.backend))
            .bind(now)
            .bind(idle_since)
            .bind(bot.0)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| col(row, "id")).collect()
    }

    async fn heartbeat(
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

    async fn stop_clock(&self, id: GameId, why: &str) -> Result<()> {
        sqlx::query("UPDATE games SET clock_fault = $1 WHERE id = $2")
            .bind(why)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn restart_clock(&self, id: GameId) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE games SET clock_fault = NULL WHERE id = $1 AND clock_fault IS NOT NULL",
        )
        .bind(id.0)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn stopped_clocks(&self) -> Result<Vec<(GameId, String)>> {
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

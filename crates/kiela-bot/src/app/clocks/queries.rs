//! The games whose clock needs a look, and vacation days taken.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use crate::store::*;
use crate::vocabulary::UserId;

impl Store {
    /// Sets a player's vacation: its end, and the days taken in `year`.
    /// Guarded by the days they had taken (`days_before`), so two requests
    /// at once cannot both spend the same allowance: false if it changed.
    pub async fn set_vacation(
        &self,
        id: UserId,
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

    /// Active games whose deadline has passed or whose reminder is due
    /// (a quarter of the time per move left, not yet reminded), and games
    /// where `bot` is to move and nothing happened
    /// since `idle_since`.
    pub async fn due_games(&self, now: i64, bot: UserId, idle_since: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = '{ACTIVE}' AND ( \
               (deadline IS NOT NULL AND (deadline <= $1 \
                 OR (reminded = 0 AND deadline - seconds_per_move / 4 <= $1))) \
               OR (ai_level IS NOT NULL AND updated_at <= $2 AND to_move_id = $3)) \
             ORDER BY deadline, id"
        ))
        .bind(now)
        .bind(idle_since)
        .bind(bot)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }
}

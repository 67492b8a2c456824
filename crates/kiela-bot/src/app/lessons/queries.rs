//! Lessons: each player's solved tasks and their best stars.

use crate::store::*;
use crate::vocabulary::UserId;

impl Store {
    /// `player` solved task `task` of lesson `lesson` with `stars`; the
    /// best of their tries is kept.
    pub async fn record_lesson(
        &self,
        player: UserId,
        lesson: &str,
        task: i64,
        stars: i64,
        now: i64,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO lesson_progress (player_id, lesson, task, stars, solved_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player_id, lesson, task) DO UPDATE \
             SET stars = CASE WHEN excluded.stars > lesson_progress.stars \
             THEN excluded.stars ELSE lesson_progress.stars END",
        )
        .bind(player)
        .bind(lesson)
        .bind(task)
        .bind(stars)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The tasks `player` solved: (lesson, task, best stars).
    pub async fn lesson_progress(&self, player: UserId) -> Result<Vec<(String, i64, i64)>> {
        let rows =
            sqlx::query("SELECT lesson, task, stars FROM lesson_progress WHERE player_id = $1")
                .bind(player)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| Ok((col(row, "lesson")?, col(row, "task")?, col(row, "stars")?)))
            .collect()
    }
}

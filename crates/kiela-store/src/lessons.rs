//! Lessons: each player's solved tasks and their best stars.

use async_trait::async_trait;
use kiela_app::store::*;

use crate::*;
use kiela_app::vocabulary::UserId;

#[async_trait]
impl LessonsStore for LessonsSql {
    async fn record_lesson(
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
        .bind(player.0)
        .bind(lesson)
        .bind(task)
        .bind(stars)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn lesson_progress(&self, player: UserId) -> Result<Vec<(String, i64, i64)>> {
        let rows =
            sqlx::query("SELECT lesson, task, stars FROM lesson_progress WHERE player_id = $1")
                .bind(player.0)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| Ok((col(row, "lesson")?, col(row, "task")?, col(row, "stars")?)))
            .collect()
    }
}

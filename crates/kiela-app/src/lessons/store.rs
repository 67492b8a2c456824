//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/lessons.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait LessonsStore: Send + Sync {
    /// `player` solved task `task` of lesson `lesson` with `stars`; the
    /// best of their tries is kept.
    async fn record_lesson(
        &self,
        player: UserId,
        lesson: &str,
        task: i64,
        stars: i64,
        now: i64,
    ) -> Result<()>;

    /// The tasks `player` solved: (lesson, task, best stars).
    async fn lesson_progress(&self, player: UserId) -> Result<Vec<(String, i64, i64)>>;
}

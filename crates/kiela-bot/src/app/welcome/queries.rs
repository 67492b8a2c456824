//! The servers greeted.

use crate::store::*;
use crate::vocabulary::GuildId;

impl Store {
    /// Marks `guild` greeted, with `post` (its welcome, if it has a channel
    /// for it), unless it was greeted before; true if `post` was made.
    pub async fn welcome(&self, guild: GuildId, post: Option<NewPost>, now: i64) -> Result<bool> {
        let mut tx = self.begin().await?;
        let first = sqlx::query(
            "INSERT INTO guild_welcomes (guild_id, welcomed_at) VALUES ($1, $2) \
             ON CONFLICT DO NOTHING",
        )
        .bind(guild)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !first {
            tx.rollback().await?;
            return Ok(false);
        }
        let posted = post.is_some();
        insert_posts(&mut tx, post, now).await?;
        tx.commit().await?;
        Ok(posted)
    }
}

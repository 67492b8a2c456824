//! The servers greeted.

use async_trait::async_trait;
use kiela_app::store::*;

use crate::*;
use kiela_app::vocabulary::GuildId;

#[async_trait]
impl WelcomeStore for WelcomeSql {
    async fn welcome(&self, guild: GuildId, post: Option<NewPost>, now: i64) -> Result<bool> {
        let mut tx = self.begin().await?;
        let first = sqlx::query(
            "INSERT INTO guild_welcomes (guild_id, welcomed_at) VALUES ($1, $2) \
             ON CONFLICT DO NOTHING",
        )
        .bind(guild.0)
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

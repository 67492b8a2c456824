//! Stored analyses and counted hints.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::Cells;
use crate::*;
use kiela_app::vocabulary::{GameId, PostId};

#[async_trait]
impl AnalysisStore for AnalysisSql {
    async fn add_hint(&self, game_id: GameId) -> Result<()> {
        sqlx::query("UPDATE games SET hints = hints + 1 WHERE id = $1")
            .bind(game_id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn analysis(&self, game_id: GameId) -> Result<Option<(i64, String)>> {
        let row = sqlx::query("SELECT nodes, plies FROM analyses WHERE game_id = $1")
            .bind(game_id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| Ok((col(&row, "nodes")?, col(&row, "plies")?)))
            .transpose()
    }

    async fn share_analysis(
        &self,
        share: AnalysisShare,
        post: NewPost,
        now: i64,
    ) -> Result<std::result::Result<PostId, SharedBefore>> {
        let mut tx = self.begin().await?;
        let ids = insert_posts(&mut tx, [post], now).await?;
        // The place's first share wins; a second (even at the same
        // moment) finds it and stores nothing.
        let marked = sqlx::query(
            "INSERT INTO shared_analyses (game_id, channel_id, post_id, shared_by, shared_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id, channel_id) DO NOTHING",
        )
        .bind(share.game.0)
        .bind(share.channel.0)
        .bind(ids[0].0)
        .bind(share.by.0)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() == 1 {
            tx.commit().await?;
            return Ok(Ok(ids[0]));
        }
        tx.rollback().await?;
        let row = sqlx::query(
            "SELECT s.game_id, s.shared_by, s.shared_at, o.message_id FROM shared_analyses s \
             LEFT JOIN outbox o ON o.id = s.post_id WHERE s.game_id = $1 AND s.channel_id = $2",
        )
        .bind(share.game.0)
        .bind(share.channel.0)
        .fetch_one(&self.pool)
        .await?;
        let cells = Cells::new(&row, "shared_analyses", "game_id")?;
        Ok(Err(SharedBefore {
            by: cells.get("shared_by")?,
            at: cells.get("shared_at")?,
            message: cells.get("message_id")?,
        }))
    }

    async fn save_analysis(
        &self,
        game_id: GameId,
        nodes: i64,
        plies: &str,
        now: i64,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO analyses (game_id, nodes, plies, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id.0)
        .bind(nodes)
        .bind(plies)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

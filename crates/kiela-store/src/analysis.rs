//! Stored analyses and counted hints.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::*;
use kiela_app::vocabulary::GameId;

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

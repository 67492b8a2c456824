//! Stored analyses and counted hints.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use crate::store::*;
use crate::vocabulary::GameId;

impl Store {
    /// Counts a hint given in game `game_id`.
    pub async fn add_hint(&self, game_id: GameId) -> Result<()> {
        sqlx::query("UPDATE games SET hints = hints + 1 WHERE id = $1")
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The stored analysis of a game: the node budget it used and its
    /// document (the service's JSON).
    pub async fn analysis(&self, game_id: GameId) -> Result<Option<(i64, String)>> {
        let row = sqlx::query("SELECT nodes, plies FROM analyses WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| Ok((col(&row, "nodes")?, col(&row, "plies")?)))
            .transpose()
    }

    /// Keeps a finished game's analysis. Two analyses finished at once
    /// agree (same budget, same result): the first one stays.
    pub async fn save_analysis(
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
        .bind(game_id)
        .bind(nodes)
        .bind(plies)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

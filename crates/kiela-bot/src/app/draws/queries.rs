//! A game's pending draw offer.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use sqlx::Row;

use crate::store::*;
use crate::vocabulary::GameId;

impl Store {
    pub async fn draw_offer(&self, game_id: GameId) -> Result<Option<DrawOffer>> {
        let row = sqlx::query("SELECT offered_by, ply FROM draw_offers WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(DrawOffer {
                offered_by: r.try_get(0)?,
                ply: r.try_get(1)?,
            }),
            None => None,
        })
    }

    /// The line that offered game `game_id`'s draw at `ply`, the latest.
    pub async fn draw_line(&self, game_id: GameId, ply: i64) -> Result<Option<ChallengePost>> {
        let row = sqlx::query(
            "SELECT id FROM outbox WHERE game_id = $1 AND draw_ply = $2 ORDER BY id DESC LIMIT 1",
        )
        .bind(game_id)
        .bind(ply)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => self.post_message(row.try_get(0)?).await,
            None => Ok(None),
        }
    }
}

//! A game's pending draw offer.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::GameId;

#[async_trait]
impl DrawsStore for DrawsSql {
    async fn draw_offer(&self, game_id: GameId) -> Result<Option<DrawOffer>> {
        let row = sqlx::query("SELECT offered_by, ply FROM draw_offers WHERE game_id = $1")
            .bind(game_id.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(DrawOffer {
                offered_by: r.read(0)?,
                ply: r.read(1)?,
            }),
            None => None,
        })
    }

    async fn draw_line(&self, game_id: GameId, ply: i64) -> Result<Option<ChallengePost>> {
        let row = sqlx::query(
            "SELECT id FROM outbox WHERE game_id = $1 AND draw_ply = $2 ORDER BY id DESC LIMIT 1",
        )
        .bind(game_id.0)
        .bind(ply)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => self.outbox().post_message(row.read(0)?).await,
            None => Ok(None),
        }
    }
}

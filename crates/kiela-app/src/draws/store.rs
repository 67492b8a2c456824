//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/draws.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait DrawsStore: Send + Sync {
    async fn draw_offer(&self, game_id: GameId) -> Result<Option<DrawOffer>>;

    /// The line that offered game `game_id`'s draw at `ply`, the latest.
    async fn draw_line(&self, game_id: GameId, ply: i64) -> Result<Option<ChallengePost>>;
}

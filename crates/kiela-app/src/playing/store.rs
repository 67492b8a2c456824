//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/playing.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait PlayingStore: Send + Sync {
    /// Whether a player wants a move picked in a menu previewed first.
    async fn set_confirm_moves(&self, id: UserId, choice: ConfirmMoves) -> Result<()>;
}

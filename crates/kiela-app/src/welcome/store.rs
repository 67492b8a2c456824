//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/welcome.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait WelcomeStore: Send + Sync {
    /// Marks `guild` greeted, with `post` (its welcome, if it has a channel
    /// for it), unless it was greeted before; true if `post` was made.
    async fn welcome(&self, guild: GuildId, post: Option<NewPost>, now: i64) -> Result<bool>;
}

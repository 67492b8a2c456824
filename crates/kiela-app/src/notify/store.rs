//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/notify.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait NotifyStore: Send + Sync {
    /// Which direct messages a player wants.
    async fn set_notify(&self, id: UserId, notify: Notify) -> Result<()>;
}

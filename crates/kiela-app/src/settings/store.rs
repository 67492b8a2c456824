//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/settings.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait SettingsStore: Send + Sync {
    /// A server's settings (all `None` when it chose nothing).
    async fn guild_settings(&self, guild_id: GuildId) -> Result<GuildSettingsRow>;

    /// Changes a server's settings with `change`, in one transaction (the
    /// row locked meanwhile): two managers changing different settings at
    /// once both keep theirs. Returns the settings as stored.
    async fn update_guild_settings(
        &self,
        guild_id: GuildId,
        change: Box<dyn for<'r> FnOnce(&'r mut GuildSettingsRow) + Send>,
    ) -> Result<GuildSettingsRow>;
}

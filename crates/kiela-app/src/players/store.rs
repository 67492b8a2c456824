//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/players.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait PlayersStore: Send + Sync {
    /// Creates or renames a player.
    async fn upsert_player(&self, id: UserId, name: &str, is_bot: bool, now: i64) -> Result<()>;

    /// Records that `id` is known as `name` in server `guild` (nothing
    /// outside a server: their display name is their name there).
    async fn name_in_server(&self, guild: GuildId, id: UserId, name: &str) -> Result<()>;

    /// Player `id`, named by their Discord display name.
    async fn player(&self, id: UserId) -> Result<Option<PlayerRow>>;

    /// Player `id`, named as in server `guild` (see [`name_in_server_sql`]).
    async fn player_in(&self, guild: GuildId, id: UserId) -> Result<Option<PlayerRow>>;

    /// Remembers the locale a player's client last sent.
    async fn set_player_locale(&self, id: UserId, locale: &str) -> Result<()>;
}

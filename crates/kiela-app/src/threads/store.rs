//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/threads.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait ThreadsStore: Send + Sync {
    /// Game `game_id` is played from now on in `thread`, opened in its
    /// lobby (which it leaves only once).
    async fn move_to_thread(&self, game_id: GameId, thread: ChannelId) -> Result<()>;

    /// The lobby of the game played in thread `channel`, if it is one.
    async fn lobby_of_thread(&self, channel: ChannelId) -> Result<Option<ChannelId>>;

    /// Game `game_id`'s thread could not be opened: it is played in its
    /// lobby, as a game without a thread.
    async fn stay_in_lobby(&self, game_id: GameId) -> Result<()>;
}

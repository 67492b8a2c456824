//! Which thread a game is played in, and its lobby.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use crate::store::*;
use crate::vocabulary::{ChannelId, GameId};

/// The lobby of the game played in thread `$1` ([`Store::lobby_of_thread`]).
pub(crate) const LOBBY_OF_THREAD: &str = "SELECT lobby_channel_id FROM games \
     WHERE channel_id = $1 AND lobby_channel_id IS NOT NULL \
     AND lobby_channel_id <> channel_id LIMIT 1";

impl Store {
    /// Game `game_id` is played from now on in `thread`, opened in its
    /// lobby (which it leaves only once).
    pub async fn move_to_thread(&self, game_id: GameId, thread: ChannelId) -> Result<()> {
        sqlx::query(
            "UPDATE games SET channel_id = $1 WHERE id = $2 AND channel_id = lobby_channel_id",
        )
        .bind(thread)
        .bind(game_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The lobby of the game played in thread `channel`, if it is one.
    pub async fn lobby_of_thread(&self, channel: ChannelId) -> Result<Option<ChannelId>> {
        let row = sqlx::query(LOBBY_OF_THREAD)
            .bind(channel)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => col(&row, "lobby_channel_id")?,
            None => None,
        })
    }

    /// Game `game_id`'s thread could not be opened: it is played in its
    /// lobby, as a game without a thread.
    pub async fn stay_in_lobby(&self, game_id: GameId) -> Result<()> {
        sqlx::query(
            "UPDATE games SET lobby_channel_id = NULL WHERE id = $1 AND channel_id = lobby_channel_id",
        )
        .bind(game_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

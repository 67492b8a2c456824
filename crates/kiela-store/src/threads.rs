//! Which thread a game is played in, and its lobby.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::*;
use kiela_app::vocabulary::{ChannelId, GameId};

/// The lobby of the game played in thread `$1` ([`Store::lobby_of_thread`]).
pub(crate) const LOBBY_OF_THREAD: &str = "SELECT lobby_channel_id FROM games \
     WHERE channel_id = $1 AND lobby_channel_id IS NOT NULL \
     AND lobby_channel_id <> channel_id LIMIT 1";

#[async_trait]
impl ThreadsStore for ThreadsSql {
    async fn move_to_thread(&self, game_id: GameId, thread: ChannelId) -> Result<()> {
        sqlx::query(
            "UPDATE games SET channel_id = $1 WHERE id = $2 AND channel_id = lobby_channel_id",
        )
        .bind(thread.0)
        .bind(game_id.0)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn lobby_of_thread(&self, channel: ChannelId) -> Result<Option<ChannelId>> {
        let row = sqlx::query(LOBBY_OF_THREAD)
            .bind(channel.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => col(&row, "lobby_channel_id")?,
            None => None,
        })
    }

    async fn stay_in_lobby(&self, game_id: GameId) -> Result<()> {
        sqlx::query(
            "UPDATE games SET lobby_channel_id = NULL WHERE id = $1 AND channel_id = lobby_channel_id",
        )
        .bind(game_id.0)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

//! A player's choice of move previews.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::*;
use kiela_app::vocabulary::{ConfirmMoves, UserId};

#[async_trait]
impl PlayingStore for PlayingSql {
    async fn set_confirm_moves(&self, id: UserId, choice: ConfirmMoves) -> Result<()> {
        sqlx::query("UPDATE players SET confirm_moves = $1 WHERE id = $2")
            .bind(choice.as_str())
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

//! A player's choice of move previews.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use crate::store::*;
use crate::vocabulary::{ConfirmMoves, UserId};

impl Store {
    /// Whether a player wants a move picked in a menu previewed first.
    pub async fn set_confirm_moves(&self, id: UserId, choice: ConfirmMoves) -> Result<()> {
        sqlx::query("UPDATE players SET confirm_moves = $1 WHERE id = $2")
            .bind(choice.as_str())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

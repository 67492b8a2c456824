//! A player's choice of direct messages.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use crate::store::*;
use crate::vocabulary::{Notify, UserId};

impl Store {
    /// Which direct messages a player wants.
    pub async fn set_notify(&self, id: UserId, notify: Notify) -> Result<()> {
        sqlx::query("UPDATE players SET notify = $1 WHERE id = $2")
            .bind(notify.as_str())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

//! A player's choice of direct messages.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::*;
use kiela_app::vocabulary::{Notify, UserId};

#[async_trait]
impl NotifyStore for NotifySql {
    async fn set_notify(&self, id: UserId, notify: Notify) -> Result<()> {
        sqlx::query("UPDATE players SET notify = $1 WHERE id = $2")
            .bind(notify.as_str())
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

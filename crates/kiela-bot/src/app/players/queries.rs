//! Players' rows: created or renamed as they act, their language.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use crate::store::*;
use crate::vocabulary::UserId;

impl Store {
    /// Creates or renames a player.
    pub async fn upsert_player(
        &self,
        id: UserId,
        name: &str,
        is_bot: bool,
        now: i64,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO players (id, name, is_bot, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, is_bot = excluded.is_bot",
        )
        .bind(id)
        .bind(name)
        .bind(is_bot as i64)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn player(&self, id: UserId) -> Result<Option<PlayerRow>> {
        let row = sqlx::query(
            "SELECT id, name, is_bot, notify, confirm_moves, locale, vacation_until, \
             vacation_year, vacation_days FROM players WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| PlayerRow::from_row(&r)).transpose()
    }

    /// Remembers the locale a player's client last sent.
    pub async fn set_player_locale(&self, id: UserId, locale: &str) -> Result<()> {
        sqlx::query("UPDATE players SET locale = $1 WHERE id = $2")
            .bind(locale)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

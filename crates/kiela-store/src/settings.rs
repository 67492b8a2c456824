//! A server's settings.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::GuildId;

#[async_trait]
impl SettingsStore for SettingsSql {
    async fn guild_settings(&self, guild_id: GuildId) -> Result<GuildSettingsRow> {
        let row = sqlx::query(&format!("{SELECT_SETTINGS} WHERE guild_id = $1"))
            .bind(guild_id.0)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => settings_of(&row, guild_id),
            None => Ok(GuildSettingsRow::default()),
        }
    }

    async fn update_guild_settings(
        &self,
        guild_id: GuildId,
        change: Box<dyn for<'r> FnOnce(&'r mut GuildSettingsRow) + Send>,
    ) -> Result<GuildSettingsRow> {
        let mut tx = self.begin().await?;
        sqlx::query(
            "INSERT INTO guild_settings (guild_id) VALUES ($1) ON CONFLICT (guild_id) DO NOTHING",
        )
        .bind(guild_id.0)
        .execute(&mut *tx)
        .await?;
        let lock = match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => "FOR UPDATE",
        };
        let row = sqlx::query(&format!("{SELECT_SETTINGS} WHERE guild_id = $1 {lock}"))
            .bind(guild_id.0)
            .fetch_one(&mut *tx)
            .await?;
        let mut s = settings_of(&row, guild_id)?;
        change(&mut s);
        sqlx::query(
            "UPDATE guild_settings SET language = $2, threads = $3, days_per_move = $4, \
             games_channel_id = $5, puzzle_channel_id = $6, puzzle_hour = $7, \
             challenge_days = $8 WHERE guild_id = $1",
        )
        .bind(guild_id.0)
        .bind(s.language.as_deref())
        .bind(s.threads.map(|t| t.as_str()))
        .bind(s.days_per_move)
        .bind(s.games_channel_id.map(|id| id.0))
        .bind(s.puzzle_channel_id.map(|id| id.0))
        .bind(s.puzzle_hour)
        .bind(s.challenge_days)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(s)
    }
}

const SELECT_SETTINGS: &str = "SELECT language, threads, days_per_move, games_channel_id, \
    puzzle_channel_id, puzzle_hour, challenge_days FROM guild_settings";

/// A `guild_settings` row of server `guild_id`.
fn settings_of(row: &sqlx::any::AnyRow, guild_id: GuildId) -> Result<GuildSettingsRow> {
    let cells = Cells::keyed(row, "guild_settings", guild_id.to_string());
    Ok(GuildSettingsRow {
        language: cells.get("language")?,
        threads: cells.parse_opt("threads")?,
        days_per_move: cells.get("days_per_move")?,
        games_channel_id: cells.get("games_channel_id")?,
        puzzle_channel_id: cells.get("puzzle_channel_id")?,
        puzzle_hour: cells.get("puzzle_hour")?,
        challenge_days: cells.get("challenge_days")?,
    })
}

//! Players' rows: created or renamed as they act, their language.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{GuildId, UserId};

/// The SQL for the name of player row `player` (an alias of `players`)
/// in server `guild` (an SQL expression): their nickname there if they
/// have one, else their display name. Every query that shows a name in a
/// server takes it from here, so a nickname never leaves its server.
pub(crate) fn name_in_server_sql(guild: &str, player: &str) -> String {
    format!(
        "COALESCE((SELECT sn.name FROM server_names sn \
         WHERE sn.guild_id = {guild} AND sn.user_id = {player}.id), {player}.name)"
    )
}

#[async_trait]
impl PlayersStore for PlayersSql {
    async fn upsert_player(&self, id: UserId, name: &str, is_bot: bool, now: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO players (id, name, is_bot, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, is_bot = excluded.is_bot",
        )
        .bind(id.0)
        .bind(name)
        .bind(is_bot as i64)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn name_in_server(&self, guild: GuildId, id: UserId, name: &str) -> Result<()> {
        if guild == GuildId::NONE {
            return Ok(());
        }
        sqlx::query(
            "INSERT INTO server_names (guild_id, user_id, name) VALUES ($1, $2, $3) \
             ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
        )
        .bind(guild.0)
        .bind(id.0)
        .bind(name)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn player(&self, id: UserId) -> Result<Option<PlayerRow>> {
        self.player_in(GuildId::NONE, id).await
    }

    async fn player_in(&self, guild: GuildId, id: UserId) -> Result<Option<PlayerRow>> {
        let row = sqlx::query(&format!(
            "SELECT p.id, {name} AS name, p.is_bot, p.notify, p.confirm_moves, p.locale, \
             p.vacation_until, p.vacation_year, p.vacation_days FROM players p WHERE p.id = $2",
            name = name_in_server_sql("$1", "p")
        ))
        .bind(guild.0)
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| PlayerRow::from_row(&r)).transpose()
    }

    async fn set_player_locale(&self, id: UserId, locale: &str) -> Result<()> {
        sqlx::query("UPDATE players SET locale = $1 WHERE id = $2")
            .bind(locale)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

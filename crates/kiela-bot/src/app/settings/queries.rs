//! A server's settings.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use crate::store::*;
use crate::vocabulary::GuildId;

impl Store {
    /// A server's settings (all `None` when it chose nothing).
    pub async fn guild_settings(&self, guild_id: GuildId) -> Result<GuildSettingsRow> {
        let row = sqlx::query(
            "SELECT language, threads, days_per_move, games_channel_id, puzzle_channel_id, \
             puzzle_hour, challenge_days FROM guild_settings \
             WHERE guild_id = $1",
        )
        .bind(guild_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(row) => {
                let cells = Cells::keyed(&row, "guild_settings", guild_id.to_string());
                GuildSettingsRow {
                    language: cells.get("language")?,
                    threads: cells.parse_opt("threads")?,
                    days_per_move: cells.get("days_per_move")?,
                    games_channel_id: cells.get("games_channel_id")?,
                    puzzle_channel_id: cells.get("puzzle_channel_id")?,
                    puzzle_hour: cells.get("puzzle_hour")?,
                    challenge_days: cells.get("challenge_days")?,
                }
            }
            None => GuildSettingsRow::default(),
        })
    }

    /// Stores a server's settings, all of them.
    pub async fn save_guild_settings(&self, guild_id: GuildId, s: &GuildSettingsRow) -> Result<()> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, language, threads, days_per_move, \
             games_channel_id, puzzle_channel_id, puzzle_hour, challenge_days) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id) DO UPDATE SET \
             language = excluded.language, threads = excluded.threads, \
             days_per_move = excluded.days_per_move, games_channel_id = excluded.games_channel_id, \
             puzzle_channel_id = excluded.puzzle_channel_id, puzzle_hour = excluded.puzzle_hour, \
             challenge_days = excluded.challenge_days",
        )
        .bind(guild_id)
        .bind(s.language.as_deref())
        .bind(s.threads.map(|t| t.as_str()))
        .bind(s.days_per_move)
        .bind(s.games_channel_id)
        .bind(s.puzzle_channel_id)
        .bind(s.puzzle_hour)
        .bind(s.challenge_days)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

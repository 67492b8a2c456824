//! Ratings, a result's change, and the leaderboard.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use crate::players::name_in_server_sql;
use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{GameId, GuildId, UserId};

#[async_trait]
impl RatingsStore for RatingsSql {
    async fn rating(&self, guild_id: GuildId, player_id: UserId) -> Result<RatingRow> {
        let rating = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND player_id = $2"
        ))
        .bind(guild_id.0)
        .bind(player_id.0)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match rating {
            Some(row) => RatingRow::from_row(&row)?,
            None => RatingRow::new(guild_id, player_id),
        })
    }

    async fn rating_changes(&self, game_id: GameId) -> Result<Vec<RatingChange>> {
        let rows = sqlx::query(
            "SELECT player_id, rating_before, rating_after FROM rating_changes \
             WHERE game_id = $1 ORDER BY player_id",
        )
        .bind(game_id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingChange {
                    player_id: col(row, "player_id")?,
                    before: col(row, "rating_before")?,
                    after: col(row, "rating_after")?,
                })
            })
            .collect()
    }

    async fn leaderboard(&self, guild_id: GuildId, limit: i64) -> Result<Vec<(RatingRow, String)>> {
        let columns = RATING_COLUMNS.replace(", ", ", r.");
        let rows = sqlx::query(&format!(
            "SELECT r.{columns}, {name} AS name FROM ratings r \
             JOIN players p ON p.id = r.player_id WHERE r.guild_id = $1 \
             ORDER BY CASE WHEN r.wins + r.losses + r.draws >= $3 THEN 0 ELSE 1 END, \
             r.rating DESC, r.player_id LIMIT $2",
            name = name_in_server_sql("r.guild_id", "p")
        ))
        .bind(guild_id.0)
        .bind(limit)
        .bind(PROVISIONAL_GAMES)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((RatingRow::from_row(row)?, row.read::<String, _>("name")?)))
            .collect()
    }
}

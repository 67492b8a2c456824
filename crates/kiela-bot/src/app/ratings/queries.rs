//! Ratings, a result's change, and the leaderboard.
//!
//! SQL for this feature only, as an `impl Store` block beside the code
//! that uses it (the store itself opens, migrates and changes games).

use sqlx::{FromRow, Row};

use crate::app::players::queries::name_in_server_sql;
use crate::store::*;
use crate::vocabulary::{GameId, GuildId, UserId};

impl Store {
    pub async fn rating(&self, guild_id: GuildId, player_id: UserId) -> Result<RatingRow> {
        let rating = sqlx::query_as(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND player_id = $2"
        ))
        .bind(guild_id)
        .bind(player_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(rating.unwrap_or_else(|| RatingRow::new(guild_id, player_id)))
    }

    /// How a rated game moved its players' ratings (none for a game
    /// that is not rated, or was rated before the changes were kept).
    pub async fn rating_changes(&self, game_id: GameId) -> Result<Vec<RatingChange>> {
        let rows = sqlx::query(
            "SELECT player_id, rating_before, rating_after FROM rating_changes \
             WHERE game_id = $1 ORDER BY player_id",
        )
        .bind(game_id)
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

    /// The players of a server with their names: the established ones
    /// (at least [`PROVISIONAL_GAMES`] rated games) first, then the
    /// provisional ones, each best-rated first; so a newcomer's lucky win
    /// cannot put them above players whose rating means something.
    pub async fn leaderboard(
        &self,
        guild_id: GuildId,
        limit: i64,
    ) -> Result<Vec<(RatingRow, String)>> {
        let columns = RATING_COLUMNS.replace(", ", ", r.");
        let rows = sqlx::query(&format!(
            "SELECT r.{columns}, {name} AS name FROM ratings r \
             JOIN players p ON p.id = r.player_id WHERE r.guild_id = $1 \
             ORDER BY CASE WHEN r.wins + r.losses + r.draws >= $3 THEN 0 ELSE 1 END, \
             r.rating DESC, r.player_id LIMIT $2",
            name = name_in_server_sql("r.guild_id", "p")
        ))
        .bind(guild_id)
        .bind(limit)
        .bind(PROVISIONAL_GAMES)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((RatingRow::from_row(row)?, row.try_get::<String, _>("name")?)))
            .collect()
    }
}

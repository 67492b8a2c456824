//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/ratings.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait RatingsStore: Send + Sync {
    async fn rating(&self, guild_id: GuildId, player_id: UserId) -> Result<RatingRow>;

    /// How a rated game moved its players' ratings (none for a game
    /// that is not rated, or was rated before the changes were kept).
    async fn rating_changes(&self, game_id: GameId) -> Result<Vec<RatingChange>>;

    /// The players of a server with their names: the established ones
    /// (at least [`PROVISIONAL_GAMES`] rated games) first, then the
    /// provisional ones, each best-rated first; so a newcomer's lucky win
    /// cannot put them above players whose rating means something.
    async fn leaderboard(&self, guild_id: GuildId, limit: i64) -> Result<Vec<(RatingRow, String)>>;
}

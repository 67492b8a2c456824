//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/analysis.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait AnalysisStore: Send + Sync {
    /// Counts a hint given in game `game_id`.
    async fn add_hint(&self, game_id: GameId) -> Result<()>;

    /// The stored analysis of a game: the node budget it used and its
    /// document (the service's JSON).
    async fn analysis(&self, game_id: GameId) -> Result<Option<(i64, String)>>;

    /// Keeps a finished game's analysis. Two analyses finished at once
    /// agree (same budget, same result): the first one stays.
    async fn save_analysis(&self, game_id: GameId, nodes: i64, plies: &str, now: i64)
        -> Result<()>;
}

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

    /// Stores `post`, game `share.game`'s analysis shared in channel
    /// `share.channel` by `share.by`, unless it was shared there before:
    /// then nothing is stored, and the first share is returned.
    async fn share_analysis(
        &self,
        share: AnalysisShare,
        post: NewPost,
        now: i64,
    ) -> Result<std::result::Result<PostId, SharedBefore>>;

    /// Keeps a finished game's analysis. Two analyses finished at once
    /// agree (same budget, same result): the first one stays.
    async fn save_analysis(&self, game_id: GameId, nodes: i64, plies: &str, now: i64)
        -> Result<()>;
}

/// A game's analysis shared in a place (a channel or a thread), once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisShare {
    pub game: GameId,
    pub channel: ChannelId,
    pub by: UserId,
}

/// The share that came first: who shared it, when, and its message once
/// delivered (while the outbox keeps its post).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedBefore {
    pub by: UserId,
    pub at: i64,
    pub message: Option<MessageId>,
}

//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/challenges.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait ChallengesStore: Send + Sync {
    /// Stores a challenge with the post that announces it (its buttons name
    /// the new challenge), if its challenger stays within `quota`; not for
    /// a rematch already offered or played ([`NotStored::Taken`]).
    async fn insert_challenge(
        &self,
        c: &NewChallenge,
        quota: Quota,
        post: NewPost,
    ) -> Result<std::result::Result<(ChallengeId, PostId), NotStored>>;

    /// The post that announced challenge `id`, with its message once
    /// delivered.
    async fn challenge_post(&self, id: ChallengeId) -> Result<Option<ChallengePost>>;

    /// Pending challenges whose time is up at `now`.
    async fn expired_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>>;

    /// Pending challenges addressed to someone, halfway through their
    /// time at `now` and not reminded yet: their person is reminded once.
    async fn challenges_to_remind(&self, now: i64) -> Result<Vec<ChallengeRow>>;

    /// Marks challenge `id` reminded with `post` (its reminder), once:
    /// `None` if it was reminded or closed meanwhile.
    async fn remind_challenge(
        &self,
        id: ChallengeId,
        post: NewPost,
        now: i64,
    ) -> Result<Option<PostId>>;

    async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>>;

    /// Pending, unexpired challenges that `player` sent or received.
    async fn open_challenges(&self, player: UserId, now: i64) -> Result<Vec<ChallengeRow>>;

    /// Closes a pending challenge (declined, cancelled or expired), with the
    /// posts that say so. `None` if it was no longer pending.
    async fn close_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<PostId>>>;
}

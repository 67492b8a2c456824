//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/outbox.rs`).

use async_trait::async_trait;

use crate::notice::Notice;
use crate::store::*;
use crate::vocabulary::*;

/// A post not delivered yet, as `kiela outbox` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndeliveredPost {
    pub id: PostId,
    /// Its queue (see [`NewPost::queue`]): `game:12`, `dm:…`, `channel:…`.
    pub queue: String,
    /// What it says (a board post: its headline).
    pub says: Vec<Notice>,
    pub created_at: i64,
    /// Not tried before this time (a hold, a lease or a backoff).
    pub held_until: i64,
    /// When a delivery loop last took it.
    pub claimed_at: Option<i64>,
    /// Failed attempts so far.
    pub attempts: i64,
    /// Why it was parked (given up), if it was.
    pub parked: Option<String>,
}

#[async_trait]
pub trait OutboxStore: Send + Sync {
    /// Outbox post `id` and its message once delivered.
    async fn post_message(&self, id: PostId) -> Result<Option<ChallengePost>>;

    async fn posted(&self, filter: &str, id: i64) -> Result<Option<ChallengePost>>;

    /// Stores posts outside any other change (they must still be sent even
    /// if the process stops now).
    async fn insert_posts(&self, posts: Vec<NewPost>, now: i64) -> Result<Vec<PostId>>;

    /// An interaction is about to answer with posts `ids`: they stay held
    /// for it until `until`, and its token is kept so that a crash right
    /// after the answer can be told from a failed answer. False, and none
    /// is taken, if a delivery loop already holds one of them (the answer
    /// took longer than its hold), or if an earlier post of its queue is
    /// left to the loop (a failed answer's, one waiting for its retry, one
    /// no answer holds): the loop posts them, in their queue's order; the
    /// answer must not. An earlier post another answer holds now (a quick
    /// reply to the previous action) does not stop it: that answer went
    /// out first.
    async fn answering(&self, ids: &[PostId], token: &str, until: i64) -> Result<bool>;

    /// Posts `ids` are on Discord, as `message_id`.
    async fn delivered(&self, ids: &[PostId], message_id: MessageId, now: i64) -> Result<()>;

    /// Whoever holds post `id` still does at `now`: it stays held until
    /// `until`. A hold already ended (the post handed back, its lease run
    /// out) is not brought back, and a longer one (a backoff) not cut.
    async fn renew_post(&self, id: PostId, now: i64, until: i64) -> Result<()>;

    /// Post `id` failed once more at `now`: the delivery loop may try it
    /// again from `at` on. Its first failure starts its failing time.
    async fn retry_post(&self, id: PostId, at: i64, now: i64) -> Result<()>;

    /// Posts `ids` were not delivered by the answer that held them: the
    /// delivery loop may take them from `at` on. With `maybe_shown` the
    /// answer's token is kept (the answer may have gone out: the loop looks
    /// for it first); otherwise there is nothing to look for.
    async fn release_posts(&self, ids: &[PostId], at: i64, maybe_shown: bool) -> Result<()>;

    /// Ends at `now` every hold of an answer (posts no delivery loop ever
    /// took): the process that held them is gone. Returns how many.
    async fn end_answer_holds(&self, now: i64) -> Result<u64>;

    /// Gives post `id` up (Discord refuses it for good: no permission,
    /// closed direct messages...), saying why.
    async fn give_up_post(&self, id: PostId, why: &str) -> Result<()>;

    /// Claims up to `limit` posts due at `now` for `lease` seconds: a post
    /// is due when nobody holds it, every earlier post of its queue is
    /// delivered (see [`NewPost::queue`]), and, for an edit, the
    /// post whose message it edits was delivered (or given up). Processes sharing the
    /// database claim different posts: SQLite has one writer at a time, and
    /// PostgreSQL's `SKIP LOCKED` passes over rows another claim locked.
    /// Each claimed post comes with its id, read or not: one corrupt post
    /// must not stop the others (the caller gives it up).
    async fn claim_posts(
        &self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<(PostId, Result<PostRow>)>>;

    /// The message of the last post delivered before post `id` in its
    /// queue: posts of a queue are sent in order, so post `id`'s message,
    /// if an earlier try made it, is a later one (Discord's ids grow with
    /// time). `None` when its queue has none (still) stored.
    async fn last_message_before(&self, id: PostId) -> Result<Option<MessageId>>;

    /// Deletes up to `limit` posts delivered before `delivered_before`, or
    /// parked (given up) before `parked_before`: the outbox stays as small
    /// as its traffic, however long the bot runs. Returns how many went.
    async fn prune_posts(
        &self,
        delivered_before: i64,
        parked_before: i64,
        limit: i64,
    ) -> Result<u64>;

    /// Posts not delivered yet, parked ones too, oldest first, at most
    /// `limit`: what `kiela outbox` shows the operator.
    async fn undelivered_posts(&self, limit: i64) -> Result<Vec<UndeliveredPost>>;

    /// Parked post `id` is tried again from `now` on, as if made now (its
    /// retries start over). False if it is not parked.
    async fn unpark_post(&self, id: PostId, now: i64) -> Result<bool>;

    /// Posts not delivered (nor given up) yet.
    async fn pending_posts(&self) -> Result<i64>;
}

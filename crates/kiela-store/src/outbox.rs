//! The outbox: posts inserted, claimed, answered, delivered, retried or given up.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{MessageId, PostId};

/// The first post matching `filter` (on `$1`) and its message once
/// delivered: a challenge's or a tournament's announcement
/// ([`Store::posted`]).
pub(crate) fn posted_sql(filter: &str) -> String {
    format!(
        "SELECT id, channel_id, says, message_id FROM outbox WHERE {filter} \
         ORDER BY id LIMIT 1"
    )
}

/// The claim ([`Store::claim_posts`]): `$1` held until, `$2` now, `$3` at
/// most so many. The pending posts are walked in order on their own
/// partial index (`outbox_pending_in_order`), never the delivered ones, so
/// the claim costs the same with a million delivered rows as with none
/// (the benchmark `outbox_claim`).
pub(crate) fn claim_posts_sql(backend: Backend) -> String {
    let lock = match backend {
        Backend::Sqlite => "",
        Backend::Postgres => "FOR UPDATE SKIP LOCKED",
    };
    format!(
        "UPDATE outbox SET held_until = $1, claimed_at = $2, claims = claims + 1 WHERE id IN ( \
           SELECT o.id FROM outbox o WHERE o.delivered_at IS NULL AND o.failed IS NULL \
           AND o.held_until <= $2 AND NOT EXISTS (SELECT 1 FROM outbox e \
             WHERE e.queue = o.queue AND e.id < o.id \
             AND e.delivered_at IS NULL AND e.failed IS NULL) \
           AND NOT EXISTS (SELECT 1 FROM outbox t WHERE t.id = o.edits \
             AND t.delivered_at IS NULL AND t.failed IS NULL) \
           ORDER BY o.id LIMIT $3 {lock}) \
         RETURNING {POST_COLUMNS}"
    )
}

/// The message of the last post delivered before post `$1` in its queue
/// ([`Store::last_message_before`]).
pub(crate) const LAST_MESSAGE_BEFORE: &str = "SELECT message_id FROM outbox \
     WHERE queue = (SELECT queue FROM outbox WHERE id = $1) AND id < $1 \
     AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1";

/// Holds post `$3` for an interaction's answer (token `$1`) until `$2`
/// ([`Store::answering`]), if no delivery loop holds it and no earlier
/// post of its queue is left to the loop.
pub(crate) const HOLD_FOR_ANSWER: &str = "UPDATE outbox SET answer_token = $1, held_until = $2 \
     WHERE id = $3 AND delivered_at IS NULL AND failed IS NULL \
     AND claimed_at IS NULL AND NOT EXISTS (SELECT 1 FROM outbox e \
       WHERE e.queue = outbox.queue AND e.id < outbox.id \
       AND e.delivered_at IS NULL AND e.failed IS NULL \
       AND (e.answer_token IS NULL \
         OR (e.answer_token <> $1 \
           AND (e.claimed_at IS NOT NULL OR e.attempts > 0))))";

/// The look-up PostgreSQL's foreign key trigger makes for each post the
/// prune deletes (the edits naming it), for the plan test.
pub(crate) const EDITS_OF_POST: &str =
    "SELECT 1 FROM ONLY outbox x WHERE $1 = edits FOR KEY SHARE OF x";

/// The prune ([`Store::prune_posts`]): `$1` delivered before, `$2` parked
/// before, `$3` at most so many. A post an edit still names waits for
/// that edit to go first: deleting it would break the edit's foreign key,
/// and fail the whole prune (until the edit was old enough too). A
/// tournament's post (its sign-up message, with its buttons) stays while
/// the tournament is open or running: joins and leaves still edit it, and
/// its start or end closes it.
pub(crate) const PRUNE_POSTS: &str = "DELETE FROM outbox WHERE id IN ( \
     SELECT id FROM outbox o WHERE delivered_at < $1 \
       AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.edits = o.id) \
       AND NOT EXISTS (SELECT 1 FROM tournaments t WHERE t.id = o.tournament_id \
         AND t.status IN ('open', 'running')) \
     UNION ALL SELECT id FROM outbox o WHERE failed IS NOT NULL AND created_at < $2 \
       AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.edits = o.id) \
     LIMIT $3)";

#[async_trait]
impl OutboxStore for OutboxSql {
    async fn post_message(&self, id: PostId) -> Result<Option<ChallengePost>> {
        self.posted("id = $1", id.0).await
    }

    async fn posted(&self, filter: &str, id: i64) -> Result<Option<ChallengePost>> {
        let row = sqlx::query(&posted_sql(filter))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| {
            let cells = Cells::new(&row, "outbox", "id")?;
            Ok(ChallengePost {
                id: cells.get("id")?,
                channel_id: cells.get("channel_id")?,
                says: cells.json("says")?,
                message_id: cells.get("message_id")?,
            })
        })
        .transpose()
    }

    async fn insert_posts(&self, posts: Vec<NewPost>, now: i64) -> Result<Vec<PostId>> {
        let mut tx = self.begin().await?;
        let ids = insert_posts(&mut tx, posts, now).await?;
        tx.commit().await?;
        Ok(ids)
    }

    async fn answering(&self, ids: &[PostId], token: &str, until: i64) -> Result<bool> {
        let mut ids = ids.to_vec();
        ids.sort();
        let mut tx = self.begin().await?;
        for id in ids {
            // The answer's own earlier posts are taken already (its token).
            let taken = sqlx::query(HOLD_FOR_ANSWER)
                .bind(token)
                .bind(until)
                .bind(id.0)
                .execute(&mut *tx)
                .await?;
            if taken.rows_affected() == 0 {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn delivered(&self, ids: &[PostId], message_id: MessageId, now: i64) -> Result<()> {
        for &id in ids {
            sqlx::query(
                "UPDATE outbox SET delivered_at = $1, message_id = $2, answer_token = NULL \
                 WHERE id = $3 AND delivered_at IS NULL",
            )
            .bind(now)
            .bind(message_id.0)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    async fn renew_post(&self, id: PostId, now: i64, until: i64) -> Result<()> {
        sqlx::query(
            "UPDATE outbox SET held_until = $1 \
             WHERE id = $2 AND delivered_at IS NULL AND failed IS NULL \
             AND held_until > $3 AND held_until < $1",
        )
        .bind(until)
        .bind(id.0)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn retry_post(&self, id: PostId, at: i64, now: i64) -> Result<()> {
        sqlx::query(
            "UPDATE outbox SET held_until = $1, attempts = attempts + 1, \
             failing_since = COALESCE(failing_since, $2) \
             WHERE id = $3 AND delivered_at IS NULL",
        )
        .bind(at)
        .bind(now)
        .bind(id.0)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn release_posts(&self, ids: &[PostId], at: i64, maybe_shown: bool) -> Result<()> {
        // A post the loop took meanwhile is the loop's: its claim stays.
        let sql = match maybe_shown {
            true => {
                "UPDATE outbox SET held_until = $1 \
                 WHERE id = $2 AND delivered_at IS NULL AND claimed_at IS NULL"
            }
            false => {
                "UPDATE outbox SET held_until = $1, answer_token = NULL \
                 WHERE id = $2 AND delivered_at IS NULL AND claimed_at IS NULL"
            }
        };
        for &id in ids {
            sqlx::query(sql)
                .bind(at)
                .bind(id.0)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    async fn end_answer_holds(&self, now: i64) -> Result<u64> {
        let ended = sqlx::query(
            "UPDATE outbox SET held_until = $1 WHERE delivered_at IS NULL AND failed IS NULL \
             AND held_until > $1 AND claimed_at IS NULL AND attempts = 0",
        )
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(ended.rows_affected())
    }

    async fn give_up_post(&self, id: PostId, why: &str) -> Result<()> {
        sqlx::query("UPDATE outbox SET failed = $1 WHERE id = $2 AND delivered_at IS NULL")
            .bind(why)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn claim_posts(
        &self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<(PostId, Result<PostRow>)>> {
        let rows = sqlx::query(&claim_posts_sql(self.backend))
            .bind(now + lease)
            .bind(now)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        let mut posts = Vec::new();
        for row in &rows {
            posts.push((row.read::<PostId, _>("id")?, PostRow::from_row(row)));
        }
        posts.sort_by_key(|(id, _)| *id);
        Ok(posts)
    }

    async fn last_message_before(&self, id: PostId) -> Result<Option<MessageId>> {
        let row = sqlx::query(LAST_MESSAGE_BEFORE)
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.read(0)).transpose()?)
    }

    async fn prune_posts(
        &self,
        delivered_before: i64,
        parked_before: i64,
        limit: i64,
    ) -> Result<u64> {
        let done = sqlx::query(PRUNE_POSTS)
            .bind(delivered_before)
            .bind(parked_before)
            .bind(limit)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    async fn undelivered_posts(&self, limit: i64) -> Result<Vec<UndeliveredPost>> {
        let rows = sqlx::query(
            "SELECT id, queue, says, created_at, held_until, claimed_at, attempts, failed \
             FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let cells = Cells::new(row, "outbox", "id")?;
                Ok(UndeliveredPost {
                    id: col(row, "id")?,
                    queue: col(row, "queue")?,
                    says: cells.json("says")?,
                    created_at: col(row, "created_at")?,
                    held_until: col(row, "held_until")?,
                    claimed_at: col(row, "claimed_at")?,
                    attempts: col(row, "attempts")?,
                    parked: col(row, "failed")?,
                })
            })
            .collect()
    }

    async fn unpark_post(&self, id: PostId, now: i64) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE outbox SET failed = NULL, attempts = 0, failing_since = NULL, \
             created_at = $1, held_until = $1, answer_token = NULL \
             WHERE id = $2 AND delivered_at IS NULL AND failed IS NOT NULL",
        )
        .bind(now)
        .bind(id.0)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn pending_posts(&self) -> Result<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed IS NULL",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.read(0)?)
    }
}

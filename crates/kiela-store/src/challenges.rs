//! Challenges: made, found, expired and closed.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::quota::quota_is_full;
use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{ChallengeId, ChallengeStatus, PostId, UserId};

/// Which outbox post announced challenge `$1` ([`Store::challenge_post`]).
pub(crate) const CHALLENGE_POST: &str = "challenge_id = $1 AND edits IS NULL";

#[async_trait]
impl ChallengesStore for ChallengesSql {
    async fn insert_challenge(
        &self,
        c: &NewChallenge,
        quota: Quota,
        post: NewPost,
    ) -> Result<std::result::Result<(ChallengeId, PostId), NotStored>> {
        let mut tx = self.begin().await?;
        if quota_is_full(quota, &mut tx, self.backend).await? {
            tx.rollback().await?;
            return Ok(Err(NotStored::OverQuota(quota)));
        }
        if let Some(game) = c.rematch_of {
            if rematch_exists(&mut tx, game).await? {
                tx.rollback().await?;
                return Ok(Err(NotStored::Taken));
            }
        }
        let row = sqlx::query(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant, \
             first_mover, days_per_move, status, created_at, expires_at, rematch_of) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $11, $8, $9, $10) RETURNING id",
        )
        .bind(c.guild_id.0)
        .bind(c.channel_id.0)
        .bind(c.challenger_id.0)
        // An open challenge names its challenger: nobody can challenge
        // themselves otherwise (see `ChallengeRow::from_row`).
        .bind((c.opponent_id.unwrap_or(c.challenger_id)).0)
        .bind(c.variant.name())
        .bind(c.first_mover.as_str())
        .bind(c.days_per_move)
        .bind(c.created_at)
        .bind(c.expires_at)
        .bind(c.rematch_of.map(|id| id.0))
        .bind(ChallengeStatus::Pending.as_str())
        .fetch_one(&mut *tx)
        .await?;
        let id: ChallengeId = row.read(0)?;
        let post = NewPost {
            challenge_id: Some(id),
            ..post
        };
        let posts = insert_posts(&mut tx, [post], c.created_at).await?;
        tx.commit().await?;
        Ok(Ok((id, posts[0])))
    }

    async fn challenge_post(&self, id: ChallengeId) -> Result<Option<ChallengePost>> {
        self.outbox().posted(CHALLENGE_POST, id.0).await
    }

    async fn expired_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = '{PENDING}' AND expires_at <= $1 ORDER BY id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ChallengeRow::from_row).collect()
    }

    async fn challenges_to_remind(&self, now: i64) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = '{PENDING}' AND reminded = 0 AND opponent_id <> challenger_id \
             AND created_at + (expires_at - created_at) / 2 <= $1 AND expires_at > $1 \
             ORDER BY id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ChallengeRow::from_row).collect()
    }

    async fn remind_challenge(
        &self,
        id: ChallengeId,
        post: NewPost,
        now: i64,
    ) -> Result<Option<PostId>> {
        let mut tx = self.begin().await?;
        let done = sqlx::query(
            "UPDATE challenges SET reminded = 1 WHERE id = $1 AND reminded = 0 AND status = $2",
        )
        .bind(id.0)
        .bind(ChallengeStatus::Pending.as_str())
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let ids = insert_posts(&mut tx, [post], now).await?;
        tx.commit().await?;
        Ok(ids.first().copied())
    }

    async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>> {
        let row = sqlx::query(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"
        ))
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| ChallengeRow::from_row(&r)).transpose()
    }

    async fn open_challenges(&self, player: UserId, now: i64) -> Result<Vec<ChallengeRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = '{PENDING}' AND expires_at > $1 AND (opponent_id = $2 OR challenger_id = $2) \
             ORDER BY id"
        ))
        .bind(now)
        .bind(player.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ChallengeRow::from_row).collect()
    }

    async fn close_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<PostId>>> {
        let mut tx = self.begin().await?;
        let done = sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = $3")
            .bind(status.as_str())
            .bind(id.0)
            .bind(ChallengeStatus::Pending.as_str())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let ids = insert_posts(&mut tx, posts, now).await?;
        tx.commit().await?;
        Ok(Some(ids))
    }
}

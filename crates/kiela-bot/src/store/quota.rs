//! Limits on what one user may have open at once, checked inside the
//! transaction that would go past them, so that two requests racing from
//! the same user cannot both pass: SQLite lets one writer in at a time
//! (`BEGIN IMMEDIATE`); on PostgreSQL the user's row is locked first, so
//! the second request counts after the first has committed.

use sqlx::Row;

use super::{Backend, Result, ACTIVE, PENDING};
use crate::vocabulary::UserId;

/// A limit a new challenge or game must stay within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quota {
    /// At most `max` pending challenges from `challenger`, unexpired at `now`.
    OpenChallenges {
        challenger: UserId,
        now: i64,
        max: usize,
    },
    /// At most `max` ongoing games of `player` against the AI.
    AiGames { player: UserId, max: usize },
}

/// Why a new challenge or game was not stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotStored {
    /// Someone was first: the challenge is no longer pending, or the
    /// rematch is already asked for or played.
    Taken,
    /// It would go past its [`Quota`].
    OverQuota(Quota),
}

/// `$1`'s pending challenges still open at `$2`.
pub(crate) fn open_challenges_of_sql() -> String {
    format!(
        "SELECT COUNT(*) FROM challenges \
         WHERE challenger_id = $1 AND status = '{PENDING}' AND expires_at > $2"
    )
}

/// `$1`'s ongoing games against the AI (see `ongoing_games_of_sql` for
/// why the status is an expression).
pub(crate) fn ai_games_of_sql() -> String {
    format!(
        "SELECT (SELECT COUNT(*) FROM games WHERE south_id = $1 AND status || '' = '{ACTIVE}' \
                 AND ai_level IS NOT NULL) \
              + (SELECT COUNT(*) FROM games WHERE north_id = $1 AND status || '' = '{ACTIVE}' \
                 AND ai_level IS NOT NULL)"
    )
}

const LOCK_PLAYER: &str = "SELECT id FROM players WHERE id = $1 FOR UPDATE";

impl Quota {
    /// True when one more would go past the quota, read in `tx`.
    pub(crate) async fn is_full(
        self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        backend: Backend,
    ) -> Result<bool> {
        let (user, sql, now, max) = match self {
            Quota::OpenChallenges {
                challenger,
                now,
                max,
            } => (challenger, open_challenges_of_sql(), Some(now), max),
            Quota::AiGames { player, max } => (player, ai_games_of_sql(), None, max),
        };
        if backend == Backend::Postgres {
            sqlx::query(LOCK_PLAYER)
                .bind(user)
                .fetch_optional(&mut **tx)
                .await?;
        }
        let mut query = sqlx::query(&sql).bind(user);
        if let Some(now) = now {
            query = query.bind(now);
        }
        let count: i64 = query.fetch_one(&mut **tx).await?.try_get(0)?;
        Ok(count as usize >= max)
    }
}

//! Limits on what one user may have open at once, checked inside the
//! transaction that would go past them, so that two requests racing from
//! the same user cannot both pass: SQLite lets one writer in at a time
//! (`BEGIN IMMEDIATE`); on PostgreSQL the user's row is locked first, so
//! the second request counts after the first has committed.

use kiela_app::store::{Backend, Quota, Result};

use crate::rows::Columns;

use super::{ACTIVE, PENDING};

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

/// True when one more would go past `quota`, read in `tx`.
pub(crate) async fn quota_is_full(
    quota: Quota,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    backend: Backend,
) -> Result<bool> {
    let (user, sql, now, max) = match quota {
        Quota::OpenChallenges {
            challenger,
            now,
            max,
        } => (challenger, open_challenges_of_sql(), Some(now), max),
        Quota::AiGames { player, max } => (player, ai_games_of_sql(), None, max),
    };
    if backend == Backend::Postgres {
        sqlx::query(LOCK_PLAYER)
            .bind(user.0)
            .fetch_optional(&mut **tx)
            .await?;
    }
    let mut query = sqlx::query(&sql).bind(user.0);
    if let Some(now) = now {
        query = query.bind(now);
    }
    let count: i64 = query.fetch_one(&mut **tx).await?.read(0)?;
    Ok(count as usize >= max)
}

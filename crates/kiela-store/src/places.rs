//! The channels Discord refuses, and games moved or paused for them.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{ChannelId, ChannelRefusal, GameId, GuildId, PostId};

/// Whether a channel is refused ([`Store::refused_channel`]): `$1` the
/// channel, on the table's primary key.
pub(crate) const REFUSED_CHANNEL: &str =
    "SELECT channel_id, refusal, refused_at FROM refused_channels WHERE channel_id = $1";

/// A game's posts, not sent yet, to channel `$2` (its own posts, not
/// its players' direct messages): `$1` the game.
const PENDING_THERE: &str = "game_id = $1 AND channel_id = $2 AND recipient_id IS NULL \
     AND delivered_at IS NULL AND failed IS NULL";

fn refused_channel(row: &sqlx::any::AnyRow) -> Result<RefusedChannel> {
    let cells = Cells::new(row, "refused_channels", "channel_id")?;
    Ok(RefusedChannel {
        channel_id: cells.get("channel_id")?,
        refusal: cells.parse("refusal")?,
        refused_at: cells.get("refused_at")?,
    })
}

#[async_trait]
impl PlacesStore for PlacesSql {
    async fn refuse_channel(
        &self,
        channel: ChannelId,
        refusal: ChannelRefusal,
        now: i64,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO refused_channels (channel_id, refusal, refused_at) VALUES ($1, $2, $3) \
             ON CONFLICT (channel_id) DO UPDATE SET refusal = excluded.refusal, \
             refused_at = excluded.refused_at",
        )
        .bind(channel.0)
        .bind(refusal.as_str())
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn refused_channel(&self, channel: ChannelId) -> Result<Option<RefusedChannel>> {
        let row = sqlx::query(REFUSED_CHANNEL)
            .bind(channel.0)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(refused_channel).transpose()
    }

    async fn refused_channels(&self) -> Result<Vec<RefusedChannel>> {
        let rows = sqlx::query(
            "SELECT channel_id, refusal, refused_at FROM refused_channels ORDER BY channel_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(refused_channel).collect()
    }

    async fn clear_refused_channel(&self, channel: ChannelId) -> Result<bool> {
        let done = sqlx::query("DELETE FROM refused_channels WHERE channel_id = $1")
            .bind(channel.0)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn post_row(&self, id: PostId) -> Result<Option<PostRow>> {
        let row = sqlx::query(&format!("SELECT {POST_COLUMNS} FROM outbox WHERE id = $1"))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(PostRow::from_row).transpose()
    }

    async fn move_game(
        &self,
        game: GameId,
        (from, to): (ChannelId, ChannelId),
        notice: Option<(PostId, &[Notice])>,
        extra: Option<NewPost>,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        let moved = sqlx::query(
            "UPDATE games SET channel_id = $1, lobby_channel_id = NULL, board_channel_id = NULL, \
             board_message_id = NULL, board_ply = NULL, version = version + 1 \
             WHERE id = $2 AND channel_id = $3",
        )
        .bind(to.0)
        .bind(game.0)
        .bind(from.0)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        if let Some((id, says)) = notice {
            sqlx::query("UPDATE outbox SET says = $1, held_until = $2 WHERE id = $3")
                .bind(says_json(says)?)
                .bind(now)
                .bind(id.0)
                .execute(&mut *tx)
                .await?;
        }
        redirect(&mut tx, game, from, to, now).await?;
        insert_posts(&mut tx, extra, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn redirect_posts(
        &self,
        game: GameId,
        (from, to): (ChannelId, ChannelId),
        now: i64,
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        redirect(&mut tx, game, from, to, now).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn pause_game(
        &self,
        game: GameId,
        from: ChannelId,
        why: &str,
        dms: Vec<NewPost>,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        let paused = sqlx::query(&format!(
            "UPDATE games SET paused_at = $1, deadline = NULL, reminded = 0, \
             board_channel_id = NULL, board_message_id = NULL, board_ply = NULL, \
             version = version + 1 \
             WHERE id = $2 AND channel_id = $3 AND status = '{ACTIVE}' AND paused_at IS NULL"
        ))
        .bind(now)
        .bind(game.0)
        .bind(from.0)
        .execute(&mut *tx)
        .await?;
        let paused = paused.rows_affected() == 1;
        sqlx::query(&format!(
            "UPDATE outbox SET failed = $3 WHERE ({PENDING_THERE}) \
             OR (game_id = $1 AND channel_id = 0 AND recipient_id IS NULL \
               AND delivered_at IS NULL AND failed IS NULL)"
        ))
        .bind(game.0)
        .bind(from.0)
        .bind(why)
        .execute(&mut *tx)
        .await?;
        if paused {
            insert_posts(&mut tx, dms, now).await?;
        }
        tx.commit().await?;
        Ok(paused)
    }

    async fn resume_game(
        &self,
        game: GameId,
        version: i64,
        channel: ChannelId,
        deadline: Option<i64>,
        now: i64,
    ) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE games SET paused_at = NULL, channel_id = $1, lobby_channel_id = NULL, \
             deadline = $2, reminded = 0, updated_at = $3, version = version + 1 \
             WHERE id = $4 AND version = $5 AND paused_at IS NOT NULL",
        )
        .bind(channel.0)
        .bind(deadline)
        .bind(now)
        .bind(game.0)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn answer_place_seen(&self, channel: ChannelId, guild: GuildId, now: i64) -> Result<()> {
        // A write a day at most, however often the place is used.
        sqlx::query(
            "INSERT INTO answer_places (channel_id, guild_id, seen_at) VALUES ($1, $2, $3) \
             ON CONFLICT (channel_id) DO UPDATE SET seen_at = excluded.seen_at \
             WHERE answer_places.seen_at < excluded.seen_at - 86400",
        )
        .bind(channel.0)
        .bind(guild.0)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn answers_only(&self, channel: ChannelId) -> Result<bool> {
        let row = sqlx::query("SELECT 1 FROM answer_places WHERE channel_id = $1")
            .bind(channel.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    async fn bot_joined(&self, guild: GuildId) -> Result<u64> {
        let done = sqlx::query("DELETE FROM answer_places WHERE guild_id = $1 AND guild_id <> 0")
            .bind(guild.0)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    async fn prune_answer_places(&self, before: i64, limit: i64) -> Result<u64> {
        let done = sqlx::query(
            "DELETE FROM answer_places WHERE channel_id IN ( \
               SELECT p.channel_id FROM answer_places p WHERE p.seen_at < $1 \
               AND NOT EXISTS (SELECT 1 FROM games g WHERE g.channel_id = p.channel_id \
                 AND g.status = 'active') \
               LIMIT $2)",
        )
        .bind(before)
        .bind(limit)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    async fn await_answer(
        &self,
        id: PostId,
        channel: ChannelId,
        dms: Vec<NewPost>,
        now: i64,
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        let done = sqlx::query(
            "UPDATE outbox SET delivered_at = $1 \
             WHERE id = $2 AND delivered_at IS NULL AND failed IS NULL",
        )
        .bind(now)
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 1 {
            sqlx::query("INSERT INTO answer_backlog (post_id, channel_id) VALUES ($1, $2)")
                .bind(id.0)
                .bind(channel.0)
                .execute(&mut *tx)
                .await?;
            insert_posts(&mut tx, dms, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn claim_backlog(
        &self,
        channel: ChannelId,
        now: i64,
        until: i64,
    ) -> Result<Vec<(PostId, Result<NewPost>)>> {
        let claimed = sqlx::query(
            "UPDATE answer_backlog SET claimed_until = $1 \
             WHERE channel_id = $2 AND claimed_until <= $3 RETURNING post_id",
        )
        .bind(until)
        .bind(channel.0)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        let mut posts = Vec::new();
        for row in &claimed {
            let id: PostId = row.read("post_id")?;
            let post = match self.post_row(id).await? {
                Some(row) => Ok(row.post),
                None => Err(StoreError::Corrupt {
                    table: "answer_backlog",
                    row: id.to_string(),
                    column: "post_id",
                    problem: "a post that is gone".into(),
                }),
            };
            posts.push((id, post));
        }
        posts.sort_by_key(|(id, _)| *id);
        Ok(posts)
    }

    async fn backlog_shown(&self, ids: &[PostId]) -> Result<()> {
        for id in ids {
            sqlx::query("DELETE FROM answer_backlog WHERE post_id = $1")
                .bind(id.0)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}

/// [`Store::redirect_posts`] in a transaction.
async fn redirect(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    game: GameId,
    from: ChannelId,
    to: ChannelId,
    now: i64,
) -> Result<()> {
    sqlx::query(&format!(
        "UPDATE outbox SET channel_id = $3, held_until = $4 WHERE {PENDING_THERE}"
    ))
    .bind(game.0)
    .bind(from.0)
    .bind(to.0)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

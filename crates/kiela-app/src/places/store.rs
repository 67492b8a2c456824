//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/places.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

/// A channel Discord refused: why (its error code) and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefusedChannel {
    pub channel_id: ChannelId,
    pub refusal: ChannelRefusal,
    pub refused_at: i64,
}

#[async_trait]
pub trait PlacesStore: Send + Sync {
    /// Whether `channel` is refused, and how: posts for it are not sent
    /// (the delivery hands them to [`crate::PlaceService`]).
    async fn refusal_of(&self, channel: ChannelId) -> Result<Option<ChannelRefusal>> {
        Ok(self
            .refused_channel(channel)
            .await?
            .map(|refused| refused.refusal))
    }

    /// Discord refused `channel` (`refusal`) at `now`: remembered, the
    /// latest refusal kept.
    async fn refuse_channel(
        &self,
        channel: ChannelId,
        refusal: ChannelRefusal,
        now: i64,
    ) -> Result<()>;

    /// Whether Discord refused `channel`, and how.
    async fn refused_channel(&self, channel: ChannelId) -> Result<Option<RefusedChannel>>;

    /// Every refused channel, by id.
    async fn refused_channels(&self) -> Result<Vec<RefusedChannel>>;

    /// `channel` works again: forgotten. False if it was not refused.
    async fn clear_refused_channel(&self, channel: ChannelId) -> Result<bool>;

    /// Outbox post `id`, whatever its state.
    async fn post_row(&self, id: PostId) -> Result<Option<PostRow>>;

    /// Game `game`, played in `from`, is played in `to` from now on, as a
    /// game without a thread (its last board, in `from`, is forgotten),
    /// and its posts not sent yet to `from` go to `to`, due at `now`;
    /// post `notice` (of them) says why first, then what it `says`, or, when it
    /// is `None`, `extra` is added after them. False, and nothing
    /// changes, if the game is no longer played in `from`.
    async fn move_game(
        &self,
        game: GameId,
        (from, to): (ChannelId, ChannelId),
        notice: Option<(PostId, &[Notice])>,
        extra: Option<NewPost>,
        now: i64,
    ) -> Result<bool>;

    /// Game `game`'s posts not sent yet to `from` go to `to` (where the
    /// game is played now), due at `now`.
    async fn redirect_posts(
        &self,
        game: GameId,
        (from, to): (ChannelId, ChannelId),
        now: i64,
    ) -> Result<()>;

    /// Game `game` has no place left (`from` refused, as `why` says): if
    /// it is still going and played in `from` (or about to open its
    /// thread there), its clock pauses at `now` (no deadline) and `dms`
    /// tell its players. Either way its posts not sent yet to `from`, or to
    /// wherever it is played, are given up. True if it paused now.
    async fn pause_game(
        &self,
        game: GameId,
        from: ChannelId,
        why: &str,
        dms: Vec<NewPost>,
        now: i64,
    ) -> Result<bool>;

    /// Paused game `game`, still at `version`, is played in `channel`
    /// from now on, its clock running again to `deadline`. False, and
    /// nothing changes, if it is not paused or changed since.
    async fn resume_game(
        &self,
        game: GameId,
        version: i64,
        channel: ChannelId,
        deadline: Option<i64>,
        now: i64,
    ) -> Result<bool>;

    /// `channel` (of `guild`; none for a group DM) is a place where the
    /// app only answers, seen at `now` (recorded at most once a day).
    async fn answer_place_seen(&self, channel: ChannelId, guild: GuildId, now: i64) -> Result<()>;

    /// Whether the app only answers in `channel`.
    async fn answers_only(&self, channel: ChannelId) -> Result<bool>;

    /// The bot is a member of `guild` now: the app may post in its
    /// channels. How many were answer-only.
    async fn bot_joined(&self, guild: GuildId) -> Result<u64>;

    /// Answer-only places not seen since `before`, and none of whose
    /// games goes on, are forgotten (at most `limit`). How many.
    async fn prune_answer_places(&self, before: i64, limit: i64) -> Result<u64>;

    /// Post `id`, for `channel`, where the app only answers: done for the
    /// delivery loop at `now` (`dms`, its copies for the players, are
    /// queued in the same transaction), it waits for the next answer there.
    async fn await_answer(
        &self,
        id: PostId,
        channel: ChannelId,
        dms: Vec<NewPost>,
        now: i64,
    ) -> Result<()>;

    /// The posts waiting for an answer in `channel`, oldest first, held
    /// until `until` by the answer showing them (not claimed by another
    /// answer before `now`).
    async fn claim_backlog(
        &self,
        channel: ChannelId,
        now: i64,
        until: i64,
    ) -> Result<Vec<(PostId, Result<NewPost>)>>;

    /// Posts `ids` were shown in their place: they wait no more.
    async fn backlog_shown(&self, ids: &[PostId]) -> Result<()>;
}

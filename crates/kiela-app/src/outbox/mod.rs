//! The outbox: every message a change must produce (a board and its ping,
//! the AI's reply, a result, a reminder, a loss on time, a challenge) is
//! stored with the change, in its transaction, as a post. Nothing a change
//! announces can then be lost between the database and Discord:
//!
//! - a user's action answers with its posts at once ([`Reply::posts`]); the
//!   posts wait for that answer (a short lease, [`super::Timing::answer_lease`],
//!   renewed while it is in flight: [`OutboxService::while_held`]), and it
//!   marks them delivered ([`OutboxService::delivered`]) or hands them back,
//!   to be posted ([`OutboxService::release`]) or, when the answer may have
//!   shown, looked for first ([`OutboxService::look_for`]);
//! - whatever is left (a failed answer, a crash, anything the clock does)
//!   goes to the delivery loop, which claims due posts
//!   ([`DeliveryService::claim_deliveries`]), posts them with their id as
//!   Discord's nonce (a retry returns the first message instead of making a
//!   second) and marks them delivered.
//!
//! A post keeps words, not pictures: a board post is its headline and a
//! ply, and its picture, menus and whose-turn line are composed when it is
//! sent, from the game, the one way every board message is built.

mod store;
pub use store::*;

use std::future::Future;
use std::sync::Arc;

use crate::notice::Notice;
use crate::store::ports::*;
use crate::store::{NewPost, PostTarget};
use kiela_i18n::Lang;
use serde::{Deserialize, Serialize};

use super::threads::posts_channel;
use super::{AppError, Loaded, NewThread, Place, Reply, Result};
use crate::vocabulary::{ChannelId, MessageId, PostId, UserId};

/// What the outbox adds to an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OutboxNotice {
    /// What the action made was posted in `channel`, not here.
    PostedElsewhere { channel: ChannelId },
}

/// A post to deliver, composed.
#[derive(Clone, Debug)]
pub struct Delivery {
    pub id: PostId,
    pub to: Destination,
    pub reply: Reply,
    /// The interaction that was answering with this post, and when the post
    /// was made: its answer may have gone out just before a crash, which
    /// Discord can tell while the token lives (15 minutes).
    pub answer_token: Option<String>,
    pub created_at: i64,
    /// Failed attempts so far (Discord refused it for a while).
    pub attempts: i64,
    /// Since when it has been failing for passing reasons (see
    /// [`OutboxService::failed_for_now`]).
    pub failing_since: Option<i64>,
    /// Set when an earlier try may have made its message already: that
    /// try's end was never recorded (a crash between the send and its
    /// record, a hang). Discord's nonce catches a second send for a few
    /// minutes only, so the message is looked for first.
    pub look_first: Option<LookFirst>,
}

/// Where a post an earlier try may have made is looked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LookFirst {
    /// Its message comes after this one, the last of its queue (`None`
    /// when its queue has no message stored: the latest ones are looked at).
    pub after: Option<MessageId>,
}

/// Where a post goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    Channel(ChannelId),
    /// A direct message to this user.
    User(UserId),
    /// An edit of a message already posted: it becomes the reply's text,
    /// without components.
    Edit {
        channel_id: ChannelId,
        message_id: MessageId,
    },
}

/// Seconds an interaction's token lets the bot read its answer back
/// (Discord keeps it 15 minutes; a minute is left for the asking).
pub const ANSWER_TOKEN_LIFE: i64 = 14 * 60;

/// Posts deleted at most per [`OutboxService::prune_outbox`].
const PRUNE_BATCH: i64 = 1000;

/// How long a post that keeps failing for passing reasons is tried before
/// it is parked: long enough for Discord or the database to come back,
/// short enough that nobody gets a day-old message.
pub const PARK_AFTER: i64 = 6 * 60 * 60;

/// Seconds to wait after the `failures`-th failure in a row: doubling from
/// 1 s to 5 minutes, plus up to half as much at random, so that posts
/// failing together do not all come back together.
pub fn backoff(failures: i64) -> i64 {
    let base = (1i64 << (failures - 1).clamp(0, 9)).min(300);
    base + fastrand::i64(0..=base / 2)
}

/// A post as the service makes it: its outbox id, and what it says.
pub(super) type Made = (PostId, NewPost);

/// A kind of post that is neither a board nor a line of words (a shared
/// analysis, a daily puzzle, a tournament's standings): composed when it
/// is delivered by the feature that made it, wired in `App`, so that the
/// outbox does not depend on those features.
#[async_trait::async_trait]
pub trait ComposePost: Send + Sync {
    /// Whether `post` is of this kind.
    fn composes(&self, post: &NewPost) -> bool;

    /// `post`'s reply, saying `says` in `lang`.
    async fn compose(&self, post: &NewPost, says: Vec<Notice>, lang: Lang) -> Result<Reply>;
}

crate::store::port_set! {
    /// The ports [`OutboxService`] reads and writes through.
    pub struct OutboxPorts {
        challenges: ChallengesStore,
        core: CoreStore,
        games: GamesStore,
        outbox: OutboxStore,
        tournaments: TournamentsStore,
    }
}

/// The posts every action makes: queued with its change, answered or delivered, held while sent.
#[derive(Clone)]
pub struct OutboxService {
    pub(crate) base: crate::Base,
    pub(crate) db: OutboxPorts,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) composers: Vec<Arc<dyn ComposePost>>,
}

impl OutboxService {
    /// A public post in `place`, in its language, held for the answer to
    /// the interaction that makes it.
    pub(crate) fn post_in(&self, place: Place, says: impl Into<Notice>) -> NewPost {
        NewPost {
            to: PostTarget::Channel(place.channel_id),
            says: vec![says.into()],
            lang: place.lang.locale().to_string(),
            hold: self.base.timing.answer_lease,
            ..NewPost::default()
        }
    }

    /// A board post of `loaded` at `ply`: `headline` and the board, held
    /// for the answer to the interaction that makes it if `answered`.
    pub(crate) fn board_post(
        &self,
        loaded: &Loaded,
        ply: i64,
        headline: impl Into<Notice>,
        lang: Lang,
        answered: bool,
    ) -> NewPost {
        let to = posts_channel(&loaded.row);
        NewPost {
            to,
            game_id: Some(loaded.row.id),
            ply: Some(ply),
            says: vec![headline.into()],
            lang: lang.locale().to_string(),
            // No answer can deliver a post to a thread not open yet.
            hold: if answered && to != PostTarget::GameChannel {
                self.base.timing.answer_lease
            } else {
                0
            },
            ..NewPost::default()
        }
    }

    /// The answer to an action in `place` that made `posts`: those that
    /// belong here, delivered by the answer, while the delivery loop posts
    /// the others (in the game's thread, in a lobby); or, when none belongs
    /// here (the game is played in another channel), a private copy for the
    /// user, while the delivery loop posts them there. Direct messages and
    /// edits among them are never the answer: the delivery loop makes them.
    /// `held` is the game as the action left it, if it has one: its board
    /// is composed from it, not read again.
    pub(crate) async fn answer(
        &self,
        place: Place,
        posts: &[Made],
        held: Option<&Loaded>,
    ) -> Result<Reply> {
        // Direct messages and edits of earlier messages are never the
        // answer: the delivery loop makes them.
        let (by_the_loop, posts): (Vec<Made>, Vec<Made>) = (posts.iter().cloned())
            .partition(|(_, post)| matches!(post.to, PostTarget::Dm(_)) || post.edits.is_some());
        let posts = posts.as_slice();
        let (here, elsewhere): (Vec<Made>, Vec<Made>) = posts
            .iter()
            .cloned()
            .partition(|(_, post)| post.to == PostTarget::Channel(place.channel_id));
        if here.is_empty() {
            let mut reply = self.compose(posts, held).await?;
            let channel = match self.destination(&elsewhere[0].1).await? {
                Destination::Channel(id) | Destination::Edit { channel_id: id, .. } => id,
                // Direct messages were set apart above.
                Destination::User(_) => unreachable!("a direct message is posted elsewhere"),
            };
            reply.say_first(OutboxNotice::PostedElsewhere { channel });
            reply.private = true;
            reply.ping.clear();
            reply.thread = None;
            return Ok(reply);
        }
        let mut reply = self.compose(&here, held).await?;
        if !elsewhere.is_empty() {
            let ids: Vec<PostId> = elsewhere.iter().map(|(id, _)| *id).collect();
            self.release(&ids).await?;
            reply.followed = true;
        }
        reply.followed |= !by_the_loop.is_empty();
        Ok(reply)
    }

    /// Where `post` goes now: a user, or a channel (a game's posts made
    /// while its thread was being opened go to the game's channel as it
    /// is when they are sent).
    pub(crate) async fn destination(&self, post: &NewPost) -> Result<Destination> {
        Ok(match (post.to, post.game_id) {
            (PostTarget::Dm(user), _) => Destination::User(user),
            // A tournament's news: to its thread once it is open (not the
            // post the thread is opened from).
            (PostTarget::Channel(lobby), _)
                if post.news_of.is_some() && post.thread_name.is_none() =>
            {
                let thread = match post.news_of {
                    Some(id) => self.db.tournaments.tournament_thread(id).await?,
                    None => None,
                };
                Destination::Channel(thread.unwrap_or(lobby))
            }
            (PostTarget::Channel(channel), _) => Destination::Channel(channel),
            (PostTarget::GameChannel, Some(game)) => {
                let row = self
                    .db
                    .games
                    .game(game)
                    .await?
                    .ok_or(AppError::NoSuchGame(game))?;
                Destination::Channel(row.channel_id)
            }
            (PostTarget::GameChannel, None) => {
                return Err(AppError::Internal("a game's post without a game".into()))
            }
        })
    }

    /// The message that post `id` edits, the delivery of post `original`
    /// (claimed only once that was delivered or given up): `None`, and post
    /// `id` is given up, when there is none.
    pub(crate) async fn edit_target(
        &self,
        id: PostId,
        original: PostId,
    ) -> Result<Option<Destination>> {
        let Some(found) = self.db.outbox.post_message(original).await? else {
            self.give_up(id, "edit-of-an-unknown-post").await?;
            return Ok(None);
        };
        match found.message_id {
            Some(message_id) => Ok(Some(Destination::Edit {
                channel_id: found.channel_id,
                message_id,
            })),
            // Nothing to edit: the message was never posted.
            None => {
                self.give_up(id, "edit-of-an-unposted-message").await?;
                Ok(None)
            }
        }
    }

    /// The message of `posts` (made together by one action, in order) as
    /// one reply that delivers them all: their texts in turn, and if the
    /// last is a board post, its board: from `held` when that is the game
    /// at the post's ply, else as stored.
    pub(crate) async fn compose(&self, posts: &[Made], held: Option<&Loaded>) -> Result<Reply> {
        let (_, last) = posts
            .last()
            .ok_or_else(|| AppError::Internal("nothing to compose".into()))?;
        let lang = Lang::from_locale(&last.lang);
        let says: Vec<Notice> = posts
            .iter()
            .flat_map(|(_, post)| post.says.iter().cloned())
            .collect();
        let mut reply = match (last.game_id, last.ply) {
            (Some(game), Some(ply)) => {
                let stored;
                let loaded = match held {
                    Some(held) if held.row.id == game && held.ply() == ply => held,
                    _ => {
                        stored = self.games.load_at(game, Some(ply)).await?;
                        &stored
                    }
                };
                let mut reply = self.games.board_reply(loaded, says, lang).await?;
                // The last board of a game played in a thread: the lobby's
                // result line follows it.
                reply.followed = loaded.row.lobby_channel_id.is_some() && loaded.game.is_over();
                reply
            }
            _ => match self.composers.iter().find(|c| c.composes(last)) {
                Some(composer) => composer.compose(last, says, lang).await?,
                None => Reply {
                    says,
                    challenge: last.challenge_id,
                    open_challenge: match last.challenge_id {
                        Some(id) => {
                            (self.db.challenges.challenge(id).await?).is_some_and(|c| c.is_open())
                        }
                        None => false,
                    },
                    tournament: last.tournament_id,
                    draw_line: last.game_id.zip(last.draw_ply),
                    lang,
                    ..Reply::default()
                },
            },
        };
        for (_, post) in posts {
            for &user in &post.pings {
                if !reply.ping.contains(&user) {
                    reply.ping.push(user);
                }
            }
        }
        reply.posts = posts.iter().map(|(id, _)| *id).collect();
        reply.thread = posts.iter().find_map(|(_, post)| {
            Some(NewThread {
                game_id: post.game_id,
                tournament_id: post.news_of,
                name: post.thread_name.clone()?,
            })
        });
        reply.followed |= reply.thread.is_some();
        Ok(reply)
    }

    /// Seconds a hold on a post lasts, an answer's or the delivery loop's
    /// ([`super::Timing::answer_lease`]): its holder renews it while its
    /// send is in flight ([`OutboxService::while_held`]), so a holder that
    /// dies lets it go within this.
    pub fn lease(&self) -> i64 {
        self.base.timing.answer_lease.max(1)
    }

    /// Posts `ids` are still held by whoever holds them: their lease
    /// starts again.
    pub async fn renew(&self, ids: &[PostId]) -> Result<()> {
        let now = self.base.now();
        for &id in ids {
            self.db
                .outbox
                .renew_post(id, now, now + self.lease())
                .await?;
        }
        Ok(())
    }

    /// Runs `send` (an answer or a send of posts `ids`), renewing their
    /// hold every third of a lease until it ends: the one way a hold is kept, by
    /// an answer as by the delivery loop. A holder that dies stops renewing.
    pub async fn while_held<T>(&self, ids: &[PostId], send: impl Future<Output = T>) -> T {
        if ids.is_empty() {
            return send.await;
        }
        // A third of the lease: a holder slowed down once keeps its hold.
        let every = std::time::Duration::from_secs(self.lease() as u64) / 3;
        let renew = async {
            loop {
                tokio::time::sleep(every).await;
                if let Err(e) = self.renew(ids).await {
                    tracing::warn!(posts = ?ids, "cannot renew the hold on posts: {e}");
                }
            }
        };
        tokio::select! {
            done = send => done,
            never = renew => never,
        }
    }

    /// An interaction is about to answer with posts `ids`: they wait for it
    /// (for a lease, renewed while the answer is in flight), and its token
    /// is kept to check, after a crash, whether the answer went out. False
    /// if the delivery loop already holds them (the action outlasted their
    /// hold): the loop posts them, and the answer must not.
    pub async fn answering(&self, ids: &[PostId], token: &str) -> Result<bool> {
        Ok(self
            .db
            .outbox
            .answering(ids, token, self.base.now() + self.lease())
            .await?)
    }

    /// The process starts: posts an answer of an earlier process held
    /// (which died holding them) are for the delivery loop at once, which
    /// looks for the answer before posting. Only with SQLite, which one
    /// process uses: with PostgreSQL another process may be answering
    /// with them, and they go after one lease without renewal.
    pub async fn settle_abandoned_answers(&self) -> Result<u64> {
        if self.db.core.backend() != crate::store::Backend::Sqlite {
            return Ok(0);
        }
        Ok(self.db.outbox.end_answer_holds(self.base.now()).await?)
    }

    /// Posts `ids` are on Discord, as message `message_id`.
    pub async fn delivered(&self, ids: &[PostId], message_id: MessageId) -> Result<()> {
        Ok(self
            .db
            .outbox
            .delivered(ids, message_id, self.base.now())
            .await?)
    }

    /// The answer meant to deliver posts `ids` surely did not: the
    /// delivery loop posts them now.
    pub async fn release(&self, ids: &[PostId]) -> Result<()> {
        Ok(self
            .db
            .outbox
            .release_posts(ids, self.base.now(), false)
            .await?)
    }

    /// The answer meant to deliver posts `ids` failed in a way that may
    /// have shown it (a 5xx, no answer, a failed read-back): the delivery
    /// loop takes them now, looks for the answer (and the channel's recent
    /// messages), and posts them only if it is not there.
    pub async fn look_for(&self, ids: &[PostId]) -> Result<()> {
        Ok(self
            .db
            .outbox
            .release_posts(ids, self.base.now(), true)
            .await?)
    }

    /// Post `id` (failing since `failing_since`, if it failed before,
    /// `attempts` times) failed for a reason that may pass (a 5xx, a rate
    /// limit, a busy database): it is tried again after a backoff, and
    /// parked (given up, saying why) once it has failed for [`PARK_AFTER`]
    /// of the bot's own time: an outage moves `failing_since` on as it
    /// moves the games' deadlines (see `clocks::outage`), so a post made
    /// before a long downtime gets its hours of tries after it.
    pub async fn failed_for_now(
        &self,
        id: PostId,
        failing_since: Option<i64>,
        attempts: i64,
        why: &str,
    ) -> Result<()> {
        let now = self.base.now();
        if now - failing_since.unwrap_or(now) >= PARK_AFTER {
            let hours = PARK_AFTER / 3600;
            tracing::error!(post = %id, "a post failed for {hours} h, parking it: {why}");
            return self
                .give_up(id, &format!("still failing after {hours} h: {why}"))
                .await;
        }
        let seconds = backoff(attempts + 1);
        tracing::warn!(post = %id, "a post failed, again in {seconds} s: {why}");
        Ok(self.db.outbox.retry_post(id, now + seconds, now).await?)
    }

    /// Discord refuses post `id` for good (no permission, closed direct
    /// messages, a channel that is gone): it is not tried again.
    pub async fn give_up(&self, id: PostId, why: &str) -> Result<()> {
        Ok(self.db.outbox.give_up_post(id, why).await?)
    }

    /// Deletes old posts (see [`super::Timing::keep_posts`]), a batch at a
    /// time so that a long backlog never holds the database for long.
    /// Returns how many went.
    pub async fn prune_outbox(&self) -> Result<u64> {
        let now = self.base.now();
        let keep = self.base.timing.keep_posts;
        Ok(self
            .db
            .outbox
            .prune_posts(now - keep, now - 4 * keep, PRUNE_BATCH)
            .await?)
    }

    /// Posts not delivered yet (nor given up).
    pub async fn undelivered(&self) -> Result<i64> {
        Ok(self.db.outbox.pending_posts().await?)
    }
}

//! The background tasks of play over days: the clock (reminders, losses on
//! time, AI turns left behind) and the delivery loop, which posts whatever
//! the outbox holds that no answer delivered.

use std::collections::HashSet;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{ChannelId, EditMessage, GetMessages, Http, Message, MessageFlags, UserId};
use serenity::http::HttpError;
use tokio::sync::{watch, Notify, Semaphore};
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;
use tracing::{error, info, warn};

use kiela_app::{
    self, App, ChannelRefusal, Clock, Delivery, Destination, DueEvent, GameId, GuildId, LookFirst,
    Place, PostId,
};

use super::features::rows_for;
use super::respond::{open_thread, replace_board, Post, PostedBoard};
use super::InFlight;
use crate::snowflakes::{Ours, Theirs};

/// Every `interval`, fires what the clock made due. Everything it needs is
/// in the database, so a restart loses nothing; each event fires once, and
/// what it says goes to the outbox (then `wake` calls the delivery loop).
/// `looked_back` is set once its first look has moved the clocks over an
/// outage (or failed to); `passes` counts the passes done.
pub async fn run(
    service: App,
    clock: Arc<dyn Clock>,
    interval: Duration,
    wake: Arc<Notify>,
    (looked_back, passes): (watch::Sender<bool>, watch::Sender<u64>),
) {
    let mut tick = tokio::time::interval(interval);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut started = true;
    loop {
        tick.tick().await;
        match service
            .clocks
            .keep_alive(interval.as_secs() as i64, started)
            .await
        {
            Ok(_) => started = false,
            Err(e) => warn!("cannot record that the bot is alive: {e}"),
        }
        looked_back.send_replace(true);
        // Nothing is due before the look back at an outage has moved the
        // deadlines that fell in it: a failed first look tries again at
        // the next tick, and no game is lost on time meanwhile.
        if !started {
            match service.clocks.due_events(clock.now()).await {
                Ok(events) => {
                    for event in events {
                        fire(&service, event, &wake).await;
                    }
                }
                Err(e) => warn!("cannot look for due games: {e}"),
            }
        }
        for job in [Job::Tournaments, Job::DailyPuzzles, Job::PuzzleMining] {
            let service = service.clone();
            let made = tokio::spawn(async move {
                match job {
                    Job::Tournaments => service.tournaments.advance_tournaments().await,
                    Job::DailyPuzzles => service.puzzles.post_daily_puzzles().await,
                    // Only when the daily puzzle's supply runs low; the
                    // search on the blocking pool.
                    Job::PuzzleMining => service.puzzles.mine_when_low().await.map(|_| 0),
                }
            });
            // In a task of its own: a panic is logged and the clock goes on.
            match made.await {
                Ok(Ok(0)) => {}
                Ok(Ok(_)) => wake.notify_one(),
                Ok(Err(e)) => warn!(?job, "a clock job failed: {e}"),
                Err(e) => error!(?job, "a clock job panicked: {e}"),
            }
        }
        if let Err(e) = service.outbox.prune_outbox().await {
            warn!("cannot delete old posts: {e}");
        }
        passes.send_modify(|done| *done += 1);
    }
}

/// The clock's work beside the games' events, once a pass.
#[derive(Clone, Copy, Debug)]
enum Job {
    Tournaments,
    DailyPuzzles,
    PuzzleMining,
}

/// Fires one due event in a task of its own, so that a panic in one game
/// (say, in the AI's search) stops that game's clock, not every clock.
async fn fire(service: &App, event: DueEvent, wake: &Notify) {
    let fired = tokio::spawn({
        let service = service.clone();
        async move { service.clocks.fire(event).await }
    });
    let why = match fired.await {
        Ok(Ok(fired)) => {
            if fired {
                wake.notify_one();
            }
            return;
        }
        Ok(Err(e)) if service.is_passing(&e) => {
            warn!(?event, "a due event failed, again at the next pass: {e}");
            return;
        }
        Ok(Err(e)) => e.to_string(),
        Err(e) => format!("it panicked: {e}"),
    };
    match event.game_id() {
        Some(game) => {
            if let Err(e) = service.clocks.stop_clock(game, &why).await {
                warn!(%game, "cannot stop the game's clock: {e}");
            }
        }
        None => error!(?event, "a due event failed: {why}"),
    }
}

/// Runs the loop `start` makes, and starts it again if it panics (after a
/// second, doubling up to a minute), so that one bug cannot stop the
/// clocks or the deliveries for good.
pub async fn supervise<F, L>(name: &'static str, start: F)
where
    F: Fn() -> L,
    L: Future<Output = ()> + Send + 'static,
{
    /// The running loop, stopped with its supervisor.
    struct Running(JoinHandle<()>);
    impl Drop for Running {
        fn drop(&mut self) {
            self.0.abort();
        }
    }
    let mut wait = Duration::from_secs(1);
    loop {
        let mut running = Running(tokio::spawn(start()));
        match (&mut running.0).await {
            Ok(()) => error!("the {name} loop ended, starting it again in {wait:?}"),
            Err(e) => error!("the {name} loop failed, starting it again in {wait:?}: {e}"),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(60));
    }
}

/// Posts delivered at once. A claim takes only the first undelivered post
/// of each queue (a channel, a user's direct messages, a game), so they
/// all go to different places: one slow or failing destination holds one
/// worker, never the others.
const WORKERS: usize = 4;

/// The longest one post may take (a request that hangs, a rate limit slept
/// through): it is then tried again after a backoff, with its nonce.
const SEND_TIMEOUT: Duration = Duration::from_secs(120);

/// Posts what the outbox holds, when woken and at least every `poll`.
/// `in_flight` counts the posts being sent; `passes` counts the passes
/// that left nothing to post.
pub async fn deliver(
    service: App,
    http: Arc<Http>,
    poll: Duration,
    wake: Arc<Notify>,
    in_flight: Arc<InFlight>,
    (mut looked_back, passes): (watch::Receiver<bool>, watch::Sender<u64>),
) {
    // After an outage, the clock's first look moves the failing posts'
    // times on (see `App::keep_alive`): a post tried before would
    // count the outage as hours of failures.
    // (No clock loop any more, at shutdown: nothing to wait for.)
    let _ = looked_back.wait_for(|&looked| looked).await;
    let workers = Arc::new(Semaphore::new(WORKERS));
    // Posts this process is sending: claimed again (their lease ran out
    // while a send hangs), they are left to the worker that has them.
    let sending = Arc::new(Mutex::new(HashSet::new()));
    loop {
        let free = workers.available_permits();
        if free > 0 {
            match service.delivery.claim_deliveries(free as i64).await {
                Ok(batch) if !batch.is_empty() => {
                    for delivery in batch {
                        let Some(sending) = Sending::start(&sending, delivery.id) else {
                            continue;
                        };
                        let worker = workers.clone().acquire_owned().await;
                        let worker = worker.expect("the workers are never closed");
                        let (service, http, wake) = (service.clone(), http.clone(), wake.clone());
                        let working = in_flight.start();
                        tokio::spawn(async move {
                            deliver_watched(&service, &http, delivery).await;
                            drop((sending, worker, working));
                            // The next post of its queue may be due now.
                            wake.notify_one();
                        });
                    }
                    continue;
                }
                Ok(_) if free == WORKERS => passes.send_modify(|done| *done += 1),
                Ok(_) => {}
                Err(e) => warn!("cannot read the outbox: {e}"),
            }
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(poll) => {}
        }
    }
}

/// A post one of this process's workers is sending, until it is dropped
/// (even by a panic).
struct Sending(Arc<Mutex<HashSet<PostId>>>, PostId);

impl Sending {
    /// `None` if a worker is sending post `id` already.
    fn start(sending: &Arc<Mutex<HashSet<PostId>>>, id: PostId) -> Option<Sending> {
        let mut set = sending.lock().unwrap_or_else(|e| e.into_inner());
        set.insert(id).then(|| Sending(sending.clone(), id))
    }
}

impl Drop for Sending {
    fn drop(&mut self) {
        let mut set = self.0.lock().unwrap_or_else(|e| e.into_inner());
        set.remove(&self.1);
    }
}

/// Delivers one post, renewing its hold while the send is in flight (so
/// that no other process takes it meanwhile), within [`SEND_TIMEOUT`].
async fn deliver_watched(service: &App, http: &Http, delivery: Delivery) {
    let tried = Tried::of(&delivery);
    let sent = tokio::time::timeout(SEND_TIMEOUT, deliver_one(service, http, delivery));
    if service.outbox.while_held(&[tried.id], sent).await.is_err() {
        let why = format!("no answer from Discord within {SEND_TIMEOUT:?}");
        let failed =
            service
                .outbox
                .failed_for_now(tried.id, tried.failing_since, tried.attempts, &why);
        if let Err(e) = failed.await {
            warn!(post = %tried.id, "cannot record a failed post: {e}");
        }
    }
}

/// What to do with a post Discord refused.
enum Failure {
    /// It may pass: try again later (see [`App::failed_for_now`]).
    Retry,
    /// Discord will never take it: why, and whether it refuses the
    /// channel itself (a game played there then follows its place).
    GiveUp(String, Option<ChannelRefusal>),
}

async fn deliver_one(service: &App, http: &Http, delivery: Delivery) {
    let id = delivery.id;
    let tried = Tried::of(&delivery);
    let lang = delivery.reply.lang;
    if let Destination::Edit {
        channel_id,
        message_id,
    } = delivery.to
    {
        // A PATCH is idempotent: a retry needs no nonce.
        // An edit shows the buttons its post has (a tournament's sign-up
        // keeps Join and Leave), or none (a challenge answered).
        // An edit is one message: every edit the bot makes fits one (the
        // sign-up calls its players by mention for that); one that did
        // not would lose its last lines, never a line's end.
        let text = crate::words::says(delivery.reply.lang, &delivery.reply.says);
        let mut pages = crate::limits::pages(&text).into_iter();
        if pages.len() > 1 {
            warn!(post = %id, "an edit too long for one message: its first lines only");
        }
        let edit = EditMessage::new()
            .components(rows_for(&delivery.reply))
            .content(pages.next().unwrap_or_default());
        let edited = channel_id
            .theirs()
            .edit_message(http, message_id.theirs(), edit)
            .await;
        let edited = edited.map(|message| message.id.ours());
        return settle(service, tried, edited, None).await;
    }
    let found = match answered(service, http, &delivery).await {
        Answered::Yes(message) => Some(*message),
        Answered::No => None,
        Answered::Unknown(why) => {
            // Posting now might post it twice: ask again after a backoff.
            let why = format!("cannot tell whether its answer was shown: {why}");
            let failed =
                service
                    .outbox
                    .failed_for_now(id, tried.failing_since, tried.attempts, &why);
            if let Err(e) = failed.await {
                warn!(post = %id, "cannot record a failed post: {e}");
            }
            return;
        }
    };
    let post = Post::of(delivery.reply);
    let sent = async {
        if let Some(message) = found {
            return Ok(message);
        }
        let channel = match delivery.to {
            Destination::Channel(channel) => channel.theirs(),
            Destination::User(user) => user.theirs().create_dm_channel(http).await?.id,
            // Made above.
            Destination::Edit { .. } => unreachable!(),
        };
        if let Some(look) = delivery.look_first {
            let bot = service.bot().id.theirs();
            if let Some(message) = posted_before(http, channel, bot, &post, look).await? {
                info!(post = %id, "a post an earlier try made is on Discord already");
                return Ok(message);
            }
        }
        post.send(http, channel, format!("kiela-{id}")).await
    };
    // A list too long for one message goes on in the next ones, before
    // the post counts as delivered (a retry's nonces keep them single).
    let sent = match sent.await {
        Ok(message) => {
            let nonce = format!("kiela-{id}");
            (post.send_rest(http, message.channel_id, &nonce).await).map(|()| message)
        }
        Err(e) => Err(e),
    };
    let sent = match sent {
        Ok(message) => match &post.thread {
            Some(thread) => open_thread(service, http, &message, thread)
                .await
                .map(|()| message),
            None => Ok(message),
        },
        Err(e) => Err(e),
    };
    match sent {
        Ok(message) => {
            if let Err(e) = service.outbox.delivered(&[id], message.id.ours()).await {
                warn!(post = %id, "cannot mark a post delivered: {e}");
            }
            // A board in the game's channel becomes the game's board; one
            // sent by DM keeps its menu (pressed late, it answers with the
            // current board, like any stale one).
            if let (Some(game), Destination::Channel(_)) = (post.board, delivery.to) {
                let board = PostedBoard::new(game, message.id);
                // The loop posts only where the bot may (it edits there too).
                let channel = message.channel_id;
                let place = Place::new(GuildId::NONE, channel.ours(), lang);
                replace_board(service, http, channel, board, &place).await;
            }
        }
        Err(e) => {
            let thread = post.thread.as_ref().and_then(|(thread, _)| thread.game_id);
            settle(service, tried, Err(e), thread).await
        }
    }
}

/// A post being delivered: its id, since when and how often it failed
/// before.
#[derive(Clone, Copy)]
struct Tried {
    id: PostId,
    failing_since: Option<i64>,
    attempts: i64,
    /// The channel it was sent to (none for a direct message).
    channel: Option<kiela_app::ChannelId>,
}

impl Tried {
    fn of(delivery: &Delivery) -> Tried {
        Tried {
            id: delivery.id,
            failing_since: delivery.failing_since,
            attempts: delivery.attempts,
            channel: match delivery.to {
                Destination::Channel(channel) => Some(channel),
                Destination::Edit { channel_id, .. } => Some(channel_id),
                Destination::User(_) => None,
            },
        }
    }
}

/// Records how delivering a post went: done (as a message), or to try
/// again or give up (a post that was to open game `thread`'s thread then
/// leaves the game in its channel).
async fn settle(
    service: &App,
    tried: Tried,
    sent: serenity::Result<kiela_app::MessageId>,
    thread: Option<GameId>,
) {
    let id = tried.id;
    match sent {
        Ok(message) => {
            if let Err(e) = service.outbox.delivered(&[id], message).await {
                warn!(post = %id, "cannot mark a post delivered: {e}");
            }
        }
        Err(e) => {
            let done = match (failure(&e), tried.channel) {
                (Failure::Retry, _) => {
                    let why = format!("Discord did not take it: {e}");
                    (service
                        .outbox
                        .failed_for_now(id, tried.failing_since, tried.attempts, &why))
                    .await
                }
                // The channel itself is refused: its game follows its place
                // (not a thread refused where the line was posted).
                (Failure::GiveUp(why, Some(refusal)), Some(channel)) if thread.is_none() => {
                    warn!(post = %id, "Discord refuses a post's channel: {why}");
                    service.places.place_refused(id, channel, refusal).await
                }
                (Failure::GiveUp(why, _), _) => {
                    warn!(post = %id, "Discord refuses a post, giving it up: {why}");
                    if let Some(game) = thread {
                        // No line to open it from: the game stays in the channel.
                        if let Err(e) = service.threads.thread_refused(game).await {
                            warn!(post = %id, "cannot record where the game is played: {e}");
                        }
                    }
                    service.outbox.give_up(id, &why).await
                }
            };
            if let Err(e) = done {
                warn!(post = %id, "cannot record a failed post: {e}");
            }
        }
    }
}

/// The message an earlier try of `post` made in `channel`, if one did:
/// the first of the bot's messages after `look.after` (the last message
/// of the post's queue, so no earlier post can be taken for it) that says
/// what the post says, with the same files. A failed look fails the
/// delivery, which is tried again later: posting blind might post twice.
async fn posted_before(
    http: &Http,
    channel: ChannelId,
    bot: UserId,
    post: &Post,
    look: LookFirst,
) -> serenity::Result<Option<Message>> {
    let mut recent = GetMessages::new().limit(100);
    if let Some(after) = look.after {
        recent = recent.after(after.theirs());
    }
    let messages = channel.messages(http, recent).await?;
    let files = post.file_names();
    Ok(messages
        .into_iter()
        .filter(|m| m.author.id == bot && m.content.trim() == post.text.trim())
        .filter(|m| {
            m.attachments
                .iter()
                .map(|a| a.filename.as_str())
                .eq(files.iter().copied())
        })
        .min_by_key(|m| m.id))
}

/// Whether an interaction's answer already made a post's message.
enum Answered {
    Yes(Box<Message>),
    No,
    /// Discord could not say (a 5xx, the network): not known yet.
    Unknown(String),
}

/// The message an interaction's answer already made for this post, if the
/// answer went out before the process could say so (a crash between the
/// two). A placeholder that never got its answer is taken away.
async fn answered(service: &App, http: &Http, delivery: &Delivery) -> Answered {
    let Some(token) = delivery.answer_token.as_deref() else {
        return Answered::No;
    };
    // Past its token's life, Discord cannot say: the channel is looked at
    // instead (`Delivery::look_first`).
    if delivery.created_at + kiela_app::ANSWER_TOKEN_LIFE < service.now() {
        return Answered::No;
    }
    let original = match http.get_original_interaction_response(token).await {
        Ok(original) => original,
        Err(e) => {
            return match failure(&e) {
                // Refused: no answer was made (or the token is gone).
                Failure::GiveUp(..) => Answered::No,
                Failure::Retry => Answered::Unknown(e.to_string()),
            };
        }
    };
    if original
        .flags
        .is_some_and(|f| f.contains(MessageFlags::LOADING))
    {
        let _ = http.delete_original_interaction_response(token).await;
        return Answered::No;
    }
    info!(post = %delivery.id, "a post was answered before a restart");
    Answered::Yes(Box::new(original))
}

/// Retry what may pass later (rate limits, Discord's own errors, the
/// network); give up on what never will (no permission, closed direct
/// messages, a channel that is gone, a message Discord finds malformed).
fn failure(error: &serenity::Error) -> Failure {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            if status == 429 || status >= 500 {
                Failure::Retry
            } else {
                let code = response.error.code as i64;
                Failure::GiveUp(
                    format!("{status} {code} {}", response.error.message),
                    crate::codes::channel_refusal(code),
                )
            }
        }
        _ => Failure::Retry,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_panicking_loop_is_started_again() {
        let starts = Arc::new(AtomicUsize::new(0));
        let supervisor = tokio::spawn(supervise("test", {
            let starts = starts.clone();
            move || {
                let start = starts.fetch_add(1, SeqCst);
                async move {
                    assert!(start >= 2, "a bug in start {start}");
                    std::future::pending::<()>().await
                }
            }
        }));
        // The paused clock skips the waits between starts.
        while starts.load(SeqCst) < 3 {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        tokio::time::sleep(Duration::from_secs(600)).await;
        supervisor.abort();
        assert_eq!(starts.load(SeqCst), 3, "the third start runs on");
    }
}

//! Answering an interaction within Discord's 3 seconds: the answer is sent
//! as soon as it is ready; if it is not ready after
//! [`Timing::defer_after`](kiela_app::Timing::defer_after), the
//! interaction is deferred first and the answer edited in afterwards.

use std::future::Future;
use std::sync::Arc;

use serenity::all::{
    AutoArchiveDuration, Builder, ChannelId, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateModal, CreateThread,
    EditInteractionResponse, EditMessage, Http, InteractionId, Message, MessageFlags, MessageId,
    Nonce,
};
use serenity::http::HttpError;
use tokio::sync::{watch, Notify};
use tracing::{info, warn};

use kiela_app::{
    self, App, BoardMessage, ChannelRefusal, GameId, GameRef, NewThread, Picture, Place, PostId,
    Reply,
};

use super::features::{self, playing};
use crate::limits::{pages, Document};
use crate::snowflakes::{Ours, Theirs};

/// A message to post: text, the board picture, components, who to ping.
#[derive(Clone, Debug, Default)]
pub struct Post {
    pub text: String,
    /// With its file's name and its alt text, worded.
    pub picture: Option<(Picture, String, String)>,
    /// A text file beside the picture (a long game record).
    pub document: Option<Document>,
    pub rows: Vec<CreateActionRow>,
    /// Users this message may notify (every other mention stays silent).
    pub ping: Vec<kiela_app::UserId>,
    /// Only for the user who acted.
    pub ephemeral: bool,
    /// The messages that follow `text` when it does not fit in one: a
    /// list goes on in the next, whole lines each (see [`pages`]).
    pub rest: Vec<String>,
    /// The game (and ply) whose board this is (a public post with its
    /// picture): it becomes the game's board, and the one before loses its
    /// menus.
    pub board: Option<GameRef>,
    /// The outbox posts this is (see [`kiela_app::Reply::posts`]).
    pub posts: Vec<PostId>,
    /// A game's thread to open from this message once it is posted.
    /// With its name worded (see [`crate::words::thread_name`]).
    pub thread: Option<(NewThread, String)>,
    /// More posts wait for this one (see [`kiela_app::Reply::followed`]).
    pub followed: bool,
    /// A review step: it replaces the step it was asked from (see
    /// [`Responder::updating`]).
    pub replaces: bool,
}

impl Post {
    /// A private note for the user who acted.
    pub fn private(text: impl Into<String>) -> Post {
        Post {
            text: text.into(),
            ephemeral: true,
            ..Post::default()
        }
    }

    /// A private copy of this for the user who acted, delivering none of
    /// its posts (the delivery loop does).
    fn private_copy(self) -> Post {
        Post {
            ephemeral: true,
            ping: Vec::new(),
            board: None,
            posts: Vec::new(),
            thread: None,
            followed: false,
            ..self
        }
    }

    /// A service reply, with the components that act on it.
    pub fn of(reply: Reply) -> Post {
        let rows = features::rows_for(&reply);
        let extension = reply
            .picture
            .as_ref()
            .map_or("png", |p| p.format.extension());
        let file_name = match reply.game {
            Some(game) => format!("kiela-{}-{}.{extension}", game.id, game.ply),
            None => format!("kiela.{extension}"),
        };
        let board = reply.public_board();
        let document = crate::limits::attachment(&reply);
        let mut pages = pages(&crate::words::says(reply.lang, &reply.says));
        let text = pages.remove(0);
        Post {
            text,
            rest: pages,
            picture: reply.picture.map(|p| {
                let alt = crate::words::alt_text(reply.lang, &p.alt_text);
                (p, file_name, alt)
            }),
            document,
            rows,
            ping: reply.ping,
            ephemeral: reply.private,
            board,
            posts: reply.posts,
            thread: reply.thread.map(|thread| {
                let name = crate::words::thread_name(reply.lang, &thread.name);
                (thread, name)
            }),
            followed: reply.followed,
            replaces: reply.review.is_some(),
        }
    }

    fn attachments(&self) -> Vec<CreateAttachment> {
        let picture = self.picture.as_ref().map(|(picture, name, alt)| {
            CreateAttachment::bytes(picture.bytes.clone(), name.as_str()).description(alt.clone())
        });
        let document = self
            .document
            .as_ref()
            .map(|d| CreateAttachment::bytes(d.text.clone().into_bytes(), d.file_name.as_str()));
        picture.into_iter().chain(document).collect()
    }

    /// The names of the files it is sent with, in order.
    pub fn file_names(&self) -> Vec<&str> {
        let picture = self.picture.as_ref().map(|(_, name, _)| name.as_str());
        let document = self.document.as_ref().map(|d| d.file_name.as_str());
        picture.into_iter().chain(document).collect()
    }

    fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.ping.iter().map(|&id| id.theirs()))
    }

    /// As an interaction's first answer: the update's content, private
    /// or not.
    fn response(&self) -> CreateInteractionResponseMessage {
        self.update().ephemeral(self.ephemeral)
    }

    /// As the new content of the message its interaction came from.
    fn update(&self) -> CreateInteractionResponseMessage {
        let mut message = CreateInteractionResponseMessage::new()
            .content(&self.text)
            .components(self.rows.clone())
            .allowed_mentions(self.mentions());
        for file in self.attachments() {
            message = message.add_file(file);
        }
        message
    }

    fn followup(&self) -> CreateInteractionResponseFollowup {
        let mut message = CreateInteractionResponseFollowup::new()
            .content(&self.text)
            .components(self.rows.clone())
            .allowed_mentions(self.mentions())
            .ephemeral(self.ephemeral);
        for file in self.attachments() {
            message = message.add_file(file);
        }
        message
    }

    fn edit(&self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(&self.text)
            .components(self.rows.clone())
            .allowed_mentions(self.mentions());
        for file in self.attachments() {
            edit = edit.new_attachment(file);
        }
        edit
    }

    /// As a new message in a channel (reminders, timeouts, DMs).
    pub fn message(&self) -> CreateMessage {
        let mut message = CreateMessage::new()
            .content(&self.text)
            .components(self.rows.clone())
            .allowed_mentions(self.mentions());
        for file in self.attachments() {
            message = message.add_file(file);
        }
        message
    }

    /// Sends the messages after the first (see [`Post::rest`]) in
    /// `channel`, in order, each with a nonce made from `nonce`.
    pub async fn send_rest(
        &self,
        http: &Http,
        channel: serenity::all::ChannelId,
        nonce: &str,
    ) -> serenity::Result<()> {
        for (n, page) in self.rest.iter().enumerate() {
            CreateMessage::new()
                .content(page)
                .allowed_mentions(self.mentions())
                .nonce(Nonce::String(format!("{nonce}-{}", n + 2)))
                .enforce_nonce(true)
                .execute(http, (channel, None))
                .await?;
        }
        Ok(())
    }

    /// The messages after the first as follow-ups of an interaction
    /// answered with the first.
    async fn follow_with_rest(&self, http: &Http, token: &str) {
        for page in &self.rest {
            let followup = CreateInteractionResponseFollowup::new()
                .content(page)
                .allowed_mentions(self.mentions())
                .ephemeral(self.ephemeral);
            if let Err(e) = followup.execute(http, (None, token)).await {
                warn!("could not send the rest of an answer: {e}");
                return;
            }
        }
    }

    /// Sends this as a new message in `channel`, with `nonce`: Discord
    /// answers a second send with the same nonce (within a few minutes)
    /// with the first message instead of making another.
    pub async fn send(
        &self,
        http: &Http,
        channel: ChannelId,
        nonce: String,
    ) -> serenity::Result<Message> {
        self.message()
            .nonce(Nonce::String(nonce))
            .enforce_nonce(true)
            .execute(http, (channel, None))
            .await
    }
}

/// A board an answer posted: the game, the message, and the ply it shows.
#[derive(Clone, Copy, Debug)]
pub struct PostedBoard {
    pub game: GameId,
    pub ply: i64,
    pub message: MessageId,
}

impl PostedBoard {
    pub fn new(game: GameRef, message: MessageId) -> PostedBoard {
        PostedBoard {
            game: game.id,
            ply: game.ply,
            message,
        }
    }
}

/// Makes `board` (posted in `channel`, in `place`) its game's board, and
/// takes the menus off the board before it (pressing them could only say
/// that it is out of date); the old board keeps its Watch button. Where the
/// app only answers, it cannot edit a message, so the old menus stay (a
/// pick on them gets the current board). Failures are logged; the old
/// menus then stay harmless.
pub async fn replace_board(
    service: &App,
    http: &Http,
    channel: ChannelId,
    board: PostedBoard,
    place: &Place,
) {
    let lang = place.lang;
    let posted = BoardMessage {
        channel_id: channel.ours(),
        message_id: board.message.ours(),
        ply: Some(board.ply),
    };
    let old = match service.games.replace_board(board.game, posted).await {
        Ok(Some(_)) if place.kind.answers_only() => return,
        Ok(Some(old)) => old,
        Ok(None) => return,
        Err(e) => {
            warn!(game = %board.game, "cannot record the game's board: {e}");
            return;
        }
    };
    let rows = old
        .ply
        .map(|ply| playing::watch_row(board.game, ply, lang))
        .unwrap_or_default();
    if let Err(e) = old
        .channel_id
        .theirs()
        .edit_message(
            http,
            old.message_id.theirs(),
            EditMessage::new().components(rows),
        )
        .await
    {
        warn!(
            game = %board.game,
            "cannot take the menus off the old board: {e}"
        );
        // Its channel is gone or forbidden: nothing more is sent there.
        if let Some(refusal) = refusal(&e) {
            let refused = service
                .places
                .channel_refused(old.channel_id, refusal)
                .await;
            if let Err(e) = refused {
                warn!(game = %board.game, "cannot record a refused channel: {e}");
            }
        }
    }
}

/// Opens `thread` from `message` and, for a game's thread (opened from
/// its lobby's line), tells the service where the game is played now.
/// Opening it twice (a retry) finds the first: a thread opened from a
/// message has the message's id. If Discord refuses (no permission, a
/// channel where threads cannot be), the game is played in the lobby (a
/// thread for talk is simply not there). An error is returned when it may
/// pass (no answer, a rate limit, Discord's own failure): the caller tries
/// again later.
pub async fn open_thread(
    service: &App,
    http: &Http,
    message: &Message,
    (thread, name): &(NewThread, String),
) -> serenity::Result<()> {
    let opened = message
        .channel_id
        .create_thread_from_message(
            http,
            message.id,
            CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek),
        )
        .await;
    let opened = match opened {
        Ok(channel) => Some(channel.id.ours()),
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(refusal)))
            if refusal.status_code.is_client_error() && refusal.status_code.as_u16() != 429 =>
        {
            if refusal.error.code == THREAD_ALREADY_CREATED {
                Some(kiela_app::ChannelId(message.id.get() as i64))
            } else {
                warn!(
                    thread = %name,
                    "Discord refuses to open a thread, the channel goes on without it: {}",
                    refusal.error.message
                );
                None
            }
        }
        Err(e) => return Err(e),
    };
    if let (Some(tournament), Some(channel)) = (thread.tournament_id, opened) {
        // Its news goes there from now on (to the lobby if refused).
        if let Err(e) = service
            .tournaments
            .tournament_thread_opened(tournament, channel)
            .await
        {
            warn!(tournament = %tournament, "cannot record the tournament's thread: {e}");
        }
    }
    let Some(game) = thread.game_id else {
        return Ok(());
    };
    let recorded = match opened {
        Some(channel) => service.threads.thread_opened(game, channel).await,
        None => service.threads.thread_refused(game).await,
    };
    if let Err(e) = recorded {
        warn!(game = %game, "cannot record where the game is played: {e}");
    }
    Ok(())
}

/// Discord refused the request (a 4xx): it surely did nothing. A 5xx or
/// no answer at all may have.
fn refused(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
        if response.status_code.is_client_error())
}

/// The channel itself refused for good (see [`ChannelRefusal`]), if that is why
/// Discord refused a request.
pub fn refusal(error: &serenity::Error) -> Option<ChannelRefusal> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.is_client_error() =>
        {
            crate::codes::channel_refusal(response.error.code as i64)
        }
        _ => None,
    }
}

/// Discord's error code for a second thread from one message.
const THREAD_ALREADY_CREATED: isize = 160004;

/// The longest an answer's calls to Discord may take (one interaction
/// response or edit, with its files, and its read-back) before its posts
/// go to the delivery loop.
const ANSWER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);

/// The outbox posts an answer with `post` holds while it is in flight: none
/// if it is private (they were handed back to the delivery loop).
fn held_by(post: &Post) -> Vec<PostId> {
    match post.ephemeral {
        true => Vec::new(),
        false => post.posts.clone(),
    }
}

/// The progress of work that reports none.
pub fn no_progress() -> watch::Receiver<String> {
    watch::channel(String::new()).1
}

/// One interaction to answer.
pub struct Responder {
    http: Arc<Http>,
    service: App,
    /// Wakes the delivery loop for posts an answer hands back.
    wake: Arc<Notify>,
    id: InteractionId,
    token: String,
    /// The user who acted: a mention of them alone needs no new message.
    actor: kiela_app::UserId,
    /// A post that replaces its message ([`Post::replaces`]) updates the
    /// message the interaction came from, instead of making a new one.
    updating: bool,
}

impl Responder {
    pub fn new(
        http: Arc<Http>,
        service: App,
        wake: Arc<Notify>,
        interaction: (InteractionId, &str),
        actor: kiela_app::UserId,
    ) -> Responder {
        Responder {
            http,
            service,
            wake,
            id: interaction.0,
            token: interaction.1.to_string(),
            actor,
            updating: false,
        }
    }

    /// This interaction came from a message its answer may replace (a
    /// review's step buttons).
    pub fn updating(mut self) -> Responder {
        self.updating = true;
        self
    }

    /// Answers with the post `work` produces: directly if it is ready in
    /// time, otherwise after a deferral, whose placeholder then shows each
    /// text `work` reports on `progress` ("Analysing… 20/48"). `work`
    /// always runs to its end, whatever Discord says. The outbox posts the
    /// answer is delivered with it; if the answer fails they go back to
    /// the delivery loop. Returns the board it posted, if any.
    pub async fn answer(
        &self,
        progress: watch::Receiver<String>,
        work: impl Future<Output = Post>,
    ) -> Option<PostedBoard> {
        let mut work = std::pin::pin!(work);
        let defer_after = self.service.timing().defer_after;
        let board = match tokio::time::timeout(defer_after, &mut work).await {
            Ok(post) => self.respond(post).await,
            Err(_) => self.deferred(progress, work).await,
        };
        // The action may have left the loop edits to make (a challenge
        // losing its buttons).
        self.wake.notify_one();
        board
    }

    /// Waits for `work`, editing the deferred placeholder with its progress
    /// (at most every [`Timing::progress_every`](kiela_app::Timing::progress_every)).
    async fn with_progress(
        &self,
        mut progress: watch::Receiver<String>,
        mut work: impl Future<Output = Post> + Unpin,
    ) -> Post {
        loop {
            tokio::select! {
                post = &mut work => return post,
                changed = progress.changed() => {
                    if changed.is_err() {
                        return work.await;
                    }
                    let text = progress.borrow_and_update().clone();
                    let edit = EditInteractionResponse::new().content(text);
                    if let Err(e) = edit.execute(&self.http, &self.token).await {
                        warn!(interaction = %self.id, "could not show progress: {e}");
                    }
                    tokio::time::sleep(self.service.timing().progress_every).await;
                }
            }
        }
    }

    async fn respond(&self, post: Post) -> Option<PostedBoard> {
        let post = self.hold(post).await;
        let held = held_by(&post);
        self.in_flight(&held, self.send(post)).await
    }

    /// Runs `answer`, the part of an answer that carries posts `held`,
    /// keeping their hold while it is in flight, for at most
    /// [`ANSWER_TIMEOUT`]: past that, Discord may or may not have shown it,
    /// and the delivery loop looks for it.
    async fn in_flight(
        &self,
        held: &[PostId],
        answer: impl Future<Output = Option<PostedBoard>>,
    ) -> Option<PostedBoard> {
        let answer = tokio::time::timeout(ANSWER_TIMEOUT, answer);
        match self.service.outbox.while_held(held, answer).await {
            Ok(board) => board,
            Err(_) => {
                warn!(interaction = %self.id, "no answer from Discord within {ANSWER_TIMEOUT:?}");
                self.look_for(held).await;
                None
            }
        }
    }

    /// Sends `post` as the interaction's first response, and records what
    /// became of its posts.
    async fn send(&self, post: Post) -> Option<PostedBoard> {
        let response = if self.updating && post.replaces {
            CreateInteractionResponse::UpdateMessage(post.update())
        } else {
            CreateInteractionResponse::Message(post.response())
        };
        let sent = response.execute(&self.http, (self.id, &self.token)).await;
        if let Err(e) = sent {
            warn!(interaction = %self.id, "could not answer an interaction: {e}");
            return self.settle_failed(&post, &e).await;
        }
        post.follow_with_rest(&self.http, &self.token).await;
        if post.board.is_none() && post.posts.is_empty() {
            return None;
        }
        // The callback does not say which message it made. If this fails,
        // the delivery loop looks for the answer at once.
        match self
            .http
            .get_original_interaction_response(&self.token)
            .await
        {
            Ok(message) => self.delivered(&post, &message).await,
            Err(e) => {
                warn!(interaction = %self.id, "cannot read the answer back: {e}");
                self.look_for(&held_by(&post)).await;
                None
            }
        }
    }

    /// A public "thinking…" first, then the answer edited in. An edit
    /// notifies nobody, so a public answer that must ping someone other
    /// than the actor goes to the delivery loop as a new message (with its
    /// nonce), and the placeholder goes; a private one is a follow-up. A
    /// step that replaces its message (see [`Responder::updating`]) is
    /// acknowledged instead, and its message edited.
    async fn deferred(
        &self,
        progress: watch::Receiver<String>,
        work: impl Future<Output = Post> + Unpin,
    ) -> Option<PostedBoard> {
        // A step that replaces its message is acknowledged as an update
        // (no new message); anything else gets a "thinking…" placeholder.
        let deferral = if self.updating {
            CreateInteractionResponse::Acknowledge
        } else {
            CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
        };
        let deferred = deferral.execute(&self.http, (self.id, &self.token)).await;
        let post = if deferred.is_ok() {
            self.with_progress(progress, work).await
        } else {
            work.await
        };
        if let Err(e) = deferred {
            warn!(interaction = %self.id, "could not defer an interaction: {e}");
            return self.settle_failed(&post, &e).await;
        }
        if self.updating && post.replaces {
            // The button's message becomes the answer.
            if let Err(e) = post.edit().execute(&self.http, &self.token).await {
                warn!(interaction = %self.id, "could not answer an interaction: {e}");
            }
            return None;
        }
        let mut post = post;
        if !post.ephemeral && post.ping.iter().all(|&id| id == self.actor) && !self.updating {
            post = self.hold(post).await;
            // Else the delivery loop holds the posts: a private copy follows.
            if !post.ephemeral {
                let edited = async {
                    match post.edit().execute(&self.http, &self.token).await {
                        Ok(message) => {
                            post.follow_with_rest(&self.http, &self.token).await;
                            self.delivered(&post, &message).await
                        }
                        Err(e) => {
                            warn!(interaction = %self.id, "could not answer an interaction: {e}");
                            self.settle_failed(&post, &e).await
                        }
                    }
                };
                return self.in_flight(&held_by(&post), edited).await;
            }
        }
        // An update's original is the button's message: it stays.
        if !self.updating {
            if let Err(e) = self
                .http
                .delete_original_interaction_response(&self.token)
                .await
            {
                warn!(interaction = %self.id, "could not take the placeholder away: {e}");
            }
        }
        if !post.posts.is_empty() {
            self.hand_back(&post).await;
            return None;
        }
        let sent = post
            .followup()
            .execute(&self.http, (None, &self.token))
            .await;
        match sent {
            Ok(message) => {
                post.follow_with_rest(&self.http, &self.token).await;
                post.board.map(|game| PostedBoard::new(game, message.id))
            }
            Err(e) => {
                warn!(interaction = %self.id, "could not answer an interaction: {e}");
                None
            }
        }
    }

    /// The answer is about to deliver `post`'s outbox posts (a private
    /// answer cannot: it hands them back). If the delivery loop already
    /// holds them (the work outlasted their hold) or an earlier post of
    /// their queue, the loop posts them and the answer becomes a private
    /// copy for the user who acted.
    async fn hold(&self, post: Post) -> Post {
        if post.ephemeral {
            self.hand_back(&post).await;
            return post;
        }
        if post.posts.is_empty() {
            return post;
        }
        match self
            .service
            .outbox
            .answering(&post.posts, &self.token)
            .await
        {
            Ok(true) => post,
            Ok(false) => {
                // The loop posts them as soon as their turn comes, not
                // after their hold.
                self.hand_back(&post).await;
                post.private_copy()
            }
            Err(e) => {
                warn!(interaction = %self.id, "cannot hold the answer's posts: {e}");
                post
            }
        }
    }

    /// `post` is on Discord as `message`.
    async fn delivered(&self, post: &Post, message: &Message) -> Option<PostedBoard> {
        if let Some(thread) = &post.thread {
            if let Err(e) = open_thread(&self.service, &self.http, message, thread).await {
                // The delivery loop finds this answer and opens the thread.
                warn!(interaction = %self.id, "cannot open the game's thread yet: {e}");
                self.look_for(&held_by(post)).await;
                return None;
            }
        }
        if !post.ephemeral {
            // Posted there: a channel Discord refused works again.
            if let Err(e) = self
                .service
                .places
                .place_works(message.channel_id.ours())
                .await
            {
                warn!(interaction = %self.id, "cannot record that a channel works: {e}");
            }
        }
        let message = message.id;
        if !post.ephemeral && !post.posts.is_empty() {
            if let Err(e) = self
                .service
                .outbox
                .delivered(&post.posts, message.ours())
                .await
            {
                warn!(interaction = %self.id, "cannot mark the answer's posts delivered: {e}");
            }
        }
        if post.followed {
            self.wake.notify_one();
        }
        post.board.map(|game| PostedBoard::new(game, message))
    }

    /// An answer failed with `error`. If Discord refused it (a 4xx), it
    /// surely did not deliver `post`'s outbox posts: the delivery loop posts
    /// them now. Otherwise (a 5xx, no answer at all) Discord may have shown
    /// it: the answer is looked for at once and, if it is there, the posts
    /// are delivered; if Discord cannot even say, they go to the delivery
    /// loop at once, which asks again before posting them.
    async fn settle_failed(&self, post: &Post, error: &serenity::Error) -> Option<PostedBoard> {
        if refused(error) || post.ephemeral || post.posts.is_empty() {
            self.hand_back(post).await;
            return None;
        }
        match self
            .http
            .get_original_interaction_response(&self.token)
            .await
        {
            Ok(message)
                if message
                    .flags
                    .is_some_and(|f| f.contains(MessageFlags::LOADING)) =>
            {
                // A placeholder without its answer.
                if let Err(e) = (self.http)
                    .delete_original_interaction_response(&self.token)
                    .await
                {
                    warn!(interaction = %self.id, "could not take the placeholder away: {e}");
                }
                self.hand_back(post).await;
                None
            }
            Ok(message) => {
                info!(interaction = %self.id, "an answer Discord failed on was shown");
                self.delivered(post, &message).await
            }
            Err(e) if refused(&e) => {
                // No answer was made.
                self.hand_back(post).await;
                None
            }
            Err(e) => {
                warn!(interaction = %self.id, "cannot tell whether an answer was shown: {e}");
                self.look_for(&held_by(post)).await;
                None
            }
        }
    }

    /// The answer did not deliver `post`'s outbox posts: the delivery loop
    /// posts them now.
    async fn hand_back(&self, post: &Post) {
        if post.posts.is_empty() {
            return;
        }
        match self.service.outbox.release(&post.posts).await {
            Ok(()) => self.wake.notify_one(),
            Err(e) => warn!(interaction = %self.id, "cannot hand the posts back: {e}"),
        }
    }

    /// The answer may or may not have delivered posts `held`: the delivery
    /// loop looks for it now, and posts them if it is not there.
    async fn look_for(&self, held: &[PostId]) {
        if held.is_empty() {
            return;
        }
        match self.service.outbox.look_for(held).await {
            Ok(()) => self.wake.notify_one(),
            Err(e) => warn!(interaction = %self.id, "cannot hand the posts over: {e}"),
        }
    }

    /// Where the app only answers (`place`), shows what waited for an
    /// answer there (reminders, results, notices the delivery loop could
    /// not post: see [`kiela_app::PlaceService::backlog`]) as follow-ups
    /// of this interaction, for everyone there.
    pub async fn show_backlog(&self, place: Place) {
        let backlog = match self.service.places.backlog(place).await {
            Ok(backlog) => backlog,
            Err(e) => {
                warn!(interaction = %self.id, "cannot read what waits to be shown here: {e}");
                return;
            }
        };
        for (id, reply) in backlog {
            let post = Post {
                ephemeral: false,
                ..Post::of(reply)
            };
            match post
                .followup()
                .execute(&self.http, (None, &self.token))
                .await
            {
                Ok(message) => {
                    post.follow_with_rest(&self.http, &self.token).await;
                    if let Err(e) = self.service.places.backlog_shown(&[id]).await {
                        warn!(post = %id, "cannot record a post shown: {e}");
                    }
                    if let Err(e) = (self.service.outbox)
                        .delivered(&[id], message.id.ours())
                        .await
                    {
                        warn!(post = %id, "cannot record a post shown: {e}");
                    }
                }
                // The next answer there tries again.
                Err(e) => {
                    warn!(interaction = %self.id, "cannot show what waited here: {e}");
                    return;
                }
            }
        }
    }

    /// Answers with a form. It must be the first response: nothing may
    /// defer before it.
    pub async fn modal(&self, form: CreateModal) {
        if let Err(e) = CreateInteractionResponse::Modal(form)
            .execute(&self.http, (self.id, &self.token))
            .await
        {
            warn!(interaction = %self.id, "could not open a form: {e}");
        }
    }

    /// Answers an autocomplete request.
    pub async fn suggest(&self, choices: serenity::all::CreateAutocompleteResponse) {
        if let Err(e) = CreateInteractionResponse::Autocomplete(choices)
            .execute(&self.http, (self.id, &self.token))
            .await
        {
            warn!(interaction = %self.id, "could not send suggestions: {e}");
        }
    }
}

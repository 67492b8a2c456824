//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST API under
//! `/api/v10` and the gateway as a plain `ws://` websocket, faithful enough
//! for the real serenity 0.12 client. It keeps everything in memory and
//! records every REST call, so tests can drive the bot like users do
//! (`slash`, `click`, `select`) and check what it posted.
//!
//! ```ignore
//! let fake = FakeDiscord::start().await;
//! let http = HttpBuilder::new("token").proxy(fake.url()).ratelimiter_disabled(true).build();
//! // ... start the bot with `http` ...
//! fake.wait_ready().await;
//! let alice = FakeUser::new(1001, "alice");
//! fake.add_user(&alice);
//! let reply = fake.slash(&alice, CHANNEL_ID, "rules", json!([])).await.original().await;
//! assert!(reply.content.contains("Kiela"));
//! fake.check_calls();
//! ```

mod gateway;
mod objects;
pub mod openapi;
mod rest;

use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::Notify;

use objects::Place;

/// The bot's application id, which is also its user id.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
pub const GUILD_ID: u64 = 1_100_000_000_000_000_002;
/// A text channel in [`GUILD_ID`].
pub const CHANNEL_ID: u64 = 1_100_000_000_000_000_003;
/// The id of `/kiela` when the bot has not registered it.
const UNREGISTERED_COMMAND_ID: u64 = 1_100_000_000_000_000_004;
const BOT_NAME: &str = "Kiela";
/// How long the waiting helpers wait before failing the test.
const TIMEOUT: Duration = Duration::from_secs(20);
/// Message flags.
const EPHEMERAL: u64 = 1 << 6;
const LOADING: u64 = 1 << 7;
/// How long after the dispatch Discord takes the first response to an
/// interaction (later: 404, 10062 Unknown interaction).
pub const CALLBACK_WINDOW: Duration = Duration::from_secs(3);
/// How long an interaction's token (its webhook: follow-ups, `@original`)
/// lives (later: 404, 10015 Unknown Webhook).
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// How long Discord remembers a message's nonce: a second send with the
/// same nonce (and `enforce_nonce`) within it gets the first message back;
/// after it, a second message.
pub const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    /// The locale of their Discord client, sent with each interaction.
    pub locale: String,
    /// Whether they may manage the guild (MANAGE_GUILD in their permissions).
    pub manager: bool,
    /// Their nickname in the guild (the member's `nick`), if any.
    pub nick: Option<String>,
}

impl FakeUser {
    pub fn new(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            locale: "en-US".to_owned(),
            manager: false,
            nick: None,
        }
    }

    /// The same user, with a nickname in the guild.
    pub fn nicknamed(mut self, nick: &str) -> FakeUser {
        self.nick = Some(nick.to_owned());
        self
    }

    /// The same user with their client in `locale` (e.g. `pt-BR`).
    pub fn speaking(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_owned();
        self
    }

    /// The same user, allowed to manage the guild.
    pub fn manager(mut self) -> FakeUser {
        self.manager = true;
        self
    }
}

/// A file the bot uploaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    /// The alt text.
    pub description: Option<String>,
    pub bytes: Vec<u8>,
}

/// A message the bot posted, with its edits applied.
#[derive(Clone, Debug)]
pub struct Message {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    pub components: Value,
    pub attachments: Vec<Attachment>,
    pub ephemeral: bool,
    pub allowed_mentions: Option<Value>,
    pub embeds: Value,
    /// How many times it was changed after it was posted (PATCH or a type 7
    /// UPDATE; filling in a deferred reply counts).
    pub edits: u32,
    /// The whole message object as Discord returns it.
    pub raw: Value,
}

impl Message {
    /// The `custom_id` of every component, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            for component in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = component["custom_id"].as_str() {
                    ids.push(id.to_owned());
                }
            }
        }
        ids
    }

    /// The option values of the select menu `custom_id`.
    pub fn select_options(&self, custom_id: &str) -> Vec<String> {
        let menu = self.component(custom_id);
        menu["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|option| option["value"].as_str().map(str::to_owned))
            .collect()
    }

    /// The users mentioned (`<@id>` or `<@!id>`) in the content.
    pub fn mentions(&self) -> Vec<u64> {
        mentioned_ids(&self.content)
    }

    fn component(&self, custom_id: &str) -> &Value {
        self.components
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().into_iter().flatten())
            .find(|component| component["custom_id"] == custom_id)
            .unwrap_or_else(|| panic!("message {} has no component {custom_id:?}", self.id))
    }
}

/// The first answer to an interaction (`POST /interactions/{id}/{token}/callback`).
#[derive(Clone, Debug)]
pub struct Response {
    /// 4 message, 5 deferred message, 6 deferred update, 7 update,
    /// 8 autocomplete result, 9 modal.
    pub kind: u8,
    pub data: Value,
    pub files: Vec<Attachment>,
    pub ephemeral: bool,
}

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    /// Without `/api/v10` (the full path if it did not start with it).
    pub path: String,
    pub query: Option<String>,
    /// The JSON body, or a multipart request's `payload_json`.
    pub body: Option<Value>,
    pub files: Vec<Attachment>,
    pub status: u16,
    /// The fake's error body, if it refused the call.
    pub error: Option<Value>,
    /// Whether the fake implements this route.
    pub known_route: bool,
    /// Whether the test made the fake refuse it ([`FakeDiscord::fail`]).
    pub injected: bool,
    /// Whether the fake refused it because of something the test arranged
    /// on purpose (a channel the bot may not post in, closed DMs): the
    /// refusal is no fault of the bot's, but the body is still checked.
    pub arranged: bool,
}

/// An interaction the fake dispatched, to look at the bot's answers.
pub struct Interaction {
    pub id: u64,
    pub token: String,
    fake: FakeDiscord,
}

impl Interaction {
    /// Waits for the bot's callback.
    pub async fn response(&self) -> Response {
        let what = format!(
            "a response to interaction {} (did the bot get it? serenity drops what it cannot parse)",
            self.id
        );
        self.fake
            .wait(&what, |inner| inner.interaction(self.id).response.clone())
            .await
    }

    /// Waits for the `@original` message to exist and returns it as it is now.
    pub async fn original(&self) -> Message {
        self.wait_original(|_| true).await
    }

    /// Waits until the `@original` message satisfies `pred`.
    pub async fn wait_original(&self, pred: impl Fn(&Message) -> bool) -> Message {
        let what = format!("the original response to interaction {}", self.id);
        self.fake
            .wait(&what, |inner| {
                let id = inner.interaction(self.id).original?;
                inner.message(id).filter(|m| pred(m))
            })
            .await
    }

    /// Waits until an answer to the interaction satisfies `pred`: the
    /// `@original` message, or a follow-up (where a deferred private answer
    /// goes).
    pub async fn wait_answer(&self, pred: impl Fn(&Message) -> bool) -> Message {
        let what = format!("an answer to interaction {}", self.id);
        self.fake
            .wait(&what, |inner| {
                let interaction = inner.interaction(self.id);
                let ids = interaction.original.iter().chain(&interaction.followups);
                ids.filter_map(|&id| inner.message(id)).find(|m| pred(m))
            })
            .await
    }

    /// From the dispatch to the bot's callback, once it arrived: the
    /// bot's response time as Discord would see it (without the network).
    pub fn latency(&self) -> Option<Duration> {
        let inner = self.fake.lock();
        let interaction = inner.interaction(self.id);
        Some(interaction.responded_at? - interaction.dispatched_at)
    }

    /// Makes the interaction `by` older than it is: past [`CALLBACK_WINDOW`]
    /// its callback is refused, past [`TOKEN_LIFETIME`] its token.
    pub fn age(&self, by: Duration) {
        let mut inner = self.fake.lock();
        let interaction = inner.interactions.iter_mut().find(|i| i.id == self.id);
        interaction.unwrap().aged += by;
    }

    /// Waits for the bot's callback and returns the form (type 9 MODAL)
    /// it answered with; panics if it answered otherwise.
    pub async fn modal(&self) -> Value {
        let response = self.response().await;
        assert_eq!(
            response.kind, 9,
            "expected a form (a modal), got a type {} response: {}",
            response.kind, response.data
        );
        response.data
    }

    pub fn followups(&self) -> Vec<Message> {
        let inner = self.fake.lock();
        let ids = &inner.interaction(self.id).followups;
        ids.iter().filter_map(|&id| inner.message(id)).collect()
    }
    /// Waits until the bot's callback arrived, whether the fake took it or
    /// answered it with an injected error (see [`FakeDiscord::fail`]).
    pub async fn wait_handled(&self) {
        let what = format!("the bot's callback to interaction {}", self.id);
        self.fake
            .wait(&what, |inner| {
                let interaction = inner.interaction(self.id);
                (interaction.response.is_some() || interaction.callback_failed).then_some(())
            })
            .await
    }

    /// The `@original` message as it is now, if the answer made one.
    pub fn original_now(&self) -> Option<Message> {
        let inner = self.fake.lock();
        let id = inner.interaction(self.id).original?;
        inner.message(id)
    }
}

/// A slash command's options as Discord sends them, built by type:
/// `opts().user("opponent", &bob).int("days", 3).string("variant", "expert")`.
#[derive(Clone, Debug, Default)]
pub struct Options(Vec<Value>);

/// No options yet; add them with [`Options`]' methods.
pub fn opts() -> Options {
    Options::default()
}

impl Options {
    /// An option of Discord's `kind` (3 STRING, 4 INTEGER, …).
    pub fn option(mut self, name: &str, kind: u8, value: impl Into<Value>) -> Options {
        let value = value.into();
        self.0
            .push(json!({"name": name, "type": kind, "value": value}));
        self
    }

    pub fn string(self, name: &str, value: &str) -> Options {
        self.option(name, 3, value)
    }

    pub fn int(self, name: &str, value: i64) -> Options {
        self.option(name, 4, value)
    }

    pub fn bool(self, name: &str, value: bool) -> Options {
        self.option(name, 5, value)
    }

    pub fn user(self, name: &str, user: &FakeUser) -> Options {
        self.option(name, 6, user.id.to_string())
    }

    pub fn channel(self, name: &str, channel: u64) -> Options {
        self.option(name, 7, channel.to_string())
    }

    /// The option being typed, for an autocomplete: `text` so far.
    pub fn typing(self, name: &str, kind: u8, text: &str) -> Options {
        let mut options = self.option(name, kind, text);
        options.0.last_mut().unwrap()["focused"] = json!(true);
        options
    }

    /// These options, then `more`.
    pub fn and(mut self, more: Options) -> Options {
        self.0.extend(more.0);
        self
    }
}

impl From<Options> for Value {
    fn from(options: Options) -> Value {
        Value::Array(options.0)
    }
}

#[derive(Clone)]
pub struct FakeDiscord {
    state: Arc<State>,
}

struct State {
    port: u16,
    inner: Mutex<Inner>,
    /// Told of every change, so that waiting for one needs no polling.
    changed: Notify,
}

/// Everything the fake knows. Never locked across an `.await`.
struct Inner {
    users: BTreeMap<u64, FakeUser>,
    calls: Vec<Call>,
    /// Registered commands by guild (`None`: global).
    commands: BTreeMap<Option<u64>, Vec<Value>>,
    messages: Vec<StoredMessage>,
    interactions: Vec<InteractionState>,
    /// Channels that exist: the guild's and every DM channel.
    channels: BTreeSet<u64>,
    /// DM channel id by user id.
    dm_channels: BTreeMap<u64, u64>,
    /// The guild of each channel outside GUILD_ID.
    other_guilds: BTreeMap<u64, u64>,
    /// Each guild's `guild_locale` (`en-US` unless set).
    guild_locales: BTreeMap<u64, String>,
    connections: Vec<Connection>,
    /// Every frame the gateway sent, in order.
    frames: Vec<Value>,
    /// Errors to answer the next matching calls with, instead of serving
    /// them (see [`FakeDiscord::fail`]).
    faults: Vec<Fault>,
    /// Errors to answer the next matching calls with after serving them
    /// (see [`FakeDiscord::fail_after_doing`]).
    faults_after: Vec<Fault>,
    /// Calls (method, part of the path, whether served first) never to
    /// answer (see [`FakeDiscord::hang_after_doing`]), and how many hang
    /// so far.
    hangs: Vec<(&'static str, &'static str, bool)>,
    hung: usize,
    /// Channels where the bot may not post (403, 50013 Missing Permissions).
    denied_channels: BTreeSet<u64>,
    /// Channels (threads) deleted by the test: every call about them gets
    /// 404, 10003 Unknown Channel.
    deleted_channels: BTreeSet<u64>,
    /// Channels where the bot may open public threads and post in them.
    thread_channels: BTreeSet<u64>,
    /// Threads the bot opened: their parent channel and name.
    threads: BTreeMap<u64, (u64, String)>,
    /// Users whose DMs are closed to the bot (403, 50007).
    closed_dms: BTreeSet<u64>,
    /// Users who installed the app for themselves (a user install): the
    /// bot may DM them even if they share no server with it.
    installed: BTreeSet<u64>,
    /// Users who share no server with the bot: it may DM them only if
    /// they installed the app (else 403, 50007).
    strangers: BTreeSet<u64>,
    /// Group DMs, by channel: their members. The app can only answer
    /// interactions there (a post: 403, 50001 Missing Access).
    group_dms: BTreeMap<u64, Vec<u64>>,
    /// Channels of servers the bot is not a member of, and their server:
    /// a member's user install answers there, the bot cannot post (403,
    /// 50001).
    botless: BTreeMap<u64, u64>,
    /// Users who left a guild (or were removed): `(guild, user)`. Every
    /// other known user is a member of every guild.
    left_members: BTreeSet<(u64, u64)>,
    /// Gateway sessions, resumable while they are not invalidated.
    sessions: Vec<Session>,
    /// Whether new gateway connections wait (see [`FakeDiscord::hold_gateway`]).
    gateway_held: bool,
}

/// A gateway session: what a RESUME continues.
struct Session {
    id: String,
    shard: (u32, u32),
    /// The last sequence number it dispatched.
    sequence: u64,
    /// Every dispatch frame of the session, to replay what a resuming
    /// client missed.
    log: Vec<Value>,
    /// The connection it lives on, if one is open.
    connection: Option<u64>,
}

/// An error the fake answers a call with, as real Discord sometimes does.
#[derive(Clone, Debug)]
pub struct Fault {
    pub method: &'static str,
    /// A part of the path (under `/api/v10`) the call must contain.
    pub path: &'static str,
    /// 429 (rate limited, with `retry_after`), 5xx, or a 4xx refusal.
    pub status: u16,
    /// Discord's JSON error code.
    pub code: u32,
    /// For how many matching calls.
    pub times: usize,
}

struct StoredMessage {
    raw: Value,
    /// When it was posted, and how much older the test made it (see
    /// [`FakeDiscord::age_messages`]): its nonce is remembered for
    /// [`NONCE_WINDOW`].
    posted: Instant,
    aged: Duration,
    /// Parallel to `raw["attachments"]`.
    files: Vec<Attachment>,
    allowed_mentions: Option<Value>,
    edits: u32,
}

struct InteractionState {
    id: u64,
    token: String,
    kind: u8,
    place: Place,
    /// The message a component interaction came from.
    message_id: Option<u64>,
    response: Option<Response>,
    original: Option<u64>,
    followups: Vec<u64>,
    /// When it was sent to the bot, and when the bot's callback arrived.
    dispatched_at: Instant,
    responded_at: Option<Instant>,
    /// Added to its real age (see [`Interaction::age`]).
    aged: Duration,
    /// The test failed its callback: the bot may then look for its answer
    /// (Discord might have shown it), and finding none is no mistake.
    callback_failed: bool,
}

/// A live gateway websocket.
struct Connection {
    id: u64,
    /// `[shard_id, shard_count]` once it IDENTIFY'd.
    shard: Option<(u32, u32)>,
    ready: bool,
    tx: UnboundedSender<Outbound>,
}

/// What the fake asks a gateway connection to send.
enum Outbound {
    /// A dispatch frame, its sequence number already given by its session.
    Frame(Value),
    Close,
}

impl FakeDiscord {
    /// Starts the fake on an ephemeral port; it runs until the test ends.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("cannot bind the fake Discord");
        let port = listener.local_addr().unwrap().port();
        let mut inner = Inner {
            users: BTreeMap::new(),
            calls: Vec::new(),
            commands: BTreeMap::new(),
            messages: Vec::new(),
            interactions: Vec::new(),
            channels: BTreeSet::from([CHANNEL_ID]),
            dm_channels: BTreeMap::new(),
            other_guilds: BTreeMap::new(),
            guild_locales: BTreeMap::new(),
            connections: Vec::new(),
            frames: Vec::new(),
            faults: Vec::new(),
            faults_after: Vec::new(),
            hangs: Vec::new(),
            hung: 0,
            denied_channels: BTreeSet::new(),
            deleted_channels: BTreeSet::new(),
            thread_channels: BTreeSet::new(),
            threads: BTreeMap::new(),
            closed_dms: BTreeSet::new(),
            installed: BTreeSet::new(),
            strangers: BTreeSet::new(),
            group_dms: BTreeMap::new(),
            botless: BTreeMap::new(),
            left_members: BTreeSet::new(),
            sessions: Vec::new(),
            gateway_held: false,
        };
        inner.users.insert(APPLICATION_ID, bot());
        let fake = FakeDiscord {
            state: Arc::new(State {
                port,
                inner: Mutex::new(inner),
                changed: Notify::new(),
            }),
        };
        let app = Router::new()
            .route("/gateway", get(gateway::upgrade))
            .fallback(rest::handle)
            .layer(DefaultBodyLimit::max(32 * 1024 * 1024))
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        fake
    }

    /// The base URL for `HttpBuilder::proxy` and `KIELA_DISCORD_PROXY`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.state.port)
    }

    fn gateway_url(&self) -> String {
        format!("ws://127.0.0.1:{}/gateway", self.state.port)
    }

    pub fn bot_user(&self) -> FakeUser {
        bot()
    }

    /// Makes a user known, for USER options and DMs.
    pub fn add_user(&self, user: &FakeUser) {
        self.lock().users.insert(user.id, user.clone());
    }

    /// Makes `channel` a text channel of another server, `guild`: its
    /// interactions go to the shard that owns `guild`.
    pub fn add_guild_channel(&self, guild: u64, channel: u64) {
        let mut inner = self.lock();
        inner.other_guilds.insert(channel, guild);
        inner.channels.insert(channel);
    }

    /// `user` installs the app for themselves (a user install): they can
    /// use `/kiela` in group DMs and servers without the bot, and the bot
    /// may DM them.
    pub fn install_app(&self, user: &FakeUser) {
        self.add_user(user);
        self.lock().installed.insert(user.id);
    }

    /// `user` shares no server with the bot: it may DM them only once they
    /// installed the app.
    pub fn stranger(&self, user: &FakeUser) {
        self.add_user(user);
        self.lock().strangers.insert(user.id);
    }

    /// A new group DM of `members`: interactions there come from a user
    /// install (context 2, PRIVATE_CHANNEL); the bot cannot post there.
    pub fn group_dm(&self, members: &[&FakeUser]) -> u64 {
        members.iter().for_each(|m| self.add_user(m));
        let channel = next_id();
        let mut inner = self.lock();
        inner.channels.insert(channel);
        inner
            .group_dms
            .insert(channel, members.iter().map(|m| m.id).collect());
        channel
    }

    /// `channel` of `guild`, a server the bot is not a member of: a
    /// member's user install answers there (context 0, no guild install),
    /// the bot cannot post there.
    pub fn guild_without_bot(&self, guild: u64, channel: u64) {
        let mut inner = self.lock();
        inner.channels.insert(channel);
        inner.botless.insert(channel, guild);
    }

    /// The calls Discord refused with `code` (any channel), in order.
    pub fn refused_with(&self, code: u32) -> Vec<Call> {
        let inner = self.lock();
        (inner.calls.iter())
            .filter(|c| c.error.as_ref().is_some_and(|e| e["code"] == code))
            .cloned()
            .collect()
    }

    /// The DM channel between the bot and `user`, created if needed.
    pub fn dm_channel(&self, user: &FakeUser) -> u64 {
        self.add_user(user);
        let id = next_id();
        let mut inner = self.lock();
        let channel = *inner.dm_channels.entry(user.id).or_insert(id);
        inner.channels.insert(channel);
        channel
    }

    /// Waits until every gateway connection IDENTIFY'd and got READY, and
    /// the shards cover the announced shard count.
    pub async fn wait_ready(&self) {
        self.wait("the bot to connect to the gateway and get READY", |inner| {
            let shards: BTreeSet<(u32, u32)> =
                inner.connections.iter().filter_map(|c| c.shard).collect();
            let count = shards.first()?.1;
            let complete = (0..count).all(|id| shards.contains(&(id, count)));
            let all_ready = inner.connections.iter().all(|c| c.ready);
            (complete && all_ready).then_some(())
        })
        .await
    }

    /// `[shard_id, shard_count]` of each live, identified connection.
    pub fn shards(&self) -> Vec<(u32, u32)> {
        self.lock()
            .connections
            .iter()
            .filter_map(|c| c.shard)
            .collect()
    }

    /// The registered commands, global (`None`) or of a guild.
    pub async fn commands(&self, guild: Option<u64>) -> Vec<Value> {
        self.lock()
            .commands
            .get(&guild)
            .cloned()
            .unwrap_or_default()
    }

    /// Waits for the bot to register its commands (globally with `None`).
    pub async fn wait_for_commands(&self, guild: Option<u64>) -> Vec<Value> {
        self.wait("the bot to register its commands", |inner| {
            inner
                .commands
                .get(&guild)
                .filter(|c| !c.is_empty())
                .cloned()
        })
        .await
    }

    /// `/kiela <subcommand> <options>` as `user` in `channel` (a DM if it is
    /// a DM channel, see [`Self::dm_channel`]). USER options (type 6) get
    /// their `resolved` users and members. An empty `subcommand` puts the
    /// options on the command itself; `"group sub"` names a subcommand of a
    /// group.
    pub async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        subcommand: &str,
        options: impl Into<Value>,
    ) -> Interaction {
        self.command(2, user, channel, subcommand, options.into())
    }

    /// Type 4 APPLICATION_COMMAND_AUTOCOMPLETE: mark the option being typed
    /// with `"focused": true`.
    pub async fn autocomplete(
        &self,
        user: &FakeUser,
        channel: u64,
        subcommand: &str,
        options: impl Into<Value>,
    ) -> Interaction {
        self.command(4, user, channel, subcommand, options.into())
    }

    /// Clicks the button `custom_id` on a message the bot posted.
    pub async fn click(&self, user: &FakeUser, message_id: u64, custom_id: &str) -> Interaction {
        self.component(
            user,
            message_id,
            json!({"custom_id": custom_id, "component_type": 2}),
        )
    }

    /// Picks `values` in the string select `custom_id` on a message the bot posted.
    pub async fn select(
        &self,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> Interaction {
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        self.component(user, message_id, data)
    }

    /// Picks `values` in the menu `custom_id` of `shown`, a message as a
    /// client still shows it after the bot changed it (a click racing the
    /// edit, or a client that missed it): Discord delivers such clicks.
    pub async fn select_shown(
        &self,
        user: &FakeUser,
        shown: &Message,
        custom_id: &str,
        values: &[&str],
    ) -> Interaction {
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        self.component_on(user, shown.clone(), data)
    }

    /// Clicks the button `custom_id` of `shown` (see [`FakeDiscord::select_shown`]).
    pub async fn click_shown(
        &self,
        user: &FakeUser,
        shown: &Message,
        custom_id: &str,
    ) -> Interaction {
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.component_on(user, shown.clone(), data)
    }

    /// `user` sends back the form (modal) `custom_id` the bot showed,
    /// with `values` for its text inputs (by their `custom_id`): a type 5
    /// MODAL_SUBMIT interaction, where the form was opened (with the
    /// message whose button opened it, as Discord sends it). Discord only
    /// sends forms it showed: the bot must have answered with this one.
    pub async fn submit_modal(
        &self,
        user: &FakeUser,
        custom_id: &str,
        values: &[(&str, &str)],
    ) -> Interaction {
        self.add_user(user);
        let (channel, message) = {
            let inner = self.lock();
            let shown = inner.interactions.iter().rev().find(|i| {
                i.response
                    .as_ref()
                    .is_some_and(|r| r.kind == 9 && r.data["custom_id"] == custom_id)
            });
            let shown = shown.unwrap_or_else(|| panic!("the bot showed no form {custom_id:?}"));
            let message = shown.message_id.and_then(|id| inner.message(id));
            (shown.place.channel_id, message)
        };
        let rows: Vec<Value> = values
            .iter()
            .map(|(id, value)| {
                json!({"type": 1, "components": [
                    {"type": 4, "custom_id": id, "value": value}
                ]})
            })
            .collect();
        let data = json!({"custom_id": custom_id, "components": rows});
        let place = self.place(channel);
        self.dispatch_interaction(5, data, user, place, message)
    }

    /// The messages the bot posted in `channel` that everyone sees, in order.
    pub fn messages(&self, channel: u64) -> Vec<Message> {
        let inner = self.lock();
        inner
            .messages
            .iter()
            .map(StoredMessage::view)
            .filter(|m| m.channel_id == channel && !m.ephemeral)
            .collect()
    }

    /// Waits for a message in any channel (ephemeral ones included: check
    /// `ephemeral` in `pred` if it matters) that satisfies `pred`.
    pub async fn wait_for_message(&self, what: &str, pred: impl Fn(&Message) -> bool) -> Message {
        let found = self
            .probe(|inner| inner.messages.iter().map(StoredMessage::view).find(&pred))
            .await;
        found.unwrap_or_else(|| {
            let recent: Vec<String> = self
                .lock()
                .messages
                .iter()
                .rev()
                .take(10)
                .map(|m| format!("  {}", m.raw))
                .collect();
            panic!(
                "no message {what} after {TIMEOUT:?}; the last messages, newest first:\n{}",
                recent.join("\n")
            )
        })
    }

    pub fn calls(&self) -> Vec<Call> {
        self.lock().calls.clone()
    }

    /// Answers the next `fault.times` calls that match `fault` with its
    /// error (the call is not served).
    pub fn fail(&self, fault: Fault) {
        self.lock().faults.push(fault);
    }

    /// Serves the next `fault.times` calls that match `fault`, then answers
    /// them with its error anyway, as Discord sometimes does (a 500 or a
    /// timeout after the message was made): the bot cannot tell whether
    /// its call did anything.
    pub fn fail_after_doing(&self, fault: Fault) {
        self.lock().faults_after.push(fault);
    }

    /// Serves the next call of `method` whose path contains `path`, then
    /// never answers it: the bot waits, as a process killed or cut off in
    /// the middle of a call would. [`FakeDiscord::hung`] counts such calls.
    pub fn hang_after_doing(&self, method: &'static str, path: &'static str) {
        self.lock().hangs.push((method, path, true));
    }

    /// Never answers the next call of `method` whose path contains `path`,
    /// nor serves it: the bot waits, as one killed just before its call
    /// reached Discord.
    pub fn hang_before_doing(&self, method: &'static str, path: &'static str) {
        self.lock().hangs.push((method, path, false));
    }

    /// How many calls were served and left unanswered so far.
    pub fn hung(&self) -> usize {
        self.lock().hung
    }

    /// Ages every message posted so far by `by`, as if that much time had
    /// passed: past [`NONCE_WINDOW`], their nonces are forgotten.
    pub fn age_messages(&self, by: Duration) {
        for message in &mut self.lock().messages {
            message.aged += by;
        }
    }

    /// Makes the bot unable to post in `channel` (as without the Send
    /// Messages permission): new messages there get 403, 50013 Missing
    /// Permissions. Interaction responses still work, as on Discord.
    pub fn deny_posting(&self, channel: u64) {
        self.lock().denied_channels.insert(channel);
    }

    /// Deletes `channel` (a thread, say) as a server manager would: every
    /// call about it then gets 404, 10003 Unknown Channel.
    pub fn delete_channel(&self, channel: u64) {
        let mut inner = self.lock();
        inner.channels.remove(&channel);
        inner.deleted_channels.insert(channel);
    }

    /// The calls of the bot's about `channel` (its messages, threads from
    /// them) that the fake refused with Discord's error `code`.
    pub fn refused_calls(&self, channel: u64, code: u32) -> Vec<Call> {
        let prefix = format!("/channels/{channel}/");
        let calls = self.calls();
        calls
            .into_iter()
            .filter(|c| c.path.starts_with(&prefix))
            .filter(|c| c.error.as_ref().is_some_and(|e| e["code"] == code))
            .collect()
    }

    /// Grants the bot Create Public Threads and Send Messages in Threads in
    /// `channel` (it has neither anywhere else).
    pub fn allow_threads(&self, channel: u64) {
        self.lock().thread_channels.insert(channel);
    }

    /// The threads the bot opened: id, parent channel and name.
    pub fn threads(&self) -> Vec<(u64, u64, String)> {
        let inner = self.lock();
        inner
            .threads
            .iter()
            .map(|(&id, (parent, name))| (id, *parent, name.clone()))
            .collect()
    }

    /// `user` closed their DMs: the DM channel can be opened, but messages
    /// to it get 403, 50007 Cannot send messages to this user.
    pub fn close_dms(&self, user: &FakeUser) {
        self.add_user(user);
        self.lock().closed_dms.insert(user.id);
    }

    /// `user` leaves `guild` (or is removed from it): asking for them as
    /// its member gets 404, 10007 Unknown Member.
    pub fn remove_member(&self, guild: u64, user: &FakeUser) {
        self.add_user(user);
        self.lock().left_members.insert((guild, user.id));
    }

    /// While held, a new gateway connection waits before its HELLO (as if
    /// the gateway were unreachable): with [`Self::disconnect_all`], a test
    /// can dispatch while the bot is surely disconnected, for the RESUME to
    /// replay.
    pub fn hold_gateway(&self, held: bool) {
        self.lock().gateway_held = held;
    }

    /// Makes every interaction so far `by` older (their tokens expire after
    /// [`TOKEN_LIFETIME`]).
    pub fn age_interactions(&self, by: Duration) {
        for interaction in &mut self.lock().interactions {
            interaction.aged += by;
        }
    }

    /// Every frame the gateway sent, in order (to check them with serenity's types).
    pub fn frames(&self) -> Vec<Value> {
        self.lock().frames.clone()
    }

    /// Panics listing every REST call that hit an unknown route, that the
    /// fake refused (e.g. an interaction answered twice) or whose body does
    /// not conform to Discord's OpenAPI spec.
    pub fn check_calls(&self) {
        let calls = self.calls();
        let problems: Vec<String> = calls
            .iter()
            .filter(|call| !call.injected)
            .filter_map(problems)
            .collect();
        assert!(
            problems.is_empty(),
            "{} of {} REST calls are wrong:\n{}",
            problems.len(),
            calls.len(),
            problems.join("\n")
        );
    }

    /// Closes every gateway socket (close code 4000, after which clients
    /// RESUME their sessions) and waits until they are gone.
    pub async fn disconnect_all(&self) {
        let closed: Vec<u64> = self.lock().connections.iter().map(|c| c.id).collect();
        for connection in &self.lock().connections {
            let _ = connection.tx.send(Outbound::Close);
        }
        self.wait("every gateway socket to close", |inner| {
            let open = inner.connections.iter().any(|c| closed.contains(&c.id));
            (!open).then_some(())
        })
        .await
    }

    fn command(
        &self,
        kind: u8,
        user: &FakeUser,
        channel: u64,
        subcommand: &str,
        options: Value,
    ) -> Interaction {
        self.add_user(user);
        let place = self.place(channel);
        let options = with_string_ids(options);
        let resolved = self.resolve_users(&options, place.guild_id.is_some());
        // "group sub" is a subcommand of a group (type 2).
        let options = match subcommand.split_once(' ') {
            _ if subcommand.is_empty() => options,
            Some((group, sub)) => json!([{"name": group, "type": 2, "options": [
                {"name": sub, "type": 1, "options": options}
            ]}]),
            None => json!([{"name": subcommand, "type": 1, "options": options}]),
        };
        let mut data = json!({
            "id": self.command_id(place.guild_id).to_string(),
            "name": "kiela",
            "type": 1,
            "options": options,
            "resolved": resolved,
        });
        if let Some(guild) = place.guild_id {
            data["guild_id"] = json!(guild.to_string());
        }
        self.dispatch_interaction(kind, data, user, place, None)
    }

    fn component(&self, user: &FakeUser, message_id: u64, data: Value) -> Interaction {
        let message = self
            .lock()
            .message(message_id)
            .unwrap_or_else(|| panic!("the bot posted no message {message_id}"));
        self.component_on(user, message, data)
    }

    /// A component interaction on `message` as the user's client shows it.
    fn component_on(&self, user: &FakeUser, message: Message, data: Value) -> Interaction {
        self.add_user(user);
        let custom_id = data["custom_id"].as_str().unwrap();
        assert!(
            message.custom_ids().iter().any(|id| id == custom_id),
            "message {} has no component {custom_id:?}; it has {:?}",
            message.id,
            message.custom_ids()
        );
        let place = self.place(message.channel_id);
        self.dispatch_interaction(3, data, user, place, Some(message))
    }

    fn dispatch_interaction(
        &self,
        kind: u8,
        data: Value,
        user: &FakeUser,
        place: Place,
        message: Option<Message>,
    ) -> Interaction {
        let id = next_id();
        let token = format!("fake-interaction-token-{id}");
        let payload = objects::interaction(
            id,
            &token,
            kind,
            data,
            user,
            &place,
            message.as_ref().map(|m| m.raw.clone()),
        );
        let guild = place.guild_id;
        self.lock().interactions.push(InteractionState {
            id,
            token: token.clone(),
            kind,
            place,
            message_id: message.map(|m| m.id),
            response: None,
            original: None,
            followups: Vec::new(),
            dispatched_at: Instant::now(),
            responded_at: None,
            aged: Duration::ZERO,
            callback_failed: false,
        });
        self.dispatch(guild, "INTERACTION_CREATE", payload);
        Interaction {
            id,
            token,
            fake: self.clone(),
        }
    }

    /// Sends a dispatch to the shard that owns `guild` (DMs: shard 0). If
    /// the shard's connection is gone but its session can be resumed, the
    /// dispatch waits in the session, as on Discord, for the RESUME.
    fn dispatch(&self, guild: Option<u64>, event: &'static str, payload: Value) {
        let mut inner = self.lock();
        let count = inner.sessions.first().map_or(1, |s| s.shard.1);
        let shard = guild.map_or(0, |g| ((g >> 22) % u64::from(count)) as u32);
        let Some(session) = inner
            .sessions
            .iter_mut()
            .find(|s| s.shard == (shard, count))
        else {
            panic!("no gateway session for shard {shard} of {count}: call wait_ready first")
        };
        let frame = session.dispatch(event, payload);
        let live = session.connection;
        let connection = inner
            .connections
            .iter()
            .find(|c| Some(c.id) == live && c.ready);
        if let Some(connection) = connection {
            let _ = connection.tx.send(Outbound::Frame(frame));
        }
    }

    /// Where an interaction in `channel` happens.
    /// Sets the `guild_locale` interactions in `guild` carry.
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        self.lock().guild_locales.insert(guild, locale.to_owned());
    }

    fn place(&self, channel: u64) -> Place {
        let mut inner = self.lock();
        let dm = inner.dm_channels.values().any(|&c| c == channel);
        let group = inner.group_dms.get(&channel).cloned();
        let botless = inner.botless.get(&channel).copied();
        inner.channels.insert(channel);
        let thread = inner.threads.get(&channel).cloned();
        // A thread's permissions are its parent's.
        let home = thread.as_ref().map_or(channel, |(parent, _)| *parent);
        let guild = (inner.other_guilds.get(&home).copied())
            .or(botless)
            .unwrap_or(GUILD_ID);
        let mut app_permissions: u64 = objects::PERMISSIONS.parse().unwrap();
        if inner.thread_channels.contains(&home) {
            app_permissions |= objects::THREAD_PERMISSIONS;
        }
        if inner.denied_channels.contains(&channel) {
            app_permissions &= !objects::SEND_MESSAGES;
        }
        let install = match (&group, botless) {
            (Some(_), _) => objects::Install::GroupDm,
            (None, Some(_)) => objects::Install::ServerWithoutBot,
            (None, None) if dm => objects::Install::BotDm,
            (None, None) => objects::Install::Server,
        };
        Place {
            channel_id: channel,
            guild_id: (!dm && group.is_none()).then_some(guild),
            install,
            group: group.unwrap_or_default(),
            guild_locale: inner
                .guild_locales
                .get(&guild)
                .cloned()
                .unwrap_or_else(|| "en-US".to_owned()),
            thread,
            app_permissions,
        }
    }

    fn command_id(&self, guild: Option<u64>) -> u64 {
        let inner = self.lock();
        let registered = [guild, None]
            .iter()
            .filter_map(|scope| inner.commands.get(scope))
            .flatten()
            .find(|c| c["name"] == "kiela");
        registered
            .and_then(|c| c["id"].as_str()?.parse().ok())
            .unwrap_or(UNREGISTERED_COMMAND_ID)
    }

    /// `data.resolved` for the USER options, searched through subcommands.
    fn resolve_users(&self, options: &Value, in_guild: bool) -> Value {
        let inner = self.lock();
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        for option in options.as_array().into_iter().flatten() {
            if option["type"] != 6 {
                continue;
            }
            let id: u64 = option["value"]
                .as_str()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("a USER option needs a user id: {option}"));
            let user = inner
                .users
                .get(&id)
                .unwrap_or_else(|| panic!("unknown user {id}: call add_user first"));
            users.insert(id.to_string(), objects::user(user, id == APPLICATION_ID));
            if in_guild {
                members.insert(id.to_string(), objects::partial_member(user));
            }
        }
        json!({"users": users, "members": members})
    }

    fn lock(&self) -> Locked<'_> {
        Locked {
            // A failed assertion elsewhere must not hide behind a poisoned lock.
            inner: self
                .state
                .inner
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
            changed: &self.state.changed,
            dirty: false,
        }
    }

    /// Waits until `done` holds, checking it after each change the fake
    /// sees (a call, a gateway event); panics after [`TIMEOUT`].
    pub async fn wait_until(&self, what: &str, mut done: impl FnMut() -> bool) {
        let found = self.changes(|| done().then_some(())).await;
        found.unwrap_or_else(|| panic!("timed out after {TIMEOUT:?} waiting for {what}"))
    }

    /// Waits until `probe` returns something; panics after [`TIMEOUT`].
    async fn wait<T>(&self, what: &str, probe: impl FnMut(&Inner) -> Option<T>) -> T {
        let found = self.probe(probe).await;
        found.unwrap_or_else(|| panic!("timed out after {TIMEOUT:?} waiting for {what}"))
    }

    /// What `probe` returns, tried on the state after each change, once it
    /// returns something; `None` after [`TIMEOUT`].
    async fn probe<T>(&self, mut probe: impl FnMut(&Inner) -> Option<T>) -> Option<T> {
        self.changes(|| probe(&self.lock())).await
    }

    /// What `look` returns (it must not hold the lock when it returns),
    /// tried after each change, once it returns something; `None` after
    /// [`TIMEOUT`].
    async fn changes<T>(&self, mut look: impl FnMut() -> Option<T>) -> Option<T> {
        let found = tokio::time::timeout(TIMEOUT, async {
            loop {
                // Listening before looking: a change in between still wakes us.
                let changed = self.state.changed.notified();
                let mut changed = std::pin::pin!(changed);
                changed.as_mut().enable();
                if let Some(found) = look() {
                    return found;
                }
                changed.await;
            }
        })
        .await;
        found.ok()
    }

    /// Forgets the faults no call has met yet: Discord's bad moments pass.
    pub fn clear_faults(&self) {
        let mut inner = self.lock();
        inner.faults.clear();
        inner.faults_after.clear();
    }

    /// Message `id` as it is now, ephemeral or not, if the bot posted it
    /// (one message, without copying every channel's).
    pub fn message(&self, id: u64) -> Option<Message> {
        self.lock().message(id)
    }

    /// The ids of every message the bot posted, in every channel, in
    /// order, with their channel and whether they are ephemeral.
    pub fn message_ids(&self) -> Vec<(u64, u64, bool)> {
        let inner = self.lock();
        let ids = inner.messages.iter().map(|m| {
            let channel = m.raw["channel_id"].as_str().unwrap().parse().unwrap();
            let flags = m.raw["flags"].as_u64().unwrap_or(0);
            (m.id(), channel, flags & EPHEMERAL != 0)
        });
        ids.collect()
    }
}

/// The fake's state, locked; dropped after a change, it wakes the waiters.
struct Locked<'a> {
    inner: MutexGuard<'a, Inner>,
    changed: &'a Notify,
    dirty: bool,
}

impl Deref for Locked<'_> {
    type Target = Inner;

    fn deref(&self) -> &Inner {
        &self.inner
    }
}

impl DerefMut for Locked<'_> {
    fn deref_mut(&mut self) -> &mut Inner {
        self.dirty = true;
        &mut self.inner
    }
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        if self.dirty {
            self.changed.notify_waiters();
        }
    }
}

impl InteractionState {
    /// How long ago it was dispatched, aging included.
    fn age(&self) -> Duration {
        self.dispatched_at.elapsed() + self.aged
    }
}

impl Inner {
    fn interaction(&self, id: u64) -> &InteractionState {
        self.interactions.iter().find(|i| i.id == id).unwrap()
    }

    fn message(&self, id: u64) -> Option<Message> {
        self.messages
            .iter()
            .find(|m| m.id() == id)
            .map(StoredMessage::view)
    }
}

impl StoredMessage {
    fn id(&self) -> u64 {
        self.raw["id"].as_str().unwrap().parse().unwrap()
    }

    fn channel(&self) -> u64 {
        self.raw["channel_id"].as_str().unwrap().parse().unwrap()
    }

    fn is_ephemeral(&self) -> bool {
        self.raw["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
    }

    /// Whether its nonce is still remembered.
    fn nonce_remembered(&self) -> bool {
        self.posted.elapsed() + self.aged < NONCE_WINDOW
    }

    fn view(&self) -> Message {
        let id = |key: &str| self.raw[key].as_str().unwrap().parse().unwrap();
        Message {
            id: id("id"),
            channel_id: id("channel_id"),
            content: self.raw["content"].as_str().unwrap_or_default().to_owned(),
            components: self.raw["components"].clone(),
            attachments: self.files.clone(),
            ephemeral: self.raw["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0,
            allowed_mentions: self.allowed_mentions.clone(),
            embeds: self.raw["embeds"].clone(),
            edits: self.edits,
            raw: self.raw.clone(),
        }
    }
}

/// A fresh id, greater than every earlier one (like snowflakes) and than the
/// constants; shared by every fake of the test binary.
fn next_id() -> u64 {
    static NEXT_ID: AtomicU64 = AtomicU64::new(1_200_000_000_000_000_000);
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

fn bot() -> FakeUser {
    FakeUser::new(APPLICATION_ID, BOT_NAME)
}

/// User ids in `<@id>` and `<@!id>` mentions.
fn mentioned_ids(content: &str) -> Vec<u64> {
    content
        .split("<@")
        .skip(1)
        .filter_map(|rest| {
            let (id, _) = rest.split_once('>')?;
            id.trim_start_matches('!').parse().ok()
        })
        .collect()
}

/// Option values of USER options as strings, as Discord sends snowflakes.
fn with_string_ids(mut options: Value) -> Value {
    for option in options.as_array_mut().into_iter().flatten() {
        if option["type"] == 6 {
            if let Some(id) = option["value"].as_u64() {
                option["value"] = json!(id.to_string());
            }
        }
    }
    options
}

/// What is wrong with a call, if anything.
fn problems(call: &Call) -> Option<String> {
    let mut problems = Vec::new();
    if !call.known_route {
        problems.push("the fake does not know this route".to_owned());
    } else if let Some(error) = call.error.as_ref().filter(|_| !call.arranged) {
        problems.push(format!("the fake answered {}: {error}", call.status));
    }
    if let Err(errors) = openapi::spec().check(&call.method, &call.path, call.body.as_ref()) {
        problems.extend(errors);
    }
    (!problems.is_empty()).then(|| {
        let body = call.body.as_ref().map(Value::to_string).unwrap_or_default();
        format!(
            "- {} {}: {}\n    body: {body}",
            call.method,
            call.path,
            problems.join("\n    ")
        )
    })
}

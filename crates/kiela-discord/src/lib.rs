//! The Discord adapter: registers `/kiela`, turns interactions into game
//! service calls and [`Reply`](kiela_app::Reply)s into messages with the
//! board picture, menus and buttons, and posts reminders and timeouts.
//!
//! It holds no game state: everything lives in the database, so buttons
//! keep working after a restart.

pub mod codes;
mod command;
mod features;
mod handler;
mod ids;
pub mod limits;
mod members;
mod respond;
mod snowflakes;
mod timers;
pub mod words;

pub use command::{definition, installable, Request, COMMAND};
pub use ids::ComponentId;

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{GatewayIntents, GuildId, HttpBuilder, Permissions, ShardManager};
use thiserror::Error;
use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;

use crate::snowflakes::Ours;
use kiela_app::{App, BotPermissions, Clock, Place, Timing, User};
use kiela_i18n::Lang;
use kiela_store::{OpenError, Store};

/// What the bot needs to run, usually read from the environment.
#[derive(Clone, Debug)]
pub struct Config {
    pub token: String,
    pub database_url: String,
    /// Register the commands in this server only (instant), not globally.
    pub guild_id: Option<u64>,
    /// Base URL of a Discord-compatible HTTP proxy (and gateway source).
    pub proxy: Option<String>,
    /// The gateway shards this process runs; `None`: all, in one shard.
    pub shards: Option<ShardRange>,
    /// How often to look for due reminders, timeouts and AI turns (and at
    /// the latest, for posts to deliver).
    pub timer_interval: Duration,
    /// How long the service waits for work still under way.
    pub timing: Timing,
}

/// Shards `first` to `last` (inclusive) of `total`, written `0-3/8` (or
/// `2/8` for one shard), so several processes can split the gateway.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl std::str::FromStr for ShardRange {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardRange, String> {
        let bad = || format!("`{text}` is not a shard range like 0-3/8");
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |n: &str| n.trim().parse::<u32>().map_err(|_| bad());
        let shards = ShardRange {
            first: number(first)?,
            last: number(last)?,
            total: number(total)?,
        };
        if shards.first > shards.last || shards.last >= shards.total {
            return Err(format!(
                "`{text}`: shards are numbered 0 to {}, first to last",
                shards.total.saturating_sub(1)
            ));
        }
        Ok(shards)
    }
}

/// The default database: a SQLite file beside the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://kiela.db";

/// Why the bot could not start or went down. Messages say what to do.
#[derive(Debug, Error)]
pub enum BotError {
    #[error(
        "DISCORD_TOKEN is not set. Create an application at \
         https://discord.com/developers/applications, open Bot, press Reset Token, \
         and put DISCORD_TOKEN=<the token> in .env or the environment (see the README)"
    )]
    NoToken,
    #[error("{name} must be {what}, not `{value}`")]
    BadVariable {
        name: &'static str,
        what: &'static str,
        value: String,
    },
    #[error(transparent)]
    Store(#[from] OpenError),
    #[error("Discord refused the token in DISCORD_TOKEN (reset it in the developer portal): {0}")]
    Token(Box<serenity::Error>),
    #[error("cannot reach Discord: {0}")]
    Discord(Box<serenity::Error>),
}

impl From<serenity::Error> for BotError {
    fn from(error: serenity::Error) -> BotError {
        BotError::Discord(Box::new(error))
    }
}

impl Config {
    /// Reads the variables documented in the README and `.env.example`,
    /// through `var` (normally `std::env::var`).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Config, BotError> {
        let set = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let token = set("DISCORD_TOKEN").ok_or(BotError::NoToken)?;
        let guild_id = match set("DISCORD_GUILD_ID") {
            None => None,
            Some(value) => Some(value.trim().parse().map_err(|_| BotError::BadVariable {
                name: "DISCORD_GUILD_ID",
                what: "a server id (a number; right-click the server with developer mode on)",
                value,
            })?),
        };
        let seconds = |name: &'static str, default: i64| match set(name) {
            None => Ok(default),
            Some(value) => match value.trim().parse::<i64>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(BotError::BadVariable {
                    name,
                    what: "a number of seconds, at least 1",
                    value,
                }),
            },
        };
        let timer_seconds = seconds("KIELA_TIMER_INTERVAL", 30)?;
        let answer_lease = seconds("KIELA_ANSWER_LEASE", kiela_app::ANSWER_LEASE)?;
        let keep_posts = match set("KIELA_KEEP_POSTS_DAYS") {
            None => kiela_app::KEEP_POSTS,
            Some(value) => match value.trim().parse::<i64>() {
                Ok(days) if days > 0 => days * 24 * 60 * 60,
                _ => {
                    return Err(BotError::BadVariable {
                        name: "KIELA_KEEP_POSTS_DAYS",
                        what: "a number of days, at least 1",
                        value,
                    })
                }
            },
        };
        Ok(Config {
            token: token.trim().to_string(),
            database_url: set("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            guild_id,
            proxy: set("KIELA_DISCORD_PROXY").map(|p| p.trim().trim_end_matches('/').to_string()),
            shards: match set("KIELA_SHARDS") {
                None => None,
                Some(value) => Some(value.parse().map_err(|_| BotError::BadVariable {
                    name: "KIELA_SHARDS",
                    what: "this process's shards and their total, like 0-3/8",
                    value,
                })?),
            },
            timer_interval: Duration::from_secs(timer_seconds as u64),
            timing: Timing {
                answer_lease,
                // Found within two ticks: a minute by default.
                ai_turn_grace: timer_seconds,
                keep_posts,
                ..Timing::default()
            },
        })
    }
}

/// A running bot: its gateway connection, the clock and the delivery loop.
pub struct Bot {
    shards: Arc<ShardManager>,
    client: JoinHandle<Result<(), serenity::Error>>,
    background: Vec<JoinHandle<()>>,
    in_flight: Arc<InFlight>,
    /// The posts the delivery loop's workers are sending.
    sending: Arc<InFlight>,
    /// How long shutting down waits for interactions being answered.
    shutdown_grace: Duration,
    /// The passes the clock's loop and the delivery loop have done.
    passes: [watch::Receiver<u64>; 2],
}

/// Counts the work under way (interactions being answered, posts being
/// sent), so that shutting down can wait for the answers (serenity runs
/// each in a task of its own, which ends with the runtime) and tests for
/// both.
#[derive(Debug, Default)]
pub struct InFlight {
    count: std::sync::atomic::AtomicUsize,
    idle: tokio::sync::Notify,
}

/// One piece of work in flight, until dropped.
pub struct Working(Arc<InFlight>);

impl InFlight {
    pub fn start(self: &Arc<Self>) -> Working {
        self.count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Working(self.clone())
    }

    /// Waits until no interaction is in flight, at most `limit`; false if
    /// some still were.
    pub async fn wait(&self, limit: Duration) -> bool {
        tokio::time::timeout(limit, self.idle()).await.is_ok()
    }

    /// Waits until no interaction is in flight.
    async fn idle(&self) {
        loop {
            let idle = self.idle.notified();
            if self.count.load(std::sync::atomic::Ordering::SeqCst) == 0 {
                return;
            }
            idle.await;
        }
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        if self
            .0
            .count
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst)
            == 1
        {
            self.0.idle.notify_waiters();
        }
    }
}

impl Bot {
    /// Checks the token and connects, keeping games in `store` (opened
    /// and migrated by the caller). The commands are registered once
    /// Discord says the bot is ready.
    pub async fn start(
        config: Config,
        store: Store,
        clock: Arc<dyn Clock>,
    ) -> Result<Bot, BotError> {
        let http = http_for(&config);
        let me = http.get_current_user().await.map_err(|e| match e {
            serenity::Error::Http(ref h) if h.status_code().is_some_and(|s| s.as_u16() == 401) => {
                BotError::Token(Box::new(e))
            }
            e => e.into(),
        })?;
        let bot = User::bot(me.id.ours(), &me.name);
        let timing = config.timing;
        // Its own client: the gateway's is built with the handler, which
        // holds the service.
        let members = Arc::new(members::DiscordMembers {
            http: http_for(&config),
        });
        let service = App::new(store, bot, clock.clone())
            .with_timing(timing)
            .with_members(members);
        // Before any answer holds a post: by a host's own clock, a hold
        // could end minutes early for the other processes.
        if let Err(e) = service.clocks.keep_time().await {
            tracing::warn!("cannot read the database's clock, using the host's: {e}");
        }
        // Posts an answer of the process before held are settled now, not
        // after their lease.
        match service.outbox.settle_abandoned_answers().await {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} posts held by answers before a restart go out now"),
            Err(e) => tracing::warn!("cannot settle the posts of answers cut short: {e}"),
        }
        let wake = Arc::new(Notify::new());
        let in_flight = Arc::new(InFlight::default());
        let sending = Arc::new(InFlight::default());
        let handler = handler::Handler::new(
            service.clone(),
            config.guild_id.map(GuildId::new),
            wake.clone(),
            in_flight.clone(),
        );
        let mut client = serenity::all::ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
            .event_handler(handler)
            .await?;
        let shards = client.shard_manager.clone();
        let interval = config.timer_interval;
        let (timer_passes, timers_done) = watch::channel(0);
        let (delivery_passes, deliveries_done) = watch::channel(0);
        let (looked_back, clock_looked_back) = watch::channel(false);
        let background = vec![
            tokio::spawn(timers::supervise("clock", {
                let (service, wake) = (service.clone(), wake.clone());
                move || {
                    let (clock, wake) = (clock.clone(), wake.clone());
                    let signals = (looked_back.clone(), timer_passes.clone());
                    timers::run(service.clone(), clock, interval, wake, signals)
                }
            })),
            tokio::spawn(timers::supervise("delivery", {
                let http = client.http.clone();
                let poll = interval.min(timing.delivery_poll);
                let sending = sending.clone();
                move || {
                    let (http, wake) = (http.clone(), wake.clone());
                    let signals = (clock_looked_back.clone(), delivery_passes.clone());
                    let sending = sending.clone();
                    timers::deliver(service.clone(), http, poll, wake, sending, signals)
                }
            })),
        ];
        let client = tokio::spawn(async move {
            match config.shards {
                // serenity counts the range's end in (0..3 starts shards 0 to 3).
                Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
                None => client.start().await,
            }
        });
        Ok(Bot {
            shards,
            client,
            background,
            in_flight,
            sending,
            shutdown_grace: timing.shutdown_grace,
            passes: [timers_done, deliveries_done],
        })
    }

    /// Waits until the interactions being answered are done (their posts
    /// marked delivered or released).
    pub async fn answers_done(&self) {
        self.in_flight.idle().await;
    }

    /// Waits until the posts being sent are done (delivered, refused or to
    /// be tried again). A test that jumps the clock by minutes waits for
    /// this first: a jump in the middle of a send would be a send frozen
    /// that long without its lease renewed, which a running bot renews.
    pub async fn sends_done(&self) {
        self.sending.idle().await;
    }

    /// Waits until the interactions being answered are done, then until
    /// the clock's loop and the delivery loop have each done a whole pass
    /// begun after that: whatever was due by then has fired and been
    /// posted (or failed). Tests wait for this to know the bot had its
    /// chance, rather than for some time.
    pub async fn wait_for_pass(&self) {
        self.answers_done().await;
        for passes in &self.passes {
            let mut passes = passes.clone();
            // The pass under way may have begun before the call; the next
            // one did not.
            let next = *passes.borrow_and_update() + 2;
            passes
                .wait_for(|&done| done >= next)
                .await
                .expect("the bot's loops are running");
        }
    }

    /// Waits until the gateway connection ends (an error, or a shutdown).
    pub async fn wait(&mut self) -> Result<(), BotError> {
        let ended = (&mut self.client).await;
        self.background.iter().for_each(JoinHandle::abort);
        match ended {
            Ok(result) => Ok(result?),
            Err(join) => Err(serenity::Error::Other(if join.is_panic() {
                "the gateway task panicked"
            } else {
                "the gateway task was cancelled"
            })
            .into()),
        }
    }

    /// Disconnects, and lets the interactions in flight finish (for up to
    /// [`Timing::shutdown_grace`]). Every move acknowledged to a player is already
    /// committed (replies are sent after the transaction), and whatever it
    /// must still post is in the outbox for the next start.
    pub async fn shutdown(mut self) {
        self.shards.shutdown_all().await;
        if !self.in_flight.wait(self.shutdown_grace).await {
            tracing::warn!("stopped with interactions still being answered");
        }
        let _ = self.wait().await;
    }
}

/// A REST client with the bot's token, through the proxy if there is one.
fn http_for(config: &Config) -> serenity::all::Http {
    let mut http = HttpBuilder::new(&config.token);
    if let Some(proxy) = &config.proxy {
        // The proxy does the rate limiting; serenity ignores the proxy
        // while its own ratelimiter is on.
        http = http.proxy(proxy).ratelimiter_disabled(true);
    }
    http.build()
}

/// Runs the bot until Ctrl-C or SIGTERM.
pub async fn run(config: Config, store: Store, clock: Arc<dyn Clock>) -> Result<(), BotError> {
    let mut bot = Bot::start(config, store, clock).await?;
    tokio::select! {
        ended = bot.wait() => ended,
        () = shutdown_signal() => {
            tracing::info!("shutting down");
            bot.shutdown().await;
            Ok(())
        }
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("a SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// The game service's view of a Discord user; `nick` is their server
/// nickname, if any, and `lang` the language of their client.
fn user_of(user: &serenity::all::User, nick: Option<&str>, lang: Lang) -> User {
    User {
        id: user.id.ours(),
        name: nick.unwrap_or_else(|| user.display_name()).into(),
        account_name: user.display_name().into(),
        is_bot: user.bot,
        lang,
    }
}

/// Where an interaction happened (no server in direct messages), and the
/// language of public posts there: the server's (`guild_locale`), or in
/// direct messages the user's. A server's own choice is applied after
/// ([`App::localise`]).
fn place_of(
    guild: Option<GuildId>,
    channel: serenity::all::ChannelId,
    guild_locale: Option<&str>,
    user_lang: Lang,
    bot_may: Option<Permissions>,
) -> Place {
    let place = Place::new(
        guild.ours(),
        channel.ours(),
        guild_locale.map_or(user_lang, Lang::from_locale),
    );
    match bot_may {
        Some(p) => place.allowing(BotPermissions {
            send_messages: p.send_messages(),
            attach_files: p.attach_files(),
            create_public_threads: p.create_public_threads(),
            send_messages_in_threads: p.send_messages_in_threads(),
        }),
        None => place,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn only_the_token_is_required() {
        let config = Config::from_vars(vars(&[("DISCORD_TOKEN", " abc ")])).unwrap();
        assert_eq!(config.token, "abc");
        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(config.guild_id, None);
        assert_eq!(config.proxy, None);
        assert_eq!(config.shards, None);
    }

    #[test]
    fn shard_ranges() {
        let range = |first, last, total| ShardRange { first, last, total };
        assert_eq!("0-3/8".parse(), Ok(range(0, 3, 8)));
        assert_eq!(" 5/8".parse(), Ok(range(5, 5, 8)));
        for bad in ["", "8", "3-1/8", "0-8/8", "a-b/c", "1-2"] {
            assert!(bad.parse::<ShardRange>().is_err(), "{bad}");
        }
        let error =
            Config::from_vars(vars(&[("DISCORD_TOKEN", "t"), ("KIELA_SHARDS", "4")])).unwrap_err();
        assert!(error.to_string().contains("0-3/8"), "{error}");
    }

    #[test]
    fn a_missing_token_says_how_to_get_one() {
        let error = Config::from_vars(vars(&[("DISCORD_TOKEN", "")])).unwrap_err();
        assert!(matches!(error, BotError::NoToken));
        assert!(error.to_string().contains("developers/applications"));
    }

    #[test]
    fn variables_are_read_and_checked() {
        let config = Config::from_vars(vars(&[
            ("DISCORD_TOKEN", "t"),
            ("DATABASE_URL", "sqlite://games.db"),
            ("DISCORD_GUILD_ID", "123"),
            ("KIELA_DISCORD_PROXY", "http://127.0.0.1:3000/"),
            ("KIELA_KEEP_POSTS_DAYS", "3"),
        ]))
        .unwrap();
        assert_eq!(config.timing.keep_posts, 3 * 24 * 60 * 60);
        assert_eq!(config.database_url, "sqlite://games.db");
        assert_eq!(config.guild_id, Some(123));
        assert_eq!(config.proxy.as_deref(), Some("http://127.0.0.1:3000"));
        let error = Config::from_vars(vars(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_GUILD_ID", "my server"),
        ]))
        .unwrap_err();
        assert!(error.to_string().contains("DISCORD_GUILD_ID"), "{error}");
        let error = Config::from_vars(vars(&[
            ("DISCORD_TOKEN", "t"),
            ("KIELA_KEEP_POSTS_DAYS", "0"),
        ]))
        .unwrap_err();
        assert!(
            error.to_string().contains("KIELA_KEEP_POSTS_DAYS"),
            "{error}"
        );
    }
}

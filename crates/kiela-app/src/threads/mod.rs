//! Where games are played: each in a thread of its own, opened in a lobby
//! channel that gets one line when the game starts and one when it ends, or
//! in the channel itself (a server's choice, see [`super::settings`]).
//!
//! The service cannot open a thread (that is Discord's doing), so a
//! threaded game starts in its lobby: its first post is the lobby's line,
//! which carries the thread's name, and the Discord side opens the thread
//! from that message once it is posted ([`ThreadService::thread_opened`]).
//! Its boards are addressed to "the game's channel, when sent" until then,
//! and a game's posts go out in order, so the first board lands in the
//! thread. If the thread cannot be opened, the game is simply played in the
//! lobby ([`ThreadService::thread_refused`]).

mod store;
pub use store::*;

use crate::store::ports::*;
use crate::store::{GameRow, NewPost, PostTarget};
use kiela_i18n::Lang;
use kiela_rules::{Outcome, Side};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::notice::Notice;

use super::{Loaded, Name, Place, Result, ThreadsSetting};
use crate::vocabulary::{ChannelId, GameId, GuildId, TournamentId, UserId};

/// What a lobby is told of the games played in its threads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreadNotice {
    /// A game starts (its thread opens from this line): `pings` called,
    /// then the game's own headline.
    GameStarted {
        pings: Vec<UserId>,
        headline: Box<Notice>,
    },
    /// `game` between `south` and `north`, played in `thread`, ended so.
    GameEnded {
        game: GameId,
        south: Name,
        north: Name,
        thread: ChannelId,
        ending: GameEnding,
    },
}

/// How a game ended, for its lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEnding {
    /// With a result.
    Result(Outcome),
    /// Aborted before both players moved.
    Aborted,
    /// `absent` never moved in a tournament game: a forfeit.
    Forfeit { absent: Name },
}

/// Why a game cannot be played where it was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThreadRefusal {
    /// The bot lacks `missing` in `channel`, where the game would go.
    PermissionsMissing {
        missing: Vec<Permission>,
        channel: ChannelId,
    },
}

/// A permission of the bot's that a game needs in its channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    SendMessages,
    AttachFiles,
    CreatePublicThreads,
    SendMessagesInThreads,
}

/// What the bot may do in the channel of an interaction, as Discord says
/// in it (`app_permissions`): a game is refused at once, naming what is
/// missing, rather than failing silently later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotPermissions {
    pub send_messages: bool,
    pub attach_files: bool,
    pub create_public_threads: bool,
    pub send_messages_in_threads: bool,
}

impl BotPermissions {
    pub const ALL: BotPermissions = BotPermissions {
        send_messages: true,
        attach_files: true,
        create_public_threads: true,
        send_messages_in_threads: true,
    };

    /// Posting in the channel, but no threads: a server's games are then
    /// played in the channel unless it wants threads.
    pub const NO_THREADS: BotPermissions = BotPermissions {
        create_public_threads: false,
        send_messages_in_threads: false,
        ..BotPermissions::ALL
    };

    fn may_open_threads(self) -> bool {
        self.create_public_threads && self.send_messages_in_threads
    }
}

/// Where a new game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Home {
    /// The game's channel: where its boards go, or, for a game played in a
    /// thread, its lobby (where the thread is opened).
    pub channel_id: ChannelId,
    pub threaded: bool,
}

impl Home {
    /// The lobby of a game played in a thread.
    pub fn lobby(self) -> Option<ChannelId> {
        self.threaded.then_some(self.channel_id)
    }
}

crate::store::port_set! {
    /// The ports [`ThreadService`] reads and writes through.
    pub struct ThreadPorts {
        settings: SettingsStore,
        threads: ThreadsStore,
    }
}

/// Games' threads: where a game lives, and the lobby's line when it ends.
#[derive(Clone)]
pub struct ThreadService {
    pub(crate) db: ThreadPorts,
    pub(crate) outbox: Arc<crate::OutboxService>,
}

impl ThreadService {
    /// Where a game asked for in `channel` (by someone acting in `place`)
    /// is played: the server's games channel or `channel`, in a thread if
    /// the server wants one and the bot may open one. Refused when the bot
    /// lacks a permission the game needs there; Discord tells the bot's
    /// permissions in the interaction's channel only, so elsewhere (another
    /// channel, or a game's lobby when asked in its thread) a missing
    /// permission shows when posting (the game then stays in its lobby, or
    /// the post is given up).
    pub(crate) async fn home(&self, place: Place, channel: ChannelId) -> Result<Home> {
        if place.guild_id.is_none() {
            return Ok(Home {
                channel_id: channel,
                threaded: false,
            });
        }
        let settings = self.db.settings.guild_settings(place.guild_id).await?;
        // A game asked for in a game's thread (a rematch, a challenge typed
        // there) starts beside it: a thread cannot hold threads.
        let asked_in = channel;
        let channel = match settings.games_channel_id {
            Some(games) => games,
            None => self
                .db
                .threads
                .lobby_of_thread(channel)
                .await?
                .unwrap_or(channel),
        };
        let may = if channel == asked_in && channel == place.channel_id {
            place.bot_may
        } else {
            BotPermissions::ALL
        };
        let threaded = match settings.threads.unwrap_or_default() {
            ThreadsSetting::Auto => may.may_open_threads(),
            ThreadsSetting::On => true,
            ThreadsSetting::Off => false,
        };
        let needed = [
            (may.send_messages, Permission::SendMessages),
            (may.attach_files, Permission::AttachFiles),
            (
                !threaded || may.create_public_threads,
                Permission::CreatePublicThreads,
            ),
            (
                !threaded || may.send_messages_in_threads,
                Permission::SendMessagesInThreads,
            ),
        ];
        let missing: Vec<Permission> = needed
            .iter()
            .filter(|(granted, _)| !granted)
            .map(|&(_, permission)| permission)
            .collect();
        if !missing.is_empty() {
            return Err(ThreadRefusal::PermissionsMissing { missing, channel }.into());
        }
        Ok(Home {
            channel_id: channel,
            threaded,
        })
    }

    /// The posts that start a game at `home`, in `lang`: its first board
    /// with `headline`; for a game played in a thread, first the lobby's
    /// line (the headline too), which opens the thread named `thread` and
    /// pings `pings` (the first board, in the thread, pings only the
    /// player to move).
    pub(crate) fn start_posts(
        &self,
        home: Home,
        lang: Lang,
        headline: impl Into<Notice>,
        thread: ThreadName,
        pings: Vec<UserId>,
    ) -> Vec<NewPost> {
        let headline = headline.into();
        let lobby = Place::new(GuildId::NONE, home.channel_id, lang);
        if !home.threaded {
            return vec![NewPost {
                ply: Some(0),
                ..self.outbox.post_in(lobby, headline)
            }];
        }
        let line = ThreadNotice::GameStarted {
            pings: pings.clone(),
            headline: Box::new(headline.clone()),
        };
        vec![
            NewPost {
                thread_name: Some(thread),
                pings,
                ..self.outbox.post_in(lobby, line)
            },
            NewPost {
                to: PostTarget::GameChannel,
                ply: Some(0),
                hold: 0,
                ..self.outbox.post_in(lobby, headline)
            },
        ]
    }

    /// Game `game_id`'s thread is open (and has the id `thread_id`): the
    /// game is played there from now on.
    pub async fn thread_opened(&self, game_id: GameId, thread_id: ChannelId) -> Result<()> {
        Ok(self.db.threads.move_to_thread(game_id, thread_id).await?)
    }

    /// Discord refused to open game `game_id`'s thread: the game is played
    /// in its lobby.
    pub async fn thread_refused(&self, game_id: GameId) -> Result<()> {
        Ok(self.db.threads.stay_in_lobby(game_id).await?)
    }

    /// The line that tells a game's lobby how it ended, if it is played
    /// in a thread there.
    pub(crate) async fn lobby_result(
        &self,
        loaded: &Loaded,
        ending: GameEnding,
        lang: Lang,
    ) -> Result<Option<NewPost>> {
        // A game against the AI is nobody else's business: its thread
        // says how it ended, the lobby does not.
        let (Some(lobby), None) = (loaded.row.lobby_channel_id, loaded.row.ai_level) else {
            return Ok(None);
        };
        let text = ThreadNotice::GameEnded {
            game: loaded.row.id,
            south: loaded.name(Side::South),
            north: loaded.name(Side::North),
            thread: loaded.row.channel_id,
            ending,
        };
        Ok(Some(NewPost {
            to: PostTarget::Channel(lobby),
            hold: 0,
            ..self
                .outbox
                .post_in(Place::new(GuildId::NONE, lobby, lang), text)
        }))
    }
}

/// Where a game's posts go: its channel, or, while its thread is being
/// opened, the game's channel when the post is sent (which the delivery
/// loop reads then).
pub(super) fn posts_channel(row: &GameRow) -> PostTarget {
    if row.lobby_channel_id == Some(row.channel_id) {
        PostTarget::GameChannel
    } else {
        PostTarget::Channel(row.channel_id)
    }
}

/// The name of a thread the bot opens, worded by the adapter (which also
/// keeps it within Discord's length for a thread's name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreadName {
    /// Game `game`'s thread, between `south` and `north`.
    Game {
        game: GameId,
        south: Name,
        north: Name,
    },
    /// Tournament `tournament`'s (named `name`) own thread, for its news.
    Tournament {
        name: String,
        tournament: TournamentId,
    },
    /// The thread of game `game`, of round `round` of tournament `name`.
    TournamentGame {
        name: String,
        round: i64,
        game: GameId,
    },
    /// The thread of day `day`'s puzzle (days since 1970).
    DailyPuzzle { day: i64 },
    /// A name worded before thread names were typed (a post stored then
    /// and still waiting): used as it is.
    Worded(String),
}

/// The name of the thread of game `id` between `south` and `north`.
pub(super) fn thread_name(id: GameId, (south, north): (&Name, &Name)) -> ThreadName {
    ThreadName::Game {
        game: id,
        south: south.clone(),
        north: north.clone(),
    }
}

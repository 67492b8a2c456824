//! Who acts, and where.

use kiela_i18n::Lang;

use super::{BotPermissions, Name};
use crate::vocabulary::{ChannelId, GuildId, UserId};

/// A Discord user (or the bot itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    /// As Discord shows it where they act (their nickname in that server,
    /// if they have one); see [`Name`] for how it becomes text.
    pub name: Name,
    /// Their Discord display name, the same in every server: what other
    /// servers and direct messages show (a nickname stays in its server).
    pub account_name: Name,
    pub is_bot: bool,
    /// The language of their Discord client: their private replies, and
    /// (remembered) their reminders and direct messages.
    pub lang: Lang,
}

impl User {
    pub fn new(id: UserId, name: &str) -> User {
        User {
            id,
            name: Name::from(name),
            account_name: Name::from(name),
            is_bot: false,
            lang: Lang::En,
        }
    }

    /// A bot (the Kiela bot itself, or another one).
    pub fn bot(id: UserId, name: &str) -> User {
        User {
            is_bot: true,
            ..User::new(id, name)
        }
    }

    /// The same user, known as `nick` in the server where they act.
    pub fn nicknamed(mut self, nick: &str) -> User {
        self.name = Name::from(nick);
        self
    }

    /// The same user, speaking `lang`.
    pub fn speaking(mut self, lang: Lang) -> User {
        self.lang = lang;
        self
    }
}

/// Where an action happens: the server ([`GuildId::NONE`] outside one) and the channel,
/// and the language of public posts there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The server's language: Discord's `guild_locale`, unless the server
    /// chose one with `/kiela settings` (see [`SettingsService::localise`]).
    pub lang: Lang,
    /// What the bot may do in this channel.
    pub bot_may: BotPermissions,
    /// What kind of place it is: whether the bot may post here.
    pub kind: PlaceKind,
}

/// What kind of place an interaction comes from, as Discord vouches for
/// it (the interaction's `context` and `authorizing_integration_owners`).
/// A user can install the app for themselves (a *user install*) and use
/// it where the bot is no member: there it may only answer interactions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaceKind {
    /// A channel of a server the bot is a member of.
    Server,
    /// The user's direct messages with the app.
    AppDm,
    /// A group DM (or a DM between two users) where a user's install of
    /// the app is used.
    GroupDm,
    /// A server the bot is not a member of, where a member's install of
    /// the app is used.
    ServerWithoutBot,
}

impl PlaceKind {
    /// The bot cannot post here (Discord refuses with Missing Access):
    /// everything shown here is the answer to an interaction.
    pub fn answers_only(self) -> bool {
        matches!(self, PlaceKind::GroupDm | PlaceKind::ServerWithoutBot)
    }
}

impl Place {
    /// A place where the bot may post, but not open threads.
    pub fn new(guild_id: GuildId, channel_id: ChannelId, lang: Lang) -> Place {
        Place {
            guild_id,
            channel_id,
            lang,
            bot_may: BotPermissions::NO_THREADS,
            kind: match guild_id.is_none() {
                true => PlaceKind::AppDm,
                false => PlaceKind::Server,
            },
        }
    }

    /// The same place, of `kind`. A place that only answers opens no
    /// thread.
    pub fn of_kind(self, kind: PlaceKind) -> Place {
        let bot_may = match kind.answers_only() {
            true => BotPermissions {
                create_public_threads: false,
                send_messages_in_threads: false,
                ..self.bot_may
            },
            false => self.bot_may,
        };
        Place {
            kind,
            bot_may,
            ..self
        }
    }

    /// The same place, where the bot may do only `may`.
    pub fn allowing(self, may: BotPermissions) -> Place {
        Place {
            bot_may: may,
            ..self
        }
        .of_kind(self.kind)
    }
}

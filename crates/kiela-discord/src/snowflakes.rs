//! The bot's ids and serenity's are the same Discord snowflakes: the store
//! keeps them as `i64` (a snowflake never reaches 2^63). `.ours()` turns
//! serenity's into the bot's, `.theirs()` the other way.

use serenity::all as serenity;

use kiela_app::vocabulary::{ChannelId, GuildId, MessageId, UserId};

/// A serenity id, as the bot's.
pub(crate) trait Ours {
    type Id;
    fn ours(self) -> Self::Id;
}

/// The bot's id, as serenity's.
pub(crate) trait Theirs {
    type Id;
    fn theirs(self) -> Self::Id;
}

macro_rules! snowflakes {
    ($($ours:ident <=> $theirs:ident,)+) => {$(
        impl Ours for serenity::$theirs {
            type Id = $ours;
            fn ours(self) -> $ours {
                $ours(self.get() as i64)
            }
        }

        impl Theirs for $ours {
            type Id = serenity::$theirs;
            fn theirs(self) -> serenity::$theirs {
                serenity::$theirs::new(self.0 as u64)
            }
        }
    )+};
}

snowflakes! {
    UserId <=> UserId,
    ChannelId <=> ChannelId,
    MessageId <=> MessageId,
}

/// Outside a server (a direct message), [`GuildId::NONE`].
impl Ours for Option<serenity::GuildId> {
    type Id = GuildId;
    fn ours(self) -> GuildId {
        self.map_or(GuildId::NONE, |guild| GuildId(guild.get() as i64))
    }
}

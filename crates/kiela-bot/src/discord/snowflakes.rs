//! The bot's ids and serenity's are the same Discord snowflakes: the store
//! keeps them as `i64` (a snowflake never reaches 2^63).

use serenity::all as serenity;

use crate::vocabulary::{ChannelId, GuildId, MessageId, UserId};

macro_rules! snowflakes {
    ($($ours:ident <=> $theirs:ident,)+) => {$(
        impl From<serenity::$theirs> for $ours {
            fn from(id: serenity::$theirs) -> $ours {
                $ours(id.get() as i64)
            }
        }

        impl From<$ours> for serenity::$theirs {
            fn from(id: $ours) -> serenity::$theirs {
                serenity::$theirs::new(id.0 as u64)
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
impl From<Option<serenity::GuildId>> for GuildId {
    fn from(guild: Option<serenity::GuildId>) -> GuildId {
        guild.map_or(GuildId::NONE, |guild| GuildId(guild.get() as i64))
    }
}

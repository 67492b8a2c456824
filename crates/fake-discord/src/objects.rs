//! Discord objects as JSON, as complete as Discord sends them: serenity
//! silently drops a gateway dispatch it cannot deserialize.

use serde_json::{json, Value};

use super::{FakeUser, APPLICATION_ID, CHANNEL_ID, GUILD_ID};

/// VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY,
/// USE_APPLICATION_COMMANDS: what a member and the bot can do in the channel.
pub const PERMISSIONS: &str = "2147601408";
/// CREATE_PUBLIC_THREADS and SEND_MESSAGES_IN_THREADS, granted to the bot
/// in some channels (see `FakeDiscord::allow_threads`).
pub const THREAD_PERMISSIONS: u64 = 1 << 35 | 1 << 38;
/// SEND_MESSAGES.
pub const SEND_MESSAGES: u64 = 1 << 11;
const JOINED_AT: &str = "2024-01-01T00:00:00.000000+00:00";
/// Discord's default upload limit (10 MiB).
const ATTACHMENT_SIZE_LIMIT: u32 = 10 * 1024 * 1024;

pub fn now() -> Value {
    serde_json::to_value(serenity::model::Timestamp::now()).unwrap()
}

pub fn user(user: &FakeUser, bot: bool) -> Value {
    json!({
        "id": user.id.to_string(),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.name,
        "avatar": null,
        "bot": bot,
        "system": false,
        "banner": null,
        "accent_color": null,
        "public_flags": 0,
        "flags": 0,
        "avatar_decoration_data": null,
    })
}

/// The bot's own user, as `GET /users/@me` and READY carry it.
pub fn current_user(bot: &FakeUser) -> Value {
    let mut user = user(bot, true);
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    user["email"] = Value::Null;
    user["locale"] = json!("en-US");
    user
}

/// A guild member without `user`, `deaf` and `mute`, as in `resolved.members`.
pub fn partial_member(user: &FakeUser) -> Value {
    json!({
        "nick": user.nick,
        "avatar": null,
        "banner": null,
        "roles": [],
        "joined_at": JOINED_AT,
        "premium_since": null,
        "flags": 0,
        "pending": false,
        "permissions": PERMISSIONS,
        "communication_disabled_until": null,
    })
}

pub fn member(user: &FakeUser) -> Value {
    let mut member = partial_member(user);
    member["user"] = self::user(user, false);
    member["deaf"] = json!(false);
    member["mute"] = json!(false);
    member
}

/// A text channel of the guild, or a DM channel with `recipient`.
pub fn channel(id: u64, recipient: Option<&FakeUser>) -> Value {
    match recipient {
        Some(recipient) => json!({
            "id": id.to_string(),
            "type": 1,
            "last_message_id": null,
            "flags": 0,
            "recipients": [user(recipient, false)],
        }),
        None => json!({
            "id": id.to_string(),
            "type": 0,
            "guild_id": GUILD_ID.to_string(),
            "name": if id == CHANNEL_ID { "kiela".to_owned() } else { format!("channel-{id}") },
            "position": 0,
            "permission_overwrites": [],
            "permissions": PERMISSIONS,
            "nsfw": false,
            "topic": null,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "parent_id": null,
            "flags": 0,
        }),
    }
}

/// A public thread of the guild, opened in `parent` by the bot.
pub fn thread(id: u64, parent: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": APPLICATION_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "permissions": PERMISSIONS,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": 10080,
            "archive_timestamp": now(),
            "locked": false,
        },
    })
}

pub fn application(bot: &FakeUser) -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": bot.name,
        "icon": null,
        "description": "",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "bot": user(bot, true),
        "owner": user(&FakeUser::new(1, "owner"), false),
        "team": null,
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "flags": 0,
        "tags": [],
        "integration_types_config": {"0": {}},
    })
}

/// A registered command: the bot's payload with the fields Discord adds.
pub fn command(payload: &Value, id: u64, guild: Option<u64>) -> Value {
    let mut command = json!({
        "type": 1,
        "description": "",
        "options": [],
        "default_member_permissions": null,
        "nsfw": false,
        "integration_types": [0],
        "contexts": null,
    });
    if let Some(fields) = payload.as_object() {
        for (key, value) in fields {
            command[key] = value.clone();
        }
    }
    command["id"] = json!(id.to_string());
    command["application_id"] = json!(APPLICATION_ID.to_string());
    command["version"] = json!(id.to_string());
    if let Some(guild) = guild {
        command["guild_id"] = json!(guild.to_string());
    }
    command
}

pub fn ready(bot: &FakeUser, shard: (u32, u32), session_id: &str, gateway_url: &str) -> Value {
    json!({
        "v": 10,
        "user": current_user(bot),
        "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
        "session_id": session_id,
        "resume_gateway_url": gateway_url,
        "shard": [shard.0, shard.1],
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
    })
}

/// The guild, its @everyone role, the text channel and the bot as a member.
pub fn guild(bot: &FakeUser) -> Value {
    json!({
        "id": GUILD_ID.to_string(),
        "name": "Kiela club",
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": "1",
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [{
            "id": GUILD_ID.to_string(),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": 0,
            "permissions": PERMISSIONS,
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "joined_at": JOINED_AT,
        "large": false,
        "unavailable": false,
        "member_count": 1,
        "voice_states": [],
        "members": [member(bot)],
        "channels": [channel(CHANNEL_ID, None)],
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    })
}

/// What an interaction happens in: a guild channel or a DM with the user.
pub struct Place {
    pub channel_id: u64,
    pub guild_id: Option<u64>,
    /// The guild's locale (sent only in a guild).
    pub guild_locale: String,
    /// The thread's parent and name, when the channel is a thread.
    pub thread: Option<(u64, String)>,
    /// What the bot may do here (`app_permissions`).
    pub app_permissions: u64,
    /// How the app is there: installed in the server, or a user's.
    pub install: Install,
    /// A group DM's members.
    pub group: Vec<u64>,
}

/// How the app comes to answer an interaction, which its `context` and
/// `authorizing_integration_owners` say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Install {
    /// A server the bot is a member of (guild install).
    Server,
    /// The user's DM with the bot.
    BotDm,
    /// A group DM: the user's install.
    GroupDm,
    /// A server without the bot: the user's install.
    ServerWithoutBot,
}

/// A group DM channel (type 3) of `members`.
pub fn group_dm(id: u64, members: &[Value]) -> Value {
    json!({
        "id": id.to_string(),
        "type": 3,
        "name": null,
        "icon": null,
        "owner_id": members.first().map(|m| m["id"].clone()),
        "last_message_id": null,
        "flags": 0,
        "recipients": members,
    })
}

/// An INTERACTION_CREATE payload.
pub fn interaction(
    id: u64,
    token: &str,
    kind: u8,
    data: Value,
    user: &FakeUser,
    place: &Place,
    message: Option<Value>,
) -> Value {
    let mut interaction = json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "channel_id": place.channel_id.to_string(),
        "token": token,
        "version": 1,
        "app_permissions": place.app_permissions.to_string(),
        "locale": user.locale,
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    });
    match place.guild_id {
        Some(guild) => {
            interaction["guild_id"] = json!(guild.to_string());
            interaction["guild_locale"] = json!(place.guild_locale);
            interaction["member"] = member(user);
            if user.manager {
                // MANAGE_GUILD (1 << 5), as Discord computes it in the channel.
                let managing: u64 = PERMISSIONS.parse::<u64>().unwrap() | 1 << 5;
                interaction["member"]["permissions"] = json!(managing.to_string());
            }
            interaction["channel"] = match &place.thread {
                Some((parent, name)) => thread(place.channel_id, *parent, name),
                None => channel(place.channel_id, None),
            };
            interaction["authorizing_integration_owners"] = match place.install {
                Install::ServerWithoutBot => json!({"1": user.id.to_string()}),
                _ => json!({"0": guild.to_string()}),
            };
            interaction["context"] = json!(0);
        }
        None if place.install == Install::GroupDm => {
            interaction["user"] = self::user(user, false);
            let members: Vec<Value> = (place.group.iter())
                .filter(|&&id| id != user.id)
                .map(|&id| {
                    json!({"id": id.to_string(), "username": format!("user{id}"),
                    "discriminator": "0", "global_name": null, "avatar": null})
                })
                .collect();
            interaction["channel"] = group_dm(place.channel_id, &members);
            interaction["authorizing_integration_owners"] = json!({"1": user.id.to_string()});
            interaction["context"] = json!(2);
        }
        None => {
            interaction["user"] = self::user(user, false);
            interaction["channel"] = channel(place.channel_id, Some(user));
            // "0": the guild-installed app is used in its bot DM.
            interaction["authorizing_integration_owners"] = json!({"0": "0"});
            interaction["context"] = json!(1);
        }
    }
    if let Some(message) = message {
        interaction["message"] = message;
    }
    interaction
}

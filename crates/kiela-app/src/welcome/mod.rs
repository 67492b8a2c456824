//! The welcome: a short greeting the first time the bot joins a server, in
//! the server's system channel (where Discord posts its own "welcome"
//! messages), once: a row per greeted server makes a second impossible,
//! whatever the restarts and reconnections.

mod store;
pub use store::*;

use kiela_i18n::Lang;
use serde::{Deserialize, Serialize};

use super::Result;
use crate::store::{NewPost, PostTarget};
use crate::vocabulary::{ChannelId, GuildId};

/// A server the bot joined longer ago than this gets no welcome: it is a
/// server from before the welcome existed, seen again after a restart.
pub const WELCOME_WITHIN: i64 = 60 * 60;

/// What the welcome says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WelcomeNotice {
    /// The greeting to a server the bot just joined.
    Welcome,
}

crate::store::port_set! {
    /// The ports [`WelcomeService`] reads and writes through.
    pub struct WelcomePorts {
        welcome: WelcomeStore,
    }
}

/// The welcome a newcomer gets.
#[derive(Clone)]
pub struct WelcomeService {
    pub(crate) base: crate::Base,
    pub(crate) db: WelcomePorts,
}

impl WelcomeService {
    /// Discord says the bot is in server `guild` since `joined_at` (unix
    /// seconds), with `system_channel` and `lang` its own: greets it once,
    /// if it joined just now. True if a welcome was posted.
    pub async fn welcome(
        &self,
        guild: GuildId,
        system_channel: Option<ChannelId>,
        joined_at: i64,
        lang: Lang,
    ) -> Result<bool> {
        let now = self.base.now();
        if now - joined_at > WELCOME_WITHIN {
            return Ok(false);
        }
        let post = system_channel.map(|channel| NewPost {
            to: PostTarget::Channel(channel),
            says: vec![WelcomeNotice::Welcome.into()],
            lang: lang.locale().to_string(),
            ..NewPost::default()
        });
        Ok(self.db.welcome.welcome(guild, post, now).await?)
    }
}

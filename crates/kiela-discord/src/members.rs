//! Who is still a member of a server, as Discord says: the service's
//! [`Members`] port, through `GET /guilds/{guild}/members/{user}` (no
//! privileged intent needed). The service keeps the answers a few minutes.

use serenity::all::Http;
use serenity::async_trait;
use serenity::http::HttpError;
use tracing::warn;

use crate::snowflakes::Theirs;
use kiela_app::vocabulary::{GuildId, UserId};
use kiela_app::{Members, Membership};

/// Discord's JSON error code for a user who is not a member of the server.
const UNKNOWN_MEMBER: isize = 10007;

pub struct DiscordMembers {
    pub http: Http,
}

#[async_trait]
impl Members for DiscordMembers {
    async fn membership(&self, guild: GuildId, user: UserId) -> Membership {
        let guild = serenity::all::GuildId::new(guild.0 as u64);
        match self.http.get_member(guild, user.theirs()).await {
            Ok(_) => Membership::Member,
            Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(response)))
                if response.status_code.as_u16() == 404
                    && response.error.code == UNKNOWN_MEMBER =>
            {
                Membership::Gone
            }
            // An outage must not stop games: the action goes through.
            Err(e) => {
                warn!(%guild, %user, "cannot tell whether a player is a member: {e}");
                Membership::Unknown
            }
        }
    }
}

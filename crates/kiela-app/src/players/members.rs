//! Who is still a member of a server: a game between a server's members is
//! acted on from a direct message only by a player who still is one.
//! Discord knows; the service asks it through [`Members`], a port the
//! Discord side implements, and keeps the answers for a few minutes.

use std::sync::Arc;

use async_trait::async_trait;

use super::super::lru::Lru;
use crate::vocabulary::{GuildId, UserId};
use crate::PlayerService;

/// Whether a user is a member of a server, as far as Discord says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Membership {
    Member,
    /// They left, or were removed.
    Gone,
    /// Discord did not say (down, or an error): the action goes through,
    /// since an outage must not stop games.
    Unknown,
}

/// Asks Discord whether `user` is a member of `guild`.
#[async_trait]
pub trait Members: Send + Sync {
    async fn membership(&self, guild: GuildId, user: UserId) -> Membership;
}

/// Everyone is a member: the terminal tools and the service's tests have
/// no Discord to ask, and their games have no members who could leave.
pub struct EveryoneIsAMember;

#[async_trait]
impl Members for EveryoneIsAMember {
    async fn membership(&self, _guild: GuildId, _user: UserId) -> Membership {
        Membership::Member
    }
}

/// How long an answer is kept: a player who just left is refused within
/// minutes, and moving from a DM asks Discord at most this often.
pub const MEMBERSHIP_KEPT: i64 = 5 * 60;

/// The answers kept, with when they were asked.
const MEMBERSHIPS_KEPT: usize = 4096;

/// The port and the answers it gave.
pub(crate) struct Memberships {
    members: Arc<dyn Members>,
    kept: Lru<(GuildId, UserId), (Membership, i64)>,
}

impl Memberships {
    pub(crate) fn new(members: Arc<dyn Members>) -> Memberships {
        Memberships {
            members,
            kept: Lru::new(MEMBERSHIPS_KEPT),
        }
    }
}

impl PlayerService {
    /// Whether `user` is a member of `guild`: Discord's answer, kept for
    /// [`MEMBERSHIP_KEPT`] seconds (an unknown one is asked again).
    pub(crate) async fn membership(&self, guild: GuildId, user: UserId) -> Membership {
        let now = self.base.now();
        let known = self.memberships.kept.get((guild, user));
        if let Some((answer, _)) = known.filter(|&(_, asked)| now - asked < MEMBERSHIP_KEPT) {
            return answer;
        }
        let answer = self.memberships.members.membership(guild, user).await;
        if answer != Membership::Unknown {
            self.memberships.kept.put((guild, user), (answer, now));
        }
        answer
    }
}

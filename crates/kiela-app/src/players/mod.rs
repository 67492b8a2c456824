//! Players: their names as Discord gives them, and the language they last used.

mod members;
mod names;
mod store;
pub use store::*;

pub(crate) use members::Memberships;
pub use members::{EveryoneIsAMember, Members, Membership, MEMBERSHIP_KEPT};
pub use names::{Name, MAX_CHARS};

use kiela_i18n::Lang;
use std::sync::Arc;

use crate::store::PlayerRow;

use super::{Result, User};
use crate::vocabulary::{GuildId, UserId};

crate::store::port_set! {
    /// The ports [`PlayerService`] reads and writes through.
    pub struct PlayerPorts {
        players: PlayersStore,
    }
}

/// The people: who they are in each server, and whether they still belong.
#[derive(Clone)]
pub struct PlayerService {
    pub(crate) base: crate::Base,
    pub(crate) db: PlayerPorts,
    pub(crate) memberships: Arc<Memberships>,
}

impl PlayerService {
    /// Records the user's current names (names change on Discord): their
    /// display name, and their name in server `guild` where they act
    /// ([`GuildId::NONE`] for none); and the language of their client, for
    /// their reminders.
    pub(crate) async fn meet(&self, user: &User, guild: GuildId) -> Result<()> {
        self.know(user, guild).await?;
        if !user.is_bot {
            self.db
                .players
                .set_player_locale(user.id, user.lang.locale())
                .await?;
        }
        Ok(())
    }

    /// Records someone named by the user who acts (an opponent): their
    /// names, as [`PlayerService::meet`] does, but not their language,
    /// unknown until they act.
    pub(crate) async fn know(&self, user: &User, guild: GuildId) -> Result<()> {
        self.db
            .players
            .upsert_player(
                user.id,
                user.account_name.raw(),
                user.is_bot,
                self.base.now(),
            )
            .await?;
        Ok(self
            .db
            .players
            .name_in_server(guild, user.id, user.name.raw())
            .await?)
    }

    /// Player `id`'s name in server `guild`.
    pub(crate) async fn name_in(&self, guild: GuildId, id: UserId) -> Result<Name> {
        Ok(named(
            id,
            self.db.players.player_in(guild, id).await?.as_ref(),
        ))
    }

    /// The rows of two players, named as in server `guild` (`None` for
    /// one never recorded).
    pub(crate) async fn players_in(
        &self,
        guild: GuildId,
        a: UserId,
        b: UserId,
    ) -> Result<(Option<PlayerRow>, Option<PlayerRow>)> {
        let store = &self.db.players;
        Ok((
            store.player_in(guild, a).await?,
            store.player_in(guild, b).await?,
        ))
    }

    /// The language a player last used (English if never seen).
    pub async fn lang_of(&self, id: UserId) -> Result<Lang> {
        Ok(spoken(self.db.players.player(id).await?.as_ref()))
    }
}

/// The language a player (their row, if recorded) last used: English if
/// never seen.
pub(crate) fn spoken(row: Option<&PlayerRow>) -> Lang {
    row.and_then(|p| p.locale.as_deref())
        .map_or(Lang::En, Lang::from_locale)
}

/// The name of player `id` (their row, if recorded).
pub(crate) fn named(id: UserId, row: Option<&PlayerRow>) -> Name {
    Name::new(match row {
        Some(row) => row.name.clone(),
        None => kiela_render::words::unknown_player(&id.to_string()),
    })
}

//! Players: their names as Discord gives them, and the language they last used.

mod members;
mod names;
mod queries;

pub(in crate::app) use members::Memberships;
pub use members::{EveryoneIsAMember, Members, Membership, MEMBERSHIP_KEPT};
pub use names::Name;

use kiela_i18n::tr;
use kiela_i18n::Lang;

use crate::store::PlayerRow;

use super::{GameService, Result, User};
use crate::vocabulary::UserId;

impl GameService {
    /// Records the user's current name (names change on Discord) and the
    /// language of their client, for their reminders.
    pub(in crate::app) async fn meet(&self, user: &User) -> Result<()> {
        self.store
            .upsert_player(user.id, user.name.raw(), user.is_bot, self.now())
            .await?;
        if !user.is_bot {
            self.store
                .set_player_locale(user.id, user.lang.locale())
                .await?;
        }
        Ok(())
    }

    pub(in crate::app) async fn name_of(&self, id: UserId) -> Result<Name> {
        Ok(named(id, self.store.player(id).await?.as_ref()))
    }

    /// The rows of two players (`None` for one never recorded).
    pub(in crate::app) async fn players(
        &self,
        a: UserId,
        b: UserId,
    ) -> Result<(Option<PlayerRow>, Option<PlayerRow>)> {
        Ok((self.store.player(a).await?, self.store.player(b).await?))
    }

    /// The language a player last used (English if never seen).
    pub async fn lang_of(&self, id: UserId) -> Result<Lang> {
        Ok(spoken(self.store.player(id).await?.as_ref()))
    }
}

/// The language a player (their row, if recorded) last used: English if
/// never seen.
pub(in crate::app) fn spoken(row: Option<&PlayerRow>) -> Lang {
    row.and_then(|p| p.locale.as_deref())
        .map_or(Lang::En, Lang::from_locale)
}

/// The name of player `id` (their row, if recorded).
pub(in crate::app) fn named(id: UserId, row: Option<&PlayerRow>) -> Name {
    Name::new(match row {
        Some(row) => row.name.clone(),
        None => tr!(Lang::En, "user-fallback", id = id.to_string()),
    })
}

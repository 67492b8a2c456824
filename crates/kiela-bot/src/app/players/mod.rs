//! Players: their names as Discord gives them, and the language they last used.

mod names;
mod queries;

pub use names::Name;

use kiela_i18n::tr;
use kiela_i18n::Lang;

use super::{GameService, Result, User};

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

    pub(in crate::app) async fn name_of(&self, id: i64) -> Result<Name> {
        Ok(Name::new(
            self.store
                .player(id)
                .await?
                .map(|p| p.name)
                .unwrap_or_else(|| tr!(Lang::En, "user-fallback", id = id.to_string())),
        ))
    }

    /// The language a player last used (English if never seen).
    pub async fn lang_of(&self, id: i64) -> Result<Lang> {
        Ok(self
            .store
            .player(id)
            .await?
            .and_then(|p| p.locale)
            .map_or(Lang::En, |l| Lang::from_locale(&l)))
    }
}

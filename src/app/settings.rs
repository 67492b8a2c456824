//! A server's settings, chosen by its managers with `/kiela settings`:
//! today the language of the bot's public posts. More settings join
//! [`Settings`] as optional fields (an unset one is left as it is).

use crate::i18n::Lang;
use crate::tr;

use super::{refused, GameService, Place, Reply, Result, User};

/// The language a server chose for the bot's public posts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageSetting {
    /// Discord's `guild_locale`, the server's own language.
    Auto,
    Fixed(Lang),
}

/// The settings given to `/kiela settings`; `None` leaves one unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub language: Option<LanguageSetting>,
}

impl GameService {
    /// `place` with the server's chosen language, if it chose one (its
    /// `lang` is Discord's `guild_locale` otherwise).
    pub async fn localise(&self, place: Place) -> Result<Place> {
        if place.guild_id == 0 {
            return Ok(place);
        }
        Ok(match self.store.guild_language(place.guild_id).await? {
            Some(chosen) => Place {
                lang: Lang::from_locale(&chosen),
                ..place
            },
            None => place,
        })
    }

    /// Changes (or, with no setting given, shows) this server's settings.
    /// Only managers (the Manage Server permission) may change them;
    /// `guild_locale` is the server's own language, for `Auto`.
    pub async fn settings(
        &self,
        user: &User,
        place: Place,
        is_manager: bool,
        guild_locale: Lang,
        settings: Settings,
    ) -> Result<Reply> {
        let lang = user.lang;
        if place.guild_id == 0 {
            return refused(tr!(lang, "settings-only-in-servers"));
        }
        let language_name = |l: Lang| match l {
            Lang::En => tr!(lang, "language-en"),
            Lang::Pt => tr!(lang, "language-pt"),
        };
        let Some(language) = settings.language else {
            let now = match self.store.guild_language(place.guild_id).await? {
                Some(chosen) => language_name(Lang::from_locale(&chosen)),
                None => tr!(lang, "settings-auto"),
            };
            return Ok(Reply::private(tr!(lang, "settings-now", language = now)));
        };
        if !is_manager {
            return refused(tr!(lang, "settings-managers-only"));
        }
        let text = match language {
            LanguageSetting::Auto => {
                self.store.set_guild_language(place.guild_id, None).await?;
                tr!(
                    lang,
                    "settings-language-auto",
                    language = language_name(guild_locale)
                )
            }
            LanguageSetting::Fixed(chosen) => {
                self.store
                    .set_guild_language(place.guild_id, Some(chosen.locale()))
                    .await?;
                tr!(
                    lang,
                    "settings-language-fixed",
                    language = language_name(chosen)
                )
            }
        };
        Ok(Reply::private(text))
    }
}

//! A server's settings, chosen by its managers with `/kiela settings`: the
//! language of the bot's public posts, whether games are played in threads,
//! the default days per move, and one channel for games. Each is optional
//! in [`Settings`] (an unset one is left as it is).

mod store;
pub use store::*;

use crate::game::Loaded;
use crate::players::spoken;
use crate::vocabulary::UserId;
use serde::{Deserialize, Serialize};

use crate::store::GuildSettingsRow;
use kiela_i18n::Lang;

use super::challenges::CHALLENGE_DAYS;
use super::{Place, Reply, Result, ThreadsSetting, User};
use crate::vocabulary::ChannelId;

/// The language a server chose for the bot's public posts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LanguageSetting {
    /// Discord's `guild_locale`, the server's own language.
    Auto,
    Fixed(#[serde(with = "locale")] Lang),
}

/// A [`Lang`] kept by its locale (`en`, `pt-BR`).
mod locale {
    use kiela_i18n::Lang;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(lang: &Lang, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(lang.locale())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Lang, D::Error> {
        Ok(Lang::from_locale(&String::deserialize(from)?))
    }
}

/// What `/kiela settings` tells the manager who asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SettingsNotice {
    /// The changes were saved.
    Saved,
    /// The server's settings as they now are.
    Now(ServerSettings),
}

/// A server's settings, each with its default filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerSettings {
    pub language: LanguageSetting,
    /// The server's own language (Discord's `guild_locale`), for `Auto`.
    #[serde(with = "locale")]
    pub server_language: Lang,
    pub threads: ThreadsSetting,
    /// Days per move of a game whose challenge does not say.
    pub days_per_move: i64,
    pub games_channel: GamesChannel,
    pub daily_puzzle: DailyPuzzle,
    /// The daily puzzle's hour (UTC).
    pub puzzle_hour: i64,
    /// How many days a challenge waits for an answer.
    pub challenge_days: i64,
}

impl ServerSettings {
    fn of(row: &GuildSettingsRow, server_language: Lang) -> ServerSettings {
        ServerSettings {
            language: match &row.language {
                Some(chosen) => LanguageSetting::Fixed(Lang::from_locale(chosen)),
                None => LanguageSetting::Auto,
            },
            server_language,
            threads: row.threads.unwrap_or_default(),
            days_per_move: row.days_per_move.unwrap_or(DEFAULT_DAYS),
            games_channel: match row.games_channel_id {
                Some(id) => GamesChannel::Only(id),
                None => GamesChannel::Anywhere,
            },
            daily_puzzle: match row.puzzle_channel_id {
                Some(id) => DailyPuzzle::In(id),
                None => DailyPuzzle::Off,
            },
            puzzle_hour: row.puzzle_hour.unwrap_or(DAILY_PUZZLE_HOUR),
            challenge_days: row.challenge_days.unwrap_or(CHALLENGE_DAYS),
        }
    }
}

/// Why a server's settings were not shown or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsRefusal {
    /// Asked outside a server (in direct messages).
    OnlyInServers,
    /// A change by someone who may not manage the server.
    ManagersOnly,
    /// A challenge's wait outside `min..=max` days.
    ChallengeDaysRange { min: i64, max: i64 },
    /// The daily puzzle's hour is not an hour of the day (0 to 23).
    PuzzleHourRange,
}

/// Where a server's games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GamesChannel {
    /// Where each challenge is made.
    Anywhere,
    /// In this channel (their threads opened there), wherever the
    /// challenge is made.
    Only(ChannelId),
}

/// Whether a server gets a daily puzzle post.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DailyPuzzle {
    Off,
    /// Posted in this channel, with a thread for talk.
    In(ChannelId),
}

/// The hour (UTC) of the daily puzzle's post when the server chose none.
pub const DAILY_PUZZLE_HOUR: i64 = 0;

/// The settings given to `/kiela settings`; `None` leaves one unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub language: Option<LanguageSetting>,
    pub threads: Option<ThreadsSetting>,
    /// The days per move of a game whose challenge does not say.
    pub days: Option<i64>,
    pub games_channel: Option<GamesChannel>,
    pub daily_puzzle: Option<DailyPuzzle>,
    /// The daily puzzle's hour, 0 to 23 (UTC).
    pub puzzle_hour: Option<i64>,
    /// How many days a challenge waits for an answer, 1 to 7.
    pub challenge_days: Option<i64>,
}

impl Settings {
    fn is_empty(&self) -> bool {
        *self == Settings::default()
    }

    /// Sets the settings given here in `row`, leaving the others.
    fn apply_to(&self, row: &mut GuildSettingsRow) {
        if let Some(days) = self.days {
            row.days_per_move = Some(days);
        }
        if let Some(language) = self.language {
            row.language = match language {
                LanguageSetting::Auto => None,
                LanguageSetting::Fixed(chosen) => Some(chosen.locale().to_string()),
            };
        }
        if let Some(threads) = self.threads {
            row.threads = Some(threads);
        }
        if let Some(channel) = self.games_channel {
            row.games_channel_id = match channel {
                GamesChannel::Anywhere => None,
                GamesChannel::Only(id) => Some(id),
            };
        }
        if let Some(daily) = self.daily_puzzle {
            row.puzzle_channel_id = match daily {
                DailyPuzzle::Off => None,
                DailyPuzzle::In(id) => Some(id),
            };
        }
        if let Some(days) = self.challenge_days {
            row.challenge_days = Some(days);
        }
        if let Some(hour) = self.puzzle_hour {
            row.puzzle_hour = Some(hour);
        }
    }
}

/// Days per move when neither the challenge nor the server says.
pub const DEFAULT_DAYS: i64 = 3;

/// How many days a server may let a challenge wait for an answer.
pub const CHALLENGE_WAIT: std::ops::RangeInclusive<i64> = 1..=7;

crate::store::port_set! {
    /// The ports [`SettingsService`] reads and writes through.
    pub struct SettingsPorts {
        settings: SettingsStore,
    }
}

/// A server's settings, and the language its public posts speak.
#[derive(Clone)]
pub struct SettingsService {
    pub(crate) base: crate::Base,
    pub(crate) db: SettingsPorts,
}

impl SettingsService {
    /// The language of a post no interaction asked for (a loss on time):
    /// the server's chosen language, else the language the player who ran
    /// out of time last used.
    pub(crate) async fn public_lang(&self, loaded: &super::Loaded, player: UserId) -> Result<Lang> {
        match self
            .db
            .settings
            .guild_settings(loaded.row.guild_id)
            .await?
            .language
        {
            Some(chosen) => Ok(Lang::from_locale(&chosen)),
            None => Ok(spoken(loaded.player_row(player))),
        }
    }

    /// The language of what an action by `user` in `place` posts in the
    /// game's channel: the place's, unless the action comes from outside
    /// the game's server (a direct message's menu or buttons), then that
    /// server's, as for posts nobody asked for.
    pub(crate) async fn game_lang(
        &self,
        loaded: &Loaded,
        place: Place,
        user: &User,
    ) -> Result<Lang> {
        if place.guild_id == loaded.row.guild_id {
            return Ok(place.lang);
        }
        self.public_lang(loaded, user.id).await
    }

    /// `place` with the server's chosen language, if it chose one (its
    /// `lang` is Discord's `guild_locale` otherwise).
    pub async fn localise(&self, place: Place) -> Result<Place> {
        if place.guild_id.is_none() {
            return Ok(place);
        }
        Ok(
            match self
                .db
                .settings
                .guild_settings(place.guild_id)
                .await?
                .language
            {
                Some(chosen) => Place {
                    lang: Lang::from_locale(&chosen),
                    ..place
                },
                None => place,
            },
        )
    }

    /// How many days a challenge made in `place` waits for an answer.
    pub(crate) async fn challenge_days(&self, place: Place) -> Result<i64> {
        if place.guild_id.is_none() {
            return Ok(CHALLENGE_DAYS);
        }
        let chosen = self.db.settings.guild_settings(place.guild_id).await?;
        Ok(chosen.challenge_days.unwrap_or(CHALLENGE_DAYS))
    }

    /// The days per move of a new game in `place`: `asked`, or the
    /// server's default.
    pub(crate) async fn days_in(&self, place: Place, asked: Option<i64>) -> Result<i64> {
        if let Some(days) = asked {
            return Ok(days);
        }
        if place.guild_id.is_none() {
            return Ok(DEFAULT_DAYS);
        }
        let chosen = self.db.settings.guild_settings(place.guild_id).await?;
        Ok(chosen.days_per_move.unwrap_or(DEFAULT_DAYS))
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
        crate::places::in_bot_server(place, self.base.bot.id, SettingsRefusal::OnlyInServers)?;
        if settings.is_empty() {
            let row = self.db.settings.guild_settings(place.guild_id).await?;
            let now = SettingsNotice::Now(ServerSettings::of(&row, guild_locale));
            return Ok(Reply {
                lang: user.lang,
                ..Reply::private(now)
            });
        }
        if !is_manager {
            return Err(SettingsRefusal::ManagersOnly.into());
        }
        // Every value checked before anything is stored.
        if let Some(days) = settings.days {
            super::challenges::check_days(days)?;
        }
        if settings
            .challenge_days
            .is_some_and(|days| !CHALLENGE_WAIT.contains(&days))
        {
            return Err(SettingsRefusal::ChallengeDaysRange {
                min: *CHALLENGE_WAIT.start(),
                max: *CHALLENGE_WAIT.end(),
            }
            .into());
        }
        if settings
            .puzzle_hour
            .is_some_and(|hour| !(0..24).contains(&hour))
        {
            return Err(SettingsRefusal::PuzzleHourRange.into());
        }
        let row = (self.db.settings)
            .update_guild_settings(place.guild_id, Box::new(move |row| settings.apply_to(row)))
            .await?;
        let now = SettingsNotice::Now(ServerSettings::of(&row, guild_locale));
        Ok(Reply {
            says: vec![SettingsNotice::Saved.into(), now.into()],
            lang: user.lang,
            ..Reply::private(SettingsNotice::Saved)
        })
    }
}

//! A player's and a server's settings: `/kiela notify` (direct messages,
//! and whether a move picked in a menu is previewed first), `vacation`,
//! and `settings` (the server's, for its managers).

use serenity::all::{ChannelId, ChannelType};
use serenity::async_trait;

use kiela_app::{
    AppError, ConfirmMoves, DailyPuzzle, GamesChannel, LanguageSetting, Notify, ServerSettings,
    Settings, SettingsNotice, SettingsRefusal, ThreadsSetting, VacationRefusal, CHALLENGE_WAIT,
    DAYS_PER_MOVE, VACATION_DAYS_PER_YEAR,
};
use kiela_i18n::tr;
use kiela_i18n::Arg;
use kiela_i18n::Lang;

use crate::command::{Choice, Opt, Request, Subcommand};
use crate::handler::Cx;
use crate::respond::Post;
use crate::snowflakes::Ours;

const DM: Opt<Notify> = Opt::new("dm");
/// Whether a move picked in a game's menu is previewed first.
const CONFIRM_MOVES: Opt<ConfirmMoves> = Opt::new("confirm-moves");
/// The days taken off (0 ends a vacation).
const VACATION_DAYS: Opt<i64> = Opt::new("days")
    .keys("opt-vacation")
    .required()
    .min(0)
    .max(VACATION_DAYS_PER_YEAR as u64)
    .facts(|| vec![("allowance", Arg::from(VACATION_DAYS_PER_YEAR))]);
const LANGUAGE: Opt<LanguageSetting> = Opt::new("language");
const THREADS: Opt<ThreadsSetting> = Opt::new("threads");
/// The days per move of the server's games.
const DEFAULT_DAYS: Opt<i64> = Opt::new("days")
    .keys("opt-settings")
    .min(*DAYS_PER_MOVE.start() as u64)
    .max(*DAYS_PER_MOVE.end() as u64);
const GAMES_CHANNEL: Opt<ChannelId> = Opt::new("games-channel").channel_types(&[ChannelType::Text]);
const ANYWHERE: Opt<bool> = Opt::new("anywhere");
/// Days a challenge waits for an answer.
const CHALLENGE_DAYS: Opt<i64> = Opt::new("challenge-days")
    .min(*CHALLENGE_WAIT.start() as u64)
    .max(*CHALLENGE_WAIT.end() as u64)
    .facts(|| vec![("default", Arg::from(kiela_app::CHALLENGE_DAYS))]);
const PUZZLE_CHANNEL: Opt<ChannelId> =
    Opt::new("puzzle-channel").channel_types(&[ChannelType::Text]);
/// The daily puzzle's hour, UTC.
const PUZZLE_HOUR: Opt<i64> = Opt::new("puzzle-hour").min(0).max(23);
const PUZZLE_OFF: Opt<bool> = Opt::new("puzzle-off");

pub const NOTIFY: Subcommand = Subcommand {
    name: "notify",
    options: &[DM.spec(), CONFIRM_MOVES.spec()],
    read: |args| {
        Ok(Box::new(Change::Notify {
            dm: args.get(&DM)?,
            confirm_moves: args.get(&CONFIRM_MOVES)?,
        }))
    },
};

pub const VACATION: Subcommand = Subcommand {
    name: "vacation",
    options: &[VACATION_DAYS.spec()],
    read: |args| {
        Ok(Box::new(Change::Vacation {
            days: args
                .get(&VACATION_DAYS)?
                .ok_or_else(|| tr!(args.lang, "parse-vacation-days"))?,
        }))
    },
};

pub const SETTINGS: Subcommand = Subcommand {
    name: "settings",
    options: &[
        LANGUAGE.spec(),
        THREADS.spec(),
        DEFAULT_DAYS.spec(),
        GAMES_CHANNEL.spec(),
        ANYWHERE.spec(),
        CHALLENGE_DAYS.spec(),
        PUZZLE_CHANNEL.spec(),
        PUZZLE_HOUR.spec(),
        PUZZLE_OFF.spec(),
    ],
    read: |args| {
        let channel = args.get(&GAMES_CHANNEL)?;
        Ok(Box::new(Change::Settings(Settings {
            language: args.get(&LANGUAGE)?,
            threads: args.get(&THREADS)?,
            days: args.get(&DEFAULT_DAYS)?,
            games_channel: match (channel, args.get(&ANYWHERE)?) {
                (Some(channel), _) => Some(GamesChannel::Only(channel.ours())),
                (None, Some(true)) => Some(GamesChannel::Anywhere),
                (None, _) => None,
            },
            daily_puzzle: match (args.get(&PUZZLE_CHANNEL)?, args.get(&PUZZLE_OFF)?) {
                (Some(channel), _) => Some(DailyPuzzle::In(channel.ours())),
                (None, Some(true)) => Some(DailyPuzzle::Off),
                (None, _) => None,
            },
            puzzle_hour: args.get(&PUZZLE_HOUR)?,
            challenge_days: args.get(&CHALLENGE_DAYS)?,
        })))
    },
};

#[derive(Debug)]
enum Change {
    Notify {
        dm: Option<Notify>,
        confirm_moves: Option<ConfirmMoves>,
    },
    Vacation {
        days: i64,
    },
    Settings(Settings),
}

#[async_trait]
impl Request for Change {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        let (service, user) = (cx.service, cx.user);
        let reply = match *self {
            Change::Notify { dm, confirm_moves } => {
                service.playing.my_settings(user, dm, confirm_moves).await?
            }
            Change::Vacation { days } => service.clocks.vacation(user, days).await?,
            Change::Settings(settings) => {
                service
                    .settings
                    .settings(user, cx.place, cx.manager, cx.server_lang, settings)
                    .await?
            }
        };
        Ok(Post::of(reply))
    }
}

impl Choice for Notify {
    const OFFERED: &'static [Notify] = &[Notify::EveryTurn, Notify::Reminders, Notify::Off];
    fn value(self) -> &'static str {
        self.as_str()
    }
}

impl Choice for ConfirmMoves {
    const OFFERED: &'static [ConfirmMoves] = ConfirmMoves::ALL;
    fn value(self) -> &'static str {
        self.as_str()
    }
}

impl Choice for ThreadsSetting {
    const OFFERED: &'static [ThreadsSetting] = ThreadsSetting::ALL;
    fn value(self) -> &'static str {
        self.as_str()
    }
}

impl Choice for LanguageSetting {
    const OFFERED: &'static [LanguageSetting] = &[
        LanguageSetting::Auto,
        LanguageSetting::Fixed(Lang::En),
        LanguageSetting::Fixed(Lang::Pt),
    ];
    fn value(self) -> &'static str {
        match self {
            LanguageSetting::Auto => "auto",
            LanguageSetting::Fixed(Lang::En) => "en",
            LanguageSetting::Fixed(Lang::Pt) => "pt",
        }
    }
}

/// Why a server's settings were not shown or changed.
pub(crate) fn refusal(lang: Lang, refusal: &SettingsRefusal) -> String {
    match refusal {
        SettingsRefusal::OnlyInServers => tr!(lang, "settings-only-in-servers"),
        SettingsRefusal::ManagersOnly => tr!(lang, "settings-managers-only"),
        SettingsRefusal::ChallengeDaysRange { min, max } => {
            tr!(
                lang,
                "settings-challenge-days-range",
                min = *min,
                max = *max
            )
        }
        SettingsRefusal::PuzzleHourRange => tr!(lang, "settings-puzzle-hour-range"),
    }
}

/// Why a vacation was not started or ended.
pub(crate) fn vacation_refusal(lang: Lang, refusal: &VacationRefusal) -> String {
    match refusal {
        VacationRefusal::BadDays { days, allowance } => {
            tr!(
                lang,
                "vacation-bad-days",
                days = *days,
                allowance = *allowance
            )
        }
        VacationRefusal::TooLong { left, allowance } => {
            tr!(
                lang,
                "vacation-too-long",
                left = *left,
                allowance = *allowance
            )
        }
        VacationRefusal::NotOn => tr!(lang, "vacation-not-on"),
    }
}

/// What `/kiela settings` tells the manager who asked.
pub(crate) fn notice(lang: Lang, notice: &SettingsNotice) -> String {
    match notice {
        SettingsNotice::Saved => tr!(lang, "settings-saved"),
        SettingsNotice::Now(settings) => describe(lang, settings),
    }
}

/// A server's settings, one per line, in `lang`.
fn describe(lang: Lang, settings: &ServerSettings) -> String {
    let language_name = |l: Lang| match l {
        Lang::En => tr!(lang, "language-en"),
        Lang::Pt => tr!(lang, "language-pt"),
    };
    let language = match settings.language {
        LanguageSetting::Fixed(chosen) => language_name(chosen),
        LanguageSetting::Auto => tr!(
            lang,
            "settings-auto-language",
            language = language_name(settings.server_language)
        ),
    };
    let threads = match settings.threads {
        ThreadsSetting::Auto => tr!(lang, "settings-threads-auto"),
        ThreadsSetting::On => tr!(lang, "settings-threads-on"),
        ThreadsSetting::Off => tr!(lang, "settings-threads-off"),
    };
    let channel = match settings.games_channel {
        GamesChannel::Only(id) => format!("<#{id}>"),
        GamesChannel::Anywhere => tr!(lang, "settings-channel-anywhere"),
    };
    let puzzle = match settings.daily_puzzle {
        DailyPuzzle::In(id) => tr!(
            lang,
            "settings-puzzle-in",
            channel = format!("<#{id}>"),
            hour = settings.puzzle_hour
        ),
        DailyPuzzle::Off => tr!(lang, "settings-puzzle-off"),
    };
    tr!(
        lang,
        "settings-now",
        language = language,
        threads = threads,
        days = settings.days_per_move,
        channel = channel,
        challenge_days = tr!(
            lang,
            "settings-challenge-days",
            days = settings.challenge_days
        ),
        puzzle = puzzle
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_app::vocabulary::ChannelId;

    #[test]
    fn a_servers_settings_are_worded_line_by_line() {
        let settings = ServerSettings {
            language: LanguageSetting::Auto,
            server_language: Lang::Pt,
            threads: ThreadsSetting::On,
            days_per_move: 5,
            games_channel: GamesChannel::Only(ChannelId(12)),
            daily_puzzle: DailyPuzzle::In(ChannelId(77)),
            puzzle_hour: 9,
            challenge_days: 1,
        };
        let en = notice(Lang::En, &SettingsNotice::Now(settings));
        for words in [
            "games in threads: always",
            "does not say: 5",
            "<#12>",
            "in <#77> at 9:00 UTC",
            "challenges wait: 1 day",
            &tr!(Lang::En, "language-pt"),
        ] {
            assert!(en.contains(words), "{words:?} in {en}");
        }
    }
}

//! The `/kiela` command: its definition for Discord, and the parsing of an
//! invocation into a [`Request`] for the game service.

use serenity::all::{
    ChannelType, CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    CreateCommand, CreateCommandOption, ResolvedOption, ResolvedValue, Unresolved,
};

use crate::app::{
    FirstMover, GameOptions, GamesChannel, LanguageSetting, Notify, Settings, User,
    VACATION_DAYS_PER_YEAR,
};
use kiela_ai::Level;
use kiela_i18n::tr;
use kiela_i18n::{t, Lang};
use kiela_rules::Variant;

use super::user_of;

/// The name of the one top-level command.
pub const COMMAND: &str = "kiela";

/// What a user asked for with `/kiela <subcommand>`.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Without an opponent: an open challenge, anyone in the channel may
    /// accept it.
    Challenge {
        opponent: Option<User>,
        options: GameOptions,
    },
    Accept,
    Decline,
    Ai {
        level: Level,
        options: GameOptions,
    },
    Move {
        hole: String,
        game: Option<i64>,
    },
    Arrange {
        layout: String,
        game: Option<i64>,
    },
    Resign {
        game: Option<i64>,
    },
    Draw {
        game: Option<i64>,
    },
    Hint {
        game: Option<i64>,
    },
    Board {
        game: Option<i64>,
    },
    Games,
    History {
        game: i64,
    },
    Analyze {
        game: i64,
    },
    Stats {
        player: Option<User>,
    },
    Leaderboard,
    Rules,
    Notify(Notify),
    Vacation {
        days: i64,
    },
    Settings(Settings),
}

/// The locales the command is translated into (English is the default).
const LOCALES: [(Lang, &str); 1] = [(Lang::Pt, "pt-BR")];

/// A subcommand or option: its canonical (English) name, which is what
/// Discord sends back whatever the user's language, and its translations
/// from the catalogue (`cmd-<name>-…` or `opt-<name>-…`).
fn option(kind: CommandOptionType, prefix: &str, name: &str) -> CreateCommandOption {
    let key = |what: &str| format!("{prefix}-{name}-{what}");
    let mut option = CreateCommandOption::new(kind, name, t(Lang::En, &key("description"), &[]));
    for (lang, locale) in LOCALES {
        option = option
            .name_localized(locale, t(lang, &key("name"), &[]))
            .description_localized(locale, t(lang, &key("description"), &[]));
    }
    option
}

/// A choice of a string option: its value, and its label from the
/// catalogue (`choice-<group>-<value>`, or `choice-<group>-<label>`).
fn choice(
    option: CreateCommandOption,
    group: &str,
    label: &str,
    value: &str,
) -> CreateCommandOption {
    let key = format!("choice-{group}-{label}");
    let translations: Vec<(&str, String)> = LOCALES
        .iter()
        .map(|&(lang, locale)| (locale, t(lang, &key, &[])))
        .collect();
    option.add_string_choice_localized(t(Lang::En, &key, &[]), value, translations)
}

/// The `/kiela` command with all its subcommands, as registered, with its
/// names and descriptions translated for each of [`LOCALES`].
pub fn definition() -> CreateCommand {
    use CommandOptionType::{
        Boolean, Channel, Integer, String as Text, SubCommand, User as UserOption,
    };
    let sub = |name: &str| option(SubCommand, "cmd", name);
    let opt = |kind, name: &str| option(kind, "opt", name);
    let game = || opt(Integer, "game").min_int_value(1).set_autocomplete(true);
    let variant = || {
        ["standard", "beginner", "expert"]
            .into_iter()
            .fold(opt(Text, "variant"), |o, v| choice(o, "variant", v, v))
    };
    let first = |them: &str| {
        let o = choice(opt(Text, "first"), "first", "me", "me");
        let o = choice(o, "first", them, "them");
        choice(o, "first", "random", "random")
    };
    let level = ["beginner", "easy", "medium", "hard", "expert"]
        .into_iter()
        .fold(opt(Text, "level"), |o, l| choice(o, "level", l, l));
    let days = || opt(Integer, "days").min_int_value(1).max_int_value(14);
    let notify = ["every-turn", "reminders", "off"]
        .into_iter()
        .fold(opt(Text, "dm"), |o, n| choice(o, "dm", n, n));
    let language = ["auto", "en", "pt"]
        .into_iter()
        .fold(opt(Text, "language"), |o, l| choice(o, "language", l, l));
    let threads = ["auto", "on", "off"]
        .into_iter()
        .fold(opt(Text, "threads"), |o, t| choice(o, "threads", t, t));
    let mut command =
        CreateCommand::new(COMMAND).description(t(Lang::En, "cmd-kiela-description", &[]));
    for (lang, locale) in LOCALES {
        command = command
            .name_localized(locale, t(lang, "cmd-kiela-name", &[]))
            .description_localized(locale, t(lang, "cmd-kiela-description", &[]));
    }
    command.set_options(vec![
        sub("challenge")
            .add_sub_option(opt(UserOption, "opponent"))
            .add_sub_option(variant())
            .add_sub_option(first("them"))
            .add_sub_option(days()),
        sub("accept"),
        sub("decline"),
        sub("ai")
            .add_sub_option(level)
            .add_sub_option(variant())
            .add_sub_option(first("computer"))
            .add_sub_option(days()),
        sub("move")
            .add_sub_option(opt(Text, "hole").required(true).set_autocomplete(true))
            .add_sub_option(game()),
        sub("arrange")
            .add_sub_option(opt(Text, "layout").required(true))
            .add_sub_option(game()),
        sub("resign").add_sub_option(game()),
        sub("draw").add_sub_option(game()),
        sub("hint").add_sub_option(game()),
        sub("board").add_sub_option(game()),
        sub("games"),
        sub("history").add_sub_option(game().required(true)),
        sub("analyze").add_sub_option(game().required(true)),
        sub("stats").add_sub_option(opt(UserOption, "user")),
        sub("leaderboard"),
        sub("rules"),
        sub("notify").add_sub_option(notify.required(true)),
        sub("vacation").add_sub_option(
            option(Integer, "opt-vacation", "days")
                .required(true)
                .min_int_value(0)
                .max_int_value(VACATION_DAYS_PER_YEAR as u64),
        ),
        sub("settings")
            .add_sub_option(language)
            .add_sub_option(threads)
            .add_sub_option(
                option(Integer, "opt-settings", "days")
                    .min_int_value(1)
                    .max_int_value(14),
            )
            .add_sub_option(opt(Channel, "games-channel").channel_types(vec![ChannelType::Text]))
            .add_sub_option(opt(Boolean, "anywhere")),
    ])
}

/// Reads an invocation of `/kiela`. The error is a message for the user,
/// in `lang`. Discord sends the canonical (English) names of subcommands,
/// options and choices whatever the user's language.
pub fn parse(command: &CommandInteraction, lang: Lang) -> Result<Request, String> {
    let options = command.data.options();
    let Some(ResolvedOption {
        name,
        value: ResolvedValue::SubCommand(args),
        ..
    }) = options.first()
    else {
        return Err(tr!(lang, "parse-no-subcommand"));
    };
    let args = Args(args);
    let request = match *name {
        "challenge" => Request::Challenge {
            opponent: args.user("opponent"),
            options: args.game_options(lang)?,
        },
        "accept" => Request::Accept,
        "decline" => Request::Decline,
        "ai" => Request::Ai {
            level: match args.text("level") {
                Some(level) => level
                    .parse()
                    .map_err(|_| tr!(lang, "bad-level", text = level))?,
                None => Level::Medium,
            },
            options: args.game_options(lang)?,
        },
        "move" => Request::Move {
            hole: args
                .text("hole")
                .ok_or_else(|| tr!(lang, "parse-which-hole"))?
                .into(),
            game: args.integer("game"),
        },
        "arrange" => Request::Arrange {
            layout: args
                .text("layout")
                .ok_or_else(|| tr!(lang, "parse-layout"))?
                .into(),
            game: args.integer("game"),
        },
        "resign" => Request::Resign {
            game: args.integer("game"),
        },
        "draw" => Request::Draw {
            game: args.integer("game"),
        },
        "hint" => Request::Hint {
            game: args.integer("game"),
        },
        "board" => Request::Board {
            game: args.integer("game"),
        },
        "games" => Request::Games,
        "history" => Request::History {
            game: args
                .integer("game")
                .ok_or_else(|| tr!(lang, "parse-which-game"))?,
        },
        "analyze" => Request::Analyze {
            game: args
                .integer("game")
                .ok_or_else(|| tr!(lang, "parse-which-game"))?,
        },
        "stats" => Request::Stats {
            player: args.user("user"),
        },
        "leaderboard" => Request::Leaderboard,
        "rules" => Request::Rules,
        // Discord offers only the stored names as choices.
        "notify" => Request::Notify(
            args.text("dm")
                .and_then(|dm| dm.parse().ok())
                .unwrap_or_default(),
        ),
        "vacation" => Request::Vacation {
            days: args
                .integer("days")
                .ok_or_else(|| tr!(lang, "parse-vacation-days"))?,
        },
        "settings" => Request::Settings(Settings {
            language: match args.text("language") {
                Some("auto") => Some(LanguageSetting::Auto),
                Some(locale) => Some(LanguageSetting::Fixed(Lang::from_locale(locale))),
                None => None,
            },
            threads: args.text("threads").map(|t| t.parse().unwrap_or_default()),
            days: args.integer("days"),
            games_channel: match (args.channel("games-channel"), args.boolean("anywhere")) {
                (Some(channel), _) => Some(GamesChannel::Only(channel)),
                (None, Some(true)) => Some(GamesChannel::Anywhere),
                (None, _) => None,
            },
        }),
        other => return Err(tr!(lang, "parse-unknown", name = other)),
    };
    Ok(request)
}

/// During autocomplete: the subcommand, the option being typed and its
/// text so far, and the `game` option if already given.
pub struct Typing<'a> {
    pub subcommand: &'a str,
    pub option: &'a str,
    pub text: &'a str,
    pub game: Option<i64>,
}

/// Reads an autocomplete request for `/kiela`.
pub fn typing(command: &CommandInteraction) -> Option<Typing<'_>> {
    let sub = command.data.options.first()?;
    let CommandDataOptionValue::SubCommand(args) = &sub.value else {
        return None;
    };
    let focused = args
        .iter()
        .find_map(|option: &CommandDataOption| match &option.value {
            CommandDataOptionValue::Autocomplete { value, .. } => {
                Some((option.name.as_str(), value))
            }
            _ => None,
        })?;
    let game = args.iter().find_map(|option| match &option.value {
        CommandDataOptionValue::Integer(game) if option.name == "game" => Some(*game),
        _ => None,
    });
    Some(Typing {
        subcommand: &sub.name,
        option: focused.0,
        text: focused.1,
        game,
    })
}

/// The options of one subcommand, by name.
struct Args<'a>(&'a [ResolvedOption<'a>]);

impl Args<'_> {
    fn value(&self, name: &str) -> Option<&ResolvedValue<'_>> {
        self.0.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    fn text(&self, name: &str) -> Option<&str> {
        match self.value(name)? {
            ResolvedValue::String(text) => Some(text),
            _ => None,
        }
    }

    fn integer(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            ResolvedValue::Integer(n) => Some(*n),
            _ => None,
        }
    }

    fn channel(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            ResolvedValue::Channel(channel) => Some(channel.id.get() as i64),
            ResolvedValue::Unresolved(Unresolved::Channel(id)) => Some(id.get() as i64),
            _ => None,
        }
    }

    fn boolean(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            ResolvedValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    fn user(&self, name: &str) -> Option<User> {
        match self.value(name)? {
            ResolvedValue::User(user, member) => {
                // Their language is unknown here: only their own
                // interactions carry it.
                Some(user_of(
                    user,
                    member.and_then(|m| m.nick.as_deref()),
                    Lang::En,
                ))
            }
            _ => None,
        }
    }

    fn game_options(&self, lang: Lang) -> Result<GameOptions, String> {
        let defaults = GameOptions::default();
        Ok(GameOptions {
            variant: match self.text("variant") {
                Some(v) => v
                    .parse::<Variant>()
                    .map_err(|_| tr!(lang, "bad-variant", text = v))?,
                None => defaults.variant,
            },
            first: match self.text("first") {
                Some("me") => FirstMover::Me,
                Some("them") => FirstMover::Them,
                _ => FirstMover::Random,
            },
            days: self.integer("days"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord's pattern for names: `^[-_\p{L}\p{N}]{1,32}$`, lower case.
    fn valid_name(name: &str) -> bool {
        let chars = name.chars().count();
        (1..=32).contains(&chars)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && name.to_lowercase() == name
    }

    #[test]
    fn the_command_is_translated_within_discords_limits() {
        let json = serde_json::to_value(definition()).unwrap();
        let mut seen = 0;
        let mut check = |item: &serde_json::Value| {
            let name = item["name"].as_str().unwrap();
            assert!(valid_name(name), "{name}");
            let pt = item["name_localizations"]["pt-BR"].as_str();
            let pt = pt.unwrap_or_else(|| panic!("{name} has no pt-BR name"));
            assert!(valid_name(pt), "{name}: {pt}");
            for description in [
                &item["description"],
                &item["description_localizations"]["pt-BR"],
            ] {
                let description = description.as_str().unwrap();
                assert!(
                    (1..=100).contains(&description.chars().count()),
                    "{description}"
                );
            }
            seen += 1;
        };
        check(&json);
        for sub in json["options"].as_array().unwrap() {
            check(sub);
            for option in sub["options"].as_array().into_iter().flatten() {
                check(option);
                for choice in option["choices"].as_array().into_iter().flatten() {
                    let pt = choice["name_localizations"]["pt-BR"].as_str().unwrap();
                    assert!((1..=100).contains(&pt.chars().count()), "{pt}");
                }
            }
        }
        assert!(seen > 30, "{seen}");
    }

    /// Discord takes at most 25 subcommands and groups under `/kiela`; the
    /// groups to come (tournament, lesson, puzzle) need three of them.
    #[test]
    fn the_tree_keeps_room_for_the_groups_to_come() {
        const DISCORD_LIMIT: usize = 25;
        const GROUPS_TO_COME: usize = 3;
        let json = serde_json::to_value(definition()).unwrap();
        let used = json["options"].as_array().unwrap().len();
        assert!(
            used + GROUPS_TO_COME <= DISCORD_LIMIT,
            "/kiela has {used} subcommands and groups: no room for {GROUPS_TO_COME} more"
        );
    }

    #[test]
    fn english_names_are_the_canonical_ones() {
        let json = serde_json::to_value(definition()).unwrap();
        for sub in json["options"].as_array().unwrap() {
            let name = sub["name"].as_str().unwrap();
            assert_eq!(t(Lang::En, &format!("cmd-{name}-name"), &[]), name);
            for option in sub["options"].as_array().into_iter().flatten() {
                let name = option["name"].as_str().unwrap();
                assert_eq!(t(Lang::En, &format!("opt-{name}-name"), &[]), name);
            }
        }
    }
}

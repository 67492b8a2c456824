//! The `/kiela` command: its definition for Discord, and the parsing of an
//! invocation into a [`Request`] for the game service.

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    CreateCommand, CreateCommandOption, ResolvedOption, ResolvedValue,
};

use crate::ai::Level;
use crate::app::{FirstMover, GameOptions, User};
use crate::rules::Variant;

use super::user_of;

/// The name of the one top-level command.
pub const COMMAND: &str = "kiela";

/// What a user asked for with `/kiela <subcommand>`.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Challenge {
        opponent: User,
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
    Board {
        game: Option<i64>,
    },
    Games,
    History {
        game: i64,
    },
    Stats {
        player: Option<User>,
    },
    Leaderboard,
    Rules,
    Notify {
        direct_messages: bool,
    },
}

/// The `/kiela` command with all its subcommands, as registered.
pub fn definition() -> CreateCommand {
    use CommandOptionType::{Boolean, Integer, String as Text, SubCommand, User as UserOption};
    let sub =
        |name: &str, description: &str| CreateCommandOption::new(SubCommand, name, description);
    let game = || {
        CreateCommandOption::new(
            Integer,
            "game",
            "The game number (leave out for your game here)",
        )
        .min_int_value(1)
        .set_autocomplete(true)
    };
    let variant = || {
        CreateCommandOption::new(Text, "variant", "Which rules (default Standard)")
            .add_string_choice("Standard", "standard")
            .add_string_choice("Beginner", "beginner")
            .add_string_choice("Expert (rearrange before your first move)", "expert")
    };
    CreateCommand::new(COMMAND)
        .description("Play Kiela, the four-row mancala of northern Angola")
        .set_options(vec![
            sub(
                "challenge",
                "Challenge someone to a game (challenge me to play the AI)",
            )
            .add_sub_option(
                CreateCommandOption::new(UserOption, "opponent", "Who you want to play")
                    .required(true),
            )
            .add_sub_option(variant())
            .add_sub_option(
                CreateCommandOption::new(Text, "first", "Who moves first (default random)")
                    .add_string_choice("Me", "me")
                    .add_string_choice("My opponent", "them")
                    .add_string_choice("Random", "random"),
            )
            .add_sub_option(
                CreateCommandOption::new(Integer, "days", "Days per move, 1 to 14 (default 3)")
                    .min_int_value(1)
                    .max_int_value(14),
            ),
            sub("accept", "Accept the challenge you received"),
            sub("decline", "Decline the challenge you received"),
            sub("ai", "Play against the computer")
                .add_sub_option(
                    CreateCommandOption::new(Text, "level", "How strong (default medium)")
                        .add_string_choice("Easy", "easy")
                        .add_string_choice("Medium", "medium")
                        .add_string_choice("Hard", "hard")
                        .add_string_choice("Expert", "expert"),
                )
                .add_sub_option(variant())
                .add_sub_option(
                    CreateCommandOption::new(Text, "first", "Who moves first (default random)")
                        .add_string_choice("Me", "me")
                        .add_string_choice("The computer", "them")
                        .add_string_choice("Random", "random"),
                ),
            sub("move", "Sow from one of your holes")
                .add_sub_option(
                    CreateCommandOption::new(Text, "hole", "The hole, e.g. C2")
                        .required(true)
                        .set_autocomplete(true),
                )
                .add_sub_option(game()),
            sub(
                "arrange",
                "Expert: rearrange your stones before your first move",
            )
            .add_sub_option(
                CreateCommandOption::new(
                    Text,
                    "layout",
                    "20 numbers: your outer row A-J, then your inner row A-J",
                )
                .required(true),
            )
            .add_sub_option(game()),
            sub("resign", "Resign a game").add_sub_option(game()),
            sub("draw", "Offer a draw, or accept your opponent's offer").add_sub_option(game()),
            sub("board", "Show the board of a game").add_sub_option(game()),
            sub("games", "List your ongoing games"),
            sub("history", "The record of a game").add_sub_option(game().required(true)),
            sub("stats", "Rating and results in this server").add_sub_option(
                CreateCommandOption::new(UserOption, "user", "Whose (default you)"),
            ),
            sub("leaderboard", "The best players of this server"),
            sub("rules", "How to play Kiela"),
            sub(
                "notify",
                "Also remind you by direct message when your time runs low",
            )
            .add_sub_option(
                CreateCommandOption::new(Boolean, "dm", "Send reminders by direct message")
                    .required(true),
            ),
        ])
}

/// Reads an invocation of `/kiela`. The error is a message for the user.
pub fn parse(command: &CommandInteraction) -> Result<Request, String> {
    let options = command.data.options();
    let Some(ResolvedOption {
        name,
        value: ResolvedValue::SubCommand(args),
        ..
    }) = options.first()
    else {
        return Err("use `/kiela` with a subcommand, e.g. `/kiela rules`".into());
    };
    let args = Args(args);
    let request = match *name {
        "challenge" => Request::Challenge {
            opponent: args.user("opponent").ok_or("say whom you challenge")?,
            options: args.game_options()?,
        },
        "accept" => Request::Accept,
        "decline" => Request::Decline,
        "ai" => Request::Ai {
            level: match args.text("level") {
                Some(level) => level.parse().map_err(|e| format!("{e}"))?,
                None => Level::Medium,
            },
            options: args.game_options()?,
        },
        "move" => Request::Move {
            hole: args.text("hole").ok_or("say which hole, e.g. C2")?.into(),
            game: args.integer("game"),
        },
        "arrange" => Request::Arrange {
            layout: args.text("layout").ok_or("give the layout")?.into(),
            game: args.integer("game"),
        },
        "resign" => Request::Resign {
            game: args.integer("game"),
        },
        "draw" => Request::Draw {
            game: args.integer("game"),
        },
        "board" => Request::Board {
            game: args.integer("game"),
        },
        "games" => Request::Games,
        "history" => Request::History {
            game: args.integer("game").ok_or("say which game")?,
        },
        "stats" => Request::Stats {
            player: args.user("user"),
        },
        "leaderboard" => Request::Leaderboard,
        "rules" => Request::Rules,
        "notify" => Request::Notify {
            direct_messages: args.boolean("dm").unwrap_or(false),
        },
        other => return Err(format!("`/kiela {other}` is not a command I know")),
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

    fn boolean(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            ResolvedValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    fn user(&self, name: &str) -> Option<User> {
        match self.value(name)? {
            ResolvedValue::User(user, member) => {
                Some(user_of(user, member.and_then(|m| m.nick.as_deref())))
            }
            _ => None,
        }
    }

    fn game_options(&self) -> Result<GameOptions, String> {
        let defaults = GameOptions::default();
        Ok(GameOptions {
            variant: match self.text("variant") {
                Some(v) => v.parse::<Variant>().map_err(|e| format!("{e}"))?,
                None => defaults.variant,
            },
            first: match self.text("first") {
                Some("me") => FirstMover::Me,
                Some("them") => FirstMover::Them,
                _ => FirstMover::Random,
            },
            days: self.integer("days").unwrap_or(defaults.days),
        })
    }
}

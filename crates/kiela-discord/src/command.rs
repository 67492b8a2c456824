//! The `/kiela` command framework: each subcommand is declared once, by
//! the feature that owns it, as a [`Subcommand`] (its name, its typed
//! options, its reader). The registered definition and the parsing of an
//! invocation are both built from [`features::TREE`], so an option
//! cannot be registered under one name and read under another.

use std::fmt;
use std::marker::PhantomData;

use serenity::all::{
    ChannelId, ChannelType, CommandDataOption, CommandDataOptionValue, CommandInteraction,
    CommandOptionType, CreateCommand, CreateCommandOption, InstallationContext, InteractionContext,
    ResolvedOption, ResolvedValue, Unresolved,
};
use serenity::async_trait;

use kiela_app::{AppError, GameId, User};
use kiela_i18n::tr;
use kiela_i18n::{t, Arg, Lang};

use super::features;
use super::handler::Cx;
use super::respond::Post;
use super::user_of;

/// The name of the one top-level command.
pub const COMMAND: &str = "kiela";

/// The `game` option: which of the player's games (autocompleted), shared
/// by every subcommand that acts on one game.
pub const GAME: Opt<GameId> = Opt::new("game").min(1).autocomplete();

/// What a user asked for with `/kiela <subcommand>`, as read by the feature
/// that declared the subcommand, which also performs it.
#[async_trait]
pub trait Request: fmt::Debug + Send {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError>;
}

/// One subcommand of `/kiela`: everything Discord and the parser know of it.
pub struct Subcommand {
    /// The canonical (English) name; translations are `cmd-<name>-…`.
    pub name: &'static str,
    /// In the order Discord shows them.
    pub options: &'static [Spec],
    /// Reads an invocation; the error is a message for the user.
    pub read: fn(&Args<'_>) -> Result<Box<dyn Request>, String>,
}

/// A group of subcommands (`/kiela tournament create`): its name, and its
/// subcommands, whose words are `cmd-<group>-<name>-…`.
pub struct Group {
    pub name: &'static str,
    pub subcommands: &'static [Subcommand],
}

/// What `/kiela` holds: subcommands, and groups of them (Discord takes at
/// most 25 of the two together).
pub enum Entry {
    Sub(Subcommand),
    Group(Group),
}

impl Entry {
    fn name(&self) -> &'static str {
        match self {
            Entry::Sub(sub) => sub.name,
            Entry::Group(group) => group.name,
        }
    }
}

/// Subcommand `sub`'s registration, its words under `prefix`.
fn create_subcommand(prefix: &str, sub: &Subcommand) -> CreateCommandOption {
    let create = option(CommandOptionType::SubCommand, prefix, sub.name, &[]);
    sub.options
        .iter()
        .fold(create, |create, spec| create.add_sub_option(spec.create()))
}

/// The locales the command is translated into (English is the default).
const LOCALES: [(Lang, &str); 1] = [(Lang::Pt, "pt-BR")];

/// A subcommand or option: its canonical (English) name, which is what
/// Discord sends back whatever the user's language, and its translations
/// from the catalogue (`<prefix>-<name>-…`).
/// `facts` fill the numbers its description states.
fn option(
    kind: CommandOptionType,
    prefix: &str,
    name: &str,
    facts: &[(&str, Arg)],
) -> CreateCommandOption {
    let key = |what: &str| format!("{prefix}-{name}-{what}");
    let mut option = CreateCommandOption::new(kind, name, t(Lang::En, &key("description"), facts));
    for (lang, locale) in LOCALES {
        option = option
            .name_localized(locale, t(lang, &key("name"), &[]))
            .description_localized(locale, t(lang, &key("description"), facts));
    }
    option
}

/// The `/kiela` command with all its subcommands, as registered, with its
/// names and descriptions translated for each of [`LOCALES`].
pub fn definition() -> CreateCommand {
    let mut command =
        CreateCommand::new(COMMAND).description(t(Lang::En, "cmd-kiela-description", &[]));
    for (lang, locale) in LOCALES {
        command = command
            .name_localized(locale, t(lang, "cmd-kiela-name", &[]))
            .description_localized(locale, t(lang, "cmd-kiela-description", &[]));
    }
    command.set_options(
        features::TREE
            .iter()
            .map(|entry| match entry {
                Entry::Sub(sub) => create_subcommand("cmd", sub),
                Entry::Group(group) => {
                    let prefix = format!("cmd-{}", group.name);
                    let create = option(CommandOptionType::SubCommandGroup, "cmd", group.name, &[]);
                    (group.subcommands.iter()).fold(create, |create, sub| {
                        create.add_sub_option(create_subcommand(&prefix, sub))
                    })
                }
            })
            .collect(),
    )
}

/// The `/kiela` command as registered globally: installed in a server
/// (the bot's) and by a user for themselves, usable in servers, in the
/// user's DMs with the app and in group DMs. (A server's own commands,
/// `DISCORD_GUILD_ID`, take no installation contexts.)
pub fn installable() -> CreateCommand {
    definition()
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ])
}

/// Reads an invocation of `/kiela`. The error is a message for the user,
/// in `lang`. Discord sends the canonical (English) names of subcommands,
/// options and choices whatever the user's language.
pub fn parse(command: &CommandInteraction, lang: Lang) -> Result<Box<dyn Request>, String> {
    let options = command.data.options();
    let unknown = |name: &str| tr!(lang, "parse-unknown", name = name);
    let (sub, args) = match options.first() {
        Some(ResolvedOption {
            name,
            value: ResolvedValue::SubCommand(args),
            ..
        }) => match features::TREE.iter().find(|entry| entry.name() == *name) {
            Some(Entry::Sub(sub)) => (sub, args),
            _ => return Err(unknown(name)),
        },
        Some(ResolvedOption {
            name: group_name,
            value: ResolvedValue::SubCommandGroup(subs),
            ..
        }) => {
            let Some(Entry::Group(group)) = features::TREE
                .iter()
                .find(|entry| entry.name() == *group_name)
            else {
                return Err(unknown(group_name));
            };
            let Some(ResolvedOption {
                name,
                value: ResolvedValue::SubCommand(args),
                ..
            }) = subs.first()
            else {
                return Err(tr!(lang, "parse-no-subcommand"));
            };
            match group.subcommands.iter().find(|sub| sub.name == *name) {
                Some(sub) => (sub, args),
                None => return Err(unknown(name)),
            }
        }
        _ => return Err(tr!(lang, "parse-no-subcommand")),
    };
    let values = args.iter().map(|o| (o.name, o.value.clone())).collect();
    (sub.read)(&Args::new(sub.options, values, lang))
}

/// During autocomplete: the subcommand, the option being typed and its
/// text so far, and the `game` option if already given.
pub struct Typing<'a> {
    pub subcommand: &'a str,
    pub option: &'a str,
    pub text: &'a str,
    pub game: Option<GameId>,
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
        CommandDataOptionValue::Integer(game) if option.name == GAME.name() => Some(GameId(*game)),
        _ => None,
    });
    Some(Typing {
        subcommand: &sub.name,
        option: focused.0,
        text: focused.1,
        game,
    })
}

/// An option as declared: what its registration needs, whatever its type.
#[derive(Clone, Copy)]
pub struct Spec {
    name: &'static str,
    kind: CommandOptionType,
    /// The catalogue keys are `<keys>-<name>-…`.
    keys: &'static str,
    required: bool,
    autocomplete: bool,
    min: Option<u64>,
    max: Option<u64>,
    channel_types: &'static [ChannelType],
    /// A choice option's values, in the order Discord shows them.
    choices: Option<fn() -> Vec<&'static str>>,
    /// A choice labelled otherwise here: (value, label in the catalogue).
    relabel: Option<(&'static str, &'static str)>,
    /// The numbers its description states beyond its bounds (`min`,
    /// `max`), from the constants in force.
    facts: Option<Facts>,
}

/// The numbers an option's description states, by variable.
pub type Facts = fn() -> Vec<(&'static str, Arg)>;

impl Spec {
    fn create(&self) -> CreateCommandOption {
        // The numbers its description states: its bounds, and its own facts.
        let bounds = [("min", self.min), ("max", self.max)];
        let mut facts: Vec<(&str, Arg)> = bounds
            .into_iter()
            .filter_map(|(name, bound)| Some((name, Arg::from(i64::try_from(bound?).ok()?))))
            .collect();
        facts.extend(self.facts.map(|facts| facts()).unwrap_or_default());
        let mut create = option(self.kind, self.keys, self.name, &facts);
        if self.required {
            create = create.required(true);
        }
        if self.autocomplete {
            create = create.set_autocomplete(true);
        }
        if let Some(min) = self.min {
            create = create.min_int_value(min);
        }
        if let Some(max) = self.max {
            create = create.max_int_value(max);
        }
        if !self.channel_types.is_empty() {
            create = create.channel_types(self.channel_types.to_vec());
        }
        for value in self.choices.map(|values| values()).unwrap_or_default() {
            let label = match self.relabel {
                Some((relabelled, label)) if relabelled == value => label,
                _ => value,
            };
            let key = format!("choice-{}-{label}", self.name);
            let translations: Vec<(&str, String)> = LOCALES
                .iter()
                .map(|&(lang, locale)| (locale, t(lang, &key, &[])))
                .collect();
            create =
                create.add_string_choice_localized(t(Lang::En, &key, &[]), value, translations);
        }
        create
    }
}

/// An option whose value reads as a `T`: declared once as a `const`, in
/// the subcommand's [`Subcommand::options`] (`OPT.spec()`), and read with
/// [`Args::get`].
pub struct Opt<T> {
    spec: Spec,
    value: PhantomData<fn() -> T>,
}

impl<T: Value> Opt<T> {
    pub const fn new(name: &'static str) -> Opt<T> {
        Opt {
            spec: Spec {
                name,
                kind: T::KIND,
                keys: "opt",
                required: false,
                autocomplete: false,
                min: None,
                max: None,
                channel_types: &[],
                choices: T::CHOICES,
                relabel: None,
                facts: None,
            },
            value: PhantomData,
        }
    }

    pub const fn spec(&self) -> Spec {
        self.spec
    }

    pub const fn name(&self) -> &'static str {
        self.spec.name
    }

    pub const fn required(mut self) -> Opt<T> {
        self.spec.required = true;
        self
    }

    pub const fn autocomplete(mut self) -> Opt<T> {
        self.spec.autocomplete = true;
        self
    }

    pub const fn min(mut self, min: u64) -> Opt<T> {
        self.spec.min = Some(min);
        self
    }

    pub const fn max(mut self, max: u64) -> Opt<T> {
        self.spec.max = Some(max);
        self
    }

    /// Its words under `<keys>-<name>-…` rather than `opt-<name>-…`, for
    /// a name that means something else in another subcommand.
    pub const fn keys(mut self, keys: &'static str) -> Opt<T> {
        self.spec.keys = keys;
        self
    }

    pub const fn channel_types(mut self, types: &'static [ChannelType]) -> Opt<T> {
        self.spec.channel_types = types;
        self
    }

    /// The numbers its description states (besides `min` and `max`).
    pub const fn facts(mut self, facts: Facts) -> Opt<T> {
        self.spec.facts = Some(facts);
        self
    }

    /// The choice `value` labelled `choice-<name>-<label>`.
    pub const fn relabel(mut self, value: &'static str, label: &'static str) -> Opt<T> {
        self.spec.relabel = Some((value, label));
        self
    }
}

/// A type an option's value reads as.
pub trait Value: Sized {
    const KIND: CommandOptionType;
    const CHOICES: Option<fn() -> Vec<&'static str>> = None;
    /// `None`: not this type; `Some(Err)`: a message for the user.
    fn read(value: &ResolvedValue<'_>, lang: Lang) -> Option<Result<Self, String>>;
}

impl Value for i64 {
    const KIND: CommandOptionType = CommandOptionType::Integer;
    fn read(value: &ResolvedValue<'_>, _: Lang) -> Option<Result<i64, String>> {
        match value {
            ResolvedValue::Integer(n) => Some(Ok(*n)),
            _ => None,
        }
    }
}

impl Value for kiela_app::TournamentId {
    const KIND: CommandOptionType = CommandOptionType::Integer;
    fn read(value: &ResolvedValue<'_>, lang: Lang) -> Option<Result<Self, String>> {
        i64::read(value, lang).map(|number| number.map(kiela_app::TournamentId))
    }
}

impl Value for GameId {
    const KIND: CommandOptionType = CommandOptionType::Integer;
    fn read(value: &ResolvedValue<'_>, lang: Lang) -> Option<Result<GameId, String>> {
        i64::read(value, lang).map(|number| number.map(GameId))
    }
}

impl Value for bool {
    const KIND: CommandOptionType = CommandOptionType::Boolean;
    fn read(value: &ResolvedValue<'_>, _: Lang) -> Option<Result<bool, String>> {
        match value {
            ResolvedValue::Boolean(b) => Some(Ok(*b)),
            _ => None,
        }
    }
}

impl Value for String {
    const KIND: CommandOptionType = CommandOptionType::String;
    fn read(value: &ResolvedValue<'_>, _: Lang) -> Option<Result<String, String>> {
        match value {
            ResolvedValue::String(text) => Some(Ok(text.to_string())),
            _ => None,
        }
    }
}

impl Value for ChannelId {
    const KIND: CommandOptionType = CommandOptionType::Channel;
    fn read(value: &ResolvedValue<'_>, _: Lang) -> Option<Result<ChannelId, String>> {
        match value {
            ResolvedValue::Channel(channel) => Some(Ok(channel.id)),
            ResolvedValue::Unresolved(Unresolved::Channel(id)) => Some(Ok(*id)),
            _ => None,
        }
    }
}

impl Value for User {
    const KIND: CommandOptionType = CommandOptionType::User;
    fn read(value: &ResolvedValue<'_>, _: Lang) -> Option<Result<User, String>> {
        match value {
            // Their language is unknown here: only their own interactions
            // carry it.
            ResolvedValue::User(user, member) => Some(Ok(user_of(
                user,
                member.and_then(|m| m.nick.as_deref()),
                Lang::En,
            ))),
            _ => None,
        }
    }
}

/// A string option offering a fixed list of values, each labelled from
/// the catalogue (`choice-<option>-<value>`).
pub trait Choice: Copy + 'static {
    /// The values offered, in the order Discord shows them.
    const OFFERED: &'static [Self];
    /// The name Discord sends back.
    fn value(self) -> &'static str;
    /// What to tell a user who sent a value not offered (a definition out
    /// of date); `None`: as if the option were not given.
    fn unknown(_text: &str, _lang: Lang) -> Option<String> {
        None
    }
}

fn offered<T: Choice>() -> Vec<&'static str> {
    T::OFFERED.iter().map(|choice| choice.value()).collect()
}

impl<T: Choice> Value for T {
    const KIND: CommandOptionType = CommandOptionType::String;
    const CHOICES: Option<fn() -> Vec<&'static str>> = Some(offered::<T>);
    fn read(value: &ResolvedValue<'_>, lang: Lang) -> Option<Result<T, String>> {
        let ResolvedValue::String(text) = value else {
            return None;
        };
        match T::OFFERED.iter().find(|choice| choice.value() == *text) {
            Some(choice) => Some(Ok(*choice)),
            None => T::unknown(text, lang).map(Err),
        }
    }
}

/// The options of one invocation of a subcommand, read by type.
pub struct Args<'a> {
    declared: &'static [Spec],
    values: Vec<(&'a str, ResolvedValue<'a>)>,
    pub lang: Lang,
}

impl<'a> Args<'a> {
    fn new(
        declared: &'static [Spec],
        values: Vec<(&'a str, ResolvedValue<'a>)>,
        lang: Lang,
    ) -> Args<'a> {
        Args {
            declared,
            values,
            lang,
        }
    }

    /// The option's value if given; an error is a message for the user.
    pub fn get<T: Value>(&self, opt: &Opt<T>) -> Result<Option<T>, String> {
        // A reader may only read what its subcommand declared: anything
        // else is never sent (the tests read every subcommand).
        debug_assert!(
            self.declared
                .iter()
                .any(|spec| spec.name == opt.spec.name && spec.kind == opt.spec.kind),
            "option `{}` is read but not declared",
            opt.spec.name
        );
        self.values
            .iter()
            .find(|(name, _)| *name == opt.spec.name)
            .and_then(|(_, value)| T::read(value, self.lang))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subcommand, with its group if it has one.
    fn subcommands() -> impl Iterator<Item = (Option<&'static str>, &'static Subcommand)> {
        features::TREE.iter().flat_map(|entry| match entry {
            Entry::Sub(sub) => vec![(None, sub)],
            Entry::Group(group) => group
                .subcommands
                .iter()
                .map(|sub| (Some(group.name), sub))
                .collect(),
        })
    }

    /// Discord's pattern for names: `^[-_\p{L}\p{N}]{1,32}$`, lower case.
    fn valid_name(name: &str) -> bool {
        let chars = name.chars().count();
        (1..=32).contains(&chars)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && name.to_lowercase() == name
    }

    /// The numbers an option's description states are the bounds and
    /// constants in force, in both languages.
    #[test]
    fn descriptions_state_the_limits_in_force() {
        use kiela_app::{
            CHALLENGE_DAYS, CHALLENGE_WAIT, DAYS_PER_MOVE, DEFAULT_DAYS, VACATION_DAYS_PER_YEAR,
        };
        let json = serde_json::to_string(&definition()).unwrap();
        let (min, max) = (DAYS_PER_MOVE.start(), DAYS_PER_MOVE.end());
        let (wait_min, wait_max) = (CHALLENGE_WAIT.start(), CHALLENGE_WAIT.end());
        for said in [
            format!("Days per move, {min} to {max} (default: the server's, {DEFAULT_DAYS}"),
            format!("Dias por jogada, de {min} a {max}"),
            format!("answer, {wait_min} to {wait_max} (default {CHALLENGE_DAYS})"),
            format!("de {wait_min} a {wait_max} (padrão {CHALLENGE_DAYS})"),
            format!("Days of vacation, 1 to {VACATION_DAYS_PER_YEAR} a year"),
            "Round-robin (up to 12 players) or Swiss (up to 64)".to_string(),
            "default 5 up to 16 players, 7 above".to_string(),
            "more than 10% of their games on time in the last 90 days".to_string(),
        ] {
            assert!(json.contains(&said), "no description says {said:?}");
        }
        assert!(
            !json.contains("{$") && !json.contains("{ $"),
            "an unfilled placeable"
        );
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
        let entries = json["options"].as_array().unwrap();
        // A group's subcommands are checked as the top level's are.
        let nested = entries
            .iter()
            .filter(|entry| entry["type"] == 2)
            .flat_map(|group| group["options"].as_array().unwrap());
        for sub in entries.iter().chain(nested) {
            check(sub);
            if sub["type"] == 2 {
                continue;
            }
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

    /// Discord takes at most 25 subcommands and groups under `/kiela`;
    /// room is kept for one more group.
    #[test]
    fn the_tree_keeps_room_for_the_groups_to_come() {
        const DISCORD_LIMIT: usize = 25;
        const GROUPS_TO_COME: usize = 1;
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
            if sub["type"] == 2 {
                for inner in sub["options"].as_array().unwrap() {
                    let inner = inner["name"].as_str().unwrap();
                    let key = format!("cmd-{name}-{inner}-name");
                    assert_eq!(t(Lang::En, &key, &[]), inner);
                }
                continue;
            }
            for option in sub["options"].as_array().into_iter().flatten() {
                let name = option["name"].as_str().unwrap();
                assert_eq!(t(Lang::En, &format!("opt-{name}-name"), &[]), name);
            }
        }
    }

    /// Every reader, given none of its options and then all of them: it
    /// reads only options its subcommand declares (`Args::get` asserts
    /// it), and with every option given it reads a request.
    #[test]
    fn readers_read_only_the_options_they_declare() {
        let user = serenity::all::User::default();
        let mut names = std::collections::HashSet::new();
        for (group, sub) in subcommands() {
            assert!(names.insert((group, sub.name)), "/kiela {} twice", sub.name);
            let _ = (sub.read)(&Args::new(sub.options, Vec::new(), Lang::En));
            let values = sub
                .options
                .iter()
                .map(|spec| {
                    let value = match spec.kind {
                        CommandOptionType::Integer => {
                            ResolvedValue::Integer(spec.min.unwrap_or(1) as i64)
                        }
                        CommandOptionType::Boolean => ResolvedValue::Boolean(true),
                        CommandOptionType::User => ResolvedValue::User(&user, None),
                        CommandOptionType::Channel => {
                            ResolvedValue::Unresolved(Unresolved::Channel(ChannelId::new(1)))
                        }
                        _ => ResolvedValue::String(spec.choices.map_or("A1", |values| values()[0])),
                    };
                    (spec.name, value)
                })
                .collect();
            let read = (sub.read)(&Args::new(sub.options, values, Lang::En));
            assert!(read.is_ok(), "/kiela {}: {read:?}", sub.name);
        }
    }
}

//! The bot's words in every language it speaks: English and Brazilian
//! Portuguese (Discord's `pt-BR`, the locale of Angolan players too).
//!
//! The catalogues are [Project Fluent](https://projectfluent.org) files,
//! `assets/i18n/en.ftl` and `assets/i18n/pt-BR.ftl`, embedded at build time
//! and parsed once. Fluent, because plurals and grammar live in the
//! translation file, not in our code (`{ $count -> [one] … *[other] … }`
//! follows each language's CLDR plural rules); because its syntax is the one
//! translators' tools already know; and because `fluent-bundle` is
//! maintained by Mozilla, which translates Firefox with it.
//!
//! Everything a user reads in `app`, `discord` and `render` (the words in
//! the pictures, the alt text) comes from here:
//! [`t`] (or the [`tr!`](crate::tr) macro) looks a message up. A missing key
//! is a bug caught by the tests (both catalogues have the same keys and
//! variables; every key the code uses exists); in production it shows the
//! key rather than panicking. Variables are not wrapped in Unicode
//! isolation marks: Discord would show them.
//!
//! This module depends on nothing else in the crate.

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The English catalogue (the fallback, and the canonical command names).
pub const EN_FTL: &str = include_str!("../../../assets/i18n/en.ftl");
/// The Brazilian Portuguese catalogue.
pub const PT_FTL: &str = include_str!("../../../assets/i18n/pt-BR.ftl");

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Pt,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Pt];

    /// The language for a Discord locale (`pt-BR`, `en-US`, …): any `pt*`
    /// is Portuguese; English for everything else.
    pub fn from_locale(locale: &str) -> Lang {
        let locale = locale.trim().to_ascii_lowercase();
        if locale == "pt" || locale.starts_with("pt-") || locale.starts_with("pt_") {
            Lang::Pt
        } else {
            Lang::En
        }
    }

    /// The Discord locale of this language (`en-US` has no own catalogue:
    /// English is `en`).
    pub fn locale(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pt => "pt-BR",
        }
    }

    /// `n` with its thousands grouped as the language writes them: `1,512`
    /// in English, `1.512` in Portuguese. For ratings and counts (never
    /// game numbers, which people type back). Fluent's `NUMBER` cannot do
    /// it: fluent-bundle 0.15 reads its `useGrouping` option, then ignores it.
    pub fn number(self, n: i64) -> String {
        let separator = match self {
            Lang::En => ',',
            Lang::Pt => '.',
        };
        let digits = n.unsigned_abs().to_string();
        let mut grouped = String::with_capacity(digits.len() + digits.len() / 3 + 1);
        if n < 0 {
            grouped.push('-');
        }
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                grouped.push(separator);
            }
            grouped.push(digit);
        }
        grouped
    }

    /// The catalogue's source text.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => EN_FTL,
            Lang::Pt => PT_FTL,
        }
    }

    fn bundle(self) -> &'static FluentBundle<FluentResource> {
        match self {
            Lang::En => &EN,
            Lang::Pt => &PT,
        }
    }
}

static EN: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::En));
static PT: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::Pt));

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.locale().parse().expect("a valid language identifier");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    // A syntax error leaves the rest of the file usable; the tests fail on it.
    let resource = FluentResource::try_new(lang.source().to_string()).unwrap_or_else(|(r, e)| {
        tracing::error!("the {} catalogue has errors: {e:?}", lang.locale());
        r
    });
    if let Err(e) = bundle.add_resource(resource) {
        tracing::error!("the {} catalogue repeats messages: {e:?}", lang.locale());
    }
    bundle
}

/// A value for a message's variable: text, or a number (numbers choose
/// the plural form). Ids of Discord users do not fit a float: pass them as
/// text.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg(FluentValue<'static>);

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg(FluentValue::String(Cow::Owned(text.to_string())))
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg(FluentValue::String(Cow::Owned(text)))
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::from(text.as_str())
    }
}

/// The largest integer a Fluent number (an `f64`) holds exactly: past it,
/// digits are lost (a Discord id, a snowflake near 2^60, would print as
/// another id). Counts never come near it; ids go as text.
pub const EXACT_NUMBERS: i64 = 1 << 53;

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                debug_assert!(
                    i64::try_from(n).is_ok_and(|n| n.unsigned_abs() <= EXACT_NUMBERS as u64),
                    "{n} would lose digits as a Fluent number: pass an id as text"
                );
                Arg(FluentValue::from(n))
            }
        }
    )*};
}
number_arg!(i64, i32, u32, u8, usize);

/// The message `key` in `lang`, with its variables filled in. A key missing
/// from `lang` falls back to English, and a key missing from both comes
/// back as itself (a bug the tests catch).
pub fn t(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, Arg(value)) in args {
        fluent_args.set(*name, value.clone());
    }
    for lang in [lang, Lang::En] {
        let bundle = lang.bundle();
        let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
            continue;
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if !errors.is_empty() {
            tracing::warn!("message {key} in {}: {errors:?}", lang.locale());
        }
        return text.into_owned();
    }
    tracing::warn!("no message {key} in any catalogue");
    key.to_string()
}

/// Every message of `lang`'s catalogue: its key and its variables, sorted
/// (for the tests that render every message). Panics on a syntax error in
/// the catalogue, which the tests are there to catch.
pub fn messages(lang: Lang) -> Vec<(String, Vec<String>)> {
    use fluent_syntax::ast;
    let source = lang.source();
    fn walk_pattern(pattern: &ast::Pattern<&str>, vars: &mut Vec<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                walk_expression(expression, vars);
            }
        }
    }
    fn walk_expression(expression: &ast::Expression<&str>, vars: &mut Vec<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                walk_inline(selector, vars);
                for variant in variants {
                    walk_pattern(&variant.value, vars);
                }
            }
            ast::Expression::Inline(inline) => walk_inline(inline, vars),
        }
    }
    fn walk_inline(inline: &ast::InlineExpression<&str>, vars: &mut Vec<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => vars.push(id.name.to_string()),
            ast::InlineExpression::Placeable { expression } => walk_expression(expression, vars),
            _ => {}
        }
    }
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(resource) => resource,
        Err((_, errors)) => panic!("catalogue syntax errors: {errors:?}"),
    };
    let mut keys = Vec::new();
    for entry in resource.entries() {
        if let ast::Entry::Message(message) = entry {
            let mut vars = Vec::new();
            if let Some(value) = &message.value {
                walk_pattern(value, &mut vars);
            }
            vars.sort();
            vars.dedup();
            keys.push((message.id.name.to_string(), vars));
        }
    }
    keys
}

/// Looks up a message: `tr!(lang, "key", name = value, …)`, the values
/// anything [`Arg`] converts from.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::t(
            $lang,
            $key,
            &[$((stringify!($name), $crate::Arg::from($value))),*],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn locales_choose_a_language() {
        assert_eq!(Lang::from_locale("pt-BR"), Lang::Pt);
        assert_eq!(Lang::from_locale("pt"), Lang::Pt);
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("fr"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_locale(lang.locale()), lang);
        }
    }

    #[test]
    fn both_catalogues_have_the_same_keys_and_variables() {
        let en: BTreeMap<_, _> = messages(Lang::En).into_iter().collect();
        let pt: BTreeMap<_, _> = messages(Lang::Pt).into_iter().collect();
        assert!(en.len() > 50, "the English catalogue is nearly empty");
        for (key, vars) in &en {
            match pt.get(key) {
                None => panic!("pt-BR.ftl lacks {key}"),
                Some(pt_vars) => assert_eq!(pt_vars, vars, "variables of {key}"),
            }
        }
        for key in pt.keys() {
            assert!(en.contains_key(key), "en.ftl lacks {key}");
        }
    }

    #[test]
    fn every_message_formats_without_errors() {
        for lang in Lang::ALL {
            let bundle = lang.bundle();
            for (key, vars) in messages(lang) {
                let mut args = FluentArgs::new();
                for var in &vars {
                    args.set(var.clone(), FluentValue::from(2));
                }
                let message = bundle.get_message(&key).unwrap();
                let mut errors = Vec::new();
                let text =
                    bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
                assert!(errors.is_empty(), "{key} in {}: {errors:?}", lang.locale());
                assert!(!text.contains('\u{2068}'), "isolation marks in {key}");
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        let wins =
            |lang: Lang, n: i64| crate::tr!(lang, "count-wins", count = n, number = lang.number(n));
        assert_eq!(wins(Lang::En, 1), "1 win");
        assert_eq!(wins(Lang::En, 2), "2 wins");
        assert_eq!(wins(Lang::En, 1512), "1,512 wins");
        assert_eq!(wins(Lang::Pt, 1), "1 vitória");
        assert_eq!(wins(Lang::Pt, 2), "2 vitórias");
        assert_eq!(wins(Lang::Pt, 1512), "1.512 vitórias");
        assert_eq!(crate::tr!(Lang::Pt, "count-days", count = 3), "3 dias");
    }

    /// An id passed as a number would print rounded (`<@…2000>` for an
    /// organiser whose id ends in 2001): caught as it is passed.
    #[test]
    #[should_panic(expected = "pass an id as text")]
    #[cfg(debug_assertions)]
    fn a_number_past_2_pow_53_is_refused() {
        let _ = Arg::from(1_234_567_890_123_456_789_i64);
    }

    #[test]
    fn a_missing_key_shows_itself() {
        assert_eq!(t(Lang::Pt, "no-such-key", &[]), "no-such-key");
    }

    #[test]
    fn variables_are_not_isolated() {
        let text = crate::tr!(Lang::En, "ran-out-of-time", name = "ana", id = 7);
        assert!(text.starts_with("ana "), "{text}");
    }

    /// Calls whose text is for operators and logs, not for Discord users.
    const NOT_USER_FACING: [&str; 15] = [
        "info!(",
        "unreachable!(",
        "assert!(",
        "warn!(",
        "error!(",
        "debug!(",
        "#[error(",
        ".expect(",
        "Internal(",
        "corrupt(",
        "Corrupt(",
        "Error::Other(",
        "sqlx::query(",
        "BadVariable {",
        "impl std::str::FromStr for ShardRange {",
    ];

    /// Prose the bot writes only in its logs, or in errors no user sees.
    const ALLOWED: [&str; 8] = [
        // ComponentId's parse error: users get `old-button` instead.
        "unknown component `{id}`",
        // Where the command was registered, for the log.
        "in server {guild}",
        "globally (new servers may wait up to an hour to see it)",
        // Why a post was parked or a game's clock stopped: for the operator
        // (the outbox's `failed`, the games' `clock_fault`), never posted.
        "still failing after {hours} h: {why}",
        "Discord did not take it: {e}",
        "it panicked: {e}",
        "no answer from Discord within {SEND_TIMEOUT:?}",
        "cannot tell whether its answer was shown: {why}",
    ];

    /// The end of the bracketed group opening at byte `open` of `code`
    /// (past its matching bracket), skipping brackets in strings.
    fn group_end(code: &str, open: usize) -> usize {
        let (mut depth, mut in_string, mut escaped) = (0, false, false);
        for (i, c) in code[open..].char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' if in_string => escaped = true,
                '"' => in_string = !in_string,
                '(' | '{' | '[' if !in_string => depth += 1,
                ')' | '}' | ']' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        return open + i + 1;
                    }
                }
                _ => {}
            }
        }
        code.len()
    }

    /// Removes each call in [`NOT_USER_FACING`] with its arguments (up to
    /// the matching bracket), comments, and every `#[cfg(test)]` item (a
    /// module or a function, wherever it is in the file: the code after
    /// it is scanned too).
    fn user_facing_code(source: &str) -> String {
        let mut code: String = source
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        while let Some(start) = code.find("#[cfg(test)]") {
            let body = code[start..]
                .find(['{', ';'])
                .map_or(code.len(), |i| start + i);
            let end = match code[body..].starts_with(';') {
                true => body + 1,
                false => group_end(&code, body),
            };
            code.replace_range(start..end, "");
        }
        for call in NOT_USER_FACING {
            while let Some(start) = code.find(call) {
                let end = group_end(&code, start + call.len() - 1);
                code.replace_range(start..end, "");
            }
        }
        code
    }

    /// The string literals of some code.
    fn literals(code: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut current: Option<String> = None;
        let mut escaped = false;
        for c in code.chars() {
            match &mut current {
                Some(text) if escaped => {
                    text.push(c);
                    escaped = false;
                }
                Some(_) if c == '\\' => escaped = true,
                Some(text) if c == '"' => {
                    found.push(std::mem::take(text));
                    current = None;
                }
                Some(text) => text.push(c),
                None if c == '"' => current = Some(String::new()),
                None => {}
            }
        }
        found
    }

    /// The Rust files whose strings users read: the bot's application
    /// (but its port to the database) and Discord adapter, and the pictures
    /// (every crate that speaks to users; `kiela-store` holds SQL only).
    fn user_facing_sources() -> Vec<std::path::PathBuf> {
        let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut pending: Vec<_> = [
            "crates/kiela-app/src",
            "crates/kiela-discord/src",
            "crates/kiela-render/src",
        ]
        .iter()
        .map(|dir| workspace.join(dir))
        .collect();
        let mut files = Vec::new();
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                // The application's port to the database (`store/`, each
                // feature's `store.rs`) and its stored names (`vocabulary.rs`)
                // speak to operators, in logs: what cannot be read, and where.
                let for_operators = ["store", "store.rs", "vocabulary.rs"]
                    .iter()
                    .any(|name| path.ends_with(name));
                if for_operators {
                    continue;
                }
                if path.is_dir() {
                    pending.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 20, "the scan found only {files:?}");
        files
    }

    /// Prose: a space followed by a lower-case word.
    fn looks_like_prose(text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        chars
            .windows(3)
            .any(|w| w[0] == ' ' && w[1].is_lowercase() && w[2].is_lowercase())
    }

    #[test]
    fn no_user_facing_english_outside_the_catalogue() {
        let mut offenders = Vec::new();
        for path in user_facing_sources() {
            let source = std::fs::read_to_string(&path).unwrap();
            for literal in literals(&user_facing_code(&source)) {
                if looks_like_prose(&literal) && !ALLOWED.contains(&literal.as_str()) {
                    offenders.push(format!("{}: {literal:?}", path.display()));
                }
            }
        }
        assert!(
            offenders.is_empty(),
            "user-facing text belongs in assets/i18n/*.ftl:\n{}",
            offenders.join("\n")
        );
    }

    #[test]
    fn numbers_are_grouped_per_language() {
        for (n, en, pt) in [
            (0, "0", "0"),
            (999, "999", "999"),
            (1512, "1,512", "1.512"),
            (-1512, "-1,512", "-1.512"),
            (1_000_000, "1,000,000", "1.000.000"),
        ] {
            assert_eq!(Lang::En.number(n), en);
            assert_eq!(Lang::Pt.number(n), pt);
        }
    }

    #[test]
    fn the_literal_scan_finds_prose() {
        let code =
            "let a = \"kiela:move\"; warn!(\"a log line\"); let b = format!(\"{x} is empty\");
            #[cfg(test)]
            mod tests { fn f() { g(\"a test's words\"); } }
            fn after() { h(\"words after the tests\") }";
        let found: Vec<String> = literals(&user_facing_code(code))
            .into_iter()
            .filter(|l| looks_like_prose(l))
            .collect();
        assert_eq!(found, ["{x} is empty", "words after the tests"]);
    }

    #[test]
    fn every_key_the_code_uses_exists() {
        let en: BTreeMap<_, _> = messages(Lang::En).into_iter().collect();
        let mut missing = Vec::new();
        for path in user_facing_sources() {
            let source = std::fs::read_to_string(&path).unwrap();
            for (i, _) in source.match_indices("tr!(") {
                // `tr!(`, not the end of another macro's name (`include_str!(`).
                let before = source[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                // The key, when it is written out: the literal after the
                // language (a key computed at run time is not checked here).
                let args = &source[i + "tr!(".len()..];
                let Some((_, after_lang)) = args.split_once(',') else {
                    continue;
                };
                let Some(literal) = after_lang.trim_start().strip_prefix('"') else {
                    continue;
                };
                let key = literal.split('"').next().unwrap();
                if !key.contains('{') && !en.contains_key(key) {
                    missing.push(format!("{}: {key}", path.display()));
                }
            }
        }
        assert!(missing.is_empty(), "keys missing from en.ftl: {missing:?}");
    }

    /// `/kiela arrange` reads the rows as the board draws them (the engine's
    /// `Layout`: South's upper row is its inner row 2, North's its outer
    /// row 4); the help must say so, not "outer, then inner".
    #[test]
    fn the_layout_help_says_what_the_engine_reads() {
        use kiela_rules::{Layout, Side};
        assert_eq!(Layout::hole(Side::South, 0).to_string(), "A2");
        assert_eq!(Layout::hole(Side::South, 10).to_string(), "A1");
        assert_eq!(Layout::hole(Side::North, 0).to_string(), "A4");
        for key in ["opt-layout-description", "layout-wrong-length"] {
            let en = crate::tr!(Lang::En, key, count = 3);
            assert!(
                en.contains("upper row A-J, then your lower row A-J"),
                "{en}"
            );
            let pt = crate::tr!(Lang::Pt, key, count = 3);
            assert!(pt.contains("de cima A-J, depois a de baixo A-J"), "{pt}");
            assert!(
                !en.contains("outer") && !pt.contains("externa"),
                "{en} / {pt}"
            );
        }
    }
}

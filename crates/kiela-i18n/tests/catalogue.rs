//! Every message of both catalogues, rendered: plurals right for 0, 1, 2,
//! 5 and 1,000 (Portuguese zero takes the plural), every placeable
//! filled, no double full stop, nothing over 600 characters; and no word
//! the glossary (`assets/i18n/GLOSSARY.md`) says not to use.

use fluent_syntax::ast;
use fluent_syntax::parser;
use kiela_i18n::{messages, t, Arg, Lang};

/// Variables that hold text (names, mentions, rendered pieces of other
/// messages), with what fills them here. Every other variable is a number.
const TEXT: &[(&str, &str)] = &[
    ("ai", "Kiela AI"),
    ("answer", "C2 D3 J1"),
    ("best", "C2"),
    ("bot", "Kiela AI"),
    ("buchholz", "7½"),
    ("challenge_days", "3 days"),
    ("change", "+12"),
    ("channel", "1234"),
    ("confirm", "always"),
    ("counts", "2, 2, 2"),
    ("date", "2026-12-05"),
    ("detail", "disk full"),
    ("deviation", "50"),
    ("dm", "off"),
    ("draws", "three draws"),
    ("error", "C2 is empty"),
    ("first", "Ana moves first"),
    ("format", "Swiss"),
    ("game", "#12"),
    ("goal", "Sow E1."),
    ("headline", "Game #12."),
    ("hole", "C2"),
    ("holes", "C3, C4"),
    ("ids", "#3, #4"),
    ("judged", "Good enough."),
    ("language", "English"),
    ("level", "medium"),
    ("link", "https://discord.com/channels/1/2/3"),
    ("loser", "Bob"),
    ("losses", "three losses"),
    ("mention", "<@1234>"),
    ("mentions", "<@1234> "),
    ("move", "C2"),
    ("mover", "Ana"),
    ("moves", "C2, D2"),
    ("name", "Ana"),
    ("north", "Bob"),
    ("note", "good luck"),
    ("opponent", "Bob"),
    ("organiser", "1234"),
    // As the pictures write it (the messages' own ends in a stop, and no
    // message adds one after it).
    ("outcome", "Ana wins: Bob resigned"),
    ("owner", "North"),
    ("pairings", "Ana – Bob"),
    ("path", "sowed C2, ended in D2."),
    ("permissions", "Send Messages"),
    ("player", "Ana"),
    ("players", "Ana, Bob"),
    ("points", "2½"),
    ("provisional", "?"),
    ("puzzle", "off"),
    ("rating", "1,512"),
    ("reply", "D3"),
    ("result", "Draw."),
    ("rows", "1. Ana"),
    ("sb", "4"),
    ("side", "South"),
    ("south", "Ana"),
    ("state", "your move"),
    ("status", "open"),
    ("text", "X9"),
    ("themes", "long relay"),
    ("thread", "1234"),
    ("threads", "always"),
    ("tiebreaks", "Sonneborn–Berger 4"),
    ("title", "Sowing"),
    ("verdict", "mistake"),
    ("why", "the channel was deleted"),
    ("winner", "Ana"),
    ("winners", "Ana, Bob"),
    ("variant", "Standard"),
    ("which", "upper"),
    ("withdrawn", "no"),
    ("loss", "4"),
    ("time", "2 days left"),
];

/// Text variables that carry a count already written out (`Lang::number`).
const WRITTEN_COUNTS: [&str; 1] = ["number"];

/// Variables that are moments (Discord timestamps), not counts.
const MOMENTS: [&str; 3] = ["until", "deadline", "at"];

const COUNTS: [i64; 5] = [0, 1, 2, 5, 1000];

fn text_of(var: &str) -> Option<&'static str> {
    TEXT.iter()
        .find(|(name, _)| *name == var)
        .map(|(_, text)| *text)
}

/// `key` in `lang` with every count at `n`, the text filled in; with the
/// errors Fluent reported.
fn render(lang: Lang, key: &str, vars: &[String], n: i64) -> String {
    let args: Vec<(&str, Arg)> = vars
        .iter()
        .map(|var| {
            let value = if let Some(text) = text_of(var) {
                Arg::from(text)
            } else if WRITTEN_COUNTS.contains(&var.as_str()) {
                Arg::from(lang.number(n))
            } else if MOMENTS.contains(&var.as_str()) {
                Arg::from(1_767_225_600_i64)
            } else {
                Arg::from(n)
            };
            (var.as_str(), value)
        })
        .collect();
    t(lang, key, &args)
}

/// The numbers written in `text` ("1", "1,000", "2½" gives "2"), each with
/// the words after it.
fn numbers(text: &str) -> Vec<(String, Vec<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == ':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut number = String::new();
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || ((chars[i] == ',' || chars[i] == '.')
                    && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            number.push(chars[i]);
            i += 1;
        }
        let rest: String = chars[i..].iter().collect();
        let words = rest
            .split_whitespace()
            .take(2)
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .collect();
        // Glued to a letter or a colon ("R1", "<t:1:R>"): not a count.
        if !chars.get(i).is_some_and(|c| c.is_alphabetic() || *c == ':') {
            found.push((number, words));
        }
    }
    found
}

/// Nouns in the singular, which only the number 1 may come before.
const SINGULAR_EN: [&str; 27] = [
    "win",
    "loss",
    "draw",
    "day",
    "hour",
    "stone",
    "game",
    "turn",
    "move",
    "relay",
    "capture",
    "mistake",
    "blunder",
    "second",
    "player",
    "round",
    "result",
    "point",
    "hint",
    "star",
    "task",
    "lesson",
    "challenge",
    "deadline",
    "puzzle",
    "entry",
    "character",
];
const SINGULAR_PT: [&str; 25] = [
    "vitória",
    "derrota",
    "empate",
    "dia",
    "hora",
    "semente",
    "partida",
    "jogada",
    "recolha",
    "captura",
    "erro",
    "segundo",
    "jogador",
    "rodada",
    "resultado",
    "ponto",
    "dica",
    "estrela",
    "tarefa",
    "lição",
    "desafio",
    "prazo",
    "problema",
    "caractere",
    "torneio",
];
/// Words that may stand between a number and its noun ("2 more games").
const BETWEEN_EN: [&str; 6] = ["more", "rated", "ongoing", "unused", "vacation", "open"];

fn singular_after_plural(lang: Lang, text: &str) -> Option<String> {
    let (nouns, between): (&[&str], &[&str]) = match lang {
        Lang::En => (&SINGULAR_EN, &BETWEEN_EN),
        Lang::Pt => (&SINGULAR_PT, &[]),
    };
    numbers(text).into_iter().find_map(|(number, words)| {
        let noun = match words.first() {
            Some(word) if between.contains(&word.as_str()) => words.get(1),
            first => first,
        }?;
        (number != "1" && nouns.contains(&noun.as_str())).then(|| format!("{number} {noun}"))
    })
}

fn ones(text: &str) -> usize {
    numbers(text).iter().filter(|(n, _)| n == "1").count()
}

#[test]
fn every_message_reads_right_for_every_count() {
    let mut wrong = Vec::new();
    let mut rendered = 0;
    for lang in Lang::ALL {
        for (key, vars) in messages(lang) {
            let at_two = render(lang, &key, &vars, 2);
            for n in COUNTS {
                let text = render(lang, &key, &vars, n);
                rendered += 1;
                let mut fault = |why: String| {
                    wrong.push(format!("{} {key} at {n}: {why}\n    {text}", lang.locale()))
                };
                if text.contains("{$") || text.contains("{ $") || text.contains("{???}") {
                    fault("an unfilled placeable".into());
                }
                if text.trim_end().ends_with("..") && !text.trim_end().ends_with("...") {
                    fault("ends in \"..\"".into());
                }
                if n != 1 {
                    if let Some(words) = singular_after_plural(lang, &text) {
                        fault(format!("the singular in \"{words}\""));
                    }
                    if ones(&text) > ones(&at_two) {
                        fault("\"1\" for another count".into());
                    }
                }
                if text.chars().count() > 600 {
                    fault(format!("{} characters (600 at most)", text.chars().count()));
                }
            }
        }
    }
    assert!(rendered > 5000, "only {rendered} renderings");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Variables that are counts (or numbers like a game's), filled with each
/// of [`COUNTS`].
const COUNT_VARS: &[&str] = &[
    "allowance",
    "asked",
    "back",
    "count",
    "days",
    "default",
    "done",
    "double",
    "games",
    "have",
    "hour",
    "hours",
    "id",
    "large",
    "last",
    "layout",
    "left",
    "lessons",
    "lost",
    "margin",
    "max",
    "min",
    "missed",
    "ongoing",
    "par",
    "percent",
    "played",
    "plies",
    "ply",
    "rank",
    "results",
    "round",
    "round_robin",
    "rounds",
    "row",
    "seconds",
    "shown",
    "small",
    "solved",
    "solvers",
    "stars",
    "stones",
    "streak",
    "swiss",
    "task",
    "tasks",
    "threshold",
    "total",
    "tried",
    "turn",
    "turns",
    "within",
    "wins",
    "won",
];

/// Every variable is classified once: text, a written count, a moment or
/// a count. A new variable must be (a name, say, must not be filled with
/// a number and pass unchecked).
#[test]
fn every_variable_is_classified() {
    let mut wrong = Vec::new();
    for (key, vars) in messages(Lang::En) {
        for var in vars {
            let var = var.as_str();
            let classes = [
                text_of(var).is_some(),
                WRITTEN_COUNTS.contains(&var),
                MOMENTS.contains(&var),
                COUNT_VARS.contains(&var),
            ];
            if classes.iter().filter(|&&c| c).count() != 1 {
                wrong.push(format!("{key}: ${var}"));
            }
        }
    }
    assert!(wrong.is_empty(), "classify these variables once: {wrong:?}");
}

#[test]
fn portuguese_zero_takes_the_plural() {
    let wins = |n: i64| kiela_i18n::tr!(Lang::Pt, "count-wins", count = n, number = n.to_string());
    assert_eq!(wins(0), "0 vitórias");
    assert_eq!(wins(1), "1 vitória");
    let standing = |n: i64| {
        kiela_i18n::tr!(
            Lang::Pt,
            "tournament-standing",
            rank = 1,
            name = "ana",
            points = "0",
            tiebreaks = "SB 0",
            games = n,
            withdrawn = "no"
        )
    };
    assert!(
        standing(0).ends_with("SB 0; 0 partidas)"),
        "{}",
        standing(0)
    );
    assert!(standing(1).ends_with("SB 0; 1 partida)"), "{}", standing(1));
}

#[test]
fn the_check_finds_what_it_looks_for() {
    assert_eq!(
        singular_after_plural(Lang::Pt, "Ana: 0 vitória, 2 derrotas"),
        Some("0 vitória".into())
    );
    assert_eq!(
        singular_after_plural(Lang::En, "2 more game left"),
        Some("2 game".into())
    );
    assert_eq!(singular_after_plural(Lang::En, "1 game, 1,000 games"), None);
    assert_eq!(
        singular_after_plural(Lang::En, "until <t:5:R>, R1 game"),
        None
    );
    assert_eq!(ones("1 partida, 10 e 1.000"), 1);
}

/// The words in `text` of a message, each select's variants one after
/// the other, and `¤` for a placeable.
fn words_of(pattern: &ast::Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => {
                for variant in variants {
                    out.push_str(" ¤ ");
                    words_of(&variant.value, out);
                }
                out.push_str(" ¤ ");
            }
            ast::PatternElement::Placeable { .. } => out.push('¤'),
        }
    }
}

/// Every message's words, by key.
fn catalogue_words(lang: Lang) -> Vec<(String, String)> {
    let resource = parser::parse(lang.source()).expect("the catalogue parses");
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            ast::Entry::Message(message) => {
                let mut text = String::new();
                words_of(message.value.as_ref()?, &mut text);
                Some((message.id.name.to_string(), text.to_lowercase()))
            }
            _ => None,
        })
        .collect()
}

/// The "not" columns of the glossary: (English, Portuguese) entries.
fn glossary_not() -> (Vec<String>, Vec<String>) {
    let glossary = include_str!("../../../assets/i18n/GLOSSARY.md");
    let (mut en, mut pt) = (Vec::new(), Vec::new());
    for line in glossary.lines() {
        let cells: Vec<&str> = line.split(" | ").collect();
        if !line.starts_with("| ") || cells.len() != 5 || line.starts_with("| English") {
            continue;
        }
        for (cell, list) in [(cells[1], &mut en), (cells[3], &mut pt)] {
            list.extend(
                cell.split('`')
                    .skip(1)
                    .step_by(2)
                    .map(|entry| entry.to_lowercase()),
            );
        }
    }
    (en, pt)
}

/// Whether `phrase` is in `text` as whole words.
fn contains_phrase(text: &str, phrase: &str) -> bool {
    let edge = |c: Option<char>| !c.is_some_and(char::is_alphanumeric);
    let word_start = phrase.starts_with(char::is_alphanumeric);
    let word_end = phrase.ends_with(char::is_alphanumeric);
    text.match_indices(phrase).any(|(i, _)| {
        (!word_start || edge(text[..i].chars().next_back()))
            && (!word_end || edge(text[i + phrase.len()..].chars().next()))
    })
}

#[test]
fn no_message_uses_a_word_the_glossary_rules_out() {
    let (en, pt) = glossary_not();
    assert!(
        en.len() > 20 && pt.len() > 40,
        "the glossary's not columns: {en:?} {pt:?}"
    );
    let mut found = Vec::new();
    for (lang, not) in [(Lang::En, &en), (Lang::Pt, &pt)] {
        for (key, words) in catalogue_words(lang) {
            for phrase in not {
                if contains_phrase(&words, phrase) {
                    found.push(format!("{} {key}: \"{phrase}\"", lang.locale()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "words the glossary rules out:\n{}",
        found.join("\n")
    );
}

#[test]
fn phrases_match_whole_words() {
    assert!(contains_phrase("a casa externa do norte", "casa externa"));
    assert!(!contains_phrase("uma ajuda externa", "casa externa"));
    assert!(!contains_phrase("jogos", "jogo"));
    assert!(contains_phrase("ana (o sul, joga", "(o sul,"));
    assert!(!contains_phrase("the par", "pars"));
}

/// The Portuguese pictures choose "o Sul" from the side's name, which
/// words.rs passes bare: the selectors must follow side-south/north.
#[test]
fn portuguese_side_selectors_follow_the_side_names() {
    for (key, wins, to_move) in [
        ("side-south", "O Sul vence: x", "Vez do Sul."),
        ("side-north", "O Norte vence: x", "Vez do Norte."),
    ] {
        let name = kiela_i18n::tr!(Lang::Pt, key);
        let text = kiela_i18n::tr!(Lang::Pt, "board-wins", player = name.as_str(), why = "x");
        assert_eq!(text, wins);
        let text = kiela_i18n::tr!(Lang::Pt, "board-alt-to-move", player = name.as_str());
        assert_eq!(text, to_move);
    }
}

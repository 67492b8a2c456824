//! The bot's shape, read from its source: one service per
//! feature, features that call each other one way only, and no type too
//! big to carry on.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// At most this many methods on one type.
const MAX_METHODS: usize = 40;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// `code` without its comments, string literals and unit tests: what the
/// compiler builds for the application.
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    let mut code = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        code.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    match c {
                        '\\' if !escaped => escaped = true,
                        '"' if !escaped => break,
                        _ => escaped = false,
                    }
                }
                code.push_str("\"\"");
            }
            // A char literal ('"', '{'), not a lifetime ('a).
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                let literal = rest.starts_with('\\') || rest.chars().nth(1) == Some('\'');
                if literal {
                    for c in chars.by_ref() {
                        if c == '\'' {
                            break;
                        }
                    }
                    code.push_str("' '");
                } else {
                    code.push(c);
                }
            }
            _ => code.push(c),
        }
    }
    code
}

/// The words of `code` that could name a type.
fn words(code: &str) -> BTreeSet<&str> {
    code.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect()
}

/// Each feature (a folder of `src/`, except the ports in `store/`) and
/// its code.
fn features() -> BTreeMap<String, String> {
    let mut features = BTreeMap::new();
    for entry in fs::read_dir(src()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() && name != "store" {
            let code: String = sources(&path).iter().map(|p| code_of(p)).collect();
            features.insert(name, code);
        }
    }
    features
}

/// The services a feature's code defines: its structs that hold ports
/// (`db: …Ports`, see `port_set!`), each feature's entry point.
fn services_in(code: &str) -> Vec<String> {
    let mut services = Vec::new();
    for (at, _) in code.match_indices("pub struct ") {
        let rest = &code[at + "pub struct ".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let body = &rest[name.len()..];
        let fields = match (body.trim_start().strip_prefix('{'), body.find('}')) {
            (Some(_), Some(end)) => &body[..end],
            _ => "",
        };
        if fields.contains("pub(crate) db: ") {
            services.push(name);
        }
    }
    services
}

/// Which features each feature calls: those whose services it names.
fn calls() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let features = features();
    let mut owner = BTreeMap::new();
    for (feature, code) in &features {
        for service in services_in(code) {
            owner.insert(service, feature.clone());
        }
    }
    let mut calls: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (feature, code) in &features {
        let called = calls.entry(feature.clone()).or_default();
        for word in words(code) {
            match owner.get(word) {
                Some(other) if other != feature => {
                    called
                        .entry(other.clone())
                        .or_default()
                        .insert(word.to_string());
                }
                _ => {}
            }
        }
    }
    calls
}

/// A cycle in `graph`, if there is one, as the features along it.
fn cycle(graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(|n| n.keys()) {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn every_feature_has_its_own_service() {
    let features = features();
    for (feature, code) in &features {
        assert!(
            !services_in(code).is_empty(),
            "the feature {feature} has no service (a struct holding its ports)"
        );
    }
    // The check sees them: the features below hold the ones they call.
    let calls = calls();
    assert!(calls["playing"].contains_key("game"), "{calls:?}");
    assert!(calls["clocks"].contains_key("playing"), "{calls:?}");
}

#[test]
fn features_call_each_other_one_way() {
    let calls = calls();
    if let Some(cycle) = cycle(&calls) {
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|pair| {
                format!(
                    "{} -> {} ({:?})",
                    pair[0], pair[1], calls[&pair[0]][&pair[1]]
                )
            })
            .collect();
        panic!(
            "features call each other in a circle:\n{}",
            steps.join("\n")
        );
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut graph: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    let mut call = |from: &str, to: &str| {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), BTreeSet::new());
    };
    call("clocks", "playing");
    call("playing", "game");
    assert_eq!(cycle(&graph), None);
    graph
        .entry("game".to_string())
        .or_default()
        .insert("clocks".to_string(), BTreeSet::new());
    assert_eq!(
        cycle(&graph),
        Some(vec![
            "clocks".to_string(),
            "playing".to_string(),
            "game".to_string(),
            "clocks".to_string()
        ])
    );
}

/// `header` without the generics it starts with (`<T: Value> Opt<T>`).
fn skip_generics(header: &str) -> &str {
    if !header.starts_with('<') {
        return header;
    }
    let mut depth = 0;
    for (at, c) in header.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return header[at + 1..].trim_start();
        }
    }
    header
}

/// The bot's crates: the application and its two adapters.
const BOT_CRATES: [&str; 3] = ["kiela-app", "kiela-store", "kiela-discord"];

/// The methods of each type (`impl Type` and `impl Trait for Type`
/// blocks), counted over the bot's crates. Methods a macro writes are not
/// seen: `kiela-store`'s `port_structs!` gives `Store` one per port (18).
fn methods() -> BTreeMap<String, usize> {
    let crates = src().join("../..");
    let mut methods = BTreeMap::new();
    for path in BOT_CRATES
        .iter()
        .flat_map(|c| sources(&crates.join(c).join("src")))
    {
        let code = code_of(&path);
        let mut lines = code.lines();
        while let Some(line) = lines.next() {
            let Some(header) = line.strip_prefix("impl") else {
                continue;
            };
            if !line.ends_with('{') {
                continue;
            }
            // `impl<T> Trait for Type<T> {`: the type is the last path
            // before the brace, without its generics.
            let header = header.trim_end_matches('{').trim();
            let header = skip_generics(header);
            let ty = header.rsplit(" for ").next().unwrap().trim();
            let ty = ty.split('<').next().unwrap().rsplit("::").next().unwrap();
            let ty = ty.split_whitespace().last().unwrap_or(ty).to_string();
            let mut count = 0;
            for line in lines.by_ref() {
                if line == "}" {
                    break;
                }
                let item = line.strip_prefix("    ").unwrap_or("");
                let item = item
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub(super) ")
                    .trim_start_matches("pub ")
                    .trim_start_matches("async ");
                if item.starts_with("fn ") {
                    count += 1;
                }
            }
            *methods.entry(ty).or_default() += count;
        }
    }
    methods
}

#[test]
fn no_type_has_more_than_forty_methods() {
    let methods = methods();
    for seen in ["PlayService", "TournamentsSql", "Store"] {
        let count = methods.get(seen).copied().unwrap_or(0);
        assert!(count > 3, "the count sees {seen}'s methods: {methods:?}");
    }
    let big: Vec<_> = methods.iter().filter(|(_, n)| **n > MAX_METHODS).collect();
    assert!(
        big.is_empty(),
        "types with more than {MAX_METHODS} methods: {big:?}"
    );
}

/// `path`'s string literals outside comments and its unit tests.
fn literals_of(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    let mut found = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut current: Option<String> = None;
        let mut escaped = false;
        for c in line.chars() {
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
    }
    found
}

/// The words users read are the Discord adapter's (`kiela-discord`'s
/// `words`), or, drawn on a picture or describing one, `kiela-render`'s:
/// the application chooses none. Its code, unit tests included, never calls
/// the catalogue's `tr!`; outside its unit tests it takes only `Lang` and
/// `Arg` from `kiela-i18n`; and none of its string literals (outside
/// comments and unit tests) holds Discord's markup: a mention (`<@`), a
/// channel link (`<#`), a timestamp (`<t:`), bold (`**`) or a code block
/// (three backticks).
#[test]
fn the_application_chooses_no_words_and_writes_no_discord_markup() {
    let mut found = Vec::new();
    for path in sources(&src()) {
        let file = path.strip_prefix(src()).unwrap().display().to_string();
        let text = fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let calls = line.match_indices("tr!").any(|(at, _)| {
                let before = line[..at].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            if calls {
                found.push(format!("{file}:{}: tr!: {}", n + 1, line.trim()));
            }
        }
        let code = code_of(&path);
        for (at, _) in code.match_indices("kiela_i18n::") {
            let rest = &code[at + "kiela_i18n::".len()..];
            let items = match rest.strip_prefix('{') {
                Some(group) => &group[..group.find('}').unwrap_or(group.len())],
                None => {
                    &rest[..rest
                        .find(|c: char| !c.is_alphanumeric() && c != '_')
                        .unwrap_or(rest.len())]
                }
            };
            for item in items.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                if !["Lang", "Arg"].contains(&item) {
                    found.push(format!("{file}: kiela_i18n::{item}"));
                }
            }
        }
        for literal in literals_of(&path) {
            for markup in ["<@", "<#", "<t:", "**", "```"] {
                if literal.contains(markup) {
                    found.push(format!("{file}: Discord markup {markup:?} in {literal:?}"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "kiela-app returns typed outcomes; the adapter words them (and \
         kiela-render the pictures):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_words_check_finds_a_call_and_markup() {
    let dir = std::env::temp_dir().join(format!("kiela-shape-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("f.rs");
    fs::write(
        &path,
        "// tr!(lang, \"a-comment\")\nfn f() { g(\"<@1> **won**\") }\n\
         #[cfg(test)]\nmod tests { fn t() { h(\"<t:1:R>\") } }\n",
    )
    .unwrap();
    assert_eq!(literals_of(&path), ["<@1> **won**"]);
    fs::remove_dir_all(&dir).unwrap();
}

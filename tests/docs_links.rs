//! The documentation holds together: every relative link and `#anchor` in
//! the Markdown pages (README.md, ARCHITECTURE.md, RULES.md, docs/*.md)
//! leads to a file that exists and a heading it has, the README stays a
//! front page, and no table cell is too long to read on a phone.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The README is a front page (what the bot is, the two commands, the
/// quick starts, links); the guides live in docs/.
const README_MAX_LINES: usize = 150;
/// A longer table cell is a paragraph squeezed into a column.
const CELL_MAX_CHARS: usize = 200;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pages checked, relative to the root.
fn pages() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|entry| PathBuf::from("docs").join(entry.expect("docs/ lists").file_name()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    let mut pages: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "RULES.md"]
        .map(PathBuf::from)
        .to_vec();
    pages.extend(docs);
    pages
}

fn read(page: &Path) -> String {
    fs::read_to_string(root().join(page))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", page.display()))
}

/// The lines outside fenced code blocks, numbered from 1.
fn outside_fences(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<String> = None;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker: String = match trimmed.chars().next() {
            Some(c @ ('`' | '~')) => trimmed.chars().take_while(|&m| m == c).collect(),
            _ => String::new(),
        };
        match &fence {
            None if marker.len() >= 3 => fence = Some(marker),
            None => lines.push((index + 1, line)),
            // A fence closes on a line of at least as many of its marks.
            Some(open) if marker.starts_with(open.as_str()) && trimmed.trim_end() == marker => {
                fence = None
            }
            Some(_) => {}
        }
    }
    lines
}

/// The lines outside fenced code blocks with their code spans blanked, so
/// that a link written as code is not taken for a link. A code span may
/// run over a line's end, never over a blank line.
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut open_span: Option<usize> = None;
    let mut lines = Vec::new();
    for (number, line) in outside_fences(text) {
        if line.trim().is_empty() {
            open_span = None;
        }
        let mut kept = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '`' {
                kept.push(if open_span.is_some() { ' ' } else { c });
                continue;
            }
            let mut run = 1;
            while chars.next_if_eq(&'`').is_some() {
                run += 1;
            }
            open_span = match open_span {
                None => Some(run),
                Some(open) if open == run => None,
                still => still,
            };
            kept.push(' ');
        }
        lines.push((number, kept));
    }
    lines
}

/// GitHub's anchor for a heading: lower case, spaces to `-`, every other
/// character but letters, digits, `-` and `_` removed.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings; a repeated heading gets `-1`, `-2`…
fn anchors(text: &str) -> HashSet<String> {
    let mut anchors = HashSet::new();
    for (_, line) in outside_fences(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        let Some(title) = line[hashes..].strip_prefix(' ') else {
            continue;
        };
        if !(1..=6).contains(&hashes) {
            continue;
        }
        let base = slug(title.trim_end().trim_end_matches('#'));
        let mut anchor = base.clone();
        let mut repeat = 0;
        while !anchors.insert(anchor.clone()) {
            repeat += 1;
            anchor = format!("{base}-{repeat}");
        }
    }
    anchors
}

/// The targets of a page's links and images (`[text](target)`,
/// `![alt](target)`), with their line numbers; an optional title after
/// the target is dropped.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    for (number, line) in prose(text) {
        let mut rest = line.as_str();
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let mut depth = 0;
            let end = after
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' if depth == 0 => return true,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    false
                })
                .map_or(after.len(), |(i, _)| i);
            let target = after[..end].split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            links.push((number, target.to_string()));
            rest = &after[end..];
        }
    }
    links
}

/// Where a link leads is wrong, or `None` when it holds (links that leave
/// the repository are not checked).
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    if path.is_empty() && anchor.is_empty() {
        return Some("an empty link".into());
    }
    let file = if path.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap_or(Path::new("")).join(path)
    };
    if !root().join(&file).exists() {
        return Some(format!("{} does not exist", file.display()));
    }
    if anchor.is_empty() {
        return None;
    }
    if file.extension().is_none_or(|ext| ext != "md") {
        return Some(format!(
            "#{anchor} in {}, which has no headings",
            file.display()
        ));
    }
    let headings = anchors(&read(&file));
    (!headings.contains(anchor)).then(|| format!("{} has no heading #{anchor}", file.display()))
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for page in pages() {
        for (line, target) in links(&read(&page)) {
            checked += 1;
            if let Some(why) = broken(&page, &target) {
                problems.push(format!("{}:{line}: ({target}): {why}", page.display()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
    assert!(
        checked > 100,
        "only {checked} links found: is the parser blind?"
    );
}

#[test]
fn the_readme_links_every_guide() {
    let readme: HashSet<String> = links(&read(Path::new("README.md")))
        .into_iter()
        .map(|(_, target)| target.split('#').next().unwrap_or("").to_string())
        .collect();
    let unlinked: Vec<String> = pages()
        .into_iter()
        .map(|page| page.display().to_string())
        .filter(|page| page != "README.md" && !readme.contains(page))
        .collect();
    assert!(unlinked.is_empty(), "README.md does not link {unlinked:?}");
}

#[test]
fn the_readme_is_a_front_page() {
    let lines = read(Path::new("README.md")).lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, over {README_MAX_LINES}: move the detail to docs/"
    );
}

#[test]
fn no_table_cell_is_a_paragraph() {
    let mut long = Vec::new();
    for page in pages() {
        let text = read(&page);
        for (number, line) in outside_fences(&text) {
            if !line.trim_start().starts_with('|') {
                continue;
            }
            let mut cell = String::new();
            let mut cells = Vec::new();
            let mut escaped = false;
            for c in line.trim().chars() {
                match c {
                    '|' if !escaped => cells.push(std::mem::take(&mut cell)),
                    _ => cell.push(c),
                }
                escaped = c == '\\';
            }
            for cell in cells.iter().map(|cell| cell.trim()) {
                let chars = cell.chars().count();
                if chars > CELL_MAX_CHARS {
                    long.push(format!("{}:{number}: {chars} characters", page.display()));
                }
            }
        }
    }
    assert!(
        long.is_empty(),
        "table cells over {CELL_MAX_CHARS} characters (write a list or a paragraph):\n{}",
        long.join("\n")
    );
}

#[test]
fn anchors_follow_githubs_rules() {
    for (heading, anchor) in [
        (
            "`kiela replay`: a game record as JSON lines",
            "kiela-replay-a-game-record-as-json-lines",
        ),
        ("Nothing lost, nothing twice", "nothing-lost-nothing-twice"),
        ("The server's language", "the-servers-language"),
        ("Desafios, prazos e férias", "desafios-prazos-e-férias"),
        ("snake_case and -dashes-", "snake_case-and--dashes-"),
    ] {
        assert_eq!(slug(heading), anchor, "{heading}");
    }
    let page = "# Title\n\n## Twice\n\n```\n# not a heading\n```\n\n## Twice\n";
    let expected: HashSet<String> = ["title", "twice", "twice-1"].map(String::from).into();
    assert_eq!(anchors(page), expected);
}

#[test]
fn links_in_code_are_not_links() {
    let page = "See [the guide](docs/players.md#playing) and ![a board](a.png \"title\").\n\
                `[not](a-link.md)` nor\n\
                ```md\n[this](one.md)\n```\n\
                a span `that runs\n[over](two.md) a line` and [the end](#end).\n";
    let found: Vec<(usize, String)> = links(page);
    let expected = [(1, "docs/players.md#playing"), (1, "a.png"), (7, "#end")]
        .map(|(line, target)| (line, target.to_string()));
    assert_eq!(found, expected);
}

//! `kiela tournament simulate`, run as the real binary: a small Swiss
//! played to its end through the bot's service, its JSON lines checked
//! against each other; the text report; a variant it cannot play refused.

use std::collections::{BTreeSet, HashMap};
use std::process::{Command, Output};

use serde_json::Value;

fn simulate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["tournament", "simulate"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_small_swiss_is_played_to_its_end_and_checks_out() {
    let args = [
        "--format",
        "swiss",
        "--players",
        "5",
        "--rounds",
        "3",
        "--seed",
        "7",
        "--levels",
        "beginner,easy",
        "--json",
    ];
    let out = simulate(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (last, games) = lines.split_last().unwrap();
    // Five players, three rounds: two games and a bye each round.
    assert_eq!(games.len(), 9, "{text}");
    let mut points: HashMap<String, f64> = HashMap::new();
    let mut pairs = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for round in 1..=3 {
        let this: Vec<&Value> = games.iter().filter(|g| g["round"] == round).collect();
        assert_eq!(this.len(), 3, "round {round}: {text}");
        let mut seen = BTreeSet::new();
        for g in this {
            let south = g["south"].as_str().unwrap().to_string();
            assert!(seen.insert(south.clone()), "{south} twice in round {round}");
            match (g["north"].as_str(), g["result"].as_str().unwrap()) {
                (None, "bye") => {
                    assert!(byes.insert(south.clone()), "a second bye for {south}");
                    *points.entry(south).or_default() += 1.0;
                }
                (Some(north), result) => {
                    assert!(seen.insert(north.to_string()));
                    let pair = (
                        south.clone().min(north.into()),
                        south.clone().max(north.into()),
                    );
                    assert!(pairs.insert(pair), "{south} and {north} met twice");
                    let (s, n) = match result {
                        "1-0" => (1.0, 0.0),
                        "0-1" => (0.0, 1.0),
                        "1/2-1/2" => (0.5, 0.5),
                        other => panic!("a game ended `{other}`"),
                    };
                    *points.entry(south).or_default() += s;
                    *points.entry(north.to_string()).or_default() += n;
                }
                other => panic!("a bye must have no north: {other:?}"),
            }
        }
    }
    assert_eq!(byes.len(), 3);
    // The standings agree with the games, best first.
    let standings = last["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 5);
    let mut previous = f64::INFINITY;
    for (i, s) in standings.iter().enumerate() {
        assert_eq!(s["rank"], i + 1);
        let name = s["name"].as_str().unwrap();
        let scored = s["points"].as_f64().unwrap();
        assert_eq!(scored, points.get(name).copied().unwrap_or(0.0), "{name}");
        assert!(scored <= previous);
        previous = scored;
        // Swiss: Buchholz Cut-1, Sonneborn–Berger, direct encounter.
        assert_eq!(s["tiebreaks"].as_array().unwrap().len(), 3);
    }
    assert_eq!(last["checks"]["passed"], true);
    assert_eq!(last["checks"]["most_byes"], 1);

    // The same seed, the same event.
    let again = simulate(&args);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn the_text_report_names_the_standings_and_the_checks() {
    let out = simulate(&["--players", "4", "--rounds", "2", "--levels", "beginner"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Swiss, 4 players, 2 rounds, 4 games, seed 1"),
        "{text}"
    );
    for player in ["player-01", "player-02", "player-03", "player-04"] {
        assert!(text.contains(player), "{text}");
    }
    assert_eq!(text.matches(": ok (").count(), 3, "{text}");
}

#[test]
fn a_variant_it_cannot_play_is_refused() {
    let out = simulate(&["--players", "4", "--variant", "expert"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("beginner and standard variants"), "{said}");
}

//! `kiela puzzles mine`, run as the real binary: the shipped set is what the
//! README's command makes (its first games give the set's first puzzles;
//! ignored, a minute in debug: `cargo test --release --test puzzles_cli --
//! --ignored`),
//! a file that is not game records is refused, saying which line, and the
//! finished games of a real SQLite file give the puzzles their records give.

use kiela_app::store::ports::*;
use std::io::Write;
use std::process::Command;
use std::sync::Arc;

use kiela_app::vocabulary::{ChannelId, GuildId, UserId};
use kiela_app::{App, FirstMover, GameOptions, ManualClock, Place, User};
use kiela_i18n::Lang;
use kiela_rules::{Hole, Move, Record};
use kiela_store::Store;

const SHIPPED: &str = include_str!("../assets/puzzles/puzzles.jsonl");

#[test]
#[ignore = "plays two games at the strongest level: run it in release"]
fn the_shipped_set_is_what_the_command_makes() {
    let output = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args([
            "puzzles", "mine", "--games", "2", "--seed", "1", "--jobs", "1",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let mined = String::from_utf8(output.stdout).unwrap();
    assert!(!mined.is_empty(), "games 1 and 2 give puzzles");
    assert!(SHIPPED.starts_with(&mined), "{mined}");
    let progress = String::from_utf8_lossy(&output.stderr);
    assert!(progress.contains("game 2/2"), "{progress}");
}

#[test]
fn records_that_do_not_parse_are_refused() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "this is not a game").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["puzzles", "mine", "--records"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("line 1 is not a game record"), "{said}");
}

/// The hole named `name` (e.g. `G2`).
fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

/// The README's example game, played to its end through the bot's service
/// on a real SQLite file, beside a game still being played: mining the
/// database (`--database URL`, and `--database` alone reading DATABASE_URL)
/// gives exactly the puzzles of the game's record, named by the game.
#[tokio::test]
async fn the_finished_games_of_the_database_give_the_puzzles_of_their_records() {
    let example = include_str!("../assets/examples/game.txt");
    let record: Record = example.trim().parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("kiela.db").display());
    let store = Store::open(&url).await.unwrap();
    let bot = User::new(UserId(999), "Kiela");
    let service = App::new(store.clone(), bot, Arc::new(ManualClock::starting_at(0)));
    let here = Place::new(GuildId(1), ChannelId(2), Lang::En);
    let (alice, bob) = (User::new(UserId(1), "alice"), User::new(UserId(2), "bob"));
    let south_first = GameOptions {
        first: FirstMover::Me,
        ..GameOptions::default()
    };
    let mut games = Vec::new();
    for _ in 0..2 {
        let challenge = (service
            .challenges
            .challenge(&alice, here, &bob, south_first))
        .await
        .unwrap();
        let accepted = service
            .challenges
            .accept(&bob, here, challenge.challenge)
            .await
            .unwrap();
        games.push(accepted.game.unwrap().id);
    }
    for (i, mv) in record.moves.iter().enumerate() {
        let player = if i % 2 == 0 { &alice } else { &bob };
        let Move::Sow(hole) = *mv else {
            panic!("the example game only sows: {mv}");
        };
        (service
            .playing
            .play_move(player, here, Some(games[1]), hole, None))
        .await
        .unwrap();
    }
    (service
        .playing
        .play_move(&alice, here, Some(games[0]), hole("G2"), None))
    .await
    .unwrap();
    let finished = store
        .puzzles()
        .finished_game_records(None, 10)
        .await
        .unwrap();
    assert_eq!(finished.len(), 1, "the example game ends on the board");

    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "{}", example.trim()).unwrap();
    let from_records = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["puzzles", "mine", "--records"])
        .arg(file.path())
        .output()
        .unwrap();
    assert!(from_records.status.success(), "{from_records:?}");
    let expected = String::from_utf8(from_records.stdout)
        .unwrap()
        .replace("\"record 1 ", &format!("\"game {} ", games[1]));
    assert!(!expected.is_empty(), "the example game gives puzzles");

    let from_url = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["puzzles", "mine", "--database", &url])
        .env_remove("DATABASE_URL")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(from_url.status.success(), "{from_url:?}");
    assert_eq!(String::from_utf8(from_url.stdout).unwrap(), expected);
    let progress = String::from_utf8_lossy(&from_url.stderr);
    assert!(
        progress.contains(&format!("game {} (1/1)", games[1])),
        "{progress}"
    );

    let from_env = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["puzzles", "mine", "--database"])
        .env("DATABASE_URL", &url)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(from_env.status.success(), "{from_env:?}");
    assert_eq!(String::from_utf8(from_env.stdout).unwrap(), expected);
}

#[test]
fn records_and_a_database_together_are_refused() {
    let output = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args([
            "puzzles",
            "mine",
            "--records",
            "games.txt",
            "--database",
            "sqlite://x.db",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("cannot be used with"), "{said}");
}

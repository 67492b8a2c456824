//! The operator's tools, run as the real binary on a real SQLite file:
//! `kiela clocks` (the stopped clocks listed with why, one started again, a
//! wrong game refused) and `kiela outbox` (the undelivered messages, a
//! parked one tried again).

use kiela_app::store::ports::*;
use std::process::{Command, Output};
use std::sync::Arc;

use kiela_ai::Level;
use kiela_app::vocabulary::{ChannelId, GuildId, UserId};
use kiela_app::{App, GameOptions, ManualClock, Place, SystemClock, User};
use kiela_i18n::Lang;
use kiela_store::Store;

fn clocks(url: &str, args: &[&str]) -> Output {
    tool(url, "clocks", args)
}

fn tool(url: &str, name: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiela"))
        .arg(name)
        .args(args)
        .env("DATABASE_URL", url)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[tokio::test]
async fn stopped_clocks_are_listed_and_started_again() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("kiela.db").display());
    let store = Store::open(&url).await.unwrap();
    let bot = User::new(UserId(999), "Kiela");
    let service = App::new(store.clone(), bot, Arc::new(ManualClock::starting_at(0)));
    let here = Place::new(GuildId(1), ChannelId(2), Lang::En);
    let alice = User::new(UserId(1), "alice");
    let game =
        (service
            .challenges
            .start_ai_game(&alice, here, Level::Easy, GameOptions::default()))
        .await
        .unwrap()
        .game
        .unwrap()
        .id;

    let all_run = clocks(&url, &[]);
    assert!(all_run.status.success());
    assert_eq!(stdout(&all_run), "every game's clock runs\n");

    store
        .clocks()
        .stop_clock(game, "move 3 is illegal")
        .await
        .unwrap();
    let listed = clocks(&url, &[]);
    assert_eq!(stdout(&listed), format!("game {game}: move 3 is illegal\n"));

    let restarted = clocks(&url, &["--restart", &game.to_string()]);
    assert!(restarted.status.success());
    assert!(store.clocks().stopped_clocks().await.unwrap().is_empty());
    let again = clocks(&url, &["--restart", &game.to_string()]);
    assert_eq!(again.status.code(), Some(1), "{}", stdout(&again));
    assert!(stdout(&again).contains("was not stopped"));
}

#[tokio::test]
async fn undelivered_messages_are_listed_and_a_parked_one_tried_again() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("kiela.db").display());
    let store = Store::open(&url).await.unwrap();
    let bot = User::new(UserId(999), "Kiela");
    // The real time: the tool reads the host's clock.
    let service = App::new(store.clone(), bot, Arc::new(SystemClock));
    let here = Place::new(GuildId(1), ChannelId(2), Lang::En);
    let alice = User::new(UserId(1), "alice");
    let bob = User::new(UserId(2), "bob");

    let none = tool(&url, "outbox", &[]);
    assert!(none.status.success());
    assert_eq!(stdout(&none), "every message is delivered\n");

    let offer = (service
        .challenges
        .challenge(&alice, here, &bob, GameOptions::default()))
    .await
    .unwrap();
    let id = offer.posts[0];
    service
        .outbox
        .give_up(id, "403 50013 Missing Permissions")
        .await
        .unwrap();
    let listed = stdout(&tool(&url, "outbox", &[]));
    assert!(
        listed.contains(&format!(
            "{id}  channel:2  parked: 403 50013 Missing Permissions"
        )),
        "{listed}"
    );
    assert!(listed.contains("alice challenges you"), "{listed}");

    let retried = tool(&url, "outbox", &["--retry", &id.to_string()]);
    assert!(retried.status.success(), "{}", stdout(&retried));
    assert!(stdout(&tool(&url, "outbox", &[])).contains(&format!("{id}  channel:2  waiting")));
    let again = tool(&url, "outbox", &["--retry", &id.to_string()]);
    assert_eq!(again.status.code(), Some(1), "{}", stdout(&again));
    assert!(stdout(&again).contains("is not parked"));
}

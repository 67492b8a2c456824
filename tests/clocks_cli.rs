//! `kiela clocks`, run as the real binary on a real SQLite file: the
//! stopped clocks listed with why, one started again, a wrong game refused.

use std::process::{Command, Output};
use std::sync::Arc;

use kiela_ai::Level;
use kiela_bot::app::{GameOptions, GameService, ManualClock, Place, User};
use kiela_bot::store::Store;
use kiela_bot::vocabulary::{ChannelId, GuildId, UserId};
use kiela_i18n::Lang;

fn clocks(url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiela"))
        .arg("clocks")
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
    let service = GameService::new(store.clone(), bot, Arc::new(ManualClock::starting_at(0)));
    let here = Place::new(GuildId(1), ChannelId(2), Lang::En);
    let alice = User::new(UserId(1), "alice");
    let game = (service.start_ai_game(&alice, here, Level::Easy, GameOptions::default()))
        .await
        .unwrap()
        .game
        .unwrap()
        .id;

    let all_run = clocks(&url, &[]);
    assert!(all_run.status.success());
    assert_eq!(stdout(&all_run), "every game's clock runs\n");

    store.stop_clock(game, "move 3 is illegal").await.unwrap();
    let listed = clocks(&url, &[]);
    assert_eq!(stdout(&listed), format!("game {game}: move 3 is illegal\n"));

    let restarted = clocks(&url, &["--restart", &game.to_string()]);
    assert!(restarted.status.success());
    assert!(store.stopped_clocks().await.unwrap().is_empty());
    let again = clocks(&url, &["--restart", &game.to_string()]);
    assert_eq!(again.status.code(), Some(1), "{}", stdout(&again));
    assert!(stdout(&again).contains("was not stopped"));
}

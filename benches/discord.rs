//! Response time of the bot for a human move, measured through the fake
//! Discord of the end-to-end tests: from the interaction leaving the fake's
//! gateway to the bot's response arriving at its REST API. Two players make
//! `KIELA_BENCH_MOVES` moves (default 400) over 20 games on a SQLite file.
//!
//! `cargo bench --bench discord`

#[path = "../tests/support/mod.rs"]
mod support;

use std::sync::Arc;
use std::time::Duration;

use kiela::app::ManualClock;
use kiela::discord::{Bot, Config};
use serde_json::json;
use support::fake_discord::{FakeDiscord, FakeUser, Message, CHANNEL_ID, GUILD_ID};

const GAMES: usize = 20;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let moves: usize = std::env::var("KIELA_BENCH_MOVES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(400);
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let ana = FakeUser::new(1_200_000_000_000_000_011, "Ana");
    let bob = FakeUser::new(1_200_000_000_000_000_012, "Bob");
    fake.add_user(&ana);
    fake.add_user(&bob);
    let config = Config {
        token: "fake-token".into(),
        database_url: format!("sqlite://{}", dir.path().join("bench.db").display()),
        guild_id: Some(GUILD_ID),
        proxy: Some(fake.url()),
        shards: None,
        timer_interval: Duration::from_secs(3600),
    };
    let bot = Bot::start(config, Arc::new(ManualClock::starting_at(1_800_000_000)))
        .await
        .unwrap();
    fake.wait_ready().await;

    let mut boards = Vec::new();
    for _ in 0..GAMES {
        let challenge = fake
            .slash(
                &ana,
                CHANNEL_ID,
                "challenge",
                json!([{"name": "opponent", "type": 6, "value": bob.id.to_string()},
                       {"name": "first", "type": 3, "value": "me"}]),
            )
            .await;
        let challenge = challenge.original().await;
        let accept = custom_id(&challenge, "kiela:accept:");
        boards.push(
            fake.click(&bob, challenge.id, &accept)
                .await
                .original()
                .await,
        );
    }

    let mut latencies = Vec::with_capacity(moves);
    let started = std::time::Instant::now();
    let mut turn = 0;
    while latencies.len() < moves {
        let game = turn % GAMES;
        turn += 1;
        let board = &boards[game];
        let menu = board
            .custom_ids()
            .into_iter()
            .find(|id| id.starts_with("kiela:move:"));
        let Some(menu) = menu else {
            // This game has ended; stop when they all have.
            if turn > moves * GAMES {
                break;
            }
            continue;
        };
        let player = if board.mentions().contains(&ana.id) {
            &ana
        } else {
            &bob
        };
        let hole = board.select_options(&menu)[0].clone();
        let interaction = fake.select(player, board.id, &menu, &[&hole]).await;
        interaction.response().await;
        latencies.push(interaction.latency().expect("a response"));
        boards[game] = interaction.original().await;
    }
    let elapsed = started.elapsed();
    bot.shutdown().await;

    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{} human moves: median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({:.0} moves/s end to end)",
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
        ms(*latencies.last().unwrap()),
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
}

fn custom_id(message: &Message, prefix: &str) -> String {
    message
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} component"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

//! The bot's response time through the fake Discord of the end-to-end
//! tests: from the interaction leaving the fake's gateway to the bot's
//! response arriving at its REST API (no network in between).
//!
//! Four runs, each bounded by `KIELA_BENCH_MOVES` human moves (default
//! 400) and 60 seconds:
//! 1. one instance on a SQLite file, one move at a time (issue 6's figure);
//! 2. the same in a group DM, where the app only answers (a user install);
//! 3. one instance on PostgreSQL, 8 games in 4 servers played at once;
//! 4. the same load on two instances, shards 0 and 1 of 2.
//!
//! `cargo bench --bench discord`

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::{FakeDiscord, FakeUser, Message, CHANNEL_ID, GUILD_ID};
use kiela_app::ManualClock;
use kiela_discord::{Bot, Config, ShardRange};
use kiela_store::Store;
use serde_json::json;
use test_databases::{Backend, Db};

const TIME_LIMIT: Duration = Duration::from_secs(60);
/// The pause between an answer and the next move.
const THINKING: Duration = Duration::from_millis(50);

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let moves: usize = std::env::var("KIELA_BENCH_MOVES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(400);
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("bench.db").display());
    run("SQLite, 1 instance, 1 game at a time", &sqlite, 1, 1, moves).await;
    let sqlite = format!("sqlite://{}", dir.path().join("group.db").display());
    let name = "SQLite, 1 instance, 1 game at a time in a group DM";
    run(name, &sqlite, 1, 0, moves).await;
    for instances in [1, 2] {
        if test_databases::skip_postgres("the PostgreSQL load runs") {
            break;
        }
        let db = Db {
            backend: Backend::Postgres,
            test: "bench",
        }
        .fresh(&instances.to_string())
        .await;
        let name = format!("PostgreSQL, {instances} instance(s), 8 games at once");
        run(&name, &db.url, instances, 8, moves).await;
    }
}

/// Plays `moves` human moves in `parallel` games spread over 4 servers
/// (0: one game in a group DM), against `instances` bots splitting the
/// shards, and prints the figures.
async fn run(name: &str, database: &str, instances: u32, parallel: usize, moves: usize) {
    let fake = FakeDiscord::start().await;
    let mut bots = Vec::new();
    for shard in 0..instances {
        let config = Config {
            token: "fake-token".into(),
            database_url: database.to_string(),
            guild_id: Some(GUILD_ID),
            proxy: Some(fake.url()),
            shards: Some(ShardRange {
                first: shard,
                last: shard,
                total: instances,
            }),
            timer_interval: Duration::from_secs(3600),
            timing: Default::default(),
        };
        let clock = Arc::new(ManualClock::starting_at(1_800_000_000));
        let store = Store::open(&config.database_url).await.unwrap();
        bots.push(Bot::start(config, store, clock).await.unwrap());
    }
    fake.wait_ready().await;

    let started = Instant::now();
    let mut tables = tokio::task::JoinSet::new();
    let group = parallel == 0;
    for table in 0..parallel.max(1) {
        let fake = fake.clone();
        let moves = moves / parallel.max(1);
        tables.spawn(async move { play(&fake, table as u64, group, moves, started).await });
    }
    let mut latencies = Vec::with_capacity(moves);
    while let Some(played) = tables.join_next().await {
        latencies.extend(played.expect("a table's games"));
    }
    let elapsed = started.elapsed();
    for bot in bots {
        bot.shutdown().await;
    }

    latencies.sort();
    let at = |q: f64| ms(latencies[((latencies.len() - 1) as f64 * q) as usize]);
    println!(
        "{name}: {} moves in {:.1} s, {:.0} moves/s; response median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
    );
}

/// Two players at table `table` (in server `table % 4`, or in their
/// `group` DM) play games one after another until they made `moves`
/// moves; the response times.
async fn play(
    fake: &FakeDiscord,
    table: u64,
    group: bool,
    moves: usize,
    started: Instant,
) -> Vec<Duration> {
    let ana = FakeUser::new(1_300_000_000_000_000_000 + 2 * table, "Ana");
    let bob = FakeUser::new(1_300_000_000_000_000_001 + 2 * table, "Bob");
    fake.add_user(&ana);
    fake.add_user(&bob);
    let channel = match group {
        true => {
            fake.install_app(&ana);
            fake.group_dm(&[&ana, &bob])
        }
        false => {
            // Servers 0 and 2 fall on shard 0 of 2, servers 1 and 3 on shard 1.
            let guild = GUILD_ID + ((table % 4) << 22);
            let channel = CHANNEL_ID + 1000 + table;
            fake.add_guild_channel(guild, channel);
            channel
        }
    };
    // A hole picked is played at once (no preview): the move is measured.
    for player in [&ana, &bob] {
        let never = json!([{"name": "confirm-moves", "type": 3, "value": "never"}]);
        fake.slash(player, channel, "notify", never)
            .await
            .response()
            .await;
    }
    let mut latencies = Vec::with_capacity(moves);
    while latencies.len() < moves && started.elapsed() < TIME_LIMIT {
        let options = json!([{"name": "opponent", "type": 6, "value": bob.id.to_string()},
                             {"name": "first", "type": 3, "value": "me"}]);
        let challenge = fake.slash(&ana, channel, "challenge", options).await;
        let challenge = challenge.original().await;
        let accept = custom_id(&challenge, "kiela:accept:").unwrap();
        let mut board = fake
            .click(&bob, challenge.id, &accept)
            .await
            .original()
            .await;
        while let Some(menu) = custom_id(&board, "kiela:move:") {
            if latencies.len() >= moves || started.elapsed() >= TIME_LIMIT {
                break;
            }
            let player = if board.mentions().contains(&ana.id) {
                &ana
            } else {
                &bob
            };
            let hole = board.select_options(&menu)[0].clone();
            let interaction = fake.select(player, board.id, &menu, &[&hole]).await;
            interaction.response().await;
            latencies.push(interaction.latency().expect("a response"));
            board = interaction.original().await;
            // A player looks at the board before the next move: the bot's
            // work after an answer (its posts, the delivery loop) is done by
            // then, as in a real game, and not counted in the next response.
            tokio::time::sleep(THINKING).await;
        }
    }
    latencies
}

fn custom_id(message: &Message, prefix: &str) -> Option<String> {
    message
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with(prefix))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

//! Load on PostgreSQL (issue 23, item 12): 100,000 ongoing games and
//! 1,000,000 delivered posts, four bot processes sharing the database (four
//! game services, each with its own connection pool and its own loops: the
//! heartbeat, the clock's look, the delivery claim and the prune, every
//! second), and moves arriving at 50 a second, each on its own schedule
//! (a slow move does not hold back the next one). A move is what a
//! player's menu pick costs the bot: `play_move` (the game loaded and
//! replayed, the move stored with its board post, the board drawn), then
//! the answer holding its post (`answering`) and marking it delivered.
//!
//! Target: p99 at most 50 ms per move. Prints the latencies per move and
//! per loop pass. The server the test-databases crate starts skips disk
//! flushes to keep the tests quick; this run's flushes them, as in
//! production (`KIELA_TEST_POSTGRES_DURABLE=1`, printed).
//!
//! Run: `cargo bench -p kiela-app --bench pg_load` (skipped, saying so,
//! without PostgreSQL). `KIELA_LOAD_SECONDS` sets how long moves arrive
//! (default 60).

use kiela_app::store::ports::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

use kiela_app::vocabulary::{ChannelId, GameId, GuildId, MessageId, UserId};
use kiela_app::{App, Place, SystemClock, User};
use kiela_i18n::Lang;
use kiela_rules::{Game, Hole, Variant};
use kiela_store::Store;
use sqlx::{Connection, Row};
use test_databases::{Backend, Db};

const GAMES: i64 = 100_000;
const DELIVERED: i64 = 1_000_000;
const PROCESSES: usize = 4;
const MOVES_PER_SECOND: u64 = 50;
const PLAYERS: i64 = 5_000;
const BOT: i64 = 1;
const GUILD: i64 = 7;
const CHANNEL: i64 = 8;
const DAY: i64 = 86_400;

/// The ongoing games (none due: a day per move, deadlines from a day
/// ahead), their players, and a week of delivered posts.
async fn fill(url: &str, now: i64) {
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let statements = [
        format!(
            "INSERT INTO players (id, name, is_bot, created_at) VALUES ({BOT}, 'Kiela', 1, {now})"
        ),
        format!(
            "INSERT INTO players (id, name, is_bot, created_at) \
             SELECT 100 + i, 'player ' || i, 0, {now} FROM generate_series(1, {PLAYERS}) AS n(i)"
        ),
        // Game i: South 100 + i % PLAYERS, North the next one; South to move.
        format!(
            "INSERT INTO games (guild_id, channel_id, variant, south_id, north_id, status, \
             seconds_per_move, deadline, reminded, created_at, updated_at, to_move_id) \
             SELECT {GUILD}, {CHANNEL}, 'standard', 100 + 1 + i % {PLAYERS}, \
             100 + 1 + (i + 1) % {PLAYERS}, 'active', {DAY}, {now} + {DAY} + i, 0, \
             {now} - 60, {now} - 60, 100 + 1 + i % {PLAYERS} \
             FROM generate_series(1, {GAMES}) AS n(i)"
        ),
        // A post every 0.6 s over the last six days, in the games' queues.
        format!(
            "INSERT INTO outbox (channel_id, game_id, ply, says, pings, lang, created_at, \
             held_until, delivered_at, message_id, queue) \
             SELECT {CHANNEL}, 1 + i % {GAMES}, 0, '[{{\"Worded\":\"delivered\"}}]', '', 'en', \
             {now} - 6 * {DAY} + i * 6 / 10, {now} - 6 * {DAY} + i * 6 / 10, \
             {now} - 6 * {DAY} + i * 6 / 10 + 1, 1000000 + i, 'game:' || (1 + i % {GAMES}) \
             FROM generate_series(1, {DELIVERED}) AS n(i)"
        ),
        "ANALYZE".to_string(),
    ];
    for sql in statements {
        sqlx::query(&sql).execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();
}

/// Prints the server's durability settings: the test-databases crate's
/// server skips the disk flushes unless `KIELA_TEST_POSTGRES_DURABLE=1`
/// (set by `main`).
async fn show_durability(url: &str) {
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let mut settings = Vec::new();
    for name in ["fsync", "synchronous_commit", "full_page_writes"] {
        let row = sqlx::query(&format!("SELECT current_setting('{name}')"))
            .fetch_one(&mut conn)
            .await
            .unwrap();
        settings.push(format!("{name} = {}", row.get::<String, _>(0)));
    }
    eprintln!("server: {}", settings.join(", "));
    conn.close().await.unwrap();
}

/// One process's loops, every second, as the bot runs them; returns each
/// pass's duration.
async fn loops(service: App, until: Instant) -> Vec<Duration> {
    let mut passes = Vec::new();
    let mut started = true;
    let mut message = 5_000_000_000 + fastrand::i64(0..1_000_000_000);
    while Instant::now() < until {
        let pass = Instant::now();
        service.clocks.keep_alive(30, started).await.unwrap();
        started = false;
        for event in service.clocks.due_events(service.now()).await.unwrap() {
            service.clocks.fire(event).await.unwrap();
        }
        for delivery in service.delivery.claim_deliveries(16).await.unwrap() {
            message += 1;
            (service.outbox.delivered(&[delivery.id], MessageId(message)))
                .await
                .unwrap();
        }
        service.outbox.prune_outbox().await.unwrap();
        passes.push(pass.elapsed());
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    passes
}

/// South's first move in game `id`, answered as a menu pick is.
async fn one_move(service: App, id: i64, hole: Hole) -> Duration {
    let south = User::new(UserId(100 + 1 + id % PLAYERS), "south");
    let place = Place::new(GuildId(GUILD), ChannelId(CHANNEL), Lang::En);
    let start = Instant::now();
    let reply = service
        .playing
        .play_move(&south, place, Some(GameId(id)), hole, Some(0))
        .await
        .unwrap();
    let token = format!("token-{id}");
    assert!(service
        .outbox
        .answering(&reply.posts, &token)
        .await
        .unwrap());
    (service
        .outbox
        .delivered(&reply.posts, MessageId(9_000_000_000 + id)))
    .await
    .unwrap();
    start.elapsed()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn summary(what: &str, mut times: Vec<Duration>) {
    times.sort();
    eprintln!(
        "{what}: {} — median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.9).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3,
    );
}

fn main() {
    // Before any thread: the server this run starts flushes to disk.
    std::env::set_var("KIELA_TEST_POSTGRES_DURABLE", "1");
    tokio::runtime::Runtime::new().unwrap().block_on(load());
}

async fn load() {
    if test_databases::skip_postgres("pg_load") {
        return;
    }
    let seconds: u64 = std::env::var("KIELA_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let db = Db {
        backend: Backend::Postgres,
        test: "pg_load",
    }
    .fresh("")
    .await;
    let first = Store::open(&db.url).await.unwrap();
    let now = first.clocks().database_now().await.unwrap();
    eprintln!("filling: {GAMES} ongoing games, {DELIVERED} delivered posts…");
    let filling = Instant::now();
    fill(&db.url, now).await;
    show_durability(&db.url).await;
    eprintln!("filled in {:.0} s", filling.elapsed().as_secs_f64());

    let mut services = vec![App::new(
        first,
        User::bot(UserId(BOT), "Kiela"),
        Arc::new(SystemClock),
    )];
    for _ in 1..PROCESSES {
        let store = Store::open(&db.url).await.unwrap();
        let bot = User::bot(UserId(BOT), "Kiela");
        services.push(App::new(store, bot, Arc::new(SystemClock)));
    }
    let until = Instant::now() + Duration::from_secs(seconds + 2);
    let loops: Vec<_> = (services.iter())
        .map(|service| tokio::spawn(loops(service.clone(), until)))
        .collect();

    let openings = Game::new(Variant::Standard).legal_moves().to_vec();
    let total = seconds * MOVES_PER_SECOND;
    eprintln!(
        "{total} moves over {seconds} s, {MOVES_PER_SECOND} a second, on {PROCESSES} processes…"
    );
    let mut tick = tokio::time::interval(Duration::from_secs(1) / MOVES_PER_SECOND as u32);
    let began = Instant::now();
    let mut moves = Vec::new();
    for n in 0..total as i64 {
        tick.tick().await;
        // Games spread over the table, each moved once.
        let id = 1 + (n * 7_919) % GAMES;
        let hole = openings[n as usize % openings.len()];
        let service = services[n as usize % PROCESSES].clone();
        moves.push(tokio::spawn(one_move(service, id, hole)));
    }
    let mut latencies = Vec::new();
    for made in moves {
        latencies.push(made.await.unwrap());
    }
    let rate = total as f64 / began.elapsed().as_secs_f64();
    let mut passes = Vec::new();
    for pass in loops {
        passes.extend(pass.await.unwrap());
    }
    eprintln!("{rate:.1} moves a second sustained");
    summary("moves", latencies);
    summary("loop passes", passes);
}

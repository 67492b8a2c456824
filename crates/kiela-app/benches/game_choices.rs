//! Autocomplete's list of a player's games (`App::game_choices`,
//! asked at every keystroke of `/kiela move`, `/kiela board`, `/kiela
//! history`...) for a player with 1,000 games (100 ongoing, 900 finished,
//! against 50 opponents with a nickname in the server), among 100,000
//! games of others: one query, whatever the count. Target (issue 23): at
//! most 10 ms. On a SQLite file and on PostgreSQL (skipped, saying so,
//! without it).
//! Run: `cargo bench -p kiela-app --bench game_choices --profile dev`.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use kiela_app::vocabulary::UserId;
use kiela_app::{App, SystemClock, User};
use kiela_store::Store;
use sqlx::Connection;
use test_databases::{Backend, Db};

const NOW: i64 = 1_800_000_000;
const ME: i64 = 1;
const OTHERS: i64 = 2_000;
const MINE: i64 = 1_000;
const ALL: i64 = 100_000;

async fn fill(url: &str, backend: Backend) {
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let games = |from: i64, to: i64, south: &str, status: &str| {
        format!(
            "INSERT INTO games (guild_id, channel_id, variant, south_id, north_id, status, \
             result, reason, seconds_per_move, deadline, reminded, created_at, updated_at, \
             to_move_id) \
             SELECT 7, 8, 'standard', {south}, 2 + i % 50, '{status}', \
             CASE WHEN '{status}' = 'finished' THEN '1-0' END, \
             CASE WHEN '{status}' = 'finished' THEN 'resignation' END, \
             86400, CASE WHEN '{status}' = 'active' THEN {NOW} + i END, 0, {NOW} - i, \
             {NOW} - i, CASE WHEN '{status}' = 'active' THEN {south} END \
             FROM ({}) AS numbers",
            backend.numbers(from, to)
        )
    };
    let statements = [
        format!(
            "INSERT INTO players (id, name, is_bot, created_at) \
             SELECT i, 'player ' || CAST(i AS TEXT), 0, {NOW} FROM ({}) AS numbers",
            backend.numbers(ME, OTHERS)
        ),
        format!(
            "INSERT INTO server_names (guild_id, user_id, name) \
             SELECT 7, i, 'nick ' || CAST(i AS TEXT) FROM ({}) AS numbers",
            backend.numbers(2, 51)
        ),
        games(1, 100, "1", "active"),
        games(101, MINE, "1", "finished"),
        games(MINE + 1, ALL, "60 + i % 1900", "active"),
    ];
    for sql in statements {
        sqlx::query(&sql).execute(&mut conn).await.unwrap();
    }
    if backend == Backend::Postgres {
        sqlx::query("ANALYZE").execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();
}

fn choices(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    sqlx::any::install_default_drivers();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let name = match backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        };
        if backend == Backend::Postgres && test_databases::skip_postgres("game_choices") {
            continue;
        }
        let db = Db {
            backend,
            test: "game_choices",
        };
        let (test_db, service) = runtime.block_on(async {
            let test_db = db.fresh("").await;
            let store = Store::open(&test_db.url).await.unwrap();
            fill(&test_db.url, backend).await;
            let bot = User::bot(UserId(999_999), "Kiela");
            (test_db, App::new(store, bot, Arc::new(SystemClock)))
        });
        let me = User::new(UserId(ME), "me");
        for finished_too in [false, true] {
            let listed = runtime
                .block_on(service.games.game_choices(&me, finished_too))
                .unwrap();
            // 25 choices, named as in the server.
            assert_eq!(listed.len(), 25);
            assert!(listed[0].opponent.starts_with("nick "), "{:?}", listed[0]);
            let what = if finished_too { "history" } else { "move" };
            c.bench_function(&format!("{what} choices of 1,000 games, {name}"), |b| {
                b.iter(|| runtime.block_on(service.games.game_choices(&me, finished_too)))
            });
        }
        drop(service);
        drop(test_db);
    }
}

criterion_group!(benches, choices);
criterion_main!(benches);

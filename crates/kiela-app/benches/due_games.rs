//! The clock's look (`Store::due_games`, every timer interval) among many
//! active games: 50 games are due (their deadline passed) and the others
//! are not (deadlines spread over the days ahead; one in ten against the
//! AI, whose turn is recent). The look should cost what is due, not what
//! is active: measured with 1,000, 10,000 and 100,000 active games, on a
//! SQLite file (without `ANALYZE`, as the bot runs it) and on PostgreSQL
//! (a server started by the test-databases crate, `ANALYZE` run as
//! autovacuum would; skipped, saying so, without PostgreSQL installed).
//! Target (issue 23): the same few milliseconds at every size.
//! Run: `cargo bench -p kiela-app --bench due_games --profile dev` (the
//! figures in the README).

use criterion::{criterion_group, criterion_main, Criterion};
use kiela_app::store::ports::*;
use kiela_app::vocabulary::UserId;
use kiela_store::hot_queries;
use kiela_store::Store;
use sqlx::{Connection, Row};
use test_databases::{Backend, Db};

const NOW: i64 = 1_800_000_000;
const DUE: i64 = 50;
const PLAYERS: i64 = 1000;
const BOT: i64 = 999_999;
const DAY: i64 = 86_400;

/// Adds active games `from..=to` to the database at `url`: none due (a
/// day per move, deadlines from two days ahead), one in ten against the
/// AI and its turn, played a moment ago. The first call also adds the
/// players and the due games.
async fn fill(url: &str, backend: Backend, from: i64, to: i64) {
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    if from == 1 {
        let players = format!(
            "INSERT INTO players (id, name, is_bot, created_at) \
             SELECT i, 'player ' || CAST(i AS TEXT), 0, {NOW} FROM ({}) AS numbers",
            backend.numbers(1, PLAYERS)
        );
        sqlx::query(&players).execute(&mut conn).await.unwrap();
        sqlx::query(&format!(
            "INSERT INTO players (id, name, is_bot, created_at) VALUES ({BOT}, 'Kiela', 1, {NOW})"
        ))
        .execute(&mut conn)
        .await
        .unwrap();
        let due = format!(
            "INSERT INTO games (guild_id, channel_id, variant, south_id, north_id, status, \
             seconds_per_move, deadline, reminded, created_at, updated_at, to_move_id) \
             SELECT 1, 2, 'standard', 1 + i % {PLAYERS}, 1 + (i + 1) % {PLAYERS}, 'active', \
             {DAY}, {NOW} - i, 1, {NOW} - {DAY}, {NOW} - {DAY}, 1 + i % {PLAYERS} \
             FROM ({}) AS numbers",
            backend.numbers(1, DUE)
        );
        sqlx::query(&due).execute(&mut conn).await.unwrap();
    }
    let waiting = format!(
        "INSERT INTO games (guild_id, channel_id, variant, south_id, north_id, ai_level, status, \
         seconds_per_move, deadline, reminded, created_at, updated_at, to_move_id) \
         SELECT 1, 2, 'standard', 1 + i % {PLAYERS}, \
         CASE WHEN i % 10 = 0 THEN {BOT} ELSE 1 + (i + 7) % {PLAYERS} END, \
         CASE WHEN i % 10 = 0 THEN 'medium' END, 'active', \
         {DAY}, {NOW} + 2 * {DAY} + i, 0, {NOW} - 60, {NOW} - 1, \
         CASE WHEN i % 10 = 0 THEN {BOT} ELSE 1 + i % {PLAYERS} END \
         FROM ({}) AS numbers",
        backend.numbers(from, to)
    );
    sqlx::query(&waiting).execute(&mut conn).await.unwrap();
    if backend == Backend::Postgres {
        sqlx::query("ANALYZE games")
            .execute(&mut conn)
            .await
            .unwrap();
    }
    conn.close().await.unwrap();
}

/// Prints the database's plan of the look, as it runs it (the same SQL
/// text: `hot_queries`), with what it cost on PostgreSQL.
async fn show_plan(url: &str, backend: Backend) {
    let store_backend = match backend {
        Backend::Sqlite => kiela_app::store::Backend::Sqlite,
        Backend::Postgres => kiela_app::store::Backend::Postgres,
    };
    let look = hot_queries(store_backend)
        .into_iter()
        .find(|q| q.name == "due_games")
        .unwrap();
    let explain = match backend {
        Backend::Sqlite => "EXPLAIN QUERY PLAN",
        Backend::Postgres => "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)",
    };
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let sql = format!("{explain} {}", look.sql);
    let mut query = sqlx::query(&sql);
    for bind in [NOW, NOW - 30, BOT] {
        query = query.bind(bind);
    }
    for row in query.fetch_all(&mut conn).await.unwrap() {
        let line: String = match backend {
            Backend::Sqlite => row.try_get(3).unwrap(),
            Backend::Postgres => row.try_get(0).unwrap(),
        };
        eprintln!("  {line}");
    }
    conn.close().await.unwrap();
}

fn looks(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    sqlx::any::install_default_drivers();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let name = match backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        };
        if backend == Backend::Postgres && test_databases::skip_postgres("due_games") {
            continue;
        }
        let db = Db {
            backend,
            test: "due_games",
        };
        let (test_db, store) = runtime.block_on(async {
            let test_db = db.fresh("").await;
            let store = Store::open(&test_db.url).await.unwrap();
            (test_db, store)
        });
        let clocks = store.clocks();
        let mut active = 0;
        for size in [1_000, 10_000, 100_000] {
            eprintln!("{name}: {size} active games…");
            runtime.block_on(fill(&test_db.url, backend, active + 1, size - DUE));
            active = size - DUE;
            runtime.block_on(show_plan(&test_db.url, backend));
            let look = || clocks.due_games(NOW, UserId(BOT), NOW - 30);
            // The look finds what is due, and only that.
            assert_eq!(runtime.block_on(look()).unwrap().len(), DUE as usize);
            c.bench_function(&format!("due games among {size}, {name}"), |b| {
                b.iter(|| runtime.block_on(look()).unwrap())
            });
        }
        drop(store);
        drop(test_db);
    }
}

criterion_group!(benches, looks);
criterion_main!(benches);

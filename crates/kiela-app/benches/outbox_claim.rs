//! The delivery loop's claim (`Store::claim_posts`) on an outbox of a long
//! season: 1,000,000 delivered posts over 500 channels, and 200 queues each
//! with one post due and one waiting behind it. Each claim takes the due
//! posts again (the lease of the one before has run out), so every
//! iteration does the same work: with `limit` 4 (the delivery loop's four
//! workers) and 200 (every due post). On a SQLite file (without `ANALYZE`,
//! as the bot runs it) and on PostgreSQL (a server started by the
//! test-databases crate, `ANALYZE` run as autovacuum would after a bulk
//! load; skipped, saying so, without PostgreSQL installed).
//! Target (issue 23): at most 5 ms per claim on each.
//! Run: `cargo bench --workspace --bench outbox_claim --profile dev` (the
//! figures in the README), or without `--profile dev` for a release build.

use kiela_app::store::ports::*;
use std::sync::atomic::{AtomicI64, Ordering};

use criterion::{criterion_group, criterion_main, Criterion};
use kiela_store::Store;
use sqlx::Connection;
use test_databases::{Backend, Db};

const DELIVERED: i64 = 1_000_000;
const QUEUES: i64 = 200;
const NOW: i64 = 1_800_000_000;

/// Fills the outbox at `url` (already migrated): the delivered posts in
/// one statement, then two pending posts per queue, the first due.
async fn fill(url: &str, backend: Backend) {
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let numbers = backend.numbers(1, DELIVERED);
    // Delivered over the last week, a post every 0.6 s.
    let delivered = format!(
        "INSERT INTO outbox (channel_id, says, pings, lang, created_at, held_until, \
         delivered_at, message_id, queue) \
         SELECT 100 + i % 500, '[{{\"Worded\":\"delivered\"}}]', '', 'en', $1 - {DELIVERED} + i, $1 - {DELIVERED} + i, \
         $1 - {DELIVERED} + i + 1, 1000000 + i, 'channel:' || CAST(100 + i % 500 AS TEXT) \
         FROM ({numbers}) AS numbers"
    );
    sqlx::query(&delivered)
        .bind(NOW)
        .execute(&mut conn)
        .await
        .unwrap();
    let pending =
        "INSERT INTO outbox (channel_id, says, pings, lang, created_at, held_until, queue) \
                   VALUES ($1, '[{\"Worded\":\"pending\"}]', '', 'en', $2, $3, $4)";
    for round in 0..2 {
        for q in 0..QUEUES {
            // Due now; the second of each queue waits for the first.
            sqlx::query(pending)
                .bind(100 + q)
                .bind(NOW - 10 + round)
                .bind(NOW - 10 + round)
                .bind(format!("channel:{}", 100 + q))
                .execute(&mut conn)
                .await
                .unwrap();
        }
    }
    if backend == Backend::Postgres {
        sqlx::query("ANALYZE outbox")
            .execute(&mut conn)
            .await
            .unwrap();
    }
    conn.close().await.unwrap();
}

fn claims(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    sqlx::any::install_default_drivers();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let name = match backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        };
        if backend == Backend::Postgres && test_databases::skip_postgres("outbox_claim") {
            continue;
        }
        let db = Db {
            backend,
            test: "outbox_claim",
        };
        let (test_db, store) = runtime.block_on(async {
            let test_db = db.fresh("").await;
            let store = Store::open(&test_db.url).await.unwrap();
            eprintln!("{name}: filling the outbox with {DELIVERED} delivered posts…");
            fill(&test_db.url, backend).await;
            (test_db, store)
        });
        // Each claim at a later time than the lease of the one before.
        let now = AtomicI64::new(NOW);
        for limit in [4, QUEUES] {
            // The claim takes what it should: the first post of each queue.
            let claimed = runtime.block_on(store.outbox().claim_posts(
                now.fetch_add(2, Ordering::Relaxed),
                1,
                limit,
            ));
            assert_eq!(claimed.unwrap().len(), limit as usize);
            c.bench_function(&format!("claim {limit} of {QUEUES} due, {name}"), |b| {
                b.iter(|| {
                    let at = now.fetch_add(2, Ordering::Relaxed);
                    let claimed = runtime
                        .block_on(store.outbox().claim_posts(at, 1, limit))
                        .unwrap();
                    assert_eq!(claimed.len(), limit as usize);
                })
            });
        }
        drop(store);
        drop(test_db);
    }
}

criterion_group!(benches, claims);
criterion_main!(benches);

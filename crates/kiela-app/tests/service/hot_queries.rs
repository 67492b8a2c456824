//! The hot queries on indexes (issue 23, "small, fast tables for ever"):
//! each database is asked for its plan of every query the bot runs on each
//! action or each look of its loops (`kiela_store::hot_queries`: the
//! store's own SQL text, not a copy), and a full scan of a table that grows
//! fails the test.
//!
//! SQLite: `EXPLAIN QUERY PLAN`, whose plan does not depend on the rows
//! (the bot never runs `ANALYZE`, so neither does the test); a `SCAN` of a
//! table is a full scan unless it walks a partial index (the pending posts,
//! say), which holds only the rows that matter. PostgreSQL: `EXPLAIN` with
//! `enable_seqscan` (and hash and merge joins, which read a whole side) off
//! in the session, so that on the test's small tables the planner still
//! shows whether an index can serve the query, as it chooses on large
//! ones; a `Seq Scan`, or an index walked whole (no `Index Cond`) that is
//! not partial, is a full scan. The text format is read (one line a node) because the
//! `Any` driver has no JSON type.

use super::*;

use kiela_app::store::Backend as StoreBackend;
use kiela_store::{hot_queries, Bind, HotQuery};
use sqlx::Row;

on_both_backends! {
    hot_queries_never_scan_a_growing_table,
    a_full_scan_is_caught,
}

/// Tables that do not grow with the bot's use, which a hot query may read
/// whole: one row per shipped puzzle at most.
const BOUNDED: &[&str] = &["puzzle_ratings"];

/// The queries issue 23 names; the list may grow, not lose one.
const NAMED: &[&str] = &[
    "claim_posts",
    "hold_for_answer",
    "prune_posts",
    "due_games",
    "due_tournaments",
    "tournament",
    "entrants",
    "paired",
    "sign_up_post",
    "games_of",
    "ongoing_games_of",
    "challenge_post",
    "lobby_of_thread",
    "solver_rating",
    "tried_puzzles",
    "puzzle_ratings",
    "daily_puzzle_of",
];

async fn hot_queries_never_scan_a_growing_table(db: Db) {
    let test_db = db.fresh("").await;
    // The store migrates the database, as the bot does.
    drop(Store::open(&test_db.url).await.unwrap());
    let mut conn = planner(&test_db, db.backend).await;
    let queries = hot_queries(store_backend(db.backend));
    let names: Vec<&str> = queries.iter().map(|q| q.name).collect();
    for name in NAMED {
        assert!(names.contains(name), "{name} is not in the hot queries");
    }
    let mut scans = Vec::new();
    for query in &queries {
        let plan = plan(&mut conn, db.backend, query).await;
        for scan in full_scans(&mut conn, db.backend, &plan).await {
            scans.push(format!("{}: {scan}\n{}", query.name, plan.join("\n")));
        }
        // A player's ongoing games (the autocomplete) are found among
        // theirs, not among every active game.
        if query.name == "ongoing_games_of" {
            let text = plan.join("\n");
            assert!(
                text.contains("games_by_south") && text.contains("games_by_north"),
                "ongoing_games_of does not look by player:\n{text}"
            );
        }
        // The clock's look walks the games due, not every active game.
        if query.name == "due_games" {
            let text = plan.join("\n");
            assert!(
                text.contains("games_next_look") && text.contains("games_ai_to_move"),
                "due_games does not look by the time each game is due:\n{text}"
            );
        }
    }
    assert!(scans.is_empty(), "full scans:\n{}", scans.join("\n\n"));
}

/// The check itself can fail: a query on a column without an index is
/// reported on either backend, and so is one walking a whole index.
async fn a_full_scan_is_caught(db: Db) {
    let test_db = db.fresh("").await;
    drop(Store::open(&test_db.url).await.unwrap());
    let mut conn = planner(&test_db, db.backend).await;
    for (sql, binds) in [
        ("SELECT id FROM outbox WHERE says = 'x'", vec![]),
        ("SELECT id FROM games ORDER BY id LIMIT $1", vec![5]),
        (
            "SELECT g.id FROM games g JOIN moves m ON m.game_id = g.id WHERE m.notation = 'A1'",
            vec![],
        ),
    ] {
        let query = HotQuery {
            name: "probe",
            sql: sql.to_string(),
            binds: binds.into_iter().map(Bind::Int).collect(),
        };
        let plan = plan(&mut conn, db.backend, &query).await;
        let scans = full_scans(&mut conn, db.backend, &plan).await;
        assert!(!scans.is_empty(), "{sql} passed:\n{}", plan.join("\n"));
    }
}

fn store_backend(backend: Backend) -> StoreBackend {
    match backend {
        Backend::Sqlite => StoreBackend::Sqlite,
        Backend::Postgres => StoreBackend::Postgres,
    }
}

/// A connection whose planner shows what an index can serve.
async fn planner(db: &TestDb, backend: Backend) -> sqlx::AnyConnection {
    let mut conn = raw_connection(db).await;
    if backend == Backend::Postgres {
        // On tables this small, reading one whole (or hashing it) is the
        // cheapest plan: forbid them, and the plan shows the index an
        // indexed query finds its rows with, or a full read if none can.
        for setting in ["enable_seqscan", "enable_hashjoin", "enable_mergejoin"] {
            sqlx::query(&format!("SET {setting} = off"))
                .execute(&mut conn)
                .await
                .unwrap();
        }
    }
    conn
}

/// The database's plan for `query`, one line a step.
async fn plan(conn: &mut sqlx::AnyConnection, backend: Backend, query: &HotQuery) -> Vec<String> {
    let explain = match backend {
        Backend::Sqlite => format!("EXPLAIN QUERY PLAN {}", query.sql),
        Backend::Postgres => format!("EXPLAIN {}", query.sql),
    };
    let mut q = sqlx::query(&explain);
    for &bind in &query.binds {
        q = match bind {
            Bind::Int(n) => q.bind(n),
            Bind::Text(text) => q.bind(text),
        };
    }
    let rows = q
        .fetch_all(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("cannot explain {}: {e}\n{}", query.name, query.sql));
    rows.iter()
        .map(|row| match backend {
            Backend::Sqlite => row.get::<String, _>("detail"),
            Backend::Postgres => row.get::<String, _>(0),
        })
        .collect()
}

/// The steps of `plan` that read a growing table whole.
async fn full_scans(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    plan: &[String],
) -> Vec<String> {
    let mut scans = Vec::new();
    match backend {
        Backend::Sqlite => {
            // A subquery's rows (a co-routine or a materialized view) are
            // what its own steps, checked here too, found.
            let subqueries: Vec<&str> = plan
                .iter()
                .filter_map(|step| {
                    let name = step
                        .strip_prefix("CO-ROUTINE ")
                        .or_else(|| step.strip_prefix("MATERIALIZE "))?;
                    name.split_whitespace().next()
                })
                .collect();
            for step in plan {
                let Some(rest) = step.strip_prefix("SCAN ") else {
                    continue;
                };
                let table = rest.split_whitespace().next().unwrap_or_default();
                if table == "CONSTANT" || BOUNDED.contains(&table) || subqueries.contains(&table) {
                    continue;
                }
                let index = rest
                    .split_once("USING COVERING INDEX ")
                    .or_else(|| rest.split_once("USING INDEX "))
                    .map(|(_, index)| index.split_whitespace().next().unwrap_or_default());
                match index {
                    Some(index) if partial(conn, backend, index).await => {}
                    _ => scans.push(step.clone()),
                }
            }
        }
        Backend::Postgres => {
            // A node is a line with `->` (or the first line); its details
            // (`Index Cond:`, `Filter:`) follow it, indented.
            let mut nodes: Vec<(String, Vec<String>)> = Vec::new();
            for (i, line) in plan.iter().enumerate() {
                let text = line.trim_start();
                if i == 0 || text.starts_with("->") {
                    let node = text.trim_start_matches("->").trim_start();
                    nodes.push((node.to_string(), Vec::new()));
                } else if let Some((_, details)) = nodes.last_mut() {
                    details.push(text.to_string());
                }
            }
            for (node, details) in &nodes {
                let node = node.split("  (cost=").next().unwrap_or_default();
                if let Some(rest) = node.strip_prefix("Seq Scan on ") {
                    let table = rest.split_whitespace().next().unwrap_or_default();
                    if !BOUNDED.contains(&table) {
                        scans.push(node.to_string());
                    }
                    continue;
                }
                // `Index Scan using IDX on TABLE`, `Index Only Scan using
                // IDX on TABLE`, `Bitmap Index Scan on IDX`.
                let (index, table) = if let Some((_, rest)) = node.split_once(" using ") {
                    let table = rest.split(" on ").nth(1).unwrap_or_default();
                    (rest, table.split_whitespace().next().unwrap_or_default())
                } else if let Some(rest) = node.strip_prefix("Bitmap Index Scan on ") {
                    (rest, "")
                } else {
                    continue;
                };
                let index = index.split_whitespace().next().unwrap_or_default();
                let walked_whole = !details.iter().any(|d| d.starts_with("Index Cond:"));
                if walked_whole && !BOUNDED.contains(&table) && !partial(conn, backend, index).await
                {
                    scans.push(format!("{node} (no Index Cond)"));
                }
            }
        }
    }
    scans
}

/// Whether `index` is partial (holds only the rows its `WHERE` keeps).
async fn partial(conn: &mut sqlx::AnyConnection, backend: Backend, index: &str) -> bool {
    let sql = match backend {
        Backend::Sqlite => "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = $1",
        Backend::Postgres => "SELECT indexdef FROM pg_indexes WHERE indexname = $1",
    };
    let row = sqlx::query(sql)
        .bind(index)
        .fetch_optional(&mut *conn)
        .await
        .unwrap();
    // SQLite's own indexes (primary keys, UNIQUE) have no SQL: never partial.
    let definition: Option<String> = row.and_then(|row| row.get(0));
    definition.is_some_and(|sql| sql.to_uppercase().contains(" WHERE "))
}

//! Databases for the store and service tests: a fresh SQLite file, or a
//! fresh database on a real PostgreSQL server.
//!
//! The PostgreSQL server is `KIELA_TEST_POSTGRES_URL` when set (the tests
//! create and drop `kiela_test_*` databases there); otherwise the tests start
//! their own with `crates/test-databases/postgres.sh`, once per test binary, and it
//! stops when the binary exits. Without PostgreSQL installed, the PostgreSQL
//! tests are skipped, and the test binary says so loudly as it exits: how
//! many, which, and how to run them. Under CI (`CI=true`) they fail
//! instead: CI must run them.

use std::io::Write;
use std::sync::{Mutex, Once, OnceLock};

use sqlx::Connection;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The numbers `from..=to`, as a subquery of one column `i` (to fill
    /// a benchmark's tables in one statement).
    pub fn numbers(self, from: i64, to: i64) -> String {
        match self {
            Backend::Sqlite => format!(
                "WITH RECURSIVE n(i) AS (SELECT {from} UNION ALL SELECT i + 1 FROM n WHERE i < {to}) \
                 SELECT i FROM n"
            ),
            Backend::Postgres => format!("SELECT i FROM generate_series({from}, {to}) AS n(i)"),
        }
    }
}

/// A database for one test; the SQLite file lives as long as this.
pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

/// Where one test keeps its databases: the backend, and the test's name.
#[derive(Clone, Copy, Debug)]
pub struct Db {
    pub backend: Backend,
    pub test: &'static str,
}

impl Db {
    /// A new, empty database named after the test and `label`.
    pub async fn fresh(&self, label: &str) -> TestDb {
        match self.backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let url = format!(
                    "sqlite://{}",
                    dir.path().join(format!("{label}kiela.db")).display()
                );
                TestDb {
                    url,
                    _dir: Some(dir),
                }
            }
            Backend::Postgres => TestDb {
                url: fresh_postgres(&format!("{}{label}", self.test)).await,
                _dir: None,
            },
        }
    }
}

/// Why the PostgreSQL server could not be had.
#[derive(Debug)]
enum NoServer {
    /// The server programs are not installed (the script's exit status 3).
    NotInstalled(String),
    /// Installed, but it would not start: always a failure.
    Failed(String),
}

/// Whether the PostgreSQL test `test` must be skipped because PostgreSQL is
/// not installed here (counted, and reported when the process exits). Under
/// CI a missing server is a failure instead, and so is a server that is
/// installed but fails.
pub fn skip_postgres(test: &str) -> bool {
    match server() {
        Ok(_) => false,
        Err(NoServer::NotInstalled(_)) if std::env::var("CI").as_deref() != Ok("true") => {
            note_skipped(test);
            true
        }
        Err(NoServer::NotInstalled(why) | NoServer::Failed(why)) => panic!("{why}"),
    }
}

/// The PostgreSQL tests this process skipped, in the order they were.
static SKIPPED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Counts a skipped test; the first one arranges the report at exit. The
/// test harness reports a skipped test as "ok", so the report is what
/// keeps it from passing silently; one report per test binary, after its
/// results, rather than a line per test.
fn note_skipped(test: &str) {
    static REPORT_AT_EXIT: Once = Once::new();
    SKIPPED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .push(test.to_string());
    REPORT_AT_EXIT.call_once(|| {
        // SAFETY: `report_skipped` takes no arguments, touches only statics,
        // and cannot unwind.
        unsafe { libc::atexit(report_skipped) };
    });
}

/// Run by `exit`, after the test harness has printed its results.
extern "C" fn report_skipped() {
    let Some(Err(NoServer::NotInstalled(why))) = SERVER.get() else {
        return;
    };
    let skipped = SKIPPED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // Straight to stderr: the harness captures `eprintln!` in tests.
    let _ = std::io::stderr().write_all(skipped_report(&skipped, why).as_bytes());
}

/// What a test binary says when it exits after skipping `skipped`.
fn skipped_report(skipped: &[String], why: &str) -> String {
    let rule = "=".repeat(72);
    let count = match skipped.len() {
        1 => "1 PostgreSQL test was".to_string(),
        n => format!("{n} PostgreSQL tests were"),
    };
    format!(
        "\n{rule}\nSKIPPED: {count} NOT RUN (the harness reported them \"ok\"):\n\
         {}\n\nWhy: {why}\n\
         With CI=true a missing PostgreSQL fails these tests instead.\n{rule}\n",
        skipped.join(", ")
    )
}

/// The server's URL (connected to its `postgres` database), started once.
/// Call [`skip_postgres`] first.
pub fn postgres_server() -> &'static str {
    match server() {
        Ok(url) => url,
        Err(NoServer::NotInstalled(why) | NoServer::Failed(why)) => panic!("{why}"),
    }
}

/// The test server, or why there is none; looked for once per process.
static SERVER: OnceLock<Result<String, NoServer>> = OnceLock::new();

fn server() -> &'static Result<String, NoServer> {
    SERVER.get_or_init(|| {
        if let Ok(url) = std::env::var("KIELA_TEST_POSTGRES_URL") {
            return Ok(url);
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| NoServer::Failed(format!("no free port: {e}")))?
            .port();
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/postgres.sh");
        let out = std::process::Command::new("bash")
            .arg(script)
            .arg(port.to_string())
            .arg(std::process::id().to_string())
            .stderr(std::process::Stdio::piped())
            .output()
            .map_err(|e| NoServer::Failed(format!("cannot run {script}: {e}")))?;
        let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
        match out.status.code() {
            Some(0) => Ok(String::from_utf8_lossy(&out.stdout).trim().to_string()),
            Some(3) => Err(NoServer::NotInstalled(stderr)),
            _ => Err(NoServer::Failed(format!(
                "could not start a PostgreSQL server for the tests:\n{stderr}"
            ))),
        }
    })
}

/// `server` with its database replaced by `database`.
pub fn with_database(server: &str, database: &str) -> String {
    let (scheme, rest) = server.split_once("://").expect("a URL");
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, format!("?{query}")),
        None => (rest, String::new()),
    };
    let authority = rest.split('/').next().unwrap();
    format!("{scheme}://{authority}/{database}{query}")
}

/// Drops and recreates the database `kiela_test_<name>`; its URL.
async fn fresh_postgres(name: &str) -> String {
    let server = postgres_server();
    let mut database = format!("kiela_test_{name}").to_lowercase();
    database.truncate(63); // PostgreSQL's longest name
    let mut admin = sqlx::PgConnection::connect(server)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to the test server {server}: {e}"));
    for statement in [
        format!("DROP DATABASE IF EXISTS \"{database}\" WITH (FORCE)"),
        format!("CREATE DATABASE \"{database}\""),
    ] {
        sqlx::query(&statement).execute(&mut admin).await.unwrap();
    }
    admin.close().await.unwrap();
    with_database(server, &database)
}

/// Defines each listed test (an `async fn name(db: Db)` in the including
/// file) twice: `sqlite::name` and `postgres::name`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::Db {
                        backend: $crate::Backend::Sqlite,
                        test: stringify!($name),
                    })
                    .await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if $crate::skip_postgres(stringify!($name)) {
                        return;
                    }
                    super::$name($crate::Db {
                        backend: $crate::Backend::Postgres,
                        test: stringify!($name),
                    })
                    .await
                }
            )*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skipped_report_counts_and_names_the_tests_and_says_how_to_run_them() {
        let why = "PostgreSQL is not installed (no initdb found): install the `postgresql` \
                   package, or set KIELA_TEST_POSTGRES_URL";
        let two = skipped_report(&["moves".into(), "season".into()], why);
        assert!(
            two.contains("SKIPPED: 2 PostgreSQL tests were NOT RUN"),
            "{two}"
        );
        assert!(two.contains("moves, season"), "{two}");
        assert!(two.contains(why), "{two}");
        assert!(two.contains("CI=true"), "{two}");
        let one = skipped_report(&["moves".into()], why);
        assert!(
            one.contains("SKIPPED: 1 PostgreSQL test was NOT RUN"),
            "{one}"
        );
    }
}

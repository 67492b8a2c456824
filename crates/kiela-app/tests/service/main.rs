//! The game service against real databases, each test on both backends (a
//! SQLite file, and a PostgreSQL server the tests start, see `support`):
//! every use case and refusal, concurrency within and across processes, play
//! over simulated days, restarts, and databases that must be refused; one
//! module per feature, as in `src/app`, with the shared world here.

use kiela_app::store::ports::*;
use std::sync::Arc;

use kiela_ai::Level;
use kiela_app::vocabulary::{ChallengeId, ChannelId, GameId, GuildId, MessageId, PostId, UserId};
use kiela_app::{
    App, AppError, BoardMessage, BotPermissions, ChallengeRefusal, Clock, ConfirmMoves,
    Destination, DrawRefusal, DueEvent, FirstMover, GameChoice, GameOptions, GameRefusal,
    LanguageSetting, ManualClock, Members, Membership, MovePreview, Notice, Notify, Permission,
    Place, PlaceKind, PlaceRefusal, PlayRefusal, Refusal, Reply, Settings, ThreadRefusal, User,
    DAY,
};
use kiela_app::{BoardNotice, ClockNotice, PlayNotice};
use kiela_i18n::Lang;
use kiela_rules::{Hole, Layout, Record, Variant};
use kiela_store::Store;
use test_databases::on_both_backends;
use test_databases::{Backend, Db, TestDb};

mod analysis;
mod challenges;
mod clocks;
mod database;
mod hot_queries;
mod info;
mod lessons;
mod notify;
mod outbox;
mod places;
mod playing;
mod puzzles;
mod ratings;
mod settings;
mod tournaments;
mod user_installs;
mod welcome;

const START: i64 = 1_800_000_000;
const HERE: Place = Place {
    guild_id: GuildId(10),
    channel_id: ChannelId(20),
    lang: Lang::En,
    bot_may: BotPermissions::NO_THREADS,
    kind: PlaceKind::Server,
};

struct World {
    db: TestDb,
    clock: ManualClock,
    service: App,
    alice: User,
    bob: User,
    carol: User,
}

fn bot() -> User {
    User::bot(UserId(999), "Kiela")
}

/// A service on the database at `url`, as a new process would open it.
async fn service_on(url: &str, clock: &ManualClock) -> App {
    let store = Store::open(url).await.unwrap();
    App::new(store, bot(), Arc::new(clock.clone()))
}

async fn world(db: Db) -> World {
    let test_db = db.fresh("").await;
    let clock = ManualClock::starting_at(START);
    let service = service_on(&test_db.url, &clock).await;
    World {
        db: test_db,
        clock,
        service,
        alice: User::new(UserId(1), "alice"),
        bob: User::new(UserId(2), "bob"),
        carol: User::new(UserId(3), "carol"),
    }
}

/// The error `result` failed with (a refusal or another).
fn failure<T: std::fmt::Debug>(result: Result<T, AppError>) -> AppError {
    match result {
        Ok(value) => panic!("expected an error, got {value:?}"),
        Err(e) => e,
    }
}

/// Why `result` was refused, as data: `assert_eq!(refused(r), X.into())`
/// or `matches!(refused(r), Refusal::Tournament(TournamentRefusal::Full { .. }))`.
fn refused<T: std::fmt::Debug>(result: Result<T, AppError>) -> Refusal {
    match result {
        Err(AppError::Refused(refusal)) => refusal,
        other => panic!("expected a typed refusal, got {other:?}"),
    }
}

/// The words of what a reply or a post says, for the features that still
/// word their notices themselves; a typed notice is asserted on as data.
trait Said {
    fn says(&self) -> &[Notice];

    #[track_caller]
    fn text(&self) -> String {
        let lines: Vec<&str> = (self.says().iter())
            .map(|notice| match notice {
                Notice::Worded(words) => words.as_str(),
                typed => panic!("assert on the typed notice {typed:?}"),
            })
            .collect();
        lines.join("\n")
    }

    /// The lines still worded, the typed notices left out (asserted on
    /// as data).
    fn worded(&self) -> String {
        let lines: Vec<&str> = (self.says().iter())
            .filter_map(|notice| match notice {
                Notice::Worded(words) => Some(words.as_str()),
                _ => None,
            })
            .collect();
        lines.join("\n")
    }
}

impl Said for Reply {
    fn says(&self) -> &[Notice] {
        &self.says
    }
}

impl Said for kiela_app::store::NewPost {
    fn says(&self) -> &[Notice] {
        &self.says
    }
}

impl Said for kiela_app::store::ChallengePost {
    fn says(&self) -> &[Notice] {
        &self.says
    }
}

impl Said for kiela_app::UndeliveredPost {
    fn says(&self) -> &[Notice] {
        &self.says
    }
}

/// alice challenges bob (alice moves first), bob accepts: the game id.
/// The answers' posts are left waiting for them (see [`started_answered`]).
async fn started(w: &World, options: GameOptions) -> GameId {
    start(w, options, false).await
}

/// [`started`], the answers delivering their posts, as on Discord.
async fn started_answered(w: &World, options: GameOptions) -> GameId {
    start(w, options, true).await
}

async fn start(w: &World, options: GameOptions, answered: bool) -> GameId {
    let challenge = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, options)
        .await
        .unwrap();
    let reply = w
        .service
        .challenges
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    for answer in [&challenge, &reply].into_iter().filter(|_| answered) {
        w.service
            .outbox
            .delivered(&answer.posts, MessageId(1))
            .await
            .unwrap();
    }
    reply.game.unwrap().id
}

fn alice_first() -> GameOptions {
    GameOptions {
        first: FirstMover::Me,
        ..GameOptions::default()
    }
}

/// What the delivery loop would post now (posts held for answers that
/// never came included, once the clock passed their lease), marked
/// delivered as if Discord took them.
async fn deliver_all(w: &World) -> Vec<Reply> {
    let sent = deliver_all_to(w).await;
    sent.into_iter().map(|(_, reply)| reply).collect()
}

/// [`deliver_all`], with where each post goes.
async fn deliver_all_to(w: &World) -> Vec<(Destination, Reply)> {
    let mut sent = Vec::new();
    loop {
        let batch = w.service.delivery.claim_deliveries(10).await.unwrap();
        if batch.is_empty() {
            return sent;
        }
        for delivery in batch {
            w.service
                .outbox
                .delivered(&[delivery.id], MessageId(1))
                .await
                .unwrap();
            sent.push((delivery.to, delivery.reply));
        }
    }
}

/// The last post the delivery loop would make now.
async fn last_post(w: &World) -> Reply {
    deliver_all(w).await.pop().expect("a post to deliver")
}

/// The first legal move offered in a board reply.
fn first_offer(reply: &Reply) -> Hole {
    reply.moves[0].0
}

/// The hole named `name` (e.g. `G2`).
fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

/// The layout written as `text`: 20 counts, upper row then lower.
fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

/// A direct message's place: outside any server.
const DM: Place = Place {
    guild_id: GuildId::NONE,
    channel_id: ChannelId(77),
    ..HERE
};

/// Runs `sql` on the test database, outside the store, with `ids` as its
/// parameters; the first column of its first row, if it returns one.
async fn raw(db: &TestDb, sql: &str, ids: &[i64]) -> Option<i64> {
    use sqlx::Row;
    let mut conn = raw_connection(db).await;
    let mut query = sqlx::query(sql);
    for &id in ids {
        query = query.bind(id);
    }
    let row = query.fetch_optional(&mut conn).await.unwrap();
    row.map(|row| row.get::<i64, _>(0))
}

/// Makes the database refuse inserts into `table` where `condition` holds
/// (on `NEW`), as a crash at that point would cut a transaction off, until
/// [`allow_inserts`].
async fn refuse_inserts(db: &TestDb, backend: Backend, table: &str, condition: &str) {
    let statements = match backend {
        Backend::Sqlite => vec![format!(
            "CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} WHEN {condition} \
             BEGIN SELECT RAISE(ABORT, 'the process died'); END"
        )],
        Backend::Postgres => vec![
            format!(
                "CREATE FUNCTION refuse_{table}() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN RAISE EXCEPTION 'the process died'; END $$"
            ),
            format!(
                "CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} FOR EACH ROW \
                 WHEN ({condition}) EXECUTE FUNCTION refuse_{table}()"
            ),
        ],
    };
    let mut conn = raw_connection(db).await;
    for sql in statements {
        sqlx::query(&sql).execute(&mut conn).await.unwrap();
    }
}

/// Lifts [`refuse_inserts`] on `table`.
async fn allow_inserts(db: &TestDb, backend: Backend, table: &str) {
    let sql = match backend {
        Backend::Sqlite => format!("DROP TRIGGER refuse_{table}"),
        Backend::Postgres => format!("DROP TRIGGER refuse_{table} ON {table}"),
    };
    let mut conn = raw_connection(db).await;
    sqlx::query(&sql).execute(&mut conn).await.unwrap();
}

/// A plain connection to a test database, outside the store.
async fn raw_connection(db: &TestDb) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let url = match db.url.starts_with("sqlite:") {
        true => format!("{}?mode=rwc", db.url),
        false => db.url.clone(),
    };
    sqlx::AnyConnection::connect(&url).await.unwrap()
}

/// A picture's alt text as `kiela-render` worded it with the picture.
fn drawn(alt: &kiela_app::AltText) -> &str {
    match alt {
        kiela_app::AltText::Drawn(text) => text,
        other => panic!("not worded with the picture: {other:?}"),
    }
}

/// The game's typed notices in what a reply or a post says, read back.
trait GameSaid: Said {
    /// The turns told (a move's headline): who moved, and the hole they
    /// sowed with the one the turn ended in (`None` for a rearrangement).
    fn turns(&self) -> Vec<(String, Option<(Hole, Hole)>)> {
        (self.says().iter())
            .filter_map(|notice| match notice {
                Notice::Play(PlayNotice::Moved { by, path }) => Some((
                    by.raw().to_string(),
                    path.laps
                        .first()
                        .zip(path.ended())
                        .map(|(l, e)| (l.from, e)),
                )),
                _ => None,
            })
            .collect()
    }

    /// The board's own lines.
    fn board_lines(&self) -> Vec<&BoardNotice> {
        (self.says().iter())
            .filter_map(|notice| match notice {
                Notice::Board(line) => Some(line),
                _ => None,
            })
            .collect()
    }

    /// What the clocks said, in the channel or by direct message.
    fn clock_notices(&self) -> Vec<&ClockNotice> {
        (self.says().iter())
            .filter_map(|notice| match notice {
                Notice::Clock(said) => Some(said),
                Notice::Notify(kiela_app::NotifyNotice::Dm { says, .. }) => match &**says {
                    Notice::Clock(said) => Some(said),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }
}

impl<T: Said + ?Sized> GameSaid for T {}

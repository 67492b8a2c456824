//! Chaos: the real `kiela` binary plays scripted games (between people, and
//! against the AI) through the fake Discord while it is killed with SIGKILL
//! at random points and restarted on the same database; Discord fails some
//! calls too (rate limits, server errors). Time passing is simulated by
//! moving games' deadlines, so reminders and losses on time fire as well.
//!
//! At the end: every stored move has its board post, every post is exactly
//! one message on Discord (nothing lost, nothing twice), every AI turn was
//! played, no interaction was answered twice, and every board was in its
//! channel within [`BOARD_WITHIN`] of its move (the bots' clock, the host's:
//! a move's `played_at` against its message's timestamp). The run prints
//! the time from a move to its board (median, p95, maximum): the figures
//! the README quotes.
//!
//! `KIELA_CHAOS_SEED` replays a run (each run prints its seed);
//! `KIELA_CHAOS_KILLS` sets the number of kill points (50 by default, on
//! SQLite with one process; PostgreSQL runs two processes with half as
//! many).

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fake_discord::{opts, FakeDiscord, FakeUser, Fault, Message, CHANNEL_ID, GUILD_ID};
use serde_json::json;
use sqlx::{AnyPool, Row};
use test_databases::{Backend, Db};

/// How often the timers run in the bots under test (seconds). The answers'
/// lease is the bot's own (`KIELA_ANSWER_LEASE` unset): how long a killed
/// answer keeps its posts is what this test measures.
const TIMER_INTERVAL: &str = "1";

/// The longest a move may wait for its board, kills and Discord's failures
/// included (seconds).
const BOARD_WITHIN: f64 = 30.0;

/// How long [`settle`] waits for the bots to catch up before it fails the
/// run (a bound against hanging, not a figure).
const CATCH_UP: Duration = Duration::from_secs(300);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_at_random_on_sqlite_nothing_is_lost_or_doubled() {
    let kills = kills(50);
    let db = Db {
        backend: Backend::Sqlite,
        test: "chaos",
    };
    run(db, 1, kills).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_killed_at_random_on_postgres_nothing_is_lost_or_doubled() {
    if test_databases::skip_postgres("chaos") {
        return;
    }
    let kills = kills(50) / 2;
    let db = Db {
        backend: Backend::Postgres,
        test: "chaos",
    };
    run(db, 2, kills).await;
}

fn kills(default: usize) -> usize {
    std::env::var("KIELA_CHAOS_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// The bots under test, one process per gateway shard.
struct Bots {
    fake_url: String,
    database: String,
    dir: tempfile::TempDir,
    processes: Vec<Option<Child>>,
}

impl Bots {
    fn start(&mut self, shard: usize) {
        let total = self.processes.len();
        let log = std::fs::File::options()
            .create(true)
            .append(true)
            .open(self.dir.path().join(format!("bot-{shard}.log")))
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_kiela"))
            .current_dir(self.dir.path())
            .env("DISCORD_TOKEN", "fake-token")
            .env("DATABASE_URL", &self.database)
            .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
            .env("KIELA_DISCORD_PROXY", &self.fake_url)
            .env("KIELA_SHARDS", format!("{shard}/{total}"))
            .env("KIELA_TIMER_INTERVAL", TIMER_INTERVAL)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the kiela binary starts");
        self.processes[shard] = Some(child);
    }

    /// SIGKILL: no shutdown, no flush, as a crash or a power cut.
    fn kill(&mut self, shard: usize) {
        if let Some(mut child) = self.processes[shard].take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }
}

impl Drop for Bots {
    fn drop(&mut self) {
        for shard in 0..self.processes.len() {
            self.kill(shard);
        }
    }
}

/// The game and ply of a board message (`kiela-<game>-<ply>.png`).
fn board_of(message: &Message) -> Option<(i64, i64)> {
    let name = message.attachments.first()?.filename.as_str();
    let rest = name.strip_prefix("kiela-")?.strip_suffix(".png")?;
    let (game, ply) = rest.split_once('-')?;
    Some((game.parse().ok()?, ply.parse().ok()?))
}

/// The newest board of `game` in the channel.
fn latest_board(fake: &FakeDiscord, game: i64) -> Option<Message> {
    let boards = fake.messages(CHANNEL_ID).into_iter();
    let mut boards: Vec<Message> = boards
        .filter(|m| board_of(m).is_some_and(|(g, _)| g == game))
        .collect();
    boards.sort_by_key(|m| board_of(m).unwrap().1);
    boards.pop()
}

fn menu(board: &Message) -> Option<String> {
    let ids = board.custom_ids().into_iter();
    ids.into_iter().find(|id| id.starts_with("kiela:move:"))
}

async fn count(pool: &AnyPool, sql: &str) -> i64 {
    sqlx::query(sql).fetch_one(pool).await.unwrap().get(0)
}

/// Waits until the bots caught up with the database: every post delivered,
/// no AI turn waiting, no reminder or loss on time due.
async fn settle(pool: &AnyPool, bot_id: i64, logs: &std::path::Path) {
    let started = Instant::now();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let due = format!(
        "SELECT COUNT(*) FROM games WHERE status = 'active' AND ai_level IS NULL \
         AND (deadline <= {now} OR (reminded = 0 AND deadline - seconds_per_move / 4 <= {now}))"
    );
    let ai_to_move = format!(
        "SELECT COUNT(*) FROM games g WHERE g.status = 'active' AND g.ai_level IS NOT NULL \
         AND g.to_move_id = {bot_id}"
    );
    loop {
        let pending = count(
            pool,
            "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed IS NULL",
        )
        .await;
        if pending == 0 && count(pool, &ai_to_move).await == 0 && count(pool, &due).await == 0 {
            return;
        }
        if started.elapsed() > CATCH_UP {
            let stuck = sqlx::query(
                "SELECT id, game_id, ply, held_until, attempts, CASE WHEN answer_token IS NULL THEN 0 ELSE 1 END \
                 FROM outbox WHERE delivered_at IS NULL AND failed IS NULL",
            )
            .fetch_all(pool)
            .await
            .unwrap();
            let stuck: Vec<String> = stuck
                .iter()
                .map(|r| {
                    format!(
                        "post {} game {:?} ply {:?} held until {} attempts {} answered {}",
                        r.get::<i64, _>(0),
                        r.get::<Option<i64>, _>(1),
                        r.get::<Option<i64>, _>(2),
                        r.get::<i64, _>(3),
                        r.get::<i64, _>(4),
                        r.get::<i64, _>(5)
                    )
                })
                .collect();
            let (ai, due) = (count(pool, &ai_to_move).await, count(pool, &due).await);
            let mut tail = String::new();
            for entry in std::fs::read_dir(logs).unwrap().flatten() {
                let log = std::fs::read_to_string(entry.path()).unwrap_or_default();
                let lines: Vec<&str> = log.lines().collect();
                tail += &format!("\n{}:\n", entry.path().display());
                tail += &lines[lines.len().saturating_sub(30)..].join("\n");
            }
            panic!(
                "the bots did not catch up: {pending} posts undelivered {stuck:?}, \
                 {ai} AI turns waiting, {due} games with a reminder or timeout due; \
                 the bots' logs end:{tail}"
            );
        }
        // The bots run in processes of their own, with no signal to wait
        // for: poll the database, up to the deadline above.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One scripted game between people or against the AI, as the test sees
/// it from Discord.
struct Game {
    south: FakeUser,
    north: Option<FakeUser>,
    id: Option<i64>,
}

async fn run(db: Db, processes: usize, kills: usize) {
    let seed = std::env::var("KIELA_CHAOS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| fastrand::u64(..));
    println!("chaos seed {seed} (replay with KIELA_CHAOS_SEED={seed}), {kills} kill points");
    let mut rng = fastrand::Rng::with_seed(seed);
    let test_db = db.fresh("").await;
    let fake = FakeDiscord::start().await;
    let bot_id = fake.bot_user().id as i64;
    let users: Vec<FakeUser> = [(21, "Ana"), (22, "Bob"), (23, "Cara")]
        .iter()
        .map(|&(id, name)| {
            let user = FakeUser::new(1_200_000_000_000_000_000 + id, name);
            fake.add_user(&user);
            user
        })
        .collect();
    let mut bots = Bots {
        fake_url: fake.url(),
        database: test_db.url.clone(),
        dir: tempfile::tempdir().unwrap(),
        processes: (0..processes).map(|_| None).collect(),
    };
    for shard in 0..processes {
        bots.start(shard);
    }
    fake.wait_ready().await;
    // The players of the game between people have a hole they pick played
    // at once (`/kiela notify confirm-moves:never`): this test is about
    // the move's path, not its preview.
    for user in &users[..2] {
        let never = opts().string("confirm-moves", "never");
        let set = fake.slash(user, CHANNEL_ID, "notify", never).await;
        set.original().await;
    }
    sqlx::any::install_default_drivers();
    let pool = AnyPool::connect(&test_db.url).await.unwrap();
    let mut games = [
        Game {
            south: users[0].clone(),
            north: Some(users[1].clone()),
            id: None,
        },
        Game {
            south: users[2].clone(),
            north: None,
            id: None,
        },
    ];
    let mut interactions = 0;
    for round in 0..kills {
        settle(&pool, bot_id, bots.dir.path()).await;
        // Now and then, time passes on the game between people instead: a
        // reminder comes due, or the deadline passes.
        match games[0].id {
            Some(id) if rng.u8(..4) == 0 => {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_secs() as i64;
                let deadline = if rng.bool() {
                    format!("{now} + seconds_per_move / 4 - 1")
                } else {
                    format!("{now} - 1")
                };
                sqlx::query(&format!(
                    "UPDATE games SET deadline = {deadline} WHERE id = {id} AND status = 'active'"
                ))
                .execute(&pool)
                .await
                .unwrap();
            }
            _ => {
                act(&fake, &pool, &mut games[round % 2], &mut rng).await;
                interactions += 1;
            }
        }
        // The kill point: somewhere in the answer, the AI's search, the
        // delivery, or the timers.
        // A random moment: the sleep is the simulated crash's timing.
        tokio::time::sleep(Duration::from_millis(rng.u64(..400))).await;
        let shard = rng.usize(..processes);
        bots.kill(shard);
        // The fake sees the socket close, then the new process connects.
        let gone = (shard as u32, processes as u32);
        fake.wait_until("the killed bot's socket to close", || {
            !fake.shards().contains(&gone)
        })
        .await;
        bots.start(shard);
        fake.wait_ready().await;
    }
    settle(&pool, bot_id, bots.dir.path()).await;
    check(&fake, &pool, bot_id, kills, interactions).await;
}

/// The next action in `game`: its next move, or a new game once it is
/// over (or before it began).
async fn act(fake: &FakeDiscord, pool: &AnyPool, game: &mut Game, rng: &mut fastrand::Rng) {
    let board = game.id.and_then(|id| latest_board(fake, id));
    let over = game
        .id
        .is_some_and(|_| board.as_ref().and_then(menu).is_none());
    if game.id.is_none() || over {
        game.id = Some(new_game(fake, pool, game).await);
        return;
    }
    let board = board.unwrap();
    let menu = menu(&board).unwrap();
    let mentioned = board.mentions();
    let player = [Some(&game.south), game.north.as_ref()]
        .into_iter()
        .flatten()
        .find(|u| mentioned.contains(&u.id))
        .expect("the board calls a player");
    let options = board.select_options(&menu);
    let hole = &options[rng.usize(..options.len())];
    // Discord has a bad moment now and then.
    if rng.u8(..4) == 0 {
        let (status, path) =
            [(429, "/messages"), (500, "/messages"), (503, "/callback")][rng.usize(..3)];
        fake.fail(Fault {
            method: "POST",
            path,
            status,
            code: 0,
            times: 1,
        });
    }
    fake.select(player, board.id, &menu, &[hole]).await;
}

/// Starts `game` again (a challenge accepted, or a game against the AI),
/// waiting for it to exist. The answers may come late or through the
/// outbox (a loaded machine can miss Discord's 3 s), so the test looks at
/// the database and the channel, not at the answers.
async fn new_game(fake: &FakeDiscord, pool: &AnyPool, game: &Game) -> i64 {
    let before = count(pool, "SELECT COALESCE(MAX(id), 0) FROM games").await;
    match &game.north {
        Some(north) => {
            let options = opts()
                .user("opponent", north)
                .string("first", "me")
                .int("days", 1);
            let last = count(pool, "SELECT COALESCE(MAX(id), 0) FROM challenges").await;
            fake.slash(&game.south, CHANNEL_ID, "challenge", options)
                .await;
            let accept = format!("kiela:accept:{}", last + 1);
            let challenge = fake
                .wait_for_message("the challenge", |m| m.custom_ids().contains(&accept))
                .await;
            fake.click(north, challenge.id, &accept).await;
        }
        None => {
            let options = opts().string("level", "easy");
            fake.slash(&game.south, CHANNEL_ID, "ai", options).await;
        }
    }
    let newer = format!("SELECT COUNT(*) FROM games WHERE id > {before}");
    let started = Instant::now();
    while count(pool, &newer).await == 0 {
        assert!(started.elapsed() < Duration::from_secs(60), "no new game");
        // The bot (another process) may be restarting: poll the database.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    count(
        pool,
        &format!("SELECT MAX(id) FROM games WHERE id > {before}"),
    )
    .await
}

/// Seconds since the epoch at which `message` was posted (Discord's
/// `timestamp`, to the microsecond).
fn posted_at(message: &Message) -> f64 {
    let text = message.raw["timestamp"].as_str().expect("a timestamp");
    let at = serenity::model::Timestamp::parse(text).expect("an ISO 8601 timestamp");
    let fraction = text
        .split_once('.')
        .map(|(_, rest)| {
            rest.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .map_or(0.0, |digits| format!("0.{digits}").parse().unwrap_or(0.0));
    at.unix_timestamp() as f64 + fraction
}

/// Seconds from each stored move to the first message in the channel that
/// shows its game at that ply or later (a move against the AI is shown by
/// the board of the AI's reply, in the same answer). Its `played_at` is
/// whole seconds: each figure is up to a second longer than the truth. A
/// board never posted counts as forever.
async fn move_to_board(fake: &FakeDiscord, pool: &AnyPool) -> Vec<f64> {
    let boards: Vec<((i64, i64), f64)> = (fake.messages(CHANNEL_ID).iter())
        .filter(|m| !m.ephemeral)
        .filter_map(|m| Some((board_of(m)?, posted_at(m))))
        .collect();
    let moves = sqlx::query("SELECT game_id, ply, played_at FROM moves")
        .fetch_all(pool)
        .await
        .unwrap();
    let mut waits: Vec<f64> = moves
        .iter()
        .map(|r| {
            let (game, ply) = (r.get::<i64, _>(0), r.get::<i64, _>(1));
            let played = r.get::<i64, _>(2) as f64;
            let shown = boards.iter().filter(|((g, p), _)| *g == game && *p >= ply);
            let first = shown.map(|(_, at)| *at).reduce(f64::min);
            first.map_or(f64::INFINITY, |at| at - played)
        })
        .collect();
    waits.sort_by(f64::total_cmp);
    waits
}

/// The invariants, and the run's figures.
async fn check(fake: &FakeDiscord, pool: &AnyPool, bot_id: i64, kills: usize, interactions: usize) {
    let waits = move_to_board(fake, pool).await;
    assert!(!waits.is_empty(), "no move was played");
    let at = |q: f64| waits[((waits.len() - 1) as f64 * q).round() as usize];
    println!(
        "chaos: from a move to its board, over {} moves: median {:.1} s, p95 {:.1} s, max {:.1} s",
        waits.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
    let failed = count(pool, "SELECT COUNT(*) FROM outbox WHERE failed IS NOT NULL").await;
    assert_eq!(failed, 0, "posts given up");
    // Every stored move has its board post.
    let unposted = count(
        pool,
        "SELECT COUNT(*) FROM moves m WHERE NOT EXISTS (SELECT 1 FROM outbox o \
         WHERE o.game_id = m.game_id AND o.ply = m.ply)",
    )
    .await;
    assert_eq!(unposted, 0, "moves without a board post");
    // Every post is a message on Discord, and every public message is a
    // post's: nothing lost, nothing twice.
    let rows = sqlx::query("SELECT id, message_id FROM outbox")
        .fetch_all(pool)
        .await
        .unwrap();
    let delivered: BTreeMap<i64, i64> = rows
        .iter()
        .map(|r| (r.get::<i64, _>(0), r.get::<i64, _>(1)))
        .collect();
    let messages = fake.messages(CHANNEL_ID);
    let mut all: Vec<Message> = messages.clone();
    for user in 21..=23 {
        let dm = fake.dm_channel(&FakeUser::new(1_200_000_000_000_000_000 + user, ""));
        all.extend(fake.messages(dm));
    }
    let posted: BTreeSet<u64> = all.iter().map(|m| m.id).collect();
    let lost: Vec<&i64> = delivered
        .iter()
        .filter(|(_, message)| !posted.contains(&(**message as u64)))
        .map(|(post, _)| post)
        .collect();
    let referenced: BTreeSet<u64> = delivered.values().map(|&m| m as u64).collect();
    // A kill between deferring and answering leaves Discord's "thinking…"
    // placeholder (real Discord then says the bot did not respond): not a
    // message of its own.
    let loading = |m: &Message| m.raw["flags"].as_u64().unwrap_or(0) & (1 << 7) != 0;
    let placeholders = all.iter().filter(|m| loading(m)).count();
    let extra: Vec<&Message> = all
        .iter()
        .filter(|m| !referenced.contains(&m.id) && !loading(m))
        .collect();
    // Two messages saying the same of the same board (a post sent twice
    // and both marked, which the check above cannot see). Two events at
    // one ply (a move's board, then a loss on time) say different things.
    let mut boards: BTreeMap<((i64, i64), &str), usize> = BTreeMap::new();
    for message in &messages {
        if let Some(board) = board_of(message) {
            *boards.entry((board, &message.content)).or_default() += 1;
        }
    }
    let doubled: Vec<_> = boards.iter().filter(|(_, &n)| n > 1).collect();
    // Every AI turn was played; no interaction answered twice.
    let ai_waiting = count(
        pool,
        &format!(
            "SELECT COUNT(*) FROM games g WHERE g.status = 'active' AND g.ai_level IS NOT NULL \
             AND g.to_move_id = {bot_id}"
        ),
    )
    .await;
    let twice = fake
        .calls()
        .iter()
        .filter(|c| c.error.as_ref().is_some_and(|e| e["code"] == json!(40060)))
        .count();
    let games = count(pool, "SELECT COUNT(*) FROM games").await;
    let moves = count(pool, "SELECT COUNT(*) FROM moves").await;
    let timeouts = count(pool, "SELECT COUNT(*) FROM games WHERE reason = 'timeout'").await;
    let reminders = count(
        pool,
        // What a post says is kept as JSON: a reminder is a clock's notice.
        "SELECT COUNT(*) FROM outbox WHERE recipient_id IS NULL AND says LIKE '%\"Reminder\"%'",
    )
    .await;
    println!(
        "chaos: {kills} kill points, {interactions} interactions, {games} games, {moves} moves, \
         {reminders} reminders, {timeouts} losses on time, {} posts, {} messages posted, {} duplicates, {} lost, \
         {placeholders} placeholders left by kills",
        delivered.len(),
        all.len() - placeholders,
        extra.len() + doubled.len(),
        lost.len()
    );
    assert!(lost.is_empty(), "posts whose message is missing: {lost:?}");
    assert!(
        extra.is_empty(),
        "messages no post accounts for (doubles): {:?}",
        extra.iter().map(|m| &m.content).collect::<Vec<_>>()
    );
    assert!(doubled.is_empty(), "boards posted twice: {doubled:?}");
    assert_eq!(ai_waiting, 0, "AI turns never played");
    assert_eq!(twice, 0, "interactions answered twice");
    assert!(moves > 0 && games >= 2);
    let late: Vec<&f64> = waits.iter().filter(|&&w| w > BOARD_WITHIN).collect();
    assert!(
        late.is_empty(),
        "boards later than {BOARD_WITHIN} s after their move: {late:?}"
    );
}

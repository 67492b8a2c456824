//! A season in a test (issue 23, item 11): the real bot (serenity and all,
//! in-process) against the fake Discord, driven day by day on a manual
//! clock by a seeded random crowd of players on several servers. They
//! challenge each other and the AI, move with the board's menu (with and
//! without a preview) and with `/kiela move`, dawdle into reminders and
//! losses on time, take vacations and resign. Discord misbehaves (rate
//! limits, server errors, server errors after doing the work, deleted
//! threads, revoked permissions); the bot crashes now and then, and once
//! stays down for three days.
//!
//! The verdict comes from the fake's records and the database: no post
//! lost (each delivered, or parked because Discord refuses it for good),
//! none doubled, each destination's posts in order, no loss on time
//! caused by the outage, the outbox pruned, and (printed; asserted in the
//! full run) the claim's p99 per simulated week.
//!
//! `KIELA_SEASON_SEED` replays a run (each prints its seed). The reduced
//! season runs in `cargo test`; the full one (90 days, 20 servers, 300
//! players, 1,000 games, on SQLite and on PostgreSQL with two processes)
//! is ignored: `cargo test --release --test season -- --ignored --nocapture`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::{
    opts, FakeDiscord, FakeUser, Fault, Interaction, Message, CHANNEL_ID, GUILD_ID,
};
use kiela_ai::Budget;
use kiela_app::{App, Clock, ManualClock, Timing, User, DAY};
use kiela_discord::{Bot, Config, ShardRange};
use kiela_store::Store;
use sqlx::{AnyPool, Row};
use test_databases::{Backend, Db};

const START: i64 = 1_800_000_000;
const HOUR: i64 = 3600;
/// The season's tick: players look at their games every two hours.
const STEP: i64 = 2 * HOUR;
/// How long the one long outage lasts.
const OUTAGE: i64 = 3 * DAY;
/// The first player's user id.
const FIRST_PLAYER: u64 = 1_150_000_000_000_000_000;

/// What a season is made of; the same code runs the reduced and the full one.
#[derive(Clone, Copy, Debug)]
struct Season {
    days: i64,
    servers: usize,
    players: usize,
    /// Games started over the season (challenges accepted, games against the AI).
    games: usize,
    backend: Backend,
    /// Bot processes sharing the database, one gateway shard each; the
    /// second one's clock runs ten minutes fast.
    processes: usize,
    seed: u64,
    /// [`Timing::keep_posts`]: short in the reduced run, so that it prunes.
    keep_posts: i64,
    /// Crashes (besides the outage) over the season.
    crashes: usize,
}

fn seed() -> u64 {
    let seed = std::env::var("KIELA_SEASON_SEED").ok();
    seed.and_then(|s| s.parse().ok())
        .unwrap_or_else(|| fastrand::u64(..))
}

fn reduced() -> Season {
    Season {
        days: 14,
        servers: 3,
        players: 20,
        games: 30,
        backend: Backend::Sqlite,
        processes: 1,
        seed: seed(),
        keep_posts: 2 * DAY,
        crashes: 4,
    }
}

fn full(backend: Backend, processes: usize) -> Season {
    Season {
        days: 90,
        servers: 20,
        players: 300,
        games: 1000,
        backend,
        processes,
        seed: seed(),
        keep_posts: kiela_app::KEEP_POSTS,
        crashes: 20,
    }
}

/// The reduced season: under a minute on two cores.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reduced_season_loses_nothing_and_doubles_nothing() {
    run(reduced()).await.assert_clean(false);
}

/// The reduced season on PostgreSQL, with two bot processes (a gateway
/// shard each), the second one's clock ten minutes fast.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reduced_season_on_postgres_with_two_processes() {
    if test_databases::skip_postgres("season") {
        return;
    }
    let season = Season {
        backend: Backend::Postgres,
        processes: 2,
        ..reduced()
    };
    run(season).await.assert_clean(false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the full season: long; its figures are in docs/operators.md"]
async fn a_full_season_on_sqlite() {
    run(full(Backend::Sqlite, 1)).await.assert_clean(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the full season on PostgreSQL with two processes, one clock 10 minutes fast"]
async fn a_full_season_on_postgres_with_two_processes() {
    if test_databases::skip_postgres("season") {
        return;
    }
    run(full(Backend::Postgres, 2)).await.assert_clean(true);
}

/// A post that failed before a downtime longer than the six hours a
/// failing post is tried is not parked at its first rate limit after it:
/// the time away is not time it was tried (`App::failed_for_now`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_made_before_an_outage_is_not_parked_at_its_first_rate_limit() {
    let season = Season {
        days: 1,
        servers: 1,
        players: 2,
        games: 0,
        crashes: 0,
        ..reduced()
    };
    let mut sim = Sim::new(season).await;
    // Discord fails the challenge's answer, then its post from the
    // delivery loop: it waits for its retry.
    for (method, path) in [("POST", "/callback"), ("POST", "/messages")] {
        sim.fake.fail(Fault {
            method,
            path,
            status: 503,
            code: 0,
            times: 1,
        });
    }
    let (ana, bob) = (sim.players[0].user.clone(), sim.players[1].user.clone());
    let options = opts().user("opponent", &bob);
    let asked = sim
        .fake
        .slash(&ana, sim.home(0), "challenge", options)
        .await;
    sim.answered(&asked).await;
    within(
        "the bot's loops to pass",
        sim.processes[0].bot().unwrap().wait_for_pass(),
    )
    .await;
    // The bot goes down before the retry, for seven hours; back, its first
    // try meets a rate limit.
    sim.crash(0).await;
    sim.truth.advance(7 * HOUR);
    sim.fake.fail(Fault {
        method: "POST",
        path: "/messages",
        status: 429,
        code: 0,
        times: 1,
    });
    sim.start(0).await;
    sim.connected().await;
    // The rate limit, then the retry after its backoff.
    sim.advance(HOUR).await;
    sim.advance(HOUR).await;
    sim.snapshot().await;
    let report = sim.verdict().await;
    sim.crash_all().await;
    report.assert_none("lost");
}

/// The clock of a host `ahead` seconds ahead of the season's, until the
/// bot sets it by the database's ([`Clock::follow`], as `DatabaseClock`
/// does): at its start, then at each look of its clock loop. A process
/// restarted starts fast again. In the season the database's time is the
/// season's: the real server's is years from the simulated one, so what
/// it read is not used, only that it was read.
struct Ahead {
    truth: ManualClock,
    ahead: i64,
    following: AtomicBool,
}

impl Clock for Ahead {
    fn now(&self) -> i64 {
        match self.following.load(Ordering::SeqCst) {
            true => self.truth.now(),
            false => self.truth.now() + self.ahead,
        }
    }

    fn follow(&self, _database_now: i64) {
        self.following.store(true, Ordering::SeqCst);
    }
}

/// One bot process. It runs on a runtime of its own, so that a crash can
/// stop every task it has at once, as SIGKILL stops a process: the Bot
/// only knows a graceful shutdown, and serenity answers each interaction
/// in a task the Bot cannot abort.
struct Process {
    shard: Option<ShardRange>,
    /// How far its host's clock runs ahead of the season's.
    ahead: i64,
    running: Option<(tokio::runtime::Runtime, Bot)>,
}

impl Process {
    fn bot(&self) -> Option<&Bot> {
        self.running.as_ref().map(|(_, bot)| bot)
    }
}

struct Server {
    channel: u64,
}

struct Player {
    user: FakeUser,
    home: usize,
    /// The mean time they take to answer their turn: most play within
    /// hours, a few dawdle into reminders and losses on time.
    pace: i64,
    /// Whether a hole picked in a menu is played at once (no preview).
    at_once: bool,
    away_until: i64,
}

/// A post as the database showed it last (the outbox is pruned: the test
/// keeps what it saw).
#[derive(Clone, Debug)]
struct PostSeen {
    queue: String,
    channel: i64,
    edits: Option<i64>,
    message: Option<i64>,
    delivered: Option<i64>,
    failed: Option<String>,
    /// What it says, worded in English (for the failures' messages).
    text: String,
}

/// A game whose deadline fell in the outage: that deadline, and how many
/// moves it had then.
type AtRisk = (i64, i64);

/// An active game as the driver reads it.
struct Live {
    id: i64,
    to_move: Option<i64>,
    board: Option<i64>,
    channel: i64,
    deadline: Option<i64>,
}

#[derive(Default, Debug)]
struct Counts {
    challenges: usize,
    ai_games: usize,
    menu_moves: usize,
    typed_moves: usize,
    previews: usize,
    resignations: usize,
    vacations: usize,
    faults: usize,
    ambiguous: usize,
    deleted_threads: usize,
    revoked: usize,
    crashes: usize,
    crashes_mid_answer: usize,
    no_board: usize,
}

struct Sim {
    season: Season,
    rng: fastrand::Rng,
    fake: FakeDiscord,
    /// Keeps a SQLite file's directory while the season runs.
    _test_db: test_databases::TestDb,
    database: String,
    pool: AnyPool,
    truth: ManualClock,
    timing: Timing,
    processes: Vec<Process>,
    servers: Vec<Server>,
    players: Vec<Player>,
    by_id: HashMap<i64, usize>,
    bot_id: i64,
    started: usize,
    /// Challenges waiting for their opponent: id and the opponent.
    challenges: Vec<(i64, usize)>,
    /// Channels (threads) the test deleted: nobody clicks there any more.
    deleted: BTreeSet<u64>,
    posts: BTreeMap<i64, PostSeen>,
    /// Losses on time as the driver saw them: game, and when (the tick
    /// after) at how many moves.
    timeouts: BTreeMap<i64, (i64, i64)>,
    /// Losses on time seen before their deadline (a fast clock's).
    early: Vec<String>,
    /// The outage: when it began, and the games then running whose
    /// deadline fell inside it.
    outage: Option<(i64, BTreeMap<i64, AtRisk>)>,
    /// The service's claim of due posts, timed per simulated week.
    claims: Vec<Vec<Duration>>,
    claimer: App,
    /// The most rows the outbox held, and rows the prune should have taken.
    most_rows: i64,
    stale_rows: Vec<String>,
    counts: Counts,
}

async fn run(season: Season) -> Report {
    println!(
        "season seed {} (replay with KIELA_SEASON_SEED={}): {season:?}",
        season.seed, season.seed
    );
    let wall = Instant::now();
    let mut sim = Sim::new(season).await;
    sim.play().await;
    let report = sim.verdict().await;
    println!("{}", report.summary);
    println!(
        "season: {} days in {:.1} s of wall time",
        season.days,
        wall.elapsed().as_secs_f64()
    );
    sim.crash_all().await;
    report
}

impl Sim {
    async fn new(season: Season) -> Sim {
        let db = Db {
            backend: season.backend,
            test: "season",
        };
        let test_db = db.fresh("").await;
        let database = test_db.url.clone();
        let fake = FakeDiscord::start().await;
        let mut rng = fastrand::Rng::with_seed(season.seed);
        let servers: Vec<Server> = (0..season.servers)
            .map(|i| {
                // Guilds land on shards by `(guild >> 22) % shards`.
                let (guild, channel) =
                    (GUILD_ID + ((i as u64) << 22), CHANNEL_ID + 1000 * i as u64);
                if i > 0 {
                    fake.add_guild_channel(guild, channel);
                }
                // Every other server lets games have threads.
                if i % 2 == 0 {
                    fake.allow_threads(channel);
                }
                Server { channel }
            })
            .collect();
        let players: Vec<Player> = (0..season.players)
            .map(|i| {
                let user = FakeUser::new(FIRST_PLAYER + i as u64, &format!("P{i}"));
                fake.add_user(&user);
                let pace = match rng.u8(..10) {
                    0 => 30 * HOUR,
                    1 | 2 => 12 * HOUR,
                    _ => 3 * HOUR,
                };
                Player {
                    user,
                    home: i % season.servers,
                    pace,
                    at_once: rng.bool(),
                    away_until: 0,
                }
            })
            .collect();
        let by_id = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.user.id as i64, i))
            .collect();
        let truth = ManualClock::starting_at(START);
        let timing = Timing {
            ai_budget: Budget::Nodes,
            keep_posts: season.keep_posts,
            ..Timing::default()
        };
        let processes = (0..season.processes)
            .map(|i| Process {
                shard: (season.processes > 1).then_some(ShardRange {
                    first: i as u32,
                    last: i as u32,
                    total: season.processes as u32,
                }),
                ahead: if i == 0 { 0 } else { 600 },
                running: None,
            })
            .collect();
        // Opening the store makes the database (and migrates it).
        let store = Store::open(&database).await.unwrap();
        sqlx::any::install_default_drivers();
        let pool = AnyPool::connect(&database).await.unwrap();
        let bot_user = fake.bot_user();
        let claimer = App::new(
            store,
            User::bot(
                kiela_app::UserId(bot_user.id as i64),
                bot_user.name.as_str(),
            ),
            Arc::new(truth.clone()),
        )
        .with_timing(timing);
        let mut sim = Sim {
            season,
            rng,
            fake,
            _test_db: test_db,
            database,
            pool,
            truth,
            timing,
            processes,
            servers,
            players,
            by_id,
            bot_id: bot_user.id as i64,
            started: 0,
            challenges: Vec::new(),
            deleted: BTreeSet::new(),
            posts: BTreeMap::new(),
            timeouts: BTreeMap::new(),
            early: Vec::new(),
            outage: None,
            claims: Vec::new(),
            claimer,
            most_rows: 0,
            stale_rows: Vec::new(),
            counts: Counts::default(),
        };
        for i in 0..season.processes {
            sim.start(i).await;
        }
        sim.connected().await;
        // Half the players have a hole they pick played at once.
        for i in 0..sim.players.len() {
            if sim.players[i].at_once {
                let channel = sim.home(i);
                let never = opts().string("confirm-moves", "never");
                let user = sim.players[i].user.clone();
                let asked = sim.fake.slash(&user, channel, "notify", never).await;
                sim.answered(&asked).await;
            }
        }
        sim
    }

    fn home(&self, player: usize) -> u64 {
        self.servers[self.players[player].home].channel
    }

    fn now(&self) -> i64 {
        self.truth.now()
    }

    async fn start(&mut self, i: usize) {
        let clock: Arc<dyn Clock> = match self.processes[i].ahead {
            0 => Arc::new(self.truth.clone()),
            ahead => Arc::new(Ahead {
                truth: self.truth.clone(),
                ahead,
                following: AtomicBool::new(false),
            }),
        };
        let process = &mut self.processes[i];
        let config = Config {
            token: "fake-token".into(),
            database_url: self.database.clone(),
            guild_id: Some(GUILD_ID),
            proxy: Some(self.fake.url()),
            shards: process.shard,
            timer_interval: Duration::from_millis(50),
            timing: self.timing,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let bot = runtime.spawn(async move {
            let store = Store::open(&config.database_url).await.unwrap();
            Bot::start(config, store, clock).await.unwrap()
        });
        let bot = bot.await.unwrap();
        process.running = Some((runtime, bot));
    }

    /// Waits until the bots started cover every shard, and are READY.
    async fn connected(&self) {
        self.fake.wait_ready().await;
        self.fake.wait_for_commands(Some(GUILD_ID)).await;
    }

    /// Stops process `i` as SIGKILL would: no shutdown, nothing flushed.
    async fn crash(&mut self, i: usize) {
        let Some((runtime, bot)) = self.processes[i].running.take() else {
            return;
        };
        runtime.shutdown_background();
        drop(bot);
        let shard = self.processes[i].shard.map(|s| (s.first, s.total));
        let fake = self.fake.clone();
        fake.wait_until("the crashed bot's socket to close", || {
            let shards = fake.shards();
            match shard {
                Some(shard) => !shards.contains(&shard),
                None => shards.is_empty(),
            }
        })
        .await;
    }

    async fn crash_all(&mut self) {
        for i in 0..self.processes.len() {
            self.crash(i).await;
        }
    }

    /// Waits until every running bot answered what it was asked.
    async fn answers_done(&self) {
        for bot in self.processes.iter().filter_map(Process::bot) {
            within("the answers in flight", bot.answers_done()).await;
        }
    }

    /// Waits until `interaction` was answered (or its answer failed), and
    /// the bots are done with it.
    async fn answered(&self, interaction: &Interaction) {
        within("an answer", interaction.wait_handled()).await;
        self.answers_done().await;
    }

    /// Moves the season's clock on, once the answers under way are done,
    /// and lets the bots act on it. Discord's interactions age as much.
    ///
    /// The clock stops at each retry the outbox waits for on the way, as
    /// real time would pass through it: a jump of hours must not turn one
    /// failed call into hours of failing.
    async fn advance(&mut self, seconds: i64) {
        let end = self.now() + seconds;
        for _ in 0..100 {
            self.answers_done().await;
            let now = self.now();
            let next: Option<i64> = sqlx::query(
                "SELECT MIN(held_until) FROM outbox \
                 WHERE delivered_at IS NULL AND failed IS NULL AND held_until > $1",
            )
            .bind(now)
            .fetch_one(&self.pool)
            .await
            .unwrap()
            .get(0);
            let to = match next {
                Some(due) if due > now && due < end => due,
                _ => end,
            };
            self.truth.advance(to - now);
            self.fake
                .age_interactions(Duration::from_secs((to - now) as u64));
            for bot in self.processes.iter().filter_map(Process::bot) {
                within("the bot's loops to pass", bot.wait_for_pass()).await;
            }
            if to == end {
                break;
            }
        }
        if self.now() < end {
            let left = end - self.now();
            self.truth.advance(left);
            self.fake.age_interactions(Duration::from_secs(left as u64));
        }
        self.observe().await;
    }

    /// Notes the losses on time the last step made.
    async fn observe(&mut self) {
        let rows = sqlx::query(
            "SELECT id, deadline, (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) \
             FROM games WHERE reason = 'timeout'",
        )
        .fetch_all(&self.pool)
        .await
        .unwrap();
        let now = self.now();
        for row in rows {
            let (game, deadline) = (row.get::<i64, _>(0), row.get::<Option<i64>, _>(1));
            if self.timeouts.contains_key(&game) {
                continue;
            }
            self.timeouts.insert(game, (now, row.get(2)));
            if deadline.is_some_and(|d| d > now) {
                self.early.push(format!(
                    "early: game {game} lost on time by {} though its deadline is {}",
                    now - START,
                    deadline.unwrap_or_default() - START
                ));
            }
        }
    }

    async fn play(&mut self) {
        let ticks_per_day = DAY / STEP;
        let ticks = self.season.days * ticks_per_day;
        // Games start over the first 80% of the season.
        let starting = ticks * 4 / 5;
        let outage_at = ticks / 2;
        let crash_ticks: BTreeSet<i64> = (0..self.season.crashes)
            .map(|_| self.rng.i64(1..ticks))
            .collect();
        for tick in 0..ticks {
            if tick % ticks_per_day == 0 {
                self.snapshot().await;
            }
            if tick < starting {
                let left = (self.season.games - self.started) as f64;
                let expected = left / (starting - tick) as f64;
                let mut new = expected.floor() as usize;
                if self.rng.f64() < expected.fract() {
                    new += 1;
                }
                for _ in 0..new {
                    self.new_game().await;
                }
            }
            self.accept_challenges().await;
            self.turns().await;
            self.mischief().await;
            if crash_ticks.contains(&tick) {
                self.crash_and_restart().await;
            }
            self.time_claims(tick / (7 * ticks_per_day)).await;
            if (tick + 1) % (7 * ticks_per_day) == 0 {
                // A long run shows how it goes, week by week.
                let week = self.claims.last().map(|w| percentile(w, 0.99));
                println!(
                    "week {}: {} games started, outbox at most {} rows, claim p99 {week:?}",
                    self.claims.len(),
                    self.started,
                    self.most_rows
                );
            }
            if tick == outage_at {
                self.outage().await;
            } else {
                self.advance(STEP).await;
            }
            // A fault no call met this tick is forgotten: injected faults
            // would otherwise pile up and hit one call after another.
            self.fake.clear_faults();
        }
        self.settle().await;
        self.snapshot().await;
    }

    /// One player starts a game: a challenge to someone of their server,
    /// or a game against the AI.
    async fn new_game(&mut self) {
        let player = self.rng.usize(..self.players.len());
        if !self.available(player) {
            return;
        }
        let (user, channel) = (self.players[player].user.clone(), self.home(player));
        self.started += 1;
        if self.rng.u8(..4) == 0 {
            let level = ["easy", "medium"][self.rng.usize(..2)];
            let options = opts().string("level", level);
            let asked = self.fake.slash(&user, channel, "ai", options).await;
            self.answered(&asked).await;
            self.counts.ai_games += 1;
            return;
        }
        let home = self.players[player].home;
        let mates: Vec<usize> = (0..self.players.len())
            .filter(|&o| o != player && self.players[o].home == home)
            .collect();
        let opponent = mates[self.rng.usize(..mates.len())];
        let days = self.rng.i64(1..3);
        let mut options = opts()
            .user("opponent", &self.players[opponent].user)
            .int("days", days);
        if self.rng.bool() {
            options = options.string("first", "me");
        }
        let asked = self.fake.slash(&user, channel, "challenge", options).await;
        self.answered(&asked).await;
        let made = sqlx::query("SELECT MAX(id) FROM challenges WHERE challenger_id = $1")
            .bind(user.id as i64)
            .fetch_one(&self.pool)
            .await
            .unwrap()
            .get::<Option<i64>, _>(0);
        if let Some(id) = made {
            self.challenges.push((id, opponent));
            self.counts.challenges += 1;
        }
    }

    fn available(&self, player: usize) -> bool {
        self.players[player].away_until <= self.now()
    }

    /// Opponents accept the challenges whose message they see.
    async fn accept_challenges(&mut self) {
        let waiting = std::mem::take(&mut self.challenges);
        for (id, opponent) in waiting {
            let status: String = sqlx::query("SELECT status FROM challenges WHERE id = $1")
                .bind(id)
                .fetch_one(&self.pool)
                .await
                .unwrap()
                .get(0);
            if status != "pending" {
                continue;
            }
            let accept = format!("kiela:accept:{id}");
            let message = self.posted_message("challenge_id", id).await;
            let shown = message.filter(|m| m.custom_ids().contains(&accept));
            match shown {
                Some(message) if self.available(opponent) && self.rng.u8(..3) > 0 => {
                    let user = self.players[opponent].user.clone();
                    let click = self.fake.click(&user, message.id, &accept).await;
                    self.answered(&click).await;
                }
                _ => self.challenges.push((id, opponent)),
            }
        }
    }

    /// The newest message delivered for the posts whose `column` is `id`.
    async fn posted_message(&self, column: &str, id: i64) -> Option<Message> {
        let sql = format!(
            "SELECT message_id FROM outbox WHERE {column} = $1 AND message_id IS NOT NULL \
             ORDER BY id DESC"
        );
        let rows = sqlx::query(&sql)
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .unwrap();
        let message = rows.first()?.get::<i64, _>(0);
        self.fake.message(message as u64)
    }

    async fn live_games(&self) -> Vec<Live> {
        let rows = sqlx::query(
            "SELECT id, to_move_id, board_message_id, channel_id, deadline \
             FROM games WHERE status = 'active' ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await
        .unwrap();
        rows.iter()
            .map(|r| Live {
                id: r.get(0),
                to_move: r.get(1),
                board: r.get(2),
                channel: r.get(3),
                deadline: r.get(4),
            })
            .collect()
    }

    /// Each player whose turn it is plays it, at their own pace.
    async fn turns(&mut self) {
        for game in self.live_games().await {
            let Some(&player) = game.to_move.and_then(|id| self.by_id.get(&id)) else {
                continue;
            };
            let chance = STEP as f64 / self.players[player].pace as f64;
            if !self.available(player) || self.rng.f64() >= chance {
                continue;
            }
            self.turn(&game, player).await;
        }
    }

    async fn turn(&mut self, game: &Live, player: usize) {
        let user = self.players[player].user.clone();
        let board = game
            .board
            .and_then(|id| self.fake.message(id as u64))
            .filter(|m| !self.deleted.contains(&m.channel_id));
        let menu = board.as_ref().and_then(|b| {
            let ids = b.custom_ids().into_iter();
            ids.into_iter().find(|id| id.starts_with("kiela:move:"))
        });
        let (Some(board), Some(menu)) = (board, menu) else {
            self.counts.no_board += 1;
            return;
        };
        let holes = board.select_options(&menu);
        let hole = holes[self.rng.usize(..holes.len())].clone();
        let roll = self.rng.u8(..100);
        if roll < 1 {
            let channel = self.home(player);
            let options = opts().int("game", game.id);
            let asked = self.fake.slash(&user, channel, "resign", options).await;
            self.answered(&asked).await;
            let confirm = format!("kiela:resign-yes:{}", game.id);
            let shown = asked
                .original_now()
                .filter(|m| m.custom_ids().contains(&confirm));
            if let Some(shown) = shown {
                let click = self.fake.click(&user, shown.id, &confirm).await;
                self.answered(&click).await;
                self.counts.resignations += 1;
            }
        } else if roll < 30 {
            // Typed where the game is, unless Discord took that place away.
            let channel = match game.channel as u64 {
                c if self.deleted.contains(&c) => self.home(player),
                c => c,
            };
            let options = opts().string("hole", &hole).int("game", game.id);
            let asked = self.fake.slash(&user, channel, "move", options).await;
            self.answered(&asked).await;
            self.counts.typed_moves += 1;
        } else {
            let picked = self.fake.select(&user, board.id, &menu, &[&hole]).await;
            self.answered(&picked).await;
            self.counts.menu_moves += 1;
            let play = picked.original_now().and_then(|m| {
                let ids = m.custom_ids().into_iter();
                let id = ids.into_iter().find(|id| id.starts_with("kiela:play:"));
                id.map(|id| (m, id))
            });
            if let Some((preview, id)) = play {
                let click = self.fake.click(&user, preview.id, &id).await;
                self.answered(&click).await;
                self.counts.previews += 1;
            }
        }
    }

    /// Now and then: a vacation, Discord failing a call (or doing it and
    /// saying it failed), a thread deleted, a permission revoked.
    async fn mischief(&mut self) {
        let scale = self.players.len() as f64 / 20.0;
        if self.rng.f64() < 0.03 * scale {
            let player = self.rng.usize(..self.players.len());
            let days = self.rng.i64(1..4);
            let user = self.players[player].user.clone();
            let options = opts().int("days", days);
            let asked = self
                .fake
                .slash(&user, self.home(player), "vacation", options)
                .await;
            self.answered(&asked).await;
            self.players[player].away_until = self.now() + days * DAY;
            self.counts.vacations += 1;
        }
        for _ in 0..self.rng.usize(..3) {
            let (method, path, status) = [
                ("POST", "/messages", 429),
                ("POST", "/messages", 500),
                ("POST", "/messages", 503),
                ("POST", "/callback", 503),
                ("PATCH", "/messages", 502),
                ("GET", "/messages/@original", 503),
            ][self.rng.usize(..6)];
            let fault = Fault {
                method,
                path,
                status,
                code: 0,
                times: 1,
            };
            // Sometimes Discord does the work and still answers 5xx.
            if status != 429 && self.rng.u8(..3) == 0 {
                self.fake.fail_after_doing(fault);
                self.counts.ambiguous += 1;
            } else {
                self.fake.fail(fault);
            }
            self.counts.faults += 1;
        }
        let threads: Vec<u64> = self
            .fake
            .threads()
            .into_iter()
            .map(|(id, _, _)| id)
            .filter(|id| !self.deleted.contains(id))
            .collect();
        if !threads.is_empty() && self.rng.f64() < 0.02 * scale {
            let thread = threads[self.rng.usize(..threads.len())];
            if self.rng.bool() {
                self.fake.delete_channel(thread);
                self.deleted.insert(thread);
                self.counts.deleted_threads += 1;
            } else {
                self.fake.deny_posting(thread);
                self.counts.revoked += 1;
            }
        }
    }

    /// A bot process crashes, idle or in the middle of an answer, and
    /// comes back a moment later (within its answers' lease).
    async fn crash_and_restart(&mut self) {
        let i = self.rng.usize(..self.processes.len());
        self.counts.crashes += 1;
        let game = self
            .live_games()
            .await
            .into_iter()
            .find(|g| g.to_move.is_some_and(|id| self.by_id.contains_key(&id)));
        let board = game
            .as_ref()
            .and_then(|g| g.board)
            .and_then(|id| self.fake.message(id as u64));
        let menu = board.as_ref().and_then(|b| {
            let ids = b.custom_ids().into_iter();
            ids.into_iter().find(|id| id.starts_with("kiela:move:"))
        });
        if let (Some(game), Some(board), Some(menu)) = (game, board, menu) {
            if self.rng.bool() && !self.deleted.contains(&board.channel_id) {
                // Killed in the answer: at once (before or while the bot
                // handles it), or once its callback came (its posts
                // waiting in the outbox).
                let player = self.by_id[&game.to_move.unwrap()];
                let user = self.players[player].user.clone();
                let hole = board.select_options(&menu)[0].clone();
                let answer = self.fake.select(&user, board.id, &menu, &[&hole]).await;
                if self.rng.bool() {
                    answer.wait_handled().await;
                }
                self.counts.crashes_mid_answer += 1;
            }
        }
        self.crash(i).await;
        self.start(i).await;
        self.connected().await;
        // Back within the answer lease: posts held by the killed answer
        // are looked for, then posted.
        self.advance(self.timing.answer_lease + 1).await;
    }

    /// Every bot process goes down for three days.
    async fn outage(&mut self) {
        // Discord's bad moment passes and the retries it caused go out
        // (a post made before a long outage, failing once after it, is
        // parked: see the known failure below); the test sees every post
        // before the jump, which is longer than the prune's week.
        self.fake.clear_faults();
        self.advance(10 * 60).await;
        self.snapshot().await;
        let began = self.now();
        let mut at_risk = BTreeMap::new();
        for game in self.live_games().await {
            let Some(deadline) = game.deadline else {
                continue;
            };
            if game.to_move.is_some_and(|id| id != self.bot_id) && deadline <= began + OUTAGE {
                let moves = sqlx::query("SELECT COUNT(*) FROM moves WHERE game_id = $1")
                    .bind(game.id)
                    .fetch_one(&self.pool)
                    .await
                    .unwrap()
                    .get::<i64, _>(0);
                at_risk.insert(game.id, (deadline, moves));
            }
        }
        self.outage = Some((began, at_risk));
        self.crash_all().await;
        self.truth.advance(OUTAGE);
        self.fake
            .age_interactions(Duration::from_secs(OUTAGE as u64));
        for i in 0..self.processes.len() {
            self.start(i).await;
        }
        self.connected().await;
        self.advance(STEP).await;
    }

    /// Times the claim of due posts, as the delivery loop makes it, with
    /// the bots idle (nothing is due: it changes nothing).
    async fn time_claims(&mut self, week: i64) {
        self.answers_done().await;
        let week = week as usize;
        if self.claims.len() <= week {
            self.claims.resize(week + 1, Vec::new());
        }
        for _ in 0..5 {
            let began = Instant::now();
            let claimed = self.claimer.delivery.claim_deliveries(4).await.unwrap();
            self.claims[week].push(began.elapsed());
            // A post came due meanwhile: back to the bots at once.
            let ids: Vec<_> = claimed.iter().map(|d| d.id).collect();
            self.claimer.outbox.release(&ids).await.unwrap();
        }
    }

    /// What the outbox holds now, kept by the test (pruning deletes old
    /// posts), and whether the prune keeps it bounded.
    async fn snapshot(&mut self) {
        let rows = sqlx::query(
            "SELECT id, queue, channel_id, edits, message_id, delivered_at, failed, says, created_at \
             FROM outbox",
        )
        .fetch_all(&self.pool)
        .await
        .unwrap();
        let now = self.now();
        let keep = self.timing.keep_posts;
        self.most_rows = self.most_rows.max(rows.len() as i64);
        let edited: BTreeSet<i64> = (rows.iter())
            .filter_map(|row| row.get::<Option<i64>, _>(3))
            .collect();
        for row in &rows {
            let id: i64 = row.get(0);
            let seen = PostSeen {
                queue: row.get(1),
                channel: row.get(2),
                edits: row.get(3),
                message: row.get(4),
                delivered: row.get(5),
                failed: row.get(6),
                text: {
                    let says: Vec<kiela_app::Notice> =
                        serde_json::from_str(&row.get::<String, _>(7)).unwrap();
                    kiela_discord::words::says(kiela_i18n::Lang::En, &says)
                },
            };
            let created: i64 = row.get(8);
            // The prune runs at every pass: a day's slack is plenty. A
            // post an edit still names waits for the edit (whose own age
            // is checked): a challenge's post lives as long as its answer.
            let stale = match (&seen.delivered, &seen.failed) {
                (Some(at), _) => *at < now - keep - DAY,
                (None, Some(_)) => created < now - 4 * keep - DAY,
                (None, None) => false,
            };
            if stale && !edited.contains(&id) {
                self.stale_rows.push(format!("post {id} {seen:?}"));
            }
            self.posts.insert(id, seen);
        }
    }

    /// Lets the bots finish: time passes in small steps until nothing is
    /// left to post (a retry's backoff, the last losses on time).
    async fn settle(&mut self) {
        for _ in 0..48 {
            self.advance(HOUR / 2).await;
            let pending: i64 = sqlx::query(
                "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed IS NULL",
            )
            .fetch_one(&self.pool)
            .await
            .unwrap()
            .get(0);
            if pending == 0 {
                return;
            }
        }
    }

    async fn verdict(&mut self) -> Report {
        let mut failures = Vec::new();
        // Every message the bot made, everywhere.
        let messages: BTreeMap<u64, (u64, bool)> = self
            .fake
            .message_ids()
            .into_iter()
            .map(|(id, channel, ephemeral)| (id, (channel, ephemeral)))
            .collect();
        // Lost: never delivered nor refused, delivered to a message that
        // is not there, or parked for a reason that is not Discord's refusal.
        for (id, post) in &self.posts {
            let what = format!("post {id} in {} ({:?})", post.queue, clip(&post.text));
            match (&post.message, &post.failed) {
                (_, Some(why)) if !refusal(why) => {
                    failures.push(format!("lost: {what} parked for {why:?}"))
                }
                (_, Some(_)) => {}
                (None, None) => failures.push(format!("lost: {what} never delivered")),
                (Some(message), None) if !messages.contains_key(&(*message as u64)) => failures
                    .push(format!(
                        "lost: {what}: its message {message} is not on Discord"
                    )),
                (Some(_), None) => {}
            }
        }
        // Doubled: a public message no post accounts for (a placeholder a
        // crash left aside), or two messages with one post's nonce.
        let referenced: BTreeSet<u64> = self
            .posts
            .values()
            .filter_map(|p| p.message)
            .map(|m| m as u64)
            .collect();
        let mut nonces: BTreeMap<(u64, String), Vec<u64>> = BTreeMap::new();
        let mut public = 0;
        for (&id, &(channel, ephemeral)) in &messages {
            if ephemeral {
                continue;
            }
            let Some(message) = self.fake.message(id) else {
                continue;
            };
            if message.raw["flags"].as_u64().unwrap_or(0) & (1 << 7) != 0 {
                continue;
            }
            public += 1;
            if let Some(nonce) = message.raw["nonce"].as_str() {
                nonces
                    .entry((channel, nonce.to_owned()))
                    .or_default()
                    .push(id);
            }
            if !referenced.contains(&id) {
                // The posts that say the same: the one it doubles.
                let head = message.content.lines().next().unwrap_or_default();
                let same: Vec<String> = (self.posts.iter())
                    .filter(|(_, p)| !head.is_empty() && p.text.starts_with(head))
                    .map(|(post, p)| format!("post {post} as {:?}", p.message))
                    .collect();
                failures.push(format!(
                    "doubled: message {id} in channel {channel} is no post's: {:?} (nonce {}); \
                     the same text: {same:?}",
                    clip(&message.content),
                    message.raw["nonce"]
                ));
            }
        }
        for ((channel, nonce), ids) in &nonces {
            if ids.len() > 1 {
                failures.push(format!(
                    "doubled: nonce {nonce} made {ids:?} in channel {channel}"
                ));
            }
        }
        // In order: each queue's posts (edits aside) reached Discord in
        // the order they were made.
        let mut last: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
        for (&id, post) in &self.posts {
            let (Some(message), None) = (post.message, post.edits) else {
                continue;
            };
            if let Some(&(before, before_message)) = last.get(post.queue.as_str()) {
                if message < before_message {
                    failures.push(format!(
                        "out of order in {}: post {id} ({:?}, channel {}) came before post {before}",
                        post.queue,
                        clip(&post.text),
                        post.channel
                    ));
                }
            }
            last.insert(&post.queue, (id, message));
        }
        // No loss on time the outage caused: a game whose deadline fell
        // inside it kept the time it had left when the bot went down. (A
        // game lost on time after a later move lost a later turn's time.)
        if let Some((began, at_risk)) = &self.outage {
            for (game, (deadline, moves)) in at_risk {
                if let Some(&(lost, moves_then)) = self.timeouts.get(game) {
                    if moves_then == *moves && lost < deadline + OUTAGE {
                        failures.push(format!(
                            "outage: game {game} lost on time at {} though its deadline {} fell in the outage from {began}",
                            lost - START,
                            deadline - START
                        ));
                    }
                }
            }
        }
        failures.extend(self.early.iter().cloned());
        // The outbox is pruned.
        for stale in &self.stale_rows {
            failures.push(format!("not pruned: {stale}"));
        }
        let claim_p99: Vec<Duration> = self.claims.iter().map(|w| percentile(w, 0.99)).collect();
        let count = |sql: &'static str| {
            let pool = self.pool.clone();
            async move {
                let row = sqlx::query(sql).fetch_one(&pool).await.unwrap();
                row.get::<i64, _>(0)
            }
        };
        let games = count("SELECT COUNT(*) FROM games").await;
        let finished = count("SELECT COUNT(*) FROM games WHERE status = 'finished'").await;
        let moves = count("SELECT COUNT(*) FROM moves").await;
        let rows = count("SELECT COUNT(*) FROM outbox").await;
        let parked = self.posts.values().filter(|p| p.failed.is_some()).count();
        let at_risk = self.outage.as_ref().map_or(0, |(_, g)| g.len());
        let summary = format!(
            "season verdict: {games} games ({finished} over, {} lost on time), {moves} moves, \
             {} posts ({parked} parked as refused), {public} public messages; outbox at most \
             {} rows, {rows} at the end; {at_risk} games had their deadline in the outage; \
             claim p99 by week (µs): {:?}; {:?}; {} problems",
            self.timeouts.len(),
            self.posts.len(),
            self.most_rows,
            claim_p99.iter().map(|d| d.as_micros()).collect::<Vec<_>>(),
            self.counts,
            failures.len()
        );
        Report {
            summary,
            failures,
            claim_p99,
        }
    }
}

struct Report {
    summary: String,
    failures: Vec<String>,
    claim_p99: Vec<Duration>,
}

impl Report {
    /// Fails the test on any problem, listing them all; `timed` also
    /// holds the last week's claim p99 within twice the first's.
    fn assert_clean(&self, timed: bool) {
        let failures = &self.failures;
        assert!(
            failures.is_empty(),
            "{} problems:\n{}",
            failures.len(),
            failures
                .iter()
                .map(|f| f.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
        if timed {
            let (first, last) = (self.claim_p99[0], *self.claim_p99.last().unwrap());
            assert!(
                last <= 2 * first,
                "the claim's p99 grew from {first:?} in the first week to {last:?} in the last"
            );
        }
    }

    /// Fails the test on the problems starting with `check`.
    fn assert_none(&self, check: &str) {
        let failures: Vec<&String> = (self.failures.iter())
            .filter(|f| f.starts_with(check))
            .collect();
        assert!(failures.is_empty(), "{failures:#?}");
    }
}

/// Whether a parked post's reason is Discord refusing it for good (a
/// deleted channel, a revoked permission, closed DMs), or follows from one
/// (an edit of a message never posted).
fn refusal(why: &str) -> bool {
    ["10003", "50001", "50013", "50007", "edit-of-an-"]
        .iter()
        .any(|code| why.contains(code))
}

fn percentile(times: &[Duration], p: f64) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len().max(1)) - 1;
    sorted.get(at).copied().unwrap_or_default()
}

fn clip(text: &str) -> String {
    text.chars().take(80).collect()
}

/// Awaits `work`, failing the test if it takes more than a minute (the
/// bot is stuck): the figure is a guard, not a measure.
async fn within<T>(what: &str, work: impl std::future::Future<Output = T>) -> T {
    match tokio::time::timeout(Duration::from_secs(60), work).await {
        Ok(done) => done,
        Err(_) => panic!("timed out waiting for {what}"),
    }
}

//! Running at scale: two bot instances, each with its own gateway shard,
//! database pool and reminders task (all a process has), share one
//! PostgreSQL database behind one fake Discord. Moves in both servers are
//! all kept, and every due event fires exactly once.

use kiela_app::store::ports::*;
use std::sync::Arc;
use std::time::Duration;

use fake_discord::{opts, FakeDiscord, FakeUser, Message, CHANNEL_ID, GUILD_ID};
use kiela_app::vocabulary::GameId;
use kiela_app::{ManualClock, DAY};
use kiela_discord::{Bot, Config, ShardRange};
use kiela_i18n::{tr, Lang};
use kiela_store::Store;
use test_databases::{Backend, Db};

const START: i64 = 1_800_000_000;
const PLIES: usize = 12;

/// A server on the other shard of two (shards are `(guild >> 22) % 2`).
const OTHER_GUILD: u64 = GUILD_ID + (1 << 22);
const OTHER_CHANNEL: u64 = CHANNEL_ID + 1000;

fn menu(board: &Message) -> Option<String> {
    board
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("kiela:move:"))
}

/// `a` challenges `b` in `channel` (one day per move), then they play
/// `PLIES` moves. Returns the game's number.
async fn play(fake: &FakeDiscord, channel: u64, a: &FakeUser, b: &FakeUser) -> i64 {
    // A hole picked is played at once (no preview): the move's path is
    // what is tested.
    for player in [a, b] {
        let never = opts().string("confirm-moves", "never");
        let set = fake.slash(player, channel, "notify", never).await;
        set.original().await;
    }
    let options = opts()
        .user("opponent", b)
        .string("first", "me")
        .int("days", 1);
    let challenge = fake
        .slash(a, channel, "challenge", options)
        .await
        .original()
        .await;
    let accept = challenge.custom_ids()[0].clone();
    let mut board = fake.click(b, challenge.id, &accept).await.original().await;
    let game: i64 = accept.rsplit(':').next().unwrap().parse().unwrap();
    for _ in 0..PLIES {
        let menu = menu(&board).expect("the game goes on");
        let player = if board.mentions().contains(&a.id) {
            a
        } else {
            b
        };
        let hole = board.select_options(&menu)[0].clone();
        let next = fake
            .select(player, board.id, &menu, &[&hole])
            .await
            .original()
            .await;
        assert!(!next.ephemeral, "{}", next.content);
        board = next;
    }
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shards_share_one_postgresql_without_losing_or_doubling_anything() {
    if test_databases::skip_postgres("two_shards_share_one_postgresql") {
        return;
    }
    let db = Db {
        backend: Backend::Postgres,
        test: "two_shards",
    }
    .fresh("")
    .await;
    let fake = FakeDiscord::start().await;
    fake.add_guild_channel(OTHER_GUILD, OTHER_CHANNEL);
    let users: Vec<FakeUser> = (1..=4)
        .map(|i| FakeUser::new(1_200_000_000_000_000_000 + i, &format!("player{i}")))
        .collect();
    for user in &users {
        fake.add_user(user);
    }
    let clock = Arc::new(ManualClock::starting_at(START));
    let mut bots = Vec::new();
    for shard in 0..2 {
        let config = Config {
            token: "fake-token".into(),
            database_url: db.url.clone(),
            guild_id: Some(GUILD_ID),
            proxy: Some(fake.url()),
            shards: Some(ShardRange {
                first: shard,
                last: shard,
                total: 2,
            }),
            timer_interval: Duration::from_millis(20),
            timing: Default::default(),
        };
        let store = Store::open(&config.database_url).await.unwrap();
        bots.push(Bot::start(config, store, clock.clone()).await.unwrap());
    }
    fake.wait_ready().await;
    let mut shards = fake.shards();
    shards.sort();
    assert_eq!(shards, vec![(0, 2), (1, 2)]);
    fake.wait_for_commands(Some(GUILD_ID)).await;

    // Two games in each server, played at the same time.
    let (here, there) = tokio::join!(
        async {
            (
                play(&fake, CHANNEL_ID, &users[0], &users[1]).await,
                play(&fake, CHANNEL_ID, &users[2], &users[3]).await,
            )
        },
        async {
            (
                play(&fake, OTHER_CHANNEL, &users[1], &users[2]).await,
                play(&fake, OTHER_CHANNEL, &users[3], &users[0]).await,
            )
        }
    );
    let games = [here.0, here.1, there.0, there.1];

    // Both instances poll for due events; each fires once.
    clock.advance(DAY - 5 * 3600);
    let count = |text: &str| {
        [CHANNEL_ID, OTHER_CHANNEL]
            .iter()
            .flat_map(|&c| fake.messages(c))
            .filter(|m| m.content.contains(text))
            .count()
    };
    // The catalogue's reminder and loss on time, without the variables
    // that differ from game to game.
    let any = "\u{1}";
    let reminder = tr!(Lang::En, "reminder", id = any, hours = any, until = any);
    let reminder = reminder.split(any).next().unwrap();
    let timeout = tr!(Lang::En, "ran-out-of-time", name = any, id = any);
    let timeout = timeout.split(any).nth(1).unwrap();
    fake.wait_until("every reminder", || count(reminder) >= games.len())
        .await;
    clock.advance(6 * 3600);
    fake.wait_until("every loss on time", || count(timeout) >= games.len())
        .await;
    // Both had their chance to fire them again.
    for bot in &bots {
        bot.wait_for_pass().await;
    }
    assert_eq!(count(reminder), games.len());
    assert_eq!(count(timeout), games.len());

    // Every acknowledged move is stored, once.
    let store = Store::open(&db.url).await.unwrap();
    for game in games {
        assert_eq!(
            store.games().moves(GameId(game)).await.unwrap().len(),
            PLIES,
            "game #{game}"
        );
        let row = store.games().game(GameId(game)).await.unwrap().unwrap();
        assert_eq!(row.state.columns().2, Some("timeout"), "game #{game}");
    }
    for bot in bots {
        bot.shutdown().await;
    }
    fake.check_calls();
}

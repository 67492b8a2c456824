//! The app installed by a user, end to end: the real serenity client
//! against the fake Discord, which models user installs as Discord does
//! (group DMs and servers without the bot, where the app may only answer
//! interactions and a post is refused with 403 / 50001 Missing Access;
//! interactions that say their `context` and `authorizing_integration_owners`;
//! tokens that expire after 15 minutes; DMs only to users who installed the
//! app or share a server with the bot).

use std::sync::Arc;
use std::time::Duration;

use fake_discord::{opts, FakeDiscord, FakeUser, Interaction, Message};
use kiela_ai::Budget;
use kiela_app::{ManualClock, Timing, DAY};
use kiela_discord::{Bot, Config};
use kiela_store::Store;

const START: i64 = 1_800_000_000;

/// Discord's code for a post where the app has no access.
const MISSING_ACCESS: u32 = 50001;

macro_rules! en {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        kiela_i18n::tr!(kiela_i18n::Lang::En, $key $(, $name = $value)*)
    };
}

/// A bot registered globally (as for user installs), with Ana, Bob and
/// Carol.
struct Friends {
    fake: FakeDiscord,
    bot: Bot,
    clock: Arc<ManualClock>,
    _dir: tempfile::TempDir,
    ana: FakeUser,
    bob: FakeUser,
    carol: FakeUser,
}

impl Friends {
    async fn new() -> Friends {
        let dir = tempfile::tempdir().unwrap();
        let database = format!("sqlite://{}", dir.path().join("kiela.db").display());
        let fake = FakeDiscord::start().await;
        let [ana, bob, carol] = [(21, "Ana"), (22, "Bob"), (23, "Carol")].map(|(id, name)| {
            let user = FakeUser::new(1_200_000_000_000_000_000 + id, name);
            fake.add_user(&user);
            user
        });
        let clock = Arc::new(ManualClock::starting_at(START));
        let config = Config {
            token: "fake-token".into(),
            database_url: database.clone(),
            guild_id: None,
            proxy: Some(fake.url()),
            shards: None,
            timer_interval: Duration::from_millis(50),
            timing: Timing {
                ai_budget: Budget::Nodes,
                ..Timing::default()
            },
        };
        let store = Store::open(&database).await.unwrap();
        let bot = Bot::start(config, store, clock.clone()).await.unwrap();
        fake.wait_ready().await;
        fake.wait_for_commands(None).await;
        Friends {
            fake,
            bot,
            clock,
            _dir: dir,
            ana,
            bob,
            carol,
        }
    }

    async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        sub: &str,
        options: impl Into<serde_json::Value>,
    ) -> Message {
        answer(&self.fake.slash(user, channel, sub, options).await).await
    }

    async fn click(
        &self,
        user: &FakeUser,
        message: &Message,
        prefix: &str,
    ) -> (Interaction, Message) {
        let id = component_id(message, prefix);
        let interaction = self.fake.click(user, message.id, &id).await;
        let answered = answer(&interaction).await;
        (interaction, answered)
    }

    /// `user` picks `board`'s first legal hole and plays it from its
    /// private preview: the interaction that played it and its answer.
    async fn play(&self, user: &FakeUser, board: &Message) -> (Interaction, Message) {
        let menu = component_id(board, "kiela:move:");
        let hole = board.select_options(&menu)[0].clone();
        let preview = answer(&self.fake.select(user, board.id, &menu, &[&hole]).await).await;
        assert!(preview.ephemeral, "a private preview: {}", preview.content);
        self.click(user, &preview, "kiela:play:").await
    }

    /// The clock moves on by `seconds`, once the answers and sends under
    /// way are done; then the bot has its chance at what is due.
    async fn later(&self, seconds: i64) {
        self.bot.answers_done().await;
        self.bot.sends_done().await;
        self.clock.advance(seconds);
        tokio::time::timeout(Duration::from_secs(20), self.bot.wait_for_pass())
            .await
            .expect("the bot's loops to pass");
    }

    /// Nothing was ever refused for want of access, and every call was one
    /// Discord's spec knows.
    fn no_post_refused(&self) {
        let refused = self.fake.refused_with(MISSING_ACCESS);
        assert!(
            refused.is_empty(),
            "the bot tried to post where it may not: {refused:?}"
        );
        self.fake.check_calls();
    }
}

/// The message that answers an interaction: the response, or the deferred
/// response once filled in.
async fn answer(interaction: &Interaction) -> Message {
    let response = interaction.response().await;
    match response.kind {
        4 | 7 => interaction.original().await,
        5 => interaction.wait_original(|m| m.edits > 0).await,
        kind => panic!("unexpected response type {kind}: {:?}", response.data),
    }
}

fn component_id(message: &Message, prefix: &str) -> String {
    message
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix}… component on {:?}", message.content))
}

/// A public board with its picture and its menu, in `channel`.
fn assert_public_board(message: &Message, channel: u64) {
    assert!(!message.ephemeral, "public: {}", message.content);
    assert_eq!(message.channel_id, channel);
    assert_eq!(message.attachments.len(), 1, "{}", message.content);
    let png = image::load_from_memory(&message.attachments[0].bytes).expect("a PNG");
    assert_eq!((png.width(), png.height()), (1000, 500));
}

/// The player a board waits for (the one it pings).
fn to_move<'a>(friends: &'a Friends, board: &Message) -> &'a FakeUser {
    let pinged = board.mentions();
    [&friends.ana, &friends.bob]
        .into_iter()
        .find(|u| pinged.contains(&u.id))
        .unwrap_or_else(|| panic!("nobody pinged in {:?}", board.content))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_is_installable_by_users_everywhere() {
    let friends = Friends::new().await;
    let commands = friends.fake.commands(None).await;
    assert_eq!(commands.len(), 1);
    // GUILD_INSTALL and USER_INSTALL; GUILD, BOT_DM and PRIVATE_CHANNEL.
    assert_eq!(commands[0]["integration_types"], serde_json::json!([0, 1]));
    assert_eq!(commands[0]["contexts"], serde_json::json!([0, 1, 2]));
    friends.no_post_refused();
}

/// Two friends play in their group DM over days: every board is the
/// answer to a pick (public, with its picture and the next player's ping);
/// a pick on an old board gets the current one; a reminder, which the bot
/// cannot post there, goes to the player by DM and shows in the group DM
/// with the next answer there. The bot never tries to post in the group.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friends_play_over_days_in_their_group_dm() {
    let friends = Friends::new().await;
    let (ana, bob) = (&friends.ana, &friends.bob);
    friends.fake.install_app(ana);
    let group = friends.fake.group_dm(&[ana, bob, &friends.carol]);

    let challenge = friends
        .slash(
            ana,
            group,
            "challenge",
            opts()
                .user("opponent", bob)
                .string("first", "me")
                .int("days", 2),
        )
        .await;
    assert!(!challenge.ephemeral, "{}", challenge.content);
    assert_eq!(challenge.channel_id, group);
    // Carol, in the group too, cannot accept for Bob.
    let (_, refused) = friends
        .click(&friends.carol, &challenge, "kiela:accept:")
        .await;
    assert!(refused.ephemeral, "{}", refused.content);
    let (_, mut board) = friends.click(bob, &challenge, "kiela:accept:").await;
    assert_public_board(&board, group);
    assert_eq!(to_move(&friends, &board).id, ana.id);

    let mut boards = vec![board.clone()];
    for turn in 1..=20 {
        let player = to_move(&friends, &board).clone();
        let (_, next) = friends.play(&player, &board).await;
        assert_public_board(&next, group);
        assert_ne!(to_move(&friends, &next).id, 0);
        board = next;
        boards.push(board.clone());
        if turn % 5 == 0 && turn < 20 {
            // The other player comes back a day later.
            friends.later(DAY).await;
        }
    }
    let ply = |m: &Message| component_id(m, "kiela:move:");
    // A pick on a board two turns old: the current board, privately.
    let old = &boards[boards.len() - 3];
    let player = to_move(&friends, &board).clone();
    let menu = component_id(old, "kiela:move:");
    let hole = old.select_options(&menu)[0].clone();
    let stale = answer(&friends.fake.select(&player, old.id, &menu, &[&hole]).await).await;
    assert!(stale.ephemeral, "{}", stale.content);
    let out_of_date = en!("error-out-of-date").to_lowercase();
    assert!(
        stale.content.to_lowercase().contains(&out_of_date),
        "{}",
        stale.content
    );
    assert_eq!(ply(&stale), ply(&board), "the current board");

    // Close to the deadline, the player to move is reminded by DM.
    let waiting = to_move(&friends, &board).clone();
    friends.later(2 * DAY - 5 * 3600).await;
    let dm = friends.fake.dm_channel(&waiting);
    let reminded = friends
        .fake
        .wait_for_message("a reminder by DM", |m| {
            m.channel_id == dm && !m.ephemeral && m.attachments.len() == 1
        })
        .await;
    assert!(reminded.content.contains("#1"), "{}", reminded.content);
    // Nothing was posted in the group by the bot itself.
    let before = friends.fake.messages(group).len();

    // The reminder shows in the group with the next answer there (here,
    // the private preview of a pick), for everyone.
    let menu = component_id(&board, "kiela:move:");
    let hole = board.select_options(&menu)[0].clone();
    let pick = friends
        .fake
        .select(&waiting, board.id, &menu, &[&hole])
        .await;
    let preview = answer(&pick).await;
    assert!(preview.ephemeral, "{}", preview.content);
    friends
        .fake
        .wait_until("the reminder follows the answer", || {
            !pick.followups().is_empty()
        })
        .await;
    let shown = pick.followups();
    assert_eq!(shown.len(), 1);
    assert!(!shown[0].ephemeral && shown[0].channel_id == group);
    assert_eq!(
        shown[0].content, reminded.content,
        "the reminder, as sent by DM"
    );
    assert_eq!(friends.fake.messages(group).len(), before + 1);
    // Shown once: the move's own answer shows nothing more.
    let (played, after) = friends.click(&waiting, &preview, "kiela:play:").await;
    assert_public_board(&after, group);
    assert!(played.followups().is_empty());
    friends.no_post_refused();
}

/// `/kiela ai` in the user's DM with the app, for a user who shares no
/// server with the bot: the AI plays as in a server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_plays_in_the_apps_dm() {
    let friends = Friends::new().await;
    let carol = &friends.carol;
    friends.fake.stranger(carol);
    friends.fake.install_app(carol);
    let dm = friends.fake.dm_channel(carol);
    let board = friends
        .slash(
            carol,
            dm,
            "ai",
            opts().string("level", "easy").string("first", "me"),
        )
        .await;
    assert_public_board(&board, dm);
    let menu = component_id(&board, "kiela:move:");
    let hole = board.select_options(&menu)[0].clone();
    let after = answer(&friends.fake.select(carol, board.id, &menu, &[&hole]).await).await;
    assert_public_board(&after, dm);
    assert_eq!(after.mentions(), vec![carol.id], "Carol is to move again");
    friends.no_post_refused();
}

/// In a server where a member installed the app but the bot is no
/// member, two members play as in a group DM; the server's own features
/// say a manager must add the bot, with the link.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_in_a_server_without_the_bot() {
    let friends = Friends::new().await;
    let (ana, bob) = (&friends.ana, &friends.bob);
    friends.fake.install_app(ana);
    let (guild, channel) = (7_000_000_000_000_000_001, 7_000_000_000_000_000_002);
    friends.fake.guild_without_bot(guild, channel);

    let challenge = friends
        .slash(
            ana,
            channel,
            "challenge",
            opts().user("opponent", bob).string("first", "me"),
        )
        .await;
    let (_, board) = friends.click(bob, &challenge, "kiela:accept:").await;
    assert_public_board(&board, channel);
    let (_, next) = friends.play(ana, &board).await;
    assert_public_board(&next, channel);
    assert_eq!(to_move(&friends, &next).id, bob.id);

    let link = format!("client_id={}", friends.fake.bot_user().id);
    let settings = friends.slash(ana, channel, "settings", opts()).await;
    assert!(settings.ephemeral, "{}", settings.content);
    assert!(settings.content.contains(&link), "{}", settings.content);
    let create = friends
        .slash(
            ana,
            channel,
            "tournament create",
            opts().string("name", "Cup"),
        )
        .await;
    assert!(create.ephemeral, "{}", create.content);
    assert!(create.content.contains(&link), "{}", create.content);
    friends.no_post_refused();
}

//! The bot end to end: the real serenity client against a fake Discord on
//! 127.0.0.1 (tests/support/fake_discord), with a real SQLite file. Every
//! test ends by checking each REST call against Discord's OpenAPI spec.

mod support;

use kiela_app::store::ports::*;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use fake_discord::{
    opts, FakeDiscord, FakeUser, Fault, Interaction, Message, Options, CHANNEL_ID, GUILD_ID,
};
use kiela_ai::Budget;
use kiela_app::{Clock, GameId, ManualClock, Timing, DAY};
use kiela_discord::{Bot, Config};
use kiela_store::Store;
use serde_json::json;

const START: i64 = 1_800_000_000;

/// The English catalogue's message `key` with its variables: the tests
/// expect what the catalogue says, not a copy of it.
macro_rules! en {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        kiela_i18n::tr!(kiela_i18n::Lang::En, $key $(, $name = $value)*)
    };
}

/// The Portuguese catalogue's message `key` with its variables.
macro_rules! pt {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        kiela_i18n::tr!(kiela_i18n::Lang::Pt, $key $(, $name = $value)*)
    };
}

/// Stands for a variable of a catalogue message that the test cannot know
/// (a deadline, the engine's move): see [`says`].
const ANY: &str = "\u{1}";

/// Whether `text` says the catalogue message `message`, rendered with
/// [`ANY`] for the variables the test cannot know: every known piece of
/// it, in order.
fn says(text: &str, message: &str) -> bool {
    let mut rest = text;
    for piece in message.split(ANY) {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

#[test]
fn says_wants_the_known_pieces_in_order() {
    let message = en!("ran-out-of-time", name = ANY, id = 7);
    assert!(says("Ana ran out of time in game #7.", &message));
    assert!(!says("Ana ran out of time in game #8.", &message));
    assert!(!says("game #7. Ana ran out of time in", &message));
}

/// A catalogue message up to its first variable the test cannot know
/// ([`ANY`]).
fn up_to_any(message: &str) -> &str {
    let head = message.split(ANY).next().unwrap_or_default();
    assert!(!head.is_empty(), "{message:?} starts with a variable");
    head
}

/// A reminder (`key`: `reminder`, or `reminder-first-move` before the
/// player's first move) in game `id`, for [`says`]: its hours and deadline
/// are the clock's.
fn reminder(key: &str, id: i64) -> String {
    en!(key, id = id, hours = ANY, until = ANY)
}

/// The line in the channel when Bob accepts Ana's challenge and game 1
/// starts in a thread: it calls Ana.
fn started_line(table: &Table) -> String {
    en!(
        "game-started-line",
        mentions = format!("{} ", mention(&table.ana)),
        headline = en!(
            "challenge-accepted",
            name = "Bob",
            id = 1,
            variant = en!("variant-standard")
        )
    )
}

/// How a board's text tells that `mover` sowed from `hole`.
fn sowed(mover: &str, hole: &str) -> String {
    en!("board-path-sowed", mover = mover, hole = hole)
}

/// How a message mentions `user`.
fn mention(user: &FakeUser) -> String {
    format!("<@{}>", user.id)
}

struct Table {
    fake: FakeDiscord,
    bot: Option<Bot>,
    clock: Arc<ManualClock>,
    /// How long the bot waits; the next start uses it.
    timing: Timing,
    database: String,
    _dir: tempfile::TempDir,
    ana: FakeUser,
    bob: FakeUser,
    carol: FakeUser,
}

impl Table {
    async fn new() -> Table {
        let dir = tempfile::tempdir().unwrap();
        let database = format!("sqlite://{}", dir.path().join("kiela.db").display());
        let fake = FakeDiscord::start().await;
        let [ana, bob, carol] = [(11, "Ana"), (12, "Bob"), (13, "Carol")].map(|(id, name)| {
            let user = FakeUser::new(1_200_000_000_000_000_000 + id, name);
            fake.add_user(&user);
            user
        });
        let mut table = Table {
            fake,
            bot: None,
            clock: Arc::new(ManualClock::starting_at(START)),
            // Node budgets: the AI's replies are quick and reproducible.
            timing: Timing {
                ai_budget: Budget::Nodes,
                ..Timing::default()
            },
            database,
            _dir: dir,
            ana,
            bob,
            carol,
        };
        table.start_bot().await;
        table
    }

    /// The configuration the next start uses.
    fn config(&self) -> Config {
        Config {
            token: "fake-token".into(),
            database_url: self.database.clone(),
            guild_id: Some(GUILD_ID),
            proxy: Some(self.fake.url()),
            shards: None,
            timer_interval: Duration::from_millis(50),
            timing: self.timing,
        }
    }

    async fn start_bot(&mut self) {
        let config = self.config();
        let store = Store::open(&config.database_url).await.unwrap();
        let bot = Bot::start(config, store, self.clock.clone()).await.unwrap();
        self.fake.wait_ready().await;
        // The commands are registered once READY arrived.
        self.fake.wait_for_commands(Some(GUILD_ID)).await;
        self.bot = Some(bot);
    }

    /// Waits until the bot has had its chance at whatever was due (see
    /// [`Bot::wait_for_pass`]).
    async fn wait_for_pass(&self) {
        let pass = self.bot.as_ref().unwrap().wait_for_pass();
        tokio::time::timeout(Duration::from_secs(20), pass)
            .await
            .expect("the bot's loops to pass");
    }

    /// Moves the service's clock on by `seconds`, once the answers and
    /// sends under way are done: a jump of hours in the middle of one would
    /// be a bot frozen that long between sending and recording it.
    async fn later(&self, seconds: i64) {
        let bot = self.bot.as_ref().unwrap();
        bot.answers_done().await;
        bot.sends_done().await;
        self.clock.advance(seconds);
    }

    async fn stop_bot(&mut self) {
        self.bot.take().unwrap().shutdown().await;
        self.fake.disconnect_all().await;
    }

    async fn slash(
        &self,
        user: &FakeUser,
        subcommand: &str,
        options: impl Into<serde_json::Value>,
    ) -> Message {
        let interaction = self.fake.slash(user, CHANNEL_ID, subcommand, options).await;
        answer(&interaction).await
    }

    /// `user` picks `hole` in `board`'s menu, and plays it from its
    /// preview if one comes (games between people, by default): the
    /// answer that plays it, or the refusal.
    async fn select(&self, user: &FakeUser, board: &Message, hole: &str) -> Message {
        let picked = self.pick(user, board, hole).await;
        match picked
            .custom_ids()
            .iter()
            .any(|id| id.starts_with("kiela:play:"))
        {
            true => self.click(user, &picked, "kiela:play:").await,
            false => picked,
        }
    }

    /// `user` chooses to have a hole picked in a menu played at once, as
    /// tests of the move's path through Discord (faults, deferral, the
    /// gateway) pick it: `/kiela notify confirm-moves:never`.
    async fn plays_at_once(&self, user: &FakeUser) {
        let set = self
            .slash(user, "notify", opts().string("confirm-moves", "never"))
            .await;
        assert_private(&set, &en!("confirm-moves-never"));
    }

    /// `user` picks `hole` in `board`'s menu: the answer (a preview, the
    /// move played, or a refusal).
    async fn pick(&self, user: &FakeUser, board: &Message, hole: &str) -> Message {
        let menu = menu_id(board);
        answer(&self.fake.select(user, board.id, &menu, &[hole]).await).await
    }

    async fn click(&self, user: &FakeUser, message: &Message, prefix: &str) -> Message {
        let id = component_id(message, prefix);
        answer(&self.fake.click(user, message.id, &id).await).await
    }

    /// Ana challenges Bob (Ana moves first) and Bob accepts: the first board.
    async fn start_game(&self, options: Options) -> Message {
        let all = opts().user("opponent", &self.bob).string("first", "me");
        let challenge = self.slash(&self.ana, "challenge", all.and(options)).await;
        self.click(&self.bob, &challenge, "kiela:accept:").await
    }
}

/// The message that answers an interaction: the response, or the deferred
/// response once filled in.
async fn answer(interaction: &Interaction) -> Message {
    let response = interaction.response().await;
    match response.kind {
        4 => interaction.original().await,
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

/// The message `id` as the channel shows it now.
fn posted(table: &Table, id: u64) -> Message {
    table
        .fake
        .messages(CHANNEL_ID)
        .into_iter()
        .find(|m| m.id == id)
        .unwrap_or_else(|| panic!("no message {id} in the channel"))
}

/// Waits until `done` holds, looking after each call the fake Discord
/// gets: boards lose their menus in an edit made after the answer, so a
/// test may look before it lands.
async fn eventually(table: &Table, what: &str, done: impl Fn() -> bool) {
    table.fake.wait_until(what, done).await
}

fn menu_id(board: &Message) -> String {
    component_id(board, "kiela:move:")
}

/// The board picture is a real PNG with its alt text.
fn assert_board_picture(message: &Message) {
    assert_eq!(message.attachments.len(), 1, "{}", message.content);
    let picture = &message.attachments[0];
    let image = image::load_from_memory(&picture.bytes).expect("a PNG");
    assert_eq!((image.width(), image.height()), (1000, 500));
    let alt = picture.description.as_deref().unwrap_or_default();
    assert!(
        alt.contains("to move") || alt.contains("wins") || alt.contains("draw"),
        "{alt}"
    );
}

/// `message` is private and says the catalogue message `expected` (see
/// [`says`]), case aside: the bot capitalises a refusal shown alone.
fn assert_private(message: &Message, expected: &str) {
    assert!(message.ephemeral, "should be private: {}", message.content);
    assert!(
        says(&message.content.to_lowercase(), &expected.to_lowercase()),
        "{:?} does not say {expected:?}",
        message.content
    );
}

/// The player a board waits for (the one mentioned), as a user of the table.
fn to_move<'a>(table: &'a Table, board: &Message) -> &'a FakeUser {
    let mentioned = board.mentions();
    [&table.ana, &table.bob]
        .into_iter()
        .find(|u| mentioned.contains(&u.id))
        .unwrap_or_else(|| panic!("nobody to move in {:?}", board.content))
}

fn database_path(table: &Table) -> &Path {
    Path::new(table.database.trim_start_matches("sqlite://"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_from_challenge_to_result() {
    let table = Table::new().await;
    let commands = table.fake.commands(Some(GUILD_ID)).await;
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "kiela");

    let challenge = table
        .slash(
            &table.ana,
            "challenge",
            opts().user("opponent", &table.bob).string("first", "me"),
        )
        .await;
    assert!(!challenge.ephemeral);
    assert_eq!(
        challenge.mentions(),
        vec![table.bob.id],
        "{}",
        challenge.content
    );
    let allowed = challenge.allowed_mentions.clone().unwrap_or_default();
    assert_eq!(
        allowed["users"],
        json!([table.bob.id.to_string()]),
        "{allowed}"
    );
    // Carol cannot accept a challenge meant for Bob.
    let refused = table.click(&table.carol, &challenge, "kiela:accept:").await;
    assert_private(&refused, &en!("challenge-not-for-you"));

    let mut board = table.click(&table.bob, &challenge, "kiela:accept:").await;
    assert!(!board.ephemeral);
    assert_board_picture(&board);
    assert_eq!(to_move(&table, &board).id, table.ana.id);
    // Before both have moved, Abort stands where Resign will.
    assert!(board
        .custom_ids()
        .iter()
        .any(|id| id.starts_with("kiela:abort:")));
    assert!(board
        .custom_ids()
        .iter()
        .any(|id| id.starts_with("kiela:draw:")));

    // Both play the first legal move offered until the game ends.
    let mut plies = 0;
    while board
        .custom_ids()
        .iter()
        .any(|id| id.starts_with("kiela:move:"))
    {
        let player = to_move(&table, &board).clone();
        let options = board.select_options(&menu_id(&board));
        assert!(!options.is_empty() && options.len() <= 20);
        let next = table.select(&player, &board, &options[0]).await;
        assert!(!next.ephemeral, "{}", next.content);
        assert!(
            next.content.contains(&sowed(&player.name, &options[0])),
            "{}",
            next.content
        );
        assert_board_picture(&next);
        board = next;
        plies += 1;
        assert!(plies < 400, "the game does not end");
    }
    assert!(
        [
            en!("result-no-moves", winner = "Ana", loser = "Bob"),
            en!("result-no-moves", winner = "Bob", loser = "Ana"),
            en!("result-repetition")
        ]
        .iter()
        .any(|verdict| board.content.contains(verdict)),
        "{}",
        board.content
    );
    assert_eq!(
        board.custom_ids(),
        [
            format!("kiela:watch:1:{plies}"),
            "kiela:analyse:1".to_string(),
            "kiela:review:1".to_string(),
            "kiela:rematch:1".to_string()
        ],
        "a finished game offers to watch its last turn, to analyse and review it, and a rematch"
    );
    // The challenge lost its buttons once accepted, and each board its
    // menus when the next one came: every board keeps only its Watch button
    // (and the last one its Rematch).
    let menus_left = || {
        table
            .fake
            .messages(CHANNEL_ID)
            .iter()
            .filter(|m| {
                m.custom_ids().iter().any(|id| {
                    id.starts_with("kiela:")
                        && !id.starts_with("kiela:watch:")
                        && !id.starts_with("kiela:analyse:")
                        && !id.starts_with("kiela:review:")
                        && !id.starts_with("kiela:rematch:")
                })
            })
            .map(|m| (m.content.clone(), m.custom_ids()))
            .collect::<Vec<_>>()
    };
    eventually(&table, "old boards still offer moves", || {
        menus_left().is_empty()
    })
    .await;
    let messages = table.fake.messages(CHANNEL_ID);
    let watchable = messages
        .iter()
        .filter(|m| {
            m.custom_ids()
                .iter()
                .any(|id| id.starts_with("kiela:watch:1:"))
        })
        .count();
    assert_eq!(watchable, plies, "every board after a move can be watched");

    let history = table
        .slash(&table.ana, "history", opts().int("game", 1))
        .await;
    assert!(
        history.content.contains("South=Ana") || history.content.contains("South=\"Ana\""),
        "{}",
        history.content
    );
    // A finished game comes with the whole game as an animation.
    assert_eq!(history.attachments.len(), 1);
    let gif = &history.attachments[0];
    assert!(gif.filename.ends_with(".gif"), "{}", gif.filename);
    let alt = gif.description.as_deref().unwrap_or_default();
    let whole = en!(
        "history-alt-text",
        id = 1,
        south = "Ana",
        north = "Bob",
        turns = plies
    );
    assert_eq!(alt, whole);
    let mut frames = gif::DecodeOptions::new()
        .read_info(gif.bytes.as_slice())
        .expect("a GIF");
    let mut count = 0;
    while frames.read_next_frame().expect("a frame").is_some() {
        count += 1;
    }
    assert_eq!(count, plies + 1, "the start, then a frame a turn");
    table.fake.check_calls();
}

/// The turn animation answered to a Watch press: private, one attachment
/// with its description (the turn's path in words).
fn assert_turn_animation(message: &Message, game: i64, ply: i64) {
    assert!(
        message.ephemeral,
        "a turn is shown privately: {}",
        message.content
    );
    assert_eq!(message.attachments.len(), 1, "{}", message.content);
    let file = &message.attachments[0];
    assert!(
        file.filename.starts_with(&format!("kiela-{game}-{ply}.")),
        "{}",
        file.filename
    );
    let alt = file.description.as_deref().unwrap_or_default();
    assert!(says(alt, &sowed(ANY, ANY)), "{alt}");
    assert_eq!(file.filename.rsplit('.').next(), Some("gif"));
    let mut gif = gif::DecodeOptions::new()
        .read_info(file.bytes.as_slice())
        .expect("a GIF");
    let mut frames = 0;
    while gif.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    assert!(frames > 2, "an animation: {frames} frames");
    assert!(
        message.custom_ids().is_empty(),
        "watching offers nothing to press"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_watch_button_shows_a_turn_to_anyone_also_from_old_boards_and_after_a_restart() {
    let mut table = Table::new().await;
    let first = table.start_game(opts()).await;
    assert!(
        !first
            .custom_ids()
            .iter()
            .any(|id| id.starts_with("kiela:watch:")),
        "no turn to watch before the first move"
    );
    let hole = first.select_options(&menu_id(&first))[0].clone();
    let second = table.select(&table.ana, &first, &hole).await;
    assert!(second.custom_ids().contains(&"kiela:watch:1:1".to_string()));
    // Carol, a stranger, may watch: it only shows.
    let shown = table.click(&table.carol, &second, "kiela:watch:").await;
    assert_turn_animation(&shown, 1, 1);
    assert!(shown.content.contains(&hole), "{}", shown.content);

    // Bob moves: the old board loses its menus but keeps its Watch button.
    let hole = second.select_options(&menu_id(&second))[0].clone();
    let third = table.select(&table.bob, &second, &hole).await;
    assert!(third.custom_ids().contains(&"kiela:watch:1:2".to_string()));
    eventually(&table, "the old board keeps only its Watch button", || {
        posted(&table, second.id).custom_ids() == ["kiela:watch:1:1"]
    })
    .await;
    let old = posted(&table, second.id);
    assert_turn_animation(&table.click(&table.ana, &old, "kiela:watch:").await, 1, 1);

    // After a restart, the old board's button still works.
    table.stop_bot().await;
    table.start_bot().await;
    let again = table.click(&table.bob, &old, "kiela:watch:").await;
    assert_turn_animation(&again, 1, 1);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_ai_shows_both_moves_in_one_answer() {
    let table = Table::new().await;
    let board = table
        .slash(
            &table.ana,
            "ai",
            opts().string("level", "easy").string("first", "me"),
        )
        .await;
    assert_board_picture(&board);
    assert_eq!(board.mentions(), vec![table.ana.id]);
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let interaction = table
        .fake
        .select(&table.ana, board.id, &menu_id(&board), &[&hole])
        .await;
    let after = answer(&interaction).await;
    assert!(
        after.content.contains(&sowed("Ana", &hole)),
        "{}",
        after.content
    );
    assert!(
        after
            .content
            .contains(&format!("\n{}", up_to_any(&sowed("Kiela", ANY)))),
        "{}",
        after.content
    );
    assert_eq!(after.mentions(), vec![table.ana.id], "Ana is to move again");
    assert_board_picture(&after);
    // One answer: no follow-up message for the AI's move.
    assert!(interaction.followups().is_empty());

    // Challenging the bot itself also starts an AI game.
    let bot = table.fake.bot_user();
    let game = table
        .slash(&table.bob, "challenge", opts().user("opponent", &bot))
        .await;
    assert_board_picture(&game);
    let headline = en!(
        "ai-game",
        id = 2,
        name = "Bob",
        bot = ANY,
        level = en!("level-medium"),
        variant = en!("variant-standard")
    );
    assert!(says(&game.content, &headline), "{}", game.content);
    table.fake.check_calls();
}

/// Try before you sow: a hole picked in a game between people is shown
/// first, privately, with Play and Cancel; Play works after a restart and
/// only once. Against the AI the hole is played at once, and Take back
/// undoes the move and the AI's reply, after a restart too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picked_hole_is_previewed_then_played_and_a_move_against_the_ai_taken_back() {
    let mut table = Table::new().await;
    let board = table.start_game(opts()).await;
    let (game, ply) = board_of(&board).unwrap();
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let preview = table.pick(&table.ana, &board, &hole).await;
    assert!(preview.ephemeral, "{}", preview.content);
    assert!(
        preview.content.contains(&sowed("Ana", &hole)),
        "{}",
        preview.content
    );
    assert_eq!(preview.attachments.len(), 1, "the board after the move");
    assert_eq!(
        component_words(&preview),
        [
            en!("button-play-move", hole = hole.clone()),
            en!("button-cancel-move")
        ]
    );
    assert!(
        boards_at(&table, game, ply + 1).is_empty(),
        "nothing played"
    );
    // Cancel: the preview says so, and loses its buttons.
    let cancel = component_id(&preview, "kiela:play-no:");
    let said = en!("move-preview-cancelled", id = game);
    let cancelled = table.fake.click(&table.ana, preview.id, &cancel).await;
    let cancelled = replaced_saying(&cancelled, &said).await;
    assert!(says(&cancelled.content, &said), "{}", cancelled.content);
    assert!(cancelled.custom_ids().is_empty());
    // Picked again, and played after a restart: the id carries the game,
    // the ply and the hole.
    let preview = table.pick(&table.ana, &board, &hole).await;
    table.stop_bot().await;
    table.start_bot().await;
    let played = table.click(&table.ana, &preview, "kiela:play:").await;
    assert!(!played.ephemeral, "{}", played.content);
    assert_eq!(board_of(&played), Some((game, ply + 1)));
    assert!(played.content.contains(&sowed("Ana", &hole)));
    assert_eq!(played.mentions(), [table.bob.id]);
    let again = table.click(&table.ana, &preview, "kiela:play:").await;
    assert_private(&again, &en!("error-out-of-date"));
    assert_eq!(boards_at(&table, game, ply + 1).len(), 1, "played once");

    // Against the AI: played at once, then taken back.
    let ai = table
        .slash(
            &table.ana,
            "ai",
            opts().string("level", "easy").string("first", "me"),
        )
        .await;
    let (ai_game, _) = board_of(&ai).unwrap();
    assert!(!ai
        .custom_ids()
        .iter()
        .any(|id| id.starts_with("kiela:takeback:")));
    let hole = ai.select_options(&menu_id(&ai))[0].clone();
    let after = table.pick(&table.ana, &ai, &hole).await;
    assert_eq!(board_of(&after), Some((ai_game, 2)), "{}", after.content);
    table.stop_bot().await;
    table.start_bot().await;
    let back = table.click(&table.ana, &after, "kiela:takeback:").await;
    assert!(!back.ephemeral, "{}", back.content);
    assert_eq!(board_of(&back), Some((ai_game, 0)));
    let said = en!(
        "takeback-done",
        name = "Ana",
        turn = 1,
        ai = ANY,
        id = ai_game
    );
    assert!(says(&back.content, &said), "{}", back.content);
    assert_eq!(back.mentions(), [table.ana.id]);
    eventually(&table, "the board taken back loses its menus", || {
        !posted_components(&table, after.id).contains("kiela:move:")
    })
    .await;
    let again = table.pick(&table.ana, &back, &hole).await;
    assert_eq!(board_of(&again), Some((ai_game, 2)), "{}", again.content);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_wrong_turns_stale_boards_and_double_clicks_are_refused() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    let hole = board.select_options(&menu_id(&board))[0].clone();

    let stranger = table.select(&table.carol, &board, &hole).await;
    assert_private(&stranger, &en!("error-not-your-game"));
    let stranger = table.click(&table.carol, &board, "kiela:abort:").await;
    assert_private(&stranger, &en!("error-not-your-game"));
    let early = table.select(&table.bob, &board, &hole).await;
    let south = en!("side-south");
    assert_private(&early, &en!("error-not-your-turn", side = south));

    // Ana picks a hole: a preview, privately; she clicks its Play twice
    // at once: exactly one move is played.
    let menu = menu_id(&board);
    let values = [hole.as_str()];
    let preview = table.pick(&table.ana, &board, &hole).await;
    assert!(preview.ephemeral, "{}", preview.content);
    let play = component_id(&preview, "kiela:play:");
    let (first, second) = tokio::join!(
        table.fake.click(&table.ana, preview.id, &play),
        table.fake.click(&table.ana, preview.id, &play),
    );
    let (first, second) = tokio::join!(answer(&first), answer(&second));
    let public: Vec<&Message> = [&first, &second]
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect();
    assert_eq!(
        public.len(),
        1,
        "{:?} / {:?}",
        first.content,
        second.content
    );
    let next = public[0].clone();
    assert_eq!(to_move(&table, &next).id, table.bob.id);

    // The old board lost its menus (at ply 0 it has no turn to watch),
    // and keeps its picture.
    eventually(&table, "the old board keeps its menus", || {
        posted(&table, board.id).custom_ids().is_empty()
    })
    .await;
    let old = posted(&table, board.id);
    assert_eq!(old.attachments.len(), 1);
    // A click from a client still showing them: a fresh board comes back,
    // privately.
    let stale = table
        .fake
        .select_shown(&table.ana, &board, &menu, &values)
        .await;
    let stale = answer(&stale).await;
    assert_private(&stale, &en!("error-out-of-date"));
    assert_board_picture(&stale);
    assert_eq!(
        menu_id(&stale),
        menu_id(&next),
        "the fresh board is the current one"
    );
    let draw = component_id(&board, "kiela:draw:");
    let stale = table.fake.click_shown(&table.bob, &board, &draw).await;
    assert_private(&answer(&stale).await, &en!("error-out-of-date"));

    // Nothing was lost or doubled: the record has one move.
    let history = table
        .slash(&table.ana, "history", opts().int("game", 1))
        .await;
    assert!(
        history.content.contains(&format!("1. {hole}")),
        "{}",
        history.content
    );
    assert!(!history.content.contains(" 2."), "{}", history.content);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_input_gets_a_private_error_and_changes_nothing() {
    let table = Table::new().await;
    let board = table.start_game(opts().string("variant", "expert")).await;
    let layout = table
        .slash(&table.ana, "arrange", opts().string("layout", "1 2 three"))
        .await;
    assert!(layout.ephemeral, "{}", layout.content);
    assert!(
        layout
            .content
            .to_lowercase()
            .contains(&en!("layout-not-a-number", text = "three")),
        "{}",
        layout.content
    );
    let short = table
        .slash(&table.ana, "arrange", opts().string("layout", "1 2 3"))
        .await;
    assert_private(&short, &en!("layout-wrong-length", count = 3));
    let hole = table
        .slash(&table.ana, "move", opts().string("hole", "Z9"))
        .await;
    assert_private(&hole, &en!("bad-hole", text = "Z9"));
    // A menu's value that is not a hole (Discord sends only the options
    // given, but a client may send anything) is refused the same way.
    let picked = table.pick(&table.ana, &board, "Z9").await;
    assert_private(&picked, &en!("bad-hole", text = "Z9"));
    let theirs = table
        .slash(&table.ana, "move", opts().string("hole", "A4"))
        .await;
    let north = en!("side-north");
    let theirs_refused = en!("illegal-not-your-hole", hole = "A4", owner = north);
    assert_private(&theirs, &theirs_refused);

    // The board is unchanged: its menu still works.
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let moved = table.select(&table.ana, &board, &hole).await;
    assert!(!moved.ephemeral, "{}", moved.content);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_game_loses_nothing() {
    let mut table = Table::new().await;
    let mut board = table.start_game(opts()).await;
    for _ in 0..4 {
        let player = to_move(&table, &board).clone();
        let hole = board.select_options(&menu_id(&board))[0].clone();
        board = table.select(&player, &board, &hole).await;
    }
    table.stop_bot().await;
    table.start_bot().await;

    // The menu posted before the restart still works.
    let player = to_move(&table, &board).clone();
    let hole = board.select_options(&menu_id(&board))[0].clone();
    board = table.select(&player, &board, &hole).await;
    assert!(!board.ephemeral, "{}", board.content);
    assert!(board.content.contains(&sowed(&player.name, &hole)));

    // Bob resigns with the button, after confirming.
    let confirm = table.click(&table.bob, &board, "kiela:resign:").await;
    assert!(confirm.ephemeral);
    let over = table.click(&table.bob, &confirm, "kiela:resign-yes:").await;
    assert!(!over.ephemeral);
    let game = board_of(&over).unwrap().0;
    let resigned = en!("resigned", name = "Bob", id = game);
    assert!(over.content.contains(&resigned), "{}", over.content);
    let verdict = en!("result-resigned", winner = "Ana", loser = "Bob");
    assert!(over.content.contains(&verdict), "{}", over.content);
    // Both are told, though Bob ended it himself.
    let mut told = over.mentions();
    told.sort();
    assert_eq!(told, vec![table.ana.id, table.bob.id], "{}", over.content);
    let allowed = over.allowed_mentions.clone().unwrap_or_default();
    assert_eq!(
        allowed["users"].as_array().map(Vec::len),
        Some(2),
        "{allowed}"
    );
    assert!(database_path(&table).exists());
    table.fake.check_calls();
}

/// The message a component's interaction replaced, once it says the
/// catalogue message `expected` (see [`says`]): at once, or deferred and
/// then edited (progress edits come first).
async fn replaced_saying(interaction: &Interaction, expected: &str) -> Message {
    match interaction.response().await.kind {
        7 => interaction.original().await,
        6 => {
            interaction
                .wait_original(|m| says(&m.content, expected))
                .await
        }
        kind => panic!("the message was not replaced: response type {kind}"),
    }
}

/// The answer to an interaction once it says the catalogue message
/// `expected` (see [`says`]): the response, or the deferred response once
/// edited to say it (progress edits come first), or a private answer's
/// follow-up.
async fn answer_saying(interaction: &Interaction, expected: &str) -> Message {
    match interaction.response().await.kind {
        4 => interaction.original().await,
        5 => {
            interaction
                .wait_answer(|m| says(&m.content, expected))
                .await
        }
        kind => panic!("unexpected response type {kind}"),
    }
}

/// The computer's analysis: refused while a game between people goes on;
/// once it has ended, its last board's Analyse button gives anyone the
/// evaluation graph and the mistakes and blunders, first answered within
/// Discord's 3 s (deferred, with progress, when the search takes longer),
/// and a second time at once from the database, also after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_and_an_ongoing_one_is_not() {
    let mut table = Table::new().await;
    let mut board = table.start_game(opts()).await;
    for _ in 0..8 {
        let player = to_move(&table, &board).clone();
        let hole = board.select_options(&menu_id(&board))[0].clone();
        board = table.select(&player, &board, &hole).await;
    }
    let game = opts().int("game", 1);
    let refused = table.slash(&table.ana, "analyze", game.clone()).await;
    assert_private(&refused, &en!("analysis-ongoing", id = 1));
    assert!(refused.attachments.is_empty());

    let confirm = table.click(&table.bob, &board, "kiela:resign:").await;
    let over = table.click(&table.bob, &confirm, "kiela:resign-yes:").await;
    let button = component_id(&over, "kiela:analyse:");
    assert_eq!(button, "kiela:analyse:1");
    let pressed = table.fake.click(&table.carol, over.id, &button).await;
    // Up to the count of mistakes, which chooses the wording.
    let title = en!("analysis-title", id = 1, count = ANY);
    let title = up_to_any(&title);
    let analysis = answer_saying(&pressed, title).await;
    assert!(pressed.latency().unwrap() < Duration::from_secs(3));
    // Privately: both players' mistakes are Carol's business until she
    // shares them.
    assert!(analysis.ephemeral);
    assert_eq!(
        analysis.custom_ids(),
        vec!["kiela:analyse-share:1".to_string()]
    );
    assert_eq!(analysis.attachments.len(), 1, "{}", analysis.content);
    let graph = &analysis.attachments[0];
    let image = image::load_from_memory(&graph.bytes).expect("a PNG");
    assert_eq!(
        (image.width(), image.height()),
        (kiela_render::GRAPH_WIDTH, kiela_render::GRAPH_HEIGHT)
    );
    let alt = graph.description.as_deref().unwrap_or_default();
    let described = en!(
        "analysis-alt",
        id = 1,
        plies = 8,
        south = ANY,
        north = ANY,
        count = ANY
    );
    assert!(
        alt.starts_with(up_to_any(&described)) && says(alt, &described),
        "{alt}"
    );

    // Stored: the same answer again, at once, after a restart too.
    table.stop_bot().await;
    table.start_bot().await;
    let again = table
        .fake
        .slash(&table.bob, CHANNEL_ID, "analyze", game)
        .await;
    let again = answer_saying(&again, title).await;
    assert_eq!(again.content, analysis.content);

    // Share (after the restart: the button carries the game) posts it
    // publicly where the game is played, saying who shared it, once.
    let shared_by = en!("analysis-shared", name = "Carol");
    let pressed = table
        .fake
        .click(&table.carol, analysis.id, "kiela:analyse-share:1")
        .await;
    answer(&pressed).await;
    let shared = table
        .fake
        .wait_for_message("the shared analysis", |m| {
            !m.ephemeral && m.content.starts_with(&shared_by)
        })
        .await;
    assert!(
        shared.content.contains(up_to_any(&title_full())),
        "{}",
        shared.content
    );
    assert_eq!(shared.attachments.len(), 1, "{}", shared.content);
    image::load_from_memory(&shared.attachments[0].bytes).expect("a PNG");
    assert!(shared.custom_ids().is_empty(), "{:?}", shared.custom_ids());
    table.wait_for_pass().await;
    let copies = (table.fake.messages(shared.channel_id))
        .into_iter()
        .filter(|m| m.content.starts_with(&shared_by))
        .count();
    assert_eq!(copies, 1);
    // Pressed again: shared once per place, the answer says where it is.
    let twice = table
        .fake
        .click(&table.carol, analysis.id, "kiela:analyse-share:1")
        .await;
    let twice = answer(&twice).await;
    assert!(twice.ephemeral, "{}", twice.content);
    let link = format!("/{}/{})", shared.channel_id, shared.id);
    assert!(twice.content.contains(&link), "{}", twice.content);
    table.wait_for_pass().await;
    let copies = (table.fake.messages(shared.channel_id))
        .into_iter()
        .filter(|m| m.content.starts_with(&shared_by))
        .count();
    assert_eq!(copies, 1, "not posted twice");
    table.fake.check_calls();
}

/// An analysis's title, up to its count of mistakes.
fn title_full() -> String {
    en!("analysis-title", id = 1, nodes = ANY, count = ANY)
}

/// A reminder carries the board and the move menu, in the channel and by
/// DM; the menu plays; past the deadline, a player who has moved before
/// loses on time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_losses_on_time_are_posted_once() {
    let table = Table::new().await;
    let notify = table
        .slash(&table.ana, "notify", opts().string("dm", "reminders"))
        .await;
    assert_private(&notify, &en!("notify-reminders"));
    let mut board = table.start_game(opts().int("days", 1)).await;
    // Both make a first move: running out of time then loses the game.
    for _ in 0..2 {
        let player = to_move(&table, &board).clone();
        let hole = board.select_options(&menu_id(&board))[0].clone();
        board = table.select(&player, &board, &hole).await;
    }
    assert_eq!(to_move(&table, &board).id, table.ana.id);

    // With 5 hours of Ana's day left, she is reminded, here and by DM,
    // each time with the board and its menu.
    table.later(DAY - 5 * 3600).await;
    let reminded = reminder("reminder", 1);
    let reminder = table
        .fake
        .wait_for_message("a reminder", |m| {
            m.channel_id == CHANNEL_ID && !m.ephemeral && says(&m.content, &reminded)
        })
        .await;
    assert_eq!(reminder.mentions(), vec![table.ana.id]);
    assert_board_picture(&reminder);
    assert_eq!(board_of(&reminder), board_of(&board));
    let dm = table.fake.dm_channel(&table.ana);
    let by_dm = table
        .fake
        .wait_for_message("a reminder by DM", |m| {
            m.channel_id == dm && says(&m.content, &reminded)
        })
        .await;
    assert_board_picture(&by_dm);
    assert_eq!(menu_id(&by_dm), menu_id(&board));
    // The reminder is now the game's board: the one before lost its menu.
    eventually(&table, "the old board loses its menu", || {
        !posted(&table, board.id)
            .custom_ids()
            .iter()
            .any(|id| id.starts_with("kiela:move:"))
    })
    .await;

    // Past the deadline, Ana loses on time.
    table.later(6 * 3600).await;
    let ran_out = en!("ran-out-of-time", name = "Ana", id = 1);
    let timeout = table
        .fake
        .wait_for_message("the loss on time", |m| m.content.contains(&ran_out))
        .await;
    let verdict = en!("result-timeout", winner = "Bob", loser = "Ana");
    assert!(timeout.content.contains(&verdict), "{}", timeout.content);
    assert_board_picture(&timeout);

    // More ticks change nothing: each event fired once.
    table.wait_for_pass().await;
    let posted = table.fake.messages(CHANNEL_ID);
    let count = |text: &str| posted.iter().filter(|m| says(&m.content, text)).count();
    assert_eq!(count(&reminded), 1);
    assert_eq!(count(&ran_out), 1);
    table.fake.check_calls();
}

/// `/kiela notify dm:every-turn`: the DM carries the board and the move
/// menu; a move from it is accepted, answered in the DM, and its board
/// goes to the game's channel with the opponent's ping. An opponent whose
/// DMs are closed loses only the DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_is_played_from_a_direct_message() {
    let table = Table::new().await;
    for user in [&table.ana, &table.bob] {
        let every = opts().string("dm", "every-turn");
        let notify = table.slash(user, "notify", every).await;
        assert_private(&notify, &en!("notify-every-turn"));
    }
    table.fake.close_dms(&table.bob);
    let first = table.start_game(opts()).await;
    assert_eq!(to_move(&table, &first).id, table.ana.id);

    // Bob accepted: Ana, to move, gets the board by DM.
    let dm = table.fake.dm_channel(&table.ana);
    let turn = table
        .fake
        .wait_for_message("Ana's turn by DM", |m| m.channel_id == dm)
        .await;
    let accepted = en!(
        "challenge-accepted",
        name = "Bob",
        id = 1,
        variant = en!("variant-standard")
    );
    // The direct message says where the game is played.
    let in_channel = en!("dm-note", text = accepted, channel = CHANNEL_ID.to_string());
    assert!(turn.content.contains(&in_channel), "{}", turn.content);
    assert_board_picture(&turn);
    let hole = turn.select_options(&menu_id(&turn))[0].clone();

    // She plays from the DM: answered there, the board in the channel.
    let answer = table.select(&table.ana, &turn, &hole).await;
    assert!(answer.ephemeral, "{}", answer.content);
    assert!(
        answer.content.contains(&sowed("Ana", &hole)),
        "{}",
        answer.content
    );
    let board = table
        .fake
        .wait_for_message("the board in the game's channel", |m| {
            m.channel_id == CHANNEL_ID && m.content.contains(&sowed("Ana", &hole))
        })
        .await;
    assert_eq!(board.mentions(), [table.bob.id]);
    assert_eq!(board_of(&board).map(|(_, ply)| ply), Some(1));
    // Bob's DMs are closed: his DM is refused and given up; he plays on
    // in the channel, and Ana hears of her turn by DM again.
    let bob_dm = format!("/channels/{}/messages", table.fake.dm_channel(&table.bob));
    eventually(&table, "Bob's DM is refused", || {
        refused(&table, &bob_dm, 50007).len() == 1
    })
    .await;
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let next = table.select(&table.bob, &board, &hole).await;
    assert!(!next.ephemeral, "{}", next.content);
    table
        .fake
        .wait_for_message("Ana's next turn by DM", |m| {
            m.channel_id == dm && m.content.contains(&sowed("Bob", &hole))
        })
        .await;
    // The first DM's menu is stale now: refused privately, with the board.
    let stale = table
        .select(&table.ana, &turn, &turn.select_options(&menu_id(&turn))[0])
        .await;
    assert!(
        stale.ephemeral
            && stale
                .content
                .to_lowercase()
                .contains(&en!("error-out-of-date")),
        "{}",
        stale.content
    );
    assert_eq!(undelivered(&table).await, 0);
    table.fake.check_calls();
}

/// A player who left the game's server cannot play it from a direct
/// message, with its menu or with `/kiela move`: refused, the game
/// unchanged. A player still a member plays from one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_left_the_server_cannot_move_from_a_direct_message() {
    let table = Table::new().await;
    for user in [&table.ana, &table.bob] {
        let every = opts().string("dm", "every-turn");
        table.slash(user, "notify", every).await;
        table.plays_at_once(user).await;
    }
    table.start_game(opts()).await;
    // Ana, a member, plays her turn from its direct message.
    let ana_dm = table.fake.dm_channel(&table.ana);
    let turn = table
        .fake
        .wait_for_message("Ana's turn by DM", |m| m.channel_id == ana_dm)
        .await;
    let hole = turn.select_options(&menu_id(&turn))[0].clone();
    let played = table.select(&table.ana, &turn, &hole).await;
    assert!(
        played.content.contains(&sowed("Ana", &hole)),
        "{}",
        played.content
    );
    // Bob's turn reaches him by DM; then he leaves the server.
    let bob_dm = table.fake.dm_channel(&table.bob);
    let turn = table
        .fake
        .wait_for_message("Bob's turn by DM", |m| {
            m.channel_id == bob_dm && m.content.contains(&sowed("Ana", &hole))
        })
        .await;
    table.fake.remove_member(GUILD_ID, &table.bob);
    let left = en!("error-left-server", id = 1);
    let hole = turn.select_options(&menu_id(&turn))[0].clone();
    let picked = table.pick(&table.bob, &turn, &hole).await;
    assert_private(&picked, &left);
    let typed = opts().string("hole", &hole).int("game", 1);
    let interaction = table.fake.slash(&table.bob, bob_dm, "move", typed).await;
    assert_private(&answer(&interaction).await, &left);
    // Nothing was played: no board at the next ply, Ana not called.
    table.wait_for_pass().await;
    assert!(boards_at(&table, 1, 2).is_empty());
    let dms = table.fake.messages(ana_dm);
    assert!(dms
        .iter()
        .all(|m| !m.content.contains(&sowed("Bob", &hole))));
    // Still his turn, in the channel: the game goes on by its clock.
    assert_eq!(boards_at(&table, 1, 1).len(), 1);
    assert_eq!(undelivered(&table).await, 0);
    table.fake.check_calls();
}

/// A game whose first player never moves is aborted when the time runs
/// out: announced in the channel to both, unrated, its menu gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unstarted_game_is_aborted_and_announced() {
    let table = Table::new().await;
    let board = table.start_game(opts().int("days", 1)).await;
    let game = board_of(&board).unwrap().0;
    table.later(DAY + 1).await;
    let said = en!("game-aborted", id = game, name = "Ana");
    let aborted = table
        .fake
        .wait_for_message("the abort", |m| m.content.contains(&said))
        .await;
    assert_eq!(aborted.channel_id, CHANNEL_ID);
    let unrated = en!("aborted-line");
    assert!(aborted.content.contains(&unrated), "{}", aborted.content);
    let mut told = aborted.mentions();
    told.sort();
    assert_eq!(told, [table.ana.id, table.bob.id]);
    assert!(!aborted
        .custom_ids()
        .iter()
        .any(|id| id.starts_with("kiela:move:")));
    // A client still showing the old board's menu: refused privately.
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let menu = menu_id(&board);
    let late = answer(
        &table
            .fake
            .select_shown(&table.ana, &board, &menu, &[&hole])
            .await,
    )
    .await;
    assert!(late.ephemeral, "{}", late.content);
    let stats = table.slash(&table.ana, "stats", opts()).await;
    let none = |key| en!(key, count = 0, number = "0");
    let results = en!(
        "stats",
        name = "Ana",
        rating = ANY,
        provisional = ANY,
        deviation = ANY,
        wins = none("count-wins"),
        losses = none("count-losses"),
        draws = none("count-draws"),
        ongoing = 0
    );
    assert!(says(&stats.content, &results), "{}", stats.content);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_legal_holes_and_games() {
    let table = Table::new().await;
    table.start_game(opts()).await;
    let typing = table
        .fake
        .autocomplete(&table.ana, CHANNEL_ID, "move", opts().typing("hole", 3, ""))
        .await;
    let response = typing.response().await;
    assert_eq!(response.kind, 8);
    let choices = response.data["choices"].as_array().unwrap().clone();
    assert!(!choices.is_empty() && choices.len() <= 20, "{choices:?}");
    assert!(
        choices.iter().all(|c| says(
            c["name"].as_str().unwrap(),
            &en!("menu-hole", hole = ANY, stones = ANY)
        )),
        "{choices:?}"
    );

    // Bob is not to move: no hole to offer him.
    let typing = table
        .fake
        .autocomplete(&table.bob, CHANNEL_ID, "move", opts().typing("hole", 3, ""))
        .await;
    assert_eq!(typing.response().await.data["choices"], json!([]));

    // A picked hole names the position it was offered in: played there,
    // refused as stale once the game has moved on.
    let picked = choices[0]["value"].as_str().unwrap().to_string();
    assert!(picked.ends_with("@0"), "{picked}");
    let played = table
        .slash(&table.ana, "move", opts().string("hole", &picked))
        .await;
    assert!(!played.ephemeral, "{}", played.content);
    let typing = table
        .fake
        .autocomplete(&table.bob, CHANNEL_ID, "move", opts().typing("hole", 3, ""))
        .await;
    let reply = typing.response().await.data["choices"][0]["value"].clone();
    let reply = reply.as_str().unwrap().to_string();
    assert!(reply.ends_with("@1"), "{reply}");
    table
        .slash(&table.bob, "move", opts().string("hole", &reply))
        .await;
    let stale = table
        .slash(&table.ana, "move", opts().string("hole", &picked))
        .await;
    assert_private(&stale, &en!("error-out-of-date"));

    let typing = table
        .fake
        .autocomplete(
            &table.bob,
            CHANNEL_ID,
            "board",
            opts().typing("game", 4, ""),
        )
        .await;
    let choices = typing.response().await.data["choices"].clone();
    assert_eq!(choices[0]["value"], json!(1), "{choices}");
    let label = en!("choice-label", id = 1, opponent = "Ana", state = ANY);
    assert!(
        says(choices[0]["name"].as_str().unwrap(), &label),
        "{choices}"
    );

    // Once the game is over, `board` no longer offers it; `history` does.
    let over = table
        .slash(&table.bob, "resign", opts().int("game", 1))
        .await;
    assert_private(&over, &en!("confirm-resign", id = 1));
    let over = table.click(&table.bob, &over, "kiela:resign-yes:").await;
    let resigned = en!("resigned", name = "Bob", id = 1);
    assert!(over.content.contains(&resigned), "{}", over.content);
    let table = &table;
    let game_choices = |subcommand: &'static str| async move {
        let typing = table
            .fake
            .autocomplete(
                &table.bob,
                CHANNEL_ID,
                subcommand,
                opts().typing("game", 4, ""),
            )
            .await;
        typing.response().await.data["choices"].clone()
    };
    assert_eq!(game_choices("board").await, json!([]));
    let choices = game_choices("history").await;
    assert_eq!(choices[0]["value"], json!(1), "{choices}");
    assert!(
        choices[0]["name"]
            .as_str()
            .unwrap()
            .ends_with(&en!("choice-lost")),
        "{choices}"
    );
    table.fake.check_calls();
}

#[test]
fn kiela_without_a_token_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kiela"))
        .current_dir(dir.path())
        .env_clear()
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("DISCORD_TOKEN is not set"), "{said}");
    assert!(
        said.contains("discord.com/developers/applications"),
        "{said}"
    );
    assert!(
        !dir.path().join("kiela.db").exists(),
        "nothing is created without a token"
    );
}

/// The labels of a message's buttons and the placeholder and option labels
/// of its menus, in order.
fn component_words(message: &Message) -> Vec<String> {
    let mut words = Vec::new();
    for row in message.components.as_array().into_iter().flatten() {
        for component in row["components"].as_array().into_iter().flatten() {
            for key in ["label", "placeholder"] {
                if let Some(word) = component[key].as_str() {
                    words.push(word.to_owned());
                }
            }
            for option in component["options"].as_array().into_iter().flatten() {
                words.push(option["label"].as_str().unwrap_or_default().to_owned());
            }
        }
    }
    words
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_portuguese_user_gets_portuguese_private_replies_and_errors() {
    let table = Table::new().await;
    let ana = table.ana.clone().speaking("pt-BR");
    let rules = table.slash(&ana, "rules", opts()).await;
    assert_private(&rules, &pt!("rules-summary"));
    let none = table.slash(&ana, "games", opts()).await;
    assert_private(&none, &pt!("no-games"));
    let wrong = table.slash(&ana, "move", opts().string("hole", "C2")).await;
    assert_private(&wrong, &pt!("no-game-here"));

    // The server speaks English: the challenge, a public post, is English;
    // a mistake of Ana's is still told to her in Portuguese.
    let challenge = table
        .slash(
            &ana,
            "challenge",
            opts().user("opponent", &table.bob).string("first", "me"),
        )
        .await;
    let challenges = en!(
        "challenge",
        mention = mention(&table.bob),
        name = "Ana",
        variant = en!("variant-standard"),
        first = en!("first-named", name = "Ana"),
        days = 3,
        within = 3
    );
    assert!(
        challenge.content.contains(&challenges),
        "{}",
        challenge.content
    );
    let board = table.click(&table.bob, &challenge, "kiela:accept:").await;
    let bad = table.slash(&ana, "move", opts().string("hole", "Z9")).await;
    assert_private(&bad, &pt!("bad-hole", text = "Z9"));
    let stranger = table
        .click(
            &table.carol.clone().speaking("pt-BR"),
            &board,
            "kiela:abort:",
        )
        .await;
    assert_private(&stranger, &pt!("error-not-your-game"));
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_portuguese_server_gets_portuguese_boards_mentions_and_results() {
    let table = Table::new().await;
    table.fake.set_guild_locale(GUILD_ID, "pt-BR");
    let challenge = table
        .slash(
            &table.ana,
            "challenge",
            opts().user("opponent", &table.bob).string("first", "me"),
        )
        .await;
    let challenges = pt!(
        "challenge",
        mention = mention(&table.bob),
        name = "Ana",
        variant = pt!("variant-standard"),
        first = pt!("first-named", name = "Ana"),
        days = 3,
        within = 3
    );
    assert!(
        challenge.content.contains(&challenges),
        "{}",
        challenge.content
    );
    assert_eq!(challenge.mentions(), vec![table.bob.id]);
    assert_eq!(
        component_words(&challenge),
        [pt!("button-accept"), pt!("button-decline")]
    );

    let board = table.click(&table.bob, &challenge, "kiela:accept:").await;
    let accepted = pt!(
        "challenge-accepted",
        name = "Bob",
        id = 1,
        variant = pt!("variant-standard")
    );
    assert!(board.content.contains(&accepted), "{}", board.content);
    let your_move = |user: &FakeUser, side| {
        pt!(
            "your-move-before",
            mention = mention(user),
            name = user.name.as_str(),
            side = pt!(side),
            deadline = ANY
        )
    };
    let anas_move = your_move(&table.ana, "side-south");
    assert!(says(&board.content, &anas_move), "{}", board.content);
    assert_eq!(to_move(&table, &board).id, table.ana.id);
    let words = component_words(&board);
    assert!(words.contains(&pt!("menu-sow-from")), "{words:?}");
    let option = pt!("menu-hole", hole = ANY, stones = ANY);
    assert!(words.iter().any(|w| says(w, &option)), "{words:?}");
    assert!(words.contains(&pt!("button-abort")), "{words:?}");

    let hole = board.select_options(&menu_id(&board))[0].clone();
    let next = table.select(&table.ana, &board, &hole).await;
    // The turn's path is in Portuguese too, like the rest of the board's text.
    let sowed = pt!("board-path-sowed", mover = "Ana", hole = &hole);
    let bobs_move = your_move(&table.bob, "side-north");
    assert!(
        next.content.contains(&sowed) && says(&next.content, &bobs_move),
        "{}",
        next.content
    );
    assert!(component_words(&next).contains(&pt!("button-watch")));
    assert_eq!(next.mentions(), vec![table.bob.id]);

    // An English-speaking player in that server still reads English in
    // private; the result, public, is Portuguese.
    let rules = table.slash(&table.bob, "rules", opts()).await;
    assert_private(&rules, &en!("rules-summary"));
    let confirm = table.slash(&table.bob, "resign", opts()).await;
    assert_private(&confirm, &en!("confirm-resign", id = 1));
    assert_eq!(component_words(&confirm), [en!("button-confirm-resign")]);
    let over = table.click(&table.bob, &confirm, "kiela:resign-yes:").await;
    assert!(!over.ephemeral);
    let resigned = pt!("resigned", name = "Bob", id = 1);
    assert!(over.content.contains(&resigned), "{}", over.content);
    let result = pt!(
        "result-line",
        result = pt!("result-resigned", winner = "Ana", loser = "Bob")
    );
    assert!(over.content.contains(&result), "{}", over.content);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn managers_choose_the_servers_language() {
    let table = Table::new().await;
    let language = |value: &str| opts().string("language", value);
    let refused = table.slash(&table.bob, "settings", language("pt")).await;
    assert_private(&refused, &en!("settings-managers-only"));
    let manager = table.carol.clone().manager();
    let set = table.slash(&manager, "settings", language("pt")).await;
    let settings = |language: String| {
        en!(
            "settings-now",
            language = language,
            threads = en!("settings-threads-auto"),
            days = 3,
            channel = en!("settings-channel-anywhere"),
            challenge_days = en!("settings-challenge-days", days = 3),
            puzzle = en!("settings-puzzle-off")
        )
    };
    assert_private(&set, &settings(en!("language-pt")));
    let shown = table.slash(&table.bob, "settings", opts()).await;
    assert_private(&shown, &settings(en!("language-pt")));
    // The server's guild_locale is en-US, but public posts now speak Portuguese.
    let board = table.start_game(opts()).await;
    let anas_move = pt!(
        "your-move-before",
        mention = mention(&table.ana),
        name = "Ana",
        side = pt!("side-south"),
        deadline = ANY
    );
    assert!(says(&board.content, &anas_move), "{}", board.content);
    let back = table.slash(&manager, "settings", language("auto")).await;
    let automatic = en!("settings-auto-language", language = en!("language-en"));
    assert_private(&back, &settings(automatic));
    let shown = table
        .slash(&table.ana, "board", opts().int("game", 1))
        .await;
    let turn = en!("choice-your-move");
    assert!(shown.content.contains(&turn), "{}", shown.content);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registered_command_carries_its_portuguese_localisations() {
    let table = Table::new().await;
    let commands = table.fake.commands(Some(GUILD_ID)).await;
    let kiela = &commands[0];
    assert_eq!(kiela["name"], "kiela");
    assert_eq!(kiela["name_localizations"]["pt-BR"], pt!("cmd-kiela-name"));
    assert_eq!(
        kiela["description_localizations"]["pt-BR"],
        pt!("cmd-kiela-description")
    );
    let sub = |name: &str| {
        kiela["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no subcommand {name}"))
            .clone()
    };
    let challenge = sub("challenge");
    assert_eq!(
        challenge["name_localizations"]["pt-BR"],
        pt!("cmd-challenge-name")
    );
    let first = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "first")
        .unwrap()
        .clone();
    assert_eq!(first["name_localizations"]["pt-BR"], pt!("opt-first-name"));
    assert_eq!(first["choices"][0]["value"], "me");
    assert_eq!(
        first["choices"][0]["name_localizations"]["pt-BR"],
        pt!("choice-first-me")
    );
    assert_eq!(
        sub("move")["name_localizations"]["pt-BR"],
        pt!("cmd-move-name")
    );
    assert_eq!(
        sub("settings")["name_localizations"]["pt-BR"],
        pt!("cmd-settings-name")
    );
    // Every subcommand and option has a Portuguese name and description.
    for sub in kiela["options"].as_array().unwrap() {
        for item in std::iter::once(sub).chain(sub["options"].as_array().into_iter().flatten()) {
            assert!(
                item["name_localizations"]["pt-BR"].is_string(),
                "{}",
                item["name"]
            );
            assert!(
                item["description_localizations"]["pt-BR"].is_string(),
                "{}",
                item["name"]
            );
        }
    }
    table.fake.check_calls();
}

// --- Delivery: nothing lost, nothing posted twice ---------------------------

/// The game and ply of a board message, from its picture's file name
/// (`kiela-<game>-<ply>.png`).
fn board_of(message: &Message) -> Option<(i64, i64)> {
    let name = message.attachments.first()?.filename.as_str();
    let rest = name.strip_prefix("kiela-")?.strip_suffix(".png")?;
    let (game, ply) = rest.split_once('-')?;
    Some((game.parse().ok()?, ply.parse().ok()?))
}

/// The channel's boards of `game` at `ply`.
fn boards_at(table: &Table, game: i64, ply: i64) -> Vec<Message> {
    let messages = table.fake.messages(CHANNEL_ID);
    let boards = messages.into_iter();
    boards
        .filter(|m| board_of(m) == Some((game, ply)))
        .collect()
}

/// Posts not delivered, once the bot has had its chance: the answers
/// under way are done and the loops have passed (a post reaches Discord
/// just before the bot records it).
async fn undelivered(table: &Table) -> i64 {
    table.wait_for_pass().await;
    let store = kiela_store::Store::open(&table.database).await.unwrap();
    // Shown if the test fails.
    for post in store.outbox().undelivered_posts(10).await.unwrap() {
        eprintln!("undelivered: {post:?}");
    }
    store.outbox().pending_posts().await.unwrap()
}

/// Moves the clock on (retries and leases count in its seconds), letting
/// the bot act after each step, until `done` holds.
async fn eventually_with_time(table: &Table, what: &str, done: impl Fn() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        table.later(5).await;
        table.wait_for_pass().await;
    }
    panic!("{what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_answer_is_posted_by_the_outbox_once_through_errors() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    table.plays_at_once(&table.ana).await;
    let (game, ply) = board_of(&board).unwrap();
    // Discord fails the answer, then the first two posts of the outbox (a
    // server error, then a rate limit).
    for (method, path, status) in [
        ("POST", "/callback", 500),
        ("POST", "/messages", 502),
        ("POST", "/messages", 429),
    ] {
        table.fake.fail(Fault {
            method,
            path,
            status,
            code: 0,
            times: 1,
        });
    }
    let hole = board.select_options(&menu_id(&board))[0].clone();
    table
        .fake
        .select(&table.ana, board.id, &menu_id(&board), &[&hole])
        .await;

    eventually_with_time(&table, "the move's board is posted", || {
        !boards_at(&table, game, ply + 1).is_empty()
    })
    .await;
    let posted = boards_at(&table, game, ply + 1);
    assert_eq!(posted.len(), 1, "one board for the move");
    let next = &posted[0];
    assert!(
        next.content.contains(&sowed("Ana", &hole)),
        "{}",
        next.content
    );
    assert_eq!(next.mentions(), vec![table.bob.id], "Bob is called to move");
    assert!(next.raw["nonce"].as_str().unwrap().starts_with("kiela-"));
    assert_eq!(undelivered(&table).await, 0);
    // The posted board is the game's board: the one before loses its menus.
    eventually(&table, "the old board loses its menus", || {
        !posted_components(&table, board.id).contains("kiela:move:")
    })
    .await;
    // Nothing else comes later.
    table.later(3600).await;
    table.wait_for_pass().await;
    assert_eq!(boards_at(&table, game, ply + 1).len(), 1);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_sent_before_a_failure_is_found_after_the_nonce_window_not_posted_again() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    table.plays_at_once(&table.ana).await;
    let (game, ply) = board_of(&board).unwrap();
    // The answer fails, so the delivery loop posts the move's board;
    // Discord makes the message but answers 500, and by the loop's next
    // try it has forgotten the nonce that would have caught a second send.
    table.fake.fail(Fault {
        method: "POST",
        path: "/callback",
        status: 500,
        code: 0,
        times: 1,
    });
    table.fake.fail_after_doing(Fault {
        method: "POST",
        path: "/messages",
        status: 500,
        code: 0,
        times: 1,
    });
    let hole = board.select_options(&menu_id(&board))[0].clone();
    table
        .fake
        .select(&table.ana, board.id, &menu_id(&board), &[&hole])
        .await;
    eventually(&table, "the board is made, unknown to the bot", || {
        boards_at(&table, game, ply + 1).len() == 1
    })
    .await;
    table.fake.age_messages(fake_discord::NONCE_WINDOW);
    for _ in 0..3 {
        table.later(3600).await;
        table.wait_for_pass().await;
    }
    assert_eq!(
        boards_at(&table, game, ply + 1).len(),
        1,
        "found, not posted again"
    );
    assert_eq!(undelivered(&table).await, 0);
    let looked = table.fake.calls();
    let looked = looked
        .iter()
        .filter(|c| c.method == "GET" && c.path.ends_with("/messages"));
    assert_eq!(looked.count(), 1, "looked for once");
    table.fake.check_calls();
}

fn posted_components(table: &Table, id: u64) -> String {
    posted(table, id).components.to_string()
}

/// The longest a move may wait for its board after a crash or a failed
/// answer, by the bot's clock (seconds).
const BOARD_WITHIN: i64 = 10;

/// The board of `game` at `ply`, once it is in the channel: the test moves
/// the bot's clock on a second at a time while it waits (letting the bot
/// act after each), and fails if the board is not there within
/// [`BOARD_WITHIN`] seconds of `moved_at`.
async fn board_within(table: &Table, game: i64, ply: i64, moved_at: i64) -> Message {
    loop {
        let shown = boards_at(table, game, ply).into_iter();
        if let Some(board) = shown.into_iter().find(|m| !m.ephemeral) {
            return board;
        }
        let waited = table.clock.now() - moved_at;
        assert!(
            waited < BOARD_WITHIN,
            "the board of move {ply} is not in the channel {waited} s after the move"
        );
        table.later(1).await;
        table.wait_for_pass().await;
    }
}

/// Five more moves from `board` in its channel, each by the player it
/// calls: each board is in the channel within [`BOARD_WITHIN`] seconds of
/// its move. Then every board from `first_ply` on is there once.
async fn five_more_moves_each_board_soon_and_once(table: &Table, board: Message, first_ply: i64) {
    let (game, mut ply) = board_of(&board).unwrap();
    let mut board = board;
    for _ in 0..5 {
        let player = to_move(table, &board).clone();
        let menu = menu_id(&board);
        let hole = board.select_options(&menu)[0].clone();
        let moved_at = table.clock.now();
        table.fake.select(&player, board.id, &menu, &[&hole]).await;
        ply += 1;
        board = board_within(table, game, ply, moved_at).await;
    }
    assert_eq!(undelivered(table).await, 0);
    for ply in first_ply..=ply {
        let public = boards_at(table, game, ply).into_iter();
        assert_eq!(
            public.filter(|m| !m.ephemeral).count(),
            1,
            "board {ply} once"
        );
    }
}

/// The bot is killed while an answer carrying a board is in flight (its
/// call to Discord never returns): back up, the board is in the channel
/// within seconds, and the channel's next boards do not wait behind it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_mid_answer_delays_the_channel_seconds_not_minutes() {
    let mut table = Table::new().await;
    let board = table.start_game(opts()).await;
    table.plays_at_once(&table.ana).await;
    table.plays_at_once(&table.bob).await;
    let (game, ply) = board_of(&board).unwrap();
    // A bot on a runtime of its own, so that killing it stops every task
    // it has at once, as SIGKILL would.
    table.stop_bot().await;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let config = table.config();
    let clock = table.clock.clone();
    let doomed = runtime.spawn(async move {
        let store = Store::open(&config.database_url).await.unwrap();
        Bot::start(config, store, clock).await.unwrap()
    });
    let doomed = doomed.await.unwrap();
    table.fake.wait_ready().await;
    // Ana's move: its answer never reaches Discord, and the bot dies.
    table.fake.hang_before_doing("POST", "/callback");
    let menu = menu_id(&board);
    let hole = board.select_options(&menu)[0].clone();
    let moved_at = table.clock.now();
    table
        .fake
        .select(&table.ana, board.id, &menu, &[&hole])
        .await;
    table
        .fake
        .wait_until("the answer in flight", || table.fake.hung() == 1)
        .await;
    runtime.shutdown_background();
    drop(doomed);
    table
        .fake
        .wait_until("the killed bot's socket to close", || {
            table.fake.shards().is_empty()
        })
        .await;
    table.start_bot().await;
    let next = board_within(&table, game, ply + 1, moved_at).await;
    five_more_moves_each_board_soon_and_once(&table, next, ply + 1).await;
    table.fake.check_calls();
}

/// Discord fails an answer carrying a board with a 500 and cannot say
/// whether it was shown: the delivery loop takes the board at once, finds
/// no answer, and posts it; the channel's next boards follow at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_on_an_answer_delays_the_channel_seconds_not_minutes() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    table.plays_at_once(&table.ana).await;
    table.plays_at_once(&table.bob).await;
    let (game, ply) = board_of(&board).unwrap();
    for (method, path, status) in [
        ("POST", "/callback", 500),
        ("GET", "/messages/@original", 503),
    ] {
        table.fake.fail(Fault {
            method,
            path,
            status,
            code: 0,
            times: 1,
        });
    }
    let menu = menu_id(&board);
    let hole = board.select_options(&menu)[0].clone();
    let moved_at = table.clock.now();
    table
        .fake
        .select(&table.ana, board.id, &menu, &[&hole])
        .await;
    let next = board_within(&table, game, ply + 1, moved_at).await;
    five_more_moves_each_board_soon_and_once(&table, next, ply + 1).await;
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_went_out_is_found_not_posted_again() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    let (game, ply) = board_of(&board).unwrap();
    // The first board's answer is done (its read-back too).
    assert_eq!(undelivered(&table).await, 0);
    // The answer goes out, but reading it back fails: the process cannot
    // tell it was delivered, and hands it to the delivery loop at once.
    table.fake.fail(Fault {
        method: "GET",
        path: "/messages/@original",
        status: 503,
        code: 0,
        times: 1,
    });
    let next = table
        .select(
            &table.ana,
            &board,
            &board.select_options(&menu_id(&board))[0],
        )
        .await;
    assert_eq!(board_of(&next), Some((game, ply + 1)));
    // The delivery loop asks Discord, finds the answer, and posts nothing.
    assert_eq!(undelivered(&table).await, 0);
    assert_eq!(
        boards_at(&table, game, ply + 1).len(),
        1,
        "not posted again"
    );
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_and_still_ping_in_a_new_message() {
    use sqlx::{Connection, Executor};
    let mut table = Table::new().await;
    let board = table.start_game(opts()).await;
    table.plays_at_once(&table.ana).await;
    let (game, ply) = board_of(&board).unwrap();
    let ai = table
        .slash(&table.ana, "ai", opts().string("first", "me"))
        .await;
    let (ai_game, _) = board_of(&ai).unwrap();
    // From now on the bot defers whatever is not ready at once.
    table.stop_bot().await;
    table.timing.defer_after = Duration::ZERO;
    table.start_bot().await;

    // Someone holds the database: the move waits for it, and the bot
    // defers; the test lets go once it has.
    let mut lock = sqlx::SqliteConnection::connect(&table.database)
        .await
        .unwrap();
    lock.execute("BEGIN IMMEDIATE").await.unwrap();
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let interaction = table
        .fake
        .select(&table.ana, board.id, &menu_id(&board), &[&hole])
        .await;
    assert_eq!(interaction.response().await.kind, 5, "deferred");
    lock.execute("COMMIT").await.unwrap();

    // An edit would not notify Bob: the board comes as a new message that
    // mentions him, and the placeholder goes.
    let next = table
        .fake
        .wait_for_message("the deferred board", |m| {
            board_of(m) == Some((game, ply + 1))
        })
        .await;
    assert_eq!(next.mentions(), vec![table.bob.id]);
    assert_eq!(next.raw["type"], 0, "a message of its own, not an edit");
    eventually(&table, "the placeholder goes", || {
        table
            .fake
            .messages(CHANNEL_ID)
            .iter()
            .all(|m| m.raw["flags"].as_u64().unwrap_or(0) & (1 << 7) == 0)
    })
    .await;
    assert_eq!(boards_at(&table, game, ply + 1).len(), 1);

    // Against the AI, the answer only calls the player who acted: the
    // placeholder is edited into the board.
    lock.execute("BEGIN IMMEDIATE").await.unwrap();
    let hole = ai.select_options(&menu_id(&ai))[0].clone();
    let interaction = table
        .fake
        .select(&table.ana, ai.id, &menu_id(&ai), &[&hole])
        .await;
    assert_eq!(interaction.response().await.kind, 5, "deferred");
    lock.execute("COMMIT").await.unwrap();
    let answered = answer(&interaction).await;
    assert_eq!(
        board_of(&answered),
        Some((ai_game, 2)),
        "{}",
        answered.content
    );
    assert_eq!(answered.mentions(), vec![table.ana.id]);
    assert_eq!(undelivered(&table).await, 0);
    table.fake.check_calls();
}

/// Nicknames that try to format, link or ping reach the channel escaped
/// (Discord shows the characters themselves) and ping nobody; the record's
/// code block stays closed. A record too long for a message comes as a
/// `.txt` file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nicknames_are_escaped_and_long_records_come_as_files() {
    let table = Table::new().await;
    let mal =
        FakeUser::new(1_200_000_000_000_000_021, "mal").nicknamed("**M** [x](https://example.com)");
    let zed = FakeUser::new(1_200_000_000_000_000_022, "zed")
        .nicknamed("```Z @everyone <@123> نزي👩\u{200D}👧");
    table.fake.add_user(&mal);
    table.fake.add_user(&zed);
    let hazards = [
        "**M**",
        "[x](https://example.com)",
        "```",
        "@everyone",
        "<@123>",
    ];
    let harmless = |message: &Message| {
        for hazard in hazards {
            assert!(
                !message.content.contains(hazard),
                "{hazard:?} got through: {}",
                message.content
            );
        }
    };

    let challenge = table
        .slash(
            &mal,
            "challenge",
            opts()
                .user("opponent", &zed)
                .string("first", "me")
                .string("variant", "beginner"),
        )
        .await;
    harmless(&challenge);
    assert!(
        challenge
            .content
            .contains(r"\*\*M\*\* \[x\]\(https\://example\.com\)"),
        "the nickname, not the user name, escaped: {}",
        challenge.content
    );
    assert_eq!(challenge.mentions(), [zed.id], "{}", challenge.content);
    let board = table.click(&zed, &challenge, "kiela:accept:").await;
    harmless(&board);
    assert!(board.content.contains(r"\`\`\`Z @"), "{}", board.content);
    assert!(
        board.content.contains("نزي👩\u{200D}👧"),
        "{}",
        board.content
    );
    assert_eq!(board.mentions(), [mal.id], "{}", board.content);
    let game = component_id(&board, "kiela:move:")
        .split(':')
        .nth(2)
        .unwrap()
        .parse::<i64>()
        .unwrap();
    let history = table.slash(&mal, "history", opts().int("game", game)).await;
    assert_eq!(
        history.content.matches("```").count(),
        2,
        "{}",
        history.content
    );
    assert!(history.attachments.is_empty());

    // 420 plies: the record no longer fits in a message.
    let store = kiela_store::Store::open(&table.database).await.unwrap();
    let moves = support::long_games::lasting_moves(420);
    support::long_games::append(&store.into(), GameId(game), &moves, START).await;
    let history = table.slash(&mal, "history", opts().int("game", game)).await;
    assert!(history.content.chars().count() <= 2000);
    assert!(
        history
            .content
            .contains(&en!("history-attached", plies = 420)),
        "{}",
        history.content
    );
    assert_eq!(history.attachments.len(), 1);
    let file = &history.attachments[0];
    assert_eq!(file.filename, format!("kiela-{game}.txt"));
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    assert!(text.starts_with("variant=beginner"), "{text}");
    assert!(text.contains(&moves[419].to_string()));
    assert!(text.chars().count() > 2000);
    table.fake.check_calls();
}

/// Only the players post a game's board, in the game's channel: a
/// stranger's `/kiela board` is a private copy that leaves the board its
/// menus, and a move made from another channel is answered privately while
/// the board, with its ping, goes to the game's channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_belong_to_their_players_and_their_channel() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    let (game, ply) = board_of(&board).unwrap();
    let game_option = || opts().int("game", game);

    let copy = table.slash(&table.carol, "board", game_option()).await;
    assert!(copy.ephemeral, "{}", copy.content);
    let allowed = copy.allowed_mentions.clone().unwrap_or_default();
    assert_eq!(allowed["users"], json!([]), "pings nobody: {allowed}");
    table.wait_for_pass().await;
    assert!(
        posted_components(&table, board.id).contains("kiela:move:"),
        "the board keeps its menus"
    );

    let elsewhere = CHANNEL_ID + 100;
    table.fake.add_guild_channel(GUILD_ID, elsewhere);
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let interaction = table
        .fake
        .slash(
            &table.ana,
            elsewhere,
            "move",
            opts().string("hole", &hole).and(game_option()),
        )
        .await;
    let answer = answer(&interaction).await;
    assert!(answer.ephemeral, "{}", answer.content);
    let channel = CHANNEL_ID.to_string();
    let played_there = en!("posted-elsewhere", channel = channel);
    assert!(answer.content.contains(&played_there), "{}", answer.content);
    let next = table
        .fake
        .wait_for_message("the board in the game's channel", |m| {
            board_of(m) == Some((game, ply + 1)) && !m.ephemeral
        })
        .await;
    assert_eq!(next.channel_id, CHANNEL_ID);
    assert_eq!(next.mentions(), vec![table.bob.id]);
    assert!(
        table.fake.messages(elsewhere).is_empty(),
        "nothing public elsewhere"
    );
    table.fake.check_calls();
}

/// Twenty people ask for expert games against the AI at once, the AI
/// moving first: the searches queue for the bounded pool, yet every
/// interaction gets its first callback (a deferral) in time and then its
/// board. The slowest first callback is printed for the notes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_expert_requests_at_once_are_all_answered() {
    let table = Table::new().await;
    let players: Vec<FakeUser> = (0..20)
        .map(|i| {
            let user = FakeUser::new(1_200_000_000_000_000_100 + i, &format!("Player {i}"));
            table.fake.add_user(&user);
            user
        })
        .collect();
    let options = opts().string("level", "expert").string("first", "them");
    let mut asked = Vec::new();
    for player in &players {
        asked.push(
            table
                .fake
                .slash(player, CHANNEL_ID, "ai", options.clone())
                .await,
        );
    }
    let mut slowest = Duration::ZERO;
    for interaction in &asked {
        let board = answer(interaction).await;
        assert!(!board.ephemeral, "{}", board.content);
        assert_eq!(
            board_of(&board).map(|(_, ply)| ply),
            Some(1),
            "the AI opened"
        );
        slowest = slowest.max(interaction.latency().unwrap());
    }
    println!("twenty expert requests: slowest first callback {slowest:?}");
    table.fake.check_calls();
}

// --- Discord refuses, the bot copes -----------------------------------------

/// The content of each call of the bot's to `path` that the fake refused
/// with Discord's error `code`.
fn refused(table: &Table, path: &str, code: u64) -> Vec<String> {
    let calls = table.fake.calls();
    let refused = calls
        .iter()
        .filter(|c| c.path == path && c.error.as_ref().is_some_and(|e| e["code"] == code));
    refused
        .map(|c| {
            let body = c.body.as_ref();
            let content = body.and_then(|b| b["content"].as_str());
            content.unwrap_or_default().to_owned()
        })
        .collect()
}

/// Lets retries come due: an hour of the service's clock, in steps the
/// bot acts on.
async fn let_retries_come(table: &Table) {
    for _ in 0..20 {
        table.later(180).await;
        table.wait_for_pass().await;
    }
}

/// A channel where the bot lost Send Messages: the first post only it
/// would make there (a reminder) is refused with 50013, once. The game has
/// no other place: its clock pauses (it is not aborted however long it
/// waits) and both players are told by DM. Answers to interactions need no
/// permission: Ana's move from the board resumes the game there, with the
/// full time; Bob's reminder is refused in turn, and the game pauses again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_the_bot_may_not_make_pause_the_game_until_a_player_acts() {
    let table = Table::new().await;
    let board = table.start_game(opts().int("days", 1)).await;
    table.fake.deny_posting(CHANNEL_ID);
    let channel = format!("/channels/{CHANNEL_ID}/messages");
    let count = |text: &str| {
        let contents = refused(&table, &channel, 50013);
        contents.iter().filter(|c| says(c, text)).count()
    };
    // Neither has moved: each is reminded of a first move.
    let reminded = reminder("reminder-first-move", 1);
    // The accept's answer has marked its board delivered: past its lease
    // (the clock jumps a day) the loop would otherwise post it again.
    table.wait_for_pass().await;

    table.later(DAY - 5 * 3600).await;
    eventually(&table, "Ana's reminder is refused", || {
        count(&reminded) == 1
    })
    .await;
    let why = en!("place-refused-missing-permissions");
    let paused = en!("game-paused-dm", id = 1, why = why.as_str());
    for player in [&table.ana, &table.bob] {
        let dm = table.fake.dm_channel(player);
        table
            .fake
            .wait_for_message("the DM that the game is paused", |m| {
                m.channel_id == dm && says(&m.content, &paused)
            })
            .await;
    }
    let_retries_come(&table).await;
    assert_eq!(count(&reminded), 1, "a refused channel is not tried again");
    assert_eq!(undelivered(&table).await, 0);
    // Paused: days pass, and the game is not aborted.
    table.later(3 * DAY).await;
    table.wait_for_pass().await;
    let aborted = en!("game-aborted", id = 1, name = ANY);
    assert_eq!(count(&aborted), 0);
    assert_eq!(refused(&table, &channel, 50013).len(), 1);

    let hole = board.select_options(&menu_id(&board))[0].clone();
    let next = table.select(&table.ana, &board, &hole).await;
    assert!(!next.ephemeral, "{}", next.content);
    assert!(says(&next.content, &en!("game-resumed-here", id = 1)));
    assert!(next.content.contains(&sowed("Ana", &hole)));
    assert_eq!(next.mentions(), [table.bob.id]);

    // Bob's reminder is refused: paused again, told again, not aborted.
    table.later(DAY - 5 * 3600).await;
    eventually(&table, "Bob's reminder is refused", || {
        count(&reminded) == 2
    })
    .await;
    table.later(6 * 3600).await;
    let_retries_come(&table).await;
    assert_eq!((count(&reminded), count(&aborted)), (2, 0));
    let all = refused(&table, &channel, 50013);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert_eq!(undelivered(&table).await, 0);
    let dm = table.fake.dm_channel(&table.bob);
    let told = table.fake.messages(dm);
    assert_eq!(told.iter().filter(|m| says(&m.content, &paused)).count(), 2);
    table.fake.check_calls();
}

/// Ana asked for reminders by DM but closed her DMs: the DM is refused
/// with 50007 and given up; the reminder in the channel is still posted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_reminder_to_closed_dms_is_given_up_and_the_channel_one_posted() {
    let table = Table::new().await;
    let notify = table
        .slash(&table.ana, "notify", opts().string("dm", "reminders"))
        .await;
    assert!(notify.ephemeral);
    table.fake.close_dms(&table.ana);
    let dm = table.fake.dm_channel(&table.ana);
    let dm_path = format!("/channels/{dm}/messages");
    table.start_game(opts().int("days", 1)).await;

    table.later(DAY - 5 * 3600).await;
    let reminded = reminder("reminder-first-move", 1);
    let reminder = table
        .fake
        .wait_for_message("the reminder in the channel", |m| {
            m.channel_id == CHANNEL_ID && says(&m.content, &reminded)
        })
        .await;
    assert_eq!(reminder.mentions(), [table.ana.id]);
    eventually(&table, "the DM is refused", || {
        refused(&table, &dm_path, 50007).len() == 1
    })
    .await;
    let_retries_come(&table).await;
    let refusals = refused(&table, &dm_path, 50007);
    assert_eq!(refusals.len(), 1, "not retried: {refusals:?}");
    assert!(table.fake.messages(dm).is_empty());
    assert_eq!(undelivered(&table).await, 0);
    let reminders = table.fake.messages(CHANNEL_ID);
    let reminders = reminders.iter().filter(|m| says(&m.content, &reminded));
    assert_eq!(reminders.count(), 1);
    table.fake.check_calls();
}

/// A server manager deletes a game's thread: the next board (Bob's
/// reminder) is refused there once, with 10003, and the game goes on in
/// its lobby, the channel it was challenged in: the board is posted there
/// once with the line that says why, and its menu works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_thread_is_deleted_goes_on_in_its_lobby() {
    let table = Table::new().await;
    table.fake.allow_threads(CHANNEL_ID);
    let options = opts().user("opponent", &table.bob).string("first", "me");
    let challenge = table.slash(&table.ana, "challenge", options).await;
    table.click(&table.bob, &challenge, "kiela:accept:").await;
    eventually(&table, "the game's thread to open", || {
        !table.fake.threads().is_empty()
    })
    .await;
    let thread = table.fake.threads()[0].0;
    let board = table
        .fake
        .wait_for_message("with the first board in the thread", |m| {
            m.channel_id == thread && !m.attachments.is_empty()
        })
        .await;
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let next = table.select(&table.ana, &board, &hole).await;
    assert_eq!(next.channel_id, thread);

    // Ana's board was delivered with its answer, before the clock jumps.
    table.wait_for_pass().await;

    // A manager deletes the thread; Bob's reminder is the next board.
    table.fake.delete_channel(thread);
    table.later(3 * DAY - 17 * 3600).await;
    let reminded = reminder("reminder-first-move", 1);
    let why = en!("place-refused-unknown-channel");
    let notice = en!("game-moved-here", id = 1, why = why.as_str());
    let moved = table
        .fake
        .wait_for_message("with the board and why in the lobby", |m| {
            m.channel_id == CHANNEL_ID && says(&m.content, &notice)
        })
        .await;
    assert_board_picture(&moved);
    assert!(says(&moved.content, &reminded), "{}", moved.content);
    assert_eq!(moved.mentions(), [table.bob.id]);

    // Its menu works: Bob's move is answered in the lobby, for everyone.
    let hole = moved.select_options(&menu_id(&moved))[0].clone();
    let after = table.select(&table.bob, &moved, &hole).await;
    assert!(!after.ephemeral, "{}", after.content);
    assert_eq!(after.channel_id, CHANNEL_ID);
    assert!(after.content.contains(&sowed("Bob", &hole)));
    assert_eq!(after.mentions(), [table.ana.id]);

    table.wait_for_pass().await;
    let refused = table.fake.refused_calls(thread, 10003);
    assert_eq!(
        refused.len(),
        1,
        "one request to the deleted thread: {refused:#?}"
    );
    let lobby = table.fake.messages(CHANNEL_ID);
    assert_eq!(
        lobby.iter().filter(|m| says(&m.content, &notice)).count(),
        1
    );
    assert_eq!(undelivered(&table).await, 0);
    table.fake.check_calls();
}

/// The gateway drops the connection and a move is dispatched before the
/// bot is back: the bot resumes its session (no new IDENTIFY), gets the
/// move it missed, and answers it and what comes after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_gateway_disconnect_the_bot_resumes_and_answers_what_it_missed() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    table.plays_at_once(&table.ana).await;
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let menu = menu_id(&board);
    table.fake.hold_gateway(true);
    table.fake.disconnect_all().await;
    let missed = table
        .fake
        .select(&table.ana, board.id, &menu, &[&hole])
        .await;
    table.fake.hold_gateway(false);
    table.fake.wait_ready().await;
    let next = answer(&missed).await;
    assert!(
        next.content.contains(&sowed("Ana", &hole)),
        "{}",
        next.content
    );
    assert_eq!(next.mentions(), [table.bob.id]);

    let hole = next.select_options(&menu_id(&next))[0].clone();
    let after = table.select(&table.bob, &next, &hole).await;
    assert!(!after.ephemeral, "{}", after.content);
    assert!(after.content.contains(&sowed("Bob", &hole)));

    let frames = table.fake.frames();
    let events: Vec<&str> = frames.iter().filter_map(|f| f["t"].as_str()).collect();
    let count = |event: &str| events.iter().filter(|&&e| e == event).count();
    assert_eq!((count("READY"), count("RESUMED")), (1, 1), "{events:?}");
    table.fake.check_calls();
}

/// Where the bot may open threads, an accepted challenge goes on in a
/// thread named after the players: the channel gets one line when the game
/// starts and one when it ends, and the game is played in the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_in_its_own_thread() {
    let table = Table::new().await;
    table.fake.allow_threads(CHANNEL_ID);
    let options = opts().user("opponent", &table.bob).string("first", "me");
    let challenge = table.slash(&table.ana, "challenge", options).await;
    let line = table.click(&table.bob, &challenge, "kiela:accept:").await;
    // The channel gets the line, which calls the challenger; no board.
    assert!(line.attachments.is_empty(), "{}", line.content);
    assert!(
        line.content.contains(&started_line(&table)),
        "{}",
        line.content
    );
    assert_eq!(line.mentions(), vec![table.ana.id]);
    eventually(&table, "the game's thread to open", || {
        !table.fake.threads().is_empty()
    })
    .await;
    let (thread, parent, name) = table.fake.threads()[0].clone();
    assert_eq!((thread, parent), (line.id, CHANNEL_ID));
    assert_eq!(
        name,
        en!("thread-name", id = 1, south = "Ana", north = "Bob")
    );
    let board = table
        .fake
        .wait_for_message("with the first board in the thread", |m| {
            m.channel_id == thread && !m.attachments.is_empty()
        })
        .await;
    assert_board_picture(&board);
    assert_eq!(board.mentions(), vec![table.ana.id]);

    // A move in the thread is answered there, and calls Bob.
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let next = table.select(&table.ana, &board, &hole).await;
    assert_eq!(next.channel_id, thread);
    assert!(!next.ephemeral);
    assert_eq!(next.mentions(), vec![table.bob.id]);
    // A move typed in the channel is played in the thread, answered privately.
    let hole = next.select_options(&menu_id(&next))[0].clone();
    let typed = table
        .slash(&table.bob, "move", opts().string("hole", &hole))
        .await;
    let in_thread = en!("posted-elsewhere", channel = thread.to_string());
    assert_private(&typed, &in_thread);
    let third = table
        .fake
        .wait_for_message("with Bob's move in the thread", |m| {
            m.channel_id == thread && m.id > next.id && m.mentions() == vec![table.ana.id]
        })
        .await;

    // Ana resigns in the thread: the result there, one line in the channel.
    let confirm = table.click(&table.ana, &third, "kiela:resign:").await;
    let over = table.click(&table.ana, &confirm, "kiela:resign-yes:").await;
    assert_eq!(over.channel_id, thread);
    let ended = en!(
        "game-ended-line",
        id = 1,
        south = "Ana",
        north = "Bob",
        outcome = ANY,
        thread = thread.to_string()
    );
    let result = table
        .fake
        .wait_for_message("with the result in the channel", |m| {
            m.channel_id == CHANNEL_ID && says(&m.content, &ended)
        })
        .await;
    assert!(
        result.content.contains(&format!("<#{thread}>")),
        "{}",
        result.content
    );
    let reason = en!("result-resigned", winner = "Bob", loser = "Ana");
    assert!(result.content.contains(&reason), "{}", result.content);
    assert!(result.mentions().is_empty(), "{:?}", result.mentions());
    // Nothing else of the game went to the channel: the challenge, the
    // line and the result line.
    let in_channel: Vec<Message> = table
        .fake
        .messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect();
    assert_eq!(in_channel.len(), 3, "{in_channel:#?}");

    // A rematch asked in the thread starts beside it, in a thread of the
    // channel (a thread cannot hold threads).
    let rematch = table.click(&table.bob, &over, "kiela:rematch:").await;
    assert_eq!(rematch.channel_id, thread);
    let accepted = table.click(&table.ana, &rematch, "kiela:accept:").await;
    let channel = CHANNEL_ID.to_string();
    assert_private(&accepted, &en!("posted-elsewhere", channel = channel));
    eventually(&table, "the rematch's thread to open", || {
        table.fake.threads().len() == 2
    })
    .await;
    let (second, parent, _) = table.fake.threads()[1].clone();
    assert_eq!(parent, CHANNEL_ID);
    table
        .fake
        .wait_for_message("with the rematch's first board in its thread", |m| {
            m.channel_id == second && !m.attachments.is_empty()
        })
        .await;
    table.fake.check_calls();
}

/// A server that wants threads, where the bot may not open them: the
/// challenge is refused at once, naming the missing permissions; with
/// threads off, the same challenge is made and the game is played in the
/// channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_thread_permission_refuses_the_challenge() {
    let table = Table::new().await;
    let manager = table.carol.clone().manager();
    let threads = |value: &str| opts().string("threads", value);
    let set = table.slash(&manager, "settings", threads("on")).await;
    let settings = en!(
        "settings-now",
        language = en!("settings-auto-language", language = en!("language-en")),
        threads = en!("settings-threads-on"),
        days = 3,
        channel = en!("settings-channel-anywhere"),
        challenge_days = en!("settings-challenge-days", days = 3),
        puzzle = en!("settings-puzzle-off")
    );
    assert_private(&set, &settings);
    // Each missing permission is named in bold.
    let named = |key| format!("**{}**", en!(key));
    let options = opts().user("opponent", &table.bob);
    let refused = table.slash(&table.ana, "challenge", options.clone()).await;
    assert_private(&refused, &named("permission-create-public-threads"));
    assert!(
        refused
            .content
            .contains(&named("permission-send-messages-in-threads")),
        "{}",
        refused.content
    );
    assert!(table.fake.threads().is_empty());

    // The bot may not post at all in another channel: named too.
    table.fake.deny_posting(CHANNEL_ID);
    table.slash(&manager, "settings", threads("off")).await;
    let refused = table.slash(&table.ana, "challenge", options.clone()).await;
    assert_private(&refused, &named("permission-send-messages"));

    let other = CHANNEL_ID + 1;
    table.fake.add_guild_channel(GUILD_ID, other);
    let challenge = answer(
        &table
            .fake
            .slash(&table.ana, other, "challenge", options)
            .await,
    )
    .await;
    let board = table.click(&table.bob, &challenge, "kiela:accept:").await;
    assert_eq!(board.channel_id, other);
    assert_board_picture(&board);
    assert!(table.fake.threads().is_empty());
    table.fake.check_calls();
}

/// A server's games channel and default days: a challenge made anywhere
/// is played in a thread of the games channel, with the server's days.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_games_channel_and_default_days() {
    let table = Table::new().await;
    let games = CHANNEL_ID + 7;
    table.fake.add_guild_channel(GUILD_ID, games);
    table.fake.allow_threads(games);
    let manager = table.carol.clone().manager();
    let set = table
        .slash(
            &manager,
            "settings",
            opts().channel("games-channel", games).int("days", 5),
        )
        .await;
    let settings = |channel: String| {
        en!(
            "settings-now",
            language = en!("settings-auto-language", language = en!("language-en")),
            threads = en!("settings-threads-auto"),
            days = 5,
            channel = channel,
            challenge_days = en!("settings-challenge-days", days = 3),
            puzzle = en!("settings-puzzle-off")
        )
    };
    assert_private(&set, &settings(format!("<#{games}>")));
    let challenge = table
        .slash(&table.ana, "challenge", opts().user("opponent", &table.bob))
        .await;
    let challenges = en!(
        "challenge",
        mention = mention(&table.bob),
        name = "Ana",
        variant = en!("variant-standard"),
        first = en!("first-random"),
        days = 5,
        within = 3
    );
    assert!(
        challenge.content.contains(&challenges),
        "{}",
        challenge.content
    );
    let accepted = table.click(&table.bob, &challenge, "kiela:accept:").await;
    // Accepted in the challenge's channel: the line goes to the games channel.
    let there = en!("posted-elsewhere", channel = games.to_string());
    assert_private(&accepted, &there);
    eventually(&table, "the game's thread to open", || {
        !table.fake.threads().is_empty()
    })
    .await;
    let (thread, parent, _) = table.fake.threads()[0].clone();
    assert_eq!(parent, games);
    table
        .fake
        .wait_for_message("with the first board in the thread", |m| {
            m.channel_id == thread && !m.attachments.is_empty()
        })
        .await;
    // `anywhere` forgets the games channel.
    let back = table
        .slash(&manager, "settings", opts().bool("anywhere", true))
        .await;
    assert_private(&back, &settings(en!("settings-channel-anywhere")));
    table.fake.check_calls();
}

/// The users `message` may notify (its `allowed_mentions`).
fn pinged(message: &Message) -> Vec<u64> {
    let users = message
        .allowed_mentions
        .as_ref()
        .map(|m| m["users"].clone());
    users
        .and_then(|users| serde_json::from_value::<Vec<String>>(users).ok())
        .unwrap_or_default()
        .iter()
        .filter_map(|id| id.parse().ok())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_are_answered_and_rematches_asked_with_buttons() {
    let table = Table::new().await;
    let board = table
        .start_game(opts().string("variant", "beginner").int("days", 2))
        .await;
    // Ana offers: one line under the board (not a second board), with
    // Bob's buttons.
    let offer = table.click(&table.ana, &board, "kiela:draw:").await;
    assert!(!offer.ephemeral);
    let offered = en!(
        "draw-offered",
        name = "Ana",
        id = 1,
        mention = mention(&table.bob)
    );
    assert!(offer.content.contains(&offered), "{}", offer.content);
    assert!(
        pinged(&offer).contains(&table.bob.id),
        "{:?}",
        offer.allowed_mentions
    );
    assert!(offer.attachments.is_empty(), "no second board");
    assert!(
        offer.content.len() < 80,
        "one short line: {}",
        offer.content
    );
    let ids = offer.custom_ids();
    assert!(
        ids.iter().any(|id| id.starts_with("kiela:draw-yes:1:0")),
        "{ids:?}"
    );
    assert!(
        !ids.iter().any(|id| id.starts_with("kiela:draw:")),
        "{ids:?}"
    );
    let stranger = table.click(&table.carol, &offer, "kiela:draw-yes:").await;
    assert_private(&stranger, &en!("error-not-your-game"));
    let own = table.click(&table.ana, &offer, "kiela:draw-yes:").await;
    assert_private(&own, &en!("draw-own-offer", name = "Bob"));

    // Bob declines: Ana is told, the game goes on without the offer.
    let declined = table.click(&table.bob, &offer, "kiela:draw-no:").await;
    let said = en!(
        "draw-declined",
        name = "Bob",
        id = 1,
        mention = mention(&table.ana)
    );
    assert!(declined.content.contains(&said), "{}", declined.content);
    assert!(pinged(&declined).contains(&table.ana.id));
    assert!(!declined
        .custom_ids()
        .iter()
        .any(|id| id.contains("draw-yes")));
    // The offer's line loses its buttons and says how it ended.
    eventually(&table, "the offer's line is closed", || {
        let line = posted(&table, offer.id);
        line.custom_ids().is_empty() && line.content.ends_with(&en!("draw-line-declined"))
    })
    .await;
    let late = table
        .fake
        .click_shown(&table.bob, &offer, &component_id(&offer, "kiela:draw-yes:"))
        .await;
    assert_private(&answer(&late).await, &en!("error-out-of-date"));

    // Offered again from the same board, accepted by the line's button.
    let offer = table.click(&table.ana, &board, "kiela:draw:").await;
    let drawn = table.click(&table.bob, &offer, "kiela:draw-yes:").await;
    let accepted = en!("draw-accepted", name = "Bob", id = 1);
    assert!(drawn.content.contains(&accepted), "{}", drawn.content);
    let agreed = en!("result-line", result = en!("result-agreement"));
    assert!(drawn.content.contains(&agreed), "{}", drawn.content);
    assert_eq!(drawn.attachments.len(), 1, "the final board");
    eventually(&table, "the accepted offer's line is closed", || {
        let line = posted(&table, offer.id);
        line.custom_ids().is_empty() && line.content.ends_with(&en!("draw-line-accepted"))
    })
    .await;

    // Rematch, pressed by Bob (North): he sits South now, same options.
    let rematch = table.click(&table.bob, &drawn, "kiela:rematch:").await;
    let asked = en!(
        "rematch-challenge",
        mention = mention(&table.ana),
        name = "Bob",
        id = 1,
        variant = en!("variant-beginner"),
        first = en!("first-named", name = "Bob"),
        days = 2,
        within = 3
    );
    assert!(rematch.content.contains(&asked), "{}", rematch.content);
    assert_eq!(pinged(&rematch), vec![table.ana.id]);
    let twice = table.click(&table.ana, &drawn, "kiela:rematch:").await;
    assert_private(&twice, &en!("rematch-exists", id = 1));
    let stranger = table.click(&table.carol, &drawn, "kiela:rematch:").await;
    assert_private(&stranger, &en!("error-not-your-game"));
    let second = table.click(&table.ana, &rematch, "kiela:accept:").await;
    assert_eq!(to_move(&table, &second).id, table.bob.id);
    let history = table
        .slash(&table.ana, "history", opts().int("game", 2))
        .await;
    assert!(
        history
            .content
            .contains("variant=beginner; South=Bob; North=Ana"),
        "{}",
        history.content
    );
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_resign_asks_which_game_and_for_confirmation() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    let ask = table.slash(&table.ana, "resign", opts()).await;
    assert_private(&ask, &en!("confirm-resign", id = 1));
    assert_eq!(ask.custom_ids(), ["kiela:resign-yes:1"]);
    // Nothing happened yet: the game goes on.
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let next = table.select(&table.ana, &board, &hole).await;
    assert!(!next.ephemeral, "{}", next.content);

    // A second game here: which one is asked, even though game 1 waits
    // for Bob and not for Ana.
    let challenge = table
        .slash(
            &table.carol,
            "challenge",
            opts().user("opponent", &table.bob),
        )
        .await;
    table.click(&table.bob, &challenge, "kiela:accept:").await;
    let which = table.slash(&table.bob, "resign", opts()).await;
    assert_private(&which, &en!("which-game", count = 2, games = ANY));
    assert!(which.content.contains("#1") && which.content.contains("#2"));
    assert!(which.custom_ids().is_empty());

    let resigned = table.click(&table.ana, &ask, "kiela:resign-yes:").await;
    assert!(!resigned.ephemeral);
    assert!(
        resigned
            .content
            .contains(&en!("resigned", name = "Ana", id = 1)),
        "{}",
        resigned.content
    );
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_goes_to_the_first_taker_and_loses_its_buttons() {
    let table = Table::new().await;
    let open = table.slash(&table.ana, "challenge", opts()).await;
    assert!(!open.ephemeral);
    let challenges = en!(
        "challenge-open",
        name = "Ana",
        variant = en!("variant-standard"),
        first = en!("first-random"),
        days = 3,
        within = 3
    );
    assert!(open.content.contains(&challenges), "{}", open.content);
    assert!(pinged(&open).is_empty(), "{:?}", open.allowed_mentions);
    let own = table.click(&table.ana, &open, "kiela:accept:").await;
    assert_private(&own, &en!("challenge-not-for-you"));

    let board = table.click(&table.carol, &open, "kiela:accept:").await;
    assert_board_picture(&board);
    let accepted = en!(
        "challenge-accepted",
        name = "Carol",
        id = 1,
        variant = en!("variant-standard")
    );
    assert!(board.content.contains(&accepted), "{}", board.content);
    let accept = component_id(&open, "kiela:accept:");
    let late = table.fake.click_shown(&table.bob, &open, &accept).await;
    let taken = en!("challenge-taken", name = "Carol", id = 1);
    assert_private(&answer(&late).await, &taken);

    eventually(&table, "the open challenge keeps its buttons", || {
        posted(&table, open.id).custom_ids().is_empty()
    })
    .await;
    let closed = posted(&table, open.id);
    let status = en!("challenge-status-accepted", name = "Carol", id = 1);
    assert!(closed.content.contains(&status), "{}", closed.content);
    table.fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declined_and_expired_challenges_lose_their_buttons_and_tell_the_challenger() {
    let table = Table::new().await;
    let to_bob = |days: i64| opts().user("opponent", &table.bob).int("days", days);
    let challenge = table.slash(&table.ana, "challenge", to_bob(3)).await;
    let declined = table.click(&table.bob, &challenge, "kiela:decline:").await;
    assert!(!declined.ephemeral);
    let said = en!(
        "challenge-declined",
        name = "Bob",
        mention = mention(&table.ana)
    );
    assert!(declined.content.contains(&said), "{}", declined.content);
    assert_eq!(pinged(&declined), vec![table.ana.id], "Ana is told");
    eventually(&table, "the declined challenge keeps its buttons", || {
        posted(&table, challenge.id).custom_ids().is_empty()
    })
    .await;
    assert!(posted(&table, challenge.id)
        .content
        .contains(&en!("challenge-status-declined", name = "Bob")));

    let challenge = table.slash(&table.ana, "challenge", to_bob(2)).await;
    // Halfway, Bob is reminded once in the channel.
    table.later(DAY + DAY / 2).await;
    let reminder = en!(
        "challenge-reminder",
        mention = mention(&table.bob),
        name = "Ana",
        until = ANY
    );
    let reminded = table
        .fake
        .wait_for_message("the reminder", |m| {
            m.content.starts_with(up_to_any(&reminder))
        })
        .await;
    assert_eq!(pinged(&reminded), vec![table.bob.id]);
    table.later(DAY + DAY / 2 + 1).await;
    let expired = en!(
        "challenge-expired-to",
        mention = mention(&table.ana),
        name = "Bob"
    );
    let told = table
        .fake
        .wait_for_message("the expiry", |m| m.content.contains(&expired))
        .await;
    assert_eq!(pinged(&told), vec![table.ana.id]);
    eventually(&table, "the expired challenge keeps its buttons", || {
        posted(&table, challenge.id).custom_ids().is_empty()
    })
    .await;
    let status = en!("challenge-status-expired");
    assert!(posted(&table, challenge.id).content.contains(&status));
    let accept = component_id(&challenge, "kiela:accept:");
    let late = table
        .fake
        .click_shown(&table.bob, &challenge, &accept)
        .await;
    let closed = en!("challenge-closed", status = "expired");
    assert_private(&answer(&late).await, &closed);
    // More ticks: told once.
    table.wait_for_pass().await;
    let count = table
        .fake
        .messages(CHANNEL_ID)
        .iter()
        .filter(|m| m.content.contains(&expired))
        .count();
    assert_eq!(count, 1);
    table.fake.check_calls();
}

/// The text inputs of a form, by their `custom_id`: (label, value).
fn form_fields(form: &serde_json::Value) -> Vec<(String, String, String)> {
    let rows = form["components"].as_array().unwrap();
    rows.iter()
        .flat_map(|row| row["components"].as_array().unwrap())
        .map(|input| {
            let text = |key: &str| input[key].as_str().unwrap_or_default().to_owned();
            (text("custom_id"), text("label"), text("value"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_south_expert_player_rearranges_with_a_form_and_a_preview() {
    let table = Table::new().await;
    let board = table.start_game(opts().string("variant", "expert")).await;
    let arrange = component_id(&board, "kiela:arrange:");
    assert_eq!(arrange, "kiela:arrange:1:0");
    let early = table.click(&table.bob, &board, "kiela:arrange:").await;
    let south = en!("side-south");
    assert_private(&early, &en!("error-not-your-turn", side = south));

    // Ana (South) opens the form: her upper row as drawn is row 2.
    let form = table
        .fake
        .click(&table.ana, board.id, &arrange)
        .await
        .modal()
        .await;
    assert_eq!(form["custom_id"], "kiela:arrange-form:1:0");
    let fields = form_fields(&form);
    assert_eq!(fields.len(), 2, "{form}");
    assert_eq!(fields[0].0, "upper");
    assert_eq!(fields[0].1, en!("arrange-form-upper", row = 2), "{form}");
    assert_eq!(fields[1].1, en!("arrange-form-lower", row = 1), "{form}");
    let counts = |text: &str| -> Vec<u32> {
        text.split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let (upper, lower) = (counts(&fields[0].2), counts(&fields[1].2));
    assert_eq!((upper.len(), lower.len()), (10, 10), "{form}");
    let total: u32 = upper.iter().chain(&lower).sum();

    // Malformed: a private error, and the form can be opened again.
    let at = &table;
    let submit = |upper: String, lower: String| async move {
        let values = [("upper", upper.as_str()), ("lower", lower.as_str())];
        let sent = at
            .fake
            .submit_modal(&at.ana, "kiela:arrange-form:1:0", &values)
            .await;
        answer(&sent).await
    };
    let bad = submit("1 2 x 0 0 0 0 0 0 0".into(), fields[1].2.clone()).await;
    assert_private(&bad, &en!("layout-not-a-number", text = "x"));
    assert_eq!(bad.custom_ids(), ["kiela:arrange:1:0"]);
    let bad = submit("0 0 0 0 0 0 0 0 0 1".into(), fields[1].2.clone()).await;
    let layout = 1 + lower.iter().sum::<u32>();
    let wrong = en!("layout-wrong-total", layout = layout, have = total);
    assert_private(&bad, &wrong);
    let bad = submit("0 0 0 0 0 0 0 0 0".into(), fields[1].2.clone()).await;
    let short = en!("arrange-row-count", which = "upper", count = 9);
    assert_private(&bad, &short);

    // All but 3 stones in J2 (the upper row's J), 3 in A1: the preview
    // draws them there; nothing is played yet.
    let upper = format!("0 0 0 0 0 0 0 0 0 {}", total - 3);
    let preview = submit(upper.clone(), "3 0 0 0 0 0 0 0 0 0".into()).await;
    assert!(preview.ephemeral);
    assert_eq!(preview.attachments.len(), 1, "{}", preview.content);
    let alt = preview.attachments[0]
        .description
        .clone()
        .unwrap_or_default();
    let row = |row: u32, counts: &str| en!("board-alt-row", row = row, counts = counts);
    assert!(alt.contains(&row(2, &upper)), "{alt}");
    assert!(alt.contains(&row(1, "3 0 0 0 0 0 0 0 0 0")), "{alt}");
    let ids = preview.custom_ids();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids[0].starts_with("kiela:arrange-yes:1:0:") && ids[0].len() <= 100);

    // Edit: the form again, filled with what was previewed.
    let edit = component_id(&preview, "kiela:arrange-edit:");
    let again = table
        .fake
        .click(&table.ana, preview.id, &edit)
        .await
        .modal()
        .await;
    let fields = form_fields(&again);
    assert_eq!(
        (fields[0].2.as_str(), fields[1].2.as_str()),
        (upper.as_str(), "3 0 0 0 0 0 0 0 0 0")
    );

    // Confirm plays it: the public board, Bob to move.
    let played = table
        .click(&table.ana, &preview, "kiela:arrange-yes:")
        .await;
    assert!(!played.ephemeral, "{}", played.content);
    assert_eq!(to_move(&table, &played).id, table.bob.id);
    let alt = played.attachments[0]
        .description
        .clone()
        .unwrap_or_default();
    assert!(alt.contains(&row(2, &upper)), "{alt}");
    // Bob (North) may rearrange now, on his own first turn.
    assert_eq!(component_id(&played, "kiela:arrange:"), "kiela:arrange:1:1");

    // serenity reads the fake's form submissions as MODAL_SUBMIT.
    let submits = table
        .fake
        .frames()
        .into_iter()
        .filter(|f| f["t"] == "INTERACTION_CREATE" && f["d"]["type"] == 5)
        .map(|f| serde_json::from_value::<serenity::all::Interaction>(f["d"].clone()))
        .collect::<Vec<_>>();
    assert_eq!(submits.len(), 4);
    for submit in submits {
        let submit = submit.expect("serenity parses a MODAL_SUBMIT");
        let serenity::all::Interaction::Modal(modal) = submit else {
            panic!("not a modal submit: {submit:?}");
        };
        assert_eq!(modal.data.components.len(), 2);
    }
    table.fake.check_calls();
}

/// A thread Discord refuses to open (the games channel is elsewhere, so
/// the bot could not know its permissions there): the game is played in
/// that channel, under its line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_thread_leaves_the_game_in_its_channel() {
    let table = Table::new().await;
    let games = CHANNEL_ID + 9;
    table.fake.add_guild_channel(GUILD_ID, games);
    let manager = table.carol.clone().manager();
    table
        .slash(
            &manager,
            "settings",
            opts()
                .channel("games-channel", games)
                .string("threads", "on"),
        )
        .await;
    let options = opts().user("opponent", &table.bob).string("first", "me");
    let challenge = table.slash(&table.ana, "challenge", options).await;
    table.click(&table.bob, &challenge, "kiela:accept:").await;
    let line = table
        .fake
        .wait_for_message("with the line in the games channel", |m| {
            m.channel_id == games && m.content.contains(&started_line(&table))
        })
        .await;
    let board = table
        .fake
        .wait_for_message("with the first board in the games channel", |m| {
            m.channel_id == games && !m.attachments.is_empty()
        })
        .await;
    assert!(board.id > line.id);
    assert_eq!(board.mentions(), vec![table.ana.id]);
    assert!(table.fake.threads().is_empty());
    // The game is played there.
    let hole = board.select_options(&menu_id(&board))[0].clone();
    let next = table.select(&table.ana, &board, &hole).await;
    assert_eq!((next.channel_id, next.ephemeral), (games, false));
    table.fake.check_calls();
}

/// Discord fails to open a game's thread once (a 500): the answer hands
/// the line to the delivery loop at once, which finds the line, opens the
/// thread, and the first board goes there. One line, one
/// thread, one board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_that_failed_to_open_is_opened_later() {
    let table = Table::new().await;
    table.fake.allow_threads(CHANNEL_ID);
    table.fake.fail(Fault {
        method: "POST",
        path: "/threads",
        status: 500,
        code: 0,
        times: 1,
    });
    let options = opts().user("opponent", &table.bob).string("first", "me");
    let challenge = table.slash(&table.ana, "challenge", options).await;
    let line = table.click(&table.bob, &challenge, "kiela:accept:").await;
    assert!(
        line.content.contains(&started_line(&table)),
        "{}",
        line.content
    );
    // The delivery loop takes the line at once, finds it, and opens the
    // thread.
    let board = table
        .fake
        .wait_for_message("with the first board in the thread", |m| {
            m.channel_id == line.id && !m.attachments.is_empty()
        })
        .await;
    assert_eq!(board.mentions(), vec![table.ana.id]);
    assert_eq!(table.fake.threads().len(), 1);
    let public: Vec<Message> = table
        .fake
        .messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect();
    assert_eq!(public.len(), 2, "the challenge and one line: {public:#?}");
    table.fake.check_calls();
}

/// `/kiela vacation`: Ana's clock stops for the days she asks; her
/// deadline moves as much later, Bob is told in the game's channel, and
/// `/kiela stats` shows what is left of her year's allowance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_moves_the_deadline_and_tells_the_opponent() {
    let table = Table::new().await;
    let board = table.start_game(opts()).await;
    let deadline = START + 3 * DAY;
    assert!(board.content.contains(&format!("<t:{deadline}:f>")));
    let days = opts().int("days", 4);
    let on = table.slash(&table.ana, "vacation", days).await;
    let vacation = en!("vacation-on", until = ANY, days = 4, games = 1, left = 26);
    assert_private(&on, &vacation);
    let away = en!("vacation-started", name = "Ana", id = 1, until = ANY);
    let told = table
        .fake
        .wait_for_message("telling Bob of the vacation", |m| {
            m.channel_id == CHANNEL_ID && says(&m.content, &away)
        })
        .await;
    assert_eq!(told.mentions(), vec![table.bob.id]);
    let shown = table.slash(&table.ana, "board", opts()).await;
    let later = deadline + 4 * DAY;
    assert!(
        shown.content.contains(&format!("<t:{later}:f>")),
        "{}",
        shown.content
    );
    let stats = table.slash(&table.ana, "stats", opts()).await;
    assert!(
        stats
            .content
            .contains(&en!("stats-vacation-left", days = 26)),
        "{}",
        stats.content
    );
    table.fake.check_calls();
}

/// The Hint button under a board of a game against the AI: privately, the
/// board after the engine's move, within Discord's 3 s; refused to anyone
/// else; counted in the result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_given_privately_in_a_game_against_the_ai() {
    let table = Table::new().await;
    let options = opts().string("level", "easy").string("first", "me");
    let board = table.slash(&table.ana, "ai", options).await;
    let button = component_id(&board, "kiela:hint:");
    let stranger = table.click(&table.carol, &board, "kiela:hint:").await;
    assert_private(&stranger, &en!("error-not-your-game"));
    let pressed = table.fake.click(&table.ana, board.id, &button).await;
    let hint = answer(&pressed).await;
    assert!(pressed.latency().unwrap() < Duration::from_secs(3));
    assert!(hint.ephemeral, "{}", hint.content);
    assert!(
        hint.content.starts_with(up_to_any(&en!(
            "hint-headline",
            id = 1,
            hole = ANY,
            path = ANY
        ))),
        "{}",
        hint.content
    );
    assert_eq!(hint.attachments.len(), 1);
    image::load_from_memory(&hint.attachments[0].bytes).expect("a PNG");
    // No menu on a hint: one button, Play and the hole, made for turn 0.
    let ids = hint.custom_ids();
    assert_eq!(ids.len(), 1, "{ids:?}");
    let hole = ids[0]
        .strip_prefix("kiela:hint-play:1:0:")
        .unwrap_or_else(|| panic!("{ids:?}"))
        .to_string();
    let typed = table.slash(&table.ana, "hint", opts()).await;
    assert_eq!(typed.content, hint.content);
    // Play plays it, as the menu would; pressed again it is stale.
    let played = table.click(&table.ana, &hint, "kiela:hint-play:").await;
    assert!(
        says(&played.content, &sowed("Ana", &hole)),
        "{}",
        played.content
    );
    let again = table.click(&table.ana, &typed, "kiela:hint-play:").await;
    assert_private(&again, &en!("error-out-of-date"));

    let confirm = table.slash(&table.ana, "resign", opts()).await;
    let over = table.click(&table.ana, &confirm, "kiela:resign-yes:").await;
    let hints = en!("result-hints", count = 2);
    assert!(over.content.contains(&hints), "{}", over.content);
    table.fake.check_calls();
}

/// Review: a finished game's Review button answers privately with its
/// first move (board, verdict, the engine's move); the step buttons replace
/// that message with another move, also after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_step_by_step() {
    let mut table = Table::new().await;
    let mut board = table.start_game(opts()).await;
    for _ in 0..6 {
        let player = to_move(&table, &board).clone();
        let hole = board.select_options(&menu_id(&board))[0].clone();
        board = table.select(&player, &board, &hole).await;
    }
    let confirm = table.click(&table.ana, &board, "kiela:resign:").await;
    let over = table.click(&table.ana, &confirm, "kiela:resign-yes:").await;
    let button = component_id(&over, "kiela:review:");
    let pressed = table.fake.click(&table.bob, over.id, &button).await;
    // Move `ply` of the 6, whoever played what.
    let review_of = |ply: i64| {
        en!(
            "review-headline",
            id = 1,
            ply = ply,
            last = 6,
            name = ANY,
            move = ANY,
            judged = ANY
        )
    };
    let review = answer_saying(&pressed, &review_of(1)).await;
    assert!(pressed.latency().unwrap() < Duration::from_secs(3));
    assert!(review.ephemeral);
    assert!(says(&review.content, &review_of(1)), "{}", review.content);
    // The verdict compares the move with the engine's.
    let judged = [
        en!("review-judged", verdict = ANY, loss = ANY, best = ANY),
        en!("review-best"),
        en!("review-good", best = ANY),
    ];
    assert!(
        judged.iter().any(|judged| says(&review.content, judged)),
        "{}",
        review.content
    );
    assert_eq!(review.attachments.len(), 1);
    let step = |message: &Message, which: &str| {
        message
            .custom_ids()
            .into_iter()
            .find(|id| id.ends_with(which))
            .unwrap_or_else(|| panic!("no {which} button in {:?}", message.custom_ids()))
    };

    let next = table
        .fake
        .click(&table.bob, review.id, &step(&review, ":next"))
        .await;
    let second = replaced_saying(&next, &review_of(2)).await;
    assert_eq!(second.id, review.id);
    assert!(says(&second.content, &review_of(2)), "{}", second.content);
    assert_eq!(second.attachments.len(), 1);

    // The buttons carry the game and the move: they work after a restart;
    // deferred (as a slow step is), the step still replaces the message.
    table.stop_bot().await;
    table.timing.defer_after = Duration::ZERO;
    table.start_bot().await;
    let last = table
        .fake
        .click(&table.bob, review.id, &step(&second, ":last"))
        .await;
    let sixth = replaced_saying(&last, &review_of(6)).await;
    assert_eq!(sixth.id, review.id);
    assert!(says(&sixth.content, &review_of(6)), "{}", sixth.content);
    table.fake.check_calls();
}

/// A round-robin from the sign-up message to the standings picture:
/// `/kiela tournament create` posts the sign-up with Join, Leave and
/// Start; joins show on it; only the organiser may start; starting pairs
/// every game at once, each a board in the channel; the standings come
/// privately as a picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_created_joined_started_and_stood() {
    let table = Table::new().await;
    let cleo = FakeUser::new(1_200_000_000_000_000_031, "cleo");
    table.fake.add_user(&cleo);
    let create = opts()
        .string("name", "Cup")
        .string("format", "round-robin")
        .int("days", 2);
    let sign_up = table.slash(&table.ana, "tournament create", create).await;
    assert!(!sign_up.ephemeral, "{}", sign_up.content);
    assert!(sign_up.content.contains("**Cup**"), "{}", sign_up.content);
    for user in [&table.ana, &table.bob, &cleo] {
        let joined = table.click(user, &sign_up, "kiela:tournament:").await;
        assert_private(&joined, &en!("tournament-joined", name = "Cup"));
    }
    // Called by mention: an edit pings nobody, and a full list fits.
    let listed = [&table.ana, &table.bob, &cleo].map(mention).join(" ");
    eventually(&table, "the sign-up lists the players", || {
        posted(&table, sign_up.id).content.contains(&listed)
    })
    .await;
    let kept = posted(&table, sign_up.id).custom_ids();
    assert_eq!(kept.len(), 3, "Join, Leave, Start kept: {kept:?}");

    let start = component_id(&sign_up, "kiela:tournament:1:start");
    let refused = answer(&table.fake.click(&table.bob, sign_up.id, &start).await).await;
    assert_private(&refused, &en!("tournament-organiser-only"));
    let started = answer(&table.fake.click(&table.ana, sign_up.id, &start).await).await;
    assert!(
        started.content.contains("has started"),
        "{}",
        started.content
    );
    // Three players: six games at once, each with its board in the channel.
    eventually(&table, "six boards", || {
        let games: std::collections::HashSet<i64> = table
            .fake
            .messages(CHANNEL_ID)
            .iter()
            .filter_map(|m| board_of(m).map(|(game, _)| game))
            .collect();
        games.len() == 6
    })
    .await;
    eventually(&table, "the sign-up closes", || {
        posted(&table, sign_up.id).custom_ids().is_empty()
    })
    .await;

    let standings = table.slash(&cleo, "tournament standings", opts()).await;
    assert!(standings.ephemeral);
    assert_eq!(standings.attachments.len(), 1, "{}", standings.content);
    let picture = &standings.attachments[0];
    image::load_from_memory(&picture.bytes).expect("a PNG");
    let alt = picture.description.as_deref().unwrap_or_default();
    assert!(alt.contains("cleo"), "{alt}");
    let listed = table.slash(&table.bob, "tournaments", opts()).await;
    assert!(listed.content.contains("#1 **Cup**"), "{}", listed.content);
    table.fake.check_calls();
}

/// A 9-player, 3-round Swiss played to its end with buttons: the sign-up
/// in the lobby, the tournament's own thread (its pairings, a bye each
/// round, the standings picture after results), each game in a thread
/// named after the tournament and round calling both players, every game
/// resigned by South with the board's button; no pair twice, three
/// different byes, the winner announced in the lobby.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nine_player_swiss_is_played_to_its_end_with_buttons() {
    let table = Table::new().await;
    table.fake.allow_threads(CHANNEL_ID);
    let mut players = vec![table.ana.clone(), table.bob.clone(), table.carol.clone()];
    for i in 4..=9 {
        let user = FakeUser::new(1_200_000_000_000_000_100 + i, &format!("p{i}"));
        table.fake.add_user(&user);
        players.push(user);
    }
    let create = opts()
        .string("name", "Cup")
        .string("format", "swiss")
        .int("rounds", 3);
    let sign_up = table.slash(&table.ana, "tournament create", create).await;
    for user in &players {
        let joined = table.click(user, &sign_up, "kiela:tournament:").await;
        assert_private(&joined, &en!("tournament-joined", name = "Cup"));
    }
    let start = component_id(&sign_up, "kiela:tournament:1:start");
    answer(&table.fake.click(&table.ana, sign_up.id, &start).await).await;
    let thread_name = en!("tournament-thread-name", name = "Cup", id = 1);
    let own = table
        .fake
        .wait_for_message("the start, with the tournament's thread", |m| {
            // Not the organiser's private answer, which says so too.
            m.channel_id == CHANNEL_ID && !m.ephemeral && m.content.contains("has started!")
        })
        .await;
    eventually(&table, "the tournament's thread", || {
        table.fake.threads().iter().any(|(id, _, _)| *id == own.id)
    })
    .await;
    let (thread, parent, name) = (table.fake.threads().into_iter())
        .find(|(id, _, _)| *id == own.id)
        .unwrap();
    assert_eq!((parent, name), (CHANNEL_ID, thread_name));
    let by_id = |id: u64| players.iter().find(|u| u.id == id).unwrap();

    let mut met = std::collections::BTreeSet::new();
    let mut byes = std::collections::BTreeSet::new();
    for round in 1..=3 {
        let heading = format!("**Cup, round {round}**");
        let news = table
            .fake
            .wait_for_message("the round's pairings in the thread", |m| {
                m.channel_id == thread && m.content.contains(&heading)
            })
            .await;
        // Everyone paired is called into the thread.
        assert_eq!(news.mentions().len(), 9, "{}", news.content);
        let bye = news
            .content
            .lines()
            .find_map(|line| line.strip_suffix(": a bye (1 point)"))
            .unwrap_or_else(|| panic!("a bye in {}", news.content))
            .to_string();
        assert!(byes.insert(bye), "a second bye: {}", news.content);
        // The round's four games, each in its thread named after the
        // tournament and round, opened from a line calling both players.
        let prefix = format!("Cup · R{round} · #");
        eventually(&table, "the round's four game threads", || {
            let named = table.fake.threads().into_iter();
            named
                .filter(|(_, _, name)| name.starts_with(&prefix))
                .count()
                == 4
        })
        .await;
        let games: Vec<u64> = (table.fake.threads().into_iter())
            .filter(|(_, _, name)| name.starts_with(&prefix))
            .map(|(id, _, _)| id)
            .collect();
        for game_thread in games {
            let line = posted(&table, game_thread);
            let called = line.mentions();
            assert_eq!(called.len(), 2, "{}", line.content);
            let (south, north) = (by_id(called[0]), by_id(called[1]));
            let pair = (south.id.min(north.id), south.id.max(north.id));
            assert!(
                met.insert(pair),
                "{} and {} met twice",
                south.name,
                north.name
            );
            let board = table
                .fake
                .wait_for_message("the game's first board in its thread", |m| {
                    m.channel_id == game_thread && !m.attachments.is_empty()
                })
                .await;
            // Both were called by the thread's first line; the board calls
            // South, who is to move.
            assert_eq!(board.mentions(), [south.id], "{}", board.content);
            let confirm = table.click(south, &board, "kiela:resign:").await;
            table.click(south, &confirm, "kiela:resign-yes:").await;
        }
        // The standings picture after the round's results, in the thread
        // (the last round's are the final standings).
        if round < 3 {
            let after = format!(
                "**Cup**, round {round}: the standings after {} results.",
                4 * round
            );
            let standings = table
                .fake
                .wait_for_message("the standings after the round's results", |m| {
                    m.channel_id == thread && m.content.contains(&after)
                })
                .await;
            let picture = &standings.attachments[0];
            image::load_from_memory(&picture.bytes).expect("a PNG");
        }
    }
    assert_eq!(met.len(), 12);
    let won = table
        .fake
        .wait_for_message("the winner in the lobby", |m| {
            m.channel_id == CHANNEL_ID && m.content.contains("wins **Cup**")
        })
        .await;
    assert!(won.content.contains("1. **"), "{}", won.content);
    let last = table
        .fake
        .wait_for_message("the final standings in the thread", |m| {
            m.channel_id == thread && m.content.contains("the final standings")
        })
        .await;
    let picture = &last.attachments[0];
    image::load_from_memory(&picture.bytes).expect("a PNG");
    let alt = picture.description.as_deref().unwrap_or_default();
    for user in &players {
        assert!(alt.contains(&user.name), "{alt}");
    }
    table.fake.check_calls();
}

/// A 5-player round-robin, end to end: the organiser starts it with its
/// button, all twenty games begin at once (each pair twice, each player
/// moving first in four), each in its own thread, and are played out with
/// the boards' buttons (of each pair, the player who joined first
/// resigns); the final standings rank everyone by points and the winner is
/// announced in the lobby.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_round_robin_is_played_to_its_end_with_buttons() {
    let table = Table::new().await;
    table.fake.allow_threads(CHANNEL_ID);
    let mut players = vec![table.ana.clone(), table.bob.clone(), table.carol.clone()];
    for i in 4..=5 {
        let user = FakeUser::new(1_200_000_000_000_000_100 + i, &format!("p{i}"));
        table.fake.add_user(&user);
        players.push(user);
    }
    let create = opts().string("name", "Cup").string("format", "round-robin");
    let sign_up = table.slash(&table.ana, "tournament create", create).await;
    for user in &players {
        let joined = table.click(user, &sign_up, "kiela:tournament:").await;
        assert_private(&joined, &en!("tournament-joined", name = "Cup"));
    }
    let start = component_id(&sign_up, "kiela:tournament:1:start");
    answer(&table.fake.click(&table.ana, sign_up.id, &start).await).await;
    let news = table
        .fake
        .wait_for_message("the pairings", |m| m.content.contains("**Cup, round 1**"))
        .await;
    let called: std::collections::BTreeSet<u64> = news.mentions().into_iter().collect();
    assert_eq!(called.len(), 5, "{}", news.content);
    assert_eq!(news.content.lines().count(), 21, "{}", news.content);
    eventually(&table, "twenty game threads", || {
        let named = table.fake.threads().into_iter();
        named
            .filter(|(_, _, name)| name.starts_with("Cup · R1 · #"))
            .count()
            == 20
    })
    .await;
    let seat = |id: u64| players.iter().position(|u| u.id == id).unwrap();
    let mut first_moves = [0; 5];
    let mut met = std::collections::BTreeSet::new();
    let games: Vec<u64> = (table.fake.threads().into_iter())
        .filter(|(_, _, name)| name.starts_with("Cup · R1 · #"))
        .map(|(id, _, _)| id)
        .collect();
    for game_thread in games {
        let board = table
            .fake
            .wait_for_message("the game's first board in its thread", |m| {
                m.channel_id == game_thread && !m.attachments.is_empty()
            })
            .await;
        let line = posted(&table, game_thread);
        let called = line.mentions();
        assert_eq!(called.len(), 2, "{}", line.content);
        let (south, north) = (seat(called[0]), seat(called[1]));
        assert_eq!(board.mentions(), [players[south].id], "{}", board.content);
        first_moves[south] += 1;
        assert!(met.insert((south, north)), "{south} – {north} twice");
        // Of each pair, the player who joined first resigns.
        let loser = &players[south.min(north)];
        let confirm = table.click(loser, &board, "kiela:resign:").await;
        table.click(loser, &confirm, "kiela:resign-yes:").await;
    }
    // Everyone met everyone twice, once moving first.
    assert_eq!(met.len(), 20);
    assert_eq!(first_moves, [4; 5]);
    let won = table
        .fake
        .wait_for_message("the winner in the lobby", |m| {
            m.channel_id == CHANNEL_ID && m.content.contains("wins **Cup**")
        })
        .await;
    assert!(won.content.contains("**p5**"), "{}", won.content);
    let last = table
        .fake
        .wait_for_message("the final standings", |m| {
            m.content.contains("the final standings")
        })
        .await;
    let picture = &last.attachments[0];
    image::load_from_memory(&picture.bytes).expect("a PNG");
    // Ranked by points: 8, 6, 4, 2, 0.
    let alt = picture.description.as_deref().unwrap_or_default();
    let at: Vec<usize> = (players.iter().rev())
        .map(|u| {
            alt.find(&u.name)
                .unwrap_or_else(|| panic!("{} in {alt}", u.name))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{alt}");
    table.fake.check_calls();
}

/// `/kiela learn`: the first task privately, with its board and menu; the
/// task's answer picked in the menu solves it, and **Next task** opens the
/// next one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_task_is_solved_through_its_menu() {
    let table = Table::new().await;
    let task = table.slash(&table.ana, "learn", opts()).await;
    assert!(task.ephemeral);
    assert_eq!(task.attachments.len(), 1, "{}", task.content);
    image::load_from_memory(&task.attachments[0].bytes).expect("a PNG");
    let first = kiela_app::offered_lessons()[0];
    let hole = first.tasks[0].answers[0][0];
    let menu = component_id(&task, "kiela:learn:");
    let solved = answer(&table.fake.select(&table.ana, task.id, &menu, &[hole]).await).await;
    assert!(solved.ephemeral);
    assert!(
        solved.content.contains("Solved! 3 stars."),
        "{}",
        solved.content
    );
    let next = table.click(&table.ana, &solved, "kiela:learn-at:").await;
    assert!(next.content.contains("task 2 of"), "{}", next.content);
    table.fake.check_calls();
}

/// The Expert lesson: its first task offers Arrange beside the menu; the
/// button opens the game's rearrangement form (filled with the learner's
/// stones), a malformed form is refused with a button to open it again,
/// and the task's answer typed in the form solves it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_expert_lesson_is_solved_through_the_rearrangement_form() {
    let table = Table::new().await;
    let lessons = kiela_app::offered_lessons();
    let number = lessons.iter().position(|l| l.id == "expert").unwrap() + 1;
    let task = table
        .slash(&table.ana, "learn", opts().int("lesson", number as i64))
        .await;
    assert!(task.ephemeral);
    assert!(
        task.content.contains(&en!("lesson-may-arrange")),
        "{}",
        task.content
    );
    let arrange = component_id(&task, "kiela:learn-arrange:");
    assert_eq!(arrange, "kiela:learn-arrange:expert:0:-");
    let form = table
        .fake
        .click(&table.ana, task.id, &arrange)
        .await
        .modal()
        .await;
    assert_eq!(form["custom_id"], "kiela:learn-form:expert:0:-");
    assert_eq!(form["title"], en!("lesson-arrange-form-title"));
    let fields = form_fields(&form);
    assert_eq!(fields[0].1, en!("arrange-form-upper", row = 2), "{form}");
    // The Expert start: the outer row full, four inner holes of 2.
    assert_eq!(fields[0].2, "0 0 0 0 0 0 2 2 2 2");
    assert_eq!(fields[1].2, "2 2 2 2 2 2 2 2 2 2");

    let at = &table;
    let submit = |upper: &'static str, lower: &'static str| async move {
        let values = [("upper", upper), ("lower", lower)];
        let sent = at
            .fake
            .submit_modal(&at.ana, "kiela:learn-form:expert:0:-", &values)
            .await;
        answer(&sent).await
    };
    let bad = submit("1 1 1", "2 2 2 2 2 2 2 2 1 1").await;
    assert_private(&bad, &en!("arrange-row-count", which = "upper", count = 3));
    assert_eq!(bad.custom_ids(), ["kiela:learn-arrange:expert:0:-"]);
    // The first task's answer: every hole holds a stone.
    let solved = submit("1 1 1 1 1 1 1 1 1 1", "2 2 2 2 2 2 2 2 1 1").await;
    assert!(solved.ephemeral);
    assert!(
        solved.content.contains("Solved! 3 stars."),
        "{}",
        solved.content
    );
    assert_eq!(solved.attachments.len(), 1, "{}", solved.content);
    let next = table.click(&table.ana, &solved, "kiela:learn-at:").await;
    assert_eq!(
        component_id(&next, "kiela:learn-arrange:"),
        "kiela:learn-arrange:expert:1:-"
    );
    table.fake.check_calls();
}

/// The holes of puzzle `number`'s solution.
fn puzzle_line(number: usize) -> Vec<String> {
    kiela_app::shipped_puzzle(number).unwrap().solution.clone()
}

/// The puzzle number a puzzle's menu id carries
/// (`kiela:puzzle:N:ply:edition`).
fn puzzle_number(message: &Message) -> usize {
    let menu = component_id(message, "kiela:puzzle:");
    menu.split(':').nth(2).unwrap().parse().unwrap()
}

/// A puzzle solved through its menu, its solution seen as a GIF, the next
/// one missed and retried for practice; the daily puzzle posted in the
/// channel a manager chose, with a thread, once a day across a restart,
/// and its Solve button answering privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_solved_missed_and_posted_daily() {
    let mut table = Table::new().await;
    let mut shown = table.slash(&table.ana, "puzzle", opts()).await;
    assert!(shown.ephemeral);
    image::load_from_memory(&shown.attachments[0].bytes).expect("a PNG");
    let number = puzzle_number(&shown);
    for (i, hole) in puzzle_line(number).iter().enumerate().step_by(2) {
        let menu = component_id(&shown, "kiela:puzzle:");
        let edition = kiela_app::puzzle_edition();
        assert_eq!(menu, format!("kiela:puzzle:{number}:{i}:{edition:x}"));
        shown = answer(
            &table
                .fake
                .select(&table.ana, shown.id, &menu, &[hole])
                .await,
        )
        .await;
        assert!(shown.ephemeral);
    }
    assert!(
        shown.content.contains(&en!("puzzle-solved")),
        "{}",
        shown.content
    );
    let solution = table
        .click(&table.ana, &shown, "kiela:puzzle-solution:")
        .await;
    assert!(solution.attachments[0].bytes.starts_with(b"GIF89a"));
    assert!(solution.content.contains(&en!("puzzle-solution")));

    let next = table.click(&table.ana, &shown, "kiela:puzzle-next").await;
    let second = puzzle_number(&next);
    assert_ne!(second, number);
    let right = &puzzle_line(second)[0];
    let menu = component_id(&next, "kiela:puzzle:");
    let wrong = next.components[0]["components"][0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap().to_string())
        .find(|hole| hole != right)
        .expect("a puzzle with a choice");
    let missed = answer(
        &table
            .fake
            .select(&table.ana, next.id, &menu, &[&wrong])
            .await,
    )
    .await;
    assert!(
        missed.content.contains(&en!(
            "puzzle-missed",
            margin = kiela_learn::puzzles::MARGIN / 100
        )),
        "{}",
        missed.content
    );
    let again = table
        .click(&table.ana, &missed, "kiela:puzzle-retry:")
        .await;
    assert_eq!(puzzle_number(&again), second);
    assert!(
        again.content.contains(&en!("puzzle-practice")),
        "{}",
        again.content
    );

    // The daily puzzle: at 09:00 UTC in its own channel (START is 08:00).
    let daily = CHANNEL_ID + 9;
    table.fake.add_guild_channel(GUILD_ID, daily);
    table.fake.allow_threads(daily);
    let manager = table.carol.clone().manager();
    let set = table
        .slash(
            &manager,
            "settings",
            opts()
                .channel("puzzle-channel", daily)
                .int("puzzle-hour", 9),
        )
        .await;
    let chosen = en!(
        "settings-puzzle-in",
        channel = format!("<#{daily}>"),
        hour = 9
    );
    assert!(set.content.contains(&chosen), "{}", set.content);
    table.wait_for_pass().await;
    assert!(table.fake.messages(daily).is_empty());
    table.later(3600).await;
    eventually(&table, "the daily puzzle's thread", || {
        !table.fake.threads().is_empty()
    })
    .await;
    table.stop_bot().await;
    table.start_bot().await;
    table.wait_for_pass().await;
    table.wait_for_pass().await;
    let posts = table.fake.messages(daily);
    assert_eq!(posts.len(), 1, "once a day, restart or not");
    let post = &posts[0];
    assert!(!post.ephemeral);
    image::load_from_memory(&post.attachments[0].bytes).expect("a PNG");
    let (thread, parent, name) = table.fake.threads()[0].clone();
    assert_eq!((thread, parent), (post.id, daily));
    assert_eq!(name, en!("puzzle-daily-thread", date = "2027-01-15"));
    let solve = table.click(&table.bob, post, "kiela:puzzle-daily").await;
    assert!(solve.ephemeral);
    let today = puzzle_number(&solve);
    assert!(
        post.content.contains(&format!("#{today}")),
        "{}",
        post.content
    );
    assert!(solve.content.contains("2027-01-15"), "{}", solve.content);
    // It says the first try is rated, and how to hide an answer.
    let said = en!("puzzle-daily-post", number = today, date = "2027-01-15");
    assert!(said.contains("first try is rated") && said.contains("`||C2||`"));
    assert!(post.content.contains(&said), "{}", post.content);

    // The next day, the next puzzle; yesterday's answer under spoiler
    // tags only.
    table.later(DAY).await;
    eventually(&table, "the next daily post", || {
        table.fake.messages(daily).len() == 2
    })
    .await;
    let next = &table.fake.messages(daily)[1];
    let answer = kiela_app::shipped_puzzle(today).unwrap().solution.join(" ");
    assert!(
        next.content.contains(&format!("spoiler): ||{answer}||")),
        "{}",
        next.content
    );
    table.fake.check_calls();
}

/// A server joined long ago is not welcomed again; `/kiela help` answers
/// privately with the quick start and its picture;
/// `accept` and `decline` are no longer subcommands (the buttons do them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_is_three_steps_and_a_picture() {
    let table = Table::new().await;
    // The fake server was joined in 2024: no welcome, restart or not.
    table.wait_for_pass().await;
    assert!(table.fake.messages(CHANNEL_ID).is_empty());
    let help = table.slash(&table.ana, "help", opts()).await;
    assert_private(&help, &en!("help-quick-start"));
    image::load_from_memory(&help.attachments[0].bytes).expect("a PNG");
    let names: Vec<String> = table.fake.commands(Some(GUILD_ID)).await[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.contains(&"help".to_string()), "{names:?}");
    assert!(!names.contains(&"accept".to_string()), "{names:?}");
    table.fake.check_calls();
}

/// A 3-player round-robin played to its end: every game resigned, with
/// the boards' buttons, by the player who joined first of the pair.
async fn finished_round_robin(table: &Table) -> Message {
    table.fake.allow_threads(CHANNEL_ID);
    let players = [table.ana.clone(), table.bob.clone(), table.carol.clone()];
    let create = opts().string("name", "Cup").string("format", "round-robin");
    let sign_up = table.slash(&table.ana, "tournament create", create).await;
    for user in &players {
        table.click(user, &sign_up, "kiela:tournament:").await;
    }
    let start = component_id(&sign_up, "kiela:tournament:1:start");
    answer(&table.fake.click(&table.ana, sign_up.id, &start).await).await;
    eventually(table, "six game threads", || {
        let named = table.fake.threads().into_iter();
        named
            .filter(|(_, _, name)| name.starts_with("Cup · R1 · #"))
            .count()
            == 6
    })
    .await;
    let seat = |id: u64| players.iter().position(|u| u.id == id).unwrap();
    let games: Vec<u64> = (table.fake.threads().into_iter())
        .filter(|(_, _, name)| name.starts_with("Cup · R1 · #"))
        .map(|(id, _, _)| id)
        .collect();
    for game_thread in games {
        let board = table
            .fake
            .wait_for_message("the game's first board in its thread", |m| {
                m.channel_id == game_thread && !m.attachments.is_empty()
            })
            .await;
        let called = posted(table, game_thread).mentions();
        let loser = &players[seat(called[0]).min(seat(called[1]))];
        let confirm = table.click(loser, &board, "kiela:resign:").await;
        table.click(loser, &confirm, "kiela:resign-yes:").await;
    }
    table
        .fake
        .wait_for_message("the winner in the lobby", |m| {
            m.channel_id == CHANNEL_ID
                && m.content.contains("**Cup**")
                && m.content.contains("wins")
        })
        .await
}

/// A finished tournament cannot be cancelled: its organiser is told so,
/// privately, and nothing is posted (its winner stays).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_tournament_cannot_be_cancelled() {
    let table = Table::new().await;
    finished_round_robin(&table).await;
    table.wait_for_pass().await;
    let public = |table: &Table| {
        (table.fake.messages(CHANNEL_ID).into_iter())
            .filter(|m| !m.ephemeral)
            .count()
    };
    let before = public(&table);
    let cancel = opts().int("tournament", 1);
    let refused = table.slash(&table.ana, "tournament cancel", cancel).await;
    assert_private(
        &refused,
        &en!("tournament-over", name = "Cup", state = "finished"),
    );
    table.wait_for_pass().await;
    assert_eq!(public(&table), before, "nothing posted");
    let messages = table.fake.messages(CHANNEL_ID);
    assert!(
        !(messages.iter()).any(|m| !m.ephemeral && m.content.contains("is canceled")),
        "no cancellation posted"
    );
    table.fake.check_calls();
}

/// Eight members press Join at once on an event that takes four: exactly
/// four are in (the others are told it is full), and the sign-up shows
/// those four.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_joins_at_once_against_a_cap_of_four() {
    let table = Table::new().await;
    let players: Vec<FakeUser> = (0..8)
        .map(|i| {
            let user = FakeUser::new(1_200_000_000_000_000_200 + i, &format!("p{i}"));
            table.fake.add_user(&user);
            user
        })
        .collect();
    let create = opts()
        .string("name", "Cup")
        .string("format", "swiss")
        .int("max-players", 4);
    let sign_up = table.slash(&table.ana, "tournament create", create).await;
    let join = component_id(&sign_up, "kiela:tournament:1:join");
    let clicks: Vec<_> = (players.iter().cloned())
        .map(|user| {
            let (fake, join, at) = (table.fake.clone(), join.clone(), sign_up.id);
            tokio::spawn(async move { answer(&fake.click(&user, at, &join).await).await })
        })
        .collect();
    let mut answers = Vec::new();
    for click in clicks {
        answers.push(click.await.unwrap());
    }
    let joined = en!("tournament-joined", name = "Cup");
    let full = en!("tournament-full", name = "Cup");
    let said = |words: &str| {
        (answers.iter())
            .filter(|m| says(&m.content.to_lowercase(), &words.to_lowercase()))
            .count()
    };
    assert_eq!(said(&joined), 4, "{answers:?}");
    assert_eq!(said(&full), 4, "{answers:?}");
    let listed = en!("tournament-players-of", count = 4, max = 4, players = "");
    eventually(&table, "the sign-up shows the four", || {
        posted(&table, sign_up.id).content.contains(&listed)
    })
    .await;
    let content = posted(&table, sign_up.id).content;
    let shown = (players.iter())
        .filter(|u| content.contains(&mention(u)))
        .count();
    assert_eq!(shown, 4, "{content}");
    table.fake.check_calls();
}

/// A 40-player Swiss: round 1's twenty pairings are all in the posted
/// messages, each whole on its line, each message within Discord's 2,000
/// characters, none cut with "…".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forty_player_swiss_shows_every_pairing_of_round_one() {
    let table = Table::new().await;
    table.fake.allow_threads(CHANNEL_ID);
    let players: Vec<FakeUser> = (0..40)
        .map(|i| {
            let user = FakeUser::new(1_200_000_000_000_000_300 + i, &format!("player{i}"));
            table.fake.add_user(&user);
            user
        })
        .collect();
    let create = opts().string("name", "Cup").string("format", "swiss");
    let sign_up = table.slash(&table.ana, "tournament create", create).await;
    for user in &players {
        let joined = table.click(user, &sign_up, "kiela:tournament:").await;
        assert_private(&joined, &en!("tournament-joined", name = "Cup"));
    }
    let listed = en!("tournament-players-of", count = 40, max = 64, players = "");
    eventually(&table, "the sign-up shows all forty", || {
        posted(&table, sign_up.id).content.contains(&listed)
    })
    .await;
    let content = posted(&table, sign_up.id).content;
    assert!(
        players.iter().all(|u| content.contains(&mention(u))),
        "{content}"
    );
    let start = component_id(&sign_up, "kiela:tournament:1:start");
    answer(&table.fake.click(&table.ana, sign_up.id, &start).await).await;
    let own = table
        .fake
        .wait_for_message("the start, with the tournament's thread", |m| {
            m.channel_id == CHANNEL_ID && !m.ephemeral && m.content.contains("has started!")
        })
        .await;
    let heading = "**Cup, round 1**";
    table
        .fake
        .wait_for_message("the round's pairings in the thread", |m| {
            m.channel_id == own.id && m.content.contains(heading)
        })
        .await;
    // Every pairing line, in whichever of the round's messages.
    let line_of = |user: &FakeUser| format!("{} (South, moves first) – ", mention(user));
    eventually(&table, "every pairing posted", || {
        let all: Vec<Message> = table.fake.messages(own.id);
        players
            .iter()
            .filter(|u| all.iter().any(|m| m.content.contains(&line_of(u))))
            .count()
            == 20
    })
    .await;
    let news: Vec<Message> = (table.fake.messages(own.id).into_iter())
        .filter(|m| m.content.contains("(South, moves first) – "))
        .collect();
    assert!(!news.is_empty());
    let mut paired = std::collections::BTreeSet::new();
    let mut lines = 0;
    for message in &news {
        assert!(message.content.encode_utf16().count() <= 2000);
        assert!(!message.content.contains('…'), "{}", message.content);
        for line in message.content.lines() {
            if !line.contains("(South, moves first) – ") {
                continue;
            }
            lines += 1;
            let called: Vec<u64> = (players.iter())
                .filter(|u| line.contains(&mention(u)))
                .map(|u| u.id)
                .collect();
            assert_eq!(called.len(), 2, "a whole pairing: {line}");
            assert!(called.iter().all(|id| paired.insert(*id)), "{line}");
        }
    }
    assert_eq!(lines, 20);
    assert_eq!(paired.len(), 40, "every player paired once");
    table.fake.check_calls();
}

/// A tournament named with markup is shown as written, escaped, in its
/// sign-up, its list and a player's answer: no bold, no link, no mass
/// mention.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_name_with_markup_is_shown_escaped() {
    let table = Table::new().await;
    let name = "**x** [a](https://b) @everyone";
    let create = opts().string("name", name).string("format", "swiss");
    let sign_up = table.slash(&table.ana, "tournament create", create).await;
    let joined = table.click(&table.bob, &sign_up, "kiela:tournament:").await;
    let listed = table.slash(&table.bob, "tournaments", opts()).await;
    for message in [&sign_up, &joined, &listed] {
        let text = &message.content;
        assert!(text.contains(r"\*\*x\*\*"), "escaped: {text}");
        for markup in ["**x**", "[a](", "@everyone"] {
            assert!(!text.contains(markup), "{markup} in {text}");
        }
    }
    table.fake.check_calls();
}

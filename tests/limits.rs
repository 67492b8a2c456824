//! Names people choose and the limits of Discord and of the machine,
//! through the game service on real databases (a SQLite file, and
//! PostgreSQL when installed): names that try to format, link or ping are
//! escaped and cut; lists and records stay within 2,000 characters; quotas
//! on challenges and AI games; AI searches through a bounded pool.

mod support;

use std::sync::Arc;

use kiela_ai::Level;
use kiela_app::vocabulary::{ChannelId, GuildId, MessageId, UserId};
use kiela_app::{
    App, AppError, BoardMessage, BotPermissions, FirstMover, GameOptions, ManualClock, Place,
    PlaceKind, Reply, User, AI_SEARCHES, CHALLENGE_DAYS, GIF_TURNS, MAX_AI_GAMES,
    MAX_OPEN_CHALLENGES,
};
use kiela_discord::limits::{attachment, fits, pages, MESSAGE_CHARS, UPLOAD_BYTES};
use kiela_i18n::{tr, Lang};
use kiela_rules::Variant;
use kiela_store::Store;
use support::long_games;
use test_databases::on_both_backends;
use test_databases::{Db, TestDb};

/// What `reply` says, worded as the Discord adapter words it.
fn said(reply: &kiela_app::Reply) -> String {
    kiela_discord::words::says(reply.lang, &reply.says)
}

on_both_backends! {
    names_are_escaped_and_cut_in_messages_but_kept_whole,
    the_games_list_goes_on_in_the_next_messages,
    a_long_record_comes_as_a_text_file,
    open_challenges_are_limited_per_challenger,
    ai_games_are_limited_per_player,
    quotas_hold_against_requests_racing_from_one_user,
    ai_searches_queue_for_a_bounded_pool,
}

const START: i64 = 1_800_000_000;
const HERE: Place = Place {
    guild_id: GuildId(10),
    channel_id: ChannelId(20),
    lang: Lang::En,
    bot_may: BotPermissions::NO_THREADS,
    kind: PlaceKind::Server,
};

fn bot() -> User {
    User::bot(UserId(999), "Kiela")
}

struct World {
    _db: TestDb,
    service: App,
}

async fn world(db: Db) -> World {
    let test_db = db.fresh("").await;
    let clock = ManualClock::starting_at(START);
    let store = Store::open(&test_db.url).await.unwrap();
    World {
        _db: test_db,
        service: App::new(store, bot(), Arc::new(clock)),
    }
}

fn refusal(result: Result<Reply, AppError>, lang: Lang) -> String {
    match result {
        Ok(reply) => panic!("expected a refusal, got {:?}", said(&reply)),
        Err(e) => kiela_discord::words::error(lang, &e),
    }
}

fn me_first(variant: Variant) -> GameOptions {
    GameOptions {
        variant,
        first: FirstMover::Me,
        ..GameOptions::default()
    }
}

/// `a` challenges `b` (`a` moves first) and `b` accepts: the first board.
async fn game_between(w: &World, a: &User, b: &User, variant: Variant) -> Reply {
    let challenge = w
        .service
        .challenges
        .challenge(a, HERE, b, me_first(variant))
        .await
        .unwrap();
    w.service
        .challenges
        .accept(b, HERE, challenge.challenge)
        .await
        .unwrap()
}

/// What must never reach a message raw: the nicknames' markup.
const HAZARDS: [&str; 6] = [
    "**Ana**",
    "[x](https://example.com)",
    "```",
    "@everyone",
    "<@123>",
    "\u{202E}",
];

fn assert_harmless(text: &str) {
    for hazard in HAZARDS {
        assert!(!text.contains(hazard), "{hazard:?} got through: {text}");
    }
    assert!(text.chars().count() <= MESSAGE_CHARS, "{text}");
}

/// Nicknames with markdown, a masked link, a code fence, mass and user
/// mentions, a right-to-left override, right-to-left text and emoji: every
/// message shows them escaped (Discord then prints the characters
/// themselves), cut to 32 characters; the store and the picture keep them
/// whole.
async fn names_are_escaped_and_cut_in_messages_but_kept_whole(db: Db) {
    let w = world(db).await;
    let bold = User::new(UserId(1), "**Ana** [x](https://example.com)");
    let fence = User::new(UserId(2), "```Bob @everyone <@123>");
    let rtl = User::new(UserId(3), "\u{202E}نزينغا 👩\u{200D}👩\u{200D}👧");
    let long = User::new(UserId(4), &"Kiluanji".repeat(6));

    let challenge = w
        .service
        .challenges
        .challenge(&bold, HERE, &fence, me_first(Variant::Standard))
        .await
        .unwrap();
    assert_harmless(&said(&challenge));
    assert!(
        said(&challenge).contains(r"\*\*Ana\*\* \[x\]\(https\://example\.com\)"),
        "{}",
        said(&challenge)
    );
    let board = w
        .service
        .challenges
        .accept(&fence, HERE, challenge.challenge)
        .await
        .unwrap();
    assert_harmless(&said(&board));
    assert!(
        said(&board).contains(r"\`\`\`Bob @"),
        "the name is still there, escaped: {}",
        said(&board)
    );
    assert!(
        said(&board).contains("@\u{200B}everyone"),
        "{}",
        said(&board)
    );
    assert!(said(&board).contains(r"\<@123\>"), "{}", said(&board));
    // The picture draws the raw names (its alt text is made with them).
    let picture = board.picture.as_ref().unwrap();
    let alt = kiela_discord::words::alt_text(board.lang, &picture.alt_text);
    assert!(alt.contains("**Ana**"), "{alt}");
    // The store keeps the name as Discord gave it.
    let stored = w
        .service
        .store()
        .players
        .player(bold.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.name, bold.name.raw());

    // A move: the path names the mover, escaped.
    let game = board.game.unwrap();
    let hole = board.moves[0].0;
    let moved = w
        .service
        .playing
        .play_move(&bold, HERE, Some(game.id), hole, Some(game.ply))
        .await
        .unwrap();
    assert_harmless(&said(&moved));
    assert!(
        said(&moved).starts_with(r"\*\*Ana\*\* \[x\]"),
        "{}",
        said(&moved)
    );

    // Lists, resignation, stats, the record.
    let games = w.service.info.my_games(&bold).await.unwrap();
    assert_harmless(&said(&games));
    assert!(said(&games).contains(r"\`\`\`Bob"), "{}", said(&games));
    let history = w.service.info.history(&bold, HERE, game.id).await.unwrap();
    assert_eq!(
        said(&history).matches("```").count(),
        2,
        "the name cannot close the record's block: {}",
        said(&history)
    );
    let stats = w.service.ratings.stats(HERE, &fence).await.unwrap();
    assert_harmless(&said(&stats));
    let resigned = w
        .service
        .playing
        .resign(&fence, HERE, Some(game.id))
        .await
        .unwrap();
    assert_harmless(&said(&resigned));
    let leaderboard = w.service.ratings.leaderboard(HERE).await.unwrap();
    assert_harmless(&said(&leaderboard));
    assert!(
        said(&leaderboard).contains(r"\*\*Ana"),
        "{}",
        said(&leaderboard)
    );

    // Right-to-left text and emoji are kept, the override is not; a long
    // name is cut with an ellipsis.
    let board = game_between(&w, &rtl, &long, Variant::Standard).await;
    assert_harmless(&said(&board));
    // The whose-turn line mentions the player without naming them: their
    // name shows where they are named, as in the other player's games.
    let listed = w.service.info.my_games(&long).await.unwrap();
    assert_harmless(&said(&listed));
    assert!(
        said(&listed).contains("vs نزينغا 👩\u{200D}👩\u{200D}👧 ("),
        "{}",
        said(&listed)
    );
    let cut = format!("{}…", &"Kiluanji".repeat(6)[..31]);
    assert!(said(&board).contains(&cut), "{}", said(&board));
    assert!(
        !said(&board).contains(&"Kiluanji".repeat(6)),
        "{}",
        said(&board)
    );
}

/// 40 ongoing games do not fit in one message: as many as fit, then how
/// many more there are.
async fn the_games_list_goes_on_in_the_next_messages(db: Db) {
    let w = world(db).await;
    let ana = User::new(UserId(1), "Ana");
    for i in 0..40 {
        let opponent = User::new(UserId(100 + i), &format!("Opponent number {i}"));
        let game = game_between(&w, &ana, &opponent, Variant::Standard).await;
        // Each game's number links to its board: long lines.
        let board = BoardMessage {
            channel_id: ChannelId(1_234_567_890_123_456_789),
            message_id: MessageId(1_234_567_890_123_456_789 + i),
            ply: Some(0),
        };
        (w.service
            .games
            .replace_board(game.game.unwrap().id, board)
            .await)
            .unwrap();
    }
    // Every game, over as many messages as it takes, each within
    // Discord's limit and made of whole lines.
    for lang in Lang::ALL {
        let reply = w.service.info.my_games(&ana.clone().speaking(lang)).await;
        let list = said(reply.as_ref().unwrap());
        let messages = pages(&list);
        assert!(
            messages.len() > 1,
            "40 long lines take more than one message"
        );
        assert!(messages.iter().all(|m| fits(m)), "{messages:?}");
        let shown: usize = (messages.iter())
            .map(|m| m.lines().filter(|l| l.starts_with("[#")).count())
            .sum();
        assert_eq!(shown, 40, "{list}");
        assert_eq!(messages.join("\n"), list);
    }

    // A few games: one message.
    let bob = User::new(UserId(2), "Bob");
    game_between(&w, &bob, &User::new(UserId(3), "Carol"), Variant::Standard).await;
    let list = said(&w.service.info.my_games(&bob).await.unwrap());
    assert_eq!(list.lines().count(), 1, "{list}");
}

/// A record over 2,000 characters comes as a `.txt` file beside a short
/// message; a short one stays in the message. A long game's GIF shows
/// its end, within Discord's upload size.
async fn a_long_record_comes_as_a_text_file(db: Db) {
    let w = world(db).await;
    let (ana, bob) = (User::new(UserId(1), "Ana"), User::new(UserId(2), "Bob"));
    let short = game_between(&w, &ana, &bob, Variant::Beginner).await;
    let short_id = short.game.unwrap().id;
    let history = w.service.info.history(&ana, HERE, short_id).await.unwrap();
    assert!(attachment(&history).is_none());
    assert!(said(&history).contains("```"), "{}", said(&history));

    let long = game_between(&w, &ana, &bob, Variant::Beginner).await;
    let id = long.game.unwrap().id;
    let moves = long_games::lasting_moves(420);
    long_games::append(w.service.store(), id, &moves, START).await;
    let history = w.service.info.history(&ana, HERE, id).await.unwrap();
    assert!(said(&history).chars().count() <= MESSAGE_CHARS);
    assert!(!said(&history).contains("```"), "{}", said(&history));
    let attached = tr!(Lang::En, "history-attached", plies = 420);
    assert!(said(&history).contains(&attached), "{}", said(&history));
    let file = attachment(&history).expect("the record as a file");
    assert_eq!(file.file_name, format!("kiela-{id}.txt"));
    assert!(file.text.chars().count() > MESSAGE_CHARS);
    assert!(file.text.starts_with("variant=beginner"), "{}", file.text);
    assert!(file.text.contains(&moves[419].to_string()));
    // Portuguese, for a Portuguese server.
    let pt = Place {
        lang: Lang::Pt,
        ..HERE
    };
    let history = w.service.info.history(&ana, pt, id).await.unwrap();
    let attached = tr!(Lang::Pt, "history-attached", plies = 420);
    assert!(said(&history).contains(&attached), "{}", said(&history));

    // Finished, its GIF shows its last 300 turns, within Discord's upload size.
    w.service
        .playing
        .resign(&bob, HERE, Some(id))
        .await
        .unwrap();
    let history = w.service.info.history(&ana, HERE, id).await.unwrap();
    let picture = history.picture.expect("the game's GIF");
    assert!(
        picture.bytes.len() <= UPLOAD_BYTES,
        "{}",
        picture.bytes.len()
    );
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut frames = options.read_info(picture.bytes.as_slice()).unwrap();
    let mut count = 0;
    while frames.next_frame_info().unwrap().is_some() {
        count += 1;
    }
    assert_eq!(count, GIF_TURNS + 1, "the position before them, then each");
    let alt = kiela_discord::words::alt_text(history.lang, &picture.alt_text);
    assert!(alt.contains("last 300 turns (of 420"), "{alt}");
}

/// Each challenge pings its target: at most ten wait for an answer per
/// challenger, then a clear refusal until one is answered.
async fn open_challenges_are_limited_per_challenger(db: Db) {
    let w = world(db).await;
    let ana = User::new(UserId(1), "Ana");
    let mut sent = Vec::new();
    for i in 0..MAX_OPEN_CHALLENGES as i64 {
        let target = User::new(UserId(100 + i), &format!("target {i}"));
        let reply = w
            .service
            .challenges
            .challenge(&ana, HERE, &target, GameOptions::default())
            .await
            .unwrap();
        sent.push((target, reply.challenge));
    }
    let extra = User::new(UserId(200), "one too many");
    let e = refusal(
        w.service
            .challenges
            .challenge(&ana, HERE, &extra, GameOptions::default())
            .await,
        Lang::En,
    );
    // A challenge made here waits the default number of days.
    let quota = |lang| {
        tr!(
            lang,
            "quota-challenges",
            max = MAX_OPEN_CHALLENGES,
            days = CHALLENGE_DAYS
        )
    };
    assert!(e.contains(&quota(Lang::En)), "{e}");
    let pt = refusal(
        w.service
            .challenges
            .challenge(
                &ana.clone().speaking(Lang::Pt),
                HERE,
                &extra,
                GameOptions::default(),
            )
            .await,
        Lang::Pt,
    );
    assert!(pt.contains(&quota(Lang::Pt)), "{pt}");
    // Someone else is not limited by Ana's challenges.
    w.service
        .challenges
        .challenge(
            &User::new(UserId(2), "Bob"),
            HERE,
            &extra,
            GameOptions::default(),
        )
        .await
        .unwrap();
    // An answered challenge frees a place.
    let (target, id) = &sent[0];
    w.service
        .challenges
        .decline(target, HERE, *id)
        .await
        .unwrap();
    w.service
        .challenges
        .challenge(&ana, HERE, &extra, GameOptions::default())
        .await
        .unwrap();
}

/// At most five ongoing games against the AI per player, however started.
async fn ai_games_are_limited_per_player(db: Db) {
    let w = world(db).await;
    let ana = User::new(UserId(1), "Ana");
    let mut games = Vec::new();
    for _ in 0..MAX_AI_GAMES {
        let reply = w
            .service
            .challenges
            .start_ai_game(&ana, HERE, Level::Easy, me_first(Variant::Standard))
            .await
            .unwrap();
        games.push(reply.game.unwrap().id);
    }
    let e = refusal(
        w.service
            .challenges
            .start_ai_game(&ana, HERE, Level::Easy, GameOptions::default())
            .await,
        Lang::En,
    );
    let quota = |lang| tr!(lang, "quota-ai-games", max = MAX_AI_GAMES);
    assert!(e.contains(&quota(Lang::En)), "{e}");
    let e = refusal(
        w.service
            .challenges
            .challenge(&ana, HERE, &bot(), GameOptions::default())
            .await,
        Lang::En,
    );
    assert!(e.contains(&quota(Lang::En)), "{e}");
    let e = refusal(
        w.service
            .challenges
            .start_ai_game(
                &ana.clone().speaking(Lang::Pt),
                HERE,
                Level::Easy,
                GameOptions::default(),
            )
            .await,
        Lang::Pt,
    );
    assert!(e.contains(&quota(Lang::Pt)), "{e}");
    // A game against a person does not count; a finished AI game frees a place.
    game_between(&w, &ana, &User::new(UserId(2), "Bob"), Variant::Standard).await;
    w.service
        .playing
        .resign(&ana, HERE, Some(games[0]))
        .await
        .unwrap();
    w.service
        .challenges
        .start_ai_game(&ana, HERE, Level::Easy, me_first(Variant::Standard))
        .await
        .unwrap();
}

/// A user's requests racing each other (several presses, two processes)
/// cannot together go past a quota: each is counted in the transaction
/// that stores it.
async fn quotas_hold_against_requests_racing_from_one_user(db: Db) {
    let w = world(db).await;
    let ana = User::new(UserId(1), "Ana");
    let extra = 4;
    let mut challenges = Vec::new();
    for i in 0..(MAX_OPEN_CHALLENGES + extra) as i64 {
        let (service, ana) = (w.service.clone(), ana.clone());
        challenges.push(tokio::spawn(async move {
            let target = User::new(UserId(100 + i), &format!("target {i}"));
            service
                .challenges
                .challenge(&ana, HERE, &target, GameOptions::default())
                .await
        }));
    }
    let mut ai_games = Vec::new();
    for _ in 0..MAX_AI_GAMES + extra {
        let (service, ana) = (w.service.clone(), ana.clone());
        ai_games.push(tokio::spawn(async move {
            service
                .challenges
                .start_ai_game(&ana, HERE, Level::Easy, me_first(Variant::Standard))
                .await
        }));
    }
    let count = |results: Vec<Result<Reply, AppError>>, key: &str, max: usize| {
        let refusal = tr!(Lang::En, key, max = max, days = CHALLENGE_DAYS);
        let mut stored = 0;
        for result in results {
            match result {
                Ok(_) => stored += 1,
                Err(e) => assert!(
                    kiela_discord::words::error(Lang::En, &e).contains(&refusal),
                    "{e:?}"
                ),
            }
        }
        stored
    };
    let mut results = Vec::new();
    for task in challenges {
        results.push(task.await.unwrap());
    }
    assert_eq!(
        count(results, "quota-challenges", MAX_OPEN_CHALLENGES),
        MAX_OPEN_CHALLENGES
    );
    let mut results = Vec::new();
    for task in ai_games {
        results.push(task.await.unwrap());
    }
    assert_eq!(count(results, "quota-ai-games", MAX_AI_GAMES), MAX_AI_GAMES);
    let ongoing = w.service.store().games.ongoing_games_of(ana.id, 100).await;
    assert_eq!(ongoing.unwrap().len(), MAX_AI_GAMES);
}

/// Many AI turns at once: every one is played, and no more searches ran at
/// once than the pool has slots (no more than the cores).
async fn ai_searches_queue_for_a_bounded_pool(db: Db) {
    let w = world(db).await;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(AI_SEARCHES.size() <= cores);
    let players = 3 * AI_SEARCHES.size() + 2;
    let mut tasks = Vec::new();
    for i in 0..players as i64 {
        let service = w.service.clone();
        tasks.push(tokio::spawn(async move {
            let user = User::new(UserId(1 + i), &format!("player {i}"));
            let options = GameOptions {
                first: FirstMover::Them,
                ..GameOptions::default()
            };
            service
                .challenges
                .start_ai_game(&user, HERE, Level::Medium, options)
                .await
        }));
    }
    for task in tasks {
        let reply = task.await.unwrap().unwrap();
        assert_eq!(
            reply.game.unwrap().ply,
            1,
            "the AI opened: {}",
            said(&reply)
        );
    }
    assert!(
        AI_SEARCHES.peak() >= 1,
        "the searches went through the pool"
    );
    assert!(
        AI_SEARCHES.peak() <= AI_SEARCHES.size(),
        "{} searches at once",
        AI_SEARCHES.peak()
    );
}

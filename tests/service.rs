//! The game service against real databases, each test on both backends (a
//! SQLite file, and a PostgreSQL server the tests start, see `support`):
//! every use case and refusal, concurrency within and across processes, play
//! over simulated days, restarts, and databases that must be refused.

mod support;

use std::sync::Arc;

use kiela::ai::Level;
use kiela::app::{
    AppError, BoardMessage, Clock, DueEvent, FirstMover, GameChoice, GameOptions, GameService,
    LanguageSetting, ManualClock, Place, Reply, Settings, User, DAY,
};
use kiela::i18n::Lang;
use kiela::rules::{Record, Variant};
use kiela::store::Store;
use support::databases::{self, Backend, Db, TestDb};

on_both_backends! {
    a_challenge_becomes_a_game_played_to_the_end,
    challenge_refusals,
    move_refusals_lose_nothing,
    expert_rearrangement_through_the_service,
    two_moves_at_once_exactly_one_wins,
    two_processes_race_for_the_same_move,
    a_game_against_the_ai_answers_in_the_same_call,
    resignation_and_draws,
    the_game_can_be_left_out_when_only_one_waits_here,
    days_pass_reminders_then_a_loss_on_time,
    two_processes_fire_each_due_event_once,
    a_restart_loses_nothing,
    opening_twice_migrates_once,
    someone_elses_database_is_refused,
    a_newer_kielas_database_is_refused,
    languages_follow_the_user_the_place_and_the_stored_locale,
    boards_keep_the_latest_ply_and_turns_can_be_watched,
    an_ai_turn_left_behind_is_played_by_the_timers,
    posts_wait_for_their_answer_and_go_out_in_order_once,
    two_processes_share_the_outbox_without_double_posts,
    only_players_post_boards_and_games_are_answered_in_their_channel,
    ratings_are_shown_per_server_with_each_results_change,
    my_games_lists_those_waiting_for_me_first_with_links_to_their_boards,
    a_finished_games_analysis_is_stored_and_an_ongoing_game_is_refused,
}

const START: i64 = 1_800_000_000;
const HERE: Place = Place {
    guild_id: 10,
    channel_id: 20,
    lang: Lang::En,
};

struct World {
    db: TestDb,
    clock: ManualClock,
    service: GameService,
    alice: User,
    bob: User,
    carol: User,
}

fn bot() -> User {
    User {
        id: 999,
        name: "Kiela".into(),
        is_bot: true,
        lang: Lang::En,
    }
}

/// A service on the database at `url`, as a new process would open it.
async fn service_on(url: &str, clock: &ManualClock) -> GameService {
    let store = Store::open(url).await.unwrap();
    GameService::new(store, bot(), Arc::new(clock.clone()))
}

async fn world(db: Db) -> World {
    let test_db = db.fresh("").await;
    let clock = ManualClock::starting_at(START);
    let service = service_on(&test_db.url, &clock).await;
    World {
        db: test_db,
        clock,
        service,
        alice: User::new(1, "alice"),
        bob: User::new(2, "bob"),
        carol: User::new(3, "carol"),
    }
}

fn refusal(result: Result<Reply, AppError>) -> String {
    match result {
        Ok(reply) => panic!("expected a refusal, got {:?}", reply.text),
        Err(e) => e.to_string(),
    }
}

/// alice challenges bob (alice moves first), bob accepts: the game id.
async fn started(w: &World, options: GameOptions) -> i64 {
    let challenge = w
        .service
        .challenge(&w.alice, HERE, &w.bob, options)
        .await
        .unwrap();
    let reply = w
        .service
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
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
    let mut sent = Vec::new();
    loop {
        let batch = w.service.claim_deliveries(10).await.unwrap();
        if batch.is_empty() {
            return sent;
        }
        for delivery in batch {
            w.service.delivered(&[delivery.id], 1).await.unwrap();
            sent.push(delivery.reply);
        }
    }
}

/// The last post the delivery loop would make now.
async fn last_post(w: &World) -> Reply {
    deliver_all(w).await.pop().expect("a post to deliver")
}

/// The first legal move offered in a board reply.
fn first_offer(reply: &Reply) -> String {
    reply.moves[0].0.to_string()
}

/// Boards are recorded after their answers, so they can arrive out of
/// order: the game's board stays the one of the latest ply. And any turn
/// can be watched again, by anyone.
async fn boards_keep_the_latest_ply_and_turns_can_be_watched(db: Db) {
    let w = world(db).await;
    let id = started(&w, alice_first()).await;
    let board = |message_id, ply| BoardMessage {
        channel_id: 20,
        message_id,
        ply: Some(ply),
    };
    assert_eq!(
        w.service.replace_board(id, board(100, 0)).await.unwrap(),
        None
    );
    assert_eq!(
        w.service.replace_board(id, board(102, 2)).await.unwrap(),
        Some(board(100, 0)),
        "the board before loses its menus"
    );
    assert_eq!(
        w.service.replace_board(id, board(101, 1)).await.unwrap(),
        Some(board(101, 1)),
        "a board that came late loses its own menus"
    );
    assert_eq!(
        w.service.replace_board(id, board(103, 3)).await.unwrap(),
        Some(board(102, 2)),
        "ply 2 stayed the game's board"
    );

    let first = w.service.show(&w.alice, HERE, Some(id)).await.unwrap();
    let hole = first_offer(&first);
    w.service
        .play_move(&w.alice, HERE, Some(id), &hole, None)
        .await
        .unwrap();
    let watched = w.service.watch(&w.carol, id, 1).await.unwrap();
    assert!(watched.private);
    assert!(watched.text.contains(&hole), "{}", watched.text);
    assert!(watched.picture.is_some());
    for ply in [0, 2, -1] {
        let e = refusal(w.service.watch(&w.carol, id, ply).await);
        assert!(e.contains("has no turn"), "{e}");
    }
    let e = refusal(w.service.watch(&w.carol, id + 1, 1).await);
    assert!(e.contains("does not exist"), "{e}");
}

async fn a_challenge_becomes_a_game_played_to_the_end(db: Db) {
    let w = world(db).await;
    let challenge = w
        .service
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    assert_eq!(challenge.ping, [w.bob.id]);
    assert!(challenge.text.contains("<@2>") && challenge.text.contains("alice challenges you"));
    let mut reply = w
        .service
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    let game = reply.game.unwrap().id;
    assert_eq!(reply.ping, [w.alice.id], "alice (South) is to move");
    let picture = reply.picture.as_ref().unwrap();
    assert_eq!(&picture.bytes[1..4], b"PNG");
    assert!(picture.alt_text.contains("alice"));
    assert_eq!(reply.moves.len(), 14);
    // Both play the first offered move until the game ends.
    let mut turns = 0;
    while reply.game.unwrap().active {
        let player = if reply.ping == [w.alice.id] {
            &w.alice
        } else {
            &w.bob
        };
        let ply = reply.game.unwrap().ply;
        reply = w
            .service
            .play_move(player, HERE, Some(game), &first_offer(&reply), Some(ply))
            .await
            .unwrap();
        turns += 1;
        assert!(turns < 2000, "the game should end");
    }
    assert!(
        reply.text.contains("wins") || reply.text.contains("Draw"),
        "{}",
        reply.text
    );
    // The end tells both players, whoever ended it.
    assert!(reply.moves.is_empty());
    assert_eq!(reply.ping, [w.alice.id, w.bob.id]);
    assert!(
        reply
            .text
            .contains(&format!("Game over for <@{}> <@{}>.", w.alice.id, w.bob.id)),
        "{}",
        reply.text
    );
    // The record replays to the same end.
    let history = w.service.history(&w.alice, HERE, game).await.unwrap();
    let record: Record = history.text.lines().nth(2).unwrap().parse().unwrap();
    assert_eq!(record.moves.len(), turns);
    assert!(record.replay().unwrap().is_over());
    // Ratings moved for both, in this server.
    let stats = w.service.stats(HERE, &w.alice).await.unwrap();
    assert!(stats.text.contains("provisional"), "{}", stats.text);
    let board = w.service.leaderboard(HERE).await.unwrap();
    assert!(board.text.contains("alice") && board.text.contains("bob"));
}

async fn challenge_refusals(db: Db) {
    let w = world(db).await;
    let e = refusal(
        w.service
            .challenge(&w.alice, HERE, &w.alice, GameOptions::default())
            .await,
    );
    assert!(e.contains("cannot challenge yourself"), "{e}");
    let other_bot = User {
        id: 5,
        name: "otherbot".into(),
        is_bot: true,
        lang: Lang::En,
    };
    let e = refusal(
        w.service
            .challenge(&w.alice, HERE, &other_bot, GameOptions::default())
            .await,
    );
    assert!(e.contains("is a bot"), "{e}");
    for days in [0, 15] {
        let e = refusal(
            w.service
                .challenge(
                    &w.alice,
                    HERE,
                    &w.bob,
                    GameOptions {
                        days,
                        ..GameOptions::default()
                    },
                )
                .await,
        );
        assert!(e.contains("1 to 14 days"), "{e}");
    }
    let c = w
        .service
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap()
        .challenge;
    let e = refusal(w.service.accept(&w.carol, HERE, c).await);
    assert!(e.contains("not addressed to you"), "{e}");
    let e = refusal(w.service.cancel(&w.bob, HERE, c).await);
    assert!(e.contains("only the challenger"), "{e}");
    w.service.decline(&w.bob, HERE, c).await.unwrap();
    let e = refusal(w.service.accept(&w.bob, HERE, c).await);
    assert!(e.contains("no longer open (it was declined)"), "{e}");
    // Cancelled by the challenger.
    let c = w
        .service
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap()
        .challenge;
    w.service.cancel(&w.alice, HERE, None).await.unwrap();
    assert!(refusal(w.service.accept(&w.bob, HERE, c).await).contains("cancelled"));
    // Expired after 24 hours.
    let c = w
        .service
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap()
        .challenge;
    w.clock.advance(DAY + 1);
    assert!(refusal(w.service.accept(&w.bob, HERE, c).await).contains("expired"));
    assert!(
        refusal(w.service.accept(&w.bob, HERE, None).await).contains("nobody has challenged you")
    );
}

async fn move_refusals_lose_nothing(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let e = refusal(
        w.service
            .play_move(&w.carol, HERE, Some(game), "G2", None)
            .await,
    );
    assert_eq!(
        e,
        "this is not your game: only its two players can act on it"
    );
    let e = refusal(
        w.service
            .play_move(&w.bob, HERE, Some(game), "C3", None)
            .await,
    );
    assert_eq!(e, "it is not your turn: South is to move");
    let e = refusal(
        w.service
            .play_move(&w.alice, HERE, Some(game), "A2", None)
            .await,
    );
    assert!(
        e.starts_with("A2 is empty. Your legal moves: A1, B1"),
        "{e}"
    );
    let e = refusal(
        w.service
            .play_move(&w.alice, HERE, Some(game), "D4", None)
            .await,
    );
    assert!(e.starts_with("D4 is North's hole"), "{e}");
    let e = refusal(
        w.service
            .play_move(&w.alice, HERE, Some(game), "Z9", None)
            .await,
    );
    assert!(e.contains("not a hole"), "{e}");
    let e = refusal(
        w.service
            .play_move(&w.alice, HERE, Some(game), "G2", Some(5))
            .await,
    );
    assert_eq!(e, "this board is out of date: here is the current one");
    let e = refusal(w.service.arrange(&w.alice, HERE, Some(game), "1 2 3").await);
    assert!(e.contains("the layout has 3 entries"), "{e}");
    let e = refusal(
        w.service
            .arrange(&w.alice, HERE, Some(game), &"1 ".repeat(20))
            .await,
    );
    assert!(
        e.starts_with("rearranging is only allowed in the Expert variant. Your legal moves: A1"),
        "{e}"
    );
    let e = refusal(
        w.service
            .play_move(&w.alice, HERE, Some(404), "G2", None)
            .await,
    );
    assert_eq!(e, "game #404 does not exist");
    // Nothing was stored: alice's legal move still works, at ply 0.
    let reply = w
        .service
        .play_move(&w.alice, HERE, None, "g2", Some(0))
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 1);
    assert!(
        reply.text.starts_with("alice sowed G2 → ended in E2."),
        "{}",
        reply.text
    );
}

async fn expert_rearrangement_through_the_service(db: Db) {
    let w = world(db).await;
    let game = started(
        &w,
        GameOptions {
            variant: Variant::Expert,
            ..alice_first()
        },
    )
    .await;
    let layout = "0 0 0 0 0 0 0 0 0 14 / 0 0 0 0 0 0 0 0 0 14";
    let reply = w
        .service
        .arrange(&w.alice, HERE, Some(game), layout)
        .await
        .unwrap();
    assert!(
        reply.text.contains("alice rearranged their stones."),
        "{}",
        reply.text
    );
    // A rearrangement has no sowing to watch.
    let e = refusal(w.service.watch(&w.bob, game, 1).await);
    assert!(e.contains("rearrangement"), "{e}");
    let e = refusal(w.service.arrange(&w.alice, HERE, Some(game), layout).await);
    assert!(e.contains("not your turn"), "{e}");
    let e = refusal(
        w.service
            .arrange(&w.bob, HERE, Some(game), &"1 ".repeat(20))
            .await,
    );
    assert!(
        e.starts_with("the layout has 20 stones; you have 28."),
        "{e}"
    );
}

async fn two_moves_at_once_exactly_one_wins(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    for _ in 0..5 {
        let state = w.service.show(&w.alice, HERE, Some(game)).await.unwrap();
        let player = if state.ping == [w.alice.id] {
            &w.alice
        } else {
            &w.bob
        };
        let ply = state.game.unwrap().ply;
        let (a, b) = (
            state.moves[0].0.to_string(),
            state.moves[state.moves.len() - 1].0.to_string(),
        );
        let (first, second) = tokio::join!(
            w.service.play_move(player, HERE, Some(game), &a, Some(ply)),
            w.service.play_move(player, HERE, Some(game), &b, Some(ply)),
        );
        let wins = [&first, &second].iter().filter(|r| r.is_ok()).count();
        assert_eq!(wins, 1, "{first:?} / {second:?}");
        let loser = if first.is_err() { first } else { second }.unwrap_err();
        assert!(
            matches!(
                loser,
                AppError::Conflict | AppError::OutOfDate { .. } | AppError::NotYourTurn(_)
            ),
            "{loser}"
        );
        let after = w.service.show(&w.alice, HERE, Some(game)).await.unwrap();
        assert_eq!(after.game.unwrap().ply, ply + 1, "exactly one move stored");
    }
}

async fn a_game_against_the_ai_answers_in_the_same_call(db: Db) {
    let w = world(db).await;
    let options = GameOptions {
        first: FirstMover::Me,
        ..GameOptions::default()
    };
    let reply = w
        .service
        .start_ai_game(&w.alice, HERE, Level::Easy, options)
        .await
        .unwrap();
    let game = reply.game.unwrap();
    assert_eq!(game.ply, 0);
    let reply = w
        .service
        .play_move(&w.alice, HERE, Some(game.id), &first_offer(&reply), Some(0))
        .await
        .unwrap();
    assert_eq!(
        reply.game.unwrap().ply,
        2,
        "the human's move and the AI's reply"
    );
    assert!(reply.text.contains("\nKiela sowed "), "{}", reply.text);
    assert_eq!(reply.ping, [w.alice.id]);
    // The AI opens when the human is North; challenging the bot starts an AI game too.
    let options = GameOptions {
        first: FirstMover::Them,
        ..GameOptions::default()
    };
    let reply = w
        .service
        .challenge(&w.bob, HERE, &bot(), options)
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 1);
    assert!(reply.text.contains("\nKiela sowed "), "{}", reply.text);
    let e = refusal(w.service.draw(&w.bob, HERE, reply.game.map(|g| g.id)).await);
    assert!(e.contains("does not take draws"), "{e}");
}

async fn resignation_and_draws(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let offer = w.service.draw(&w.alice, HERE, Some(game)).await.unwrap();
    assert_eq!(offer.ping, [w.bob.id]);
    let e = refusal(w.service.draw(&w.alice, HERE, Some(game)).await);
    assert!(e.contains("already offered"), "{e}");
    // alice moves; her own offer stands. bob moves instead of accepting: it lapses.
    let reply = w
        .service
        .play_move(&w.alice, HERE, Some(game), "G2", None)
        .await
        .unwrap();
    let reply = w
        .service
        .play_move(&w.bob, HERE, Some(game), &first_offer(&reply), None)
        .await
        .unwrap();
    assert!(reply.game.unwrap().active);
    let again = w.service.draw(&w.bob, HERE, Some(game)).await.unwrap();
    assert!(
        again.text.contains("bob offers a draw"),
        "the lapsed offer was not accepted: {}",
        again.text
    );
    let done = w.service.draw(&w.alice, HERE, Some(game)).await.unwrap();
    assert!(
        done.text.contains("Draw") && done.text.contains("1/2-1/2"),
        "{}",
        done.text
    );
    let drawn = game;
    // Resignation, by the player not to move.
    let game = started(&w, alice_first()).await;
    let done = w.service.resign(&w.bob, HERE, Some(game)).await.unwrap();
    assert!(
        done.text.contains("alice wins") && done.text.contains("resignation"),
        "{}",
        done.text
    );
    let e = refusal(w.service.resign(&w.alice, HERE, Some(game)).await);
    assert!(e.contains("already over"), "{e}");
    let e = refusal(
        w.service
            .play_move(&w.alice, HERE, Some(game), "G2", None)
            .await,
    );
    assert!(e.contains("is over"), "{e}");

    // Autocomplete offers the ongoing games; for `history`, the finished
    // ones too, after them.
    let ongoing = started(&w, alice_first()).await;
    let labels = |choices: Vec<GameChoice>| -> Vec<String> {
        choices.into_iter().map(|choice| choice.label).collect()
    };
    let your_move = format!("#{ongoing} vs bob: your move");
    assert_eq!(
        labels(w.service.game_choices(&w.alice, false).await.unwrap()),
        std::slice::from_ref(&your_move)
    );
    assert_eq!(
        labels(w.service.game_choices(&w.alice, true).await.unwrap()),
        [
            your_move,
            format!("#{game} vs bob: you won"),
            format!("#{drawn} vs bob: drawn"),
        ]
    );
    assert_eq!(
        labels(w.service.game_choices(&w.bob, true).await.unwrap())[1],
        format!("#{game} vs alice: you lost")
    );
}

async fn the_game_can_be_left_out_when_only_one_waits_here(db: Db) {
    let w = world(db).await;
    let first = started(&w, alice_first()).await;
    w.service
        .play_move(&w.alice, HERE, None, "G2", None)
        .await
        .unwrap();
    let second = started(&w, alice_first()).await;
    // alice: only the second game waits for her.
    let reply = w
        .service
        .play_move(&w.alice, HERE, None, "G2", None)
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().id, second);
    // bob: both wait for him now.
    let e = refusal(w.service.play_move(&w.bob, HERE, None, "C3", None).await);
    assert!(
        e.contains(&format!("#{second}, #{first}")) || e.contains(&format!("#{first}, #{second}")),
        "{e}"
    );
    let elsewhere = Place {
        guild_id: 10,
        channel_id: 21,
        lang: Lang::En,
    };
    assert!(refusal(
        w.service
            .play_move(&w.bob, elsewhere, None, "C3", None)
            .await
    )
    .contains("no ongoing game"));
    let list = w.service.my_games(&w.bob).await.unwrap();
    assert!(
        list.private && list.text.lines().count() == 2,
        "{}",
        list.text
    );
}

async fn days_pass_reminders_then_a_loss_on_time(db: Db) {
    let w = world(db).await;
    let game = started(
        &w,
        GameOptions {
            days: 2,
            ..alice_first()
        },
    )
    .await;
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    // A quarter of 2 days left: a reminder for alice, once.
    w.clock.advance(DAY + DAY / 2);
    let events = w.service.due_events(START + DAY + DAY / 2).await.unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::Reminder { player: 1, .. }]),
        "{events:?}"
    );
    assert!(w.service.fire(events[0]).await.unwrap());
    let reminder = last_post(&w).await;
    assert_eq!(reminder.ping, [w.alice.id]);
    assert!(reminder.text.contains("12 hours left"), "{}", reminder.text);
    assert!(!w.service.fire(events[0]).await.unwrap(), "fires once");
    assert_eq!(w.service.undelivered().await.unwrap(), 0, "nothing twice");
    assert!(w
        .service
        .due_events(START + DAY + DAY / 2)
        .await
        .unwrap()
        .is_empty());
    // alice moves in time: bob's clock starts, with his own reminder later.
    w.service
        .play_move(&w.alice, HERE, Some(game), "G2", None)
        .await
        .unwrap();
    w.clock.advance(2 * DAY + 1);
    let events = w
        .service
        .due_events(START + DAY + DAY / 2 + 2 * DAY + 1)
        .await
        .unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::Timeout { player: 2, .. }]),
        "{events:?}"
    );
    assert!(w.service.fire(events[0]).await.unwrap());
    let timeout = last_post(&w).await;
    assert!(
        timeout.text.contains("bob ran out of time") && timeout.text.contains("alice wins"),
        "{}",
        timeout.text
    );
    assert_eq!(timeout.ping, [w.alice.id, w.bob.id]);
    // A loss on time is rated, and its result shows both changes.
    let alice = (w.service.store().rating(HERE.guild_id, w.alice.id).await).unwrap();
    let gain = format!("alice {:.0} (+", alice.rating);
    assert!(
        timeout.text.contains(&gain) && timeout.text.contains("bob 1"),
        "{gain:?} in {}",
        timeout.text
    );
    assert!(!w.service.fire(events[0]).await.unwrap());
    let e = refusal(
        w.service
            .play_move(&w.bob, HERE, Some(game), "C3", None)
            .await,
    );
    assert!(e.contains("is over"), "{e}");
}

async fn a_restart_loses_nothing(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let reply = w
        .service
        .play_move(&w.alice, HERE, Some(game), "G2", None)
        .await
        .unwrap();
    let offered = first_offer(&reply);
    drop(w.service);
    // A new service on the same file carries on where the old one stopped.
    let service = service_on(&w.db.url, &w.clock).await;
    let shown = service.show(&w.bob, HERE, Some(game)).await.unwrap();
    assert_eq!(shown.game.unwrap().ply, 1);
    assert_eq!(shown.ping, [w.bob.id]);
    let reply = service
        .play_move(&w.bob, HERE, Some(game), &offered, Some(1))
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 2);
}

async fn opening_twice_migrates_once(db: Db) {
    let w = world(db).await;
    started(&w, alice_first()).await;
    for _ in 0..2 {
        let store = Store::open(&w.db.url).await.unwrap();
        assert_eq!(store.games_of(w.alice.id, true, 10).await.unwrap().len(), 1);
    }
}

/// The player a board reply waits for.
fn to_move<'a>(w: &'a World, reply: &Reply) -> &'a User {
    if reply.ping == [w.alice.id] {
        &w.alice
    } else {
        &w.bob
    }
}

async fn two_processes_race_for_the_same_move(db: Db) {
    let w = world(db).await;
    // A second pool on the same database: what a second bot process is.
    let other = service_on(&w.db.url, &w.clock).await;
    let game = started(&w, alice_first()).await;
    for _ in 0..8 {
        let state = w.service.show(&w.alice, HERE, Some(game)).await.unwrap();
        let player = to_move(&w, &state).clone();
        let ply = state.game.unwrap().ply;
        // Seen once in CI (not again in 20 runs): a board without moves.
        // Say what it showed rather than overflow below.
        assert!(
            !state.moves.is_empty(),
            "no moves offered at ply {ply}: {:?} {}",
            state.game,
            state.text
        );
        let last = state.moves.len() - 1;
        let tasks = [(w.service.clone(), 0), (other.clone(), last)].map(|(service, pick)| {
            let (player, mv) = (player.clone(), state.moves[pick].0.to_string());
            tokio::spawn(async move {
                service
                    .play_move(&player, HERE, Some(game), &mv, Some(ply))
                    .await
            })
        });
        let mut wins = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => wins += 1,
                Err(AppError::Conflict | AppError::OutOfDate { .. }) => {}
                Err(e) => panic!("unexpected refusal: {e}"),
            }
        }
        assert_eq!(wins, 1);
        let stored = other.store().moves(game).await.unwrap();
        assert_eq!(stored.len() as i64, ply + 1, "exactly one move stored");
    }
}

async fn two_processes_fire_each_due_event_once(db: Db) {
    let w = world(db).await;
    let processes = [w.service.clone(), service_on(&w.db.url, &w.clock).await];
    let mut games: Vec<i64> = Vec::new();
    for _ in 0..6 {
        games.push(started(&w, alice_first()).await);
    }
    games.sort();
    // Both processes poll at the same moment and fire what they found, in
    // opposite orders: they race for the same games in the middle, and at
    // the ends finish different games of the same two players at once.
    let poll_together = |now: i64| {
        let tasks = [(processes[0].clone(), false), (processes[1].clone(), true)].map(
            |(service, reverse)| {
                tokio::spawn(async move {
                    let mut fired = Vec::new();
                    let mut events = service.due_events(now).await.unwrap();
                    if reverse {
                        events.reverse();
                    }
                    for event in events {
                        if service.fire(event).await.unwrap() {
                            fired.push(event);
                        }
                    }
                    fired
                })
            },
        );
        async move {
            let mut fired = Vec::new();
            for task in tasks {
                fired.extend(task.await.unwrap());
            }
            fired
        }
    };
    let game_of = |e: &DueEvent| match *e {
        DueEvent::Reminder { game_id, .. }
        | DueEvent::Timeout { game_id, .. }
        | DueEvent::AiTurn { game_id, .. } => game_id,
    };
    // Three days per move: a reminder is due after two and a quarter.
    let now = START + 2 * DAY + DAY / 2;
    w.clock.set(now);
    let fired = poll_together(now).await;
    assert!(fired.iter().all(|e| matches!(e, DueEvent::Reminder { .. })));
    let mut reminded: Vec<i64> = fired.iter().map(game_of).collect();
    reminded.sort();
    assert_eq!(reminded, games, "one reminder per game");
    // Past the deadline: one loss on time per game.
    let now = START + 3 * DAY + 1;
    w.clock.set(now);
    let fired = poll_together(now).await;
    assert!(fired.iter().all(|e| matches!(e, DueEvent::Timeout { .. })));
    let mut timed_out: Vec<i64> = fired.iter().map(game_of).collect();
    timed_out.sort();
    assert_eq!(timed_out, games, "one timeout per game");
    for service in &processes {
        assert!(service.due_events(now).await.unwrap().is_empty());
    }
    // Every result counted once, though they were rated concurrently.
    let rating = w.service.store().rating(HERE.guild_id, w.alice.id).await;
    assert_eq!(rating.unwrap().losses, games.len() as i64);
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

async fn someone_elses_database_is_refused(db: Db) {
    let foreign = db.fresh("foreign").await;
    let mut conn = raw_connection(&foreign).await;
    for statement in [
        "CREATE TABLE invoices (id BIGINT)",
        "CREATE TABLE clients (id BIGINT)",
    ] {
        sqlx::query(statement).execute(&mut conn).await.unwrap();
    }
    let e = Store::open(&foreign.url).await.unwrap_err().to_string();
    assert!(
        e.contains("not a Kiela database") && e.contains("clients, invoices"),
        "{e}"
    );
}

async fn a_newer_kielas_database_is_refused(db: Db) {
    let test_db = db.fresh("").await;
    drop(Store::open(&test_db.url).await.unwrap());
    let mut conn = raw_connection(&test_db).await;
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ($1, 'from the future', $2, $3, 0)",
    )
    .bind(29991231000000_i64)
    .bind(true)
    .bind(vec![0u8; 48])
    .execute(&mut conn)
    .await
    .unwrap();
    let e = Store::open(&test_db.url).await.unwrap_err().to_string();
    assert!(
        e.contains("newer version of kiela") && e.contains("29991231000000"),
        "{e}"
    );
}

#[tokio::test]
async fn postgres_unreachable_server_is_named_without_its_password() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("postgres://kiela:hunter2@127.0.0.1:{port}/kiela");
    let e = Store::open(&url).await.unwrap_err().to_string();
    assert!(
        e.contains(&format!(
            "cannot open the database postgres://kiela:***@127.0.0.1:{port}/kiela"
        )) && !e.contains("hunter2"),
        "{e}"
    );
}

#[tokio::test]
async fn postgres_missing_database_fails_clearly() {
    if databases::skip_postgres("postgres_missing_database_fails_clearly") {
        return;
    }
    let url = databases::with_database(databases::postgres_server(), "kiela_test_nobody_made_this");
    let e = Store::open(&url).await.unwrap_err().to_string();
    assert!(
        e.contains("cannot open the database") && e.contains("does not exist"),
        "{e}"
    );
}

#[tokio::test]
async fn bad_sqlite_files_fail_clearly() {
    let db = Db {
        backend: Backend::Sqlite,
        test: "bad_sqlite_files_fail_clearly",
    };
    // Not a database at all.
    let garbage = db.fresh("garbage").await;
    let path = garbage.url.strip_prefix("sqlite://").unwrap();
    std::fs::write(path, b"this is not a database, just some text padding it out ....................................................................").unwrap();
    let e = Store::open(&garbage.url).await.unwrap_err().to_string();
    assert!(
        e.contains("garbagekiela.db") && e.contains("not a database"),
        "{e}"
    );
    // A read-only file.
    let readonly = db.fresh("readonly").await;
    drop(Store::open(&readonly.url).await.unwrap());
    let e = Store::open(&format!("{}?mode=ro", readonly.url))
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot write") && e.contains("read-only"), "{e}");
    // Unsupported URLs.
    let e = Store::open("mysql://localhost/kiela")
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("not supported"), "{e}");
}

async fn languages_follow_the_user_the_place_and_the_stored_locale(db: Db) {
    let w = world(db).await;
    let alice = w.alice.clone().speaking(Lang::Pt);
    let options = GameOptions {
        days: 2,
        ..alice_first()
    };
    // A public post in an English server stays English; Alice's own
    // mistakes come back in Portuguese.
    let challenge = w
        .service
        .challenge(&alice, HERE, &w.bob, options)
        .await
        .unwrap();
    assert!(
        challenge.text.contains("2 days per move"),
        "{}",
        challenge.text
    );
    let e = refusal(w.service.challenge(&alice, HERE, &alice, options).await);
    assert!(e.contains("você não pode desafiar a si mesmo"), "{e}");
    let board = w
        .service
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    let game = board.game.unwrap().id;
    let e = refusal(
        w.service
            .play_move(&alice, HERE, Some(game), "A4", None)
            .await,
    );
    assert!(e.contains("A4 é uma casa de Norte"), "{e}");
    assert!(e.contains("Suas jogadas possíveis"), "{e}");
    let e = refusal(
        w.service
            .play_move(&w.bob, HERE, Some(game), "A4", None)
            .await,
    );
    assert!(e.contains("it is not your turn: South is to move"), "{e}");
    // A Portuguese server's board.
    let server = Place {
        lang: Lang::Pt,
        ..HERE
    };
    let shown = w.service.show(&w.bob, server, Some(game)).await.unwrap();
    assert!(
        shown.text.starts_with("Partida #1, jogada 1."),
        "{}",
        shown.text
    );
    assert!(
        shown.text.contains("(alice, Sul), sua vez"),
        "{}",
        shown.text
    );
    assert_eq!(shown.lang, Lang::Pt);
    let choices = w.service.game_choices(&alice, false).await.unwrap();
    assert_eq!(choices[0].label, "#1 contra bob: sua vez");

    // Her reminder speaks the language she last used.
    w.clock.advance(DAY + DAY / 2);
    let events = w.service.due_events(w.clock.now()).await.unwrap();
    assert!(w.service.fire(events[0]).await.unwrap());
    let reminder = last_post(&w).await;
    assert!(
        reminder.text.contains("restam 12 horas"),
        "{}",
        reminder.text
    );

    // Only managers choose a server's language; it then overrides Discord's.
    let pt = Settings {
        language: Some(LanguageSetting::Fixed(Lang::Pt)),
    };
    let e = refusal(w.service.settings(&w.bob, HERE, false, Lang::En, pt).await);
    assert!(e.contains("Manage Server"), "{e}");
    assert_eq!(w.service.localise(HERE).await.unwrap().lang, Lang::En);
    w.service
        .settings(&w.bob, HERE, true, Lang::En, pt)
        .await
        .unwrap();
    assert_eq!(w.service.localise(HERE).await.unwrap().lang, Lang::Pt);
    let auto = Settings {
        language: Some(LanguageSetting::Auto),
    };
    w.service
        .settings(&w.bob, HERE, true, Lang::En, auto)
        .await
        .unwrap();
    assert_eq!(w.service.localise(HERE).await.unwrap().lang, Lang::En);
}

/// A crash between the human's move and the AI's reply (here: the move
/// stored as the service stores it, and nothing after) leaves the AI to
/// move; the timers find the game and play it, and its board goes out.
async fn an_ai_turn_left_behind_is_played_by_the_timers(db: Db) {
    use kiela::store::{GameChange, MoveRow};
    let w = world(db).await;
    let reply = w
        .service
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    let game = reply.game.unwrap().id;
    w.service.delivered(&reply.posts, 1).await.unwrap();
    let store = w.service.store();
    let row = store.game(game).await.unwrap().unwrap();
    let mut change = GameChange::of(&row, w.clock.now());
    change.new_move = Some(MoveRow {
        ply: 1,
        notation: first_offer(&reply),
        player_id: w.alice.id,
        played_at: w.clock.now(),
    });
    store.apply(&change).await.unwrap().unwrap();
    // Not at once: the interaction that made the move may still be at it.
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    w.clock.advance(kiela::app::AI_TURN_GRACE);
    let events = w.service.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::AiTurn { game_id, .. }] if *game_id == game),
        "{events:?}"
    );
    assert!(w.service.fire(events[0]).await.unwrap());
    assert!(!w.service.fire(events[0]).await.unwrap(), "played once");
    assert_eq!(store.moves(game).await.unwrap().len(), 2);
    let board = last_post(&w).await;
    assert!(board.text.starts_with("Kiela sowed "), "{}", board.text);
    assert_eq!(board.ping, [w.alice.id]);
    assert_eq!(board.game.unwrap().ply, 2);
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
}

/// An action's posts wait for its answer; one it never delivered goes out
/// after the lease, in the game's order, once.
async fn posts_wait_for_their_answer_and_go_out_in_order_once(db: Db) {
    let w = world(db).await;
    let challenge = w
        .service
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    assert_eq!(challenge.posts.len(), 1);
    assert_eq!(challenge.ping, [w.bob.id]);
    w.service.delivered(&challenge.posts, 7).await.unwrap();
    let board = w
        .service
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    let game = board.game.unwrap().id;
    // Two moves whose answers never came (a crash): nothing goes out while
    // their answers may still come...
    let first = w
        .service
        .play_move(&w.alice, HERE, Some(game), &first_offer(&board), None)
        .await
        .unwrap();
    let second = w
        .service
        .play_move(&w.bob, HERE, Some(game), &first_offer(&first), None)
        .await
        .unwrap();
    assert!(deliver_all(&w).await.is_empty());
    assert_eq!(w.service.undelivered().await.unwrap(), 3);
    // ...then they go out in order, the earlier ones without menus or pings
    // (the game moved on), the last calling alice.
    w.clock.advance(kiela::app::ANSWER_LEASE);
    let sent = deliver_all(&w).await;
    let plies: Vec<i64> = sent.iter().map(|r| r.game.unwrap().ply).collect();
    assert_eq!(plies, [0, 1, 2]);
    assert_eq!(sent[2].text, second.text);
    assert!(sent[..2]
        .iter()
        .all(|r| r.ping.is_empty() && r.moves.is_empty()));
    assert_eq!(sent[2].ping, [w.alice.id]);
    assert_eq!(w.service.undelivered().await.unwrap(), 0);
    assert!(deliver_all(&w).await.is_empty(), "each once");
}

/// Two processes on one database claim the outbox at once: each post goes
/// to exactly one of them, and a game's second post waits for its first.
async fn two_processes_share_the_outbox_without_double_posts(db: Db) {
    let w = world(db).await;
    let processes = [w.service.clone(), service_on(&w.db.url, &w.clock).await];
    let mut expected = Vec::new();
    for _ in 0..8 {
        let challenge = w
            .service
            .challenge(&w.alice, HERE, &w.bob, alice_first())
            .await
            .unwrap();
        expected.extend(challenge.posts);
    }
    // One game with two posts: its second must wait for its first.
    let board = w
        .service
        .accept(&w.bob, HERE, Some(expected.len() as i64))
        .await
        .unwrap();
    w.service
        .play_move(
            &w.alice,
            HERE,
            board.game.map(|g| g.id),
            &first_offer(&board),
            None,
        )
        .await
        .unwrap();
    w.clock.advance(kiela::app::ANSWER_LEASE);
    let claims = processes.map(|service| {
        tokio::spawn(async move {
            let mut claimed = Vec::new();
            for _ in 0..4 {
                for delivery in service.claim_deliveries(2).await.unwrap() {
                    claimed.push((delivery.id, delivery.reply.game.map(|g| g.ply)));
                }
            }
            claimed
        })
    });
    let mut claimed = Vec::new();
    for claim in claims {
        claimed.extend(claim.await.unwrap());
    }
    let mut ids: Vec<i64> = claimed.iter().map(|(id, _)| *id).collect();
    ids.sort();
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(ids, unique, "no post claimed twice");
    // Every challenge, and the game's first board but not its second yet.
    assert_eq!(ids.len(), 9, "{claimed:?}");
    assert!(claimed.iter().any(|(_, ply)| *ply == Some(0)));
    assert!(!claimed.iter().any(|(_, ply)| *ply == Some(1)));
}

/// Anyone may look at a game, but only its players post its board, in its
/// channel; an action from elsewhere is answered privately while the board
/// goes to the game's channel; an ongoing game's record is its players'.
async fn only_players_post_boards_and_games_are_answered_in_their_channel(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    // The challenge and the first board, as if their answers were lost.
    w.clock.advance(kiela::app::ANSWER_LEASE);
    assert_eq!(deliver_all(&w).await.len(), 2);
    let public = w.service.show(&w.alice, HERE, Some(game)).await.unwrap();
    assert!(!public.private);
    assert_eq!(public.ping, [w.alice.id]);
    let stranger = w.service.show(&w.carol, HERE, Some(game)).await.unwrap();
    assert!(stranger.private && stranger.ping.is_empty() && stranger.moves.is_empty());
    assert!(stranger.picture.is_some(), "a copy of the board");
    let elsewhere = Place {
        channel_id: 21,
        ..HERE
    };
    let mine = w
        .service
        .show(&w.alice, elsewhere, Some(game))
        .await
        .unwrap();
    assert!(mine.private && mine.ping.is_empty() && !mine.moves.is_empty());

    // alice moves from another channel: a private answer; the board, with
    // bob's ping, is for the game's channel.
    let moved = w
        .service
        .play_move(&w.alice, elsewhere, Some(game), &first_offer(&public), None)
        .await
        .unwrap();
    assert!(moved.private && moved.ping.is_empty());
    assert!(moved.text.contains("<#20>"), "{}", moved.text);
    w.service.release(&moved.posts).await.unwrap();
    let posted = w.service.claim_deliveries(10).await.unwrap();
    assert_eq!(posted.len(), 1);
    assert_eq!(
        posted[0].to,
        kiela::app::Destination::Channel(HERE.channel_id)
    );
    assert_eq!(posted[0].reply.ping, [w.bob.id]);
    assert!(!posted[0].reply.private);

    // The record: private to carol while the game goes on, public after.
    assert!(
        !w.service
            .history(&w.alice, HERE, game)
            .await
            .unwrap()
            .private
    );
    assert!(
        w.service
            .history(&w.carol, HERE, game)
            .await
            .unwrap()
            .private
    );
    w.service.resign(&w.bob, HERE, Some(game)).await.unwrap();
    assert!(
        !w.service
            .history(&w.carol, HERE, game)
            .await
            .unwrap()
            .private
    );
}

/// A game between alice and bob in `place`, ended at once by bob's
/// resignation (alice wins): the game id and the result's text.
async fn won_by_alice(w: &World, place: Place, alice: &User, bob: &User) -> (i64, String) {
    let challenge = w
        .service
        .challenge(alice, place, bob, alice_first())
        .await
        .unwrap();
    let game = (w.service.accept(bob, place, challenge.challenge).await)
        .unwrap()
        .game
        .unwrap()
        .id;
    let done = w.service.resign(bob, place, Some(game)).await.unwrap();
    (game, done.text)
}

/// Every rated result shows both rating changes, also when composed after
/// later games; stats count this server only, with plurals in both
/// languages; the leaderboard puts established players before provisional
/// ones and explains the mark.
async fn ratings_are_shown_per_server_with_each_results_change(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let (first, text) = won_by_alice(&w, HERE, &w.alice, &w.bob).await;
    let alice = store.rating(HERE.guild_id, w.alice.id).await.unwrap();
    let bob = store.rating(HERE.guild_id, w.bob.id).await.unwrap();
    let (a, b) = (alice.rating.round() as i64, bob.rating.round() as i64);
    assert!(a > 1500 && b < 1500, "{a} {b}");
    let line = format!("alice {a} (+{}) · bob {b} (\u{2212}{})", a - 1500, 1500 - b);
    assert!(text.contains(&line), "{line:?} in {text}");

    // Another server: its own ratings, and its ongoing game is not counted here.
    let there = Place {
        guild_id: 11,
        channel_id: 30,
        lang: Lang::En,
    };
    let (_, text) = won_by_alice(&w, there, &w.alice, &w.bob).await;
    assert!(text.contains("alice 1"), "{text}");
    let ongoing = w
        .service
        .challenge(&w.alice, there, &w.bob, alice_first())
        .await
        .unwrap();
    w.service
        .accept(&w.bob, there, ongoing.challenge)
        .await
        .unwrap();
    let stats = w.service.stats(HERE, &w.alice).await.unwrap().text;
    assert!(
        stats.contains(&format!("rating {a}?"))
            && stats.contains("1 win, 0 losses, 0 draws in this server; 0 ongoing games"),
        "{stats}"
    );
    let stats = w.service.stats(there, &w.bob).await.unwrap().text;
    assert!(
        stats.contains("0 wins, 1 loss, 0 draws") && stats.contains("1 ongoing game."),
        "{stats}"
    );
    let pt = Place {
        lang: Lang::Pt,
        ..HERE
    };
    let stats = w.service.stats(pt, &w.alice).await.unwrap().text;
    // (CLDR's Portuguese "one" covers 0 too: "0 derrota".)
    assert!(stats.contains("1 vitória, 0 derrota, 0 empate"), "{stats}");

    // Four more wins: alice and bob are established (5 games); carol beats
    // dave once and rates above bob, but is listed after him, marked.
    for _ in 0..4 {
        won_by_alice(&w, HERE, &w.alice, &w.bob).await;
    }
    let dave = User::new(4, "dave");
    won_by_alice(&w, HERE, &w.carol, &dave).await;
    let carol = store.rating(HERE.guild_id, w.carol.id).await.unwrap();
    let bob = store.rating(HERE.guild_id, w.bob.id).await.unwrap();
    assert!(carol.rating > bob.rating && !bob.is_provisional() && carol.is_provisional());
    let board = w.service.leaderboard(HERE).await.unwrap().text;
    let names: Vec<&str> = (board.lines().skip(1).take(4))
        .map(|line| line.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(names, ["alice:", "bob:", "carol:", "dave:"], "{board}");
    assert!(
        board.contains(&format!("carol: {:.0}?", carol.rating))
            && !board.contains("bob: ?")
            && board.contains("? provisional: fewer than 5 rated games"),
        "{board}"
    );

    // The first game's result, shown again after later games, still shows
    // its own change, not today's ratings.
    let again = (w.service.show(&w.alice, HERE, Some(first)).await)
        .unwrap()
        .text;
    assert!(again.contains(&line), "{line:?} in {again}");
    // No rating line for a game against the AI.
    let ai = w
        .service
        .challenge(&w.alice, HERE, &bot(), alice_first())
        .await
        .unwrap();
    let ai_game = ai.game.unwrap().id;
    let done = w
        .service
        .resign(&w.alice, HERE, Some(ai_game))
        .await
        .unwrap();
    assert!(
        done.text.contains("resignation") && !done.text.contains("(+"),
        "{}",
        done.text
    );
}

/// `/kiela games`: the games waiting for you first (whatever changed last),
/// each number linking to the game's current board once it is posted.
async fn my_games_lists_those_waiting_for_me_first_with_links_to_their_boards(db: Db) {
    let w = world(db).await;
    // bob's move in the first game; alice's in the two later ones, the
    // last changed most recently.
    let waiting = started(&w, alice_first()).await;
    w.service
        .play_move(&w.alice, HERE, Some(waiting), "G2", None)
        .await
        .unwrap();
    w.clock.advance(60);
    let older = started(&w, alice_first()).await;
    w.clock.advance(60);
    let newest = started(&w, alice_first()).await;
    let board = BoardMessage {
        channel_id: HERE.channel_id,
        message_id: 555,
        ply: Some(1),
    };
    w.service.replace_board(waiting, board).await.unwrap();
    let list = w.service.my_games(&w.bob).await.unwrap();
    let lines: Vec<&str> = list.text.lines().collect();
    assert_eq!(lines.len(), 3, "{}", list.text);
    let link = format!("[#{waiting}](https://discord.com/channels/10/20/555) vs alice");
    assert!(
        lines[0].starts_with(&link) && lines[0].contains("**your move**"),
        "{}",
        list.text
    );
    // Then the others, soonest deadline first (not the last changed first).
    assert!(
        lines[1].starts_with(&format!("#{older} vs alice")),
        "{}",
        list.text
    );
    assert!(
        lines[2].starts_with(&format!("#{newest} vs alice")),
        "{}",
        list.text
    );
    // alice: the two waiting for her first, soonest deadline first.
    let list = w.service.my_games(&w.alice).await.unwrap().text;
    let firsts: Vec<&str> = list.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        firsts,
        [
            format!("#{older}"),
            format!("#{newest}"),
            format!("[#{waiting}](https://discord.com/channels/10/20/555)")
        ],
        "{list}"
    );
}

async fn a_finished_games_analysis_is_stored_and_an_ongoing_game_is_refused(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let reply = w
        .service
        .play_move(&w.alice, HERE, Some(game), "G2", None)
        .await
        .unwrap();
    w.service
        .play_move(&w.bob, HERE, Some(game), &first_offer(&reply), None)
        .await
        .unwrap();
    let told = Arc::new(std::sync::Mutex::new(Vec::new()));
    let progress = {
        let told = told.clone();
        Arc::new(move |done, total| told.lock().unwrap().push((done, total)))
    };
    let e = refusal(w.service.analysis(&w.carol, game, progress.clone()).await);
    assert!(e.contains("help during play"), "{e}");
    assert!(w.service.store().analysis(game).await.unwrap().is_none());

    w.service.resign(&w.bob, HERE, Some(game)).await.unwrap();
    let first = w
        .service
        .analysis(&w.carol, game, progress.clone())
        .await
        .unwrap();
    assert!(
        first.text.starts_with("**Analysis of game #"),
        "{}",
        first.text
    );
    assert!(!first.private);
    assert!(first.picture.is_some());
    assert_eq!(*told.lock().unwrap(), [(1, 3), (2, 3), (3, 3)]);
    let (nodes, stored) = w.service.store().analysis(game).await.unwrap().unwrap();
    assert_eq!(nodes, 150_000);
    assert!(stored.contains("\"played\":\"G2\""), "{stored}");
    // From the database: no search, the same answer, also in a new process.
    let again = service_on(&w.db.url, &w.clock).await;
    let second = again.analysis(&w.alice, game, progress).await.unwrap();
    assert_eq!(told.lock().unwrap().len(), 3, "searched again");
    assert_eq!(second.text, first.text);
    assert_eq!(second.picture, first.picture);
}

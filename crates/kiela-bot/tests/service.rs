//! The game service against real databases, each test on both backends (a
//! SQLite file, and a PostgreSQL server the tests start, see `support`):
//! every use case and refusal, concurrency within and across processes, play
//! over simulated days, restarts, and databases that must be refused.

use std::sync::Arc;

use kiela_ai::Level;
use kiela_bot::app::{
    AppError, BoardMessage, BotPermissions, Clock, Destination, DueEvent, FirstMover, GameChoice,
    GameOptions, GameService, LanguageSetting, ManualClock, Notify, Place, Reply, Settings, User,
    DAY,
};
use kiela_bot::store::Store;
use kiela_i18n::Lang;
use kiela_rules::{Record, Variant};
use test_databases::on_both_backends;
use test_databases::{Backend, Db, TestDb};

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
    direct_messages_carry_the_board_and_a_turn_is_played_from_them,
    a_game_whose_player_never_moved_is_aborted_unrated,
    a_vacation_pauses_the_clocks_within_a_yearly_allowance,
    ai_games_have_no_time_limit_unless_asked,
    the_old_dm_reminders_flag_becomes_reminders,
    server_settings_and_a_game_in_its_own_thread,
    hints_only_against_the_ai_counted_with_the_result,
    open_challenges_go_to_the_first_taker,
    challenges_expire_once_and_lose_their_buttons,
    rematches_swap_the_seats_once,
    a_finished_games_analysis_is_stored_and_an_ongoing_game_is_refused,
    unreadable_values_are_named_never_guessed,
    a_database_written_before_typed_state_plays_on,
}

const START: i64 = 1_800_000_000;
const HERE: Place = Place {
    guild_id: 10,
    channel_id: 20,
    lang: Lang::En,
    bot_may: BotPermissions::NO_THREADS,
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
/// The answers' posts are left waiting for them (see [`started_answered`]).
async fn started(w: &World, options: GameOptions) -> i64 {
    start(w, options, false).await
}

/// [`started`], the answers delivering their posts, as on Discord.
async fn started_answered(w: &World, options: GameOptions) -> i64 {
    start(w, options, true).await
}

async fn start(w: &World, options: GameOptions, answered: bool) -> i64 {
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
    for answer in [&challenge, &reply].into_iter().filter(|_| answered) {
        w.service.delivered(&answer.posts, 1).await.unwrap();
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
        let batch = w.service.claim_deliveries(10).await.unwrap();
        if batch.is_empty() {
            return sent;
        }
        for delivery in batch {
            w.service.delivered(&[delivery.id], 1).await.unwrap();
            sent.push((delivery.to, delivery.reply));
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
                        days: Some(days),
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
    // The board again, showing the offer, calling bob to answer it.
    assert!(offer.ping.contains(&w.bob.id), "{:?}", offer.ping);
    assert!(
        offer.draw_offered && offer.picture.is_some(),
        "{}",
        offer.text
    );
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
        channel_id: 21,
        ..HERE
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
            days: Some(2),
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
    // alice moves in time, then bob: alice's clock starts again.
    w.service
        .play_move(&w.alice, HERE, Some(game), "G2", None)
        .await
        .unwrap();
    let board = w.service.show(&w.bob, HERE, Some(game)).await.unwrap();
    w.service
        .play_move(&w.bob, HERE, Some(game), &first_offer(&board), None)
        .await
        .unwrap();
    w.clock.advance(2 * DAY + 1);
    let events = w.service.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::Timeout { player: 1, .. }]),
        "{events:?}"
    );
    assert!(w.service.fire(events[0]).await.unwrap());
    let timeout = last_post(&w).await;
    assert!(
        timeout.text.contains("alice ran out of time") && timeout.text.contains("bob wins"),
        "{}",
        timeout.text
    );
    assert_eq!(timeout.ping, [w.alice.id, w.bob.id]);
    // A loss on time is rated, and its result shows both changes.
    let bob = (w.service.store().rating(HERE.guild_id, w.bob.id).await).unwrap();
    let gain = format!("bob {} (+", Lang::En.number(bob.rating.round() as i64));
    assert!(
        timeout.text.contains(&gain) && timeout.text.contains("alice 1,"),
        "{gain:?} in {}",
        timeout.text
    );
    assert!(!w.service.fire(events[0]).await.unwrap());
    let e = refusal(
        w.service
            .play_move(&w.alice, HERE, Some(game), "C2", None)
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
        let shown = state.game.unwrap();
        let ply = shown.ply;
        // Which racer wins is random, so the game is too, and it may end
        // within these 8 plies: an ended game offers no move, an active one
        // must.
        if !shown.active {
            break;
        }
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
        let game = started(&w, alice_first()).await;
        // Both have moved: running out of time loses (it no longer aborts).
        for player in [&w.alice, &w.bob] {
            let board = w.service.show(player, HERE, Some(game)).await.unwrap();
            let hole = first_offer(&board);
            (w.service
                .play_move(player, HERE, Some(game), &hole, None)
                .await)
                .unwrap();
        }
        games.push(game);
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
        | DueEvent::Abort { game_id, .. }
        | DueEvent::AiTurn { game_id, .. } => game_id,
        DueEvent::ChallengeExpired { .. } => panic!("every challenge here was accepted"),
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
    if test_databases::skip_postgres("postgres_missing_database_fails_clearly") {
        return;
    }
    let url = test_databases::with_database(
        test_databases::postgres_server(),
        "kiela_test_nobody_made_this",
    );
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
        days: Some(2),
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
        ..Settings::default()
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
        ..Settings::default()
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
    use kiela_bot::store::{GameChange, MoveRow};
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
    w.clock.advance(kiela_bot::app::AI_TURN_GRACE);
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
    // Only the edit taking the challenge's buttons off goes now: it waits
    // for the challenge's message, not for the game's posts...
    let edits = deliver_all(&w).await;
    assert_eq!(edits.len(), 1);
    assert!(
        edits[0].text.contains("Accepted by bob"),
        "{}",
        edits[0].text
    );
    assert_eq!(w.service.undelivered().await.unwrap(), 3);
    // ...then they go out in order, the earlier ones without menus or pings
    // (the game moved on), the last calling alice.
    w.clock.advance(kiela_bot::app::ANSWER_LEASE);
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
    w.clock.advance(kiela_bot::app::ANSWER_LEASE);
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
    // The challenge and the first board, as if their answers were lost,
    // and the edit taking the challenge's buttons off once it is posted.
    w.clock.advance(kiela_bot::app::ANSWER_LEASE);
    assert_eq!(deliver_all(&w).await.len(), 3);
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
        kiela_bot::app::Destination::Channel(HERE.channel_id)
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
    let en = |n: i64| Lang::En.number(n);
    let line = format!(
        "alice {} (+{}) · bob {} (\u{2212}{})",
        en(a),
        a - 1500,
        en(b),
        1500 - b
    );
    assert!(
        line.contains("alice 1,") && line.contains("bob 1,"),
        "{line}"
    );
    assert!(text.contains(&line), "{line:?} in {text}");

    // Another server: its own ratings, and its ongoing game is not counted here.
    let there = Place {
        guild_id: 11,
        channel_id: 30,
        ..HERE
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
        stats.contains(&format!("rating {}?", en(a)))
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
    assert!(
        stats.contains(&format!("rating {}?", Lang::Pt.number(a))),
        "{stats}"
    );
    assert!(stats.contains("rating 1."), "{stats}");

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
        board.contains(&format!("carol: {}?", en(carol.rating.round() as i64)))
            && !board.contains("bob: ?")
            && board.contains("? provisional: fewer than 5 rated games"),
        "{board}"
    );

    let board = w.service.leaderboard(pt).await.unwrap().text;
    let alice = store.rating(HERE.guild_id, w.alice.id).await.unwrap();
    let shown = format!(
        "alice: {} (5-0-0)",
        Lang::Pt.number(alice.rating.round() as i64)
    );
    assert!(
        board.contains(&shown) && shown.contains(": 1."),
        "{shown:?} in {board}"
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

/// A direct message's place: outside any server.
const DM: Place = Place {
    guild_id: 0,
    channel_id: 77,
    ..HERE
};

/// `/kiela notify`: every turn, reminders only, or off. A direct message
/// is a board post to its recipient, with the move menu while it is their
/// turn; a move from it is accepted, and its board goes to the game's
/// channel. Nobody is told by DM of their own move, nor the bot.
async fn direct_messages_carry_the_board_and_a_turn_is_played_from_them(db: Db) {
    let w = world(db).await;
    assert_eq!(
        w.service.notify_setting(w.alice.id).await.unwrap(),
        Notify::Off
    );
    let on = w.service.notify(&w.alice, Notify::EveryTurn).await.unwrap();
    assert!(
        on.private && on.text.contains("each time it is your turn"),
        "{}",
        on.text
    );
    w.service.notify(&w.bob, Notify::Reminders).await.unwrap();
    assert_eq!(
        w.service.notify_setting(w.alice.id).await.unwrap(),
        Notify::EveryTurn
    );
    assert_eq!(
        w.service.notify_setting(w.bob.id).await.unwrap(),
        Notify::Reminders
    );

    // Bob accepts: alice (South) is to move, and hears of it by DM.
    let game = started_answered(
        &w,
        GameOptions {
            days: Some(2),
            ..alice_first()
        },
    )
    .await;
    // What the loop posts (not the accepted challenge's edit).
    let sent: Vec<_> = deliver_all_to(&w)
        .await
        .into_iter()
        .filter(|(to, _)| !matches!(to, Destination::Edit { .. }))
        .collect();
    let [(to, dm)] = sent.as_slice() else {
        panic!("one DM expected: {sent:?}")
    };
    assert_eq!(*to, Destination::User(w.alice.id));
    assert!(
        dm.text.contains("accepted") && dm.text.contains("(in <#20>)"),
        "{}",
        dm.text
    );
    assert!(
        dm.picture.is_some() && !dm.moves.is_empty(),
        "the board and its menu"
    );
    assert_eq!(
        dm.game.map(|g| (g.id, g.ply, g.active)),
        Some((game, 0, true))
    );

    // Alice moves: bob wants reminders only, so no DM; alice none either.
    let moved = (w
        .service
        .play_move(&w.alice, HERE, Some(game), "G2", None)
        .await)
        .unwrap();
    w.service.delivered(&moved.posts, 5).await.unwrap();
    assert!(deliver_all_to(&w).await.is_empty());
    // Bob moves: alice's turn, by DM, with his path.
    let board = w.service.show(&w.bob, HERE, Some(game)).await.unwrap();
    let hole = first_offer(&board);
    let moved = (w
        .service
        .play_move(&w.bob, HERE, Some(game), &hole, None)
        .await)
        .unwrap();
    assert_eq!(moved.ping, [w.alice.id], "{}", moved.text);
    w.service.delivered(&moved.posts, 6).await.unwrap();
    let sent = deliver_all_to(&w).await;
    let [(Destination::User(1), dm)] = sent.as_slice() else {
        panic!("alice's DM expected: {sent:?}")
    };
    assert!(
        dm.text.starts_with(&format!("bob sowed {hole}")),
        "{}",
        dm.text
    );
    assert_eq!(dm.game.unwrap().ply, 2);
    let from_dm = first_offer(dm);

    // The server chose Portuguese: a move from a DM is posted in it.
    let pt = Settings {
        language: Some(LanguageSetting::Fixed(Lang::Pt)),
        ..Settings::default()
    };
    (w.service.settings(&w.bob, HERE, true, Lang::En, pt).await).unwrap();
    // Alice plays from the DM's menu: answered there with the new board,
    // privately; the board itself goes to the game's channel.
    let answer = w
        .service
        .play_move(&w.alice, DM, Some(game), &from_dm, Some(2))
        .await
        .unwrap();
    assert!(
        answer.private && answer.text.contains("<#20>"),
        "{}",
        answer.text
    );
    assert!(
        answer.text.contains(&format!("alice semeou {from_dm}")),
        "{}",
        answer.text
    );
    // A private answer cannot deliver the public board: handed back.
    w.service.release(&answer.posts).await.unwrap();
    let sent = deliver_all_to(&w).await;
    let [(Destination::Channel(20), board)] = sent.as_slice() else {
        panic!("the board in the game's channel expected: {sent:?}")
    };
    assert_eq!(board.game.unwrap().ply, 3);
    assert_eq!(board.ping, [w.bob.id]);
    assert!(
        board.text.contains(&format!("alice semeou {from_dm}")),
        "{}",
        board.text
    );
    // The same menu again: stale, refused; the game lost nothing.
    let stale = w
        .service
        .play_move(&w.alice, DM, Some(game), &from_dm, Some(2))
        .await;
    assert!(
        matches!(stale, Err(AppError::OutOfDate { .. })),
        "{stale:?}"
    );
    assert_eq!(w.service.store().moves(game).await.unwrap().len(), 3);

    // Bob's reminder carries the board and the menu, here and by DM.
    w.clock.advance(DAY + DAY / 2);
    let events = w.service.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::Reminder { player: 2, .. }]),
        "{events:?}"
    );
    assert!(w.service.fire(events[0]).await.unwrap());
    let sent = deliver_all_to(&w).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    for (to, reminder) in &sent {
        assert!(reminder.text.contains("12 hours left"), "{}", reminder.text);
        assert!(reminder.picture.is_some() && !reminder.moves.is_empty());
        assert_eq!(reminder.game.unwrap().ply, 3);
        assert_eq!(reminder.ping, [w.bob.id]);
        assert!(
            matches!(to, Destination::Channel(20) | Destination::User(2)),
            "{to:?}"
        );
    }
    assert_ne!(sent[0].0, sent[1].0);

    // Off: no more DMs, not even reminders.
    w.service.notify(&w.bob, Notify::Off).await.unwrap();
    let board = w.service.show(&w.bob, HERE, Some(game)).await.unwrap();
    let hole = first_offer(&board);
    let moved = (w
        .service
        .play_move(&w.bob, HERE, Some(game), &hole, None)
        .await)
        .unwrap();
    w.service.delivered(&moved.posts, 7).await.unwrap();
    let sent = deliver_all_to(&w).await;
    assert!(
        matches!(sent.as_slice(), [(Destination::User(1), _)]),
        "alice still hears of her turn: {sent:?}"
    );
    let hole = first_offer(&sent[0].1);
    let moved = (w
        .service
        .play_move(&w.alice, HERE, Some(game), &hole, None)
        .await)
        .unwrap();
    w.service.delivered(&moved.posts, 8).await.unwrap();
    assert!(
        deliver_all_to(&w).await.is_empty(),
        "bob hears nothing by DM"
    );
}

/// A game whose player to move never made a first move is aborted when
/// its deadline passes: no result, no rating change, both told (and by DM
/// those who asked for it); lists, history and stats say so.
async fn a_game_whose_player_never_moved_is_aborted_unrated(db: Db) {
    let w = world(db).await;
    w.service.notify(&w.bob, Notify::Reminders).await.unwrap();
    // Nobody moved in the first; only alice in the second.
    let never = started_answered(&w, alice_first()).await;
    let once = started_answered(&w, alice_first()).await;
    let moved = w
        .service
        .play_move(&w.alice, HERE, Some(once), "G2", None)
        .await
        .unwrap();
    w.service.delivered(&moved.posts, 2).await.unwrap();
    // The reminder before a first move says what running out of time does.
    w.clock.advance(2 * DAY + DAY / 2);
    for event in w.service.due_events(w.clock.now()).await.unwrap() {
        assert!(matches!(event, DueEvent::Reminder { .. }), "{event:?}");
        assert!(w.service.fire(event).await.unwrap());
    }
    // The reminders (not the accepted challenges' edits).
    let reminders: Vec<Reply> = deliver_all(&w)
        .await
        .into_iter()
        .filter(|r| r.game.is_some())
        .collect();
    assert!(
        !reminders.is_empty()
            && reminders
                .iter()
                .all(|r| r.text.contains("the game is aborted")),
        "{reminders:?}"
    );
    w.clock.advance(DAY / 2 + 1);
    let events = w.service.due_events(w.clock.now()).await.unwrap();
    assert_eq!(events.len(), 2, "{events:?}");
    for event in &events {
        assert!(matches!(event, DueEvent::Abort { .. }), "{event:?}");
        assert!(w.service.fire(*event).await.unwrap());
        assert!(!w.service.fire(*event).await.unwrap(), "fires once");
    }
    let sent = deliver_all_to(&w).await;
    let public: Vec<&Reply> = (sent.iter())
        .filter(|(to, _)| *to == Destination::Channel(20))
        .map(|(_, reply)| reply)
        .collect();
    assert_eq!(public.len(), 2, "{sent:?}");
    for (reply, absent) in public.iter().zip(["alice", "bob"]) {
        let said = format!("aborted: {absent} did not make a first move in time");
        assert!(reply.text.contains(&said), "{said:?} in {}", reply.text);
        assert!(
            reply.text.contains("No result") && !reply.text.contains("(+"),
            "{}",
            reply.text
        );
        assert_eq!(reply.ping, [w.alice.id, w.bob.id]);
        assert!(!reply.game.unwrap().active && reply.moves.is_empty());
    }
    let dms: Vec<&Destination> = (sent.iter().map(|(to, _)| to))
        .filter(|to| **to != Destination::Channel(20))
        .collect();
    assert_eq!(
        dms,
        [&Destination::User(2), &Destination::User(2)],
        "bob asked for DMs"
    );
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());

    // Unrated, and nowhere counted as a result.
    let store = w.service.store();
    for player in [&w.alice, &w.bob] {
        let rating = store.rating(HERE.guild_id, player.id).await.unwrap();
        assert_eq!((rating.games(), rating.rating), (0, 1500.0));
    }
    assert!(store.rating_changes(never).await.unwrap().is_empty());
    let row = store.game(never).await.unwrap().unwrap();
    // Stored as before: finished, no result, the reason `aborted`.
    assert_eq!(row.state.columns(), ("finished", None, Some("aborted")));
    let stats = w.service.stats(HERE, &w.alice).await.unwrap().text;
    assert!(
        stats.contains("0 wins, 0 losses, 0 draws in this server; 0 ongoing games"),
        "{stats}"
    );
    assert!(w
        .service
        .my_games(&w.alice)
        .await
        .unwrap()
        .text
        .contains("no ongoing"));
    let history = w.service.history(&w.carol, HERE, once).await.unwrap();
    assert!(
        history.text.contains("(aborted: no result") && !history.private,
        "{}",
        history.text
    );
    let choices = w.service.game_choices(&w.alice, true).await.unwrap();
    assert!(
        choices.iter().all(|c| c.label.ends_with(": aborted")),
        "{choices:?}"
    );
    // Nothing more can happen in it.
    let e = refusal(
        w.service
            .play_move(&w.bob, HERE, Some(once), "C3", None)
            .await,
    );
    assert!(e.contains("was aborted"), "{e}");
    let e = refusal(w.service.resign(&w.alice, HERE, Some(never)).await);
    assert!(e.contains("was aborted"), "{e}");
    let e = refusal(w.service.draw(&w.alice, HERE, Some(never)).await);
    assert!(e.contains("is already over"), "{e}");
}

/// `/kiela vacation days:N` pushes the running deadlines by N days, and
/// makes the next deadlines start after it; the opponents are told; 30
/// days a calendar year; `days:0` ends it and gives back the whole days
/// left, taking them off the deadlines again.
async fn a_vacation_pauses_the_clocks_within_a_yearly_allowance(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let mine = started_answered(&w, alice_first()).await;
    let theirs = started_answered(
        &w,
        GameOptions {
            first: FirstMover::Them,
            ..alice_first()
        },
    )
    .await;
    let deadline = |id| async move { store.game(id).await.unwrap().unwrap().deadline.unwrap() };
    assert_eq!(deadline(mine).await, START + 3 * DAY);
    deliver_all(&w).await;
    assert_eq!(w.service.vacation_left(w.alice.id).await.unwrap(), 30);

    let on = w.service.vacation(&w.alice, 7).await.unwrap();
    assert!(on.private, "{}", on.text);
    assert!(
        on.text.contains("1 deadline of yours moved") && on.text.contains("23 days"),
        "{}",
        on.text
    );
    assert_eq!(deadline(mine).await, START + 10 * DAY, "pushed");
    assert_eq!(
        deadline(theirs).await,
        START + 3 * DAY,
        "bob's own clock runs"
    );
    let told = deliver_all_to(&w).await;
    assert_eq!(told.len(), 2, "{told:?}");
    for (to, post) in &told {
        assert_eq!(*to, Destination::Channel(20));
        assert!(
            post.text.contains("alice is on vacation until"),
            "{}",
            post.text
        );
        assert_eq!(post.ping, [w.bob.id]);
    }
    let stats = w.service.stats(HERE, &w.alice).await.unwrap().text;
    assert!(stats.contains("Vacation left: 23 days."), "{stats}");
    // Beyond the allowance, refused, and nothing changes.
    let e = refusal(w.service.vacation(&w.alice, 24).await);
    assert!(
        e.contains("23 vacation days left this year (30 a year)"),
        "{e}"
    );
    let e = refusal(w.service.vacation(&w.alice, 31).await);
    assert!(e.contains("ask for 1 to 30 days"), "{e}");
    assert_eq!(deadline(mine).await, START + 10 * DAY);

    // Bob moves during her vacation: her time starts after it.
    let board = w.service.show(&w.bob, HERE, Some(theirs)).await.unwrap();
    let moved = w
        .service
        .play_move(&w.bob, HERE, Some(theirs), &first_offer(&board), None)
        .await
        .unwrap();
    w.service.delivered(&moved.posts, 2).await.unwrap();
    assert_eq!(deadline(theirs).await, START + 10 * DAY);
    // The old deadline passes: nothing is due.
    w.clock.set(START + 3 * DAY + 1);
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());

    // Back early, with almost 4 days left: 3 whole days back, off the
    // deadlines too.
    let off = w.service.vacation(&w.alice, 0).await.unwrap();
    assert!(
        off.text.contains("3 unused days were given back") && off.text.contains("26 days"),
        "{}",
        off.text
    );
    assert_eq!(deadline(mine).await, START + 7 * DAY);
    assert_eq!(deadline(theirs).await, START + 7 * DAY);
    assert_eq!(w.service.vacation_left(w.alice.id).await.unwrap(), 26);
    let back = deliver_all(&w).await;
    assert!(
        back.iter()
            .all(|p| p.text.contains("alice is back from vacation")),
        "{back:?}"
    );
    assert_eq!(back.len(), 2);
    let e = refusal(w.service.vacation(&w.alice, 0).await);
    assert!(e.contains("not on vacation"), "{e}");
    // A new calendar year, a new allowance.
    w.clock.set(START + 365 * DAY);
    assert_eq!(w.service.vacation_left(w.alice.id).await.unwrap(), 30);
}

/// A game against the AI has no time limit unless asked for
/// (`/kiela ai days:N`); with one, the human loses on time as usual.
async fn ai_games_have_no_time_limit_unless_asked(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let reply = w
        .service
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    assert!(
        reply.text.contains("your move (no time limit)"),
        "{}",
        reply.text
    );
    let free = reply.game.unwrap().id;
    let row = store.game(free).await.unwrap().unwrap();
    assert_eq!((row.deadline, row.seconds_per_move), (None, 0));
    let moved = (w
        .service
        .play_move(&w.alice, HERE, Some(free), &first_offer(&reply), None)
        .await)
        .unwrap();
    assert_eq!(moved.game.unwrap().ply, 2);
    assert_eq!(store.game(free).await.unwrap().unwrap().deadline, None);
    let list = w.service.my_games(&w.alice).await.unwrap().text;
    assert!(list.contains("**your move** (no time limit)"), "{list}");
    w.clock.advance(100 * DAY);
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());

    let timed = GameOptions {
        days: Some(2),
        ..alice_first()
    };
    let reply = (w
        .service
        .start_ai_game(&w.alice, HERE, Level::Easy, timed)
        .await)
        .unwrap();
    let game = reply.game.unwrap().id;
    assert_eq!(
        store.game(game).await.unwrap().unwrap().deadline,
        Some(w.clock.now() + 2 * DAY)
    );
    (w.service
        .play_move(&w.alice, HERE, Some(game), &first_offer(&reply), None)
        .await)
        .unwrap();
    let e = refusal(
        w.service
            .start_ai_game(
                &w.alice,
                HERE,
                Level::Easy,
                GameOptions {
                    days: Some(15),
                    ..timed
                },
            )
            .await,
    );
    assert!(e.contains("1 to 14 days"), "{e}");
    w.clock.advance(2 * DAY + 1);
    let events = w.service.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::Timeout { player: 1, game_id, .. }] if *game_id == game),
        "{events:?}"
    );
    assert!(w.service.fire(events[0]).await.unwrap());
    let lost = last_post(&w).await;
    assert!(lost.text.contains("alice ran out of time"), "{}", lost.text);
}

/// A database from before `/kiela notify` had choices: the migration turns
/// the old `dm_reminders` flag into `reminders`, and leaves the others off.
async fn the_old_dm_reminders_flag_becomes_reminders(db: Db) {
    use sqlx::migrate::Migrator;
    let old = db.fresh("old").await;
    let backend = if old.url.starts_with("sqlite:") {
        "sqlite"
    } else {
        "postgres"
    };
    // The migrations before this one, as an older kiela ran them.
    let dir = tempfile::tempdir().unwrap();
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../migrations")
        .join(backend);
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_owned();
        if name.to_string_lossy().as_ref() < "20261201510000" {
            std::fs::copy(&path, dir.path().join(name)).unwrap();
        }
    }
    let mut conn = raw_connection(&old).await;
    Migrator::new(dir.path())
        .await
        .unwrap()
        .run(&mut conn)
        .await
        .unwrap();
    for (id, flag) in [(1, 1), (2, 0)] {
        sqlx::query(
            "INSERT INTO players (id, name, is_bot, dm_reminders, created_at) VALUES ($1, 'x', 0, $2, 0)",
        )
        .bind(id as i64)
        .bind(flag as i64)
        .execute(&mut conn)
        .await
        .unwrap();
    }
    drop(conn);
    let service = service_on(&old.url, &ManualClock::starting_at(START)).await;
    assert_eq!(service.notify_setting(1).await.unwrap(), Notify::Reminders);
    assert_eq!(service.notify_setting(2).await.unwrap(), Notify::Off);
}

/// A server's settings (managers only), and a game played in a thread: the
/// lobby's line opens it, the first board waits for it and goes there, the
/// game is played there, and the lobby hears the result. A thread Discord
/// refuses leaves the game in the lobby. Threads asked for where the bot
/// may not open them: refused, naming the permissions.
async fn server_settings_and_a_game_in_its_own_thread(db: Db) {
    use kiela_bot::app::{Destination, GamesChannel, ThreadsSetting};
    let w = world(db).await;
    let threads_on = Settings {
        threads: Some(ThreadsSetting::On),
        days: Some(5),
        ..Settings::default()
    };
    let e = refusal(
        w.service
            .settings(&w.bob, HERE, false, Lang::En, threads_on)
            .await,
    );
    assert!(e.contains("Manage Server"), "{e}");
    let shown = w
        .service
        .settings(&w.bob, HERE, true, Lang::En, threads_on)
        .await
        .unwrap();
    assert!(
        shown.text.contains("games in threads: always"),
        "{}",
        shown.text
    );
    assert!(shown.text.contains("does not say: 5"), "{}", shown.text);
    let bad_days = Settings {
        days: Some(30),
        ..Settings::default()
    };
    refusal(
        w.service
            .settings(&w.bob, HERE, true, Lang::En, bad_days)
            .await,
    );

    // HERE lets the bot post, but not open threads.
    let e = refusal(
        w.service
            .challenge(&w.alice, HERE, &w.bob, alice_first())
            .await,
    );
    assert!(
        e.contains("Create Public Threads") && e.contains("Send Messages in Threads"),
        "{e}"
    );
    let threads = HERE.allowing(BotPermissions::ALL);
    let challenge = w
        .service
        .challenge(&w.alice, threads, &w.bob, alice_first())
        .await
        .unwrap();
    assert!(challenge.text.contains("5 days"), "{}", challenge.text);
    let line = w
        .service
        .accept(&w.bob, threads, challenge.challenge)
        .await
        .unwrap();
    assert!(line.picture.is_none() && !line.private, "{line:?}");
    assert_eq!(line.ping, [w.alice.id]);
    let thread = line.thread.clone().expect("a thread to open");
    assert!(thread.name.contains("alice") && thread.name.contains("bob"));
    let game = thread.game_id;
    assert!(line.followed);
    // The board waits for the line (held for its answer) ...
    assert!(w.service.claim_deliveries(10).await.unwrap().is_empty());
    w.service.delivered(&line.posts, 500).await.unwrap();
    w.service.thread_opened(game, 500).await.unwrap();
    // ... then goes to the thread, calling alice.
    let boards = w.service.claim_deliveries(10).await.unwrap();
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].to, Destination::Channel(500));
    assert_eq!(boards[0].reply.ping, [w.alice.id]);
    w.service.delivered(&[boards[0].id], 501).await.unwrap();

    // Played in the thread; "no game here" is not said in the lobby.
    let in_thread = Place {
        channel_id: 500,
        ..threads
    };
    let moved = w
        .service
        .play_move(
            &w.alice,
            in_thread,
            None,
            &first_offer(&boards[0].reply),
            None,
        )
        .await
        .unwrap();
    assert!(!moved.private && moved.ping == [w.bob.id]);
    w.service.delivered(&moved.posts, 502).await.unwrap();
    let from_lobby = w.service.show(&w.bob, threads, None).await.unwrap();
    assert!(from_lobby.private && from_lobby.text.contains("<#500>"));
    let over = w
        .service
        .resign(&w.bob, in_thread, Some(game))
        .await
        .unwrap();
    assert!(over.followed, "the lobby's line follows");
    w.service.delivered(&over.posts, 503).await.unwrap();
    let lines = deliver_all(&w).await;
    let result = lines
        .iter()
        .find(|r| r.text.contains("is over"))
        .expect("the lobby's result line");
    assert!(result.text.contains("<#500>") && result.text.contains("resignation"));
    assert!(result.picture.is_none() && result.ping.is_empty());

    // A thread Discord refuses: the game is played in the lobby.
    let games_channel = Settings {
        games_channel: Some(GamesChannel::Only(77)),
        ..Settings::default()
    };
    w.service
        .settings(&w.bob, HERE, true, Lang::En, games_channel)
        .await
        .unwrap();
    let challenge = w
        .service
        .challenge(&w.alice, threads, &w.bob, alice_first())
        .await
        .unwrap();
    let accepted = w
        .service
        .accept(&w.bob, threads, challenge.challenge)
        .await
        .unwrap();
    // The game is in the games channel: bob is told where, privately.
    assert!(
        accepted.private && accepted.text.contains("<#77>"),
        "{}",
        accepted.text
    );
    w.service.release(&accepted.posts).await.unwrap();
    let line = w.service.claim_deliveries(10).await.unwrap();
    assert_eq!(line.len(), 1, "the board waits for the line");
    assert_eq!(line[0].to, Destination::Channel(77));
    let game = line[0].reply.thread.clone().unwrap().game_id;
    w.service.thread_refused(game).await.unwrap();
    w.service.delivered(&[line[0].id], 600).await.unwrap();
    let board = w.service.claim_deliveries(10).await.unwrap();
    assert_eq!(board[0].to, Destination::Channel(77));
    assert!(board[0].reply.picture.is_some());
}

/// Posts the delivery loop would make now, with where they go, marked
/// delivered as message `message`.
async fn deliveries(w: &World, message: i64) -> Vec<(Destination, Reply)> {
    let mut sent = Vec::new();
    for delivery in w.service.claim_deliveries(50).await.unwrap() {
        w.service.delivered(&[delivery.id], message).await.unwrap();
        sent.push((delivery.to, delivery.reply));
    }
    sent
}

/// An open challenge: anyone but its challenger may accept it, the first
/// one plays; the challenge's message then loses its buttons (an edit for
/// the delivery loop, of the message the answer posted).
async fn open_challenges_go_to_the_first_taker(db: Db) {
    let w = world(db).await;
    let open = w
        .service
        .open_challenge(&w.alice, HERE, alice_first())
        .await
        .unwrap();
    assert!(
        open.text.contains("alice challenges anyone here"),
        "{}",
        open.text
    );
    assert!(open.ping.is_empty(), "nobody in particular is pinged");
    let c = open.challenge;
    assert!(c.is_some());
    // The answer delivered it as message 500.
    w.service.delivered(&open.posts, 500).await.unwrap();
    let e = refusal(w.service.accept(&w.alice, HERE, c).await);
    assert!(e.contains("not addressed to you"), "{e}");
    let e = refusal(w.service.decline(&w.carol, HERE, c).await);
    assert!(e.contains("cannot be declined"), "{e}");
    // Nobody else sees it as theirs without its buttons.
    let e = refusal(w.service.accept(&w.bob, HERE, None).await);
    assert!(e.contains("nobody has challenged you"), "{e}");

    let game = w.service.accept(&w.bob, HERE, c).await.unwrap();
    w.service.delivered(&game.posts, 501).await.unwrap();
    let id = game.game.unwrap().id;
    let row = w.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((row.south_id, row.north_id), (w.alice.id, w.bob.id));
    let e = refusal(w.service.accept(&w.carol, HERE, c).await);
    assert!(e.contains("bob already accepted this challenge"), "{e}");

    let sent = deliveries(&w, 502).await;
    let edits: Vec<&Reply> = sent
        .iter()
        .filter(|(to, _)| {
            *to == Destination::Edit {
                channel_id: HERE.channel_id,
                message_id: 500,
            }
        })
        .map(|(_, reply)| reply)
        .collect();
    assert_eq!(edits.len(), 1, "{sent:?}");
    assert!(
        edits[0].text.contains("Accepted by bob: game #1"),
        "{}",
        edits[0].text
    );
    assert_eq!(edits[0].challenge, None, "the edit has no buttons");
}

/// Declined and expired challenges lose their buttons and tell the
/// challenger; the clock expires each once, even with two processes.
async fn challenges_expire_once_and_lose_their_buttons(db: Db) {
    let w = world(db).await;
    let declined = w
        .service
        .challenge(&w.alice, HERE, &w.carol, GameOptions::default())
        .await
        .unwrap();
    w.service.delivered(&declined.posts, 600).await.unwrap();
    let answer = w
        .service
        .decline(&w.carol, HERE, declined.challenge)
        .await
        .unwrap();
    assert_eq!(answer.ping, [w.alice.id], "the challenger is told");
    w.service.delivered(&answer.posts, 602).await.unwrap();
    let sent = deliveries(&w, 601).await;
    assert!(
        sent.iter().any(|(to, reply)| matches!(
            to,
            Destination::Edit {
                message_id: 600,
                ..
            }
        ) && reply.text.contains("Declined by carol")),
        "{sent:?}"
    );

    let c = w
        .service
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap();
    w.service.delivered(&c.posts, 700).await.unwrap();
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    w.clock.advance(DAY + 1);
    let events = w.service.due_events(w.clock.now()).await.unwrap();
    let expired = DueEvent::ChallengeExpired {
        challenge_id: c.challenge.unwrap(),
    };
    assert_eq!(events, [expired]);
    // A second process fires the same event: once only.
    let other = service_on(&w.db.url, &w.clock).await;
    let (first, second) = tokio::join!(w.service.fire(expired), other.fire(expired));
    assert!(first.unwrap() ^ second.unwrap(), "fired exactly once");
    assert!(w
        .service
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    let sent = deliveries(&w, 701).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    let (to, told) = &sent[0];
    assert_eq!(*to, Destination::Channel(HERE.channel_id));
    assert!(
        told.text.contains("your challenge to bob expired"),
        "{}",
        told.text
    );
    assert_eq!(told.ping, [w.alice.id]);
    let (to, edit) = &sent[1];
    assert!(
        matches!(
            to,
            Destination::Edit {
                message_id: 700,
                ..
            }
        ),
        "{to:?}"
    );
    assert!(edit.text.contains("Expired"), "{}", edit.text);
    let e = refusal(w.service.accept(&w.bob, HERE, c.challenge).await);
    assert!(e.contains("it was expired"), "{e}");
}

/// Rematch: the same variant and days, seats swapped, offered to the
/// other player as a challenge (against the AI: a new game at the same
/// level); one per game however often either player presses.
async fn rematches_swap_the_seats_once(db: Db) {
    let w = world(db).await;
    let options = GameOptions {
        variant: Variant::Beginner,
        first: FirstMover::Me,
        days: Some(2),
    };
    let game = started(&w, options).await;
    let e = refusal(w.service.rematch(&w.bob, HERE, game).await);
    assert!(e.contains("still going on"), "{e}");
    w.service.resign(&w.alice, HERE, Some(game)).await.unwrap();
    let e = refusal(w.service.rematch(&w.carol, HERE, game).await);
    assert!(e.contains("not your game"), "{e}");

    let again = w.service.rematch(&w.bob, HERE, game).await.unwrap();
    assert_eq!(again.ping, [w.alice.id]);
    assert!(again.text.contains("rematch of game #1"), "{}", again.text);
    assert!(again.text.contains("bob moves first") && again.text.contains("2 days"));
    for user in [&w.alice, &w.bob] {
        let e = refusal(w.service.rematch(user, HERE, game).await);
        assert!(e.contains("already asked for"), "{e}");
    }
    let started = w
        .service
        .accept(&w.alice, HERE, again.challenge)
        .await
        .unwrap();
    let id = started.game.unwrap().id;
    let row = w.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((row.south_id, row.north_id), (w.bob.id, w.alice.id));
    assert_eq!(
        (row.variant, row.seconds_per_move),
        (Variant::Beginner, 2 * DAY)
    );
    let e = refusal(w.service.rematch(&w.alice, HERE, game).await);
    assert!(e.contains("already asked for or started"), "{e}");

    // Against the AI: a new game at once, seats swapped, same level.
    let ai = w
        .service
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap()
        .game
        .unwrap()
        .id;
    w.service.resign(&w.alice, HERE, Some(ai)).await.unwrap();
    let rematch = w.service.rematch(&w.alice, HERE, ai).await.unwrap();
    let id = rematch.game.unwrap().id;
    let row = w.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((row.south_id, row.north_id), (bot().id, w.alice.id));
    assert_eq!(row.ai_level, Some(Level::Easy));
    let e = refusal(w.service.rematch(&w.alice, HERE, ai).await);
    assert!(e.contains("already asked for or started"), "{e}");
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

/// A hint: only in a game against the AI, on your turn; private, the board
/// after the engine's move; counted, and shown with the result.
async fn hints_only_against_the_ai_counted_with_the_result(db: Db) {
    let w = world(db).await;
    let people = started(&w, alice_first()).await;
    let e = refusal(w.service.hint(&w.alice, HERE, Some(people)).await);
    assert!(e.contains("only in games against the AI"), "{e}");

    let reply = w
        .service
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    assert!(reply.may_hint, "the board offers a Hint");
    let game = reply.game.unwrap().id;
    let e = refusal(w.service.hint(&w.bob, HERE, Some(game)).await);
    assert!(e.contains("not") && e.contains("game"), "{e}");
    let hint = w.service.hint(&w.alice, HERE, Some(game)).await.unwrap();
    assert!(hint.private && hint.ping.is_empty() && hint.moves.is_empty());
    assert!(hint.picture.is_some());
    assert!(
        hint.text.starts_with(&format!("Hint for game #{game}")),
        "{}",
        hint.text
    );
    // The hinted hole is one the board offered, and the same again.
    let hole = hint.text.split("would sow ").nth(1).unwrap()[..2].to_string();
    assert!(
        reply.moves.iter().any(|(h, _)| h.to_string() == hole),
        "{hole}"
    );
    let again = w.service.hint(&w.alice, HERE, Some(game)).await.unwrap();
    assert_eq!(again.text, hint.text);
    let over = w.service.resign(&w.alice, HERE, Some(game)).await.unwrap();
    assert!(!over.may_hint);
    assert!(over.text.contains("With 2 hints."), "{}", over.text);
    let e = refusal(w.service.hint(&w.alice, HERE, Some(game)).await);
    assert!(e.contains("is over"), "{e}");
}

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

/// A stored value kiela cannot read is an error naming its table, row and
/// column, and the value, through the store and through the service: never
/// a default (a corrupt AI level once made a game one between people).
async fn unreadable_values_are_named_never_guessed(db: Db) {
    let w = world(db).await;
    let ai = (w.service)
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap()
        .game
        .unwrap()
        .id;
    let people = started(&w, alice_first()).await;
    let named = |e: String, table: &str, row: i64, column: &str, value: &str| {
        let place = format!("table {table}, row {row}, column {column}");
        assert!(e.contains(&place) && e.contains(value), "{e}");
    };
    for (sql, game, column, value) in [
        (
            "UPDATE games SET ai_level = 'wizard' WHERE id = $1",
            ai,
            "ai_level",
            "wizard",
        ),
        (
            "UPDATE games SET variant = 'blitz' WHERE id = $1",
            people,
            "variant",
            "blitz",
        ),
        (
            "UPDATE games SET status = 'paused' WHERE id = $1",
            people,
            "status",
            "paused",
        ),
    ] {
        raw(&w.db, sql, &[game]).await;
        let e = w.service.store().game(game).await.unwrap_err().to_string();
        named(e, "games", game, column, value);
        let e = w
            .service
            .show(&w.alice, HERE, Some(game))
            .await
            .unwrap_err();
        named(e.message(Lang::En), "games", game, column, value);
    }

    w.service.notify(&w.bob, Notify::Reminders).await.unwrap();
    raw(
        &w.db,
        "UPDATE players SET notify = 'sometimes' WHERE id = $1",
        &[w.bob.id],
    )
    .await;
    let e = w.service.notify_setting(w.bob.id).await.unwrap_err();
    named(
        e.message(Lang::En),
        "players",
        w.bob.id,
        "notify",
        "sometimes",
    );

    let offer = (w.service)
        .challenge(&w.alice, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    let c = offer.challenge.unwrap();
    raw(
        &w.db,
        "UPDATE challenges SET status = 'maybe' WHERE id = $1",
        &[c],
    )
    .await;
    let e = w.service.accept(&w.carol, HERE, Some(c)).await.unwrap_err();
    named(e.message(Lang::En), "challenges", c, "status", "maybe");

    // A post whose pings are unreadable is given up, saying why; the
    // others still go out.
    let post = offer.posts[0];
    raw(
        &w.db,
        "UPDATE outbox SET pings = '3 x7' WHERE id = $1",
        &[post],
    )
    .await;
    w.clock.advance(3600);
    let delivered = w.service.claim_deliveries(100).await.unwrap();
    assert!(delivered.iter().all(|d| d.id != post));
    let why = raw(
        &w.db,
        "SELECT COUNT(*) FROM outbox WHERE id = $1 AND failed LIKE '%column pings%x7%'",
        &[post],
    )
    .await;
    assert_eq!(why, Some(1));
}

/// A database as the version before typed state (commit 59409e9) left it,
/// written with raw SQL exactly as it stored things: every state's names,
/// an open challenge stored with its challenger as opponent, an aborted
/// game, posts to channel 0. It reads, and play goes on.
async fn a_database_written_before_typed_state_plays_on(db: Db) {
    use kiela_bot::vocabulary::{ChallengeStatus, FirstMover, GameState, ThreadsSetting};
    use kiela_rules::{GameResult, Outcome, Reason};
    let w = world(db).await;
    let db = &w.db;
    for (id, name, bot, notify) in [
        (1, "alice", 0, "every-turn"),
        (2, "bob", 0, "reminders"),
        (3, "carol", 0, "off"),
        (999, "Kiela", 1, "off"),
    ] {
        let sql = format!(
            "INSERT INTO players (id, name, is_bot, notify, created_at) \
             VALUES ($1, '{name}', $2, '{notify}', 0)"
        );
        raw(db, &sql, &[id, bot]).await;
    }
    raw(
        db,
        "INSERT INTO guild_settings (guild_id, threads) VALUES ($1, 'off')",
        &[10],
    )
    .await;
    let game = |variant: &str, north: i64, ai: &str, status: &str, result: &str, reason: &str| {
        format!(
            "INSERT INTO games (guild_id, channel_id, variant, south_id, north_id, ai_level, \
             status, result, reason, seconds_per_move, deadline, created_at, updated_at) \
             VALUES (10, 20, '{variant}', 1, {north}, {ai}, '{status}', {result}, {reason}, \
             $1, $2, $3, $3) RETURNING id"
        )
    };
    let (days, deadline) = (3 * DAY, START + 3 * DAY);
    let mut ids = Vec::new();
    for sql in [
        game("standard", 2, "NULL", "active", "NULL", "NULL"),
        game("expert", 2, "NULL", "finished", "'1-0'", "'resignation'"),
        game(
            "beginner",
            2,
            "NULL",
            "finished",
            "'1/2-1/2'",
            "'agreement'",
        ),
        game("standard", 2, "NULL", "finished", "NULL", "'aborted'"),
        game("standard", 2, "NULL", "finished", "'0-1'", "'timeout'"),
        game("standard", 999, "'hard'", "active", "NULL", "NULL"),
    ] {
        ids.push(raw(db, &sql, &[days, deadline, START]).await.unwrap());
    }
    let [active, won, drawn, aborted, timed_out, ai] = ids[..] else {
        unreachable!()
    };
    let challenge = |opponent: i64, first: &str, status: &str| {
        format!(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant, \
             first_mover, days_per_move, status, created_at, expires_at) \
             VALUES (10, 20, 1, {opponent}, 'standard', '{first}', 3, '{status}', $1, $2) \
             RETURNING id"
        )
    };
    let mut challenges = Vec::new();
    for sql in [
        challenge(1, "challenger", "pending"),
        challenge(2, "opponent", "cancelled"),
        challenge(3, "random", "declined"),
        challenge(2, "random", "expired"),
    ] {
        challenges.push(raw(db, &sql, &[START, START + DAY]).await.unwrap());
    }
    let post = |channel: i64, recipient: &str| {
        format!(
            "INSERT INTO outbox (channel_id, recipient_id, game_id, ply, text, pings, lang, \
             created_at, held_until) VALUES ({channel}, {recipient}, $1, 0, 'old', '1 2', 'en', \
             $2, $2) RETURNING id"
        )
    };
    // A board posted before boards kept their ply.
    let board = "UPDATE games SET board_channel_id = 20, board_message_id = 77 WHERE id = $1";
    raw(db, board, &[won]).await;
    let to_game = raw(db, &post(0, "NULL"), &[active, START]).await.unwrap();
    // Another game's: a game's posts go out in order, one at a time.
    let to_bob = raw(db, &post(0, "2"), &[drawn, START]).await.unwrap();

    let service = service_on(&db.url, &w.clock).await;
    let store = service.store();
    let state = |outcome: Option<(GameResult, Reason)>| match outcome {
        Some((result, reason)) => GameState::Finished(Outcome { result, reason }),
        None => GameState::Active,
    };
    for (id, expected) in [
        (active, state(None)),
        (
            won,
            state(Some((GameResult::SouthWins, Reason::Resignation))),
        ),
        (drawn, state(Some((GameResult::Draw, Reason::Agreement)))),
        (aborted, GameState::Aborted),
        (
            timed_out,
            state(Some((GameResult::NorthWins, Reason::Timeout))),
        ),
        (ai, state(None)),
    ] {
        assert_eq!(
            store.game(id).await.unwrap().unwrap().state,
            expected,
            "#{id}"
        );
    }
    let ai_row = store.game(ai).await.unwrap().unwrap();
    assert_eq!(ai_row.ai_level, Some(Level::Hard));
    assert_eq!(
        store.game(won).await.unwrap().unwrap().variant,
        Variant::Expert
    );
    let statuses: Vec<_> = (challenges.iter())
        .map(|&id| async move { store.challenge(id).await.unwrap().unwrap() })
        .collect();
    let mut read = Vec::new();
    for row in statuses {
        read.push(row.await);
    }
    assert_eq!(
        read.iter().map(|c| c.status).collect::<Vec<_>>(),
        [
            ChallengeStatus::Pending,
            ChallengeStatus::Withdrawn,
            ChallengeStatus::Declined,
            ChallengeStatus::Expired
        ]
    );
    assert_eq!(read[0].first_mover, FirstMover::Me);
    assert_eq!(
        read[0].opponent_id, None,
        "stored as opponent == challenger"
    );
    assert_eq!(read[1].opponent_id, Some(2));
    let old_board = store.game(won).await.unwrap().unwrap().board;
    let expected = BoardMessage {
        channel_id: 20,
        message_id: 77,
        ply: None,
    };
    assert_eq!(old_board, Some(expected));
    assert_eq!(service.notify_setting(1).await.unwrap(), Notify::EveryTurn);
    assert_eq!(
        store.guild_settings(10).await.unwrap().threads,
        Some(ThreadsSetting::Off)
    );

    // The old posts go to the game's channel and to bob's direct messages.
    let delivered = service.claim_deliveries(10).await.unwrap();
    let to: Vec<_> = delivered.iter().map(|d| (d.id, d.to)).collect();
    assert_eq!(
        to,
        [
            (to_game, Destination::Channel(20)),
            (to_bob, Destination::User(2))
        ]
    );

    // Play goes on: a move, the open challenge taken, finished games shown.
    let shown = service.show(&w.alice, HERE, Some(active)).await.unwrap();
    let moved = service
        .play_move(&w.alice, HERE, Some(active), &first_offer(&shown), None)
        .await
        .unwrap();
    assert_eq!(moved.game.unwrap().ply, 1);
    let taken = service
        .accept(&w.carol, HERE, Some(challenges[0]))
        .await
        .unwrap();
    let game = store.game(taken.game.unwrap().id).await.unwrap().unwrap();
    assert_eq!((game.south_id, game.north_id), (1, 3));
    let accepted = store.challenge(challenges[0]).await.unwrap().unwrap();
    assert_eq!(accepted.opponent_id, Some(3));
    let e = refusal(service.accept(&w.bob, HERE, Some(challenges[1])).await);
    assert!(e.contains("cancelled"), "{e}");
    for id in [won, drawn, aborted, timed_out] {
        let board = service.show(&w.alice, HERE, Some(id)).await.unwrap();
        assert!(!board.game.unwrap().active, "#{id}");
    }
    let ai_board = service.show(&w.alice, HERE, Some(ai)).await.unwrap();
    assert!(ai_board.may_hint, "{}", ai_board.text);
}

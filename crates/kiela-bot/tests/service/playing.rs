//! Playing: moves and their refusals, rearrangements, races for a move, the AI's reply, boards, resignation and draws.

use super::*;

on_both_backends! {
    move_refusals_lose_nothing,
    expert_rearrangement_through_the_service,
    two_moves_at_once_exactly_one_wins,
    two_processes_race_for_the_same_move,
    a_game_against_the_ai_answers_in_the_same_call,
    resignation_and_draws,
    the_game_can_be_left_out_when_only_one_waits_here,
    boards_keep_the_latest_ply_and_turns_can_be_watched,
}

/// Boards are recorded after their answers, so they can arrive out of
/// order: the game's board stays the latest (by ply, then by message). And any turn
/// can be watched again, by anyone.
async fn boards_keep_the_latest_ply_and_turns_can_be_watched(db: Db) {
    let w = world(db).await;
    let id = started(&w, alice_first()).await;
    let board = |message_id, ply| BoardMessage {
        channel_id: ChannelId(20),
        message_id,
        ply: Some(ply),
    };
    assert_eq!(
        w.service
            .replace_board(id, board(MessageId(100), 0))
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        w.service
            .replace_board(id, board(MessageId(102), 2))
            .await
            .unwrap(),
        Some(board(MessageId(100), 0)),
        "the board before loses its menus"
    );
    assert_eq!(
        w.service
            .replace_board(id, board(MessageId(101), 1))
            .await
            .unwrap(),
        Some(board(MessageId(101), 1)),
        "a board that came late loses its own menus"
    );
    assert_eq!(
        w.service
            .replace_board(id, board(MessageId(103), 3))
            .await
            .unwrap(),
        Some(board(MessageId(102), 2)),
        "ply 2 stayed the game's board"
    );
    // Two boards of one ply (a draw offered, then accepted) recorded in
    // the wrong order: the later message stays the game's board.
    assert_eq!(
        w.service
            .replace_board(id, board(MessageId(105), 3))
            .await
            .unwrap(),
        Some(board(MessageId(103), 3))
    );
    assert_eq!(
        w.service
            .replace_board(id, board(MessageId(104), 3))
            .await
            .unwrap(),
        Some(board(MessageId(104), 3)),
        "the earlier board of the same ply came late: it loses its menus"
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
    let e = refusal(w.service.watch(&w.carol, GameId(id.0 + 1), 1).await);
    assert!(e.contains("does not exist"), "{e}");
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
            .play_move(&w.alice, HERE, Some(GameId(404)), "G2", None)
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
        done.text.contains("**Draw by agreement.**"),
        "{}",
        done.text
    );
    let drawn = game;
    // Resignation, by the player not to move.
    let game = started(&w, alice_first()).await;
    let done = w.service.resign(&w.bob, HERE, Some(game)).await.unwrap();
    assert!(
        done.text.contains("**alice won: bob resigned.**"),
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
        channel_id: ChannelId(21),
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

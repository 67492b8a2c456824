//! Playing: moves and their refusals, a picked move's preview, rearrangements, races for a move, the AI's reply and taking it back, boards, resignation and draws.

use kiela_app::{ChoiceState, DrawClosed, DrawNotice, GameEnd};
use kiela_app::{NotifyNotice, PlayNotice};
use kiela_rules::{GameError, GameResult, Hole, IllegalMove, LayoutError, Outcome, Reason, Side};

use super::*;

/// Who played the turn watched in `reply`, and the hole they sowed.
fn watched(reply: &Reply) -> (String, Option<Hole>) {
    match &reply.says[..] {
        [Notice::Board(BoardNotice::Watched { by, path, .. })] => {
            (by.raw().to_string(), path.laps.first().map(|lap| lap.from))
        }
        other => panic!("expected a turn watched, got {other:?}"),
    }
}

/// The rules' refusal of a move, and the first of the legal moves it lists.
fn illegal(refusal: Refusal) -> (GameError, Vec<Hole>) {
    match refusal {
        Refusal::Play(PlayRefusal::Illegal { error, legal }) => (error, legal),
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

on_both_backends! {
    move_refusals_lose_nothing,
    expert_rearrangement_through_the_service,
    two_moves_at_once_exactly_one_wins,
    two_processes_race_for_the_same_move,
    a_game_against_the_ai_answers_in_the_same_call,
    resignation_and_draws,
    the_game_can_be_left_out_when_only_one_waits_here,
    boards_keep_the_latest_ply_and_turns_can_be_watched,
    a_picked_move_is_previewed_then_played_or_cancelled,
    the_preview_follows_each_players_choice,
    take_back_undoes_a_move_and_the_ais_reply,
    take_back_is_refused_where_it_does_not_belong,
    a_draw_offer_is_one_line_and_its_answer_closes_it,
    a_player_who_left_the_server_cannot_act_from_a_direct_message,
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
            .games
            .replace_board(id, board(MessageId(100), 0))
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        w.service
            .games
            .replace_board(id, board(MessageId(102), 2))
            .await
            .unwrap(),
        Some(board(MessageId(100), 0)),
        "the board before loses its menus"
    );
    assert_eq!(
        w.service
            .games
            .replace_board(id, board(MessageId(101), 1))
            .await
            .unwrap(),
        Some(board(MessageId(101), 1)),
        "a board that came late loses its own menus"
    );
    assert_eq!(
        w.service
            .games
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
            .games
            .replace_board(id, board(MessageId(105), 3))
            .await
            .unwrap(),
        Some(board(MessageId(103), 3))
    );
    assert_eq!(
        w.service
            .games
            .replace_board(id, board(MessageId(104), 3))
            .await
            .unwrap(),
        Some(board(MessageId(104), 3)),
        "the earlier board of the same ply came late: it loses its menus"
    );

    let first = w
        .service
        .playing
        .show(&w.alice, HERE, Some(id))
        .await
        .unwrap();
    let hole = first_offer(&first);
    w.service
        .playing
        .play_move(&w.alice, HERE, Some(id), hole, None)
        .await
        .unwrap();
    let watched = w.service.games.watch(&w.carol, HERE, id, 1).await.unwrap();
    assert!(watched.private);
    assert!(
        matches!(
            &watched.says[..],
            [Notice::Board(BoardNotice::Watched { game, turn: 1, by, path })]
                if *game == id && by.raw() == "alice" && path.laps[0].from == hole
        ),
        "{:?}",
        watched.says
    );
    assert!(watched.picture.is_some());
    for turn in [0, 2, -1] {
        let e = refused(w.service.games.watch(&w.carol, HERE, id, turn).await);
        let count = 1;
        assert_eq!(
            e,
            GameRefusal::NoSuchTurn {
                game: id,
                turn,
                count
            }
            .into()
        );
    }
    let e = failure(
        w.service
            .games
            .watch(&w.carol, HERE, GameId(id.0 + 1), 1)
            .await,
    );
    assert!(
        matches!(e, AppError::NoSuchGame(GameId(n)) if n == id.0 + 1),
        "{e:?}"
    );
    // A game is watched from its own server, or by its players.
    let elsewhere = Place {
        guild_id: GuildId(11),
        ..HERE
    };
    let e = refused(w.service.games.watch(&w.carol, elsewhere, id, 1).await);
    assert_eq!(e, GameRefusal::OtherServer(id).into());
    let e = refused(w.service.games.watch(&w.carol, DM, id, 1).await);
    assert_eq!(e, GameRefusal::OtherServer(id).into());
    assert!(w.service.games.watch(&w.alice, DM, id, 1).await.is_ok());
}

async fn move_refusals_lose_nothing(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let e = failure(
        w.service
            .playing
            .play_move(&w.carol, HERE, Some(game), hole("G2"), None)
            .await,
    );
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    let e = failure(
        w.service
            .playing
            .play_move(&w.bob, HERE, Some(game), hole("C3"), None)
            .await,
    );
    assert!(matches!(e, AppError::NotYourTurn(Side::South)), "{e:?}");
    let e = refused(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(game), hole("A2"), None)
            .await,
    );
    let (error, legal) = illegal(e);
    assert_eq!(error, IllegalMove::Empty(hole("A2")).into());
    assert_eq!(legal[..2], [hole("A1"), hole("B1")]);
    let e = refused(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(game), hole("D4"), None)
            .await,
    );
    let (error, _) = illegal(e);
    let owner = Side::North;
    assert_eq!(
        error,
        IllegalMove::NotYourHole {
            hole: hole("D4"),
            owner
        }
        .into()
    );
    let e = failure(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(game), hole("G2"), Some(5))
            .await,
    );
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");
    let e = refused(
        w.service
            .playing
            .arrange(&w.alice, HERE, Some(game), layout(&"1 ".repeat(20)))
            .await,
    );
    let (error, legal) = illegal(e);
    assert_eq!(error, IllegalMove::NotExpert.into());
    assert_eq!(legal[0], hole("A1"));
    let e = failure(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(GameId(404)), hole("G2"), None)
            .await,
    );
    assert!(matches!(e, AppError::NoSuchGame(GameId(404))), "{e:?}");
    // Nothing was stored: alice's legal move still works, at ply 0.
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, None, hole("g2"), Some(0))
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 1);
    let sowed = Some((hole("G2"), hole("E2")));
    assert_eq!(reply.turns(), [("alice".to_string(), sowed)]);
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
    let tall = layout("0 0 0 0 0 0 0 0 0 14 / 0 0 0 0 0 0 0 0 0 14");
    let reply = w
        .service
        .playing
        .arrange(&w.alice, HERE, Some(game), tall)
        .await
        .unwrap();
    assert_eq!(
        reply.turns(),
        [("alice".to_string(), None)],
        "a rearrangement"
    );
    // A rearrangement has no sowing to watch.
    let e = refused(w.service.games.watch(&w.bob, HERE, game, 1).await);
    assert_eq!(e, GameRefusal::RearrangementTurn.into());
    let e = failure(
        w.service
            .playing
            .arrange(&w.alice, HERE, Some(game), tall)
            .await,
    );
    assert!(matches!(e, AppError::NotYourTurn(Side::North)), "{e:?}");
    let e = refused(
        w.service
            .playing
            .arrange(&w.bob, HERE, Some(game), layout(&"1 ".repeat(20)))
            .await,
    );
    let (error, _) = illegal(e);
    let total = LayoutError::WrongTotal {
        layout: 20,
        have: 28,
    };
    assert_eq!(error, IllegalMove::Layout(total).into());
}

async fn two_moves_at_once_exactly_one_wins(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    for _ in 0..5 {
        let state = w
            .service
            .playing
            .show(&w.alice, HERE, Some(game))
            .await
            .unwrap();
        let player = if state.ping == [w.alice.id] {
            &w.alice
        } else {
            &w.bob
        };
        let ply = state.game.unwrap().ply;
        let (a, b) = (state.moves[0].0, state.moves[state.moves.len() - 1].0);
        let (first, second) = tokio::join!(
            w.service
                .playing
                .play_move(player, HERE, Some(game), a, Some(ply)),
            w.service
                .playing
                .play_move(player, HERE, Some(game), b, Some(ply)),
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
        let after = w
            .service
            .playing
            .show(&w.alice, HERE, Some(game))
            .await
            .unwrap();
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
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, options)
        .await
        .unwrap();
    let game = reply.game.unwrap();
    assert_eq!(game.ply, 0);
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game.id), first_offer(&reply), Some(0))
        .await
        .unwrap();
    assert_eq!(
        reply.game.unwrap().ply,
        2,
        "the human's move and the AI's reply"
    );
    let movers: Vec<String> = reply.turns().into_iter().map(|(by, _)| by).collect();
    assert_eq!(
        movers.last().map(String::as_str),
        Some("Kiela"),
        "{movers:?}"
    );
    assert_eq!(reply.ping, [w.alice.id]);
    // The AI opens when the human is North; challenging the bot starts an AI game too.
    let options = GameOptions {
        first: FirstMover::Them,
        ..GameOptions::default()
    };
    let reply = w
        .service
        .challenges
        .challenge(&w.bob, HERE, &bot(), options)
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 1);
    let movers: Vec<String> = reply.turns().into_iter().map(|(by, _)| by).collect();
    assert_eq!(
        movers.last().map(String::as_str),
        Some("Kiela"),
        "{movers:?}"
    );
    let e = refused(
        w.service
            .draws
            .draw(&w.bob, HERE, reply.game.map(|g| g.id))
            .await,
    );
    assert_eq!(e, DrawRefusal::AiPlaysOn { bot: bot().name }.into());
}

async fn resignation_and_draws(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let offer = w
        .service
        .draws
        .draw(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    // One line, calling bob to answer it with its buttons: not a board.
    assert!(offer.ping.contains(&w.bob.id), "{:?}", offer.ping);
    assert!(
        offer.draw_line == Some((game, 0)) && offer.picture.is_none(),
        "{:?}",
        offer.says
    );
    assert_eq!(
        refused(w.service.draws.draw(&w.alice, HERE, Some(game)).await),
        DrawRefusal::AlreadyOffered.into()
    );
    // alice moves; her own offer stands. bob moves instead of accepting: it lapses.
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
        .await
        .unwrap();
    let reply = w
        .service
        .playing
        .play_move(&w.bob, HERE, Some(game), first_offer(&reply), None)
        .await
        .unwrap();
    assert!(reply.game.unwrap().active);
    let again = w
        .service
        .draws
        .draw(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let offered = DrawNotice::Offered {
        by: w.bob.name.clone(),
        game,
        to: w.alice.id,
    };
    assert_eq!(
        again.says,
        [offered.into()],
        "the lapsed offer was not accepted"
    );
    let done = w
        .service
        .draws
        .draw(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    let accepted = DrawNotice::Accepted {
        by: w.alice.name.clone(),
        game,
    };
    assert_eq!(done.says[0], accepted.into());
    let agreed = Outcome {
        result: GameResult::Draw,
        reason: Reason::Agreement,
    };
    assert!(
        matches!(done.board_lines()[0], BoardNotice::Result { end, .. } if end.outcome == agreed),
        "{done:?}"
    );
    let drawn = game;
    assert_eq!(
        refused(w.service.draws.draw(&w.bob, HERE, Some(drawn)).await),
        DrawRefusal::GameOver(drawn).into()
    );
    // Resignation, by the player not to move.
    let game = started(&w, alice_first()).await;
    let done = w
        .service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let end = GameEnd {
        game,
        outcome: Outcome {
            result: GameResult::win_for(Side::South),
            reason: Reason::Resignation,
        },
        south: w.alice.name.clone(),
        north: w.bob.name.clone(),
    };
    let resigned = PlayNotice::Resigned {
        by: w.bob.name.clone(),
        game,
    };
    assert_eq!(done.says[0], resigned.into());
    let result = BoardNotice::Result {
        end: end.clone(),
        hints: 0,
        takebacks: 0,
    };
    assert_eq!(done.board_lines()[0], &result, "{:?}", done.says);
    let e = refused(w.service.playing.resign(&w.alice, HERE, Some(game)).await);
    assert_eq!(e, PlayRefusal::AlreadyOver(end.clone()).into());
    let e = refused(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
            .await,
    );
    assert_eq!(e, PlayRefusal::GameOver(end).into());

    // Autocomplete offers the ongoing games; for `history`, the finished
    // ones too, after them.
    let ongoing = started(&w, alice_first()).await;
    let choice = |id: GameId, opponent: &str, state| GameChoice {
        id,
        opponent: opponent.to_string(),
        state,
    };
    let your_move = choice(ongoing, "bob", ChoiceState::YourMove);
    assert_eq!(
        w.service.games.game_choices(&w.alice, false).await.unwrap(),
        std::slice::from_ref(&your_move)
    );
    assert_eq!(
        w.service.games.game_choices(&w.alice, true).await.unwrap(),
        [
            your_move,
            choice(game, "bob", ChoiceState::Won),
            choice(drawn, "bob", ChoiceState::Drawn),
        ]
    );
    assert_eq!(
        w.service.games.game_choices(&w.bob, true).await.unwrap()[1],
        choice(game, "alice", ChoiceState::Lost)
    );
}

async fn the_game_can_be_left_out_when_only_one_waits_here(db: Db) {
    let w = world(db).await;
    let first = started(&w, alice_first()).await;
    w.service
        .playing
        .play_move(&w.alice, HERE, None, hole("G2"), None)
        .await
        .unwrap();
    let second = started(&w, alice_first()).await;
    // alice: only the second game waits for her.
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, None, hole("G2"), None)
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().id, second);
    // bob: both wait for him now.
    let e = refused(
        w.service
            .playing
            .play_move(&w.bob, HERE, None, hole("C3"), None)
            .await,
    );
    let which = |games: [GameId; 2]| Refusal::from(GameRefusal::WhichGame(games.to_vec()));
    assert!(
        e == which([second, first]) || e == which([first, second]),
        "{e:?}"
    );
    let elsewhere = Place {
        channel_id: ChannelId(21),
        ..HERE
    };
    let e = refused(
        w.service
            .playing
            .play_move(&w.bob, elsewhere, None, hole("C3"), None)
            .await,
    );
    assert_eq!(e, GameRefusal::NoGameHere.into());
    let list = w.service.info.my_games(&w.bob).await.unwrap();
    let (games, total) = super::info::games_listed(&list);
    assert!(list.private && games.len() == 2 && total == 2, "{games:?}");
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
        let state = w
            .service
            .playing
            .show(&w.alice, HERE, Some(game))
            .await
            .unwrap();
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
            "no moves offered at ply {ply}: {:?} {:?}",
            state.game,
            state.says
        );
        let last = state.moves.len() - 1;
        let tasks = [(w.service.clone(), 0), (other.clone(), last)].map(|(service, pick)| {
            let (player, mv) = (player.clone(), state.moves[pick].0);
            tokio::spawn(async move {
                service
                    .playing
                    .play_move(&player, HERE, Some(game), mv, Some(ply))
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
        let stored = other.store().games.moves(game).await.unwrap();
        assert_eq!(stored.len() as i64, ply + 1, "exactly one move stored");
    }
}

/// The moves stored for game `id`.
async fn stored(w: &World, id: GameId) -> usize {
    w.service.store().games.moves(id).await.unwrap().len()
}

/// A hole picked in the menu of a game between people (days per move) is
/// shown first, privately, with Play and Cancel; nothing is stored until
/// Play, which plays it only at the ply it was shown for.
async fn a_picked_move_is_previewed_then_played_or_cancelled(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let preview = w
        .service
        .playing
        .pick_move(&w.alice, HERE, game, hole("G2"), 0)
        .await
        .unwrap();
    assert!(preview.private && preview.picture.is_some());
    assert_eq!(
        preview.preview,
        Some(MovePreview {
            game,
            ply: 0,
            hole: hole("G2")
        })
    );
    assert!(
        matches!(
            &preview.says[..],
            [Notice::Play(PlayNotice::MovePreview { game: g, turn: 1, hole: h, by, path })]
                if *g == game && *h == hole("G2") && by.raw() == "alice"
                    && path.ended() == Some(hole("E2"))
        ),
        "{:?}",
        preview.says
    );
    assert!(preview.posts.is_empty() && preview.game.is_none());
    let alt = drawn(&preview.picture.as_ref().unwrap().alt_text);
    assert!(alt.contains("G2"), "the board after the move: {alt}");
    assert_eq!(stored(&w, game).await, 0, "a preview plays nothing");
    // Refusals: a stranger, the player not to move, an empty hole, a
    // stale menu.
    let e = failure(
        w.service
            .playing
            .pick_move(&w.carol, HERE, game, hole("G2"), 0)
            .await,
    );
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    let e = failure(
        w.service
            .playing
            .pick_move(&w.bob, HERE, game, hole("C3"), 0)
            .await,
    );
    assert!(matches!(e, AppError::NotYourTurn(Side::South)), "{e:?}");
    let e = refused(
        w.service
            .playing
            .pick_move(&w.alice, HERE, game, hole("A2"), 0)
            .await,
    );
    let (error, legal) = illegal(e);
    assert_eq!(error, IllegalMove::Empty(hole("A2")).into());
    assert_eq!(legal[0], hole("A1"));
    let e = failure(
        w.service
            .playing
            .pick_move(&w.alice, HERE, game, hole("G2"), 3)
            .await,
    );
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");
    let e = failure(w.service.playing.cancel_preview(&w.carol, game, 0).await);
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    // Cancel: nothing played.
    let cancelled = w
        .service
        .playing
        .cancel_preview(&w.alice, game, 0)
        .await
        .unwrap();
    assert!(cancelled.private);
    let not_played = PlayNotice::PreviewCancelled { game, late: false };
    assert_eq!(cancelled.says, [not_played.into()]);
    assert_eq!(stored(&w, game).await, 0);
    // Play: the move previewed, at the ply it was previewed for.
    let e = failure(
        w.service
            .playing
            .play_move(&w.carol, HERE, Some(game), hole("G2"), Some(0))
            .await,
    );
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    let played = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), Some(0))
        .await
        .unwrap();
    assert!(!played.private && played.picture.is_some());
    assert_eq!(played.game.unwrap().ply, 1);
    let sowed = Some((hole("G2"), hole("E2")));
    assert_eq!(played.turns(), [("alice".to_string(), sowed)]);
    // The same Play again is stale: refused, nothing lost.
    let e = failure(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(game), hole("G2"), Some(0))
            .await,
    );
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");
    assert_eq!(stored(&w, game).await, 1);
    let late = w
        .service
        .playing
        .cancel_preview(&w.alice, game, 0)
        .await
        .unwrap();
    let moved_on = PlayNotice::PreviewCancelled { game, late: true };
    assert_eq!(late.says, [moved_on.into()]);
    // bob's menu: previewed too (his default), at ply 1.
    let bobs = w
        .service
        .playing
        .pick_move(&w.bob, HERE, game, first_offer(&played), 1)
        .await
        .unwrap();
    assert_eq!(bobs.preview.map(|p| p.ply), Some(1));
    assert_eq!(stored(&w, game).await, 1);
}

/// `always | correspondence | never`, per player: correspondence (the
/// default) previews games between people with days per move, not games
/// against the AI.
async fn the_preview_follows_each_players_choice(db: Db) {
    let w = world(db).await;
    let now = w
        .service
        .playing
        .my_settings(&w.alice, None, None)
        .await
        .unwrap();
    let settings = NotifyNotice::Settings {
        dm: Notify::Off,
        confirm: ConfirmMoves::Correspondence,
    };
    assert_eq!(now.says, [settings.into()]);
    let set = (w.service)
        .playing
        .my_settings(&w.alice, None, Some(ConfirmMoves::Never))
        .await
        .unwrap();
    assert!(set.private);
    assert_eq!(
        set.says,
        [PlayNotice::ConfirmMovesSet(ConfirmMoves::Never).into()]
    );
    let game = started(&w, alice_first()).await;
    // alice: played at once; bob, by default: previewed. Either way the
    // menu's pick loads the game once.
    let loads = w.service.games_loaded();
    let played = w
        .service
        .playing
        .pick_move(&w.alice, HERE, game, hole("G2"), 0)
        .await
        .unwrap();
    assert!(played.preview.is_none() && !played.private);
    assert_eq!(w.service.games_loaded(), loads + 1, "a played pick");
    assert_eq!(stored(&w, game).await, 1);
    let hole = first_offer(&played);
    let loads = w.service.games_loaded();
    let previewed = w
        .service
        .playing
        .pick_move(&w.bob, HERE, game, hole, 1)
        .await
        .unwrap();
    assert!(previewed.preview.is_some() && previewed.private);
    assert_eq!(w.service.games_loaded(), loads + 1, "a previewed pick");
    assert_eq!(stored(&w, game).await, 1);
    // Both settings at once; the one not given stays.
    let both = (w.service)
        .playing
        .my_settings(
            &w.alice,
            Some(Notify::Reminders),
            Some(ConfirmMoves::Always),
        )
        .await
        .unwrap();
    let set = [
        NotifyNotice::Set(Notify::Reminders).into(),
        PlayNotice::ConfirmMovesSet(ConfirmMoves::Always).into(),
    ];
    assert_eq!(both.says, set);
    let now = w
        .service
        .playing
        .my_settings(&w.alice, None, None)
        .await
        .unwrap();
    let settings = NotifyNotice::Settings {
        dm: Notify::Reminders,
        confirm: ConfirmMoves::Always,
    };
    assert_eq!(now.says, [settings.into()]);
    // Against the AI: at once by default, previewed if always.
    let options = GameOptions {
        first: FirstMover::Me,
        ..GameOptions::default()
    };
    let start = w
        .service
        .challenges
        .start_ai_game(&w.bob, HERE, Level::Easy, options)
        .await
        .unwrap();
    let ai_game = start.game.unwrap().id;
    let at_once = (w.service)
        .playing
        .pick_move(&w.bob, HERE, ai_game, first_offer(&start), 0)
        .await
        .unwrap();
    assert!(at_once.preview.is_none());
    assert_eq!(at_once.game.unwrap().ply, 2);
    let start = w
        .service
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, options)
        .await
        .unwrap();
    let ai_game = start.game.unwrap().id;
    let shown = (w.service)
        .playing
        .pick_move(&w.alice, HERE, ai_game, first_offer(&start), 0)
        .await
        .unwrap();
    assert!(shown.preview.is_some());
    assert_eq!(stored(&w, ai_game).await, 0);
    // A choice that does not parse in the database is an error, never a default.
    raw(
        &w.db,
        "UPDATE players SET confirm_moves = 'sometimes' WHERE id = $1",
        &[w.alice.id.0],
    )
    .await;
    let e = failure(w.service.playing.my_settings(&w.alice, None, None).await).to_string();
    assert!(e.contains("confirm_moves"), "{e}");
}

/// Against the AI, Take back undoes the player's last move and the AI's
/// reply, through the version-guarded change and the outbox; the count is
/// shown with the result. A second process sees the game as taken back.
async fn take_back_undoes_a_move_and_the_ais_reply(db: Db) {
    let w = world(db).await;
    let options = GameOptions {
        first: FirstMover::Me,
        ..GameOptions::default()
    };
    let start = w
        .service
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, options)
        .await
        .unwrap();
    let id = start.game.unwrap().id;
    assert!(!start.may_take_back, "nothing to take back at the start");
    let e = refused(w.service.playing.take_back(&w.alice, HERE, id, 0).await);
    assert_eq!(e, PlayRefusal::NothingToTakeBack(id).into());
    let first = start.moves[0].0;
    let last = start.moves[start.moves.len() - 1].0;
    assert_ne!(first, last);
    let reply = (w.service)
        .playing
        .play_move(&w.alice, HERE, Some(id), first, Some(0))
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 2);
    assert!(reply.may_take_back && reply.may_hint);
    // A second process, which replays and keeps the game too.
    let other = service_on(&w.db.url, &w.clock).await;
    let again = other.games.watch(&w.carol, HERE, id, 1).await.unwrap();
    assert_eq!(watched(&again), ("alice".into(), Some(first)));
    let e = failure(w.service.playing.take_back(&w.bob, HERE, id, 2).await);
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    let e = failure(w.service.playing.take_back(&w.alice, HERE, id, 1).await);
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");

    let back = w
        .service
        .playing
        .take_back(&w.alice, HERE, id, 2)
        .await
        .unwrap();
    let took_back = PlayNotice::TookBack {
        by: w.alice.name.clone(),
        turn: 1,
        ai: Some(bot().name),
        game: id,
    };
    assert_eq!(back.says[0], took_back.into());
    assert!(!back.private && back.picture.is_some() && back.posts.len() == 1);
    assert_eq!(back.game.unwrap().ply, 0);
    assert_eq!(back.ping, [w.alice.id], "alice is to move again");
    assert_eq!(stored(&w, id).await, 0);
    let e = failure(w.service.playing.take_back(&w.alice, HERE, id, 2).await);
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");

    // Another move instead: both processes see it, not the one taken back.
    let reply = (w.service)
        .playing
        .play_move(&w.alice, HERE, Some(id), last, Some(0))
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 2);
    for service in [&w.service, &other] {
        let turn = service.games.watch(&w.carol, HERE, id, 1).await.unwrap();
        assert_eq!(watched(&turn), ("alice".into(), Some(last)));
        let shown = service
            .playing
            .show(&w.alice, HERE, Some(id))
            .await
            .unwrap();
        assert_eq!(shown.moves, reply.moves, "the same position");
    }
    other
        .playing
        .take_back(&w.alice, HERE, id, 2)
        .await
        .unwrap();
    let reply = (w.service)
        .playing
        .play_move(&w.alice, HERE, Some(id), first, Some(0))
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 2);
    let done = w
        .service
        .playing
        .resign(&w.alice, HERE, Some(id))
        .await
        .unwrap();
    assert!(
        matches!(
            done.board_lines()[0],
            BoardNotice::Result {
                takebacks: 2,
                hints: 0,
                ..
            }
        ),
        "{:?}",
        done.says
    );
    let e = refused(w.service.playing.take_back(&w.alice, HERE, id, 2).await);
    assert_eq!(e, PlayRefusal::TakebackOver(id).into());
}

/// Take back exists only against the AI (whose games are never rated).
async fn take_back_is_refused_where_it_does_not_belong(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), Some(0))
        .await
        .unwrap();
    let reply = w
        .service
        .playing
        .play_move(&w.bob, HERE, Some(game), first_offer(&reply), Some(1))
        .await
        .unwrap();
    assert!(!reply.may_take_back);
    let e = refused(w.service.playing.take_back(&w.alice, HERE, game, 2).await);
    assert_eq!(e, PlayRefusal::TakebackBetweenPeople.into());
    let e = failure(w.service.playing.take_back(&w.carol, HERE, game, 2).await);
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    assert_eq!(stored(&w, game).await, 2, "nothing taken back");
}

/// A draw offer is one short line under the current board, with Accept
/// draw and Decline; answering it follows that line and edits it (its
/// buttons go), through the outbox.
async fn a_draw_offer_is_one_line_and_its_answer_closes_it(db: Db) {
    let w = world(db).await;
    let game = started_answered(&w, alice_first()).await;
    deliver_all(&w).await;
    let offer = w
        .service
        .draws
        .draw(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    let offered = DrawNotice::Offered {
        by: w.alice.name.clone(),
        game,
        to: w.bob.id,
    };
    assert_eq!(offer.says, [offered.clone().into()]);
    assert!(offer.picture.is_none() && offer.game.is_none());
    assert_eq!(offer.draw_line, Some((game, 0)));
    w.service
        .outbox
        .delivered(&offer.posts, MessageId(50))
        .await
        .unwrap();
    let e = refused(
        w.service
            .draws
            .answer_draw(&w.alice, HERE, game, 0, true)
            .await,
    );
    assert_eq!(
        e,
        DrawRefusal::OwnOffer {
            opponent: w.bob.name.clone()
        }
        .into()
    );
    let e = failure(
        w.service
            .draws
            .answer_draw(&w.carol, HERE, game, 0, true)
            .await,
    );
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    let declined = (w.service.draws.answer_draw(&w.bob, HERE, game, 0, false))
        .await
        .unwrap();
    let notice = DrawNotice::Declined {
        by: w.bob.name.clone(),
        game,
        offerer: w.alice.id,
    };
    assert_eq!(declined.says, [notice.into()]);
    assert!(declined.picture.is_none() && declined.ping == [w.alice.id]);
    w.service
        .outbox
        .delivered(&declined.posts, MessageId(51))
        .await
        .unwrap();
    let edits = deliver_all_to(&w).await;
    let [(Destination::Edit { message_id, .. }, edit)] = &edits[..] else {
        panic!("one edit of the offer's line: {edits:?}");
    };
    assert_eq!(*message_id, MessageId(50));
    let closed = DrawNotice::LineClosed(DrawClosed::Declined);
    assert_eq!(edit.says, [offered.into(), closed.into()]);
    assert_eq!(edit.draw_line, None, "its buttons go");

    // Offered again; alice moves (her offer stands), and bob accepts from
    // the line made at ply 0: the final board, and the line edited.
    let offer = w
        .service
        .draws
        .draw(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&offer.posts, MessageId(52))
        .await
        .unwrap();
    let moved = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), Some(0))
        .await
        .unwrap();
    assert!(moved.draw_offered, "the later board shows the offer");
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(53))
        .await
        .unwrap();
    let e = failure(
        w.service
            .draws
            .answer_draw(&w.bob, HERE, game, 7, true)
            .await,
    );
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");
    let done = w
        .service
        .draws
        .answer_draw(&w.bob, HERE, game, 0, true)
        .await
        .unwrap();
    let accepted = DrawNotice::Accepted {
        by: w.bob.name.clone(),
        game,
    };
    assert_eq!(done.says[0], accepted.into());
    let agreed = Outcome {
        result: GameResult::Draw,
        reason: Reason::Agreement,
    };
    assert!(
        matches!(done.board_lines()[0], BoardNotice::Result { end, .. } if end.outcome == agreed),
        "{done:?}"
    );
    assert!(done.picture.is_some(), "the final board");
    w.service
        .outbox
        .delivered(&done.posts, MessageId(54))
        .await
        .unwrap();
    let edits = deliver_all_to(&w).await;
    assert!(
        edits.iter().any(|(to, reply)| matches!(
            to,
            Destination::Edit {
                message_id: MessageId(52),
                ..
            }
        ) && reply.says.last()
            == Some(&DrawNotice::LineClosed(DrawClosed::Accepted).into())),
        "{edits:?}"
    );

    // An offer that lapses: the player it was made to moves instead.
    let game = started_answered(&w, alice_first()).await;
    let offer = w
        .service
        .draws
        .draw(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&offer.posts, MessageId(60))
        .await
        .unwrap();
    let moved = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), Some(0))
        .await
        .unwrap();
    assert!(!moved.draw_offered);
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(61))
        .await
        .unwrap();
    let edits = deliver_all_to(&w).await;
    assert!(
        edits.iter().any(|(to, reply)| matches!(
            to,
            Destination::Edit {
                message_id: MessageId(60),
                ..
            }
        ) && reply.says.last()
            == Some(&DrawNotice::LineClosed(DrawClosed::Lapsed).into())),
        "{edits:?}"
    );
    let e = failure(
        w.service
            .draws
            .answer_draw(&w.alice, HERE, game, 0, true)
            .await,
    );
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");
}

/// Who is a member of which server, as a test says; counts the questions.
#[derive(Default)]
struct TestMembers {
    gone: std::sync::Mutex<Vec<(GuildId, UserId)>>,
    unknown: std::sync::Mutex<Vec<(GuildId, UserId)>>,
    asked: std::sync::atomic::AtomicUsize,
}

#[async_trait::async_trait]
impl Members for TestMembers {
    async fn membership(&self, guild: GuildId, user: UserId) -> Membership {
        self.asked.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let key = (guild, user);
        if self.gone.lock().unwrap().contains(&key) {
            Membership::Gone
        } else if self.unknown.lock().unwrap().contains(&key) {
            Membership::Unknown
        } else {
            Membership::Member
        }
    }
}

/// A player who left the game's server cannot act on it from a direct
/// message (nothing changes, their clock runs on); a member can; when
/// Discord cannot say, the action goes through. Answers are kept a while.
async fn a_player_who_left_the_server_cannot_act_from_a_direct_message(db: Db) {
    use std::sync::atomic::Ordering::SeqCst;
    let w = world(db).await;
    let members = Arc::new(TestMembers::default());
    let service = (service_on(&w.db.url, &w.clock).await).with_members(members.clone());
    let game = started_answered(&w, alice_first()).await;
    members
        .gone
        .lock()
        .unwrap()
        .push((HERE.guild_id, w.alice.id));
    let row = service.store().games.game(game).await.unwrap().unwrap();
    let board = service
        .playing
        .show(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    let hole = first_offer(&board);
    let refusals = [
        refused(
            service
                .playing
                .play_move(&w.alice, DM, Some(game), hole, None)
                .await,
        ),
        refused(service.playing.pick_move(&w.alice, DM, game, hole, 0).await),
        refused(service.playing.resign(&w.alice, DM, Some(game)).await),
        refused(service.draws.draw(&w.alice, DM, Some(game)).await),
        refused(service.playing.abort(&w.alice, DM, game, 0).await),
    ];
    for e in refusals {
        assert_eq!(e, GameRefusal::LeftServer(game).into());
    }
    let after = service.store().games.game(game).await.unwrap().unwrap();
    assert_eq!(after.version, row.version, "nothing changed");
    assert!(after.is_active() && service.store().games.moves(game).await.unwrap().is_empty());
    assert_eq!(members.asked.load(SeqCst), 1, "the answer was kept");

    // In the server itself, Discord vouches for her: not asked.
    let moved = service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole, None)
        .await;
    let hole = first_offer(&moved.unwrap());
    assert_eq!(members.asked.load(SeqCst), 1);
    // Bob is a member: he moves from a direct message.
    let reply = (service
        .playing
        .play_move(&w.bob, DM, Some(game), hole, None))
    .await
    .unwrap();
    assert!(reply.private, "{:?}", reply.says);
    assert_eq!(service.store().games.moves(game).await.unwrap().len(), 2);
    assert_eq!(members.asked.load(SeqCst), 2);

    // Minutes later Discord cannot say: she is let through.
    w.clock.advance(kiela_app::MEMBERSHIP_KEPT);
    members.gone.lock().unwrap().clear();
    members
        .unknown
        .lock()
        .unwrap()
        .push((HERE.guild_id, w.alice.id));
    let board = service
        .playing
        .show(&w.alice, DM, Some(game))
        .await
        .unwrap();
    let hole = first_offer(&board);
    (service
        .playing
        .play_move(&w.alice, DM, Some(game), hole, None))
    .await
    .unwrap();
    assert_eq!(members.asked.load(SeqCst), 3);
}

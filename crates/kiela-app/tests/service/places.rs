//! Games follow their place: a thread Discord refuses sends its game back
//! to its lobby, with its pending posts; with no place left, the clock
//! pauses and both players are told, until a player acts from a channel
//! of the server; a refused channel gets nothing more.

use super::*;
use kiela_app::store::{GameRow, NewPost, PostTarget};
use kiela_app::ChannelRefusal;
use kiela_app::PlaceNotice;

on_both_backends! {
    a_game_whose_thread_is_gone_moves_to_its_lobby_with_its_posts,
    a_game_with_no_place_left_pauses_and_resumes_where_a_player_acts,
    other_games_posts_to_a_refused_channel_are_never_sent,
}

/// Where the threads of the games started by [`threaded`] are.
const THREAD: ChannelId = ChannelId(500);

/// alice challenges bob in HERE where the bot may open threads; the game
/// is played in its thread [`THREAD`], its first board delivered there.
async fn threaded(w: &World) -> GameId {
    let place = HERE.allowing(BotPermissions::ALL);
    let challenge = (w.service)
        .challenges
        .challenge(&w.alice, place, &w.bob, alice_first())
        .await
        .unwrap();
    (w.service)
        .outbox
        .delivered(&challenge.posts, MessageId(400))
        .await
        .unwrap();
    let line = (w.service)
        .challenges
        .accept(&w.bob, place, challenge.challenge)
        .await
        .unwrap();
    (w.service)
        .outbox
        .delivered(&line.posts, MessageId(THREAD.0))
        .await
        .unwrap();
    let game = line.thread.and_then(|t| t.game_id).expect("a thread");
    w.service.threads.thread_opened(game, THREAD).await.unwrap();
    // The first board, in the thread (and the challenge's edit).
    let first = deliver_all_to(w).await;
    let boards: Vec<Destination> = (first.iter())
        .filter(|(_, reply)| reply.picture.is_some())
        .map(|(to, _)| *to)
        .collect();
    assert_eq!(boards, [Destination::Channel(THREAD)]);
    game
}

async fn row(w: &World, game: GameId) -> GameRow {
    w.service.store().games.game(game).await.unwrap().unwrap()
}

/// A post of `game` to `channel`, not a board, saying `text`.
fn line(game: GameId, channel: ChannelId, text: &str) -> NewPost {
    NewPost {
        to: PostTarget::Channel(channel),
        game_id: Some(game),
        says: vec![Notice::Worded(text.into())],
        lang: "en".into(),
        ..NewPost::default()
    }
}

/// The thread of a game is deleted: the first post refused there (a board)
/// moves the game to its lobby and says why there, over its board, with
/// its menu; the game's other posts for the thread follow it, in order,
/// and later ones too; the thread is remembered with its code.
async fn a_game_whose_thread_is_gone_moves_to_its_lobby_with_its_posts(db: Db) {
    let w = world(db).await;
    let game = threaded(&w).await;
    let in_thread = Place::new(HERE.guild_id, THREAD, Lang::En);
    let hole = first_offer(&last_board(&w, game).await);
    let moved = (w.service)
        .playing
        .play_move(&w.alice, in_thread, Some(game), hole, None)
        .await
        .unwrap();
    // Its answer never came (the thread is gone).
    w.service.outbox.release(&moved.posts).await.unwrap();
    (w.service.store())
        .outbox
        .insert_posts(vec![line(game, THREAD, "after")], w.clock.now())
        .await
        .unwrap();
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1, "one post of the game at a time");
    assert_eq!(claimed[0].to, Destination::Channel(THREAD));
    (w.service)
        .places
        .place_refused(claimed[0].id, THREAD, ChannelRefusal::UnknownChannel)
        .await
        .unwrap();

    let moved_row = row(&w, game).await;
    assert_eq!(moved_row.channel_id, HERE.channel_id, "back in its lobby");
    assert_eq!(moved_row.lobby_channel_id, None);
    assert_eq!(moved_row.paused_at, None);
    assert!(moved_row.deadline.is_some(), "its clock runs");
    let refused = w.service.places.refused_channels().await.unwrap();
    assert_eq!(refused.len(), 1);
    assert_eq!(
        (
            refused[0].channel_id,
            refused[0].refusal,
            refused[0].refused_at
        ),
        (THREAD, ChannelRefusal::UnknownChannel, w.clock.now())
    );

    let sent = deliver_all_to(&w).await;
    let places: Vec<Destination> = sent.iter().map(|(to, _)| *to).collect();
    assert_eq!(places, [Destination::Channel(HERE.channel_id); 2]);
    let (_, notice) = &sent[0];
    let moved_here = PlaceNotice::MovedHere {
        game,
        why: ChannelRefusal::UnknownChannel,
    };
    assert_eq!(notice.says[0], moved_here.clone().into());
    let movers: Vec<String> = notice.turns().into_iter().map(|(by, _)| by).collect();
    assert_eq!(movers, ["alice"], "{:?}", notice.says);
    assert!(notice.picture.is_some(), "over the game's board");
    assert!(!notice.moves.is_empty(), "with its menu");
    assert_eq!(notice.ping, [w.bob.id]);
    assert_eq!(sent[1].1.text(), "after");
    assert_eq!(
        sent.iter()
            .filter(|(_, r)| r.says.contains(&moved_here.clone().into()))
            .count(),
        1,
        "said once"
    );

    // A post made for the thread later still goes to the lobby.
    (w.service.store())
        .outbox
        .insert_posts(vec![line(game, THREAD, "late")], w.clock.now())
        .await
        .unwrap();
    let sent = deliver_all_to(&w).await;
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, Destination::Channel(HERE.channel_id));
    assert_eq!(sent[0].1.text(), "late");

    // Bob plays on in the lobby, answered there.
    let hole = first_offer(&notice.clone());
    let next = (w.service)
        .playing
        .play_move(&w.bob, HERE, Some(game), hole, Some(1))
        .await
        .unwrap();
    assert!(!next.private);
    let movers: Vec<String> = next.turns().into_iter().map(|(by, _)| by).collect();
    assert_eq!(movers, ["bob"], "{:?}", next.says);
}

/// The board the delivery loop would post now for `game`, at its ply, as
/// a reply (composed through a board post).
async fn last_board(w: &World, game: GameId) -> Reply {
    w.service
        .playing
        .show(&w.alice, DM, Some(game))
        .await
        .expect("the board")
}

/// A game played in its channel, which refuses the bot: its clock pauses
/// (no deadline, no reminder, no loss on time however long it waits),
/// both players are told by direct message and its pending posts are set
/// aside. It cannot be played from a direct message; a player's
/// `/kiela board` in another channel of the server makes that channel its
/// place, with the full time per move.
async fn a_game_with_no_place_left_pauses_and_resumes_where_a_player_acts(db: Db) {
    let w = world(db).await;
    let game = started_answered(&w, alice_first()).await;
    deliver_all(&w).await;
    let per_move = row(&w, game).await.seconds_per_move;
    // Alice's reminder is due; the channel refuses it.
    w.clock.advance(per_move * 3 / 4 + 60);
    for event in w.service.clocks.due_events(w.clock.now()).await.unwrap() {
        assert!(w.service.clocks.fire(event).await.unwrap());
    }
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1, "the reminder");
    assert_eq!(claimed[0].to, Destination::Channel(HERE.channel_id));
    (w.service)
        .places
        .place_refused(
            claimed[0].id,
            HERE.channel_id,
            ChannelRefusal::MissingPermissions,
        )
        .await
        .unwrap();
    let paused = row(&w, game).await;
    assert_eq!(paused.paused_at, Some(w.clock.now()));
    assert_eq!(paused.deadline, None, "no deadline runs");
    assert!(paused.is_active());

    let told = deliver_all_to(&w).await;
    let mut to: Vec<Destination> = told.iter().map(|(to, _)| *to).collect();
    to.sort_by_key(|d| format!("{d:?}"));
    assert_eq!(
        to,
        [Destination::User(w.alice.id), Destination::User(w.bob.id)]
    );
    for (_, dm) in &told {
        let paused = PlaceNotice::Paused {
            game,
            why: ChannelRefusal::MissingPermissions,
        };
        assert_eq!(dm.says, [paused.into()]);
    }
    // Refused once more (a second refusal of the same post changes nothing).
    (w.service)
        .places
        .place_refused(
            claimed[0].id,
            HERE.channel_id,
            ChannelRefusal::MissingPermissions,
        )
        .await
        .unwrap();
    assert!(deliver_all(&w).await.is_empty(), "told once");

    // Weeks pass: nothing is due, nobody loses on time.
    w.clock.advance(30 * DAY);
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    assert!(row(&w, game).await.is_active());

    // Not from a direct message ...
    let hole = first_offer(&last_board(&w, game).await);
    let e = refused(
        w.service
            .playing
            .play_move(&w.alice, DM, Some(game), hole, None)
            .await,
    );
    assert_eq!(e, PlaceRefusal::Paused(game).into());
    // ... nor by someone else; a player's look from another channel of the
    // server resumes it there.
    let other = Place::new(HERE.guild_id, ChannelId(21), Lang::En);
    let look = w
        .service
        .playing
        .show(&w.carol, other, Some(game))
        .await
        .unwrap();
    assert!(look.private);
    assert!(row(&w, game).await.paused_at.is_some());
    let board = w.service.playing.show(&w.bob, other, None).await.unwrap();
    assert!(!board.private);
    assert_eq!(board.says[0], PlaceNotice::ResumedHere { game }.into());
    let resumed = row(&w, game).await;
    assert_eq!(resumed.paused_at, None);
    assert_eq!(resumed.channel_id, ChannelId(21));
    assert_eq!(
        resumed.deadline,
        Some(w.clock.now() + per_move),
        "full time"
    );

    // The clock runs again: alice's reminder, then (no first move) the
    // game is aborted, both posted in its new place.
    w.clock.advance(per_move + 1);
    let due = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(matches!(due[..], [DueEvent::Abort { .. }]), "{due:?}");
    assert!(w.service.clocks.fire(due[0]).await.unwrap());
    let sent = deliver_all_to(&w).await;
    assert!(sent
        .iter()
        .all(|(to, _)| *to != Destination::Channel(HERE.channel_id)));
    assert!(sent
        .iter()
        .any(|(to, _)| *to == Destination::Channel(ChannelId(21))));
}

/// After a refusal, nothing more goes to the channel: another game played
/// there pauses too when its post comes up, without a request; a post of
/// no game for it is given up. The channel is forgotten once the bot is
/// seen to post there again.
async fn other_games_posts_to_a_refused_channel_are_never_sent(db: Db) {
    let w = world(db).await;
    let first = started_answered(&w, alice_first()).await;
    let carol_first = GameOptions {
        first: FirstMover::Me,
        ..GameOptions::default()
    };
    let challenge = (w.service)
        .challenges
        .challenge(&w.carol, HERE, &w.bob, carol_first)
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&challenge.posts, MessageId(1))
        .await
        .unwrap();
    let accepted = (w.service)
        .challenges
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&accepted.posts, MessageId(2))
        .await
        .unwrap();
    let second = accepted.game.unwrap().id;
    deliver_all(&w).await;

    let store = w.service.store();
    let ids = store
        .outbox
        .insert_posts(vec![line(first, HERE.channel_id, "one")], w.clock.now())
        .await
        .unwrap();
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1);
    (w.service)
        .places
        .place_refused(ids[0], HERE.channel_id, ChannelRefusal::MissingAccess)
        .await
        .unwrap();
    assert!(row(&w, first).await.paused_at.is_some());
    deliver_all(&w).await;

    // Another game's post and a post of no game, for the same channel.
    store
        .outbox
        .insert_posts(
            vec![
                line(second, HERE.channel_id, "two"),
                NewPost {
                    game_id: None,
                    ..line(second, HERE.channel_id, "news")
                },
            ],
            w.clock.now(),
        )
        .await
        .unwrap();
    let sent = deliver_all_to(&w).await;
    assert!(
        sent.iter()
            .all(|(to, _)| matches!(to, Destination::User(_))),
        "nothing to the refused channel: {sent:?}"
    );
    assert_eq!(sent.len(), 2, "bob and carol are told: {sent:?}");
    assert!(row(&w, second).await.paused_at.is_some());
    assert_eq!(w.service.outbox.undelivered().await.unwrap(), 0);

    // The bot posts there again (an answer was shown): forgotten.
    w.service.places.place_works(HERE.channel_id).await.unwrap();
    assert!(w
        .service
        .places
        .refused_channels()
        .await
        .unwrap()
        .is_empty());
    let news = NewPost {
        game_id: None,
        ..line(first, HERE.channel_id, "news")
    };
    store
        .outbox
        .insert_posts(vec![news], w.clock.now())
        .await
        .unwrap();
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1, "sent again");
    assert_eq!(claimed[0].to, Destination::Channel(HERE.channel_id));
}

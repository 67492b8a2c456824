//! Direct messages: turns played from them, and the old reminders flag.

use super::*;
use kiela_app::{ClockNotice, NotifyNotice, OutboxNotice};

on_both_backends! {
    direct_messages_carry_the_board_and_a_turn_is_played_from_them,
    the_old_dm_reminders_flag_becomes_reminders,
}

/// `/kiela notify`: every turn, reminders only, or off. A direct message
/// is a board post to its recipient, with the move menu while it is their
/// turn; a move from it is accepted, and its board goes to the game's
/// channel. Nobody is told by DM of their own move, nor the bot.
async fn direct_messages_carry_the_board_and_a_turn_is_played_from_them(db: Db) {
    let w = world(db).await;
    assert_eq!(
        w.service.notify.notify_setting(w.alice.id).await.unwrap(),
        Notify::Off
    );
    let on = w
        .service
        .notify
        .notify(&w.alice, Notify::EveryTurn)
        .await
        .unwrap();
    assert!(on.private);
    assert_eq!(on.says, [NotifyNotice::Set(Notify::EveryTurn).into()]);
    w.service
        .notify
        .notify(&w.bob, Notify::Reminders)
        .await
        .unwrap();
    assert_eq!(
        w.service.notify.notify_setting(w.alice.id).await.unwrap(),
        Notify::EveryTurn
    );
    assert_eq!(
        w.service.notify.notify_setting(w.bob.id).await.unwrap(),
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
        matches!(
            &dm.says[0],
            Notice::Notify(NotifyNotice::Dm {
                channel: ChannelId(20),
                ..
            })
        ),
        "{:?}",
        dm.says
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
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
        .await)
        .unwrap();
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(5))
        .await
        .unwrap();
    assert!(deliver_all_to(&w).await.is_empty());
    // Bob moves: alice's turn, by DM, with his path.
    let board = w
        .service
        .playing
        .show(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let hole = first_offer(&board);
    let moved = (w
        .service
        .playing
        .play_move(&w.bob, HERE, Some(game), hole, None)
        .await)
        .unwrap();
    assert_eq!(moved.ping, [w.alice.id], "{:?}", moved.says);
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(6))
        .await
        .unwrap();
    let sent = deliver_all_to(&w).await;
    let [(Destination::User(UserId(1)), dm)] = sent.as_slice() else {
        panic!("alice's DM expected: {sent:?}")
    };
    let Notice::Notify(NotifyNotice::Dm { channel, says }) = &dm.says[0] else {
        panic!("a DM expected: {:?}", dm.says)
    };
    assert_eq!(*channel, ChannelId(20));
    let sowed = (**says).clone();
    assert!(
        matches!(&sowed, Notice::Play(PlayNotice::Moved { by, path })
            if by.raw() == "bob" && path.laps[0].from == hole),
        "{sowed:?}"
    );
    assert_eq!(dm.game.unwrap().ply, 2);
    let from_dm = first_offer(dm);

    // The server chose Portuguese: a move from a DM is posted in it.
    let pt = Settings {
        language: Some(LanguageSetting::Fixed(Lang::Pt)),
        ..Settings::default()
    };
    (w.service
        .settings
        .settings(&w.bob, HERE, true, Lang::En, pt)
        .await)
        .unwrap();
    // Alice plays from the DM's menu: answered there with the new board,
    // privately; the board itself goes to the game's channel.
    let answer = w
        .service
        .playing
        .play_move(&w.alice, DM, Some(game), from_dm, Some(2))
        .await
        .unwrap();
    assert!(answer.private);
    let elsewhere = OutboxNotice::PostedElsewhere {
        channel: ChannelId(20),
    };
    assert_eq!(answer.says[0], elsewhere.into());
    let played = |reply: &Reply| {
        reply.lang == Lang::Pt
            && reply
                .turns()
                .iter()
                .any(|(by, path)| by == "alice" && path.is_some_and(|(from, _)| from == from_dm))
    };
    assert!(played(&answer), "in Portuguese: {answer:?}");
    // A private answer cannot deliver the public board: handed back.
    w.service.outbox.release(&answer.posts).await.unwrap();
    let sent = deliver_all_to(&w).await;
    let [(Destination::Channel(ChannelId(20)), board)] = sent.as_slice() else {
        panic!("the board in the game's channel expected: {sent:?}")
    };
    assert_eq!(board.game.unwrap().ply, 3);
    assert_eq!(board.ping, [w.bob.id]);
    assert!(played(board), "in Portuguese: {board:?}");
    // The same menu again: stale, refused; the game lost nothing.
    let stale = w
        .service
        .playing
        .play_move(&w.alice, DM, Some(game), from_dm, Some(2))
        .await;
    assert!(
        matches!(stale, Err(AppError::OutOfDate { .. })),
        "{stale:?}"
    );
    assert_eq!(w.service.store().games.moves(game).await.unwrap().len(), 3);

    // Bob's reminder carries the board and the menu, here and by DM.
    w.clock.advance(DAY + DAY / 2);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(
            events.as_slice(),
            [DueEvent::Reminder {
                player: UserId(2),
                ..
            }]
        ),
        "{events:?}"
    );
    assert!(w.service.clocks.fire(events[0]).await.unwrap());
    let sent = deliver_all_to(&w).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    for (to, reminder) in &sent {
        let said = match to {
            Destination::User(_) => match &reminder.says[0] {
                Notice::Notify(NotifyNotice::Dm { says, .. }) => (**says).clone(),
                other => panic!("a DM expected: {other:?}"),
            },
            _ => reminder.says[0].clone(),
        };
        assert!(
            matches!(said, Notice::Clock(ClockNotice::Reminder { hours: 12, .. })),
            "{said:?}"
        );
        assert!(reminder.picture.is_some() && !reminder.moves.is_empty());
        assert_eq!(reminder.game.unwrap().ply, 3);
        assert_eq!(reminder.ping, [w.bob.id]);
        assert!(
            matches!(
                to,
                Destination::Channel(ChannelId(20)) | Destination::User(UserId(2))
            ),
            "{to:?}"
        );
    }
    assert_ne!(sent[0].0, sent[1].0);

    // Off: no more DMs, not even reminders.
    w.service.notify.notify(&w.bob, Notify::Off).await.unwrap();
    let board = w
        .service
        .playing
        .show(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let hole = first_offer(&board);
    let moved = (w
        .service
        .playing
        .play_move(&w.bob, HERE, Some(game), hole, None)
        .await)
        .unwrap();
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(7))
        .await
        .unwrap();
    let sent = deliver_all_to(&w).await;
    assert!(
        matches!(sent.as_slice(), [(Destination::User(UserId(1)), _)]),
        "alice still hears of her turn: {sent:?}"
    );
    let hole = first_offer(&sent[0].1);
    let moved = (w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole, None)
        .await)
        .unwrap();
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(8))
        .await
        .unwrap();
    assert!(
        deliver_all_to(&w).await.is_empty(),
        "bob hears nothing by DM"
    );
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
    assert_eq!(
        service.notify.notify_setting(UserId(1)).await.unwrap(),
        Notify::Reminders
    );
    assert_eq!(
        service.notify.notify_setting(UserId(2)).await.unwrap(),
        Notify::Off
    );
}

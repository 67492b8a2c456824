//! Places that only answer: a group DM, a server without the bot, where a
//! user's install of the app is used (the bot cannot post there).

use super::*;

on_both_backends! {
    a_post_where_the_app_only_answers_goes_by_dm_and_waits_for_the_next_answer,
    a_group_dm_game_is_seen_there_and_in_its_players_dms_only,
    server_features_need_the_bot_in_the_server,
}

/// A group DM of alice, bob and carol, used through a user's install.
fn group_dm() -> Place {
    Place::new(GuildId::NONE, ChannelId(40), Lang::En).of_kind(PlaceKind::GroupDm)
}

/// alice challenges bob in their group DM, bob accepts there; the answers
/// deliver their posts, as on Discord.
async fn started_in_group(w: &World) -> GameId {
    let group = group_dm();
    let options = GameOptions {
        days: Some(1),
        ..alice_first()
    };
    let challenge = (w.service.challenges)
        .challenge(&w.alice, group, &w.bob, options)
        .await
        .unwrap();
    w.service.places.seen(group).await.unwrap();
    let accepted = (w.service.challenges)
        .accept(&w.bob, group, challenge.challenge)
        .await
        .unwrap();
    assert!(
        accepted.thread.is_none(),
        "no thread where the bot cannot post"
    );
    for answer in [&challenge, &accepted] {
        (w.service.outbox)
            .delivered(&answer.posts, MessageId(1))
            .await
            .unwrap();
    }
    accepted.game.unwrap().id
}

/// What the clock makes between two actions (here an unstarted game's end) is
/// never sent to the group DM: each player gets it by DM at once, and the
/// next answer there shows it, once.
async fn a_post_where_the_app_only_answers_goes_by_dm_and_waits_for_the_next_answer(db: Db) {
    let w = world(db).await;
    let game = started_in_group(&w).await;
    w.clock.advance(2 * DAY);
    let due = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(!due.is_empty());
    for event in due {
        w.service.clocks.fire(event).await.unwrap();
    }
    let sent = deliver_all_to(&w).await;
    let to: Vec<Destination> = sent.iter().map(|(to, _)| *to).collect();
    assert!(!to.is_empty());
    assert!(
        to.iter().all(|to| matches!(to, Destination::User(_))),
        "only direct messages: {to:?}"
    );
    for player in [w.alice.id, w.bob.id] {
        assert!(
            to.contains(&Destination::User(player)),
            "{player:?} told: {to:?}"
        );
    }
    let group = group_dm();
    let backlog = w.service.places.backlog(group).await.unwrap();
    assert!(!backlog.is_empty());
    assert!(backlog
        .iter()
        .all(|(_, reply)| reply.game.is_some_and(|g| g.id == game)));
    // Held by the answer showing it: another answer at once shows nothing.
    assert!(w.service.places.backlog(group).await.unwrap().is_empty());
    let ids: Vec<PostId> = backlog.iter().map(|(id, _)| *id).collect();
    w.service.places.backlog_shown(&ids).await.unwrap();
    // Shown once, for good (the hold passed, nothing comes back).
    w.clock.advance(DAY);
    assert!(w.service.places.backlog(group).await.unwrap().is_empty());
    // Elsewhere (a server) nothing waits.
    assert!(w.service.places.backlog(HERE).await.unwrap().is_empty());
}

/// A game in a group DM is acted on only there, or by its players from
/// their DMs with the app; another group DM sees nothing of it.
async fn a_group_dm_game_is_seen_there_and_in_its_players_dms_only(db: Db) {
    let w = world(db).await;
    let game = started_in_group(&w).await;
    let other_group = Place {
        channel_id: ChannelId(41),
        ..group_dm()
    };
    let e = refused(
        w.service
            .playing
            .show(&w.alice, other_group, Some(game))
            .await,
    );
    assert_eq!(e, GameRefusal::OtherServer(game).into());
    let e = refused(
        w.service
            .playing
            .show(&w.carol, group_dm(), Some(game))
            .await,
    );
    assert_eq!(e, GameRefusal::OtherServer(game).into());
    let e = refused(w.service.playing.show(&w.alice, HERE, Some(game)).await);
    assert_eq!(e, GameRefusal::OtherServer(game).into());
    let app_dm = Place::new(GuildId::NONE, ChannelId(42), Lang::En);
    assert_eq!(app_dm.kind, PlaceKind::AppDm);
    let shown = w
        .service
        .playing
        .show(&w.alice, app_dm, Some(game))
        .await
        .unwrap();
    assert_eq!(shown.game.map(|g| g.id), Some(game));
    let shown = w
        .service
        .playing
        .show(&w.bob, group_dm(), Some(game))
        .await
        .unwrap();
    assert_eq!(shown.game.map(|g| g.id), Some(game));
}

/// Settings and tournaments need the bot in the server: in a server
/// without it they say so (with the bot, for its link); in a group DM
/// they are a server's, as in a DM.
async fn server_features_need_the_bot_in_the_server(db: Db) {
    let w = world(db).await;
    let botless = HERE.of_kind(PlaceKind::ServerWithoutBot);
    let e = refused(
        (w.service.settings)
            .settings(&w.alice, botless, true, Lang::En, Settings::default())
            .await,
    );
    assert_eq!(e, PlaceRefusal::BotNotInServer { bot: bot().id }.into());
    let e = refused(
        (w.service.settings)
            .settings(&w.alice, group_dm(), true, Lang::En, Settings::default())
            .await,
    );
    assert!(matches!(e, Refusal::Settings(_)), "{e:?}");
    // A challenge between people works in a group DM, not in a DM with
    // the app.
    let app_dm = Place::new(GuildId::NONE, ChannelId(42), Lang::En);
    let e = refused(
        (w.service.challenges)
            .challenge(&w.alice, app_dm, &w.bob, alice_first())
            .await,
    );
    assert_eq!(e, ChallengeRefusal::NeedsServer.into());
    // The bot's own server: as before.
    (w.service.settings)
        .settings(&w.alice, HERE, true, Lang::En, Settings::default())
        .await
        .unwrap();
}

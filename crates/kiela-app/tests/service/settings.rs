//! Languages and server settings (with threads).

use kiela_app::{
    DailyPuzzle, ServerSettings, SettingsNotice, SettingsRefusal, CHALLENGE_DAYS, DAILY_PUZZLE_HOUR,
};

use super::*;

/// The server's settings a `/kiela settings` reply says last.
pub(super) fn settings_now(reply: &Reply) -> ServerSettings {
    match reply.says.last() {
        Some(Notice::Settings(SettingsNotice::Now(now))) => now.clone(),
        _ => panic!("no settings in {reply:?}"),
    }
}

on_both_backends! {
    languages_follow_the_user_the_place_and_the_stored_locale,
    server_settings_and_a_game_in_its_own_thread,
    two_managers_changing_different_settings_at_once_keep_both,
}

/// Settings change field by field, in one transaction each: two managers
/// (here in two processes) changing different settings at the same moment
/// both keep theirs.
async fn two_managers_changing_different_settings_at_once_keep_both(db: Db) {
    let w = world(db).await;
    let other = service_on(&w.db.url, &w.clock).await;
    for round in 0..8i64 {
        let days = Settings {
            days: Some(1 + round % 7),
            ..Settings::default()
        };
        let hour = Settings {
            puzzle_hour: Some(round),
            ..Settings::default()
        };
        let (a, b) = tokio::join!(
            w.service
                .settings
                .settings(&w.bob, HERE, true, Lang::En, days),
            other
                .settings
                .settings(&w.carol, HERE, true, Lang::En, hour),
        );
        a.unwrap();
        b.unwrap();
        let stored = w
            .service
            .store()
            .settings
            .guild_settings(HERE.guild_id)
            .await
            .unwrap();
        assert_eq!(
            (stored.days_per_move, stored.puzzle_hour),
            (Some(1 + round % 7), Some(round)),
            "round {round}"
        );
    }
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
        .challenges
        .challenge(&alice, HERE, &w.bob, options)
        .await
        .unwrap();
    assert_eq!(super::challenges::terms_of(&challenge).days_per_move, 2);
    // The refusals are data: the adapter words them in her language.
    let e = refused(
        w.service
            .challenges
            .challenge(&alice, HERE, &alice, options)
            .await,
    );
    assert_eq!(e, ChallengeRefusal::Yourself.into());
    let board = w
        .service
        .challenges
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    let game = board.game.unwrap().id;
    let e = refused(
        w.service
            .playing
            .play_move(&alice, HERE, Some(game), hole("A4"), None)
            .await,
    );
    assert!(
        matches!(e, Refusal::Play(PlayRefusal::Illegal { .. })),
        "{e:?}"
    );
    let e = failure(
        w.service
            .playing
            .play_move(&w.bob, HERE, Some(game), hole("A4"), None)
            .await,
    );
    assert!(
        matches!(e, AppError::NotYourTurn(kiela_rules::Side::South)),
        "{e:?}"
    );
    // A Portuguese server's board.
    let server = Place {
        lang: Lang::Pt,
        ..HERE
    };
    let shown = w
        .service
        .playing
        .show(&w.bob, server, Some(game))
        .await
        .unwrap();
    assert_eq!(shown.says[0], PlayNotice::Shown { game, ply: 0 }.into());
    assert!(
        matches!(
            shown.board_lines()[..],
            [BoardNotice::YourMove {
                player: UserId(1),
                side: kiela_rules::Side::South,
                ..
            }]
        ),
        "{:?}",
        shown.says
    );
    assert_eq!(shown.lang, Lang::Pt);
    let choices = w.service.games.game_choices(&alice, false).await.unwrap();
    // Its label is worded in her language by the adapter.
    assert_eq!(choices[0].opponent, "bob");
    assert_eq!(choices[0].state, kiela_app::ChoiceState::YourMove);

    // Her reminder speaks the language she last used.
    w.clock.advance(DAY + DAY / 2);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(w.service.clocks.fire(events[0]).await.unwrap());
    let reminder = last_post(&w).await;
    assert!(
        matches!(
            reminder.clock_notices()[..],
            [ClockNotice::Reminder { hours: 12, .. }]
        ) && reminder.lang == Lang::Pt,
        "{reminder:?}"
    );

    // Only managers choose a server's language; it then overrides Discord's.
    let pt = Settings {
        language: Some(LanguageSetting::Fixed(Lang::Pt)),
        ..Settings::default()
    };
    let by_member = w
        .service
        .settings
        .settings(&w.bob, HERE, false, Lang::En, pt)
        .await;
    assert_eq!(refused(by_member), SettingsRefusal::ManagersOnly.into());
    assert_eq!(
        w.service.settings.localise(HERE).await.unwrap().lang,
        Lang::En
    );
    w.service
        .settings
        .settings(&w.bob, HERE, true, Lang::En, pt)
        .await
        .unwrap();
    assert_eq!(
        w.service.settings.localise(HERE).await.unwrap().lang,
        Lang::Pt
    );
    // Anyone may see them, in their own language; the language is kept
    // by its locale when the notice is stored.
    let shown = (w.service)
        .settings
        .settings(&alice, HERE, false, Lang::En, Settings::default())
        .await
        .unwrap();
    let [Notice::Settings(SettingsNotice::Now(now))] = &shown.says[..] else {
        panic!("{shown:?}");
    };
    assert_eq!(now.language, LanguageSetting::Fixed(Lang::Pt));
    assert_eq!(shown.lang, Lang::Pt);
    let json = serde_json::to_string(&shown.says[0]).unwrap();
    assert!(json.contains("\"pt-BR\""), "{json}");
    assert_eq!(
        serde_json::from_str::<Notice>(&json).unwrap(),
        shown.says[0]
    );
    let auto = Settings {
        language: Some(LanguageSetting::Auto),
        ..Settings::default()
    };
    w.service
        .settings
        .settings(&w.bob, HERE, true, Lang::En, auto)
        .await
        .unwrap();
    assert_eq!(
        w.service.settings.localise(HERE).await.unwrap().lang,
        Lang::En
    );
}

/// A server's settings (managers only), and a game played in a thread: the
/// lobby's line opens it, the first board waits for it and goes there, the
/// game is played there, and the lobby hears the result. A thread Discord
/// refuses leaves the game in the lobby. Threads asked for where the bot
/// may not open them: refused, naming the permissions.
async fn server_settings_and_a_game_in_its_own_thread(db: Db) {
    use kiela_app::{Destination, GamesChannel, ThreadsSetting};
    let w = world(db).await;
    let threads_on = Settings {
        threads: Some(ThreadsSetting::On),
        days: Some(5),
        ..Settings::default()
    };
    let by_member = w
        .service
        .settings
        .settings(&w.bob, HERE, false, Lang::En, threads_on)
        .await;
    assert_eq!(refused(by_member), SettingsRefusal::ManagersOnly.into());
    let in_dm = w
        .service
        .settings
        .settings(&w.bob, DM, true, Lang::En, threads_on)
        .await;
    assert_eq!(refused(in_dm), SettingsRefusal::OnlyInServers.into());
    let shown = w
        .service
        .settings
        .settings(&w.bob, HERE, true, Lang::En, threads_on)
        .await
        .unwrap();
    let now = SettingsNotice::Now(ServerSettings {
        language: LanguageSetting::Auto,
        server_language: Lang::En,
        threads: ThreadsSetting::On,
        days_per_move: 5,
        games_channel: GamesChannel::Anywhere,
        daily_puzzle: DailyPuzzle::Off,
        puzzle_hour: DAILY_PUZZLE_HOUR,
        challenge_days: CHALLENGE_DAYS,
    });
    assert_eq!(shown.says, [SettingsNotice::Saved.into(), now.into()]);
    assert!(shown.private && shown.lang == Lang::En, "{shown:?}");
    let bad_days = Settings {
        days: Some(30),
        ..Settings::default()
    };
    let e = refused(
        w.service
            .settings
            .settings(&w.bob, HERE, true, Lang::En, bad_days)
            .await,
    );
    assert_eq!(e, ChallengeRefusal::BadDays(30).into());

    // HERE lets the bot post, but not open threads.
    let e = refused(
        w.service
            .challenges
            .challenge(&w.alice, HERE, &w.bob, alice_first())
            .await,
    );
    let missing = vec![
        Permission::CreatePublicThreads,
        Permission::SendMessagesInThreads,
    ];
    let channel = HERE.channel_id;
    assert_eq!(
        e,
        ThreadRefusal::PermissionsMissing { missing, channel }.into()
    );
    let threads = HERE.allowing(BotPermissions::ALL);
    let challenge = w
        .service
        .challenges
        .challenge(&w.alice, threads, &w.bob, alice_first())
        .await
        .unwrap();
    assert_eq!(super::challenges::terms_of(&challenge).days_per_move, 5);
    let line = w
        .service
        .challenges
        .accept(&w.bob, threads, challenge.challenge)
        .await
        .unwrap();
    assert!(line.picture.is_none() && !line.private, "{line:?}");
    assert_eq!(line.ping, [w.alice.id]);
    let thread = line.thread.clone().expect("a thread to open");
    assert!(
        matches!(&thread.name, kiela_app::ThreadName::Game { south, north, .. }
            if south.raw() == "alice" && north.raw() == "bob"),
        "{:?}",
        thread.name
    );
    let game = thread.game_id.expect("a game's thread");
    assert!(line.followed);
    // The board waits for the line (held for its answer) ...
    assert!(w
        .service
        .delivery
        .claim_deliveries(10)
        .await
        .unwrap()
        .is_empty());
    w.service
        .outbox
        .delivered(&line.posts, MessageId(500))
        .await
        .unwrap();
    w.service
        .threads
        .thread_opened(game, ChannelId(500))
        .await
        .unwrap();
    // ... then goes to the thread, calling alice.
    let boards = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].to, Destination::Channel(ChannelId(500)));
    assert_eq!(boards[0].reply.ping, [w.alice.id]);
    w.service
        .outbox
        .delivered(&[boards[0].id], MessageId(501))
        .await
        .unwrap();

    // Played in the thread; "no game here" is not said in the lobby.
    let in_thread = Place {
        channel_id: ChannelId(500),
        ..threads
    };
    let moved = w
        .service
        .playing
        .play_move(
            &w.alice,
            in_thread,
            None,
            first_offer(&boards[0].reply),
            None,
        )
        .await
        .unwrap();
    assert!(!moved.private && moved.ping == [w.bob.id]);
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(502))
        .await
        .unwrap();
    let from_lobby = w.service.playing.show(&w.bob, threads, None).await.unwrap();
    let elsewhere = PlayNotice::PlayedElsewhere {
        game,
        channel: ChannelId(500),
    };
    assert!(from_lobby.private && from_lobby.says[0] == elsewhere.into());
    let over = w
        .service
        .playing
        .resign(&w.bob, in_thread, Some(game))
        .await
        .unwrap();
    assert!(over.followed, "the lobby's line follows");
    w.service
        .outbox
        .delivered(&over.posts, MessageId(503))
        .await
        .unwrap();
    let lines = deliver_all(&w).await;
    let result = lines
        .iter()
        .find(|r| {
            matches!(
                r.says[..],
                [Notice::Thread(kiela_app::ThreadNotice::GameEnded { .. })]
            )
        })
        .expect("the lobby's result line");
    assert!(
        matches!(
            &result.says[0],
            Notice::Thread(kiela_app::ThreadNotice::GameEnded {
                thread: ChannelId(500),
                ending: kiela_app::GameEnding::Result(kiela_rules::Outcome {
                    reason: kiela_rules::Reason::Resignation,
                    ..
                }),
                ..
            })
        ),
        "{:?}",
        result.says
    );
    assert!(result.picture.is_none() && result.ping.is_empty());

    // A thread Discord refuses: the game is played in the lobby.
    let games_channel = Settings {
        games_channel: Some(GamesChannel::Only(ChannelId(77))),
        ..Settings::default()
    };
    w.service
        .settings
        .settings(&w.bob, HERE, true, Lang::En, games_channel)
        .await
        .unwrap();
    let challenge = w
        .service
        .challenges
        .challenge(&w.alice, threads, &w.bob, alice_first())
        .await
        .unwrap();
    let accepted = w
        .service
        .challenges
        .accept(&w.bob, threads, challenge.challenge)
        .await
        .unwrap();
    // The game is in the games channel: bob is told where, privately.
    let elsewhere = kiela_app::OutboxNotice::PostedElsewhere {
        channel: ChannelId(77),
    };
    assert!(accepted.private && accepted.says[0] == elsewhere.into());
    w.service.outbox.release(&accepted.posts).await.unwrap();
    let line = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(line.len(), 1, "the board waits for the line");
    assert_eq!(line[0].to, Destination::Channel(ChannelId(77)));
    let game = line[0].reply.thread.clone().unwrap().game_id.unwrap();
    w.service.threads.thread_refused(game).await.unwrap();
    w.service
        .outbox
        .delivered(&[line[0].id], MessageId(600))
        .await
        .unwrap();
    let board = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(board[0].to, Destination::Channel(ChannelId(77)));
    assert!(board[0].reply.picture.is_some());
}

//! Challenges: to a player or open, refusals, expiry and the reminder
//! halfway, a server's challenge days, rematches; aborting a game before
//! both players have moved.

use kiela_app::vocabulary::ChallengeStatus;
use kiela_app::{
    ChallengeClosed, ChallengeNotice, SettingsRefusal, Terms, CHALLENGE_DAYS, DEFAULT_DAYS,
};

use super::*;

/// The terms a challenge's reply states.
pub(super) fn terms_of(reply: &Reply) -> Terms {
    match &reply.says[..] {
        [Notice::Challenge(
            ChallengeNotice::Challenged { terms, .. }
            | ChallengeNotice::Open { terms, .. }
            | ChallengeNotice::Rematch { terms, .. },
        )] => *terms,
        _ => panic!("no challenge in {reply:?}"),
    }
}

on_both_backends! {
    a_challenge_becomes_a_game_played_to_the_end,
    challenge_refusals,
    open_challenges_go_to_the_first_taker,
    challenges_expire_once_and_lose_their_buttons,
    rematches_swap_the_seats_once,
    a_challenge_waits_three_days_and_reminds_once_halfway,
    a_game_is_aborted_before_both_have_moved_and_not_after,
    a_challenge_is_answered_in_its_own_server,
    challenges_and_rematches_between_people_need_a_server,
    a_nickname_stays_in_its_server,
    the_challenge_quota_says_the_servers_wait,
}

/// The quota's refusal says how long a challenge waits here: the server's
/// setting in force, read again when a manager changes it.
async fn the_challenge_quota_says_the_servers_wait(db: Db) {
    let w = world(db).await;
    for days in [5, 2] {
        let wait = Settings {
            challenge_days: Some(days),
            ..Settings::default()
        };
        w.service
            .settings
            .settings(&w.carol, HERE, true, Lang::En, wait)
            .await
            .unwrap();
        let mut past = None;
        for i in 0..=kiela_app::MAX_OPEN_CHALLENGES {
            let opponent = if i % 2 == 0 { &w.bob } else { &w.carol };
            let asked =
                w.service
                    .challenges
                    .challenge(&w.alice, HERE, opponent, GameOptions::default());
            if let Err(e) = asked.await {
                past = Some(refused::<Reply>(Err(e)));
                break;
            }
        }
        let e = past.expect("the quota refuses a challenge past it");
        let max = kiela_app::MAX_OPEN_CHALLENGES;
        assert_eq!(e, ChallengeRefusal::TooManyChallenges { max, days }.into());
    }
}

async fn a_challenge_becomes_a_game_played_to_the_end(db: Db) {
    let w = world(db).await;
    let challenge = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    assert_eq!(challenge.ping, [w.bob.id]);
    assert_eq!(
        challenge.says,
        [ChallengeNotice::Challenged {
            by: w.alice.name.clone(),
            to: w.bob.id,
            opponent: w.bob.name.clone(),
            terms: Terms {
                variant: alice_first().variant,
                first: FirstMover::Me,
                days_per_move: DEFAULT_DAYS,
                within: CHALLENGE_DAYS,
            },
        }
        .into()]
    );
    let mut reply = w
        .service
        .challenges
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    let game = reply.game.unwrap().id;
    assert_eq!(reply.ping, [w.alice.id], "alice (South) is to move");
    let picture = reply.picture.as_ref().unwrap();
    assert_eq!(&picture.bytes[1..4], b"PNG");
    assert!(drawn(&picture.alt_text).contains("alice"));
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
            .playing
            .play_move(player, HERE, Some(game), first_offer(&reply), Some(ply))
            .await
            .unwrap();
        turns += 1;
        assert!(turns < 2000, "the game should end");
    }
    assert!(
        matches!(reply.board_lines()[0], BoardNotice::Result { .. }),
        "{:?}",
        reply.says
    );
    // The end tells both players, whoever ended it.
    assert!(reply.moves.is_empty());
    assert_eq!(reply.ping, [w.alice.id, w.bob.id]);
    let over = BoardNotice::GameOverFor {
        players: vec![w.alice.id, w.bob.id],
    };
    assert!(reply.board_lines().contains(&&over), "{:?}", reply.says);
    // The record replays to the same end.
    let history = w.service.info.history(&w.alice, HERE, game).await.unwrap();
    let record: Record = super::info::record_text(&history).parse().unwrap();
    assert_eq!(record.moves.len(), turns);
    assert!(record.replay().unwrap().is_over());
    // Ratings moved for both, in this server.
    let stats = super::ratings::stats_of(w.service.ratings.stats(HERE, &w.alice).await.unwrap());
    assert!(stats.provisional && stats.record.wins + stats.record.losses + stats.record.draws == 1);
    let board = w.service.ratings.leaderboard(HERE).await.unwrap();
    let [Notice::Ratings(kiela_app::RatingsNotice::Leaderboard { rows, .. })] = &board.says[..]
    else {
        panic!("{board:?}");
    };
    let mut players: Vec<UserId> = rows.iter().map(|row| row.player).collect();
    players.sort();
    assert_eq!(players, [w.alice.id, w.bob.id]);
}

async fn challenge_refusals(db: Db) {
    let w = world(db).await;
    let e = refused(
        w.service
            .challenges
            .challenge(&w.alice, HERE, &w.alice, GameOptions::default())
            .await,
    );
    assert_eq!(e, ChallengeRefusal::Yourself.into());
    let other_bot = User::bot(UserId(5), "otherbot");
    let e = refused(
        w.service
            .challenges
            .challenge(&w.alice, HERE, &other_bot, GameOptions::default())
            .await,
    );
    let name = other_bot.name.clone();
    assert_eq!(e, ChallengeRefusal::ABot { name }.into());
    for days in [0, 15] {
        let e = refused(
            w.service
                .challenges
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
        assert_eq!(e, ChallengeRefusal::BadDays(days).into());
    }
    let c = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap()
        .challenge;
    let e = refused(w.service.challenges.accept(&w.carol, HERE, c).await);
    assert_eq!(e, ChallengeRefusal::NotForYou.into());
    let e = refused(w.service.challenges.cancel(&w.bob, HERE, c).await);
    assert_eq!(e, ChallengeRefusal::OnlyChallenger.into());
    w.service.challenges.decline(&w.bob, HERE, c).await.unwrap();
    let e = refused(w.service.challenges.accept(&w.bob, HERE, c).await);
    assert_eq!(
        e,
        ChallengeRefusal::Closed(ChallengeStatus::Declined).into()
    );
    // Cancelled by the challenger.
    let c = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap()
        .challenge;
    w.service
        .challenges
        .cancel(&w.alice, HERE, None)
        .await
        .unwrap();
    let e = refused(w.service.challenges.accept(&w.bob, HERE, c).await);
    assert_eq!(
        e,
        ChallengeRefusal::Closed(ChallengeStatus::Withdrawn).into()
    );
    // Expired after 3 days.
    let c = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap()
        .challenge;
    w.clock.advance(3 * DAY + 1);
    let e = refused(w.service.challenges.accept(&w.bob, HERE, c).await);
    assert_eq!(e, ChallengeRefusal::Expired.into());
    let e = refused(w.service.challenges.accept(&w.bob, HERE, None).await);
    assert_eq!(e, ChallengeRefusal::NobodyChallenged.into());
    let e = refused(w.service.challenges.cancel(&w.bob, HERE, None).await);
    assert_eq!(e, ChallengeRefusal::NoOpenChallenge.into());
    let e = refused(
        w.service
            .challenges
            .accept(&w.bob, HERE, Some(ChallengeId(404)))
            .await,
    );
    assert_eq!(
        e,
        ChallengeRefusal::NoSuchChallenge(ChallengeId(404)).into()
    );
    // Two waiting: which one is meant must be said.
    let mut two = Vec::new();
    for _ in 0..2 {
        let c = (w
            .service
            .challenges
            .challenge(&w.alice, HERE, &w.bob, GameOptions::default()))
        .await
        .unwrap();
        two.extend(c.challenge);
    }
    let e = refused(w.service.challenges.accept(&w.bob, HERE, None).await);
    assert_eq!(e, ChallengeRefusal::Several(two.clone()).into());
    let e = refused(w.service.challenges.cancel(&w.alice, HERE, None).await);
    assert_eq!(e, ChallengeRefusal::Several(two).into());
}

/// Posts the delivery loop would make now, with where they go, marked
/// delivered as message `message`.
async fn deliveries(w: &World, message: MessageId) -> Vec<(Destination, Reply)> {
    let mut sent = Vec::new();
    // A claim takes the first post of each queue: claim until none is due.
    loop {
        let batch = w.service.delivery.claim_deliveries(50).await.unwrap();
        if batch.is_empty() {
            return sent;
        }
        for delivery in batch {
            w.service
                .outbox
                .delivered(&[delivery.id], message)
                .await
                .unwrap();
            sent.push((delivery.to, delivery.reply));
        }
    }
}

/// An open challenge: anyone but its challenger may accept it, the first
/// one plays; the challenge's message then loses its buttons (an edit for
/// the delivery loop, of the message the answer posted).
async fn open_challenges_go_to_the_first_taker(db: Db) {
    let w = world(db).await;
    let open = w
        .service
        .challenges
        .open_challenge(&w.alice, HERE, alice_first())
        .await
        .unwrap();
    assert!(
        matches!(&open.says[..], [Notice::Challenge(ChallengeNotice::Open { by, .. })] if *by == w.alice.name),
        "{open:?}"
    );
    assert!(open.ping.is_empty(), "nobody in particular is pinged");
    let c = open.challenge;
    assert!(c.is_some());
    // The answer delivered it as message 500.
    w.service
        .outbox
        .delivered(&open.posts, MessageId(500))
        .await
        .unwrap();
    let e = refused(w.service.challenges.accept(&w.alice, HERE, c).await);
    assert_eq!(e, ChallengeRefusal::NotForYou.into());
    let e = refused(w.service.challenges.decline(&w.carol, HERE, c).await);
    assert_eq!(e, ChallengeRefusal::OpenNoDecline.into());
    // Nobody else sees it as theirs without its buttons.
    let e = refused(w.service.challenges.accept(&w.bob, HERE, None).await);
    assert_eq!(e, ChallengeRefusal::NobodyChallenged.into());

    let game = w.service.challenges.accept(&w.bob, HERE, c).await.unwrap();
    w.service
        .outbox
        .delivered(&game.posts, MessageId(501))
        .await
        .unwrap();
    let id = game.game.unwrap().id;
    let row = w.service.store().games.game(id).await.unwrap().unwrap();
    assert_eq!((row.south_id, row.north_id), (w.alice.id, w.bob.id));
    let e = refused(w.service.challenges.accept(&w.carol, HERE, c).await);
    let by = w.bob.name.clone();
    assert_eq!(e, ChallengeRefusal::Taken { by, game: Some(id) }.into());

    let sent = deliveries(&w, MessageId(502)).await;
    let edits: Vec<&Reply> = sent
        .iter()
        .filter(|(to, _)| {
            *to == Destination::Edit {
                channel_id: HERE.channel_id,
                message_id: MessageId(500),
            }
        })
        .map(|(_, reply)| reply)
        .collect();
    assert_eq!(edits.len(), 1, "{sent:?}");
    let accepted = ChallengeClosed::Accepted {
        by: w.bob.name.clone(),
        game: GameId(1),
    };
    assert_eq!(
        edits[0].says.last(),
        Some(&ChallengeNotice::Closed(accepted).into())
    );
    assert_eq!(edits[0].challenge, None, "the edit has no buttons");
}

/// Declined and expired challenges lose their buttons and tell the
/// challenger; the clock expires each once, even with two processes.
async fn challenges_expire_once_and_lose_their_buttons(db: Db) {
    let w = world(db).await;
    let declined = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.carol, GameOptions::default())
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&declined.posts, MessageId(600))
        .await
        .unwrap();
    let answer = w
        .service
        .challenges
        .decline(&w.carol, HERE, declined.challenge)
        .await
        .unwrap();
    assert_eq!(answer.ping, [w.alice.id], "the challenger is told");
    w.service
        .outbox
        .delivered(&answer.posts, MessageId(602))
        .await
        .unwrap();
    let sent = deliveries(&w, MessageId(601)).await;
    assert!(
        sent.iter().any(|(to, reply)| matches!(
            to,
            Destination::Edit {
                message_id: MessageId(600),
                ..
            }
        ) && reply.says.last()
            == Some(
                &ChallengeNotice::Closed(ChallengeClosed::Declined {
                    by: w.carol.name.clone()
                })
                .into()
            )),
        "{sent:?}"
    );

    let c = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&c.posts, MessageId(700))
        .await
        .unwrap();
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    w.clock.advance(3 * DAY + 1);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    let expired = DueEvent::ChallengeExpired {
        challenge_id: c.challenge.unwrap(),
    };
    assert_eq!(events, [expired]);
    // A second process fires the same event: once only.
    let other = service_on(&w.db.url, &w.clock).await;
    let (first, second) = tokio::join!(w.service.clocks.fire(expired), other.clocks.fire(expired));
    assert!(first.unwrap() ^ second.unwrap(), "fired exactly once");
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    let sent = deliveries(&w, MessageId(701)).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    let (to, told) = &sent[0];
    assert_eq!(*to, Destination::Channel(HERE.channel_id));
    let expired = ChallengeNotice::Expired {
        challenger: w.alice.id,
        opponent: Some(w.bob.name.clone()),
    };
    assert_eq!(told.says, [expired.into()]);
    assert_eq!(told.ping, [w.alice.id]);
    let (to, edit) = &sent[1];
    assert!(
        matches!(
            to,
            Destination::Edit {
                message_id: MessageId(700),
                ..
            }
        ),
        "{to:?}"
    );
    assert_eq!(
        edit.says.last(),
        Some(&ChallengeNotice::Closed(ChallengeClosed::Expired).into())
    );
    let e = refused(w.service.challenges.accept(&w.bob, HERE, c.challenge).await);
    assert_eq!(e, ChallengeRefusal::Closed(ChallengeStatus::Expired).into());
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
    let e = refused(w.service.challenges.rematch(&w.bob, HERE, game).await);
    assert_eq!(e, ChallengeRefusal::RematchNotOver(game).into());
    w.service
        .playing
        .resign(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    let e = failure(w.service.challenges.rematch(&w.carol, HERE, game).await);
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");

    let again = w
        .service
        .challenges
        .rematch(&w.bob, HERE, game)
        .await
        .unwrap();
    assert_eq!(again.ping, [w.alice.id]);
    let [Notice::Challenge(ChallengeNotice::Rematch {
        by,
        to,
        game: of,
        terms,
        ..
    })] = &again.says[..]
    else {
        panic!("{again:?}");
    };
    assert_eq!((by, *to, *of), (&w.bob.name, w.alice.id, game));
    // Bob sat North: he moves first now, with the same days.
    assert_eq!((terms.first, terms.days_per_move), (FirstMover::Me, 2));
    for user in [&w.alice, &w.bob] {
        let e = refused(w.service.challenges.rematch(user, HERE, game).await);
        assert_eq!(e, ChallengeRefusal::RematchExists(game).into());
    }
    let started = w
        .service
        .challenges
        .accept(&w.alice, HERE, again.challenge)
        .await
        .unwrap();
    let id = started.game.unwrap().id;
    let row = w.service.store().games.game(id).await.unwrap().unwrap();
    assert_eq!((row.south_id, row.north_id), (w.bob.id, w.alice.id));
    assert_eq!(
        (row.variant, row.seconds_per_move),
        (Variant::Beginner, 2 * DAY)
    );
    let e = refused(w.service.challenges.rematch(&w.alice, HERE, game).await);
    assert_eq!(e, ChallengeRefusal::RematchExists(game).into());

    // Against the AI: a new game at once, seats swapped, same level.
    let ai = w
        .service
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap()
        .game
        .unwrap()
        .id;
    w.service
        .playing
        .resign(&w.alice, HERE, Some(ai))
        .await
        .unwrap();
    let rematch = w
        .service
        .challenges
        .rematch(&w.alice, HERE, ai)
        .await
        .unwrap();
    let id = rematch.game.unwrap().id;
    let row = w.service.store().games.game(id).await.unwrap().unwrap();
    assert_eq!((row.south_id, row.north_id), (bot().id, w.alice.id));
    assert_eq!(row.ai_level, Some(Level::Easy));
    let e = refused(w.service.challenges.rematch(&w.alice, HERE, ai).await);
    assert_eq!(e, ChallengeRefusal::RematchExists(ai).into());
}

async fn a_challenge_waits_three_days_and_reminds_once_halfway(db: Db) {
    let w = world(db).await;
    let c = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, GameOptions::default())
        .await
        .unwrap();
    assert_eq!(terms_of(&c).within, 3);
    assert!(!c.open_challenge);
    w.service
        .outbox
        .delivered(&c.posts, MessageId(800))
        .await
        .unwrap();
    let id = c.challenge.unwrap();
    // An open challenge is not reminded: nobody in particular waits.
    let open = w
        .service
        .challenges
        .open_challenge(&w.carol, HERE, GameOptions::default())
        .await
        .unwrap();
    assert!(open.open_challenge);
    w.service
        .outbox
        .delivered(&open.posts, MessageId(801))
        .await
        .unwrap();

    w.clock.advance(DAY + 11 * 3600);
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    w.clock.advance(3600);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    let remind = DueEvent::ChallengeReminder { challenge_id: id };
    assert_eq!(events, [remind]);
    let other = service_on(&w.db.url, &w.clock).await;
    let (first, second) = tokio::join!(w.service.clocks.fire(remind), other.clocks.fire(remind));
    assert!(first.unwrap() ^ second.unwrap(), "reminded exactly once");
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    let sent = deliver_all_to(&w).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    let (to, reminder) = &sent[0];
    assert_eq!(*to, Destination::Channel(HERE.channel_id));
    assert_eq!(reminder.ping, [w.bob.id]);
    let expires = START + 3 * DAY;
    let reminded = ChallengeNotice::Reminder {
        to: w.bob.id,
        challenger: w.alice.name.clone(),
        until: expires,
    };
    assert_eq!(reminder.says, [reminded.into()]);
    // Still open to answer until it expires.
    w.service
        .challenges
        .accept(&w.bob, HERE, Some(id))
        .await
        .unwrap();

    // A server that wants one day: its challenges expire after one.
    let one_day = Settings {
        challenge_days: Some(1),
        ..Settings::default()
    };
    let saved = w
        .service
        .settings
        .settings(&w.alice, HERE, true, Lang::En, one_day)
        .await
        .unwrap();
    assert_eq!(super::settings::settings_now(&saved).challenge_days, 1);
    let too_long = Settings {
        challenge_days: Some(8),
        ..Settings::default()
    };
    let e = refused(
        w.service
            .settings
            .settings(&w.alice, HERE, true, Lang::En, too_long)
            .await,
    );
    assert_eq!(
        e,
        SettingsRefusal::ChallengeDaysRange { min: 1, max: 7 }.into()
    );
    let short = w
        .service
        .challenges
        .challenge(&w.carol, HERE, &w.alice, GameOptions::default())
        .await
        .unwrap();
    assert_eq!(terms_of(&short).within, 1);
    w.clock.advance(DAY + 1);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(events.contains(&DueEvent::ChallengeExpired {
        challenge_id: short.challenge.unwrap()
    }));
}

async fn a_game_is_aborted_before_both_have_moved_and_not_after(db: Db) {
    let w = world(db).await;
    let game = started_answered(&w, alice_first()).await;
    let board = w
        .service
        .playing
        .show(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    assert!(board.may_abort);
    // A stranger, a stale board: refused, nothing changes.
    assert!(matches!(
        w.service.playing.abort(&w.carol, HERE, game, 0).await,
        Err(AppError::NotYourGame)
    ));
    assert!(matches!(
        w.service.playing.abort(&w.bob, HERE, game, 1).await,
        Err(AppError::OutOfDate { .. })
    ));
    let aborted = w
        .service
        .playing
        .abort(&w.bob, HERE, game, 0)
        .await
        .unwrap();
    let aborted_by = PlayNotice::AbortedBy {
        by: w.bob.name.clone(),
        game,
    };
    assert_eq!(aborted.says[0], aborted_by.into());
    assert!(aborted.ping.contains(&w.alice.id));
    let e = refused(w.service.playing.abort(&w.alice, HERE, game, 0).await);
    assert_eq!(e, PlayRefusal::Aborted(game).into());
    // Not rated: neither has a result.
    for player in [&w.alice, &w.bob] {
        let rating = w
            .service
            .store()
            .ratings
            .rating(HERE.guild_id, player.id)
            .await
            .unwrap();
        assert_eq!((rating.wins, rating.losses, rating.draws), (0, 0, 0));
    }

    // Once both have moved, only resigning or a draw ends it.
    let game = started_answered(&w, alice_first()).await;
    let mut reply = w
        .service
        .playing
        .show(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    for player in [&w.alice, &w.bob] {
        let hole = first_offer(&reply);
        reply = w
            .service
            .playing
            .play_move(player, HERE, Some(game), hole, None)
            .await
            .unwrap();
    }
    assert!(!reply.may_abort);
    let e = refused(w.service.playing.abort(&w.alice, HERE, game, 2).await);
    assert_eq!(e, PlayRefusal::AbortTooLate(game).into());
}

/// Accepting or declining from a direct message (the buttons of a DM's
/// copy) acts in the challenge's own channel, with its server's settings;
/// from another server it is refused.
async fn a_challenge_is_answered_in_its_own_server(db: Db) {
    use kiela_app::{Destination, GamesChannel};
    let w = world(db).await;
    let games = Settings {
        games_channel: Some(GamesChannel::Only(ChannelId(50))),
        ..Settings::default()
    };
    (w.service
        .settings
        .settings(&w.bob, HERE, true, Lang::En, games))
    .await
    .unwrap();
    let c = (w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first()))
    .await
    .unwrap();
    w.service
        .outbox
        .delivered(&c.posts, MessageId(1))
        .await
        .unwrap();
    let elsewhere = Place {
        guild_id: GuildId(11),
        channel_id: ChannelId(31),
        ..HERE
    };
    let id = c.challenge.unwrap();
    let e = refused(
        w.service
            .challenges
            .accept(&w.bob, elsewhere, c.challenge)
            .await,
    );
    assert_eq!(e, ChallengeRefusal::OtherServer(id).into());
    let e = refused(w.service.challenges.say_no(&w.bob, elsewhere, id).await);
    assert_eq!(e, ChallengeRefusal::OtherServer(id).into());

    let accepted = w
        .service
        .challenges
        .accept(&w.bob, DM, c.challenge)
        .await
        .unwrap();
    assert!(accepted.private);
    let elsewhere = kiela_app::OutboxNotice::PostedElsewhere {
        channel: ChannelId(50),
    };
    assert_eq!(accepted.says[0], elsewhere.into());
    let id = accepted.game.unwrap().id;
    let row = w.service.store().games.game(id).await.unwrap().unwrap();
    assert_eq!(
        (row.guild_id, row.channel_id),
        (HERE.guild_id, ChannelId(50)),
        "in the server's games channel, not the direct message"
    );
    // Posted elsewhere: the Discord side lets the delivery loop post them.
    w.service.outbox.release(&accepted.posts).await.unwrap();
    let sent = deliver_all_to(&w).await;
    assert!(
        sent.iter()
            .any(|(to, r)| *to == Destination::Channel(ChannelId(50))
                && r.says.iter().any(|n| {
                    let accepted = |n: &Notice| {
                        matches!(n, Notice::Challenge(ChallengeNotice::Accepted { by, .. })
                            if *by == w.bob.name)
                    };
                    match n {
                        Notice::Thread(kiela_app::ThreadNotice::GameStarted {
                            headline, ..
                        }) => accepted(headline),
                        other => accepted(other),
                    }
                })),
        "{sent:?}"
    );
    assert!(sent
        .iter()
        .all(|(to, _)| *to != Destination::Channel(DM.channel_id)));

    // Declined from a direct message: the challenger hears it in the
    // challenge's channel.
    let c = (w
        .service
        .challenges
        .challenge(&w.carol, HERE, &w.bob, alice_first()))
    .await
    .unwrap();
    w.service
        .outbox
        .delivered(&c.posts, MessageId(2))
        .await
        .unwrap();
    let declined = (w
        .service
        .challenges
        .say_no(&w.bob, DM, c.challenge.unwrap()))
    .await
    .unwrap();
    assert!(declined.private, "{:?}", declined.says);
    w.service.outbox.release(&declined.posts).await.unwrap();
    let sent = deliver_all_to(&w).await;
    let told = sent
        .iter()
        .find(|(_, r)| {
            matches!(
                r.says[..],
                [Notice::Challenge(ChallengeNotice::Declined { .. })]
            )
        })
        .expect("the challenger is told");
    assert_eq!(told.0, Destination::Channel(HERE.channel_id));
    assert_eq!(told.1.ping, [w.carol.id]);
}

/// Games between people belong to a server: no challenge from a direct
/// message, and a rematch asked for from one is made in the game's server.
/// Against the bot, a direct message will do.
async fn challenges_and_rematches_between_people_need_a_server(db: Db) {
    use kiela_app::Destination;
    let w = world(db).await;
    let e = refused(
        w.service
            .challenges
            .challenge(&w.alice, DM, &w.bob, alice_first())
            .await,
    );
    assert_eq!(e, ChallengeRefusal::NeedsServer.into());
    let e = refused(
        w.service
            .challenges
            .open_challenge(&w.alice, DM, alice_first())
            .await,
    );
    assert_eq!(e, ChallengeRefusal::NeedsServer.into());
    assert!(w
        .service
        .store()
        .challenges
        .open_challenges(w.alice.id, w.clock.now())
        .await
        .unwrap()
        .is_empty());

    // The bot plays in a direct message, as before, and its rematch too.
    let ai = w
        .service
        .challenges
        .challenge(&w.alice, DM, &bot(), alice_first())
        .await
        .unwrap();
    let ai = ai.game.unwrap().id;
    w.service
        .playing
        .resign(&w.alice, DM, Some(ai))
        .await
        .unwrap();
    let again = w
        .service
        .challenges
        .rematch(&w.alice, DM, ai)
        .await
        .unwrap();
    let row = (w.service.store().games.game(again.game.unwrap().id))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.guild_id, GuildId::NONE);
    assert_eq!(row.ai_level, Some(Level::Medium));

    // A finished server game's Rematch, pressed in a direct message.
    let game = started_answered(&w, alice_first()).await;
    w.service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    deliver_all(&w).await;
    let elsewhere = Place {
        guild_id: GuildId(11),
        ..HERE
    };
    let e = refused(
        w.service
            .challenges
            .rematch(&w.alice, elsewhere, game)
            .await,
    );
    assert_eq!(e, GameRefusal::OtherServer(game).into());
    let rematch = w
        .service
        .challenges
        .rematch(&w.alice, DM, game)
        .await
        .unwrap();
    assert!(rematch.private, "{:?}", rematch.says);
    w.service.outbox.release(&rematch.posts).await.unwrap();
    let c = w
        .service
        .store()
        .challenges
        .challenge(rematch.challenge.unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!((c.guild_id, c.channel_id), (HERE.guild_id, HERE.channel_id));
    let sent = deliver_all_to(&w).await;
    let asked = sent
        .iter()
        .find(|(_, r)| {
            matches!(
                r.says[..],
                [Notice::Challenge(ChallengeNotice::Rematch { .. })]
            )
        })
        .expect("the rematch is posted");
    assert_eq!(asked.0, Destination::Channel(HERE.channel_id));
    assert_eq!(asked.1.ping, [w.bob.id]);
}

/// A player's nickname in one server is shown there only: another server
/// shows their Discord display name (or their nickname there), and so do
/// the game lists they read in direct messages.
async fn a_nickname_stays_in_its_server(db: Db) {
    let w = world(db).await;
    let ali = w.alice.clone().nicknamed("Ali the Great");
    let c = (w
        .service
        .challenges
        .challenge(&ali, HERE, &w.bob, alice_first()))
    .await
    .unwrap();
    let here = w
        .service
        .challenges
        .accept(&w.bob, HERE, c.challenge)
        .await
        .unwrap();
    let alt = |reply: &Reply| drawn(&reply.picture.as_ref().unwrap().alt_text).to_string();
    assert!(alt(&here).contains("Ali the Great"), "{}", alt(&here));

    let elsewhere = Place {
        guild_id: GuildId(11),
        channel_id: ChannelId(31),
        ..HERE
    };
    let bobby = w.bob.clone().nicknamed("Bobby");
    let c = (w
        .service
        .challenges
        .challenge(&bobby, elsewhere, &w.alice, alice_first()))
    .await
    .unwrap();
    let there = (w
        .service
        .challenges
        .accept(&w.alice, elsewhere, c.challenge))
    .await
    .unwrap();
    assert!(
        alt(&there).contains("alice") && alt(&there).contains("Bobby"),
        "{}",
        alt(&there)
    );
    assert!(!alt(&there).contains("Ali the Great"), "{}", alt(&there));

    // Each game keeps its server's names, whoever looks from where.
    let first = here.game.unwrap().id;
    let record = w.service.info.history(&w.bob, HERE, first).await.unwrap();
    let record = super::info::record_text(&record);
    assert!(
        record.contains("Ali the Great") && !record.contains("Bobby"),
        "{record}"
    );
    let choices = w.service.games.game_choices(&w.bob, false).await.unwrap();
    let opponents: Vec<&str> = choices.iter().map(|c| c.opponent.as_str()).collect();
    assert!(
        opponents.contains(&"Ali the Great") && opponents.contains(&"alice"),
        "{opponents:?}"
    );
}

//! Clocks: reminders, losses on time, aborts, AI turns left behind, vacation.

use kiela_app::VacationRefusal;

use kiela_app::{ClockNotice, GameEnd, Stake};
use kiela_rules::{GameResult, Outcome, Reason, Side};

use super::*;

on_both_backends! {
    days_pass_reminders_then_a_loss_on_time,
    two_processes_fire_each_due_event_once,
    an_ai_turn_left_behind_is_played_by_the_timers,
    a_game_whose_player_never_moved_is_aborted_unrated,
    a_vacation_pauses_the_clocks_within_a_yearly_allowance,
    a_vacation_cut_off_midway_changes_nothing,
    ai_games_have_no_time_limit_unless_asked,
    a_game_that_no_longer_loads_stops_only_its_own_clock,
    deadlines_move_by_the_time_the_bot_was_down,
    processes_starting_together_on_a_new_database_all_keep_alive,
}

/// Several processes started at once on a new database all record their
/// sign of life: none fails on the first one's (found by the load bench,
/// four processes on PostgreSQL).
async fn processes_starting_together_on_a_new_database_all_keep_alive(db: Db) {
    let w = world(db).await;
    let others = [
        service_on(&w.db.url, &w.clock).await,
        service_on(&w.db.url, &w.clock).await,
        service_on(&w.db.url, &w.clock).await,
    ];
    let (a, b, c, d) = tokio::join!(
        w.service.clocks.keep_alive(30, true),
        others[0].clocks.keep_alive(30, true),
        others[1].clocks.keep_alive(30, true),
        others[2].clocks.keep_alive(30, true),
    );
    for kept in [a, b, c, d] {
        assert!(kept.unwrap().is_empty(), "no outage on a new database");
    }
}

/// Nobody loses on time because the bot was down: the first process to
/// start after an outage moves every running deadline by the time it was
/// away, once, and tells each game why; time a process was up is not an
/// outage.
async fn deadlines_move_by_the_time_the_bot_was_down(db: Db) {
    let w = world(db).await;
    let game = started(
        &w,
        GameOptions {
            days: Some(1),
            ..alice_first()
        },
    )
    .await;
    let deadline = || async {
        w.service
            .store()
            .games
            .game(game)
            .await
            .unwrap()
            .unwrap()
            .deadline
    };
    let before = deadline().await.unwrap();
    assert!(w
        .service
        .clocks
        .keep_alive(30, true)
        .await
        .unwrap()
        .is_empty());
    w.clock.advance(600);
    assert!(w
        .service
        .clocks
        .keep_alive(30, false)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        deadline().await,
        Some(before),
        "ten minutes up are no outage"
    );

    // Down for two days; then two processes start at once.
    w.clock.advance(2 * DAY);
    let other = service_on(&w.db.url, &w.clock).await;
    assert_eq!(w.service.clocks.keep_alive(30, true).await.unwrap(), [game]);
    assert!(
        other.clocks.keep_alive(30, true).await.unwrap().is_empty(),
        "moved once"
    );
    assert_eq!(deadline().await, Some(before + 2 * DAY));
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    let told = deliver_all(&w).await;
    let outage = |r: &Reply| {
        r.clock_notices()
            .iter()
            .any(|n| matches!(n, ClockNotice::Outage { hours: 48, .. }))
    };
    assert!(told.iter().any(outage), "{told:?}");

    // Past the moved deadline, the clock runs as before.
    w.clock.advance(DAY);
    let due = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
}

/// A game whose stored moves the engine refuses (say, after an engine fix)
/// cannot run its clock: it is stopped with the reason, once, and every
/// other game's clock goes on. The operator starts it again.
async fn a_game_that_no_longer_loads_stops_only_its_own_clock(db: Db) {
    let w = world(db).await;
    let days = |days| GameOptions {
        days: Some(days),
        ..alice_first()
    };
    let broken = started(&w, days(1)).await;
    let sound = started(&w, days(1)).await;
    (w.service)
        .playing
        .play_move(&w.alice, HERE, Some(broken), hole("G2"), None)
        .await
        .unwrap();
    raw(
        &w.db,
        "UPDATE moves SET notation = 'Z9' WHERE game_id = $1",
        &[broken.0],
    )
    .await;
    w.clock.advance(2 * DAY);

    let due = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert_eq!(
        due.iter().map(|e| e.game_id()).collect::<Vec<_>>(),
        [Some(sound)],
        "the sound game's clock runs: {due:?}"
    );
    let stopped = w.service.store().clocks.stopped_clocks().await.unwrap();
    assert_eq!(stopped.len(), 1);
    assert_eq!(stopped[0].0, broken);
    assert!(stopped[0].1.contains("Z9"), "says why: {}", stopped[0].1);
    // Passed over from now on, without failing again.
    for event in due {
        assert!(w.service.clocks.fire(event).await.unwrap());
    }
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());

    // Started again, it is looked at again (and stopped again, still broken).
    assert!(w
        .service
        .store()
        .clocks
        .restart_clock(broken)
        .await
        .unwrap());
    assert!(!w
        .service
        .store()
        .clocks
        .restart_clock(broken)
        .await
        .unwrap());
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        w.service
            .store()
            .clocks
            .stopped_clocks()
            .await
            .unwrap()
            .len(),
        1
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
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    // A quarter of 2 days left: a reminder for alice, once.
    w.clock.advance(DAY + DAY / 2);
    let events = w
        .service
        .clocks
        .due_events(START + DAY + DAY / 2)
        .await
        .unwrap();
    assert!(
        matches!(
            events.as_slice(),
            [DueEvent::Reminder {
                player: UserId(1),
                ..
            }]
        ),
        "{events:?}"
    );
    assert!(w.service.clocks.fire(events[0]).await.unwrap());
    let reminder = last_post(&w).await;
    assert_eq!(reminder.ping, [w.alice.id]);
    assert!(
        matches!(
            reminder.clock_notices()[..],
            [ClockNotice::Reminder { game: g, hours: 12, stake: Stake::FirstMove, .. }] if *g == game
        ),
        "{:?}",
        reminder.says
    );
    assert!(
        !w.service.clocks.fire(events[0]).await.unwrap(),
        "fires once"
    );
    assert_eq!(
        w.service.outbox.undelivered().await.unwrap(),
        0,
        "nothing twice"
    );
    assert!(w
        .service
        .clocks
        .due_events(START + DAY + DAY / 2)
        .await
        .unwrap()
        .is_empty());
    // alice moves in time, then bob: alice's clock starts again.
    w.service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
        .await
        .unwrap();
    let board = w
        .service
        .playing
        .show(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    w.service
        .playing
        .play_move(&w.bob, HERE, Some(game), first_offer(&board), None)
        .await
        .unwrap();
    w.clock.advance(2 * DAY + 1);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(
            events.as_slice(),
            [DueEvent::Timeout {
                player: UserId(1),
                ..
            }]
        ),
        "{events:?}"
    );
    assert!(w.service.clocks.fire(events[0]).await.unwrap());
    let timeout = last_post(&w).await;
    let ran_out = ClockNotice::RanOutOfTime {
        by: w.alice.name.clone(),
        game,
    };
    assert_eq!(timeout.says[0], ran_out.into());
    let end = GameEnd {
        game,
        outcome: Outcome {
            result: GameResult::win_for(Side::North),
            reason: Reason::Timeout,
        },
        south: w.alice.name.clone(),
        north: w.bob.name.clone(),
    };
    assert!(
        matches!(timeout.board_lines()[0], BoardNotice::Result { end: e, .. } if *e == end),
        "{:?}",
        timeout.says
    );
    assert_eq!(timeout.ping, [w.alice.id, w.bob.id]);
    // A loss on time is rated, and its result shows both changes.
    let bob = (w
        .service
        .store()
        .ratings
        .rating(HERE.guild_id, w.bob.id)
        .await)
        .unwrap();
    let alice = (w
        .service
        .store()
        .ratings
        .rating(HERE.guild_id, w.alice.id)
        .await)
        .unwrap();
    let changes = super::ratings::changes_of(&timeout).expect("rated");
    assert_eq!(
        changes
            .iter()
            .map(|c| (c.player, c.rating, c.change > 0))
            .collect::<Vec<_>>(),
        [
            (w.alice.id, alice.rating.round() as i64, false),
            (w.bob.id, bob.rating.round() as i64, true)
        ]
    );
    assert!(!w.service.clocks.fire(events[0]).await.unwrap());
    let e = refused(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(game), hole("C2"), None)
            .await,
    );
    assert!(
        matches!(&e, Refusal::Play(PlayRefusal::GameOver(end)) if end.game == game),
        "{e:?}"
    );
}

async fn two_processes_fire_each_due_event_once(db: Db) {
    let w = world(db).await;
    let processes = [w.service.clone(), service_on(&w.db.url, &w.clock).await];
    let mut games: Vec<GameId> = Vec::new();
    for _ in 0..6 {
        let game = started(&w, alice_first()).await;
        // Both have moved: running out of time loses (it no longer aborts).
        for player in [&w.alice, &w.bob] {
            let board = w
                .service
                .playing
                .show(player, HERE, Some(game))
                .await
                .unwrap();
            let hole = first_offer(&board);
            (w.service
                .playing
                .play_move(player, HERE, Some(game), hole, None)
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
                    let mut events = service.clocks.due_events(now).await.unwrap();
                    if reverse {
                        events.reverse();
                    }
                    for event in events {
                        if service.clocks.fire(event).await.unwrap() {
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
        DueEvent::ChallengeExpired { .. } | DueEvent::ChallengeReminder { .. } => {
            panic!("every challenge here was accepted")
        }
    };
    // Three days per move: a reminder is due after two and a quarter.
    let now = START + 2 * DAY + DAY / 2;
    w.clock.set(now);
    let fired = poll_together(now).await;
    assert!(fired.iter().all(|e| matches!(e, DueEvent::Reminder { .. })));
    let mut reminded: Vec<GameId> = fired.iter().map(game_of).collect();
    reminded.sort();
    assert_eq!(reminded, games, "one reminder per game");
    // Past the deadline: one loss on time per game.
    let now = START + 3 * DAY + 1;
    w.clock.set(now);
    let fired = poll_together(now).await;
    assert!(fired.iter().all(|e| matches!(e, DueEvent::Timeout { .. })));
    let mut timed_out: Vec<GameId> = fired.iter().map(game_of).collect();
    timed_out.sort();
    assert_eq!(timed_out, games, "one timeout per game");
    for service in &processes {
        assert!(service.clocks.due_events(now).await.unwrap().is_empty());
    }
    // Every result counted once, though they were rated concurrently.
    let rating = w
        .service
        .store()
        .ratings
        .rating(HERE.guild_id, w.alice.id)
        .await;
    assert_eq!(rating.unwrap().losses, games.len() as i64);
}

/// A crash between the human's move and the AI's reply (here: the move
/// stored as the service stores it, and nothing after) leaves the AI to
/// move; the timers find the game and play it, and its board goes out.
async fn an_ai_turn_left_behind_is_played_by_the_timers(db: Db) {
    use kiela_app::store::{GameChange, MoveRow};
    let w = world(db).await;
    let reply = w
        .service
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    let game = reply.game.unwrap().id;
    w.service
        .outbox
        .delivered(&reply.posts, MessageId(1))
        .await
        .unwrap();
    let store = w.service.store();
    let row = store.games.game(game).await.unwrap().unwrap();
    let mut change = GameChange::of(&row, w.clock.now());
    change.new_move = Some(MoveRow {
        ply: 1,
        notation: first_offer(&reply).to_string(),
        player_id: w.alice.id,
        played_at: w.clock.now(),
    });
    change.to_move = Some(w.service.bot().id);
    store.core.apply(&change).await.unwrap().unwrap();
    // Not at once: the interaction that made the move may still be at it.
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
    w.clock.advance(kiela_app::AI_TURN_GRACE);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::AiTurn { game_id, .. }] if *game_id == game),
        "{events:?}"
    );
    assert!(w.service.clocks.fire(events[0]).await.unwrap());
    assert!(
        !w.service.clocks.fire(events[0]).await.unwrap(),
        "played once"
    );
    assert_eq!(store.games.moves(game).await.unwrap().len(), 2);
    let board = last_post(&w).await;
    let movers: Vec<String> = board.turns().into_iter().map(|(by, _)| by).collect();
    assert_eq!(movers, ["Kiela"]);
    assert_eq!(board.ping, [w.alice.id]);
    assert_eq!(board.game.unwrap().ply, 2);
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());
}

/// A game whose player to move never made a first move is aborted when
/// its deadline passes: no result, no rating change, both told (and by DM
/// those who asked for it); lists, history and stats say so.
async fn a_game_whose_player_never_moved_is_aborted_unrated(db: Db) {
    let w = world(db).await;
    w.service
        .notify
        .notify(&w.bob, Notify::Reminders)
        .await
        .unwrap();
    // Nobody moved in the first; only alice in the second.
    let never = started_answered(&w, alice_first()).await;
    let once = started_answered(&w, alice_first()).await;
    let moved = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(once), hole("G2"), None)
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(2))
        .await
        .unwrap();
    // The reminder before a first move says what running out of time does.
    w.clock.advance(2 * DAY + DAY / 2);
    for event in w.service.clocks.due_events(w.clock.now()).await.unwrap() {
        assert!(matches!(event, DueEvent::Reminder { .. }), "{event:?}");
        assert!(w.service.clocks.fire(event).await.unwrap());
    }
    // The reminders (not the accepted challenges' edits).
    let reminders: Vec<Reply> = deliver_all(&w)
        .await
        .into_iter()
        .filter(|r| r.game.is_some())
        .collect();
    assert!(
        !reminders.is_empty()
            && reminders.iter().all(|r| matches!(
                r.clock_notices()[..],
                [ClockNotice::Reminder {
                    stake: Stake::FirstMove,
                    ..
                }]
            )),
        "{reminders:?}"
    );
    w.clock.advance(DAY / 2 + 1);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert_eq!(events.len(), 2, "{events:?}");
    for event in &events {
        assert!(matches!(event, DueEvent::Abort { .. }), "{event:?}");
        assert!(w.service.clocks.fire(*event).await.unwrap());
        assert!(!w.service.clocks.fire(*event).await.unwrap(), "fires once");
    }
    let sent = deliver_all_to(&w).await;
    let public: Vec<&Reply> = (sent.iter())
        .filter(|(to, _)| *to == Destination::Channel(ChannelId(20)))
        .map(|(_, reply)| reply)
        .collect();
    assert_eq!(public.len(), 2, "{sent:?}");
    for (reply, absent) in public.iter().zip(["alice", "bob"]) {
        assert!(
            matches!(
                reply.clock_notices()[..],
                [ClockNotice::Aborted { absent: name, .. }] if name.raw() == absent
            ),
            "{:?}",
            reply.says
        );
        assert!(
            reply.board_lines().contains(&&BoardNotice::Aborted) && reply.worded().is_empty(),
            "no result, no rating change: {:?}",
            reply.says
        );
        assert_eq!(reply.ping, [w.alice.id, w.bob.id]);
        assert!(!reply.game.unwrap().active && reply.moves.is_empty());
    }
    let dms: Vec<&Destination> = (sent.iter().map(|(to, _)| to))
        .filter(|to| **to != Destination::Channel(ChannelId(20)))
        .collect();
    assert_eq!(
        dms,
        [&Destination::User(UserId(2)), &Destination::User(UserId(2))],
        "bob asked for DMs"
    );
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());

    // Unrated, and nowhere counted as a result.
    let store = w.service.store();
    for player in [&w.alice, &w.bob] {
        let rating = store
            .ratings
            .rating(HERE.guild_id, player.id)
            .await
            .unwrap();
        assert_eq!((rating.games(), rating.rating), (0, 1500.0));
    }
    assert!(store
        .ratings
        .rating_changes(never)
        .await
        .unwrap()
        .is_empty());
    let row = store.games.game(never).await.unwrap().unwrap();
    // Stored as before: finished, no result, the reason `aborted`.
    assert_eq!(row.state.columns(), ("finished", None, Some("aborted")));
    let stats = super::ratings::stats_of(w.service.ratings.stats(HERE, &w.alice).await.unwrap());
    assert_eq!(
        (stats.record.wins, stats.record.losses, stats.record.draws),
        (0, 0, 0)
    );
    assert_eq!(stats.ongoing, 0);
    let none = w.service.info.my_games(&w.alice).await.unwrap();
    assert_eq!(none.says, [kiela_app::InfoNotice::NoGames.into()]);
    let history = w.service.info.history(&w.carol, HERE, once).await.unwrap();
    let unrated = super::info::unrated_of(&history);
    assert_eq!(unrated, Some(kiela_app::Unrated::Aborted));
    assert!(!history.private);
    let choices = w.service.games.game_choices(&w.alice, true).await.unwrap();
    assert!(
        choices
            .iter()
            .all(|c| c.state == kiela_app::ChoiceState::Aborted),
        "{choices:?}"
    );
    // Nothing more can happen in it.
    let e = refused(
        w.service
            .playing
            .play_move(&w.bob, HERE, Some(once), hole("C3"), None)
            .await,
    );
    assert_eq!(e, PlayRefusal::Aborted(once).into());
    let e = refused(w.service.playing.resign(&w.alice, HERE, Some(never)).await);
    assert_eq!(e, PlayRefusal::Aborted(never).into());
    let e = refused(w.service.draws.draw(&w.alice, HERE, Some(never)).await);
    assert_eq!(e, DrawRefusal::GameOver(never).into());
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
    let deadline = |id| async move {
        store
            .games
            .game(id)
            .await
            .unwrap()
            .unwrap()
            .deadline
            .unwrap()
    };
    assert_eq!(deadline(mine).await, START + 3 * DAY);
    deliver_all(&w).await;
    assert_eq!(
        w.service.clocks.vacation_left(w.alice.id).await.unwrap(),
        30
    );

    let on = w.service.clocks.vacation(&w.alice, 7).await.unwrap();
    assert!(on.private);
    assert!(
        matches!(
            on.clock_notices()[..],
            [ClockNotice::VacationOn {
                days: 7,
                games: 1,
                left: 23,
                ..
            }]
        ),
        "{:?}",
        on.says
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
        assert_eq!(*to, Destination::Channel(ChannelId(20)));
        assert!(
            matches!(
                post.clock_notices()[..],
                [ClockNotice::VacationStarted { opponent, by, .. }]
                    if *opponent == w.bob.id && *by == w.alice.name
            ),
            "{:?}",
            post.says
        );
        assert_eq!(post.ping, [w.bob.id]);
    }
    let stats = super::ratings::stats_of(w.service.ratings.stats(HERE, &w.alice).await.unwrap());
    assert_eq!(stats.vacation_left, 23);
    // Beyond the allowance, refused, and nothing changes.
    assert_eq!(
        refused(w.service.clocks.vacation(&w.alice, 24).await),
        VacationRefusal::TooLong {
            left: 23,
            allowance: 30
        }
        .into()
    );
    assert_eq!(
        refused(w.service.clocks.vacation(&w.alice, 31).await),
        VacationRefusal::BadDays {
            days: 31,
            allowance: 30
        }
        .into()
    );
    assert_eq!(deadline(mine).await, START + 10 * DAY);

    // Bob moves during her vacation: her time starts after it.
    let board = w
        .service
        .playing
        .show(&w.bob, HERE, Some(theirs))
        .await
        .unwrap();
    let moved = w
        .service
        .playing
        .play_move(&w.bob, HERE, Some(theirs), first_offer(&board), None)
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&moved.posts, MessageId(2))
        .await
        .unwrap();
    assert_eq!(deadline(theirs).await, START + 10 * DAY);
    // The old deadline passes: nothing is due.
    w.clock.set(START + 3 * DAY + 1);
    assert!(w
        .service
        .clocks
        .due_events(w.clock.now())
        .await
        .unwrap()
        .is_empty());

    // Back early, with almost 4 days left: 3 whole days back, off the
    // deadlines too.
    let off = w.service.clocks.vacation(&w.alice, 0).await.unwrap();
    assert!(
        matches!(
            off.clock_notices()[..],
            [ClockNotice::VacationOff {
                back: 3,
                left: 26,
                ..
            }]
        ),
        "{:?}",
        off.says
    );
    assert_eq!(deadline(mine).await, START + 7 * DAY);
    assert_eq!(deadline(theirs).await, START + 7 * DAY);
    assert_eq!(
        w.service.clocks.vacation_left(w.alice.id).await.unwrap(),
        26
    );
    let back = deliver_all(&w).await;
    assert!(
        back.iter().all(|p| matches!(
            p.clock_notices()[..],
            [ClockNotice::VacationEnded { by, .. }] if *by == w.alice.name
        )),
        "{back:?}"
    );
    assert_eq!(back.len(), 2);
    assert_eq!(
        refused(w.service.clocks.vacation(&w.alice, 0).await),
        VacationRefusal::NotOn.into()
    );
    // A new calendar year, a new allowance.
    w.clock.set(START + 365 * DAY);
    assert_eq!(
        w.service.clocks.vacation_left(w.alice.id).await.unwrap(),
        30
    );
}

/// A vacation is one change: cut off before its last write (the notices
/// to the opponents), it has charged no day and moved no deadline; asked
/// again, it does both.
async fn a_vacation_cut_off_midway_changes_nothing(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let mine = started_answered(&w, alice_first()).await;
    let deadline = || async {
        store
            .games
            .game(mine)
            .await
            .unwrap()
            .unwrap()
            .deadline
            .unwrap()
    };
    deliver_all(&w).await;
    refuse_inserts(&w.db, db.backend, "outbox", "1 = 1").await;
    assert!(w.service.clocks.vacation(&w.alice, 7).await.is_err());
    assert_eq!(
        w.service.clocks.vacation_left(w.alice.id).await.unwrap(),
        30
    );
    assert_eq!(deadline().await, START + 3 * DAY);

    allow_inserts(&w.db, db.backend, "outbox").await;
    w.service.clocks.vacation(&w.alice, 7).await.unwrap();
    assert_eq!(
        w.service.clocks.vacation_left(w.alice.id).await.unwrap(),
        23
    );
    assert_eq!(deadline().await, START + 10 * DAY);
    assert_eq!(deliver_all(&w).await.len(), 1, "bob is told once");
}

/// A game against the AI has no time limit unless asked for
/// (`/kiela ai days:N`); with one, the human loses on time as usual.
async fn ai_games_have_no_time_limit_unless_asked(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let reply = w
        .service
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    assert!(
        matches!(
            reply.board_lines()[..],
            [BoardNotice::YourMove { deadline: None, .. }]
        ),
        "{:?}",
        reply.says
    );
    let free = reply.game.unwrap().id;
    let row = store.games.game(free).await.unwrap().unwrap();
    assert_eq!((row.deadline, row.seconds_per_move), (None, 0));
    let moved = (w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(free), first_offer(&reply), None)
        .await)
        .unwrap();
    assert_eq!(moved.game.unwrap().ply, 2);
    assert_eq!(
        store.games.game(free).await.unwrap().unwrap().deadline,
        None
    );
    let (games, _) = super::info::games_listed(&w.service.info.my_games(&w.alice).await.unwrap());
    let listed = games.iter().find(|line| line.game == free).expect("listed");
    let no_limit = kiela_app::ToMove::You { deadline: None };
    assert_eq!(listed.to_move, no_limit, "{games:?}");
    w.clock.advance(100 * DAY);
    assert!(w
        .service
        .clocks
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
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, timed)
        .await)
        .unwrap();
    let game = reply.game.unwrap().id;
    assert_eq!(
        store.games.game(game).await.unwrap().unwrap().deadline,
        Some(w.clock.now() + 2 * DAY)
    );
    (w.service
        .playing
        .play_move(&w.alice, HERE, Some(game), first_offer(&reply), None)
        .await)
        .unwrap();
    let e = refused(
        w.service
            .challenges
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
    assert_eq!(e, ChallengeRefusal::BadDays(15).into());
    w.clock.advance(2 * DAY + 1);
    let events = w.service.clocks.due_events(w.clock.now()).await.unwrap();
    assert!(
        matches!(events.as_slice(), [DueEvent::Timeout { player: UserId(1), game_id, .. }] if *game_id == game),
        "{events:?}"
    );
    assert!(w.service.clocks.fire(events[0]).await.unwrap());
    let lost = last_post(&w).await;
    let ran_out = ClockNotice::RanOutOfTime {
        by: w.alice.name.clone(),
        game,
    };
    assert_eq!(lost.says[0], ran_out.into());
}

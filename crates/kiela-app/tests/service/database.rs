//! The database: restarts, migrations, databases that must be refused, unreadable values, old databases.

use super::*;

on_both_backends! {
    a_restart_loses_nothing,
    opening_twice_migrates_once,
    someone_elses_database_is_refused,
    a_newer_kielas_database_is_refused,
    unreadable_values_are_named_never_guessed,
    a_database_written_before_typed_state_plays_on,
    refused_channels_stored_as_codes_read_by_name,
}

async fn a_restart_loses_nothing(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
        .await
        .unwrap();
    let offered = first_offer(&reply);
    drop(w.service);
    // A new service on the same file carries on where the old one stopped.
    let service = service_on(&w.db.url, &w.clock).await;
    let shown = service
        .playing
        .show(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    assert_eq!(shown.game.unwrap().ply, 1);
    assert_eq!(shown.ping, [w.bob.id]);
    let reply = service
        .playing
        .play_move(&w.bob, HERE, Some(game), offered, Some(1))
        .await
        .unwrap();
    assert_eq!(reply.game.unwrap().ply, 2);
}

async fn opening_twice_migrates_once(db: Db) {
    let w = world(db).await;
    started(&w, alice_first()).await;
    for _ in 0..2 {
        let store = Store::open(&w.db.url).await.unwrap();
        assert_eq!(
            store
                .games()
                .games_of(w.alice.id, true, 10)
                .await
                .unwrap()
                .len(),
            1
        );
    }
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

/// A stored value kiela cannot read is an error naming its table, row and
/// column, and the value, through the store and through the service: never
/// a default (a corrupt AI level once made a game one between people).
async fn unreadable_values_are_named_never_guessed(db: Db) {
    let w = world(db).await;
    let ai = (w.service)
        .challenges
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
        raw(&w.db, sql, &[game.0]).await;
        let e = w
            .service
            .store()
            .games
            .game(game)
            .await
            .unwrap_err()
            .to_string();
        named(e, "games", game.0, column, value);
        let e = w
            .service
            .playing
            .show(&w.alice, HERE, Some(game))
            .await
            .unwrap_err();
        named(e.to_string(), "games", game.0, column, value);
    }

    w.service
        .notify
        .notify(&w.bob, Notify::Reminders)
        .await
        .unwrap();
    raw(
        &w.db,
        "UPDATE players SET notify = 'sometimes' WHERE id = $1",
        &[w.bob.id.0],
    )
    .await;
    let e = w.service.notify.notify_setting(w.bob.id).await.unwrap_err();
    named(e.to_string(), "players", w.bob.id.0, "notify", "sometimes");

    let offer = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    let c = offer.challenge.unwrap();
    raw(
        &w.db,
        "UPDATE challenges SET status = 'maybe' WHERE id = $1",
        &[c.0],
    )
    .await;
    let e = w
        .service
        .challenges
        .accept(&w.carol, HERE, Some(c))
        .await
        .unwrap_err();
    named(e.to_string(), "challenges", c.0, "status", "maybe");

    // A post whose pings are unreadable is given up, saying why; the
    // others still go out.
    let post = offer.posts[0];
    raw(
        &w.db,
        "UPDATE outbox SET pings = '3 x7' WHERE id = $1",
        &[post.0],
    )
    .await;
    w.clock.advance(3600);
    deliver_all_to(&w).await;
    assert_eq!(
        w.service.outbox.undelivered().await.unwrap(),
        0,
        "the others went out"
    );
    let why = raw(
        &w.db,
        "SELECT COUNT(*) FROM outbox WHERE id = $1 AND failed LIKE '%column pings%x7%'",
        &[post.0],
    )
    .await;
    assert_eq!(why, Some(1));
}

/// A database as the version before typed state (commit 59409e9) left it,
/// written with raw SQL exactly as it stored things: every state's names,
/// an open challenge stored with its challenger as opponent, an aborted
/// game, posts to channel 0. It reads, and play goes on.
async fn a_database_written_before_typed_state_plays_on(db: Db) {
    use kiela_app::vocabulary::{ChallengeStatus, FirstMover, GameState, ThreadsSetting};
    use kiela_rules::{GameResult, Outcome, Reason};
    let backend = db.backend;
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
    // Stored before whose turn was: filled in as the migration fills in the
    // games it finds (its statement, as shipped).
    let migration = include_str!("../../../../migrations/sqlite/20261201550000_to_move.sql");
    let backfill = &migration[migration.find("UPDATE").unwrap()..];
    raw(db, backfill, &[]).await;
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
            "INSERT INTO outbox (channel_id, recipient_id, game_id, ply, says, pings, lang, \
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
    // Stored before posts had queues: filled in as the migration does.
    let migration =
        include_str!("../../../../migrations/sqlite/20261203050000_delivery_queues.sql");
    let backfill = &migration[migration.find("UPDATE").unwrap()..migration.find("DROP").unwrap()];
    raw(db, backfill, &[]).await;
    // Stored before posts said typed notices: their words, wrapped as the
    // migration does.
    let migration = match backend {
        Backend::Sqlite => {
            include_str!("../../../../migrations/sqlite/20261209010000_typed_posts.sql")
        }
        Backend::Postgres => {
            include_str!("../../../../migrations/postgres/20261209010000_typed_posts.sql")
        }
    };
    raw(db, &migration[migration.find("UPDATE").unwrap()..], &[]).await;

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
            store.games.game(GameId(id)).await.unwrap().unwrap().state,
            expected,
            "#{id}"
        );
    }
    let ai_row = store.games.game(GameId(ai)).await.unwrap().unwrap();
    assert_eq!(ai_row.ai_level, Some(Level::Hard));
    assert_eq!(
        store
            .games
            .game(GameId(won))
            .await
            .unwrap()
            .unwrap()
            .variant,
        Variant::Expert
    );
    let statuses: Vec<_> = (challenges.iter())
        .map(|&id| async move {
            store
                .challenges
                .challenge(ChallengeId(id))
                .await
                .unwrap()
                .unwrap()
        })
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
    assert_eq!(read[1].opponent_id, Some(UserId(2)));
    let old_board = store.games.game(GameId(won)).await.unwrap().unwrap().board;
    let expected = BoardMessage {
        channel_id: ChannelId(20),
        message_id: MessageId(77),
        ply: None,
    };
    assert_eq!(old_board, Some(expected));
    assert_eq!(
        service.notify.notify_setting(UserId(1)).await.unwrap(),
        Notify::EveryTurn
    );
    assert_eq!(
        store
            .settings
            .guild_settings(GuildId(10))
            .await
            .unwrap()
            .threads,
        Some(ThreadsSetting::Off)
    );

    // The old posts go to the game's channel and to bob's direct messages.
    let delivered = service.delivery.claim_deliveries(10).await.unwrap();
    let to: Vec<_> = delivered.iter().map(|d| (d.id, d.to)).collect();
    assert_eq!(
        to,
        [
            (PostId(to_game), Destination::Channel(ChannelId(20))),
            (PostId(to_bob), Destination::User(UserId(2)))
        ]
    );
    // Their words as they were stored.
    assert_eq!(delivered[1].reply.says[0], Notice::Worded("old".into()));

    // Play goes on: a move, the open challenge taken, finished games shown.
    let shown = service
        .playing
        .show(&w.alice, HERE, Some(GameId(active)))
        .await
        .unwrap();
    let moved = service
        .playing
        .play_move(
            &w.alice,
            HERE,
            Some(GameId(active)),
            first_offer(&shown),
            None,
        )
        .await
        .unwrap();
    assert_eq!(moved.game.unwrap().ply, 1);
    let taken = service
        .challenges
        .accept(&w.carol, HERE, Some(ChallengeId(challenges[0])))
        .await
        .unwrap();
    let game = store
        .games
        .game(taken.game.unwrap().id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((game.south_id, game.north_id), (UserId(1), UserId(3)));
    let accepted = store
        .challenges
        .challenge(ChallengeId(challenges[0]))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(accepted.opponent_id, Some(UserId(3)));
    let e = refused(
        service
            .challenges
            .accept(&w.bob, HERE, Some(ChallengeId(challenges[1])))
            .await,
    );
    let withdrawn = kiela_app::vocabulary::ChallengeStatus::Withdrawn;
    assert_eq!(e, ChallengeRefusal::Closed(withdrawn).into());
    for id in [won, drawn, aborted, timed_out] {
        let board = service
            .playing
            .show(&w.alice, HERE, Some(GameId(id)))
            .await
            .unwrap();
        assert!(!board.game.unwrap().active, "#{id}");
    }
    let ai_board = service
        .playing
        .show(&w.alice, HERE, Some(GameId(ai)))
        .await
        .unwrap();
    assert!(ai_board.may_hint, "{:?}", ai_board.says);
}

/// A channel refused before refusals were stored by name (Discord's error
/// code) reads by name once migrated; a code that is no refusal, or a name
/// that is none, is corrupt: never guessed.
async fn refused_channels_stored_as_codes_read_by_name(db: Db) {
    use kiela_app::ChannelRefusal;
    let backend = db.backend;
    let w = world(db).await;
    let db = &w.db;
    // The table as `20261206010000_places.sql` made it.
    raw(db, "DROP TABLE refused_channels", &[]).await;
    let old = match backend {
        Backend::Sqlite => include_str!("../../../../migrations/sqlite/20261206010000_places.sql"),
        Backend::Postgres => {
            include_str!("../../../../migrations/postgres/20261206010000_places.sql")
        }
    };
    raw(db, &old[old.find("CREATE TABLE").unwrap()..], &[]).await;
    for (channel, code) in [(1, 10003), (2, 50001), (3, 50013), (4, 12345)] {
        let sql = "INSERT INTO refused_channels (channel_id, code, refused_at) VALUES ($1, $2, $3)";
        raw(db, sql, &[channel, code, START]).await;
    }
    let migration = match backend {
        Backend::Sqlite => {
            include_str!("../../../../migrations/sqlite/20261210010000_refusal_names.sql")
        }
        Backend::Postgres => {
            include_str!("../../../../migrations/postgres/20261210010000_refusal_names.sql")
        }
    };
    let code: String = (migration.lines())
        .filter(|line| !line.starts_with("--"))
        .collect::<Vec<_>>()
        .join("\n");
    for statement in code.split(';').filter(|s| !s.trim().is_empty()) {
        raw(db, statement, &[]).await;
    }

    let service = service_on(&db.url, &w.clock).await;
    let store = service.store();
    for (channel, refusal) in [
        (1, ChannelRefusal::UnknownChannel),
        (2, ChannelRefusal::MissingAccess),
        (3, ChannelRefusal::MissingPermissions),
    ] {
        let read = store
            .places
            .refused_channel(ChannelId(channel))
            .await
            .unwrap();
        assert_eq!(
            read.map(|r| (r.refusal, r.refused_at)),
            Some((refusal, START))
        );
    }
    let corrupt = |e: String, row: i64, value: &str| {
        let place = format!("table refused_channels, row {row}, column refusal");
        assert!(e.contains(&place) && e.contains(value), "{e}");
    };
    let e = store
        .places
        .refused_channel(ChannelId(4))
        .await
        .unwrap_err();
    corrupt(e.to_string(), 4, "12345");
    raw(
        db,
        "UPDATE refused_channels SET refusal = 'forbidden' WHERE channel_id = $1",
        &[1],
    )
    .await;
    let e = store
        .places
        .refused_channel(ChannelId(1))
        .await
        .unwrap_err();
    corrupt(e.to_string(), 1, "forbidden");
    // Stored from now on by name.
    store
        .places
        .refuse_channel(ChannelId(5), ChannelRefusal::MissingAccess, START)
        .await
        .unwrap();
    let stored = raw(
        db,
        "SELECT COUNT(*) FROM refused_channels WHERE channel_id = $1 AND refusal = 'missing-access'",
        &[5],
    )
    .await;
    assert_eq!(stored, Some(1));
}

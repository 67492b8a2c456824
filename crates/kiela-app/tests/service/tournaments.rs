//! Tournaments: created, joined, started, paired round by round (once, even
//! by two processes at the same instant), a no-show's forfeit, a start by
//! the clock, standings, and every refusal.

use kiela_app::{
    Authority, Name, NewThread, NewTournament, Quarters, Ranked, SignUp, StandingsTable,
    ThreadName, TournamentFormat, TournamentId, TournamentNotice, TournamentRefusal,
    TournamentStage, TournamentStatus,
};

use super::*;

/// What the tournaments say in a reply or a post, as data.
trait TournamentSaid: Said {
    fn told(&self) -> Vec<&TournamentNotice> {
        (self.says().iter())
            .filter_map(|notice| match notice {
                Notice::Tournament(notice) => Some(notice),
                _ => None,
            })
            .collect()
    }

    /// Whether it says `notice`.
    fn tells(&self, notice: &TournamentNotice) -> bool {
        self.told().contains(&notice)
    }

    /// The sign-up message it is (or edits).
    #[track_caller]
    fn sign_up(&self) -> &SignUp {
        (self.told().into_iter())
            .find_map(|notice| match notice {
                TournamentNotice::SignUp(sign_up) => Some(sign_up),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no sign-up message: {:?}", self.says()))
    }

    /// The lines of the standings it shows (after the start).
    #[track_caller]
    fn ranked(&self) -> &[Ranked] {
        (self.told().into_iter())
            .find_map(|notice| match notice {
                TournamentNotice::Standings {
                    table: StandingsTable::Ranked(lines),
                    ..
                } => Some(lines.as_slice()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no standings: {:?}", self.says()))
    }

    /// Who signed up, as the standings of an event not started show them.
    #[track_caller]
    fn signed_up(&self) -> &[Name] {
        (self.told().into_iter())
            .find_map(|notice| match notice {
                TournamentNotice::Standings {
                    table: StandingsTable::Players(names),
                    ..
                } => Some(names.as_slice()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no list of players: {:?}", self.says()))
    }

    /// Whether it pairs round `round` of tournament `name`.
    fn pairs_round(&self, name: &str, round: i64) -> bool {
        self.told().iter().any(|notice| {
            matches!(notice, TournamentNotice::Round { name: n, round: r, .. } if n.raw() == name && *r == round)
        })
    }

    /// Whether it says `name` is won.
    fn says_won(&self, name: &str) -> bool {
        (self.told().iter()).any(
            |notice| matches!(notice, TournamentNotice::Won { name: n, .. } if n.raw() == name),
        )
    }
}

impl<T: Said + ?Sized> TournamentSaid for T {}

const PREMIO: &str = "Prémio Kiela";

fn names(players: &[User]) -> Vec<Name> {
    players.iter().map(|p| p.name.clone()).collect()
}

on_both_backends! {
    a_round_robin_is_played_to_its_winner,
    tournaments_refuse_what_they_cannot_do,
    a_swiss_round_is_paired_once_by_two_processes,
    a_round_cut_off_while_being_paired_is_paired_once_later,
    a_no_show_forfeits_and_is_withdrawn,
    the_clock_starts_a_tournament_or_cancels_it_short_of_players,
    a_tournament_has_its_thread_and_standings_after_each_result,
    strict_and_unrated_tournaments_keep_their_rules,
    an_ended_tournament_is_final,
    joins_never_pass_the_cap,
    a_double_join_is_already_in,
    a_leave_during_the_start_is_a_withdrawal_or_a_smaller_list,
    creations_at_once_stay_within_the_limits,
    a_swiss_plays_at_most_players_less_one_rounds,
    a_sign_up_message_waiting_edits_collapse_into_the_newest,
    a_live_tournament_keeps_its_sign_up_post,
    the_clock_reads_only_the_tournaments_due,
    an_open_tournament_without_a_start_time_expires,
    the_standings_picture_names_players_as_written,
}

const ORGANISER: Authority = Authority { is_manager: false };

fn new(format: TournamentFormat) -> NewTournament {
    NewTournament {
        name: "Prémio Kiela".into(),
        format,
        variant: Variant::Standard,
        days: Some(1),
        rounds: None,
        max_players: None,
        starts_in_hours: None,
        rated: true,
        strict: false,
    }
}

fn users(w: &World) -> Vec<User> {
    let mut all = vec![w.alice.clone(), w.bob.clone(), w.carol.clone()];
    all.push(User::new(UserId(4), "dave"));
    all.push(User::new(UserId(5), "erin"));
    all
}

async fn create(w: &World, new: NewTournament) -> TournamentId {
    create_by(w, &w.alice, new).await
}

async fn create_by(w: &World, organiser: &User, new: NewTournament) -> TournamentId {
    let reply = w
        .service
        .tournaments
        .create_tournament(organiser, HERE, new)
        .await
        .unwrap();
    assert!(!reply.private, "the sign-up message is public");
    assert_eq!(reply.sign_up().name.raw(), PREMIO);
    assert_eq!(reply.sign_up().entrants, []);
    // The answer delivers it (its edits wait for it).
    w.service
        .outbox
        .delivered(&reply.posts, MessageId(1))
        .await
        .unwrap();
    reply.tournament.expect("Join, Leave and Start under it")
}

async fn join(w: &World, id: TournamentId, players: &[User]) {
    for player in players {
        let reply = w
            .service
            .tournaments
            .join_tournament(player, HERE, Some(id))
            .await
            .unwrap();
        assert!(reply.private);
    }
}

/// The games of round `round`: (game, south, north).
async fn round_games(w: &World, id: TournamentId, round: i64) -> Vec<(GameId, UserId, UserId)> {
    use sqlx::Row;
    let mut conn = raw_connection(&w.db).await;
    let rows = sqlx::query(
        "SELECT game_id, south_id, north_id FROM tournament_games \
         WHERE tournament_id = $1 AND round = $2 AND game_id IS NOT NULL ORDER BY game_id",
    )
    .bind(id.0)
    .bind(round)
    .fetch_all(&mut conn)
    .await
    .unwrap();
    rows.iter()
        .map(|row| (GameId(row.get(0)), UserId(row.get(1)), UserId(row.get(2))))
        .collect()
}

/// North resigns every game of round `round`: South wins them all.
async fn south_wins_round(w: &World, id: TournamentId, round: i64) {
    let everyone = users(w);
    for (game, _, north) in round_games(w, id, round).await {
        let player = everyone.iter().find(|u| u.id == north).unwrap();
        w.service
            .playing
            .resign(player, HERE, Some(game))
            .await
            .unwrap();
    }
}

async fn a_round_robin_is_played_to_its_winner(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::RoundRobin)).await;
    let players = users(&w);
    join(&w, id, &players[..3]).await;
    // The sign-up message shows the players (an edit that keeps its buttons).
    let edits = deliver_all(&w).await;
    let listed = edits.last().expect("the sign-up message edited");
    let ids: Vec<UserId> = players[..3].iter().map(|p| p.id).collect();
    assert_eq!(listed.sign_up().entrants, ids);
    assert_eq!(listed.tournament, Some(id));

    let by_bob = w
        .service
        .tournaments
        .start_tournament(&w.bob, HERE, ORGANISER, Some(id))
        .await;
    assert_eq!(refused(by_bob), TournamentRefusal::OrganiserOnly.into());
    let started = w
        .service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    assert_eq!(
        started.told(),
        [&TournamentNotice::StartedElsewhere {
            name: PREMIO.into()
        }]
    );
    // Three players: a double round-robin, six games at once, each player
    // moving first in two of their four.
    let games = round_games(&w, id, 1).await;
    assert_eq!(games.len(), 6);
    for player in &players[..3] {
        let first = games
            .iter()
            .filter(|(_, south, _)| *south == player.id)
            .count();
        assert_eq!(first, 2, "{}", player.name);
    }
    let posted: Vec<Reply> = deliver_all(&w).await;
    // The round's news calls every player by mention; each game's first
    // board calls the one to move.
    let news = posted.iter().find(|p| p.pairs_round(PREMIO, 1)).unwrap();
    let [TournamentNotice::Round { pairings, bye, .. }] = news.told()[..] else {
        panic!("{:?}", news.says)
    };
    assert_eq!(pairings.len(), 6);
    for player in &players[..3] {
        let called = (pairings.iter()).any(|p| p.south == player.id || p.north == player.id)
            || *bye == Some(player.id);
        assert!(called && news.ping.contains(&player.id));
    }
    let boards: Vec<&Reply> = posted.iter().filter(|p| p.game.is_some()).collect();
    assert_eq!(boards.len(), 6);
    assert!(
        boards.iter().all(|b| b.ping.len() == 1),
        "{:?}",
        boards[0].ping
    );
    // The sign-up message lost its buttons.
    assert!(posted
        .iter()
        .any(|p| p.tells(&TournamentNotice::SignUpStarted) && p.tournament.is_none()));

    // The last game's end ends the event at once (the winner in the
    // lobby, the final standings in the thread): the clock finds nothing.
    south_wins_round(&w, id, 1).await;
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0,
        "once, by the game's end"
    );
    let ended = deliver_all(&w).await;
    assert!(
        ended.iter().any(|p| p.says_won(PREMIO)),
        "{:?}",
        ended.iter().map(|p| &p.says).collect::<Vec<_>>()
    );
    // Equal on points and every tie-break (each beat each other once):
    // the three share first place, and the lobby is told so.
    let shared = (ended.iter().flat_map(|p| p.told())).find_map(|notice| match notice {
        TournamentNotice::Won { shared_with, .. } => Some(shared_with.len()),
        _ => None,
    });
    assert_eq!(shared, Some(2));
    let standings = w
        .service
        .tournaments
        .tournament_standings(&w.carol, HERE, Some(id))
        .await
        .unwrap();
    assert!(standings.private);
    let picture = standings
        .picture
        .as_ref()
        .expect("the standings as a picture");
    let png = image::load_from_memory(&picture.bytes).unwrap();
    assert_eq!(png.width(), kiela_render::STANDINGS_WIDTH);
    for name in ["alice", "bob", "carol"] {
        assert!(
            drawn(&picture.alt_text).contains(name),
            "{:?}",
            picture.alt_text
        );
    }
    // Everyone won their two games as South: 2 points each, tied.
    for name in ["alice", "bob", "carol"] {
        assert!(
            (standings.ranked().iter())
                .any(|line| line.name.raw() == name && line.points == Quarters::points(2)),
            "{:?}",
            standings.says
        );
    }
    let listed = w
        .service
        .tournaments
        .tournaments(&w.bob, HERE)
        .await
        .unwrap();
    let [TournamentNotice::Listed(lines)] = listed.told()[..] else {
        panic!("{:?}", listed.says)
    };
    assert!(
        (lines.iter()).any(|line| line.id == id && line.stage == TournamentStage::Finished),
        "{lines:?}"
    );
    // `/kiela stats`: each played one, and each won it (a shared first
    // place is a win for everyone who shares it).
    for player in &players[..3] {
        let stats = super::ratings::stats_of(w.service.ratings.stats(HERE, player).await.unwrap());
        assert_eq!(stats.tournaments_played, 1);
        assert_eq!(stats.tournaments_won, 1, "{}", player.name);
    }
}

async fn tournaments_refuse_what_they_cannot_do(db: Db) {
    let w = world(db).await;
    let dm = w
        .service
        .tournaments
        .create_tournament(&w.alice, DM, new(TournamentFormat::Swiss))
        .await;
    assert_eq!(refused(dm), TournamentRefusal::OnlyInServers.into());
    let long = NewTournament {
        name: "x".repeat(33),
        ..new(TournamentFormat::Swiss)
    };
    assert_eq!(
        refused(
            w.service
                .tournaments
                .create_tournament(&w.alice, HERE, long)
                .await
        ),
        TournamentRefusal::BadName { max: 32 }.into()
    );
    let rounds = NewTournament {
        rounds: Some(3),
        ..new(TournamentFormat::RoundRobin)
    };
    assert_eq!(
        refused(
            w.service
                .tournaments
                .create_tournament(&w.alice, HERE, rounds)
                .await
        ),
        TournamentRefusal::RoundsSwissOnly.into()
    );
    let many_rounds = NewTournament {
        rounds: Some(21),
        ..new(TournamentFormat::Swiss)
    };
    assert_eq!(
        refused(
            w.service
                .tournaments
                .create_tournament(&w.alice, HERE, many_rounds)
                .await
        ),
        TournamentRefusal::BadRounds { max: 20 }.into()
    );
    let none_yet = w
        .service
        .tournaments
        .join_tournament(&w.bob, HERE, None)
        .await;
    assert_eq!(refused(none_yet), TournamentRefusal::NoneHere.into());
    let big = NewTournament {
        max_players: Some(13),
        ..new(TournamentFormat::RoundRobin)
    };
    assert_eq!(
        refused(
            w.service
                .tournaments
                .create_tournament(&w.alice, HERE, big)
                .await
        ),
        TournamentRefusal::BadSize { min: 3, max: 12 }.into()
    );

    let id = create(&w, new(TournamentFormat::RoundRobin)).await;
    let players = users(&w);
    join(&w, id, &players[..2]).await;
    let twice = w
        .service
        .tournaments
        .join_tournament(&w.bob, HERE, Some(id))
        .await;
    assert_eq!(
        refused(twice),
        TournamentRefusal::AlreadyIn {
            name: "Prémio Kiela".into()
        }
        .into()
    );
    let few = w
        .service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await;
    assert_eq!(
        refused(few),
        TournamentRefusal::TooFew { min: 3, count: 2 }.into()
    );
    // Another server cannot see it.
    let elsewhere = Place {
        guild_id: GuildId(11),
        ..HERE
    };
    let other = w
        .service
        .tournaments
        .join_tournament(&w.carol, elsewhere, Some(id))
        .await;
    assert_eq!(refused(other), TournamentRefusal::Unknown(id).into());
    // Leaving before the start takes the player off the list.
    w.service
        .tournaments
        .leave_tournament(&w.bob, HERE, Some(id))
        .await
        .unwrap();
    let not_in = w
        .service
        .tournaments
        .leave_tournament(&w.bob, HERE, Some(id))
        .await;
    assert_eq!(
        refused(not_in),
        TournamentRefusal::NotIn {
            name: "Prémio Kiela".into()
        }
        .into()
    );
    join(&w, id, &players[1..3]).await;
    w.service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    // A started round-robin takes nobody else.
    let late = w
        .service
        .tournaments
        .join_tournament(&players[3], HERE, Some(id))
        .await;
    assert_eq!(
        refused(late),
        TournamentRefusal::Closed {
            name: "Prémio Kiela".into()
        }
        .into()
    );
    // At most two live tournaments per organiser, five per server.
    create(&w, new(TournamentFormat::Swiss)).await;
    let third = w
        .service
        .tournaments
        .create_tournament(&w.alice, HERE, new(TournamentFormat::Swiss))
        .await;
    assert_eq!(
        refused(third),
        TournamentRefusal::TooManyOfYours { max: 2 }.into()
    );
    for organiser in [&w.bob, &w.bob, &w.carol] {
        create_by(&w, organiser, new(TournamentFormat::Swiss)).await;
    }
    let sixth = w
        .service
        .tournaments
        .create_tournament(&players[3], HERE, new(TournamentFormat::Swiss))
        .await;
    assert_eq!(refused(sixth), TournamentRefusal::TooMany { max: 5 }.into());
    // A manager may cancel what they did not organise.
    let manager = Authority { is_manager: true };
    let cancelled = w
        .service
        .tournaments
        .cancel_tournament(&w.carol, HERE, manager, Some(id))
        .await
        .unwrap();
    assert_eq!(
        cancelled.told(),
        [&TournamentNotice::CancelledByYou {
            name: PREMIO.into()
        }]
    );
    // A tournament of three takes no fourth.
    let small = create(
        &w,
        NewTournament {
            max_players: Some(3),
            ..new(TournamentFormat::Swiss)
        },
    )
    .await;
    join(&w, small, &players[..3]).await;
    let fourth = w
        .service
        .tournaments
        .join_tournament(&players[3], HERE, Some(small))
        .await;
    assert_eq!(
        refused(fourth),
        TournamentRefusal::Full {
            name: "Prémio Kiela".into()
        }
        .into()
    );
}

async fn a_swiss_round_is_paired_once_by_two_processes(db: Db) {
    let w = world(db).await;
    let other = service_on(&w.db.url, &w.clock).await;
    let id = create(&w, new(TournamentFormat::Swiss)).await;
    let players = users(&w);
    join(&w, id, &players[..4]).await;
    w.service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    let games = round_games(&w, id, 1).await;
    assert_eq!(games.len(), 2);
    let loser = |north: UserId| users(&w).into_iter().find(|u| u.id == north).unwrap();
    let (first, _, north) = games[0];
    (w.service.playing)
        .resign(&loser(north), HERE, Some(first))
        .await
        .unwrap();
    // The round's last game ends in one process (which moves the
    // tournament on) while the other's clock looks at it, twice each.
    let (last, _, north) = games[1];
    let north = loser(north);
    let ending = tokio::spawn({
        let service = w.service.clone();
        async move {
            (service.playing)
                .resign(&north, HERE, Some(last))
                .await
                .unwrap();
            service.tournaments.advance_tournaments().await.unwrap()
        }
    });
    let looks = tokio::spawn({
        let other = other.clone();
        async move {
            let once = other.tournaments.advance_tournaments().await.unwrap();
            once + other.tournaments.advance_tournaments().await.unwrap()
        }
    });
    ending.await.unwrap();
    looks.await.unwrap();
    let round2 = round_games(&w, id, 2).await;
    assert_eq!(round2.len(), 2, "round 2 paired once");
    // The winners of round 1 meet, and so do the losers: nobody twice.
    let round1 = round_games(&w, id, 1).await;
    for (_, south, north) in &round2 {
        assert!(!round1
            .iter()
            .any(|(_, s, n)| (s, n) == (south, north) || (s, n) == (north, south)));
    }
    assert_eq!(round_games(&w, id, 3).await.len(), 0);
}

/// The process dies in the middle of pairing a round, after the round's
/// first game is written (the database refuses what comes next, as a
/// crash would cut it off): nothing of the round is left, and
/// the next look pairs it whole, once.
async fn a_round_cut_off_while_being_paired_is_paired_once_later(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::Swiss)).await;
    join(&w, id, &users(&w)[..4]).await;
    w.service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    // The round's last game ends while the database takes no more rounds:
    // the game's end stands (its hook's failure is the tournament's).
    refuse_inserts(&w.db, db.backend, "tournament_games", "NEW.round = 2").await;
    south_wins_round(&w, id, 1).await;
    let count = |sql: &'static str| raw(&w.db, sql, &[]);
    let games = count("SELECT COUNT(*) FROM games").await;
    let posts = count("SELECT COUNT(*) FROM outbox").await;
    // The failure is the tournament's alone: the look goes on.
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0
    );
    assert_eq!(count("SELECT COUNT(*) FROM games").await, games);
    assert_eq!(count("SELECT COUNT(*) FROM outbox").await, posts);
    assert_eq!(
        count("SELECT rounds_paired FROM tournaments").await,
        Some(1)
    );

    // Restarted (the database takes rounds again): round 2, whole, once.
    allow_inserts(&w.db, db.backend, "tournament_games").await;
    assert!(w.service.tournaments.advance_tournaments().await.unwrap() > 0);
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0
    );
    assert_eq!(round_games(&w, id, 2).await.len(), 2);
    assert_eq!(
        count("SELECT COUNT(*) FROM games").await,
        games.map(|n| n + 2)
    );
    assert_eq!(
        count("SELECT rounds_paired FROM tournaments").await,
        Some(2)
    );
}

async fn a_no_show_forfeits_and_is_withdrawn(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::Swiss)).await;
    let players = users(&w);
    join(&w, id, &players[..3]).await;
    w.service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    let games = round_games(&w, id, 1).await;
    assert_eq!(games.len(), 1, "three players: one game and a bye");
    let (game, south, north) = games[0];
    deliver_all(&w).await;
    // The first-move reminder warns of a forfeit, not an abort.
    w.clock.advance(DAY * 3 / 4 + 1);
    for event in w.service.clocks.due_events(w.clock.now()).await.unwrap() {
        w.service.clocks.fire(event).await.unwrap();
    }
    let reminder = last_post(&w).await;
    assert!(
        matches!(
            reminder.clock_notices()[..],
            [ClockNotice::Reminder {
                stake: kiela_app::Stake::FirstMoveForfeit,
                ..
            }]
        ),
        "{:?}",
        reminder.says
    );
    // South never moves: past the day, they forfeit the game.
    w.clock.advance(DAY / 4);
    for event in w.service.clocks.due_events(w.clock.now()).await.unwrap() {
        w.service.clocks.fire(event).await.unwrap();
    }
    let told = deliver_all(&w).await;
    let board = told
        .iter()
        .find(|p| {
            matches!(p.clock_notices()[..], [ClockNotice::Forfeited { game: g, .. }] if *g == game)
        })
        .unwrap_or_else(|| panic!("the game says forfeit: {told:?}"));
    assert!(
        board.board_lines().contains(&&BoardNotice::Forfeited),
        "{board:?}"
    );
    let aborted = |p: &Reply| {
        p.clock_notices()
            .iter()
            .any(|n| matches!(n, ClockNotice::Aborted { .. }))
    };
    assert!(!told.iter().any(aborted), "{told:?}");
    // The game itself says so to whoever looks at it, and refuses a move.
    let north_user = players.iter().find(|u| u.id == north).unwrap();
    let history = w
        .service
        .info
        .history(north_user, HERE, game)
        .await
        .unwrap();
    let unrated = super::info::unrated_of(&history);
    assert_eq!(unrated, Some(kiela_app::Unrated::Forfeited));
    let south_user = players.iter().find(|u| u.id == south).unwrap();
    let late = w
        .service
        .playing
        .play_move(south_user, HERE, Some(game), hole("A1"), None)
        .await;
    assert_eq!(refused(late), PlayRefusal::Forfeited(game).into());
    // The forfeit (the game's end) paired round 2 at once.
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0
    );
    let standings = w
        .service
        .tournaments
        .tournament_standings(&w.alice, HERE, Some(id))
        .await
        .unwrap();
    let name = &players.iter().find(|u| u.id == south).unwrap().name;
    assert!(
        (standings.ranked().iter())
            .any(|line| line.name == *name && line.points == Quarters(0) && line.withdrawn),
        "{:?}",
        standings.says
    );
    // Round 2 pairs the two players left, without the no-show.
    let round2 = round_games(&w, id, 2).await;
    assert_eq!(round2.len(), 1);
    assert!(round2[0].1 != south && round2[0].2 != south);
}

async fn the_clock_starts_a_tournament_or_cancels_it_short_of_players(db: Db) {
    let w = world(db).await;
    let at_hour = |hours| NewTournament {
        starts_in_hours: Some(hours),
        ..new(TournamentFormat::Swiss)
    };
    let short = create(&w, at_hour(1)).await;
    let full = create(&w, at_hour(2)).await;
    let players = users(&w);
    join(&w, short, &players[..2]).await;
    join(&w, full, &players[..3]).await;
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0,
        "not yet"
    );
    w.clock.advance(2 * 3600);
    w.service.tournaments.advance_tournaments().await.unwrap();
    let posted = deliver_all(&w).await;
    let cancelled = TournamentNotice::CancelledShort {
        name: PREMIO.into(),
        min: 3,
    };
    assert!(
        posted.iter().any(|p| p.tells(&cancelled)),
        "{:?}",
        posted.iter().map(|p| &p.says).collect::<Vec<_>>()
    );
    assert_eq!(round_games(&w, short, 1).await.len(), 0);
    assert_eq!(
        round_games(&w, full, 1).await.len(),
        1,
        "started and paired"
    );
}

/// Delivers every post, as the delivery loop would, opening the threads
/// they ask for: a tournament's thread is channel 555.
async fn deliver_with_threads(w: &World) -> Vec<(Destination, Reply)> {
    let mut sent = Vec::new();
    loop {
        let batch = w.service.delivery.claim_deliveries(10).await.unwrap();
        if batch.is_empty() {
            return sent;
        }
        for delivery in batch {
            if let Some(NewThread {
                tournament_id: Some(id),
                ..
            }) = delivery.reply.thread
            {
                w.service
                    .tournaments
                    .tournament_thread_opened(id, ChannelId(555))
                    .await
                    .unwrap();
            }
            w.service
                .outbox
                .delivered(&[delivery.id], MessageId(1))
                .await
                .unwrap();
            sent.push((delivery.to, delivery.reply));
        }
    }
}

async fn a_tournament_has_its_thread_and_standings_after_each_result(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::RoundRobin)).await;
    let players = users(&w);
    join(&w, id, &players[..3]).await;
    // Bob wants a direct message each time it is his turn.
    w.service
        .notify
        .notify(&w.bob, Notify::EveryTurn)
        .await
        .unwrap();
    w.service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    let posted = deliver_with_threads(&w).await;
    let lobby = Destination::Channel(HERE.channel_id);
    let thread = Destination::Channel(ChannelId(555));
    // The start is said in the lobby, and opens the tournament's thread.
    let (to, start) = posted
        .iter()
        .find(|(_, p)| {
            p.tells(&TournamentNotice::Started {
                name: PREMIO.into(),
                players: names(&players[..3]),
                rounds_cut: None,
            })
        })
        .expect("the start announced");
    assert_eq!(*to, lobby);
    assert_eq!(
        start.thread,
        Some(NewThread {
            game_id: None,
            tournament_id: Some(id),
            name: ThreadName::Tournament {
                name: PREMIO.into(),
                tournament: id,
            },
        })
    );
    // The pairings go to the thread, calling every player into it.
    let (to, round) = posted
        .iter()
        .find(|(_, p)| p.pairs_round(PREMIO, 1))
        .expect("the pairings");
    assert_eq!(*to, thread);
    let mut called = round.ping.clone();
    called.sort_by_key(|user| user.0);
    assert_eq!(called, vec![w.alice.id, w.bob.id, w.carol.id]);
    // The sign-up message stays in the lobby (its edit).
    assert!(posted
        .iter()
        .any(|(_, p)| p.tells(&TournamentNotice::SignUpStarted) && p.tournament.is_none()));
    // Bob gets the board of each game he starts, by direct message.
    let games = round_games(&w, id, 1).await;
    let bobs_first = games.iter().filter(|(_, s, _)| *s == w.bob.id).count();
    let dms: Vec<&Reply> = posted
        .iter()
        .filter(|(to, _)| *to == Destination::User(w.bob.id))
        .map(|(_, p)| p)
        .collect();
    assert_eq!(dms.len(), bobs_first, "{dms:?}");
    assert!(dms.iter().all(|p| p.picture.is_some() && p.game.is_some()));
    assert!(posted
        .iter()
        .all(|(to, _)| *to != Destination::User(w.alice.id)));

    // A result: the standings, as a picture, in the thread (once).
    let (game, _, north) = games[0];
    let loser = players.iter().find(|u| u.id == north).unwrap();
    w.service
        .playing
        .resign(loser, HERE, Some(game))
        .await
        .unwrap();
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0,
        "once, by the game's end"
    );
    let posted = deliver_with_threads(&w).await;
    let (to, standings) = posted
        .iter()
        .find(|(_, p)| p.picture.is_some() && p.game.is_none())
        .expect("the standings");
    assert_eq!(*to, thread);
    assert_eq!(
        standings.told(),
        [&TournamentNotice::ResultsStandings {
            name: PREMIO.into(),
            round: 1,
            results: 1
        }]
    );
    let picture = standings.picture.as_ref().expect("the standings picture");
    let png = image::load_from_memory(&picture.bytes).unwrap();
    assert_eq!(png.width(), kiela_render::STANDINGS_WIDTH);
    for player in &players[..3] {
        assert!(
            drawn(&picture.alt_text).contains(&player.name.to_string()),
            "{:?}",
            picture.alt_text
        );
    }

    // The end: the winner in the lobby, the final standings in the thread.
    for (game, _, north) in games.into_iter().skip(1) {
        let loser = players.iter().find(|u| u.id == north).unwrap();
        w.service
            .playing
            .resign(loser, HERE, Some(game))
            .await
            .unwrap();
    }
    let posted = deliver_with_threads(&w).await;
    let (to, _) = posted
        .iter()
        .find(|(_, p)| p.says_won(PREMIO))
        .expect("the winner announced");
    assert_eq!(*to, lobby);
    let (to, last) = posted
        .iter()
        .find(|(_, p)| {
            (p.told().iter())
                .any(|notice| matches!(notice, TournamentNotice::FinalStandings { name, .. } if name.raw() == PREMIO))
        })
        .expect("the final standings");
    assert_eq!(*to, thread);
    assert!(last.picture.is_some());
}

async fn strict_and_unrated_tournaments_keep_their_rules(db: Db) {
    let w = world(db).await;
    // alice loses a game on time (after both have moved: not an abort).
    let game = started(&w, alice_first()).await;
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
    w.clock.advance(15 * DAY);
    for event in w.service.clocks.due_events(w.clock.now()).await.unwrap() {
        assert!(w.service.clocks.fire(event).await.unwrap());
    }

    // A strict event refuses her, saying the rule and her record; bob,
    // who won that game, is in.
    let strict = create(
        &w,
        NewTournament {
            strict: true,
            ..new(TournamentFormat::Swiss)
        },
    )
    .await;
    let alice_in = w
        .service
        .tournaments
        .join_tournament(&w.alice, HERE, Some(strict))
        .await;
    assert_eq!(
        refused(alice_in),
        TournamentRefusal::Strict {
            name: "Prémio Kiela".into(),
            percent: 10,
            days: 90,
            lost: 1,
            games: 1,
        }
        .into()
    );
    join(&w, strict, std::slice::from_ref(&w.bob)).await;
    // 90 days later, the loss no longer counts.
    w.clock.advance(91 * DAY);
    join(&w, strict, std::slice::from_ref(&w.alice)).await;

    // An unrated event says so, and its games leave ratings alone.
    let before = raw(&w.db, "SELECT COUNT(*) FROM ratings", &[]).await;
    let unrated = w
        .service
        .tournaments
        .create_tournament(
            &w.alice,
            HERE,
            NewTournament {
                rated: false,
                ..new(TournamentFormat::RoundRobin)
            },
        )
        .await
        .unwrap();
    assert!(!unrated.sign_up().rated, "{:?}", unrated.says);
    w.service
        .outbox
        .delivered(&unrated.posts, MessageId(1))
        .await
        .unwrap();
    let id = unrated.tournament.unwrap();
    let players = users(&w);
    join(&w, id, &players[2..5]).await;
    w.service
        .tournaments
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    south_wins_round(&w, id, 1).await;
    let played = raw(
        &w.db,
        "SELECT COUNT(*) FROM games g JOIN tournament_games t ON t.game_id = g.id \
         WHERE t.tournament_id = $1 AND g.rated = 0 AND g.status = 'finished'",
        &[id.0],
    )
    .await;
    assert_eq!(played, Some(6));
    assert_eq!(
        raw(&w.db, "SELECT COUNT(*) FROM ratings", &[]).await,
        before
    );
}

/// How many posts are queued or sent: a change that is refused writes none.
async fn posts_written(w: &World) -> i64 {
    use sqlx::Row;
    let mut conn = raw_connection(&w.db).await;
    (sqlx::query("SELECT COUNT(*) FROM outbox")
        .fetch_one(&mut conn)
        .await)
        .unwrap()
        .get(0)
}

/// A three-player round-robin, started.
async fn started_round_robin(w: &World) -> TournamentId {
    let id = create(w, new(TournamentFormat::RoundRobin)).await;
    join(w, id, &users(w)[..3]).await;
    (w.service.tournaments)
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    id
}

/// Every way to change tournament `id`, refused as over (`status`), and
/// nothing written.
async fn every_change_refused(w: &World, id: TournamentId, status: TournamentStatus) {
    let over = || -> Refusal {
        TournamentRefusal::Over {
            name: PREMIO.into(),
            status,
        }
        .into()
    };
    let before = posts_written(w).await;
    let t = &w.service.tournaments;
    let dave = &users(w)[3];
    assert_eq!(
        refused(
            t.cancel_tournament(&w.alice, HERE, ORGANISER, Some(id))
                .await
        ),
        over()
    );
    let manager = Authority { is_manager: true };
    assert_eq!(
        refused(t.cancel_tournament(&w.carol, HERE, manager, Some(id)).await),
        over()
    );
    assert_eq!(
        refused(
            t.start_tournament(&w.alice, HERE, ORGANISER, Some(id))
                .await
        ),
        over()
    );
    assert_eq!(
        refused(t.join_tournament(dave, HERE, Some(id)).await),
        over()
    );
    assert_eq!(
        refused(t.leave_tournament(&w.bob, HERE, Some(id)).await),
        over()
    );
    assert_eq!(t.advance_tournaments().await.unwrap(), 0);
    assert_eq!(
        posts_written(w).await,
        before,
        "a refused change posts nothing"
    );
    let listed = t.tournaments(&w.bob, HERE).await.unwrap();
    let [TournamentNotice::Listed(lines)] = listed.told()[..] else {
        panic!("{:?}", listed.says)
    };
    let stage = match status {
        TournamentStatus::Finished => TournamentStage::Finished,
        _ => TournamentStage::Cancelled,
    };
    assert!(
        (lines.iter()).any(|line| line.id == id && line.stage == stage),
        "{lines:?}"
    );
}

/// Finished and cancelled are final: a second cancel, or any other
/// change, is refused and posts nothing; the winner stays.
async fn an_ended_tournament_is_final(db: Db) {
    let w = world(db).await;
    let cancelled = started_round_robin(&w).await;
    (w.service.tournaments)
        .cancel_tournament(&w.alice, HERE, ORGANISER, Some(cancelled))
        .await
        .unwrap();
    every_change_refused(&w, cancelled, TournamentStatus::Cancelled).await;

    let finished = started_round_robin(&w).await;
    south_wins_round(&w, finished, 1).await;
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0,
        "the last game's end ended it"
    );
    every_change_refused(&w, finished, TournamentStatus::Finished).await;
    let mut won = 0;
    for player in &users(&w)[..3] {
        let stats = super::ratings::stats_of(w.service.ratings.stats(HERE, player).await.unwrap());
        won += stats.tournaments_won;
    }
    assert_eq!(won, 3, "the winners stay (all three share first)");
}

/// Runs `f` for each of `players` at once, each on its own task.
async fn all_at_once<F, Fut>(players: Vec<User>, f: F) -> Vec<Result<Reply, AppError>>
where
    F: Fn(User) -> Fut,
    Fut: std::future::Future<Output = Result<Reply, AppError>> + Send + 'static,
{
    let tasks: Vec<_> = players.into_iter().map(|p| tokio::spawn(f(p))).collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    results
}

/// 30 players press Join at once against a cap of 12, run after run:
/// exactly 12 are in, the others are told it is full.
async fn joins_never_pass_the_cap(db: Db) {
    let w = world(db).await;
    let runs = match db.backend {
        Backend::Postgres => 100,
        Backend::Sqlite => 10,
    };
    let players: Vec<User> = (0..30)
        .map(|i| User::new(UserId(100 + i), &format!("p{i}")))
        .collect();
    for run in 0..runs {
        let capped = NewTournament {
            max_players: Some(12),
            ..new(TournamentFormat::Swiss)
        };
        let id = create(&w, capped).await;
        let service = w.service.clone();
        let results = all_at_once(players.clone(), move |p| {
            let service = service.clone();
            async move {
                service
                    .tournaments
                    .join_tournament(&p, HERE, Some(id))
                    .await
            }
        })
        .await;
        let joined = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(joined, 12, "run {run}");
        let full: Refusal = TournamentRefusal::Full {
            name: PREMIO.into(),
        }
        .into();
        for result in results.into_iter().filter(|r| r.is_err()) {
            assert_eq!(refused(result), full, "run {run}");
        }
        let listed = (w.service.tournaments)
            .tournament_standings(&w.bob, HERE, Some(id))
            .await
            .unwrap();
        assert_eq!(listed.signed_up().len(), 12, "run {run}");
        (w.service.tournaments)
            .cancel_tournament(&w.alice, HERE, ORGANISER, Some(id))
            .await
            .unwrap();
    }
}

/// A double click on Join: one joins, the other is told they are in.
async fn a_double_join_is_already_in(db: Db) {
    let w = world(db).await;
    for _ in 0..20 {
        let id = create(&w, new(TournamentFormat::Swiss)).await;
        let service = w.service.clone();
        let results = all_at_once(vec![w.bob.clone(), w.bob.clone()], move |p| {
            let service = service.clone();
            async move {
                service
                    .tournaments
                    .join_tournament(&p, HERE, Some(id))
                    .await
            }
        })
        .await;
        let [first, second] = <[_; 2]>::try_from(results).unwrap();
        let refusal = match (first, second) {
            (Ok(_), refused) | (refused, Ok(_)) => refused,
            both => panic!("one of the two joins: {both:?}"),
        };
        let in_already = TournamentRefusal::AlreadyIn {
            name: PREMIO.into(),
        };
        assert_eq!(refused(refusal), in_already.into());
        (w.service.tournaments)
            .cancel_tournament(&w.alice, HERE, ORGANISER, Some(id))
            .await
            .unwrap();
    }
}

/// A player leaves while the organiser starts: either the start counts
/// them out (too few: refused, two players left) or the leave comes
/// after it and withdraws them. Never a running event of two.
async fn a_leave_during_the_start_is_a_withdrawal_or_a_smaller_list(db: Db) {
    let w = world(db).await;
    let players = users(&w);
    for run in 0..20 {
        let id = create(&w, new(TournamentFormat::Swiss)).await;
        join(&w, id, &players[1..4]).await;
        let (start, leave) = {
            let (a, b) = (w.service.clone(), w.service.clone());
            let (alice, carol) = (w.alice.clone(), players[2].clone());
            tokio::join!(
                tokio::spawn(async move {
                    (a.tournaments)
                        .start_tournament(&alice, HERE, ORGANISER, Some(id))
                        .await
                }),
                tokio::spawn(async move {
                    b.tournaments.leave_tournament(&carol, HERE, Some(id)).await
                })
            )
        };
        let leave = leave.unwrap().unwrap();
        let table = (w.service.tournaments)
            .tournament_standings(&w.bob, HERE, Some(id))
            .await
            .unwrap();
        match start.unwrap() {
            Ok(_) => {
                assert!(leave.tells(&TournamentNotice::Withdrawn {
                    name: PREMIO.into()
                }));
                assert_eq!(table.ranked().len(), 3, "run {run}");
            }
            refusal => {
                let too_few = TournamentRefusal::TooFew { min: 3, count: 2 };
                assert_eq!(refused(refusal), too_few.into(), "run {run}");
                assert!(leave.tells(&TournamentNotice::Left {
                    name: PREMIO.into()
                }));
                assert_eq!(table.signed_up().len(), 2, "run {run}");
            }
        }
        (w.service.tournaments)
            .cancel_tournament(&w.alice, HERE, ORGANISER, Some(id))
            .await
            .unwrap();
    }
}

/// Twelve members create a tournament at once, run after run: five are
/// made (the server's limit), the others refused; and one member's
/// three at once make two.
async fn creations_at_once_stay_within_the_limits(db: Db) {
    let w = world(db).await;
    let runs = match db.backend {
        Backend::Postgres => 20,
        Backend::Sqlite => 3,
    };
    let members: Vec<User> = (0..12)
        .map(|i| User::new(UserId(200 + i), &format!("m{i}")))
        .collect();
    let create_all = |creators: Vec<User>| {
        let service = w.service.clone();
        all_at_once(creators, move |p| {
            let service = service.clone();
            async move {
                (service.tournaments)
                    .create_tournament(&p, HERE, new(TournamentFormat::Swiss))
                    .await
            }
        })
    };
    for run in 0..runs {
        let results = create_all(members.clone()).await;
        let made: Vec<TournamentId> = results
            .into_iter()
            .filter_map(|r| match r {
                Ok(reply) => reply.tournament,
                Err(e) => {
                    assert_eq!(
                        refused(Err::<(), _>(e)),
                        TournamentRefusal::TooMany { max: 5 }.into()
                    );
                    None
                }
            })
            .collect();
        assert_eq!(made.len(), 5, "run {run}");
        for id in made {
            (w.service.tournaments)
                .cancel_tournament(&w.alice, HERE, Authority { is_manager: true }, Some(id))
                .await
                .unwrap();
        }
        let results = create_all(vec![w.bob.clone(); 3]).await;
        let made: Vec<TournamentId> = results
            .into_iter()
            .filter_map(|r| r.ok().and_then(|reply| reply.tournament))
            .collect();
        assert_eq!(made.len(), 2, "run {run}");
        for id in made {
            (w.service.tournaments)
                .cancel_tournament(&w.bob, HERE, ORGANISER, Some(id))
                .await
                .unwrap();
        }
    }
}

/// Five rounds asked, three players: two rounds, and the start says so.
async fn a_swiss_plays_at_most_players_less_one_rounds(db: Db) {
    let w = world(db).await;
    let five = NewTournament {
        rounds: Some(5),
        ..new(TournamentFormat::Swiss)
    };
    let id = create(&w, five).await;
    let players = users(&w);
    join(&w, id, &players[..3]).await;
    (w.service.tournaments)
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    let posted = deliver_all(&w).await;
    assert!(
        posted.iter().any(|p| p.tells(&TournamentNotice::Started {
            name: PREMIO.into(),
            players: names(&players[..3]),
            rounds_cut: Some((5, 2)),
        })),
        "{:?}",
        posted.iter().map(|p| &p.says).collect::<Vec<_>>()
    );
    let listed = (w.service.tournaments)
        .tournaments(&w.bob, HERE)
        .await
        .unwrap();
    let [TournamentNotice::Listed(lines)] = listed.told()[..] else {
        panic!("{:?}", listed.says)
    };
    assert!(lines.iter().any(|line| line.id == id), "{lines:?}");
}

/// The sign-up message's edits waiting to be sent.
async fn waiting_edits(w: &World, id: TournamentId) -> Option<i64> {
    raw(
        &w.db,
        "SELECT COUNT(*) FROM outbox WHERE tournament_id = $1 AND edits IS NOT NULL \
         AND delivered_at IS NULL",
        &[id.0],
    )
    .await
}

/// Five joins and a leave before the loop sends anything: one edit waits,
/// with the newest list. One already taken by the loop is not changed: the
/// next goes after it.
async fn a_sign_up_message_waiting_edits_collapse_into_the_newest(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::Swiss)).await;
    let players = users(&w);
    join(&w, id, &players).await;
    (w.service.tournaments)
        .leave_tournament(&players[1], HERE, Some(id))
        .await
        .unwrap();
    assert_eq!(waiting_edits(&w, id).await, Some(1));
    let edits = deliver_all(&w).await;
    assert_eq!(edits.len(), 1, "{edits:?}");
    let newest: Vec<UserId> = (players.iter())
        .filter(|p| p.id != players[1].id)
        .map(|p| p.id)
        .collect();
    assert_eq!(edits[0].sign_up().entrants, newest);

    // Taken by the loop (on its way to Discord): the next edit waits behind.
    join(&w, id, &players[1..2]).await;
    let taken = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(taken.len(), 1);
    (w.service.tournaments)
        .leave_tournament(&players[2], HERE, Some(id))
        .await
        .unwrap();
    assert_eq!(waiting_edits(&w, id).await, Some(2));
    w.service
        .outbox
        .delivered(&[taken[0].id], MessageId(1))
        .await
        .unwrap();
    let last = deliver_all(&w).await;
    assert_eq!(last.len(), 1);
    assert!(!last[0].sign_up().entrants.contains(&players[2].id));
    assert!(last[0].sign_up().entrants.contains(&players[1].id));
}

/// The sign-up post stays past the outbox's week while the event is open
/// or running (joins still edit it); once it ends, it goes like any post.
async fn a_live_tournament_keeps_its_sign_up_post(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::Swiss)).await;
    let ids = [id.0];
    let sign_up_posts = || {
        raw(
            &w.db,
            "SELECT COUNT(*) FROM outbox WHERE tournament_id = $1 AND edits IS NULL",
            &ids,
        )
    };
    assert_eq!(sign_up_posts().await, Some(1));
    w.clock.advance(8 * DAY);
    w.service.outbox.prune_outbox().await.unwrap();
    assert_eq!(sign_up_posts().await, Some(1), "open: kept");
    // A join ten days on still edits it.
    join(&w, id, &users(&w)[..1]).await;
    let edited = deliver_all_to(&w).await;
    assert!(
        matches!(edited[..], [(Destination::Edit { .. }, _)]),
        "{edited:?}"
    );
    (w.service.tournaments)
        .cancel_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    deliver_all(&w).await;
    w.clock.advance(8 * DAY);
    // Its edits go first, then the post.
    w.service.outbox.prune_outbox().await.unwrap();
    w.service.outbox.prune_outbox().await.unwrap();
    assert_eq!(sign_up_posts().await, Some(0), "ended: pruned");
}

/// The clock's look reads a running event only when something is due:
/// not while its round's games go on, yes when a game ended and the
/// standings wait (a game's end moves it on at once; here that fails).
async fn the_clock_reads_only_the_tournaments_due(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::Swiss)).await;
    join(&w, id, &users(&w)[..4]).await;
    (w.service.tournaments)
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    use kiela_app::store::ports::*;
    let store = kiela_store::Store::open(&w.db.url).await.unwrap();
    let due = || async {
        let now = w.clock.now();
        (store.tournaments())
            .due_tournaments(now, now - 30 * DAY)
            .await
            .unwrap()
    };
    assert_eq!(due().await, [], "round 1 under way");
    // The results' post cannot be written: the game's end leaves it.
    refuse_inserts(&w.db, db.backend, "outbox", "NEW.standings = 1").await;
    let games = round_games(&w, id, 1).await;
    let (game, _, north) = games[0];
    let loser = users(&w).into_iter().find(|u| u.id == north).unwrap();
    (w.service.playing)
        .resign(&loser, HERE, Some(game))
        .await
        .unwrap();
    assert_eq!(due().await, [id], "a result to post");
    allow_inserts(&w.db, db.backend, "outbox").await;
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        1
    );
    assert_eq!(due().await, [], "posted: nothing due");
}

/// An open event its organiser never starts, and without a start time,
/// ends after 30 days: the lobby is told, calling the organiser and every
/// player; the sign-up message closes.
async fn an_open_tournament_without_a_start_time_expires(db: Db) {
    let w = world(db).await;
    let id = create(&w, new(TournamentFormat::Swiss)).await;
    let timed = create(
        &w,
        NewTournament {
            starts_in_hours: Some(24 * 40),
            ..new(TournamentFormat::Swiss)
        },
    )
    .await;
    let players = users(&w);
    join(&w, id, &players[1..3]).await;
    deliver_all(&w).await;
    w.clock.advance(kiela_app::EXPIRE_DAYS * DAY - 60);
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0,
        "not yet"
    );
    w.clock.advance(60);
    assert!(w.service.tournaments.advance_tournaments().await.unwrap() > 0);
    assert_eq!(
        w.service.tournaments.advance_tournaments().await.unwrap(),
        0,
        "once"
    );
    let posted = deliver_all_to(&w).await;
    let expired = TournamentNotice::Expired {
        id,
        name: PREMIO.into(),
        days: kiela_app::EXPIRE_DAYS,
        organiser: w.alice.id,
    };
    let (to, told) = (posted.iter())
        .find(|(_, p)| p.tells(&expired))
        .unwrap_or_else(|| panic!("{posted:?}"));
    assert_eq!(*to, Destination::Channel(HERE.channel_id));
    let mut called = told.ping.clone();
    called.sort_by_key(|u| u.0);
    assert_eq!(called, vec![w.alice.id, w.bob.id, w.carol.id]);
    assert!(
        (posted.iter()).any(|(to, p)| matches!(to, Destination::Edit { .. })
            && p.tells(&TournamentNotice::SignUpCancelled))
    );
    let listed = (w.service.tournaments)
        .tournaments(&w.bob, HERE)
        .await
        .unwrap();
    let [TournamentNotice::Listed(lines)] = listed.told()[..] else {
        panic!("{:?}", listed.says)
    };
    let stage = |t: TournamentId| lines.iter().find(|l| l.id == t).map(|l| l.stage);
    assert_eq!(stage(id), Some(TournamentStage::Cancelled));
    assert_eq!(
        stage(timed),
        Some(TournamentStage::Open),
        "a start time: it waits for it"
    );
}

/// The standings picture draws and describes names as written: its alt
/// text is not markdown, so nothing in it is escaped.
async fn the_standings_picture_names_players_as_written(db: Db) {
    let w = world(db).await;
    let marked = User::new(UserId(6), "**x** [a](https://b)");
    let id = create(&w, new(TournamentFormat::RoundRobin)).await;
    join(&w, id, &[w.alice.clone(), w.bob.clone(), marked.clone()]).await;
    (w.service.tournaments)
        .start_tournament(&w.alice, HERE, ORGANISER, Some(id))
        .await
        .unwrap();
    let standings = (w.service.tournaments)
        .tournament_standings(&w.bob, HERE, Some(id))
        .await
        .unwrap();
    let picture = standings.picture.expect("the picture");
    let alt = drawn(&picture.alt_text);
    assert!(alt.contains("**x** [a](https://b)"), "{alt}");
    assert!(!alt.contains('\\'), "{alt}");
}

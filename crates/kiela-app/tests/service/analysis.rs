//! Analysis and hints.

use kiela_app::{AnalysisNotice, AnalysisRefusal, JudgedTurn, Name};

use super::*;

/// An analysis' game, who shared it, and its flagged turns.
fn analysis_of(reply: &Reply) -> (GameId, Option<Name>, Vec<JudgedTurn>) {
    match reply.says.as_slice() {
        [Notice::Analysis(AnalysisNotice::Analysis {
            game,
            shared_by,
            turns,
        })] => (*game, shared_by.clone(), turns.clone()),
        other => panic!("not an analysis: {other:?}"),
    }
}

on_both_backends! {
    hints_only_against_the_ai_counted_with_the_result,
    a_finished_games_analysis_is_stored_and_an_ongoing_game_is_refused,
    one_turn_has_one_number_everywhere,
    an_analysis_is_private_until_shared_in_the_games_place,
    a_hints_play_button_plays_its_move_once,
    the_review_jumps_between_the_mistakes,
    a_game_is_analysed_once_and_a_user_waits_between_analyses,
}

async fn a_finished_games_analysis_is_stored_and_an_ongoing_game_is_refused(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
        .await
        .unwrap();
    w.service
        .playing
        .play_move(&w.bob, HERE, Some(game), first_offer(&reply), None)
        .await
        .unwrap();
    let told = Arc::new(std::sync::Mutex::new(Vec::new()));
    let progress = {
        let told = told.clone();
        Arc::new(move |done, total| told.lock().unwrap().push((done, total)))
    };
    let ongoing = w
        .service
        .analysis
        .analysis(&w.carol, HERE, game, progress.clone())
        .await;
    assert_eq!(
        refused(ongoing),
        AnalysisRefusal::Ongoing {
            game,
            against_ai: false
        }
        .into()
    );
    assert!(w
        .service
        .store()
        .analysis
        .analysis(game)
        .await
        .unwrap()
        .is_none());
    // A game resigned before its first move has nothing to analyse.
    let unplayed = started(&w, alice_first()).await;
    w.service
        .playing
        .resign(&w.alice, HERE, Some(unplayed))
        .await
        .unwrap();
    let empty = w
        .service
        .analysis
        .analysis(&w.carol, HERE, unplayed, progress.clone())
        .await;
    assert_eq!(refused(empty), AnalysisRefusal::NoMoves(unplayed).into());

    w.service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let first = w
        .service
        .analysis
        .analysis(&w.carol, HERE, game, progress.clone())
        .await
        .unwrap();
    let (analysed, shared_by, _) = analysis_of(&first);
    assert_eq!((analysed, shared_by), (game, None));
    // Privately, with a Share button.
    assert!(first.private);
    assert_eq!(first.share, Some(game));
    assert!(first.posts.is_empty());
    assert!(first.picture.is_some());
    assert_eq!(*told.lock().unwrap(), [(1, 3), (2, 3), (3, 3)]);
    let (nodes, stored) = w
        .service
        .store()
        .analysis
        .analysis(game)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(nodes, 150_000);
    assert!(stored.contains("\"played\":\"G2\""), "{stored}");
    // From the database: no search, the same answer, also in a new process.
    let again = service_on(&w.db.url, &w.clock).await;
    let second = again
        .analysis
        .analysis(&w.alice, HERE, game, progress)
        .await
        .unwrap();
    assert_eq!(told.lock().unwrap().len(), 3, "searched again");
    assert_eq!(second.says, first.says);
    assert_eq!(second.picture, first.picture);
}

/// A hint: only in a game against the AI, on your turn; private, the board
/// after the engine's move; counted, and shown with the result.
async fn hints_only_against_the_ai_counted_with_the_result(db: Db) {
    let w = world(db).await;
    let people = started(&w, alice_first()).await;
    let between_people = w.service.analysis.hint(&w.alice, HERE, Some(people)).await;
    assert_eq!(
        refused(between_people),
        AnalysisRefusal::HintBetweenPeople.into()
    );

    let reply = w
        .service
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    assert!(reply.may_hint, "the board offers a Hint");
    let game = reply.game.unwrap().id;
    let e = failure(w.service.analysis.hint(&w.bob, HERE, Some(game)).await);
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    let hint = w
        .service
        .analysis
        .hint(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    assert!(hint.private && hint.ping.is_empty() && hint.moves.is_empty());
    assert!(hint.picture.is_some());
    let play = hint.hint.expect("a Play button");
    assert_eq!((play.game, play.ply), (game, 0));
    let hole = play.hole.to_string();
    // The hint's line names the move and carries its path (worded in the
    // future tense: the move is not played).
    match &hint.says[0] {
        Notice::Analysis(AnalysisNotice::Hint {
            game: hinted,
            hole: said,
            trace,
        }) => {
            assert_eq!((*hinted, said), (game, &hole));
            assert_eq!(trace.laps[0].from, play.hole);
        }
        other => panic!("not a hint: {other:?}"),
    }
    // The hinted hole is one the board offered, and the same again.
    assert!(
        reply.moves.iter().any(|(h, _)| h.to_string() == hole),
        "{hole}"
    );
    let again = w
        .service
        .analysis
        .hint(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    assert_eq!(again.says, hint.says);
    let over = w
        .service
        .playing
        .resign(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    assert!(!over.may_hint);
    assert!(
        matches!(over.board_lines()[0], BoardNotice::Result { hints: 2, .. }),
        "{:?}",
        over.says
    );
    let after = w.service.analysis.hint(&w.alice, HERE, Some(game)).await;
    assert_eq!(refused(after), AnalysisRefusal::HintOver(game).into());
}

/// A turn is one player's move, numbered 1…N the same everywhere: the
/// board after it (its headline, its picture's alt text), `/kiela games`,
/// Replay turn, the analysis line that judges it and its Review step.
async fn one_turn_has_one_number_everywhere(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let shown = w
        .service
        .playing
        .show(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    assert_eq!(shown.says[0], PlayNotice::Shown { game, ply: 0 }.into());
    // North's H4, turn 4, is a mistake (see the README's `kiela analyze`);
    // at the bot's budget every move of this opening is judged.
    let moves = ["H2", "A4", "H1", "H4"];
    for (i, name) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { &w.alice } else { &w.bob };
        let reply = w
            .service
            .playing
            .play_move(player, HERE, Some(game), hole(name), None)
            .await
            .unwrap();
        let alt = drawn(&reply.picture.unwrap().alt_text).to_string();
        let turn = format!("Kiela board, Game #{game}, Standard, turn {}.", i + 1);
        assert!(alt.starts_with(&turn), "{alt}");
    }
    let shown = w
        .service
        .playing
        .show(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    assert!(
        shown.says[0] == PlayNotice::Shown { game, ply: 4 }.into(),
        "{:?}",
        shown.says
    );
    let alt = drawn(&shown.picture.unwrap().alt_text).to_string();
    assert!(alt.contains(", turn 4. alice (South) to move."), "{alt}");
    let (games, _) = super::info::games_listed(&w.service.info.my_games(&w.alice).await.unwrap());
    assert_eq!(games[0].ply, 4);
    assert!(matches!(games[0].to_move, kiela_app::ToMove::You { .. }));
    let watched = w
        .service
        .games
        .watch(&w.carol, HERE, game, 4)
        .await
        .unwrap();
    assert!(
        matches!(
            &watched.says[..],
            [Notice::Board(BoardNotice::Watched { game: g, turn: 4, by, path })]
                if *g == game && by.raw() == "bob" && path.laps[0].from.to_string() == "H4"
        ),
        "{:?}",
        watched.says
    );
    w.service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("I2"), None)
        .await
        .unwrap();
    let over = w
        .service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let alt = drawn(&over.picture.unwrap().alt_text).to_string();
    assert!(alt.contains(", turn 5. Game over."), "{alt}");

    let progress: kiela_app::Progress = Arc::new(|_, _| {});
    let analysis = w
        .service
        .analysis
        .analysis(&w.carol, HERE, game, progress.clone())
        .await
        .unwrap();
    let (_, _, turns) = analysis_of(&analysis);
    assert!(
        (turns.iter()).any(|t| (t.ply, t.name.raw(), t.played.as_str()) == (4, "bob", "H4")),
        "{turns:?}"
    );
    // Every line's turn is its Review step's and Replay turn's.
    for judged in turns {
        let (ply, name, hole) = (judged.ply, judged.name.raw(), &judged.played);
        let step = w
            .service
            .analysis
            .review(&w.carol, HERE, game, ply, progress.clone())
            .await
            .unwrap();
        assert!(
            matches!(
                &step.says[0],
                Notice::Analysis(AnalysisNotice::Review { game: g, ply: p, last: 5, name: n, played, .. })
                    if (*g, *p, n.raw(), played) == (game, ply, name, hole)
            ),
            "{:?}",
            step.says
        );
        let alt = drawn(&step.picture.unwrap().alt_text).to_string();
        assert!(alt.contains(&format!(", turn {ply}. ")), "{alt}");
        let watched = w
            .service
            .games
            .watch(&w.carol, HERE, game, ply)
            .await
            .unwrap();
        assert!(
            matches!(
                &watched.says[..],
                [Notice::Board(BoardNotice::Watched { game: g, turn: t, by, path })]
                    if *g == game && *t == ply && by.raw() == name
                        && path.laps[0].from.to_string() == *hole
            ),
            "{:?}",
            watched.says
        );
    }
}

/// Analyse answers privately, with Share; Share posts the analysis in the
/// game's place, in the server's language, naming who shared it, through
/// the outbox (its graph drawn again when the delivery loop sends it).
/// An ongoing game, or one of another server, is refused, and nothing is
/// posted.
async fn an_analysis_is_private_until_shared_in_the_games_place(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let reply = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
        .await
        .unwrap();
    let ongoing = w
        .service
        .analysis
        .share_analysis(&w.carol, HERE, game)
        .await;
    assert_eq!(
        refused(ongoing),
        AnalysisRefusal::Ongoing {
            game,
            against_ai: false
        }
        .into()
    );
    w.service
        .playing
        .play_move(&w.bob, HERE, Some(game), first_offer(&reply), None)
        .await
        .unwrap();
    w.service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let pending = w.service.outbox.undelivered().await.unwrap();
    let elsewhere = Place {
        guild_id: GuildId(11),
        ..HERE
    };
    failure(
        w.service
            .analysis
            .share_analysis(&w.carol, elsewhere, game)
            .await,
    );
    assert_eq!(w.service.outbox.undelivered().await.unwrap(), pending);

    let progress: kiela_app::Progress = Arc::new(|_, _| {});
    let private = w
        .service
        .analysis
        .analysis(&w.carol, HERE, game, progress)
        .await
        .unwrap();
    assert!(private.private && private.share == Some(game));
    // Shared in a Portuguese server: the server's words, not carol's.
    let server = Place {
        lang: Lang::Pt,
        ..HERE
    };
    let shared_at = w.clock.now();
    let shared = w
        .service
        .analysis
        .share_analysis(&w.carol, server, game)
        .await
        .unwrap();
    assert!(!shared.private && shared.share.is_none());
    let (analysed, shared_by, _) = analysis_of(&shared);
    assert_eq!((analysed, shared_by), (game, Some(w.carol.name.clone())));
    assert_eq!(shared.lang, Lang::Pt);
    let graph = shared.picture.clone().expect("the graph");
    assert!(
        matches!(graph.alt_text, kiela_app::AltText::Graph { game: g, .. } if g == game),
        "{:?}",
        graph.alt_text
    );
    assert_eq!(shared.posts.len(), 1);
    // The answer failed: the delivery loop of a new process sends it, the
    // same words and graph, to the game's channel.
    w.service.outbox.release(&shared.posts).await.unwrap();
    let again = service_on(&w.db.url, &w.clock).await;
    // Behind the game's earlier posts in its queue, some still held for
    // answers this test never gave: past their lease, deliver them all.
    w.clock.advance(3600);
    let mut sent = Vec::new();
    loop {
        let batch = again.delivery.claim_deliveries(50).await.unwrap();
        if batch.is_empty() {
            break;
        }
        for delivery in batch {
            again
                .outbox
                .delivered(&[delivery.id], MessageId(1))
                .await
                .unwrap();
            if delivery.id == shared.posts[0] {
                sent.push(delivery);
            }
        }
    }
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, Destination::Channel(HERE.channel_id));
    assert_eq!(sent[0].reply.says, shared.says);
    assert_eq!(sent[0].reply.lang, Lang::Pt);
    assert_eq!(sent[0].reply.picture, shared.picture);
    assert!(!sent[0].reply.private);

    // Shared once per game and place: a second Share (anyone's) answers
    // where it already is, its message, and posts nothing.
    let pending = w.service.outbox.undelivered().await.unwrap();
    let twice = w.service.analysis.share_analysis(&w.bob, HERE, game).await;
    assert_eq!(
        refused(twice),
        AnalysisRefusal::AlreadyShared {
            game,
            by: w.carol.id,
            at: shared_at,
            guild: HERE.guild_id,
            channel: HERE.channel_id,
            message: Some(MessageId(1)),
        }
        .into()
    );
    assert_eq!(w.service.outbox.undelivered().await.unwrap(), pending);
    let shown = raw(
        &w.db,
        "SELECT COUNT(*) FROM outbox WHERE shows_analysis = 1",
        &[],
    )
    .await;
    assert_eq!(shown, Some(1));
}

/// A hint's Play button plays its move as the menu would: once; pressed
/// again (its board is stale now) it is refused and nothing changes.
async fn a_hints_play_button_plays_its_move_once(db: Db) {
    let w = world(db).await;
    let reply = w
        .service
        .challenges
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    let game = reply.game.unwrap().id;
    let hint = w
        .service
        .analysis
        .hint(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    let play = hint.hint.unwrap();
    // Only the player whose hint it is may play it.
    let e = failure(
        w.service
            .playing
            .play_move(&w.bob, HERE, Some(game), play.hole, Some(play.ply))
            .await,
    );
    assert!(matches!(e, AppError::NotYourGame), "{e:?}");
    let played = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), play.hole, Some(play.ply))
        .await
        .unwrap();
    let sowed = |(_, path): &(String, Option<(Hole, Hole)>)| {
        path.is_some_and(|(from, _)| from.to_string() == play.hole.to_string())
    };
    assert!(played.turns().iter().any(sowed), "{:?}", played.says);
    let record = w.service.store().games.game(game).await.unwrap().unwrap();
    let before = record.version;
    let e = failure(
        w.service
            .playing
            .play_move(&w.alice, HERE, Some(game), play.hole, Some(play.ply))
            .await,
    );
    assert!(matches!(e, AppError::OutOfDate { .. }), "{e:?}");
    let after = w.service.store().games.game(game).await.unwrap().unwrap();
    assert_eq!(after.version, before, "a stale hint changed the game");
}

/// Review's Next mistake and Previous mistake go from one turn the
/// analysis lists to the next, and go nowhere past the first or the last.
async fn the_review_jumps_between_the_mistakes(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    // North's H4, turn 4, is a mistake (see `one_turn_has_one_number_everywhere`).
    for (i, name) in ["H2", "A4", "H1", "H4", "I2"].iter().enumerate() {
        let player = if i % 2 == 0 { &w.alice } else { &w.bob };
        w.service
            .playing
            .play_move(player, HERE, Some(game), hole(name), None)
            .await
            .unwrap();
    }
    w.service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let progress: kiela_app::Progress = Arc::new(|_, _| {});
    let analysis = w
        .service
        .analysis
        .analysis(&w.carol, HERE, game, progress.clone())
        .await
        .unwrap();
    let (_, _, turns) = analysis_of(&analysis);
    let mistakes: Vec<i64> = turns.iter().map(|t| t.ply).collect();
    assert!(mistakes.contains(&4), "{mistakes:?}");
    let step = |ply| {
        let (w, progress) = (&w, progress.clone());
        async move {
            (w.service
                .analysis
                .review(&w.carol, HERE, game, ply, progress)
                .await)
                .unwrap()
                .review
                .unwrap()
        }
    };
    let first = step(1).await;
    assert_eq!(
        first.previous_mistake,
        mistakes.iter().copied().find(|&m| m < 1)
    );
    // From turn 1, Next mistake visits each listed turn in order.
    let mut at = first;
    let mut visited = Vec::new();
    while let Some(next) = at.next_mistake {
        assert!(next > at.ply);
        visited.push(next);
        at = step(next).await;
    }
    let after_first: Vec<i64> = mistakes.iter().copied().filter(|&m| m > 1).collect();
    assert_eq!(visited, after_first);
    // And Previous mistake comes back.
    let mut back = Vec::new();
    while let Some(previous) = at.previous_mistake {
        assert!(previous < at.ply);
        back.push(previous);
        at = step(previous).await;
    }
    back.reverse();
    let before_last: Vec<i64> = match visited.last() {
        Some(&last) => mistakes.iter().copied().filter(|&m| m < last).collect(),
        None => Vec::new(),
    };
    assert_eq!(back, before_last);
    assert_eq!(step(5).await.next_mistake, None);
}

/// Two requests at once for the same game's analysis make one search (the
/// second waits for the first and reads it); a user who just started an
/// analysis waits a minute before starting another, while one already
/// made is shown at once.
async fn a_game_is_analysed_once_and_a_user_waits_between_analyses(db: Db) {
    let w = world(db).await;
    let mut games = Vec::new();
    for _ in 0..3 {
        let game = started(&w, alice_first()).await;
        let reply = w
            .service
            .playing
            .play_move(&w.alice, HERE, Some(game), hole("G2"), None)
            .await
            .unwrap();
        w.service
            .playing
            .play_move(&w.bob, HERE, Some(game), first_offer(&reply), None)
            .await
            .unwrap();
        w.service
            .playing
            .resign(&w.bob, HERE, Some(game))
            .await
            .unwrap();
        games.push(game);
    }
    let searched = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let progress: kiela_app::Progress = {
        let searched = searched.clone();
        Arc::new(move |_, _| {
            searched.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        })
    };
    let (carol, alice) = tokio::join!(
        w.service
            .analysis
            .analysis(&w.carol, HERE, games[0], progress.clone()),
        w.service
            .analysis
            .analysis(&w.alice, HERE, games[0], progress.clone()),
    );
    let (carol, alice) = (carol.unwrap(), alice.unwrap());
    assert_eq!(carol.says, alice.says);
    assert!(matches!(analysis_of(&carol), (g, None, _) if g == games[0]));
    let positions = searched.load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!(positions, 3, "one search of the game's three positions");

    w.service
        .analysis
        .analysis(&w.bob, HERE, games[1], progress.clone())
        .await
        .unwrap();
    let too_soon = w
        .service
        .analysis
        .analysis(&w.bob, HERE, games[2], progress.clone())
        .await;
    assert_eq!(
        refused(too_soon),
        AnalysisRefusal::Cooldown { seconds: 60 }.into()
    );
    assert!(w
        .service
        .store()
        .analysis
        .analysis(games[2])
        .await
        .unwrap()
        .is_none());
    // One already made is shown at once; a minute later a new one starts.
    w.service
        .analysis
        .analysis(&w.bob, HERE, games[0], progress.clone())
        .await
        .unwrap();
    w.clock.advance(60);
    w.service
        .analysis
        .analysis(&w.bob, HERE, games[2], progress)
        .await
        .unwrap();
    assert!(w
        .service
        .store()
        .analysis
        .analysis(games[2])
        .await
        .unwrap()
        .is_some());
}

//! Analysis and hints.

use super::*;

on_both_backends! {
    hints_only_against_the_ai_counted_with_the_result,
    a_finished_games_analysis_is_stored_and_an_ongoing_game_is_refused,
}

async fn a_finished_games_analysis_is_stored_and_an_ongoing_game_is_refused(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let reply = w
        .service
        .play_move(&w.alice, HERE, Some(game), "G2", None)
        .await
        .unwrap();
    w.service
        .play_move(&w.bob, HERE, Some(game), &first_offer(&reply), None)
        .await
        .unwrap();
    let told = Arc::new(std::sync::Mutex::new(Vec::new()));
    let progress = {
        let told = told.clone();
        Arc::new(move |done, total| told.lock().unwrap().push((done, total)))
    };
    let e = refusal(
        w.service
            .analysis(&w.carol, HERE, game, progress.clone())
            .await,
    );
    assert!(e.contains("help during play"), "{e}");
    assert!(w.service.store().analysis(game).await.unwrap().is_none());

    w.service.resign(&w.bob, HERE, Some(game)).await.unwrap();
    let first = w
        .service
        .analysis(&w.carol, HERE, game, progress.clone())
        .await
        .unwrap();
    assert!(
        first.text.starts_with("**Analysis of game #"),
        "{}",
        first.text
    );
    assert!(!first.private);
    assert!(first.picture.is_some());
    assert_eq!(*told.lock().unwrap(), [(1, 3), (2, 3), (3, 3)]);
    let (nodes, stored) = w.service.store().analysis(game).await.unwrap().unwrap();
    assert_eq!(nodes, 150_000);
    assert!(stored.contains("\"played\":\"G2\""), "{stored}");
    // From the database: no search, the same answer, also in a new process.
    let again = service_on(&w.db.url, &w.clock).await;
    let second = again
        .analysis(&w.alice, HERE, game, progress)
        .await
        .unwrap();
    assert_eq!(told.lock().unwrap().len(), 3, "searched again");
    assert_eq!(second.text, first.text);
    assert_eq!(second.picture, first.picture);
}

/// A hint: only in a game against the AI, on your turn; private, the board
/// after the engine's move; counted, and shown with the result.
async fn hints_only_against_the_ai_counted_with_the_result(db: Db) {
    let w = world(db).await;
    let people = started(&w, alice_first()).await;
    let e = refusal(w.service.hint(&w.alice, HERE, Some(people)).await);
    assert!(e.contains("only in games against the AI"), "{e}");

    let reply = w
        .service
        .start_ai_game(&w.alice, HERE, Level::Easy, alice_first())
        .await
        .unwrap();
    assert!(reply.may_hint, "the board offers a Hint");
    let game = reply.game.unwrap().id;
    let e = refusal(w.service.hint(&w.bob, HERE, Some(game)).await);
    assert!(e.contains("not") && e.contains("game"), "{e}");
    let hint = w.service.hint(&w.alice, HERE, Some(game)).await.unwrap();
    assert!(hint.private && hint.ping.is_empty() && hint.moves.is_empty());
    assert!(hint.picture.is_some());
    assert!(
        hint.text.starts_with(&format!("Hint for game #{game}")),
        "{}",
        hint.text
    );
    // The hinted hole is one the board offered, and the same again.
    let hole = hint.text.split("would sow ").nth(1).unwrap()[..2].to_string();
    assert!(
        reply.moves.iter().any(|(h, _)| h.to_string() == hole),
        "{hole}"
    );
    let again = w.service.hint(&w.alice, HERE, Some(game)).await.unwrap();
    assert_eq!(again.text, hint.text);
    let over = w.service.resign(&w.alice, HERE, Some(game)).await.unwrap();
    assert!(!over.may_hint);
    assert!(over.text.contains("With 2 hints."), "{}", over.text);
    let e = refusal(w.service.hint(&w.alice, HERE, Some(game)).await);
    assert!(e.contains("is over"), "{e}");
}

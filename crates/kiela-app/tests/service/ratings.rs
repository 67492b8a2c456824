//! Ratings per server.

use super::*;

on_both_backends! {
    ratings_are_shown_per_server_with_each_results_change,
}

/// A game between alice and bob in `place`, ended at once by bob's
/// resignation (alice wins): the game id and the result's text.
async fn won_by_alice(w: &World, place: Place, alice: &User, bob: &User) -> (GameId, String) {
    let challenge = w
        .service
        .challenge(alice, place, bob, alice_first())
        .await
        .unwrap();
    let game = (w.service.accept(bob, place, challenge.challenge).await)
        .unwrap()
        .game
        .unwrap()
        .id;
    let done = w.service.resign(bob, place, Some(game)).await.unwrap();
    (game, done.worded())
}

/// Every rated result shows both rating changes, also when composed after
/// later games; stats count this server only, with plurals in both
/// languages; the leaderboard puts established players before provisional
/// ones and explains the mark.
async fn ratings_are_shown_per_server_with_each_results_change(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let (first, text) = won_by_alice(&w, HERE, &w.alice, &w.bob).await;
    let alice = store.rating(HERE.guild_id, w.alice.id).await.unwrap();
    let bob = store.rating(HERE.guild_id, w.bob.id).await.unwrap();
    let (a, b) = (alice.rating.round() as i64, bob.rating.round() as i64);
    assert!(a > 1500 && b < 1500, "{a} {b}");
    let en = |n: i64| Lang::En.number(n);
    let line = format!(
        "alice {} (+{}) · bob {} (\u{2212}{})",
        en(a),
        a - 1500,
        en(b),
        1500 - b
    );
    assert!(
        line.contains("alice 1,") && line.contains("bob 1,"),
        "{line}"
    );
    assert!(text.contains(&line), "{line:?} in {text}");

    // Another server: its own ratings, and its ongoing game is not counted here.
    let there = Place {
        guild_id: GuildId(11),
        channel_id: ChannelId(30),
        ..HERE
    };
    let (_, text) = won_by_alice(&w, there, &w.alice, &w.bob).await;
    assert!(text.contains("alice 1"), "{text}");
    let ongoing = w
        .service
        .challenge(&w.alice, there, &w.bob, alice_first())
        .await
        .unwrap();
    w.service
        .accept(&w.bob, there, ongoing.challenge)
        .await
        .unwrap();
    let stats = w.service.stats(HERE, &w.alice).await.unwrap().text();
    assert!(
        stats.contains(&format!("rating {}?", en(a)))
            && stats.contains("1 win, 0 losses, 0 draws in this server; 0 ongoing games"),
        "{stats}"
    );
    let stats = w.service.stats(there, &w.bob).await.unwrap().text();
    assert!(
        stats.contains("0 wins, 1 loss, 0 draws") && stats.contains("1 ongoing game."),
        "{stats}"
    );
    let pt = Place {
        lang: Lang::Pt,
        ..HERE
    };
    let stats = w.service.stats(pt, &w.alice).await.unwrap().text();
    // Zero takes the plural (CLDR's Portuguese "one" covers 0: the
    // catalogue's singular is [1]).
    assert!(
        stats.contains("1 vitória, 0 derrotas, 0 empates"),
        "{stats}"
    );
    assert!(
        stats.contains(&format!("rating {}?", Lang::Pt.number(a))),
        "{stats}"
    );
    assert!(stats.contains("rating 1."), "{stats}");

    // Four more wins: alice and bob are established (5 games); carol beats
    // dave once and rates above bob, but is listed after him, marked.
    for _ in 0..4 {
        won_by_alice(&w, HERE, &w.alice, &w.bob).await;
    }
    let dave = User::new(UserId(4), "dave");
    won_by_alice(&w, HERE, &w.carol, &dave).await;
    let carol = store.rating(HERE.guild_id, w.carol.id).await.unwrap();
    let bob = store.rating(HERE.guild_id, w.bob.id).await.unwrap();
    assert!(carol.rating > bob.rating && !bob.is_provisional() && carol.is_provisional());
    let board = w.service.leaderboard(HERE).await.unwrap().text();
    let names: Vec<&str> = (board.lines().skip(1).take(4))
        .map(|line| line.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(names, ["alice:", "bob:", "carol:", "dave:"], "{board}");
    assert!(
        board.contains(&format!("carol: {}?", en(carol.rating.round() as i64)))
            && !board.contains("bob: ?")
            && board.contains("? provisional: fewer than 5 rated games"),
        "{board}"
    );

    let board = w.service.leaderboard(pt).await.unwrap().text();
    let alice = store.rating(HERE.guild_id, w.alice.id).await.unwrap();
    let shown = format!(
        "alice: {} (5-0-0)",
        Lang::Pt.number(alice.rating.round() as i64)
    );
    assert!(
        board.contains(&shown) && shown.contains(": 1."),
        "{shown:?} in {board}"
    );

    // The first game's result, shown again after later games, still shows
    // its own change, not today's ratings.
    let again = (w.service.show(&w.alice, HERE, Some(first)).await)
        .unwrap()
        .worded();
    assert!(again.contains(&line), "{line:?} in {again}");
    // No rating line for a game against the AI.
    let ai = w
        .service
        .challenge(&w.alice, HERE, &bot(), alice_first())
        .await
        .unwrap();
    let ai_game = ai.game.unwrap().id;
    let done = w
        .service
        .resign(&w.alice, HERE, Some(ai_game))
        .await
        .unwrap();
    assert!(
        matches!(done.board_lines()[0], BoardNotice::Result { .. })
            && !done.worded().contains("(+"),
        "{:?}",
        done.says
    );
}

//! Ratings per server.

use kiela_app::{RatedRecord, RatingChange, RatingsNotice, Stats};

use super::*;

/// The stats a `/kiela stats` reply says first.
pub(super) fn stats_of(reply: Reply) -> Stats {
    match reply.says.first() {
        Some(Notice::Ratings(RatingsNotice::Stats(stats))) => stats.clone(),
        _ => panic!("no stats in {reply:?}"),
    }
}

fn won_lost_drawn(wins: i64, losses: i64, draws: i64) -> RatedRecord {
    RatedRecord {
        wins,
        losses,
        draws,
    }
}

on_both_backends! {
    ratings_are_shown_per_server_with_each_results_change,
}

/// A game between alice and bob in `place`, ended at once by bob's
/// resignation (alice wins): the game id and the result's text.
/// The rating changes a result shows, if any.
pub fn changes_of(reply: &Reply) -> Option<Vec<RatingChange>> {
    reply.says.iter().find_map(|said| match said {
        Notice::Ratings(RatingsNotice::Changed(changes)) => Some(changes.clone()),
        _ => None,
    })
}

async fn won_by_alice(w: &World, place: Place, alice: &User, bob: &User) -> (GameId, Reply) {
    let challenge = w
        .service
        .challenges
        .challenge(alice, place, bob, alice_first())
        .await
        .unwrap();
    let game = (w
        .service
        .challenges
        .accept(bob, place, challenge.challenge)
        .await)
        .unwrap()
        .game
        .unwrap()
        .id;
    let done = w
        .service
        .playing
        .resign(bob, place, Some(game))
        .await
        .unwrap();
    (game, done)
}

/// Every rated result shows both rating changes, also when composed after
/// later games; stats count this server only, with plurals in both
/// languages; the leaderboard puts established players before provisional
/// ones and explains the mark.
async fn ratings_are_shown_per_server_with_each_results_change(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let (first, done) = won_by_alice(&w, HERE, &w.alice, &w.bob).await;
    let alice = store
        .ratings
        .rating(HERE.guild_id, w.alice.id)
        .await
        .unwrap();
    let bob = store.ratings.rating(HERE.guild_id, w.bob.id).await.unwrap();
    let (a, b) = (alice.rating.round() as i64, bob.rating.round() as i64);
    assert!(a > 1500 && b < 1500, "{a} {b}");
    let changes = vec![
        RatingChange {
            player: w.alice.id,
            name: w.alice.name.clone(),
            rating: a,
            change: a - 1500,
        },
        RatingChange {
            player: w.bob.id,
            name: w.bob.name.clone(),
            rating: b,
            change: b - 1500,
        },
    ];
    assert_eq!(changes_of(&done).as_ref(), Some(&changes));

    // Another server: its own ratings, and its ongoing game is not counted here.
    let there = Place {
        guild_id: GuildId(11),
        channel_id: ChannelId(30),
        ..HERE
    };
    let (_, there_done) = won_by_alice(&w, there, &w.alice, &w.bob).await;
    let there_changes = changes_of(&there_done).expect("rated there");
    // The first game there: both start again from 1500.
    assert_eq!(there_changes[0].rating - there_changes[0].change, 1500);
    let ongoing = w
        .service
        .challenges
        .challenge(&w.alice, there, &w.bob, alice_first())
        .await
        .unwrap();
    w.service
        .challenges
        .accept(&w.bob, there, ongoing.challenge)
        .await
        .unwrap();
    let stats = stats_of(w.service.ratings.stats(HERE, &w.alice).await.unwrap());
    assert_eq!(stats.name, w.alice.name);
    assert_eq!((stats.rating, stats.provisional), (a, true));
    assert_eq!(stats.record, won_lost_drawn(1, 0, 0));
    assert_eq!(stats.ongoing, 0);
    assert_eq!((stats.tournaments_played, stats.tournaments_won), (0, 0));
    let stats = stats_of(w.service.ratings.stats(there, &w.bob).await.unwrap());
    assert_eq!(stats.record, won_lost_drawn(0, 1, 0));
    assert_eq!(stats.ongoing, 1);
    let pt = Place {
        lang: Lang::Pt,
        ..HERE
    };
    let in_pt = w.service.ratings.stats(pt, &w.alice).await.unwrap();
    assert_eq!(in_pt.lang, Lang::Pt);
    assert_eq!(stats_of(in_pt).record, won_lost_drawn(1, 0, 0));

    // Four more wins: alice and bob are established (5 games); carol beats
    // dave once and rates above bob, but is listed after him, marked.
    for _ in 0..4 {
        won_by_alice(&w, HERE, &w.alice, &w.bob).await;
    }
    let dave = User::new(UserId(4), "dave");
    won_by_alice(&w, HERE, &w.carol, &dave).await;
    let carol = store
        .ratings
        .rating(HERE.guild_id, w.carol.id)
        .await
        .unwrap();
    let bob = store.ratings.rating(HERE.guild_id, w.bob.id).await.unwrap();
    assert!(carol.rating > bob.rating && !bob.is_provisional() && carol.is_provisional());
    let board = w.service.ratings.leaderboard(HERE).await.unwrap();
    let [Notice::Ratings(RatingsNotice::Leaderboard {
        rows,
        provisional_games: 5,
    })] = &board.says[..]
    else {
        panic!("{board:?}");
    };
    let names: Vec<&str> = rows.iter().map(|row| row.name.raw()).collect();
    assert_eq!(names, ["alice", "bob", "carol", "dave"]);
    let players: Vec<UserId> = rows.iter().map(|row| row.player).collect();
    assert_eq!(players, [w.alice.id, w.bob.id, w.carol.id, dave.id]);
    assert_eq!(
        (rows[2].rating, rows[2].provisional, rows[1].provisional),
        (carol.rating.round() as i64, true, false)
    );
    let alice = store
        .ratings
        .rating(HERE.guild_id, w.alice.id)
        .await
        .unwrap();
    assert_eq!(rows[0].rating, alice.rating.round() as i64);
    assert_eq!(rows[0].record, won_lost_drawn(5, 0, 0));
    assert_eq!(
        w.service.ratings.leaderboard(pt).await.unwrap().lang,
        Lang::Pt
    );

    // A server with no rated game: an empty list.
    let elsewhere = Place {
        guild_id: GuildId(12),
        ..HERE
    };
    let empty = w.service.ratings.leaderboard(elsewhere).await.unwrap();
    assert!(
        matches!(&empty.says[..], [Notice::Ratings(RatingsNotice::Leaderboard { rows, .. })] if rows.is_empty()),
        "{empty:?}"
    );

    // The first game's result, shown again after later games, still shows
    // its own change, not today's ratings.
    let again = (w.service.playing.show(&w.alice, HERE, Some(first)).await).unwrap();
    assert_eq!(changes_of(&again), Some(changes));
    // No rating line for a game against the AI.
    let ai = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &bot(), alice_first())
        .await
        .unwrap();
    let ai_game = ai.game.unwrap().id;
    let done = w
        .service
        .playing
        .resign(&w.alice, HERE, Some(ai_game))
        .await
        .unwrap();
    assert!(
        matches!(done.board_lines()[0], BoardNotice::Result { .. }) && changes_of(&done).is_none(),
        "{:?}",
        done.says
    );
}

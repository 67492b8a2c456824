//! The outbox: posts wait for their answer, go out once and in order, in the right channel.

use super::*;
use kiela_app::store::{NewPost, PostTarget};
use kiela_app::Delivery;
use kiela_app::OutboxNotice;

on_both_backends! {
    posts_wait_for_their_answer_and_go_out_in_order_once,
    two_processes_share_the_outbox_without_double_posts,
    only_players_post_boards_and_games_are_answered_in_their_channel,
    posts_failing_for_now_come_back_later_and_are_parked_after_hours,
    old_posts_are_deleted_the_pending_kept,
    a_post_is_deleted_after_the_edits_of_its_message,
    a_failing_direct_message_holds_only_its_own_queue,
    an_answer_never_takes_a_post_the_delivery_loop_holds,
    an_answer_never_overtakes_an_earlier_post_of_its_queue,
    an_outage_does_not_count_as_time_a_post_was_failing,
    a_parked_post_is_listed_with_why_and_tried_again,
    the_database_keeps_the_time,
    a_fast_host_takes_no_held_post_once_it_follows_the_database,
    an_answer_that_may_have_shown_is_looked_for_at_once,
}

/// An answer that failed in a way that may have shown it hands its posts
/// to the delivery loop at once, with its token (to look for it first); a
/// restart on SQLite (one process) ends the holds of the answers the
/// process before was giving, and posts nobody answered wait for nothing.
async fn an_answer_that_may_have_shown_is_looked_for_at_once(db: Db) {
    let w = world(db).await;
    let unsure = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    assert!(w
        .service
        .outbox
        .answering(&unsure.posts, "token-1")
        .await
        .unwrap());
    assert!(w
        .service
        .delivery
        .claim_deliveries(10)
        .await
        .unwrap()
        .is_empty());
    w.service.outbox.look_for(&unsure.posts).await.unwrap();
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1, "taken at once, no lease waited for");
    assert_eq!(claimed[0].answer_token.as_deref(), Some("token-1"));
    w.service
        .outbox
        .delivered(&unsure.posts, MessageId(3))
        .await
        .unwrap();

    // An answer cut short by a crash: its posts are held...
    let cut = (w.service)
        .challenges
        .challenge(&w.bob, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    assert!(w
        .service
        .outbox
        .answering(&cut.posts, "token-2")
        .await
        .unwrap());
    assert!(w
        .service
        .delivery
        .claim_deliveries(10)
        .await
        .unwrap()
        .is_empty());
    // ...until the process starts again: at once with SQLite, which one
    // process uses; with PostgreSQL, after one lease not renewed.
    let ended = w.service.outbox.settle_abandoned_answers().await.unwrap();
    let expected = match db.backend {
        Backend::Sqlite => 1,
        Backend::Postgres => 0,
    };
    assert_eq!(ended, expected);
    if ended == 0 {
        w.clock.advance(w.service.outbox.lease());
    }
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].answer_token.as_deref(), Some("token-2"));
}

/// Posts go out in order per queue, not per game: a direct message that
/// keeps failing holds only that user's later direct messages, never the
/// game's posts; a game's posts still go out one after the other.
async fn a_failing_direct_message_holds_only_its_own_queue(db: Db) {
    let w = world(db).await;
    let game = started_answered(&w, alice_first()).await;
    deliver_all(&w).await;
    let post = |to, game_id, text: &str| NewPost {
        to,
        game_id,
        says: vec![Notice::Worded(text.into())],
        lang: "en".into(),
        ..NewPost::default()
    };
    let ids = (w.service.store())
        .outbox
        .insert_posts(
            vec![
                post(PostTarget::Dm(w.bob.id), Some(game), "dm 1"),
                post(PostTarget::Channel(HERE.channel_id), Some(game), "line 1"),
                post(PostTarget::Channel(HERE.channel_id), Some(game), "line 2"),
                post(PostTarget::Dm(w.bob.id), None, "dm 2"),
            ],
            w.clock.now(),
        )
        .await
        .unwrap();
    let texts = |batch: &[Delivery]| -> Vec<String> {
        batch.iter().map(|d| d.reply.text().clone()).collect()
    };
    // The head of each queue, at once.
    let first = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(texts(&first), ["dm 1", "line 1"]);
    // The direct message fails for now; the game's line is delivered.
    (w.service)
        .outbox
        .failed_for_now(ids[0], first[0].failing_since, 0, "503")
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&[ids[1]], MessageId(5))
        .await
        .unwrap();
    let second = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(
        texts(&second),
        ["line 2"],
        "the game goes on; dm 2 waits for dm 1"
    );
}

/// An answer that comes after its posts' hold, once the delivery loop has
/// taken them, does not take them back: the loop posts them, once.
async fn an_answer_never_takes_a_post_the_delivery_loop_holds(db: Db) {
    let w = world(db).await;
    let on_time = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    assert!(w
        .service
        .outbox
        .answering(&on_time.posts, "token-1")
        .await
        .unwrap());
    w.service
        .outbox
        .delivered(&on_time.posts, MessageId(3))
        .await
        .unwrap();

    let late = (w.service)
        .challenges
        .challenge(&w.bob, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    w.clock.advance(kiela_app::ANSWER_LEASE);
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1);
    assert!(!w
        .service
        .outbox
        .answering(&late.posts, "token-2")
        .await
        .unwrap());
    let token = raw(
        &w.db,
        "SELECT COUNT(*) FROM outbox WHERE id = $1 AND answer_token IS NULL",
        &[late.posts[0].0],
    )
    .await;
    assert_eq!(token, Some(1), "the late answer left no trace");
}

/// An answer never goes before an earlier post of its queue that is still
/// to go (its own answer failed, or it waits for a retry): the delivery
/// loop posts both, in order.
async fn an_answer_never_overtakes_an_earlier_post_of_its_queue(db: Db) {
    let w = world(db).await;
    let first = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    w.clock.advance(kiela_app::ANSWER_LEASE);
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    (w.service)
        .outbox
        .failed_for_now(claimed[0].id, None, 0, "503")
        .await
        .unwrap();

    // A second challenge in the same channel, its queue.
    let second = (w.service)
        .challenges
        .challenge(&w.bob, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    assert!(!w
        .service
        .outbox
        .answering(&second.posts, "token-2")
        .await
        .unwrap());
    w.clock.advance(kiela_app::ANSWER_LEASE);
    let texts: Vec<PostId> = (w.service.delivery.claim_deliveries(10).await.unwrap())
        .iter()
        .map(|d| d.id)
        .collect();
    assert_eq!(texts, first.posts, "the first one goes first, alone");
    w.service
        .outbox
        .delivered(&first.posts, MessageId(3))
        .await
        .unwrap();
    let next: Vec<PostId> = (w.service.delivery.claim_deliveries(10).await.unwrap())
        .iter()
        .map(|d| d.id)
        .collect();
    assert_eq!(next, second.posts);

    // With nothing earlier to go, an answer takes its posts (all of them).
    let third = (w.service)
        .challenges
        .challenge(&w.carol, HERE, &w.alice, alice_first())
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&second.posts, MessageId(4))
        .await
        .unwrap();
    assert!(w
        .service
        .outbox
        .answering(&third.posts, "token-3")
        .await
        .unwrap());
    // Nor does an earlier post another answer holds (it went out first).
    let fourth = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    assert!(w
        .service
        .outbox
        .answering(&fourth.posts, "token-4")
        .await
        .unwrap());
}

/// Hours the bot was down are not hours a post was failing: an outage
/// moves a failing post's time on with the games' deadlines, so it is not
/// parked at its first passing failure after a long downtime.
async fn an_outage_does_not_count_as_time_a_post_was_failing(db: Db) {
    let w = world(db).await;
    w.service.clocks.keep_alive(30, true).await.unwrap();
    (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    w.clock.advance(kiela_app::ANSWER_LEASE);
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    let post = &claimed[0];
    (w.service)
        .outbox
        .failed_for_now(post.id, post.failing_since, 0, "503")
        .await
        .unwrap();
    // Down for seven hours, then back: a rate limit.
    w.clock.advance(7 * 60 * 60);
    w.service.clocks.keep_alive(30, true).await.unwrap();
    let again = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(again.len(), 1);
    (w.service)
        .outbox
        .failed_for_now(post.id, again[0].failing_since, again[0].attempts, "429")
        .await
        .unwrap();
    w.clock.advance(600);
    let later = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(later.len(), 1, "tried again, not parked");
    assert_eq!(later[0].attempts, 2);
}

/// `kiela outbox` lists a parked post with the reason, and trying it again
/// makes it due now, once.
async fn a_parked_post_is_listed_with_why_and_tried_again(db: Db) {
    let w = world(db).await;
    let offer = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    let id = offer.posts[0];
    (w.service)
        .outbox
        .give_up(id, "403 50013 Missing Permissions")
        .await
        .unwrap();
    let store = w.service.store();
    let listed = store.outbox.undelivered_posts(10).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, id);
    assert_eq!(listed[0].queue, format!("channel:{}", HERE.channel_id));
    assert_eq!(
        listed[0].parked.as_deref(),
        Some("403 50013 Missing Permissions")
    );
    assert!(w
        .service
        .delivery
        .claim_deliveries(10)
        .await
        .unwrap()
        .is_empty());

    assert!(store.outbox.unpark_post(id, w.clock.now()).await.unwrap());
    assert!(
        !store.outbox.unpark_post(id, w.clock.now()).await.unwrap(),
        "not parked now"
    );
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(
        (claimed.len(), claimed[0].id, claimed[0].attempts),
        (1, id, 0)
    );
    assert!(!store
        .outbox
        .unpark_post(PostId(9999), w.clock.now())
        .await
        .unwrap());
}

/// The database tells the time every process follows (see
/// `DatabaseClock`): here, on this machine, the host's.
async fn the_database_keeps_the_time(db: Db) {
    let w = world(db).await;
    let database = w.service.store().clocks.database_now().await.unwrap();
    let host = kiela_app::SystemClock.now();
    assert!((database - host).abs() < 60, "{database} against {host}");
}

/// A host whose clock runs ten minutes fast.
struct FastHost;

impl Clock for FastHost {
    fn now(&self) -> i64 {
        kiela_app::SystemClock.now() + 600
    }
}

/// Two processes share a database, one on a host ten minutes fast: by its
/// own clock, the other's answer hold (three minutes) has long ended, and
/// its delivery loop would post what that answer is posting. Following the
/// database's clock, as the bot does from its start, it waits.
async fn a_fast_host_takes_no_held_post_once_it_follows_the_database(db: Db) {
    use kiela_app::DatabaseClock;
    let w = world(db).await;
    let process = |host: Arc<dyn Clock>| {
        let url = w.db.url.clone();
        async move { App::new(Store::open(&url).await.unwrap(), bot(), host) }
    };
    let right = process(Arc::new(DatabaseClock::new())).await;
    right.clocks.keep_time().await.unwrap();
    let offer = (right
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first()))
    .await
    .unwrap();
    assert!(right.outbox.answering(&offer.posts, "token").await.unwrap());

    let fast = process(Arc::new(DatabaseClock::over(FastHost))).await;
    fast.clocks.keep_time().await.unwrap();
    assert!(
        (fast.now() - right.now()).abs() < 60,
        "{} against {}",
        fast.now(),
        right.now()
    );
    assert!(fast.delivery.claim_deliveries(10).await.unwrap().is_empty());

    let unset = process(Arc::new(DatabaseClock::over(FastHost))).await;
    let taken = unset.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(
        taken.iter().map(|d| d.id).collect::<Vec<_>>(),
        offer.posts,
        "by the fast host's own clock, the hold is over"
    );
}

/// A post that fails for a reason that may pass (a busy database, Discord's
/// 5xx) is tried again after a backoff, not given up; after six hours of
/// failures it is parked, saying why.
async fn posts_failing_for_now_come_back_later_and_are_parked_after_hours(db: Db) {
    let w = world(db).await;
    let offer = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    w.clock.advance(kiela_app::ANSWER_LEASE);
    let claimed = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(claimed.len(), 1);
    let post = &claimed[0];
    (w.service)
        .outbox
        .failed_for_now(post.id, post.failing_since, post.attempts, "503")
        .await
        .unwrap();
    // Not before its backoff (a second, with up to half as much at random).
    assert!(w
        .service
        .delivery
        .claim_deliveries(10)
        .await
        .unwrap()
        .is_empty());
    w.clock.advance(2);
    let again = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!((again.len(), again[0].attempts), (1, 1));
    assert_eq!(again[0].failing_since, Some(w.clock.now() - 2));

    w.clock.advance(6 * 60 * 60);
    (w.service)
        .outbox
        .failed_for_now(post.id, again[0].failing_since, again[0].attempts, "503")
        .await
        .unwrap();
    w.clock.advance(DAY);
    assert!(w
        .service
        .delivery
        .claim_deliveries(10)
        .await
        .unwrap()
        .is_empty());
    let why = raw(
        &w.db,
        "SELECT COUNT(*) FROM outbox WHERE id = $1 AND failed LIKE 'still failing after 6 h: 503'",
        &[offer.posts[0].0],
    )
    .await;
    assert_eq!(why, Some(1));
}

/// Delivered posts are deleted after a week and parked ones after four;
/// posts still to deliver are never deleted, whatever their age.
async fn old_posts_are_deleted_the_pending_kept(db: Db) {
    let w = world(db).await;
    let delivered = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    w.service
        .outbox
        .delivered(&delivered.posts, MessageId(7))
        .await
        .unwrap();
    let parked = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    w.service
        .outbox
        .give_up(parked.posts[0], "403")
        .await
        .unwrap();
    let pending = (w.service)
        .challenges
        .challenge(&w.bob, HERE, &w.carol, alice_first())
        .await
        .unwrap();
    let rows = || raw(&w.db, "SELECT COUNT(*) FROM outbox", &[]);
    assert_eq!(rows().await, Some(3));

    w.clock.advance(6 * DAY);
    assert_eq!(w.service.outbox.prune_outbox().await.unwrap(), 0);
    w.clock.advance(2 * DAY);
    assert_eq!(
        w.service.outbox.prune_outbox().await.unwrap(),
        1,
        "the delivered post"
    );
    w.clock.advance(3 * 7 * DAY);
    assert_eq!(
        w.service.outbox.prune_outbox().await.unwrap(),
        1,
        "the parked post"
    );
    assert_eq!(rows().await, Some(1));
    let left = raw(&w.db, "SELECT id FROM outbox", &[]).await;
    assert_eq!(left, Some(pending.posts[0].0));
}

/// A challenge's post is edited when the challenge is accepted: past the
/// week, the challenge's post waits for its edit to be deleted first (its
/// foreign key names it), and the prune deletes the others meanwhile
/// instead of failing (found by tests/season.rs: the outbox stopped
/// shrinking for days after each answered challenge).
async fn a_post_is_deleted_after_the_edits_of_its_message(db: Db) {
    let w = world(db).await;
    let lease = kiela_app::ANSWER_LEASE + 1;
    let challenge = (w.service)
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    w.clock.advance(lease);
    deliver_all(&w).await;
    w.clock.advance(2 * DAY);
    (w.service)
        .challenges
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    w.clock.advance(lease);
    let posts = deliver_all(&w).await.len() as i64;
    let edits = raw(
        &w.db,
        "SELECT COUNT(*) FROM outbox WHERE edits IS NOT NULL",
        &[],
    )
    .await;
    assert_eq!(edits, Some(1), "the challenge's post is edited");
    let rows = || raw(&w.db, "SELECT COUNT(*) FROM outbox", &[]);
    assert_eq!(rows().await, Some(posts + 1));

    // The challenge's post is past the week, its edit not yet.
    w.clock.advance(6 * DAY);
    assert_eq!(w.service.outbox.prune_outbox().await.unwrap(), 0);
    // The edit and the game's posts go, then the challenge's post.
    w.clock.advance(2 * DAY);
    assert_eq!(w.service.outbox.prune_outbox().await.unwrap(), posts as u64);
    assert_eq!(w.service.outbox.prune_outbox().await.unwrap(), 1);
    assert_eq!(rows().await, Some(0));
}

/// An action's posts wait for its answer; one it never delivered goes out
/// after the lease, in the game's order, once.
async fn posts_wait_for_their_answer_and_go_out_in_order_once(db: Db) {
    let w = world(db).await;
    let challenge = w
        .service
        .challenges
        .challenge(&w.alice, HERE, &w.bob, alice_first())
        .await
        .unwrap();
    assert_eq!(challenge.posts.len(), 1);
    assert_eq!(challenge.ping, [w.bob.id]);
    w.service
        .outbox
        .delivered(&challenge.posts, MessageId(7))
        .await
        .unwrap();
    let board = w
        .service
        .challenges
        .accept(&w.bob, HERE, challenge.challenge)
        .await
        .unwrap();
    let game = board.game.unwrap().id;
    // Two moves whose answers never came (a crash): nothing goes out while
    // their answers may still come...
    let first = w
        .service
        .playing
        .play_move(&w.alice, HERE, Some(game), first_offer(&board), None)
        .await
        .unwrap();
    let second = w
        .service
        .playing
        .play_move(&w.bob, HERE, Some(game), first_offer(&first), None)
        .await
        .unwrap();
    // Only the edit taking the challenge's buttons off goes now: it waits
    // for the challenge's message, not for the game's posts...
    let edits = deliver_all(&w).await;
    assert_eq!(edits.len(), 1);
    assert!(
        matches!(
            edits[0].says.last(),
            Some(Notice::Challenge(kiela_app::ChallengeNotice::Closed(
                kiela_app::ChallengeClosed::Accepted { by, .. }
            ))) if *by == w.bob.name
        ),
        "{:?}",
        edits[0].says
    );
    assert_eq!(w.service.outbox.undelivered().await.unwrap(), 3);
    // ...then they go out in order, the earlier ones without menus or pings
    // (the game moved on), the last calling alice.
    w.clock.advance(kiela_app::ANSWER_LEASE);
    let sent = deliver_all(&w).await;
    let plies: Vec<i64> = sent.iter().map(|r| r.game.unwrap().ply).collect();
    assert_eq!(plies, [0, 1, 2]);
    assert_eq!(sent[2].says, second.says);
    assert!(sent[..2]
        .iter()
        .all(|r| r.ping.is_empty() && r.moves.is_empty()));
    assert_eq!(sent[2].ping, [w.alice.id]);
    assert_eq!(w.service.outbox.undelivered().await.unwrap(), 0);
    assert!(deliver_all(&w).await.is_empty(), "each once");
}

/// Two processes on one database claim the outbox at once: each post goes
/// to exactly one of them, and a game's second post waits for its first.
async fn two_processes_share_the_outbox_without_double_posts(db: Db) {
    let w = world(db).await;
    let processes = [w.service.clone(), service_on(&w.db.url, &w.clock).await];
    let mut expected = Vec::new();
    // In eight channels: a channel's posts go out in turn.
    for channel in 0..8 {
        let there = Place {
            channel_id: ChannelId(100 + channel),
            ..HERE
        };
        let challenge = w
            .service
            .challenges
            .challenge(&w.alice, there, &w.bob, alice_first())
            .await
            .unwrap();
        expected.extend(challenge.posts);
    }
    // One game with two posts: its second must wait for its first.
    let board = w
        .service
        .challenges
        .accept(&w.bob, HERE, Some(ChallengeId(expected.len() as i64)))
        .await
        .unwrap();
    w.service
        .playing
        .play_move(
            &w.alice,
            HERE,
            board.game.map(|g| g.id),
            first_offer(&board),
            None,
        )
        .await
        .unwrap();
    w.clock.advance(kiela_app::ANSWER_LEASE);
    let claims = processes.map(|service| {
        tokio::spawn(async move {
            let mut claimed = Vec::new();
            for _ in 0..4 {
                for delivery in service.delivery.claim_deliveries(2).await.unwrap() {
                    claimed.push((delivery.id, delivery.reply.game.map(|g| g.ply)));
                }
            }
            claimed
        })
    });
    let mut claimed = Vec::new();
    for claim in claims {
        claimed.extend(claim.await.unwrap());
    }
    let mut ids: Vec<PostId> = claimed.iter().map(|(id, _)| *id).collect();
    ids.sort();
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(ids, unique, "no post claimed twice");
    // Every challenge, each in its channel, and the game's first post (the
    // line its thread opens from) but none of its boards yet.
    assert_eq!(ids.len(), 9, "{claimed:?}");
    assert!(!claimed.iter().any(|(_, ply)| ply.is_some()), "{claimed:?}");
}

/// Anyone may look at a game, but only its players post its board, in its
/// channel; an action from elsewhere is answered privately while the board
/// goes to the game's channel; an ongoing game's record is its players'.
async fn only_players_post_boards_and_games_are_answered_in_their_channel(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    // The challenge and the first board, as if their answers were lost,
    // and the edit taking the challenge's buttons off once it is posted.
    w.clock.advance(kiela_app::ANSWER_LEASE);
    assert_eq!(deliver_all(&w).await.len(), 3);
    let public = w
        .service
        .playing
        .show(&w.alice, HERE, Some(game))
        .await
        .unwrap();
    assert!(!public.private);
    assert_eq!(public.ping, [w.alice.id]);
    let stranger = w
        .service
        .playing
        .show(&w.carol, HERE, Some(game))
        .await
        .unwrap();
    assert!(stranger.private && stranger.ping.is_empty() && stranger.moves.is_empty());
    assert!(stranger.picture.is_some(), "a copy of the board");
    let elsewhere = Place {
        channel_id: ChannelId(21),
        ..HERE
    };
    let mine = w
        .service
        .playing
        .show(&w.alice, elsewhere, Some(game))
        .await
        .unwrap();
    assert!(mine.private && mine.ping.is_empty() && !mine.moves.is_empty());

    // alice moves from another channel: a private answer; the board, with
    // bob's ping, is for the game's channel.
    let moved = w
        .service
        .playing
        .play_move(&w.alice, elsewhere, Some(game), first_offer(&public), None)
        .await
        .unwrap();
    assert!(moved.private && moved.ping.is_empty());
    let elsewhere = OutboxNotice::PostedElsewhere {
        channel: ChannelId(20),
    };
    assert_eq!(moved.says[0], elsewhere.into());
    w.service.outbox.release(&moved.posts).await.unwrap();
    let posted = w.service.delivery.claim_deliveries(10).await.unwrap();
    assert_eq!(posted.len(), 1);
    assert_eq!(
        posted[0].to,
        kiela_app::Destination::Channel(HERE.channel_id)
    );
    assert_eq!(posted[0].reply.ping, [w.bob.id]);
    assert!(!posted[0].reply.private);

    // The record: private to carol while the game goes on, public after.
    assert!(
        !w.service
            .info
            .history(&w.alice, HERE, game)
            .await
            .unwrap()
            .private
    );
    assert!(
        w.service
            .info
            .history(&w.carol, HERE, game)
            .await
            .unwrap()
            .private
    );
    w.service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    assert!(
        !w.service
            .info
            .history(&w.carol, HERE, game)
            .await
            .unwrap()
            .private
    );
}

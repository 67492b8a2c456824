//! A player's games.

use super::*;
use kiela_app::{BoardLink, GameLine, InfoNotice, ToMove};

/// The record a history gives.
pub(crate) fn record_text(reply: &Reply) -> String {
    match reply.says.as_slice() {
        [Notice::Info(InfoNotice::History { record, .. })] => record.clone(),
        other => panic!("not a history: {other:?}"),
    }
}

/// Why a history's game is unrated, if it is.
pub(crate) fn unrated_of(reply: &Reply) -> Option<kiela_app::Unrated> {
    match reply.says.as_slice() {
        [Notice::Info(InfoNotice::History { unrated, .. })] => *unrated,
        other => panic!("not a history: {other:?}"),
    }
}

/// The games `/kiela games` lists, and how many there are.
pub(crate) fn games_listed(reply: &Reply) -> (Vec<GameLine>, usize) {
    match reply.says.as_slice() {
        [Notice::Info(InfoNotice::Games { games })] => (games.clone(), games.len()),
        other => panic!("not a games list: {other:?}"),
    }
}

on_both_backends! {
    my_games_lists_those_waiting_for_me_first_with_links_to_their_boards,
    a_game_is_its_servers_business,
    help_and_rules_show_a_turn_that_relays_and_captures,
}

/// `/kiela help` and `/kiela rules`: private, in the user's language,
/// with the picture of the example turn (a relay and a capture).
async fn help_and_rules_show_a_turn_that_relays_and_captures(db: Db) {
    let w = world(db).await;
    let ana = w.alice.clone().speaking(Lang::Pt);
    for (user, lang) in [(&w.alice, Lang::En), (&ana, Lang::Pt)] {
        let help = w.service.info.help(user).await.unwrap();
        assert!(help.private);
        assert_eq!(help.says, [InfoNotice::Help.into()]);
        assert_eq!(help.lang, lang);
        let rules = w.service.info.rules(user).await.unwrap();
        assert!(rules.private);
        assert_eq!(rules.says, [InfoNotice::Rules.into()]);
        assert_eq!(rules.lang, lang);
        for reply in [help, rules] {
            let picture = reply.picture.expect("the example turn");
            assert!(picture.bytes.starts_with(b"\x89PNG"));
            // The alt text tells the turn: North's G4, relays and a capture.
            let alt = drawn(&picture.alt_text);
            assert!(alt.contains("G4"), "{alt}");
            assert!(alt.contains("C2+C1"), "{alt}");
        }
    }
}

/// `/kiela games`: the games waiting for you first (whatever changed last),
/// each number linking to the game's current board once it is posted.
async fn my_games_lists_those_waiting_for_me_first_with_links_to_their_boards(db: Db) {
    let w = world(db).await;
    // bob's move in the first game; alice's in the two later ones, the
    // last changed most recently.
    let waiting = started(&w, alice_first()).await;
    w.service
        .playing
        .play_move(&w.alice, HERE, Some(waiting), hole("G2"), None)
        .await
        .unwrap();
    w.clock.advance(60);
    let older = started(&w, alice_first()).await;
    w.clock.advance(60);
    let newest = started(&w, alice_first()).await;
    let board = BoardMessage {
        channel_id: HERE.channel_id,
        message_id: MessageId(555),
        ply: Some(1),
    };
    w.service.games.replace_board(waiting, board).await.unwrap();
    let (games, total) = games_listed(&w.service.info.my_games(&w.bob).await.unwrap());
    assert_eq!(total, 3);
    let numbers: Vec<GameId> = games.iter().map(|line| line.game).collect();
    // Then the others, soonest deadline first (not the last changed first).
    assert_eq!(numbers, [waiting, older, newest]);
    let first = &games[0];
    assert_eq!(
        first.board,
        Some(BoardLink {
            guild: HERE.guild_id,
            channel: HERE.channel_id,
            message: MessageId(555),
        })
    );
    assert_eq!(first.opponent, w.alice.name);
    assert!(matches!(first.to_move, ToMove::You { .. }), "{first:?}");
    assert_eq!((games[1].board, games[2].board), (None, None));
    assert_eq!(games[1].to_move, ToMove::Opponent);
    // alice: the two waiting for her first, soonest deadline first.
    let (games, _) = games_listed(&w.service.info.my_games(&w.alice).await.unwrap());
    let numbers: Vec<GameId> = games.iter().map(|line| line.game).collect();
    assert_eq!(numbers, [older, newest, waiting]);
    assert!(matches!(games[0].to_move, ToMove::You { .. }));
    assert_eq!(games[2].to_move, ToMove::Opponent);
}

/// A game is seen and acted on from its own server, or by its players in
/// direct messages: a game id typed in another server is refused, and
/// nothing of it is shown there.
async fn a_game_is_its_servers_business(db: Db) {
    let w = world(db).await;
    let game = started(&w, alice_first()).await;
    let elsewhere = Place {
        guild_id: GuildId(11),
        channel_id: ChannelId(21),
        ..HERE
    };
    let other_server = Refusal::from(GameRefusal::OtherServer(game));
    let e = refused(
        w.service
            .playing
            .show(&w.alice, elsewhere, Some(game))
            .await,
    );
    assert_eq!(e, other_server);
    let e = refused(w.service.info.history(&w.carol, elsewhere, game).await);
    assert_eq!(e, other_server);
    let e = refused(
        (w.service)
            .playing
            .play_move(&w.alice, elsewhere, Some(game), hole("G2"), None)
            .await,
    );
    assert_eq!(e, other_server);
    (w.service)
        .playing
        .play_move(&w.alice, DM, Some(game), hole("G2"), None)
        .await
        .unwrap();
    assert!(w
        .service
        .playing
        .show(&w.carol, DM, Some(game))
        .await
        .is_err());
    w.service
        .playing
        .resign(&w.bob, HERE, Some(game))
        .await
        .unwrap();
    let progress: kiela_app::Progress = Arc::new(|_, _| {});
    let e = refused(
        (w.service
            .analysis
            .analysis(&w.carol, elsewhere, game, progress.clone()))
        .await,
    );
    assert_eq!(e, other_server);
    let e = refused(
        (w.service
            .analysis
            .review(&w.carol, elsewhere, game, 1, progress))
        .await,
    );
    assert_eq!(e, other_server);

    // Its players, in direct messages; anyone in its server.
    w.service
        .playing
        .show(&w.alice, DM, Some(game))
        .await
        .unwrap();
    w.service.info.history(&w.carol, HERE, game).await.unwrap();
}

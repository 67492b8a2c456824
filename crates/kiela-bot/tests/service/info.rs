//! A player's games.

use super::*;

on_both_backends! {
    my_games_lists_those_waiting_for_me_first_with_links_to_their_boards,
}

/// `/kiela games`: the games waiting for you first (whatever changed last),
/// each number linking to the game's current board once it is posted.
async fn my_games_lists_those_waiting_for_me_first_with_links_to_their_boards(db: Db) {
    let w = world(db).await;
    // bob's move in the first game; alice's in the two later ones, the
    // last changed most recently.
    let waiting = started(&w, alice_first()).await;
    w.service
        .play_move(&w.alice, HERE, Some(waiting), "G2", None)
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
    w.service.replace_board(waiting, board).await.unwrap();
    let list = w.service.my_games(&w.bob).await.unwrap();
    let lines: Vec<&str> = list.text.lines().collect();
    assert_eq!(lines.len(), 3, "{}", list.text);
    let link = format!("[#{waiting}](https://discord.com/channels/10/20/555) vs alice");
    assert!(
        lines[0].starts_with(&link) && lines[0].contains("**your move**"),
        "{}",
        list.text
    );
    // Then the others, soonest deadline first (not the last changed first).
    assert!(
        lines[1].starts_with(&format!("#{older} vs alice")),
        "{}",
        list.text
    );
    assert!(
        lines[2].starts_with(&format!("#{newest} vs alice")),
        "{}",
        list.text
    );
    // alice: the two waiting for her first, soonest deadline first.
    let list = w.service.my_games(&w.alice).await.unwrap().text;
    let firsts: Vec<&str> = list.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        firsts,
        [
            format!("#{older}"),
            format!("#{newest}"),
            format!("[#{waiting}](https://discord.com/channels/10/20/555)")
        ],
        "{list}"
    );
}

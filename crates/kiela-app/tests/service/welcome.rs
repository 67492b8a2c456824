//! The welcome: posted once in the system channel of a server the bot
//! just joined, in the server's language; never for a server it joined
//! long ago (seen again after a restart), nor twice.

use kiela_app::{WelcomeNotice, WELCOME_WITHIN};

use super::*;

on_both_backends! {
    a_server_is_welcomed_once_when_the_bot_joins_it,
}

async fn a_server_is_welcomed_once_when_the_bot_joins_it(db: Db) {
    let w = world(db).await;
    let now = w.clock.now();
    let (old, new, silent) = (GuildId(70), GuildId(71), GuildId(72));
    let system = Some(ChannelId(700));
    // Joined long ago: no welcome, now or later.
    let long_ago = now - WELCOME_WITHIN - 1;
    assert!(!w
        .service
        .welcome
        .welcome(old, system, long_ago, Lang::En)
        .await
        .unwrap());
    // Joined just now: welcomed once, in its language, in its system channel.
    assert!(w
        .service
        .welcome
        .welcome(new, system, now - 5, Lang::Pt)
        .await
        .unwrap());
    let other = service_on(&w.db.url, &w.clock).await;
    assert!(!other
        .welcome
        .welcome(new, system, now - 5, Lang::Pt)
        .await
        .unwrap());
    w.clock.advance(60);
    assert!(!w
        .service
        .welcome
        .welcome(new, system, now - 5, Lang::Pt)
        .await
        .unwrap());
    // Without a system channel: greeted (nothing to post), never later.
    assert!(!w
        .service
        .welcome
        .welcome(silent, None, now, Lang::En)
        .await
        .unwrap());
    assert!(!w
        .service
        .welcome
        .welcome(silent, Some(ChannelId(701)), now, Lang::En)
        .await
        .unwrap());
    let sent = deliver_all_to(&w).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    let (to, welcome) = &sent[0];
    assert_eq!(*to, Destination::Channel(ChannelId(700)));
    assert_eq!(welcome.says, [WelcomeNotice::Welcome.into()]);
    assert_eq!(welcome.lang, Lang::Pt, "in the server's language");
}

//! The background task of play over days: reminders and losses on time,
//! posted in the game's channel (and reminders by DM to those who asked).

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ChannelId, Http, UserId};
use tokio::time::MissedTickBehavior;
use tracing::warn;

use crate::app::{Clock, DueEvent, GameService};
use crate::tr;

use super::respond::{replace_board, Post, PostedBoard};

/// Every `interval`, fires what is due. Everything it needs is in the
/// database, so a restart loses nothing; each event fires once.
pub async fn run(service: GameService, http: Arc<Http>, clock: Arc<dyn Clock>, interval: Duration) {
    let mut tick = tokio::time::interval(interval);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        match service.due_events(clock.now()).await {
            Ok(events) => {
                for event in events {
                    if let Err(e) = fire(&service, &http, event).await {
                        warn!(?event, "a due event failed: {e}");
                    }
                }
            }
            Err(e) => warn!("cannot look for due games: {e}"),
        }
    }
}

async fn fire(
    service: &GameService,
    http: &Http,
    event: DueEvent,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let Some(reply) = service.fire(event).await? else {
        return Ok(());
    };
    let game_id = match event {
        DueEvent::Reminder { game_id, .. } | DueEvent::Timeout { game_id, .. } => game_id,
    };
    let Some(channel_id) = service.game_channel(game_id).await? else {
        return Ok(());
    };
    let reply_lang = reply.lang;
    let post = Post::of(reply);
    let channel = ChannelId::new(channel_id as u64);
    let message = post.send(http, channel).await?;
    if let Some(game) = post.board {
        replace_board(
            service,
            http,
            channel,
            PostedBoard::new(game, message.id),
            reply_lang,
        )
        .await;
    }
    if let DueEvent::Reminder { player, .. } = event {
        if service.wants_dm(player).await? {
            let dm = UserId::new(player as u64).create_dm_channel(http).await?;
            let lang = service.lang_of(player).await?;
            let note = Post {
                text: tr!(
                    lang,
                    "dm-note",
                    text = &post.text,
                    channel = channel_id.to_string()
                ),
                ..Post::default()
            };
            note.send(http, dm.id).await?;
        }
    }
    Ok(())
}

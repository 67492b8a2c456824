//! `kiela outbox`: the messages the bot has not delivered yet (waiting,
//! being sent, or parked with the reason), and trying a parked one again
//! (see docs/operators.md, "A season unattended").

use kiela_app::store::ports::*;
use kiela_app::AppError;
use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

use kiela_app::{PostId, UndeliveredPost};
use kiela_store::Store;

/// At most this many messages are listed.
const SHOWN: i64 = 200;

/// Lists the undelivered messages, or tries parked message `retry` again.
/// False when there was nothing to retry.
pub async fn outbox(
    store: &Store,
    retry: Option<i64>,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let now = now();
    if let Some(id) = retry {
        let unparked = store
            .outbox()
            .unpark_post(PostId(id), now)
            .await
            .map_err(AppError::from)?;
        match unparked {
            true => writeln!(out, "message {id}: it will be sent again")?,
            false => writeln!(out, "message {id}: it is not parked")?,
        }
        return Ok(unparked);
    }
    let posts = store
        .outbox()
        .undelivered_posts(SHOWN)
        .await
        .map_err(AppError::from)?;
    if posts.is_empty() {
        writeln!(out, "every message is delivered")?;
    }
    for post in &posts {
        writeln!(out, "{}", line(post, now))?;
    }
    if posts.len() as i64 == SHOWN {
        writeln!(out, "(the oldest {SHOWN} only)")?;
    }
    Ok(true)
}

/// One message: its id, its state, its queue, its age and its text.
fn line(post: &UndeliveredPost, now: i64) -> String {
    let state = match &post.parked {
        Some(why) => format!("parked: {why}"),
        None if post.held_until <= now => "waiting".to_string(),
        None if post.claimed_at.is_none() => "held for the answer that made it".to_string(),
        None if post.attempts == 0 => "being sent".to_string(),
        None => format!(
            "failed {} times, again within {}",
            post.attempts,
            age(post.held_until - now)
        ),
    };
    // The operator reads it as the players would, in English.
    let text = kiela_discord::words::says(kiela_i18n::Lang::En, &post.says);
    let text: String = text.chars().take(60).collect();
    let text = text.replace('\n', " ");
    format!(
        "{:>6}  {}  {}  made {} ago  \"{text}\"",
        post.id,
        post.queue,
        state,
        age(now - post.created_at)
    )
}

/// `seconds` as a short duration: `45 s`, `12 min`, `5 h`, `3 d`.
fn age(seconds: i64) -> String {
    match seconds.max(0) {
        s if s < 120 => format!("{s} s"),
        s if s < 2 * 3600 => format!("{} min", s / 60),
        s if s < 2 * 86400 => format!("{} h", s / 3600),
        s => format!("{} d", s / 86400),
    }
}

fn now() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH);
    since.map_or(0, |d| d.as_secs() as i64)
}

//! Fair clocks across the bot's own downtime: a heartbeat written at every
//! look of the clock, and after an outage every running deadline moved by
//! the time the bot was away, once, with a line in each game saying why.

use kiela_i18n::Lang;

use super::ClockNotice;
use crate::store::{NewPost, PostTarget};
use crate::vocabulary::GameId;

use super::super::{ClockService, Result};

impl ClockService {
    /// Sets the service's clock by the database's: every process sharing
    /// it then reads the same time (see `DatabaseClock`).
    pub async fn keep_time(&self) -> Result<()> {
        self.base.clock.follow(self.db.clocks.database_now().await?);
        Ok(())
    }

    /// Sets the service's clock by the database's, then records that the
    /// bot is alive, every `interval` seconds. Just
    /// `started`, the process also looks back: if the last sign of life is
    /// older than three intervals (the bot, every process of it, was down),
    /// every running deadline moves by the time it was away, and each game
    /// is told why. A running process only records: time it was up is
    /// time the clocks ran. Returns the games whose deadline moved.
    pub async fn keep_alive(&self, interval: i64, started: bool) -> Result<Vec<GameId>> {
        self.keep_time().await?;
        let now = self.base.now();
        let outage_after = started.then_some(3 * interval);
        let Some((away, games)) = self.db.clocks.heartbeat(now, outage_after).await? else {
            return Ok(Vec::new());
        };
        tracing::warn!(
            "the bot was away for {away} s: {} deadlines move by as much",
            games.len()
        );
        let hours = (away + 1800) / 3600;
        let mut posts = Vec::new();
        for &id in &games {
            let Some(row) = self.db.games.game(id).await? else {
                continue;
            };
            let lang = match self
                .db
                .settings
                .guild_settings(row.guild_id)
                .await?
                .language
            {
                Some(chosen) => Lang::from_locale(&chosen),
                None => Lang::En,
            };
            posts.push(NewPost {
                to: PostTarget::GameChannel,
                game_id: Some(id),
                says: vec![ClockNotice::Outage {
                    game: id,
                    hours: hours.max(1),
                }
                .into()],
                lang: lang.locale().to_string(),
                ..NewPost::default()
            });
        }
        self.db.outbox.insert_posts(posts, now).await?;
        Ok(games)
    }
}

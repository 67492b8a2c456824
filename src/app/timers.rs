//! Play over days: reminders and losses on time.
//!
//! Several processes may poll the same database (sharded bots on one
//! PostgreSQL): each lists the same due events, and each event must still
//! fire once. The claim is the change the event makes, stored through the
//! version-guarded [`crate::store::Store::apply`]: a [`DueEvent`] carries the
//! version of the game it was found at, and only a change from that version
//! commits. Of the processes racing to fire it, exactly one commits (the
//! others match no row and get `None`), and only that one gets the reply to
//! post. A reminder commits `reminded`, a timeout ends the game; both bump
//! the version, so neither is listed again. One mechanism for both backends,
//! no lease to expire; its limit is the usual one: a process that commits the
//! claim and dies before posting loses that one message (at most once).

use crate::rules::{GameResult, Outcome, Reason};
use crate::store::GameChange;

use crate::i18n::Lang;
use crate::tr;

use super::{AppError, GameService, Reply, Result};

/// Something the clock makes due in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DueEvent {
    /// A quarter of the time per move is left: remind `player`.
    Reminder {
        game_id: i64,
        player: i64,
        version: i64,
    },
    /// The deadline passed: `player` (to move) loses on time.
    Timeout {
        game_id: i64,
        player: i64,
        version: i64,
    },
}

impl GameService {
    /// The reminders and timeouts due at `now`.
    pub async fn due_events(&self, now: i64) -> Result<Vec<DueEvent>> {
        let mut events = Vec::new();
        for row in self.store.due_games(now).await? {
            // Decide from the loaded row, which is the version the event
            // carries (the game may have moved on since the listing).
            let loaded = self.load(row.id).await?;
            if loaded.game.is_over() {
                continue;
            }
            let row = &loaded.row;
            let player = loaded.player(loaded.game.turn());
            let (game_id, version) = (row.id, row.version);
            if row.deadline.is_some_and(|d| d <= now) {
                events.push(DueEvent::Timeout {
                    game_id,
                    player,
                    version,
                });
            } else if player != self.bot.id
                && !row.reminded
                && row
                    .deadline
                    .is_some_and(|d| d - row.seconds_per_move / 4 <= now)
            {
                events.push(DueEvent::Reminder {
                    game_id,
                    player,
                    version,
                });
            }
        }
        Ok(events)
    }

    /// Acts on a due event. `None` when it no longer applies (someone moved
    /// meanwhile, or another process fired it first): each event fires once
    /// (see the module's comment).
    pub async fn fire(&self, event: DueEvent) -> Result<Option<Reply>> {
        let (DueEvent::Reminder {
            game_id,
            player,
            version,
        }
        | DueEvent::Timeout {
            game_id,
            player,
            version,
        }) = event;
        let loaded = self.load(game_id).await?;
        if loaded.row.version != version || loaded.game.is_over() {
            return Ok(None);
        }
        let mut change = GameChange::of(&loaded.row, self.now());
        match event {
            DueEvent::Reminder { .. } => {
                change.reminded = true;
                if !self.store.apply(&change).await? {
                    return Ok(None);
                }
                let left = loaded.row.deadline.unwrap_or(0) - self.now();
                let hours = (left + 3599) / 3600;
                // In the language the player last used.
                let lang = self.lang_of(player).await?;
                Ok(Some(Reply {
                    text: tr!(
                        lang,
                        "reminder",
                        mention = format!("<@{player}>"),
                        id = game_id,
                        hours = hours.max(1),
                        until = loaded.row.deadline.unwrap_or(0).to_string()
                    ),
                    ping: vec![player],
                    game: Some(super::GameRef {
                        id: game_id,
                        ply: loaded.ply(),
                        active: true,
                    }),
                    ..Reply::default()
                }))
            }
            DueEvent::Timeout { .. } => {
                let side = loaded.side_of(player).ok_or(AppError::NotYourGame)?;
                let outcome = Outcome {
                    result: GameResult::win_for(side.opponent()),
                    reason: Reason::Timeout,
                };
                self.finish(&loaded, &mut change, outcome);
                if !self.store.apply(&change).await? {
                    return Ok(None);
                }
                let loaded = self.load(game_id).await?;
                let name = self.name_of(player).await?;
                let lang = self.public_lang(&loaded, player).await?;
                let headline = tr!(lang, "ran-out-of-time", name = name, id = game_id);
                let mut reply = self.board_reply(&loaded, headline, lang).await?;
                reply.ping = vec![loaded.player(side.opponent()), player];
                Ok(Some(reply))
            }
        }
    }
}

impl GameService {
    /// The language of a post no interaction asked for (a loss on time):
    /// the server's chosen language, else the language the player who ran
    /// out of time last used.
    async fn public_lang(&self, loaded: &super::Loaded, player: i64) -> Result<Lang> {
        match self.store.guild_language(loaded.row.guild_id).await? {
            Some(chosen) => Ok(Lang::from_locale(&chosen)),
            None => self.lang_of(player).await,
        }
    }
}

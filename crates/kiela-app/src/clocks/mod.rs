//! Play over days: reminders, losses on time, aborted games, and AI turns
//! left behind.
//!
//! Several processes may poll the same database (sharded bots on one
//! PostgreSQL): each lists the same due events, and each event must still
//! fire once. The claim is the change the event makes, stored through the
//! version-guarded [`crate::store::Store::apply`]: a [`DueEvent`] carries the
//! version of the game it was found at, and only a change from that version
//! commits. Of the processes racing to fire it, exactly one commits. A
//! reminder commits `reminded`, a timeout ends the game, an AI turn adds a
//! move; all bump the version, so none is listed again. What the event
//! says goes into the outbox with the change, so a crash after the commit
//! delays the message but cannot lose it.

mod notice;
mod outage;
mod store;
pub use store::*;
mod vacation;

pub use notice::{ClockNotice, Stake};
pub use vacation::VacationRefusal;
pub use vacation::VACATION_DAYS_PER_YEAR;

use crate::store::ports::*;
use crate::store::{DrawOfferChange, GameChange, NewPost};
use crate::threads::GameEnding;
use crate::vocabulary::{ChallengeId, ChallengeStatus, GameId, GameState, UserId};
use kiela_rules::{GameResult, Outcome, Reason};
use std::sync::Arc;

use super::players::spoken;
use super::{AppError, Result};

/// Something the clock makes due in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DueEvent {
    /// A quarter of the time per move is left: remind `player`.
    Reminder {
        game_id: GameId,
        player: UserId,
        version: i64,
    },
    /// The deadline passed: `player` (to move) loses on time.
    Timeout {
        game_id: GameId,
        player: UserId,
        version: i64,
    },
    /// The deadline passed before the player to move made a first move
    /// (ply 0 or 1): the game ends without a result, unrated, as on
    /// Lichess; nobody should lose rating to an opponent who never came.
    Abort { game_id: GameId, version: i64 },
    /// The AI is to move and nobody is computing its move (the process
    /// that was crashed, or the search failed): play it.
    AiTurn { game_id: GameId, version: i64 },
    /// A challenge nobody answered in time: it closes, its message loses
    /// its buttons and the challenger is told (fired once: only a pending
    /// challenge closes).
    ChallengeExpired { challenge_id: ChallengeId },
    /// Half a challenge's time is gone: the person challenged is reminded
    /// (once).
    ChallengeReminder { challenge_id: ChallengeId },
}

impl DueEvent {
    /// The game it happens in (none for a challenge).
    pub fn game_id(self) -> Option<GameId> {
        match self {
            DueEvent::Reminder { game_id, .. }
            | DueEvent::Timeout { game_id, .. }
            | DueEvent::Abort { game_id, .. }
            | DueEvent::AiTurn { game_id, .. } => Some(game_id),
            DueEvent::ChallengeExpired { .. } | DueEvent::ChallengeReminder { .. } => None,
        }
    }
}

crate::store::port_set! {
    /// The ports [`ClockService`] reads and writes through.
    pub struct ClockPorts {
        challenges: ChallengesStore,
        clocks: ClocksStore,
        core: CoreStore,
        games: GamesStore,
        outbox: OutboxStore,
        players: PlayersStore,
        settings: SettingsStore,
    }
}

/// Timers: deadlines, reminders, losses on time, outages and vacations.
#[derive(Clone)]
pub struct ClockService {
    pub(crate) base: crate::Base,
    pub(crate) db: ClockPorts,
    pub(crate) challenges: Arc<crate::ChallengeService>,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) notify: Arc<crate::NotifyService>,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) playing: Arc<crate::PlayService>,
    pub(crate) players: Arc<crate::PlayerService>,
    pub(crate) settings: Arc<crate::SettingsService>,
    pub(crate) threads: Arc<crate::ThreadService>,
}

impl ClockService {
    /// The reminders, timeouts, aborts, AI turns and expired challenges
    /// due at `now`. A game that cannot be looked at is passed over (see
    /// [`ClockService::due_in`]): one bad game must not stop every clock.
    pub async fn due_events(&self, now: i64) -> Result<Vec<DueEvent>> {
        let mut events = Vec::new();
        let idle_since = now - self.base.timing.ai_turn_grace;
        for id in self
            .db
            .clocks
            .due_games(now, self.base.bot.id, idle_since)
            .await?
        {
            match self.due_in(id, now).await {
                Ok(event) => events.extend(event),
                Err(e) if e.is_passing(&*self.db.core) => {
                    tracing::warn!(game = %id, "cannot look at the game's clock now: {e}");
                }
                Err(e) => self.stop_clock(id, &e.to_string()).await?,
            }
        }
        for c in self.db.challenges.expired_challenges(now).await? {
            events.push(DueEvent::ChallengeExpired { challenge_id: c.id });
        }
        for c in self.db.challenges.challenges_to_remind(now).await? {
            events.push(DueEvent::ChallengeReminder { challenge_id: c.id });
        }
        Ok(events)
    }

    /// Stops game `id`'s clock, which fails the same way each time (`why`):
    /// logged, and passed over until the operator starts it again.
    pub async fn stop_clock(&self, id: GameId, why: &str) -> Result<()> {
        tracing::error!(game = %id, "the game's clock is stopped: {why}");
        Ok(self.db.clocks.stop_clock(id, why).await?)
    }

    /// What is due in game `id` at `now`, if anything.
    async fn due_in(&self, id: GameId, now: i64) -> Result<Option<DueEvent>> {
        // Decide from the loaded row, which is the version the event
        // carries (the game may have moved on since the listing).
        let loaded = self.games.load(id).await?;
        // A paused game's clock does not run (see `app::places`).
        if loaded.is_over() || loaded.row.paused_at.is_some() {
            return Ok(None);
        }
        let row = &loaded.row;
        let player = loaded.player(loaded.game.turn());
        let (game_id, version) = (row.id, row.version);
        let late = row.deadline.is_some_and(|d| d <= now);
        let remind =
            !row.reminded && (row.deadline).is_some_and(|d| d - row.seconds_per_move / 4 <= now);
        Ok(if player == self.base.bot.id {
            (row.updated_at + self.base.timing.ai_turn_grace <= now)
                .then_some(DueEvent::AiTurn { game_id, version })
        } else if late && loaded.ply() < 2 {
            Some(DueEvent::Abort { game_id, version })
        } else if late {
            Some(DueEvent::Timeout {
                game_id,
                player,
                version,
            })
        } else if remind {
            Some(DueEvent::Reminder {
                game_id,
                player,
                version,
            })
        } else {
            None
        })
    }

    /// Acts on a due event, and puts what it says in the outbox. False
    /// when it no longer applies (someone moved meanwhile, or another
    /// process fired it first): each event fires once (see the module's
    /// comment).
    pub async fn fire(&self, event: DueEvent) -> Result<bool> {
        match event {
            DueEvent::ChallengeExpired { challenge_id } => {
                return match self.db.challenges.challenge(challenge_id).await? {
                    Some(c) if c.status == ChallengeStatus::Pending => {
                        self.challenges.expire(&c).await
                    }
                    _ => Ok(false),
                };
            }
            DueEvent::ChallengeReminder { challenge_id } => {
                return match self.db.challenges.challenge(challenge_id).await? {
                    Some(c) if c.status == ChallengeStatus::Pending => {
                        self.challenges.remind(&c).await
                    }
                    _ => Ok(false),
                };
            }
            _ => {}
        }
        let (DueEvent::Reminder {
            game_id, version, ..
        }
        | DueEvent::Timeout {
            game_id, version, ..
        }
        | DueEvent::Abort { game_id, version }
        | DueEvent::AiTurn { game_id, version }) = event
        else {
            return Ok(false);
        };
        let mut loaded = self.games.load(game_id).await?;
        if loaded.row.version != version || loaded.is_over() {
            return Ok(false);
        }
        let mut change = GameChange::of(&loaded.row, self.base.now());
        match event {
            DueEvent::Reminder { player, .. } => {
                change.reminded = true;
                let deadline = loaded.row.deadline.unwrap_or(0);
                let hours = ((deadline - self.base.now() + 3599) / 3600).max(1);
                // Before a first move, running out of time aborts the game.
                let first = loaded.ply() < 2;
                // In a tournament it is a forfeit instead.
                let forfeit = first && loaded.tournament.is_some();
                let reminder = ClockNotice::Reminder {
                    game: game_id,
                    hours,
                    until: deadline,
                    stake: match first {
                        true if forfeit => Stake::FirstMoveForfeit,
                        true => Stake::FirstMove,
                        false => Stake::Game,
                    },
                };
                // In the language the player last used; the board with
                // its menu, in the channel and, if they want, by DM.
                let lang = spoken(loaded.player_row(player));
                let ply = loaded.ply();
                change.posts = vec![NewPost {
                    pings: vec![player],
                    ..self
                        .outbox
                        .board_post(&loaded, ply, reminder.clone(), lang, false)
                }];
                for to in self.notify.event_dms(&loaded, &[player]) {
                    let channel = loaded.row.channel_id;
                    change.posts.push(to.post(channel, ply, reminder.clone()));
                }
            }
            DueEvent::Abort { .. } => {
                change.state = GameState::Aborted;
                change.deadline = None;
                change.draw_offer = DrawOfferChange::Clear;
                let absent = loaded.player(loaded.game.turn());
                let name = loaded.name(loaded.game.turn());
                // A tournament game is not aborted: the player who never
                // moved forfeits it (and the tournament withdraws them).
                let forfeit = loaded.tournament.is_some();
                let (said, ending) = match forfeit {
                    true => (
                        ClockNotice::Forfeited {
                            game: game_id,
                            absent: name.clone(),
                        },
                        GameEnding::Forfeit { absent: name },
                    ),
                    false => (
                        ClockNotice::Aborted {
                            game: game_id,
                            absent: name,
                        },
                        GameEnding::Aborted,
                    ),
                };
                let lang = self.settings.public_lang(&loaded, absent).await?;
                let ply = loaded.ply();
                let people = loaded.people(self.base.bot.id);
                change.posts =
                    vec![self
                        .outbox
                        .board_post(&loaded, ply, said.clone(), lang, false)];
                change
                    .posts
                    .extend(self.threads.lobby_result(&loaded, ending, lang).await?);
                for to in self.notify.event_dms(&loaded, &people) {
                    let channel = loaded.row.channel_id;
                    change.posts.push(to.post(channel, ply, said.clone()));
                }
            }
            DueEvent::Timeout { player, .. } => {
                let side = loaded.side_of(player).ok_or(AppError::NotYourGame)?;
                let outcome = Outcome {
                    result: GameResult::win_for(side.opponent()),
                    reason: Reason::Timeout,
                };
                let name = loaded.name(side);
                let lang = self.settings.public_lang(&loaded, player).await?;
                self.playing
                    .finish(&loaded, &mut change, outcome, lang)
                    .await?;
                let headline = ClockNotice::RanOutOfTime {
                    by: name,
                    game: game_id,
                };
                change.posts.insert(
                    0,
                    NewPost {
                        pings: vec![loaded.player(side.opponent()), player],
                        ..self
                            .outbox
                            .board_post(&loaded, loaded.ply(), headline, lang, false)
                    },
                );
            }
            DueEvent::AiTurn { .. } => {
                let human = loaded.player(loaded.game.turn().opponent());
                let lang = self.settings.public_lang(&loaded, human).await?;
                return match self.playing.ai_turn(&mut loaded, lang, None).await {
                    Ok(played) => Ok(played.is_some()),
                    Err(AppError::Conflict) => Ok(false),
                    Err(e) => Err(e),
                };
            }
            DueEvent::ChallengeExpired { .. } | DueEvent::ChallengeReminder { .. } => {
                return Ok(false)
            }
        }
        Ok(self.playing.apply(&change).await?.is_some())
    }
}

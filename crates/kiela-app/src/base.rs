//! What every feature's service shares: the bot, the clock and how long
//! things wait. Each service holds a `Base`, the ports it reads and
//! writes through, and the services it calls, nothing more (see `App`,
//! which wires them).

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use crate::clock::{Clock, Timing};
use crate::context::User;
use crate::store::PlayerRow;

/// The bot, the clock: cheap to clone.
#[derive(Clone)]
pub struct Base {
    pub(crate) bot: User,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) timing: Timing,
    /// Games loaded from the database since start (see `App::games_loaded`).
    pub(crate) games_loaded: Arc<AtomicU64>,
}

impl Base {
    /// When `player`'s (their row, if recorded) time to move runs out if
    /// their turn starts now: `None` for a game without a time limit (against the AI unless
    /// asked for); after their vacation if they are on one.
    pub(crate) fn deadline_for(
        &self,
        seconds_per_move: i64,
        player: Option<&PlayerRow>,
    ) -> Option<i64> {
        if seconds_per_move == 0 {
            return None;
        }
        let vacation = player.filter(|p| p.id != self.bot.id);
        let start = match vacation.and_then(|p| p.vacation_until) {
            Some(until) => self.now().max(until),
            None => self.now(),
        };
        Some(start + seconds_per_move)
    }

    /// The service's clock, in seconds.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}

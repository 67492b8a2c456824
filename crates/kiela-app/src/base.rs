//! What every feature's service shares: the database, the bot, the
//! clock and how long things wait. Each service holds a `Base` and the
//! services it calls, nothing more (see `App`, which wires them).

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use crate::clock::{Clock, Timing};
use crate::context::User;
use crate::error::{AppError, Result};
use crate::store::{Database, PlayerRow};
use crate::vocabulary::{ChannelId, ChannelRefusal};

/// The database, the bot, the clock: cheap to clone.
#[derive(Clone)]
pub struct Base {
    pub(crate) store: Arc<dyn Database>,
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

    /// Whether `error` may pass, so the same request may succeed later
    /// (see [`AppError::is_passing`]).
    pub fn is_passing(&self, error: &AppError) -> bool {
        error.is_passing(self.store.as_ref())
    }

    /// The service's clock, in seconds.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Whether `channel` is refused, and how: posts for it are not sent
    /// ([`crate::DeliveryService::claim_deliveries`] hands them to
    /// [`crate::PlaceService`]).
    pub(crate) async fn refusal_of(&self, channel: ChannelId) -> Result<Option<ChannelRefusal>> {
        Ok(self
            .store
            .refused_channel(channel)
            .await?
            .map(|refused| refused.refusal))
    }
}

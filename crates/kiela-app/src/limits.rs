//! Limits: the application's own (a game's GIF), each user's quotas
//! (open challenges, AI games), and the machine's (how many AI searches
//! run at once). Discord's limits are the adapter's (`kiela-discord`'s
//! `limits`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::challenges::ChallengeRefusal;
use crate::store::Quota;

/// A finished game's GIF is at most this many bytes (10 MiB): the
/// application's own size for a picture, small enough to send anywhere.
pub const GIF_BYTES: usize = 10 * 1024 * 1024;

/// A finished game's GIF shows at most its last this many turns: a frame
/// is about 18 KB (a 50-turn game's GIF is 888 KB), so about 5 MB, well
/// within [`GIF_BYTES`], drawn in about a second.
pub const GIF_TURNS: usize = 300;

/// At most this many challenges sent by one user wait for an answer.
pub const MAX_OPEN_CHALLENGES: usize = 10;

/// At most this many ongoing games against the AI per player.
pub const MAX_AI_GAMES: usize = 5;

/// Why a new challenge or game would go past `quota`; `within`, the days
/// a challenge made here waits (when one was asked for).
pub(super) fn over_quota(quota: Quota, within: Option<i64>) -> ChallengeRefusal {
    match quota {
        Quota::OpenChallenges { max, .. } => ChallengeRefusal::TooManyChallenges {
            max,
            days: within.unwrap_or(super::challenges::CHALLENGE_DAYS),
        },
        Quota::AiGames { max, .. } => ChallengeRefusal::TooManyAiGames { max },
    }
}

/// A bounded pool of slots with a queue: at most as many AI searches run at
/// once as the machine has cores; the others wait their turn (tokio's
/// semaphore is fair, first come first served).
pub struct SearchPool {
    slots: Arc<Semaphore>,
    size: usize,
    running: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

/// A turn in the pool: the search runs while it is held.
pub struct Slot {
    _permit: OwnedSemaphorePermit,
    running: Arc<AtomicUsize>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.running.fetch_sub(1, Ordering::SeqCst);
    }
}

impl SearchPool {
    pub fn new(size: usize) -> SearchPool {
        let size = size.max(1);
        SearchPool {
            slots: Arc::new(Semaphore::new(size)),
            size,
            running: Arc::default(),
            peak: Arc::default(),
        }
    }

    /// Waits for a free slot. Move the slot into the blocking task, so it
    /// is held until the search ends even if the caller goes away.
    pub async fn slot(&self) -> Slot {
        let permit = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .expect("the pool's semaphore is never closed");
        self.occupy(permit)
    }

    /// A free slot now, if there is one.
    pub fn try_slot(&self) -> Option<Slot> {
        let permit = self.slots.clone().try_acquire_owned().ok()?;
        Some(self.occupy(permit))
    }

    fn occupy(&self, permit: OwnedSemaphorePermit) -> Slot {
        let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(now, Ordering::SeqCst);
        Slot {
            _permit: permit,
            running: self.running.clone(),
        }
    }

    /// How many slots there are.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The most slots ever held at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }
}

/// The process's pool of AI searches: one slot per core.
pub static AI_SEARCHES: LazyLock<SearchPool> =
    LazyLock::new(|| SearchPool::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_pool_holds_at_most_its_size_and_queues_the_rest() {
        let pool = SearchPool::new(2);
        let a = pool.slot().await;
        let b = pool.slot().await;
        assert!(pool.try_slot().is_none(), "a third slot while two are held");
        drop(a);
        let c = pool.try_slot().expect("a slot freed");
        assert_eq!(pool.peak(), 2);
        drop((b, c));
        assert!(pool.try_slot().is_some());
    }

    #[test]
    fn the_ai_pool_has_no_more_slots_than_cores() {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        assert!(AI_SEARCHES.size() <= cores.max(1));
    }
}

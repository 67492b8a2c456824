//! The time, injected so that tests can move it forward by days.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Where the service gets the time from, in unix seconds.
pub trait Clock: Send + Sync {
    fn now(&self) -> i64;
}

/// The real time.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    }
}

/// A clock that only moves when told to (tests, simulations).
#[derive(Clone, Debug, Default)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn starting_at(now: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(now)))
    }

    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }

    pub fn set(&self, now: i64) {
        self.0.store(now, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

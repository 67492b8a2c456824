//! The time, injected so that tests can move it forward by days.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Where the service gets the time from, in unix seconds.
pub trait Clock: Send + Sync {
    fn now(&self) -> i64;

    /// The database's clock read `database_now` just now: a clock that
    /// follows the database's ([`DatabaseClock`]) sets itself by it; the
    /// others ignore it.
    fn follow(&self, _database_now: i64) {}
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

/// The host's clock set by the database's: every process sharing one
/// PostgreSQL database then reads the same time, so a host whose clock runs
/// ten minutes fast cannot fire a loss on time ten minutes early, nor take
/// a post another process holds for a few minutes more. The bot sets it as
/// it starts, then at every look of the clock loop ([`Clock::follow`]);
/// until the first, this is the host's time.
#[derive(Debug, Default)]
pub struct DatabaseClock<Host = SystemClock> {
    host: Host,
    /// The database's time minus the host's, in seconds.
    offset: AtomicI64,
}

impl DatabaseClock {
    /// The database's time, told by this machine's clock.
    pub fn new() -> DatabaseClock {
        DatabaseClock::default()
    }
}

impl<Host: Clock> DatabaseClock<Host> {
    /// The database's time, told by `host` (tests: a host whose clock is
    /// wrong).
    pub fn over(host: Host) -> DatabaseClock<Host> {
        DatabaseClock {
            host,
            offset: AtomicI64::new(0),
        }
    }
}

impl<Host: Clock> Clock for DatabaseClock<Host> {
    fn now(&self) -> i64 {
        self.host.now() + self.offset.load(Ordering::Relaxed)
    }

    fn follow(&self, database_now: i64) {
        let offset = database_now - self.host.now();
        let before = self.offset.swap(offset, Ordering::Relaxed);
        if (offset - before).abs() > 5 {
            tracing::warn!(
                "the host's clock is {offset} s from the database's: following the database's"
            );
        }
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

/// How long the service waits for work another task or process may still
/// be doing (seconds). The defaults suit Discord; tests shorten them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The lease of every hold on a post (seconds): an interaction's
    /// answer holds its posts this long, and the delivery loop the posts
    /// it sends; either holder renews it every third of a lease while its send
    /// is in flight ([`crate::OutboxService::while_held`]). A holder
    /// that dies (a crash) or hangs lets its posts go this long after its
    /// last renewal: a few seconds, so that a crash mid-answer keeps a
    /// channel's later posts back for seconds, not minutes.
    pub answer_lease: i64,
    /// An AI turn waits this long for the interaction that made it due
    /// before the timers play it themselves.
    pub ai_turn_grace: i64,
    /// The longest a request waits for a game's replay (which may have to
    /// prove long relay cycles endless) before saying it is busy.
    pub replay_bound: std::time::Duration,
    /// How the AI's levels are bounded: by the clock in play (`expert`
    /// uses its whole time), by node budgets in tests (reproducible and
    /// quick).
    pub ai_budget: kiela_ai::Budget,
    /// How long an answer may take before its interaction is deferred:
    /// Discord wants the first response within 3 seconds.
    pub defer_after: std::time::Duration,
    /// The least time between two progress edits of a deferred answer
    /// (each is a request to Discord, which rate-limits them).
    pub progress_every: std::time::Duration,
    /// The longest the delivery loop sleeps when nothing wakes it.
    pub delivery_poll: std::time::Duration,
    /// How long shutting down waits for interactions being answered.
    pub shutdown_grace: std::time::Duration,
    /// Seconds a delivered post is kept (for edits of its message, and to
    /// see what was sent) before it is deleted; parked posts are kept four
    /// times as long, for the operator to look at.
    pub keep_posts: i64,
}

/// The default [`Timing::keep_posts`]: a week.
pub const KEEP_POSTS: i64 = 7 * 24 * 60 * 60;
/// The default [`Timing::answer_lease`].
pub const ANSWER_LEASE: i64 = 5;
/// The default [`Timing::ai_turn_grace`].
pub const AI_TURN_GRACE: i64 = 30;

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            answer_lease: ANSWER_LEASE,
            ai_turn_grace: AI_TURN_GRACE,
            replay_bound: std::time::Duration::from_secs(20),
            ai_budget: kiela_ai::Budget::Clock,
            defer_after: std::time::Duration::from_millis(1500),
            progress_every: std::time::Duration::from_secs(1),
            delivery_poll: std::time::Duration::from_secs(2),
            shutdown_grace: std::time::Duration::from_secs(10),
            keep_posts: KEEP_POSTS,
        }
    }
}

//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/clocks.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

/// A vacation taken or ended ([`Store::take_vacation`]).
pub struct VacationChange {
    pub player: UserId,
    /// The vacation's end (now, when it ends early).
    pub until: i64,
    /// The year its days are charged to, and the days taken that year.
    pub year: i64,
    pub days: i64,
    /// The year and days stored before: the change's guard.
    pub before: (i64, i64),
    /// How far the player's running deadlines move, in seconds.
    pub shift: i64,
}

#[async_trait]
pub trait ClocksStore: Send + Sync {
    /// The database's time, in unix seconds: one clock for every process
    /// sharing it (see `DatabaseClock`).
    async fn database_now(&self) -> Result<i64>;

    /// Takes (or gives back) vacation days in one transaction: the
    /// player's vacation end and days, guarded by the days they had
    /// (`before`) so two requests at once cannot both spend the same
    /// allowance; every running deadline where they are to move moved by
    /// `shift` seconds (a later one is reminded again); and `posts`
    /// telling their opponents. The games whose deadline moved, or `None`
    /// and nothing written if the days changed meanwhile.
    async fn take_vacation(
        &self,
        v: &VacationChange,
        posts: Vec<NewPost>,
        now: i64,
    ) -> Result<Option<Vec<GameId>>>;

    /// Active games whose deadline has passed or whose reminder is due
    /// (a quarter of the time per move left, not yet reminded), and games
    /// where `bot` is to move and nothing happened since `idle_since`;
    /// not those whose clock is stopped by a fault ([`Store::stop_clock`])
    /// or paused (no place left, see `app::places`).
    async fn due_games(&self, now: i64, bot: UserId, idle_since: i64) -> Result<Vec<GameId>>;

    /// Records the bot's sign of life at `now`. When the last one is older
    /// than `outage_after` seconds (if given), every active game's deadline moves by
    /// the time since (its version too, so that a due event found before
    /// cannot fire), and so does every failing post's failing time: the
    /// time the bot was away, and the games that moved. Only
    /// the process that records `now` over the old sign of life moves them,
    /// so two processes noticing the same outage move the clocks once.
    async fn heartbeat(
        &self,
        now: i64,
        outage_after: Option<i64>,
    ) -> Result<Option<(i64, Vec<GameId>)>>;

    /// Stops game `id`'s clock for good, saying why: its timers fail the
    /// same way every time. The operator starts it again
    /// ([`Store::restart_clock`]) once the game is mended.
    async fn stop_clock(&self, id: GameId, why: &str) -> Result<()>;

    /// Starts game `id`'s stopped clock again. False if it was not stopped.
    async fn restart_clock(&self, id: GameId) -> Result<bool>;

    /// The games whose clock is stopped, with why.
    async fn stopped_clocks(&self) -> Result<Vec<(GameId, String)>>;
}

//! What the clocks tell people: reminders, no-shows, losses on time, an
//! outage's moved deadlines, vacations.

use serde::{Deserialize, Serialize};

use crate::vocabulary::{GameId, UserId};
use crate::Name;

/// What a clock event or a vacation says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockNotice {
    /// `hours` are left (until unix time `until`) to move in `game`.
    Reminder {
        game: GameId,
        hours: i64,
        until: i64,
        stake: Stake,
    },
    /// `absent` never moved in `game`: it is aborted.
    Aborted { game: GameId, absent: Name },
    /// `absent` never moved in tournament `game`: they forfeit it.
    Forfeited { game: GameId, absent: Name },
    /// `by` ran out of time in `game`.
    RanOutOfTime { by: Name, game: GameId },
    /// The bot was away about `hours`: `game`'s deadline moved by as much.
    Outage { game: GameId, hours: i64 },
    /// To `opponent`: `by` is on vacation until unix time `until`, in `game`.
    VacationStarted {
        opponent: UserId,
        by: Name,
        game: GameId,
        until: i64,
    },
    /// To `opponent`: `by` is back from vacation, in `game`.
    VacationEnded {
        opponent: UserId,
        by: Name,
        game: GameId,
    },
    /// The user's vacation runs until `until` (`days` more), pushing the
    /// deadlines of `games` games; `left` days are left this year.
    VacationOn {
        until: i64,
        days: i64,
        games: i64,
        left: i64,
    },
    /// The user's vacation ended, giving `back` days back, moving the
    /// deadlines of `games` games; `left` days are left this year.
    VacationOff { back: i64, games: i64, left: i64 },
}

/// What running out of time after a reminder costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stake {
    /// The game, lost on time.
    Game,
    /// Before a first move: the game is aborted.
    FirstMove,
    /// Before a first move in a tournament: a forfeit.
    FirstMoveForfeit,
}

//! Why a move, a rearrangement, a resignation, an abort or a take-back
//! was refused.

use kiela_rules::{GameError, Hole, LayoutError, Outcome, ParseHoleError};

use crate::vocabulary::GameId;
use crate::Name;

/// Why acting on a game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayRefusal {
    /// The text given for a hole names none.
    BadHole(ParseHoleError),
    /// The layout typed is not one.
    BadLayout(LayoutError),
    /// A row of the rearrangement form does not have 10 counts.
    RowCount { row: FormRow, count: usize },
    /// The player may no longer rearrange (only on their first turn).
    RearrangementUsed,
    /// The rules refuse the move; `legal`, the holes to sow from instead.
    Illegal { error: GameError, legal: Vec<Hole> },
    /// The rules refuse the rearrangement.
    Rules(GameError),
    /// Game `0` was forfeited (a player never moved).
    Forfeited(GameId),
    /// Game `0` was aborted.
    Aborted(GameId),
    /// No move: the game is over.
    GameOver(GameEnd),
    /// No ending (resignation, abort, agreement): the game is over already.
    AlreadyOver(GameEnd),
    /// Game `0` has had its first moves: too late to abort it.
    AbortTooLate(GameId),
    /// Game `0` is a tournament's: never aborted.
    AbortTournament(GameId),
    /// Turns are taken back against the AI only.
    TakebackBetweenPeople,
    /// Game `0` is over: its turns stand.
    TakebackOver(GameId),
    /// The user has no turn of their own in game `0` yet.
    NothingToTakeBack(GameId),
}

/// A row of the rearrangement form, as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormRow {
    Upper,
    Lower,
}

/// How a game ended, with its players' names (South's, North's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameEnd {
    pub game: GameId,
    pub outcome: Outcome,
    pub south: Name,
    pub north: Name,
}

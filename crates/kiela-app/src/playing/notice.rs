//! What playing a game tells people: a move's path, a resignation, an
//! abort, a take-back, a preview, showing a game.

use serde::{Deserialize, Serialize};

use kiela_rules::{Hole, Trace};

use crate::vocabulary::{ChannelId, ConfirmMoves, GameId};
use crate::Name;

/// What an action on a game says (a board post's headline, or a reply).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayNotice {
    /// `by` played the turn that went `path` (a board's headline).
    Moved { by: Name, path: Trace },
    /// The preview of an Expert rearrangement in `game`.
    ArrangePreview { game: GameId },
    /// The preview of sowing `hole` as turn `turn` of `game`, by `by`.
    MovePreview {
        game: GameId,
        turn: i64,
        hole: Hole,
        by: Name,
        path: Trace,
    },
    /// A preview of `game` was cancelled; `late`: the game had moved on.
    PreviewCancelled { game: GameId, late: bool },
    /// The move in `game` was played; its board follows in the channel.
    PlayedBoardFollows { game: GameId },
    /// `by` resigned `game`.
    Resigned { by: Name, game: GameId },
    /// `by` aborted `game` before both players moved.
    AbortedBy { by: Name, game: GameId },
    /// `by` took back turn `turn` of `game`, with `ai`'s reply if it had one.
    TookBack {
        by: Name,
        turn: i64,
        ai: Option<Name>,
        game: GameId,
    },
    /// The headline of `game` shown at ply `ply`.
    Shown { game: GameId, ply: i64 },
    /// `game` is played in `channel`, not here.
    PlayedElsewhere { game: GameId, channel: ChannelId },
    /// Moves picked in a menu are now previewed as `choice` says.
    ConfirmMovesSet(ConfirmMoves),
}

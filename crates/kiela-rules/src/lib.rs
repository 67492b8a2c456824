//! Pure Kiela, exactly as `RULES.md` says: holes and sides, positions,
//! sowing with relay and capture, endless-move detection, variants, Expert
//! layouts, game endings and records. No I/O, no async, no allocation on the
//! hot path ([`Position::play`]).

mod game;
mod history;
mod hole;
mod layout;
mod moves;
mod outcome;
mod playout;
mod position;
mod record;
mod sowing;
mod trace;
mod variant;

pub use game::{Game, GameError};
pub use history::History;
pub use hole::{Hole, HoleSet, ParseHoleError, Side};
pub use layout::{Layout, LayoutError};
pub use moves::{Move, ParseMoveError};
pub use outcome::{GameResult, Outcome, ParseOutcomeError, Reason};
pub use playout::{random_playout, run_playouts, Playout, PlayoutStats};
pub use position::{IllegalMove, MoveEffect, MoveList, Position};
pub use record::{Record, RecordError};
pub use trace::{Lap, LapKind, Trace};
pub use variant::{ParseVariantError, Variant};

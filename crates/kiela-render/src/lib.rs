//! Board pictures, their text description, and animations.
//!
//! The game service and the Discord adapter call two functions:
//! [`render_png`] for the picture posted after every turn, and [`alt_text`]
//! for its description (the attachment's alt text, read by screen readers,
//! and what the terminal prints). Both take the same [`BoardView`], so the
//! picture and the words always describe the same thing; its
//! [`LastMove`] carries the turn's path, drawn on the board and said in
//! words ([`words::path`]). [`turn_gif`] animates the same view's turn
//! stone by stone, [`game_gif`] a whole game turn by turn. Every word the
//! pictures show comes from [`words`].
//!
//! ```
//! use kiela_render::{alt_text, render_png, BoardView, HEIGHT, WIDTH};
//! use kiela_rules::{Position, Variant};
//!
//! let position = Position::new(Variant::Standard);
//! let view = BoardView::new(&position, "alice", "bob");
//! let png = render_png(&view).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! assert!(alt_text(&view).starts_with("Kiela board, Standard, start. alice (South) to move."));
//! assert_eq!((WIDTH, HEIGHT), (1000, 500));
//! ```

mod alt_text;
mod animate;
mod board;
mod draw;
mod encode;
mod gif;
mod graph;
mod lzw;
mod standings;
pub mod words;

use thiserror::Error;

use kiela_i18n::Lang;
use kiela_rules::{GameError, HoleSet, IllegalMove, LapKind, Move, Outcome, Position, Side, Trace};

pub use alt_text::{alt_text, ALT_TEXT_MAX_CHARS};
pub use animate::{game_gif, turn_gif, GameView};
pub use board::{draw_board, hole_centre, phone_sizes, PhoneSizes, HEIGHT, PHONE_WIDTH, WIDTH};
pub use graph::{
    draw_graph, graph_png, graph_points, stone_ticks, turn_ticks, GraphView, Mark, GRAPH_HEIGHT,
    GRAPH_WIDTH,
};
pub use standings::{
    draw_standings, standings_alt_text, standings_png, CrossCell, CrossResult, StandingRow,
    StandingsFormat, StandingsView, STANDINGS_WIDTH,
};

/// Everything a board picture shows: the position and the game around it.
#[derive(Clone, Debug)]
pub struct BoardView<'a> {
    /// The position to draw (its variant and the player to move come from it).
    pub position: &'a Position,
    /// South's display name (bottom of the picture). Control characters are
    /// dropped and a name too long for the picture is shortened with `…`.
    pub south_name: &'a str,
    /// North's display name (top of the picture).
    pub north_name: &'a str,
    /// Plies (single turns) played so far: the picture's turn number
    /// ("turn 22": the position after the 22nd turn; "start" at 0), the
    /// same number as the bot's Replay turn, Review and analysis.
    pub ply: usize,
    /// The move that led to `position`, with its path to draw; `None` at
    /// the start.
    pub last_move: Option<LastMove>,
    /// How the game ended, for the result banner; `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// The game's number in the bot ("Game #12"); `None` for a game
    /// outside it (the terminal tools).
    pub game_id: Option<i64>,
    /// The language of every word in the picture, the animations and the
    /// alt text.
    pub lang: Lang,
}

impl<'a> BoardView<'a> {
    /// A view of `position` with no move history: ply 0, no last move, no
    /// result. Set the other fields directly when there is more to show.
    pub fn new(position: &'a Position, south_name: &'a str, north_name: &'a str) -> BoardView<'a> {
        BoardView {
            position,
            south_name,
            north_name,
            ply: 0,
            last_move: None,
            outcome: None,
            game_id: None,
            lang: Lang::En,
        }
    }

    /// The display name of `side`.
    pub fn name(&self, side: Side) -> &'a str {
        match side {
            Side::South => self.south_name,
            Side::North => self.north_name,
        }
    }

    /// Who played the last move: always the opponent of the player to move,
    /// since a move passes the turn and an ending does not.
    pub fn last_mover(&self) -> Side {
        self.position.turn().opponent()
    }
}

/// The move just played and the path it took, as the picture draws it.
///
/// One mechanism for every caller: give the position the move was played
/// from and the move; the path ([`Trace`]) and every hole's change follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The sowing (its hole gets a thick ring) or the Expert rearrangement.
    pub played: Move,
    /// The position the move was played from: against the view's position
    /// it gives each hole's change (`+2`, `−5`).
    pub before: Position,
    /// Every lap of the turn (empty for a rearrangement).
    pub trace: Trace,
}

impl LastMove {
    /// The last move `played` from `before`, with its path. Fails only if
    /// the move is not legal there.
    pub fn new(before: &Position, played: Move) -> Result<LastMove, IllegalMove> {
        Ok(LastMove {
            played,
            before: *before,
            trace: before.trace(&played)?,
        })
    }

    /// The opponent's holes captured from (each gets a dashed square).
    pub fn captured(&self) -> HoleSet {
        let mut set = HoleSet::EMPTY;
        for (hole, _) in self.trace.laps.iter().flat_map(|lap| lap.captures()) {
            set.insert(hole);
        }
        set
    }

    /// How many stones the captures took in all (a stone taken twice in a
    /// long chain counts twice).
    pub fn captured_stones(&self) -> u32 {
        self.trace
            .laps
            .iter()
            .filter(|lap| lap.kind == LapKind::Capture)
            .map(|lap| u32::from(lap.stones))
            .sum()
    }
}

/// Why a picture could not be made.
#[derive(Debug, Error)]
pub enum RenderError {
    #[error("cannot encode the board picture as PNG: {0}")]
    Encode(#[from] png::EncodingError),
    /// zlib-rs refused to compress a picture (its return code).
    #[error("cannot compress the picture: zlib error {0}")]
    Compress(i32),
    #[error("cannot encode the animation as GIF: {0}")]
    Gif(#[from] ::gif::EncodingError),
    /// An Expert rearrangement moves no stone along a path: there is
    /// nothing to animate (its still picture shows the new layout).
    #[error("a rearrangement has no sowing to animate; show its board picture instead")]
    NothingToAnimate,
    /// A move given to animate is not legal in the position before it.
    #[error("cannot animate the move: {0}")]
    Illegal(#[from] IllegalMove),
    /// A game given to animate does not replay.
    #[error("cannot replay the game: {0}")]
    Game(#[from] GameError),
}

/// The board picture as PNG bytes, [`WIDTH`] x [`HEIGHT`] pixels (2:1,
/// legible at the 400 pixels Discord gives it on a phone).
pub fn render_png(view: &BoardView) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw_board(view))
}

/// A display name made safe to draw: no control characters, surrounding
/// space trimmed, the side's name (in `lang`) when nothing is left.
pub(crate) fn clean_name(name: &str, side: Side, lang: Lang) -> String {
    let cleaned = clean_text(name);
    if cleaned.is_empty() {
        words::side(lang, side)
    } else {
        cleaned
    }
}

/// `text` on one line: control characters and runs of white space become
/// single spaces, and the ends are trimmed.
pub(crate) fn clean_text(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::{GameResult, Reason};

    #[test]
    fn names_lose_control_characters_and_fall_back_to_the_side() {
        assert_eq!(
            clean_name(" al\u{7}ice\n ", Side::South, Lang::En),
            "al ice"
        );
        assert_eq!(clean_name(" \t", Side::North, Lang::En), "North");
        assert_eq!(clean_name("", Side::North, Lang::Pt), "Norte");
    }

    #[test]
    fn outcomes_read_naturally() {
        let name = |side: Side| if side == Side::South { "alice" } else { "bob" }.to_string();
        let won = Outcome {
            result: GameResult::NorthWins,
            reason: Reason::NoMoves,
        };
        assert_eq!(
            words::outcome(Lang::En, &won, name),
            "bob (North) wins: South has no legal move"
        );
        let resigned = Outcome {
            result: GameResult::SouthWins,
            reason: Reason::Resignation,
        };
        assert_eq!(
            words::outcome(Lang::En, &resigned, name),
            "alice (South) wins: North resigned"
        );
        let drawn = Outcome {
            result: GameResult::Draw,
            reason: Reason::Repetition,
        };
        assert_eq!(
            words::outcome(Lang::En, &drawn, name),
            "Draw: threefold repetition"
        );
    }
}

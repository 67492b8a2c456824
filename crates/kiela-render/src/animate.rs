//! Animations: one turn stone by stone ([`turn_gif`]) and a whole game
//! turn by turn ([`game_gif`]).
//!
//! A turn starts from the still picture of the position before it and
//! replays its laps on that canvas, redrawing only the holes a step
//! touches: the stones in hand ride as a large yellow disc with their
//! number over the hole they are over (the current hole), each hole
//! receiving a stone shows its new count, the start hole gets its ring and
//! captured holes their dashed square as they are emptied, the capturing
//! hole a vermillion ring while its capture is sown. The mover's band says
//! "sowing", and the strip between the halves captions the lap under way
//! ("relay from C4", "C3 captures C2+C1 (6)"). The last frame is the still
//! picture after the turn, with its path marked, held for two seconds. A
//! chain too long for its captions to be read keeps the first one.
//!
//! Timing: the steps share [`STEPS_CS`] hundredths of a second (at most
//! [`STEP_MAX_CS`] each, at least [`STEP_MIN_CS`]); with the opening and
//! closing holds a turn lasts at most 8 seconds. A turn with more than
//! [`MAX_STEPS`] single stones shows whole laps per frame instead, and a
//! longer chain several laps per frame, so that frames and bytes stay
//! bounded whatever the chain.

use image::RgbImage;

use super::board::{draw_board, draw_caption, draw_cell, draw_sowing, CellMarks};
use super::gif::{GifWriter, Region, WHOLE};
use super::{words, BoardView, LastMove, RenderError};
use kiela_i18n::Lang;
use kiela_rules::{Game, Hole, HoleSet, LapKind, Move, Trace};

/// The position before the turn, shown first (hundredths of a second).
const FIRST_CS: u16 = 60;
/// Time shared by the steps of a turn.
const STEPS_CS: u16 = 540;
const STEP_MAX_CS: u16 = 30;
/// Browsers show shorter delays as 10 cs; 5 cs is still honoured by all.
const STEP_MIN_CS: u16 = 5;
/// The position after the turn, held at the end.
const LAST_CS: u16 = 200;
/// At most this many step frames in a turn.
const MAX_STEPS: usize = 100;

/// A game animation shows each turn this long, and the end longer.
const TURN_CS: u16 = 100;
const GAME_END_CS: u16 = 300;

/// The turn that led to `view`'s position, stone by stone, as an animated
/// GIF ([`super::WIDTH`] x [`super::HEIGHT`], looping).
///
/// `view` is the still picture's view after the turn: its
/// [`BoardView::last_move`] gives the position before and the path. Its
/// `ply` counts the turn; names, game number and result are drawn as in
/// the still picture, which is the last frame.
///
/// An Expert rearrangement has no path: it is refused with
/// [`RenderError::NothingToAnimate`] (its still picture shows the new
/// layout and every hole's change), as is a view without a last move.
pub fn turn_gif(view: &BoardView) -> Result<Vec<u8>, RenderError> {
    let last = view
        .last_move
        .as_ref()
        .ok_or(RenderError::NothingToAnimate)?;
    if matches!(last.played, Move::Arrange(_)) || last.trace.laps.is_empty() {
        return Err(RenderError::NothingToAnimate);
    }
    let before = BoardView {
        position: &last.before,
        ply: view.ply.saturating_sub(1),
        last_move: None,
        outcome: None,
        ..view.clone()
    };
    let mover = last.before.turn();
    let caption = |lap| words::caption(view.lang, mover, lap);
    let mut shown = Board::new(last, caption(&last.trace.laps[0]));
    let mut canvas = draw_sowing(&before, &shown.caption);
    let mut gif = GifWriter::new(&canvas, FIRST_CS)?;
    let snapshots = Snapshots::of(&last.trace);
    let delay = (STEPS_CS / snapshots.count().max(1) as u16).clamp(STEP_MIN_CS, STEP_MAX_CS);
    // A caption per lap while the steps last long enough to read it (at
    // least 10 cs, up to 54 steps): each new one is a small frame of its
    // own. A longer chain flashes by; the first caption ("North sows G4")
    // stays, and the capture marks still show.
    let captions = delay >= 2 * STEP_MIN_CS;
    let mut board = shown.clone();
    for (lap_index, lap) in last.trace.laps.iter().enumerate() {
        if captions {
            board.caption = caption(lap);
        }
        board.capturer = (lap.kind == LapKind::Capture).then_some(lap.from);
        // Take the stones: from the hole, or from the captured holes.
        match lap.kind {
            LapKind::Sow | LapKind::Relay => board.counts[lap.from.index()] = 0,
            LapKind::Capture => {
                for (hole, _) in lap.captures() {
                    board.counts[hole.index()] = 0;
                    board.taken.insert(hole);
                }
            }
        }
        if lap.kind == LapKind::Sow {
            board.start = Some(lap.from);
        }
        board.hand = Some((lap.from, lap.stones));
        if snapshots.wants(Moment::Taken, lap_index) {
            show(&mut canvas, &mut gif, &mut shown, &board, delay)?;
        }
        for (i, hole) in lap.drops().enumerate() {
            board.counts[hole.index()] += 1;
            let left = lap.stones - 1 - i as u8;
            board.hand = (left > 0).then_some((hole, left));
            let moment = if left == 0 {
                Moment::LapEnd
            } else {
                Moment::Drop
            };
            if snapshots.wants(moment, lap_index) {
                show(&mut canvas, &mut gif, &mut shown, &board, delay)?;
            }
        }
    }
    gif.frame(&draw_board(view), WHOLE, LAST_CS)?;
    gif.finish()
}

/// What the animation shows of the board at one moment.
#[derive(Clone)]
struct Board {
    counts: [u8; 40],
    start: Option<Hole>,
    taken: HoleSet,
    hand: Option<(Hole, u8)>,
    /// The hole whose capture is being sown.
    capturer: Option<Hole>,
    /// The strip's caption: the lap under way.
    caption: String,
}

impl Board {
    fn new(last: &LastMove, caption: String) -> Board {
        Board {
            counts: last.before.board(),
            start: None,
            taken: HoleSet::EMPTY,
            hand: None,
            capturer: None,
            caption,
        }
    }

    fn marks(&self, hole: Hole) -> CellMarks {
        CellMarks {
            start: self.start == Some(hole),
            taken: self.taken.contains(hole),
            hand: self.hand.filter(|(h, _)| *h == hole).map(|(_, n)| n),
            capturer: self.capturer == Some(hole),
        }
    }
}

/// Redraws the holes where `board` differs from `shown` and adds the frame.
fn show(
    canvas: &mut RgbImage,
    gif: &mut GifWriter,
    shown: &mut Board,
    board: &Board,
    mut delay: u16,
) -> Result<(), RenderError> {
    let mut region: Option<Region> = None;
    // A new caption is a frame of its own when the step is long enough to
    // share (the strip and a far cell in one frame would make a large
    // rectangle to encode); it takes the shortest delay from the step.
    if shown.caption != board.caption && delay >= 2 * STEP_MIN_CS {
        let strip = draw_caption(canvas, &board.caption);
        gif.frame(canvas, strip, STEP_MIN_CS)?;
        shown.caption.clone_from(&board.caption);
        delay -= STEP_MIN_CS;
    }
    let mut grow = |cell: Region| {
        region = Some(match region {
            None => cell,
            Some(r) => [
                r[0].min(cell[0]),
                r[1].min(cell[1]),
                r[2].max(cell[2]),
                r[3].max(cell[3]),
            ],
        });
    };
    if shown.caption != board.caption {
        grow(draw_caption(canvas, &board.caption));
    }
    for hole in Hole::all() {
        let i = hole.index();
        let marks = board.marks(hole);
        if shown.counts[i] == board.counts[i] && shown.marks(hole) == marks {
            continue;
        }
        grow(draw_cell(canvas, hole, board.counts[i], marks));
    }
    *shown = board.clone();
    match region {
        Some(region) => gif.frame(canvas, region, delay),
        None => Ok(()),
    }
}

/// Moments of a turn a frame can show.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Moment {
    /// Stones just taken into the hand.
    Taken,
    /// A stone dropped, more in hand.
    Drop,
    /// The lap's last stone dropped.
    LapEnd,
}

/// Which moments of a turn become frames, so that there are at most
/// [`MAX_STEPS`]: every stone, else each lap's start and end, else the end
/// of every `k`-th lap (and of the last).
enum Snapshots {
    EveryStone { count: usize },
    LapStartsAndEnds { count: usize },
    LapEnds { every: usize, laps: usize },
}

impl Snapshots {
    fn of(trace: &Trace) -> Snapshots {
        let laps = trace.laps.len();
        let stones: usize = trace.laps.iter().map(|l| 1 + usize::from(l.stones)).sum();
        if stones <= MAX_STEPS {
            Snapshots::EveryStone { count: stones }
        } else if 2 * laps <= MAX_STEPS {
            Snapshots::LapStartsAndEnds { count: 2 * laps }
        } else {
            Snapshots::LapEnds {
                every: laps.div_ceil(MAX_STEPS),
                laps,
            }
        }
    }

    /// How many frames the steps make.
    fn count(&self) -> usize {
        match *self {
            Snapshots::EveryStone { count } | Snapshots::LapStartsAndEnds { count } => count,
            Snapshots::LapEnds { every, laps } => laps.div_ceil(every),
        }
    }

    /// Whether `moment` of lap number `lap` (from 0) is a frame.
    fn wants(&self, moment: Moment, lap: usize) -> bool {
        match (self, moment) {
            (Snapshots::EveryStone { .. }, _) => true,
            (Snapshots::LapStartsAndEnds { .. }, moment) => moment != Moment::Drop,
            (&Snapshots::LapEnds { every, laps }, Moment::LapEnd) => {
                (lap + 1).is_multiple_of(every) || lap + 1 == laps
            }
            (Snapshots::LapEnds { .. }, _) => false,
        }
    }
}

/// A whole game to animate: its moves from the start, the players, the
/// game's number, and how it ended.
#[derive(Clone, Copy, Debug)]
pub struct GameView<'a> {
    /// The game as played (its variant, moves and outcome).
    pub game: &'a Game,
    pub south_name: &'a str,
    pub north_name: &'a str,
    pub game_id: Option<i64>,
    /// The language of the words in the frames.
    pub lang: Lang,
    /// The first position shown, after this many plies: 0 for the whole
    /// game, more for its end only (a puzzle's solution).
    pub from: usize,
}

/// A whole game as an animated GIF: the start, then one frame per turn,
/// each the still picture after that turn with its path marked (a second
/// each), the last held three seconds.
pub fn game_gif(view: &GameView) -> Result<Vec<u8>, RenderError> {
    let variant = view.game.position().variant();
    let mut game = Game::new(variant);
    // Every position and last move first (cheap), so that the frames can
    // be drawn on several cores.
    let mut turns = vec![(*game.position(), None)];
    for mv in view.game.moves() {
        let last = LastMove::new(game.position(), *mv)?;
        game.play(mv)?;
        turns.push((*game.position(), Some(last)));
    }
    let end = turns.len() - 1;
    let from = view.from.min(end);
    let draw = |i: usize| -> RgbImage {
        let i = from + i;
        let (position, last_move) = &turns[i];
        draw_board(&BoardView {
            position,
            south_name: view.south_name,
            north_name: view.north_name,
            ply: i,
            last_move: last_move.clone(),
            outcome: if i == end { view.game.outcome() } else { None },
            game_id: view.game_id,
            lang: view.lang,
        })
    };
    let delay = |i: usize| match from + i {
        i if i == end && i > from => GAME_END_CS,
        _ => TURN_CS,
    };
    super::gif::whole_pictures(turns.len() - from, draw, delay)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::{Position, Variant};

    fn frames(bytes: &[u8]) -> Vec<(u16, RgbImage)> {
        let mut options = ::gif::DecodeOptions::new();
        options.set_color_output(::gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes).unwrap();
        let (w, h) = (decoder.width() as u32, decoder.height() as u32);
        let mut canvas = image::RgbaImage::new(w, h);
        let mut out = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            let part = image::RgbaImage::from_raw(
                frame.width.into(),
                frame.height.into(),
                frame.buffer.to_vec(),
            )
            .unwrap();
            for (x, y, p) in part.enumerate_pixels() {
                if p.0[3] > 0 {
                    canvas.put_pixel(frame.left as u32 + x, frame.top as u32 + y, *p);
                }
            }
            out.push((
                frame.delay,
                image::DynamicImage::ImageRgba8(canvas.clone()).to_rgb8(),
            ));
        }
        out
    }

    #[test]
    fn a_first_sowing_is_shown_stone_by_stone() {
        let before = Position::new(Variant::Standard);
        let last = LastMove::new(&before, "G2".parse().unwrap()).unwrap();
        let mut after = before;
        after.play(&last.played).unwrap();
        let mut view = BoardView::new(&after, "alice", "bob");
        view.ply = 1;
        view.last_move = Some(last);
        let bytes = turn_gif(&view).unwrap();
        let frames = frames(&bytes);
        // Before, take, two drops, after.
        assert_eq!(
            frames.len(),
            5,
            "{:?}",
            frames.iter().map(|f| f.0).collect::<Vec<_>>()
        );
        let (x, y) = super::super::hole_centre("G2".parse().unwrap());
        assert_ne!(frames[0].1.get_pixel(x, y), frames[1].1.get_pixel(x, y));
    }
}

//! The evaluation graph of an analysed game, as on Lichess: the evaluation
//! after every ply, South's advantage above the axis and North's below,
//! with the mistakes and blunders marked where they happened.
//!
//! The vertical scale is `tanh(stones / 12)`: a few stones either way are
//! clearly visible, and a forced win (50 stones) does not flatten the rest.
//! Marks differ in shape as well as colour (a filled disc for a blunder, a
//! ring for a mistake), for colour-blind readers.

use image::{Rgb, RgbImage};

use super::board::{BACKGROUND, CAPTURED, INK, PIT_FULL, STONE, WOOD};
use super::paint::{self, Anchor, FONTS};
use super::{encode, words, RenderError};
use kiela_ai::analysis::{PlyAnalysis, Verdict};
use kiela_i18n::Lang;
use kiela_rules::Side;

/// The graph picture's size in pixels.
pub const GRAPH_WIDTH: u32 = 1000;
pub const GRAPH_HEIGHT: u32 = 400;

const LEFT: f32 = 30.0;
const RIGHT: f32 = 970.0;
const TOP: f32 = 60.0;
const BOTTOM: f32 = 330.0;
const TITLE_SIZE: f32 = 30.0;
const LABEL_SIZE: f32 = 26.0;
/// Stones at which the curve is at 76% of its height (`tanh(1)`).
const SCALE_STONES: f32 = 12.0;

/// How a move is marked on the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Mistake,
    Blunder,
}

/// The evaluation of every position, start to end (South's view), and the
/// mistakes and blunders to mark: what the evaluation graph draws.
pub fn graph_points(plies: &[PlyAnalysis]) -> (Vec<i32>, Vec<(usize, Mark)>) {
    let mut evals: Vec<i32> = plies.iter().map(|p| p.eval).collect();
    evals.push(plies.last().map_or(0, |p| p.played_eval));
    let marks = plies
        .iter()
        .filter_map(|p| match p.verdict {
            Some(Verdict::Blunder) => Some((p.ply, Mark::Blunder)),
            Some(Verdict::Mistake) => Some((p.ply, Mark::Mistake)),
            _ => None,
        })
        .collect();
    (evals, marks)
}

/// What an evaluation graph shows.
#[derive(Clone, Debug)]
pub struct GraphView<'a> {
    /// The evaluation of each position from the start (ply 0) to the end,
    /// in hundredths of a stone from South's view.
    pub evals: &'a [i32],
    /// Moves to mark, by ply (from 1): the mark sits on the position the
    /// move led to.
    pub marks: &'a [(usize, Mark)],
    pub south_name: &'a str,
    pub north_name: &'a str,
    /// The language of the words on the picture.
    pub lang: Lang,
}

/// The graph as PNG bytes.
pub fn graph_png(view: &GraphView) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw_graph(view))
}

/// The graph as a picture.
pub fn draw_graph(view: &GraphView) -> RgbImage {
    let mut img = RgbImage::from_pixel(GRAPH_WIDTH, GRAPH_HEIGHT, BACKGROUND);
    let axis = (TOP + BOTTOM) / 2.0;
    let half = (BOTTOM - TOP) / 2.0;
    let plies = view.evals.len().saturating_sub(1).max(1);
    let x_of = |ply: usize| LEFT + (RIGHT - LEFT) * ply as f32 / plies as f32;
    let y_of = |eval: i32| axis - half * (eval as f32 / 100.0 / SCALE_STONES).tanh();
    let point = |ply: usize| (x_of(ply), y_of(view.evals[ply]));

    paint::rect(
        &mut img,
        LEFT as i32,
        TOP as i32,
        (RIGHT - LEFT) as u32,
        (BOTTOM - TOP) as u32,
        Rgb([0xFA, 0xF5, 0xEA]),
    );
    // The area between the curve and the axis, column by column: light
    // where South leads, dark where North does.
    if view.evals.len() >= 2 {
        for x in LEFT as i32..RIGHT as i32 {
            let t = (x as f32 - LEFT) / (RIGHT - LEFT) * plies as f32;
            let i = (t.floor() as usize).min(plies - 1);
            let (y0, y1) = (y_of(view.evals[i]), y_of(view.evals[i + 1]));
            let y = y0 + (y1 - y0) * (t - i as f32);
            let (top, bottom, color) = if y < axis {
                (y, axis, STONE)
            } else {
                (axis, y, PIT_FULL)
            };
            let height = (bottom - top).round() as u32;
            if height > 0 {
                paint::rect(&mut img, x, top.round() as i32, 1, height, color);
            }
        }
        let points: Vec<(f32, f32)> = (0..=plies).map(point).collect();
        polyline(&mut img, &points, 1.6, INK);
    }
    paint::rect(
        &mut img,
        LEFT as i32,
        axis as i32,
        (RIGHT - LEFT) as u32,
        1,
        WOOD,
    );

    for &(ply, mark) in view.marks {
        if ply >= view.evals.len() {
            continue;
        }
        let (x, y) = point(ply);
        match mark {
            Mark::Blunder => {
                paint::disc(&mut img, x, y, 9.0, INK);
                paint::disc(&mut img, x, y, 7.0, CAPTURED);
            }
            Mark::Mistake => {
                paint::disc(&mut img, x, y, 8.0, BACKGROUND);
                paint::ring(&mut img, x, y, 5.0, 8.0, CAPTURED);
            }
        }
    }

    // Words: the title and who is above (top row), who is below and the
    // marks' legend (bottom row).
    let lang = view.lang;
    let bold = &FONTS.bold;
    let regular = &FONTS.regular;
    let half_width = (RIGHT - LEFT) / 2.0 - 10.0;
    let (top_y, bottom_y) = (28.0, 366.0);
    let title = paint::fit(bold, TITLE_SIZE, &words::graph_title(lang), half_width);
    paint::text(
        &mut img,
        bold,
        TITLE_SIZE,
        &title,
        LEFT,
        top_y,
        Anchor::Left,
        INK,
    );
    let name = |side: Side, raw: &str| {
        let clean = super::clean_name(raw, side, lang);
        let arrow = if side == Side::South { "▲" } else { "▼" };
        let label = format!("{arrow} {}", words::player(lang, &clean, side));
        paint::fit(regular, LABEL_SIZE, &label, half_width)
    };
    let south = name(Side::South, view.south_name);
    paint::text(
        &mut img,
        regular,
        LABEL_SIZE,
        &south,
        RIGHT,
        top_y,
        Anchor::Right,
        INK,
    );
    let north = name(Side::North, view.north_name);
    paint::text(
        &mut img,
        regular,
        LABEL_SIZE,
        &north,
        LEFT,
        bottom_y,
        Anchor::Left,
        INK,
    );

    let mistake = words::graph_mistake(lang);
    let mut x = RIGHT - paint::text_width(regular, LABEL_SIZE, &mistake);
    paint::text(
        &mut img,
        regular,
        LABEL_SIZE,
        &mistake,
        x,
        bottom_y,
        Anchor::Left,
        INK,
    );
    paint::ring(&mut img, x - 16.0, bottom_y, 5.0, 8.0, CAPTURED);
    let blunder = words::graph_blunder(lang);
    x -= 50.0 + paint::text_width(regular, LABEL_SIZE, &blunder);
    paint::text(
        &mut img,
        regular,
        LABEL_SIZE,
        &blunder,
        x,
        bottom_y,
        Anchor::Left,
        INK,
    );
    paint::disc(&mut img, x - 16.0, bottom_y, 9.0, INK);
    paint::disc(&mut img, x - 16.0, bottom_y, 7.0, CAPTURED);
    img
}

/// A smooth line through `points`, `half_width` pixels either side. Each
/// pixel takes its largest coverage over the segments and is blended once:
/// blending at every segment would darken the joints, and drawing discs
/// along the line costs a disc per pixel of length (a steep graph is
/// thousands of pixels long).
fn polyline(img: &mut RgbImage, points: &[(f32, f32)], half_width: f32, color: Rgb<u8>) {
    let (width, height) = (img.width() as usize, img.height() as usize);
    let mut coverage = vec![0f32; width * height];
    let reach = half_width + 1.0;
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length2 = (dx * dx + dy * dy).max(1e-6);
        let x0 = (a.0.min(b.0) - reach).floor().max(0.0) as usize;
        let x1 = ((a.0.max(b.0) + reach).ceil() as usize).min(width - 1);
        let y0 = (a.1.min(b.1) - reach).floor().max(0.0) as usize;
        let y1 = ((a.1.max(b.1) + reach).ceil() as usize).min(height - 1);
        for y in y0..=y1 {
            let py = y as f32 + 0.5;
            for x in x0..=x1 {
                let px = x as f32 + 0.5;
                let t = (((px - a.0) * dx + (py - a.1) * dy) / length2).clamp(0.0, 1.0);
                let distance = (px - a.0 - t * dx).hypot(py - a.1 - t * dy);
                let c = (half_width + 0.5 - distance).clamp(0.0, 1.0);
                let cell = &mut coverage[y * width + x];
                *cell = cell.max(c);
            }
        }
    }
    for (i, &c) in coverage.iter().enumerate() {
        if c > 0.0 {
            paint::blend(img, (i % width) as i32, (i / width) as i32, color, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn south_is_light_above_the_axis_and_north_dark_below() {
        let evals = [0, 800, 800, -2000, -2000];
        let img = draw_graph(&GraphView {
            evals: &evals,
            marks: &[(3, Mark::Blunder)],
            south_name: "ana",
            north_name: "bob",
            lang: Lang::En,
        });
        assert_eq!((img.width(), img.height()), (GRAPH_WIDTH, GRAPH_HEIGHT));
        let axis = ((TOP + BOTTOM) / 2.0) as u32;
        // A quarter of the way (ply 1-2): South leads, light above the axis.
        let x = (LEFT + (RIGHT - LEFT) * 0.375) as u32;
        assert_eq!(*img.get_pixel(x, axis - 10), STONE);
        // Three quarters (ply 3-4): North leads, dark below.
        let x = (LEFT + (RIGHT - LEFT) * 0.875) as u32;
        assert_eq!(*img.get_pixel(x, axis + 10), PIT_FULL);
        // The blunder's disc at ply 3.
        let x = LEFT + (RIGHT - LEFT) * 0.75;
        let y = axis as f32 - (BOTTOM - TOP) / 2.0 * (-20.0f32 / SCALE_STONES).tanh();
        assert_eq!(*img.get_pixel(x as u32, y as u32), CAPTURED);
    }
}

//! The evaluation graph of an analysed game, as on Lichess: the evaluation
//! after every ply, South's advantage above the axis and North's below,
//! with the mistakes and blunders marked where they happened.
//!
//! The vertical scale is `tanh(stones / 12)`: a few stones either way are
//! clearly visible, and a forced win (50 stones) does not flatten the rest.
//! Marks differ in shape as well as colour (a filled disc for a blunder, a
//! ring for a mistake), for colour-blind readers.
//!
//! The turns are numbered along the bottom ([`turn_ticks`]: a round step,
//! 5 to 10 numbers) and a stone scale runs down the left ([`stone_ticks`]:
//! 20, 10, 5, 0, 5, 10, 20 stones, placed by the same `tanh`), each number
//! 10.4 px at the 400 px a phone shows the picture at.

use ab_glyph::FontRef;
use image::{Rgb, RgbImage};

use super::board::{BACKGROUND, CAPTURED, INK, MUTED, PIT_FULL, STONE, WOOD};
use super::draw::{self, Anchor, FONTS};
use super::{encode, words, RenderError};
use kiela_ai::analysis::{PlyAnalysis, Verdict};
use kiela_i18n::Lang;
use kiela_rules::Side;

/// The graph picture's size in pixels (2:1 like the board picture; a phone
/// shows it 400 px wide, [`crate::PHONE_WIDTH`]).
pub const GRAPH_WIDTH: u32 = 1000;
pub const GRAPH_HEIGHT: u32 = 500;

/// The plot area: the curve, its fill and the gridlines.
const LEFT: f32 = 62.0;
const RIGHT: f32 = 966.0;
const TOP: f32 = 66.0;
const BOTTOM: f32 = 396.0;
/// Space kept clear between the picture's edges and its words.
const EDGE: f32 = 12.0;
/// The centres of the capitals of each row of words: the title and South
/// (top), the turn numbers (under the plot), North and the legend.
const TOP_ROW: f32 = 32.0;
const TURN_ROW: f32 = BOTTOM + 28.0;
const BOTTOM_ROW: f32 = 470.0;
const TITLE_SIZE: f32 = 30.0;
const LABEL_SIZE: f32 = 26.0;
/// The axes' numbers and the turn axis's word: 10.4 px at the phone's
/// 400 px, as the board's coordinates (25) and strip (26).
const AXIS_SIZE: f32 = 26.0;
/// Length of the tick marks outside the plot.
const TICK: f32 = 6.0;
/// The stone scale's numbers end this far left of the plot.
const STONE_LABEL_GAP: f32 = 14.0;
/// The outer radius of a blunder's mark (a mistake's is 8): marks may
/// stick out of the plot by this much.
const MARK_R: f32 = 9.0;
/// Stones at which the curve is at 76% of its height (`tanh(1)`).
const SCALE_STONES: f32 = 12.0;
/// The stone scale's gridlines either side of the axis, in stones. A
/// forced win (50) sits at the plot's edge, beyond the last: no number
/// larger than 20 is printed.
const STONE_STEPS: [i32; 3] = [5, 10, 20];
/// Turn number steps, as 1, 2, 5 times a power of ten.
const NICE: [usize; 3] = [1, 2, 5];
/// How many turn numbers the axis aims at (at most).
const MAX_TURN_LABELS: usize = 10;

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

/// The turns numbered under a graph of `plies` turns (the position after
/// turn `k` is the graph's point `k`): the multiples of the smallest step
/// of 1, 2, 5, 10, 20, 50… that numbers at most 10 of them. Where that
/// leaves fewer than 5 (22 turns by fives), the step below is taken, with
/// 11 or 12 numbers. Every turn for 10 turns or fewer; none for none.
pub fn turn_ticks(plies: usize) -> Vec<usize> {
    let steps = (0..).map(|power| 10usize.pow(power));
    let steps = steps.flat_map(|p| NICE.map(|n| n * p));
    let mut previous = None;
    for step in steps {
        let count = plies / step;
        if count <= MAX_TURN_LABELS {
            let step = match previous {
                Some(smaller) if count < 5 && plies / smaller <= 12 => smaller,
                _ => step,
            };
            return (1..=plies / step).map(|k| k * step).collect();
        }
        previous = Some(step);
    }
    unreachable!("a step of the size of `plies` numbers one turn")
}

/// The stone scale's gridlines, in stones from South's view, top to
/// bottom: `[20, 10, 5, 0, -5, -10, -20]`. Each is labelled with its
/// size (`20`, not `+20` or `−20`): the half it is in says whose lead it
/// is, as the names with `▲` and `▼` do.
pub fn stone_ticks() -> Vec<i32> {
    let down = STONE_STEPS.iter().rev().copied();
    let up = STONE_STEPS.iter().map(|s| -s);
    down.chain([0]).chain(up).collect()
}

/// The x of the point after `ply` in a graph of `plies` plies.
fn x_of(ply: usize, plies: usize) -> f32 {
    LEFT + (RIGHT - LEFT) * ply as f32 / plies.max(1) as f32
}

/// The y of an evaluation in hundredths of a stone (South's view).
fn y_of(eval: i32) -> f32 {
    let axis = (TOP + BOTTOM) / 2.0;
    axis - (BOTTOM - TOP) / 2.0 * (eval as f32 / 100.0 / SCALE_STONES).tanh()
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

/// A piece of text on the graph, placed as [`draw::text`] places it.
struct Word {
    font: &'static FontRef<'static>,
    size: f32,
    text: String,
    x: f32,
    cy: f32,
    anchor: Anchor,
}

impl Word {
    /// The ink's box: (left, top, right, bottom).
    fn bounds(&self) -> [f32; 4] {
        draw::text_box(
            self.font,
            self.size,
            &self.text,
            self.x,
            self.cy,
            self.anchor,
        )
    }
}

/// Every word on the graph and where the legend's two marks go.
struct Layout {
    words: Vec<Word>,
    legend: [(f32, Mark); 2],
}

/// Places the words: the title and who is above (top row), the stone
/// scale's numbers (left of the plot), the turn numbers (under it, after
/// the word "turn" when it fits), who is below and the marks' legend
/// (bottom row).
fn layout(view: &GraphView) -> Layout {
    let lang = view.lang;
    let fonts: &'static draw::Fonts = &FONTS;
    let (bold, regular) = (&fonts.bold, &fonts.regular);
    let plies = view.evals.len().saturating_sub(1);
    let word = |font, size, text: String, x, cy, anchor| Word {
        font,
        size,
        text,
        x,
        cy,
        anchor,
    };
    let mut words = Vec::new();

    let half_width = (RIGHT - EDGE) / 2.0 - 10.0;
    let title = draw::fit(bold, TITLE_SIZE, &words::graph_title(lang), half_width);
    words.push(word(bold, TITLE_SIZE, title, EDGE, TOP_ROW, Anchor::Left));
    let name = |side: Side, raw: &str, width: f32| {
        let clean = super::clean_name(raw, side, lang);
        let arrow = if side == Side::South { "▲" } else { "▼" };
        let label = format!("{arrow} {}", words::player(lang, &clean, side));
        draw::fit(regular, LABEL_SIZE, &label, width)
    };
    let south = name(Side::South, view.south_name, half_width);
    words.push(word(
        regular,
        LABEL_SIZE,
        south,
        RIGHT,
        TOP_ROW,
        Anchor::Right,
    ));

    for stones in stone_ticks() {
        let text = stones.abs().to_string();
        let x = LEFT - STONE_LABEL_GAP;
        let y = y_of(stones * 100);
        words.push(word(regular, AXIS_SIZE, text, x, y, Anchor::Right));
    }

    let ticks = turn_ticks(plies);
    for &turn in &ticks {
        let x = x_of(turn, plies);
        words.push(word(
            regular,
            AXIS_SIZE,
            turn.to_string(),
            x,
            TURN_ROW,
            Anchor::Centre,
        ));
    }
    // The axis's word, left of the first number if it fits with room.
    let axis_word = word(
        regular,
        AXIS_SIZE,
        words::graph_turn_axis(lang),
        EDGE,
        TURN_ROW,
        Anchor::Left,
    );
    let first_left = ticks.first().map_or(f32::MIN, |&turn| {
        let x = x_of(turn, plies);
        draw::text_box(
            regular,
            AXIS_SIZE,
            &turn.to_string(),
            x,
            TURN_ROW,
            Anchor::Centre,
        )[0]
    });
    if axis_word.bounds()[2] + 16.0 <= first_left {
        words.push(axis_word);
    }

    // The legend, right to left: "○ mistake", "● blunder"; a mark sits
    // 16 px left of its word.
    let mistake = words::graph_mistake(lang);
    let mut x = RIGHT - draw::text_width(regular, LABEL_SIZE, &mistake);
    let mistake_mark = x - 16.0;
    words.push(word(
        regular,
        LABEL_SIZE,
        mistake,
        x,
        BOTTOM_ROW,
        Anchor::Left,
    ));
    let blunder = words::graph_blunder(lang);
    x -= 50.0 + draw::text_width(regular, LABEL_SIZE, &blunder);
    let blunder_mark = x - 16.0;
    words.push(word(
        regular,
        LABEL_SIZE,
        blunder,
        x,
        BOTTOM_ROW,
        Anchor::Left,
    ));
    // North takes the rest of the row.
    let north_width = (blunder_mark - MARK_R - 24.0 - EDGE).min(half_width);
    let north = name(Side::North, view.north_name, north_width);
    words.push(word(
        regular,
        LABEL_SIZE,
        north,
        EDGE,
        BOTTOM_ROW,
        Anchor::Left,
    ));
    Layout {
        words,
        legend: [(blunder_mark, Mark::Blunder), (mistake_mark, Mark::Mistake)],
    }
}

/// A blunder's mark (a filled disc) or a mistake's (a ring) at (`x`, `y`).
fn draw_mark(img: &mut RgbImage, x: f32, y: f32, mark: Mark) {
    match mark {
        Mark::Blunder => {
            draw::disc(img, x, y, MARK_R, INK);
            draw::disc(img, x, y, MARK_R - 2.0, CAPTURED);
        }
        Mark::Mistake => {
            draw::disc(img, x, y, 8.0, BACKGROUND);
            draw::ring(img, x, y, 5.0, 8.0, CAPTURED);
        }
    }
}

/// A horizontal dashed line across the plot at `y`.
fn dashed_line(img: &mut RgbImage, y: f32, color: Rgb<u8>) {
    let (dash, gap) = (8, 6);
    let mut x = LEFT as i32;
    while x < RIGHT as i32 {
        let len = dash.min(RIGHT as i32 - x) as u32;
        draw::rect(img, x, y.round() as i32, len, 1, color);
        x += dash + gap;
    }
}

/// The graph as a picture.
pub fn draw_graph(view: &GraphView) -> RgbImage {
    let mut img = RgbImage::from_pixel(GRAPH_WIDTH, GRAPH_HEIGHT, BACKGROUND);
    let axis = (TOP + BOTTOM) / 2.0;
    let plies = view.evals.len().saturating_sub(1).max(1);
    let point = |ply: usize| (x_of(ply, plies), y_of(view.evals[ply]));

    draw::rect(
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
                draw::rect(&mut img, x, top.round() as i32, 1, height, color);
            }
        }
    }
    // The scales: dashed gridlines and ticks at the stone steps, ticks
    // under the numbered turns.
    for stones in stone_ticks() {
        let y = y_of(stones * 100);
        if stones != 0 {
            dashed_line(&mut img, y, WOOD);
        }
        let tick_x = (LEFT - TICK) as i32;
        draw::rect(&mut img, tick_x, y.round() as i32, TICK as u32, 1, MUTED);
    }
    let real_plies = view.evals.len().saturating_sub(1);
    for turn in turn_ticks(real_plies) {
        let x = x_of(turn, plies).round() as i32;
        draw::rect(&mut img, x, BOTTOM as i32, 1, TICK as u32, MUTED);
    }
    draw::rect(
        &mut img,
        LEFT as i32,
        axis.round() as i32,
        (RIGHT - LEFT) as u32,
        1,
        MUTED,
    );
    if view.evals.len() >= 2 {
        let points: Vec<(f32, f32)> = (0..=plies).map(point).collect();
        draw::polyline(&mut img, &points, 1.6, INK);
    }

    for &(ply, mark) in view.marks {
        if ply >= view.evals.len() {
            continue;
        }
        let (x, y) = point(ply);
        draw_mark(&mut img, x, y, mark);
    }

    let layout = layout(view);
    for w in &layout.words {
        draw::text(&mut img, w.font, w.size, &w.text, w.x, w.cy, w.anchor, INK);
    }
    for (x, mark) in layout.legend {
        draw_mark(&mut img, x, BOTTOM_ROW, mark);
    }
    img
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

    #[test]
    fn turn_numbers_come_at_a_round_step_five_to_ten_of_them() {
        assert_eq!(turn_ticks(0), Vec::<usize>::new());
        assert_eq!(turn_ticks(3), vec![1, 2, 3]);
        assert_eq!(turn_ticks(10), (1..=10).collect::<Vec<_>>());
        assert_eq!(turn_ticks(43), vec![5, 10, 15, 20, 25, 30, 35, 40]);
        assert_eq!(turn_ticks(120), vec![20, 40, 60, 80, 100, 120]);
        assert_eq!(turn_ticks(300), vec![50, 100, 150, 200, 250, 300]);
        // 22 by fives would be 4 numbers: by twos, 11.
        assert_eq!(turn_ticks(22).len(), 11);
        let nice = |step: usize| {
            let mut m = step;
            while m.is_multiple_of(10) {
                m /= 10;
            }
            [1, 2, 5].contains(&m)
        };
        for plies in 5..=3000 {
            let ticks = turn_ticks(plies);
            let step = ticks[0];
            assert!(nice(step), "{plies} plies: step {step}");
            assert!((5..=12).contains(&ticks.len()), "{plies}: {ticks:?}");
            for (i, &turn) in ticks.iter().enumerate() {
                assert_eq!(turn, (i + 1) * step);
            }
            // No room for another: the last number is within a step of the end.
            assert!(*ticks.last().unwrap() <= plies && plies - ticks.last().unwrap() < step);
        }
    }

    #[test]
    fn ticks_are_in_order_inside_the_plot() {
        for plies in [1, 10, 43, 120, 300] {
            let xs: Vec<f32> = turn_ticks(plies).iter().map(|&t| x_of(t, plies)).collect();
            assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
            assert!(xs.iter().all(|&x| (LEFT..=RIGHT).contains(&x)), "{xs:?}");
            // The last turn's point is the plot's right edge.
            assert_eq!(x_of(plies, plies), RIGHT);
        }
        let stones = stone_ticks();
        assert_eq!(stones, vec![20, 10, 5, 0, -5, -10, -20]);
        let ys: Vec<f32> = stones.iter().map(|&s| y_of(s * 100)).collect();
        assert!(ys.windows(2).all(|w| w[0] < w[1]), "{ys:?}");
        assert!(ys.iter().all(|&y| y > TOP && y < BOTTOM), "{ys:?}");
        assert_eq!(y_of(0), (TOP + BOTTOM) / 2.0);
        // Gridlines far enough apart for their numbers (16 px digits).
        assert!(ys.windows(2).all(|w| w[1] - w[0] >= 30.0), "{ys:?}");
        // A forced win lies beyond the last gridline, inside the plot.
        let win = y_of(kiela_ai::analysis::WIN_STONES);
        assert!(win >= TOP && win < ys[0]);
    }

    /// Views with short and long names, both languages, 0 to 999 plies.
    fn views(evals: &[i32], names: (&'static str, &'static str)) -> Vec<GraphView<'static>> {
        let evals: &'static [i32] = Vec::leak(evals.to_vec());
        [Lang::En, Lang::Pt]
            .map(|lang| GraphView {
                evals,
                marks: &[],
                south_name: names.0,
                north_name: names.1,
                lang,
            })
            .to_vec()
    }

    #[test]
    fn no_words_overlap_each_other_the_plot_or_the_edges() {
        let long = "Wolfeschlegelsteinhausenbergerdorff der Ältere von Kiela";
        let mut all = Vec::new();
        for plies in [0, 1, 4, 10, 22, 43, 120, 249, 300, 999] {
            let evals = vec![0; plies + 1];
            all.extend(views(&evals, ("ana", "bob")));
            all.extend(views(&evals, (long, long)));
        }
        // The plot, with the marks that may stick out of it.
        let plot = [LEFT - MARK_R, TOP - MARK_R, RIGHT + MARK_R, BOTTOM + MARK_R];
        let apart = |a: [f32; 4], b: [f32; 4]| {
            a[2] + 2.0 <= b[0] || b[2] + 2.0 <= a[0] || a[3] + 2.0 <= b[1] || b[3] + 2.0 <= a[1]
        };
        for view in &all {
            let layout = layout(view);
            let mut boxes: Vec<(String, [f32; 4])> = layout
                .words
                .iter()
                .map(|w| (w.text.clone(), w.bounds()))
                .collect();
            for (x, _) in layout.legend {
                let r = MARK_R;
                boxes.push((
                    "mark".into(),
                    [x - r, BOTTOM_ROW - r, x + r, BOTTOM_ROW + r],
                ));
            }
            let plies = view.evals.len().saturating_sub(1);
            let turn_word = words::graph_turn_axis(view.lang);
            let has_turn_word = boxes.iter().any(|(text, _)| *text == turn_word);
            assert_eq!(has_turn_word, plies > 0, "{plies} plies, {:?}", view.lang);
            for (i, (text, b)) in boxes.iter().enumerate() {
                let inside = b[0] >= 2.0
                    && b[1] >= 2.0
                    && b[2] <= GRAPH_WIDTH as f32 - 2.0
                    && b[3] <= GRAPH_HEIGHT as f32 - 2.0;
                assert!(inside, "{text:?} at {b:?} leaves the picture");
                assert!(apart(*b, plot), "{text:?} at {b:?} is on the plot");
                for (other, c) in &boxes[i + 1..] {
                    assert!(apart(*b, *c), "{text:?} {b:?} meets {other:?} {c:?}");
                }
            }
        }
    }

    #[test]
    fn axis_numbers_are_legible_on_a_phone() {
        let scale = crate::PHONE_WIDTH as f32 / GRAPH_WIDTH as f32;
        // Font size as the board's `phone_sizes` counts it: at least 10 px.
        assert!(AXIS_SIZE * scale >= 10.0, "{}", AXIS_SIZE * scale);
        // The digits themselves: 6.5 px tall, as tall as the board's
        // coordinates (25) are.
        let digits = draw::ink_height(&FONTS.regular, AXIS_SIZE, "0123456789") * scale;
        assert!(digits >= 6.5, "{digits}");
    }

    #[test]
    fn the_png_shows_the_ticks_and_their_numbers() {
        let plies = 43;
        let evals: Vec<i32> = (0..=plies as i32).map(|i| (i * 97) % 1500 - 700).collect();
        let png = graph_png(&GraphView {
            evals: &evals,
            marks: &[],
            south_name: "ana",
            north_name: "bob",
            lang: Lang::En,
        })
        .unwrap();
        let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8();
        assert_eq!((img.width(), img.height()), (GRAPH_WIDTH, GRAPH_HEIGHT));
        let dark = |x0: f32, y0: f32, x1: f32, y1: f32| {
            let mut n = 0;
            for y in y0 as u32..y1 as u32 {
                for x in x0 as u32..x1 as u32 {
                    n += u32::from(img.get_pixel(x, y).0.iter().all(|&c| c < 0x60));
                }
            }
            n
        };
        for turn in turn_ticks(plies) {
            let x = x_of(turn, plies);
            // The tick under the plot, and ink of a number under it.
            assert_eq!(*img.get_pixel(x.round() as u32, BOTTOM as u32 + 2), MUTED);
            let ink = dark(x - 20.0, TURN_ROW - 10.0, x + 20.0, TURN_ROW + 10.0);
            assert!(ink >= 20, "turn {turn}: {ink} dark pixels");
            // Between two numbers, nothing.
            let between = x + (RIGHT - LEFT) * 2.5 / plies as f32;
            assert_eq!(
                dark(
                    between - 4.0,
                    TURN_ROW - 10.0,
                    between + 4.0,
                    TURN_ROW + 10.0
                ),
                0
            );
        }
        for stones in stone_ticks() {
            let y = y_of(stones * 100);
            assert_eq!(*img.get_pixel(LEFT as u32 - 3, y.round() as u32), MUTED);
            let ink = dark(EDGE, y - 9.0, LEFT - STONE_LABEL_GAP + 1.0, y + 9.0);
            assert!(ink >= 20, "{stones} stones: {ink} dark pixels");
        }
        // The word "turn" left of the numbers.
        assert!(dark(EDGE, TURN_ROW - 10.0, EDGE + 40.0, TURN_ROW + 10.0) >= 20);
    }
}

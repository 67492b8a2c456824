//! Drawing on an RGB canvas, all of it with imageproc: filled rectangles
//! straight onto the picture; round shapes, triangles and text into
//! sprites drawn once and kept.
//!
//! A sprite is a coverage mask. imageproc's circles and polygons have hard
//! edges, so a shape is drawn four times larger and shrunk once with
//! `image`'s box filter (16 samples a pixel); text is drawn by imageproc's
//! `draw_text_mut`, which smooths its glyphs itself. Each mask keeps
//! [`LEVELS`] levels of coverage, so that a picture keeps few colours (an
//! indexed PNG, a small GIF palette), and is stamped in its colour with
//! `image`'s alpha blending. Shapes are cached by their size and their
//! position within a pixel (in quarters), texts by font, size and words:
//! the board's pits and marks, its digits, names and legend, drawn again
//! for every picture, cost a copy.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, LazyLock, PoisonError, RwLock};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{imageops, GenericImage, GenericImageView, GrayImage, Luma, Rgb, RgbImage};
use imageproc::drawing::{
    draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut, draw_text_mut, text_size,
};
use imageproc::pixelops::interpolate;
use imageproc::point::Point;
use imageproc::rect::Rect;

/// Levels of partial coverage an edge pixel can take. A few levels look as
/// smooth as many at this size, and keep the picture to a small palette, so
/// that it can be stored as an indexed PNG (a third of the bytes to encode).
const LEVELS: u32 = 10;

/// Shapes are drawn this many times larger, then shrunk.
const SUPERSAMPLE: i32 = 4;

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

pub(crate) struct Fonts {
    pub regular: FontRef<'static>,
    pub bold: FontRef<'static>,
}

pub(crate) static FONTS: LazyLock<Fonts> = LazyLock::new(|| Fonts {
    // The fonts are part of the binary: a failure here is a build mistake.
    regular: FontRef::try_from_slice(REGULAR_TTF).expect("embedded DejaVuSans.ttf parses"),
    bold: FontRef::try_from_slice(BOLD_TTF).expect("embedded DejaVuSans-Bold.ttf parses"),
});

/// At most this many sprites of each kind are kept (a few MB); a cache
/// starts afresh when it is full. The 64-player standings use about 700
/// texts.
const CACHE_MAX: usize = 4096;

/// Sprites already drawn, by what they show. Read far more often than
/// written, and by every core drawing a game's frames at once: a
/// read-write lock.
struct Cache<K, V>(LazyLock<RwLock<HashMap<K, Arc<V>>>>);

impl<K: Hash + Eq, V> Cache<K, V> {
    const fn new() -> Self {
        Cache(LazyLock::new(RwLock::default))
    }

    /// The sprite for `key`, drawn by `draw` the first time (outside the
    /// lock: a poisoned lock still holds whole entries).
    fn get(&self, key: K, draw: impl FnOnce(&K) -> V) -> Arc<V> {
        let cached = self
            .0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .cloned();
        if let Some(sprite) = cached {
            return sprite;
        }
        let sprite = Arc::new(draw(&key));
        let mut cache = self.0.write().unwrap_or_else(PoisonError::into_inner);
        if cache.len() >= CACHE_MAX {
            cache.clear();
        }
        cache.insert(key, Arc::clone(&sprite));
        sprite
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.0.read().unwrap_or_else(PoisonError::into_inner).len()
    }
}

/// A coverage mask and where its top left pixel lies from the point it was
/// drawn for.
struct Mask {
    coverage: GrayImage,
    left: i32,
    top: i32,
}

/// Rounds every pixel of `mask` to one of [`LEVELS`] levels.
fn quantise(mask: &mut GrayImage) {
    for Luma([value]) in mask.pixels_mut() {
        let level = (u32::from(*value) * LEVELS + 127) / 255;
        *value = (level * 255 / LEVELS) as u8;
    }
}

/// Blends `color` into `img` through `mask`, its top left at (`x`, `y`),
/// as imageproc blends its own text (`interpolate`); pixels off the
/// canvas are left out.
fn stamp(img: &mut RgbImage, mask: &GrayImage, x: i32, y: i32, color: Rgb<u8>) {
    // The part of the mask on the canvas.
    let clip = |at: i32, len: u32, max: u32| {
        let start = (-at).clamp(0, len as i32) as usize;
        let end = (max as i32 - at).clamp(0, len as i32) as usize;
        start..end
    };
    let columns = clip(x, mask.width(), img.width());
    let rows = clip(y, mask.height(), img.height());
    if columns.is_empty() || rows.is_empty() {
        return;
    }
    let (mask_width, stride) = (mask.width() as usize, 3 * img.width() as usize);
    let canvas: &mut [u8] = img;
    for my in rows {
        let coverage = &mask.as_raw()[my * mask_width..][columns.clone()];
        let start = (y as usize + my) * stride + 3 * (x + columns.start as i32) as usize;
        let pixels = canvas[start..start + 3 * coverage.len()].chunks_exact_mut(3);
        for (&alpha, pixel) in coverage.iter().zip(pixels) {
            let blended = match alpha {
                0 => continue,
                u8::MAX => color,
                _ => {
                    let under = Rgb([pixel[0], pixel[1], pixel[2]]);
                    interpolate(color, under, f32::from(alpha) / 255.0)
                }
            };
            pixel.copy_from_slice(&blended.0);
        }
    }
}

/// A shape drawn into a mask, in quarters of a pixel from the point it is
/// drawn for, which lies `phase` quarters right of and below a pixel's
/// corner.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Shape {
    /// Radii in quarters; `dashes` 0 for a whole ring, `inner` 0 for a disc.
    Ring { inner: i32, outer: i32, dashes: u32 },
    /// Width and height in pixels from the top left corner, corner radius
    /// in quarters.
    RoundedRect {
        width: u32,
        height: u32,
        radius: i32,
    },
    /// Corners in quarters.
    Triangle([(i32, i32); 3]),
}

impl Shape {
    /// The pixels the shape may touch, from the pixel of its point:
    /// (left, top, right, bottom), right and bottom excluded.
    fn bounds(self) -> (i32, i32, i32, i32) {
        match self {
            Shape::Ring { outer, .. } => {
                let r = outer / SUPERSAMPLE + 2;
                (-r, -r, r + 1, r + 1)
            }
            Shape::RoundedRect { width, height, .. } => (0, 0, width as i32, height as i32),
            Shape::Triangle(corners) => {
                let xs = corners.map(|c| c.0.div_euclid(SUPERSAMPLE));
                let ys = corners.map(|c| c.1.div_euclid(SUPERSAMPLE));
                let (min, max) = (
                    |v: [i32; 3]| v[0].min(v[1]).min(v[2]),
                    |v: [i32; 3]| v[0].max(v[1]).max(v[2]),
                );
                (min(xs) - 1, min(ys) - 1, max(xs) + 2, max(ys) + 2)
            }
        }
    }

    /// The shape's coverage with its point `phase` quarters into a pixel.
    fn draw(self, phase: (i32, i32)) -> Mask {
        let (left, top, right, bottom) = self.bounds();
        let s = SUPERSAMPLE;
        let (w, h) = ((right - left) as u32, (bottom - top) as u32);
        let mut big = GrayImage::new(w * s as u32, h * s as u32);
        // The shape's point in the large mask.
        let (ox, oy) = (phase.0 - left * s, phase.1 - top * s);
        let (ink, clear) = (Luma([u8::MAX]), Luma([0]));
        match self {
            Shape::Ring {
                inner,
                outer,
                dashes,
            } => {
                draw_filled_circle_mut(&mut big, (ox, oy), outer, ink);
                if inner > 0 {
                    draw_filled_circle_mut(&mut big, (ox, oy), inner, clear);
                }
                // The gaps, as long as the dashes, the first dash centred
                // at the top: wedges cleared from the centre outwards.
                let period = std::f32::consts::TAU / dashes.max(1) as f32;
                let reach = 2.0 * outer as f32;
                let at = |angle: f32| {
                    let (sin, cos) = angle.sin_cos();
                    Point::new(ox + (reach * sin) as i32, oy - (reach * cos) as i32)
                };
                for dash in 0..dashes {
                    let middle = period * (dash as f32 + 0.5);
                    let wedge = [
                        Point::new(ox, oy),
                        at(middle - period / 4.0),
                        at(middle),
                        at(middle + period / 4.0),
                    ];
                    draw_polygon_mut(&mut big, &wedge, clear);
                }
            }
            Shape::RoundedRect {
                width,
                height,
                radius,
            } => {
                let (bw, bh) = (width as i32 * s, height as i32 * s);
                let r = radius.clamp(0, bw.min(bh) / 2);
                let fill = |img: &mut GrayImage, x: i32, y: i32, w: i32, h: i32| {
                    if w > 0 && h > 0 {
                        let rect = Rect::at(x, y).of_size(w as u32, h as u32);
                        draw_filled_rect_mut(img, rect, ink);
                    }
                };
                fill(&mut big, r, 0, bw - 2 * r, bh);
                fill(&mut big, 0, r, bw, bh - 2 * r);
                for (cx, cy) in [
                    (r, r),
                    (bw - 1 - r, r),
                    (r, bh - 1 - r),
                    (bw - 1 - r, bh - 1 - r),
                ] {
                    draw_filled_circle_mut(&mut big, (cx, cy), r, ink);
                }
            }
            Shape::Triangle(corners) => {
                let points = corners.map(|(x, y)| Point::new(ox + x, oy + y));
                if points[0] != points[2] && points[0] != points[1] && points[1] != points[2] {
                    draw_polygon_mut(&mut big, &points, ink);
                }
            }
        }
        let mut coverage = imageops::thumbnail(&big, w, h);
        quantise(&mut coverage);
        Mask {
            coverage,
            left,
            top,
        }
    }
}

/// [`Shape`]s already drawn, with the phase of their point.
static SHAPES: Cache<(Shape, (i32, i32)), Mask> = Cache::new();

/// The shape's sprite, cached, stamped in `color` with its point at
/// (`x`, `y`).
fn shape(img: &mut RgbImage, x: f32, y: f32, shape: Shape, color: Rgb<u8>) {
    let (qx, qy) = (quarters(x), quarters(y));
    let phase = (qx.rem_euclid(SUPERSAMPLE), qy.rem_euclid(SUPERSAMPLE));
    let mask = SHAPES.get((shape, phase), |&(shape, phase)| shape.draw(phase));
    let (px, py) = (qx.div_euclid(SUPERSAMPLE), qy.div_euclid(SUPERSAMPLE));
    stamp(img, &mask.coverage, px + mask.left, py + mask.top, color);
}

/// `value` in quarters of a pixel, rounded.
fn quarters(value: f32) -> i32 {
    (value * SUPERSAMPLE as f32).round() as i32
}

/// Fills the ring between radii `inner` and `outer` around (`cx`, `cy`),
/// with smooth edges; `inner` 0 gives a disc.
pub fn ring(img: &mut RgbImage, cx: f32, cy: f32, inner: f32, outer: f32, color: Rgb<u8>) {
    dashed_ring(img, (cx, cy), (inner, outer), 0, color);
}

pub fn disc(img: &mut RgbImage, cx: f32, cy: f32, r: f32, color: Rgb<u8>) {
    ring(img, cx, cy, 0.0, r, color);
}

/// A ring broken into `dashes` arcs with gaps as long as the arcs, the
/// first centred at the top: a mark told apart from a solid ring by its
/// shape, not only its colour (0 dashes: a whole ring).
pub fn dashed_ring(
    img: &mut RgbImage,
    (cx, cy): (f32, f32),
    (inner, outer): (f32, f32),
    dashes: u32,
    color: Rgb<u8>,
) {
    let (inner, outer) = (quarters(inner), quarters(outer));
    shape(
        img,
        cx,
        cy,
        Shape::Ring {
            inner,
            outer,
            dashes,
        },
        color,
    );
}

/// A filled rectangle with corners rounded to `radius`.
pub fn rounded_rect(
    img: &mut RgbImage,
    x: i32,
    y: i32,
    w: u32,
    h: u32,
    radius: f32,
    color: Rgb<u8>,
) {
    let rounded = Shape::RoundedRect {
        width: w,
        height: h,
        radius: quarters(radius),
    };
    shape(img, x as f32, y as f32, rounded, color);
}

/// A filled triangle with smooth edges.
pub fn triangle(img: &mut RgbImage, corners: [(f32, f32); 3], color: Rgb<u8>) {
    // Drawn for its first corner; the others from there, in quarters.
    let (x, y) = corners[0];
    let relative = corners.map(|(cx, cy)| (quarters(cx) - quarters(x), quarters(cy) - quarters(y)));
    shape(img, x, y, Shape::Triangle(relative), color);
}

/// Copies all of `sprite` into `img` with its top left corner at (`x`, `y`)
/// (row by row: `image` copies a buffer's rows whole); the sprite must fit
/// inside the image.
pub fn copy(img: &mut RgbImage, sprite: &RgbImage, x: u32, y: u32) {
    img.copy_from(sprite, x, y)
        .expect("the sprite fits the picture");
}

/// Copies the `w` x `h` region at (`x`, `y`) of `from` into the same place
/// of `img` (both the same size).
pub fn copy_region(img: &mut RgbImage, from: &RgbImage, x: u32, y: u32, w: u32, h: u32) {
    img.copy_from(&*from.view(x, y, w, h), x, y)
        .expect("the region lies inside both pictures");
}

/// A plain filled rectangle (crisp edges); the part off the canvas is
/// left out. imageproc draws its top row, and `image` copies it down
/// (rows already drawn, doubling: a few row copies for a tall one).
pub fn rect(img: &mut RgbImage, x: i32, y: i32, w: u32, h: u32, color: Rgb<u8>) {
    let clip = |start: i32, len: u32, max: u32| {
        let end = (i64::from(start) + i64::from(len)).min(i64::from(max));
        let start = i64::from(start).max(0);
        (start < end).then_some((start as u32, (end - start) as u32))
    };
    let (Some((x, w)), Some((y, h))) = (clip(x, w, img.width()), clip(y, h, img.height())) else {
        return;
    };
    draw_filled_rect_mut(img, Rect::at(x as i32, y as i32).of_size(w, 1), color);
    let mut drawn = 1;
    while drawn < h {
        let rows = drawn.min(h - drawn);
        let source = image::math::Rect {
            x,
            y,
            width: w,
            height: rows,
        };
        img.copy_within(source, x, y + drawn);
        drawn += rows;
    }
}

/// A `width` x `height` canvas of `color`.
pub fn canvas(width: u32, height: u32, color: Rgb<u8>) -> RgbImage {
    RgbImage::from_pixel(width, height, color)
}

/// The outline of a square centred on (`cx`, `cy`), `half` from centre to
/// outer edge, `thickness` wide, drawn as dashes that start at each corner.
pub fn dashed_square(
    img: &mut RgbImage,
    cx: i32,
    cy: i32,
    half: i32,
    thickness: i32,
    color: Rgb<u8>,
) {
    let side = 2 * half;
    let (dash, gap) = (12, 6);
    let (x0, y0) = (cx - half, cy - half);
    let mut along = 0;
    while along < side {
        let len = dash.min(side - along) as u32;
        let t = thickness as u32;
        rect(img, x0 + along, y0, len, t, color); // top, left to right
        rect(
            img,
            x0 + side - along - len as i32,
            y0 + side - thickness,
            len,
            t,
            color,
        ); // bottom
        rect(img, x0, y0 + side - along - len as i32, t, len, color); // left
        rect(img, x0 + side - thickness, y0 + along, t, len, color); // right
        along += dash + gap;
    }
}

/// A smooth line through `points`, `half_width` pixels either side: a
/// round brush (a cached disc, placed to a quarter pixel) stamped every
/// pixel along it into one mask, each pixel keeping its largest coverage,
/// then blended once (blending at every stamp would darken the line).
/// Discs a pixel apart leave the line's edge straight to a tenth of a
/// pixel.
pub fn polyline(img: &mut RgbImage, points: &[(f32, f32)], half_width: f32, color: Rgb<u8>) {
    let (width, height) = (img.width() as i32, img.height() as i32);
    let mut coverage = GrayImage::new(img.width(), img.height());
    let brush = Shape::Ring {
        inner: 0,
        outer: quarters(half_width),
        dashes: 0,
    };
    // The brush at each of the 16 places within a pixel, fetched once.
    let brushes: Vec<Arc<Mask>> = (0..SUPERSAMPLE * SUPERSAMPLE)
        .map(|i| {
            let phase = (i % SUPERSAMPLE, i / SUPERSAMPLE);
            SHAPES.get((brush, phase), |&(shape, phase)| shape.draw(phase))
        })
        .collect();
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let length = (b.0 - a.0).hypot(b.1 - a.1);
        let steps = length.ceil().max(1.0) as usize;
        for step in 0..=steps {
            let t = step as f32 / steps as f32;
            let (qx, qy) = (
                quarters(a.0 + (b.0 - a.0) * t),
                quarters(a.1 + (b.1 - a.1) * t),
            );
            let (phase_x, phase_y) = (qx.rem_euclid(SUPERSAMPLE), qy.rem_euclid(SUPERSAMPLE));
            let mask = &brushes[(phase_y * SUPERSAMPLE + phase_x) as usize];
            let x = qx.div_euclid(SUPERSAMPLE) + mask.left;
            let y = qy.div_euclid(SUPERSAMPLE) + mask.top;
            for (mx, my, &Luma([c])) in mask.coverage.enumerate_pixels() {
                let (px, py) = (x + mx as i32, y + my as i32);
                if c > 0 && px >= 0 && py >= 0 && px < width && py < height {
                    let cell = coverage.get_pixel_mut(px as u32, py as u32);
                    cell.0[0] = cell.0[0].max(c);
                }
            }
        }
    }
    stamp(img, &coverage, 0, 0, color);
}

/// Where text sits relative to the point it is drawn at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The point is the middle of the left edge of the visible text.
    Left,
    /// The point is the centre of the visible text.
    Centre,
    /// The point is the middle of the right edge of the visible text.
    Right,
}

/// A line of text drawn by imageproc: its ink only, and how far the top
/// of the ink is above the baseline.
struct Run {
    ink: GrayImage,
    /// The ink's top row from the baseline (negative: above).
    top: i32,
}

/// Texts already drawn, by font (its data's address), size and words.
static RUNS: Cache<(usize, u32, String), Run> = Cache::new();

/// `text` in `font` at `size`, drawn by imageproc the first time.
fn run(font: &FontRef<'static>, size: f32, text: &str) -> Arc<Run> {
    let key = (
        font.font_data().as_ptr() as usize,
        size.to_bits(),
        text.to_string(),
    );
    RUNS.get(key, |_| {
        let scale = PxScale::from(size);
        let (w, h) = text_size(scale, font, text);
        // Room for ink outside the line's box (accents, a slanted tail).
        let pad = (size / 2.0).ceil() as u32 + 2;
        let mut mask = GrayImage::new(w + 2 * pad, h + 2 * pad);
        draw_text_mut(
            &mut mask,
            Luma([u8::MAX]),
            pad as i32,
            pad as i32,
            scale,
            font,
            text,
        );
        // imageproc puts the top of the line's ascent at its y.
        let baseline = (pad as f32 + font.as_scaled(scale).ascent()).round() as i32;
        let inked = |p: &Luma<u8>| p.0[0] > 0;
        let rows: Vec<u32> = (0..mask.height())
            .filter(|&y| (0..mask.width()).any(|x| inked(mask.get_pixel(x, y))))
            .collect();
        let columns: Vec<u32> = (0..mask.width())
            .filter(|&x| rows.iter().any(|&y| inked(mask.get_pixel(x, y))))
            .collect();
        let (Some(&y0), Some(&y1), Some(&x0), Some(&x1)) =
            (rows.first(), rows.last(), columns.first(), columns.last())
        else {
            return Run {
                ink: GrayImage::new(0, 0),
                top: 0,
            };
        };
        let mut ink = imageops::crop_imm(&mask, x0, y0, x1 - x0 + 1, y1 - y0 + 1).to_image();
        quantise(&mut ink);
        Run {
            ink,
            top: y0 as i32 - baseline,
        }
    })
}

/// Height in pixels of the ink of `text`.
pub fn ink_height(font: &FontRef<'static>, size: f32, text: &str) -> f32 {
    run(font, size, text).ink.height() as f32
}

/// Width in pixels of the ink of `text`.
pub fn text_width(font: &FontRef<'static>, size: f32, text: &str) -> f32 {
    run(font, size, text).ink.width() as f32
}

/// Where the ink of `text` starts, for `anchor` at `x`, and its baseline,
/// for capitals and digits centred on `cy`.
fn place(
    font: &FontRef<'static>,
    size: f32,
    run: &Run,
    x: f32,
    cy: f32,
    anchor: Anchor,
) -> (f32, f32) {
    let width = run.ink.width() as f32;
    let start = match anchor {
        Anchor::Left => x,
        Anchor::Centre => x - width / 2.0,
        Anchor::Right => x - width,
    };
    (start.round(), (cy + cap_height(font, size) / 2.0).round())
}

/// Where [`text`] puts the ink of `text` drawn with the same arguments:
/// (left, top, right, bottom).
pub fn text_box(
    font: &FontRef<'static>,
    size: f32,
    text: &str,
    x: f32,
    cy: f32,
    anchor: Anchor,
) -> [f32; 4] {
    let run = run(font, size, text);
    let (left, baseline) = place(font, size, &run, x, cy, anchor);
    let top = baseline + run.top as f32;
    let (w, h) = run.ink.dimensions();
    [left, top, left + w as f32, top + h as f32]
}

/// The height of capital letters and digits at `size`.
fn cap_height(font: &FontRef<'static>, size: f32) -> f32 {
    -run(font, size, "H").top as f32
}

/// Draws `text` so that its ink sits at `x` as `anchor` says, with capital
/// letters and digits centred vertically on `cy` (so that texts drawn on one
/// line share a baseline). Returns the x just after the ink.
#[allow(clippy::too_many_arguments)]
pub fn text(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    size: f32,
    text: &str,
    x: f32,
    cy: f32,
    anchor: Anchor,
    color: Rgb<u8>,
) -> f32 {
    let run = run(font, size, text);
    let (left, baseline) = place(font, size, &run, x, cy, anchor);
    stamp(img, &run.ink, left as i32, baseline as i32 + run.top, color);
    left + run.ink.width() as f32
}

/// `text` shortened with `…` until it is at most `max_width` pixels wide.
pub fn fit(font: &FontRef<'static>, size: f32, text: &str, max_width: f32) -> String {
    // Where each character ends by the glyphs' advances, which cost no
    // drawing and which the ink of DejaVu's letters stays within; only
    // the characters up to a little past `max_width`, so that a name of
    // any length costs no more than a short one.
    let scaled = font.as_scaled(PxScale::from(size));
    let ellipsis = scaled.h_advance(scaled.glyph_id('…'));
    let mut ends: Vec<(usize, f32)> = Vec::new();
    let (mut caret, mut previous) = (0f32, None);
    for (i, c) in text.char_indices() {
        let id = scaled.glyph_id(c);
        if let Some(previous) = previous {
            caret += scaled.kern(previous, id);
        }
        previous = Some(id);
        caret += scaled.h_advance(id);
        ends.push((i + c.len_utf8(), caret));
        if caret > max_width + 2.0 * size {
            break;
        }
    }
    let whole = ends.last().is_none_or(|end| end.0 == text.len());
    if whole && text_width(font, size, text) <= max_width {
        return text.to_string();
    }
    // The longest prefix whose advances leave room for `…`, checked by
    // its ink (and shortened further in the rare case it does not fit).
    let mut n = ends
        .iter()
        .take_while(|end| end.1 + ellipsis <= max_width)
        .count();
    loop {
        let cut = if n == 0 { 0 } else { ends[n - 1].0 };
        let candidate = text[..cut].trim_end().to_string() + "…";
        if n == 0 || text_width(font, size, &candidate) <= max_width {
            return candidate;
        }
        n -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn rings_are_hollow_and_discs_are_full() {
        let mut img = RgbImage::from_pixel(40, 40, Rgb([0, 0, 0]));
        ring(&mut img, 20.0, 20.0, 10.0, 15.0, Rgb([255, 255, 255]));
        assert_eq!(img.get_pixel(20, 20).0, [0, 0, 0]);
        assert_eq!(img.get_pixel(20 + 12, 20).0, [255, 255, 255]);
        assert_eq!(img.get_pixel(20 + 18, 20).0, [0, 0, 0]);
        disc(&mut img, 20.0, 20.0, 5.0, Rgb([9, 9, 9]));
        assert_eq!(img.get_pixel(20, 20).0, [9, 9, 9]);
    }

    #[test]
    fn a_dashed_ring_has_a_dash_at_the_top_and_a_gap_beside_it() {
        let mut img = RgbImage::from_pixel(100, 100, Rgb([0, 0, 0]));
        dashed_ring(
            &mut img,
            (50.0, 50.0),
            (30.0, 40.0),
            4,
            Rgb([255, 255, 255]),
        );
        assert_eq!(img.get_pixel(50, 15).0, [255, 255, 255], "top");
        assert_eq!(img.get_pixel(50, 85).0, [255, 255, 255], "bottom");
        // A quarter of the way round lies a dash's middle; an eighth, a gap's.
        let (s, c) = std::f32::consts::FRAC_PI_4.sin_cos();
        let gap = (50.0 + 35.0 * s, 50.0 - 35.0 * c);
        assert_eq!(
            img.get_pixel(gap.0 as u32, gap.1 as u32).0,
            [0, 0, 0],
            "gap"
        );
    }

    #[test]
    fn smoothed_edges_keep_few_colours() {
        let mut img = RgbImage::from_pixel(200, 100, Rgb([255, 255, 255]));
        let ink = Rgb([0, 0, 0]);
        ring(&mut img, 30.3, 40.6, 10.0, 22.7, ink);
        triangle(&mut img, [(60.0, 10.0), (90.5, 20.2), (70.0, 60.0)], ink);
        rounded_rect(&mut img, 100, 10, 60, 30, 9.5, ink);
        text(
            &mut img,
            &FONTS.regular,
            20.0,
            "Kiela ½ çã",
            100.0,
            70.0,
            Anchor::Left,
            ink,
        );
        let colours: HashSet<[u8; 3]> = img.pixels().map(|p| p.0).collect();
        assert!(colours.len() > 5, "smooth: {}", colours.len());
        assert!(
            colours.len() <= LEVELS as usize + 1,
            "{} colours",
            colours.len()
        );
    }

    #[test]
    fn shapes_land_where_asked_whatever_the_fraction() {
        for (cx, cy) in [(20.0, 20.0), (20.25, 19.5), (20.75, 20.5)] {
            let mut img = RgbImage::from_pixel(40, 40, Rgb([0, 0, 0]));
            disc(&mut img, cx, cy, 6.0, Rgb([255, 255, 255]));
            let lit: Vec<(u32, u32, u32)> = img
                .enumerate_pixels()
                .map(|(x, y, p)| (x, y, u32::from(p.0[0])))
                .collect();
            let total: u32 = lit.iter().map(|p| p.2).sum();
            let mean = |f: fn(&(u32, u32, u32)) -> u32| {
                lit.iter()
                    .map(|p| (f(p) as f32 + 0.5) * p.2 as f32)
                    .sum::<f32>()
                    / total as f32
            };
            assert!(
                (mean(|p| p.0) - cx).abs() < 0.2,
                "x {} for {cx}",
                mean(|p| p.0)
            );
            assert!(
                (mean(|p| p.1) - cy).abs() < 0.2,
                "y {} for {cy}",
                mean(|p| p.1)
            );
            let area = total as f32 / 255.0;
            let expected = std::f32::consts::PI * 36.0;
            assert!((area - expected).abs() < expected * 0.06, "area {area}");
        }
    }

    #[test]
    fn a_full_cache_starts_afresh_and_still_draws_the_same() {
        let draw = || {
            let mut img = RgbImage::from_pixel(300, 60, Rgb([200, 200, 200]));
            text(
                &mut img,
                &FONTS.bold,
                18.0,
                "Nzinga Mbande ÇÃÉ",
                10.0,
                30.0,
                Anchor::Left,
                Rgb([0, 0, 0]),
            );
            img
        };
        let before = draw();
        for step in 0..=CACHE_MAX as u32 {
            let _ = text_width(&FONTS.regular, 12.0, &step.to_string());
        }
        let kept = RUNS.len();
        assert!(kept <= CACHE_MAX, "{kept} texts kept");
        assert!(draw() == before);
    }

    #[test]
    fn long_text_is_shortened_to_fit() {
        let font = &FONTS.bold;
        let long = "a".repeat(100_000);
        let fitted = fit(font, 20.0, &long, 150.0);
        assert!(fitted.ends_with('…'));
        assert!(text_width(font, 20.0, &fitted) <= 150.0);
        assert_eq!(fit(font, 20.0, "bob", 150.0), "bob");
    }

    #[test]
    fn text_is_centred_where_asked_and_inside_its_box() {
        let mut img = RgbImage::from_pixel(100, 60, Rgb([0, 0, 0]));
        let white = Rgb([255, 255, 255]);
        text(
            &mut img,
            &FONTS.bold,
            40.0,
            "8",
            50.0,
            30.0,
            Anchor::Centre,
            white,
        );
        let lit: Vec<(u32, u32)> = img
            .enumerate_pixels()
            .filter(|(_, _, p)| p.0[0] > 128)
            .map(|(x, y, _)| (x, y))
            .collect();
        let (xs, ys): (Vec<u32>, Vec<u32>) = lit.iter().copied().unzip();
        let mid = |v: &[u32]| (v.iter().min().unwrap() + v.iter().max().unwrap()) as f32 / 2.0;
        assert!((mid(&xs) - 50.0).abs() <= 1.5, "x centre {}", mid(&xs));
        assert!((mid(&ys) - 30.0).abs() <= 1.5, "y centre {}", mid(&ys));
        let [left, top, right, bottom] =
            text_box(&FONTS.bold, 40.0, "8", 50.0, 30.0, Anchor::Centre);
        for (x, y) in lit {
            let (x, y) = (x as f32, y as f32);
            assert!(
                x >= left && x < right && y >= top && y < bottom,
                "({x}, {y}) outside"
            );
        }
    }
}

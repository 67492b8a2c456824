//! Drawing primitives on an RGB canvas: anti-aliased discs, rings, rounded
//! rectangles and triangles, dashed squares, and text placed by its visible
//! bounds. Glyph outlines come from ab_glyph, each glyph rasterised once
//! and kept (see [`GLYPHS`]); the round shapes are drawn here with exact
//! coverage.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::{Arc, LazyLock, Mutex, OnceLock, PoisonError};

use ab_glyph::{point, Font, FontRef, OutlinedGlyph, PxScale, Rect as GlyphRect, ScaleFont};
use image::{Rgb, RgbImage};

/// Levels of partial coverage an edge pixel can take. A few levels look as
/// smooth as many at this size, and keep the picture to a small palette, so
/// that it can be stored as an indexed PNG (a third of the bytes to encode).
const COVERAGE_LEVELS: f32 = 12.0;

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

/// Mixes `color` into the pixel at (`x`, `y`) with weight `alpha` (0..=1);
/// pixels off the canvas are ignored.
#[inline]
pub fn blend(img: &mut RgbImage, x: i32, y: i32, color: Rgb<u8>, alpha: f32) {
    blend_level(img, x, y, color, coverage_level(alpha));
}

/// The level of partial coverage (0 to [`COVERAGE_LEVELS`], and above for
/// full) that [`blend`] draws `alpha` with.
#[inline]
fn coverage_level(alpha: f32) -> i32 {
    (alpha * COVERAGE_LEVELS + 0.5) as i32
}

/// [`blend`] with the coverage already made a level.
#[inline]
fn blend_level(img: &mut RgbImage, x: i32, y: i32, color: Rgb<u8>, level: i32) {
    if level <= 0 || x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 {
        return;
    }
    let pixel = img.get_pixel_mut(x as u32, y as u32);
    if level >= COVERAGE_LEVELS as i32 {
        *pixel = color;
        return;
    }
    let alpha = level as f32 / COVERAGE_LEVELS;
    for (dst, src) in pixel.0.iter_mut().zip(color.0) {
        *dst = (*dst as f32 + (src as f32 - *dst as f32) * alpha + 0.5) as u8;
    }
}

/// Fills the ring between radii `inner` and `outer` around (`cx`, `cy`),
/// with smooth edges; `inner` 0 gives a disc.
pub fn ring(img: &mut RgbImage, cx: f32, cy: f32, inner: f32, outer: f32, color: Rgb<u8>) {
    let (x0, x1) = ((cx - outer - 1.0) as i32, (cx + outer + 1.0).ceil() as i32);
    let (y0, y1) = ((cy - outer - 1.0) as i32, (cy + outer + 1.0).ceil() as i32);
    // Squared radii where coverage starts and becomes full.
    let outer_edge = ((outer + 0.5).powi(2), (outer - 0.5).max(0.0).powi(2));
    let inner_edge = ((inner - 0.5).max(0.0).powi(2), (inner + 0.5).powi(2));
    for y in y0..=y1 {
        let dy2 = (y as f32 + 0.5 - cy).powi(2);
        for x in x0..=x1 {
            let d2 = (x as f32 + 0.5 - cx).powi(2) + dy2;
            if d2 >= outer_edge.0 || (inner > 0.0 && d2 <= inner_edge.0) {
                continue;
            }
            if d2 <= outer_edge.1 && (inner <= 0.0 || d2 >= inner_edge.1) {
                blend(img, x, y, color, 1.0);
                continue;
            }
            let d = d2.sqrt();
            let outside = (outer + 0.5 - d).clamp(0.0, 1.0);
            let inside = if inner > 0.0 {
                (d - inner + 0.5).clamp(0.0, 1.0)
            } else {
                1.0
            };
            blend(img, x, y, color, outside.min(inside));
        }
    }
}

pub fn disc(img: &mut RgbImage, cx: f32, cy: f32, r: f32, color: Rgb<u8>) {
    ring(img, cx, cy, 0.0, r, color);
}

/// A ring broken into `dashes` arcs with gaps as long as the arcs, the
/// first centred at the top: a mark told apart from a solid ring by its
/// shape, not only its colour.
pub fn dashed_ring(
    img: &mut RgbImage,
    (cx, cy): (f32, f32),
    (inner, outer): (f32, f32),
    dashes: u32,
    color: Rgb<u8>,
) {
    let r = outer.ceil() as i32 + 1;
    let period = std::f32::consts::TAU / dashes as f32;
    for y in cy as i32 - r..=cy as i32 + r {
        for x in cx as i32 - r..=cx as i32 + r {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let d = (dx * dx + dy * dy).sqrt();
            let radial = (outer + 0.5 - d).min(d - inner + 0.5).clamp(0.0, 1.0);
            if radial <= 0.0 {
                continue;
            }
            // Distance along the circle from the nearest dash's edge.
            let phase = (dx.atan2(-dy) + period / 4.0).rem_euclid(period);
            let along = ((period / 2.0 - phase).min(phase) * d + 0.5).clamp(0.0, 1.0);
            blend(img, x, y, color, radial.min(along));
        }
    }
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
    let (left, top) = (x as f32, y as f32);
    let (right, bottom) = (left + w as f32, top + h as f32);
    let r = radius.ceil() as i32;
    // The straight parts are plain rectangles; only the corners need care.
    let inner_w = w.saturating_sub(2 * r as u32);
    let inner_h = h.saturating_sub(2 * r as u32);
    rect(img, x + r, y, inner_w, h, color);
    rect(img, x, y + r, w, inner_h, color);
    let corner_xs = (x..x + r).chain(x + w as i32 - r..x + w as i32);
    for px in corner_xs {
        let corner_ys = (y..y + r).chain(y + h as i32 - r..y + h as i32);
        for py in corner_ys {
            let (fx, fy) = (px as f32 + 0.5, py as f32 + 0.5);
            // Distance outside the rectangle shrunk by `radius`.
            let dx = (left + radius - fx).max(fx - (right - radius)).max(0.0);
            let dy = (top + radius - fy).max(fy - (bottom - radius)).max(0.0);
            let d = (dx * dx + dy * dy).sqrt();
            blend(img, px, py, color, (radius + 0.5 - d).clamp(0.0, 1.0));
        }
    }
}

/// Copies all of `sprite` into `img` with its top left corner at (`x`, `y`);
/// the sprite must fit inside the image.
pub fn copy(img: &mut RgbImage, sprite: &RgbImage, x: u32, y: u32) {
    let row_bytes = 3 * sprite.width() as usize;
    let stride = 3 * img.width() as usize;
    let (dst, src) = (&mut **img, sprite.as_raw());
    for (row, line) in src.chunks_exact(row_bytes).enumerate() {
        let start = (y as usize + row) * stride + 3 * x as usize;
        dst[start..start + row_bytes].copy_from_slice(line);
    }
}

/// Copies the `w` x `h` region at (`x`, `y`) of `from` into the same place
/// of `img` (both the same size).
pub fn copy_region(img: &mut RgbImage, from: &RgbImage, x: u32, y: u32, w: u32, h: u32) {
    let stride = 3 * img.width() as usize;
    let (start, len) = (3 * x as usize, 3 * w as usize);
    for row in y as usize..(y + h) as usize {
        let range = row * stride + start..row * stride + start + len;
        img.as_mut()[range.clone()].copy_from_slice(&from.as_raw()[range]);
    }
}

/// A plain filled rectangle (crisp edges); the part off the canvas is
/// left out.
pub fn rect(img: &mut RgbImage, x: i32, y: i32, w: u32, h: u32, color: Rgb<u8>) {
    let clip = |start: i32, len: u32, max: u32| {
        let end = (i64::from(start) + i64::from(len)).min(i64::from(max));
        let start = i64::from(start).max(0);
        (start < end).then_some((start as usize, end as usize))
    };
    let (Some((x0, x1)), Some((y0, y1))) = (clip(x, w, img.width()), clip(y, h, img.height()))
    else {
        return;
    };
    let stride = 3 * img.width() as usize;
    let line = color.0.repeat(x1 - x0);
    let data: &mut [u8] = img;
    for row in y0..y1 {
        data[row * stride + 3 * x0..row * stride + 3 * x1].copy_from_slice(&line);
    }
}

/// A `width` x `height` canvas of `color`.
pub fn canvas(width: u32, height: u32, color: Rgb<u8>) -> RgbImage {
    let pixels = color.0.repeat(width as usize * height as usize);
    RgbImage::from_raw(width, height, pixels).expect("as many pixels as the size")
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

/// A filled triangle with smooth edges.
pub fn triangle(img: &mut RgbImage, corners: [(f32, f32); 3], color: Rgb<u8>) {
    let xs = corners.map(|c| c.0);
    let ys = corners.map(|c| c.1);
    let min = |v: [f32; 3]| v.iter().copied().fold(f32::INFINITY, f32::min);
    let max = |v: [f32; 3]| v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    // Orient the edges so that the inside is on the positive side.
    let area = (xs[1] - xs[0]) * (ys[2] - ys[0]) - (ys[1] - ys[0]) * (xs[2] - xs[0]);
    let sign = if area < 0.0 { -1.0 } else { 1.0 };
    for py in min(ys).floor() as i32..=max(ys).ceil() as i32 {
        for px in min(xs).floor() as i32..=max(xs).ceil() as i32 {
            let (fx, fy) = (px as f32 + 0.5, py as f32 + 0.5);
            let mut coverage: f32 = 1.0;
            for i in 0..3 {
                let (ax, ay) = corners[i];
                let (bx, by) = corners[(i + 1) % 3];
                let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1e-3);
                // Signed distance from the edge, positive inside.
                let d = sign * ((bx - ax) * (fy - ay) - (by - ay) * (fx - ax)) / len;
                coverage = coverage.min((d + 0.5).clamp(0.0, 1.0));
            }
            blend(img, px, py, color, coverage);
        }
    }
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

/// One glyph at one size and place on a line, outlined once, rasterised
/// the first time it is drawn.
struct CachedGlyph {
    outline: OutlinedGlyph,
    /// `outline.px_bounds()`: where its pixels go from the line's origin.
    bounds: GlyphRect,
    raster: OnceLock<Raster>,
}

/// A glyph's pixels, row by row: each one's coverage level (see
/// [`coverage_level`]), 0 for none, at most [`COVERAGE_LEVELS`].
struct Raster {
    width: usize,
    levels: Vec<u8>,
}

/// What makes a glyph's pixels: the font (by its data), the size, the
/// glyph and the exact caret it starts at on the line (its subpixel
/// offset changes the smoothing). Texts are laid out from 0, so a glyph
/// that starts a text, or follows the same letters, is the same key
/// wherever the text is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
struct GlyphKey {
    font: (usize, usize),
    size: u32,
    glyph: u16,
    caret: u32,
}

impl Hash for GlyphKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Only two fonts: the caret, glyph and size tell glyphs apart.
        let place = (u64::from(self.size) << 32 | u64::from(self.caret))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let glyph = u64::from(self.glyph).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        state.write_u64(place ^ glyph ^ self.font.0 as u64);
    }
}

/// Hashes the one `u64` a [`GlyphKey`] writes (already mixed).
#[derive(Default)]
struct GlyphHasher(u64);

impl Hasher for GlyphHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type GlyphMap = HashMap<GlyphKey, Option<Arc<CachedGlyph>>, BuildHasherDefault<GlyphHasher>>;

/// At most this many glyphs are kept (a few MB); the cache starts afresh
/// when it is full. The 64-player standings use about a thousand.
const GLYPH_CACHE_MAX: usize = 8192;

/// Glyphs already outlined (`None`: the glyph has no ink, like a space).
/// Outlining and rasterising each glyph every time it was drawn took most
/// of the standings picture's drawing.
static GLYPHS: LazyLock<Mutex<GlyphMap>> = LazyLock::new(Mutex::default);

impl CachedGlyph {
    /// Its pixels, rasterised the first time (outside the cache's lock).
    fn raster(&self) -> &Raster {
        self.raster.get_or_init(|| {
            let width = self.bounds.width() as usize;
            let mut levels = vec![0u8; width * self.bounds.height() as usize];
            self.outline.draw(|x, y, coverage| {
                let level = coverage_level(coverage).clamp(0, COVERAGE_LEVELS as i32);
                levels[y as usize * width + x as usize] = level as u8;
            });
            Raster { width, levels }
        })
    }
}

/// `text` laid out on one line from the origin (baseline at y = 0): its
/// glyphs and the visible bounds (left, top, right, bottom) of the ink.
fn layout(font: &FontRef<'static>, size: f32, text: &str) -> (Vec<Arc<CachedGlyph>>, [f32; 4]) {
    let scaled = font.as_scaled(PxScale::from(size));
    let data = font.font_data();
    let font_key = (data.as_ptr() as usize, data.len());
    let mut glyphs = Vec::with_capacity(text.len());
    let mut caret = 0f32;
    let mut previous = None;
    let mut bounds = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    // A poisoned lock still holds whole entries: each is inserted at once.
    let mut cache = GLYPHS.lock().unwrap_or_else(PoisonError::into_inner);
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(previous) = previous {
            caret += scaled.kern(previous, id);
        }
        previous = Some(id);
        let key = GlyphKey {
            font: font_key,
            size: size.to_bits(),
            glyph: id.0,
            caret: caret.to_bits(),
        };
        let position = caret;
        caret += scaled.h_advance(id);
        if !cache.contains_key(&key) && cache.len() >= GLYPH_CACHE_MAX {
            cache.clear();
        }
        let cached = cache.entry(key).or_insert_with(|| {
            let glyph = id.with_scale_and_position(scaled.scale(), point(position, 0.0));
            scaled.outline_glyph(glyph).map(|outline| {
                Arc::new(CachedGlyph {
                    bounds: outline.px_bounds(),
                    outline,
                    raster: OnceLock::new(),
                })
            })
        });
        if let Some(cached) = cached {
            let b = cached.bounds;
            bounds = [
                bounds[0].min(b.min.x),
                bounds[1].min(b.min.y),
                bounds[2].max(b.max.x),
                bounds[3].max(b.max.y),
            ];
            glyphs.push(Arc::clone(cached));
        }
    }
    if glyphs.is_empty() {
        bounds = [0.0; 4];
    }
    (glyphs, bounds)
}

/// Height in pixels of the ink of `text`.
pub fn ink_height(font: &FontRef<'static>, size: f32, text: &str) -> f32 {
    let (_, [_, top, _, bottom]) = layout(font, size, text);
    bottom - top
}

/// Width in pixels of the ink of `text`.
pub fn text_width(font: &FontRef<'static>, size: f32, text: &str) -> f32 {
    let (_, [left, _, right, _]) = layout(font, size, text);
    right - left
}

/// Where [`text`] puts the ink of `text` drawn with the same arguments:
/// (left, top, right, bottom), within a pixel.
pub fn text_box(
    font: &FontRef<'static>,
    size: f32,
    text: &str,
    x: f32,
    cy: f32,
    anchor: Anchor,
) -> [f32; 4] {
    let (_, [left, top, right, bottom]) = layout(font, size, text);
    let width = right - left;
    let start = match anchor {
        Anchor::Left => x,
        Anchor::Centre => x - width / 2.0,
        Anchor::Right => x - width,
    };
    let baseline = (cy + cap_height(font, size) / 2.0).round();
    [start, baseline + top, start + width, baseline + bottom]
}

/// The height of capital letters and digits at `size`.
fn cap_height(font: &FontRef<'static>, size: f32) -> f32 {
    // `H` alone on a line: the glyph at the origin, as the font outlines it.
    let (glyphs, _) = layout(font, size, "H");
    glyphs.first().map_or(size * 0.73, |h| -h.bounds.min.y)
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
    let (glyphs, [left, _, right, _]) = layout(font, size, text);
    // Digits and capitals reach from the baseline up to the cap height.
    let cap_height = cap_height(font, size);
    let width = right - left;
    let start = match anchor {
        Anchor::Left => x,
        Anchor::Centre => x - width / 2.0,
        Anchor::Right => x - width,
    };
    // Whole-pixel offsets keep every glyph as crisp as it was rasterised.
    let dx = (start - left).round();
    let baseline = (cy + cap_height / 2.0).round();
    for glyph in &glyphs {
        let b = glyph.bounds;
        let (gx, gy) = ((b.min.x + dx) as i32, (b.min.y + baseline) as i32);
        let raster = glyph.raster();
        for (py, row) in raster.levels.chunks_exact(raster.width.max(1)).enumerate() {
            for (px, &level) in row.iter().enumerate() {
                blend_level(img, gx + px as i32, gy + py as i32, color, level.into());
            }
        }
    }
    start + width
}

/// `text` shortened with `…` until it is at most `max_width` pixels wide.
pub fn fit(font: &FontRef<'static>, size: f32, text: &str, max_width: f32) -> String {
    // Where each character ends by the glyphs' advances, which cost no
    // outlines and which the ink of DejaVu's letters stays within; only
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
    use proptest::prelude::*;

    /// [`text`] as it was before the glyph cache: each glyph outlined and
    /// rasterised where it is drawn. Returns the x just after the ink.
    #[allow(clippy::too_many_arguments)]
    fn text_uncached(
        img: &mut RgbImage,
        font: &FontRef<'static>,
        size: f32,
        text: &str,
        x: f32,
        cy: f32,
        anchor: Anchor,
        color: Rgb<u8>,
    ) -> f32 {
        let scaled = font.as_scaled(PxScale::from(size));
        let (mut glyphs, mut caret, mut previous) = (Vec::new(), 0f32, None);
        let mut bounds = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(previous) = previous {
                caret += scaled.kern(previous, id);
            }
            previous = Some(id);
            let glyph = id.with_scale_and_position(scaled.scale(), point(caret, 0.0));
            caret += scaled.h_advance(id);
            if let Some(outlined) = scaled.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                bounds = [
                    bounds[0].min(b.min.x),
                    bounds[1].min(b.min.y),
                    bounds[2].max(b.max.x),
                    bounds[3].max(b.max.y),
                ];
                glyphs.push(outlined);
            }
        }
        if glyphs.is_empty() {
            bounds = [0.0; 4];
        }
        let [left, _, right, _] = bounds;
        let cap_height = font
            .outline_glyph(font.glyph_id('H').with_scale(size))
            .map_or(size * 0.73, |h| -h.px_bounds().min.y);
        let width = right - left;
        let start = match anchor {
            Anchor::Left => x,
            Anchor::Centre => x - width / 2.0,
            Anchor::Right => x - width,
        };
        let dx = (start - left).round();
        let baseline = (cy + cap_height / 2.0).round();
        for glyph in &glyphs {
            let b = glyph.px_bounds();
            let (gx, gy) = ((b.min.x + dx) as i32, (b.min.y + baseline) as i32);
            glyph.draw(|px, py, coverage| {
                blend(img, gx + px as i32, gy + py as i32, color, coverage);
            });
        }
        start + width
    }

    /// Draws `text` both ways on the same background, twice each (the
    /// second time from the cache), and checks the pixels are the same.
    fn same_as_uncached(font: &FontRef<'static>, size: f32, text: &str, x: f32, anchor: Anchor) {
        let background = RgbImage::from_fn(300, 60, |x, y| {
            Rgb([(x * 7 % 256) as u8, (y * 11 % 256) as u8, 200])
        });
        let ink = Rgb([20, 30, 40]);
        let (mut cached, mut uncached) = (background.clone(), background);
        for _ in 0..2 {
            let a = super::text(&mut cached, font, size, text, x, 30.0, anchor, ink);
            let b = text_uncached(&mut uncached, font, size, text, x, 30.0, anchor, ink);
            assert_eq!(a, b, "{text:?} at {size} px ends elsewhere");
        }
        assert!(
            cached == uncached,
            "{text:?} at {size} px drawn differently"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The glyph cache changes nothing: any text, size and place
        /// gives the pixels each glyph rasterised afresh gives.
        #[test]
        fn cached_glyphs_draw_the_same_pixels(
            text in "[a-zA-Z0-9 .,·½¾—…ÇÃÉçãé漢字😀\u{202E}]{0,24}",
            size in prop::sample::select(vec![10.6f32, 17.0, 18.0, 20.0, 24.0, 31.5]),
            x in 0f32..200.0,
            anchor in prop::sample::select(vec![Anchor::Left, Anchor::Centre, Anchor::Right]),
            bold in any::<bool>(),
        ) {
            let font = if bold { &FONTS.bold } else { &FONTS.regular };
            same_as_uncached(font, size, &text, x, anchor);
        }
    }

    #[test]
    fn a_full_glyph_cache_starts_afresh_and_still_draws_the_same() {
        // More glyphs than the cache keeps: one per size.
        for step in 0..=GLYPH_CACHE_MAX as u32 {
            let size = 12.0 + step as f32 / 1024.0;
            let _ = text_width(&FONTS.regular, size, "g");
        }
        let kept = GLYPHS.lock().unwrap_or_else(PoisonError::into_inner).len();
        assert!(kept <= GLYPH_CACHE_MAX, "{kept} glyphs kept");
        same_as_uncached(
            &FONTS.regular,
            18.0,
            "Nzinga Mbande ÇÃÉ",
            10.0,
            Anchor::Left,
        );
        same_as_uncached(&FONTS.bold, 12.5, "6½ 漢", 150.0, Anchor::Centre);
    }

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
    fn long_text_is_shortened_to_fit() {
        let font = &FONTS.bold;
        let long = "a".repeat(100_000);
        let fitted = fit(font, 20.0, &long, 150.0);
        assert!(fitted.ends_with('…'));
        assert!(text_width(font, 20.0, &fitted) <= 150.0);
        assert_eq!(fit(font, 20.0, "bob", 150.0), "bob");
    }

    #[test]
    fn text_is_centred_where_asked() {
        let mut img = RgbImage::from_pixel(100, 60, Rgb([0, 0, 0]));
        text(
            &mut img,
            &FONTS.bold,
            40.0,
            "8",
            50.0,
            30.0,
            Anchor::Centre,
            Rgb([255, 255, 255]),
        );
        let lit: Vec<(u32, u32)> = img
            .enumerate_pixels()
            .filter(|(_, _, p)| p.0[0] > 128)
            .map(|(x, y, _)| (x, y))
            .collect();
        let (xs, ys): (Vec<u32>, Vec<u32>) = lit.into_iter().unzip();
        let mid = |v: &[u32]| (v.iter().min().unwrap() + v.iter().max().unwrap()) as f32 / 2.0;
        assert!((mid(&xs) - 50.0).abs() <= 1.5, "x centre {}", mid(&xs));
        assert!((mid(&ys) - 30.0).abs() <= 1.5, "y centre {}", mid(&ys));
    }
}

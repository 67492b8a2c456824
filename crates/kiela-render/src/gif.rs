//! GIF encoding of animations, the way lichess's lila-gif does it: one
//! fixed global palette made from the board's own colours, the first frame
//! whole, and every later frame only the rectangle that changed, with the
//! pixels that did not change inside it transparent. Encoding then costs
//! little more than the pixels that move.

use std::sync::LazyLock;

use ::gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::{Rgb, RgbImage};

use super::board::{COLOURS, EDGES, HEIGHT, WIDTH};
use super::lzw;
use super::RenderError;

/// The palette: every colour the board is drawn with, and three blends of
/// each pair of colours that meet at a smoothed edge. Other smoothed
/// pixels take the nearest of these. Fewer than 128 entries, so that the
/// LZW codes stay short; the index after the last colour is transparent.
static PALETTE: LazyLock<Vec<Rgb<u8>>> = LazyLock::new(|| {
    let mut palette: Vec<Rgb<u8>> = COLOURS.to_vec();
    for (a, b) in EDGES {
        for quarter in 1..=3u16 {
            let mix = |i: usize| {
                ((u16::from(a.0[i]) * (4 - quarter) + u16::from(b.0[i]) * quarter + 2) / 4) as u8
            };
            let colour = Rgb([mix(0), mix(1), mix(2)]);
            if !palette.contains(&colour) {
                palette.push(colour);
            }
        }
    }
    assert!(palette.len() < 128, "the palette keeps a transparent index");
    palette
});

/// The index of the transparent "unchanged" colour.
fn transparent() -> u8 {
    PALETTE.len() as u8
}

/// Bits of a palette index, as GIF's LZW counts them (at least 2).
fn min_code_size() -> u8 {
    (PALETTE.len() + 1)
        .next_power_of_two()
        .trailing_zeros()
        .max(2) as u8
}

/// Slots of [`Nearest`]'s cache (a power of two).
const CACHE_SLOTS: usize = 1024;

/// [`nearest`] with a direct-mapped cache: a frame has a few hundred
/// distinct colours (the smoothed edges of text and stones), and a hash
/// map look-up per colour change was a sixth of a game animation's time.
struct Nearest {
    keys: Vec<u32>,
    indices: Vec<u8>,
}

impl Nearest {
    fn new() -> Nearest {
        Nearest {
            // No packed RGB colour is u32::MAX.
            keys: vec![u32::MAX; CACHE_SLOTS],
            indices: vec![0; CACHE_SLOTS],
        }
    }

    fn get(&mut self, key: u32) -> u8 {
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - CACHE_SLOTS.trailing_zeros())) as usize;
        if self.keys[slot] != key {
            let [r, g, b, _] = key.to_le_bytes();
            self.keys[slot] = key;
            self.indices[slot] = nearest(Rgb([r, g, b]));
        }
        self.indices[slot]
    }
}

/// The palette index nearest to `colour` (squared RGB distance).
fn nearest(colour: Rgb<u8>) -> u8 {
    let distance = |p: &Rgb<u8>| -> u32 {
        (0..3)
            .map(|i| u32::from(p.0[i].abs_diff(colour.0[i])).pow(2))
            .sum()
    };
    PALETTE
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| distance(p))
        .map_or(0, |(i, _)| i as u8)
}

/// A box of pixels: left, top, right, bottom (right and bottom excluded).
pub(super) type Region = [u32; 4];

/// The whole picture.
pub(super) const WHOLE: Region = [0, 0, WIDTH, HEIGHT];

/// A looping GIF encoder with the fixed palette.
fn encoder() -> Result<Encoder<Vec<u8>>, RenderError> {
    let mut rgb = Vec::with_capacity(3 * 128);
    for colour in PALETTE.iter() {
        rgb.extend_from_slice(&colour.0);
    }
    // The transparent index needs a palette entry too.
    rgb.extend_from_slice(&[0, 0, 0]);
    let mut encoder = Encoder::new(
        Vec::with_capacity(64 * 1024),
        WIDTH as u16,
        HEIGHT as u16,
        &rgb,
    )?;
    encoder.set_repeat(Repeat::Infinite)?;
    Ok(encoder)
}

/// An animation of `count` whole pictures, `draw(i)` shown for `delay(i)`
/// hundredths of a second, the same GIF as [`GifWriter`] makes of them.
/// Each picture is drawn from scratch, so the frames need not be made in
/// order: each core draws, compares and compresses a run of them (and
/// draws the picture before its run once more, to compare with).
pub(super) fn whole_pictures(
    count: usize,
    draw: impl Fn(usize) -> RgbImage + Sync,
    delay: impl Fn(usize) -> u16 + Sync,
) -> Result<Vec<u8>, RenderError> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4)
        .min(count.max(1));
    let per_thread = count.div_ceil(threads);
    let size = min_code_size();
    let (draw, delay) = (&draw, &delay);
    // Per frame: the compressed frame, or None when it shows nothing new.
    let runs: Vec<Vec<(Option<Frame<'static>>, u16)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let (start, end) = (t * per_thread, ((t + 1) * per_thread).min(count));
                    let mut index_of = Nearest::new();
                    let mut before = (start > 0).then(|| draw(start - 1));
                    let mut out = Vec::with_capacity(end.saturating_sub(start));
                    for i in start..end {
                        let picture = draw(i);
                        let frame = match &before {
                            None => Some(indexed(&picture, &picture, WHOLE, false, &mut index_of)),
                            Some(before) => changed(before, &picture, WHOLE).map(|region| {
                                indexed(before, &picture, region, true, &mut index_of)
                            }),
                        };
                        let frame = frame.map(|mut frame| {
                            frame.buffer = lzw::encode(&frame.buffer, size).into();
                            frame
                        });
                        out.push((frame, delay(i)));
                        before = Some(picture);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a frame thread panicked"))
            .collect()
    });
    let mut frames: Vec<Frame<'static>> = Vec::with_capacity(count);
    for (frame, delay) in runs.into_iter().flatten() {
        match frame {
            Some(mut frame) => {
                frame.delay = delay;
                frames.push(frame);
            }
            // Nothing to show: the frame before stays up longer.
            None => {
                if let Some(last) = frames.last_mut() {
                    last.delay = last.delay.saturating_add(delay);
                }
            }
        }
    }
    let mut encoder = encoder()?;
    for frame in &frames {
        encoder.write_lzw_pre_encoded_frame(frame)?;
    }
    Ok(encoder.into_inner()?)
}

/// Writes an animation frame by frame. Each frame is given as the whole
/// picture it should show, with the region where it may differ from the
/// one before; the writer finds the pixels that really changed.
pub(super) struct GifWriter {
    encoder: Encoder<Vec<u8>>,
    /// What a viewer shows after the frames written so far.
    shown: RgbImage,
    /// Palette indices of the colours met so far.
    index_of: Nearest,
    /// The frames as palette indices; compressed at the end, in parallel.
    frames: Vec<Frame<'static>>,
}

impl GifWriter {
    /// Starts an animation (looping for ever) with `first` shown whole for
    /// `delay` hundredths of a second.
    pub(super) fn new(first: &RgbImage, delay: u16) -> Result<GifWriter, RenderError> {
        let mut writer = GifWriter {
            encoder: encoder()?,
            shown: RgbImage::from_pixel(WIDTH, HEIGHT, Rgb([0, 0, 0])),
            index_of: Nearest::new(),
            frames: Vec::new(),
        };
        let frame = indexed(first, first, WHOLE, false, &mut writer.index_of);
        writer.shown.clone_from(first);
        writer.push(frame, delay);
        Ok(writer)
    }

    /// Adds a frame showing `picture`, which differs from the last frame at
    /// most inside `region`, for `delay` hundredths of a second.
    pub(super) fn frame(
        &mut self,
        picture: &RgbImage,
        region: Region,
        delay: u16,
    ) -> Result<(), RenderError> {
        let Some(changed) = changed(&self.shown, picture, region) else {
            // Nothing to show: the frame before stays up longer.
            if let Some(last) = self.frames.last_mut() {
                last.delay = last.delay.saturating_add(delay);
            }
            return Ok(());
        };
        let frame = indexed(&self.shown, picture, changed, true, &mut self.index_of);
        let [left, _, right, _] = changed;
        let width = 3 * (right - left) as usize;
        let stride = 3 * WIDTH as usize;
        for y in changed[1]..changed[3] {
            let start = y as usize * stride + 3 * left as usize;
            let range = start..start + width;
            self.shown.as_mut()[range.clone()].copy_from_slice(&picture.as_raw()[range]);
        }
        self.push(frame, delay);
        Ok(())
    }

    /// Ends the animation and returns the GIF's bytes. Compressing the
    /// frames is most of the work, and each frame compresses on its own:
    /// they are shared out between the machine's cores.
    pub(super) fn finish(mut self) -> Result<Vec<u8>, RenderError> {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(4);
        // Largest first, each to the least loaded thread.
        let mut order: Vec<usize> = (0..self.frames.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.frames[i].buffer.len()));
        let mut load = vec![0usize; threads];
        let mut owner = vec![0usize; self.frames.len()];
        for i in order {
            let least = (0..threads).min_by_key(|&t| load[t]).unwrap_or(0);
            load[least] += self.frames[i].buffer.len();
            owner[i] = least;
        }
        let mut shares: Vec<Vec<&mut Frame<'static>>> = (0..threads).map(|_| Vec::new()).collect();
        for (frame, &thread) in self.frames.iter_mut().zip(&owner) {
            shares[thread].push(frame);
        }
        let size = min_code_size();
        std::thread::scope(|scope| {
            for share in shares {
                scope.spawn(move || {
                    for frame in share {
                        frame.buffer = lzw::encode(&frame.buffer, size).into();
                    }
                });
            }
        });
        for frame in &self.frames {
            self.encoder.write_lzw_pre_encoded_frame(frame)?;
        }
        Ok(self.encoder.into_inner()?)
    }

    fn push(&mut self, mut frame: Frame<'static>, delay: u16) {
        frame.delay = delay;
        self.frames.push(frame);
    }
}

/// The `region` of `picture` as palette indices; with `diff`, pixels
/// the viewer already shows (`shown`) become transparent (long runs of one index
/// are what LZW compresses best).
fn indexed(
    shown: &RgbImage,
    picture: &RgbImage,
    region: Region,
    diff: bool,
    index_of: &mut Nearest,
) -> Frame<'static> {
    let [left, top, right, bottom] = region;
    let (w, h) = (right - left, bottom - top);
    let mut indices = Vec::with_capacity((w * h) as usize);
    let transparent = transparent();
    let (mut last_key, mut last_index) = (u32::MAX, 0u8);
    let stride = 3 * WIDTH as usize;
    for y in top..bottom {
        let start = y as usize * stride + 3 * left as usize;
        let end = start + 3 * w as usize;
        let new = &picture.as_raw()[start..end];
        let old = &shown.as_raw()[start..end];
        if diff && new == old {
            indices.resize(indices.len() + w as usize, transparent);
            continue;
        }
        let mut x = 0;
        while x < new.len() {
            // Unchanged stretches are long: skip them 8 pixels at a time.
            if diff {
                while x + 24 <= new.len() && block(new, x) == block(old, x) {
                    indices.extend_from_slice(&[transparent; 8]);
                    x += 24;
                }
                if x == new.len() {
                    break;
                }
            }
            let pixel = &new[x..x + 3];
            x += 3;
            if diff && pixel == &old[x - 3..x] {
                indices.push(transparent);
                continue;
            }
            let key = u32::from_le_bytes([pixel[0], pixel[1], pixel[2], 0]);
            if key != last_key {
                last_index = index_of.get(key);
                last_key = key;
            }
            indices.push(last_index);
        }
    }
    let mut frame = Frame::from_indexed_pixels(w as u16, h as u16, indices, None);
    frame.left = left as u16;
    frame.top = top as u16;
    frame.dispose = DisposalMethod::Keep;
    if diff {
        frame.transparent = Some(transparent);
    }
    frame
}

/// The 24 bytes (8 pixels) of `row` from `start`, to compare in one go.
fn block(row: &[u8], start: usize) -> &[u8; 24] {
    row[start..start + 24].try_into().expect("24 bytes")
}

/// The smallest box inside `region` holding every pixel where `a` and `b`
/// differ, or `None` where they are the same.
fn changed(a: &RgbImage, b: &RgbImage, region: Region) -> Option<Region> {
    let [left, top, right, bottom] = region;
    let stride = 3 * WIDTH as usize;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (u32::MAX, u32::MAX, 0, 0);
    for y in top..bottom {
        let start = y as usize * stride + 3 * left as usize;
        let end = y as usize * stride + 3 * right as usize;
        let (row_a, row_b) = (&a.as_raw()[start..end], &b.as_raw()[start..end]);
        if row_a == row_b {
            continue;
        }
        let first = row_a.iter().zip(row_b).position(|(p, q)| p != q)?;
        let last = row_a.iter().zip(row_b).rposition(|(p, q)| p != q)?;
        min_x = min_x.min(left + (first / 3) as u32);
        max_x = max_x.max(left + (last / 3) as u32);
        min_y = min_y.min(y);
        max_y = y;
    }
    (min_y != u32::MAX).then_some([min_x, min_y, max_x + 1, max_y + 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_holds_the_board_colours_exactly_and_leaves_room() {
        assert!(PALETTE.len() < 128);
        for colour in COLOURS {
            assert_eq!(PALETTE[nearest(colour) as usize], colour);
        }
    }

    #[test]
    fn only_the_changed_box_is_found() {
        let a = RgbImage::from_pixel(WIDTH, HEIGHT, Rgb([1, 2, 3]));
        let mut b = a.clone();
        assert_eq!(changed(&a, &b, WHOLE), None);
        b.put_pixel(10, 20, Rgb([0, 0, 0]));
        b.put_pixel(30, 5, Rgb([0, 0, 0]));
        assert_eq!(changed(&a, &b, WHOLE), Some([10, 5, 31, 21]));
        assert_eq!(changed(&a, &b, [0, 0, 20, 30]), Some([10, 20, 11, 21]));
    }
}

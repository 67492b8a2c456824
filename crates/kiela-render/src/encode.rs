//! PNG encoding. The picture is drawn from a few flat colours and a few
//! levels of edge smoothing, so it nearly always fits a 256-colour palette:
//! an indexed PNG is a third of the bytes of an RGB one to compress, and
//! smaller. Any picture with more colours is stored as plain RGB.
//!
//! Two trade-offs: [`png`] (fdeflate, `Up` filter) for the boards, fast
//! and about 50 KB; [`png_compact`] (zlib-rs level 2, unfiltered) for a
//! tall picture of text (the standings): 141 KB for 64 players, where
//! fdeflate makes 230 KB.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use image::RgbImage;
use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};

use super::RenderError;

/// `image` as PNG bytes: indexed when it has at most 256 colours, else RGB.
pub fn png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    // fdeflate: about 50 KB for a board in well under a millisecond. zlib
    // level 1 makes 30 KB but takes several times longer (measured). The
    // `Up` filter turns the many rows that repeat the row above into runs
    // of zeros, which fdeflate compresses well (measured: unfiltered, it
    // stores the data uncompressed).
    png_with(image, DeflateCompression::FdeflateUltraFast, Filter::Up)
}

/// The compression level of [`png_compact`]. Measured on the 64-player
/// standings (1.1 MB of palette indices, unfiltered) with zlib-rs: level
/// 1 makes 201 KB, level 2 141 KB in about 5 ms, level 3 135 KB for a
/// millisecond or two more; miniz_oxide took 12 ms at level 2. The `Up`
/// and `Sub` filters made 158-171 KB at level 2.
const COMPACT_LEVEL: i32 = 2;

/// `image` as a small PNG: indexed when it has at most 256 colours, its
/// rows unfiltered (text's few colours compress better so than with `Up`
/// or `Sub`), deflated by zlib-rs at [`COMPACT_LEVEL`]: as small as the
/// `png` crate's zlib (miniz_oxide) at that level, in half the time. A
/// picture with more colours goes through [`png_with`] as RGB.
pub fn png_compact(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let Some((palette, rows)) = palette(image, true) else {
        return png_with(image, DeflateCompression::Level(2), Filter::NoFilter);
    };
    let mut deflated = vec![0u8; zlib_rs::compress_bound(rows.len())];
    let config = zlib_rs::DeflateConfig::new(COMPACT_LEVEL);
    let (deflated, code) = zlib_rs::compress_slice(&mut deflated, &rows, config);
    if code != zlib_rs::ReturnCode::Ok {
        return Err(RenderError::Compress(code as i32));
    }
    let mut out = Vec::with_capacity(deflated.len() + palette.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&image.width().to_be_bytes());
    header.extend_from_slice(&image.height().to_be_bytes());
    // 8 bits an index, colour type 3 (indexed), deflate, no filter
    // method but the standard's, not interlaced.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette);
    chunk(&mut out, b"IDAT", deflated);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// Appends a PNG chunk: its length, its type, `data`, and the CRC-32 of
/// the type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let len = u32::try_from(data.len()).expect("a PNG chunk under 2 GB");
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = zlib_rs::crc32::crc32(zlib_rs::crc32::crc32(0, kind), data);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// [`png`] with the given compression, and `filter` for an indexed
/// picture.
pub fn png_with(
    image: &RgbImage,
    compression: DeflateCompression,
    filter: Filter,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = Encoder::new(&mut out, image.width(), image.height());
    encoder.set_depth(BitDepth::Eight);
    encoder.set_deflate_compression(compression);
    let data = match palette(image, false) {
        Some((palette, indices)) => {
            encoder.set_color(ColorType::Indexed);
            encoder.set_palette(palette);
            encoder.set_filter(filter);
            indices
        }
        None => {
            encoder.set_color(ColorType::Rgb);
            encoder.set_filter(Filter::Adaptive);
            image.as_raw().clone()
        }
    };
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&data)?;
    writer.finish()?;
    Ok(out)
}

/// The image's colours (RGB triples, in order of first use) and each pixel's
/// index among them, or `None` if there are more than 256. With
/// `filter_bytes`, each row starts with a 0, PNG's "no filter": the rows
/// as deflated.
fn palette(image: &RgbImage, filter_bytes: bool) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut index_of: HashMap<u32, u8, BuildHasherDefault<ColourHasher>> = HashMap::default();
    let mut palette = Vec::with_capacity(3 * 256);
    let (width, height) = (image.width() as usize, image.height() as usize);
    let mut indices = Vec::with_capacity((width + usize::from(filter_bytes)) * height);
    // Runs of one colour are long: look up only where the colour changes,
    // first in a small table of colours by hash (no key is `u32::MAX`).
    let (mut last_key, mut last_index) = (u32::MAX, 0u8);
    let mut recent = [(u32::MAX, 0u8); 1024];
    let mut too_many = false;
    let mut previous: Option<&[u8]> = None;
    for row in image.as_raw().chunks_exact(3 * width.max(1)) {
        if filter_bytes {
            indices.push(0);
        }
        // A row like the one above (a flat band, the gap between lines of
        // text) has its indices.
        if previous == Some(row) {
            let start = indices.len() - width - usize::from(filter_bytes);
            indices.extend_from_within(start..start + width);
            continue;
        }
        previous = Some(row);
        indices.extend(row.chunks_exact(3).map(|pixel| {
            let key = u32::from_le_bytes([pixel[0], pixel[1], pixel[2], 0]);
            if key != last_key {
                let slot = (key.wrapping_mul(0x9E37_79B9) >> 22) as usize;
                last_index = if recent[slot].0 == key {
                    recent[slot].1
                } else {
                    let i = match index_of.get(&key) {
                        Some(&i) => i,
                        None if index_of.len() == 256 => {
                            too_many = true;
                            0
                        }
                        None => {
                            let i = index_of.len() as u8;
                            index_of.insert(key, i);
                            palette.extend_from_slice(pixel);
                            i
                        }
                    };
                    recent[slot] = (key, i);
                    i
                };
                last_key = key;
            }
            last_index
        }));
        if too_many {
            return None;
        }
    }
    Some((palette, indices))
}

/// A multiplicative hash for the packed colours used as keys above.
#[derive(Default)]
pub(super) struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01B3);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    fn decode(bytes: &[u8]) -> RgbImage {
        image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8()
    }

    #[test]
    fn few_colours_make_an_indexed_png_that_decodes_to_the_same_pixels() {
        let image = RgbImage::from_fn(30, 20, |x, y| {
            Rgb([(x % 4 * 60) as u8, (y % 5 * 50) as u8, 7])
        });
        let bytes = png(&image).unwrap();
        assert_eq!(bytes[25], 3, "colour type 3: indexed");
        assert_eq!(decode(&bytes), image);
        let compact = png_compact(&image).unwrap();
        assert_eq!(compact[25], 3, "colour type 3: indexed");
        assert_eq!(decode(&compact), image);
    }

    #[test]
    fn many_colours_fall_back_to_rgb() {
        let image = RgbImage::from_fn(40, 20, |x, y| Rgb([x as u8, y as u8, (x * y) as u8]));
        let bytes = png(&image).unwrap();
        assert_eq!(bytes[25], 2, "colour type 2: RGB");
        assert_eq!(decode(&bytes), image);
        let compact = png_compact(&image).unwrap();
        assert_eq!(compact[25], 2, "colour type 2: RGB");
        assert_eq!(decode(&compact), image);
    }
}

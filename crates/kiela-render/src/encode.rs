//! PNG encoding. The picture is drawn from a few flat colours and a few
//! levels of edge smoothing, so it nearly always fits a 256-colour palette:
//! an indexed PNG is a third of the bytes of an RGB one to compress, and
//! smaller. Any picture with more colours is stored as plain RGB.

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

/// [`png`] with the given compression, and `filter` for an indexed
/// picture: a tall picture of text (the standings) is worth the time zlib
/// takes to make it small.
pub fn png_with(
    image: &RgbImage,
    compression: DeflateCompression,
    filter: Filter,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = Encoder::new(&mut out, image.width(), image.height());
    encoder.set_depth(BitDepth::Eight);
    encoder.set_deflate_compression(compression);
    let data = match palette(image) {
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
/// index among them, or `None` if there are more than 256.
fn palette(image: &RgbImage) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut index_of: HashMap<u32, u8, BuildHasherDefault<ColourHasher>> = HashMap::default();
    let mut palette = Vec::with_capacity(3 * 256);
    let mut indices = Vec::with_capacity(image.as_raw().len() / 3);
    // Runs of one colour are long: look up only where the colour changes.
    let (mut last_key, mut last_index) = (u32::MAX, 0u8);
    for pixel in image.as_raw().chunks_exact(3) {
        let key = u32::from_le_bytes([pixel[0], pixel[1], pixel[2], 0]);
        if key != last_key {
            last_index = match index_of.get(&key) {
                Some(&i) => i,
                None if index_of.len() == 256 => return None,
                None => {
                    let i = index_of.len() as u8;
                    index_of.insert(key, i);
                    palette.extend_from_slice(pixel);
                    i
                }
            };
            last_key = key;
        }
        indices.push(last_index);
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
    }

    #[test]
    fn many_colours_fall_back_to_rgb() {
        let image = RgbImage::from_fn(40, 20, |x, y| Rgb([x as u8, y as u8, (x * y) as u8]));
        let bytes = png(&image).unwrap();
        assert_eq!(bytes[25], 2, "colour type 2: RGB");
        assert_eq!(decode(&bytes), image);
    }
}

//! GIF's LZW compression of one frame's palette indices.
//!
//! The `gif` crate's encoder (weezl) walks its code table child by child
//! for every pixel: over half of a game animation's time (perf). This one
//! keeps the table as a small open hash (prefix code, next index) -> code
//! that stays in the L1 cache, takes runs of one index a code at a time,
//! and gives the stream the codes the classic `compress`/giflib encoders
//! do, so that every decoder reads it.

/// The largest code GIF allows is 12 bits.
const MAX_CODES: u16 = 4096;
/// Slots of the hash table: a power of two, at least twice `MAX_CODES`, so
/// that probes stay short.
const SLOTS: usize = 8192;

/// `indices` (each below `1 << min_code_size`) compressed as a GIF image
/// data stream: the minimum code size byte, then the LZW codes, packed
/// least significant bit first, not yet cut into sub-blocks. This is the
/// buffer [`gif::Encoder::write_lzw_pre_encoded_frame`] takes.
///
/// Most of an animation frame is long runs of one index (the transparent
/// "unchanged" pixels, flat colours): for each index the codes of its runs
/// (`x`, `xx`, `xxx`, ...) are kept in a list, so that a run is consumed
/// in one step per code emitted rather than one table look-up per pixel.
/// The codes are the same as the pixel-by-pixel encoder's.
pub(super) fn encode(indices: &[u8], min_code_size: u8) -> Vec<u8> {
    debug_assert!((2..=8).contains(&min_code_size));
    let mut out = Vec::with_capacity(indices.len() / 4 + 16);
    out.push(min_code_size);
    let clear = 1u16 << min_code_size;
    let end = clear + 1;
    let mut bits = BitWriter::new(out);
    // Each slot holds (prefix << 8 | index) << 12 | code, or 0 when empty:
    // a code is never 0 (the first free code is above the clear code).
    let mut table = vec![0u32; SLOTS];
    // runs[x][k]: the code of x repeated k times (runs[x][0] unused).
    let mut runs: Vec<Vec<u16>> = (0..clear).map(|x| vec![0, x]).collect();
    let mut size = min_code_size + 1;
    let mut next = clear + 2;
    bits.write(clear, size);
    let Some(&first) = indices.first() else {
        bits.write(end, size);
        return bits.finish();
    };
    let mut prefix = u16::from(first);
    // When the prefix is a run of one index: that index and the run's length.
    let (mut run_index, mut run_len) = (first, 1usize);
    let mut i = 1;
    // Emits `prefix` and gives `prefix + index` the next code (or clears
    // the table when it is full). Returns false when it cleared.
    macro_rules! emit {
        () => {{
            bits.write(prefix, size);
            // The decoder adds its entry for this code one code later; it
            // widens its codes when its next free code reaches 1 << size.
            if next >= 1 << size && size < 12 {
                size += 1;
            }
            if next < MAX_CODES {
                next += 1;
                true
            } else {
                // The table is full: start again, as giflib does.
                bits.write(clear, size);
                table.fill(0);
                runs.iter_mut().for_each(|r| r.truncate(2));
                size = min_code_size + 1;
                next = clear + 2;
                false
            }
        }};
    }
    while i < indices.len() {
        let index = indices[i];
        if run_len > 0 && index == run_index {
            let mut left = run_length(&indices[i..], index);
            loop {
                let known = runs[usize::from(index)].len() - 1;
                if run_len + left <= known {
                    run_len += left;
                    i += left;
                    break;
                }
                // Up to the longest known run, then one more: a new code.
                i += known - run_len;
                left -= known - run_len;
                prefix = runs[usize::from(index)][known];
                if emit!() {
                    runs[usize::from(index)].push(next - 1);
                }
                run_len = 1;
                i += 1;
                left -= 1;
                if left == 0 {
                    break;
                }
            }
            prefix = runs[usize::from(index)][run_len];
            continue;
        }
        let key = (u32::from(prefix) << 8) | u32::from(index);
        let mut slot = hash(key);
        loop {
            let entry = table[slot];
            if entry == 0 {
                break;
            }
            if entry >> 12 == key {
                break;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        let entry = table[slot];
        i += 1;
        if entry != 0 {
            prefix = (entry & 0xFFF) as u16;
            run_len = 0;
            continue;
        }
        if emit!() {
            table[slot] = (key << 12) | u32::from(next - 1);
        }
        prefix = u16::from(index);
        (run_index, run_len) = (index, 1);
    }
    bits.write(prefix, size);
    if next >= 1 << size && size < 12 {
        size += 1;
    }
    bits.write(end, size);
    bits.finish()
}

/// How many of the first `indices` are `index`, 8 at a time while they
/// can be (the runs are hundreds long).
fn run_length(indices: &[u8], index: u8) -> usize {
    let eight = u64::from_ne_bytes([index; 8]);
    let mut n = 0;
    while let Some(chunk) = indices.get(n..n + 8) {
        if u64::from_ne_bytes(chunk.try_into().expect("8 bytes")) != eight {
            break;
        }
        n += 8;
    }
    n + indices[n..].iter().take_while(|&&x| x == index).count()
}

/// The table slot to start looking for `key` in (Fibonacci hashing).
fn hash(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
}

/// Codes packed least significant bit first.
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    len: u32,
}

impl BitWriter {
    fn new(out: Vec<u8>) -> BitWriter {
        BitWriter {
            out,
            acc: 0,
            len: 0,
        }
    }

    fn write(&mut self, code: u16, size: u8) {
        self.acc |= u64::from(code) << self.len;
        self.len += u32::from(size);
        if self.len >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.len -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        while self.len > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len = self.len.saturating_sub(8);
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `indices` through the encoder and back through the `gif` crate's
    /// decoder, as a one-frame GIF.
    fn round_trip(indices: &[u8], min_code_size: u8, width: u16) -> Vec<u8> {
        let height = (indices.len() / usize::from(width)) as u16;
        let palette: Vec<u8> = (0..3 << min_code_size).map(|i| i as u8).collect();
        let mut encoder = ::gif::Encoder::new(Vec::new(), width, height, &palette).unwrap();
        let mut frame = ::gif::Frame {
            width,
            height,
            ..Default::default()
        };
        frame.buffer = encode(indices, min_code_size).into();
        encoder.write_lzw_pre_encoded_frame(&frame).unwrap();
        let bytes = encoder.into_inner().unwrap();
        let mut options = ::gif::DecodeOptions::new();
        options.set_color_output(::gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&bytes[..]).unwrap();
        let frame = decoder.read_next_frame().unwrap().unwrap();
        frame.buffer.to_vec()
    }

    #[test]
    fn decodes_to_the_same_indices() {
        let mut rng = fastrand::Rng::with_seed(5);
        // Long runs (the transparent "unchanged" pixels), noise that fills
        // the table many times over, and a mix; every code size.
        let runs: Vec<u8> = (0..200_000).map(|i| ((i / 3000) % 3) as u8).collect();
        let noise: Vec<u8> = (0..200_000).map(|_| rng.u8(..)).collect();
        let mixed: Vec<u8> = (0..200_000)
            .map(|i| if i % 1000 < 700 { 127 } else { rng.u8(..8) })
            .collect();
        for (indices, size) in [(&runs, 2), (&noise, 7), (&mixed, 7), (&noise, 8)] {
            let indices: Vec<u8> = indices
                .iter()
                .map(|&i| (u16::from(i) % (1 << size)) as u8)
                .collect();
            assert_eq!(round_trip(&indices, size, 500), indices);
        }
        assert_eq!(round_trip(&[3; 10], 2, 10), vec![3; 10]);
        assert_eq!(round_trip(&[1], 2, 1), vec![1]);
    }

    /// Until the table first fills (where weezl clears a code earlier than
    /// giflib), the codes are the gif crate's own.
    #[test]
    fn gives_the_same_codes_as_the_gif_crate() {
        let mut rng = fastrand::Rng::with_seed(9);
        let mixed: Vec<u8> = (0..300_000)
            .map(|i| match i % 5000 {
                0..3000 => 100,
                3000..3500 => rng.u8(..4),
                _ => rng.u8(..128),
            })
            .collect();
        for n in [10, 100, 3000, 5000] {
            let part = mixed[..n].to_vec();
            let mut frame =
                ::gif::Frame::from_indexed_pixels(n as u16 / 10, 10, part.clone(), None);
            frame.make_lzw_pre_encoded();
            let (ours, theirs) = (encode(&part, 7), frame.buffer.to_vec());
            assert_eq!(ours, theirs, "{n} indices");
        }
    }

    #[test]
    fn compresses_runs() {
        assert!(encode(&[0; 100_000], 7).len() < 1000);
    }
}

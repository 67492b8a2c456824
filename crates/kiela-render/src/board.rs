//! The board picture: layout, colours and drawing.
//!
//! ```text
//!  y   0.. 46  North's band: turn marker, name, time left, stones
//!     46.. 64  column letters A-J
//!     64..228  North's rows 4 and 3 (80 px each) on a wooden board
//!    228..272  status strip: game number, variant, turn number, who
//!              moves, last move; the result banner once the game is over
//!    272..436  South's rows 2 and 1
//!    436..454  column letters
//!    454..500  South's band
//! ```
//!
//! Each hole owns an 80 x 80 cell round its centre; everything about a
//! hole (pit, count, marks, labels) is drawn inside it, so the animation
//! can redraw one hole without touching its neighbours. Small chevrons
//! between the cells show each row's sowing direction.
//!
//! Colours follow the Okabe-Ito palette, safe for colour-blind players, and
//! no information is carried by colour alone: the hole a move started from
//! gets a thick round ring, the hole it ended in a dashed ring, the holes it
//! captured from a dashed square, relays and captures numbered labels, and
//! every changed hole a signed label (`+2`, `−5`); the player to move gets a
//! dark band, an arrow and the words "to move".

use std::collections::HashMap;
use std::sync::LazyLock;

use image::{Rgb, RgbImage};

use super::draw::{self, Anchor, FONTS};
use super::{clean_name, words, BoardView, LastMove};
use kiela_rules::{Hole, Move, Side};

/// Width of the picture in pixels.
pub const WIDTH: u32 = 1000;
/// Height of the picture in pixels.
pub const HEIGHT: u32 = 500;

const MARGIN_X: i32 = 40;
const COLUMN_W: i32 = 92;
const ROW_H: i32 = 80;
const BAND_H: i32 = 46;
const NORTH_TOP: i32 = 66;
const SOUTH_TOP: i32 = 274;
const STRIP_TOP: i32 = NORTH_TOP + 2 * ROW_H + 2;
const STRIP_BOTTOM: i32 = SOUTH_TOP - 2;

/// Half the side of the square cell a hole's drawing stays in.
const CELL_HALF: i32 = 40;
const HOLE_R: f32 = 32.0;
/// The ring marking the hole the last move started from.
const START_RING: (f32, f32) = (34.0, 38.5);
/// The dashed ring marking the hole the turn ended in.
const END_RING: (f32, f32) = (33.5, 38.5);
/// The sowing-direction chevrons between the cells: half their length
/// along the row and half their height. Their near end stays 4 px clear of
/// the rings of the holes on either side.
const CHEVRON_HALF: (f32, f32) = (3.5, 6.0);
/// Half the side of the dashed square marking a captured hole.
const CAPTURE_HALF: i32 = 38;
const CAPTURE_THICKNESS: i32 = 4;
/// Stones are drawn as dots, round the count, up to this many.
const MAX_DOTS: u8 = 9;
const DOT_RING_R: f32 = 26.5;
const DOT_R: f32 = 3.5;
/// Text sizes at 1000 px wide (ab_glyph's pixel scale: ascent to
/// descent; digits are 0.63 of it), chosen to stay legible when Discord
/// shows the picture [`PHONE_WIDTH`] wide on a phone: counts 14 px there,
/// the strip, its legend and the bands 10.4 px, coordinates 10 px, the
/// order badges' and the stone in flight's digits 10 px tall; only the
/// quiet `+n` marks are smaller ([`phone_sizes`] measures them).
const COUNT_SIZE: f32 = 36.0;
const LABEL_SIZE: f32 = 26.0;
const NAME_SIZE: f32 = 28.0;
const COORD_SIZE: f32 = 25.0;
/// The relay and capture order badges.
const BADGE_SIZE: f32 = 41.0;
/// A hole's gain over the turn (`+2`): quieter than the badges.
const GAIN_SIZE: f32 = 22.0;
/// A hole's loss (`−5`: emptied by a relay or a capture), which tells the
/// turn's story: its digits 8 px tall at [`PHONE_WIDTH`].
const LOSS_SIZE: f32 = 33.0;
/// The caption of each lap in the animation's strip: 8 px digits and
/// capitals at [`PHONE_WIDTH`].
const CAPTION_SIZE: f32 = 33.0;
/// The stone in flight in the animation: a yellow disc over the hole the
/// stones in hand are over, with their number.
const HAND_R: f32 = 32.0;
const HAND_SIZE: f32 = 41.0;

/// The width at which Discord shows the pictures on a phone.
pub const PHONE_WIDTH: u32 = 400;

/// The smallest things the pictures show, measured from the layout and
/// the font, in pixels of the picture shown [`PHONE_WIDTH`] wide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhoneSizes {
    /// Height of the digits in the relay and capture order badges.
    pub badge_digits: f32,
    /// Font size of the status strip and its last-move legend.
    pub strip_text: f32,
    /// Font size of the players' bands (the name is larger).
    pub band_text: f32,
    /// Font size of the column letters and row numbers.
    pub coordinates: f32,
    /// Font size of the animation's caption.
    pub caption_text: f32,
    /// Diameter of the stone in flight in the animation (it covers the
    /// hole it is over: the current hole's mark).
    pub stone_in_flight: f32,
    /// Height of the digits on the stone in flight.
    pub hand_digits: f32,
    /// Height of the digits of the quiet `+n` change marks.
    pub change_digits: f32,
    /// Height of the digits of the `−n` marks of the holes emptied.
    pub loss_digits: f32,
    /// Height of the digits of the stone counts.
    pub count_digits: f32,
    /// Height of the digits of the animation's caption.
    pub caption_digits: f32,
    /// Width of the stroke of the dashed ring round the hole a turn ended in.
    pub end_ring_width: f32,
}

/// The sizes of [`PhoneSizes`], measured.
pub fn phone_sizes() -> PhoneSizes {
    let scale = PHONE_WIDTH as f32 / WIDTH as f32;
    PhoneSizes {
        badge_digits: digit_height(BADGE_SIZE) * scale,
        strip_text: LABEL_SIZE * scale,
        band_text: LABEL_SIZE * scale,
        coordinates: COORD_SIZE * scale,
        caption_text: CAPTION_SIZE * scale,
        stone_in_flight: 2.0 * HAND_R * scale,
        hand_digits: digit_height(HAND_SIZE) * scale,
        change_digits: digit_height(GAIN_SIZE) * scale,
        loss_digits: digit_height(LOSS_SIZE) * scale,
        count_digits: digit_height(COUNT_SIZE) * scale,
        caption_digits: digit_height(CAPTION_SIZE) * scale,
        end_ring_width: (END_RING.1 - END_RING.0) * scale,
    }
}

/// The height of the ink of the shortest digit at `size` (bold).
fn digit_height(size: f32) -> f32 {
    ('0'..='9')
        .map(|d| draw::ink_height(&FONTS.bold, size, &d.to_string()))
        .fold(f32::INFINITY, f32::min)
}

pub(super) const BACKGROUND: Rgb<u8> = Rgb([0xF4, 0xEC, 0xDC]);
pub(super) const WOOD: Rgb<u8> = Rgb([0xD9, 0xB7, 0x84]);
pub(super) const PIT_FULL: Rgb<u8> = Rgb([0x5E, 0x3B, 0x1E]);
pub(super) const PIT_EMPTY: Rgb<u8> = Rgb([0xB8, 0x91, 0x60]);
pub(super) const COUNT: Rgb<u8> = Rgb([0xFF, 0xFF, 0xFF]);
pub(super) const STONE: Rgb<u8> = Rgb([0xF0, 0xD9, 0xA8]);
pub(super) const INK: Rgb<u8> = Rgb([0x2A, 0x21, 0x18]);
pub(super) const MUTED: Rgb<u8> = Rgb([0x6E, 0x5E, 0x4C]);
/// The sowing-direction chevrons: a shade of the wood, to stay discreet.
pub(super) const CHEVRON: Rgb<u8> = Rgb([0xA8, 0x82, 0x52]);
/// Okabe-Ito blue: the hole the last move started from, and the numbers
/// of its relays and captures.
pub(super) const START: Rgb<u8> = Rgb([0x00, 0x72, 0xB2]);
/// Okabe-Ito bluish green: the hole the turn ended in.
pub(super) const END: Rgb<u8> = Rgb([0x00, 0x9E, 0x73]);
/// Okabe-Ito vermillion: the holes captured from.
pub(super) const CAPTURED: Rgb<u8> = Rgb([0xD5, 0x5E, 0x00]);
pub(super) const ACTIVE_BAND: Rgb<u8> = Rgb([0x23, 0x2B, 0x36]);
pub(super) const ACTIVE_TEXT: Rgb<u8> = Rgb([0xFF, 0xFF, 0xFF]);
/// Okabe-Ito yellow: the turn marker on the dark band, the result banner,
/// and the stones in hand in the animation.
pub(super) const MARKER: Rgb<u8> = Rgb([0xF0, 0xE4, 0x42]);

/// The colours the pictures are drawn with, and which of them meet at
/// smoothed edges: the animation builds its fixed palette from these.
pub(super) const COLOURS: [Rgb<u8>; 16] = [
    BACKGROUND,
    WOOD,
    PIT_FULL,
    PIT_EMPTY,
    COUNT,
    STONE,
    INK,
    MUTED,
    CHEVRON,
    START,
    END,
    CAPTURED,
    ACTIVE_BAND,
    ACTIVE_TEXT,
    MARKER,
    Rgb([0x00, 0x00, 0x00]),
];
pub(super) const EDGES: [(Rgb<u8>, Rgb<u8>); 24] = [
    (BACKGROUND, WOOD),
    (BACKGROUND, INK),
    (BACKGROUND, MUTED),
    (WOOD, PIT_FULL),
    (WOOD, PIT_EMPTY),
    (WOOD, CHEVRON),
    (WOOD, START),
    (WOOD, END),
    (WOOD, CAPTURED),
    (WOOD, MARKER),
    (WOOD, INK),
    (PIT_FULL, COUNT),
    (PIT_FULL, STONE),
    (PIT_FULL, START),
    (PIT_FULL, INK),
    (PIT_FULL, MARKER),
    (PIT_EMPTY, INK),
    (START, COUNT),
    (INK, COUNT),
    (MARKER, INK),
    (ACTIVE_BAND, ACTIVE_TEXT),
    (ACTIVE_BAND, MARKER),
    (CAPTURED, COUNT),
    (WOOD, BACKGROUND),
];

/// The centre of `hole` in the picture, in pixels.
pub fn hole_centre(hole: Hole) -> (u32, u32) {
    let x = MARGIN_X + COLUMN_W * hole.column() as i32 + COLUMN_W / 2;
    let top = match hole.row() {
        4 => NORTH_TOP,
        3 => NORTH_TOP + ROW_H,
        2 => SOUTH_TOP,
        _ => SOUTH_TOP + ROW_H,
    };
    (x as u32, (top + ROW_H / 2) as u32)
}

/// Draws the board picture of `view` ([`WIDTH`] x [`HEIGHT`], RGB).
pub fn draw_board(view: &BoardView) -> RgbImage {
    draw(view, None)
}

/// The animation's first picture: `view`'s position while the player to
/// move sows their turn: their band says "sowing", and the strip shows
/// `caption` (the lap under way) instead of the status.
pub(super) fn draw_sowing(view: &BoardView, caption: &str) -> RgbImage {
    draw(view, Some(caption))
}

fn draw(view: &BoardView, caption: Option<&str>) -> RgbImage {
    let mut img = TEMPLATE.clone();
    for hole in Hole::all() {
        draw_pit(&mut img, hole, view.position.stones(hole));
    }
    if let Some(last) = &view.last_move {
        path(&mut img, view, last);
    }
    for side in Side::BOTH {
        band(&mut img, view, side, caption.is_some());
    }
    if let Some(caption) = caption {
        draw_caption(&mut img, caption);
        return img;
    }
    match view.outcome {
        Some(outcome) => {
            // The winner's name shortened to `chars` characters, if given.
            let result = |chars: Option<usize>| {
                let name = |side: Side| {
                    let name = clean_name(view.name(side), side, view.lang);
                    match chars {
                        Some(n) if name.chars().count() > n => {
                            name.chars()
                                .take(n)
                                .collect::<String>()
                                .trim_end()
                                .to_string()
                                + "…"
                        }
                        _ => name,
                    }
                };
                words::outcome(view.lang, &outcome, name)
            };
            banner(&mut img, result, &words::after_turns(view.lang, view.ply));
        }
        None => status(&mut img, view),
    }
    img
}

/// What the animation draws in one hole's cell besides its stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct CellMarks {
    /// The turn started here (the still picture's ring).
    pub start: bool,
    /// Stones were captured from here (the still picture's dashed square).
    pub taken: bool,
    /// The stones in hand are over this hole.
    pub hand: Option<u8>,
    /// The stones in hand were captured by this hole.
    pub capturer: bool,
}

/// Redraws `hole`'s whole cell: wood, pit with `stones`, and `marks`.
/// Returns the cell's box (left, top, right, bottom), all it touched.
pub(super) fn draw_cell(img: &mut RgbImage, hole: Hole, stones: u8, marks: CellMarks) -> [u32; 4] {
    let (cx, cy) = hole_centre(hole);
    let half = CELL_HALF as u32;
    let (left, top) = (cx - half, cy - half);
    draw::copy_region(img, &TEMPLATE, left, top, 2 * half, 2 * half);
    draw_pit(img, hole, stones);
    if marks.start {
        draw::ring(img, cx as f32, cy as f32, START_RING.0, START_RING.1, START);
    }
    if marks.taken {
        capture_square(img, hole);
    }
    if marks.capturer {
        draw::ring(
            img,
            cx as f32,
            cy as f32,
            START_RING.0,
            START_RING.1,
            CAPTURED,
        );
    }
    if let Some(stones) = marks.hand {
        let (x, y) = (cx as f32, cy as f32);
        draw::disc(img, x, y, HAND_R, INK);
        draw::disc(img, x, y, HAND_R - 3.0, MARKER);
        let label = words::hand(stones);
        draw::text(
            img,
            &FONTS.bold,
            HAND_SIZE,
            &label,
            x,
            y,
            Anchor::Centre,
            INK,
        );
    }
    [left, top, cx + half, cy + half]
}

/// Redraws the status strip with the animation's `caption` (the lap under
/// way). Returns the strip's box, all it touched.
pub(super) fn draw_caption(img: &mut RgbImage, caption: &str) -> [u32; 4] {
    let (top, bottom) = (STRIP_TOP as u32, STRIP_BOTTOM as u32);
    draw::copy_region(img, &TEMPLATE, 0, top, WIDTH, bottom - top);
    let cy = ((STRIP_TOP + STRIP_BOTTOM) / 2) as f32;
    let room = (WIDTH as i32 - 2 * MARGIN_X) as f32;
    let caption = draw::fit(&FONTS.bold, CAPTION_SIZE, caption, room);
    let centre = WIDTH as f32 / 2.0;
    draw::text(
        img,
        &FONTS.bold,
        CAPTION_SIZE,
        &caption,
        centre,
        cy,
        Anchor::Centre,
        INK,
    );
    [0, top, WIDTH, bottom]
}

/// What every picture shares: background, the two wooden halves, the
/// coordinates and the sowing-direction chevrons. Drawn once, then copied.
static TEMPLATE: LazyLock<RgbImage> = LazyLock::new(|| {
    let mut img = draw::canvas(WIDTH, HEIGHT, BACKGROUND);
    for top in [NORTH_TOP, SOUTH_TOP] {
        draw::rounded_rect(
            &mut img,
            MARGIN_X - 6,
            top - 2,
            (10 * COLUMN_W + 12) as u32,
            (2 * ROW_H + 4) as u32,
            14.0,
            WOOD,
        );
    }
    coordinates(&mut img);
    chevrons(&mut img);
    img
});

/// A small triangle between each pair of neighbouring holes, pointing the
/// way the stones go: South A1→J1 then J2→A2, North J4→A4 then A3→J3.
fn chevrons(img: &mut RgbImage) {
    for row in 1..=4u8 {
        let rightwards = matches!(row, 1 | 3);
        for column in 0..9u8 {
            let (cx, cy) = hole_centre(Hole::new(column, row).expect("A..I, 1..4"));
            let x = (cx as i32 + COLUMN_W / 2) as f32;
            let y = cy as f32;
            let (along, half) = CHEVRON_HALF;
            let (tip, base) = if rightwards {
                (x + along, x - along)
            } else {
                (x - along, x + along)
            };
            draw::triangle(img, [(base, y - half), (base, y + half), (tip, y)], CHEVRON);
        }
    }
}

/// Every hole holds at most this many stones in a real game (all 56 of a
/// Standard board); pits for these counts are drawn once and copied.
const MAX_CACHED_STONES: usize = 56;

/// The pit of each count 0..=56 on the wooden board, centred in a square
/// sprite (the same pixels [`pit`] would draw in place).
static PITS: LazyLock<Vec<RgbImage>> = LazyLock::new(|| {
    let size = 2 * (HOLE_R as u32 + 2);
    (0..=MAX_CACHED_STONES)
        .map(|stones| {
            let mut sprite = RgbImage::from_pixel(size, size, WOOD);
            let centre = (size / 2) as f32;
            pit(&mut sprite, centre, centre, stones as u8);
            sprite
        })
        .collect()
});

/// The pit of `hole` holding `stones`, from the cached sprites when it can.
fn draw_pit(img: &mut RgbImage, hole: Hole, stones: u8) {
    let (cx, cy) = hole_centre(hole);
    match PITS.get(stones as usize) {
        Some(sprite) => draw::copy(
            img,
            sprite,
            cx - sprite.width() / 2,
            cy - sprite.height() / 2,
        ),
        None => pit(img, cx as f32, cy as f32, stones),
    }
}

fn coordinates(img: &mut RgbImage) {
    let font = &FONTS.bold;
    for column in 0..10u8 {
        let x = (MARGIN_X + COLUMN_W * column as i32 + COLUMN_W / 2) as f32;
        let letter = ((b'A' + column) as char).to_string();
        for y in [55.0, 445.0] {
            draw::text(img, font, COORD_SIZE, &letter, x, y, Anchor::Centre, MUTED);
        }
    }
    for row in 1..=4u8 {
        let (_, y) = hole_centre(Hole::new(0, row).expect("A1..A4"));
        for x in [
            MARGIN_X as f32 / 2.0 - 2.0,
            WIDTH as f32 - MARGIN_X as f32 / 2.0 + 2.0,
        ] {
            draw::text(
                img,
                font,
                COORD_SIZE,
                &row.to_string(),
                x,
                y as f32,
                Anchor::Centre,
                MUTED,
            );
        }
    }
}

/// One hole centred on (`cx`, `cy`): a dark pit with its count in large
/// white digits and, for a few stones, that many dots round the count; an
/// empty hole is a pale pit.
fn pit(img: &mut RgbImage, cx: f32, cy: f32, stones: u8) {
    if stones == 0 {
        draw::disc(img, cx, cy, HOLE_R, PIT_EMPTY);
        return;
    }
    draw::disc(img, cx, cy, HOLE_R, PIT_FULL);
    if stones <= MAX_DOTS {
        for i in 0..stones {
            let angle = std::f32::consts::TAU * i as f32 / stones as f32;
            let (dx, dy) = (angle.sin() * DOT_RING_R, -angle.cos() * DOT_RING_R);
            draw::disc(img, cx + dx, cy + dy, DOT_R, STONE);
        }
    }
    let size = if stones < 100 { COUNT_SIZE } else { 26.0 };
    draw::text(
        img,
        &FONTS.bold,
        size,
        &stones.to_string(),
        cx,
        cy,
        Anchor::Centre,
        COUNT,
    );
}

fn capture_square(img: &mut RgbImage, hole: Hole) {
    let (cx, cy) = hole_centre(hole);
    draw::dashed_square(
        img,
        cx as i32,
        cy as i32,
        CAPTURE_HALF,
        CAPTURE_THICKNESS,
        CAPTURED,
    );
}

/// The last turn's path: the start ring, the end's dashed ring, captured
/// holes' squares, relays and captures numbered in order on large badges
/// (top left of the hole), and every changed hole's difference (bottom
/// right): a capture's loss on a vermillion label, other losses on a dark
/// one, gains as quiet small text.
fn path(img: &mut RgbImage, view: &BoardView, last: &LastMove) {
    if let Move::Sow(hole) = last.played {
        let (cx, cy) = hole_centre(hole);
        draw::ring(img, cx as f32, cy as f32, START_RING.0, START_RING.1, START);
    }
    if let Some(end) = last.trace.ended() {
        let (cx, cy) = hole_centre(end);
        draw::dashed_ring(img, (cx as f32, cy as f32), END_RING, 12, END);
    }
    let captured = last.captured();
    for hole in captured.iter() {
        capture_square(img, hole);
    }
    let mut numbers: HashMap<Hole, Vec<usize>> = HashMap::new();
    for (i, lap) in last.trace.events().iter().enumerate() {
        numbers.entry(lap.from).or_default().push(i + 1);
    }
    for hole in Hole::all() {
        let delta = i32::from(view.position.stones(hole)) - i32::from(last.before.stones(hole));
        if delta != 0 {
            change_mark(img, hole, delta, captured.contains(hole));
        }
        if let Some(numbers) = numbers.get(&hole) {
            badge(img, hole, numbers);
        }
    }
}

/// Room kept clear round a badge or a change label, in the wood's colour,
/// so that a ring under it stops short of the label instead of touching it.
const HALO: i32 = 2;

/// Room kept between a badge's halo and the chevrons on either side.
const CHEVRON_CLEAR: i32 = 4;

/// The widest an order badge may be: from past the chevron on the left of
/// its hole to short of the one on its right.
const BADGE_MAX_W: i32 = COLUMN_W - 2 * (CHEVRON_CLEAR + HALO);

/// The label and text size of the order badge of a hole visited as the
/// `numbers`th events: `"3"`, `"1,4"`, or when that is too wide the first
/// number and `"…"`, or the first number alone; smaller only if even that
/// is too wide (a chain of more than 99 events). The path in the alt text
/// has every step.
pub(super) fn badge_label(numbers: &[usize]) -> (String, f32) {
    let fits = |label: &str, size: f32| {
        draw::text_width(&FONTS.bold, size, label) + 12.0 <= BADGE_MAX_W as f32
    };
    let full = words::event_numbers(numbers);
    if fits(&full, BADGE_SIZE) {
        return (full, BADGE_SIZE);
    }
    let first = numbers.first().map_or_else(String::new, usize::to_string);
    let more = format!("{first}…");
    if fits(&more, BADGE_SIZE) {
        return (more, BADGE_SIZE);
    }
    let short = first;
    let mut size = BADGE_SIZE;
    while size > 16.0 && !fits(&short, size) {
        size -= 1.0;
    }
    (short, size)
}

/// The box of `hole`'s order badge showing `label` at `size` (left, top,
/// right, bottom): at the top left of the cell, reaching into the gap left
/// of it.
pub(super) fn badge_box(hole: Hole, (label, size): (&str, f32)) -> [i32; 4] {
    let (cx, cy) = hole_centre(hole);
    let height = (digit_height(BADGE_SIZE) + 9.0).round() as i32;
    let width = (draw::text_width(&FONTS.bold, size, label) + 12.0).round() as i32;
    let width = width.clamp(height, BADGE_MAX_W);
    let left = cx as i32 - COLUMN_W / 2 + CHEVRON_CLEAR + HALO;
    let top = cy as i32 - CELL_HALF + HALO;
    [left, top, left + width, top + height]
}

/// The relay and capture numbers of one hole, white on blue.
fn badge(img: &mut RgbImage, hole: Hole, numbers: &[usize]) {
    let (label, size) = badge_label(numbers);
    let label = label.as_str();
    let (x, y) = haloed_pill(img, badge_box(hole, (label, size)), START);
    draw::text(img, &FONTS.bold, size, label, x, y, Anchor::Centre, COUNT);
}

/// A pill filling `[left, top, right, bottom]` in `colour`, in a ring of
/// wood that cuts short whatever it is drawn over; returns its centre.
fn haloed_pill(
    img: &mut RgbImage,
    [left, top, right, bottom]: [i32; 4],
    colour: Rgb<u8>,
) -> (f32, f32) {
    let (w, h) = ((right - left) as u32, (bottom - top) as u32);
    let r = h as f32 / 2.0;
    draw::rounded_rect(
        img,
        left - HALO,
        top - HALO,
        w + 2 * HALO as u32,
        h + 2 * HALO as u32,
        r + HALO as f32,
        WOOD,
    );
    draw::rounded_rect(img, left, top, w, h, r, colour);
    ((left + right) as f32 / 2.0, (top + bottom) as f32 / 2.0)
}

/// The text size of a change's label: a loss larger than a gain.
fn change_size(delta: i32) -> f32 {
    if delta < 0 {
        LOSS_SIZE
    } else {
        GAIN_SIZE
    }
}

/// The box of `hole`'s change label (left, top, right, bottom): the
/// bottom right of the cell.
pub(super) fn change_box(hole: Hole, delta: i32) -> [i32; 4] {
    let (cx, cy) = hole_centre(hole);
    let label = words::change(delta);
    let size = change_size(delta);
    let height = (digit_height(size) + 10.0).round() as i32;
    let width = ((draw::text_width(&FONTS.bold, size, &label) + 10.0).round() as i32).max(height);
    let (right, bottom) = (cx as i32 + CELL_HALF - HALO, cy as i32 + CELL_HALF - HALO);
    [right - width, bottom - height, right, bottom]
}

/// A hole's change over the turn: a gain as dark text on the wood (quiet:
/// most holes of a long turn gain a stone), a loss on a dark label, a
/// capture's loss on a vermillion one.
fn change_mark(img: &mut RgbImage, hole: Hole, delta: i32, captured: bool) {
    let (background, ink) = match (delta > 0, captured) {
        (true, _) => (WOOD, INK),
        (false, true) => (CAPTURED, COUNT),
        (false, false) => (INK, COUNT),
    };
    let (x, y) = haloed_pill(img, change_box(hole, delta), background);
    let label = words::change(delta);
    draw::text(
        img,
        &FONTS.bold,
        change_size(delta),
        &label,
        x,
        y,
        Anchor::Centre,
        ink,
    );
}

/// The box of the chevron right of `hole`'s cell (every column but J).
#[cfg(test)]
fn chevron_box(hole: Hole) -> [i32; 4] {
    let (cx, cy) = hole_centre(hole);
    let x = cx as i32 + COLUMN_W / 2;
    let (along, half) = (CHEVRON_HALF.0.ceil() as i32, CHEVRON_HALF.1.ceil() as i32);
    [x - along, cy as i32 - half, x + along, cy as i32 + half]
}

/// A player's band: name and side, stones on their rows, and when it is
/// their turn a dark background, a yellow arrow, "to move" and the time
/// left.
fn band(img: &mut RgbImage, view: &BoardView, side: Side, sowing: bool) {
    let top = match side {
        Side::North => 0,
        Side::South => HEIGHT as i32 - BAND_H,
    };
    let cy = (top + BAND_H / 2) as f32;
    let to_move = view.outcome.is_none() && view.position.turn() == side;
    let winner = view.outcome.and_then(|o| o.result.winner()) == Some(side);
    let (text_color, detail_color) = if to_move {
        draw::rect(img, 0, top, WIDTH, BAND_H as u32, ACTIVE_BAND);
        (ACTIVE_TEXT, MARKER)
    } else {
        (INK, MUTED)
    };
    let stones = words::stones(view.lang, view.position.side_stones(side));
    let stones_w = draw::text_width(&FONTS.regular, LABEL_SIZE, &stones);
    draw::text(
        img,
        &FONTS.regular,
        LABEL_SIZE,
        &stones,
        (WIDTH as i32 - MARGIN_X) as f32,
        cy,
        Anchor::Right,
        text_color,
    );
    let mut x = MARGIN_X as f32;
    if to_move {
        // An arrow pointing at the board, from this player's edge.
        let (tip, base) = match side {
            Side::North => (cy + 10.0, cy - 10.0),
            Side::South => (cy - 10.0, cy + 10.0),
        };
        draw::triangle(img, [(x, base), (x + 24.0, base), (x + 12.0, tip)], MARKER);
        x += 36.0;
    }
    let tag = match (to_move, winner) {
        // The time left is not drawn: it would go stale in the posted
        // picture (the message's own timestamp counts it down).
        (true, _) if sowing => words::band_sowing(view.lang, side),
        (true, _) => words::band_to_move(view.lang, side),
        (false, true) => words::band_winner(view.lang, side),
        (false, false) => words::side(view.lang, side),
    };
    let tag_w = draw::text_width(&FONTS.bold, LABEL_SIZE, &tag);
    let room = (WIDTH as i32 - MARGIN_X) as f32 - stones_w - 40.0 - (x + 16.0 + tag_w);
    let name = draw::fit(
        &FONTS.bold,
        NAME_SIZE,
        &clean_name(view.name(side), side, view.lang),
        room,
    );
    x = draw::text(
        img,
        &FONTS.bold,
        NAME_SIZE,
        &name,
        x,
        cy,
        Anchor::Left,
        text_color,
    );
    draw::text(
        img,
        &FONTS.bold,
        LABEL_SIZE,
        &tag,
        x + 14.0,
        cy,
        Anchor::Left,
        detail_color,
    );
}

/// The strip between the halves while the game goes on: game number,
/// variant and turn number on the left, who moves in the middle, the last
/// move on the right with the same ring and square marks as on the board.
fn status(img: &mut RgbImage, view: &BoardView) {
    /// Space between the strip's three parts.
    const GAP: f32 = 24.0;
    let cy = ((STRIP_TOP + STRIP_BOTTOM) / 2) as f32;
    let regular = &FONTS.regular;
    let bold = &FONTS.bold;
    let turn = view.position.turn();
    let centre = words::to_move(view.lang, turn);
    // The arrow and the words.
    let centre_w = 30.0 + draw::text_width(bold, LABEL_SIZE, &centre);

    let mut parts: Vec<(Mark, String)> = Vec::new();
    if let Some(last) = &view.last_move {
        match last.played {
            Move::Sow(hole) => parts.push((Mark::Ring, hole.to_string())),
            Move::Arrange(_) => parts.push((Mark::None, words::rearranged(view.lang))),
        }
        if let Some(end) = last.trace.ended() {
            parts.push((Mark::DashedRing, end.to_string()));
        }
        if !last.captured().is_empty() {
            parts.push((Mark::Square, words::took(view.lang, last.captured_stones())));
        }
    }
    let parts_w: f32 = parts
        .iter()
        .map(|(mark, words)| draw::text_width(bold, LABEL_SIZE, words) + 8.0 + mark.width())
        .sum::<f32>()
        + 14.0 * parts.len().saturating_sub(1) as f32;
    let label = words::last_move_label(view.lang);
    let label_w = draw::text_width(regular, LABEL_SIZE, &label) + 14.0;
    let left = words::status(view.lang, view.game_id, view.position.variant(), view.ply);
    let left_w = draw::text_width(regular, LABEL_SIZE, &left);
    let room = (WIDTH as i32 - 2 * MARGIN_X) as f32;
    // Long words (Portuguese, a big game number) may not leave room for
    // the "last move:" label: the ring and square marks say it too.
    let show_label = !parts.is_empty() && left_w + centre_w + parts_w + label_w + 2.0 * GAP <= room;
    let right_w = parts_w + if show_label { label_w } else { 0.0 };
    let right_start = (WIDTH as i32 - MARGIN_X) as f32 - right_w;
    let left = draw::fit(
        regular,
        LABEL_SIZE,
        &left,
        room - centre_w - right_w - 2.0 * GAP,
    );
    let left_end = draw::text(
        img,
        regular,
        LABEL_SIZE,
        &left,
        MARGIN_X as f32,
        cy,
        Anchor::Left,
        INK,
    );

    // Centred, unless the game number or the last move pushes it aside.
    let mut x = WIDTH as f32 / 2.0 - centre_w / 2.0;
    if !parts.is_empty() {
        x = x.min(right_start - GAP - centre_w);
    }
    let x = x.max(left_end + GAP);
    let (tip, base) = match turn {
        Side::North => (cy - 9.0, cy + 9.0),
        Side::South => (cy + 9.0, cy - 9.0),
    };
    draw::triangle(img, [(x, base), (x + 20.0, base), (x + 10.0, tip)], INK);
    draw::text(
        img,
        bold,
        LABEL_SIZE,
        &centre,
        x + 30.0,
        cy,
        Anchor::Left,
        INK,
    );

    // The last move, laid out right to left.
    let mut x = (WIDTH as i32 - MARGIN_X) as f32;
    for (mark, words) in parts.iter().rev() {
        let w = draw::text_width(bold, LABEL_SIZE, words);
        draw::text(img, bold, LABEL_SIZE, words, x, cy, Anchor::Right, INK);
        x -= w + 8.0;
        match mark {
            Mark::Ring => draw::ring(img, x - 9.0, cy, 6.5, 10.0, START),
            Mark::DashedRing => draw::dashed_ring(img, (x - 9.0, cy), (6.5, 10.0), 6, END),
            Mark::Square => draw::dashed_square(img, (x - 10.0) as i32, cy as i32, 10, 3, CAPTURED),
            Mark::None => {}
        }
        x -= mark.width() + 14.0;
    }
    if show_label {
        draw::text(img, regular, LABEL_SIZE, &label, x, cy, Anchor::Right, INK);
    }
}

enum Mark {
    None,
    Ring,
    DashedRing,
    Square,
}

impl Mark {
    /// Room the mark takes left of its words.
    fn width(&self) -> f32 {
        match self {
            Mark::None => 0.0,
            Mark::Ring | Mark::DashedRing => 18.0,
            Mark::Square => 20.0,
        }
    }
}

/// The result across the strip between the halves, on yellow, with
/// `after` ("after 64 turns") on its right.
/// `result(Some(n))` is the result with the winner's name cut to `n`
/// characters: a long name is shortened before the reason is.
fn banner(img: &mut RgbImage, result: impl Fn(Option<usize>) -> String, after: &str) {
    let height = (STRIP_BOTTOM - STRIP_TOP - 6) as u32;
    draw::rect(img, 0, STRIP_TOP + 3, WIDTH, height, MARKER);
    let cy = ((STRIP_TOP + STRIP_BOTTOM) / 2) as f32;
    let after_w = draw::text_width(&FONTS.regular, LABEL_SIZE, after);
    draw::text(
        img,
        &FONTS.regular,
        LABEL_SIZE,
        after,
        (WIDTH as i32 - MARGIN_X) as f32,
        cy,
        Anchor::Right,
        INK,
    );
    // The result is centred in the room left of "after N turns".
    let (left, right) = (
        MARGIN_X as f32,
        WIDTH as f32 - MARGIN_X as f32 - after_w - 24.0,
    );
    let fits = |text: &String| draw::text_width(&FONTS.bold, 26.0, text) <= right - left;
    let text = std::iter::once(None)
        .chain((4..=32).rev().step_by(2).map(Some))
        .map(&result)
        .find(fits)
        .unwrap_or_else(|| draw::fit(&FONTS.bold, 26.0, &result(Some(4)), right - left));
    let centre = (left + right) / 2.0;
    draw::text(
        img,
        &FONTS.bold,
        26.0,
        &text,
        centre,
        cy,
        Anchor::Centre,
        INK,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LastMove;
    use kiela_rules::{Game, Position, Variant};

    fn hole(name: &str) -> Hole {
        name.parse().unwrap()
    }

    /// Pixels on the lower left quarter of a circle of radius `r` round
    /// `hole`'s centre matching `want` (the event numbers sit at the top
    /// left, the change labels at the bottom right).
    fn on_circle(img: &RgbImage, hole: Hole, r: f32, want: Rgb<u8>) -> usize {
        let (cx, cy) = hole_centre(hole);
        (9..18)
            .filter(|i| {
                let a = *i as f32 * std::f32::consts::TAU / 36.0;
                let x = (cx as f32 + r * a.cos()) as u32;
                let y = (cy as f32 + r * a.sin()) as u32;
                *img.get_pixel(x, y) == want
            })
            .count()
    }

    /// Pixels along the outline of the capture square round `hole` matching `want`.
    fn on_square(img: &RgbImage, hole: Hole, want: Rgb<u8>) -> usize {
        let (cx, cy) = hole_centre(hole);
        let inset = (CAPTURE_HALF - CAPTURE_THICKNESS / 2) as u32;
        (0..2 * inset)
            .filter(|&t| {
                let x = cx - inset + t;
                *img.get_pixel(x, cy - inset) == want
            })
            .count()
    }

    fn overlap(a: [i32; 4], b: [i32; 4]) -> bool {
        a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
    }

    /// A box grown by the halo drawn round it.
    fn halo(b: [i32; 4]) -> [i32; 4] {
        [b[0] - HALO, b[1] - HALO, b[2] + HALO, b[3] + HALO]
    }

    #[test]
    fn no_mark_covers_another() {
        // The widest labels: a badge of two numbers and more, a loss of two
        // digits, on every hole.
        let mut boxes: Vec<(String, [i32; 4])> = Vec::new();
        for h in Hole::all() {
            for numbers in [&[7][..], &[18, 24], &[88, 99, 100], &[1234, 5000]] {
                let (label, size) = badge_label(numbers);
                let b = halo(badge_box(h, (&label, size)));
                boxes.push((format!("{h} badge {label}"), b));
            }
            boxes.push((format!("{h} change"), halo(change_box(h, -48))));
            if h.column() < 9 {
                boxes.push((format!("{h} chevron"), chevron_box(h)));
            }
        }
        for (i, (a, box_a)) in boxes.iter().enumerate() {
            for (b, box_b) in &boxes[i + 1..] {
                // A hole has one badge: its sizes are alternatives.
                if a.split(' ').take(2).eq(b.split(' ').take(2)) {
                    continue;
                }
                assert!(
                    !overlap(*box_a, *box_b),
                    "{a} {box_a:?} covers {b} {box_b:?}"
                );
            }
            // Everything stays inside the wooden board.
            assert!(box_a[0] >= MARGIN_X - 6 && box_a[2] <= WIDTH as i32 - MARGIN_X + 6);
        }
        // The rings stop 4 px short of the chevrons on either side.
        let ring = START_RING.1.max(END_RING.1);
        let near = (COLUMN_W / 2) as f32 - CHEVRON_HALF.0;
        assert!(ring + 4.0 <= near, "ring {ring}, chevron from {near}");
        // The stone in flight stays in its hole's cell, which the
        // animation redraws.
        assert!(HAND_R <= CELL_HALF as f32);
    }

    #[test]
    fn badges_keep_their_large_digits_unless_the_chain_is_very_long() {
        assert_eq!(badge_label(&[3]), ("3".to_string(), BADGE_SIZE));
        assert_eq!(badge_label(&[1, 4]), ("1,4".to_string(), BADGE_SIZE));
        assert_eq!(badge_label(&[12, 40]), ("12".to_string(), BADGE_SIZE));
        assert_eq!(badge_label(&[12]), ("12".to_string(), BADGE_SIZE));
        assert_eq!(badge_label(&[123, 140]), ("123".to_string(), BADGE_SIZE));
        let (label, size) = badge_label(&[1234, 1400]);
        assert_eq!(label, "1234");
        assert!(size < BADGE_SIZE);
    }

    #[test]
    fn holes_sit_in_their_rows_and_columns() {
        let (a1x, a1y) = hole_centre(hole("A1"));
        let (j4x, j4y) = hole_centre(hole("J4"));
        assert!(a1x < j4x && a1y > j4y, "South at the bottom, A on the left");
        let (c2x, c2y) = hole_centre(hole("C2"));
        let (c3x, c3y) = hole_centre(hole("C3"));
        assert_eq!(c2x, c3x);
        assert!(c2y > c3y);
        for h in Hole::all() {
            let (x, y) = hole_centre(h);
            assert!(
                x as f32 + START_RING.1 < WIDTH as f32 && y as f32 + START_RING.1 < HEIGHT as f32
            );
        }
    }

    #[test]
    fn last_move_ring_and_capture_squares_are_where_they_belong() {
        // Find a capture in a real game.
        let moves = [
            "H2", "A4", "H1", "H4", "I2", "C3", "E1", "G4", "B1", "J4", "H2", "B4",
        ];
        let mut game = Game::new(Variant::Standard);
        let mut found = None;
        for mv in moves {
            let mv = mv.parse().unwrap();
            let before = *game.position();
            let effect = game.play(&mv).unwrap();
            if !effect.captured.is_empty() {
                found = Some(LastMove::new(&before, mv).unwrap());
                break;
            }
        }
        let last = found.expect("these moves contain a capture");
        let Move::Sow(start) = last.played else {
            panic!("a sowing")
        };
        let position = *game.position();
        let mut view = BoardView::new(&position, "alice", "bob");
        view.ply = game.ply();
        view.last_move = Some(last.clone());
        let img = draw_board(&view);
        let ring_r = (START_RING.0 + START_RING.1) / 2.0;
        for h in Hole::all() {
            let ringed = on_circle(&img, h, ring_r, START);
            let squared = on_square(&img, h, CAPTURED);
            if h == start {
                assert!(ringed >= 7, "{h} ring: {ringed} of 9");
            } else {
                assert_eq!(ringed, 0, "{h} has no ring");
            }
            if last.captured().contains(h) {
                assert!(squared >= 40, "{h} square: {squared}");
            } else {
                assert_eq!(squared, 0, "{h} has no square");
            }
        }
        // No highlight at all without a last move.
        view.last_move = None;
        let plain = draw_board(&view);
        assert!(Hole::all().all(
            |h| on_circle(&plain, h, ring_r, START) == 0 && on_square(&plain, h, CAPTURED) == 0
        ));
        // A rearrangement highlights no hole.
        view.last_move = Some(LastMove {
            played: Move::Arrange(position.layout(Side::South)),
            before: position,
            trace: Default::default(),
        });
        let arranged = draw_board(&view);
        assert!(Hole::all().all(|h| on_circle(&arranged, h, ring_r, START) == 0));
    }

    #[test]
    fn the_turn_band_is_dark_only_for_the_player_to_move() {
        let position = Position::new(Variant::Standard);
        let img = draw_board(&BoardView::new(&position, "alice", "bob"));
        let south_band = img.get_pixel(WIDTH - 5, HEIGHT - 5);
        let north_band = img.get_pixel(WIDTH - 5, 5);
        assert_eq!(*south_band, ACTIVE_BAND);
        assert_eq!(*north_band, BACKGROUND);
    }

    #[test]
    fn dots_show_small_counts_only() {
        let mut board = [0u8; 40];
        board[hole("A1").index()] = 3;
        board[hole("B1").index()] = 12;
        let position = Position::from_board(Variant::Standard, board, Side::South);
        let img = draw_board(&BoardView::new(&position, "a", "b"));
        // The first dot sits straight above the centre.
        let dot_at = |h: &str| {
            let (cx, cy) = hole_centre(hole(h));
            *img.get_pixel(cx, cy - DOT_RING_R as u32)
        };
        assert_eq!(dot_at("A1"), STONE);
        assert_eq!(dot_at("B1"), PIT_FULL);
    }

    #[test]
    fn counts_beyond_the_cached_pits_are_drawn_in_place() {
        let mut board = [0u8; 40];
        board[hole("C1").index()] = 57;
        board[hole("D1").index()] = 255;
        let position = Position::from_board(Variant::Standard, board, Side::South);
        let img = draw_board(&BoardView::new(&position, "a", "b"));
        for h in ["C1", "D1"] {
            let (cx, cy) = hole_centre(hole(h));
            // The pit's rim, inside the hole but outside the digits.
            assert_eq!(*img.get_pixel(cx - 30, cy), PIT_FULL, "{h}");
            let white = (cx - 30..cx + 30)
                .filter(|&x| *img.get_pixel(x, cy) == COUNT)
                .count();
            assert!(white > 4, "{h} shows its count");
        }
    }
}

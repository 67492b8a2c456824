//! Board pictures: decoded size, hole contents, highlights, and golden
//! images.
//!
//! The golden images live in `tests/golden/`. After a deliberate change to
//! the picture, look at the new pictures and regenerate them with
//!
//! ```text
//! KIELA_BLESS=1 cargo test --release --test render
//! ```
//!
//! On a mismatch the picture actually drawn is written next to the build's
//! temporary files (the failure message says where), to compare by eye.

use std::path::PathBuf;

use image::{Rgb, RgbImage};
use kiela_i18n::Lang;
use kiela_render::{
    alt_text, hole_centre, phone_sizes, render_png, BoardView, LastMove, HEIGHT, PHONE_WIDTH, WIDTH,
};
use kiela_rules::{Game, Hole, Move, Position, Side, Variant};
use serde_json::Value;

const REFERENCE_GAMES: &str = include_str!("../../kiela-rules/tests/data/reference-games.jsonl");

/// The moves of the first reference game, a Standard game won on no moves.
fn reference_moves() -> Vec<Move> {
    let line = REFERENCE_GAMES.lines().next().unwrap();
    let game: Value = serde_json::from_str(line).unwrap();
    game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().parse().unwrap())
        .collect()
}

/// A game after `plies` moves of the reference game, with its last move.
fn played(plies: usize) -> (Game, Option<LastMove>) {
    let mut game = Game::new(Variant::Standard);
    let mut last = None;
    for mv in &reference_moves()[..plies] {
        let before = *game.position();
        game.play(mv).unwrap();
        last = Some(LastMove::new(&before, *mv).unwrap());
    }
    (game, last)
}

fn view<'a>(game: &'a Game, last: Option<LastMove>) -> BoardView<'a> {
    BoardView {
        position: game.position(),
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        ply: game.ply(),
        last_move: last,
        outcome: game.outcome(),
        game_id: Some(12),
        lang: Lang::En,
    }
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

/// The 9 x 9 pixels round (`x`, `y`).
fn patch(img: &RgbImage, (x, y): (u32, u32)) -> Vec<Rgb<u8>> {
    (0..81)
        .map(|i| *img.get_pixel(x + i % 9 - 4, y + i / 9 - 4))
        .collect()
}

/// Mean difference per pixel between two patches, summed over the channels.
fn distance(a: &[Rgb<u8>], b: &[Rgb<u8>]) -> f32 {
    let total: u32 = a
        .iter()
        .zip(b)
        .map(|(p, q)| (0..3).map(|c| p.0[c].abs_diff(q.0[c]) as u32).sum::<u32>())
        .sum();
    total as f32 / a.len() as f32
}

fn is_blue(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0;
    b > 150 && r < 60 && g < 150
}

fn is_vermillion(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0;
    r > 180 && (60..130).contains(&g) && b < 40
}

#[test]
fn pictures_decode_to_the_advertised_size_and_stay_small() {
    let (mid, last) = played(22);
    let (end, end_last) = played(reference_moves().len());
    assert!(end.is_over());
    let start = Game::new(Variant::Standard);
    for (game, last) in [(&start, None), (&mid, last), (&end, end_last)] {
        let png = render_png(&view(game, last)).unwrap();
        assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
        let img = decode(&png);
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        assert_eq!(WIDTH, 2 * HEIGHT, "landscape, 2:1");
    }
}

#[test]
fn empty_and_full_holes_look_different_at_their_centres() {
    let mut board = [0u8; 40];
    for (i, hole) in Hole::all().enumerate() {
        board[hole.index()] = (i % 2 * (1 + i % 23)) as u8;
    }
    let position = Position::from_board(Variant::Standard, board, Side::South);
    let img = decode(&render_png(&BoardView::new(&position, "a", "b")).unwrap());
    let empty = patch(&img, hole_centre("A1".parse().unwrap()));
    for hole in Hole::all() {
        let here = patch(&img, hole_centre(hole));
        if position.stones(hole) == 0 {
            assert!(distance(&here, &empty) < 3.0, "{hole} looks empty");
        } else {
            assert!(
                distance(&here, &empty) > 100.0,
                "{hole} ({} stones) must not look empty",
                position.stones(hole)
            );
        }
    }
}

#[test]
fn the_last_move_and_its_captures_are_highlighted_where_they_happened() {
    let (game, last) = played(22);
    let last = last.unwrap();
    assert!(
        !last.captured().is_empty(),
        "ply 22 of the reference game captures"
    );
    let Move::Sow(start) = last.played else {
        panic!("a sowing")
    };
    let img = decode(&render_png(&view(&game, Some(last.clone()))).unwrap());
    for hole in Hole::all() {
        let (cx, cy) = hole_centre(hole);
        // The ring: 6 points at radius 37, lower left and upper right of
        // the hole (the other corners carry the labels).
        let ring = [5, 6, 7, 13, 14, 15]
            .into_iter()
            .filter(|i| {
                let a = *i as f32 * std::f32::consts::TAU / 16.0;
                let x = (cx as f32 + 37.0 * a.cos()).round() as u32;
                let y = (cy as f32 + 37.0 * a.sin()).round() as u32;
                is_blue(img.get_pixel(x, y))
            })
            .count();
        // The square: its top edge, 1 pixel inside the outer line.
        let square = (cx - 36..cx + 36)
            .filter(|&x| is_vermillion(img.get_pixel(x, cy - 37)))
            .count();
        assert_eq!(ring >= 5, hole == start, "{hole}: {ring} ring points");
        assert_eq!(
            square >= 30,
            last.captured().contains(hole),
            "{hole}: {square} square pixels"
        );
    }
    // Shape, not only colour: the start mark is round (nothing at the corners
    // of its box), the capture mark square (its corners are drawn).
    let (sx, sy) = hole_centre(start);
    assert!(!is_blue(img.get_pixel(sx - 37, sy - 37)));
    let captured = last.captured().iter().next().unwrap();
    let (kx, ky) = hole_centre(captured);
    assert!(is_vermillion(img.get_pixel(kx - 37, ky - 37)));
}

#[test]
fn alt_text_matches_the_picture() {
    let (game, last) = played(22);
    let text = alt_text(&view(&game, last));
    assert!(text.chars().count() <= 1024);
    assert!(text.contains("Nzinga Mbande (North)"));
    assert!(
        text.contains(
            "Last move: Nzinga Mbande (North) sowed G4 → relay C4 → relay A4 → C3 captured \
             C2+C1 (4) → relay G3 → relay J4 → ended in H4. "
        ),
        "{text}"
    );
    assert!(
        text.starts_with("Kiela board, Game #12, Standard, turn 22."),
        "{text}"
    );
    let (end, last) = played(reference_moves().len());
    let text = alt_text(&view(&end, last));
    assert!(text.contains("Game over."), "{text}");
}

/// The three golden pictures: the start, a mid-game capture, a finished game.
fn golden_cases() -> Vec<(&'static str, Vec<u8>)> {
    let start = Game::new(Variant::Standard);
    let (mid, mid_last) = played(22);
    let (end, end_last) = played(reference_moves().len());
    vec![
        ("start", render_png(&view(&start, None)).unwrap()),
        ("midgame", render_png(&view(&mid, mid_last)).unwrap()),
        ("finished", render_png(&view(&end, end_last)).unwrap()),
    ]
}

#[test]
fn pictures_match_the_golden_images() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("KIELA_BLESS").is_some_and(|v| !v.is_empty() && v != "0");
    let mut failures = Vec::new();
    for (name, png) in golden_cases() {
        let path = dir.join(format!("{name}.png"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let expected = match std::fs::read(&path) {
            Ok(bytes) => decode(&bytes),
            Err(e) => panic!(
                "{}: {e}; create it with KIELA_BLESS=1 cargo test --release --test render",
                path.display()
            ),
        };
        let actual = decode(&png);
        assert_eq!(actual.dimensions(), expected.dimensions(), "{name}");
        // A pixel differs when a channel moves by more than 16 of 255; allow
        // 0.1% of such pixels, for rounding differences between machines.
        let differing = actual
            .pixels()
            .zip(expected.pixels())
            .filter(|(a, e)| a.0.iter().zip(e.0).any(|(&a, e)| a.abs_diff(e) > 16))
            .count();
        let allowed = (WIDTH * HEIGHT / 1000) as usize;
        if differing > allowed {
            let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.actual.png"));
            std::fs::write(&out, &png).unwrap();
            failures.push(format!(
                "{name}: {differing} pixels differ (at most {allowed}); drawn: {}",
                out.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\nIf the change is deliberate: KIELA_BLESS=1 cargo test --release --test render",
        failures.join("\n")
    );
}

#[test]
fn the_pictures_keep_to_a_palette() {
    // Few enough colours for an indexed PNG (colour type 3): a third of
    // the bytes of an RGB one to compress, and smaller.
    for (name, png) in golden_cases() {
        assert_eq!(png[25], 3, "{name} is not an indexed PNG");
    }
}

#[test]
fn any_names_render_and_keep_the_alt_text_short() {
    let position = Position::new(Variant::Expert);
    let long = "Kimbundu ".repeat(2000) + "\u{1F600}\n\t漢字";
    for (south, north) in [(long.as_str(), ""), ("\u{0}\u{7}", long.as_str())] {
        let view = BoardView::new(&position, south, north);
        let img = decode(&render_png(&view).unwrap());
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        assert!(alt_text(&view).chars().count() <= 1024);
    }
}

/// The longest names Discord allows (32 characters), of wide letters.
const LONG_SOUTH: &str = "WOLWEZA MWANGANGWA KWAMBWANDWA W";
const LONG_NORTH: &str = "MMAWENGE WAMWEMBWA MWAMWANGOMBEW";

/// Which columns of rows `top..bottom` carry ink: a pixel far from the
/// box's `fill` colour.
fn ink_columns(img: &RgbImage, top: u32, bottom: u32, fill: Rgb<u8>) -> Vec<bool> {
    (0..img.width())
        .map(|x| {
            (top..bottom).any(|y| {
                let p = img.get_pixel(x, y);
                (0..3)
                    .map(|c| p.0[c].abs_diff(fill.0[c]) as u32)
                    .sum::<u32>()
                    > 60
            })
        })
        .collect()
}

/// Runs of inked columns, where blanks narrower than `gap` do not split a
/// run (the spaces between words): (first, last) columns.
fn ink_runs(columns: &[bool], gap: usize) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (x, _) in columns.iter().enumerate().filter(|(_, &ink)| ink) {
        match runs.last_mut() {
            Some(run) if x - run.1 <= gap => run.1 = x,
            _ => runs.push((x, x)),
        }
    }
    runs
}

/// A Portuguese view of the reference game after `plies`, with the
/// longest names, game number and time left the bot shows.
fn portuguese<'a>(game: &'a Game, last: Option<LastMove>) -> BoardView<'a> {
    BoardView {
        south_name: LONG_SOUTH,
        north_name: LONG_NORTH,
        game_id: Some(99_999),
        lang: Lang::Pt,
        ..view(game, last)
    }
}

#[test]
fn portuguese_words_stay_in_their_boxes() {
    const BACKGROUND: Rgb<u8> = Rgb([0xF4, 0xEC, 0xDC]);
    const ACTIVE_BAND: Rgb<u8> = Rgb([0x23, 0x2B, 0x36]);
    const MARKER: Rgb<u8> = Rgb([0xF0, 0xE4, 0x42]);
    let (mid, last) = played(22);
    let english = decode(&render_png(&view(&mid, last.clone())).unwrap());
    let img = decode(&render_png(&portuguese(&mid, last.clone())).unwrap());
    // The board is the same; the words are not.
    for hole in Hole::all() {
        let (x, y) = hole_centre(hole);
        assert_eq!(
            distance(&patch(&img, (x, y)), &patch(&english, (x, y))),
            0.0
        );
    }
    let strip_ink = |img: &RgbImage| ink_columns(img, 236, 264, BACKGROUND);
    assert_ne!(strip_ink(&img), strip_ink(&english), "the strip's words");

    // The strip: "Partida #99999 · Padrão · jogada 22", "vez do Sul" and
    // "(ring) G4 (square) capturou 4" stay apart and inside: each part is
    // a run of ink as wide as when drawn without the others.
    let runs = ink_runs(&strip_ink(&img), 14);
    let alone = ink_runs(
        &strip_ink(&decode(&render_png(&portuguese(&mid, None)).unwrap())),
        14,
    );
    assert_eq!(alone.len(), 2, "the game and the turn: {alone:?}");
    let width = |run: &(usize, usize)| run.1 - run.0;
    assert_eq!(runs[0], alone[0], "the game's words are whole: {runs:?}");
    assert!(
        width(&runs[1]).abs_diff(width(&alone[1])) <= 2,
        "the turn's words touch the last move's: {runs:?}, alone {alone:?}"
    );
    assert!(runs.len() >= 4, "ring, square and their words: {runs:?}");
    assert!(runs[0].0 >= 38 && runs.last().unwrap().1 <= 962, "{runs:?}");

    // South moves: its dark band holds arrow, name, "Sul · sua vez ·
    // faltam 59 minutos" and the stone count, apart and inside; North's
    // pale band its name, "Norte" and its count.
    assert_eq!(mid.position().turn(), Side::South);
    let south = ink_runs(&ink_columns(&img, 458, 496, ACTIVE_BAND), 30);
    assert!(
        south.len() >= 2,
        "the band's count touches its words: {south:?}"
    );
    assert!(
        south[0].0 >= 38 && south.last().unwrap().1 <= 962,
        "{south:?}"
    );
    let north = ink_runs(&ink_columns(&img, 4, 42, BACKGROUND), 30);
    assert!(north.len() >= 2, "{north:?}");
    assert!(
        north[0].0 >= 38 && north.last().unwrap().1 <= 962,
        "{north:?}"
    );

    // The result banner: "… (Norte) vence: Sul ficou sem tempo" and
    // "após 22 jogadas", on yellow.
    let mut over = portuguese(&mid, last.clone());
    over.outcome = Some(kiela_rules::Outcome {
        result: kiela_rules::GameResult::NorthWins,
        reason: kiela_rules::Reason::Timeout,
    });
    let img = decode(&render_png(&over).unwrap());
    assert_eq!(*img.get_pixel(20, 250), MARKER, "the banner is drawn");
    let banner = ink_runs(&ink_columns(&img, 236, 264, MARKER), 20);
    assert!(banner.len() >= 2, "{banner:?}");
    assert!(
        banner[0].0 >= 38 && banner.last().unwrap().1 <= 962,
        "{banner:?}"
    );

    // The band and a rearrangement (Expert) fit as well.
    let img = decode(&render_png(&portuguese(&mid, last)).unwrap());
    let band = ink_runs(&ink_columns(&img, 458, 496, ACTIVE_BAND), 30);
    assert!(band.len() >= 2 && band.last().unwrap().1 <= 962, "{band:?}");
    let mut expert = Game::new(Variant::Expert);
    let before = *expert.position();
    let layout: Move = "@[0 0 0 0 0 0 0 0 0 0 / 14 14 0 0 0 0 0 0 0 0]"
        .parse()
        .unwrap();
    expert.play(&layout).unwrap();
    let arranged = LastMove::new(&before, layout).unwrap();
    let img = decode(&render_png(&portuguese(&expert, Some(arranged))).unwrap());
    let runs = ink_runs(&strip_ink(&img), 14);
    assert!(runs.len() >= 3 && runs.last().unwrap().1 <= 962, "{runs:?}");
}

#[test]
fn the_alt_text_follows_the_language() {
    let (mid, last) = played(22);
    let text = alt_text(&portuguese(&mid, last));
    assert!(
        text.starts_with("Tabuleiro de Kiela, Partida #99999, Padrão, jogada 22. Vez de "),
        "{text}"
    );
    assert!(text.contains(" (Sul). Última jogada: "), "{text}");
    assert!(!text.contains("faltam"), "no stale time left: {text}");
    assert!(text.contains(" (Norte) semeou G4 → recolheu "), "{text}");
    assert!(text.contains("Fileira 1, de A a J: "), "{text}");
}

#[test]
fn the_layout_reads_on_a_phone() {
    let sizes = phone_sizes();
    assert!(sizes.badge_digits >= 10.0, "{sizes:?}");
    assert!(sizes.strip_text >= 10.0, "{sizes:?}");
    assert!(sizes.band_text >= 10.0, "{sizes:?}");
    assert!(sizes.coordinates >= 10.0, "{sizes:?}");
    assert!(sizes.caption_text >= 10.0, "{sizes:?}");
    assert!(sizes.hand_digits >= 10.0, "{sizes:?}");
    assert!(sizes.stone_in_flight >= 20.0, "{sizes:?}");
    // The gains are quieter than the order badges.
    assert!(sizes.change_digits < sizes.badge_digits, "{sizes:?}");
    // What tells the turn's story is at least 8 px tall, the end ring's
    // dashes 2 px wide.
    for digits in [
        sizes.count_digits,
        sizes.badge_digits,
        sizes.hand_digits,
        sizes.loss_digits,
        sizes.caption_digits,
    ] {
        assert!(digits >= 8.0, "{sizes:?}");
    }
    assert!(sizes.end_ring_width >= 2.0, "{sizes:?}");
}

#[test]
fn the_drawn_badge_digits_are_10_px_tall_at_phone_width() {
    // Ply 22: C4 (emptied by the first relay) carries badge 1, white on
    // blue at the top left of its cell.
    let (game, last) = played(22);
    let img = decode(&render_png(&view(&game, last)).unwrap());
    let (cx, cy) = hole_centre("C4".parse().unwrap());
    let white_rows: Vec<u32> = (cy - 40..cy)
        .filter(|&y| (cx - 46..cx - 12).any(|x| img.get_pixel(x, y).0.iter().all(|&c| c > 200)))
        .collect();
    let height = white_rows.last().unwrap() - white_rows.first().unwrap() + 1;
    let at_phone = height as f32 * PHONE_WIDTH as f32 / WIDTH as f32;
    assert!(
        at_phone >= 10.0,
        "{height} px, {at_phone} px at phone width"
    );
}

//! Animations, decoded: frame counts, delays and total length, the first
//! frame showing the position before the turn and the last the position
//! after, bounded size on the longest chains random games produce; and the
//! still picture's path marks on the README's example turn.

use image::{GenericImageView, Rgb, RgbImage, RgbaImage};
use kiela_i18n::Lang;
use kiela_render::{
    alt_text, game_gif, hole_centre, render_png, turn_gif, BoardView, GameView, LastMove,
    RenderError,
};
use kiela_rules::{Game, Hole, Move, Position, Variant};

/// The README's example game (assets/examples/game.txt); ply 22 is North's
/// G4: relays C4 and A4, captures C2+C1 from C3, relays G3 and J4, ends H4.
const MOVES: &str = "H2 A4 H1 H4 I2 C3 E1 G4 B1 J4 H2 B4 G2 B3 F1 J3 F2 J4 A1 I3 H1 G4";

/// A view after the turn `mv` from `before`, as the bot draws it.
fn view_after<'a>(after: &'a Position, before: &Position, mv: Move, ply: usize) -> BoardView<'a> {
    let mut view = BoardView::new(after, "Ngola Kiluanji", "Nzinga Mbande");
    view.ply = ply;
    view.last_move = Some(LastMove::new(before, mv).unwrap());
    view.game_id = Some(12);
    view
}

/// The game after the example's 22 plies, and the position before the last.
fn example() -> (Game, Position) {
    let mut game = Game::new(Variant::Standard);
    let mut before = *game.position();
    for token in MOVES.split_whitespace() {
        before = *game.position();
        game.play(&token.parse().unwrap()).unwrap();
    }
    (game, before)
}

/// Every frame as the viewer shows it, with its delay (hundredths of a
/// second).
fn frames(bytes: &[u8]) -> Vec<(u16, RgbImage)> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let mut canvas = RgbaImage::new(decoder.width().into(), decoder.height().into());
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        let (w, h) = (u32::from(frame.width), u32::from(frame.height));
        for (i, p) in frame.buffer.chunks_exact(4).enumerate() {
            if p[3] > 0 {
                let (x, y) = (
                    frame.left as u32 + i as u32 % w,
                    frame.top as u32 + i as u32 / w,
                );
                assert!(y < frame.top as u32 + h);
                canvas.put_pixel(x, y, image::Rgba([p[0], p[1], p[2], 255]));
            }
        }
        let rgb = RgbImage::from_fn(canvas.width(), canvas.height(), |x, y| {
            let p = canvas.get_pixel(x, y).0;
            Rgb([p[0], p[1], p[2]])
        });
        out.push((frame.delay, rgb));
    }
    out
}

/// True where the hole's centre shows a full (dark) pit rather than an
/// empty (pale) one: the full pit is #5E3B1E, the empty #B89160; the count
/// digits are white, so probe beside them, 20 px left of the centre.
fn looks_full(img: &RgbImage, hole: Hole) -> bool {
    let (x, y) = hole_centre(hole);
    let p = img.get_pixel(x - 20, y + 2).0;
    p[0] < 0x8A
}

fn assert_shows(img: &RgbImage, position: &Position, what: &str) {
    for hole in Hole::all() {
        assert_eq!(
            looks_full(img, hole),
            position.stones(hole) > 0,
            "{what}: {hole} holds {}",
            position.stones(hole)
        );
    }
}

fn total_cs(frames: &[(u16, RgbImage)]) -> u32 {
    frames.iter().map(|(d, _)| u32::from(*d)).sum()
}

#[test]
fn the_example_turn_plays_from_the_position_before_to_the_position_after() {
    let (game, before) = example();
    let mv: Move = "G4".parse().unwrap();
    let view = view_after(game.position(), &before, mv, game.ply());
    let bytes = turn_gif(&view).unwrap();
    assert!(bytes.len() < 300 * 1024, "{} bytes", bytes.len());
    let frames = frames(&bytes);
    // Stone by stone: every take and every drop is a frame, plus the first
    // and the last, and each lap's new caption (the first is in the first
    // frame).
    let trace = &view.last_move.as_ref().unwrap().trace;
    let steps: usize = trace.laps.iter().map(|l| 1 + usize::from(l.stones)).sum();
    assert_eq!(frames.len(), steps + 2 + trace.laps.len() - 1);
    assert!(total_cs(&frames) <= 800, "{} cs", total_cs(&frames));
    assert_eq!(frames.last().unwrap().0, 200, "the end is held 2 s");
    assert_shows(&frames[0].1, &before, "first frame");
    assert_shows(&frames.last().unwrap().1, game.position(), "last frame");
    // The last frame is the still picture.
    let still = image::load_from_memory(&render_png(&view).unwrap())
        .unwrap()
        .to_rgb8();
    let (_, last) = frames.last().unwrap();
    let far = last
        .pixels()
        .zip(still.pixels())
        .filter(|(a, b)| (0..3).any(|c| a.0[c].abs_diff(b.0[c]) > 40))
        .count();
    assert!(far < 500, "{far} pixels differ from the still picture");
    // The hand: a yellow label over G4 right after the stones are taken.
    let (x, y) = hole_centre("G4".parse().unwrap());
    let yellow = |img: &RgbImage| {
        (x..x + 40)
            .flat_map(|px| (y - 40..y - 14).map(move |py| (px, py)))
            .filter(|&(px, py)| img.get_pixel(px, py).0 == [0xF0, 0xE4, 0x42])
            .count()
    };
    assert!(yellow(&frames[1].1) > 100, "the hand is shown on G4");
    assert_eq!(yellow(&frames[0].1), 0);
}

/// Pixels of `colour` (within 30 per channel) in a box of the hole's cell.
fn count_in(img: &RgbImage, hole: &str, dx: (i32, i32), dy: (i32, i32), colour: [u8; 3]) -> usize {
    let (cx, cy) = hole_centre(hole.parse().unwrap());
    let mut n = 0;
    for x in cx as i32 + dx.0..cx as i32 + dx.1 {
        for y in cy as i32 + dy.0..cy as i32 + dy.1 {
            let p = img.get_pixel(x as u32, y as u32).0;
            if (0..3).all(|c| p[c].abs_diff(colour[c]) <= 30) {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn the_still_picture_numbers_relays_and_captures_and_signs_every_change() {
    let (game, before) = example();
    let view = view_after(game.position(), &before, "G4".parse().unwrap(), game.ply());
    let img = image::load_from_memory(&render_png(&view).unwrap())
        .unwrap()
        .to_rgb8();
    const BLUE: [u8; 3] = [0x00, 0x72, 0xB2];
    const WHITE: [u8; 3] = [0xFF, 0xFF, 0xFF];
    const INK: [u8; 3] = [0x2A, 0x21, 0x18];
    // Relays and captures, numbered top left: C4, A4, C3, G3, J4.
    for hole in Hole::all() {
        let name = hole.to_string();
        let numbered = ["C4", "A4", "C3", "G3", "J4"].contains(&name.as_str());
        let blue = count_in(&img, &name, (-40, -14), (-40, -16), BLUE);
        assert_eq!(blue > 150, numbered, "{name}: {blue} blue pixels");
    }
    // Changes, bottom right: quiet dark digits on the wood for gains, dark
    // labels for losses, vermillion ones for the captures' losses.
    const VERMILLION: [u8; 3] = [0xD5, 0x5E, 0x00];
    let captured = view.last_move.as_ref().unwrap().captured();
    for hole in Hole::all() {
        let name = hole.to_string();
        let delta = i32::from(game.position().stones(hole)) - i32::from(before.stones(hole));
        let white = count_in(&img, &name, (12, 40), (18, 40), WHITE);
        let dark = count_in(&img, &name, (12, 40), (18, 40), INK);
        let red = count_in(&img, &name, (12, 40), (18, 40), VERMILLION);
        let taken = captured.contains(hole);
        assert_eq!(red > 150, taken, "{name} {delta:+}: {red} vermillion");
        assert_eq!(
            dark > 150,
            delta < 0 && !taken,
            "{name} {delta:+}: {dark} dark"
        );
        if delta > 0 {
            assert!(
                white == 0 && dark > 20,
                "{name} {delta:+}: {white} white, {dark} dark"
            );
        }
    }
    // The end, H4: a dashed green ring (green on its left and right, the
    // wood between dashes).
    let green = [0x00, 0x9E, 0x73];
    assert!(count_in(&img, "H4", (-40, -33), (-6, 6), green) > 20);
    assert_eq!(count_in(&img, "G3", (-40, -33), (-6, 6), green), 0);
}

/// Steps (takes and drops) of a turn.
fn steps(before: &Position, mv: &Move) -> usize {
    let trace = before.trace(mv).unwrap();
    trace.laps.iter().map(|l| 1 + usize::from(l.stones)).sum()
}

/// Every turn of `games` random games (seeded), longest first.
fn longest_turns(variant: Variant, games: u64) -> Vec<(Position, Move, usize)> {
    let mut turns = Vec::new();
    for seed in 0..games {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut game = Game::new(variant);
        while !game.is_over() && game.ply() < 300 {
            let legal = game.legal_moves();
            let mv = Move::Sow(legal[rng.usize(..legal.len())]);
            turns.push((*game.position(), mv, game.ply() + 1));
            game.play(&mv).unwrap();
        }
    }
    turns.sort_by_key(|(before, mv, _)| std::cmp::Reverse(steps(before, mv)));
    turns
}

#[test]
fn the_longest_chains_stay_short_and_small() {
    // Beginner games have the longest relay chains.
    let mut turns = longest_turns(Variant::Beginner, 1000);
    turns.truncate(3);
    turns.extend(longest_turns(Variant::Standard, 30).into_iter().take(2));
    let longest = steps(&turns[0].0, &turns[0].1);
    let laps = turns[0].0.trace(&turns[0].1).unwrap().laps.len();
    eprintln!("longest: {longest} steps, {laps} laps");
    assert!(
        longest > 200,
        "the search finds a long chain ({longest} steps)"
    );
    for (before, mv, ply) in &turns {
        let mut after = *before;
        after.play(mv).unwrap();
        let view = view_after(&after, before, *mv, *ply);
        let bytes = turn_gif(&view).unwrap();
        let frames = frames(&bytes);
        let steps = steps(before, mv);
        let text = alt_text(&view);
        assert!(
            text.chars().count() <= 1024 && text.contains(" ended in "),
            "{text}"
        );
        assert!(
            bytes.len() <= 2 << 20,
            "{steps} steps: {} bytes",
            bytes.len()
        );
        assert!(
            frames.len() <= 102,
            "{steps} steps: {} frames",
            frames.len()
        );
        assert!(
            total_cs(&frames) <= 810,
            "{steps} steps: {} cs",
            total_cs(&frames)
        );
        assert_shows(&frames[0].1, before, "first frame");
        assert_shows(&frames.last().unwrap().1, &after, "last frame");
    }
}

#[test]
fn a_rearrangement_or_no_move_has_nothing_to_animate() {
    let before = Position::new(Variant::Expert);
    let layout = before.layout(before.turn());
    let mv = Move::Arrange(layout);
    let mut after = before;
    after.play(&mv).unwrap();
    let view = view_after(&after, &before, mv, 1);
    assert!(matches!(
        turn_gif(&view),
        Err(RenderError::NothingToAnimate)
    ));
    let start = BoardView::new(&before, "a", "b");
    let err = turn_gif(&start).unwrap_err();
    assert!(err.to_string().contains("nothing") || err.to_string().contains("no sowing"));
}

#[test]
fn a_game_animation_has_a_frame_per_turn() {
    let (game, _) = example();
    let bytes = game_gif(&GameView {
        game: &game,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        game_id: Some(12),
        lang: Lang::En,
        from: 0,
    })
    .unwrap();
    let frames = frames(&bytes);
    assert_eq!(frames.len(), game.ply() + 1);
    assert_shows(&frames[0].1, &Position::new(Variant::Standard), "the start");
    assert_shows(&frames.last().unwrap().1, game.position(), "the end");
    assert!(bytes.len() <= 2 << 20);
}

/// The pixels of row `y` between `x0` and `x1` that are `colour`, as the
/// extent from the first to the last.
fn extent(img: &RgbImage, y: u32, (x0, x1): (u32, u32), colour: [u8; 3]) -> u32 {
    let xs: Vec<u32> = (x0..x1)
        .filter(|&x| img.get_pixel(x, y).0 == colour)
        .collect();
    xs.last().map_or(0, |last| last - xs[0] + 1)
}

#[test]
fn the_animation_reads_on_a_phone() {
    const MARKER: [u8; 3] = [0xF0, 0xE4, 0x42];
    const CAPTURED: [u8; 3] = [0xD5, 0x5E, 0x00];
    let scale = kiela_render::PHONE_WIDTH as f32 / kiela_render::WIDTH as f32;
    let (game, before) = example();
    let mv: Move = "G4".parse().unwrap();
    let view = view_after(game.position(), &before, mv, game.ply());
    let frames = frames(&turn_gif(&view).unwrap());
    // Frame 1: the stones taken from G4, a yellow disc over the hole.
    let (x, y) = hole_centre("G4".parse().unwrap());
    let disc = extent(&frames[1].1, y, (x - 46, x + 46), MARKER);
    assert!(
        disc as f32 * scale >= 20.0,
        "stone in flight {disc} px, {} px at phone width",
        disc as f32 * scale
    );
    // The mover's band says they are sowing, not "to move": it differs from
    // the still picture of the position before.
    let mut still_before = BoardView::new(&before, "Ngola Kiluanji", "Nzinga Mbande");
    still_before.ply = game.ply() - 1;
    still_before.game_id = Some(12);
    let still = image::load_from_memory(&render_png(&still_before).unwrap())
        .unwrap()
        .to_rgb8();
    let band_differs = (0..46)
        .any(|py| (0..1000).any(|px| frames[1].1.get_pixel(px, py) != still.get_pixel(px, py)));
    assert!(band_differs, "North's band says sowing");
    // Each lap is captioned in the strip, and the capturing hole (C3) is
    // ringed in vermillion while its capture is sown.
    let trace = &view.last_move.as_ref().unwrap().trace;
    let mut frame = 1;
    let mut strips = Vec::new();
    for (i, lap) in trace.laps.iter().enumerate() {
        // From the second lap, the caption comes in a frame of its own.
        frame += usize::from(i > 0);
        strips.push(frames[frame].1.view(0, 236, 1000, 28).to_image());
        if lap.kind == kiela_rules::LapKind::Capture {
            let (cx, cy) = hole_centre(lap.from);
            let ring = (0..36)
                .filter(|i| {
                    let a = *i as f32 * std::f32::consts::TAU / 36.0;
                    let px = (cx as f32 + 36.0 * a.cos()) as u32;
                    let py = (cy as f32 + 36.0 * a.sin()) as u32;
                    frames[frame].1.get_pixel(px, py).0 == CAPTURED
                })
                .count();
            assert!(ring >= 30, "{}: {ring} ring points", lap.from);
        }
        frame += 1 + usize::from(lap.stones);
    }
    assert_eq!(strips.len(), 6);
    for pair in strips.windows(2) {
        assert_ne!(pair[0], pair[1], "a new caption for each lap");
    }
}

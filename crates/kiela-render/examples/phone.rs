//! Writes the README's example turn as the bot posts it, to look at the
//! pictures the way a phone shows them (scale them to 400 px wide):
//! `board.png` (after North's G4: relays, a capture), `turn.gif` (that
//! turn), `start.png`, `game.gif` (those 22 plies), and the same in
//! Portuguese (`*-pt.*`); each picture also scaled to 400 px wide as a
//! browser does (`*-phone.png`), and every frame of the GIFs written out
//! as a PNG at 400 px (`turn-NN-phone.png`, `game-NN-phone.png`).
//!
//! `cargo run -p kiela-render --example phone -- /tmp/kiela-phone`

use image::imageops::{resize, FilterType};
use image::{Rgb, RgbImage, Rgba, RgbaImage};
use kiela_i18n::Lang;
use kiela_render::{game_gif, render_png, turn_gif, BoardView, GameView, LastMove, PHONE_WIDTH};
use kiela_rules::{Game, Variant};

const MOVES: &str = "H2 A4 H1 H4 I2 C3 E1 G4 B1 J4 H2 B4 G2 B3 F1 J3 F2 J4 A1 I3 H1 G4";

fn main() {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/tmp/kiela-phone".into()),
    );
    std::fs::create_dir_all(&dir).expect("an output directory");
    println!(
        "at {} px wide: {:?}",
        kiela_render::PHONE_WIDTH,
        kiela_render::phone_sizes()
    );
    let mut game = Game::new(Variant::Standard);
    let mut before = *game.position();
    let mut last = None;
    for token in MOVES.split_whitespace() {
        let mv = token.parse().expect("a move");
        before = *game.position();
        game.play(&mv).expect("a legal move");
        last = Some(mv);
    }
    let start = Game::new(Variant::Standard);
    for (lang, suffix) in [(Lang::En, ""), (Lang::Pt, "-pt")] {
        let mut view = BoardView::new(game.position(), "Ngola Kiluanji", "Nzinga Mbande");
        view.ply = game.ply();
        view.last_move = Some(LastMove::new(&before, last.expect("moves")).expect("legal"));
        view.game_id = Some(12);
        view.lang = lang;
        let phone = |name: String, img: &RgbImage| {
            let height = img.height() * PHONE_WIDTH / img.width();
            let path = dir.join(format!("{name}-phone.png"));
            resize(img, PHONE_WIDTH, height, FilterType::Triangle)
                .save(&path)
                .expect("written");
        };
        let write = |name: &str, bytes: Vec<u8>| {
            let gif = name == "turn" || name == "game";
            let path = dir.join(format!(
                "{name}{suffix}.{}",
                if gif { "gif" } else { "png" }
            ));
            std::fs::write(&path, &bytes).expect("written");
            println!("{}", path.display());
            if gif {
                for (i, frame) in frames(&bytes).iter().enumerate() {
                    phone(format!("{name}{suffix}-{i:02}"), frame);
                }
            } else {
                let img = image::load_from_memory(&bytes).expect("a PNG").to_rgb8();
                phone(format!("{name}{suffix}"), &img);
            }
        };
        write("board", render_png(&view).expect("renders"));
        write("turn", turn_gif(&view).expect("animates"));
        let mut first = BoardView::new(start.position(), "Ngola Kiluanji", "Nzinga Mbande");
        first.game_id = Some(12);
        first.lang = lang;
        write("start", render_png(&first).expect("renders"));
        let whole = GameView {
            game: &game,
            south_name: "Ngola Kiluanji",
            north_name: "Nzinga Mbande",
            game_id: Some(12),
            lang,
            from: 0,
        };
        write("game", game_gif(&whole).expect("animates"));
    }
}

/// Every frame of a GIF as a viewer shows it.
fn frames(bytes: &[u8]) -> Vec<RgbImage> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let mut canvas = RgbaImage::new(decoder.width().into(), decoder.height().into());
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        let w = u32::from(frame.width);
        for (i, p) in frame.buffer.chunks_exact(4).enumerate() {
            if p[3] > 0 {
                let (x, y) = (i as u32 % w, i as u32 / w);
                let (x, y) = (u32::from(frame.left) + x, u32::from(frame.top) + y);
                canvas.put_pixel(x, y, Rgba([p[0], p[1], p[2], 255]));
            }
        }
        out.push(RgbImage::from_fn(
            canvas.width(),
            canvas.height(),
            |x, y| {
                let [r, g, b, _] = canvas.get_pixel(x, y).0;
                Rgb([r, g, b])
            },
        ));
    }
    out
}

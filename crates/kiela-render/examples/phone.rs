//! Writes the README's example turn as the bot posts it, to look at the
//! pictures the way a phone shows them (scale them to 400 px wide):
//! `board.png` (after North's G4: relays, a capture), `turn.gif` (that
//! turn), `start.png`, and the same in Portuguese (`*-pt.*`).
//!
//! `cargo run -p kiela-render --example phone -- /tmp/kiela-phone`

use kiela_i18n::Lang;
use kiela_render::{render_png, turn_gif, BoardView, LastMove};
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
        let write = |name: &str, bytes: Vec<u8>| {
            let path = dir.join(format!(
                "{name}{suffix}.{}",
                if name == "turn" { "gif" } else { "png" }
            ));
            std::fs::write(&path, bytes).expect("written");
            println!("{}", path.display());
        };
        write("board", render_png(&view).expect("renders"));
        write("turn", turn_gif(&view).expect("animates"));
        let mut first = BoardView::new(start.position(), "Ngola Kiluanji", "Nzinga Mbande");
        first.game_id = Some(12);
        first.lang = lang;
        write("start", render_png(&first).expect("renders"));
    }
}

//! Writes evaluation graphs to look at, each also scaled to the 400 px a
//! phone shows (`*-phone.png`): `game.png`, the README's example game
//! (`assets/examples/game.txt`) analysed at the default budget, as
//! `kiela analyze --png` draws it (`assets/examples/graph.png` is a copy);
//! `game-pt.png`, the same in Portuguese; and `plies-N.png`, made-up curves
//! of 10, 43, 120 and 300 turns to see the turn axis's numbering.
//!
//! `cargo run -p kiela-render --release --example graph -- /tmp/kiela-graph`

use image::imageops::{resize, FilterType};
use kiela_ai::analysis::{analyze, DEFAULT_NODES};
use kiela_i18n::Lang;
use kiela_render::{draw_graph, graph_png, graph_points, GraphView, Mark, PHONE_WIDTH};
use kiela_rules::{Game, Variant};

fn main() {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/tmp/kiela-graph".into()),
    );
    std::fs::create_dir_all(&dir).expect("an output directory");
    // The picture as the bot posts it (an indexed PNG), and scaled.
    let write = |name: &str, view: &GraphView| {
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, graph_png(view).expect("encodes")).expect("written");
        println!("{}", path.display());
        let img = draw_graph(view);
        let height = img.height() * PHONE_WIDTH / img.width();
        let phone = resize(&img, PHONE_WIDTH, height, FilterType::Triangle);
        let path = dir.join(format!("{name}-phone.png"));
        phone.save(&path).expect("written");
        println!("{}", path.display());
    };

    let record = include_str!("../../../assets/examples/game.txt");
    let moves = record.rsplit(';').next().expect("a move list");
    let mut game = Game::new(Variant::Standard);
    for token in moves.split_whitespace() {
        game.play(&token.parse().expect("a move"))
            .expect("a legal move");
    }
    let plies = analyze(&game, DEFAULT_NODES, |_, _| {});
    let (evals, marks) = graph_points(&plies);
    println!("{} plies, {} marked", plies.len(), marks.len());
    for (lang, suffix) in [(Lang::En, ""), (Lang::Pt, "-pt")] {
        let view = GraphView {
            evals: &evals,
            marks: &marks,
            south_name: "Ngola Kiluanji",
            north_name: "Nzinga Mbande",
            lang,
        };
        write(&format!("game{suffix}"), &view);
    }

    for n in [10usize, 43, 120, 300] {
        let evals: Vec<i32> = (0..=n)
            .map(|i| {
                let t = i as f32 / n as f32;
                let wave = (t * 9.0).sin() * 900.0 + t * t * 2500.0;
                if i == n {
                    5_000
                } else {
                    wave as i32
                }
            })
            .collect();
        let marks = [(n / 3, Mark::Blunder), (n / 2, Mark::Mistake)];
        let view = GraphView {
            evals: &evals,
            marks: &marks,
            south_name: "ana",
            north_name: "bob",
            lang: Lang::Pt,
        };
        write(&format!("plies-{n}"), &view);
    }
}

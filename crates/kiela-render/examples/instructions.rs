//! Draws one of the benchmarked pictures `n` times (`board`, `turn`,
//! `game`, `standings`, `graph`: the same views as `benches/render.rs`),
//! to count instructions free of the machine's load. A picture's count is
//! the difference between runs of 3 and 1, halved (the first draws the
//! sprites):
//!
//! ```sh
//! cargo build --release -p kiela-render --example instructions
//! valgrind --tool=callgrind target/release/examples/instructions standings 3
//! ```
use kiela_i18n::Lang;
use kiela_render::*;
use kiela_rules::{Game, Move, Variant};

const MOVES: &str = "H2 A4 H1 H4 I2 C3 E1 G4 B1 J4 H2 B4 G2 B3 F1 J3 F2 J4 A1 I3 H1 G4";

fn main() {
    let what = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let mut game = Game::new(Variant::Standard);
    let mut before = *game.position();
    let mut last = None;
    for token in MOVES.split_whitespace() {
        let mv: Move = token.parse().unwrap();
        before = *game.position();
        game.play(&mv).unwrap();
        last = Some(mv);
    }
    let view = BoardView {
        position: game.position(),
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        ply: game.ply(),
        last_move: Some(LastMove::new(&before, last.unwrap()).unwrap()),
        outcome: None,
        game_id: Some(1234),
        lang: Lang::En,
    };
    // 50 turns of a seeded random game.
    let mut rng = fastrand::Rng::with_seed(7);
    let mut long = Game::new(Variant::Standard);
    while !long.is_over() && long.ply() < 50 {
        let legal = long.legal_moves();
        long.play(&Move::Sow(legal[rng.usize(..legal.len())]))
            .unwrap();
    }
    let game_view = GameView {
        game: &long,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        game_id: Some(1234),
        lang: Lang::En,
        from: 0,
    };
    let names: Vec<String> = (1..=64)
        .map(|i| format!("Nzinga Mbande of Ndongo and Matamba, seat {i} — ÇÃÉ"))
        .collect();
    let rows = names
        .iter()
        .zip(1u32..)
        .map(|(name, rank)| StandingRow {
            rank,
            name,
            points: f64::from(70 - rank) / 10.0,
            tiebreaks: vec![f64::from(200 - rank) / 8.0, f64::from(130 - rank) / 4.0],
            games_played: 7,
            withdrawn: rank % 10 == 3,
        })
        .collect();
    let standings = StandingsView {
        title: "Prémio Kiela · Round 7 of 7",
        lang: Lang::En,
        format: StandingsFormat::Swiss,
        rows,
        crosstable: None,
    };
    let evals: Vec<i32> = (0..=120)
        .map(|ply: i32| (ply * 37 % 900 - 450) * (1 + ply / 40))
        .collect();
    let marks = [
        (17, Mark::Mistake),
        (58, Mark::Blunder),
        (91, Mark::Mistake),
    ];
    let graph = GraphView {
        evals: &evals,
        marks: &marks,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        lang: Lang::En,
    };
    let mut bytes = 0;
    for _ in 0..n {
        bytes += match what.as_str() {
            "board" => render_png(&view).unwrap().len(),
            "turn" => turn_gif(&view).unwrap().len(),
            "game" => game_gif(&game_view).unwrap().len(),
            "standings" => standings_png(&standings).unwrap().len(),
            "graph" => graph_png(&graph).unwrap().len(),
            _ => panic!("board, turn, game, standings or graph"),
        };
    }
    println!("{what}: {} bytes", bytes / n.max(1));
}

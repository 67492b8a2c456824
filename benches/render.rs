//! Board picture speed: drawing plus PNG encoding of a mid-game position
//! whose last move captured. Prints the PNG size once.
//!
//! `cargo bench --bench render`

use criterion::{criterion_group, criterion_main, Criterion};
use kiela::render::{render_png, BoardView, LastMove};
use kiela::rules::{Game, Move, Variant};

/// The first 22 plies of a reference game; ply 22 (G4) captures.
const MOVES: &str = "H2 A4 H1 H4 I2 C3 E1 G4 B1 J4 H2 B4 G2 B3 F1 J3 F2 J4 A1 I3 H1 G4";

fn bench_render(c: &mut Criterion) {
    let mut game = Game::new(Variant::Standard);
    let mut last = None;
    for token in MOVES.split_whitespace() {
        let mv: Move = token.parse().expect("a move");
        let before = *game.position();
        game.play(&mv).expect("a legal move");
        last = Some(LastMove::new(&before, mv).expect("a legal move"));
    }
    let last = last.expect("moves were played");
    assert!(!last.captured.is_empty(), "the last move captures");
    let view = BoardView {
        position: game.position(),
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        ply: game.ply(),
        last_move: Some(last),
        outcome: None,
    };
    let png = render_png(&view).expect("renders");
    eprintln!(
        "mid-game PNG: {} bytes ({:.1} KB)",
        png.len(),
        png.len() as f64 / 1024.0
    );
    c.bench_function("render_png mid-game", |b| {
        b.iter(|| render_png(std::hint::black_box(&view)).expect("renders"))
    });
}

criterion_group!(benches, bench_render);
criterion_main!(benches);

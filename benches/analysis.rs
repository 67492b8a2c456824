//! Game analysis and its graph.
//!
//! - a 50-ply game (easy against easy, the first such game from the
//!   seeds) analysed at the default budget, 150,000 nodes a position
//!   (target: at most 10 s on one core);
//! - its evaluation graph drawn and encoded as PNG (target: under 10 ms).
//!
//! `cargo bench --bench analysis`

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use kiela_ai::analysis::{analyze, DEFAULT_NODES};
use kiela_ai::{best_move, game_history, Level};
use kiela_i18n::Lang;
use kiela_render::{graph_png, GraphView, Mark};
use kiela_rules::{Game, Variant};

/// The first game of `easy` against itself that lasts 50 plies, cut there.
fn fifty_plies() -> Game {
    let settings = Level::Easy.fixed_settings();
    for seed in 0.. {
        let mut game = Game::new(Variant::Standard);
        while !game.is_over() && game.ply() < 50 {
            let result = best_move(game.position(), &game_history(&game), &settings, seed);
            game.play(&result.best).expect("a legal move");
        }
        if game.ply() == 50 {
            return game;
        }
    }
    unreachable!("some game lasts 50 plies")
}

fn analysis(c: &mut Criterion) {
    let game = fifty_plies();
    let plies = analyze(&game, DEFAULT_NODES, |_, _| {});
    let mut evals: Vec<i32> = plies.iter().map(|p| p.eval).collect();
    evals.push(plies.last().unwrap().played_eval);
    let marks: Vec<(usize, Mark)> = plies
        .iter()
        .filter(|p| p.loss >= 400)
        .map(|p| {
            (
                p.ply,
                if p.loss >= 800 {
                    Mark::Blunder
                } else {
                    Mark::Mistake
                },
            )
        })
        .collect();
    println!("{} plies, {} marked", plies.len(), marks.len());

    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("50-ply game, 150,000 nodes a position", |b| {
        b.iter(|| analyze(&game, DEFAULT_NODES, |_, _| {}))
    });
    group.finish();

    let view = GraphView {
        evals: &evals,
        marks: &marks,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        lang: Lang::En,
    };
    c.bench_function("evaluation graph, 50 plies, PNG", |b| {
        b.iter(|| graph_png(&view).unwrap())
    });
}

criterion_group!(benches, analysis);
criterion_main!(benches);

//! Picture and animation speed and size.
//!
//! - the still board (drawing plus PNG) of a mid-game capture;
//! - one turn's GIF over 200 mid-game turns of random Standard games: a
//!   printed summary (median and slowest 1% of time and size, each turn
//!   timed as the best of three runs) and a criterion group on the turn of
//!   median length;
//! - a whole 50-turn game's GIF;
//! - the standings picture (drawing plus PNG) of a 64-player Swiss event
//!   with long names, the largest the bot runs, and its drawing alone;
//! - the evaluation graph (drawing plus PNG) of a 120-ply game with marks.
//!
//! `cargo bench --bench render -- --warm-up-time 1 --measurement-time 3`

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use kiela_render::{draw_standings, game_gif, graph_png, render_png, standings_png, turn_gif};
use kiela_rules::{Game, Move, Position, Variant};

#[path = "common/views.rs"]
mod views;
use views::view;

fn bench_still(c: &mut Criterion) {
    let (game, before, last) = views::mid_game();
    let view = view(game.position(), &before, last, game.ply());
    assert!(!view.last_move.as_ref().unwrap().captured().is_empty());
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

/// One mid-game turn (plies 10 to 40) of each of `games` random Standard
/// games (seeded): the position before, the move, the ply it makes.
fn mid_game_turns(games: u64) -> Vec<(Position, Move, usize)> {
    let mut turns = Vec::new();
    for seed in 0..games * 2 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut game = Game::new(Variant::Standard);
        let stop = rng.usize(10..40);
        while !game.is_over() {
            let legal = game.legal_moves();
            let mv = Move::Sow(legal[rng.usize(..legal.len())]);
            if game.ply() == stop {
                turns.push((*game.position(), mv, stop + 1));
                break;
            }
            game.play(&mv).expect("a legal move");
        }
        if turns.len() as u64 == games {
            break;
        }
    }
    turns
}

fn percentile<T: Copy + Ord>(values: &mut [T], p: f64) -> T {
    values.sort_unstable();
    values[((values.len() - 1) as f64 * p).round() as usize]
}

fn bench_turn_gif(c: &mut Criterion) {
    let turns = mid_game_turns(200);
    let mut times = Vec::new();
    let mut sizes = Vec::new();
    let mut by_length = Vec::new();
    for (before, mv, ply) in &turns {
        let mut after = *before;
        after.play(mv).expect("a legal move");
        let view = view(&after, before, *mv, *ply);
        let mut best = Duration::MAX;
        let mut size = 0;
        for _ in 0..3 {
            let start = Instant::now();
            let gif = turn_gif(&view).expect("animates");
            best = best.min(start.elapsed());
            size = gif.len();
        }
        times.push(best);
        sizes.push(size);
        let steps: usize = view
            .last_move
            .as_ref()
            .unwrap()
            .trace
            .laps
            .iter()
            .map(|l| 1 + l.stones as usize)
            .sum();
        by_length.push((steps, before, mv, ply));
    }
    let (median_t, p99_t, max_t) = (
        percentile(&mut times, 0.5),
        percentile(&mut times, 0.99),
        percentile(&mut times, 1.0),
    );
    let (median_s, p99_s, max_s) = (
        percentile(&mut sizes, 0.5),
        percentile(&mut sizes, 0.99),
        percentile(&mut sizes, 1.0),
    );
    eprintln!(
        "turn GIF over {} mid-game turns: time median {:.1} ms, p99 {:.1} ms, max {:.1} ms; \
         size median {:.1} KB, p99 {:.1} KB, max {:.1} KB",
        turns.len(),
        median_t.as_secs_f64() * 1e3,
        p99_t.as_secs_f64() * 1e3,
        max_t.as_secs_f64() * 1e3,
        median_s as f64 / 1024.0,
        p99_s as f64 / 1024.0,
        max_s as f64 / 1024.0,
    );
    by_length.sort_by_key(|t| t.0);
    let (steps, before, mv, ply) = by_length[by_length.len() / 2];
    let mut after = *before;
    after.play(mv).expect("a legal move");
    let view = view(&after, before, *mv, *ply);
    c.bench_function(&format!("turn_gif median turn ({steps} steps)"), |b| {
        b.iter(|| turn_gif(std::hint::black_box(&view)).expect("animates"))
    });
}

fn bench_game_gif(c: &mut Criterion) {
    let game = views::fifty_turns();
    let view = views::game_view(&game);
    let gif = game_gif(&view).expect("animates");
    eprintln!(
        "50-turn game GIF: {} bytes ({:.1} KB)",
        gif.len(),
        gif.len() as f64 / 1024.0
    );
    c.bench_function("game_gif 50 turns", |b| {
        b.iter(|| game_gif(std::hint::black_box(&view)).expect("animates"))
    });
}

fn bench_standings(c: &mut Criterion) {
    let names = views::long_names();
    let view = views::standings(&names);
    let png = standings_png(&view).expect("renders");
    eprintln!(
        "64-player standings PNG: {} bytes ({:.1} KB)",
        png.len(),
        png.len() as f64 / 1024.0
    );
    c.bench_function("standings 64 players", |b| {
        b.iter(|| standings_png(std::hint::black_box(&view)).expect("renders"))
    });
    // The drawing alone: the rest of the time above is the PNG encoding.
    c.bench_function("standings 64 players, drawing only", |b| {
        b.iter(|| draw_standings(std::hint::black_box(&view)))
    });
}

fn bench_graph(c: &mut Criterion) {
    let evals = views::evals();
    let view = views::graph(&evals);
    let png = graph_png(&view).expect("renders");
    eprintln!(
        "evaluation graph PNG: {} bytes ({:.1} KB)",
        png.len(),
        png.len() as f64 / 1024.0
    );
    c.bench_function("graph_png 120 plies", |b| {
        b.iter(|| graph_png(std::hint::black_box(&view)).expect("renders"))
    });
}

criterion_group!(
    benches,
    bench_still,
    bench_turn_gif,
    bench_game_gif,
    bench_standings,
    bench_graph
);
criterion_main!(benches);

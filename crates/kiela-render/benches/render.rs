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
use kiela_i18n::Lang;
use kiela_render::{
    draw_standings, game_gif, graph_png, render_png, standings_png, turn_gif, BoardView, GameView,
    GraphView, LastMove, Mark, StandingRow, StandingsFormat, StandingsView,
};
use kiela_rules::{Game, Move, Position, Variant};

/// The first 22 plies of a reference game; ply 22 (G4) captures.
const MOVES: &str = "H2 A4 H1 H4 I2 C3 E1 G4 B1 J4 H2 B4 G2 B3 F1 J3 F2 J4 A1 I3 H1 G4";

/// A view after `mv` from `before`, as the bot draws it.
fn view<'a>(after: &'a Position, before: &Position, mv: Move, ply: usize) -> BoardView<'a> {
    BoardView {
        position: after,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        ply,
        last_move: Some(LastMove::new(before, mv).expect("a legal move")),
        outcome: None,
        game_id: Some(1234),
        lang: Lang::En,
    }
}

fn bench_still(c: &mut Criterion) {
    let mut game = Game::new(Variant::Standard);
    let mut before = *game.position();
    let mut last = None;
    for token in MOVES.split_whitespace() {
        let mv: Move = token.parse().expect("a move");
        before = *game.position();
        game.play(&mv).expect("a legal move");
        last = Some(mv);
    }
    let view = view(game.position(), &before, last.expect("moves"), game.ply());
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
    let mut rng = fastrand::Rng::with_seed(7);
    let mut game = Game::new(Variant::Standard);
    while game.ply() < 50 {
        if game.is_over() {
            game = Game::new(Variant::Standard);
        }
        let legal = game.legal_moves();
        let mv = Move::Sow(legal[rng.usize(..legal.len())]);
        game.play(&mv).expect("a legal move");
    }
    let view = GameView {
        game: &game,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        game_id: Some(1234),
        lang: Lang::En,
        from: 0,
    };
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
    let view = StandingsView {
        title: "Prémio Kiela · Round 7 of 7",
        lang: Lang::En,
        format: StandingsFormat::Swiss,
        rows,
        crosstable: None,
    };
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
    // A swinging evaluation (hundredths of a stone), steep in places.
    let evals: Vec<i32> = (0..=120)
        .map(|ply: i32| (ply * 37 % 900 - 450) * (1 + ply / 40))
        .collect();
    let marks = [
        (17, Mark::Mistake),
        (58, Mark::Blunder),
        (91, Mark::Mistake),
    ];
    let view = GraphView {
        evals: &evals,
        marks: &marks,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        lang: Lang::En,
    };
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

//! AI benchmarks: search speed in nodes per second (criterion throughput),
//! the time of one move of each level from the Standard start, and the depth
//! `expert` settings reach in one second (printed once: it is a depth, not a
//! time). Run: `cargo bench --bench ai`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kiela_ai::{best_move, Level, Limits, Settings};
use kiela_rules::{Position, Variant};

fn nodes(n: u64) -> Settings {
    Settings {
        limits: Limits {
            nodes: Some(n),
            ..Limits::default()
        },
        ..Level::Expert.fixed_settings()
    }
}

fn search_speed(c: &mut Criterion) {
    let start = Position::new(Variant::Standard);
    let mut group = c.benchmark_group("search");
    group.sample_size(20);
    for budget in [20_000u64, 200_000] {
        // The search stops at the first node past the budget: count them.
        let visited = best_move(&start, &[], &nodes(budget), 1).nodes;
        group.throughput(Throughput::Elements(visited));
        group.bench_function(format!("standard start, {budget} nodes"), |b| {
            b.iter(|| best_move(&start, &[], &nodes(budget), 1))
        });
    }
    group.finish();

    let mut one_second = Level::Expert.fixed_settings();
    one_second.limits = Limits {
        time: Some(Duration::from_secs(1)),
        ..Limits::default()
    };
    let result = best_move(&start, &[], &one_second, 1);
    println!(
        "expert settings, 1 s from the Standard start: depth {}, {} nodes, best {}",
        result.depth, result.nodes, result.best
    );
    let mut group = c.benchmark_group("level move");
    group.sample_size(10);
    for level in Level::ALL {
        let result = best_move(&start, &[], &level.fixed_settings(), 1);
        println!(
            "{level} from the Standard start: depth {}, {} nodes",
            result.depth, result.nodes
        );
        group.bench_function(format!("{level}, Standard start"), |b| {
            b.iter(|| best_move(&start, &[], &level.fixed_settings(), 1))
        });
    }
    group.finish();
}

criterion_group!(benches, search_speed);
criterion_main!(benches);

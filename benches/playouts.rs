//! Random Standard playouts from the start position, fixed seed, one thread.
//! Run: `cargo bench --bench playouts`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kiela::cli::bench::run_playouts;
use kiela::rules::Variant;

const GAMES: u64 = 1_000;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random playouts");
    group.throughput(Throughput::Elements(GAMES));
    for variant in [Variant::Standard, Variant::Beginner] {
        group.bench_function(variant.name(), |b| {
            b.iter(|| run_playouts(variant, GAMES, 7, GAMES, |_| {}))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);

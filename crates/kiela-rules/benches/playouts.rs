//! Random Standard playouts from the start position, fixed seed, one thread;
//! and the proof that a sowing never ends, relay by relay.
//! Run: `cargo bench --bench playouts`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kiela_rules::run_playouts;
use kiela_rules::{IllegalMove, Move, Position, Side, Variant};

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

/// Relays before the engine proves that sowing I2 in [`endless_position`]
/// never ends (found by bisecting `Position::play_bounded`).
const PROOF_RELAYS: u64 = 3_160_431;

/// The position of `tests/rules.rs::an_endless_sowing_is_not_a_legal_move`:
/// North's inner row is empty, so South's I2 relays round a cycle for ever.
fn endless_position() -> Position {
    let south1 = [4, 5, 0, 1, 2, 1, 9, 4, 1, 2];
    let south2 = [1, 2, 1, 0, 1, 10, 1, 0, 6, 1];
    let north4 = [0, 1, 2, 0, 0, 0, 0, 0, 0, 1];
    let mut board = [0u8; 40];
    board[..10].copy_from_slice(&south1);
    board[10..20].copy_from_slice(&south2);
    board[30..].copy_from_slice(&north4);
    Position::from_board(Variant::Standard, board, Side::South)
}

fn endless_proof(c: &mut Criterion) {
    let mut group = c.benchmark_group("endless proof");
    // Per relay: the time per element is the cost of one relay.
    group.throughput(Throughput::Elements(PROOF_RELAYS));
    group.sample_size(20);
    let position = endless_position();
    let i2 = Move::Sow("I2".parse().expect("a hole"));
    group.bench_function("I2", |b| {
        b.iter(|| {
            let mut p = position;
            assert!(matches!(p.play(&i2), Err(IllegalMove::Endless(_))));
        })
    });
    group.finish();
}

criterion_group!(benches, playouts, endless_proof);
criterion_main!(benches);

//! Pairing one round of the largest Swiss event: 64 players, round 6 of 7,
//! after five rounds of random results. Must stay well under 50 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use kiela_tournament::{next_round, Event, Format, NextRound, Outcome, Player, PlayerKey};

fn event_before_round_6() -> Event {
    let mut rng = fastrand::Rng::with_seed(64);
    let mut event = Event {
        format: Format::swiss(64),
        players: (0..64)
            .map(|k| Player::rated(PlayerKey(k), 1000 + rng.i32(0..1000)))
            .collect(),
        rounds: Vec::new(),
    };
    for _ in 0..5 {
        let NextRound::Pairing(p) = next_round(&event).unwrap() else {
            panic!("expected a pairing")
        };
        let mut round = p.into_round();
        for g in &mut round.games {
            g.outcome = Some(match rng.u8(0..3) {
                0 => Outcome::SouthWins,
                1 => Outcome::NorthWins,
                _ => Outcome::Draw,
            });
        }
        event.rounds.push(round);
    }
    event
}

fn pairing(c: &mut Criterion) {
    let event = event_before_round_6();
    c.bench_function("swiss 64 players round 6 of 7", |b| {
        b.iter(|| next_round(std::hint::black_box(&event)).unwrap())
    });
}

criterion_group!(benches, pairing);
criterion_main!(benches);

//! Pairing one round of the largest Swiss event: 64 players, round 6 of 7,
//! after five rounds of random results (must stay well under 50 ms), and a
//! round of a 6-player event, where the pairing looks ahead; and the
//! standings of the largest event once all 7 rounds are played (well under
//! 20 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use kiela_tournament::{
    next_round, standings, Event, Format, NextRound, Outcome, Player, PlayerKey,
};

/// `n` rated players after `rounds` rounds of random results (a few forfeits).
fn event_after(n: u32, rounds: usize) -> Event {
    let mut rng = fastrand::Rng::with_seed(64);
    let mut event = Event {
        format: Format::swiss(n as usize),
        players: (0..n)
            .map(|k| Player::rated(PlayerKey(k), 1000 + rng.i32(0..1000)))
            .collect(),
        rounds: Vec::new(),
    };
    for _ in 0..rounds {
        let NextRound::Pairing(p) = next_round(&event).unwrap() else {
            panic!("expected a pairing")
        };
        let mut round = p.into_round();
        for g in &mut round.games {
            g.outcome = Some(match rng.u8(0..40) {
                0 => Outcome::SouthForfeits,
                1..=13 => Outcome::SouthWins,
                14..=26 => Outcome::NorthWins,
                _ => Outcome::Draw,
            });
        }
        event.rounds.push(round);
    }
    event
}

fn pairing(c: &mut Criterion) {
    let event = event_after(64, 5);
    c.bench_function("swiss 64 players round 6 of 7", |b| {
        b.iter(|| next_round(std::hint::black_box(&event)).unwrap())
    });
    // The look ahead's longest search: 6 players, 4 rounds still to come.
    let event = event_after(6, 1);
    c.bench_function("swiss 6 players round 2 of 5", |b| {
        b.iter(|| next_round(std::hint::black_box(&event)).unwrap())
    });
}

fn final_standings(c: &mut Criterion) {
    let event = event_after(64, 7);
    c.bench_function("standings swiss 64 players after 7 rounds", |b| {
        b.iter(|| standings(std::hint::black_box(&event)).unwrap())
    });
}

criterion_group!(benches, pairing, final_standings);
criterion_main!(benches);

//! Moves through the game service with 1,000 ongoing games on a SQLite file
//! (human moves, each reply with its rendered board): latency per move
//! (median, 99th percentile) and moves per second.
//! Run: `cargo bench --bench service`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kiela_app::vocabulary::{ChannelId, GameId, GuildId, UserId};
use kiela_app::{App, FirstMover, GameOptions, Place, Reply, SystemClock, User};
use kiela_i18n::Lang;
use kiela_store::Store;

const GAMES: usize = 1_000;
const ROUNDS: usize = 10;

#[tokio::main]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = Store::open(&url).await.unwrap();
    let bot = User::bot(UserId(1), "Kiela");
    let service = App::new(store, bot, Arc::new(SystemClock));
    let place = Place::new(GuildId(7), ChannelId(8), Lang::En);
    let options = GameOptions {
        first: FirstMover::Me,
        ..GameOptions::default()
    };

    eprintln!("setting up {GAMES} games…");
    let mut games: Vec<(GameId, [User; 2], Reply)> = Vec::with_capacity(GAMES);
    for g in 0..GAMES as i64 {
        let (a, b) = (
            User::new(UserId(1000 + 2 * g), "a"),
            User::new(UserId(1001 + 2 * g), "b"),
        );
        let c = service
            .challenges
            .challenge(&a, place, &b, options)
            .await
            .unwrap();
        let reply = service
            .challenges
            .accept(&b, place, c.challenge)
            .await
            .unwrap();
        games.push((reply.game.unwrap().id, [a, b], reply));
    }

    eprintln!("playing {ROUNDS} rounds of one move per game…");
    let mut latencies = Vec::with_capacity(GAMES * ROUNDS);
    let began = Instant::now();
    for _ in 0..ROUNDS {
        for (id, players, reply) in games.iter_mut() {
            let Some(game) = reply.game.filter(|g| g.active) else {
                continue;
            };
            let player = players.iter().find(|p| reply.ping.contains(&p.id)).unwrap();
            let hole = reply.moves[game.ply as usize % reply.moves.len()].0;
            let start = Instant::now();
            *reply = service
                .playing
                .play_move(player, place, Some(*id), hole, Some(game.ply))
                .await
                .unwrap();
            latencies.push(start.elapsed());
        }
    }
    let total = began.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("moves        {}", latencies.len());
    println!("median       {:.2} ms", ms(at(0.5)));
    println!("p99          {:.2} ms", ms(at(0.99)));
    println!("max          {:.2} ms", ms(at(1.0)));
    println!(
        "moves/s      {:.0}",
        latencies.len() as f64 / total.as_secs_f64()
    );
}

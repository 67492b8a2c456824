//! `kiela bench`: random playouts per second, on one thread.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use kiela_rules::{run_playouts, Variant};

/// Runs the benchmark with a progress bar and prints the figures.
pub fn bench(variant: Variant, games: u64, seed: u64) {
    let bar = ProgressBar::new(games).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} playouts, {per_sec}, eta {eta}")
            .expect("valid template"),
    );
    let began = Instant::now();
    let stats = run_playouts(variant, games, seed, (games / 100).max(1), |done| {
        bar.set_position(done)
    });
    let elapsed = began.elapsed().max(Duration::from_nanos(1));
    bar.finish_and_clear();
    let games_f = stats.games.max(1) as f64;
    println!("variant      {variant}, seed {seed}, 1 thread");
    println!("playouts     {}", stats.games);
    println!("time         {:.3} s", elapsed.as_secs_f64());
    println!(
        "playouts/s   {:.0}",
        stats.games as f64 / elapsed.as_secs_f64()
    );
    println!(
        "plies/s      {:.0}",
        stats.plies as f64 / elapsed.as_secs_f64()
    );
    println!("plies/game   {:.2}", stats.plies as f64 / games_f);
    println!(
        "results      South {:.2}%, North {:.2}%, repetition draws {:.3}%",
        100.0 * stats.south_wins as f64 / games_f,
        100.0 * stats.north_wins as f64 / games_f,
        100.0 * stats.repetitions as f64 / games_f
    );
    let rest = (elapsed.saturating_sub(stats.slow_time)).as_secs_f64();
    println!(
        "slow games   {} over 1 ms took {:.3} s in all (slowest {:.3} s): endless-move proofs",
        stats.slow_games,
        stats.slow_time.as_secs_f64(),
        stats.slowest.as_secs_f64()
    );
    println!(
        "without them {:.0} playouts/s",
        (stats.games - stats.slow_games) as f64 / rest.max(1e-9)
    );
}

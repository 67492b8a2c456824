//! The miner of `kiela puzzles mine --games N --seed S --jobs J` without
//! the bot around it (a quicker build): the same puzzles, one JSON line
//! each on standard output, progress on standard error.
//!
//! ```text
//! cargo run --release -p kiela-learn --example mine_puzzles -- 400 1 2
//! ```

use std::io::Write;
use std::time::Instant;

use kiela_learn::puzzles::{mine, to_json_line, BUDGETS};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("games seed jobs: numbers"))
        .collect();
    let (games, seed, jobs) = match args[..] {
        [g, s, j] => (g as usize, s, j as usize),
        [g, s] => (g as usize, s, 1),
        _ => panic!("usage: mine_puzzles GAMES SEED [JOBS]"),
    };
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    mine(games, seed, BUDGETS, jobs, |i, kept, stats| {
        for p in kept {
            writeln!(out, "{}", to_json_line(p)).expect("stdout");
        }
        out.flush().expect("stdout");
        eprintln!(
            "game {}/{games}: {stats:?}; {:.1} s",
            i + 1,
            started.elapsed().as_secs_f64()
        );
    });
}

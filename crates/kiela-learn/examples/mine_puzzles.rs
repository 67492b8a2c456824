//! The miner of `kiela puzzles mine --games N --seed S --jobs J` without
//! the bot around it (a quicker build): the same puzzles, one JSON line
//! each on standard output, progress on standard error.
//!
//! ```text
//! cargo run --release -p kiela-learn --example mine_puzzles -- 400 1 2
//! ```
//!
//! A run cut short goes on from game `K` (the first game it did not
//! finish, from its last progress line) with the puzzles it wrote, its
//! output to be appended to theirs:
//!
//! ```text
//! cargo run --release -p kiela-learn --example mine_puzzles -- 400 1 2 K written.jsonl >> written.jsonl
//! ```

use std::io::Write;
use std::time::Instant;

use kiela_learn::puzzles::{mine_after, read_jsonl, to_json_line, BUDGETS};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u64 { args[i].parse().expect("games seed jobs [from file]") };
    let (games, seed) = (number(0) as usize, number(1));
    let jobs = if args.len() > 2 {
        number(2) as usize
    } else {
        1
    };
    let (start, kept) = match args.get(3) {
        Some(_) => {
            let text = std::fs::read_to_string(&args[4]).expect("the puzzles written so far");
            (number(3) as usize, read_jsonl(&text).expect("puzzles"))
        }
        None => (0, Vec::new()),
    };
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    mine_after(
        games,
        seed,
        (start, &kept),
        BUDGETS,
        jobs,
        |i, kept, stats| {
            for p in kept {
                writeln!(out, "{}", to_json_line(p)).expect("stdout");
            }
            out.flush().expect("stdout");
            eprintln!(
                "game {}/{games}: {stats:?}; {:.1} s",
                i + 1,
                started.elapsed().as_secs_f64()
            );
        },
    );
}

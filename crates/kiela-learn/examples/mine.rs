//! Mines puzzles from self-played games and writes them as JSONL:
//!
//! ```text
//! cargo run --release -p kiela-learn --example mine -- --games 400 --seed 1 --out assets/puzzles/puzzles.jsonl
//! ```
//!
//! Options: `--games N` (default 10), `--seed S` (default 1; game `i` is
//! played from seed `S + i`), `--out PATH` (default stdout), `--records
//! PATH` (mine the game records in PATH, one a line, instead of playing).
//! Puzzles are written as they are found, so an interrupted run keeps
//! them; progress goes to stderr.

use std::collections::HashSet;
use std::io::Write;
use std::time::Instant;

use kiela_learn::puzzles::{mine, mine_record, to_json_line, Stats, BUDGETS};
use kiela_rules::Record;

fn main() {
    let mut games = 10usize;
    let mut seed = 1u64;
    let mut out: Option<String> = None;
    let mut records: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| usage(&format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--games" => games = value().parse().unwrap_or_else(|_| usage("--games N")),
            "--seed" => seed = value().parse().unwrap_or_else(|_| usage("--seed S")),
            "--out" => out = Some(value()),
            "--records" => records = Some(value()),
            _ => usage(&format!("unknown argument {arg}")),
        }
    }
    let mut sink: Box<dyn Write> = match &out {
        Some(path) => Box::new(std::fs::File::create(path).expect("cannot create the output")),
        None => Box::new(std::io::stdout()),
    };
    let started = Instant::now();
    let mut write = |puzzles: &[kiela_learn::puzzles::Puzzle], stats: &Stats, done: String| {
        for p in puzzles {
            writeln!(sink, "{}", to_json_line(p)).expect("write");
        }
        sink.flush().expect("flush");
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        eprintln!(
            "{done}: {} kept ({} found, {} refused by verification, {} duplicates) from {} candidates in {} plies; {:.1} min, {:.1} puzzles/min",
            stats.kept, stats.found, stats.refused, stats.duplicates, stats.candidates, stats.plies,
            minutes, stats.kept as f64 / minutes.max(1e-9)
        );
    };
    match records {
        None => {
            mine(games, seed, BUDGETS, |i, found, stats| {
                write(found, stats, format!("game {}/{games}", i + 1))
            });
        }
        Some(path) => {
            let text = std::fs::read_to_string(&path).expect("cannot read the records");
            let (mut seen, mut stats) = (HashSet::new(), Stats::default());
            for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
                let Ok(record) = line.parse::<Record>() else {
                    eprintln!("line {}: not a record, skipped", i + 1);
                    continue;
                };
                let source = format!("{path} line {}", i + 1);
                let found = mine_record(&record, &source, BUDGETS, &mut seen, &mut stats);
                write(&found, &stats, format!("record {}", i + 1));
            }
        }
    }
}

fn usage(problem: &str) -> ! {
    eprintln!("{problem}\nusage: mine [--games N] [--seed S] [--out PATH] [--records PATH]");
    std::process::exit(2)
}

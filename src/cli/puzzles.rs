//! `kiela puzzles mine`: puzzles from self-played games, from given
//! records, or from the finished games of the bot's database, written as
//! JSON lines as they are found, with progress on standard error. The
//! shipped set (`assets/puzzles/puzzles.jsonl`) is the command in
//! `assets/puzzles/README.md`.

use kiela_app::store::ports::*;
use kiela_app::AppError;
use std::io::Write;
use std::time::Instant;

use anyhow::Context;
use kiela_learn::puzzles::{mine, mine_record, to_json_line, Collector, Puzzle, Stats, BUDGETS};
use kiela_rules::Record;
use kiela_store::Store;

/// Where the puzzles come from.
pub enum Source {
    /// `games` self-played games, game `i` from seed `seed + i`, on `jobs`
    /// threads (the same puzzles whatever `jobs`).
    SelfPlay {
        games: usize,
        seed: u64,
        jobs: usize,
    },
    /// Games, each with the name its puzzles' `source` starts with
    /// (`record 3`, `game 12`).
    Games(Vec<(String, Record)>),
}

/// Game records, one a line (blank lines skipped), named `record N`; the
/// first line that is not a record is an error naming it.
pub fn records(text: &str) -> anyhow::Result<Vec<(String, Record)>> {
    let lines = text.lines().filter(|l| !l.trim().is_empty());
    lines
        .enumerate()
        .map(|(i, line)| {
            let record: Record = line
                .parse()
                .with_context(|| format!("line {} is not a game record", i + 1))?;
            Ok((format!("record {}", i + 1), record))
        })
        .collect()
}

/// The finished games of the bot's database, oldest first, named
/// `game N` by their number in the bot.
pub async fn stored_games(store: &Store) -> anyhow::Result<Vec<(String, Record)>> {
    const PAGE: i64 = 500;
    let mut games = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .puzzles()
            .finished_game_records(after, PAGE)
            .await
            .map_err(AppError::from)?;
        let Some(&(last, _)) = page.last() else {
            break;
        };
        after = Some(last);
        games.extend(page.into_iter().map(|(id, r)| (format!("game {id}"), r)));
    }
    Ok(games)
}

/// Mines `source` into `out`; returns how many puzzles were kept.
pub fn run(source: Source, out: &mut dyn Write) -> anyhow::Result<usize> {
    let started = Instant::now();
    let mut failed = None;
    let mut write = |puzzles: &[Puzzle], stats: &Stats, done: String| {
        for p in puzzles {
            if let Err(e) = writeln!(out, "{}", to_json_line(p)) {
                failed.get_or_insert(e);
            }
        }
        let _ = out.flush();
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        eprintln!(
            "{done}: {} kept ({} found, {} refused by the deeper search or rules (c)-(d), \
             {} repeated, {} largest captures and {} short lines over their share) \
             from {} candidates; {minutes:.1} min, {:.1} puzzles a minute",
            stats.kept,
            stats.found,
            stats.refused,
            stats.duplicates,
            stats.biggest_dropped,
            stats.short_dropped,
            stats.candidates,
            stats.kept as f64 / minutes.max(1e-9)
        );
    };
    let kept = match source {
        Source::SelfPlay { games, seed, jobs } => {
            let found = mine(games, seed, BUDGETS, jobs, |i, found, stats| {
                write(found, stats, format!("game {}/{games}", i + 1))
            });
            found.len()
        }
        Source::Games(games) => {
            let mut collector = Collector::new();
            let count = games.len();
            for (i, (source, record)) in games.iter().enumerate() {
                let found = mine_record(record, source, BUDGETS, &mut collector);
                write(
                    &found,
                    &collector.stats,
                    format!("{source} ({}/{count})", i + 1),
                );
            }
            collector.stats.kept
        }
    };
    match failed {
        Some(e) => Err(e).context("cannot write the puzzles"),
        None => Ok(kept),
    }
}

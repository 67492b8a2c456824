//! Measures again the difficulty (`nodes`) and the rating of every puzzle
//! of a JSONL set (standard input to standard output), with the miner's
//! own functions: what `kiela puzzles mine` gives the same puzzles now.
//!
//! ```text
//! cargo run --release -p kiela-learn --example rerate_puzzles < in.jsonl > out.jsonl
//! ```

use std::io::{BufRead, Write};

use kiela_learn::puzzles::{
    difficulty_nodes, puzzle_game, rating_of, read_jsonl, to_json_line, BUDGETS,
};

fn main() {
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input");
        for mut p in read_jsonl(&line).expect("a puzzle a line") {
            let game = puzzle_game(&p).expect("a puzzle position");
            let answer = p.solution[0].parse().expect("a move");
            p.nodes = difficulty_nodes(&game, &answer, BUDGETS.verify);
            p.rating = rating_of(&p);
            writeln!(out, "{}", to_json_line(&p)).expect("standard output");
        }
    }
}

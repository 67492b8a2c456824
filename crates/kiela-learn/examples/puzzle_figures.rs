//! Prints the figures of a JSONL puzzle set (standard input) as the
//! README gives them (`kiela_learn::puzzles::figures`).

use std::io::Read;

use kiela_learn::puzzles::{figures, read_jsonl};

fn main() {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .expect("standard input");
    print!("{}", figures(&read_jsonl(&text).expect("a puzzle a line")));
}

//! `kiela puzzles mine`, run as the real binary: the shipped set is what the
//! README's command makes (its first game gives the set's first puzzles),
//! and a file that is not game records is refused, saying which line.

use std::io::Write;
use std::process::Command;

const SHIPPED: &str = include_str!("../assets/puzzles/puzzles.jsonl");

#[test]
fn the_shipped_set_is_what_the_command_makes() {
    let output = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["puzzles", "mine", "--games", "1", "--seed", "1"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let mined = String::from_utf8(output.stdout).unwrap();
    assert!(!mined.is_empty(), "game 1 gives puzzles");
    assert!(SHIPPED.starts_with(&mined), "{mined}");
    let progress = String::from_utf8_lossy(&output.stderr);
    assert!(progress.contains("game 1/1"), "{progress}");
}

#[test]
fn records_that_do_not_parse_are_refused() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "this is not a game").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["puzzles", "mine", "--records"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("line 1 is not a game record"), "{said}");
}

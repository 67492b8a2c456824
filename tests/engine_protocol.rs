//! Drives the real `kiela engine` binary through its standard input.

use std::io::Write;
use std::process::{Command, Stdio};

use kiela_rules::{Move, Position, Variant};

/// Feeds `input` to `kiela engine` and returns its standard output.
fn engine(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "exit status {}", output.status);
    String::from_utf8(output.stdout).unwrap()
}

fn bestmoves(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(str::to_string)
        .collect()
}

#[test]
fn handshake_and_ready() {
    let out = engine("kiela\nisready\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name Kiela"));
    assert!(lines.contains(&"kielaok"));
    assert_eq!(lines.last(), Some(&"readyok"));
}

#[test]
fn a_search_answers_info_lines_and_a_legal_bestmove() {
    let out = engine("position standard startpos moves G2 D3\ngo depth 4\n");
    let infos: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{out}");
    for field in ["score", "nodes", "nps", "pv"] {
        assert!(infos[3].contains(field), "{out}");
    }
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1);
    let mut pos = Position::new(Variant::Standard);
    for mv in ["G2", "D3", best[0].as_str()] {
        pos.play(&mv.parse::<Move>().unwrap()).unwrap();
    }
}

#[test]
fn garbage_illegal_moves_and_go_before_position_are_errors_not_crashes() {
    let input = "\u{1b}[A\nxyzzy 1 2 3\ngo depth 2\nposition standard startpos moves G2 G2\n\
                 go nodes 500\nposition nonsense\nposition standard layout 1 2 3\n\
                 go depth banana\nposition beginner startpos moves A1\nisready\n";
    let out = engine(input);
    let errors = out
        .lines()
        .filter(|l| l.starts_with("info string error:"))
        .count();
    assert_eq!(errors, 8, "{out}");
    assert!(out.contains("G2 is South's hole"), "{out}");
    assert!(bestmoves(&out).is_empty(), "{out}");
    assert!(out.trim_end().ends_with("readyok"), "{out}");
}

#[test]
fn stop_ends_a_long_search_with_a_bestmove() {
    let out = engine("position standard startpos\ngo movetime 600000\nstop\nisready\n");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    assert!(out.contains("readyok"));
}

#[test]
fn expert_first_turn_can_be_a_rearrangement_and_it_is_legal() {
    let out = engine("position expert startpos\ngo nodes 5000\n");
    let best = &bestmoves(&out)[0];
    let mut pos = Position::new(Variant::Expert);
    pos.play(&best.parse::<Move>().unwrap()).unwrap();
    // And the reply to a rearrangement, written with spaces, is legal too.
    let out = engine(
        "position expert startpos moves @[0 0 0 0 0 0 0 0 0 0 / 14 14 0 0 0 0 0 0 0 0]\ngo nodes 5000\n",
    );
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn same_nodes_same_answer() {
    let script = "position standard startpos moves H2\ngo nodes 20000\n";
    let one = engine(script);
    let two = engine(script);
    let strip = |s: &str| {
        s.lines()
            .map(|l| {
                // nps and time vary; the rest must not.
                let words: Vec<&str> = l.split(' ').collect();
                words
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i == 0 || !matches!(words[i - 1], "nps" | "time"))
                    .map(|(_, w)| *w)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&one), strip(&two));
}

#[test]
fn a_finished_game_gets_no_search() {
    // South's only stones sit in singletons: no legal move, North has won.
    let mut board = vec!["0"; 40];
    board[..10].fill("1");
    for hole in board.iter_mut().skip(20).take(18) {
        *hole = "2";
    }
    board[38] = "10";
    let out = engine(&format!(
        "position standard layout {} south\ngo depth 3\n",
        board.join(" ")
    ));
    assert!(out.contains("the game is over"), "{out}");
    assert_eq!(bestmoves(&out), ["(none)"]);
}

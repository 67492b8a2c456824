//! `kiela render`, run as the real binary: PNG, turn GIF, game GIF, and
//! clear refusals with exit code 1.

#[path = "support/cli.rs"]
mod cli;

use std::path::Path;
use std::process::Output;

use cli::kiela;

const GAME: &str = include_str!("../assets/examples/game.txt");

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Frames of the GIF at `path`.
fn frame_count(path: &Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    let mut n = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        n += 1;
    }
    n
}

#[test]
fn gif_writes_the_turn_of_the_ply_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("turn.gif");
    let out = kiela(
        &[
            "render",
            "-",
            "--ply",
            "22",
            "--gif",
            "-o",
            out_path.to_str().unwrap(),
        ],
        GAME,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(&std::fs::read(&out_path).unwrap()[..6], b"GIF89a");
    // G4's 11 laps of sowing: far more than a before and an after frame.
    assert!(frame_count(&out_path) > 20);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("sowed G4 → relay C4"), "{text}");
}

#[test]
fn lang_pt_draws_and_describes_in_portuguese() {
    let dir = tempfile::tempdir().unwrap();
    let (pt, en) = (dir.path().join("pt.png"), dir.path().join("en.png"));
    let mut texts = Vec::new();
    for (lang, path) in [("pt", &pt), ("en", &en)] {
        let args = ["render", "-", "--ply", "22", "--lang", lang, "-o"];
        let out = kiela(&[&args[..], &[path.to_str().unwrap()]].concat(), GAME);
        assert!(out.status.success(), "{}", stderr(&out));
        texts.push(String::from_utf8_lossy(&out.stdout).into_owned());
    }
    assert!(
        texts[0].contains("(Norte) semeou G4 → recolheu C4"),
        "{}",
        texts[0]
    );
    assert!(texts[1].contains("sowed G4 → relay C4"), "{}", texts[1]);
    // The same board with other words: the pictures differ.
    assert_ne!(std::fs::read(&pt).unwrap(), std::fs::read(&en).unwrap());
    let out = kiela(&["render", "--moves", "G2", "--lang", "fr"], "");
    assert_eq!(out.status.code(), Some(2), "clap refuses it");
    assert!(stderr(&out).contains("use en or pt"), "{}", stderr(&out));
}

#[test]
fn gif_all_writes_one_frame_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("game.gif");
    let out = kiela(
        &[
            "render",
            "--moves",
            "G2 C3 J1",
            "--gif",
            "--all",
            "-o",
            out_path.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(frame_count(&out_path), 4, "the start and three turns");
}

#[test]
fn bad_input_is_refused_with_a_clear_message_and_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("x.gif");
    let o = out_path.to_str().unwrap();
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["render", "-", "--ply", "0", "--gif", "-o", o],
            GAME,
            "turn 0 is the start",
        ),
        (
            &["render", "-", "--ply", "99", "--gif", "-o", o],
            GAME,
            "past the end",
        ),
        (&["render", "-", "--gif", "-o", o], "G2 G2", "turn 2 (G2)"),
        (
            &["render", "-", "--ply", "1", "--gif", "-o", o],
            "variant=expert; 1. @[0 0 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2 2 2]",
            "rearrangement",
        ),
    ];
    for (args, stdin, want) in cases {
        let out = kiela(args, stdin);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(want), "{args:?}: {}", stderr(&out));
        assert!(!out_path.exists(), "{args:?} wrote nothing");
    }
    // --all needs --gif.
    let out = kiela(&["render", "--moves", "G2", "--all"], "");
    assert!(!out.status.success());
}

//! `kiela replay`, run as the real binary.

#[path = "support/cli.rs"]
mod cli;

use std::process::Output;

use cli::kiela;

use serde_json::Value;

fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_record_gives_the_start_line_then_one_line_per_move() {
    let out = kiela(
        &["replay"],
        "variant=standard; South=alice; North=bob; 1. G2 A4",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = lines(&out);
    assert_eq!(lines.len(), 3);
    let start = &lines[0];
    assert_eq!(start["ply"], 0);
    assert!(start["mover"].is_null() && start["move"].is_null() && start["result"].is_null());
    assert_eq!(start["board"].as_array().unwrap().len(), 40);
    assert_eq!(start["board"][6], 2, "G1 starts with 2");
    assert_eq!(start["board"][10], 0, "A2 starts empty");
    let legal: Vec<&str> = start["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        legal,
        ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "G2", "H1", "H2", "I1", "I2", "J1", "J2"]
    );
    assert_eq!(lines[1]["mover"], "south");
    assert_eq!(lines[1]["move"], "G2");
    assert_eq!(lines[2]["mover"], "north");
    assert_eq!(lines[2]["ply"], 2);
    let board: Vec<u64> = lines[1]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(board.iter().sum::<u64>(), 56);
}

#[test]
fn the_last_line_carries_the_result() {
    let out = kiela(&["replay"], "result=0-1; reason=resignation; G2");
    let last = lines(&out).pop().unwrap();
    assert_eq!(
        (last["result"].as_str(), last["reason"].as_str()),
        (Some("0-1"), Some("resignation"))
    );
    assert!(last["legal"].as_array().unwrap().is_empty());
}

#[test]
fn an_illegal_move_stops_with_the_ply_and_the_reason() {
    let out = kiela(&["replay"], "G2 A4 G2");
    assert!(!out.status.success());
    assert_eq!(
        lines(&out).len(),
        3,
        "the start line and the two good plies are printed"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("turn 3 (G2): G2 is empty"), "{stderr}");
}

#[test]
fn a_bare_move_list_and_a_variant_override() {
    let out = kiela(
        &["replay", "--variant", "beginner"],
        "variant=standard; G2 C3",
    );
    assert!(out.status.success());
    let lines = lines(&out);
    assert_eq!(
        lines[0]["board"][0], 1,
        "Beginner starts with one stone per hole"
    );
    let bare = kiela(&["replay", "-"], "g2 c3");
    assert_eq!(self::lines(&bare).len(), 3);
}

#[test]
fn unreadable_input_fails_clearly() {
    let out = kiela(&["replay"], "variant=chess; G2");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("`chess` is not a variant"));
    let out = kiela(&["replay", "/nonexistent/record.txt"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/record.txt"));
    let out = kiela(&["replay", "--variant", "chess"], "");
    assert!(!out.status.success());
}

#[test]
fn a_file_argument_is_read() {
    let path = std::env::temp_dir().join(format!("kiela-replay-{}.txt", std::process::id()));
    std::fs::write(&path, "variant=beginner; South=a; North=b; 1. J2").unwrap();
    let out = kiela(&["replay", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert!(out.status.success());
    assert_eq!(lines(&out)[1]["move"], "J2");
}

#[test]
fn each_move_line_lists_its_laps() {
    // The README's mid-game turn: North's G4 at ply 22.
    let record = std::fs::read_to_string("assets/examples/game.txt").unwrap();
    let out = kiela(&["replay"], &record);
    assert!(out.status.success());
    let lines = lines(&out);
    assert!(lines[0].get("laps").is_none(), "the start line has no move");
    let laps = lines[22]["laps"].as_array().unwrap();
    let summary: Vec<String> = laps
        .iter()
        .map(|lap| {
            format!(
                "{} {} {} {} {}",
                lap["kind"].as_str().unwrap(),
                lap["from"].as_str().unwrap(),
                lap["stones"],
                lap["ended"].as_str().unwrap(),
                lap.get("captured")
                    .map(|c| c.to_string())
                    .unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            "sow G4 4 C4 ",
            "relay C4 2 A4 ",
            "relay A4 3 C3 ",
            "capture C3 4 G3 [\"C2\",\"C1\"]",
            "relay G3 4 J4 ",
            "relay J4 2 H4 ",
        ]
    );
}

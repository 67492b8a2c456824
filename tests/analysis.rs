//! Game analysis: a planted blunder is found with a better move, the same
//! budget gives the same analysis, and `kiela analyze` (the real binary)
//! writes its lines and graph, or refuses a bad record with exit code 1.
#[path = "support/cli.rs"]
mod cli;

use cli::kiela;

use kiela_ai::analysis::{analyze, Verdict};
use kiela_rules::{Game, Move, Position, Record, Variant};
use serde_json::Value;

/// The most stones the player to move in `position` can capture at once.
fn best_capture(position: &Position) -> u8 {
    position
        .legal_moves()
        .iter()
        .filter_map(|&hole| {
            let mut next = *position;
            next.play(&Move::Sow(hole)).ok().map(|e| e.captured_stones)
        })
        .max()
        .unwrap_or(0)
}

/// A game of random sowings from `seed`, then a planted blunder: a sowing
/// after which the opponent captures at least 12 stones at once, in a
/// position where another sowing gives nothing away and captures as
/// much. Returns the game and the sowings that were safe.
fn planted_blunder(seed: u64) -> Option<(Game, Vec<Move>)> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::new(Variant::Standard);
    for _ in 0..(8 + seed % 24) {
        let legal = game.legal_moves().to_vec();
        game.play(&Move::Sow(legal[rng.usize(..legal.len())]))
            .ok()?;
        if game.is_over() {
            return None;
        }
    }
    let position = *game.position();
    let mut scored = Vec::new();
    for &hole in position.legal_moves().iter() {
        let mv = Move::Sow(hole);
        let mut next = game.clone();
        let mine = next.play(&mv).ok()?.captured_stones;
        if next.is_over() {
            return None;
        }
        scored.push((mv, mine, best_capture(next.position())));
    }
    let &(blunder, mine, given) = scored.iter().max_by_key(|(_, _, given)| *given)?;
    let safe: Vec<Move> = scored
        .iter()
        .filter(|&&(_, m, g)| g == 0 && m >= mine)
        .map(|&(mv, _, _)| mv)
        .collect();
    if given < 12 || safe.is_empty() {
        return None;
    }
    game.play(&blunder).unwrap();
    Some((game, safe))
}

#[test]
fn a_planted_blunder_is_flagged_with_a_better_move() {
    let (game, safe) = (0..2_000)
        .find_map(planted_blunder)
        .expect("some random game has a blunder to plant");
    let analysis = analyze(&game, 20_000, |_, _| {});
    assert_eq!(analysis.len(), game.ply());
    let last = analysis.last().unwrap();
    assert_eq!(last.played, *game.moves().last().unwrap());
    assert_eq!(last.verdict, Some(Verdict::Blunder), "{last:?}");
    assert!(last.loss >= 800, "{last:?}");
    assert_ne!(last.best, last.played);
    // The better move gives away less than the blunder: a safe one, or
    // one that captures enough more to pay for it.
    let mut after_best = *game.moves()[..game.ply() - 1]
        .iter()
        .fold(Game::new(Variant::Standard), |mut g, mv| {
            g.play(mv).unwrap();
            g
        })
        .position();
    after_best.play(&last.best).unwrap();
    assert!(
        safe.contains(&last.best) || best_capture(&after_best) < 12,
        "{last:?}, safe: {safe:?}"
    );
}

#[test]
fn the_same_budget_gives_the_same_analysis() {
    let text = include_str!("../assets/examples/game.txt");
    let game = text.parse::<Record>().unwrap().replay().unwrap();
    let mut seen = Vec::new();
    let one = analyze(&game, 5_000, |done, total| seen.push((done, total)));
    let two = analyze(&game, 5_000, |_, _| {});
    assert_eq!(one, two);
    assert_eq!(seen.len(), game.ply() + 1);
    assert_eq!(seen.last(), Some(&(game.ply() + 1, game.ply() + 1)));
    assert!(one
        .iter()
        .all(|p| p.loss >= 0 && p.verdict == Verdict::of_loss(p.loss)));
}

#[test]
fn the_cli_writes_a_line_per_move_and_the_graph() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("graph.png");
    let record = "variant=standard; South=ana; North=bob; 1. H2 A4 2. H1 H4 3. I2";
    let args = ["analyze", "--nodes", "3000", "--png", png.to_str().unwrap()];
    let out = kiela(&args, record);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["ply"], 1);
    assert_eq!(lines[0]["side"], "south");
    assert_eq!(lines[0]["move"], "H2");
    assert_eq!(lines[1]["side"], "north");
    for line in &lines {
        for key in ["eval", "best_eval", "played_eval", "loss"] {
            assert!(line[key].is_f64() || line[key].is_i64(), "{key} in {line}");
        }
        assert!(
            line["best"].is_string() && line.get("verdict").is_some(),
            "{line}"
        );
    }
    let again = kiela(&args[..3], record);
    assert_eq!(again.stdout, out.stdout, "same budget, same lines");
    let image = image::load_from_memory(&std::fs::read(&png).unwrap()).unwrap();
    assert_eq!(
        (image.width(), image.height()),
        (kiela_render::GRAPH_WIDTH, kiela_render::GRAPH_HEIGHT)
    );
}

#[test]
fn a_bad_record_is_refused_with_exit_code_1() {
    let out = kiela(&["analyze", "--nodes", "100"], "G2 G2");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("turn 2: G2 is South's hole"), "{err}");
}

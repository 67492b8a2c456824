//! The shipped puzzle set (`assets/puzzles/puzzles.jsonl`): every puzzle
//! reads, reaches its position and ends on the solver's move; a sample is
//! re-verified with the engine here, and all of them by the ignored test:
//!
//! ```text
//! cargo test --release -p kiela-learn --test shipped_puzzles -- --ignored
//! ```

use std::collections::HashSet;

use kiela_learn::puzzles::{puzzle_game, read_jsonl, verify, Puzzle};

fn shipped() -> Vec<Puzzle> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/puzzles/puzzles.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the shipped puzzle set");
    let puzzles = read_jsonl(&text).expect("every line is a puzzle");
    // The set built into the program is the file's.
    assert_eq!(puzzles, kiela_learn::puzzles::shipped());
    puzzles
}

#[test]
fn every_shipped_puzzle_reads_and_reaches_its_position() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 100, "only {} puzzles", puzzles.len());
    let mut ids = HashSet::new();
    for p in &puzzles {
        assert!(ids.insert(p.id.clone()), "duplicate id {}", p.id);
        puzzle_game(p).unwrap_or_else(|why| panic!("{}: {why}", p.id));
        assert_eq!(p.solution.len() % 2, 1, "{}: ends on the opponent", p.id);
        assert_eq!(p.values.len(), p.solution.len(), "{}", p.id);
    }
}

#[test]
fn a_sample_of_the_shipped_puzzles_verifies() {
    let puzzles = shipped();
    // A handful spread over the set, one with a longer line if there is one.
    let step = (puzzles.len() / 4).max(1);
    let mut sample: Vec<&Puzzle> = puzzles.iter().step_by(step).take(4).collect();
    sample.extend(puzzles.iter().find(|p| p.solution.len() > 1));
    for p in sample {
        assert_eq!(verify(p), Ok(()), "{}", p.id);
    }
}

#[test]
#[ignore = "verifies the whole set: minutes, run it in release"]
fn every_shipped_puzzle_verifies() {
    let failures: Vec<String> = shipped()
        .iter()
        .filter_map(|p| verify(p).err().map(|why| format!("{}: {why}", p.id)))
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_exact_solver_never_contradicts_a_forced_win() {
    use kiela_ai::{game_history, solve, Proof};
    use kiela_learn::puzzles::{Theme, WIN_VALUE};
    let mut proven = 0;
    for p in shipped()
        .iter()
        .filter(|p| p.themes.contains(&Theme::ForcedWin))
    {
        assert_eq!(p.values[0].best, WIN_VALUE, "{}", p.id);
        let game = puzzle_game(p).unwrap();
        match solve(game.position(), &game_history(&game), 20_000, 9) {
            Some(Proof::Win { first, .. }) => {
                // The only winning move (the second-best does not win).
                assert_eq!(first.to_string(), p.solution[0], "{}", p.id);
                proven += 1;
            }
            Some(Proof::Loss { .. }) => panic!("{}: the solver proves a loss", p.id),
            None => {}
        }
    }
    eprintln!("{proven} forced wins proven by the exact solver");
}

//! The shipped puzzle set (`assets/puzzles/puzzles.jsonl`): every puzzle
//! reads, reaches its position, ends on the solver's move and keeps the
//! rules that need no search; the set keeps its own (per game, largest
//! captures, ratings) and the README gives its figures. A sample is
//! re-verified with the engine here, one puzzle is found again from its
//! position, and all of them are re-verified by the ignored test:
//!
//! ```text
//! cargo test --release -p kiela-learn --test shipped_puzzles -- --ignored
//! ```

use std::collections::{BTreeMap, HashSet};

use kiela_learn::puzzles::{
    check_rules, figures, find_puzzle, off_game, puzzle_game, read_jsonl, verify, Puzzle, Theme,
    BANDS, BIGGEST_SHARE, BUDGETS, FIRST_PLY, OFF_GAME_SHARE, PER_GAME,
};

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

/// The game and ply of a puzzle's `source` (`self-play 12 ply 34`, or
/// off the game `self-play 12 ply 34 (C3 instead of D3)`).
fn origin(p: &Puzzle) -> (String, usize) {
    let (game, ply) = p.source.rsplit_once(" ply ").expect("a ply in the source");
    let ply = ply.split(' ').next().unwrap_or_default();
    (game.to_string(), ply.parse().expect("a ply number"))
}

#[test]
fn every_shipped_puzzle_reads_and_keeps_the_rules() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 100, "only {} puzzles", puzzles.len());
    let mut ids = HashSet::new();
    for p in &puzzles {
        assert!(ids.insert(p.id.clone()), "duplicate id {}", p.id);
        let game = check_rules(p).unwrap_or_else(|why| panic!("{}: {why}", p.id));
        let (_, ply) = origin(p);
        assert_eq!(game.ply(), ply, "{}: the source's ply", p.id);
        assert!(ply >= FIRST_PLY, "{}: in the opening", p.id);
    }
}

#[test]
fn the_set_keeps_its_rules() {
    let puzzles = shipped();
    // At most PER_GAME a game, never on touching plies.
    let mut games: BTreeMap<String, Vec<(usize, usize, bool)>> = BTreeMap::new();
    for p in &puzzles {
        let (game, ply) = origin(p);
        let line = (ply, ply + p.solution.len() - 1, off_game(p));
        games.entry(game).or_default().push(line);
    }
    for (game, lines) in &games {
        assert!(lines.len() <= PER_GAME, "{game}: {lines:?}");
        // A position off the game is not one of its own: near the game's
        // lines is no repeat.
        let lines: Vec<(usize, usize)> = (lines.iter())
            .filter(|l| !l.2)
            .map(|l| (l.0, l.1))
            .collect();
        for (i, a) in lines.iter().enumerate() {
            for b in &lines[i + 1..] {
                assert!(a.0 >= b.1 + 2 || b.0 >= a.1 + 2, "{game}: {lines:?}");
            }
        }
    }
    // The largest capture is the answer in at most one in BIGGEST_SHARE.
    let biggest = puzzles.iter().filter(|p| p.biggest_capture).count();
    assert!(biggest * BIGGEST_SHARE <= puzzles.len(), "{biggest}");
}

/// The variety the issue asks for: at least 1,000 puzzles, a tenth
/// Beginner, a quarter with lines of 3 plies or more, 20 whose line
/// leaves the opponent without a move, and every theme; puzzles off the
/// game (one ply from it, [`off_game`]) are at most one in
/// [`OFF_GAME_SHARE`], and each of them ends the game.
#[test]
fn the_set_is_varied() {
    let puzzles = shipped();
    let n = puzzles.len();
    assert!(n >= 1000, "{n} puzzles");
    let long = puzzles.iter().filter(|p| p.solution.len() >= 3).count();
    assert!(4 * long >= n, "{long} of {n} with 3 plies or more");
    let beginner = puzzles.iter().filter(|p| p.variant == "beginner").count();
    assert!(10 * beginner >= n, "{beginner} of {n} Beginner");
    let no_moves = (puzzles.iter())
        .filter(|p| p.themes.contains(&Theme::NoMoves))
        .count();
    assert!(no_moves >= 20, "{no_moves} no-moves puzzles");
    for theme in Theme::ALL {
        assert!(
            puzzles.iter().any(|p| p.themes.contains(&theme)),
            "no {theme:?} puzzle"
        );
    }
    let off: Vec<&Puzzle> = puzzles.iter().filter(|p| off_game(p)).collect();
    assert!(
        off.len() * OFF_GAME_SHARE <= n,
        "{} off the game",
        off.len()
    );
    assert!(off.iter().all(|p| p.themes.contains(&Theme::NoMoves)));
}

/// Ratings spread over 600..2200 and follow the engine's difficulty: a
/// band holds at least a twentieth of the set, and puzzles the engine
/// needs more nodes for, longer lines, and answers that are not the
/// largest capture are rated higher on average.
#[test]
fn ratings_follow_the_measured_difficulty() {
    let puzzles = shipped();
    let n = puzzles.len();
    for (lo, hi) in BANDS {
        let in_band = puzzles
            .iter()
            .filter(|p| (lo..=hi).contains(&p.rating))
            .count();
        assert!(20 * in_band >= n, "{in_band} of {n} in {lo}-{hi}");
    }
    let mean = |f: &dyn Fn(&Puzzle) -> bool| {
        let chosen: Vec<u32> = puzzles.iter().filter(|p| f(p)).map(|p| p.rating).collect();
        chosen.iter().map(|&r| f64::from(r)).sum::<f64>() / chosen.len().max(1) as f64
    };
    let nodes = |p: &Puzzle| p.nodes;
    let median = {
        let mut all: Vec<u64> = puzzles.iter().map(nodes).collect();
        all.sort_unstable();
        all[all.len() / 2]
    };
    assert!(mean(&|p| p.nodes > median) > mean(&|p| p.nodes <= median));
    assert!(mean(&|p| p.solution.len() >= 3) > mean(&|p| p.solution.len() == 1));
    assert!(mean(&|p| !p.biggest_capture) > mean(&|p| p.biggest_capture));
}

#[test]
fn the_readme_gives_the_sets_figures() {
    let readme = include_str!("../../../assets/puzzles/README.md");
    let figures = figures(&shipped());
    assert!(
        readme.contains(&figures),
        "assets/puzzles/README.md should give:\n{figures}"
    );
}

#[test]
fn a_sample_of_the_shipped_puzzles_verifies() {
    let puzzles = shipped();
    // A few spread over the set, and a longer line.
    let step = (puzzles.len() / 3).max(1);
    let mut sample: Vec<&Puzzle> = puzzles.iter().step_by(step).take(3).collect();
    sample.extend(puzzles.iter().find(|p| p.solution.len() > 1));
    for p in sample {
        assert_eq!(verify(p), Ok(()), "{}", p.id);
    }
}

/// The miner finds the first shipped puzzle again from its position, the
/// same in every field (the whole set: `kiela puzzles mine`, see the
/// README, and the ignored test of `tests/puzzles_cli.rs`).
#[test]
fn a_shipped_puzzle_is_found_again_from_its_position() {
    let puzzles = shipped();
    let p = &puzzles[0];
    let game = puzzle_game(p).unwrap();
    let again = find_puzzle(&game, BUDGETS, p.solution.len(), &p.source);
    assert_eq!(again.as_ref(), Ok(p));
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
    use kiela_learn::puzzles::WIN_VALUE;
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

/// A `no-moves` puzzle's line ends the game: after the solver's last
/// move, the opponent has no move.
#[test]
fn a_no_moves_line_leaves_the_opponent_without_a_move() {
    use kiela_rules::{Move, Reason};
    for p in shipped()
        .iter()
        .filter(|p| p.themes.contains(&Theme::NoMoves))
    {
        let mut game = puzzle_game(p).unwrap();
        for mv in &p.solution {
            game.play(&mv.parse::<Move>().unwrap()).unwrap();
        }
        let outcome = game.outcome().map(|o| o.reason);
        assert_eq!(outcome, Some(Reason::NoMoves), "{}", p.id);
    }
}

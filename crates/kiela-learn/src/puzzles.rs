//! Puzzles mined from play: positions where one move is clearly best.
//!
//! The miner reads games (engine-vs-engine games it plays itself with
//! [`self_play`], or any [`Record`]) and keeps a position when:
//!
//! 1. **Screening**: a cheap analysis of the game ([`Budgets::screen`]
//!    nodes a position) says a move there lost at least [`SCREEN_LOSS`];
//!    the positions before and after that move are candidates (the chance
//!    the player missed, and the chance the mistake gave the opponent).
//! 2. **Finding**: at [`Budgets::find`] nodes, the best move for the player
//!    to move (the solver) is [`clearly_best`]: it wins by force while the
//!    second-best does not, or it keeps at least [`MARGIN`] more than every
//!    other move. The line goes on while the opponent's reply is clearly
//!    best by the same test (forced) and the solver's next move is too, up
//!    to [`MAX_SOLVER_MOVES`]; it always ends on the solver's move.
//! 3. **Verifying**: [`verify_with`] replays the whole line with a deeper
//!    search ([`Budgets::verify`]); a puzzle it refuses is dropped.
//!
//! Everything is deterministic for its seeds and node budgets, so a set
//! mined with the same arguments is the same set.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use kiela_ai::analysis::{analyze, WIN_STONES};
use kiela_ai::{best_move, game_history, top_moves, Level, Limits, Settings, WIN_BOUND};
use kiela_rules::{Game, LapKind, Move, Reason, Record, Side, Variant};

/// How much better than every other move the solution's move must be, in
/// hundredths of a stone: 4 stones (the analysis' "mistake"). Smaller
/// margins make puzzles whose answer the engine itself is unsure of.
pub const MARGIN: i32 = 400;

/// The loss (hundredths of a stone) from which the screening looks at a
/// move's positions: 2 stones, half of [`MARGIN`], so that the screening's
/// shallower search misses few puzzles.
pub const SCREEN_LOSS: i32 = 200;

/// A forced win counts as this value (as in the analysis): more than any
/// material lead, so that values stay comparable.
pub const WIN_VALUE: i32 = WIN_STONES;

/// The longest solution, in moves of the solver (plies: twice less one).
pub const MAX_SOLVER_MOVES: usize = 3;

/// Relays in one turn from which a solution's move is a "long relay".
pub const LONG_RELAY: u32 = 4;

/// Plies of the longest self-played game (longer games are cut).
pub const MAX_GAME_PLIES: usize = 240;

/// The node budgets of the three stages (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Per position, for the screening analysis.
    pub screen: u64,
    /// Per search (two searches a position: best and second best).
    pub find: u64,
    /// Per search when verifying; larger than `find`.
    pub verify: u64,
}

/// The budgets the shipped set was mined with.
pub const BUDGETS: Budgets = Budgets {
    screen: 3_000,
    find: 30_000,
    verify: 150_000,
};

impl Default for Budgets {
    fn default() -> Budgets {
        BUDGETS
    }
}

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// A solver's move relays at least [`LONG_RELAY`] times.
    LongRelay,
    /// A solver's move captures an inner hole and the outer one behind it.
    DoubleCapture,
    /// The solution leaves the opponent without a move (the game is won).
    NoMoves,
    /// The engine sees a forced win after the first move.
    ForcedWin,
    /// The best move only holds the balance (worth 2 stones or less) while
    /// the others lose: saving stones rather than winning them.
    Defence,
}

/// The engine's values of one ply of a solution, in hundredths of a stone
/// from the view of the player making it; a forced win is [`WIN_VALUE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Values {
    /// The value of the move played (the engine's best).
    pub best: i32,
    /// The value of the best other move.
    pub second: i32,
}

/// A puzzle: a position from play, and the line that solves it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable: the variant and a hash of the position.
    pub id: String,
    /// `standard` or `beginner` (a [`Variant`] name).
    pub variant: String,
    /// The record's moves that reach the position from the variant's
    /// start, in record notation (`1. G2 C3 2. J1`); they also give the
    /// repetition history.
    pub moves: String,
    /// The position's 40 holes, A1..J1, A2..J2, A3..J3, A4..J4 (for showing
    /// it without replaying; checked against `moves`).
    pub board: Vec<u8>,
    /// The solver: `South` or `North`.
    pub to_move: String,
    /// The line, hole names, solver first and last; the opponent's replies
    /// between are forced.
    pub solution: Vec<String>,
    pub themes: Vec<Theme>,
    /// One per ply of `solution`, from that ply's mover's view.
    pub values: Vec<Values>,
    /// A first guess at the puzzle's rating (Elo-like, 600..2200).
    pub rating: u32,
    /// Where it came from (`self-play 12 ply 34`).
    pub source: String,
}

/// Why [`verify`] refused a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Why {
    #[error("bad variant: {0}")]
    Variant(String),
    #[error("the moves do not replay: {0}")]
    Moves(String),
    #[error("the game is already over at the puzzle's position")]
    GameOver,
    #[error("the board does not match the moves")]
    Board,
    #[error("the side to move is {actual}, not {declared}")]
    Turn { declared: String, actual: String },
    #[error("a player may still rearrange (Expert): not a puzzle position")]
    Rearrangement,
    #[error("the solution is empty")]
    Empty,
    #[error("the solution has {0} plies: it must end on the solver's move (odd)")]
    EndsOnOpponent(usize),
    #[error("ply {ply} of the solution, {mv}: {error}")]
    BadMove {
        ply: usize,
        mv: String,
        error: String,
    },
    #[error("ply {ply}: the engine prefers {engine} to {mv}")]
    NotBest {
        ply: usize,
        mv: String,
        engine: String,
    },
    #[error("ply {ply}: {mv} ({best}) is not clearly better than the next move ({second})")]
    NotClear {
        ply: usize,
        mv: String,
        best: i32,
        second: i32,
    },
    #[error("the game ends before the solution does (ply {0})")]
    EndsEarly(usize),
}

/// The acceptance rule, on values from [`value`]: the best move wins by
/// force and the second does not, or it is at least [`MARGIN`] better.
/// Two equally good moves are never clearly best.
pub fn clearly_best(best: i32, second: i32) -> bool {
    (best >= WIN_VALUE && second < WIN_VALUE) || best - second >= MARGIN
}

/// An engine score as a puzzle value: wins and losses as ±[`WIN_VALUE`],
/// the rest clamped just inside them.
pub fn value(score: i32) -> i32 {
    match score {
        s if s > WIN_BOUND => WIN_VALUE,
        s if s < -WIN_BOUND => -WIN_VALUE,
        s => s.clamp(1 - WIN_VALUE, WIN_VALUE - 1),
    }
}

/// The engine's best move in a position and how it compares with the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub best: Move,
    pub values: Values,
    /// Whether [`clearly_best`] holds (false with a single legal move: no
    /// choice, no puzzle).
    pub clear: bool,
}

/// The search settings of the miner: `expert`'s, without noise, `nodes` a
/// search.
fn settings(nodes: u64) -> Settings {
    Settings {
        limits: Limits {
            nodes: Some(nodes.max(1)),
            ..Limits::default()
        },
        noise: 0,
        ..Level::Expert.fixed_settings()
    }
}

/// Judges the position of `game` (not over) with `nodes` nodes a search.
pub fn judge(game: &Game, nodes: u64) -> Judgement {
    let top = top_moves(game.position(), &game_history(game), &settings(nodes), 0, 2);
    let best = value(top[0].score);
    let (second, clear) = match top.get(1) {
        Some(r) => (value(r.score), clearly_best(best, value(r.score))),
        None => (best, false),
    };
    Judgement {
        best: top[0].best,
        values: Values { best, second },
        clear,
    }
}

/// Whether a position can be a puzzle's: the game goes on, and nobody may
/// still rearrange (solutions are sowings).
fn playable(game: &Game) -> bool {
    let p = game.position();
    !game.is_over() && !p.may_rearrange(Side::South) && !p.may_rearrange(Side::North)
}

/// The longest line from `game`'s position that passes the acceptance rule
/// at `nodes` nodes a search: the solver's clearly best move, then while
/// the opponent's reply is forced and the solver's next move clearly best,
/// both. `None` when the first move is not clearly best.
pub fn solution_line(game: &Game, nodes: u64) -> Option<(Vec<Move>, Vec<Values>)> {
    if !playable(game) {
        return None;
    }
    let first = judge(game, nodes);
    if !first.clear {
        return None;
    }
    let mut line = game.clone();
    line.play(&first.best).ok()?;
    let mut moves = vec![first.best];
    let mut values = vec![first.values];
    while moves.len() < 2 * MAX_SOLVER_MOVES - 1 && playable(&line) {
        let reply = judge(&line, nodes);
        if !reply.clear {
            break;
        }
        let mut next = line.clone();
        next.play(&reply.best).ok()?;
        if !playable(&next) {
            break;
        }
        let again = judge(&next, nodes);
        if !again.clear {
            break;
        }
        next.play(&again.best).ok()?;
        line = next;
        moves.extend([reply.best, again.best]);
        values.extend([reply.values, again.values]);
    }
    Some((moves, values))
}

/// The themes of a solution played from `game`'s position.
fn themes(game: &Game, solution: &[Move], values: &[Values]) -> Vec<Theme> {
    let mut themes = HashSet::new();
    let mut line = game.clone();
    for (i, mv) in solution.iter().enumerate() {
        if i % 2 == 0 {
            if let Ok(trace) = line.position().trace(mv) {
                let relays = trace.laps.iter().filter(|l| l.kind == LapKind::Relay);
                if relays.count() as u32 >= LONG_RELAY {
                    themes.insert(Theme::LongRelay);
                }
                if trace.laps.iter().any(|l| l.captured[1].is_some()) {
                    themes.insert(Theme::DoubleCapture);
                }
            }
        }
        if line.play(mv).is_err() {
            break;
        }
    }
    if line.outcome().is_some_and(|o| o.reason == Reason::NoMoves) {
        themes.insert(Theme::NoMoves);
    }
    if values[0].best >= WIN_VALUE {
        themes.insert(Theme::ForcedWin);
    }
    if values[0].best <= 200 {
        themes.insert(Theme::Defence);
    }
    let mut themes: Vec<Theme> = themes.into_iter().collect();
    themes.sort();
    themes
}

/// A first rating guess: longer lines, narrower margins, long relays and
/// defence are harder; a first move that wins outright is easier.
fn rating(solution_len: usize, values: &[Values], themes: &[Theme]) -> u32 {
    let solver_moves = solution_len.div_ceil(2) as i32;
    let margin = values[0].best - values[0].second;
    let mut r = 1000 + 250 * (solver_moves - 1);
    if margin < 2 * MARGIN {
        r += 100;
    }
    if margin >= 4 * MARGIN {
        r -= 100;
    }
    for (theme, delta) in [
        (Theme::LongRelay, 100),
        (Theme::Defence, 150),
        (Theme::DoubleCapture, 50),
        (Theme::NoMoves, -100),
    ] {
        if themes.contains(&theme) {
            r += delta;
        }
    }
    r.clamp(600, 2200) as u32
}

/// Record notation of moves with move numbers: `1. G2 C3 2. J1`.
fn movetext(moves: &[Move]) -> String {
    let mut text = String::new();
    for (i, mv) in moves.iter().enumerate() {
        if !text.is_empty() {
            text.push(' ');
        }
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&mv.to_string());
    }
    text
}

/// The puzzle whose position is `game`'s, when there is one at `nodes`
/// nodes a search (not yet verified deeper).
pub fn find_puzzle(game: &Game, nodes: u64, source: &str) -> Option<Puzzle> {
    let (solution, values) = solution_line(game, nodes)?;
    let themes = themes(game, &solution, &values);
    let position = game.position();
    Some(Puzzle {
        id: format!(
            "{}-{:012x}",
            game.variant().name(),
            position.placement_hash() >> 16
        ),
        variant: game.variant().name().to_string(),
        moves: movetext(game.moves()),
        board: position.board().to_vec(),
        to_move: game.turn().to_string(),
        solution: solution.iter().map(Move::to_string).collect(),
        rating: rating(solution.len(), &values, &themes),
        themes,
        values,
        source: source.to_string(),
    })
}

/// Re-checks a puzzle with the shipped verification budget
/// ([`BUDGETS`]`.verify`).
pub fn verify(puzzle: &Puzzle) -> Result<(), Why> {
    verify_with(puzzle, BUDGETS.verify)
}

/// The game at a puzzle's position, from its variant and moves, checked
/// against its board and side to move.
pub fn puzzle_game(puzzle: &Puzzle) -> Result<Game, Why> {
    let variant: Variant = puzzle
        .variant
        .parse()
        .map_err(|e: kiela_rules::ParseVariantError| Why::Variant(e.to_string()))?;
    let record: Record = format!("variant={variant}; {}", puzzle.moves)
        .parse()
        .map_err(|e: kiela_rules::RecordError| Why::Moves(e.to_string()))?;
    let game = record.replay().map_err(|e| Why::Moves(e.to_string()))?;
    if game.is_over() {
        return Err(Why::GameOver);
    }
    if game.position().board().as_slice() != puzzle.board.as_slice() {
        return Err(Why::Board);
    }
    if game.turn().to_string() != puzzle.to_move {
        return Err(Why::Turn {
            declared: puzzle.to_move.clone(),
            actual: game.turn().to_string(),
        });
    }
    if !playable(&game) {
        return Err(Why::Rearrangement);
    }
    Ok(game)
}

/// Re-checks a puzzle with `nodes` nodes a search: the position is what it
/// says, the solution ends on the solver's move, every solver move is the
/// engine's clearly best move and every reply the engine's forced one.
pub fn verify_with(puzzle: &Puzzle, nodes: u64) -> Result<(), Why> {
    let mut game = puzzle_game(puzzle)?;
    let len = puzzle.solution.len();
    if len == 0 {
        return Err(Why::Empty);
    }
    if len.is_multiple_of(2) {
        return Err(Why::EndsOnOpponent(len));
    }
    for (i, text) in puzzle.solution.iter().enumerate() {
        let ply = i + 1;
        let bad = |error: String| Why::BadMove {
            ply,
            mv: text.clone(),
            error,
        };
        let mv: Move = text.parse().map_err(|e| bad(format!("{e}")))?;
        if !playable(&game) {
            return Err(Why::EndsEarly(ply));
        }
        let judgement = judge(&game, nodes);
        if judgement.best != mv {
            return Err(Why::NotBest {
                ply,
                mv: text.clone(),
                engine: judgement.best.to_string(),
            });
        }
        if !judgement.clear {
            return Err(Why::NotClear {
                ply,
                mv: text.clone(),
                best: judgement.values.best,
                second: judgement.values.second,
            });
        }
        game.play(&mv).map_err(|e| bad(e.to_string()))?;
    }
    Ok(())
}

/// Counts of a mining run, for progress lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    pub plies: usize,
    /// Positions tested at the find budget.
    pub candidates: usize,
    /// Puzzles found at the find budget.
    pub found: usize,
    /// Found puzzles the verification refused.
    pub refused: usize,
    /// Verified puzzles already mined (same position).
    pub duplicates: usize,
    /// Verified, new puzzles.
    pub kept: usize,
}

/// The verified puzzles of one game, at most one per position; `seen`
/// holds the ids already mined (updated), `stats` is updated.
pub fn mine_record(
    record: &Record,
    source: &str,
    budgets: Budgets,
    seen: &mut HashSet<String>,
    stats: &mut Stats,
) -> Vec<Puzzle> {
    let Ok(game) = Game::replay(record.variant, &record.moves) else {
        return Vec::new();
    };
    stats.games += 1;
    stats.plies += game.ply();
    let mut candidates: Vec<usize> = Vec::new();
    for ply in analyze(&game, budgets.screen, |_, _| {}) {
        if ply.loss >= SCREEN_LOSS {
            // Before the move (the missed chance) and after it (the reply).
            candidates.extend([ply.ply - 1, ply.ply]);
        }
    }
    candidates.dedup();
    let mut puzzles = Vec::new();
    for n in candidates {
        let Ok(at) = Game::replay(record.variant, &record.moves[..n]) else {
            continue;
        };
        if !playable(&at) {
            continue;
        }
        stats.candidates += 1;
        let Some(puzzle) = find_puzzle(&at, budgets.find, &format!("{source} ply {n}")) else {
            continue;
        };
        stats.found += 1;
        if seen.contains(&puzzle.id) {
            stats.duplicates += 1;
            continue;
        }
        if verify_with(&puzzle, budgets.verify).is_err() {
            stats.refused += 1;
            continue;
        }
        seen.insert(puzzle.id.clone());
        stats.kept += 1;
        puzzles.push(puzzle);
    }
    puzzles
}

/// One engine-vs-engine game for mining, from `seed` alone: a Standard
/// game (one in four Beginner) between two levels from `beginner` to
/// `hard` (their noise makes the mistakes), after up to four random opening
/// plies, cut at [`MAX_GAME_PLIES`]. The record names the levels.
pub fn self_play(seed: u64) -> Record {
    let mut rng = fastrand::Rng::with_seed(seed);
    let variant = if rng.usize(0..4) == 3 {
        Variant::Beginner
    } else {
        Variant::Standard
    };
    let levels = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard];
    let players = [
        levels[rng.usize(0..levels.len())],
        levels[rng.usize(0..levels.len())],
    ];
    let mut game = Game::new(variant);
    let opening = rng.usize(0..=4);
    while !game.is_over() && game.ply() < MAX_GAME_PLIES {
        let mv = if game.ply() < opening {
            let legal = game.legal_moves();
            Move::Sow(legal[rng.usize(0..legal.len())])
        } else {
            let level = players[game.turn().index()];
            let history = game_history(&game);
            best_move(
                game.position(),
                &history,
                &level.fixed_settings(),
                rng.u64(..),
            )
            .best
        };
        game.play(&mv)
            .expect("the engine and the legal list give legal moves");
    }
    Record::of_game(&game, players[0].name(), players[1].name())
}

/// Mines `games` self-played games, game `i` from seed `seed + i`, calling
/// `on_game(i, new puzzles, stats so far)` after each. Deterministic.
pub fn mine(
    games: usize,
    seed: u64,
    budgets: Budgets,
    mut on_game: impl FnMut(usize, &[Puzzle], &Stats),
) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    let mut stats = Stats::default();
    let mut all = Vec::new();
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let record = self_play(game_seed);
        let source = format!("self-play {game_seed}");
        let found = mine_record(&record, &source, budgets, &mut seen, &mut stats);
        on_game(i, &found, &stats);
        all.extend(found);
    }
    all
}

/// The puzzle set shipped in `assets/puzzles/puzzles.jsonl`, built into
/// the program; a puzzle's number is its line (from 1), so the set only
/// ever grows at its end.
pub fn shipped() -> &'static [Puzzle] {
    static SHIPPED: std::sync::LazyLock<Vec<Puzzle>> = std::sync::LazyLock::new(|| {
        // Checked by the crate's tests: a set that does not read is a
        // broken build, not a runtime condition.
        read_jsonl(SHIPPED_JSONL).expect("the shipped puzzle set reads")
    });
    &SHIPPED
}

/// The shipped set's text.
pub const SHIPPED_JSONL: &str = include_str!("../../../assets/puzzles/puzzles.jsonl");

/// Reads a puzzle set: one JSON object a line (blank lines skipped).
pub fn read_jsonl(text: &str) -> Result<Vec<Puzzle>, serde_json::Error> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect()
}

/// One puzzle as a line of a JSONL set (without the newline).
pub fn to_json_line(puzzle: &Puzzle) -> String {
    serde_json::to_string(puzzle).expect("a puzzle serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::Position;

    /// Small budgets: unit tests stay quick.
    const TEST: Budgets = Budgets {
        screen: 500,
        find: 2_000,
        verify: 4_000,
    };

    #[test]
    fn the_acceptance_rule() {
        assert!(!clearly_best(300, 300), "two equally good moves");
        assert!(!clearly_best(WIN_VALUE, WIN_VALUE), "two wins");
        assert!(
            clearly_best(WIN_VALUE, WIN_VALUE - 100),
            "a win against a lead"
        );
        assert!(clearly_best(100, 100 - MARGIN));
        assert!(!clearly_best(100, 101 - MARGIN));
        assert!(!clearly_best(-WIN_VALUE, -WIN_VALUE), "everything loses");
    }

    #[test]
    fn a_position_with_two_equally_good_moves_is_rejected() {
        // North holds single stones only: both of South's sowings win at
        // once, so neither is clearly best.
        let mut board = [0u8; 40];
        board[0] = 2; // A1
        board[5] = 2; // F1
        board[30] = 1; // A4
        let position = Position::from_board(Variant::Standard, board, Side::South);
        let game = Game::from_position(position);
        let judgement = judge(&game, 2_000);
        assert_eq!(judgement.values.best, WIN_VALUE);
        assert_eq!(judgement.values.second, WIN_VALUE);
        assert!(!judgement.clear);
        assert!(find_puzzle(&game, 2_000, "test").is_none());
    }

    #[test]
    fn mined_solutions_end_on_the_solvers_move_and_verify() {
        let mut seen = HashSet::new();
        let mut stats = Stats::default();
        let mut puzzles = Vec::new();
        for seed in 0..6 {
            let record = self_play(seed);
            puzzles.extend(mine_record(&record, "t", TEST, &mut seen, &mut stats));
        }
        assert!(!puzzles.is_empty(), "{stats:?}");
        for p in &puzzles {
            assert_eq!(p.solution.len() % 2, 1, "{p:?}");
            assert_eq!(p.values.len(), p.solution.len());
            assert!(clearly_best(p.values[0].best, p.values[0].second));
            assert_eq!(verify_with(p, TEST.verify), Ok(()));
            let line = to_json_line(p);
            assert_eq!(read_jsonl(&line).unwrap(), vec![p.clone()]);
        }
    }

    #[test]
    fn verification_refuses_a_solution_ending_on_the_opponents_move() {
        let mut seen = HashSet::new();
        let mut stats = Stats::default();
        let mut puzzle = (0..8)
            .flat_map(|s| mine_record(&self_play(s), "t", TEST, &mut seen, &mut stats))
            .next()
            .expect("a puzzle in eight games");
        let game = puzzle_game(&puzzle).unwrap();
        let mut after = game.clone();
        after.play(&puzzle.solution[0].parse().unwrap()).unwrap();
        if let Some(reply) = after.legal_moves().first() {
            puzzle.solution.truncate(1);
            puzzle.solution.push(reply.to_string());
            assert_eq!(
                verify_with(&puzzle, TEST.verify),
                Err(Why::EndsOnOpponent(2))
            );
        }
        puzzle.solution.clear();
        assert_eq!(verify_with(&puzzle, TEST.verify), Err(Why::Empty));
    }

    #[test]
    fn a_wrong_board_or_side_is_refused() {
        let mut seen = HashSet::new();
        let mut stats = Stats::default();
        let puzzle = (0..8)
            .flat_map(|s| mine_record(&self_play(s), "t", TEST, &mut seen, &mut stats))
            .next()
            .expect("a puzzle in eight games");
        let mut board = puzzle.clone();
        board.board[0] ^= 1;
        assert_eq!(verify_with(&board, TEST.verify), Err(Why::Board));
        let mut side = puzzle.clone();
        side.to_move = if side.to_move == "South" {
            "North"
        } else {
            "South"
        }
        .into();
        assert!(matches!(
            verify_with(&side, TEST.verify),
            Err(Why::Turn { .. })
        ));
    }

    #[test]
    fn self_play_is_reproducible() {
        assert_eq!(self_play(5), self_play(5));
        assert!(self_play(5).replay().is_ok());
    }
}

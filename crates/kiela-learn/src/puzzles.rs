//! Puzzles mined from strong play: positions where one move is the only
//! good one, as lichess-puzzler keeps them.
//!
//! The miner reads games (games the strongest level plays against itself,
//! [`self_play`], or any [`Record`], such as the bot's finished human
//! games) and keeps a position when:
//!
//! 1. **Where**: it is at least [`FIRST_PLY`] plies into the game, at most
//!    [`PER_GAME`] puzzles come from one game, and no two of them touch (a
//!    puzzle starts after the previous one's line ends, never on the ply
//!    next to it).
//! 2. **Screening**: a cheap search ([`Budgets::screen`] nodes) sees the
//!    best move at least [`SCREEN_MARGIN`] ahead of the next; positions are
//!    tried clearest first, those where that move is the largest capture
//!    last.
//! 3. **Finding** ([`Budgets::find`] nodes a search): the solver's move is
//!    [`clearly_best`]; the line goes on while the opponent's reply is its
//!    only best one ([`forced_reply`]) and the solver's next move is clearly
//!    best again, up to [`MAX_SOLVER_MOVES`]; it always ends on the
//!    solver's move.
//! 4. **Verifying** ([`Budgets::verify`], five times the find budget): the
//!    whole line is judged again; it is cut after the last solver move from
//!    which every ply so far still passes (the first must), and the values
//!    stored are the deeper search's. Then the rules of [`keep`]:
//!    (a) every solver move is the unique best by [`MARGIN`] or the only
//!    forced win; (b) every reply is the opponent's only best one, by
//!    [`REPLY_MARGIN`]; (c) the solver is not lost by [`LOST`] or more after
//!    the line; (d) the first move is not the only capture among three or
//!    more moves, and (in [`Collector`]) taking the largest capture is the
//!    answer in at most one puzzle in [`BIGGEST_SHARE`]; at least one
//!    puzzle in [`LONG_SHARE`] has a line of [`LONG_LINE`] plies or more.
//! 5. **Rating**: [`rating`] from the difficulty the engine measures: the
//!    fewest nodes at which it finds the first move as the unique best
//!    ([`difficulty_nodes`]), the tempting wrong moves (captures at least as
//!    large), the line's length.
//!
//! Everything is deterministic for its seeds and node budgets, so a set
//! mined with the same arguments is the same set.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use kiela_ai::{best_move, game_history, top_moves, Level, Limits, Settings, WIN_BOUND};
use kiela_rules::{Game, LapKind, Move, Position, Reason, Record, Side, Variant};

/// How much better than every other move a solver's move must be, in
/// hundredths of a stone: 2 stones (rule (a)).
pub const MARGIN: i32 = 200;

/// How much better than every other reply the opponent's reply in a line
/// must be (rule (b): no other reply as good), in hundredths of a stone:
/// one stone, so that evaluation noise is no tie-break.
pub const REPLY_MARGIN: i32 = 100;

/// Rule (c): a line after which the solver is behind by this much (10
/// stones) or more is not a puzzle (the game is already lost).
pub const LOST: i32 = -1000;

/// The screening's margin: half of [`MARGIN`], so that its shallower search
/// misses few puzzles.
pub const SCREEN_MARGIN: i32 = 100;

/// No puzzle from a position of the first plies (the opening).
pub const FIRST_PLY: usize = 8;

/// At most this many puzzles from one game.
pub const PER_GAME: usize = 3;

/// Taking the largest capture is the answer in at most one puzzle in this
/// many (rule (d)).
pub const BIGGEST_SHARE: usize = 5;

/// At least one puzzle in this many has a line of [`LONG_LINE`] plies or
/// more (a one-move puzzle is kept only while the share stays within it).
pub const LONG_SHARE: usize = 4;

/// A line this long or longer (the solver's move, a reply, the solver's
/// move again) is a long one.
pub const LONG_LINE: usize = 3;

/// A forced win counts as this value (as in the analysis): more than any
/// material lead, so that values stay comparable.
pub const WIN_VALUE: i32 = kiela_ai::analysis::WIN_STONES;

/// The longest solution, in moves of the solver (plies: twice less one).
pub const MAX_SOLVER_MOVES: usize = 3;

/// Relays in one turn from which a solution's move is a relay chain.
pub const LONG_RELAY: u32 = 4;

/// Plies of the longest self-played game (longer games are cut).
pub const MAX_GAME_PLIES: usize = 240;

/// Self-played games open with this many plies where the strongest level
/// picks at random among its moves within [`OPENING_SPREAD`] of its best
/// (no puzzle comes from them, see [`FIRST_PLY`]): the games differ, and
/// are still strong.
pub const OPENING_PLIES: usize = 8;

/// How far below the best move (hundredths of a stone, at
/// [`OPENING_NODES`] a search) an opening move may be.
pub const OPENING_SPREAD: i32 = 150;

/// Nodes a search for the opening's choice of moves.
pub const OPENING_NODES: u64 = 7_000;

/// The smallest budget of the difficulty ladder ([`difficulty_nodes`]):
/// a search this small completes depth 1 only.
pub const LADDER_START: u64 = 8;

/// The node budgets of the stages (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Per search, for the screening.
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

/// What a puzzle is about, from what its line does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Relay chain: a solver's move relays at least [`LONG_RELAY`] times.
    LongRelay,
    /// A solver's move captures twice or more in one turn (the captured
    /// stones capture again).
    DoubleCapture,
    /// The solution leaves the opponent without a move (the game is won).
    NoMoves,
    /// The engine sees a forced win after the first move.
    ForcedWin,
    /// The best move only holds the balance (worth 2 stones or less) while
    /// the others lose: saving stones rather than winning them.
    Defence,
    /// A solver's capture takes the opponent's outer hole too.
    OuterCapture,
    /// The line gives stones first (the opponent's reply captures more than
    /// the solver's first move) and wins more by its end.
    Sacrifice,
}

impl Theme {
    pub const ALL: [Theme; 7] = [
        Theme::LongRelay,
        Theme::DoubleCapture,
        Theme::NoMoves,
        Theme::ForcedWin,
        Theme::Defence,
        Theme::OuterCapture,
        Theme::Sacrifice,
    ];

    /// The JSON name (`long-relay`).
    pub fn name(self) -> &'static str {
        match self {
            Theme::LongRelay => "long-relay",
            Theme::DoubleCapture => "double-capture",
            Theme::NoMoves => "no-moves",
            Theme::ForcedWin => "forced-win",
            Theme::Defence => "defence",
            Theme::OuterCapture => "outer-capture",
            Theme::Sacrifice => "sacrifice",
        }
    }
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
    /// The line, hole names, solver first and last; each opponent reply
    /// between is the opponent's only best one.
    pub solution: Vec<String>,
    pub themes: Vec<Theme>,
    /// One per ply of `solution`, from that ply's mover's view, at the
    /// verification budget.
    pub values: Vec<Values>,
    /// The initial rating (Elo-like, 600..2200), [`rating`] of the fields
    /// below.
    pub rating: u32,
    /// Where it came from (`self-play 12 ply 34`).
    pub source: String,
    /// The fewest nodes a search at which the engine finds the first move
    /// as the clearly best one ([`difficulty_nodes`]).
    #[serde(default)]
    pub nodes: u64,
    /// Other first moves that capture at least as many stones as the
    /// answer (tempting wrong moves).
    #[serde(default)]
    pub tempting: u32,
    /// Whether the answer is the largest immediate capture on the board.
    #[serde(default)]
    pub biggest_capture: bool,
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
    #[error("the position is in the first {FIRST_PLY} plies")]
    Opening,
    #[error("the solver is lost after the line ({0})")]
    Lost(i32),
    #[error("the answer is the only capture among {0} moves")]
    OnlyCapture(usize),
    #[error("stored {field} differ from the engine's: {stored} against {engine}")]
    Stored {
        field: &'static str,
        stored: String,
        engine: String,
    },
}

/// Rule (a) on values from [`value`]: the best move wins by force and the
/// second does not, or it is at least [`MARGIN`] better. Two equally good
/// moves are never clearly best.
pub fn clearly_best(best: i32, second: i32) -> bool {
    (best >= WIN_VALUE && second < WIN_VALUE) || best - second >= MARGIN
}

/// Rule (b): the opponent's reply is its only best one: a forced win
/// against none, or [`REPLY_MARGIN`] better than any other reply.
pub fn forced_reply(best: i32, second: i32) -> bool {
    (best >= WIN_VALUE && second < WIN_VALUE) || best - second >= REPLY_MARGIN
}

/// Rule (b) when every reply loses by force (engine scores, which count
/// the plies to the end): the best reply is the only one that holds out
/// longest, every other loses sooner.
pub fn resists_longest(best: i32, second: i32) -> bool {
    best < -WIN_BOUND && second < best
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
    /// Whether [`forced_reply`] or [`resists_longest`] holds (true with a
    /// single legal move: the opponent has no other reply).
    pub forced: bool,
}

/// The search settings of the miner: `expert`'s, without noise or clock,
/// `nodes` a search.
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
    let (second, clear, forced) = match top.get(1) {
        Some(r) => {
            let second = value(r.score);
            (
                second,
                clearly_best(best, second),
                forced_reply(best, second) || resists_longest(top[0].score, r.score),
            )
        }
        // The only legal move: no choice for a solver, and a reply with
        // no other reply at all.
        None => (best, false, true),
    };
    Judgement {
        best: top[0].best,
        values: Values { best, second },
        clear,
        forced,
    }
}

/// Whether a position can be a puzzle's: the game goes on, and nobody may
/// still rearrange (solutions are sowings).
fn playable(game: &Game) -> bool {
    let p = game.position();
    !game.is_over() && !p.may_rearrange(Side::South) && !p.may_rearrange(Side::North)
}

/// The longest line from `game`'s position that passes rules (a) and (b)
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
        if !reply.forced {
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

/// Judges `line` from `game`'s position again with `nodes` nodes a search:
/// the longest prefix ending on a solver move whose every ply is the
/// engine's best and passes its rule, with the values found. Empty when
/// the first move fails.
pub fn verified_prefix(game: &Game, line: &[Move], nodes: u64) -> (Vec<Move>, Vec<Values>) {
    let mut at = game.clone();
    let mut values = Vec::new();
    for (i, mv) in line.iter().enumerate() {
        if !playable(&at) {
            break;
        }
        let j = judge(&at, nodes);
        let passes = if i % 2 == 0 { j.clear } else { j.forced };
        if j.best != *mv || !passes || at.play(mv).is_err() {
            break;
        }
        values.push(j.values);
    }
    let keep = if values.len() % 2 == 0 {
        values.len().saturating_sub(1)
    } else {
        values.len()
    };
    values.truncate(keep);
    (line[..keep].to_vec(), values)
}

/// Stones captured by a turn (every capture of the turn).
fn captured(position: &Position, mv: &Move) -> u32 {
    position.trace(mv).map_or(0, |t| {
        t.laps
            .iter()
            .flat_map(|l| l.captures())
            .map(|(_, n)| u32::from(n))
            .sum()
    })
}

/// What the first move is beside the others (rule (d), and the tempting
/// moves of the rating).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captures {
    /// Legal moves in the position.
    pub legal: usize,
    /// The answer is the only move that captures.
    pub only: bool,
    /// The answer captures, and no move captures more.
    pub biggest: bool,
    /// Other moves capturing at least as many stones as the answer (and
    /// some).
    pub tempting: u32,
}

/// [`Captures`] of `answer` in `position`.
pub fn captures(position: &Position, answer: &Move) -> Captures {
    let mine = captured(position, answer);
    let others: Vec<u32> = position
        .legal_moves()
        .iter()
        .map(|h| Move::Sow(*h))
        .filter(|m| m != answer)
        .map(|m| captured(position, &m))
        .collect();
    let best_other = others.iter().copied().max().unwrap_or(0);
    Captures {
        legal: others.len() + 1,
        only: mine > 0 && best_other == 0,
        biggest: mine > 0 && mine >= best_other,
        tempting: others.iter().filter(|&&n| n > 0 && n >= mine).count() as u32,
    }
}

/// The stones on `side`'s 20 holes.
fn material(position: &Position, side: Side) -> i32 {
    let board = position.board();
    let half = if side == Side::South {
        &board[..20]
    } else {
        &board[20..]
    };
    half.iter().map(|&n| i32::from(n)).sum()
}

/// The themes of a solution played from `game`'s position.
pub fn themes(game: &Game, solution: &[Move], values: &[Values]) -> Vec<Theme> {
    let mut themes = HashSet::new();
    let solver = game.turn();
    let start = material(game.position(), solver);
    let mut lowest = start;
    let mut line = game.clone();
    for (i, mv) in solution.iter().enumerate() {
        if i % 2 == 0 {
            if let Ok(trace) = line.position().trace(mv) {
                let relays = trace.laps.iter().filter(|l| l.kind == LapKind::Relay);
                if relays.count() as u32 >= LONG_RELAY {
                    themes.insert(Theme::LongRelay);
                }
                if trace.laps.iter().any(|l| l.captured[1].is_some()) {
                    themes.insert(Theme::OuterCapture);
                }
                let captures = trace.laps.iter().filter(|l| l.captured[0].is_some());
                if captures.count() >= 2 {
                    themes.insert(Theme::DoubleCapture);
                }
            }
        }
        if line.play(mv).is_err() {
            break;
        }
        lowest = lowest.min(material(line.position(), solver));
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
    if lowest < start && material(line.position(), solver) > start {
        themes.insert(Theme::Sacrifice);
    }
    let mut themes: Vec<Theme> = themes.into_iter().collect();
    themes.sort();
    themes
}

/// The fewest nodes a search, on the ladder [`LADDER_START`]·2ⁿ up to
/// `most`, at which the engine finds `answer` as the clearly best move of
/// `game`'s position; `most` when only there.
pub fn difficulty_nodes(game: &Game, answer: &Move, most: u64) -> u64 {
    let mut nodes = LADDER_START;
    while nodes < most {
        let j = judge(game, nodes);
        if j.best == *answer && j.clear {
            return nodes;
        }
        nodes *= 2;
    }
    most
}

/// The initial rating, from the engine-measured difficulty: 600 when the
/// smallest search sees the answer, [`PER_DOUBLING`] more for each
/// doubling of the nodes it needs, 250 for each further solver move, 100
/// for each tempting wrong move (up to three), 100 less when the answer is
/// the largest capture, 100 less for a one-move win; 600..2200.
pub fn rating(
    nodes: u64,
    solution_len: usize,
    tempting: u32,
    biggest: bool,
    themes: &[Theme],
) -> u32 {
    let doublings = (nodes.max(LADDER_START) / LADDER_START).ilog2() as i32;
    let solver_moves = solution_len.div_ceil(2) as i32;
    let mut r =
        600 + PER_DOUBLING * doublings + 250 * (solver_moves - 1) + 100 * tempting.min(3) as i32;
    if biggest {
        r -= 100;
    }
    if solution_len == 1 && themes.contains(&Theme::NoMoves) {
        r -= 100;
    }
    r.clamp(600, 2200) as u32
}

/// Rating points of each doubling of the nodes the engine needs.
pub const PER_DOUBLING: i32 = 110;

/// [`rating`] of a puzzle's stored fields.
pub fn rating_of(p: &Puzzle) -> u32 {
    rating(
        p.nodes,
        p.solution.len(),
        p.tempting,
        p.biggest_capture,
        &p.themes,
    )
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

/// Why [`find_puzzle`] found none (for the miner's counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// Not playable, or in the opening.
    Position,
    /// The first move is the only capture among three or more (rule (d)).
    OnlyCapture,
    /// No clearly best move at the find budget.
    NotFound,
    /// The deeper search refused the first move.
    Refused,
    /// The solver is lost after the line (rule (c)).
    Lost,
}

/// The puzzle whose position is `game`'s, when there is one: found at
/// `budgets.find` (the line cut to `most` plies, odd), verified at
/// `budgets.verify`, rules (a)-(d) but the set's share of largest captures.
pub fn find_puzzle(
    game: &Game,
    budgets: Budgets,
    most: usize,
    source: &str,
) -> Result<Puzzle, Miss> {
    if !playable(game) || game.ply() < FIRST_PLY {
        return Err(Miss::Position);
    }
    let (mut found, _) = solution_line(game, budgets.find).ok_or(Miss::NotFound)?;
    found.truncate(most.max(1));
    let caps = captures(game.position(), &found[0]);
    if caps.only && caps.legal >= 3 {
        return Err(Miss::OnlyCapture);
    }
    let (solution, values) = verified_prefix(game, &found, budgets.verify);
    if solution.is_empty() {
        return Err(Miss::Refused);
    }
    let last = values[values.len() - 1].best;
    if last <= LOST {
        return Err(Miss::Lost);
    }
    let themes = themes(game, &solution, &values);
    let nodes = difficulty_nodes(game, &solution[0], budgets.verify);
    let position = game.position();
    Ok(Puzzle {
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
        rating: rating(nodes, solution.len(), caps.tempting, caps.biggest, &themes),
        themes,
        values,
        source: source.to_string(),
        nodes,
        tempting: caps.tempting,
        biggest_capture: caps.biggest,
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

/// Re-checks a puzzle's rules without the engine: past the opening, ends
/// on the solver's move, not lost after the line (c), not the only capture
/// among three or more moves (d), and its capture fields and rating are
/// what the position and [`rating_of`] say.
pub fn check_rules(puzzle: &Puzzle) -> Result<Game, Why> {
    let game = puzzle_game(puzzle)?;
    if game.ply() < FIRST_PLY {
        return Err(Why::Opening);
    }
    let len = puzzle.solution.len();
    if len == 0 {
        return Err(Why::Empty);
    }
    if len.is_multiple_of(2) {
        return Err(Why::EndsOnOpponent(len));
    }
    if puzzle.values.len() != len {
        return Err(stored("values", len, puzzle.values.len()));
    }
    let last = puzzle.values[len - 1].best;
    if last <= LOST {
        return Err(Why::Lost(last));
    }
    let first: Move = puzzle.solution[0].parse().map_err(|e| Why::BadMove {
        ply: 1,
        mv: puzzle.solution[0].clone(),
        error: format!("{e}"),
    })?;
    let caps = captures(game.position(), &first);
    if caps.only && caps.legal >= 3 {
        return Err(Why::OnlyCapture(caps.legal));
    }
    if (caps.biggest, caps.tempting) != (puzzle.biggest_capture, puzzle.tempting) {
        return Err(stored(
            "capture fields",
            (puzzle.biggest_capture, puzzle.tempting),
            (caps.biggest, caps.tempting),
        ));
    }
    if puzzle.rating != rating_of(puzzle) {
        return Err(stored("rating", puzzle.rating, rating_of(puzzle)));
    }
    Ok(game)
}

fn stored(field: &'static str, stored: impl std::fmt::Debug, engine: impl std::fmt::Debug) -> Why {
    Why::Stored {
        field,
        stored: format!("{stored:?}"),
        engine: format!("{engine:?}"),
    }
}

/// Re-checks a puzzle with `nodes` nodes a search: [`check_rules`], then
/// every solver move is the engine's clearly best move (a) and every reply
/// the opponent's only best one (b); at the shipped budget, the values and
/// themes stored are the engine's.
pub fn verify_with(puzzle: &Puzzle, nodes: u64) -> Result<(), Why> {
    let start = check_rules(puzzle)?;
    let mut game = start.clone();
    let mut values = Vec::new();
    let mut line = Vec::new();
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
        let passes = if i % 2 == 0 {
            judgement.clear
        } else {
            judgement.forced
        };
        if !passes {
            return Err(Why::NotClear {
                ply,
                mv: text.clone(),
                best: judgement.values.best,
                second: judgement.values.second,
            });
        }
        values.push(judgement.values);
        line.push(mv);
        game.play(&mv).map_err(|e| bad(e.to_string()))?;
    }
    if nodes == BUDGETS.verify {
        if values != puzzle.values {
            return Err(stored("values", &puzzle.values, &values));
        }
        let themes = themes(&start, &line, &values);
        if themes != puzzle.themes {
            return Err(stored("themes", &puzzle.themes, &themes));
        }
    }
    Ok(())
}

/// Counts of a mining run, for progress lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    pub plies: usize,
    /// Positions past the screening, tried at the find budget.
    pub candidates: usize,
    /// Puzzles found at the find budget.
    pub found: usize,
    /// Found puzzles the verification refused, or rules (c) and (d).
    pub refused: usize,
    /// Puzzles already mined (same position).
    pub duplicates: usize,
    /// Dropped to keep the largest captures at most one in [`BIGGEST_SHARE`].
    pub biggest_dropped: usize,
    /// Dropped to keep puzzles off the game at most one in [`OFF_GAME_SHARE`].
    pub off_game_dropped: usize,
    /// Short lines dropped to keep one puzzle in [`LONG_SHARE`] a long line.
    pub short_dropped: usize,
    /// Kept.
    pub kept: usize,
}

impl Stats {
    fn add(&mut self, other: &Stats) {
        self.games += other.games;
        self.plies += other.plies;
        self.candidates += other.candidates;
        self.found += other.found;
        self.refused += other.refused;
        self.duplicates += other.duplicates;
        self.biggest_dropped += other.biggest_dropped;
        self.off_game_dropped += other.off_game_dropped;
        self.short_dropped += other.short_dropped;
        self.kept += other.kept;
    }
}

/// The puzzles of one game (at most [`PER_GAME`], none in the first
/// [`FIRST_PLY`] plies, none touching another's line), before the set's
/// rules ([`Collector`]); `stats` is updated.
pub fn mine_game(
    record: &Record,
    source: &str,
    budgets: Budgets,
    stats: &mut Stats,
) -> Vec<Puzzle> {
    let Ok(game) = Game::replay(record.variant, &record.moves) else {
        return Vec::new();
    };
    stats.games += 1;
    stats.plies += game.ply();
    // Screening: every position past the opening, clearest first.
    let mut screened: Vec<(bool, i32, usize)> = Vec::new();
    let mut at = Game::new(record.variant);
    for (n, mv) in record.moves.iter().enumerate() {
        if n >= FIRST_PLY && playable(&at) {
            let j = judge(&at, budgets.screen);
            let gap = if j.values.best >= WIN_VALUE && j.values.second < WIN_VALUE {
                i32::MAX
            } else {
                j.values.best - j.values.second
            };
            if gap >= SCREEN_MARGIN && j.values.best > LOST {
                let biggest = captures(at.position(), &j.best).biggest;
                screened.push((biggest, gap, n));
            }
        }
        if at.play(mv).is_err() {
            break;
        }
    }
    // Forced wins first (the lines that can end the game, rare and
    // sought: a win shows as the largest gap), then largest captures last:
    // the set keeps few of them (rule (d)).
    screened
        .sort_by_key(|&(biggest, gap, n)| (gap != i32::MAX, biggest, std::cmp::Reverse(gap), n));
    // Lines kept so far: the plies of their first and last solver moves.
    // Two lines never touch: one starts at least two plies after the
    // other's last solver move (never on neighbouring plies).
    let mut taken: Vec<(usize, usize)> = Vec::new();
    let apart = |taken: &[(usize, usize)], first: usize, last: usize| {
        taken.iter().all(|&(a, b)| first >= b + 2 || a >= last + 2)
    };
    let mut puzzles = Vec::new();
    for (_, _, n) in screened {
        if puzzles.len() >= PER_GAME + SPARE {
            break;
        }
        if !apart(&taken, n, n) {
            continue;
        }
        let Ok(position) = Game::replay(record.variant, &record.moves[..n]) else {
            continue;
        };
        stats.candidates += 1;
        // The longest line that stays apart from the kept ones.
        let mut most = 2 * MAX_SOLVER_MOVES - 1;
        while most > 1 && !apart(&taken, n, n + most - 1) {
            most -= 2;
        }
        match find_puzzle(&position, budgets, most, &format!("{source} ply {n}")) {
            Ok(puzzle) => {
                stats.found += 1;
                taken.push((n, n + puzzle.solution.len() - 1));
                puzzles.push(puzzle);
            }
            Err(Miss::NotFound | Miss::Position) => {}
            Err(Miss::OnlyCapture | Miss::Refused | Miss::Lost) => {
                stats.found += 1;
                stats.refused += 1;
            }
        }
    }
    // The longest lines first (in the order found among equals), the
    // game's PER_GAME.
    let mut lines: Vec<(Puzzle, (usize, usize))> = puzzles.into_iter().zip(taken).collect();
    lines.sort_by_key(|(p, _)| std::cmp::Reverse(p.solution.len()));
    lines.truncate(PER_GAME);
    let (mut puzzles, mut taken): (Vec<Puzzle>, Vec<(usize, usize)>) = lines.into_iter().unzip();
    // A position one ply off the game where one move wins at once or
    // soon, for a line that ends the game (a few tried at most): in a
    // slot left, or in place of the game's shortest line when it ends no
    // game.
    let mut spare = None;
    if puzzles.len() == PER_GAME && !puzzles[PER_GAME - 1].themes.contains(&Theme::NoMoves) {
        spare = puzzles.pop().zip(taken.pop());
    }
    if puzzles.len() < PER_GAME {
        let branches = no_moves_branches(record, budgets.screen);
        // Not one of the game's positions: near its lines is no repeat.
        for (n, deviation) in branches.into_iter().take(BRANCH_TRIES) {
            let Ok(mut position) = Game::replay(record.variant, &record.moves[..n]) else {
                continue;
            };
            if position.play(&deviation).is_err() {
                continue;
            }
            stats.candidates += 1;
            let played = record.moves[n];
            let at = format!("{source} ply {} ({deviation} instead of {played})", n + 1);
            match find_puzzle(&position, budgets, 2 * MAX_SOLVER_MOVES - 1, &at) {
                Ok(puzzle) if puzzle.themes.contains(&Theme::NoMoves) => {
                    stats.found += 1;
                    puzzles.push(puzzle);
                    spare = None;
                    break;
                }
                Ok(_) | Err(Miss::OnlyCapture | Miss::Refused | Miss::Lost) => {
                    stats.found += 1;
                    stats.refused += 1;
                }
                Err(Miss::NotFound | Miss::Position) => {}
            }
        }
    }
    if let Some((puzzle, line)) = spare {
        puzzles.push(puzzle);
        taken.push(line);
    }
    puzzles.sort_by_key(|p| p.moves.len());
    puzzles
}

/// Puzzles a game tries beyond [`PER_GAME`], to keep its longest lines.
pub const SPARE: usize = 2;

/// Positions off the game ([`no_moves_branches`]) tried at most a game.
pub const BRANCH_TRIES: usize = 8;

/// Puzzles from a position off the game ([`no_moves_branches`]) are at
/// most one in this many of the set.
pub const OFF_GAME_SHARE: usize = 25;

/// Whether a puzzle's position is one ply off its game (its source names
/// the move played instead of the game's: `self-play 9 ply 18 (H3
/// instead of D3)`).
pub fn off_game(p: &Puzzle) -> bool {
    p.source.ends_with(')') && p.source.contains(" instead of ")
}

/// Positions one ply off `record`'s game, in game order: after its first
/// `n` moves, another legal move than the game's (a mistake the game did
/// not make), after which the screening search (`screen` nodes) sees one
/// move, and only one, win by force, within a line's length (the game
/// over in at most `2 * MAX_SOLVER_MOVES - 1` plies); as `(n, the other
/// move)`. They give the puzzles that end the game: strong play rarely
/// leaves them (by the time a player can win, several moves win).
pub fn no_moves_branches(record: &Record, screen: u64) -> Vec<(usize, Move)> {
    let mut found = Vec::new();
    let mut at = Game::new(record.variant);
    for (n, played) in record.moves.iter().enumerate() {
        if n + 1 >= FIRST_PLY && playable(&at) {
            for hole in at.legal_moves().to_vec() {
                let deviation = Move::Sow(hole);
                if deviation == *played {
                    continue;
                }
                let mut off = at.clone();
                if off.play(&deviation).is_err() || !playable(&off) {
                    continue;
                }
                // The best move alone first (half the cost), then whether
                // it is the only win.
                let history = game_history(&off);
                let best = best_move(off.position(), &history, &settings(screen), 0);
                let soon = kiela_ai::WIN - (2 * MAX_SOLVER_MOVES as i32 - 1);
                if best.score < soon {
                    continue;
                }
                let j = judge(&off, screen);
                if j.values.best >= WIN_VALUE && j.values.second < WIN_VALUE {
                    found.push((n, deviation));
                }
            }
        }
        if at.play(played).is_err() {
            break;
        }
    }
    found
}

/// The set's rules over games taken in order: one puzzle a position;
/// taking the largest capture the answer in at most one kept puzzle in
/// [`BIGGEST_SHARE`], puzzles off the game at most one in
/// [`OFF_GAME_SHARE`], and lines shorter than [`LONG_LINE`] at most all
/// but one in [`LONG_SHARE`] (such a puzzle is kept only when the share
/// stays within it counting it).
#[derive(Debug)]
pub struct Collector {
    seen: HashSet<String>,
    biggest: usize,
    off_game: usize,
    short: usize,
    /// Whether short lines wait for long ones ([`LONG_SHARE`]).
    long_share: bool,
    pub stats: Stats,
}

impl Default for Collector {
    fn default() -> Collector {
        Collector::new()
    }
}

impl Collector {
    /// An empty set.
    pub fn new() -> Collector {
        Collector {
            seen: HashSet::new(),
            biggest: 0,
            off_game: 0,
            short: 0,
            long_share: true,
            stats: Stats::default(),
        }
    }

    /// An empty set for one game mined alone (the bot mines its finished
    /// games one at a time): its short lines do not wait for long ones
    /// that no other game will bring.
    pub fn single_game() -> Collector {
        Collector {
            long_share: false,
            ..Collector::new()
        }
    }

    /// The set as it stands after `kept` (the puzzles kept so far, as a
    /// run wrote them): admits the next games as the run would have.
    pub fn resume(kept: &[Puzzle]) -> Collector {
        let mut collector = Collector::new();
        for p in kept {
            collector.seen.insert(p.id.clone());
            collector.biggest += usize::from(p.biggest_capture);
            collector.off_game += usize::from(off_game(p));
            collector.short += usize::from(short(p));
        }
        collector.stats.kept = kept.len();
        collector
    }

    /// The puzzles of the next game that the set keeps.
    pub fn admit(&mut self, puzzles: Vec<Puzzle>, game: &Stats) -> Vec<Puzzle> {
        self.stats.add(game);
        let mut kept = Vec::new();
        for p in puzzles {
            if self.seen.contains(&p.id) {
                self.stats.duplicates += 1;
                continue;
            }
            let over = (self.short + 1) * LONG_SHARE > (LONG_SHARE - 1) * (self.stats.kept + 1);
            if self.long_share && short(&p) && over {
                self.stats.short_dropped += 1;
                continue;
            }
            if p.biggest_capture && (self.biggest + 1) * BIGGEST_SHARE > self.stats.kept + 1 {
                self.stats.biggest_dropped += 1;
                continue;
            }
            if off_game(&p) && (self.off_game + 1) * OFF_GAME_SHARE > self.stats.kept + 1 {
                self.stats.off_game_dropped += 1;
                continue;
            }
            self.seen.insert(p.id.clone());
            self.biggest += usize::from(p.biggest_capture);
            self.off_game += usize::from(off_game(&p));
            self.short += usize::from(short(&p));
            self.stats.kept += 1;
            kept.push(p);
        }
        kept
    }
}

/// Whether a puzzle's line is shorter than [`LONG_LINE`].
fn short(p: &Puzzle) -> bool {
    p.solution.len() < LONG_LINE
}

/// The puzzles of one game record, through a [`Collector`].
pub fn mine_record(
    record: &Record,
    source: &str,
    budgets: Budgets,
    collector: &mut Collector,
) -> Vec<Puzzle> {
    let mut stats = Stats::default();
    let found = mine_game(record, source, budgets, &mut stats);
    collector.admit(found, &stats)
}

/// The settings of self-play: the strongest level, `nodes` a move (its
/// own budget in [`self_play`]), without the clock (reproducible on a
/// loaded machine).
fn play_settings(nodes: Option<u64>) -> Settings {
    let mut s = Level::Expert.fixed_settings();
    s.limits.time = None;
    if nodes.is_some() {
        s.limits.nodes = nodes;
    }
    s.noise = 0;
    s
}

/// One game of the strongest level against itself, from `seed` alone: a
/// Standard game (one in four Beginner); its first [`OPENING_PLIES`]
/// plies chosen at random among near-best moves so that games differ, cut
/// at [`MAX_GAME_PLIES`]. The record names the level.
pub fn self_play(seed: u64) -> Record {
    self_play_with(seed, None)
}

/// [`self_play`] with `nodes` a move instead of the level's budget (quick
/// games for tests).
pub fn self_play_with(seed: u64, nodes: Option<u64>) -> Record {
    let mut rng = fastrand::Rng::with_seed(seed);
    let variant = if rng.usize(0..4) == 3 {
        Variant::Beginner
    } else {
        Variant::Standard
    };
    let strong = play_settings(nodes);
    let opening = play_settings(Some(nodes.map_or(OPENING_NODES, |n| n.min(OPENING_NODES))));
    let mut game = Game::new(variant);
    while !game.is_over() && game.ply() < MAX_GAME_PLIES {
        let history = game_history(&game);
        let mv = if game.ply() < OPENING_PLIES {
            let legal = game.legal_moves().len();
            let top = top_moves(game.position(), &history, &opening, 0, legal);
            let near: Vec<Move> = top
                .iter()
                .filter(|r| r.score >= top[0].score - OPENING_SPREAD)
                .map(|r| r.best)
                .collect();
            near[rng.usize(0..near.len())]
        } else {
            best_move(game.position(), &history, &strong, rng.u64(..)).best
        };
        game.play(&mv).expect("the engine gives legal moves");
    }
    let name = Level::Expert.name();
    Record::of_game(&game, name, name)
}

/// Mines `games` self-played games, game `i` from seed `seed + i`, on
/// `jobs` threads, calling `on_game(i, kept puzzles, stats so far)` after
/// each in game order. Deterministic whatever `jobs`.
pub fn mine(
    games: usize,
    seed: u64,
    budgets: Budgets,
    jobs: usize,
    on_game: impl FnMut(usize, &[Puzzle], &Stats),
) -> Vec<Puzzle> {
    mine_after(games, seed, (0, &[]), budgets, jobs, on_game)
}

/// [`mine`] from game `start` on, `kept` the puzzles that games before it
/// kept (a run cut short and resumed): the same puzzles as the whole run
/// after `kept`.
pub fn mine_after(
    games: usize,
    seed: u64,
    (start, kept): (usize, &[Puzzle]),
    budgets: Budgets,
    jobs: usize,
    mut on_game: impl FnMut(usize, &[Puzzle], &Stats),
) -> Vec<Puzzle> {
    let one = |i: usize| {
        let game_seed = seed.wrapping_add(i as u64);
        let record = self_play(game_seed);
        let mut stats = Stats::default();
        let found = mine_game(
            &record,
            &format!("self-play {game_seed}"),
            budgets,
            &mut stats,
        );
        (found, stats)
    };
    let mut collector = Collector::resume(kept);
    let mut all = Vec::new();
    let mut deliver = |i: usize, found: Vec<Puzzle>, stats: Stats, all: &mut Vec<Puzzle>| {
        let kept = collector.admit(found, &stats);
        on_game(i, &kept, &collector.stats);
        all.extend(kept);
    };
    if jobs <= 1 {
        for i in start..games {
            let (found, stats) = one(i);
            deliver(i, found, stats, &mut all);
        }
        return all;
    }
    let next = std::sync::atomic::AtomicUsize::new(start);
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let send = send.clone();
            let (next, one) = (&next, &one);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= games || send.send((i, one(i))).is_err() {
                    break;
                }
            });
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut due = start;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some((found, stats)) = waiting.remove(&due) {
                deliver(due, found, stats, &mut all);
                due += 1;
            }
        }
    });
    all
}

/// The rating bands of [`figures`].
pub const BANDS: [(u32, u32); 4] = [(600, 999), (1000, 1399), (1400, 1799), (1800, 2200)];

/// A set's figures, as the README gives them: counts by variant, solution
/// length, theme and rating band, and the share of largest captures.
pub fn figures(set: &[Puzzle]) -> String {
    let count = |f: &dyn Fn(&Puzzle) -> bool| set.iter().filter(|p| f(p)).count();
    let pct = |n: usize| 100.0 * n as f64 / set.len().max(1) as f64;
    let mut text = format!("- {} puzzles\n", set.len());
    let variants: BTreeMap<&str, usize> = set.iter().fold(BTreeMap::new(), |mut m, p| {
        *m.entry(p.variant.as_str()).or_default() += 1;
        m
    });
    let list: Vec<String> = variants
        .iter()
        .map(|(v, n)| format!("{v} {n} ({:.0}%)", pct(*n)))
        .collect();
    text += &format!("- by variant: {}\n", list.join(", "));
    let list: Vec<String> = [1, 3, 5]
        .iter()
        .map(|&len| {
            let n = count(&|p| p.solution.len() == len);
            format!(
                "{len} {} {n} ({:.0}%)",
                if len == 1 { "ply" } else { "plies" },
                pct(n)
            )
        })
        .collect();
    text += &format!("- by solution length: {}\n", list.join(", "));
    let list: Vec<String> = Theme::ALL
        .iter()
        .map(|&t| format!("{} {}", t.name(), count(&|p| p.themes.contains(&t))))
        .collect();
    text += &format!("- by theme: {}\n", list.join(", "));
    let list: Vec<String> = BANDS
        .iter()
        .map(|&(lo, hi)| {
            let n = count(&|p| (lo..=hi).contains(&p.rating));
            format!("{lo}-{hi} {n} ({:.0}%)", pct(n))
        })
        .collect();
    text += &format!("- by rating: {}\n", list.join(", "));
    let biggest = count(&|p| p.biggest_capture);
    text += &format!(
        "- the answer is the largest capture in {biggest} ({:.0}%)\n",
        pct(biggest)
    );
    let off = count(&|p| off_game(p));
    text += &format!(
        "- from a position one ply off the game: {off} ({:.0}%)\n",
        pct(off)
    );
    text
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

    /// Small budgets: unit tests stay quick.
    const TEST: Budgets = Budgets {
        screen: 500,
        find: 2_000,
        verify: 6_000,
    };

    /// Quick self-played games.
    fn game(seed: u64) -> Record {
        self_play_with(seed, Some(2_000))
    }

    fn mined(games: u64) -> Vec<Puzzle> {
        let mut collector = Collector::new();
        (0..games)
            .flat_map(|s| mine_record(&game(s), &format!("t {s}"), TEST, &mut collector))
            .collect()
    }

    #[test]
    fn the_acceptance_rules() {
        assert!(!clearly_best(300, 300), "two equally good moves");
        assert!(!clearly_best(WIN_VALUE, WIN_VALUE), "two wins");
        assert!(
            clearly_best(WIN_VALUE, WIN_VALUE - 100),
            "a win against a lead"
        );
        assert!(clearly_best(100, 100 - MARGIN));
        assert!(!clearly_best(100, 101 - MARGIN));
        assert!(!clearly_best(-WIN_VALUE, -WIN_VALUE), "everything loses");
        assert!(forced_reply(0, -REPLY_MARGIN));
        assert!(!forced_reply(0, 1 - REPLY_MARGIN), "another reply as good");
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
        assert!(solution_line(&game, 2_000).is_none());
    }

    #[test]
    fn mined_puzzles_keep_the_rules_and_verify() {
        let puzzles = mined(4);
        assert!(!puzzles.is_empty());
        let mut per_game: BTreeMap<String, Vec<(usize, usize, bool)>> = BTreeMap::new();
        for p in &puzzles {
            assert_eq!(p.solution.len() % 2, 1, "{p:?}");
            assert_eq!(p.values.len(), p.solution.len());
            assert!(clearly_best(p.values[0].best, p.values[0].second));
            assert_eq!(check_rules(p).map(|_| ()), Ok(()), "{p:?}");
            assert_eq!(verify_with(p, TEST.verify), Ok(()), "{p:?}");
            assert!((600..=2200).contains(&p.rating));
            let line = to_json_line(p);
            assert_eq!(read_jsonl(&line).unwrap(), vec![p.clone()]);
            let (game, ply) = p.source.rsplit_once(" ply ").unwrap();
            let ply: usize = ply.split(' ').next().unwrap().parse().unwrap();
            assert!(ply >= FIRST_PLY);
            let line = (ply, ply + p.solution.len() - 1, off_game(p));
            per_game.entry(game.to_string()).or_default().push(line);
        }
        for (game, lines) in per_game {
            assert!(lines.len() <= PER_GAME, "{game}: {lines:?}");
            // Off the game: near the game's lines is no repeat.
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
        let biggest = puzzles.iter().filter(|p| p.biggest_capture).count();
        assert!(biggest * BIGGEST_SHARE <= puzzles.len(), "{biggest}");
    }

    /// A puzzle with only what the set's rules read: its id, its line's
    /// length, its source and whether it takes the largest capture.
    fn bare(id: String, plies: usize, source: String, biggest_capture: bool) -> Puzzle {
        Puzzle {
            id,
            variant: "standard".into(),
            moves: String::new(),
            board: vec![],
            to_move: "South".into(),
            solution: vec!["A1".into(); plies],
            themes: vec![],
            values: vec![],
            rating: 600,
            source,
            nodes: 0,
            tempting: 0,
            biggest_capture,
        }
    }

    #[test]
    fn the_share_of_largest_captures_is_kept() {
        let puzzle = |id: &str, biggest| bare(id.into(), LONG_LINE, String::new(), biggest);
        let mut collector = Collector::new();
        let mut kept = Vec::new();
        for i in 0..40 {
            let p = puzzle(&i.to_string(), i % 2 == 0);
            kept.extend(collector.admit(vec![p.clone(), p], &Stats::default()));
            let biggest = kept.iter().filter(|p| p.biggest_capture).count();
            assert!(biggest * BIGGEST_SHARE <= kept.len());
        }
        let stats = collector.stats;
        assert_eq!(kept.len() + stats.duplicates + stats.biggest_dropped, 80);
        assert_eq!(kept.iter().filter(|p| !p.biggest_capture).count(), 20);
        assert!(kept.iter().any(|p| p.biggest_capture));
    }

    #[test]
    fn one_puzzle_in_four_has_a_long_line() {
        let puzzle = |i: usize, plies| bare(i.to_string(), plies, String::new(), false);
        let mut collector = Collector::new();
        let mut kept = Vec::new();
        // One long line in ten: three short ones follow each long one
        // (none before the first).
        for i in 0..100 {
            let plies = if i % 10 == 9 { LONG_LINE } else { 1 };
            kept.extend(collector.admit(vec![puzzle(i, plies)], &Stats::default()));
            let long = kept.iter().filter(|p| !short(p)).count();
            assert!(long * LONG_SHARE >= kept.len(), "{long} of {}", kept.len());
        }
        assert_eq!(kept.iter().filter(|p| !short(p)).count(), 10);
        assert_eq!(kept.len(), 37);
        assert_eq!(collector.stats.short_dropped, 63);
    }

    /// A run resumed after its first games, from the puzzles they kept,
    /// keeps what the whole run keeps (largest captures, puzzles off the
    /// game and repeats as the whole run counted them).
    #[test]
    fn a_resumed_run_keeps_what_the_whole_run_keeps() {
        let puzzle = |i: usize| {
            let source = match i % 7 {
                0 => format!("t {i} ply 9 (A1 instead of B1)"),
                _ => format!("t {i} ply 9"),
            };
            let plies = if i.is_multiple_of(2) { 1 } else { LONG_LINE };
            bare((i % 31).to_string(), plies, source, i.is_multiple_of(3))
        };
        let games: Vec<Vec<Puzzle>> = (0..40)
            .map(|g| (0..3).map(|k| puzzle(3 * g + k)).collect())
            .collect();
        let mut whole = Collector::new();
        let all: Vec<Puzzle> = (games.iter())
            .flat_map(|g| whole.admit(g.clone(), &Stats::default()))
            .collect();
        let mut first = Collector::new();
        let mut resumed: Vec<Puzzle> = (games[..17].iter())
            .flat_map(|g| first.admit(g.clone(), &Stats::default()))
            .collect();
        let mut then = Collector::resume(&resumed);
        resumed.extend((games[17..].iter()).flat_map(|g| then.admit(g.clone(), &Stats::default())));
        assert_eq!(resumed, all);
        assert!(all.iter().any(|p| p.biggest_capture) && all.iter().any(off_game));
        assert!(all.iter().any(short) && whole.stats.short_dropped > 0);
        assert!(all.len() < 120, "some refused: the check means something");
    }

    #[test]
    fn verification_refuses_a_broken_puzzle() {
        let puzzle = mined(6).into_iter().next().expect("a puzzle in six games");
        let mut even = puzzle.clone();
        even.solution.push(even.solution[0].clone());
        even.values.push(even.values[0]);
        let plies = even.solution.len();
        assert_eq!(
            verify_with(&even, TEST.verify),
            Err(Why::EndsOnOpponent(plies))
        );
        let mut empty = puzzle.clone();
        empty.solution.clear();
        assert_eq!(verify_with(&empty, TEST.verify), Err(Why::Empty));
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
        let mut rated = puzzle.clone();
        rated.rating += 1;
        assert!(matches!(check_rules(&rated), Err(Why::Stored { .. })));
        let mut lost = puzzle.clone();
        let last = lost.values.len() - 1;
        lost.values[last].best = LOST;
        assert_eq!(check_rules(&lost).map(|_| ()), Err(Why::Lost(LOST)));
    }

    #[test]
    fn ratings_grow_with_the_engine_measured_difficulty() {
        let r = |nodes, len, tempting, biggest| rating(nodes, len, tempting, biggest, &[]);
        assert_eq!(r(LADDER_START, 1, 0, false), 600);
        assert!(r(4_000, 1, 0, false) > r(1_000, 1, 0, false));
        assert!(r(4_000, 3, 0, false) > r(4_000, 1, 0, false));
        assert!(r(4_000, 1, 2, false) > r(4_000, 1, 0, false));
        assert!(r(4_000, 1, 0, true) < r(4_000, 1, 0, false));
        assert_eq!(r(150_000, 5, 3, false), 2200);
    }

    #[test]
    fn self_play_is_reproducible() {
        assert_eq!(game(5), game(5));
        assert!(game(5).replay().is_ok());
        assert_ne!(game(5), game(6));
    }
}

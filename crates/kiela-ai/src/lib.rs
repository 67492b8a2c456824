//! The AI: an iterative-deepening alpha-beta (PVS) search over
//! [`rules`](kiela_rules) positions, with a transposition table, move
//! ordering and a hand-tuned evaluation, and five levels from `beginner` to
//! `expert`.
//!
//! The API is plain, synchronous and `Send`: the bot calls it from
//! `spawn_blocking`. With a node budget the result depends only on the
//! position, the history, the settings and the seed. Every level has one in
//! [`Budget::Nodes`] (tests, arenas, `go level`); in play
//! ([`Budget::Clock`], [`Level::settings`]) `expert` instead deepens until
//! its 2 s are spent, and the other levels' wall-clock caps are a safety net
//! that only cuts a search short on a machine far slower than expected.
//!
//! ```
//! use kiela_ai::{best_move, Level};
//! use kiela_rules::{Position, Variant};
//! let position = Position::new(Variant::Standard);
//! let result = best_move(&position, &[], &Level::Easy.settings(), 7);
//! let mut next = position;
//! assert!(next.play(&result.best).is_ok());
//! ```

pub mod analysis;
mod eval;
mod layout;
mod search;
pub mod solve;
mod tt;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use kiela_rules::{Game, Move, Position};

pub use eval::{evaluate, Weights};
pub use layout::candidate_layouts;
pub use search::Searcher;
pub use solve::{solve, Proof};

/// Relays after which the search gives up on a sowing and treats it as "not
/// a move" (sowings that end do so within a few dozen relays; only proving
/// one endless can take billions).
pub const RELAY_LIMIT: u32 = 10_000;

/// A score of at least this size means a forced win (or loss when negative).
pub const WIN: i32 = 1_000_000;
/// Scores above this are wins found by the search (`WIN - plies`).
pub const WIN_BOUND: i32 = WIN - 1_000;

/// The five strengths of the built-in opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// For someone who has just learnt the rules: a one-ply look with
    /// large evaluation noise (it sees a capture, not what follows).
    Beginner,
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// Lower-case name, as on the command line and in Discord.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The settings the bot and `kiela play` use: [`Budget::Clock`].
    pub fn settings(self) -> Settings {
        self.settings_in(Budget::Clock)
    }

    /// The reproducible settings of tests, arenas and `go level`:
    /// [`Budget::Nodes`].
    pub fn fixed_settings(self) -> Settings {
        self.settings_in(Budget::Nodes)
    }

    /// The search settings of this level: a node budget (or, for `expert`
    /// on [`Budget::Clock`], its time), eval noise for the lower levels
    /// (their human-like mistakes), and a wall-clock cap as a safety net.
    pub fn settings_in(self, budget: Budget) -> Settings {
        let (nodes, depth, noise, time_ms) = match self {
            Level::Beginner => (1_000, Some(1), 600, 100),
            Level::Easy => (300, None, 300, 100),
            Level::Medium => (1_500, None, 100, 100),
            Level::Hard => (7_000, None, 0, 500),
            Level::Expert => (150_000, None, 0, EXPERT_TIME_MS),
        };
        let timed = self == Level::Expert && budget == Budget::Clock;
        Settings {
            limits: Limits {
                nodes: (!timed).then_some(nodes),
                depth,
                time: Some(Duration::from_millis(time_ms)),
                stop: None,
            },
            noise,
            quiescence: 4,
            weights: Weights::default(),
        }
    }
}

/// The time `expert` thinks per move in play (its whole budget).
pub const EXPERT_TIME_MS: u64 = 2_000;

/// What bounds a level's search: its node budget (deterministic: tests,
/// arenas, `go level`), or for `expert` in play the clock, so that it uses
/// the time it may take (iterative deepening until the time is spent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Budget {
    #[default]
    Clock,
    Nodes,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a level: use beginner, easy, medium, hard or expert")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// When a search stops: whichever limit comes first. At least depth 1 is
/// always completed, so a move is always returned.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Nodes (positions visited); deterministic.
    pub nodes: Option<u64>,
    /// Full iterations of iterative deepening.
    pub depth: Option<u32>,
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Set to `true` from another thread to stop the search early.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Everything that shapes a search: the limits, the evaluation weights and
/// the noise (in hundredths of a stone) added to every leaf evaluation.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub limits: Limits,
    /// Amplitude of the deterministic, seeded noise on the evaluation.
    pub noise: i32,
    /// Plies of capture-only search below the horizon (0: none).
    pub quiescence: u32,
    pub weights: Weights,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play: always legal in the searched position.
    pub best: Move,
    /// From the mover's view, in hundredths of a stone; `±(WIN - plies)` for
    /// a forced win or loss.
    pub score: i32,
    /// The last fully searched depth.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// One finished iteration, for `info` lines.
#[derive(Clone, Debug)]
pub struct Info<'a> {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: &'a [Move],
}

/// Finds a move for the player to move in `position`, which must not be a
/// finished game (the player has a legal move or may rearrange).
///
/// `history` holds the [`Position::placement_hash`] of the game's earlier
/// positions (the current one may be included or not), so that the search
/// knows threefold repetition. `seed` drives the evaluation noise and the
/// choice among layouts; the same inputs with a node budget give the same
/// result.
///
/// # Panics
///
/// If the player to move has no legal move at all.
pub fn best_move(
    position: &Position,
    history: &[u64],
    settings: &Settings,
    seed: u64,
) -> SearchResult {
    let mut searcher = Searcher::new(settings.clone(), seed);
    searcher.search(position, history, |_| {})
}

/// The `k` best moves for the player to move in `position`, best first,
/// each as a [`SearchResult`] whose `best` is that move and `score` its
/// value (multi-PV). The first is exactly what [`best_move`] returns for the
/// same arguments; each next one is the best move once the earlier ones are
/// excluded at the root, searched with the same settings by the same
/// searcher (its table kept), so with a node budget the list depends only
/// on the inputs. Fewer than `k` when the position has fewer moves.
///
/// With a node budget each move's search may stop at a different depth,
/// so compare the values of a list with care when they are close.
///
/// ```
/// use kiela_ai::{best_move, top_moves, Level};
/// use kiela_rules::{Position, Variant};
/// let position = Position::new(Variant::Standard);
/// let settings = Level::Hard.fixed_settings();
/// let top = top_moves(&position, &[], &settings, 1, 2);
/// assert_eq!(top.len(), 2);
/// assert_eq!(top[0], best_move(&position, &[], &settings, 1));
/// assert_ne!(top[0].best, top[1].best);
/// ```
pub fn top_moves(
    position: &Position,
    history: &[u64],
    settings: &Settings,
    seed: u64,
    k: usize,
) -> Vec<SearchResult> {
    let mut searcher = Searcher::new(settings.clone(), seed);
    let mut found: Vec<SearchResult> = Vec::with_capacity(k);
    let mut excluded: Vec<Move> = Vec::with_capacity(k);
    while found.len() < k {
        let Some(result) = searcher.search_excluding(position, history, &excluded, |_| {}) else {
            break;
        };
        excluded.push(result.best);
        found.push(result);
    }
    found
}

/// The placement hashes of every position of `game` so far, the current one
/// included: the `history` argument of [`best_move`].
pub fn game_history(game: &Game) -> Vec<u64> {
    let mut position = *game.start();
    let mut hashes = Vec::with_capacity(game.ply() + 1);
    hashes.push(position.placement_hash());
    for mv in game.moves() {
        position.play(mv).expect("a game holds legal moves");
        hashes.push(position.placement_hash());
    }
    hashes
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::Variant;

    #[test]
    fn the_api_can_move_to_a_blocking_thread() {
        fn is_send<T: Send + 'static>() {}
        is_send::<Searcher>();
        is_send::<Settings>();
        is_send::<SearchResult>();
        let position = Position::new(Variant::Beginner);
        let handle = std::thread::spawn(move || {
            best_move(&position, &[], &Level::Medium.fixed_settings(), 1)
        });
        let result = handle.join().unwrap();
        let mut next = position;
        assert!(next.play(&result.best).is_ok());
    }

    #[test]
    fn levels_parse_and_print() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn levels_above_beginner_grow_in_budget_and_only_expert_plays_to_the_clock() {
        let budgets: Vec<u64> = Level::ALL[1..]
            .iter()
            .map(|l| l.fixed_settings().limits.nodes.unwrap())
            .collect();
        assert!(budgets.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Level::Beginner.fixed_settings().limits.depth, Some(1));
        for level in Level::ALL {
            let play = level.settings().limits;
            assert_eq!(play.nodes.is_none(), level == Level::Expert, "{level}");
        }
        let expert = Level::Expert.settings().limits;
        assert_eq!(expert.time, Some(Duration::from_millis(EXPERT_TIME_MS)));
    }

    #[test]
    fn game_history_ends_with_the_current_position() {
        let mut game = Game::new(Variant::Standard);
        game.play(&"G2".parse().unwrap()).unwrap();
        let hashes = game_history(&game);
        assert_eq!(hashes.len(), 2);
        assert_eq!(hashes[1], game.position().placement_hash());
    }
}

//! Game analysis, as a coach would give it: for every ply, the position's
//! evaluation, the engine's best move, what the played move lost against
//! it, and a verdict (inaccuracy, mistake, blunder).
//!
//! Each position before a move is searched with the same node budget (one
//! searcher, its table kept from ply to ply, no noise), so an analysis is
//! deterministic for its budget. The played move's value is the next
//! position's evaluation, so `n` moves cost `n + 1` searches.
//!
//! ```
//! use kiela_ai::analysis::{analyze, Verdict};
//! use kiela_rules::{Game, Variant};
//! let mut game = Game::new(Variant::Standard);
//! game.play(&"G2".parse().unwrap()).unwrap();
//! let plies = analyze(&game, 2_000, |_, _| {});
//! assert_eq!(plies.len(), 1);
//! assert!(plies[0].loss >= 0);
//! assert_ne!(plies[0].verdict, Some(Verdict::Blunder));
//! ```

use std::fmt;

use super::{game_history, Limits, Searcher, Settings, WIN_BOUND};
use kiela_rules::{Game, GameResult, Move, Position, Side};

/// The default node budget per position: `expert`'s node budget, about
/// 0.1 s a position on one core.
pub const DEFAULT_NODES: u64 = 150_000;

/// A forced win counts as this many hundredths of a stone (50 stones, more
/// than any material lead), so that losses stay finite and missing a win
/// is a blunder.
pub const WIN_STONES: i32 = 5_000;

/// Losses (hundredths of a stone) from which a move is an inaccuracy, a
/// mistake, a blunder: 2, 4 and 8 stones.
pub const THRESHOLDS: [(i32, Verdict); 3] = [
    (800, Verdict::Blunder),
    (400, Verdict::Mistake),
    (200, Verdict::Inaccuracy),
];

/// How bad a move was, by the stones it lost against the best one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// Lost 2 stones or more.
    Inaccuracy,
    /// Lost 4 stones or more.
    Mistake,
    /// Lost 8 stones or more (or a forced win).
    Blunder,
}

impl Verdict {
    /// The verdict of a move that lost `loss` hundredths of a stone.
    pub fn of_loss(loss: i32) -> Option<Verdict> {
        THRESHOLDS
            .iter()
            .find(|(at, _)| loss >= *at)
            .map(|&(_, verdict)| verdict)
    }

    /// Lower-case name, as in the JSON output and the database.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// The verdict of [`Verdict::name`].
    pub fn from_name(name: &str) -> Option<Verdict> {
        [Verdict::Inaccuracy, Verdict::Mistake, Verdict::Blunder]
            .into_iter()
            .find(|v| v.name() == name)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The analysis of one move. Evaluations are in hundredths of a stone from
/// South's view (positive: South is better), a forced win counting as
/// [`WIN_STONES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// The move's ply, from 1.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    pub played: Move,
    /// The position's evaluation before the move (that of its best move).
    pub eval: i32,
    /// The engine's preferred move.
    pub best: Move,
    /// The evaluation after the played move.
    pub played_eval: i32,
    /// What the played move lost against the best one, from the mover's
    /// view: 0 or more (0 when it is the best move).
    pub loss: i32,
    pub verdict: Option<Verdict>,
}

/// Analyses every move of `game` with `nodes` nodes a position, calling
/// `progress(done, total)` after each search (`total` = moves + 1).
pub fn analyze(
    game: &Game,
    nodes: u64,
    mut progress: impl FnMut(usize, usize),
) -> Vec<PlyAnalysis> {
    let moves = game.moves();
    let total = moves.len() + 1;
    let settings = Settings {
        limits: Limits {
            nodes: Some(nodes.max(1)),
            ..Limits::default()
        },
        noise: 0,
        ..super::Level::Expert.fixed_settings()
    };
    let mut searcher = Searcher::new(settings, 0);
    let mut replay = Game::from_position(*game.start());
    // The evaluation (South's view) and best move of each position.
    let mut evals = Vec::with_capacity(total);
    for i in 0..total {
        evals.push(evaluate(&mut searcher, &replay));
        progress(i + 1, total);
        if let Some(mv) = moves.get(i) {
            replay.play(mv).expect("a game holds legal moves");
        }
    }
    let mut position: Position = *game.start();
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let side = position.turn();
            position.play(mv).expect("a game holds legal moves");
            let (eval, best) = evals[i];
            let played_eval = evals[i + 1].0;
            let sign = if side == Side::South { 1 } else { -1 };
            let best = best.unwrap_or(*mv);
            let loss = if best == *mv {
                0
            } else {
                (sign * (eval - played_eval)).max(0)
            };
            PlyAnalysis {
                ply: i + 1,
                side,
                played: *mv,
                eval,
                best,
                played_eval,
                loss,
                verdict: Verdict::of_loss(loss),
            }
        })
        .collect()
}

/// The evaluation of `game`'s current position from South's view, and the
/// best move when there is one to play.
fn evaluate(searcher: &mut Searcher, game: &Game) -> (i32, Option<Move>) {
    if let Some(outcome) = game.outcome() {
        let eval = match outcome.result {
            GameResult::SouthWins => WIN_STONES,
            GameResult::NorthWins => -WIN_STONES,
            _ => 0,
        };
        return (eval, None);
    }
    let result = searcher.search(game.position(), &game_history(game), |_| {});
    let score = match result.score {
        s if s > WIN_BOUND => WIN_STONES,
        s if s < -WIN_BOUND => -WIN_STONES,
        s => s.clamp(-WIN_STONES, WIN_STONES),
    };
    let eval = if game.turn() == Side::South {
        score
    } else {
        -score
    };
    (eval, Some(result.best))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_follow_the_thresholds() {
        assert_eq!(Verdict::of_loss(0), None);
        assert_eq!(Verdict::of_loss(199), None);
        assert_eq!(Verdict::of_loss(200), Some(Verdict::Inaccuracy));
        assert_eq!(Verdict::of_loss(400), Some(Verdict::Mistake));
        assert_eq!(Verdict::of_loss(WIN_STONES), Some(Verdict::Blunder));
        for v in [Verdict::Inaccuracy, Verdict::Mistake, Verdict::Blunder] {
            assert_eq!(Verdict::from_name(v.name()), Some(v));
        }
    }
}

//! A whole game: the moves from a start position, repetition, and the end.

use thiserror::Error;

use super::{
    GameResult, History, Hole, IllegalMove, Move, MoveEffect, MoveList, Outcome, Position, Reason,
    Side, Variant,
};

/// A game from its start position: plays moves, detects the end by no legal
/// move or threefold repetition, and takes the endings only players decide
/// (resignation, agreed draw, timeout).
///
/// ```
/// use kiela_rules::{Game, GameResult, Reason, Side, Variant};
/// let mut game = Game::new(Variant::Standard);
/// game.play(&"G2".parse().unwrap()).unwrap();
/// let outcome = game.resign(Side::South).unwrap();
/// assert_eq!(outcome.result, GameResult::NorthWins);
/// assert_eq!(outcome.reason, Reason::Resignation);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    history: History,
    legal: MoveList,
    outcome: Option<Outcome>,
}

/// Why a game refused a move or an ending.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameError {
    #[error("the game is over: {0}")]
    Over(Outcome),
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

impl Game {
    /// A game from the start position of `variant`.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant))
    }

    /// A game from any position (it may already be lost for the player to move).
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            start,
            position: start,
            moves: Vec::new(),
            history: History::new(),
            legal: start.legal_moves(),
            outcome: None,
        };
        game.history.push(&start);
        game.check_no_moves();
        game
    }

    /// Replays `moves` from the start of `variant`; on an illegal move, says
    /// which ply (1-based) and why.
    pub fn replay<'a>(
        variant: Variant,
        moves: impl IntoIterator<Item = &'a Move>,
    ) -> Result<Game, (usize, GameError)> {
        let mut game = Game::new(variant);
        for (i, mv) in moves.into_iter().enumerate() {
            game.play(mv).map_err(|e| (i + 1, e))?;
        }
        Ok(game)
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plies played so far.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The player to move (meaningless once the game is over).
    pub fn turn(&self) -> Side {
        self.position.turn()
    }

    /// The holes the player to move may sow from; empty once the game is over.
    pub fn legal_moves(&self) -> &[Hole] {
        if self.outcome.is_some() {
            &[]
        } else {
            &self.legal
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays `mv` for the player to move.
    pub fn play(&mut self, mv: &Move) -> Result<MoveEffect, GameError> {
        self.ensure_ongoing()?;
        let effect = self.position.play(mv)?;
        self.moves.push(*mv);
        self.legal = self.position.legal_moves();
        if self.history.push(&self.position) >= 3 {
            self.outcome = Some(Outcome {
                result: GameResult::Draw,
                reason: Reason::Repetition,
            });
        } else {
            self.check_no_moves();
        }
        Ok(effect)
    }

    /// `side` resigns (at any time, not only on their turn).
    pub fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.finish(GameResult::win_for(side.opponent()), Reason::Resignation)
    }

    /// The players agreed a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.finish(GameResult::Draw, Reason::Agreement)
    }

    /// `side` ran out of time.
    pub fn time_out(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.finish(GameResult::win_for(side.opponent()), Reason::Timeout)
    }

    fn finish(&mut self, result: GameResult, reason: Reason) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        let outcome = Outcome { result, reason };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    fn ensure_ongoing(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::Over(outcome)),
            None => Ok(()),
        }
    }

    fn check_no_moves(&mut self) {
        let side = self.position.turn();
        if self.legal.is_empty() && !self.position.may_rearrange(side) {
            self.outcome = Some(Outcome {
                result: GameResult::win_for(side.opponent()),
                reason: Reason::NoMoves,
            });
        }
    }
}

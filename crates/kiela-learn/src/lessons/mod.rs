//! Lessons: short series of small tasks on hand-made positions, one idea
//! each, in the manner of Lichess Learn.
//!
//! A [`Lesson`] has a stable [`Lesson::id`] and a title; its [`Task`]s each
//! give a position (the learner is the side to move), one sentence of goal,
//! a [`Goal`] the engine checks, example answers, and a par (the number of
//! the learner's moves a best solution takes). The bot stores per user the
//! lesson id, the task index and the stars earned; within a task it keeps
//! only the learner's moves so far, and asks [`check`] about each new one.
//!
//! **How an attempt goes.** After each of the learner's moves the goal is
//! checked. Met: the task is solved. Not met: the opponent replies (the
//! task's scripted reply if it has one, else the sowing that captures the
//! most stones, the first legal one on a tie, so that a missed threat is
//! punished and the reply is always the same), and the learner tries again
//! from the new position, up to [`Task::max_moves`] moves in all.
//!
//! **Stars** (see [`stars`]): 3 for solving in par moves, 2 in par + 1,
//! 1 beyond that.
//!
//! An illegal move (a single stone in Standard, an opponent's hole) is
//! refused with the engine's [`IllegalMove`] and changes nothing: some
//! tasks teach exactly that refusal.
//!
//! ```
//! use kiela_learn::lessons::{check, lesson, Verdict};
//! let relay = lesson("relay").unwrap();
//! let task = &relay.tasks[0];
//! assert_eq!((task.goal_key, task.par), ("lesson-relay-1", 1));
//! // H1 makes no relay: North replies, and the learner tries again.
//! let h1 = "H1".parse().unwrap();
//! let Ok(Verdict::Continue { reply, .. }) = check(task, &[], &h1) else { panic!() };
//! assert_eq!(reply.mv.to_string(), "J4");
//! // C1 relays on E1: solved one move over par, two stars.
//! let verdict = check(task, &[h1], &"C1".parse().unwrap()).unwrap();
//! assert!(matches!(verdict, Verdict::Solved { stars: 2, .. }));
//! ```

mod catalogue;
#[cfg(test)]
mod tests;

use kiela_rules::{Hole, IllegalMove, Move, MoveEffect, Position, Side, Trace, Variant};

pub use catalogue::lessons;

/// A lesson: one idea, a few tasks.
#[derive(Debug)]
pub struct Lesson {
    /// Stable slug (`"relay"`): the bot stores it with a task index, so
    /// never rename it or reorder its tasks once published.
    pub id: &'static str,
    /// Catalogue key of the lesson's title.
    pub title_key: &'static str,
    pub tasks: &'static [Task],
}

/// One task: a position, a goal, and what solves it.
#[derive(Debug)]
pub struct Task {
    /// Catalogue key of the one-sentence goal shown to the learner.
    pub goal_key: &'static str,
    pub setup: Setup,
    /// What the learner must achieve, as the engine checks it.
    pub goal: Goal,
    /// Example solutions, one line of the learner's moves each, in move
    /// notation (`"C4"`, or `"@[…]"` for a rearrangement). The tests play
    /// every one of them; [`check`] accepts any line that meets the goal.
    pub answers: &'static [&'static [&'static str]],
    /// The learner's moves a best solution takes.
    pub par: u32,
    /// Whether only one line of sowings solves the task in par moves (a
    /// test proves it with the engine). Never for rearrangements.
    pub unique: bool,
    /// The opponent's replies, in order, when the task fixes them (multi-move
    /// tasks); past them, the default reply (see the module documentation).
    pub replies: &'static [&'static str],
}

/// A task's start position.
#[derive(Clone, Copy, Debug)]
pub enum Setup {
    /// A hand-made board: the stones in the listed holes, none elsewhere.
    Board {
        variant: Variant,
        turn: Side,
        stones: &'static [(&'static str, u8)],
    },
    /// A variant's start position (Expert: with both rearrangement rights).
    Start(Variant),
}

/// What a task asks of one of the learner's moves, as a predicate on the
/// move and the positions around it ([`Goal::met`]).
#[derive(Clone, Copy, Debug)]
pub enum Goal {
    /// Any legal sowing (the lesson is which holes may be sown).
    Sow,
    /// The turn ends in this hole (its last stone falls there, empty before).
    EndIn(&'static str),
    /// At least this many relays.
    Relays(u32),
    /// At least this many captures in the turn.
    Captures(u32),
    /// A capture that takes the opponent's outer hole too.
    CaptureOuter,
    /// At least this many stones captured in the turn.
    CaptureStones(u8),
    /// A capture of the turn takes this hole's stones.
    Takes(&'static str),
    /// Afterwards, this hole is empty.
    Empty(&'static str),
    /// Afterwards, no sowing of the opponent captures.
    Protect,
    /// Afterwards, the opponent has no legal move (and so loses).
    NoReply,
    /// The move is an Expert rearrangement.
    Rearrange,
    /// Afterwards, every one of the mover's 20 holes holds a stone.
    FillAll,
    /// Every goal listed.
    All(&'static [Goal]),
    /// The learner's first move is an Expert rearrangement (anything else
    /// ends the attempt), and a later move meets this goal.
    RearrangeThen(&'static Goal),
}

/// One ply of an attempt, for showing it: the position before, the move,
/// what it did, its path lap by lap, and the position after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub before: Position,
    pub mv: Move,
    pub effect: MoveEffect,
    pub trace: Trace,
    pub after: Position,
}

impl Ply {
    /// Plays `mv` on `before`, or says why it is illegal.
    pub fn play(before: &Position, mv: Move) -> Result<Ply, IllegalMove> {
        let trace = before.trace(&mv)?;
        let mut after = *before;
        let effect = after.play(&mv)?;
        Ok(Ply {
            before: *before,
            mv,
            effect,
            trace,
            after,
        })
    }
}

/// What [`check`] makes of the learner's new move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The goal is met: the task is done.
    Solved { stars: u8, played: Ply },
    /// Not yet: the opponent replied, and the learner moves again.
    Continue {
        played: Ply,
        reply: Ply,
        /// The learner's moves still allowed.
        moves_left: u32,
    },
    /// The attempt is over without the goal; the bot offers to restart it.
    /// `reply` is the opponent's answer when there was one (it left the
    /// learner without a move).
    Wrong {
        played: Ply,
        reply: Option<Ply>,
        why: Miss,
    },
}

/// Why an attempt ended without the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Miss {
    /// The learner used all [`Task::max_moves`] moves.
    OutOfMoves,
    /// The opponent has no legal move (the learner won the game, but the
    /// task asked for something else).
    OpponentStuck,
    /// After the opponent's reply the learner has no legal move.
    Stuck,
    /// The task asks for a rearrangement, and the learner's first turn,
    /// which alone may be one, is over.
    RearrangementGone,
}

impl Verdict {
    /// Catalogue key of the message that announces it: `lesson-solved`
    /// (variable `stars`), `lesson-not-yet` (`reply`, the opponent's move,
    /// and `count`, the moves left), or the [`Miss`]'s key.
    pub fn key(&self) -> &'static str {
        match self {
            Verdict::Solved { .. } => "lesson-solved",
            Verdict::Continue { .. } => "lesson-not-yet",
            Verdict::Wrong { why, .. } => why.key(),
        }
    }
}

impl Miss {
    /// Catalogue key of the message that explains it.
    pub fn key(self) -> &'static str {
        match self {
            Miss::OutOfMoves => "lesson-miss-out-of-moves",
            Miss::OpponentStuck => "lesson-miss-opponent-stuck",
            Miss::Stuck => "lesson-miss-stuck",
            Miss::RearrangementGone => "lesson-miss-rearrangement-gone",
        }
    }
}

/// Why [`check`] could not judge a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The new move is illegal here: the attempt goes on, unchanged.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The stored moves do not replay (an earlier move is illegal, or the
    /// attempt was already over): the bot should restart the task.
    #[error("the stored moves of this task do not replay")]
    Stale,
}

/// Stars for solving a task of par `par` in `moves` moves: 3 at par (or
/// better), 2 at par + 1, 1 beyond.
pub fn stars(par: u32, moves: u32) -> u8 {
    match moves.saturating_sub(par) {
        0 => 3,
        1 => 2,
        _ => 1,
    }
}

/// The lesson with this id.
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    lessons().iter().find(|lesson| lesson.id == id)
}

impl Setup {
    /// The position this setup describes.
    pub fn position(&self) -> Position {
        match *self {
            Setup::Board {
                variant,
                turn,
                stones,
            } => {
                let mut board = [0; 40];
                for &(name, n) in stones {
                    board[hole(name).index()] += n;
                }
                Position::from_board(variant, board, turn)
            }
            Setup::Start(variant) => Position::new(variant),
        }
    }
}

impl Task {
    /// The start position of the task; the learner is the side to move.
    pub fn position(&self) -> Position {
        self.setup.position()
    }

    /// The side the learner plays.
    pub fn learner(&self) -> Side {
        self.position().turn()
    }

    /// The most moves an attempt may take: par + 2 (one star).
    pub fn max_moves(&self) -> u32 {
        self.par + 2
    }

    /// The example solutions as moves.
    pub fn answer_lines(&self) -> Vec<Vec<Move>> {
        self.answers
            .iter()
            .map(|line| line.iter().map(|m| parse_move(m)).collect())
            .collect()
    }

    /// The opponent's reply after the learner's `index`-th move (0-based)
    /// from `position` (opponent to move); `None` if it cannot move.
    pub fn reply(&self, position: &Position, index: usize) -> Option<Move> {
        if let Some(scripted) = self.replies.get(index) {
            let mv = parse_move(scripted);
            if { *position }.play(&mv).is_ok() {
                return Some(mv);
            }
        }
        default_reply(position)
    }

    /// Replays the learner's `moves` with the replies, up to the position
    /// where the learner moves next; `None` if they do not replay or the
    /// attempt already ended.
    pub fn replay(&self, moves: &[Move]) -> Option<Position> {
        let mut position = self.position();
        for (i, mv) in moves.iter().enumerate() {
            let ply = Ply::play(&position, *mv).ok()?;
            if self.goal.met_at(i, &ply)
                || self.goal.gone(i, &ply)
                || i as u32 + 1 >= self.max_moves()
            {
                return None;
            }
            let reply = self.reply(&ply.after, i)?;
            position = ply.after;
            position.play(&reply).ok()?;
        }
        Some(position)
    }
}

/// The opponent's default reply: the sowing that captures the most stones
/// (the first legal one in hole order on a tie), so that a missed threat
/// shows at once and a replay always gives the same reply.
pub fn default_reply(position: &Position) -> Option<Move> {
    let mut best: Option<(u8, Hole)> = None;
    for &hole in position.legal_moves().iter() {
        let captured = { *position }
            .play(&Move::Sow(hole))
            .map_or(0, |effect| effect.captured_stones);
        if best.is_none_or(|(most, _)| captured > most) {
            best = Some((captured, hole));
        }
    }
    best.map(|(_, hole)| Move::Sow(hole))
}

/// Judges the learner's new move `mv`, after the learner's `moves_so_far`
/// in this attempt (the replies are recomputed: they are deterministic).
pub fn check(task: &Task, moves_so_far: &[Move], mv: &Move) -> Result<Verdict, CheckError> {
    let position = task.replay(moves_so_far).ok_or(CheckError::Stale)?;
    let played = Ply::play(&position, *mv)?;
    let used = moves_so_far.len() as u32 + 1;
    if task.goal.met_at(moves_so_far.len(), &played) {
        return Ok(Verdict::Solved {
            stars: stars(task.par, used),
            played,
        });
    }
    // Going on would be pointless: the goal can no longer be met.
    if task.goal.gone(moves_so_far.len(), &played) {
        return Ok(wrong(played, None, Miss::RearrangementGone));
    }
    if used >= task.max_moves() {
        return Ok(wrong(played, None, Miss::OutOfMoves));
    }
    let Some(reply) = task.reply(&played.after, moves_so_far.len()) else {
        return Ok(wrong(played, None, Miss::OpponentStuck));
    };
    let reply = Ply::play(&played.after, reply).expect("replies are legal moves");
    if !reply.after.has_legal_move() {
        return Ok(wrong(played, Some(reply), Miss::Stuck));
    }
    Ok(Verdict::Continue {
        played,
        reply,
        moves_left: task.max_moves() - used,
    })
}

fn wrong(played: Ply, reply: Option<Ply>, why: Miss) -> Verdict {
    Verdict::Wrong { played, reply, why }
}

impl Goal {
    /// Whether only a rearrangement meets this goal (only a first turn can
    /// be one, so a miss ends the attempt).
    pub fn needs_rearrangement(&self) -> bool {
        match self {
            Goal::Rearrange => true,
            Goal::All(goals) => goals.iter().any(Goal::needs_rearrangement),
            _ => false,
        }
    }

    /// Whether the learner's move `ply`, their `index`-th (0-based) in the
    /// attempt, meets this goal.
    pub fn met_at(&self, index: usize, ply: &Ply) -> bool {
        match *self {
            Goal::RearrangeThen(goal) => index > 0 && goal.met(ply),
            _ => self.met(ply),
        }
    }

    /// Whether, after the learner's `index`-th move `ply` missed this goal,
    /// it can no longer be met: the rearrangement it needs is gone.
    pub fn gone(&self, index: usize, ply: &Ply) -> bool {
        match *self {
            Goal::RearrangeThen(_) => index == 0 && !matches!(ply.mv, Move::Arrange(_)),
            _ => self.needs_rearrangement(),
        }
    }

    /// Whether the move `ply` meets this goal on its own (never for
    /// [`Goal::RearrangeThen`], which needs the moves before it: see
    /// [`Goal::met_at`]).
    pub fn met(&self, ply: &Ply) -> bool {
        let effect = &ply.effect;
        let captures = || {
            ply.trace
                .laps
                .iter()
                .filter(|lap| lap.captures().next().is_some())
        };
        match *self {
            Goal::Sow => matches!(ply.mv, Move::Sow(_)),
            Goal::EndIn(name) => effect.last == Some(hole(name)),
            Goal::Relays(n) => effect.relays >= n,
            Goal::Captures(n) => captures().count() as u32 >= n,
            Goal::CaptureOuter => captures().any(|lap| lap.captures().count() == 2),
            Goal::CaptureStones(n) => effect.captured_stones >= n,
            Goal::Takes(name) => captures().any(|lap| lap.captures().any(|(h, _)| h == hole(name))),
            Goal::Empty(name) => ply.after.stones(hole(name)) == 0,
            Goal::Protect => !has_capture(&ply.after),
            Goal::NoReply => !ply.after.has_legal_move(),
            Goal::Rearrange => matches!(ply.mv, Move::Arrange(_)),
            Goal::FillAll => {
                let mover = ply.before.turn();
                Hole::all()
                    .filter(|h| h.owner() == mover)
                    .all(|h| ply.after.stones(h) > 0)
            }
            Goal::All(goals) => goals.iter().all(|goal| goal.met(ply)),
            Goal::RearrangeThen(_) => false,
        }
    }
}

/// Whether the player to move has a sowing that captures.
pub fn has_capture(position: &Position) -> bool {
    position.legal_moves().iter().any(|&hole| {
        { *position }
            .play(&Move::Sow(hole))
            .is_ok_and(|effect| !effect.captured.is_empty())
    })
}

/// A hole of the catalogue, by name (the names are tested).
fn hole(name: &str) -> Hole {
    name.parse().expect("the lessons name real holes")
}

/// A move of the catalogue, in notation (the notations are tested).
fn parse_move(notation: &str) -> Move {
    notation.parse().expect("the lessons write real moves")
}

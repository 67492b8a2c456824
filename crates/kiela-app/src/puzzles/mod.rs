//! Puzzles (`/kiela puzzle`): positions from real play where one move is
//! clearly best, the set kiela-learn ships. Each is served privately near
//! the solver's puzzle rating, with its board and the menu of holes; a
//! several-move puzzle plays the opponent's forced reply itself. A
//! player's first finished attempt at a puzzle is rated (Glicko-2, the
//! solver against the puzzle, both updated) and counts for their streak;
//! tries after it are practice. [`daily`] adds the day's puzzle.
//!
//! The attempt under way lives in the menu's id ([`PuzzleStep`]): a menu
//! pressed after a restart goes on where it was.

pub mod daily;
mod mining;
mod store;
pub use store::*;

use serde::{Deserialize, Serialize};

use kiela_i18n::Lang;
pub use kiela_learn::puzzles::Theme;
use kiela_learn::puzzles::{puzzle_game, shipped, Puzzle};
use kiela_render::{GameView, LastMove};
use kiela_rules::{Game, GameError, Hole, Move, Side, Trace};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::game::{app_ply, board_picture, BoardParts};
use super::lessons::Mover;
use super::{AltText, AppError, Format, Notice, Picture, Reply, Result, User};
use crate::vocabulary::UserId;

/// How far from the solver's rating a puzzle may be picked, at first:
/// the nearest ones not tried yet are drawn from.
const NEAREST: usize = 12;

/// What a puzzle tells the solver, a line each; and the daily post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleNotice {
    /// Every puzzle was tried: one again, for practice.
    AllTried,
    /// A solver's record, in their stats: their rating (rounded), puzzles
    /// `solved` of `tried`, and their `best` streak.
    SolverStats {
        rating: i64,
        solved: i64,
        tried: i64,
        best: i64,
    },
    /// The daily puzzle of `day` (days since 1970), solved by `solvers`.
    DailyIntro { day: i64, solvers: i64 },
    /// Puzzle `number`, its rating rounded and its themes.
    Header {
        number: usize,
        rating: i64,
        themes: Vec<Theme>,
    },
    /// The goal: the best move for `side`, a line of `moves` moves.
    Goal { side: Side, moves: usize },
    /// The solver's rating, which the first try changes.
    YourRating { rating: i64 },
    /// Tried before: practice, unrated.
    Practice,
    /// `mover` sowed along `trace`.
    Path { mover: Mover, trace: Trace },
    /// The line is found.
    Solved,
    /// Not the best move, which keeps at least `margin` more stones.
    Missed { margin: i32 },
    /// A rated try: the solver's rating now, its `change`, the streak.
    RatingChange {
        rating: i64,
        change: i64,
        streak: i64,
    },
    /// Right: the opponent replied `reply` (a move's notation), and
    /// `moves_left` moves of the line remain.
    GoOn { reply: String, moves_left: usize },
    /// The solution's moves follow.
    Solution,
    /// The daily post: puzzle `number` is `day`'s puzzle.
    DailyPost { number: usize, day: i64 },
    /// Under the daily post: yesterday's puzzle `number`, its solvers,
    /// and its `answer` (the solution's moves; the adapter hides them
    /// from whoever does not want to see them).
    DailyYesterday {
        number: usize,
        solvers: i64,
        answer: Vec<String>,
    },
}

/// Why a solver's move was not judged (a button for a step that is gone
/// is [`crate::Refusal::OldButton`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRefusal {
    /// The rules refuse the solver's move.
    Illegal(GameError),
}

/// A solver's attempt at a puzzle: the puzzle's number (its line in the
/// shipped set, from 1) and the ply of its solution the solver is to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleStep {
    pub number: usize,
    pub ply: i64,
}

/// The buttons and menu under a puzzle's reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleButtons {
    /// The menu of the solver's holes, for `step`.
    Play(PuzzleStep),
    /// Solved: **Next** and **Solution**.
    Solved { number: usize },
    /// Missed: **Retry** and **Solution**.
    Missed { number: usize },
    /// The solution shown: **Next**.
    Shown { number: usize },
    /// A server's daily post: **Solve** (privately, for whoever presses).
    Daily,
}

/// Puzzle number `number` (from 1) of the shipped set.
pub fn puzzle(number: usize) -> Option<&'static Puzzle> {
    shipped().get(number.checked_sub(1)?)
}

/// Puzzles mined from the bot's own games are numbered after this
/// (100001 on), past any shipped set.
pub const MINED_FROM: usize = 100_000;

/// Whether `number` can be a puzzle's: shipped, or in the mined range.
pub fn puzzle_number(number: usize) -> bool {
    puzzle(number).is_some() || number > MINED_FROM
}

/// The shipped set's edition: a hash of its puzzles' ids. Puzzle buttons
/// carry it, so that a button made before the set was mined again is an
/// old button, not a pick in the puzzle that has its number now.
pub fn puzzle_edition() -> u32 {
    static EDITION: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *EDITION.get_or_init(|| {
        // FNV-1a: the same in every build, unlike std's hasher.
        let bytes = shipped().iter().flat_map(|p| p.id.bytes().chain([b'\n']));
        bytes.fold(0x811c_9dc5, |hash: u32, byte| {
            (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
        })
    })
}

/// A puzzle, shipped or mined from the bot's games.
type Found = std::borrow::Cow<'static, Puzzle>;

/// What a finished first attempt did to the solver.
struct Rated {
    before: f64,
    after: f64,
    streak: i64,
}

crate::store::port_set! {
    /// The ports [`PuzzleService`] reads and writes through.
    pub struct PuzzlePorts {
        puzzles: PuzzlesStore,
    }
}

/// Puzzles: attempts, their ratings, and the daily puzzle (whose posts it composes).
#[derive(Clone)]
pub struct PuzzleService {
    pub(crate) base: crate::Base,
    pub(crate) db: PuzzlePorts,
}

impl PuzzleService {
    /// `/kiela puzzle [daily]`: the day's puzzle, or one near the solver's
    /// rating they have not tried.
    pub async fn puzzle(&self, user: &User, daily: bool) -> Result<Reply> {
        if daily {
            return self.daily_puzzle(user).await;
        }
        let solver = self.db.puzzles.solver_rating(user.id).await?;
        let tried = self.db.puzzles.tried_puzzles(user.id).await?;
        let ratings = self.db.puzzles.puzzle_ratings().await?;
        let today = self.db.puzzles.daily_puzzle_of(self.today()).await?;
        let rating_of = |p: &Puzzle| {
            ratings
                .get(&p.id)
                .map_or(f64::from(p.rating), |r| r.glicko.rating)
        };
        let mut fresh: Vec<(usize, f64)> = (shipped().iter().enumerate())
            .filter(|(_, p)| !tried.contains(&p.id) && today.as_deref() != Some(p.id.as_str()))
            .map(|(i, p)| (i + 1, (rating_of(p) - solver.glicko.rating).abs()))
            .collect();
        let all_tried = fresh.is_empty();
        if all_tried {
            fresh = (1..=shipped().len())
                .map(|n| {
                    (
                        n,
                        (rating_of(&shipped()[n - 1]) - solver.glicko.rating).abs(),
                    )
                })
                .collect();
        }
        fresh.sort_by(|a, b| a.1.total_cmp(&b.1));
        let near = &fresh[..fresh.len().min(NEAREST)];
        let (number, _) = near[fastrand::usize(..near.len())];
        let mut reply = self.show_puzzle(user, number, None).await?;
        if all_tried {
            reply.say_first(PuzzleNotice::AllTried);
        }
        Ok(reply)
    }

    /// Puzzle `number` from its start (Retry).
    pub async fn puzzle_again(&self, user: &User, number: usize) -> Result<Reply> {
        self.show_puzzle(user, number, None).await
    }

    /// Puzzle `number`, shipped or mined; a number that is neither is an
    /// old button.
    async fn find(&self, number: usize) -> Result<Found> {
        let found = match number > MINED_FROM {
            true => (self.db.puzzles.mined_puzzle(number).await?).map(Found::Owned),
            false => puzzle(number).map(Found::Borrowed),
        };
        found.ok_or_else(|| crate::Refusal::OldButton.into())
    }

    /// The number of the puzzle known by `id`, shipped or mined.
    async fn number_of(&self, id: &str) -> Result<Option<usize>> {
        if let Some(i) = shipped().iter().position(|p| p.id == id) {
            return Ok(Some(i + 1));
        }
        let mined = self.db.puzzles.mined_puzzles().await?;
        Ok(mined.iter().find(|m| m.puzzle.id == id).map(|m| m.number))
    }

    /// The solver picked `hole` at `step`.
    pub async fn puzzle_move(&self, user: &User, step: PuzzleStep, hole: Hole) -> Result<Reply> {
        let lang = user.lang;
        let stale = || AppError::from(crate::Refusal::OldButton);
        let found = self.find(step.number).await?;
        let found: &Puzzle = &found;
        let solution = solution_moves(found)?;
        let ply = usize::try_from(step.ply).map_err(|_| stale())?;
        if ply % 2 == 1 || ply >= solution.len() {
            return Err(stale());
        }
        let mut game = replay_to(found, &solution[..ply])?;
        let played = Move::Sow(hole);
        let mine = LastMove::new(game.position(), played)
            .map_err(|e| AppError::from(PuzzleRefusal::Illegal(e.into())))?;
        let mut says = vec![PuzzleNotice::Path {
            mover: Mover::You,
            trace: mine.trace.clone(),
        }];
        game.play(&played)
            .map_err(|e| AppError::from(PuzzleRefusal::Illegal(e)))?;
        says.insert(0, self.header(step.number, found).await?);
        let missed = played != solution[ply];
        if missed || ply + 1 == solution.len() {
            // The try is over: rated if it was the first.
            let rated = self.finish_attempt(user.id, found, !missed).await?;
            // The solution beats every other move by MARGIN (hundredths of
            // a stone): what "keeps at least N more stones" says.
            let margin = kiela_learn::puzzles::MARGIN / 100;
            let (said, buttons) = match missed {
                true => (
                    PuzzleNotice::Missed { margin },
                    PuzzleButtons::Missed {
                        number: step.number,
                    },
                ),
                false => (
                    PuzzleNotice::Solved,
                    PuzzleButtons::Solved {
                        number: step.number,
                    },
                ),
            };
            says.extend([said, rating_notice(rated)]);
            let mut reply = self
                .puzzle_board(lang, found, &game, Some(mine), says)
                .await?;
            reply.puzzle = Some(buttons);
            return Ok(reply);
        }
        // Right, and the line goes on: the opponent's forced reply.
        let reply_move = solution[ply + 1];
        let theirs = LastMove::new(game.position(), reply_move)
            .map_err(|e| AppError::Internal(format!("puzzle {}: {e}", found.id)))?;
        game.play(&reply_move)
            .map_err(|e| AppError::Internal(format!("puzzle {}: {e}", found.id)))?;
        says.push(PuzzleNotice::Path {
            mover: Mover::Opponent,
            trace: theirs.trace.clone(),
        });
        let left = (solution.len() - ply - 1) / 2;
        says.push(PuzzleNotice::GoOn {
            reply: reply_move.to_string(),
            moves_left: left,
        });
        let mut reply = self
            .puzzle_board(lang, found, &game, Some(theirs), says)
            .await?;
        reply.moves = super::lessons::menu(game.position());
        reply.puzzle = Some(PuzzleButtons::Play(PuzzleStep {
            number: step.number,
            ply: step.ply + 2,
        }));
        Ok(reply)
    }

    /// Puzzle `number`'s solution: its moves in words, and as a GIF.
    pub async fn puzzle_solution(&self, user: &User, number: usize) -> Result<Reply> {
        let lang = user.lang;
        let found = self.find(number).await?;
        let found: &Puzzle = &found;
        let solution = solution_moves(found)?;
        let start = puzzle_game(found).map_err(|e| AppError::Internal(e.to_string()))?;
        let from = start.moves().len();
        let solver = start.turn();
        let mut game = start;
        let mut says = vec![self.header(number, found).await?, PuzzleNotice::Solution];
        for mv in &solution {
            let mover = if game.turn() == solver {
                Mover::You
            } else {
                Mover::Opponent
            };
            let last = LastMove::new(game.position(), *mv)
                .map_err(|e| AppError::Internal(format!("puzzle {}: {e}", found.id)))?;
            says.push(PuzzleNotice::Path {
                mover,
                trace: last.trace,
            });
            game.play(mv)
                .map_err(|e| AppError::Internal(format!("puzzle {}: {e}", found.id)))?;
        }
        let (south, north) = names(lang, solver);
        let gif = tokio::task::spawn_blocking(move || {
            kiela_render::game_gif(&GameView {
                game: &game,
                south_name: &south,
                north_name: &north,
                game_id: None,
                lang,
                from,
            })
        })
        .await
        .map_err(|e| AppError::Internal(format!("rendering failed: {e}")))?
        .map_err(|e| AppError::Internal(e.to_string()))?;
        let mut reply = Reply {
            says: says.into_iter().map(Notice::from).collect(),
            private: true,
            lang,
            ..Reply::default()
        };
        reply.picture = Some(Picture {
            bytes: gif,
            format: Format::Gif,
            alt_text: AltText::PuzzleSolution { number },
        });
        reply.puzzle = Some(PuzzleButtons::Shown { number });
        Ok(reply)
    }

    /// Puzzle `number` at its start, privately, with the menu; `intro`
    /// comes before its header.
    pub(super) async fn show_puzzle(
        &self,
        user: &User,
        number: usize,
        intro: Option<PuzzleNotice>,
    ) -> Result<Reply> {
        let lang = user.lang;
        let found = self.find(number).await?;
        let found: &Puzzle = &found;
        let game = puzzle_game(found).map_err(|e| AppError::Internal(e.to_string()))?;
        let solver = self.db.puzzles.solver_rating(user.id).await?;
        let rated = !self
            .db
            .puzzles
            .tried_puzzles(user.id)
            .await?
            .contains(&found.id);
        let moves = found.solution.len().div_ceil(2);
        let goal = PuzzleNotice::Goal {
            side: game.turn(),
            moves,
        };
        let mine = if rated {
            PuzzleNotice::YourRating {
                rating: solver.glicko.rating.round() as i64,
            }
        } else {
            PuzzleNotice::Practice
        };
        let says: Vec<PuzzleNotice> = [
            intro,
            Some(self.header(number, found).await?),
            Some(goal),
            Some(mine),
        ]
        .into_iter()
        .flatten()
        .collect();
        let last = game.moves().last().and_then(|mv| {
            let mut before = Game::new(game.position().variant());
            for m in &game.moves()[..game.moves().len() - 1] {
                before.play(m).ok()?;
            }
            LastMove::new(before.position(), *mv).ok()
        });
        let mut reply = self.puzzle_board(lang, found, &game, last, says).await?;
        reply.moves = super::lessons::menu(game.position());
        reply.puzzle = Some(PuzzleButtons::Play(PuzzleStep { number, ply: 0 }));
        Ok(reply)
    }

    /// A private reply: `game`'s picture (with `last`'s path) and `text`,
    /// the solver shown as "You".
    async fn puzzle_board(
        &self,
        lang: Lang,
        found: &Puzzle,
        game: &Game,
        last: Option<LastMove>,
        says: Vec<PuzzleNotice>,
    ) -> Result<Reply> {
        let solver = puzzle_game(found)
            .map_err(|e| AppError::Internal(e.to_string()))?
            .turn();
        let (south, north) = names(lang, solver);
        let position = *game.position();
        // A position from a real game: its strip counts the game's turns.
        let parts = BoardParts {
            ply: app_ply(game.ply()),
            ..BoardParts::exercise(south, north, last)
        };
        let picture = board_picture(parts, position, lang).await?;
        Ok(Reply {
            says: says.into_iter().map(Notice::from).collect(),
            picture: Some(picture),
            private: true,
            lang,
            ..Reply::default()
        })
    }

    /// Records `player`'s attempt at `found`; the first one is rated (both
    /// ratings and the streak change, in one transaction), later ones are
    /// practice (`None`).
    async fn finish_attempt(
        &self,
        player: UserId,
        found: &Puzzle,
        solved: bool,
    ) -> Result<Option<Rated>> {
        let guess = PuzzleRating::guess(found);
        let rate = |solver: &Glicko2Rating, puzzle: &Glicko2Rating| {
            let outcome = if solved {
                Outcomes::WIN
            } else {
                Outcomes::LOSS
            };
            glicko2(solver, puzzle, &outcome, &Glicko2Config::new())
        };
        let changed = self
            .db
            .puzzles
            .rate_attempt(player, &found.id, solved, guess, self.base.now(), &rate)
            .await?;
        Ok(changed.map(|(before, after)| Rated {
            before: before.glicko.rating,
            after: after.glicko.rating,
            streak: after.streak,
        }))
    }

    /// Puzzle `number`'s header: its rating now, and its themes.
    async fn header(&self, number: usize, found: &Puzzle) -> Result<PuzzleNotice> {
        let rating = match self.db.puzzles.puzzle_rating(&found.id).await? {
            Some(rated) => rated.glicko.rating,
            None => f64::from(found.rating),
        };
        Ok(PuzzleNotice::Header {
            number,
            rating: rating.round() as i64,
            themes: found.themes.clone(),
        })
    }

    /// `/kiela stats`' line on puzzles: rating, solved and best streak.
    pub(crate) async fn puzzles_line(&self, player: &User) -> Result<Option<PuzzleNotice>> {
        let solver = self.db.puzzles.solver_rating(player.id).await?;
        if solver.attempts == 0 {
            return Ok(None);
        }
        Ok(Some(PuzzleNotice::SolverStats {
            rating: solver.glicko.rating.round() as i64,
            solved: solver.solved,
            tried: solver.attempts,
            best: solver.best_streak,
        }))
    }
}

/// What a finished try did to the solver's rating (nothing for practice).
fn rating_notice(rated: Option<Rated>) -> PuzzleNotice {
    match rated {
        Some(Rated {
            before,
            after,
            streak,
        }) => {
            let (before, after) = (before.round() as i64, after.round() as i64);
            PuzzleNotice::RatingChange {
                rating: after,
                change: after - before,
                streak,
            }
        }
        None => PuzzleNotice::Practice,
    }
}

/// The names on a puzzle's picture: "You" on the solver's side.
fn names(lang: Lang, solver: Side) -> (String, String) {
    use kiela_render::words::{opponent, you};
    let (you, them) = (you(lang), opponent(lang));
    match solver {
        Side::South => (you, them),
        Side::North => (them, you),
    }
}

/// A shipped puzzle's solution as moves (the set's tests read them all).
fn solution_moves(found: &Puzzle) -> Result<Vec<Move>> {
    found
        .solution
        .iter()
        .map(|text| {
            text.parse::<Move>()
                .map_err(|e| AppError::Internal(format!("puzzle {}: {e}", found.id)))
        })
        .collect()
}

/// The puzzle's game after the first `moves` of its solution.
fn replay_to(found: &Puzzle, moves: &[Move]) -> Result<Game> {
    let mut game = puzzle_game(found).map_err(|e| AppError::Internal(e.to_string()))?;
    for mv in moves {
        game.play(mv)
            .map_err(|e| AppError::Internal(format!("puzzle {}: {e}", found.id)))?;
    }
    Ok(game)
}

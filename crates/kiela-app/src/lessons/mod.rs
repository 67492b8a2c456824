//! Lessons for newcomers (`/kiela learn`): the tasks of the kiela-learn
//! crate, each shown privately as its board, one sentence of goal and the
//! menu of holes. A move is judged by the crate (the opponent's reply is
//! its, fixed); a wrong one shows what it did and offers a new try; a
//! solved task keeps its best stars per player.
//!
//! The attempt under way lives in the menu's id ([`LessonStep`]), not in
//! the database: a menu pressed after a restart goes on where it was.
//!
//! The Expert lesson's tasks start with a rearrangement: its first step
//! offers, beside the menu, the game's rearrangement form
//! ([`LessonService::lesson_arrange`] takes the two rows typed in it), and
//! the layout rides in the step's id like the sowings.

mod store;
pub use store::*;

use serde::{Deserialize, Serialize};

use kiela_i18n::Lang;
pub use kiela_learn::lessons::Miss;
use kiela_learn::lessons::{self, Lesson, Ply, Task, Verdict};
use kiela_render::LastMove;
use kiela_rules::{GameError, Hole, Layout, Move, Position, Side, Trace};

use super::game::{board_picture, BoardParts};
use super::{AppError, Notice, Refusal, Reply, Result, User};

/// What a lesson tells the learner, a line each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LessonNotice {
    /// Every task is solved (the first lesson follows, to play again).
    AllDone,
    /// Task `task` (from 0) of lesson `lesson` (its id): where it stands
    /// among the lessons, its par and its goal.
    Header { lesson: String, task: usize },
    /// The task may start with a rearrangement (the **Arrange** button).
    MayArrange,
    /// `mover` sowed along `trace`.
    Path { mover: Mover, trace: Trace },
    /// The learner rearranged their stones.
    Rearranged,
    /// The goal is reached, with `stars` (3 at par).
    Solved { stars: u8 },
    /// Right so far: the opponent replied `reply` (a move's notation), and
    /// `moves_left` moves remain.
    NotYet { reply: String, moves_left: u32 },
    /// The attempt ended without the goal: why.
    Missed(Miss),
    /// A learner's progress, in their stats: `solved` of `tasks` tasks,
    /// with `stars` stars.
    Progress {
        solved: usize,
        tasks: usize,
        stars: i64,
    },
}

/// Who made a move in a lesson or a puzzle: the learner or their opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mover {
    You,
    Opponent,
}

/// Why a lesson was not shown or a learner's move not judged (a button
/// for a step that is gone is [`Refusal::OldButton`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonRefusal {
    /// No lesson by that number: there are `count`.
    Unknown { count: usize },
    /// The rules refuse the learner's move.
    Illegal(GameError),
}

/// Moves an attempt may hold (a task allows its par + 2).
pub const MAX_ATTEMPT: usize = 8;

/// A learner's place in a task: the lesson (its stable id), the task, and
/// the moves of the attempt so far: a rearrangement first (`arranged`, an
/// Expert task's first move) and the sowings after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonStep {
    pub lesson: &'static str,
    pub task: usize,
    pub arranged: Option<Layout>,
    pub moves: [Option<Hole>; MAX_ATTEMPT],
}

impl LessonStep {
    pub fn new(lesson: &'static str, task: usize) -> LessonStep {
        LessonStep {
            lesson,
            task,
            arranged: None,
            moves: [None; MAX_ATTEMPT],
        }
    }

    /// The sowings of the attempt so far (after its rearrangement, if any).
    pub fn moves(&self) -> impl Iterator<Item = Hole> + '_ {
        self.moves.iter().map_while(|hole| *hole)
    }

    /// Every move of the attempt so far, the rearrangement first.
    fn attempt(&self) -> Vec<Move> {
        let arranged = self.arranged.map(Move::Arrange);
        arranged
            .into_iter()
            .chain(self.moves().map(Move::Sow))
            .collect()
    }

    /// Whether the learner may rearrange now: the attempt has not begun and
    /// the task's position lets them (the Expert lesson).
    pub fn may_arrange(&self) -> bool {
        self.arranged.is_none()
            && self.moves().next().is_none()
            && find(self.lesson, self.task).is_some_and(|(_, task)| {
                let position = task.position();
                position.may_rearrange(position.turn())
            })
    }

    /// The same step after `mv`; `None` if the attempt is full (or a
    /// rearrangement comes after the first move).
    fn then(mut self, mv: Move) -> Option<LessonStep> {
        match mv {
            Move::Sow(hole) => {
                let free = self.moves.iter().position(Option::is_none)?;
                self.moves[free] = Some(hole);
            }
            Move::Arrange(layout) => {
                if self.arranged.is_some() || self.moves().next().is_some() {
                    return None;
                }
                self.arranged = Some(layout);
            }
        }
        Some(self)
    }
}

/// The buttons and menu under a lesson's reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonButtons {
    /// The menu of the learner's holes, for the next move of `step`.
    Play(LessonStep),
    /// Solved: **Next** (the task after `task`).
    Solved { lesson: &'static str, task: usize },
    /// Missed: **Try again** (task `task` from its start).
    Missed { lesson: &'static str, task: usize },
}

/// The lessons Discord offers, numbered from 1: all of them (the Expert
/// rearrangement is typed in the game's rearrangement form).
pub fn offered() -> Vec<&'static Lesson> {
    lessons::lessons().iter().collect()
}

crate::store::port_set! {
    /// The ports [`LessonService`] reads and writes through.
    pub struct LessonPorts {
        lessons: LessonsStore,
    }
}

/// Lessons: guided tasks, one step at a time.
#[derive(Clone)]
pub struct LessonService {
    pub(crate) base: crate::Base,
    pub(crate) db: LessonPorts,
}

impl LessonService {
    /// `/kiela learn [lesson]`: lesson `number` (from 1) at its first task
    /// not solved yet, or without one the first task not solved of all.
    pub async fn learn(&self, user: &User, number: Option<i64>) -> Result<Reply> {
        let all = offered();
        let solved = self.db.lessons.lesson_progress(user.id).await?;
        let is_solved = |lesson: &Lesson, task: usize| {
            solved
                .iter()
                .any(|(l, t, _)| l == lesson.id && *t == task as i64)
        };
        let first_open = |lesson: &Lesson| (0..lesson.tasks.len()).find(|&t| !is_solved(lesson, t));
        let (lesson, task) = match number {
            Some(n) => {
                let Some(lesson) = usize::try_from(n - 1).ok().and_then(|i| all.get(i)) else {
                    return Err(LessonRefusal::Unknown { count: all.len() }.into());
                };
                (*lesson, first_open(lesson).unwrap_or(0))
            }
            None => match all.iter().find_map(|l| first_open(l).map(|t| (*l, t))) {
                Some(found) => found,
                None => {
                    let mut reply = self.show_task(user, all[0], 0).await?;
                    reply.say_first(LessonNotice::AllDone);
                    return Ok(reply);
                }
            },
        };
        self.show_task(user, lesson, task).await
    }

    /// Task `task` of lesson `lesson` from its start (Next and Try again);
    /// past a lesson's last task, the next lesson's first.
    pub async fn lesson_at(&self, user: &User, lesson: &str, task: usize) -> Result<Reply> {
        let all = offered();
        let Some(at) = all.iter().position(|l| l.id == lesson) else {
            return Err(Refusal::OldButton.into());
        };
        match all[at].tasks.get(task) {
            Some(_) => self.show_task(user, all[at], task).await,
            None => match all.get(at + 1) {
                Some(next) => self.show_task(user, next, 0).await,
                None => Ok(Reply {
                    lang: user.lang,
                    ..Reply::private(LessonNotice::AllDone)
                }),
            },
        }
    }

    /// The learner picked `hole` at `step`.
    pub async fn lesson_move(&self, user: &User, step: LessonStep, hole: Hole) -> Result<Reply> {
        self.lesson_play(user, step, Move::Sow(hole)).await
    }

    /// The learner sent the rearrangement form at `step`: `rows` are the
    /// upper and the lower row as the board draws them, 10 counts each. A
    /// form that does not make a layout is refused, saying what is wrong,
    /// and changes nothing.
    pub async fn lesson_arrange(
        &self,
        user: &User,
        step: LessonStep,
        rows: [&str; 2],
    ) -> Result<Reply> {
        let layout = super::playing::typed_layout(rows)?;
        self.lesson_play(user, step, Move::Arrange(layout)).await
    }

    /// What the Arrange button of `step` fills the form with: the learner's
    /// side and their stones as they stand. Refused when the step may not
    /// rearrange (an old button: the attempt went on).
    pub fn lesson_arrangement(&self, step: LessonStep) -> Result<(Side, Layout)> {
        let found = find(step.lesson, step.task).filter(|_| step.may_arrange());
        let Some((_, task)) = found else {
            return Err(Refusal::OldButton.into());
        };
        let position = task.position();
        let side = position.turn();
        Ok((side, position.layout(side)))
    }

    /// The learner's new move `mv` at `step`, judged.
    async fn lesson_play(&self, user: &User, step: LessonStep, mv: Move) -> Result<Reply> {
        let lang = user.lang;
        let (lesson, task) =
            find(step.lesson, step.task).ok_or(AppError::from(crate::Refusal::OldButton))?;
        let so_far = step.attempt();
        let verdict = match lessons::check(task, &so_far, &mv) {
            Ok(verdict) => verdict,
            Err(lessons::CheckError::Illegal(e)) => {
                return Err(LessonRefusal::Illegal(e.into()).into())
            }
            Err(lessons::CheckError::Stale) => return Err(Refusal::OldButton.into()),
        };
        let (said, shown, buttons) = match &verdict {
            Verdict::Solved { stars, played } => {
                self.db
                    .lessons
                    .record_lesson(
                        user.id,
                        lesson.id,
                        step.task as i64,
                        i64::from(*stars),
                        self.base.now(),
                    )
                    .await?;
                let next = LessonButtons::Solved {
                    lesson: lesson.id,
                    task: step.task + 1,
                };
                (LessonNotice::Solved { stars: *stars }, played, next)
            }
            Verdict::Continue {
                reply, moves_left, ..
            } => {
                let said = LessonNotice::NotYet {
                    reply: reply.mv.to_string(),
                    moves_left: *moves_left,
                };
                let Some(next) = step.then(mv) else {
                    return Err(Refusal::OldButton.into());
                };
                (said, reply, LessonButtons::Play(next))
            }
            Verdict::Wrong {
                played, reply, why, ..
            } => {
                let again = LessonButtons::Missed {
                    lesson: lesson.id,
                    task: step.task,
                };
                (
                    LessonNotice::Missed(*why),
                    reply.as_ref().unwrap_or(played),
                    again,
                )
            }
        };
        let mut says = vec![header(lesson, step.task)];
        match &verdict {
            Verdict::Continue { played, .. } => {
                says.push(learner_path(played));
                says.push(LessonNotice::Path {
                    mover: Mover::Opponent,
                    trace: shown.trace.clone(),
                });
            }
            _ => says.push(learner_path(shown)),
        }
        says.push(said);
        let mut reply = self
            .lesson_board(lang, task, &shown.after, Some(shown), says)
            .await?;
        reply.lesson = Some(buttons);
        if let LessonButtons::Play(_) = buttons {
            reply.moves = menu(&shown.after);
        }
        Ok(reply)
    }

    async fn show_task(&self, user: &User, lesson: &'static Lesson, index: usize) -> Result<Reply> {
        let lang = user.lang;
        let task = &lesson.tasks[index];
        let position = task.position();
        let step = LessonStep::new(lesson.id, index);
        let mut says = vec![header(lesson, index)];
        if step.may_arrange() {
            says.push(LessonNotice::MayArrange);
        }
        let mut reply = self.lesson_board(lang, task, &position, None, says).await?;
        reply.moves = menu(&position);
        reply.lesson = Some(LessonButtons::Play(step));
        Ok(reply)
    }

    /// A private reply: `position`'s picture (with `last`'s path) and `says`.
    async fn lesson_board(
        &self,
        lang: Lang,
        task: &Task,
        position: &Position,
        last: Option<&Ply>,
        says: Vec<LessonNotice>,
    ) -> Result<Reply> {
        let learner = task.learner();
        use kiela_render::words::{opponent, you};
        let (you, them) = (you(lang), opponent(lang));
        let (south, north) = match learner {
            kiela_rules::Side::South => (you, them),
            kiela_rules::Side::North => (them, you),
        };
        let last = last.map(|ply| LastMove {
            played: ply.mv,
            before: ply.before,
            trace: ply.trace.clone(),
        });
        let parts = BoardParts::exercise(south, north, last);
        let picture = board_picture(parts, *position, lang).await?;
        Ok(Reply {
            says: says.into_iter().map(Notice::from).collect(),
            picture: Some(picture),
            private: true,
            lang,
            ..Reply::default()
        })
    }

    /// `/kiela stats`' line on lessons: tasks solved and stars.
    pub(crate) async fn lessons_line(&self, player: &User) -> Result<Option<LessonNotice>> {
        let solved = self.db.lessons.lesson_progress(player.id).await?;
        if solved.is_empty() {
            return Ok(None);
        }
        let tasks: usize = offered().iter().map(|l| l.tasks.len()).sum();
        let stars: i64 = solved.iter().map(|(_, _, stars)| stars).sum();
        Ok(Some(LessonNotice::Progress {
            solved: solved.len(),
            tasks,
            stars,
        }))
    }
}

/// What the learner's `ply` did: its path, or that they rearranged their
/// stones.
fn learner_path(ply: &Ply) -> LessonNotice {
    match ply.mv {
        Move::Arrange(_) => LessonNotice::Rearranged,
        Move::Sow(_) => LessonNotice::Path {
            mover: Mover::You,
            trace: ply.trace.clone(),
        },
    }
}

/// Lesson `id`'s task `task`, if Discord offers it.
fn find(id: &str, task: usize) -> Option<(&'static Lesson, &'static Task)> {
    let lesson = offered().into_iter().find(|l| l.id == id)?;
    Some((lesson, lesson.tasks.get(task)?))
}

/// "Lesson 3 of 10 · Relay — task 2 of 4 (par 1)" and the goal.
fn header(lesson: &Lesson, task: usize) -> LessonNotice {
    LessonNotice::Header {
        lesson: lesson.id.to_string(),
        task,
    }
}

/// The learner's holes they may sow from, with their stones.
pub(super) fn menu(position: &Position) -> Vec<(Hole, u8)> {
    position
        .legal_moves()
        .iter()
        .map(|&hole| (hole, position.stones(hole)))
        .collect()
}

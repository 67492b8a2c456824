//! Lessons: `/kiela learn [lesson]`, the task's menu of holes, the
//! Expert tasks' **Arrange** button and its form (the game's rearrangement
//! form), and Next / Try again, all private to the learner.

use serenity::all::{ButtonStyle, ComponentInteractionDataKind, CreateActionRow, ModalInteraction};
use serenity::async_trait;

use kiela_app::{
    offered_lessons, AppError, LessonButtons, LessonNotice, LessonRefusal, LessonStep, Mover, Reply,
};
use kiela_i18n::{tr, Lang};
use kiela_rules::Trace;

use crate::command::{Opt, Request, Subcommand};
use crate::features::playing::{hole_menu, layout_form, picked_hole, typed_rows};
use crate::handler::Cx;
use crate::ids::{button, ComponentId};
use crate::respond::{no_progress, Post, Responder};
use crate::words::describe_game_error;

/// Lessons are numbered from 1, as `/kiela learn` lists them.
const LESSON: Opt<i64> = Opt::new("lesson").min(1).max(20);

pub const LEARN: Subcommand = Subcommand {
    name: "learn",
    options: &[LESSON.spec()],
    read: |args| Ok(Box::new(Learn(args.get(&LESSON)?))),
};

#[derive(Debug)]
struct Learn(Option<i64>);

#[async_trait]
impl Request for Learn {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        Ok(Post::of(cx.service.lessons.learn(cx.user, self.0).await?))
    }
}

/// A hole picked in a lesson's menu.
pub async fn chosen(
    cx: &Cx<'_>,
    step: LessonStep,
    kind: &ComponentInteractionDataKind,
) -> Result<Post, AppError> {
    let hole = picked_hole(kind)?;
    Ok(Post::of(
        cx.service.lessons.lesson_move(cx.user, step, hole).await?,
    ))
}

/// The Arrange button of an Expert task: the rearrangement form, filled
/// with the learner's stones as they stand (a modal: the interaction's
/// first response). A stale button is answered privately instead.
pub async fn open_form(cx: &Cx<'_>, responder: &Responder, step: LessonStep) {
    match cx.service.lessons.lesson_arrangement(step) {
        Ok((side, layout)) => {
            let lang = cx.user.lang;
            let id = ComponentId::LessonArrangeForm { step };
            let title = tr!(lang, "lesson-arrange-form-title");
            responder
                .modal(layout_form(id, title, side, &layout, lang))
                .await;
        }
        Err(e) => {
            responder
                .answer(no_progress(), async { cx.post(Err(e)).await })
                .await;
        }
    }
}

/// The lesson's rearrangement form sent back: judged like a move; a form
/// that does not make a layout is refused with a button to open it again.
pub async fn submit_form(
    cx: &Cx<'_>,
    responder: &Responder,
    modal: &ModalInteraction,
    step: LessonStep,
) {
    let typed = typed_rows(modal);
    let lang = cx.user.lang;
    responder
        .answer(no_progress(), async {
            match (cx.service)
                .lessons
                .lesson_arrange(cx.user, step, [&typed[0], &typed[1]])
                .await
            {
                Ok(reply) => Post::of(reply),
                Err(e @ AppError::Refused(_)) => Post {
                    rows: vec![CreateActionRow::Buttons(vec![arrange_button(step, lang)])],
                    ..cx.failure(e)
                },
                Err(e) => cx.post(Err(e)).await,
            }
        })
        .await;
}

fn arrange_button(step: LessonStep, lang: Lang) -> serenity::all::CreateButton {
    button(
        ComponentId::LessonArrange { step },
        &tr!(lang, "button-arrange"),
        ButtonStyle::Primary,
    )
}

/// Next, or Try again.
pub async fn at(cx: &Cx<'_>, lesson: &str, task: usize) -> Result<Post, AppError> {
    Ok(Post::of(
        cx.service.lessons.lesson_at(cx.user, lesson, task).await?,
    ))
}

/// Under a lesson's reply: the menu of holes, or Next / Try again.
pub fn rows(reply: &Reply, buttons: LessonButtons) -> Vec<CreateActionRow> {
    let lang = reply.lang;
    match buttons {
        LessonButtons::Play(step) => {
            let menu = hole_menu(ComponentId::LessonMove { step }, &reply.moves, lang);
            let mut rows: Vec<CreateActionRow> = menu.into_iter().collect();
            if step.may_arrange() {
                rows.push(CreateActionRow::Buttons(vec![arrange_button(step, lang)]));
            }
            rows
        }
        LessonButtons::Solved { lesson, task } => {
            let last = offered_lessons().last().map(|l| (l.id, l.tasks.len()));
            if last == Some((lesson, task)) {
                return Vec::new();
            }
            let next = ComponentId::LessonAt { lesson, task };
            let label = tr!(lang, "button-lesson-next");
            vec![CreateActionRow::Buttons(vec![button(
                next,
                &label,
                ButtonStyle::Primary,
            )])]
        }
        LessonButtons::Missed { lesson, task } => {
            let again = ComponentId::LessonAt { lesson, task };
            let label = tr!(lang, "button-lesson-retry");
            vec![CreateActionRow::Buttons(vec![button(
                again,
                &label,
                ButtonStyle::Primary,
            )])]
        }
    }
}

/// Why a lesson was not shown or a learner's move not judged.
pub(crate) fn refusal(lang: Lang, refusal: &LessonRefusal) -> String {
    match refusal {
        LessonRefusal::Unknown { count } => tr!(lang, "lesson-unknown", count = *count),
        LessonRefusal::Illegal(error) => describe_game_error(lang, error),
    }
}

/// What a lesson tells the learner.
pub(crate) fn notice(lang: Lang, notice: &LessonNotice) -> String {
    match notice {
        LessonNotice::AllDone => tr!(lang, "lesson-all-done"),
        LessonNotice::Header { lesson, task } => header(lang, lesson, *task),
        LessonNotice::MayArrange => tr!(lang, "lesson-may-arrange"),
        LessonNotice::Path { mover, trace } => path(lang, *mover, trace),
        LessonNotice::Rearranged => tr!(lang, "lesson-you-rearranged"),
        LessonNotice::Solved { stars } => tr!(lang, "lesson-solved", stars = *stars),
        LessonNotice::NotYet { reply, moves_left } => {
            tr!(lang, "lesson-not-yet", reply = reply, count = *moves_left)
        }
        LessonNotice::Missed(why) => tr!(lang, why.key()),
        LessonNotice::Progress {
            solved,
            tasks,
            stars,
        } => tr!(
            lang,
            "lessons-stats",
            solved = *solved,
            tasks = *tasks,
            stars = *stars
        ),
    }
}

/// `mover`'s path along `trace` ("You sowed G2 → ended in E2.").
pub(crate) fn path(lang: Lang, mover: Mover, trace: &Trace) -> String {
    let mover = match mover {
        Mover::You => tr!(lang, "lesson-you"),
        Mover::Opponent => tr!(lang, "lesson-opponent"),
    };
    kiela_render::words::path(lang, &mover, trace)
}

/// "Lesson 3 of 10 · Relay — task 2 of 4 (par 1)" and the goal of task
/// `index` of lesson `id` (nothing for a lesson no longer offered).
fn header(lang: Lang, id: &str, index: usize) -> String {
    let all = offered_lessons();
    let Some((at, lesson)) = all.iter().enumerate().find(|(_, l)| l.id == id) else {
        return String::new();
    };
    let Some(task) = lesson.tasks.get(index) else {
        return String::new();
    };
    tr!(
        lang,
        "lesson-header",
        number = at + 1,
        lessons = all.len(),
        title = tr!(lang, lesson.title_key),
        task = index + 1,
        tasks = lesson.tasks.len(),
        par = task.par,
        goal = tr!(lang, task.goal_key)
    )
}

//! Lessons: `/kiela learn [lesson]`, the task's menu of holes, and Next /
//! Try again, all private to the learner.

use serenity::all::{ButtonStyle, ComponentInteractionDataKind, CreateActionRow};
use serenity::async_trait;

use crate::app::{offered_lessons, AppError, LessonButtons, LessonStep, Reply};
use kiela_i18n::tr;

use crate::discord::command::{Opt, Request, Subcommand};
use crate::discord::features::playing::{hole_menu, picked_hole};
use crate::discord::handler::Cx;
use crate::discord::ids::{button, ComponentId};
use crate::discord::respond::Post;

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
        Ok(Post::of(cx.service.learn(cx.user, self.0).await?))
    }
}

/// A hole picked in a lesson's menu.
pub async fn chosen(
    cx: &Cx<'_>,
    step: LessonStep,
    kind: &ComponentInteractionDataKind,
) -> Result<Post, AppError> {
    let hole = picked_hole(kind, cx.user.lang)?;
    Ok(Post::of(cx.service.lesson_move(cx.user, step, hole).await?))
}

/// Next, or Try again.
pub async fn at(cx: &Cx<'_>, lesson: &str, task: usize) -> Result<Post, AppError> {
    Ok(Post::of(cx.service.lesson_at(cx.user, lesson, task).await?))
}

/// Under a lesson's reply: the menu of holes, or Next / Try again.
pub fn rows(reply: &Reply, buttons: LessonButtons) -> Vec<CreateActionRow> {
    let lang = reply.lang;
    match buttons {
        LessonButtons::Play(step) => {
            let menu = hole_menu(ComponentId::LessonMove { step }, &reply.moves, lang);
            menu.into_iter().collect()
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

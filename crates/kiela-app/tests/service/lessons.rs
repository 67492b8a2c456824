//! Lessons: a task shown with its board and menu, solved with stars (kept
//! per player, shown in `/kiela stats`), a wrong move shown and offered
//! again, the next unsolved task resumed, a lesson that does not exist;
//! the Expert lesson played with the rearrangement form's rows.

use kiela_app::{offered_lessons, LessonButtons, LessonNotice, LessonRefusal, LessonStep, Mover};
use kiela_rules::{GameError, Hole, Move, Position, Side, Variant};

use super::*;

/// The lessons line of a player's stats, if any.
fn lessons_of(stats: &Reply) -> Option<(usize, usize)> {
    stats.says.iter().find_map(|said| match said {
        Notice::Lesson(LessonNotice::Progress { solved, tasks, .. }) => Some((*solved, *tasks)),
        _ => None,
    })
}

/// Every task of every lesson offered.
fn all_tasks() -> usize {
    offered_lessons().iter().map(|l| l.tasks.len()).sum()
}

on_both_backends! {
    a_lesson_is_solved_missed_and_resumed,
    the_expert_lesson_is_played_with_the_rearrangement_form,
}

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

/// What a lesson's reply says last: its verdict.
fn verdict(reply: &Reply) -> &LessonNotice {
    match reply.says.last() {
        Some(Notice::Lesson(notice)) => notice,
        other => panic!("not a lesson's notice: {other:?}"),
    }
}

const SOLVED_AT_PAR: LessonNotice = LessonNotice::Solved { stars: 3 };

async fn a_lesson_is_solved_missed_and_resumed(db: Db) {
    let w = world(db).await;
    let lessons = offered_lessons();
    let first = lessons[0];
    let shown = w.service.lessons.learn(&w.alice, None).await.unwrap();
    assert!(shown.private);
    assert!(shown.picture.is_some());
    let header = LessonNotice::Header {
        lesson: first.id.to_string(),
        task: 0,
    };
    assert_eq!(shown.says, [header.clone().into()]);
    assert_eq!(
        shown.lesson,
        Some(LessonButtons::Play(LessonStep::new(first.id, 0)))
    );
    assert!(!shown.moves.is_empty());

    // The task's own answer solves it at par: three stars.
    let answer = first.tasks[0].answers[0][0];
    let step = LessonStep::new(first.id, 0);
    let solved = w
        .service
        .lessons
        .lesson_move(&w.alice, step, hole(answer))
        .await
        .unwrap();
    // The task, the learner's path, the verdict.
    assert_eq!(solved.says.len(), 3, "{:?}", solved.says);
    assert_eq!(solved.says[0], header.into());
    assert!(
        matches!(
            &solved.says[1],
            Notice::Lesson(LessonNotice::Path { mover: Mover::You, trace })
                if trace.laps[0].from == hole(answer)
        ),
        "{:?}",
        solved.says
    );
    assert_eq!(verdict(&solved), &SOLVED_AT_PAR);
    assert_eq!(
        solved.lesson,
        Some(LessonButtons::Solved {
            lesson: first.id,
            task: 1
        })
    );
    // Resumed at the next task; stats count it.
    let next = w.service.lessons.learn(&w.alice, None).await.unwrap();
    assert_eq!(
        next.lesson,
        Some(LessonButtons::Play(LessonStep::new(first.id, 1)))
    );
    let stats = w.service.ratings.stats(HERE, &w.alice).await.unwrap();
    assert_eq!(lessons_of(&stats), Some((1, all_tasks())), "{stats:?}");

    // A unique par-1 task answered otherwise: the opponent replies and the
    // learner goes on, with the attempt in the menu; moves run out at
    // par + 2, and the attempt is then offered again (or solved late).
    let (lesson, index, task) = lessons
        .iter()
        .flat_map(|l| l.tasks.iter().enumerate().map(move |(i, t)| (*l, i, t)))
        .find(|(_, _, t)| t.unique && t.par == 1 && t.position().legal_moves().len() > 1)
        .expect("a one-move task with a choice");
    let right = hole(task.answers[0][0]);
    let position = task.position();
    let wrong = position
        .legal_moves()
        .iter()
        .copied()
        .find(|&h| h != right)
        .expect("another legal move");
    let step = LessonStep::new(lesson.id, index);
    let mut reply = w
        .service
        .lessons
        .lesson_move(&w.bob, step, wrong)
        .await
        .unwrap();
    assert!(reply.picture.is_some());
    for _ in 1..task.max_moves() {
        let Some(LessonButtons::Play(step)) = reply.lesson else {
            break;
        };
        assert!(
            matches!(verdict(&reply), LessonNotice::NotYet { .. }),
            "{:?}",
            reply.says
        );
        let opponent = &reply.says[reply.says.len() - 2];
        assert!(
            matches!(
                opponent,
                Notice::Lesson(LessonNotice::Path {
                    mover: Mover::Opponent,
                    ..
                })
            ),
            "{opponent:?}"
        );
        assert_eq!(step.moves().next(), Some(wrong));
        let (next, _) = reply.moves[0];
        reply = w
            .service
            .lessons
            .lesson_move(&w.bob, step, next)
            .await
            .unwrap();
    }
    match reply.lesson {
        Some(LessonButtons::Missed { lesson: l, task: t }) => {
            assert_eq!((l, t), (lesson.id, index))
        }
        Some(LessonButtons::Solved { .. }) => {
            assert!(
                matches!(verdict(&reply), LessonNotice::Solved { stars } if *stars < 3),
                "{:?}",
                reply.says
            )
        }
        other => panic!("the attempt should be over: {other:?} {:?}", reply.says),
    }
    // An illegal hole is refused, and nothing is lost.
    let illegal = Hole::all()
        .find(|h| !position.legal_moves().iter().any(|m| m == h))
        .unwrap();
    let sown = w.service.lessons.lesson_move(&w.bob, step, illegal).await;
    assert!(
        matches!(
            refused(sown),
            Refusal::Lesson(LessonRefusal::Illegal(GameError::Illegal(_)))
        ),
        "the rules' refusal"
    );
    let unknown = w.service.lessons.learn(&w.bob, Some(99)).await;
    assert_eq!(
        refused(unknown),
        LessonRefusal::Unknown {
            count: lessons.len()
        }
        .into()
    );
}

/// The two rows of the form for an answer's rearrangement
/// (`@[upper / lower]`).
fn form_rows(answer: &str) -> (String, String) {
    let Ok(Move::Arrange(layout)) = answer.parse::<Move>() else {
        panic!("not a rearrangement: {answer}");
    };
    let row = |counts: &[u8]| {
        let counts: Vec<String> = counts.iter().map(u8::to_string).collect();
        counts.join(" ")
    };
    (row(&layout.0[..10]), row(&layout.0[10..]))
}

async fn the_expert_lesson_is_played_with_the_rearrangement_form(db: Db) {
    let w = world(db).await;
    let lessons = offered_lessons();
    let number = lessons.iter().position(|l| l.id == "expert").unwrap() + 1;
    let expert = lessons[number - 1];
    let shown = w
        .service
        .lessons
        .learn(&w.alice, Some(number as i64))
        .await
        .unwrap();
    let start = LessonStep::new("expert", 0);
    assert_eq!(shown.lesson, Some(LessonButtons::Play(start)));
    assert_eq!(verdict(&shown), &LessonNotice::MayArrange);
    assert!(start.may_arrange());
    assert!(!LessonStep::new("relay", 0).may_arrange());
    let (side, filled) = w.service.lessons.lesson_arrangement(start).unwrap();
    // The form starts from the Expert start: 2 stones in 14 holes.
    let start_layout = Position::new(Variant::Expert).layout(Side::South);
    assert_eq!(start_layout.0.iter().sum::<u8>(), 28);
    assert_eq!((side, filled), (Side::South, start_layout));

    // A form that makes no layout is refused, saying why, and nothing is
    // recorded.
    let short = w
        .service
        .lessons
        .lesson_arrange(&w.alice, start, ["1 2 3", "2 2 2 2 2 2 2 2 2 2"]);
    let (row, count) = (kiela_app::FormRow::Upper, 3);
    assert_eq!(
        refused(short.await),
        PlayRefusal::RowCount { row, count }.into()
    );
    let rows = ["3 3 3 3 3 3 3 3 3 3", "2 2 2 2 2 2 2 2 2 2"];
    let wrong_total = w
        .service
        .lessons
        .lesson_arrange(&w.alice, start, rows)
        .await;
    let total = kiela_rules::LayoutError::WrongTotal {
        layout: 50,
        have: 28,
    };
    let illegal = kiela_rules::GameError::Illegal(kiela_rules::IllegalMove::Layout(total));
    assert_eq!(refused(wrong_total), LessonRefusal::Illegal(illegal).into());
    let stats = w.service.ratings.stats(HERE, &w.alice).await.unwrap();
    assert_eq!(lessons_of(&stats), None, "{stats:?}");

    // Sowing instead: the rearrangement is gone, Try again.
    let sown = w
        .service
        .lessons
        .lesson_move(&w.alice, start, hole("G2"))
        .await
        .unwrap();
    let gone = LessonNotice::Missed(kiela_app::LessonMiss::RearrangementGone);
    assert_eq!(verdict(&sown), &gone);
    assert_eq!(
        sown.lesson,
        Some(LessonButtons::Missed {
            lesson: "expert",
            task: 0
        })
    );

    // Each one-move task solved by its answer typed in the form.
    for (index, task) in expert.tasks.iter().enumerate().filter(|(_, t)| t.par == 1) {
        let (upper, lower) = form_rows(task.answers[0][0]);
        let step = LessonStep::new("expert", index);
        let solved = w
            .service
            .lessons
            .lesson_arrange(&w.alice, step, [&upper, &lower]);
        let solved = solved.await.unwrap();
        assert_eq!(verdict(&solved), &SOLVED_AT_PAR);
        assert_eq!(solved.says[1], LessonNotice::Rearranged.into());
    }

    // The two-move task: the rearrangement, North's reply, then a capture;
    // the layout rides in the step, and the form is not offered again.
    let (index, task) = (expert.tasks.iter().enumerate())
        .find(|(_, t)| t.par == 2)
        .expect("a rearrangement and a sowing");
    let (upper, lower) = form_rows(task.answers[0][0]);
    let step = LessonStep::new("expert", index);
    let replied = w
        .service
        .lessons
        .lesson_arrange(&w.alice, step, [&upper, &lower]);
    let replied = replied.await.unwrap();
    let Some(LessonButtons::Play(next)) = replied.lesson else {
        panic!("North replies: {:?} {:?}", replied.lesson, replied.says);
    };
    assert!(
        matches!(verdict(&replied), LessonNotice::NotYet { .. }),
        "{:?}",
        replied.says
    );
    assert!(next.arranged.is_some());
    assert!(!next.may_arrange());
    let stale = w.service.lessons.lesson_arrangement(next);
    assert_eq!(refused(stale), Refusal::OldButton);
    let again = w
        .service
        .lessons
        .lesson_arrange(&w.alice, next, [&upper, &lower])
        .await;
    assert!(again.is_err());
    let capture = hole(task.answers[0][1]);
    let solved = w
        .service
        .lessons
        .lesson_move(&w.alice, next, capture)
        .await
        .unwrap();
    assert_eq!(verdict(&solved), &SOLVED_AT_PAR);
    let stats = w.service.ratings.stats(HERE, &w.alice).await.unwrap();
    assert_eq!(
        lessons_of(&stats),
        Some((expert.tasks.len(), all_tasks())),
        "{stats:?}"
    );
}

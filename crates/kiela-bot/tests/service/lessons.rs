//! Lessons: a task shown with its board and menu, solved with stars (kept
//! per player, shown in `/kiela stats`), a wrong move shown and offered
//! again, the next unsolved task resumed, a lesson that does not exist.

use kiela_bot::app::{offered_lessons, LessonButtons, LessonStep};
use kiela_rules::Hole;

use super::*;

on_both_backends! {
    a_lesson_is_solved_missed_and_resumed,
}

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

async fn a_lesson_is_solved_missed_and_resumed(db: Db) {
    let w = world(db).await;
    let lessons = offered_lessons();
    let first = lessons[0];
    let shown = w.service.learn(&w.alice, None).await.unwrap();
    assert!(shown.private);
    assert!(shown.picture.is_some());
    assert!(shown.text.contains("Lesson 1 of"), "{}", shown.text);
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
        .lesson_move(&w.alice, step, hole(answer))
        .await
        .unwrap();
    assert!(solved.text.contains("Solved! 3 stars."), "{}", solved.text);
    assert_eq!(
        solved.lesson,
        Some(LessonButtons::Solved {
            lesson: first.id,
            task: 1
        })
    );
    // Resumed at the next task; stats count it.
    let next = w.service.learn(&w.alice, None).await.unwrap();
    assert_eq!(
        next.lesson,
        Some(LessonButtons::Play(LessonStep::new(first.id, 1)))
    );
    let stats = w.service.stats(HERE, &w.alice).await.unwrap();
    assert!(stats.text.contains("Lessons: 1 of"), "{}", stats.text);

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
    let mut reply = w.service.lesson_move(&w.bob, step, wrong).await.unwrap();
    assert!(reply.picture.is_some());
    for _ in 1..task.max_moves() {
        let Some(LessonButtons::Play(step)) = reply.lesson else {
            break;
        };
        assert!(reply.text.contains("Not yet"), "{}", reply.text);
        assert_eq!(step.moves().next(), Some(wrong));
        let (next, _) = reply.moves[0];
        reply = w.service.lesson_move(&w.bob, step, next).await.unwrap();
    }
    match reply.lesson {
        Some(LessonButtons::Missed { lesson: l, task: t }) => {
            assert_eq!((l, t), (lesson.id, index))
        }
        Some(LessonButtons::Solved { .. }) => {
            assert!(reply.text.contains("Solved!") && !reply.text.contains("3 stars"))
        }
        other => panic!("the attempt should be over: {other:?} {}", reply.text),
    }
    // An illegal hole is refused, and nothing is lost.
    let illegal = Hole::all()
        .find(|h| !position.legal_moves().iter().any(|m| m == h))
        .unwrap();
    let refused = w.service.lesson_move(&w.bob, step, illegal).await;
    assert!(refused.is_err());
    let unknown = w.service.learn(&w.bob, Some(99)).await;
    assert!(refusal(unknown).contains(&format!("{} lessons", lessons.len())));
}

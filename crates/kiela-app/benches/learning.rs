//! Lessons and puzzles through the game service on a SQLite file, each
//! answer with its rendered board: a puzzle served (chosen near the
//! solver's rating, drawn, answered), a puzzle move judged and rated, and
//! a lesson answer. Median and 99th percentile of each.
//! Run: `cargo bench --bench learning`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kiela_app::vocabulary::UserId;
use kiela_app::{offered_lessons, App, LessonStep, PuzzleButtons, PuzzleStep, SystemClock, User};
use kiela_rules::Move;
use kiela_store::Store;

const SOLVERS: i64 = 200;

fn report(what: &str, mut latencies: Vec<Duration>) {
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what:<24} n={:<5} median {:>6.2} ms   p99 {:>6.2} ms",
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.99))
    );
}

#[tokio::main]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = Store::open(&url).await.unwrap();
    let bot = User::bot(UserId(1), "Kiela");
    let service = App::new(store, bot, Arc::new(SystemClock));

    // Puzzles: each solver is served one and plays the first move of its
    // solution (rated: both ratings change in one transaction).
    let (mut served, mut judged) = (Vec::new(), Vec::new());
    for id in 0..SOLVERS {
        let solver = User::new(UserId(1000 + id), "solver");
        let start = Instant::now();
        let reply = service.puzzles.puzzle(&solver, false).await.unwrap();
        served.push(start.elapsed());
        let Some(PuzzleButtons::Play(step)) = reply.puzzle else {
            panic!("not a puzzle: {:?}", reply.says);
        };
        let puzzle = kiela_app::shipped_puzzle(step.number).unwrap();
        let Ok(Move::Sow(hole)) = puzzle.solution[0].parse::<Move>() else {
            panic!("a puzzle move that is not a sowing");
        };
        let start = Instant::now();
        let step = PuzzleStep { ply: 0, ..step };
        service
            .puzzles
            .puzzle_move(&solver, step, hole)
            .await
            .unwrap();
        judged.push(start.elapsed());
    }
    report("puzzle served", served);
    report("puzzle move answered", judged);

    // Lessons: every task's first answer move, for each learner.
    let mut answered = Vec::new();
    for id in 0..SOLVERS / 10 {
        let learner = User::new(UserId(5000 + id), "learner");
        for lesson in offered_lessons() {
            for (index, task) in lesson.tasks.iter().enumerate() {
                let step = LessonStep::new(lesson.id, index);
                let start = Instant::now();
                // The Expert lesson's first moves are typed in the form.
                match task.answers[0][0].parse::<Move>().unwrap() {
                    Move::Sow(hole) => service.lessons.lesson_move(&learner, step, hole).await,
                    Move::Arrange(layout) => {
                        let row = |counts: &[u8]| {
                            let counts: Vec<String> = counts.iter().map(u8::to_string).collect();
                            counts.join(" ")
                        };
                        let rows = [row(&layout.0[..10]), row(&layout.0[10..])];
                        let typed = [rows[0].as_str(), rows[1].as_str()];
                        service.lessons.lesson_arrange(&learner, step, typed).await
                    }
                }
                .unwrap();
                answered.push(start.elapsed());
            }
        }
    }
    report("lesson answer", answered);
}

//! A design tool for lessons: prints every task's position and, for each
//! legal sowing, whether it meets the goal, the task's reply and what each
//! lap did. `cargo run -p kiela-learn --example explore_lessons`

use kiela_learn::lessons::{lessons, Ply};
use kiela_rules::Move;

fn main() {
    for lesson in lessons() {
        for (i, task) in lesson.tasks.iter().enumerate() {
            let position = task.position();
            println!("== {} {i} ({:?})\n{position}", lesson.id, task.goal);
            for &hole in position.legal_moves().iter() {
                let ply = Ply::play(&position, Move::Sow(hole)).expect("a legal move");
                let laps: Vec<String> = ply
                    .trace
                    .laps
                    .iter()
                    .map(|lap| {
                        let taken: Vec<String> =
                            lap.captures().map(|(h, n)| format!("{h}:{n}")).collect();
                        format!(
                            "{} {}x{}->{} {taken:?}",
                            lap.kind, lap.from, lap.stones, lap.ended
                        )
                    })
                    .collect();
                println!(
                    "  {hole}: met={} reply={:?} | {}",
                    task.goal.met(&ply),
                    task.reply(&ply.after, 0).map(|m| m.to_string()),
                    laps.join(" | ")
                );
            }
        }
    }
}

//! Learning Kiela: [`lessons`] (small tasks on hand-made positions, one idea
//! each) and [`puzzles`] (positions from real play where one move is
//! clearly best). Pure logic over the rules and the engine — no I/O beyond
//! reading and writing puzzle sets — so the bot keeps its own storage and
//! asks this crate only "what is the task?" and "was that the answer?".

pub mod lessons;
pub mod puzzles;

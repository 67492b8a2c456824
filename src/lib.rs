//! Kiela, the four-row mancala of northern Angola.
//!
//! - [`rules`]: the pure rules engine (positions, moves, records).
//! - [`ai`]: the search behind the built-in opponent and `kiela engine`.
//! - [`cli`]: the terminal tools behind the `kiela` binary.

pub mod ai;
pub mod cli;
pub mod rules;

//! Kiela, the four-row mancala of northern Angola.
//!
//! - [`rules`]: the pure rules engine (positions, moves, records).
//! - [`store`]: games, players, challenges and ratings in SQL.
//! - [`cli`]: the terminal tools behind the `kiela` binary.

pub mod cli;
pub mod rules;
pub mod store;

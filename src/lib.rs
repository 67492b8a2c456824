//! Kiela, the four-row mancala of northern Angola.
//!
//! - [`rules`]: the pure rules engine (positions, moves, records).
//! - [`render`]: board pictures (PNG) and their alt text.
//! - [`cli`]: the terminal tools behind the `kiela` binary.

pub mod cli;
pub mod render;
pub mod rules;

//! Kiela, the four-row mancala of northern Angola.
//!
//! - [`rules`]: the pure rules engine (positions, moves, records).
//! - [`ai`]: the computer opponent (search and evaluation).
//! - [`render`]: board pictures and their text description.
//! - [`store`]: games, players, challenges and ratings in SQL.
//! - [`app`]: the game service, every use case without Discord.
//! - [`discord`]: the Discord bot (slash commands, buttons, reminders).
//! - [`i18n`]: the message catalogues (English, Brazilian Portuguese).
//! - [`cli`]: the terminal tools behind the `kiela` binary.

pub mod ai;
pub mod app;
pub mod cli;
pub mod discord;
pub mod i18n;
pub mod render;
pub mod rules;
pub mod store;

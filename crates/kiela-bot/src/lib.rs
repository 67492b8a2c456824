//! The Kiela Discord bot, below the binary that starts it:
//!
//! - [`vocabulary`]: the states of games, challenges and settings, with
//!   the names they are stored under.
//! - [`store`]: games, players, challenges, ratings and the outbox in SQL
//!   (SQLite or PostgreSQL).
//! - [`app`]: the game service, every use case of a player, without Discord.
//! - [`discord`]: the thin serenity adapter (slash commands, buttons, the
//!   delivery of posts, reminders and timeouts).
//!
//! Each layer uses only those before it in this list, and the crates below
//! (`kiela-rules`, `kiela-ai`, `kiela-render`, `kiela-i18n`).

pub mod app;
pub mod store;
pub mod vocabulary;

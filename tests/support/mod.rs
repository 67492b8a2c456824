//! Shared support for integration tests (`mod support;`): databases for the
//! store tests, a fake Discord to run the bot against, and a checker for
//! its REST calls against Discord's OpenAPI spec.
// Each test crate compiles this module but uses only part of it.
#![allow(dead_code)]

pub mod databases;
pub mod fake_discord;
pub mod long_games;
pub mod openapi;

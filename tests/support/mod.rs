//! Shared support for integration tests (`mod support;`): a fake Discord to
//! run the bot against, and a checker for its REST calls.
// Each test crate compiles this module but uses only part of it.
#![allow(dead_code)]

pub mod fake_discord;
pub mod openapi;

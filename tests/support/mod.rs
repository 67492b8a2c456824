//! Shared support for the end-to-end tests (`mod support;`); the fake
//! Discord and the test databases are crates of their own
//! (`crates/fake-discord`, `crates/test-databases`).
// Each test crate compiles this module but uses only part of it.
#![allow(dead_code)]

pub mod long_games;

//! Runs the `kiela` binary as a user would, for the command-line tests.
//! Included alone (`#[path = "support/cli.rs"] mod cli;`), so those tests
//! do not compile the fake Discord.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `kiela args…` with `stdin` as its input: its exit status and output.
pub fn kiela(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

//! The example binaries as a user runs them, for the test files that run them (each takes
//! this file with `#[path = "common/example.rs"] mod example;`, so that a file that runs no
//! example does not carry it).
//!
//! `cargo test` builds the examples next to the test binaries (`target/<profile>/examples/`);
//! run the whole `cargo test`, or `cargo build --examples --profile test` first, when
//! running one such file alone.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The built example `name`, beside the running test binary.
pub fn path(name: &str) -> PathBuf {
    // The test binary is target/<profile>/deps/<name>-<hash>.
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    let path = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is not built: run `cargo test` (it builds the examples) or `cargo build --examples`",
        path.display()
    );
    path
}

/// Example `name` as a command with nothing on standard input, for a test to add its
/// arguments and environment to.
pub fn command(name: &str) -> Command {
    let mut command = Command::new(path(name));
    command.stdin(Stdio::null());
    command
}

/// Runs example `name` with `args` and nothing on standard input; its exit and output.
pub fn run<I: IntoIterator<Item = A>, A: Into<OsString>>(name: &str, args: I) -> Output {
    command(name)
        .args(args.into_iter().map(Into::into))
        .output()
        .expect("the example runs")
}

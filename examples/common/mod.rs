//! Argument and output helpers shared by the examples that are not tools of
//! [`sowing::tools`]: the tools' own conventions (every bad argument gets one line on standard
//! error and exit status 2, a non-UTF-8 argument included, and an example exits quietly (0)
//! when its standard output is closed), through the same public helpers.

// Each example compiles its own copy and uses what it needs.
#![allow(dead_code, unused_imports)]

use std::process::ExitCode;

pub use sowing::tools::{Stop, args, fail, line, usage};

/// `out!("...", args)`: [`line`] with `format_args!`.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::common::line(format_args!($($arg)*))
    };
}

/// An example's `main`: reads the arguments ([`args`]), then runs as a tool does
/// ([`sowing::tools::command`]: `usage` for `--help`, else `run`).
pub fn main(
    example: &str,
    usage_text: &str,
    run: impl FnOnce(Vec<String>) -> Result<(), Stop>,
) -> ExitCode {
    match args() {
        Ok(args) => sowing::tools::command(example, usage_text, args, run),
        Err(e) => fail(example, &e),
    }
}

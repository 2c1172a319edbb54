//! Output helpers shared by the examples.

use std::io::Write;

/// Why an example stopped early.
pub enum Stop {
    /// The reader went away (`| head`): not an error, exit quietly.
    Closed,
    /// A real error, to report with exit status 2.
    Error(String),
}

impl From<String> for Stop {
    fn from(e: String) -> Stop {
        Stop::Error(e)
    }
}

impl From<&str> for Stop {
    fn from(e: &str) -> Stop {
        Stop::Error(e.to_string())
    }
}

/// Writes one line to standard output; a closed pipe becomes [`Stop::Closed`].
pub fn line(text: std::fmt::Arguments<'_>) -> Result<(), Stop> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Stop::Closed),
        Err(e) => Err(Stop::Error(format!("writing output: {e}"))),
    }
}

/// `out!("...", args)`: [`line`] with `format_args!`.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::common::line(format_args!($($arg)*))
    };
}

/// The whole `main` of an example: `--help` prints `usage`; otherwise `run` gets the
/// arguments, and an error is one line on stderr (then the usage) and exit status 2; a closed
/// output pipe exits quietly.
#[allow(dead_code)] // Not every example uses it.
pub fn main(
    name: &str,
    usage: &str,
    run: fn(Vec<String>) -> Result<(), Stop>,
) -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{usage}");
        return std::process::ExitCode::SUCCESS;
    }
    match run(args) {
        Ok(()) | Err(Stop::Closed) => std::process::ExitCode::SUCCESS,
        Err(Stop::Error(e)) => {
            eprintln!("{name}: {e}\n\n{usage}");
            std::process::ExitCode::from(2)
        }
    }
}

//! Argument and output helpers shared by the examples: every bad argument gets one line on
//! standard error and exit status 2 ([`fail`]), a non-UTF-8 argument included ([`args`]), and
//! an example exits quietly (0) when its standard output is closed ([`line`]).

// Each example compiles its own copy and uses what it needs.
#![allow(dead_code)]

use std::io::Write;
use std::process::ExitCode;

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

/// The arguments after the program's name. `std::env::args` panics on an argument that is
/// not UTF-8; this names it instead (lossily: `\u{FFFD}` for the bytes it cannot show).
pub fn args() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                format!(
                    "argument {} {:?} is not UTF-8",
                    i + 1,
                    arg.to_string_lossy()
                )
            })
        })
        .collect()
}

/// Reports a bad argument or a failure as one line, `<example>: <problem>`, on standard
/// error, and gives exit status 2. Line breaks inside `problem` become spaces.
pub fn fail(example: &str, problem: &str) -> ExitCode {
    let problem: Vec<&str> = problem.split_whitespace().collect();
    eprintln!("{example}: {}", problem.join(" "));
    ExitCode::from(2)
}

/// Prints the usage text on standard output (`--help`): exit status 0, also when the reader
/// has gone away.
pub fn usage(text: &str) -> ExitCode {
    match line(format_args!("{text}")) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Error(e)) => fail("usage", &e),
    }
}

/// An example's `main`: reads the arguments ([`args`]), prints `usage` for `--help` or `-h`,
/// else calls `run`; success or a closed output exits 0, an error is one line and exit 2.
pub fn main(
    example: &str,
    usage_text: &str,
    run: impl FnOnce(Vec<String>) -> Result<(), Stop>,
) -> ExitCode {
    let args = match args() {
        Ok(args) => args,
        Err(e) => return fail(example, &e),
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return usage(usage_text);
    }
    match run(args) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Error(e)) => fail(example, &e),
    }
}

/// The position an example starts from: `--position` text checked against `rules`, or the
/// ruleset's start.
pub fn start_position<R: sowing::Ruleset>(
    rules: &R,
    position: Option<&str>,
) -> Result<R::State, Stop> {
    match position {
        Some(text) => rules
            .parse_position(text)
            .map_err(|e| Stop::Error(format!("bad --position: {e}"))),
        None => Ok(rules.start()),
    }
}

/// The file and form `--pgn FILE` and `--pgn-style NAME` ask for, checked against `rules`:
/// a form other than the records form must be one of the game's own (PlayOK's and the
/// federation's are Toguz Kumalak's), and a style needs a file.
pub fn pgn_output(
    rules: &sowing::any::AnyRuleset,
    path: Option<String>,
    style: Option<sowing::pgn::Form>,
) -> Result<Option<(String, std::fs::File, sowing::pgn::Form)>, String> {
    use sowing::pgn::Form;
    let form = style.unwrap_or(Form::Records);
    // The forms besides the records form are the games' own (their `pgn::Dialect`); the
    // crate has two, Toguz Kumalak's.
    if !sowing::pgn::forms(rules).contains(&form) {
        return Err(format!(
            "--pgn-style {form} writes Toguz Kumalak games only"
        ));
    }
    match path {
        Some(path) => {
            let file = std::fs::File::create(&path).map_err(|e| format!("--pgn {path}: {e}"))?;
            Ok(Some((path, file, form)))
        }
        None if style.is_some() => Err("--pgn-style needs --pgn FILE".into()),
        None => Ok(None),
    }
}

/// The record form named by `--pgn-style` (`records`, `playok` or `federation`).
pub fn pgn_style(name: &str) -> Result<sowing::pgn::Form, String> {
    sowing::pgn::Form::from_name(name).ok_or(format!(
        "--pgn-style {name:?}: expected records, playok or federation"
    ))
}

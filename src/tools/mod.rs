//! The command-line tools, for any list of games: perft, play, replay, picture, trace, match,
//! the engine protocol, analyze, and the tools that make a game's facts (selfplay, tune,
//! calibrate), the search's time to depth and Oware's endgame tables, behind one driver a
//! program calls in one line.
//!
//! The crate's examples are these tools on the crate's games ([`AnyRuleset`]); a game written
//! outside the crate gets the same tools for itself with a binary of a few lines:
//!
//! ```no_run
//! use sowing::games::Only;
//! use sowing::kalah::Kalah; // a game of your own in a real program
//!
//! fn main() -> std::process::ExitCode {
//!     // `mygame perft kalah 6`, `mygame play --human south`, `mygame engine`, ...
//!     sowing::tools::main::<Only<Kalah>>()
//! }
//! ```
//!
//! Every tool answers `--help`; every bad argument, a non-UTF-8 one included, gets one line
//! on standard error and exit status 2; a tool exits quietly (0) when its standard output is
//! closed. Where a tool takes a ruleset and none is given, it plays the list's first game
//! ([`tools::main`](main)) or the game its caller names ([`run`]).
//!
//! [`AnyRuleset`]: crate::games::AnyRuleset

mod analyze;
mod calibrate;
mod depth;
mod engine;
mod matches;
mod perft;
mod picture;
mod play;
mod replay;
mod selfplay;
mod tables;
mod trace;
mod tune;

use std::io::Write;
use std::process::ExitCode;

use crate::games::GameList;

/// The tools' names, as [`main`] and [`run`] take them.
pub const TOOLS: [&str; 13] = [
    "perft",
    "play",
    "replay",
    "picture",
    "trace",
    "match",
    "engine",
    "analyze",
    "selfplay",
    "tune",
    "calibrate",
    "depth",
    "tables",
];

/// A whole program of tools: `<program> <tool> [ARGS...]`, the tool one of [`TOOLS`] on the
/// process's arguments, for the games of `L`; a tool's ruleset defaults to the list's first
/// game. `<program> --help` lists the tools.
pub fn main<L: GameList>() -> ExitCode {
    let mut args = match args() {
        Ok(args) => args,
        Err(e) => return fail("tools", &e),
    };
    let usage_text = format!(
        "usage: <program> <tool> [ARGS...]\n\nThe tools: {}. `<program> <tool> --help` says what each does.\nThe games: {}.",
        TOOLS.join(", "),
        L::GAMES.join(", ")
    );
    if args.is_empty() {
        eprintln!("{usage_text}");
        return ExitCode::from(2);
    }
    let tool = args.remove(0);
    if tool == "--help" || tool == "-h" {
        return usage(&usage_text);
    }
    dispatch::<L>(&tool, args, L::GAMES[0], &program_name())
}

/// One tool, `tool` (one of [`TOOLS`]), on the process's arguments after the program's name,
/// for the games of `L`, with `default_rules` as its ruleset when none is given. The crate's
/// examples are this on [`AnyRuleset`](crate::games::AnyRuleset).
pub fn run<L: GameList>(tool: &str, default_rules: &str) -> ExitCode {
    match args() {
        Ok(args) => run_with::<L>(tool, args, default_rules),
        Err(e) => fail(tool, &e),
    }
}

/// [`run`] on the arguments given (without the program's name). The `engine` tool's `hello`
/// answers `name sowing` ([`NAME`](crate::engine::NAME)); under [`main`], the program's own
/// name.
pub fn run_with<L: GameList>(tool: &str, args: Vec<String>, default_rules: &str) -> ExitCode {
    dispatch::<L>(tool, args, default_rules, crate::engine::NAME)
}

/// One tool on `args`, in the program named `program`.
fn dispatch<L: GameList>(
    tool: &str,
    args: Vec<String>,
    default_rules: &str,
    program: &str,
) -> ExitCode {
    match tool {
        "perft" => perft::main::<L>(args),
        "play" => play::main::<L>(args, default_rules),
        "replay" => replay::main::<L>(args),
        "picture" => picture::main::<L>(args),
        "trace" => trace::main::<L>(args),
        "match" => matches::main::<L>(args, default_rules),
        "engine" => engine::main::<L>(args, default_rules, program),
        "analyze" => analyze::main::<L>(args),
        "selfplay" => selfplay::main::<L>(args, default_rules),
        "tune" => tune::main::<L>(args, default_rules),
        "calibrate" => calibrate::main::<L>(args),
        "depth" => depth::main::<L>(args),
        "tables" => tables::main(args),
        other => fail(
            "tools",
            &format!("unknown tool {other:?} (known: {})", TOOLS.join(", ")),
        ),
    }
}

/// Why a tool stopped early: the helpers below give a tool of your own the conventions of the
/// crate's (one line on standard error and exit status 2 for a bad argument, a quiet exit
/// when the reader has gone away).
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
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::tools::line(format_args!($($arg)*))
    };
}
pub(crate) use out;

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

/// The name of the program running: its executable's file name without extension, as the
/// `engine` tool's `hello` answers it under [`main`]; [`NAME`](crate::engine::NAME) when the
/// process does not say.
pub fn program_name() -> String {
    std::env::args_os()
        .next()
        .and_then(|path| {
            std::path::Path::new(&path)
                .file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
        })
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| crate::engine::NAME.to_string())
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

/// A tool's `main`: prints `usage` for `--help` or `-h`, else calls `run`; success or a
/// closed output exits 0, an error is one line and exit 2.
pub fn command(
    example: &str,
    usage_text: &str,
    args: Vec<String>,
    run: impl FnOnce(Vec<String>) -> Result<(), Stop>,
) -> ExitCode {
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
pub(crate) fn start_position<R: crate::Ruleset>(
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

/// The file and form `--pgn FILE` and `--pgn-style NAME` ask for, checked against the game
/// of `rules`: a form other than the records form must be one of the game's own (its
/// `pgn::Dialect`: PlayOK's and the federation's are Toguz Kumalak's), and a style needs a
/// file.
pub(crate) fn pgn_output<L: crate::games::GameList>(
    rules: &L,
    path: Option<String>,
    style: Option<crate::pgn::Form>,
) -> Result<Option<(String, std::fs::File, crate::pgn::Form)>, String> {
    use crate::pgn::Form;
    let form = style.unwrap_or(Form::RECORDS);
    let forms = crate::games::forms(rules);
    if !forms.contains(&form) {
        let names: Vec<&str> = forms.iter().map(|f| f.name()).collect();
        return Err(format!(
            "--pgn-style {form} does not write {} games (its forms: {})",
            rules.game(),
            names.join(", ")
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

/// The record form named by `--pgn-style`: `records`, or a form of a game of the list `L`
/// (its [`Dialect::FORMS`](crate::pgn::Dialect::FORMS): `playok` or `federation` for the
/// crate's games).
pub(crate) fn pgn_style<L: crate::games::GameList>(name: &str) -> Result<crate::pgn::Form, String> {
    let known = list_forms::<L>();
    known
        .iter()
        .copied()
        .find(|f| f.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = known.iter().map(|f| f.name()).collect();
            format!("--pgn-style {name:?}: expected {}", names.join(", "))
        })
}

/// The records form, then each form of the list's games, once each, in the list's order.
fn list_forms<L: crate::games::GameList>() -> Vec<crate::pgn::Form> {
    struct Forms(Vec<crate::pgn::Form>);
    impl crate::games::GameFinder for &mut Forms {
        type Output = ();
        fn find<R: crate::games::Game>(&mut self) -> Option<()> {
            for form in R::FORMS {
                if !self.0.contains(form) {
                    self.0.push(*form);
                }
            }
            None
        }
    }
    let mut forms = Forms(vec![crate::pgn::Form::RECORDS]);
    L::find(&mut forms);
    forms.0
}

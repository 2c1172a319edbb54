//! Replays Toguz Kumalak PGN files: `replay <file.pgn>...`.
//!
//! Prints one line per game (`ok`, or the first ply that fails and why) and a summary line
//! `N passed, M failed`; exits with status 1 if any game failed.

use std::io::Write;
use std::process::ExitCode;

use sowing::toguz::pgn;

const USAGE: &str = "usage: replay <file.pgn>...

Replays every Toguz Kumalak game of the PGN files under the rules (every move's landing hole,
tuzdik mark and kazan total checked), printing one line per game: `ok` with the plies and the
result, or the first ply that fails and why. Ends with `N passed, M failed`; the exit status
is 1 if any game failed, 2 for a file that cannot be read.";

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() || files.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return if files.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    // Write through a lock and stop quietly when the reader goes away (`replay ... | head`).
    let mut out = std::io::stdout().lock();
    macro_rules! say {
        ($($arg:tt)*) => {
            if writeln!(out, $($arg)*).is_err() {
                return ExitCode::FAILURE;
            }
        };
    }
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("replay: {file}: {e}");
                return ExitCode::from(2);
            }
        };
        for (i, game) in pgn::read_games(&text).into_iter().enumerate() {
            let name = format!("{file} game {}", i + 1);
            match game {
                Ok(g) => {
                    passed += 1;
                    let ending = match g.record.outcome() {
                        Some(o) => format!("{o}{}", if g.zero { " (no move left)" } else { "" }),
                        None => format!("unfinished, {}", g.result.as_deref().unwrap_or("*")),
                    };
                    say!("{name}: ok, {} plies, {ending}", g.record.ply());
                }
                Err(e) => {
                    failed += 1;
                    say!("{name}: FAILED: {e}");
                }
            }
        }
    }
    say!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

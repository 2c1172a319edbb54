//! Solves Kalah exactly: `solve <ruleset> [--position TEXT] [--threads N] [--table-mb MB]
//! [--endgame-seeds N] [--endgame-dir DIR] [--tick SECONDS]`, or builds an endgame database
//! once: `solve <ruleset> --build-endgame N --endgame-dir DIR`.
//!
//! Prints progress, the value of each first move, and as its last line `value <v>`: South's
//! store minus North's at the end under perfect play.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use sowing::Ruleset;
use sowing::kalah::Kalah;
use sowing::kalah::solve::{
    EndgameDatabase, MAX_ENDGAME_BOARDS, SolveEvent, Solver, SolverConfig, available_memory,
};

mod common;
use common::Stop;

const USAGE: &str = "usage: solve <ruleset> [--position TEXT] [--threads N] [--table-mb MB]
             [--endgame-seeds N] [--endgame-boards N] [--endgame-dir DIR] [--no-move-values]
             [--tick SECONDS]
       solve <ruleset> --build-endgame N --endgame-dir DIR [--threads N]

Solves a Kalah ruleset (or one position) exactly. Prints progress, the value of each first
move, and as its last line `value <v>`: South's store minus North's under perfect play.

  <ruleset>            e.g. kalah, kalah:empty-capture, kalah:pits=6,seeds=5
  --position TEXT      solve this position instead of the start
  --threads N          threads (default: all cores)
  --table-mb MB        most memory for the transposition table (default: a third of the
                       memory available, at most 3/4 of what the database leaves; a small
                       position uses less)
  --endgame-seeds N    endgame database up to N seeds on the board (default: fitted to the
                       position, up to 5/12 of its seeds)
  --endgame-boards N   with no --endgame-seeds: the most boards (bytes) the database may use
  --endgame-dir DIR    keep endgame databases in DIR and reuse them (default: none)
  --build-endgame N    only build the database up to N seeds into --endgame-dir
  --no-move-values     skip the exact values of the first moves (faster)
  --tick SECONDS       progress interval (default 10)";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(args) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Error(e)) => {
            eprintln!("solve: {e} (solve --help for usage)");
            ExitCode::from(2)
        }
    }
}

fn what(mv: Option<sowing::kalah::KalahMove>) -> String {
    match mv {
        Some(mv) => format!("move {mv}"),
        None => "position".into(),
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// The largest resident set of this process so far (`VmHWM`), in bytes.
fn peak_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// One line of output; a closed pipe ends the program quietly (exit 0), even from a
/// solver thread.
fn say(text: std::fmt::Arguments<'_>) {
    match common::line(text) {
        Ok(()) => {}
        Err(Stop::Closed) => std::process::exit(0),
        Err(Stop::Error(e)) => {
            eprintln!("solve: {e}");
            std::process::exit(2)
        }
    }
}

macro_rules! say {
    ($($arg:tt)*) => {
        say(format_args!($($arg)*))
    };
}

/// A number in `min..=max`, with one clear line for anything else.
fn number(value: Option<OsString>, what: &str, min: u64, max: u64) -> Result<u64, String> {
    let value = value.ok_or(format!("{what} needs a value"))?;
    let text = value
        .to_str()
        .ok_or(format!("{what}: {value:?} is not a number"))?;
    let n: u64 = text
        .parse()
        .map_err(|e| format!("{what} {text}: {e} (expected {min} to {max})"))?;
    if n < min || n > max {
        return Err(format!("{what} {text}: expected {min} to {max}"));
    }
    Ok(n)
}

fn text(value: Option<OsString>, what: &str) -> Result<String, String> {
    value
        .ok_or(format!("{what} needs a value"))?
        .into_string()
        .map_err(|v| format!("{what}: {v:?} is not valid UTF-8"))
}

fn run(args: Vec<OsString>) -> Result<(), Stop> {
    let mut positional = Vec::new();
    let mut position = None;
    let mut build = None;
    let mut config = SolverConfig {
        tick: Duration::from_secs(10),
        ..SolverConfig::default()
    };
    // Memory the machine has: no table may ask for more than all of it.
    let memory_mb = available_memory().map_or(1 << 20, |b| (b >> 20).max(1));
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let Some(flag) = a.to_str() else {
            return Err(format!("argument {a:?} is not valid UTF-8").into());
        };
        match flag {
            "--position" => position = Some(text(it.next(), flag)?),
            "--threads" => config.threads = number(it.next(), flag, 1, 1024)? as usize,
            "--table-mb" => config.table_mb = number(it.next(), flag, 1, memory_mb)? as usize,
            "--endgame-seeds" => {
                config.endgame_seeds = Some(number(it.next(), flag, 0, 255)? as u32);
            }
            "--endgame-boards" => {
                config.endgame_boards = number(it.next(), flag, 1, MAX_ENDGAME_BOARDS)?;
            }
            "--endgame-dir" => {
                let dir = it.next().ok_or("--endgame-dir needs a value")?;
                config.endgame_dir = Some(PathBuf::from(dir));
            }
            "--build-endgame" => build = Some(number(it.next(), flag, 0, 255)? as u32),
            "--no-move-values" => config.move_values = false,
            "--tick" => config.tick = Duration::from_secs(number(it.next(), flag, 1, 86_400)?),
            s if s.starts_with("--") => return Err(format!("unknown option {s}").into()),
            s => positional.push(s.to_string()),
        }
    }
    let [ruleset] = positional.as_slice() else {
        return Err("expected one ruleset".into());
    };
    // Another game, or none this crate knows: the solver is Kalah's alone.
    let game = ruleset.split(':').next().unwrap_or_default().trim();
    if game != Kalah::GAME {
        return Err(format!(
            "the solver solves Kalah only, not {game:?} (for example: kalah, kalah:seeds=3)"
        )
        .into());
    }
    let rules: Kalah = ruleset.parse().map_err(|e| format!("{e}"))?;
    if let Some(seeds) = build {
        return build_endgame(&rules, seeds, &config);
    }
    let state = match &position {
        Some(text) => rules.parse_position(text).map_err(|e| e.to_string())?,
        None => rules.start(),
    };
    let threads = config.threads;
    let config_dir = config.endgame_dir.clone();
    let solver = Solver::new(&rules, config);
    let seeds =
        state.seeds_in_pits(sowing::Player::South) + state.seeds_in_pits(sowing::Player::North);
    let endgame = solver.endgame_seeds_for(seeds);
    say!(
        "solving {rules} from {state} on {threads} threads, table {:.1} MB, endgame database up to {endgame} seeds",
        mb(solver.table_bytes_for(seeds))
    );
    let first_level = AtomicBool::new(true);
    let on_event = |e: SolveEvent| match e {
        SolveEvent::Endgame {
            seeds,
            boards,
            elapsed,
        } => {
            if first_level.swap(false, Relaxed) {
                say_read(seeds, endgame, config_dir.as_deref());
            }
            let all = EndgameDatabase::boards(rules.settings().pits.into(), endgame);
            say!(
                "[{:8.1}s] endgame database {} {boards} boards up to {seeds} seeds",
                secs(elapsed),
                bar(boards, all)
            );
        }
        SolveEvent::Bound {
            mv,
            lower,
            upper,
            nodes,
            elapsed,
        } => say!(
            "[{:8.1}s] {}: value in {lower}..={upper}  ({:.1} M nodes)",
            secs(elapsed),
            what(mv),
            nodes as f64 / 1e6
        ),
        SolveEvent::Solved {
            mv,
            value,
            nodes,
            elapsed,
        } => say!(
            "[{:8.1}s] {}: value {value}  ({:.1} M nodes)",
            secs(elapsed),
            what(mv),
            nodes as f64 / 1e6
        ),
        SolveEvent::Tick {
            nodes,
            elapsed,
            table_fill,
        } => say!(
            "[{:8.1}s] {:.1} M nodes, {:.2} M nodes/s, table {:.1}% full",
            secs(elapsed),
            nodes as f64 / 1e6,
            nodes as f64 / secs(elapsed).max(1e-9) / 1e6,
            table_fill as f64 / 10.0
        ),
    };
    let solution = solver
        .solve_with(&state, &on_event)
        .map_err(|e| e.to_string())?;
    for (mv, v) in &solution.moves {
        say!("move {mv} value {v}");
    }
    say!(
        "{} nodes, endgame database {} boards (<= {} seeds), table {:.1} MB, peak memory {:.0} MB, {:.2} s",
        solution.nodes,
        solution.endgame.0,
        solution.endgame.1,
        mb(solution.table_bytes),
        mb(peak_memory().unwrap_or(0)),
        secs(solution.elapsed)
    );
    say!("value {}", solution.value);
    Ok(())
}

/// Says where the endgame database comes from, at its first finished level `first` (of
/// `wanted` seeds): a first level above 0 was read from `dir`, whole or the levels a smaller
/// kept database holds.
fn say_read(first: u32, wanted: u32, dir: Option<&std::path::Path>) {
    let Some(dir) = dir.filter(|_| first > 0) else {
        return;
    };
    if first >= wanted {
        say!(
            "endgame database up to {first} seeds read from {}",
            dir.display()
        );
    } else {
        say!(
            "endgame database: the one kept in {} up to {first} seeds is used; building from {} up to {wanted} seeds",
            dir.display(),
            first + 1
        );
    }
}

/// A progress bar of `done` out of `all`.
fn bar(done: u64, all: u64) -> String {
    let width = 30;
    let filled = (done.min(all) as f64 / all.max(1) as f64 * width as f64) as usize;
    format!(
        "[{}{}] {:5.1}%",
        "#".repeat(filled),
        ".".repeat(width - filled),
        done.min(all) as f64 * 100.0 / all.max(1) as f64
    )
}

/// `--build-endgame N`: builds the database into `--endgame-dir` (or finds it there).
fn build_endgame(rules: &Kalah, seeds: u32, config: &SolverConfig) -> Result<(), Stop> {
    let Some(dir) = &config.endgame_dir else {
        return Err("--build-endgame needs --endgame-dir".into());
    };
    let pits = usize::from(rules.settings().pits);
    let all = EndgameDatabase::boards(pits, seeds);
    say!(
        "building the endgame database for {rules} up to {seeds} seeds: {all} boards into {}",
        dir.display()
    );
    let started = Instant::now();
    let first_level = AtomicBool::new(true);
    let db = EndgameDatabase::build_with_progress(rules, seeds, config.threads, dir, &|k| {
        if first_level.swap(false, Relaxed) {
            say_read(k, seeds, Some(dir));
        }
        say!(
            "[{:8.1}s] {} up to {k} seeds",
            secs(started.elapsed()),
            bar(EndgameDatabase::boards(pits, k), all)
        )
    })
    .map_err(|e| e.to_string())?;
    let file = dir.join(EndgameDatabase::file_name(rules, seeds));
    let disk = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
    say!(
        "{} boards up to {} seeds in {:.1} s: memory {:.0} MB (peak {:.0} MB), disk {:.0} MB ({})",
        db.len(),
        db.max_seeds(),
        secs(started.elapsed()),
        mb(db.bytes()),
        mb(peak_memory().unwrap_or(0)),
        mb(disk),
        file.display()
    );
    Ok(())
}

//! Solves Kalah exactly: `solve <ruleset> [--position TEXT] [--threads N] [--table-mb MB]
//! [--endgame-seeds N] [--tick SECONDS]`.
//!
//! Prints progress, the value of each first move, and as its last line `value <v>`: South's
//! store minus North's at the end under perfect play.

use std::process::ExitCode;
use std::time::Duration;

use sowing::Ruleset;
use sowing::kalah::Kalah;
use sowing::kalah::solve::{SolveEvent, Solver, SolverConfig};

const USAGE: &str = "usage: solve <ruleset> [--position TEXT] [--threads N] [--table-mb MB]
             [--endgame-seeds N] [--endgame-boards N] [--endgame-dir DIR] [--no-move-values]
             [--tick SECONDS]

Solves a Kalah ruleset (or one position) exactly. Prints progress, the value of each first
move, and as its last line `value <v>`: South's store minus North's under perfect play.

  <ruleset>            e.g. kalah, kalah:empty-capture, kalah:pits=6,seeds=5
  --position TEXT      solve this position instead of the start
  --threads N          threads (default: all cores)
  --table-mb MB        transposition table size (default 1024)
  --endgame-seeds N    endgame database up to N seeds on the board (default: by size)
  --endgame-boards N   with no --endgame-seeds: the most boards (bytes) the database may use
  --endgame-dir DIR    keep endgame databases in DIR and reuse them (default: none)
  --no-move-values     skip the exact values of the first moves (faster)
  --tick SECONDS       progress interval (default 10)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solve: {e}\n\n{USAGE}");
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

fn run(args: &[String]) -> Result<(), String> {
    let mut positional = Vec::new();
    let mut position = None;
    let mut config = SolverConfig {
        table_mb: 1024,
        tick: Duration::from_secs(10),
        ..SolverConfig::default()
    };
    let mut it = args.iter();
    let num = |v: Option<&String>, what: &str| -> Result<u64, String> {
        v.ok_or(format!("{what} needs a value"))?
            .parse::<u64>()
            .map_err(|e| format!("{what}: {e}"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--position" => position = Some(it.next().ok_or("--position needs a value")?.clone()),
            "--threads" => config.threads = num(it.next(), a)?.max(1) as usize,
            "--table-mb" => config.table_mb = num(it.next(), a)?.max(1) as usize,
            "--endgame-seeds" => config.endgame_seeds = Some(num(it.next(), a)? as u32),
            "--endgame-boards" => config.endgame_boards = num(it.next(), a)?,
            "--endgame-dir" => {
                config.endgame_dir = Some(it.next().ok_or("--endgame-dir needs a value")?.into())
            }
            "--no-move-values" => config.move_values = false,
            "--tick" => config.tick = Duration::from_secs(num(it.next(), a)?.max(1)),
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            _ => positional.push(a.clone()),
        }
    }
    let [ruleset] = positional.as_slice() else {
        return Err("expected one ruleset".into());
    };
    let rules: Kalah = ruleset.parse().map_err(|e| format!("{e}"))?;
    let state = match &position {
        Some(text) => rules.parse_position(text).map_err(|e| e.to_string())?,
        None => rules.start(),
    };
    let (threads, table_mb) = (config.threads, config.table_mb);
    let solver = Solver::new(&rules, config);
    println!(
        "solving {rules} from {state} on {threads} threads, table {table_mb} MB, endgame database up to {} seeds",
        solver.endgame_seeds()
    );
    let on_event = |e: SolveEvent| match e {
        SolveEvent::Endgame {
            seeds,
            boards,
            elapsed,
        } => {
            if seeds == solver.endgame_seeds() {
                println!(
                    "[{:8.1}s] endgame database done: {boards} boards up to {seeds} seeds",
                    secs(elapsed)
                );
            }
        }
        SolveEvent::Bound {
            mv,
            lower,
            upper,
            nodes,
            elapsed,
        } => println!(
            "[{:8.1}s] {}: value in {lower}..={upper}  ({nodes} nodes)",
            secs(elapsed),
            what(mv)
        ),
        SolveEvent::Solved {
            mv,
            value,
            nodes,
            elapsed,
        } => println!(
            "[{:8.1}s] {}: value {value}  ({nodes} nodes)",
            secs(elapsed),
            what(mv)
        ),
        SolveEvent::Tick {
            nodes,
            elapsed,
            table_fill,
        } => println!(
            "[{:8.1}s] {nodes} nodes, {:.1} M nodes/s, table {:.1}% full",
            secs(elapsed),
            nodes as f64 / secs(elapsed).max(1e-9) / 1e6,
            table_fill as f64 / 10.0
        ),
    };
    let solution = solver
        .solve_with(&state, &on_event)
        .map_err(|e| e.to_string())?;
    for (mv, v) in &solution.moves {
        println!("move {mv} value {v}");
    }
    println!(
        "{} nodes, endgame database {} boards (<= {} seeds), {:.2} s",
        solution.nodes,
        solution.endgame.0,
        solution.endgame.1,
        secs(solution.elapsed)
    );
    println!("value {}", solution.value);
    Ok(())
}

//! Oware's endgame tables: `tables build [RULES] N [--dir DIR] [--threads N]` computes
//! them (or reads them from DIR) with a progress bar and the memory and disk they take;
//! `tables query POSITION [--rules RULES] [--seeds N] [--dir DIR]` gives a position's value
//! and each move's.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::Ruleset;
use crate::oware::Oware;
use crate::oware::tables::{LevelReport, OwareTables};

use super::Stop;

const USAGE: &str = "usage: tables build [RULES] N [--dir DIR] [--threads N]
       tables query POSITION [--rules RULES] [--seeds N] [--dir DIR]

Oware's endgame tables: the exact value of every position with at most N seeds on the
board (what the player to move captures from here on under perfect play).

  build   computes the tables of RULES (default oware) up to N seeds (at most 30), on all
          cores, or reads them from DIR, and keeps them there; prints each level, the
          time, the positions a second and the memory and disk they take
  query   the value of POSITION (Oware position text) and of each of its moves, from the
          table in DIR of the position's seeds (or N), computed and kept if missing

  --dir DIR      where tables are kept (default: $SOWING_TABLES, else ./tables)
  --rules RULES  the ruleset of POSITION (default oware)
  --seeds N      the table to query (default: the seeds on POSITION's board)
  --threads N    threads to use (default: all cores)";

/// The tables directory: `$SOWING_TABLES`, else `./tables`.
pub(crate) fn default_dir() -> PathBuf {
    std::env::var_os(crate::oware::tables::DIR_VARIABLE)
        .map_or_else(|| PathBuf::from("tables"), PathBuf::from)
}

pub(super) fn main(args: Vec<String>) -> ExitCode {
    super::command("tables", USAGE, args, |args| run(&args))
}

fn run(args: &[String]) -> Result<(), Stop> {
    let mut positional = Vec::new();
    let mut dir = None;
    let mut rules_text = None;
    let mut seeds = None;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| -> Result<String, Stop> {
            Ok(it.next().ok_or(format!("{name} needs a value"))?.clone())
        };
        match a.as_str() {
            "--dir" => dir = Some(PathBuf::from(value("--dir")?)),
            "--rules" => rules_text = Some(value("--rules")?),
            "--seeds" => {
                let v = value("--seeds")?;
                seeds = Some(v.parse::<u32>().map_err(|_| format!("bad --seeds {v:?}"))?);
            }
            "--threads" => {
                let v = value("--threads")?;
                threads = v
                    .parse::<usize>()
                    .ok()
                    .filter(|t| (1..=1024).contains(t))
                    .ok_or(format!("bad --threads {v:?}: 1 to 1024"))?;
            }
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other}").into());
            }
            other => positional.push(other.to_string()),
        }
    }
    let dir = dir.unwrap_or_else(default_dir);
    let parse_rules = |text: &str| -> Result<Oware, Stop> {
        text.parse::<Oware>()
            .map_err(|e| Stop::Error(format!("bad rules {text:?}: {e}")))
    };
    match positional.first().map(String::as_str) {
        Some("build") => {
            let (rules, n) = match &positional[1..] {
                [n] => (parse_rules("oware")?, n),
                [r, n] => (parse_rules(r)?, n),
                _ => return Err("build takes [RULES] N".into()),
            };
            let n: u32 = n.parse().map_err(|_| format!("bad seed count {n:?}"))?;
            build(&rules, n, &dir, threads)
        }
        Some("query") => {
            let [_, position] = &positional[..] else {
                return Err("query takes one POSITION (quote it)".into());
            };
            let rules = parse_rules(rules_text.as_deref().unwrap_or("oware"))?;
            query(&rules, position, seeds, &dir, threads)
        }
        Some(other) => Err(format!("unknown command {other:?} (build or query)").into()),
        None => Err("build or query? (--help)".into()),
    }
}

/// A bar of `done` out of `total`.
fn bar(done: u64, total: u64) -> String {
    let width = 30;
    let filled = (done as f64 / total.max(1) as f64 * width as f64) as usize;
    format!(
        "[{}{}]",
        "#".repeat(filled),
        ".".repeat(width - filled.min(width))
    )
}

fn build(rules: &Oware, n: u32, dir: &std::path::Path, threads: usize) -> Result<(), Stop> {
    let total = OwareTables::positions(rules.settings().houses, n);
    super::out!(
        "tables of {} up to {n} seeds: {total} positions, {} MB in memory and on disk, {threads} threads, in {}",
        rules,
        total.div_ceil(1 << 20),
        dir.display()
    )?;
    let started = Instant::now();
    let report = |r: &LevelReport| {
        let done = OwareTables::positions(rules.settings().houses, r.seeds);
        let rate = r.positions as f64 * f64::from(r.sweeps) / r.seconds.max(1e-9) / threads as f64;
        let mut err = std::io::stderr().lock();
        let _ = writeln!(
            err,
            "{} level {:>2}: {:>11} positions, {:>3} sweeps, {:>9} in cycles, {:>8.2} s, {:.2e} positions a second a core a sweep",
            bar(done, total),
            r.seeds,
            r.positions,
            r.sweeps,
            r.cycles,
            r.seconds,
            rate
        );
    };
    let t = OwareTables::open_with(rules, n, dir, threads, &report).map_err(|e| e.to_string())?;
    let secs = started.elapsed().as_secs_f64();
    let file = dir.join(OwareTables::file_name(rules, n));
    let disk = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
    super::out!(
        "done in {secs:.1} s ({:.0} positions a second, {:.0} a core): {} positions, {} bytes in memory, {} bytes on disk ({})",
        t.len() as f64 / secs,
        t.len() as f64 / secs / threads as f64,
        t.len(),
        t.len(),
        disk,
        file.display()
    )
}

fn query(
    rules: &Oware,
    text: &str,
    seeds: Option<u32>,
    dir: &std::path::Path,
    threads: usize,
) -> Result<(), Stop> {
    let s = rules
        .parse_position(text)
        .map_err(|e| format!("bad position {text:?}: {e}"))?;
    let board = rules.seed_count(&s).board;
    let n = seeds.unwrap_or(board);
    if n < board {
        return Err(format!("the position has {board} seeds on the board, more than {n}").into());
    }
    let t = OwareTables::open_with(rules, n, dir, threads, &|_| {}).map_err(|e| e.to_string())?;
    let show = |s: &<Oware as Ruleset>::State| -> String {
        if let Some(outcome) = rules.outcome(s) {
            return format!("game over: {outcome:?}");
        }
        match (t.captures(s), t.margin(s), t.in_cycle(s)) {
            (Some(c), Some(m), Some(cycle)) => format!(
                "{} captures {c} more, final margin {m:+}{}",
                s.to_move(),
                if cycle {
                    " (cycle: rule 8's division)"
                } else {
                    ""
                }
            ),
            _ => "not in the table".to_string(),
        }
    };
    super::out!("{s}: {}", show(&s))?;
    for mv in rules.legal_moves(&s) {
        let mut next = s;
        rules.play_unchecked(&mut next, mv);
        super::out!("  {} -> {next}: {}", rules.format_move(&s, mv), show(&next))?;
    }
    Ok(())
}

//! Analyses record files of any game: `analyze FILE... [--game N[,M..]] [--agent AGENT]
//! [--depth D | --time MS | --nodes N] [--verify PLIES] [--jobs N] [--out FILE]
//! [--pgn-style STYLE] [--graph DIR] [--csv FILE] [--quiet]`.
//!
//! Every game of the files (any game and form [`read_any`](crate::games::read_any) reads; `-`
//! is standard input; a record without a result is a game under way,
//! [`read_games_in`](crate::analysis::read_games_in)), or the games `--game` numbers, is
//! analysed with [`crate::analysis`], on `--jobs` threads (default: every core), one game a
//! thread at a time, each game deterministic at a fixed depth whatever the number of jobs.
//! Prints a line a game (each player's accuracy, average loss and mistakes) and a summary a
//! player over all the games (the sides' tags name the players; a side with no name is
//! counted under the side's name). `--out FILE` writes the annotated records (values,
//! glyphs, better moves: [`analysis::annotate`](crate::analysis::annotate)) in the order of
//! the input, `--graph DIR` an SVG graph a game, `--csv FILE` a row a ply with every legal
//! move's value ([`CSV_HEADER`]). Progress goes to standard error: with the
//! crate's `progress` feature a bar with the time left, else a line a game with it.
//!
//! Ctrl-C (with the `progress` feature) stops the games under way and keeps those finished:
//! they are written and summed up, and the tool exits with status 130. Without the feature,
//! Ctrl-C ends the process at once; the games finished before are already written (each is
//! written as soon as the games before it are).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use crate::analysis::{
    AnalysisError, Analyzer, Class, GameAnalysis, PlayerSummary, VERIFY_PLIES, annotate, graph_svg,
    read_games_in,
};
use crate::games::{AnyGame, GameList, Member, Records, VisitRef};
use crate::pgn::Form;
use crate::pgn::PgnGame;
use crate::search::{AgentSpec, Limits};

use super::Stop;

const USAGE: &str = "usage: analyze FILE... [--game N[,M..]] [--agent AGENT]
               [--depth D | --time MS | --nodes N] [--verify PLIES] [--jobs N] [--out FILE]
               [--pgn-style STYLE] [--graph DIR] [--csv FILE] [--quiet]

Analyses every game of the record files (FILE - reads standard input; a record without a
result is a game under way): every legal move of every position valued by the agent's
search, each move played classed (best, only move, good, inaccuracy ?!, mistake ?,
blunder ??) by the value it lost. Prints a line a game and a summary a player: moves,
average loss in seeds, accuracy (0-100), and the count of each class. Plies are numbered
from 1 (the first move is ply 1) everywhere: the records, the graphs, the CSV.

  --game N[,M..]    only these games, numbered from 1 in the order of the input (all the
                    files, one after the other)
  --agent AGENT     an alphabeta agent (default alphabeta:depth=8): its budget is each
                    position's (the positions after each move are searched one ply less
                    deep, or with a share of the time or nodes)
  --depth D         the agent's depth (added to its text); likewise --time MS, --nodes N
  --verify PLIES    a loss counts as a mistake or blunder only if it holds when the move
                    played and the best move are searched again PLIES deeper (default 4;
                    0: never searched again)
  --jobs N          games analysed at once, one thread each, 1 to 1024 (default:
                    every core)
  --out FILE        write the annotated records to FILE, in the input's order
  --pgn-style STYLE the records' form: records (default, any game), or for Toguz Kumalak
                    playok or federation
  --graph DIR       write an SVG graph of each game to DIR (game-0001.svg, ...)
  --csv FILE        write a row a ply to FILE: the game, ply, turn, side, move, best, the
                    values, loss, class, the best line and every legal move's value
  --quiet           no line a game, no progress: the summary only

Progress (games done, time left) goes to standard error. Built with the `progress`
feature, Ctrl-C stops the games under way and keeps the finished ones (exit status 130).";

/// The first line of `--csv`'s file: its columns. A row a ply; `values` holds every legal
/// move of the position and its value for the mover (`76: -1.23; 98: 0.45`), the values
/// written as the records write them (`#+5` won by force, by 5 seeds or more; `=3` exact).
pub const CSV_HEADER: &str = "game,ply,turn,side,player,move,best,before,after,expected_before,expected_after,loss,expected_loss,class,exactness,verified,line,values";

/// What one finished game leaves: its line, its record, its graph, its CSV rows and its
/// players' figures.
struct Done {
    line: String,
    record: Option<String>,
    svg: Option<String>,
    csv: Option<String>,
    players: [(String, PlayerSummary); 2],
}

struct Job {
    agent: AgentSpec,
    verify: u32,
    stop: Arc<AtomicBool>,
    form: Form,
    graph: bool,
    csv: bool,
    /// The game's number in the input, from 1.
    number: usize,
    title: String,
}

/// `text` as a CSV field: quoted where it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The CSV rows of one game ([`CSV_HEADER`]), each ended by a line feed.
fn csv_rows<M>(number: usize, analysis: &GameAnalysis<M>, names: &[String; 2]) -> String {
    let mut out = String::new();
    for p in &analysis.plies {
        let i = p.player.index();
        let values = p
            .values
            .iter()
            .map(|v| format!("{}: {}", v.text, v.value.rounded()))
            .collect::<Vec<_>>()
            .join("; ");
        let fields = [
            number.to_string(),
            p.ply.to_string(),
            p.turn.to_string(),
            analysis.sides[i].to_string(),
            csv_field(&names[i]),
            csv_field(&p.played_text),
            csv_field(&p.best_text),
            csv_field(&p.before.rounded().to_string()),
            csv_field(&p.after.rounded().to_string()),
            format!("{:.4}", p.expected_before),
            format!("{:.4}", p.expected_after),
            format!("{:.2}", p.loss),
            format!("{:.4}", p.expected_loss),
            p.class.name().to_string(),
            p.exactness.name().to_string(),
            p.verified.to_string(),
            csv_field(&p.line_text),
            csv_field(&values),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

impl<L: GameList> VisitRef<L, Records> for Job {
    type Output = Result<Done, String>;
    fn visit<R: Member<L>>(self, game: &PgnGame<R>) -> Result<Done, String> {
        self.agent
            .check_for(game.record.rules())
            .map_err(|e| e.to_string())?;
        let mut analyzer = Analyzer::<R>::new(&self.agent)
            .map_err(|e| e.to_string())?
            .verify(self.verify)
            .stop_flag(self.stop);
        let analysis = match analyzer.analyze(&game.record) {
            Ok(a) => a,
            Err(AnalysisError::Stopped) => return Err(String::new()),
            Err(e) => return Err(e.to_string()),
        };
        let annotated = annotate(game, &analysis);
        let record = annotated.to_text_in(self.form);
        let summary = analysis.summary();
        let players = [0, 1].map(|i| {
            let side = R::SIDES[i];
            let name = match game.tag(side) {
                Some(n) if !n.is_empty() && n != "?" => n.to_string(),
                _ => side.to_string(),
            };
            (name, summary[i].clone())
        });
        let line = players
            .iter()
            .map(|(name, s)| format!("{name} {}", figures(s)))
            .collect::<Vec<_>>()
            .join("; ");
        let svg = self.graph.then(|| graph_svg(&analysis, &self.title));
        let names = [0, 1].map(|i| players[i].0.clone());
        let csv = self.csv.then(|| csv_rows(self.number, &analysis, &names));
        Ok(Done {
            line,
            record,
            svg,
            csv,
            players,
        })
    }
}

/// A player's figures in one line: accuracy, average loss, the marked moves.
fn figures(s: &PlayerSummary) -> String {
    format!(
        "accuracy {:.1}, loss {:.2}, {} ?! {} ? {} ??",
        s.accuracy(),
        s.average_loss(),
        s.count(Class::Inaccuracy),
        s.count(Class::Mistake),
        s.count(Class::Blunder)
    )
}

/// The title of a game's graph: its event, date and players, from its tags.
fn title<L: GameList>(game: &AnyGame<L>, name: &str) -> String {
    let text = game.to_text_in(Form::RECORDS).unwrap_or_default();
    let tag = |t: &str| {
        let key = format!("[{t} \"");
        text.lines()
            .find_map(|l| l.strip_prefix(&key).and_then(|v| v.strip_suffix("\"]")))
            .filter(|v| !v.is_empty() && *v != "?" && *v != "????.??.??")
            .map(str::to_string)
    };
    // The file's own name, not its folders: `games.pgn #3`.
    let name = match name.rsplit_once(" game ") {
        Some((file, number)) => {
            let base = std::path::Path::new(file)
                .file_name()
                .map_or(file.into(), |b| b.to_string_lossy());
            format!("{base} #{number}")
        }
        None => name.to_string(),
    };
    let mut parts = vec![name];
    parts.extend(tag("Event"));
    parts.extend(tag("Date"));
    parts.push(game.result().token().to_string());
    parts.join(", ")
}

/// `--time`/`--depth`/`--nodes` added to the agent's text.
fn agent_text(agent: Option<String>, limit: Option<String>) -> String {
    let mut text = agent.unwrap_or_else(|| "alphabeta:depth=8".into());
    if let Some(l) = limit {
        text.push(if text.contains(':') { ',' } else { ':' });
        text.push_str(&l);
    }
    text
}

struct Options {
    files: Vec<String>,
    /// The games to analyse, by their number in the input (from 1); all if empty.
    games: Vec<usize>,
    agent: AgentSpec,
    verify: u32,
    jobs: usize,
    out: Option<(String, File)>,
    form: Form,
    graph: Option<String>,
    csv: Option<(String, File)>,
    quiet: bool,
}

/// The progress shown on standard error.
struct Progress {
    total: usize,
    started: Instant,
    #[cfg(feature = "progress")]
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new(total: usize, quiet: bool) -> Progress {
        #[cfg(feature = "progress")]
        let bar = (!quiet).then(|| {
            let bar = indicatif::ProgressBar::new(total as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} games, {elapsed_precise}, {eta} left",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        });
        let _ = quiet;
        Progress {
            total,
            started: Instant::now(),
            #[cfg(feature = "progress")]
            bar,
        }
    }

    /// Prints `line` on standard output beside the bar.
    fn line(&self, line: &str) -> Result<(), Stop> {
        #[cfg(feature = "progress")]
        if let Some(bar) = &self.bar {
            return bar.suspend(|| super::out!("{line}"));
        }
        super::out!("{line}")
    }

    fn done(&self, done: usize, quiet: bool) {
        #[cfg(feature = "progress")]
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
            return;
        }
        if quiet {
            return;
        }
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = elapsed / done.max(1) as f64 * (self.total - done) as f64;
        eprintln!(
            "analyze: {done}/{} games, {}, about {} left",
            self.total,
            clock(Duration::from_secs_f64(elapsed)),
            clock(Duration::from_secs_f64(left))
        );
    }

    fn finish(&self) {
        #[cfg(feature = "progress")]
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `1h02m03s`, `2m03s` or `3.4s`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{:.1}s", d.as_secs_f64())
    }
}

/// Raises `stop` on Ctrl-C (with the `progress` feature).
fn on_interrupt(stop: &Arc<AtomicBool>) {
    #[cfg(feature = "progress")]
    {
        let flag = Arc::clone(stop);
        // A second handler in the same process (a program running the tool twice) keeps the
        // first: the flag of the first run is the one raised.
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    }
    let _ = stop;
}

fn analyze<L: GameList>(o: Options) -> Result<bool, Stop> {
    // (the game's number in the input, its name, the game)
    let mut games: Vec<(usize, String, AnyGame<L>)> = Vec::new();
    let mut failed = 0;
    let mut number = 0;
    for file in &o.files {
        let text = if file == "-" {
            std::io::read_to_string(std::io::stdin()).map_err(|e| format!("standard input: {e}"))?
        } else {
            std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?
        };
        let name = if file == "-" { "standard input" } else { file };
        for (i, game) in read_games_in::<L>(&text).into_iter().enumerate() {
            number += 1;
            if !o.games.is_empty() && !o.games.contains(&number) {
                continue;
            }
            match game {
                Ok(g) => games.push((number, format!("{name} game {}", i + 1), g)),
                Err(e) => {
                    failed += 1;
                    super::out!("{name} game {}: FAILED to read: {e}", i + 1)?;
                }
            }
        }
    }
    if let Some(&missing) = o.games.iter().find(|&&n| n > number) {
        return Err(format!("--game {missing}: the input holds {number} games").into());
    }
    if let Some(dir) = &o.graph {
        std::fs::create_dir_all(dir).map_err(|e| format!("--graph {dir}: {e}"))?;
    }
    let stop = Arc::new(AtomicBool::new(false));
    on_interrupt(&stop);
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let progress = Progress::new(games.len(), o.quiet);
    let (tx, rx) = mpsc::channel::<(usize, Result<Done, String>)>();
    let mut out = o.out;
    let want_csv = o.csv.is_some();
    let mut csv = o.csv;
    if let Some((path, file)) = csv.as_mut() {
        writeln!(file, "{CSV_HEADER}").map_err(|e| format!("--csv {path}: {e}"))?;
    }
    let mut totals: BTreeMap<String, (usize, PlayerSummary)> = BTreeMap::new();
    let mut finished = 0usize;
    let outcome = std::thread::scope(|scope| -> Result<(), Stop> {
        for _ in 0..o.jobs.clamp(1, games.len().max(1)) {
            let tx = tx.clone();
            let (games, next, stop) = (&games, &next, &stop);
            let (agent, verify) = (o.agent, o.verify);
            let (form, graph, csv) = (o.form, o.graph.is_some(), want_csv);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let (number, name, game) = &games[i];
                    let job = Job {
                        agent,
                        verify,
                        stop: Arc::clone(stop),
                        form,
                        graph,
                        csv,
                        number: *number,
                        title: title(game, name),
                    };
                    if tx.send((i, L::each_ref(game.records(), job))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Finished games wait here until the games before them are written.
        // A game that failed or was stopped waits as `None`, so that those after it go on.
        let mut waiting: BTreeMap<usize, Option<Done>> = BTreeMap::new();
        let mut written = 0usize;
        let mut write = |i: usize,
                         done: &Done,
                         out: &mut Option<(String, File)>,
                         csv: &mut Option<(String, File)>|
         -> Result<(), Stop> {
            if let (Some((path, file)), Some(text)) = (csv.as_mut(), &done.csv) {
                write!(file, "{text}")
                    .and_then(|()| file.flush())
                    .map_err(|e| format!("--csv {path}: {e}"))?;
            }
            if let (Some((path, file)), Some(text)) = (out.as_mut(), &done.record) {
                let gap = if written > 0 { "\n" } else { "" };
                write!(file, "{gap}{text}")
                    .and_then(|()| file.flush())
                    .map_err(|e| format!("--out {path}: {e}"))?;
            }
            if let (Some(dir), Some(svg)) = (&o.graph, &done.svg) {
                let path = format!("{dir}/game-{:04}.svg", games[i].0);
                std::fs::write(&path, svg).map_err(|e| format!("{path}: {e}"))?;
            }
            written += 1;
            Ok(())
        };
        let mut first_unwritten = 0usize;
        let mut result = Ok(());
        for (i, done) in rx {
            match done {
                Ok(done) => {
                    finished += 1;
                    if !o.quiet {
                        result =
                            result.and(progress.line(&format!("{}: {}", games[i].1, done.line)));
                    }
                    for (name, s) in &done.players {
                        let entry = totals.entry(name.clone()).or_default();
                        entry.0 += 1;
                        entry.1.add(s);
                    }
                    waiting.insert(i, Some(done));
                    progress.done(finished, o.quiet);
                }
                Err(e) => {
                    // An empty error is a game stopped by Ctrl-C.
                    if !e.is_empty() {
                        failed += 1;
                        result = result.and(progress.line(&format!("{}: FAILED: {e}", games[i].1)));
                    }
                    waiting.insert(i, None);
                }
            }
            while let Some(done) = waiting.remove(&first_unwritten) {
                if let Some(done) = done {
                    result = result.and(write(first_unwritten, &done, &mut out, &mut csv));
                }
                first_unwritten += 1;
            }
            if result.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        // Stopped or failed games leave gaps: write what finished after them, in order.
        for (i, done) in std::mem::take(&mut waiting) {
            if let Some(done) = done {
                result = result.and(write(i, &done, &mut out, &mut csv));
            }
        }
        progress.finish();
        result
    });
    outcome?;
    let stopped = stop.load(Ordering::Relaxed) && finished < games.len();
    if stopped {
        eprintln!(
            "analyze: stopped: {finished} of {} games analysed and kept",
            games.len()
        );
    }
    super::out!(
        "{finished} games analysed with {} in {:.1} s",
        o.agent,
        started.elapsed().as_secs_f64()
    )?;
    super::out!(
        "{:<28} {:>5} {:>6} {:>8} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5}",
        "player",
        "games",
        "moves",
        "accuracy",
        "loss",
        "only",
        "best",
        "good",
        "?!",
        "?",
        "??"
    )?;
    for (name, (count, s)) in &totals {
        let c = |class| s.count(class);
        super::out!(
            "{:<28} {:>5} {:>6} {:>8.1} {:>5.2} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5}",
            name,
            count,
            s.moves,
            s.accuracy(),
            s.average_loss(),
            c(Class::OnlyMove),
            c(Class::Best),
            c(Class::Good),
            c(Class::Inaccuracy),
            c(Class::Mistake),
            c(Class::Blunder)
        )?;
    }
    if stopped {
        return Err(Stop::Error("stopped".into()));
    }
    Ok(failed > 0)
}

/// The most threads `--jobs` takes, as selfplay's `--threads`.
const MAX_JOBS: usize = 1024;

pub(super) fn main<L: GameList>(args: Vec<String>) -> ExitCode {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return super::usage(USAGE);
    }
    match run::<L>(args) {
        Ok(false) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::FAILURE,
        Err(Stop::Error(e)) if e == "stopped" => ExitCode::from(130),
        Err(Stop::Error(e)) => super::fail("analyze", &e),
    }
}

fn run<L: GameList>(args: Vec<String>) -> Result<bool, Stop> {
    let mut files = Vec::new();
    let (mut agent, mut limit) = (None, None);
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_JOBS));
    let (mut out, mut style, mut graph, mut quiet) = (None, None, None, false);
    let (mut csv, mut chosen, mut verify) = (None, Vec::new(), None);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{name} {v:?}: expected a whole number"))
        };
        match a.as_str() {
            "--agent" => agent = Some(value("--agent")?),
            "--depth" => limit = Some(format!("depth={}", number("--depth", value("--depth")?)?)),
            "--time" => limit = Some(format!("time={}ms", number("--time", value("--time")?)?)),
            "--nodes" => limit = Some(format!("nodes={}", number("--nodes", value("--nodes")?)?)),
            "--jobs" => {
                // The bounds and words of selfplay's --threads.
                let v = value("--jobs")?;
                jobs = v
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_JOBS).contains(n))
                    .ok_or_else(|| format!("--jobs {v:?}: expected threads 1 to {MAX_JOBS}"))?;
            }
            "--out" => out = Some(value("--out")?),
            "--pgn-style" => style = Some(super::pgn_style::<L>(&value("--pgn-style")?)?),
            "--graph" => graph = Some(value("--graph")?),
            "--csv" => csv = Some(value("--csv")?),
            "--verify" => verify = Some(number("--verify", value("--verify")?)?),
            "--game" => {
                let v = value("--game")?;
                for n in v.split(',') {
                    let n = n
                        .trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| {
                            format!("--game {v:?}: expected game numbers from 1, as 3 or 3,7")
                        })?;
                    if !chosen.contains(&n) {
                        chosen.push(n);
                    }
                }
            }
            "-" => files.push(a),
            "--quiet" => quiet = true,
            other if other.starts_with("--") => {
                return Err(format!("unknown argument {other:?}").into());
            }
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err("no record file given (see --help)".into());
    }
    let text = agent_text(agent, limit);
    let agent: AgentSpec = text.parse().map_err(|e| format!("--agent {text:?}: {e}"))?;
    if !matches!(agent, AgentSpec::AlphaBeta { .. }) {
        return Err(format!("--agent {text:?}: the analysis needs an alphabeta agent").into());
    }
    if style.is_some() && out.is_none() {
        return Err("--pgn-style needs --out FILE".into());
    }
    let out = match out {
        Some(path) => {
            let file = File::create(&path).map_err(|e| format!("--out {path}: {e}"))?;
            Some((path, file))
        }
        None => None,
    };
    let verify = match verify {
        Some(v) if v > u64::from(Limits::MAX_DEPTH) => {
            return Err(format!("--verify {v}: expected plies 0 to {}", Limits::MAX_DEPTH).into());
        }
        Some(v) => v as u32,
        None => VERIFY_PLIES,
    };
    let csv = match csv {
        Some(path) => {
            let file = File::create(&path).map_err(|e| format!("--csv {path}: {e}"))?;
            Some((path, file))
        }
        None => None,
    };
    if files.iter().filter(|f| *f == "-").count() > 1 {
        return Err("standard input (-) given twice".into());
    }
    analyze::<L>(Options {
        files,
        games: chosen,
        agent,
        verify,
        jobs,
        out,
        form: style.unwrap_or(Form::RECORDS),
        graph,
        csv,
        quiet,
    })
}

//! An engine speaking a line protocol on standard input and output, so that GUIs, game
//! servers and programs in other languages can drive the crate's agents, as UCI does for
//! chess: `engine [--agent AGENT] [--rules RULESET]`.
//!
//! Commands, one a line (see the README's "Engine protocol" section):
//!
//! - `rules <ruleset text>`: the game (default `toguz`); resets the position to the start.
//! - `position start [moves <move>...]` or `position <position text> [moves <move>...]`.
//! - `go [time <ms>] [depth <d>] [nodes <n>]`: searches the position and answers one
//!   `info depth <d> score <v> nodes <n> nps <n> pv <move>...` line per completed depth, then
//!   `bestmove <move>` (`bestmove none` when the game is over).
//! - `stop`: ends the running search at once (its `bestmove` follows).
//! - `newgame`: forgets what earlier searches learnt and goes back to the start position.
//! - `isready`: answers `readyok` (after any running search has been given the command).
//! - `quit`: stops and exits.
//!
//! Bad input answers `error <message>` and the engine keeps running.

use std::io::BufRead;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use sowing::Ruleset;
use sowing::any::AnyRuleset;
use sowing::kalah::Kalah;
use sowing::search::{AgentEval, AgentSpec, AgentSpecError, AlphaBeta, Limits};
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;

mod common;
use common::Stop;

const USAGE: &str = "usage: engine [--agent AGENT] [--rules RULESET]

Reads commands from standard input, one a line, and answers on standard output:
  rules <ruleset text>                      the game (default toguz)
  position start|<position text> [moves <move>...]
  go [time <ms>] [depth <d>] [nodes <n>]    answers info lines, then bestmove <move>
  stop, newgame, isready, quit
Bad input answers `error <message>`.

  --agent AGENT   the alpha-beta agent and its default limits (default alphabeta)
  --rules RULESET the game to start with (default toguz)";

/// Set when standard output has closed: every thread then winds down quietly.
static CLOSED: AtomicBool = AtomicBool::new(false);

fn say(text: std::fmt::Arguments<'_>) {
    if let Err(Stop::Closed | Stop::Error(_)) = common::line(text) {
        CLOSED.store(true, Ordering::Relaxed);
    }
}

macro_rules! say {
    ($($arg:tt)*) => { say(format_args!($($arg)*)) };
}

type Searcher<R> = AlphaBeta<<R as Ruleset>::Move, AgentEval<R>>;

/// One game's engine: the ruleset, the position and the agent (handed to the search thread
/// while it runs).
struct Engine<R: Ruleset> {
    rules: R,
    state: R::State,
    spec: AgentSpec,
    agent: Option<Searcher<R>>,
    search: Option<JoinHandle<Searcher<R>>>,
    stop: Arc<AtomicBool>,
}

/// The engine of whichever game is chosen, behind one interface.
trait Session {
    fn position(&mut self, args: &str) -> Result<(), String>;
    fn go(&mut self, args: &str) -> Result<(), String>;
    fn stop(&mut self);
    fn wait(&mut self);
    fn newgame(&mut self);
}

impl<R: Ruleset> Engine<R> {
    fn new(rules: R, spec: AgentSpec) -> Result<Engine<R>, AgentSpecError> {
        let stop = Arc::new(AtomicBool::new(false));
        let agent = spec
            .alphabeta::<R>()?
            .map(|a| a.stop_flag(Arc::clone(&stop)));
        Ok(Engine {
            state: rules.start(),
            rules,
            spec,
            agent,
            search: None,
            stop,
        })
    }
}

fn number(word: Option<&str>, what: &str) -> Result<u64, String> {
    let w = word.ok_or(format!("{what} needs a value"))?;
    w.parse()
        .map_err(|_| format!("{what} {w:?}: expected a whole number"))
}

impl<R: Ruleset> Session for Engine<R> {
    fn position(&mut self, args: &str) -> Result<(), String> {
        self.wait();
        let (pos, moves) = match args.split_once("moves") {
            Some((p, m)) => (p.trim(), Some(m)),
            None => (args.trim(), None),
        };
        let mut state = match pos {
            "" => return Err("position needs `start` or a position text".into()),
            "start" => self.rules.start(),
            text => self
                .rules
                .parse_position(text)
                .map_err(|e| format!("position: {e}"))?,
        };
        // A move may be written in two words (Tsoro's `take o4`): a word that is no move is
        // read together with the next one.
        let words: Vec<&str> = moves.unwrap_or("").split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let text = words[i];
            let mv = match self.rules.parse_move(&state, text) {
                Ok(mv) => mv,
                Err(e) => {
                    let two = words.get(i + 1).map(|next| format!("{text} {next}"));
                    match two.and_then(|t| self.rules.parse_move(&state, &t).ok()) {
                        Some(mv) => {
                            i += 1;
                            mv
                        }
                        None => return Err(format!("move {text}: {e}")),
                    }
                }
            };
            self.rules.play_unchecked(&mut state, mv);
            i += 1;
        }
        self.state = state;
        Ok(())
    }

    fn go(&mut self, args: &str) -> Result<(), String> {
        self.wait();
        let mut limits = Limits::default();
        let mut words = args.split_whitespace();
        while let Some(w) = words.next() {
            match w {
                "time" => {
                    let ms = number(words.next(), "time")?.min(1 << 40);
                    limits.time = Some(Duration::from_millis(ms));
                }
                "depth" => {
                    let d = number(words.next(), "depth")?;
                    limits.depth = Some(d.clamp(1, u64::from(Limits::MAX_DEPTH)) as u32);
                }
                "nodes" => limits.nodes = Some(number(words.next(), "nodes")?.max(1)),
                other => return Err(format!("go: unknown option {other:?}")),
            }
        }
        let mut agent = self
            .agent
            .take()
            .ok_or("the engine's agent is not an alpha-beta agent")?;
        if limits == Limits::default() {
            if let AgentSpec::AlphaBeta { limits: l, .. } = self.spec {
                limits = l;
            }
        }
        agent.set_limits(limits);
        self.stop.store(false, Ordering::Relaxed);
        let rules = self.rules.clone();
        let state = self.state;
        self.search = Some(std::thread::spawn(move || {
            let result = agent.search_with(&rules, &state, |r| {
                let secs = r.elapsed.as_secs_f64().max(1e-6);
                let pv = line(&rules, &state, &r.pv);
                say!(
                    "info depth {} score {} nodes {} nps {:.0} pv {}",
                    r.depth,
                    r.value,
                    r.nodes,
                    r.nodes as f64 / secs,
                    pv
                );
            });
            match result.best {
                Some(mv) => say!("bestmove {}", rules.format_move(&state, mv)),
                None => say!("bestmove none"),
            }
            agent
        }));
        Ok(())
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    fn wait(&mut self) {
        if let Some(h) = self.search.take() {
            if let Ok(agent) = h.join() {
                self.agent = Some(agent);
            }
        }
        if self.agent.is_none() {
            // The spec served this game before: it builds again.
            if let Ok(fresh) = Engine::new(self.rules.clone(), self.spec) {
                *self = fresh;
            }
        }
    }

    fn newgame(&mut self) {
        self.stop();
        if let Some(a) = &mut self.agent {
            a.clear();
        }
        self.state = self.rules.start();
    }
}

/// Moves in the game's notation, each written from the position it is played in.
fn line<R: Ruleset>(rules: &R, state: &R::State, moves: &[R::Move]) -> String {
    let mut s = *state;
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        words.push(rules.format_move(&s, mv));
        rules.play_unchecked(&mut s, mv);
    }
    words.join(" ")
}

fn session(rules: AnyRuleset, spec: AgentSpec) -> Result<Box<dyn Session>, AgentSpecError> {
    Ok(match rules {
        AnyRuleset::Kalah(r) => Box::new(Engine::<Kalah>::new(r, spec)?),
        AnyRuleset::Toguz(r) => Box::new(Engine::<Toguz>::new(r, spec)?),
        AnyRuleset::Tsoro(r) => Box::new(Engine::<Tsoro>::new(r, spec)?),
    })
}

fn main() -> ExitCode {
    common::main("engine", USAGE, run)
}

fn run(args: Vec<String>) -> Result<(), Stop> {
    let mut rules_text = String::from("toguz");
    let mut spec_text = String::from("alphabeta");
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--rules" => rules_text = value("--rules")?,
            "--agent" => spec_text = value("--agent")?,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    let spec: AgentSpec = spec_text
        .parse()
        .map_err(|e| format!("--agent {spec_text:?}: {e}"))?;
    if !matches!(spec, AgentSpec::AlphaBeta { .. }) {
        return Err(format!("--agent {spec_text:?}: the engine needs an alphabeta agent").into());
    }
    let rules: AnyRuleset = rules_text.parse().map_err(|e| format!("--rules: {e}"))?;
    let mut engine = session(rules, spec).map_err(|e| format!("--agent {spec_text:?}: {e}"))?;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        if CLOSED.load(Ordering::Relaxed) {
            break;
        }
        let Ok(line) = line else { break };
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let answer: Result<(), String> = match command {
            "" => Ok(()),
            "quit" => break,
            "stop" => {
                engine.stop();
                Ok(())
            }
            "isready" => {
                say!("readyok");
                Ok(())
            }
            "newgame" => {
                engine.newgame();
                Ok(())
            }
            "rules" => match rest.parse::<AnyRuleset>() {
                Ok(r) => match session(r, spec) {
                    Ok(next) => {
                        engine.stop();
                        engine = next;
                        Ok(())
                    }
                    Err(e) => Err(format!("rules: {e}")),
                },
                Err(e) => Err(format!("rules: {e}")),
            },
            "position" => engine.position(rest),
            "go" => engine.go(rest),
            other => Err(format!("unknown command {other:?}")),
        };
        if let Err(e) = answer {
            say!("error {e}");
        }
    }
    engine.stop();
    Ok(())
}

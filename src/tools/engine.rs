//! The engine protocol ([`crate::engine`]) on standard input and output, so that GUIs, game
//! servers and programs in other languages can drive the crate's agents, as UCI does for
//! chess: `engine [--agent AGENT] [--rules RULESET]`. The commands are in the README's
//! "Engine protocol" section and the module's docs.

use std::process::ExitCode;

use crate::engine::{Engine, serve};
use crate::games::GameList;
use crate::search::AgentSpec;

use super::Stop;

const USAGE: &str = "usage: engine [--agent AGENT] [--rules RULESET]

Reads commands from standard input, one a line, and answers on standard output:
  hello                                     name, version, protocol, games, options, ok
  rules <ruleset text>                      the game (default toguz)
  position start|<position text> [moves <move>...]
  play <move>...                            moves on the current position
  legal, show                               the legal moves; the position and outcome
  go [time <ms>] [depth <d>] [nodes <n>] [multipv <n>]
                                            answers info lines, then bestmove <move>
  go movetime <ms>                          the same as go time <ms>
  go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>]
                                            a game clock: South's (w) and North's (b)
                                            time left and increments, the moves to the
                                            next time control; the engine searches for a
                                            budget of the mover's clock: (left - 50 ms) /
                                            (movestogo or 25) + 3/4 increment, at most
                                            half of what is left
  go infinite                               searches until stop
  Each go option is given once; byte offsets in errors count from 0.
  setoption agent <agent text>, stop, newgame, isready, quit
Bad input answers `error <message>`.

  --agent AGENT   the alpha-beta agent and its default limits (default alphabeta)
  --rules RULESET the game to start with (default toguz)";

pub(super) fn main<L: GameList>(args: Vec<String>, default: &str, program: &str) -> ExitCode {
    super::command("engine", USAGE, args, |args| {
        run::<L>(args, default, program)
    })
}

fn run<L: GameList>(args: Vec<String>, default: &str, program: &str) -> Result<(), Stop> {
    let mut rules_text = String::from(default);
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
    let rules: L = rules_text.parse().map_err(|e| format!("--rules: {e}"))?;
    let engine = Engine::with_games(rules, spec, std::io::stdout())
        .map_err(|e| format!("--agent: {e}"))?
        .named(program);
    match serve(std::io::stdin().lock(), engine) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Stop::Closed),
        Err(e) => Err(format!("{e}").into()),
    }
}

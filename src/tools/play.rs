//! Plays a whole game in the terminal: `play [--rules RULESET] [--human south|north|both]
//! [--south AGENT] [--north AGENT] [--pgn FILE [--pgn-style records|playok|federation]]`.
//!
//! By default two computer players play each other, so it runs with no input. With `--pgn`
//! the game is written as a record ([`crate::pgn`]) that `replay` reads back.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use crate::games::{GameList, RulesetVisitor};
use crate::pgn::{Form, PgnGame};
use crate::search::{Agent, AgentSpec};
use crate::{GameRecord, Picture, Player, Ruleset};

use super::Stop;

const USAGE: &str = "usage: play [--rules RULESET] [--human south|north|both] [--south AGENT]
            [--north AGENT] [--max-plies N] [--pgn FILE [--pgn-style STYLE]]

Plays a whole game, printing the board after every move. With no options the computer plays
both sides. A human types moves in the game's notation; `moves` lists the legal moves,
`undo` takes back the last move (and the computer's reply), `quit` stops.

  --rules RULESET   the game: kalah (default), kalah:empty-capture, kalah:pits=4,seeds=3,
                    toguz, toguz:bestemshe, tsoro, tsoro:holes=8,heads=none,bonus=0, oware,
                    oware:grand-slam=capture, ...
  --human SIDE      let a person play south, north or both
  --south AGENT     the computer player for South (default alphabeta:depth=8):
                    alphabeta:depth=10, alphabeta:time=500ms, mcts:playouts=20000,seed=7,
                    random:seed=3
  --north AGENT     the same for North
  --max-plies N     stop after N plies (default: play to the end)
  --pgn FILE        write the game as a record to FILE (also when stopped early), which
                    `replay FILE` reads back
  --pgn-style STYLE records (default: the crate's record form, any game), or for Toguz
                    Kumalak playok or federation (its PGN as PlayOK or the federation
                    books write it)";

const DEFAULT_AGENT: &str = "alphabeta:depth=8";

struct Options {
    humans: [bool; 2],
    agents: [AgentSpec; 2],
    max_plies: usize,
    /// Where to write the record, opened before the game, and in which form.
    pgn: Option<(String, std::fs::File, Form)>,
}

struct Play(Options);

impl RulesetVisitor for Play {
    type Output = Result<(), Stop>;
    fn visit<R: crate::games::Game>(self, rules: R) -> Result<(), Stop> {
        let mut opts = self.0;
        let [a, b] = opts.agents.map(|spec| {
            // As it plays these rules: `endgame=auto` names the tables it found.
            let spec = spec.for_rules(&rules);
            spec.check_for(&rules)
                .and_then(|()| spec.build::<R>())
                .map_err(|e| e.to_string())
        });
        let mut agents = [a?, b?];
        let mut game = GameRecord::new(rules.clone());
        super::out!("{rules}")?;
        let mut players = Vec::new();
        for side in Player::BOTH {
            let who = if opts.humans[side.index()] {
                "a person".to_string()
            } else {
                agents[side.index()].name()
            };
            super::out!("{side}: {who}")?;
            players.push(who);
        }
        let played = play(&rules, &opts, &mut agents, &mut game);
        if let Some((path, mut file, form)) = opts.pgn.take() {
            let mut record = PgnGame::new(game);
            record.set_tag("Event", "sowing play");
            for (name, who) in R::SIDES.iter().zip(&players) {
                record.set_tag(name, who);
            }
            let text = record.to_text_in(form).ok_or(format!(
                "--pgn-style {form} cannot write a {} game",
                R::GAME
            ))?;
            file.write_all(text.as_bytes())
                .map_err(|e| format!("--pgn {path}: {e}"))?;
        }
        played
    }
}

/// Plays the game to its end, `--max-plies`, or until a person stops.
fn play<R: Ruleset + Picture>(
    rules: &R,
    opts: &Options,
    agents: &mut [Box<dyn Agent<R>>; 2],
    game: &mut GameRecord<R>,
) -> Result<(), Stop> {
    {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        super::out!("\n{}\n", rules.picture(game.current()))?;
        while game.ply() < opts.max_plies {
            let state = *game.current();
            if rules.is_over(&state) {
                break;
            }
            let side = rules.to_move(&state);
            let mv = if opts.humans[side.index()] {
                super::out!("{side} to move (a move, `moves`, `undo` or `quit`):")?;
                let Some(line) = lines.next() else {
                    super::out!("(end of input)")?;
                    return Ok(());
                };
                let line = line.map_err(|e| e.to_string())?;
                match line.trim() {
                    "quit" | "exit" => return Ok(()),
                    "undo" => {
                        // Take back moves until it is a person's turn again.
                        while game.undo().is_some() {
                            if opts.humans[rules.to_move(game.current()).index()] {
                                break;
                            }
                        }
                        game.truncate();
                        super::out!("\n{}\n", rules.picture(game.current()))?;
                        continue;
                    }
                    "moves" | "" => {
                        let list: Vec<String> = rules
                            .legal_moves(&state)
                            .iter()
                            .map(|&m| rules.format_move(&state, m))
                            .collect();
                        super::out!("legal moves: {}", list.join(" "))?;
                        continue;
                    }
                    text => match rules.parse_move(&state, text) {
                        Ok(mv) => mv,
                        Err(e) => {
                            super::out!("{e}")?;
                            continue;
                        }
                    },
                }
            } else {
                let agent = &mut agents[side.index()];
                let mv = agent
                    .choose(rules, &state)
                    .ok_or("the agent found no move in a game that is not over")?;
                if let Some(summary) = agent.summary() {
                    super::out!("{side} ({}): {summary}", agent.name())?;
                }
                mv
            };
            let text = rules.format_move(&state, mv);
            game.play(mv).map_err(|e| e.to_string())?;
            super::out!(
                "{}. {side} plays {text}\n\n{}\n",
                game.ply(),
                board(rules, game)
            )?;
        }
        match game.outcome() {
            Some(outcome) => super::out!("Game over after {} plies: {outcome}", game.ply())?,
            None => super::out!("Stopped after {} plies.", game.ply())?,
        }
        super::out!("Position: {}", game.current())
    }
}

/// The picture of the game's position, without the picture's own `Game over: ...` line at
/// the end of the game: the summary after it says how the game ended, once.
fn board<R: Ruleset + Picture>(rules: &R, game: &GameRecord<R>) -> String {
    let picture = rules.picture(game.current());
    if game.outcome().is_some() {
        if let Some((board, _)) = picture.rsplit_once("\nGame over: ") {
            return board.to_string();
        }
    }
    picture
}

pub(super) fn main<L: GameList>(args: Vec<String>, default: &str) -> ExitCode {
    super::command("play", USAGE, args, |args| run::<L>(args, default))
}

fn run<L: GameList>(args: Vec<String>, default: &str) -> Result<(), Stop> {
    let mut rules = String::from(default);
    let default: AgentSpec = DEFAULT_AGENT.parse().map_err(|e| format!("{e}"))?;
    let mut opts = Options {
        humans: [false, false],
        agents: [default, default],
        max_plies: usize::MAX,
        pgn: None,
    };
    let (mut pgn, mut style) = (None, None);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--rules" => rules = value("--rules")?,
            "--human" => match value("--human")?.as_str() {
                "south" => opts.humans[Player::South.index()] = true,
                "north" => opts.humans[Player::North.index()] = true,
                "both" => opts.humans = [true, true],
                other => {
                    return Err(format!("--human {other:?}: expected south, north or both").into());
                }
            },
            "--south" | "--north" => {
                let side = if a == "--south" {
                    Player::South
                } else {
                    Player::North
                };
                let spec = value(&a)?;
                opts.agents[side.index()] =
                    spec.parse().map_err(|e| format!("{a} {spec:?}: {e}"))?;
            }
            "--max-plies" => {
                opts.max_plies = value("--max-plies")?
                    .parse()
                    .map_err(|_| "--max-plies needs a number")?
            }
            "--pgn" => pgn = Some(value("--pgn")?),
            "--pgn-style" => style = Some(super::pgn_style::<L>(&value("--pgn-style")?)?),
            other => return Err(format!("unknown argument {other:?} (see --help)").into()),
        }
    }
    let rules: L = rules.parse().map_err(|e| format!("--rules: {e}"))?;
    opts.pgn = super::pgn_output(&rules, pgn, style)?;
    rules.visit(Play(opts))
}

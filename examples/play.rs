//! Plays a whole game in the terminal: `play [--rules RULESET] [--human south|north|both]
//! [--south AGENT] [--north AGENT]`.
//!
//! By default two computer players play each other, so it runs with no input.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use sowing::any::{AnyRuleset, RulesetVisitor};
use sowing::search::AgentSpec;
use sowing::{GameRecord, Player, RandomSource, Ruleset, SplitMix64};

const USAGE: &str = "usage: play [--rules RULESET] [--human south|north|both] [--south AGENT]
            [--north AGENT] [--seed N] [--max-plies N]

Plays a whole game, printing the board after every move. With no options the computer plays
both sides. A human types moves in the game's notation; `undo` takes back the last move,
`moves` lists the legal moves, `quit` stops.

  --rules RULESET   the game: kalah (default), kalah:empty-capture, kalah:pits=4,seeds=3, ...
  --human SIDE      let a person play south, north or both
  --south AGENT     the computer player for South: alphabeta:depth=10, alphabeta:time=500ms,
                    mcts:playouts=20000,seed=7, random:seed=3 (default: a greedy player)
  --north AGENT     the same for North
  --seed N          seed for the computer players' random choices (default 1)
  --max-plies N     stop after N plies (default: play to the end)";

struct Options {
    humans: [bool; 2],
    agents: [Option<AgentSpec>; 2],
    seed: u64,
    max_plies: usize,
}

struct Play(Options);

/// The computer player for now: the move that maximises the mover's store lead after it,
/// ties broken at random.
fn computer_move<R: Ruleset>(rules: &R, state: &R::State, rng: &mut SplitMix64) -> R::Move {
    let me = rules.to_move(state);
    let moves = rules.legal_moves(state);
    let mut best = Vec::new();
    let mut best_score = i64::MIN;
    for &mv in moves.iter() {
        let mut next = state.clone();
        rules.play_unchecked(&mut next, mv);
        let c = rules.seed_count(&next);
        let mut score = i64::from(c.store(me)) - i64::from(c.store(!me));
        if rules.to_move(&next) == me && !rules.is_over(&next) {
            score += 1;
        }
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(mv);
        }
    }
    best[rng.below(best.len() as u32) as usize]
}

impl RulesetVisitor for Play {
    type Output = Result<(), String>;
    fn visit<R: Ruleset>(self, rules: R) -> Result<(), String> {
        let opts = self.0;
        let mut rng = SplitMix64::new(opts.seed);
        let mut agents = opts.agents.map(|spec| spec.map(|spec| spec.build::<R>()));
        for side in Player::BOTH {
            if let Some(agent) = &agents[side.index()] {
                println!("{side}: {}", agent.name());
            }
        }
        let mut game = GameRecord::new(rules.clone());
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        println!("{rules}\n\n{}\n", rules.picture(game.current()));
        while game.ply() < opts.max_plies {
            let state = game.current().clone();
            if rules.is_over(&state) {
                break;
            }
            let side = rules.to_move(&state);
            let mv = if opts.humans[side.index()] {
                print!("{side} to move> ");
                std::io::stdout().flush().map_err(|e| e.to_string())?;
                let Some(line) = lines.next() else {
                    println!("\n(end of input)");
                    return Ok(());
                };
                let line = line.map_err(|e| e.to_string())?;
                match line.trim() {
                    "quit" | "exit" => return Ok(()),
                    "undo" => {
                        // Take back moves until it is this human's turn again.
                        while game.undo().is_some() {
                            let s = game.current();
                            if opts.humans[rules.to_move(s).index()] {
                                break;
                            }
                        }
                        game.truncate();
                        println!("\n{}\n", rules.picture(game.current()));
                        continue;
                    }
                    "moves" | "" => {
                        let list: Vec<String> = rules
                            .legal_moves(&state)
                            .iter()
                            .map(|&m| rules.format_move(&state, m))
                            .collect();
                        println!("legal moves: {}", list.join(" "));
                        continue;
                    }
                    text => match rules.parse_move(&state, text) {
                        Ok(mv) => mv,
                        Err(e) => {
                            println!("{e}");
                            continue;
                        }
                    },
                }
            } else if let Some(agent) = &mut agents[side.index()] {
                let mv = agent
                    .choose(&rules, &state)
                    .ok_or("the agent found no move")?;
                if let Some(summary) = agent.summary() {
                    println!("{side} ({}): {summary}", agent.name());
                }
                mv
            } else {
                computer_move(&rules, &state, &mut rng)
            };
            let text = rules.format_move(&state, mv);
            game.play(mv).map_err(|e| e.to_string())?;
            println!(
                "{}. {side} plays {text}\n\n{}\n",
                game.ply(),
                rules.picture(game.current())
            );
        }
        match game.outcome() {
            Some(outcome) => println!("Game over after {} plies: {outcome}", game.ply()),
            None => println!("Stopped after {} plies.", game.ply()),
        }
        println!("Position: {}", game.current());
        Ok(())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let mut rules = String::from("kalah");
    let mut opts = Options {
        humans: [false, false],
        agents: [None, None],
        seed: 1,
        max_plies: usize::MAX,
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--rules" => rules = value("--rules")?,
            "--human" => match value("--human")?.as_str() {
                "south" => opts.humans[Player::South.index()] = true,
                "north" => opts.humans[Player::North.index()] = true,
                "both" => opts.humans = [true, true],
                other => return Err(format!("--human {other:?}: expected south, north or both")),
            },
            "--south" | "--north" => {
                let side = if a == "--south" {
                    Player::South
                } else {
                    Player::North
                };
                let spec = value(&a)?;
                opts.agents[side.index()] =
                    Some(spec.parse().map_err(|e| format!("{a} {spec:?}: {e}"))?);
            }
            "--seed" => {
                opts.seed = value("--seed")?
                    .parse()
                    .map_err(|_| "--seed needs a number")?
            }
            "--max-plies" => {
                opts.max_plies = value("--max-plies")?
                    .parse()
                    .map_err(|_| "--max-plies needs a number")?
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    let rules: AnyRuleset = rules.parse().map_err(|e| format!("--rules: {e}"))?;
    rules.visit(Play(opts))
}

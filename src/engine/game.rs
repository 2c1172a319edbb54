//! One game's side of the engine: the ruleset, the position, the agent, and the search thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Clock, Say};
use crate::games::{Family, GameList, Member, VisitMut};
use crate::player::Player;
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use crate::search::{AgentEval, AgentSpec, AlphaBeta, Heuristic, Limits};

type Searcher<R> = AlphaBeta<<R as Ruleset>::Move, AgentEval<R>>;

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Go {
    pub limits: Limits,
    pub infinite: bool,
    /// `multipv N`: the lines of this search (else the agent's).
    pub multipv: Option<u8>,
    /// `wtime`, `btime`, `winc`, `binc`, `movestogo`: the clocks, the budget of the move
    /// taken from the mover's.
    pub clocks: Clocks,
}

/// The game clocks `go` gives: South's (`w`, the first to move, as White in chess) and
/// North's (`b`), in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Clocks {
    /// `wtime`, `btime`.
    pub time: [Option<Duration>; 2],
    /// `winc`, `binc`.
    pub inc: [Option<Duration>; 2],
    /// `movestogo`.
    pub moves_to_go: Option<u32>,
}

impl Clocks {
    fn given(&self) -> bool {
        *self != Clocks::default()
    }

    /// The clock of `mover`, or the error that `go` gave clocks but not his.
    pub fn of(&self, mover: Player) -> Result<Option<Clock>, String> {
        if !self.given() {
            return Ok(None);
        }
        let i = mover.index();
        let Some(remaining) = self.time[i] else {
            return Err(format!(
                "go: {mover} is to move and his clock ({}) is not given",
                ["wtime", "btime"][i]
            ));
        };
        let inc = self.inc[i].unwrap_or(Duration::ZERO);
        Ok(Some(Clock::new(remaining, inc, self.moves_to_go)))
    }
}

/// The longest time `go` takes, in milliseconds (about 35 years).
const MAX_MS: u64 = 1 << 40;

impl Go {
    pub fn parse(args: &str) -> Result<Go, String> {
        let mut go = Go::default();
        // The options given so far, each under its one name (`movetime` is `time`).
        let mut seen: Vec<&str> = Vec::new();
        let mut words = args.split_whitespace();
        while let Some(w) = words.next() {
            let name = match w {
                "movetime" => "time",
                other => other,
            };
            if seen.contains(&name) {
                return Err(if name == w {
                    format!("go: {w} is set twice")
                } else {
                    format!("go: {name} is set twice ({w} is {name})")
                });
            }
            let ms = |words: &mut std::str::SplitWhitespace<'_>| -> Result<Duration, String> {
                Ok(Duration::from_millis(number(words.next(), w)?.min(MAX_MS)))
            };
            match w {
                "time" | "movetime" => go.limits.time = Some(ms(&mut words)?),
                "depth" => {
                    let d = number(words.next(), "depth")?;
                    go.limits.depth = Some(d.clamp(1, u64::from(Limits::MAX_DEPTH)) as u32);
                }
                "nodes" => go.limits.nodes = Some(number(words.next(), "nodes")?.max(1)),
                "infinite" => go.infinite = true,
                "multipv" => go.multipv = Some(lines(words.next(), "go: multipv")?),
                "wtime" => go.clocks.time[0] = Some(ms(&mut words)?),
                "btime" => go.clocks.time[1] = Some(ms(&mut words)?),
                "winc" => go.clocks.inc[0] = Some(ms(&mut words)?),
                "binc" => go.clocks.inc[1] = Some(ms(&mut words)?),
                "movestogo" => {
                    let n = number(words.next(), "movestogo")?;
                    go.clocks.moves_to_go = Some(
                        u32::try_from(n)
                            .ok()
                            .filter(|&n| n >= 1)
                            .ok_or_else(|| format!("movestogo {n}: expected 1 or more moves"))?,
                    );
                }
                other => return Err(format!("go: unknown option {}", super::quoted(other))),
            }
            seen.push(name);
        }
        if go.infinite && (go.limits != Limits::default() || go.clocks.given()) {
            return Err("go: infinite takes no limit".into());
        }
        if go.clocks.given() && go.clocks.time == [None, None] {
            return Err("go: winc, binc and movestogo need the clocks (wtime, btime)".into());
        }
        Ok(go)
    }
}

/// A number of lines, 1 to 255 ([`SearchOptions::multipv`](crate::search::SearchOptions::multipv)).
pub(super) fn lines(word: Option<&str>, what: &str) -> Result<u8, String> {
    let n = number(word, what)?;
    u8::try_from(n)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("{what} {n}: expected lines 1..=255"))
}

fn number(word: Option<&str>, what: &str) -> Result<u64, String> {
    let w = word.ok_or(format!("{what} needs a value"))?;
    w.parse()
        .map_err(|_| format!("{what} {}: expected a whole number", super::quoted(w)))
}

/// A command for the session of whichever game is chosen ([`Game::call`]).
pub(super) enum Call<'a> {
    /// `position start|<text> [moves ...]`.
    Position(&'a str),
    /// `play <move>...`.
    Play(&'a str),
    /// The `legal` answer.
    Legal,
    /// The `show` answer's lines.
    Show,
    /// Starts a search (after waiting for the one running).
    Go(Go),
    /// A new agent (after waiting for the running search).
    SetAgent(AgentSpec),
    /// The lines of the next searches without `go multipv` (after waiting for the running
    /// search); the agent keeps its table.
    SetMultipv(u8),
    /// Forgets what searches learnt; back to the start.
    NewGame,
    /// Waits for a running search with limits; an error names the command while a search
    /// with no end runs.
    Settle(&'a str),
    /// Ends the running search now; its `bestmove` follows.
    Stop,
    /// End of input: a search with limits runs to its end, one with none is stopped.
    Finish,
}

/// What a [`Call`] answers.
pub(super) enum Answer {
    /// Done, or the error to answer.
    Done(Result<(), String>),
    /// One line to answer.
    Line(String),
    /// Lines to answer.
    Lines([String; 3]),
}

/// The sessions of a list's games: the engine holds `L::Each<Sessions>`, the session of
/// whichever game `rules` chose, and reaches it with a [`Call`].
pub(super) struct Sessions;

impl Family for Sessions {
    type Of<R: crate::games::Game> = Game<R>;
}

impl<L: GameList> VisitMut<L, Sessions> for Call<'_> {
    type Output = Answer;
    fn visit<R: Member<L>>(self, game: &mut Game<R>) -> Answer {
        game.call(self)
    }
}

struct Search<R: Heuristic> {
    handle: JoinHandle<Searcher<R>>,
    infinite: bool,
}

/// One game's engine.
pub(super) struct Game<R: Heuristic> {
    rules: R,
    /// The game from the last `position`: its positions are the history of a game with a
    /// repetition rule (Oware), which ends it when a position repeats.
    game: GameRecord<R>,
    spec: AgentSpec,
    /// The agent while no search runs (the search thread holds it meanwhile).
    agent: Option<Searcher<R>>,
    /// The agent's own limits, for `go` without any.
    limits: Limits,
    search: Option<Search<R>>,
    /// The agent's stop flag: raised, the search ends at once.
    stop: Arc<AtomicBool>,
    /// `stop` (or `quit`, the end of the input) asked for the running search to end: the
    /// flag is raised once its first depth is done, so that its line and move are a
    /// searched one's (a Kalah search meets the flag inside depth 1, at an extra turn).
    requested: Arc<AtomicBool>,
    /// The running search has answered its first depth.
    reported: Arc<AtomicBool>,
    out: Arc<dyn Say>,
}

/// The alpha-beta agent of `spec` for `rules`, or the error that it is another kind or
/// asks for what the rules cannot serve.
pub(super) fn searcher<R: Heuristic>(rules: &R, spec: &AgentSpec) -> Result<Searcher<R>, String> {
    spec.check_for(rules).map_err(|e| e.to_string())?;
    let agent = spec
        .alphabeta::<R>()
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{spec} is not an alphabeta agent: the engine needs one"))?;
    // Endgame tables are read now, before the clock of a `go` runs.
    agent.evaluator().prepare(rules);
    Ok(agent)
}

impl<R: Heuristic> Game<R> {
    pub fn new(rules: R, spec: AgentSpec, out: Arc<dyn Say>) -> Result<Game<R>, String> {
        let stop = Arc::new(AtomicBool::new(false));
        let agent = searcher(&rules, &spec)?.stop_flag(Arc::clone(&stop));
        Ok(Game {
            game: GameRecord::new(rules.clone()),
            rules,
            spec,
            limits: agent.limits(),
            agent: Some(agent),
            search: None,
            stop,
            requested: Arc::new(AtomicBool::new(false)),
            reported: Arc::new(AtomicBool::new(false)),
            out,
        })
    }

    /// Waits for the search thread and takes the agent back.
    fn join(&mut self) {
        if let Some(search) = self.search.take() {
            search.handle.thread().unpark();
            if let Ok(agent) = search.handle.join() {
                self.agent = Some(agent);
            }
        }
        if self.agent.is_none() {
            // The search thread panicked (it never should): a fresh agent.
            if let Ok(agent) = searcher(&self.rules, &self.spec) {
                self.limits = agent.limits();
                self.agent = Some(agent.stop_flag(Arc::clone(&self.stop)));
            }
        }
    }

    /// The game after `words` (moves in the game's notation) from the end of `game`.
    fn after(&self, mut game: GameRecord<R>, words: &str) -> Result<GameRecord<R>, String> {
        // A move may be written in two words (Tsoro's `take o4`): a word that is no move is
        // read together with the next one.
        let words: Vec<&str> = words.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let text = words[i];
            let state = *game.current();
            let mv = match self.rules.parse_move(&state, text) {
                Ok(mv) => mv,
                Err(e) => {
                    let two = words.get(i + 1).map(|next| format!("{text} {next}"));
                    match two.and_then(|t| self.rules.parse_move(&state, &t).ok()) {
                        Some(mv) => {
                            i += 1;
                            mv
                        }
                        None => return Err(format!("move {}: {e}", super::shown(text))),
                    }
                }
            };
            game.play(mv)
                .map_err(|e| format!("move {}: {e}", super::shown(text)))?;
            i += 1;
        }
        Ok(game)
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

impl<R: Heuristic> Game<R> {
    /// Runs `call`.
    fn call(&mut self, call: Call<'_>) -> Answer {
        let done = match call {
            Call::Legal => return Answer::Line(self.legal()),
            Call::Show => return Answer::Lines(self.show()),
            Call::Position(args) => self.position(args),
            Call::Play(args) => self.play(args),
            Call::Go(go) => self.go(go),
            Call::SetAgent(spec) => self.set_agent(spec),
            Call::SetMultipv(lines) => self.set_multipv(lines),
            Call::NewGame => self.newgame(),
            Call::Settle(command) => self.settle(command),
            Call::Stop => {
                self.stop();
                Ok(())
            }
            Call::Finish => {
                self.finish();
                Ok(())
            }
        };
        Answer::Done(done)
    }

    fn position(&mut self, args: &str) -> Result<(), String> {
        let (pos, moves) = match args.split_once("moves") {
            Some((p, m)) => (p.trim(), m),
            None => (args.trim(), ""),
        };
        let start = match pos {
            "" => return Err("position needs `start` or a position text".into()),
            "start" => self.rules.start(),
            text => self
                .rules
                .parse_position(text)
                .map_err(|e| format!("position: {e}"))?,
        };
        let game = GameRecord::from_position(self.rules.clone(), start)
            .map_err(|e| format!("position: {e}"))?;
        self.game = self.after(game, moves)?;
        Ok(())
    }

    fn play(&mut self, args: &str) -> Result<(), String> {
        if args.trim().is_empty() {
            return Err("play needs a move".into());
        }
        self.game = self.after(self.game.clone(), args)?;
        Ok(())
    }

    fn legal(&self) -> String {
        let moves = self.game.legal_moves();
        let mut answer = String::from("legal");
        for mv in moves {
            answer.push(' ');
            answer.push_str(&self.rules.format_move(self.game.current(), mv));
        }
        answer
    }

    fn show(&self) -> [String; 3] {
        let outcome = match self.game.outcome() {
            None => "outcome none".to_string(),
            Some(o) => match o.score() {
                Some(score) => format!("outcome {} score {score}", o.result_text()),
                None => format!("outcome {}", o.result_text()),
            },
        };
        [
            format!("position {}", self.game.current()),
            format!("tomove {}", self.game.to_move()),
            outcome,
        ]
    }

    fn go(&mut self, go: Go) -> Result<(), String> {
        self.settle("go")?;
        if self.game.is_over() {
            self.out.say(format_args!("bestmove none"));
            return Ok(());
        }
        let Some(mut agent) = self.agent.take() else {
            return Err("go: the agent could not be built again".into());
        };
        let clock = match go.clocks.of(self.game.to_move()) {
            Ok(clock) => clock,
            Err(e) => {
                self.agent = Some(agent);
                return Err(e);
            }
        };
        let mut limits = if go.infinite {
            Limits::depth(Limits::MAX_DEPTH)
        } else if go.limits == Limits::default() && clock.is_none() {
            self.limits
        } else {
            go.limits
        };
        if let Some(clock) = clock {
            // The search stops at the budget (or a `time` below it), and a move forced
            // spends none of the clock.
            let budget = clock.budget();
            limits.time = Some(limits.time.map_or(budget, |t| t.min(budget)));
            if self.game.legal_moves().len() == 1 {
                limits.depth = Some(1);
            }
        }
        agent.set_limits(limits);
        let multipv = go.multipv.unwrap_or(self.spec.multipv());
        agent.set_multipv(multipv);
        self.stop.store(false, Ordering::SeqCst);
        self.requested.store(false, Ordering::SeqCst);
        self.reported.store(false, Ordering::SeqCst);
        let rules = self.rules.clone();
        let state = *self.game.current();
        let history = self.game.positions().to_vec();
        let out = Arc::clone(&self.out);
        let (stop, requested, reported) = (
            Arc::clone(&self.stop),
            Arc::clone(&self.requested),
            Arc::clone(&self.reported),
        );
        let handle = std::thread::spawn(move || {
            let result = agent.search_in_with(&rules, &history, |r| {
                // A `stop` that came during the first depth takes effect now.
                reported.store(true, Ordering::SeqCst);
                if requested.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                }
                let nps = r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-6);
                if multipv <= 1 {
                    out.say(format_args!(
                        "info depth {} score {} nodes {} nps {nps:.0} pv {}",
                        r.depth,
                        r.value,
                        r.nodes,
                        line(&rules, &state, &r.pv)
                    ));
                    return;
                }
                // One line each, best first, as UCI engines answer MultiPV.
                for (k, l) in r.lines.iter().enumerate() {
                    out.say(format_args!(
                        "info depth {} multipv {} score {} nodes {} nps {nps:.0} pv {}",
                        l.depth,
                        k + 1,
                        l.value,
                        r.nodes,
                        line(&rules, &state, &l.pv)
                    ));
                }
            });
            // `go infinite` answers only after `stop`, even when the search has ended.
            while go.infinite && !requested.load(Ordering::SeqCst) {
                std::thread::park();
            }
            match result.best {
                Some(mv) => out.say(format_args!("bestmove {}", rules.format_move(&state, mv))),
                None => out.say(format_args!("bestmove none")),
            }
            agent
        });
        self.search = Some(Search {
            handle,
            infinite: go.infinite,
        });
        Ok(())
    }

    fn set_agent(&mut self, spec: AgentSpec) -> Result<(), String> {
        let agent = searcher(&self.rules, &spec).map_err(|e| format!("setoption agent: {e}"))?;
        self.settle("setoption")?;
        self.limits = agent.limits();
        self.agent = Some(agent.stop_flag(Arc::clone(&self.stop)));
        self.spec = spec;
        Ok(())
    }

    fn set_multipv(&mut self, lines: u8) -> Result<(), String> {
        self.settle("setoption")?;
        self.spec = self.spec.with_multipv(lines);
        Ok(())
    }

    fn newgame(&mut self) -> Result<(), String> {
        self.settle("newgame")?;
        if let Some(a) = &mut self.agent {
            a.clear();
        }
        self.game = GameRecord::new(self.rules.clone());
        Ok(())
    }

    fn settle(&mut self, command: &str) -> Result<(), String> {
        if self.search.as_ref().is_some_and(|s| s.infinite) {
            return Err(format!(
                "{command}: a search with no limit is running; send stop first"
            ));
        }
        self.join();
        Ok(())
    }

    /// Ends the running search once it has answered its first depth (at once if it has).
    fn stop(&mut self) {
        self.requested.store(true, Ordering::SeqCst);
        if self.reported.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
        self.join();
    }

    fn finish(&mut self) {
        if self.search.as_ref().is_some_and(|s| s.infinite) {
            self.stop();
        } else {
            self.join();
        }
    }
}

impl<R: Heuristic> Drop for Game<R> {
    fn drop(&mut self) {
        self.stop();
    }
}

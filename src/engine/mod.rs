//! The engine protocol: the crate's alpha-beta agent driven by text commands, one a line, so
//! that GUIs, game servers and programs in other languages can play any game of the crate
//! without knowing its rules, as UCI does for chess.
//!
//! [`serve`] reads commands from any [`BufRead`] and answers on any [`Write`]; the
//! `engine` example is `serve` on standard input and output. [`Engine::command`] runs one
//! command, for programs that embed the engine. The search runs on its own thread, so
//! `isready`, `stop`, `legal` and `show` are answered while it runs. The commands:
//!
//! | command | answer |
//! |---|---|
//! | `hello` | `name sowing`, `version <crate version>`, `protocol 2`, `games <the names of the games it plays>` (`kalah toguz tsoro oware`), `option agent <agent text>`, then `ok` |
//! | `rules <ruleset text>` | none; the game, from its start position |
//! | `position start\|<position text> [moves <move>...]` | none; the position |
//! | `play <move>...` | none; the moves played on the current position |
//! | `legal` | `legal <move> <move>...`: the legal moves, in the game's notation |
//! | `show` | `position <text>`, `tomove South\|North`, and `outcome none`, `outcome <1-0\|0-1\|1/2-1/2> [score <S-N>]` |
//! | `go [time <ms>\|movetime <ms>] [depth <d>] [nodes <n>] [multipv <n>]` | `info depth <d> score <v> nodes <n> nps <n> pv <move>...` a completed depth, then `bestmove <move>` (`bestmove none` when the game is over); with `multipv <n>` (or the agent's `multipv=N`) above 1, `info depth <d> multipv <k> score <v> nodes <n> nps <n> pv <move>...` for each line `k` of `n` (fewer when fewer moves are legal) at each completed depth, best first |
//! | `go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>]` (and any of the options above) | the same, the search stopped at the time manager's budget for the mover's clock (see **Clocks**) |
//! | `go infinite` | the same, `bestmove` only after `stop` |
//! | `stop` | the running search ends now (once its first depth is done, so that its `info` line and `bestmove` are a searched move's); its `bestmove` follows |
//! | `setoption agent <agent text>` | none; another alpha-beta agent ([`AgentSpec`]) |
//! | `setoption multipv <n>` | none; the lines of the next `go`s (1 to 255), the agent's `multipv=<n>`, its table kept |
//! | `setoption network [<path>]` | none; the agent's evaluation from the network of the weights file at `<path>` (the agent text's `net=<path>`: read once, refused with an error if it does not read or is another game's, board's or layout's network), or without a path the game's own evaluation again; the table starts empty |
//! | `setoption table auto\|<n>` | none; the agent's transposition table: `<n>` 2^n entries of 16 bytes (1 to 30), `auto` sized at each `go` to its time (the agent text's `table=`, default 20, [`TableSize`](crate::search::TableSize)); the table starts empty |
//! | `newgame` | none; forgets what earlier searches learnt, back to the start position |
//! | `isready` | `readyok` |
//! | `quit` | stops the search (its `bestmove` follows) and ends |
//!
//! `position` and `play` keep the game since the last `position` (or `rules`, `newgame`): in a
//! game whose rules end it when a position repeats (Oware), a position that repeats an
//! earlier one of it ends the game (`show` gives the outcome of the repetition, `legal`
//! none, `go` answers `bestmove none`, and a move is refused), and `go` searches with the
//! game's positions, so that a line that repeats one of them scores as the game so ended.
//!
//! **Clocks**, as a GUI keeps them: `wtime` and `winc` are South's clock and increment
//! (South moves first, as White in chess), `btime` and `binc` North's, all in milliseconds;
//! `movestogo` the mover's moves to the next time control. The engine takes the mover's
//! clock (`go` answers an error when it is missing) and searches for the budget [`Clock`]
//! gives it: the time left less a safety margin of 50 ms, shared among `movestogo` moves
//! (else 25), plus three quarters of the increment, and never more than half of the time
//! left after the margin, so the engine never loses on time; a move that is the only legal
//! one is answered at once. With `time` (or `depth`, `nodes`) as well, the search stops at
//! the first limit reached. `movetime <ms>` is `time <ms>`: the search's time for this move.
//!
//! Each option of `go` is given once: `go depth 2 depth 3` answers `error go: depth is set
//! twice` (as ruleset text refuses a switch set twice), and `infinite` takes no other.
//!
//! Bad input (an unknown command, a bad option, position or move, a line that is not UTF-8)
//! answers `error <message>` and changes nothing. A piece of input the message shows (an
//! unknown command, option, number or move) is cut at [`ECHO_LIMIT`] bytes and marked
//! `... (<n> bytes)`, and the whole message at [`ERROR_LIMIT`] bytes, so a long line of
//! garbage is never echoed back whole. Where a message counts bytes (a line that is not
//! UTF-8: `error the line is not UTF-8 (byte 3 of it)`; a position text's error, `at byte
//! 10`), it counts from 0: the line's first byte is byte 0. `go`, `rules`, `setoption` and `newgame`
//! wait for a running search to end (or, during `go infinite`, answer an error until
//! `stop`); `position` and `play` set the position for the next `go` at once. At the end of
//! the input a search with limits runs to its end and answers; `go infinite` is stopped.
//!
//! **Several lines** (MultiPV, as UCI engines give them, for a GUI to show the alternatives):
//! `go ... multipv <n>`, `setoption multipv <n>` or agent text with `multipv=<n>`
//! ([`SearchOptions::multipv`](crate::search::SearchOptions::multipv)) searches the best `n`
//! moves; each completed depth answers one `info` line per line, `multipv 1` the best, each
//! with its own `score` and `pv` (the `nodes` are the whole search's). `bestmove` is the
//! best move, as without it. With one line the `info` lines have no `multipv` word, as
//! before it.
//! Protocol 2 added `multipv`, `setoption table` and `setoption network`; everything else is as
//! in protocol 1.
//!
//! **Endgame tables.** The agent's exact endgame values (`endgame=N`, or the default
//! `endgame=auto`: Oware's largest table kept in the directory `$SOWING_TABLES` names) are
//! read when the agent is set up for the rules (at the start, `rules` and `setoption`),
//! before any `go`'s clock runs: the 24-seed table takes some seconds to read, which
//! `isready` waits for.
//!
//! ```
//! use sowing::engine::{Engine, serve};
//!
//! let engine = Engine::new("kalah".parse()?, "alphabeta".parse()?, Vec::new())?;
//! let input = "position start moves 3\nlegal\nplay 6\nshow\ngo depth 2\n";
//! let output = String::from_utf8(serve(input.as_bytes(), engine)?)?;
//! let lines: Vec<&str> = output.lines().collect();
//! assert_eq!(lines[..4], [
//!     "legal 1 2 4 5 6",
//!     "position 4,4,5,5,5,5/4,4,0,5,5,0 2 0 N",
//!     "tomove North",
//!     "outcome none",
//! ]);
//! assert!(lines[4].starts_with("info depth 1 score "));
//! assert!(lines.last().unwrap().starts_with("bestmove "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod clock;
mod game;

use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use thiserror::Error;

use crate::games::{AnyRuleset, Game as AnyGame, GameList, Member, Only, Rulesets, Visit};
use crate::search::{AgentSpec, NetworkFile};
pub use clock::Clock;
use game::{Answer, Call, Game, Go, Sessions};

/// The engine's name, as `hello` answers it unless the program names itself
/// ([`Engine::named`]).
pub const NAME: &str = "sowing";

/// The protocol's version, as `hello` answers it: raised when a command or an answer changes
/// in a way a driver could notice.
pub const PROTOCOL_VERSION: u32 = 2;

/// The most bytes of a piece of input an error message shows (an unknown command, option,
/// number or move): a longer one is cut there, at a character's boundary, and marked
/// `... (<n> bytes)`.
pub const ECHO_LIMIT: usize = 64;

/// The most bytes of an `error` answer's message: a longer one (input that another error
/// quotes whole, such as an unknown game's name in ruleset text) is cut there, at a
/// character's boundary, and marked `... (cut: <n> bytes)`.
pub const ERROR_LIMIT: usize = 1024;

/// `text` cut to at most `limit` bytes, at the last character's boundary before it.
fn cut(text: &str, limit: usize) -> &str {
    if text.len() <= limit {
        return text;
    }
    let mut end = limit;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// A piece of input as an error message shows it: whole up to [`ECHO_LIMIT`] bytes, else
/// cut and marked with its length.
fn shown(text: &str) -> Cow<'_, str> {
    if text.len() <= ECHO_LIMIT {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(format!(
            "{}... ({} bytes)",
            cut(text, ECHO_LIMIT),
            text.len()
        ))
    }
}

/// [`shown`] in quotes (as `{:?}` writes it), the mark after the closing quote.
fn quoted(text: &str) -> String {
    if text.len() <= ECHO_LIMIT {
        format!("{text:?}")
    } else {
        format!("{:?}... ({} bytes)", cut(text, ECHO_LIMIT), text.len())
    }
}

/// An error answer's message, cut to [`ERROR_LIMIT`] bytes.
fn bounded(message: &str) -> Cow<'_, str> {
    if message.len() <= ERROR_LIMIT {
        Cow::Borrowed(message)
    } else {
        Cow::Owned(format!(
            "{}... (cut: {} bytes)",
            cut(message, ERROR_LIMIT),
            message.len()
        ))
    }
}

/// An engine that cannot start.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The agent is not an alpha-beta agent (the protocol reports depths and principal
    /// variations, and stops searches).
    #[error("{0}")]
    NotAlphaBeta(String),
}

/// Where the answers go: shared by the protocol and the search thread, one whole line at a
/// time. The first write error is kept, and nothing more is written.
pub(crate) trait Say: Send + Sync {
    fn say(&self, line: fmt::Arguments<'_>);
    fn failed(&self) -> bool;
}

struct Output<W> {
    inner: Mutex<(W, Option<io::Error>)>,
}

impl<W: Write + Send> Say for Output<W> {
    fn say(&self, line: fmt::Arguments<'_>) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let (out, error) = &mut *inner;
        if error.is_none() {
            if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                *error = Some(e);
            }
        }
    }

    fn failed(&self) -> bool {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.1.is_some()
    }
}

/// The engine: the game, the position and the agent, answering on `W`, for the games of the
/// list `L` (the crate's, [`AnyRuleset`], by default).
///
/// [`command`](Engine::command) runs one command line; [`finish`](Engine::finish) lets a
/// running search answer and hands the output back.
pub struct Engine<W: Write + Send + 'static, L: GameList = AnyRuleset> {
    out: Arc<Output<W>>,
    spec: AgentSpec,
    /// The session of the game `rules` chose, in the list's enum.
    game: L::Each<Sessions>,
    /// The program, as `hello` names it.
    name: String,
}

/// Starts the session of a ruleset.
struct NewGame(AgentSpec, Arc<dyn Say>);

impl<L: GameList> Visit<L, Rulesets> for NewGame {
    type Output = Result<L::Each<Sessions>, String>;
    fn visit<R: Member<L>>(self, rules: R) -> Self::Output {
        Ok(R::wrap::<Sessions>(Game::new(rules, self.0, self.1)?))
    }
}

impl<W: Write + Send + 'static> Engine<W> {
    /// An engine for `rules`, one of the crate's games, and the alpha-beta agent `agent`,
    /// answering on `output`; `rules` may switch to any of the crate's games.
    ///
    /// # Errors
    /// [`EngineError::NotAlphaBeta`] when `agent` is another kind of agent.
    pub fn new(rules: AnyRuleset, agent: AgentSpec, output: W) -> Result<Engine<W>, EngineError> {
        Engine::with_games(rules, agent, output)
    }
}

impl<W: Write + Send + 'static, R: AnyGame> Engine<W, Only<R>> {
    /// An engine for one game, written inside the crate or outside it: `rules` may change its
    /// switches (any ruleset text of the game), and `hello` names the game alone.
    ///
    /// ```
    /// use sowing::engine::{Engine, serve};
    /// use sowing::tsoro::Tsoro;
    ///
    /// let engine = Engine::for_game(Tsoro::default(), "alphabeta:depth=1".parse()?, Vec::new())?;
    /// let output = String::from_utf8(serve("hello\nrules kalah\n".as_bytes(), engine)?)?;
    /// assert!(output.contains("games tsoro\n"));
    /// assert!(output.ends_with("error rules: unknown game \"kalah\" (known: tsoro)\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`EngineError::NotAlphaBeta`] when `agent` is another kind of agent.
    pub fn for_game(
        rules: R,
        agent: AgentSpec,
        output: W,
    ) -> Result<Engine<W, Only<R>>, EngineError> {
        Engine::with_games(Only(rules), agent, output)
    }
}

impl<W: Write + Send + 'static, L: GameList> Engine<W, L> {
    /// An engine for a game of the list `L` (a list of your own made with
    /// [`ruleset_list!`](crate::ruleset_list), or [`AnyRuleset`]): `rules` may switch to any
    /// of its games, and `hello` names them.
    ///
    /// # Errors
    /// [`EngineError::NotAlphaBeta`] when `agent` is another kind of agent.
    pub fn with_games(rules: L, agent: AgentSpec, output: W) -> Result<Engine<W, L>, EngineError> {
        let out = Arc::new(Output {
            inner: Mutex::new((output, None)),
        });
        let say: Arc<dyn Say> = out.clone();
        let game = L::each(rules.into_rulesets(), NewGame(agent, say))
            .map_err(EngineError::NotAlphaBeta)?;
        Ok(Engine {
            out,
            spec: agent,
            game,
            name: NAME.to_string(),
        })
    }

    /// The engine under the name of the program that runs it, as `hello` answers it
    /// ([`NAME`], `sowing`, by default). The `engine` tool ([`tools`](crate::tools)) names
    /// the program it runs in.
    ///
    /// ```
    /// use sowing::engine::{Engine, serve};
    /// use sowing::kalah::Kalah;
    ///
    /// let engine = Engine::for_game(Kalah::default(), "alphabeta:depth=1".parse()?, Vec::new())?
    ///     .named("mangala-server");
    /// let output = String::from_utf8(serve("hello\n".as_bytes(), engine)?)?;
    /// assert!(output.starts_with("name mangala-server\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn named(mut self, name: &str) -> Engine<W, L> {
        // One word on one line: the answer is a line of the protocol.
        let name: String = name.split_whitespace().collect::<Vec<_>>().join("-");
        self.name = if name.is_empty() {
            NAME.to_string()
        } else {
            name
        };
        self
    }

    /// Runs `call` on the session of the game chosen.
    fn call(&mut self, call: Call<'_>) -> Answer {
        L::each_mut(&mut self.game, call)
    }

    /// Runs `call`, which answers done or an error.
    fn act(&mut self, call: Call<'_>) -> Result<(), String> {
        match self.call(call) {
            Answer::Done(done) => done,
            Answer::Line(_) | Answer::Lines(_) => Ok(()),
        }
    }

    fn say(&self, line: fmt::Arguments<'_>) {
        self.out.say(line);
    }

    /// Runs one command line and writes its answers; `Break` after `quit` (the engine then
    /// answers nothing more but the stopped search's `bestmove`).
    pub fn command(&mut self, line: &str) -> ControlFlow<()> {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let answer = match command {
            "" => Ok(()),
            "quit" => {
                self.call(Call::Stop);
                return ControlFlow::Break(());
            }
            "hello" => {
                self.hello();
                Ok(())
            }
            "isready" => {
                self.say(format_args!("readyok"));
                Ok(())
            }
            "stop" => self.act(Call::Stop),
            "legal" | "show" => {
                match self.call(if command == "legal" {
                    Call::Legal
                } else {
                    Call::Show
                }) {
                    Answer::Line(line) => self.say(format_args!("{line}")),
                    Answer::Lines(lines) => {
                        for l in lines {
                            self.say(format_args!("{l}"));
                        }
                    }
                    Answer::Done(_) => {}
                }
                Ok(())
            }
            "position" => self.act(Call::Position(rest)),
            "play" => self.act(Call::Play(rest)),
            // These wait for a running search first, so that their answers come in order.
            "go" | "newgame" | "setoption" | "rules" => {
                self.act(Call::Settle(command))
                    .and_then(|()| match command {
                        "go" => Go::parse(rest).and_then(|go| self.act(Call::Go(go))),
                        "newgame" => self.act(Call::NewGame),
                        "setoption" => self.setoption(rest),
                        _ => self.rules(rest),
                    })
            }
            other => Err(format!("unknown command {}", quoted(other))),
        };
        if let Err(e) = answer {
            self.say(format_args!("error {}", bounded(&e)));
        }
        ControlFlow::Continue(())
    }

    /// [`command`](Engine::command) for a line as read, which may not be UTF-8 (it then
    /// answers `error` and changes nothing).
    pub fn command_bytes(&mut self, line: &[u8]) -> ControlFlow<()> {
        match std::str::from_utf8(line) {
            Ok(text) => self.command(text),
            Err(e) => {
                // Bytes count from 0, as in the position text's errors.
                self.say(format_args!(
                    "error the line is not UTF-8 (byte {} of it)",
                    e.valid_up_to()
                ));
                ControlFlow::Continue(())
            }
        }
    }

    fn hello(&self) {
        self.say(format_args!("name {}", self.name));
        self.say(format_args!("version {}", env!("CARGO_PKG_VERSION")));
        self.say(format_args!("protocol {PROTOCOL_VERSION}"));
        self.say(format_args!("games {}", L::GAMES.join(" ")));
        self.say(format_args!("option agent {}", self.spec));
        self.say(format_args!("ok"));
    }

    fn setoption(&mut self, args: &str) -> Result<(), String> {
        let (name, value) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
        match name {
            "agent" => {
                let value = value.trim();
                let spec: AgentSpec = value
                    .parse()
                    .map_err(|e| format!("setoption agent {}: {e}", quoted(value)))?;
                self.act(Call::SetAgent(spec))?;
                self.spec = spec;
                Ok(())
            }
            "multipv" => {
                let mut words = value.split_whitespace();
                let lines = game::lines(words.next(), "setoption multipv")?;
                if words.next().is_some() {
                    return Err("setoption multipv takes one number".into());
                }
                self.act(Call::SetMultipv(lines))?;
                self.spec = self.spec.with_multipv(lines);
                Ok(())
            }
            "network" => {
                let value = value.trim();
                let file = match value {
                    "" => None,
                    path => Some(NetworkFile::new(path).ok_or_else(|| {
                        format!(
                            "setoption network {}: expected {}",
                            quoted(path),
                            NetworkFile::EXPECTED
                        )
                    })?),
                };
                let spec = self.spec.with_network(file);
                self.act(Call::SetAgent(spec))?;
                self.spec = spec;
                Ok(())
            }
            "table" => {
                let value = value.trim();
                let spec = self
                    .spec
                    .with_table_text(value)
                    .map_err(|e| format!("setoption table {}: {e}", quoted(value)))?;
                self.act(Call::SetAgent(spec))?;
                self.spec = spec;
                Ok(())
            }
            "" => Err("setoption needs an option (agent, multipv, network, table)".into()),
            other => Err(format!(
                "setoption: unknown option {} (known: agent, multipv, network, table)",
                quoted(other)
            )),
        }
    }

    fn rules(&mut self, text: &str) -> Result<(), String> {
        let rules: L = text.parse().map_err(|e| format!("rules: {e}"))?;
        let say: Arc<dyn Say> = self.out.clone();
        self.game = L::each(rules.into_rulesets(), NewGame(self.spec, say))?;
        Ok(())
    }

    /// Whether writing an answer has failed (the reader has gone away): nothing more will be
    /// written.
    pub fn output_failed(&self) -> bool {
        self.out.failed()
    }

    /// Ends the session as at the end of the input: a search with limits runs to its end and
    /// answers, `go infinite` is stopped. Returns the output.
    ///
    /// # Errors
    /// The first error writing an answer.
    pub fn finish(mut self) -> io::Result<W> {
        if self.out.failed() {
            self.call(Call::Stop);
        } else {
            self.call(Call::Finish);
        }
        // The search thread has ended, and with it its share of the output.
        drop(self.game);
        let out = Arc::try_unwrap(self.out)
            .map_err(|_| io::Error::other("the engine's output is still in use"))?;
        let (writer, error) = out.inner.into_inner().unwrap_or_else(|e| e.into_inner());
        match error {
            Some(e) => Err(e),
            None => Ok(writer),
        }
    }
}

/// Runs `engine` on the command lines of `input` until `quit` or the end of the input, then
/// [`finish`](Engine::finish)es it. A line that is not UTF-8 answers `error` and the engine
/// goes on; reading stops when writing an answer fails.
///
/// # Errors
/// An error reading `input`, or the first error writing an answer.
pub fn serve<R: BufRead, W: Write + Send + 'static, L: GameList>(
    mut input: R,
    mut engine: Engine<W, L>,
) -> io::Result<W> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if engine.command_bytes(&line).is_break() || engine.output_failed() {
            break;
        }
    }
    engine.finish()
}

/// Runs the engine protocol for one game on `input` and `output` with the default alpha-beta
/// agent (`alphabeta`, see [`AgentSpec`]): a program's whole engine, for a game of the crate
/// or one written outside it. See [`Engine::for_game`] and [`serve`].
///
/// ```
/// use sowing::engine;
/// use sowing::kalah::Kalah;
///
/// let out = engine::run(Kalah::default(), "legal\nquit\n".as_bytes(), Vec::new())?;
/// assert_eq!(String::from_utf8(out)?, "legal 1 2 3 4 5 6\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// An error reading `input`, or the first error writing an answer.
pub fn run<R: AnyGame, I: BufRead, W: Write + Send + 'static>(
    rules: R,
    input: I,
    output: W,
) -> io::Result<W> {
    let agent: AgentSpec = "alphabeta".parse().map_err(io::Error::other)?;
    let engine = Engine::for_game(rules, agent, output).map_err(io::Error::other)?;
    serve(input, engine)
}

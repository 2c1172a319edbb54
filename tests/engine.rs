//! The engine protocol (`examples/engine.rs`), driven through a pipe as a GUI would: whole
//! games of each game, bad input, `stop`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;

use sowing::kalah::Kalah;
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, Ruleset};

/// The engine example's binary. `cargo test` builds the examples along with the tests; when
/// it has not (`cargo test --test engine`), or the binary is older than this test, it is
/// built here.
fn engine_path() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let exe = std::env::current_exe().unwrap();
            let dir = exe.parent().unwrap().parent().unwrap().join("examples");
            let path = dir.join(format!("engine{}", std::env::consts::EXE_SUFFIX));
            let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
            if modified(&path) < modified(&exe) {
                let status = Command::new(env!("CARGO"))
                    .args(["build", "--example", "engine"])
                    .status()
                    .unwrap();
                assert!(status.success());
            }
            path
        })
        .clone()
}

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(engine_path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        assert!(
            self.output.read_line(&mut line).unwrap() > 0,
            "engine closed"
        );
        line.trim_end().to_string()
    }

    /// Lines up to and including the one starting with `last`.
    fn read_until(&mut self, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let l = self.read();
            let done = l.starts_with(last);
            lines.push(l);
            if done {
                return lines;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

/// Plays a whole game of `rules` through the engine at depth 2, checking every answer.
fn whole_game<R: Ruleset>(rules_text: &str) {
    let rules: R = rules_text.parse().unwrap();
    let mut engine = Engine::start(&[]);
    engine.send(&format!("rules {rules_text}"));
    engine.send("newgame");
    let mut game = GameRecord::new(rules.clone());
    let mut texts: Vec<String> = Vec::new();
    while !rules.is_over(game.current()) {
        assert!(game.ply() < 2000, "{rules_text}: game too long");
        let moves = if texts.is_empty() {
            String::new()
        } else {
            format!(" moves {}", texts.join(" "))
        };
        engine.send(&format!("position start{moves}"));
        engine.send("go depth 2");
        let lines = engine.read_until("bestmove");
        let (best, infos) = lines.split_last().unwrap();
        // One info line per depth, each with the fields in order (a forced result found at
        // depth 1 ends the search there).
        assert!((1..=2).contains(&infos.len()), "{rules_text}: {lines:?}");
        for (d, info) in infos.iter().enumerate() {
            let words: Vec<&str> = info.split_whitespace().collect();
            assert_eq!(words[..3], ["info", "depth", &(d + 1).to_string()]);
            assert_eq!(words[3], "score");
            assert!(words[4].parse::<i32>().is_ok(), "{info}");
            assert_eq!((words[5], words[7], words[9]), ("nodes", "nps", "pv"));
            assert!(words[6].parse::<u64>().unwrap() > 0);
        }
        let text = best.strip_prefix("bestmove ").unwrap();
        let mv = rules
            .parse_move(game.current(), text)
            .unwrap_or_else(|e| panic!("{rules_text}: bestmove {text}: {e}"));
        game.play(mv).unwrap();
        texts.push(text.to_string());
    }
    assert!(game.outcome().is_some());
    // The finished game: no move.
    engine.send(&format!("position start moves {}", texts.join(" ")));
    engine.send("go depth 2");
    assert_eq!(
        engine.read_until("bestmove").last().unwrap(),
        "bestmove none"
    );
    engine.quit();
}

#[test]
fn whole_kalah_game() {
    whole_game::<Kalah>("kalah");
}

#[test]
fn whole_toguz_game() {
    whole_game::<Toguz>("toguz");
}

#[test]
fn whole_tsoro_game() {
    whole_game::<Tsoro>("tsoro");
}

#[test]
fn bad_input_answers_error_and_the_engine_goes_on() {
    let mut e = Engine::start(&["--rules", "kalah"]);
    for (command, expected) in [
        ("dance", "error unknown command \"dance\""),
        ("rules chess", "error rules: unknown game \"chess\""),
        ("go depth", "error depth needs a value"),
        ("go depth x", "error depth \"x\": expected a whole number"),
        ("go speed 3", "error go: unknown option \"speed\""),
        (
            "position",
            "error position needs `start` or a position text",
        ),
        ("position 4,4/4 0 0 S", "error position: "),
        ("position start moves 9", "error move 9: "),
    ] {
        e.send(command);
        let answer = e.read();
        assert!(answer.starts_with(expected), "{command}: {answer}");
    }
    // A bad move list leaves the position as it was: the start.
    e.send("go depth 1");
    let lines = e.read_until("bestmove");
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("info depth 1 score "), "{lines:?}");
    let rules = Kalah::default();
    let best = lines[1].strip_prefix("bestmove ").unwrap();
    assert!(rules.parse_move(&rules.start(), best).is_ok(), "{best}");
    e.send("isready");
    assert_eq!(e.read(), "readyok");
    e.quit();
}

#[test]
fn position_text_and_moves() {
    let mut e = Engine::start(&["--rules", "kalah"]);
    // South's last seed of pit 5 lands in the empty pit 6 and takes North's 9: the capture
    // is better than pit 1 (its seed lands in pit 2, across from an empty pit).
    e.send("position 0,0,0,0,0,9/1,0,0,0,1,0 20 17 S");
    e.send("go depth 3");
    let lines = e.read_until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove 5", "{lines:?}");
    e.send("position start moves 3 1");
    e.send("go depth 1");
    assert!(
        e.read_until("bestmove")
            .last()
            .unwrap()
            .starts_with("bestmove ")
    );
    e.quit();
}

#[test]
fn stop_ends_a_long_search() {
    let mut e = Engine::start(&["--rules", "toguz"]);
    e.send("go time 600000");
    e.send("stop");
    let lines = e.read_until("bestmove");
    let best = lines.last().unwrap();
    let rules = Toguz::default();
    let mv = best.strip_prefix("bestmove ").unwrap();
    assert!(rules.parse_move(&rules.start(), mv).is_ok(), "{best}");
    e.quit();
}

#[test]
fn bad_arguments_exit_2() {
    let out = Command::new(engine_path())
        .args(["--agent", "mcts"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("engine: --agent"));
}

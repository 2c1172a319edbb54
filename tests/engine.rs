//! The engine protocol ([`sowing::engine`]) driven as a GUI or a Python program would: whole
//! games of each game, every command, bad input, `stop`, `go infinite`, the end of the input,
//! and the README's sample session. The engine runs in memory here; `tests/examples.rs`
//! drives the `engine` example through a real pipe.

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use sowing::engine::{Engine, serve};
use sowing::kalah::Kalah;
use sowing::search::WIN;
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, Ruleset, SplitMix64};

/// Sends each whole line written to it.
struct Lines {
    partial: Vec<u8>,
    to: Sender<String>,
}

impl Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8(std::mem::take(&mut self.partial)).unwrap();
                // The test may have stopped listening; the engine goes on regardless.
                let _ = self.to.send(line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An engine in this process, its answers read line by line as they come.
struct Live {
    engine: Engine<Lines>,
    answers: Receiver<String>,
}

impl Live {
    fn start(rules: &str, agent: &str) -> Live {
        let (to, answers) = channel();
        let lines = Lines {
            partial: Vec::new(),
            to,
        };
        let engine = Engine::new(rules.parse().unwrap(), agent.parse().unwrap(), lines).unwrap();
        Live { engine, answers }
    }

    fn send(&mut self, line: &str) {
        assert_eq!(
            self.engine.command(line),
            ControlFlow::Continue(()),
            "{line}"
        );
    }

    /// The next answer. The wait is long (a slow machine is no failure) but bounded, so that
    /// a missing answer fails the test instead of hanging it.
    fn read(&mut self) -> String {
        self.answers
            .recv_timeout(Duration::from_secs(300))
            .expect("the engine answered nothing")
    }

    /// Answers up to and including the one starting with `last`.
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

    /// Sends `line` and returns its one answer.
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.read()
    }

    fn quit(mut self) {
        assert_eq!(self.engine.command("quit"), ControlFlow::Break(()));
        self.engine.finish().unwrap();
        assert_eq!(self.answers.try_recv().ok(), None, "nothing after quit");
    }
}

/// Everything the engine answers to `input`, to its end.
fn session(args: (&str, &str), input: &[u8]) -> Vec<String> {
    let engine = Engine::new(args.0.parse().unwrap(), args.1.parse().unwrap(), Vec::new()).unwrap();
    let out = serve(input, engine).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Checks the `info` lines of a search to `depth` and returns the `bestmove` line.
fn check_search(lines: &[String], depth: usize) -> &str {
    let (best, infos) = lines.split_last().unwrap();
    assert_eq!(infos.len(), depth, "{lines:?}");
    for (d, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(words[..3], ["info", "depth", &(d + 1).to_string()]);
        assert_eq!(words[3], "score");
        assert!(words[4].parse::<i32>().is_ok(), "{info}");
        assert_eq!((words[5], words[7], words[9]), ("nodes", "nps", "pv"));
        assert!(words[6].parse::<u64>().unwrap() > 0);
    }
    best.strip_prefix("bestmove ").unwrap()
}

/// Plays a whole game of `rules` through the engine at depth 2, checking every answer against
/// the rules: `legal`, `show`, `go`, `play`.
fn whole_game<R: Ruleset>(rules_text: &str) {
    let rules: R = rules_text.parse().unwrap();
    let mut engine = Live::start("toguz", "alphabeta");
    engine.send(&format!("rules {rules_text}"));
    engine.send("newgame");
    let mut game = GameRecord::new(rules.clone());
    while !rules.is_over(game.current()) {
        assert!(game.ply() < 2000, "{rules_text}: game too long");
        let s = game.current();
        let legal: Vec<String> = rules
            .legal_moves(s)
            .into_iter()
            .map(|mv| rules.format_move(s, mv))
            .collect();
        assert_eq!(engine.ask("legal"), format!("legal {}", legal.join(" ")));
        engine.send("go depth 2");
        let lines = engine.read_until("bestmove");
        // A forced result found at depth 1 ends the search there.
        let depth = lines.len() - 1;
        assert!((1..=2).contains(&depth), "{rules_text}: {lines:?}");
        let text = check_search(&lines, depth).to_string();
        assert!(legal.contains(&text), "{rules_text}: bestmove {text}");
        game.play_text(&text).unwrap();
        engine.send(&format!("play {text}"));
        engine.send("show");
        assert_eq!(engine.read(), format!("position {}", game.current()));
        assert_eq!(engine.read(), format!("tomove {}", game.to_move()));
        let outcome = engine.read();
        match game.outcome() {
            None => assert_eq!(outcome, "outcome none"),
            Some(o) => assert!(outcome.starts_with(&format!("outcome {}", o.result_text()))),
        }
    }
    // The finished game: no move, no search.
    assert_eq!(engine.ask("legal"), "legal");
    assert_eq!(engine.ask("go depth 2"), "bestmove none");
    engine.quit();
}

#[test]
fn whole_kalah_game() {
    whole_game::<Kalah>("kalah:pie");
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
fn hello_names_the_engine_the_protocol_the_games_and_the_options() {
    let lines = session(
        ("kalah", "alphabeta"),
        b"hello\nsetoption agent alphabeta:depth=3,table=16\nhello\nsetoption table auto\nhello\n\
          setoption table 22\nhello\nsetoption table 0\nsetoption table\nsetoption table 2x\nhello\n\
          setoption table 20\nhello\n",
    );
    let version = env!("CARGO_PKG_VERSION");
    let hello = |agent: &str| {
        [
            "name sowing".to_string(),
            format!("version {version}"),
            "protocol 2".into(),
            "games kalah toguz tsoro oware mancala".into(),
            format!("option agent {agent}"),
            "ok".into(),
        ]
    };
    assert_eq!(lines[..6], hello("alphabeta"));
    assert_eq!(lines[6..12], hello("alphabeta:depth=3,table=16"));
    // `setoption table` changes the table's size only: 20 is the default.
    assert_eq!(lines[12..18], hello("alphabeta:depth=3,table=auto"));
    assert_eq!(lines[18..24], hello("alphabeta:depth=3,table=22"));
    for bad in &lines[24..27] {
        assert!(bad.starts_with("error setoption table "), "{bad}");
    }
    assert_eq!(lines[27..33], hello("alphabeta:depth=3,table=22"));
    assert_eq!(lines[33..], hello("alphabeta:depth=3"));
}

#[test]
fn legal_and_show_answer_in_the_games_notation() {
    // Toguz Kumalak's start: each hole's 9 balls end in the opponent's hole one lower (hole
    // 1's stay at home, in hole 9).
    let lines = session(("toguz", "alphabeta"), b"legal\nshow\n");
    assert_eq!(
        lines,
        [
            "legal 19 21 32 43 54 65 76 87 98",
            "position 9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
            "tomove South",
            "outcome none",
        ]
    );
    // Kalah: South's 3 ends in the store (an extra turn), his 6 sows the store and North's
    // 1 to 4; a finished game shows its result.
    let lines = session(
        ("kalah", "alphabeta"),
        b"position start moves 3\nlegal\nplay 6\nshow\nlegal\n\
          position 0,0,0,0,0,0/0,0,0,0,0,0 30 18 N\nshow\nlegal\n\
          position 0,0,0,0,0,0/0,0,0,0,0,0 24 24 N\nshow\n",
    );
    assert_eq!(
        lines,
        [
            "legal 1 2 4 5 6",
            "position 4,4,5,5,5,5/4,4,0,5,5,0 2 0 N",
            "tomove North",
            "outcome none",
            "legal 1 2 3 4 5 6",
            "position 0,0,0,0,0,0/0,0,0,0,0,0 30 18 N",
            "tomove North",
            "outcome 1-0 score 30-18",
            "legal",
            "position 0,0,0,0,0,0/0,0,0,0,0,0 24 24 N",
            "tomove North",
            "outcome 1/2-1/2 score 24-24",
        ]
    );
}

/// Tsoro writes a bonus take in two words: `legal` lists it so, and `play` reads it back.
#[test]
fn tsoro_takes_are_listed_and_played_in_two_words() {
    let rules = Tsoro::default();
    let mut rng = SplitMix64::new(5);
    let mut found = None;
    for _ in 0..200 {
        let mut s = rules.start();
        while let Some(mv) = rules.random_move(&s, &mut rng) {
            if rules
                .legal_moves(&s)
                .iter()
                .any(|&m| rules.format_move(&s, m).contains(' '))
            {
                found = Some(s);
                break;
            }
            rules.play_unchecked(&mut s, mv);
        }
        if found.is_some() {
            break;
        }
    }
    let s = found.expect("a position with a bonus take");
    let texts: Vec<String> = rules
        .legal_moves(&s)
        .into_iter()
        .map(|mv| rules.format_move(&s, mv))
        .collect();
    let take = texts.iter().find(|t| t.starts_with("take ")).unwrap();
    let mut after = s;
    rules.play_unchecked(&mut after, rules.parse_move(&s, take).unwrap());
    let input = format!("position {s}\nlegal\nplay {take}\nshow\n");
    let lines = session(("tsoro", "alphabeta"), input.as_bytes());
    assert_eq!(lines[0], format!("legal {}", texts.join(" ")));
    assert_eq!(lines[1], format!("position {after}"));
}

#[test]
fn bad_input_answers_error_and_changes_nothing() {
    let mut input: Vec<u8> = Vec::new();
    let expected = [
        ("dance", "error unknown command \"dance\""),
        ("rules chess", "error rules: unknown game \"chess\""),
        ("go depth", "error depth needs a value"),
        ("go depth x", "error depth \"x\": expected a whole number"),
        ("go speed 3", "error go: unknown option \"speed\""),
        ("go infinite depth 3", "error go: infinite takes no limit"),
        (
            "position",
            "error position needs `start` or a position text",
        ),
        ("position 4,4/4 0 0 S", "error position: "),
        ("position start moves 9", "error move 9: "),
        ("play", "error play needs a move"),
        // The 3 is good, the 9 is not: neither is played.
        ("play 3 9", "error move 9: "),
        (
            "setoption",
            "error setoption needs an option (agent, multipv, network, table)",
        ),
        (
            "setoption speed 3",
            "error setoption: unknown option \"speed\" (known: agent, multipv, network, table)",
        ),
        (
            "setoption agent alphabeta:depht=3",
            "error setoption agent \"alphabeta:depht=3\": ",
        ),
        (
            "setoption table 31",
            "error setoption table \"31\": alphabeta: bad value \"31\" for table: expected auto, or a power of two 1..=30",
        ),
        (
            "setoption agent mcts",
            "error setoption agent: mcts:playouts=10000,seed=0 is not an alphabeta agent",
        ),
    ];
    for (command, _) in expected {
        input.extend_from_slice(command.as_bytes());
        input.push(b'\n');
    }
    input.extend_from_slice(b"kal\xffah\nshow\nhello\n");
    let lines = session(("kalah", "alphabeta"), &input);
    for (i, (command, answer)) in expected.iter().enumerate() {
        assert!(lines[i].starts_with(answer), "{command}: {}", lines[i]);
    }
    let rest = &lines[expected.len()..];
    // Bytes count from 0, as the position text's errors count them: `kal` is bytes 0 to 2.
    assert_eq!(rest[0], "error the line is not UTF-8 (byte 3 of it)");
    // Still the start, and still the first agent.
    assert_eq!(rest[1], "position 4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
    assert_eq!(rest[8], "option agent alphabeta");
}

#[test]
fn an_endgame_the_rules_rule_out_is_refused() {
    // Kalah's databases hold no pie-rule swap: under it, `endgame=N` is an error, not a
    // search that quietly goes without.
    let lines = session(
        ("kalah:pie", "alphabeta:depth=2"),
        b"setoption agent alphabeta:depth=2,endgame=8\nhello\n",
    );
    assert_eq!(
        lines[0],
        "error setoption agent: alphabeta: option endgame=8 is not available under kalah:pie: \
         it has no exact endgame values"
    );
    assert!(
        lines.contains(&"option agent alphabeta:depth=2".to_string()),
        "{lines:?}"
    );
}

#[test]
fn position_text_and_moves() {
    // South's last seed of pit 5 lands in the empty pit 6 and takes North's 9: the capture
    // is better than pit 1 (its seed lands in pit 2, across from an empty pit).
    let lines = session(
        ("kalah", "alphabeta"),
        b"position 0,0,0,0,0,9/1,0,0,0,1,0 20 17 S\ngo depth 3\n",
    );
    assert_eq!(lines.last().unwrap(), "bestmove 5", "{lines:?}");
}

#[test]
fn setoption_agent_changes_the_agent_and_its_limits() {
    let lines = session(
        ("kalah", "alphabeta"),
        b"setoption agent alphabeta:depth=1\ngo\nsetoption agent alphabeta-classic:depth=3\ngo\n",
    );
    let second = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap()
        + 1;
    check_search(&lines[..second], 1);
    check_search(&lines[second..], 3);
}

/// `go` without limits searches to the agent's own depth (`alphabeta`: 8).
#[test]
fn go_without_limits_uses_the_agents_depth() {
    let lines = session(("kalah", "alphabeta"), b"go\n");
    check_search(&lines, 8);
}

/// The end of the input does not stop a running search (`printf 'go depth 7\n' | engine`):
/// the search runs to its depth and answers.
#[test]
fn the_end_of_the_input_lets_the_search_answer() {
    let lines = session(("toguz", "alphabeta"), b"go depth 7\n");
    let best = check_search(&lines, 7);
    let rules = Toguz::default();
    assert!(rules.parse_move(&rules.start(), best).is_ok(), "{best}");
}

#[test]
fn stop_ends_a_long_search() {
    let mut e = Live::start("toguz", "alphabeta");
    e.send("go time 600000");
    e.send("stop");
    let lines = e.read_until("bestmove");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let rules = Toguz::default();
    assert!(rules.parse_move(&rules.start(), best).is_ok(), "{best}");
    // Stopped: the next search goes on as usual.
    e.send("go depth 1");
    check_search(&e.read_until("bestmove"), 1);
    e.quit();
}

/// `isready`, `legal` and `show` are answered while a search runs; `go` during `go infinite`
/// is refused until `stop`, whose `bestmove` follows.
#[test]
fn the_protocol_answers_during_a_search_without_end() {
    let mut e = Live::start("toguz", "alphabeta");
    e.send("go infinite");
    e.send("isready");
    // The info lines come as the search deepens; `readyok` comes among them, and no bestmove
    // before `stop`.
    let before = e.read_until("readyok");
    assert!(
        before[..before.len() - 1]
            .iter()
            .all(|l| l.starts_with("info depth ")),
        "{before:?}"
    );
    e.send("legal");
    e.send("go depth 3");
    e.send("newgame");
    e.send("stop");
    let lines = e.read_until("bestmove");
    let answers: Vec<&String> = lines.iter().filter(|l| !l.starts_with("info")).collect();
    assert_eq!(
        answers[..3],
        [
            "legal 19 21 32 43 54 65 76 87 98",
            "error go: a search with no limit is running; send stop first",
            "error newgame: a search with no limit is running; send stop first",
        ]
    );
    assert!(answers[3].starts_with("bestmove "), "{lines:?}");
    e.quit();
}

/// A search without end that finishes early (a forced result) still answers only at `stop`.
#[test]
fn go_infinite_answers_only_after_stop() {
    let mut e = Live::start("kalah", "alphabeta");
    // South's one move, pit 6, ends the game: he wins 26-22, found at depth 1.
    e.send("position 0,0,0,0,0,1/0,0,0,0,0,1 25 21 S");
    e.send("go infinite");
    let info = e.read();
    assert!(info.starts_with("info depth 1 score "), "{info}");
    let score: i32 = info.split_whitespace().nth(4).unwrap().parse().unwrap();
    assert!(score >= WIN, "{info}");
    // The search has ended, and waits for `stop` to answer.
    assert_eq!(e.ask("isready"), "readyok");
    assert_eq!(
        e.ask("show").as_str(),
        "position 0,0,0,0,0,1/0,0,0,0,0,1 25 21 S"
    );
    assert_eq!(e.read(), "tomove South");
    assert_eq!(e.read(), "outcome none");
    e.send("stop");
    assert_eq!(e.read(), "bestmove 6");
    e.quit();
}

#[test]
fn quit_stops_the_search_and_ends() {
    let lines = session(("toguz", "alphabeta"), b"go infinite\nquit\nisready\n");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert!(!lines.iter().any(|l| l == "readyok"));
}

#[test]
fn newgame_and_rules_go_back_to_the_start() {
    let lines = session(
        ("kalah", "alphabeta"),
        b"play 1\nnewgame\nshow\nrules tsoro:holes=6\nshow\n",
    );
    assert_eq!(lines[0], "position 4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
    let tsoro: Tsoro = "tsoro:holes=6".parse().unwrap();
    assert_eq!(lines[3], format!("position {}", tsoro.start()));
}

/// The README's sample session is what the engine answers, line for line (the `nps` figures
/// aside: they are the machine's speed).
#[test]
fn the_readme_session_is_what_the_engine_prints() {
    let readme = include_str!("../README.md");
    let section = readme
        .split("<!-- engine protocol: begin -->")
        .nth(1)
        .and_then(|s| s.split("<!-- engine protocol: end -->").next())
        .expect("the README's engine section");
    let sample = section
        .split("```text\n> ")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("the sample session");
    let sample = format!("> {sample}");
    let mut input = String::new();
    let mut expected = Vec::new();
    for line in sample.lines() {
        if let Some(command) = line.strip_prefix("> ") {
            input.push_str(command);
            input.push('\n');
        } else if let Some(answer) = line.strip_prefix("< ") {
            expected.push(answer.to_string());
        } else {
            panic!("a sample line that is neither `> ` nor `< `: {line:?}");
        }
    }
    let mask = |l: &String| match l.split_once(" nps ") {
        Some((head, tail)) => {
            let pv = tail.split_once(' ').map_or("", |(_, pv)| pv);
            format!("{head} nps N {pv}")
        }
        None => l.clone(),
    };
    let lines = session(("toguz", "alphabeta"), input.as_bytes());
    assert_eq!(
        lines.iter().map(mask).collect::<Vec<_>>(),
        expected.iter().map(mask).collect::<Vec<_>>()
    );
}

/// `stop` at once after `go infinite` (or a long `go time`) answers a searched line and its
/// move in every game. Kalah's search once met the stop inside depth 1 (at an extra turn,
/// where the other games' depth 1 looks at no flag) and answered `info depth 1 score 0 nodes
/// 5 pv` with no move, then `bestmove 1`, the first legal move.
#[test]
fn a_search_stopped_at_once_answers_a_searched_line() {
    for (game, agent) in [
        ("kalah", "alphabeta"),
        ("kalah", "alphabeta-classic"),
        ("kalah", "alphabeta:multipv=2"),
        ("toguz", "alphabeta"),
        ("oware", "alphabeta"),
        ("tsoro", "alphabeta"),
    ] {
        for go in [
            "go infinite",
            "go time 600000",
            "go wtime 600000 btime 600000",
        ] {
            for _ in 0..4 {
                let input = format!("rules {game}\nlegal\n{go}\nstop\n");
                let lines = session(("kalah", agent), input.as_bytes());
                let (legal, lines) = lines.split_first().unwrap();
                let legal: Vec<&str> = legal.split_whitespace().skip(1).collect();
                let (best, infos) = lines.split_last().unwrap();
                let best = best.strip_prefix("bestmove ").unwrap();
                let first = infos
                    .first()
                    .unwrap_or_else(|| panic!("{game} {agent} {go}: {lines:?}"));
                assert!(first.starts_with("info depth 1 "), "{first}");
                let pv = first.split_once(" pv ").map_or("", |(_, pv)| pv).trim();
                assert!(!pv.is_empty(), "{game} {agent} {go}: {lines:?}");
                // The move answered is the last completed depth's best or, when the stop
                // came inside a deeper depth, a move that finished there with a better
                // value (the search's rule, which a machine under load meets): a legal
                // move of the position either way, never `none`.
                assert!(legal.contains(&best), "{game} {agent} {go}: {lines:?}");
            }
        }
    }
}

/// Kalah's `go infinite` and `stop` from the start, as the issue ran it: a real line.
#[test]
fn kalah_go_infinite_then_stop_answers_a_real_line() {
    let lines = session(("kalah", "alphabeta"), b"go infinite\nstop\n");
    let words: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(words[..3], ["info", "depth", "1"], "{lines:?}");
    // Depth 1 searched every move: more nodes than the 5 of the stopped search, a move in
    // the line, and the best move at depth 1 is 3 (it ends in the store: an extra turn).
    assert!(words[6].parse::<u64>().unwrap() > 5, "{lines:?}");
    assert_ne!(words.last(), Some(&"pv"), "{lines:?}");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(
        lines[lines.len() - 2].contains(&format!(" pv {best}")),
        "{lines:?}"
    );
}

#[test]
fn a_go_option_given_twice_is_refused() {
    let lines = session(
        ("kalah", "alphabeta"),
        b"go depth 2 depth 3\ngo time 100 time 5000\ngo time 100 movetime 200\n\
          go movetime 100 movetime 200\ngo infinite infinite\ngo nodes 5 nodes 6\n\
          go multipv 2 multipv 3\ngo wtime 100 btime 100 wtime 200\n\
          go wtime 100 btime 100 winc 5 binc 5 binc 6\ngo wtime 1 btime 1 movestogo 3 movestogo 4\n\
          go depth 1\n",
    );
    assert_eq!(
        lines[..10],
        [
            "error go: depth is set twice",
            "error go: time is set twice",
            "error go: time is set twice (movetime is time)",
            "error go: time is set twice (movetime is time)",
            "error go: infinite is set twice",
            "error go: nodes is set twice",
            "error go: multipv is set twice",
            "error go: wtime is set twice",
            "error go: binc is set twice",
            "error go: movestogo is set twice",
        ]
    );
    // Nothing was searched; the engine goes on.
    check_search(&lines[10..], 1);
}

#[test]
fn a_clock_go_needs_the_movers_clock() {
    let lines = session(
        ("kalah", "alphabeta"),
        b"go btime 1000\ngo winc 100\ngo movestogo 5\ngo movestogo 0 wtime 5\n\
          go infinite wtime 1000\ngo wtime x\nplay 1\ngo wtime 1000\n",
    );
    assert_eq!(
        lines,
        [
            "error go: South is to move and his clock (wtime) is not given",
            "error go: winc, binc and movestogo need the clocks (wtime, btime)",
            "error go: winc, binc and movestogo need the clocks (wtime, btime)",
            "error movestogo 0: expected 1 or more moves",
            "error go: infinite takes no limit",
            "error wtime \"x\": expected a whole number",
            "error go: North is to move and his clock (btime) is not given",
        ]
    );
}

/// A 50 MB line of garbage is not echoed back whole: an error shows at most
/// `ECHO_LIMIT` bytes of a piece of input, and at most `ERROR_LIMIT` bytes in all, each cut
/// at a character's boundary and marked.
#[test]
fn long_input_is_cut_in_the_echo_of_an_error() {
    use sowing::engine::{ECHO_LIMIT, ERROR_LIMIT};
    let garbage = "x".repeat(50_000_000);
    let mut input = format!("{garbage}\n");
    input.push_str(&format!("go depth {}\n", "9".repeat(1_000_000)));
    // 'é' is two bytes: the cut at 64 falls inside one, and is moved back to 63.
    input.push_str(&format!("go a{}\n", "é".repeat(1_000)));
    // The ruleset's own error quotes the game's name whole: the message is cut.
    input.push_str(&format!("rules {}\n", "z".repeat(100_000)));
    input.push_str(&format!("position start moves 3 {}\n", "y".repeat(100_000)));
    input.push_str(&format!("setoption agent {}\n", "w".repeat(100_000)));
    input.push_str("show\n");
    let lines = session(("kalah", "alphabeta"), input.as_bytes());
    let echo =
        |c: char, n: usize| format!("\"{}\"... ({n} bytes)", c.to_string().repeat(ECHO_LIMIT));
    assert_eq!(
        lines[0],
        format!("error unknown command {}", echo('x', 50_000_000))
    );
    assert_eq!(
        lines[1],
        format!(
            "error depth {}: expected a whole number",
            echo('9', 1_000_000)
        )
    );
    assert_eq!(
        lines[2],
        format!(
            "error go: unknown option \"a{}\"... (2001 bytes)",
            "é".repeat(31)
        )
    );
    for line in &lines[..6] {
        assert!(line.len() <= ERROR_LIMIT + 60, "{} bytes", line.len());
    }
    assert!(
        lines[3].starts_with("error rules: unknown game \"zzz"),
        "{}",
        &lines[3][..40]
    );
    assert!(
        lines[3].ends_with(" bytes)"),
        "{}",
        &lines[3][lines[3].len() - 40..]
    );
    assert!(
        lines[4].starts_with("error move yyy"),
        "{}",
        &lines[4][..40]
    );
    assert!(
        lines[5].starts_with("error setoption agent \"www"),
        "{}",
        &lines[5][..40]
    );
    // Nothing changed.
    assert_eq!(lines[6], "position 4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
    assert_eq!(lines.len(), 9);
}

/// What a GUI keeps of a game under a clock: each side's time left and increment.
struct ClockGame {
    left: [Duration; 2],
    inc: Duration,
}

/// Plays `moves` moves (or to the end) of `rules` from `position` through the protocol
/// under `clock`, as a GUI does: each `go` gives both clocks, the mover's is charged the
/// time to `bestmove` and credited the increment. Checks that every move took less than the
/// mover's time left and about the budget the time manager gives, and returns the session's
/// transcript.
fn clock_game(rules: &str, position: &str, mut clock: ClockGame, moves: usize) -> Vec<String> {
    use sowing::engine::Clock;
    use std::time::Instant;
    let mut e = Live::start(rules, "alphabeta");
    let mut log = Vec::new();
    e.send(&format!("rules {rules}"));
    e.send(&format!("position {position}"));
    for _ in 0..moves {
        assert!(e.ask("show").starts_with("position "));
        let mover = match e.read().as_str() {
            "tomove South" => 0,
            "tomove North" => 1,
            other => panic!("{other}"),
        };
        if e.read() != "outcome none" {
            break;
        }
        let ms = |d: Duration| d.as_millis();
        let inc = ms(clock.inc);
        let go = format!(
            "go wtime {} btime {} winc {inc} binc {inc}",
            ms(clock.left[0]),
            ms(clock.left[1])
        );
        let budget = Clock::new(
            Duration::from_millis(ms(clock.left[mover]) as u64),
            clock.inc,
            None,
        )
        .budget();
        let started = Instant::now();
        e.send(&go);
        let lines = e.read_until("bestmove");
        let took = started.elapsed();
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(took < clock.left[mover], "{go}: {took:?}");
        // The search stops at the budget; the slack is for a busy machine.
        assert!(
            took <= budget + Duration::from_millis(250),
            "{go}: {took:?} for a budget of {budget:?}"
        );
        log.push(format!("> {go}"));
        log.push(format!(
            "< {} ({} info lines; {} ms, budget {} ms, {} left {} ms)",
            lines.last().unwrap(),
            lines.len() - 1,
            ms(took),
            ms(budget),
            ["South", "North"][mover],
            ms(clock.left[mover].saturating_sub(took) + clock.inc)
        ));
        clock.left[mover] = clock.left[mover] - took + clock.inc;
        e.send(&format!("play {best}"));
    }
    log.push(format!(
        "clocks: South {} ms, North {} ms",
        clock.left[0].as_millis(),
        clock.left[1].as_millis()
    ));
    e.quit();
    log
}

/// The 60 s + 1 s game scaled down 60 times (1 s + 17 ms), a whole Kalah game through the
/// protocol: no move runs the clock out, and every move keeps to its budget.
#[test]
fn a_whole_game_under_a_scaled_sixty_plus_one_clock() {
    let log = clock_game(
        "kalah",
        "start",
        ClockGame {
            left: [Duration::from_millis(1_000); 2],
            inc: Duration::from_millis(17),
        },
        200,
    );
    for line in &log {
        println!("{line}");
    }
    assert!(log.len() > 20, "{log:?}");
}

/// The real 60 s + 1 s clock, a few moves of a Kalah ending whose searches prove the result
/// long before the budget (3.148 s for the first move): the clock bookkeeping at full size,
/// in milliseconds of test time.
#[test]
fn a_few_moves_under_the_real_sixty_plus_one_clock() {
    let log = clock_game(
        "kalah",
        "1,0,1,1,0,2/1,1,0,1,1,0 18 21 S",
        ClockGame {
            left: [Duration::from_secs(60); 2],
            inc: Duration::from_secs(1),
        },
        12,
    );
    for line in &log {
        println!("{line}");
    }
    assert!(log[0].starts_with("> go wtime 60000 btime 60000 winc 1000 binc 1000"));
    assert!(log[1].contains("budget 3148 ms"), "{log:?}");
    assert!(log.len() >= 9, "{log:?}");
}

/// `setoption network <path>`: the agent searches with the network of that file (here the
/// embedded one's own weights, so the same search as without it), `hello` shows it as agent
/// text, a file of another game or none at all answers an error and changes nothing, and
/// without a path the game's own evaluation comes back.
#[test]
fn setoption_network_searches_with_a_network_from_a_file() {
    let dir = std::env::temp_dir();
    let net = dir.join(format!("sowing-engine-{}-toguz.net", std::process::id()));
    std::fs::write(&net, include_bytes!("../src/toguz/toguz.net")).unwrap();
    let oware = dir.join(format!("sowing-engine-{}-oware.net", std::process::id()));
    std::fs::write(&oware, include_bytes!("../src/oware/oware.net")).unwrap();
    let missing = dir.join(format!("sowing-engine-{}-missing.net", std::process::id()));
    let input = format!(
        "go depth 4\nsetoption network {}\nhello\ngo depth 4\nsetoption network {}\n\
         setoption network {}\nsetoption network a,b\nhello\nsetoption network\nhello\n",
        net.display(),
        oware.display(),
        missing.display()
    );
    let lines = session(("toguz", "alphabeta:depth=3"), input.as_bytes());
    let plain = check_search(&lines[..5], 4).to_string();
    let with_file = format!("option agent alphabeta:depth=3,net={}", net.display());
    assert_eq!(lines[9], with_file);
    // The same weights: the same lines and move.
    assert_eq!(check_search(&lines[11..16], 4), plain);
    let strip_nps = |l: &String| l.split(" nps ").next().unwrap().to_string();
    assert_eq!(
        lines[..4].iter().map(strip_nps).collect::<Vec<_>>(),
        lines[11..15].iter().map(strip_nps).collect::<Vec<_>>()
    );
    assert!(
        lines[16].starts_with("error setoption agent: alphabeta: the network file")
            && lines[16].contains("is a network of oware, not of toguz"),
        "{}",
        lines[16]
    );
    assert!(lines[17].contains("cannot be read"), "{}", lines[17]);
    assert!(
        lines[18].starts_with("error setoption network \"a,b\""),
        "{}",
        lines[18]
    );
    // Nothing changed by the errors; then back to the game's own network.
    assert_eq!(lines[23], with_file);
    assert_eq!(lines[29], "option agent alphabeta:depth=3");
    assert_eq!(lines.len(), 31);
    std::fs::remove_file(net).unwrap();
    std::fs::remove_file(oware).unwrap();
}

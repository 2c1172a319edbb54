//! Several lines (MultiPV): the search of one line is the search as it was, node for node;
//! the lines are sorted, distinct and cover every move when asked for more; their values
//! are the moves' exact values where the search's leaves are exact; the agent text, the
//! `Agent` interface and the engine protocol give them.

use std::collections::HashMap;

use sowing::engine::{Engine, serve};
use sowing::kalah::{Kalah, KalahState};
use sowing::oware::Oware;
use sowing::search::{
    Agent, AgentSpec, AlphaBeta, Heuristic, Limits, SearchOptions, SearchResult, WIN,
};
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{Player, RandomSource, Ruleset, SplitMix64};

/// The alpha-beta agent of `spec` for `R`.
fn searcher<R: Heuristic>(spec: &str) -> AlphaBeta<R::Move, sowing::search::AgentEval<R>> {
    let spec: AgentSpec = spec.parse().unwrap();
    spec.alphabeta::<R>().unwrap().unwrap()
}

/// Searches the start of `rules` with `spec` and returns (nodes, best move, value).
fn start_search<R: Heuristic>(rules: &R, spec: &str) -> (u64, String, i32) {
    let result = searcher::<R>(spec).search(rules, &rules.start());
    check_one_line(&result);
    let best = rules.format_move(&rules.start(), result.best.unwrap());
    (result.nodes, best, result.value)
}

/// A search of one line has one line: its best move, value, depth and principal variation.
fn check_one_line<M: Copy + PartialEq + std::fmt::Debug>(result: &SearchResult<M>) {
    assert_eq!(result.lines.len(), 1, "{result:?}");
    let line = &result.lines[0];
    assert_eq!(Some(line.mv), result.best);
    assert_eq!(
        (line.value, line.depth, &line.pv),
        (result.value, result.depth, &result.pv)
    );
}

/// The node counts, moves and values below were recorded before the search had lines
/// (commit cb6249b; Oware's with its fitted evaluation weights, c09088b, and the repetition
/// rule in the search, 81fa155): one line must be exactly that search. Toguz Kumalak's,
/// Tsoro's and Oware's name `eval=tuned`, their default evaluation then (now their networks).
#[test]
fn one_line_is_the_search_as_it_was() {
    let kalah = Kalah::default();
    for spec in ["alphabeta:depth=10", "alphabeta:depth=10,multipv=1"] {
        assert_eq!(
            start_search(&kalah, spec),
            (28509, "6".into(), 513),
            "{spec}"
        );
    }
    assert_eq!(
        start_search(&kalah, "alphabeta-classic:depth=9"),
        (10629, "6".into(), 500)
    );
    assert_eq!(
        start_search(&kalah, "alphabeta:depth=9,aspiration=on,qs=on,tactical=on"),
        (27969, "6".into(), 501)
    );
    assert_eq!(
        start_search(&Toguz::default(), "alphabeta:depth=7,eval=tuned"),
        (2710, "32".into(), 458)
    );
    assert_eq!(
        start_search(&Tsoro::default(), "alphabeta:depth=6,eval=tuned"),
        (2089, "o1".into(), 279)
    );
    assert_eq!(
        start_search(&Oware::default(), "alphabeta:depth=7,eval=tuned"),
        (2257, "B".into(), -47)
    );
}

/// Positions reached by random play from the start of `rules`, the start first.
fn random_positions<R: Ruleset>(rules: &R, count: usize, seed: u64) -> Vec<R::State> {
    let mut rng = SplitMix64::new(seed);
    let mut out = vec![rules.start()];
    while out.len() < count {
        let mut s = rules.start();
        for _ in 0..rng.below(30) {
            match rules.random_move(&s, &mut rng) {
                Some(mv) => rules.play_unchecked(&mut s, mv),
                None => break,
            }
        }
        if !rules.is_over(&s) {
            out.push(s);
        }
    }
    out
}

/// Checks the lines of a search of `state` for `wanted` lines: as many as asked (every move
/// when fewer are legal), distinct, sorted best first, each at the search's depth, its line
/// starting with its move and playable, the first line's move the best move.
fn check_lines<R: Ruleset>(
    rules: &R,
    state: &R::State,
    result: &SearchResult<R::Move>,
    wanted: usize,
) {
    let moves = rules.legal_moves(state);
    let what = format!("{state}: {result:?}");
    assert_eq!(result.lines.len(), wanted.min(moves.len()), "{what}");
    assert_eq!(result.best, Some(result.lines[0].mv), "{what}");
    assert_eq!(
        (result.value, &result.pv),
        (result.lines[0].value, &result.lines[0].pv),
        "{what}"
    );
    for (i, line) in result.lines.iter().enumerate() {
        assert!(moves.contains(&line.mv), "{what}");
        assert!(
            result.lines[..i].iter().all(|l| l.mv != line.mv),
            "{what}: a move twice"
        );
        if i > 0 {
            assert!(result.lines[i - 1].value >= line.value, "{what}: unsorted");
        }
        assert_eq!(line.depth, result.depth, "{what}");
        assert_eq!(line.pv[0], line.mv, "{what}");
        let mut s = *state;
        for &mv in &line.pv {
            assert!(rules.is_legal(&s, mv), "{what}: pv not playable");
            rules.play_unchecked(&mut s, mv);
        }
    }
}

fn lines_of_every_game<R: Heuristic>(rules: &R, depth: u32, seed: u64) {
    for state in random_positions(rules, 8, seed) {
        for (spec, wanted) in [
            (format!("alphabeta:depth={depth},multipv=3"), 3),
            (format!("alphabeta:depth={depth},multipv=255"), 255),
            (format!("alphabeta-classic:depth={depth},multipv=2"), 2),
            (
                format!("alphabeta:depth={depth},multipv=4,aspiration=on,qs=on,tactical=on"),
                4,
            ),
            (format!("alphabeta:depth={depth},multipv=3,threads=2"), 3),
        ] {
            let result = searcher::<R>(&spec).search(rules, &state);
            check_lines(rules, &state, &result, wanted);
        }
    }
}

#[test]
fn lines_are_distinct_sorted_and_every_move_when_asked_for_more() {
    lines_of_every_game(&Kalah::default(), 7, 1);
    lines_of_every_game(&Toguz::default(), 5, 2);
    lines_of_every_game(&Tsoro::default(), 5, 3);
    lines_of_every_game(&Oware::default(), 6, 4);
}

/// South's final store minus North's under perfect play: plain minimax over every move (an
/// extra turn is the same player choosing again), memoized on the whole position.
fn minimax(rules: &Kalah, s: &KalahState, memo: &mut HashMap<KalahState, i32>) -> i32 {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let moves = rules.legal_moves(s);
    let v = if moves.is_empty() {
        let score = rules.outcome(s).unwrap().score().unwrap();
        score.south as i32 - score.north as i32
    } else {
        let values = moves.iter().map(|&mv| {
            let mut c = *s;
            rules.play_unchecked(&mut c, mv);
            minimax(rules, &c, memo)
        });
        if rules.to_move(s) == Player::South {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    };
    memo.insert(*s, v);
    v
}

/// Each move's exact value for the player to move in `s`, in the search's units (a won game
/// beyond `WIN` by its margin in seeds, a draw 0).
fn exact_move_values(
    rules: &Kalah,
    s: &KalahState,
    memo: &mut HashMap<KalahState, i32>,
) -> Vec<(sowing::kalah::KalahMove, i32)> {
    let me = rules.to_move(s);
    rules
        .legal_moves(s)
        .iter()
        .map(|&mv| {
            let mut c = *s;
            rules.play_unchecked(&mut c, mv);
            let south = minimax(rules, &c, memo);
            let margin = if me == Player::South { south } else { -south };
            let value = match margin.signum() {
                1 => WIN + margin,
                -1 => -WIN + margin,
                _ => 0,
            };
            (mv, value)
        })
        .collect()
}

/// On small boards whose every position the endgame database holds, every leaf of the search
/// is exact, and so is every value it backs up, whatever the table holds: a line's value
/// must be its move's exact value, line k the k-th best move. The plain search
/// (`alphabeta-classic`): no pruning that trusts a margin.
#[cfg(feature = "solver")]
#[test]
fn line_values_are_the_moves_exact_values_when_the_leaves_are_exact() {
    for text in [
        "kalah:pits=3,seeds=3",
        "kalah:pits=4,seeds=2",
        "kalah:pits=3,seeds=3,empty-capture",
        "kalah:pits=4,seeds=3",
    ] {
        let rules: Kalah = text.parse().unwrap();
        let mut memo = HashMap::new();
        // The database holds every position with at most 20 seeds in the pits, and sowing
        // never brings a seed back out of a store.
        let in_pits = |s: &KalahState| rules.seed_count(s).board;
        let states: Vec<KalahState> = random_positions(&rules, 40, 7)
            .into_iter()
            .filter(|s| in_pits(s) <= 20)
            .collect();
        assert!(states.len() >= 10, "{text}: {} positions", states.len());
        for state in states {
            let mut exact = exact_move_values(&rules, &state, &mut memo);
            // Best first; the search's ties may come in any order.
            exact.sort_by_key(|e| std::cmp::Reverse(e.1));
            for depth in 1..=4 {
                let spec = format!("alphabeta-classic:depth={depth},endgame=20,multipv=255");
                let result = searcher::<Kalah>(&spec).search(&rules, &state);
                check_lines(&rules, &state, &result, 255);
                let found: Vec<i32> = result.lines.iter().map(|l| l.value).collect();
                let want: Vec<i32> = exact.iter().map(|e| e.1).collect();
                assert_eq!(found, want, "{text} {state} depth {depth}");
                for line in &result.lines {
                    let (_, v) = exact.iter().find(|e| e.0 == line.mv).unwrap();
                    assert_eq!(line.value, *v, "{text} {state} depth {depth} {:?}", line.mv);
                }
            }
        }
    }
}

/// Without exact leaves, a search deep enough to end every line still proves each move won,
/// lost or drawn: each line's sign must be its move's exact sign.
#[test]
fn lines_searched_to_the_end_have_the_moves_exact_signs() {
    for text in ["kalah:pits=3,seeds=2", "kalah:pits=3,seeds=3"] {
        let rules: Kalah = text.parse().unwrap();
        let mut memo = HashMap::new();
        for state in random_positions(&rules, 10, 11) {
            let exact = exact_move_values(&rules, &state, &mut memo);
            let result =
                searcher::<Kalah>("alphabeta-classic:depth=60,multipv=255").search(&rules, &state);
            check_lines(&rules, &state, &result, 255);
            for line in &result.lines {
                let (_, v) = exact.iter().find(|e| e.0 == line.mv).unwrap();
                assert_eq!(
                    line.value.signum(),
                    v.signum(),
                    "{text} {state}: {line:?} exact {v}"
                );
            }
        }
    }
}

#[test]
fn agent_text_reads_and_writes_multipv() {
    let spec: AgentSpec = "alphabeta:depth=5,multipv=3".parse().unwrap();
    assert_eq!(spec.to_string(), "alphabeta:depth=5,multipv=3");
    assert_eq!(spec.multipv(), 3);
    assert_eq!(
        "alphabeta:multipv=1"
            .parse::<AgentSpec>()
            .unwrap()
            .to_string(),
        "alphabeta"
    );
    for bad in [
        "alphabeta:multipv=0",
        "alphabeta:multipv=256",
        "alphabeta:multipv=x",
    ] {
        let e = bad.parse::<AgentSpec>().unwrap_err().to_string();
        assert!(e.contains("multipv"), "{bad}: {e}");
    }
    assert!("mcts:multipv=2".parse::<AgentSpec>().is_err());
    // Through the Agent interface, from the agent text.
    let rules = Toguz::default();
    let mut agent = spec.build::<Toguz>().unwrap();
    let best = agent.choose(&rules, &rules.start()).unwrap();
    let lines = agent.lines();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].mv, best);
    assert_eq!(agent.stats().unwrap().value, lines[0].value);
    // Agents without lines give none; one line for the default.
    let mut one = "alphabeta:depth=3"
        .parse::<AgentSpec>()
        .unwrap()
        .build::<Toguz>()
        .unwrap();
    one.choose(&rules, &rules.start());
    assert_eq!(one.lines().len(), 1);
    let mut random = "random"
        .parse::<AgentSpec>()
        .unwrap()
        .build::<Toguz>()
        .unwrap();
    random.choose(&rules, &rules.start());
    assert!(random.lines().is_empty());
}

#[test]
fn a_search_stopped_by_its_budget_keeps_its_lines() {
    let rules = Toguz::default();
    for nodes in [1, 50, 400, 3000, 20000] {
        let options = SearchOptions {
            multipv: 4,
            ..SearchOptions::AGENT
        };
        let mut ab = AlphaBeta::new(Limits::nodes(nodes)).options(options);
        let result = ab.search(&rules, &rules.start());
        assert!(!result.lines.is_empty(), "{nodes}: {result:?}");
        assert!(result.lines.len() <= 4);
        let moves = rules.legal_moves(&rules.start());
        assert!(moves.contains(&result.best.unwrap()));
        for (i, line) in result.lines.iter().enumerate() {
            assert!(result.lines[..i].iter().all(|l| l.mv != line.mv));
            assert!(line.depth == result.depth || line.depth == result.depth + 1);
        }
    }
}

fn session(rules: &str, agent: &str, input: &str) -> Vec<String> {
    let engine = Engine::new(rules.parse().unwrap(), agent.parse().unwrap(), Vec::new()).unwrap();
    let out = serve(input.as_bytes(), engine).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The `info` lines of a search with lines, checked: `lines` a depth for `depth` depths,
/// numbered 1.., each depth's scores sorted; returns the first move of each line of the last
/// depth and the `bestmove`.
fn check_infos(answer: &[String], depth: usize, lines: usize) -> (Vec<String>, String) {
    let (best, infos) = answer.split_last().unwrap();
    assert_eq!(infos.len(), depth * lines, "{answer:?}");
    let mut last = Vec::new();
    for (i, info) in infos.iter().enumerate() {
        let w: Vec<&str> = info.split_whitespace().collect();
        let (d, k) = (i / lines + 1, i % lines + 1);
        assert_eq!(
            w[..6],
            [
                "info",
                "depth",
                &d.to_string(),
                "multipv",
                &k.to_string(),
                "score"
            ],
            "{info}"
        );
        assert_eq!((w[7], w[9], w[11]), ("nodes", "nps", "pv"), "{info}");
        let score: i32 = w[6].parse().unwrap();
        if k > 1 {
            let before: Vec<&str> = infos[i - 1].split_whitespace().collect();
            assert!(before[6].parse::<i32>().unwrap() >= score, "{answer:?}");
            assert_eq!(before[8], w[8], "one search, one node count");
        }
        if d == depth {
            last.push(w[12].to_string());
        }
    }
    (last, best.strip_prefix("bestmove ").unwrap().to_string())
}

#[test]
fn the_engine_answers_an_info_line_per_line() {
    // `go ... multipv 3`: three lines a depth, three different moves, the first the bestmove.
    let answer = session(
        "kalah",
        "alphabeta",
        "position start moves 3\ngo depth 4 multipv 3\n",
    );
    let (firsts, best) = check_infos(&answer, 4, 3);
    assert_eq!(firsts[0], best);
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    // More lines than moves: every move (Kalah's start after pit 3: South again, 5 moves).
    let answer = session(
        "kalah",
        "alphabeta",
        "position start moves 3\ngo depth 3 multipv 9\n",
    );
    let (firsts, _) = check_infos(&answer, 3, 5);
    let mut sorted = firsts.clone();
    sorted.sort();
    assert_eq!(sorted, ["1", "2", "4", "5", "6"]);
    // `setoption multipv` stays for the next `go`s and shows in the agent text; `go multipv`
    // is for its search only; the agent text's `multipv=N` as well.
    let answer = session(
        "toguz",
        "alphabeta",
        "setoption multipv 2\nhello\ngo depth 2\ngo depth 2 multipv 1\n",
    );
    assert_eq!(
        answer[2..5],
        [
            "protocol 2",
            "games kalah toguz tsoro oware mancala",
            "option agent alphabeta:multipv=2"
        ]
    );
    check_infos(&answer[6..11], 2, 2);
    assert!(answer[11].starts_with("info depth 1 score "), "{answer:?}");
    assert_eq!(answer.len(), 14, "{answer:?}");
    let answer = session("oware", "alphabeta:multipv=2", "go depth 3\n");
    check_infos(&answer, 3, 2);
    // Bad values answer an error and change nothing.
    let answer = session(
        "kalah",
        "alphabeta",
        "go depth 1 multipv 0\nsetoption multipv 300\nsetoption multipv\nsetoption multipv 2 3\ngo depth 1\n",
    );
    assert!(
        answer[..4].iter().all(|l| l.starts_with("error ")),
        "{answer:?}"
    );
    assert!(answer[4].starts_with("info depth 1 score "), "{answer:?}");
}

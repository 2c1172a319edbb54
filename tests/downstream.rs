//! A downstream program, as a user would write it against the crate. A game written outside
//! the crate gets every layer: Mangala (`tests/downstream/mangala.rs`,
//! shared with `examples/mangala.rs`) through the rules, the conformance harness (foreign
//! states too), the search with its own evaluation, the engine protocol driven through its
//! text commands, records read at run time in a list of games of its own, pictures with its
//! own labels, and the command-line tools' driver (the example binary).

#[path = "downstream/mangala.rs"]
mod mangala;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use mangala::{Mangala, Pit};
use sowing::engine::{Engine, serve};
use sowing::kalah::Kalah;
use sowing::search::AgentSpec;
use sowing::testing::{Config, check_foreign_pictures, check_random_games_with};
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, Outcome, Picture, Ruleset, Score, SplitMix64};

// The crate's games and Mangala, as a server that offers all five would list them.
sowing::with_games!(sowing::ruleset_list! {
    /// The games of this test's server.
    #[derive(Clone, Debug, PartialEq)]
    enum Games
} + [Mangala => mangala::Mangala, "Mangala";]);

/// Plays `moves` (the players' notation) from the position `from` and gives the text after.
fn after(from: &str, moves: &[&str]) -> String {
    let rules = Mangala::default();
    let mut s = rules.parse_position(from).unwrap();
    for text in moves {
        let mv = rules.parse_move(&s, text).unwrap();
        rules.try_play(&mut s, mv).unwrap();
    }
    s.to_string()
}

/// The rules, worked by hand.
#[test]
fn mangala_plays_as_its_rules_say() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S";
    assert_eq!(Mangala::default().start().to_string(), start);
    // d: one back into d, then e, f and the store: the last in the store, South again.
    assert_eq!(after(start, &["d"]), "4,4,4,1,5,5/4,4,4,4,4,4 1 0 S");
    // Then f: one back, the store, A, B, C; C is North's and odd (5): no capture.
    assert_eq!(after(start, &["d", "f"]), "4,4,4,1,5,1/5,5,5,4,4,4 2 0 N");
    // f of 3: f, the store, A, which the last stone makes even (2): taken.
    let even = "1,0,0,0,0,3/1,4,4,4,4,4 12 11 S";
    assert_eq!(after(even, &["f"]), "1,0,0,0,0,1/0,4,4,4,4,4 15 11 N");
    // a single stone passes to b, which was empty: b and E across it are taken.
    assert_eq!(after(even, &["a"]), "0,0,0,0,0,3/1,4,4,4,0,4 17 11 N");
    // South's last stone into his store empties his row: he takes North's six.
    let rules = Mangala::default();
    let end = rules
        .parse_position(&after("0,0,0,0,0,1/1,1,1,1,1,1 20 21 S", &["f"]))
        .unwrap();
    assert_eq!(end.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 27 21 S");
    assert_eq!(
        rules.outcome(&end),
        Some(Outcome::by_score(Score {
            south: 27,
            north: 21
        }))
    );
    assert!(rules.legal_moves(&end).is_empty());
    // North's pits are read in capitals, and a move of the other side's is not a move.
    let north = rules
        .parse_position("4,4,4,1,5,1/5,5,5,4,4,4 2 0 N")
        .unwrap();
    assert_eq!(rules.parse_move(&north, "C"), Ok(Pit(2)));
    assert!(rules.parse_move(&north, "c").is_err());
    assert!("mangala:stones=9".parse::<Mangala>().is_err());
    assert_eq!(
        "mangala:stones=3".parse::<Mangala>().unwrap().to_string(),
        "mangala:stones=3"
    );
}

/// The harness the crate's games run, on Mangala: random games (records, perft, every
/// contract), then states of its other rulesets and mutated text.
#[test]
fn the_harness_passes_on_mangala() {
    for (i, text) in ["mangala", "mangala:stones=3", "mangala:stones=6"]
        .iter()
        .enumerate()
    {
        let rules: Mangala = text.parse().unwrap();
        let report = check_random_games_with(&rules, 11 + i as u64, 30, &Config::default())
            .unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, 30);
        assert!(report.perft > 0 && report.refused > 0, "{report:?}");
    }
    let others: Vec<Mangala> = ["mangala:stones=3", "mangala:stones=6"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let report = check_foreign_pictures(&Mangala::default(), &others, 5, 200)
        .unwrap_or_else(|f| panic!("{f}"));
    assert!(report.foreign > 0 && report.mutated > 0, "{report:?}");
}

/// The search scores Mangala with its own evaluation, and sees a capture one ply deep.
#[test]
fn the_search_plays_mangala() {
    let rules = Mangala::default();
    let s = rules
        .parse_position("1,0,0,0,0,3/1,4,4,4,4,4 12 11 S")
        .unwrap();
    let spec: AgentSpec = "alphabeta:depth=1".parse().unwrap();
    // a takes 5 (b and E), f takes 2 (A) and a store's stone: a is the better.
    assert_eq!(
        spec.build::<Mangala>().unwrap().choose(&rules, &s),
        Some(Pit(0))
    );
    let mcts: AgentSpec = "mcts:playouts=200,seed=1".parse().unwrap();
    assert!(
        mcts.build::<Mangala>()
            .unwrap()
            .choose(&rules, &s)
            .is_some()
    );
}

/// The engine protocol, driven through its text commands, for Mangala alone and for the list
/// of four games.
#[test]
fn the_engine_protocol_plays_mangala() {
    let engine = Engine::for_game(
        Mangala::default(),
        "alphabeta:depth=2".parse().unwrap(),
        Vec::new(),
    )
    .unwrap();
    let input = "hello\nposition start moves d\nshow\nlegal\ngo depth 2\nrules mangala:stones=2\nlegal\nrules kalah\n";
    let out = String::from_utf8(serve(input.as_bytes(), engine).unwrap()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"games mangala"), "{out}");
    assert!(
        lines.contains(&"position 4,4,4,1,5,5/4,4,4,4,4,4 1 0 S"),
        "{out}"
    );
    assert!(lines.contains(&"legal a b c d e f"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")), "{out}");
    assert_eq!(
        lines.last(),
        Some(&"error rules: unknown game \"kalah\" (known: mangala)")
    );

    let engine = Engine::with_games(
        Games::from(Kalah::default()),
        "alphabeta:depth=1".parse().unwrap(),
        Vec::new(),
    )
    .unwrap();
    let input = "hello\nrules mangala\nposition start moves a\nshow\nrules kalah\nlegal\n";
    let out = String::from_utf8(serve(input.as_bytes(), engine).unwrap()).unwrap();
    // The crate's games, then Mangala.
    let games = format!("games {} mangala\n", sowing::AnyRuleset::GAMES.join(" "));
    assert!(out.contains(&games), "{out}");
    assert!(
        out.contains("position 1,5,5,5,4,4/4,4,4,4,4,4 0 0 N\n"),
        "{out}"
    );
    assert!(out.ends_with("legal 1 2 3 4 5 6\n"), "{out}");
}

/// A record file that holds a Mangala game and a Kalah game, read at run time through the
/// list of games; and a Mangala record written and read back.
#[test]
fn records_of_mangala_are_read_at_run_time() {
    let mut game = GameRecord::new(Mangala::default());
    let mut rng = SplitMix64::new(3);
    while let Some(mv) = game.random_move(&mut rng) {
        game.play(mv).unwrap();
    }
    let mut kalah = GameRecord::new(Kalah::default());
    kalah.play_text("3").unwrap();
    let text = format!("{}\n{}", game.to_pgn(), kalah.to_pgn());
    assert!(text.contains("[Variant \"mangala\"]"), "{text}");
    let read = sowing::games::read_any_in::<Games>(&text);
    assert_eq!(read.len(), 2);
    let first = read[0].as_ref().unwrap();
    assert_eq!(first.rules().game(), "mangala");
    assert_eq!(first.ply(), game.ply());
    assert_eq!(first.outcome(), game.outcome());
    assert_eq!(read[1].as_ref().unwrap().rules().game(), "kalah");
    let back = GameRecord::<Mangala>::from_pgn(&game.to_pgn()).unwrap();
    assert_eq!(back.current(), game.current());
}

/// Pictures with Mangala's own labels: pits `a`..`f` and `A`..`F`, stores `hazine`.
#[test]
fn pictures_of_mangala_carry_its_own_labels() {
    let rules = Mangala::default();
    let s = rules.start();
    let text = rules.picture(&s);
    assert!(text.contains("hazine"), "{text}");
    for label in ["a", "f", "A", "F"] {
        assert!(text.contains(label), "{label} in {text}");
    }
    let svg = rules.picture_svg(&s);
    assert!(
        svg.contains(">hazine<") && svg.contains(">A<") && svg.contains(">f<"),
        "{svg}"
    );
    assert!(!svg.contains(">store<"), "{svg}");
}

/// The example binary `mangala` (built by `cargo test`) is the tools' driver on the list.
fn mangala_tool(args: &[&str], input: &str) -> (Option<i32>, String) {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().and_then(|d| d.parent()).unwrap();
    let path: PathBuf = profile
        .join("examples")
        .join(format!("mangala{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "run `cargo test` or `cargo build --examples` first"
    );
    let mut child = Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_tools_driver_gives_mangala_every_tool() {
    let (code, out) = mangala_tool(&["perft", "mangala", "2"], "");
    assert_eq!((code, out.as_str()), (Some(0), "1 6\n2 36\n"));
    let (code, out) = mangala_tool(&["trace", "mangala", "d", "f"], "");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("4,4,4,1,5,1/5,5,5,4,4,4 2 0 N"), "{out}");
    let (code, out) = mangala_tool(&["picture", "mangala", "d"], "");
    assert_eq!(code, Some(0));
    assert!(out.starts_with("<svg") && out.contains(">hazine<"), "{out}");
    let (code, out) = mangala_tool(&["engine", "--rules", "mangala"], "legal\nquit\n");
    assert_eq!((code, out.as_str()), (Some(0), "legal a b c d e f\n"));
    let dir = std::env::temp_dir().join(format!("sowing-mangala-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let file = file.to_str().unwrap();
    let (code, out) = mangala_tool(
        &[
            "play",
            "--rules",
            "mangala",
            "--south",
            "random:seed=1",
            "--north",
            "random:seed=2",
            "--pgn",
            file,
        ],
        "",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Game over after"), "{out}");
    let (code, out) = mangala_tool(&["replay", file], "");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.ends_with("1 passed, 0 failed\n"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
    let (code, _) = mangala_tool(&["chess"], "");
    assert_eq!(code, Some(2));
}

/// Every crate game through the list, and Mangala's text through `Only`.
#[test]
fn the_list_reads_every_game() {
    assert_eq!(Games::GAMES[..4], ["kalah", "toguz", "tsoro", "oware"]);
    assert_eq!(Games::GAMES.last(), Some(&"mangala"));
    assert_eq!(Games::GAMES.len(), sowing::AnyRuleset::GAMES.len() + 1);
    for (text, game) in [
        ("kalah:pie", "kalah"),
        ("toguz", "toguz"),
        ("tsoro:tracey", "tsoro"),
        ("oware:grand-slam=capture", "oware"),
        ("mangala:stones=5", "mangala"),
    ] {
        let rules: Games = text.parse().unwrap();
        assert_eq!((rules.game(), rules.to_string().as_str()), (game, text));
    }
    assert!(matches!(Games::from(Toguz::default()), Games::Toguz(_)));
    assert!(matches!(Games::from(Tsoro::default()), Games::Tsoro(_)));
}

// ---------------------------------------------------------------------------------------------
// Without the `serde` feature: random games of the crate's games through `GameRecord` alone,
// states copied, legal moves iterated by value and printed with `{}`; a generic function over
// `R: Picture` needs no bounds beyond the traits' own. And a smaller game of one's own, whose
// search uses its own evaluation.

/// Plays a random game; returns its plies and the first position's moves as text.
fn random_game<R: Picture>(rules: R, seed: u64) -> Result<(usize, String), sowing::IllegalMove> {
    let mut game = GameRecord::new(rules);
    let start = *game.current(); // states are Copy
    let mut first = Vec::new();
    for mv in game.legal_moves() {
        first.push(format!("{mv}")); // moves print without the position
    }
    let mut rng = SplitMix64::new(seed);
    while let Some(mv) = game.random_move(&mut rng) {
        game.play(mv)?;
    }
    assert!(game.is_over() && game.outcome().is_some());
    assert!(game.legal_moves().into_iter().next().is_none());
    assert!(game.picture().contains("Game over") && !game.picture().contains("to move"));
    assert_eq!(game.position_at(0), Some(&start));
    Ok((game.ply(), first.join(" ")))
}

#[test]
fn random_games_of_every_game_through_the_record() {
    let (plies, first) = random_game(Kalah::default(), 1).unwrap();
    assert!(plies > 10);
    assert_eq!(first, "1 2 3 4 5 6");
    let (plies, first) = random_game(Toguz::default(), 2).unwrap();
    assert!(plies > 10);
    assert_eq!(first, "1 2 3 4 5 6 7 8 9");
    let (plies, first) = random_game(Tsoro::default(), 3).unwrap();
    assert!(plies > 10);
    assert_eq!(first.split(' ').count(), 21);
}

/// A game written outside the crate gets the search, and the search scores its positions with
/// the game's own evaluation (the `Heuristic::evaluate` hook), not the store difference.
mod own_game {
    use std::fmt;
    use std::str::FromStr;

    use sowing::error::TextProblem;
    use sowing::search::{AgentSpec, AgentSpecError, Heuristic, SEED};
    use sowing::switches::split_for;
    use sowing::{
        MoveList, MoveParseError, Outcome, Player, PositionError, PositionParseError, Ruleset,
        RulesetParseError, Score, SeedCount,
    };

    /// Pebbles: a pile of seeds; each move takes 1, 2 or 3 of them into the mover's store;
    /// when the pile is empty the larger store wins.
    #[derive(Clone, Debug, PartialEq)]
    struct Pebbles {
        pile: u8,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Heap {
        pile: u8,
        stores: [u8; 2],
        mover: Player,
    }

    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    struct Take(u8);

    impl fmt::Display for Pebbles {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "pebbles:pile={}", self.pile)
        }
    }
    impl FromStr for Pebbles {
        type Err = RulesetParseError;
        fn from_str(text: &str) -> Result<Self, Self::Err> {
            let mut pile = 10;
            for sw in split_for(text, "pebbles")? {
                match sw.name {
                    "pile" => pile = sw.number("pebbles")?.clamp(1, 200) as u8,
                    _ => return Err(sw.unknown("pebbles")),
                }
            }
            Ok(Pebbles { pile })
        }
    }
    impl fmt::Display for Heap {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let [s, n] = self.stores;
            write!(f, "{} {s} {n} {}", self.pile, self.mover)
        }
    }
    impl FromStr for Heap {
        type Err = PositionParseError;
        fn from_str(text: &str) -> Result<Self, Self::Err> {
            let bad = |field| PositionParseError::new(0, field, TextProblem::Missing);
            let w: Vec<&str> = text.split(' ').collect();
            let n = |i: usize| w.get(i).and_then(|x| x.parse().ok()).ok_or(bad("counts"));
            let mover = w
                .get(3)
                .and_then(|m| m.chars().next())
                .and_then(Player::from_letter);
            Ok(Heap {
                pile: n(0)?,
                stores: [n(1)?, n(2)?],
                mover: mover.ok_or(bad("side to move"))?,
            })
        }
    }
    impl fmt::Display for Take {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl Ruleset for Pebbles {
        type State = Heap;
        type Move = Take;
        type Moves = MoveList<Take, 3>;
        const GAME: &'static str = "pebbles";
        fn start(&self) -> Heap {
            Heap {
                pile: self.pile,
                stores: [0, 0],
                mover: Player::South,
            }
        }
        fn to_move(&self, s: &Heap) -> Player {
            s.mover
        }
        fn legal_moves(&self, s: &Heap) -> MoveList<Take, 3> {
            let mut moves = MoveList::new();
            (1..=s.pile.min(3)).for_each(|n| moves.push(Take(n)));
            moves
        }
        fn play_unchecked(&self, s: &mut Heap, mv: Take) {
            let n = mv.0.min(s.pile);
            s.pile -= n;
            s.stores[s.mover.index()] += n;
            s.mover = !s.mover;
        }
        fn outcome(&self, s: &Heap) -> Option<Outcome> {
            let [south, north] = s.stores.map(u32::from);
            (s.pile == 0).then(|| Outcome::by_score(Score { south, north }))
        }
        fn seed_count(&self, s: &Heap) -> SeedCount {
            SeedCount {
                board: s.pile.into(),
                stores: s.stores.map(u32::from),
            }
        }
        fn total_seeds(&self) -> u32 {
            self.pile.into()
        }
        fn validate(&self, s: &Heap) -> Result<(), PositionError> {
            let found = self.seed_count(s).total();
            match found == self.total_seeds() {
                true => Ok(()),
                false => Err(PositionError::WrongSeedTotal {
                    expected: self.total_seeds(),
                    found,
                }),
            }
        }
        fn hash_from_scratch(&self, s: &Heap) -> u64 {
            let [a, b] = s.stores.map(u64::from);
            (u64::from(s.pile) << 24 | a << 16 | b << 8 | s.mover.index() as u64)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
        fn parse_move(&self, s: &Heap, text: &str) -> Result<Take, MoveParseError> {
            match text.parse().map(Take) {
                Ok(mv) if self.is_legal(s, mv) => Ok(mv),
                _ => Err(MoveParseError::Syntax {
                    text: text.into(),
                    expected: "1, 2 or 3",
                }),
            }
        }
        fn format_move(&self, _: &Heap, mv: Take) -> String {
            mv.to_string()
        }
    }

    /// The search's hooks beside the rules: the defaults, but for the evaluation.
    impl Heuristic for Pebbles {
        /// The game's own knowledge, in hundredths of a seed: leaving the opponent a pile of
        /// a multiple of four seeds is worth more than any seed in the store.
        fn evaluate(&self, s: &Heap) -> i32 {
            let stores =
                i32::from(s.stores[s.mover.index()]) - i32::from(s.stores[1 - s.mover.index()]);
            SEED * stores - if s.pile % 4 == 0 { 100 * SEED } else { 0 }
        }
    }

    #[test]
    fn the_search_scores_a_downstream_game_with_its_own_evaluation() {
        let rules: Pebbles = "pebbles:pile=10".parse().unwrap();
        let start = rules.start();
        let choose = |text: &str| {
            let spec: AgentSpec = text.parse().unwrap();
            spec.build::<Pebbles>().unwrap().choose(&rules, &start)
        };
        // One ply deep: the store difference takes the most seeds; the game's evaluation
        // leaves the opponent 8.
        assert_eq!(choose("alphabeta-classic:depth=1"), Some(Take(3)));
        assert_eq!(choose("alphabeta:depth=1"), Some(Take(2)));
        // It has no exact values: the endgame option is refused, naming the game.
        let err = "alphabeta:endgame=4"
            .parse::<AgentSpec>()
            .unwrap()
            .build::<Pebbles>();
        assert!(
            matches!(
                &err,
                Err(AgentSpecError::Unsupported {
                    game: "pebbles",
                    most: 0,
                    ..
                })
            ),
            "{:?}",
            err.err()
        );
    }

    /// The defaults of the picture trait: a game that draws no board of its own is shown as
    /// its position text, in the terminal and in SVG.
    impl sowing::Picture for Pebbles {}

    /// Everything generic reaches the game without touching the crate: the conformance
    /// harness, game records both ways, and pictures.
    #[test]
    fn a_downstream_game_gets_the_harness_the_records_and_a_picture() {
        use sowing::testing::{Config, check_random_games_with};
        use sowing::{GameRecord, Picture};

        let rules: Pebbles = "pebbles:pile=13".parse().unwrap();
        let report = check_random_games_with(&rules, 7, 50, &Config::default())
            .unwrap_or_else(|failure| panic!("{failure}"));
        assert_eq!(report.games, 50);
        assert!(report.plies >= 50 * 5, "{report:?}"); // 13 seeds, at most 3 a move

        let mut game = GameRecord::new(rules.clone());
        for text in ["3", "3", "2", "1", "3", "1"] {
            game.play_text(text).unwrap();
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::by_score(Score { south: 8, north: 5 }))
        );
        let pgn = game.to_pgn();
        assert!(pgn.contains("[Variant \"pebbles:pile=13\"]"), "{pgn}");
        assert!(
            pgn.contains("1. 3 1... 3 2. 2 2... 1 3. 3 3... 1 1-0"),
            "{pgn}"
        );
        let back = GameRecord::<Pebbles>::from_pgn(&pgn).unwrap();
        assert_eq!(back.moves(), game.moves());
        assert_eq!(back.current(), game.current());

        let end = *game.current();
        assert_eq!(rules.picture(&end), "0 8 5 South");
        let svg = rules.picture_svg(&end);
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{svg}"
        );
        assert!(svg.contains("0 8 5 South"), "{svg}");
        assert!(game.picture().contains("0 8 5 South"));
    }
}

/// A scratch folder of this test process, removed by the caller.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sowing-mangala-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The scale of a `calibrate` row (`| ruleset | evaluation | scale | samples | ...`).
fn row_scale(row: &str) -> (String, String, f64, usize) {
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    (
        cells[1].to_string(),
        cells[2].to_string(),
        cells[3].parse().unwrap(),
        cells[4].parse().unwrap(),
    )
}

/// Mangala fits the scales of its expected score with its own `calibrate`: a row for each
/// evaluation it has (no network: the store difference and its own), each a fitted scale
/// from the self-play positions it counts, the same on every run.
#[test]
fn mangala_calibrates_itself_through_its_own_tools() {
    let args = ["calibrate", "12", "3", "2", "mangala"];
    let (code, out) = mangala_tool(&args, "");
    assert_eq!(code, Some(0), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with("| game | evaluation | scale per seed |"),
        "{out}"
    );
    let rows: Vec<_> = lines[2..].iter().map(|r| row_scale(r)).collect();
    assert_eq!(rows[0].0, "`mangala`");
    assert_eq!(rows[0].1, "store");
    assert_eq!(rows[1].1, "tuned");
    for (_, eval, scale, samples) in &rows {
        assert!((0.01..5.0).contains(scale), "{eval}: {scale}");
        // 12 games of a dozen plies or more, less the 4 random plies of each.
        assert!(*samples >= 12 * 8, "{eval}: {samples}");
    }
    assert_eq!(mangala_tool(&args, "").1, out, "not reproducible");
    // A game the list does not hold is refused in one line.
    assert_eq!(
        mangala_tool(&["calibrate", "2", "2", "1", "nim"], "").0,
        Some(2)
    );
}

/// Mangala's own `tune` fits the weights of the evaluation it names (`MangalaEval`), scaled
/// so that a seed of store weighs 100, and prints them under the terms' names.
#[test]
fn mangala_tunes_its_evaluation_through_its_own_tools() {
    let (code, out) = mangala_tool(
        &[
            "tune",
            "--rules",
            "mangala",
            "--selfplay",
            "8",
            "--nodes",
            "300",
            "--rounds",
            "1",
            "--skip",
            "2",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("round 1: "), "{out}");
    let positions: usize = out["round 1: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(positions >= 8 * 5, "{out}");
    let weights: Vec<&str> = out.lines().skip_while(|l| *l != "weights: [").collect();
    assert_eq!(weights.len(), 4, "{out}");
    assert_eq!(weights[1], "    100, // store difference");
    assert!(
        weights[2].ends_with(", // stones on the mover's side"),
        "{out}"
    );
    assert_eq!(weights[3], "]");
}

/// Mangala's own `selfplay` writes its positions through the encoding it gives (14 values:
/// both rows and both stores), in the file the crate reads back.
#[test]
fn mangala_writes_self_play_data_through_its_own_tools() {
    let dir = scratch("selfplay");
    let file = dir.join("mangala.selfplay");
    let (code, out) = mangala_tool(
        &[
            "selfplay",
            "--rules",
            "mangala",
            "--games",
            "3",
            "--agent",
            "alphabeta:depth=2",
            "--threads",
            "1",
            "--out",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains(" positions, 3 games in "), "{out}");
    let (header, records) = sowing::selfplay::read(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(
        (
            header.rules.as_str(),
            header.agent.as_str(),
            header.observation_len
        ),
        ("mangala", "alphabeta:depth=2", 14)
    );
    assert_eq!(records.last().map(|r| r.game), Some(2));
    // Every position holds the 48 stones, on the board and in the stores.
    for r in &records {
        assert_eq!(r.observation.iter().map(|&v| u32::from(v)).sum::<u32>(), 48);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Mangala's own `analyze` values its games with the scale Mangala states for its
/// evaluation; an evaluation it states none for (the network it does not have) is refused.
#[test]
fn mangala_analyzes_its_games_through_its_own_tools() {
    let dir = scratch("analyze");
    let file = dir.join("game.pgn");
    let file = file.to_str().unwrap();
    let (code, out) = mangala_tool(
        &[
            "play",
            "--rules",
            "mangala",
            "--south",
            "random:seed=3",
            "--north",
            "alphabeta:depth=2",
            "--pgn",
            file,
        ],
        "",
    );
    assert_eq!(code, Some(0), "{out}");
    let annotated = dir.join("annotated.pgn");
    let (code, out) = mangala_tool(
        &[
            "analyze",
            file,
            "--depth",
            "3",
            "--jobs",
            "1",
            "--out",
            annotated.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("1 games analysed with alphabeta:depth=3"),
        "{out}"
    );
    let text = std::fs::read_to_string(&annotated).unwrap();
    assert!(text.contains("[Variant \"mangala\"]"), "{text}");
    let scales = <Mangala as sowing::search::Heuristic>::SCALES;
    assert!(scales.tuned.is_some() && scales.net.is_none(), "{scales:?}");
    // Mangala has no network: an agent that asks for one fails the game, by name.
    let (code, out) = mangala_tool(&["analyze", file, "--agent", "alphabeta:eval=net"], "");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("FAILED: alphabeta: eval=net is not available in mangala"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

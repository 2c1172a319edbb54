//! A downstream program, as a user would write it against the crate without the `serde`
//! feature: random games of all three games through `GameRecord` alone, states copied, legal
//! moves iterated by value and printed with `{}`. A generic function over `R: Picture` (the
//! rules and their pictures) needs no bounds beyond the traits' own.

use sowing::kalah::Kalah;
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, Picture, SplitMix64};

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

//! Oware: worked examples for every rule and switch (values worked by hand), perft from the
//! start against an independent reference written here, the conformance harness on several
//! rulesets, property tests, and the replay of 1,000 random games of OpenSpiel's `oware`.

use proptest::prelude::*;
use sowing::Picture;
use sowing::encode::Encoding;
use sowing::engine::{Engine, serve};
use sowing::oware::{GrandSlam, Oware, OwareMove, OwareSettings, OwareState};
use sowing::search::{AgentSpec, AlphaBeta, Heuristic, Limits, WIN, play_game};
use sowing::testing::{self, Config};
use sowing::{
    GameRecord, IllegalReason, MoveParseError, Outcome, Player, PositionError, Ruleset,
    RulesetParseError, Score, SettingsError, SplitMix64, Spot, TextProblem, perft,
};

fn rules(text: &str) -> Oware {
    text.parse().unwrap()
}

/// Plays `moves` (notation) from `from` under `ruleset`; returns the ruleset and the state.
fn after(ruleset: &str, from: &str, moves: &[&str]) -> (Oware, OwareState) {
    let r = rules(ruleset);
    let mut s = r.parse_position(from).unwrap();
    for m in moves {
        let mv = r.parse_move(&s, m).unwrap();
        r.try_play(&mut s, mv).unwrap();
    }
    (r, s)
}

fn score(south: u32, north: u32) -> Score {
    Score { south, north }
}

// ---------------------------------------------------------------------------------------------
// An independent reference: a plain vector of houses, sown seed by seed, straight from the
// rules file, with no tables and no words.

mod reference {
    use sowing::oware::GrandSlam;

    #[derive(Clone, Copy, Debug)]
    pub struct Rules {
        pub n: usize,
        pub seeds: u32,
        pub grand_slam: GrandSlam,
        pub divide_on_win: bool,
        pub max_plies: Option<u32>,
    }

    /// Houses `0..n` are South's `A..`, `n..2n` North's `a..`; the loop runs in index order.
    #[derive(Clone, Debug, PartialEq)]
    pub struct Pos {
        pub board: Vec<u32>,
        pub stores: [u32; 2],
        pub mover: usize,
        pub ply: u32,
    }

    impl Rules {
        pub fn total(&self) -> u32 {
            2 * self.n as u32 * self.seeds
        }

        pub fn start(&self) -> Pos {
            Pos {
                board: vec![self.seeds; 2 * self.n],
                stores: [0, 0],
                mover: 0,
                ply: 0,
            }
        }

        fn row(&self, player: usize) -> std::ops::Range<usize> {
            player * self.n..(player + 1) * self.n
        }

        fn won(&self, p: &Pos) -> bool {
            p.stores.iter().any(|&s| 2 * s > self.total())
        }

        /// The houses the mover may play by sowing and feeding alone.
        fn candidates(&self, p: &Pos) -> Vec<usize> {
            if self.won(p) {
                return vec![];
            }
            let opp_empty = self.row(1 - p.mover).all(|i| p.board[i] == 0);
            (0..self.n)
                .filter(|&h| {
                    let seeds = p.board[p.mover * self.n + h] as usize;
                    seeds > 0 && (!opp_empty || seeds >= self.n - h)
                })
                .collect()
        }

        /// The legal moves: houses `0..n` of the mover.
        pub fn moves(&self, p: &Pos) -> Vec<usize> {
            let all = self.candidates(p);
            if self.grand_slam != GrandSlam::Illegal {
                return all;
            }
            let quiet: Vec<usize> = all.iter().copied().filter(|&h| !self.sow(p, h).1).collect();
            if quiet.is_empty() { all } else { quiet }
        }

        /// Sows and captures: the position before the turn passes, and whether the move was a
        /// grand slam.
        fn sow(&self, p: &Pos, h: usize) -> (Pos, bool) {
            let mut q = p.clone();
            let len = 2 * self.n;
            let origin = p.mover * self.n + h;
            let mut hand = q.board[origin];
            q.board[origin] = 0;
            let mut at = origin;
            while hand > 0 {
                at = (at + 1) % len;
                if at == origin {
                    continue;
                }
                q.board[at] += 1;
                hand -= 1;
            }
            let theirs = self.row(1 - p.mover);
            let mut chain = vec![];
            let mut i = at;
            while theirs.contains(&i) && (2..=3).contains(&q.board[i]) {
                chain.push(i);
                if i == theirs.start {
                    break;
                }
                i -= 1;
            }
            let on_side: u32 = theirs.clone().map(|i| q.board[i]).sum();
            let taken: u32 = chain.iter().map(|&i| q.board[i]).sum();
            let slam = !chain.is_empty() && taken == on_side;
            if slam {
                match self.grand_slam {
                    GrandSlam::NoCapture | GrandSlam::Illegal => chain.clear(),
                    GrandSlam::Capture => {}
                    GrandSlam::LeaveLast => chain.retain(|&i| i != at),
                    GrandSlam::LeaveFirst => chain.retain(|&i| i != theirs.start),
                }
            }
            for i in chain {
                q.stores[p.mover] += q.board[i];
                q.board[i] = 0;
            }
            (q, slam)
        }

        pub fn play(&self, p: &Pos, h: usize) -> Pos {
            let (mut q, _) = self.sow(p, h);
            q.mover = 1 - p.mover;
            if self.max_plies.is_some() {
                q.ply += 1;
            }
            let limit = self.max_plies.is_some_and(|m| q.ply >= m);
            let divide = if self.won(&q) {
                self.divide_on_win
            } else {
                self.candidates(&q).is_empty() || limit
            };
            if divide {
                for player in 0..2 {
                    for i in self.row(player) {
                        q.stores[player] += q.board[i];
                        q.board[i] = 0;
                    }
                }
            }
            q
        }

        pub fn perft(&self, p: &Pos, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.moves(p)
                .into_iter()
                .map(|h| self.perft(&self.play(p, h), depth - 1))
                .sum()
        }
    }
}

fn reference_of(r: &Oware) -> reference::Rules {
    let s = r.settings();
    reference::Rules {
        n: s.houses.into(),
        seeds: s.seeds.into(),
        grand_slam: s.grand_slam,
        divide_on_win: s.divide_on_win,
        max_plies: s.max_plies,
    }
}

/// The crate's state as the reference's position.
fn as_reference(s: &OwareState) -> reference::Pos {
    let n = s.houses();
    let mut board = vec![];
    for p in Player::BOTH {
        board.extend((1..=n).map(|h| u32::from(s.house(p, h))));
    }
    reference::Pos {
        board,
        stores: [s.store(Player::South).into(), s.store(Player::North).into()],
        mover: s.to_move().index(),
        ply: s.ply(),
    }
}

/// Rulesets with every switch; small boards make grand slams and laps common.
const RULESETS: [&str; 12] = [
    "oware",
    "oware:divide-on-win",
    "oware:grand-slam=illegal",
    "oware:grand-slam=capture",
    "oware:grand-slam=leave-last",
    "oware:grand-slam=leave-first",
    "oware:houses=3,seeds=2,grand-slam=illegal",
    "oware:houses=3,seeds=2,grand-slam=capture,divide-on-win",
    "oware:houses=2,seeds=5,grand-slam=leave-last",
    "oware:houses=4,seeds=1,grand-slam=leave-first,max-plies=20",
    "oware:houses=1,seeds=3",
    "oware:houses=8,seeds=15,max-plies=150",
];

// ---------------------------------------------------------------------------------------------
// Perft.

/// Perft from the start of Oware Abapa, depths 0 to 10. Every depth agrees with OpenSpiel's
/// `oware` (counted with pyspiel 2.0.2);
/// depths up to 6 are checked against the reference below, and the reference agrees with the
/// crate on every move of many random games.
const PERFT: [u64; 11] = [
    1, 6, 36, 190, 1_014, 5_219, 27_332, 139_157, 711_414, 3_592_872, 18_137_964,
];

#[test]
fn perft_from_the_start_to_depth_10() {
    let r = Oware::default();
    for (depth, &nodes) in PERFT.iter().enumerate() {
        assert_eq!(
            sowing::perft_parallel(&r, &r.start(), depth as u32, 2),
            nodes,
            "depth {depth}"
        );
    }
}

#[test]
fn perft_agrees_with_the_reference_under_every_switch() {
    for text in RULESETS {
        let r = rules(text);
        let reference = reference_of(&r);
        let depth = if r.settings().houses <= 3 { 8 } else { 6 };
        for d in 0..=depth {
            assert_eq!(
                perft(&r, &r.start(), d),
                reference.perft(&reference.start(), d),
                "{text} depth {d}"
            );
        }
    }
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = SplitMix64::new(37);
    let mut seen = [0usize; 3]; // grand slams, laps, divisions
    for text in RULESETS {
        let r = rules(text);
        let reference = reference_of(&r);
        for _ in 0..200 {
            let mut s = r.start();
            let mut p = reference.start();
            for _ in 0..600 {
                assert_eq!(as_reference(&s), p, "{text}: {s}");
                let moves: Vec<usize> = r
                    .legal_moves(&s)
                    .iter()
                    .map(|m| usize::from(m.0) - 1)
                    .collect();
                assert_eq!(moves, reference.moves(&p), "{text}: {s}");
                let Some(mv) = r.random_move(&s, &mut rng) else {
                    break;
                };
                let e = r.effect(&s, mv).unwrap();
                seen[1] += usize::from(e.lifted_seeds as usize >= 2 * s.houses());
                seen[2] += usize::from(e.swept);
                if e.lifted_seeds > 0 && r.settings().grand_slam != GrandSlam::Capture {
                    // A grand slam under the Abapa rule: the last seed made 2 or 3 on the
                    // opponent's side, and nothing was captured.
                    let last = e.last.unwrap();
                    let mover = s.to_move();
                    seen[0] += usize::from(
                        matches!(last, Spot::Hole { owner, .. } if owner != mover)
                            && (2..=3).contains(&e.last_count)
                            && !e.captures(),
                    );
                }
                p = reference.play(&p, usize::from(mv.0) - 1);
                r.play_unchecked(&mut s, mv);
            }
        }
    }
    assert!(seen.iter().all(|&k| k > 50), "{seen:?}");
}

// ---------------------------------------------------------------------------------------------
// Worked examples.

#[test]
fn start_position_and_notation() {
    let r = Oware::default();
    let s = r.start();
    assert_eq!(s.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
    let moves: Vec<String> = r
        .legal_moves(&s)
        .iter()
        .map(|&m| r.format_move(&s, m))
        .collect();
    assert_eq!(moves, ["A", "B", "C", "D", "E", "F"]);
    // South's houses are upper case; North's lower case.
    assert!(matches!(
        r.parse_move(&s, "c"),
        Err(MoveParseError::Mismatch { .. })
    ));
    assert!(matches!(
        r.parse_move(&s, "G"),
        Err(MoveParseError::Illegal { .. })
    ));
    assert!(matches!(
        r.parse_move(&s, "3"),
        Err(MoveParseError::Syntax { .. })
    ));
    let (r, s) = after("oware", "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S", &["C"]);
    assert_eq!(s.to_string(), "4,4,4,4,4,5/4,4,0,5,5,5 0 0 N");
    assert_eq!(r.format_move(&s, OwareMove(1)), "a");
    assert_eq!(r.parse_move(&s, "a").unwrap(), OwareMove(1));
    assert_eq!(
        rules("oware:houses=4,seeds=3").start().to_string(),
        "3,3,3,3/3,3,3,3 0 0 S"
    );
}

#[test]
fn a_chain_capture_runs_back_to_the_first_house_that_is_not_two_or_three() {
    // North: a=1, b=2, c=1, d=5. South's F (3 seeds) makes a=2, b=3, c=2: the last seed
    // in c takes c, b and a (7 seeds); d (5) is left.
    let from = "0,0,5,1,2,1/1,0,0,0,0,3 17 18 S";
    let (r, s) = after("oware", from, &["F"]);
    assert_eq!(s.to_string(), "0,0,5,0,0,0/1,0,0,0,0,0 24 18 N");
    let before = r.parse_position(from).unwrap();
    let e = r.effect(&before, OwareMove(6)).unwrap();
    assert_eq!(
        e.last,
        Some(Spot::Hole {
            owner: Player::North,
            index: 3
        })
    );
    assert_eq!(e.last_count, 2);
    assert_eq!(e.captured_seeds, 7);
    assert_eq!(e.captured.len(), 3);
    assert_eq!(e.stores, [7, 0]);
    assert!(!e.again && !e.swept);
    // The chain stops at a house of 1: a=0 becomes 1, b=1 and c=1 become 2 and are taken.
    let (_, s) = after("oware", "0,0,5,1,1,0/1,0,0,0,0,3 17 20 S", &["F"]);
    assert_eq!(s.to_string(), "0,0,5,0,0,1/1,0,0,0,0,0 21 20 N");
}

#[test]
fn a_lap_of_twelve_skips_the_origin() {
    // South's A with 12 seeds: B..F, a..f, then B again (A skipped): the last seed is his.
    let (_, s) = after("oware", "1,1,1,1,1,1/12,0,0,0,0,0 15 15 S", &["A"]);
    assert_eq!(s.to_string(), "2,2,2,2,2,2/0,2,1,1,1,1 15 15 N");
    // 17 seeds: a whole lap of 11 houses, then B..F and a: a = 1 + 1 + 1 = 3 is captured.
    let (_, s) = after("oware", "1,1,1,1,1,1/17,0,0,0,0,0 12 13 S", &["A"]);
    assert_eq!(s.to_string(), "2,2,2,2,2,0/0,2,2,2,2,2 15 13 N");
}

/// North: a=1, b=2 and nothing else. South's F (2 seeds) makes a=2, b=3: the chain from b
/// takes every seed North has, a grand slam. South also has A=1 (a quiet move to B).
const SLAM: &str = "0,0,0,0,2,1/1,0,0,0,0,2 18 24 S";

#[test]
fn a_grand_slam_under_each_rule() {
    // Abapa: legal, captures nothing.
    let (_, s) = after("oware", SLAM, &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,3,2/1,0,0,0,0,0 18 24 N");
    // Illegal while another move exists...
    let r = rules("oware:grand-slam=illegal");
    let s = r.parse_position(SLAM).unwrap();
    assert_eq!(r.legal_moves(&s).to_vec(), [OwareMove(1)]);
    let err = r.parse_move(&s, "F").unwrap_err();
    assert!(err.to_string().contains("grand slam"), "{err}");
    // ...legal, and capturing nothing, when every move is one: South's E (3 seeds: F, a,
    // b) and F (2 seeds: a, b) both make a=2, b=3.
    let only = "0,0,0,0,2,1/0,0,0,0,3,2 16 24 S";
    let r = rules("oware:grand-slam=illegal");
    let s = r.parse_position(only).unwrap();
    assert_eq!(r.legal_moves(&s).to_vec(), [OwareMove(5), OwareMove(6)]);
    let (r, s) = after("oware:grand-slam=illegal", only, &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,3,2/0,0,0,0,3,0 16 24 N");
    assert!(r.outcome(&s).is_none());
    // The capture happens: North has no seed and no move, the game ends, and South takes
    // the seed on his side: 18 + 5 + 1 = 24 against 24.
    let (r, s) = after("oware:grand-slam=capture", SLAM, &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 24 24 N");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Draw {
            score: Some(score(24, 24))
        })
    );
    // All but the last house sown (b, 3 seeds) or the first (a, 2 seeds).
    let (_, s) = after("oware:grand-slam=leave-last", SLAM, &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,3,0/1,0,0,0,0,0 20 24 N");
    let (_, s) = after("oware:grand-slam=leave-first", SLAM, &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,0,2/1,0,0,0,0,0 21 24 N");
}

#[test]
fn a_player_must_feed_an_opponent_without_seeds() {
    // North has nothing: South's A (1 seed, to B) does not reach him, E (2 seeds: F, a) does.
    let r = Oware::default();
    let s = r.parse_position("0,0,0,0,0,0/1,0,0,0,2,0 22 23 S").unwrap();
    assert_eq!(r.legal_moves(&s).to_vec(), [OwareMove(5)]);
    let err = r.parse_move(&s, "A").unwrap_err();
    assert!(err.to_string().contains("must feed"), "{err}");
    let (_, s) = after("oware", "0,0,0,0,0,0/1,0,0,0,2,0 22 23 S", &["E"]);
    assert_eq!(s.to_string(), "0,0,0,0,0,1/1,0,0,0,0,1 22 23 N");
}

#[test]
fn a_mover_who_cannot_feed_ends_the_game_and_takes_the_seeds_left() {
    // South's F (1 seed) to North's a: South is left with nothing, and North's a (1 seed)
    // and b (1 seed) cannot reach him. The game ends; North takes his 2 seeds: 25-23.
    let (r, s) = after("oware", "0,0,0,0,1,0/0,0,0,0,0,1 23 23 S", &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 23 25 N");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::North,
            score: Some(score(23, 25))
        })
    );
    assert!(r.legal_moves(&s).is_empty());
    // The position before the division is not one the game can stand in.
    assert!(matches!(
        r.parse_position("0,0,0,0,1,1/0,0,0,0,0,0 23 23 N"),
        Err(PositionError::Impossible(_))
    ));
}

#[test]
fn twenty_five_wins_at_once() {
    // South's F to North's a (1 -> 2): 2 seeds, and 23 + 2 = 25 of 48.
    let from = "0,0,0,0,5,1/0,0,0,0,0,1 23 18 S";
    let (r, s) = after("oware", from, &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,5,0/0,0,0,0,0,0 25 18 N");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::South,
            score: Some(score(25, 18))
        })
    );
    assert!(r.legal_moves(&s).is_empty());
    // Under divide-on-win (OpenSpiel) North also takes the 5 seeds on his side.
    let (r, s) = after("oware:divide-on-win", from, &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 25 23 N");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::South,
            score: Some(score(25, 23))
        })
    );
    // 24-24 is a draw.
    let (r, s) = after("oware", "0,0,0,0,0,0/0,0,0,0,0,1 24 23 S", &["F"]);
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 24 24 N");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Draw {
            score: Some(score(24, 24))
        })
    );
}

#[test]
fn the_ply_limit_divides_the_board() {
    let r = rules("oware:max-plies=2");
    let mut s = r.start();
    r.try_play(&mut s, OwareMove(3)).unwrap();
    assert_eq!(s.to_string(), "4,4,4,4,4,5/4,4,0,5,5,5 0 0 N ply=1");
    r.try_play(&mut s, OwareMove(1)).unwrap();
    // North's a (5 seeds) to b..f; then each side's seeds go to its owner: 23 and 25.
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 23 25 S ply=2");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::North,
            score: Some(score(23, 25))
        })
    );
    assert!(matches!(
        Oware::default().parse_position("4,4,4,4,4,5/4,4,0,5,5,5 0 0 N ply=1"),
        Err(PositionError::Impossible(_))
    ));
    assert!(matches!(
        r.parse_position("4,4,4,4,4,5/4,4,0,5,5,5 0 0 N ply=3"),
        Err(PositionError::Impossible(_))
    ));
}

/// Three seeds that go round the board: twelve plies from `CYCLE` the position repeats.
const CYCLE: &str = "1,0,1,0,0,0/0,0,0,0,0,1 22 23 S";
const CYCLE_MOVES: [&str; 12] = ["F", "f", "A", "d", "B", "a", "C", "e", "D", "b", "E", "c"];

/// The record of the cycle's first eleven plies: North's `c` would repeat the start.
fn cycle_record(ruleset: &str) -> GameRecord<Oware> {
    let r = rules(ruleset);
    let start = r.parse_position(CYCLE).unwrap();
    GameRecord::replay(r, Some(start), CYCLE_MOVES[..11].iter().copied()).unwrap()
}

#[test]
fn a_repeated_position_ends_the_record_with_the_division() {
    for ruleset in ["oware", "oware:max-plies=100"] {
        let mut game = cycle_record(ruleset);
        assert_eq!((game.repeats(), game.outcome()), (None, None));
        // Positions repeat only as the record knows them: the state alone plays on.
        assert!(!game.rules().is_over(game.current()));
        game.play_text("c").unwrap();
        assert_eq!(game.repeats(), Some(0), "{ruleset}");
        let north = Outcome::Win {
            winner: Player::North,
            score: Some(score(23, 25)),
        };
        assert_eq!(game.outcome(), Some(north));
        assert!(game.is_over() && game.legal_moves().is_empty());
        assert!(!game.is_legal(OwareMove(6)));
        assert_eq!(game.random_move(&mut SplitMix64::new(1)), None);
        let refused = game.play_text("F").unwrap_err();
        assert!(
            matches!(
                &refused,
                MoveParseError::Illegal {
                    reason: IllegalReason::GameOver,
                    ..
                }
            ),
            "{refused:?}"
        );
        assert_eq!(game.ply(), 12);
        // Back one ply, another move plays on.
        game.undo();
        game.play_text("f").unwrap();
        assert_eq!((game.repeats(), game.outcome()), (None, None));
    }
    // A record whose moves go on past the repetition does not replay.
    let r = rules("oware");
    let start = r.parse_position(CYCLE).unwrap();
    let on = CYCLE_MOVES.iter().chain(&["F"]).copied();
    assert!(GameRecord::replay(r, Some(start), on).is_err());
}

#[test]
fn the_search_scores_a_repetition_of_the_game_as_the_division() {
    let game = cycle_record("oware");
    let r = game.rules().clone();
    for depth in [1, 4] {
        // With the game's positions, North's c repeats the start: the division wins by 2.
        let with = AlphaBeta::new(Limits::depth(depth)).search_in(&r, game.positions());
        assert_eq!(
            with.best.map(|m| r.format_move(game.current(), m)),
            Some("c".into())
        );
        assert_eq!(with.value, WIN + 2, "depth {depth}");
        // From the position alone, nothing repeats: a seed ahead, no win.
        let alone = AlphaBeta::new(Limits::depth(depth)).search(&r, game.current());
        assert!(alone.value < WIN, "depth {depth}: {}", alone.value);
    }
    // The same through an agent's `choose_in`.
    let mut agent = "alphabeta:depth=3"
        .parse::<AgentSpec>()
        .unwrap()
        .build::<Oware>()
        .unwrap();
    let mv = agent.choose_in(&r, game.positions()).unwrap();
    assert_eq!(r.format_move(game.current(), mv), "c");
}

#[test]
fn the_match_runner_and_the_engine_end_a_game_at_a_repetition() {
    let mut game = cycle_record("oware");
    let spec = "alphabeta:depth=2".parse::<AgentSpec>().unwrap();
    let (mut south, mut north) = (
        spec.build::<Oware>().unwrap(),
        spec.build::<Oware>().unwrap(),
    );
    play_game(&mut game, [&mut *south, &mut *north], 100).unwrap();
    assert_eq!((game.ply(), game.repeats()), (12, Some(0)));

    let moves = CYCLE_MOVES[..11].join(" ");
    let answers = |input: String| {
        let engine = Engine::new("oware".parse().unwrap(), spec, Vec::new()).unwrap();
        let output = String::from_utf8(serve(input.as_bytes(), engine).unwrap()).unwrap();
        let lines: Vec<String> = output
            .lines()
            .filter(|l| !l.starts_with("info"))
            .map(String::from)
            .collect();
        lines
    };
    assert_eq!(
        answers(format!("position {CYCLE} moves {moves}\ngo depth 3\n")),
        ["bestmove c"]
    );
    assert_eq!(
        answers(format!(
            "position {CYCLE} moves {moves} c\nshow\nlegal\ngo depth 3\nplay F\n"
        )),
        [
            format!("position {CYCLE}"),
            "tomove South".into(),
            "outcome 0-1 score 23-25".into(),
            "legal".into(),
            "bestmove none".into(),
            "error move F: illegal move F: the game is over".into(),
        ]
    );
}

#[test]
fn a_batch_of_environments_ends_a_game_at_a_repetition() {
    use sowing::encode::{Batch, BatchOptions, Buffers, Encoding, Reward};
    let r = rules("oware");
    let start = r.parse_position(CYCLE).unwrap();
    let options = BatchOptions {
        reward: Reward::Margin,
        max_plies: None,
    };
    let mut batch = Batch::new(r.clone(), 2, options);
    let (k, m) = (batch.observation_len(), batch.num_actions());
    let (mut o, mut f, mut w) = (vec![0.0; 2 * k], vec![0.0; 2 * k], vec![0.0; 4]);
    let (mut te, mut tr, mut to, mut ma) = (
        vec![false; 2],
        vec![false; 2],
        vec![0; 2],
        vec![false; 2 * m],
    );
    let mut out = Buffers {
        observations: &mut o,
        final_observations: &mut f,
        rewards: &mut w,
        terminated: &mut te,
        truncated: &mut tr,
        to_move: &mut to,
        masks: &mut ma,
    };
    batch.reset(1, &mut out).unwrap();
    // Both games from the cycle's position; game 1 plays its twelfth ply another way.
    for env in 0..2 {
        batch.start_game(env, start, 0, &mut out, None).unwrap();
    }
    let mut s = start;
    for (ply, text) in CYCLE_MOVES.iter().enumerate() {
        let a = r
            .move_to_action(&s, r.parse_move(&s, text).unwrap())
            .unwrap();
        let other = if ply == 11 {
            r.move_to_action(&s, r.parse_move(&s, "f").unwrap())
                .unwrap()
        } else {
            a
        };
        batch.step(&[a, other], &mut out).unwrap();
        let mv = r.parse_move(&s, text).unwrap();
        r.try_play(&mut s, mv).unwrap();
        let ended = ply == 11;
        assert_eq!(out.terminated.to_vec(), [ended, false], "ply {ply}");
    }
    // Each side takes the seeds on its side: South 22 + 1, North 23 + 2.
    assert_eq!(out.rewards.to_vec(), [-2.0, 2.0, 0.0, 0.0]);
    assert_eq!(batch.episode_lengths()[0], 12);
    assert_eq!(batch.states()[0], r.start(), "the game starts again");
    assert_eq!(batch.plies(), [0, 12]);
}

#[test]
fn ruleset_text_round_trips_and_errors_are_typed() {
    for text in RULESETS {
        assert_eq!(rules(text).to_string(), text);
    }
    let s: OwareSettings = "oware: grand-slam = capture , houses=5".parse().unwrap();
    assert_eq!(s.grand_slam, GrandSlam::Capture);
    assert_eq!(s.to_string(), "oware:houses=5,grand-slam=capture");
    assert_eq!(OwareSettings::OPENSPIEL.to_string(), "oware:divide-on-win");
    assert!(matches!(
        "oware:houses=0".parse::<Oware>(),
        Err(RulesetParseError::Settings(
            SettingsError::OutOfRange { .. }
        ))
    ));
    assert!(matches!(
        "oware:houses=8,seeds=16".parse::<Oware>(),
        Err(RulesetParseError::Settings(
            SettingsError::TooManySeeds { .. }
        ))
    ));
    assert!(matches!(
        "oware:max-plies=0".parse::<Oware>(),
        Err(RulesetParseError::Settings(_))
    ));
    assert!(matches!(
        "oware:grand-slam".parse::<Oware>(),
        Err(RulesetParseError::BadSwitch { .. })
    ));
    assert!(matches!(
        "oware:grand-slam=never".parse::<Oware>(),
        Err(RulesetParseError::BadValue { .. })
    ));
    assert!(matches!(
        "oware:houses=4,houses=5".parse::<Oware>(),
        Err(RulesetParseError::Repeated { .. })
    ));
    assert!(matches!(
        "oware:pie".parse::<Oware>(),
        Err(RulesetParseError::UnknownSwitch { .. })
    ));
    let any: sowing::AnyRuleset = "oware:houses=4".parse().unwrap();
    assert_eq!(any.to_string(), "oware:houses=4");
}

#[test]
fn position_text_errors_say_what_and_where() {
    let err = |text: &str| text.parse::<OwareState>().unwrap_err();
    let e = err("4,4,4,4,4,4/4,4,4,4,4 0 0 S");
    assert!(matches!(e.problem, TextProblem::RowsDiffer { .. }));
    let e = err("4,4,4,4,4,4/4,4,4,4,4,4 0 0 X");
    assert_eq!((e.offset, e.field), (28, "side to move"));
    let e = err("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply=x");
    assert_eq!(e.field, "ply");
    let e = err("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S turn=3");
    assert!(matches!(e.problem, TextProblem::Unexpected { .. }));
    let e = err("1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1 0 0 S");
    assert!(matches!(e.problem, TextProblem::TooLarge { .. }));
    let r = Oware::default();
    assert!(matches!(
        r.parse_position("4,4,4,4/4,4,4,4 16 0 S"),
        Err(PositionError::WrongSize { .. })
    ));
    assert!(matches!(
        r.parse_position("4,4,4,4,4,4/4,4,4,4,4,4 1 0 S"),
        Err(PositionError::WrongSeedTotal { .. })
    ));
}

#[test]
fn illegal_moves_are_refused_with_the_state_handed_back() {
    let r = Oware::default();
    let mut s = r.start();
    r.try_play(&mut s, OwareMove(1)).unwrap();
    r.try_play(&mut s, OwareMove(1)).unwrap();
    let before = s;
    let err = r.try_play(&mut s, OwareMove(1)).unwrap_err(); // South's A is empty
    assert_eq!(err.mv, "A");
    assert_eq!(
        err.reason,
        IllegalReason::Forbidden("house A is empty".into())
    );
    assert_eq!(s, before);
    assert!(r.try_play(&mut s, OwareMove(7)).is_err());
    assert!(r.try_play(&mut s, OwareMove(0)).is_err());
    assert_eq!(s, before);
}

#[test]
fn states_of_another_board_never_panic() {
    // Every method returns for a state that does not validate under the ruleset.
    let r = Oware::default();
    let mut rng = SplitMix64::new(3);
    for text in [
        "1/0 0 0 S",
        "0,0,0,0,0,0,0,200/9,0,0,0,0,0,0,9 0 0 N",
        "3,3,3/3,3,3 200 0 S ply=7",
        "0,0,0,0,0,0/0,0,0,0,0,0 0 0 S",
        "255,0,0,0,0,0/0,0,0,0,0,0 0 0 N",
    ] {
        let s: OwareState = text.parse().unwrap();
        assert!(r.validate(&s).is_err(), "{text}");
        let _ = (
            r.legal_moves(&s),
            r.outcome(&s),
            r.seed_count(&s),
            r.hash(&s),
        );
        let _ = (r.evaluate(&s), r.null_move(&s), r.random_move(&s, &mut rng));
        let _ = (r.observation(&s), r.legal_actions(&s), r.picture(&s));
        for h in 0..=9 {
            let mv = OwareMove(h);
            let _ = (r.effect(&s, mv), r.format_move(&s, mv), r.is_legal(&s, mv));
            let mut t = s;
            r.play_unchecked(&mut t, mv);
            let _ = r.try_play(&mut t, mv);
        }
        let mut t = s;
        r.playout(&mut t, &mut rng, 50);
    }
}

#[test]
fn pictures_show_both_rows_and_the_stores() {
    let r = Oware::default();
    let (_, s) = after("oware", "0,0,5,1,2,1/1,0,0,0,0,3 17 18 S", &[]);
    let text = r.picture(&s);
    assert!(
        text.contains("North") && text.contains("South  <- to move"),
        "{text}"
    );
    let svg = r.picture_svg_with(&s, Some(&r.highlight(&s, OwareMove(6))));
    assert!(
        svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
        "{svg}"
    );
    // The houses carry their letters: South's capitals, North's small ones.
    assert!(text.contains(" A ") && text.contains(" f "), "{text}");
    assert!(svg.contains(">A<") && svg.contains(">f<"), "{svg}");
}

#[test]
fn the_encoding_follows_the_rules() {
    let r = Oware::default();
    let mut s = r.start();
    assert_eq!(r.num_actions(), 6);
    assert_eq!(r.observation_len(), 15);
    r.play_action(&mut s, 2).unwrap();
    assert_eq!(
        r.observation(&s),
        [5., 4., 4., 4., 4., 4., 4., 4., 0., 5., 5., 5., 0., 0., 0.]
    );
    let r = rules("oware:max-plies=10");
    let mut s = r.start();
    r.play_action(&mut s, 0).unwrap();
    assert_eq!(r.observation(&s)[14], 9.0);
}

// ---------------------------------------------------------------------------------------------
// The conformance harness and property tests.

#[test]
fn the_conformance_harness_passes_under_every_switch() {
    for (i, text) in RULESETS.iter().enumerate() {
        let config = Config {
            max_plies: 300,
            ..Config::DEFAULT
        };
        let report = testing::check_random_games_with(&rules(text), i as u64, 6, &config)
            .unwrap_or_else(|f| panic!("{f}"));
        assert!(report.plies > 0 && report.perft > 0, "{text}: {report:?}");
    }
}

fn settings() -> impl Strategy<Value = OwareSettings> {
    (
        1u8..=8,
        1u8..=7,
        0usize..5,
        any::<bool>(),
        prop::option::of(1u32..80),
    )
        .prop_filter_map("too many seeds", |(houses, seeds, g, divide, max)| {
            let s = OwareSettings {
                houses,
                seeds,
                grand_slam: GrandSlam::ALL[g],
                divide_on_win: divide,
                max_plies: max,
            };
            s.validate().is_ok().then_some(s)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Seeds are conserved, the legal moves are the non-empty houses (those that feed, when
    /// the opponent has none), and the text round-trips, in random games under random
    /// settings.
    #[test]
    fn invariants_hold_in_random_games(settings in settings(), seed in any::<u64>()) {
        let r = Oware::new(settings).unwrap();
        let total = r.total_seeds();
        let mut rng = SplitMix64::new(seed);
        let mut s = r.start();
        // Random games need not end (one house a row cycles for ever): at most 1,000 plies.
        for _ in 0..1000 {
            prop_assert_eq!(r.seed_count(&s).total(), total);
            prop_assert_eq!(s.to_string().parse::<OwareState>().unwrap(), s);
            prop_assert!(r.validate(&s).is_ok());
            let moves = r.legal_moves(&s);
            prop_assert_eq!(moves.is_empty(), r.outcome(&s).is_some());
            let me = s.to_move();
            let starved = s.seeds_on_side(!me) == 0;
            for mv in moves.iter() {
                let seeds = usize::from(s.house(me, usize::from(mv.0)));
                prop_assert!(seeds > 0);
                prop_assert!(!starved || seeds > s.houses() - usize::from(mv.0));
            }
            match r.random_move(&s, &mut rng) {
                Some(mv) => r.play_unchecked(&mut s, mv),
                None => break,
            }
        }
    }

    #[test]
    fn text_never_panics(position in ".{0,40}", mv in ".{0,4}", ruleset in ".{0,30}") {
        let r = Oware::default();
        let config = &Config::DEFAULT;
        if let Some(state) = testing::check_position_text(&r, &position, config).unwrap() {
            testing::check_position(&r, &state, &[], config).unwrap();
            testing::check_move_text(&r, &state, &mv, config).unwrap();
        }
        testing::check_move_text(&r, &r.start(), &mv, config).unwrap();
        testing::check_ruleset_text::<Oware>(&ruleset).unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// OpenSpiel.

/// One position of the OpenSpiel file: houses A..F, a..f, the stores, the mover (`E`: over).
fn openspiel_block(block: &[u8]) -> (Vec<u32>, [u32; 2], u8) {
    let v: Vec<u32> = block[..14].iter().map(|&c| u32::from(c - b'0')).collect();
    (v[..12].to_vec(), [v[12], v[13]], block[14])
}

/// 1,000 random games of OpenSpiel's `oware` (tests/data/oware/openspiel_games.py), replayed
/// position by position in a [`GameRecord`] under `oware:divide-on-win`: the board, both
/// stores, the player to move and the end agree everywhere. Where OpenSpiel ends a game on a
/// repeated position, the record ends it too (it holds the history a position does not): its
/// position repeats an earlier one, no move is legal, and its outcome is OpenSpiel's final
/// score, each side's seeds given to its owner.
#[test]
fn random_games_of_openspiel_replay_position_by_position() {
    let data = include_str!("data/oware/openspiel_games.txt");
    let r = Oware::new(OwareSettings::OPENSPIEL).unwrap();
    let (mut games, mut positions, mut repetitions) = (0, 0, 0);
    let mut rules_seen = [0usize; 3];
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (actions, blocks) = line.split_once(' ').unwrap();
        let blocks: Vec<&[u8]> = blocks.as_bytes().chunks(15).collect();
        assert_eq!(blocks.len(), actions.len() + 1, "game {games}");
        let mut game = GameRecord::new(r.clone());
        for (ply, block) in blocks.iter().enumerate() {
            let s = *game.current();
            let at = format!("game {games} ply {ply}: {s}");
            let (houses, stores, mover) = openspiel_block(block);
            let ours = as_reference(&s);
            if game.repeats().is_some() {
                // OpenSpiel's repetition rule: the game ends with the division of rule 8.
                let side = |p: usize| ours.board[6 * p..6 * p + 6].iter().sum::<u32>();
                let divided = [ours.stores[0] + side(0), ours.stores[1] + side(1)];
                assert_eq!(
                    (houses, stores, mover),
                    (vec![0; 12], divided, b'E'),
                    "{at}"
                );
                assert_eq!(ply, actions.len(), "{at}");
                assert!(game.is_over() && game.legal_moves().is_empty(), "{at}");
                assert!(!r.is_over(&s), "{at}: over by the rules too");
                let score = game.outcome().and_then(|o| o.score());
                assert_eq!(score, Some(self::score(divided[0], divided[1])), "{at}");
                repetitions += 1;
            } else {
                let expected = if game.is_over() {
                    b'E'
                } else {
                    r.to_move(&s).letter() as u8
                };
                assert_eq!(
                    (houses, stores, mover),
                    (ours.board, ours.stores, expected),
                    "{at}"
                );
            }
            positions += 1;
            if let Some(a) = actions.as_bytes().get(ply) {
                let mv = r.action_to_move(&s, usize::from(a - b'0')).unwrap();
                let me = s.to_move();
                let e = r.effect(&s, mv).unwrap();
                // What the games exercise: grand slams (a last seed making 2 or 3 on the
                // opponent's side and no capture), forced feeds, divisions, wins at once.
                let slam = matches!(e.last, Some(Spot::Hole { owner, .. }) if owner != me)
                    && (2..=3).contains(&e.last_count)
                    && !e.captures();
                rules_seen[0] += usize::from(slam);
                rules_seen[1] += usize::from(s.seeds_on_side(!me) == 0);
                rules_seen[2] += usize::from(e.swept);
                game.play(mv).unwrap_or_else(|e| panic!("{at}: {e}"));
            }
        }
        games += 1;
    }
    assert_eq!(games, 1000);
    assert_eq!((positions, repetitions), (102_691, 85));
    assert!(rules_seen.iter().all(|&k| k > 0), "{rules_seen:?}");
    eprintln!(
        "{games} games, {positions} positions, {repetitions} ended by repetition; grand slams, \
         forced feeds, divisions: {rules_seen:?}"
    );
}

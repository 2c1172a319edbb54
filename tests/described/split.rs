//! The split row (`sow=split`) and the holes whose way the mover chooses (`choice-holes`),
//! as MancalaGames' SPLIT and `udir_holes` play them (their Alemungula, Cow and Goat), each
//! worked by hand on a small board.
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it. Clockwise from South's hole 1 is North's hole h
//! (the first number of the top row); counter-clockwise from South's hole h is North's hole 1.

use crate::support::after;
use sowing::described::mancalagames::{self, MancalaGamesError};
use sowing::described::{ChainWay, Direction, Mancala, MancalaMove, MancalaState, Way};
use sowing::encode::Encoding;
use sowing::{RandomSource, Ruleset, SettingsError, WyRand};

/// Their Alemungula as the reader describes it: five holes of five, split sowing with the
/// middle hole chosen, captures of 2 and 4 on the opponent's row in a chain back against
/// the sowing.
const ALEMUNGULA: &str = "mancala:holes=5,seeds=5,sow=split,stores=none,choice-holes=3,\
    capture=2.4,chain,grand-slam=capture,grand-slam-if-seeded,opposite=off,again=none,\
    end=stuck,half-wins,too-few=2";

/// Their Cow: Alemungula with two seeds needed to move, and a pass for a player without one.
const COW: &str = "mancala:holes=5,seeds=5,sow=split,stores=none,min-seeds=2,choice-holes=3,\
    capture=2.4,chain,grand-slam=capture,grand-slam-if-seeded,opposite=off,again=none,\
    end=stuck,half-wins,pass";

/// Their Goat: three holes of three, the middle one chosen, captures of 2.
const GOAT: &str = "mancala:holes=3,seeds=3,sow=split,stores=none,min-seeds=2,choice-holes=2,\
    capture=2,chain,grand-slam=capture,grand-slam-if-seeded,opposite=off,again=none,\
    end=stuck,half-wins,pass";

/// The legal moves of `position`, as text, sorted.
fn moves(rules: &str, position: &str) -> Vec<String> {
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = position.parse().unwrap();
    let mut out: Vec<String> = game
        .legal_moves(&s)
        .iter()
        .map(|&m| game.format_move(&s, m))
        .collect();
    out.sort();
    out
}

#[test]
fn a_left_half_hole_sows_clockwise_and_the_chain_comes_back_counter_clockwise() {
    // South's hole 1 (3 seeds) sows North's holes 5, 4, 3 (2, 3, 1 before): hole 3 makes 2,
    // captured; the chain goes back the way the seeds came: hole 4 makes 4, captured, hole 5
    // makes 3, not, and the chain stops. 6 taken.
    assert_eq!(
        after(ALEMUNGULA, "2,3,1,4,4/3,0,1,2,2 14 14 S", &["1"]),
        "3,0,0,4,4/0,0,1,2,2 20 14 N"
    );
}

#[test]
fn a_right_half_hole_sows_counter_clockwise_and_the_chain_comes_back_clockwise() {
    // South's hole 5 (3 seeds) sows North's holes 1, 2, 3 (2, 3, 1 before): hole 3 makes 2,
    // hole 2 makes 4, both taken; hole 1 makes 3 and stops the chain.
    assert_eq!(
        after(ALEMUNGULA, "4,4,1,3,2/2,2,1,0,3 14 14 S", &["5"]),
        "4,4,0,0,3/2,2,1,0,0 20 14 N"
    );
}

#[test]
fn the_middle_hole_sows_the_way_the_mover_chooses() {
    let before = "1,3,2,1,1/1,1,4,1,1 17 17 S";
    // Right: South's holes 4 and 5, then North's 1 and 2 (both 1 before): North's 2 makes
    // 2, taken, and the chain comes back clockwise to North's 1, 2, taken; the row ends.
    assert_eq!(
        after(ALEMUNGULA, before, &["3R"]),
        "1,3,2,0,0/1,1,0,2,2 21 17 N"
    );
    // Left: South's holes 2 and 1, then North's 5 (1) and 4 (3): North's 4 makes 4, taken,
    // and the chain comes back counter-clockwise to North's 5, 2, taken; the row ends.
    assert_eq!(
        after(ALEMUNGULA, before, &["3L"]),
        "0,0,2,1,1/2,2,0,1,1 23 17 N"
    );
    // The middle hole has no way of its own, and the others no choice.
    let game: Mancala = ALEMUNGULA.parse().unwrap();
    let s: MancalaState = before.parse().unwrap();
    for bad in ["3", "1R", "1L", "5L"] {
        assert!(game.parse_move(&s, bad).is_err(), "{bad}");
    }
    assert_eq!(moves(ALEMUNGULA, before), ["1", "2", "3L", "3R", "4", "5"]);
}

#[test]
fn north_splits_his_own_row_from_his_own_left() {
    // North's hole 1 is in his left half: clockwise, into South's holes 5 and 4 (1 each
    // before); South's 4 makes 2, taken, and the chain comes back to South's 5, 2, taken.
    assert_eq!(
        after(ALEMUNGULA, "1,1,1,1,2/2,2,2,1,1 18 18 N", &["1"]),
        "1,1,1,1,0/2,2,2,0,0 18 22 S"
    );
    // North's hole 5 is in his right half: counter-clockwise, into South's holes 1 and 2.
    assert_eq!(
        after(ALEMUNGULA, "2,1,1,1,1/1,1,2,2,2 18 18 N", &["5"]),
        "0,1,1,1,1/0,0,2,2,2 18 22 S"
    );
}

#[test]
fn goat_chooses_at_its_middle_hole_and_needs_two_seeds_to_move() {
    let before = "1,1,1/2,2,1 5 5 S";
    // Hole 3 holds one seed: not a move under min-seeds=2.
    assert_eq!(moves(GOAT, before), ["1", "2L", "2R"]);
    // Hole 1 sows clockwise into North's 3 and 2, both made 2: taken, the chain back. North
    // is left without a hole of two: he passes.
    assert_eq!(after(GOAT, before, &["1"]), "0,0,1/0,2,1 9 5 S");
    // Hole 2 right: South's 3, then North's 1 made 2, taken; the chain back (clockwise)
    // leaves North's row at once. (North, without a hole of two, passes.)
    assert_eq!(after(GOAT, before, &["2R"]), "1,1,0/2,0,2 7 5 S");
    // Hole 2 left: South's 1, then North's 3 made 2, taken; North's row ends there.
    assert_eq!(after(GOAT, before, &["2L"]), "0,1,1/3,0,1 7 5 S");
    // With a hole of two North moves: his hole 1 (left half) sows clockwise into South's
    // 3 and 2, both made 2 and taken, the chain coming back.
    assert_eq!(
        after(GOAT, "1,1,2/2,1,1 5 5 N", &["1"]),
        "1,1,0/2,0,0 5 9 S"
    );
}

#[test]
fn cow_passes_a_player_without_two_seeds_in_a_hole() {
    // South's hole 1 sows clockwise into North's 5 and 4, both made 2 and taken. North has
    // no hole of two left: he passes, and South (whose hole 5 holds two) moves again.
    assert_eq!(
        after(COW, "1,1,1,1,1/2,0,0,0,2 18 23 S", &["1"]),
        "0,0,1,1,1/0,0,0,0,2 22 23 S"
    );
}

#[test]
fn chosen_holes_under_a_fixed_way_chain_against_that_way() {
    // A counter-clockwise game whose hole 1 the mover may sow either way, the chain going
    // clockwise whatever the move (their engine's chain goes against the configured way).
    let rules = "mancala:holes=4,seeds=3,stores=none,choice-holes=1,capture=2.3,chain,\
        chain-way=cw,grand-slam=capture,opposite=off,again=none,end=stuck";
    let before = "1,1,2,3/2,1,1,1 6 6 S";
    assert_eq!(moves(rules, before), ["1L", "1R", "2", "3", "4"]);
    // 1L sows North's 4 and 3 (made 2 each); North's 3 is taken and the chain goes on
    // clockwise, away from the sown hole: North's 2 (2) and 1 (3) taken, North's 4 left.
    assert_eq!(after(rules, before, &["1L"]), "2,0,0,0/0,1,1,1 13 6 N");
    // Against the sowing instead, the chain takes North's 4 and stops at the row's end.
    let back = rules.replace(",chain-way=cw", "");
    assert_eq!(after(&back, before, &["1L"]), "0,0,2,3/0,1,1,1 10 6 N");
    // 1R sows South's own holes: nothing taken.
    assert_eq!(after(rules, before, &["1R"]), "1,1,2,3/0,2,2,1 6 6 N");
}

#[test]
fn the_text_switches_read_print_and_check() {
    let game: Mancala = "mancala:holes=5,sow=split,choice-holes=3.1"
        .parse()
        .unwrap();
    assert_eq!(game.description().sowing.direction, Direction::Split);
    assert_eq!(game.description().sowing.choice_holes, 0b101);
    assert_eq!(
        game.to_string(),
        "mancala:holes=5,sow=split,choice-holes=1.3"
    );
    assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
    let conflict = |text: &str| match text.parse::<Mancala>() {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{text} should not build"),
    };
    // An odd row split without its middle chosen.
    assert!(conflict("mancala:holes=5,sow=split").contains("middle hole"));
    assert!(conflict("mancala:holes=5,sow=split,choice-holes=2").contains("middle hole"));
    // A hole past the row, a choice under sow=choice, and bad values.
    assert!(conflict("mancala:holes=4,choice-holes=5").contains("past the end"));
    assert!(conflict("mancala:sow=choice,choice-holes=1").contains("already chosen"));
    for bad in ["0", "16", "1.1", "x", ""] {
        assert!(
            format!("mancala:choice-holes={bad}")
                .parse::<Mancala>()
                .is_err(),
            "{bad}"
        );
    }
    // An even row splits without a choice.
    let even: Mancala = "mancala:sow=split".parse().unwrap();
    assert_eq!(
        moves("mancala:sow=split", "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S"),
        ["1", "2", "3", "4", "5", "6"]
    );
    // Kalah's holes 1 to 3 sow clockwise: from hole 1 past North's store (not South's to
    // sow) into North's holes 6 to 3.
    assert_eq!(
        after("mancala:sow=split", "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S", &["1"]),
        "5,5,5,5,4,4/0,4,4,4,4,4 0 0 N"
    );
    assert_eq!(even.num_actions(), 6);
    assert!(matches!(
        "mancala:holes=4,choice-holes=5".parse::<Mancala>(),
        Err(sowing::RulesetParseError::Settings(
            SettingsError::Conflict(_)
        ))
    ));
}

#[test]
fn actions_cover_each_hole_and_each_chosen_way() {
    let game: Mancala = ALEMUNGULA.parse().unwrap();
    let s = game.start();
    // Five holes, and the middle one's left way.
    assert_eq!(game.num_actions(), 6);
    let expect = ["1", "2", "3R", "4", "5", "3L"];
    for (a, text) in expect.iter().enumerate() {
        let mv = game.action_to_move(&s, a).unwrap();
        assert_eq!(mv.to_string(), *text);
        assert_eq!(game.move_to_action(&s, mv), Some(a));
    }
    assert_eq!(game.action_to_move(&s, 6), None);
    let two: Mancala = "mancala:choice-holes=2.5".parse().unwrap();
    assert_eq!(two.num_actions(), 8);
    let s = two.start();
    let left = |hole| MancalaMove {
        hole,
        way: Way::Left,
    };
    assert_eq!(two.move_to_action(&s, left(1)), Some(6));
    assert_eq!(two.move_to_action(&s, left(4)), Some(7));
    assert_eq!(two.move_to_action(&s, left(0)), None);
    // sow=choice keeps its actions: h..2h are the holes sowing left.
    let choice: Mancala = "mancala:sow=choice".parse().unwrap();
    assert_eq!(choice.num_actions(), 12);
    assert_eq!(choice.action_to_move(&choice.start(), 9), Some(left(3)));
}

/// A file of theirs, written here from the parameters (not copied).
fn file(holes: u8, seeds: u8, info: &str) -> String {
    format!(
        r#"{{"game_class": "Mancala",
            "game_constants": {{"holes": {holes}, "nbr_start": {seeds}}},
            "game_info": {{"name": "a test", "stores": true, "quitter": 4, {info}}},
            "player": {{}}}}"#
    )
}

#[test]
fn their_alemungula_cow_and_goat_load_as_described() {
    let base = r#""capt_on": [2, 4], "capt_side": 1, "multicapt": -1, "sow_direct": 0,
                  "udir_holes": [2]"#;
    let alemungula = mancalagames::read(&file(5, 5, &format!("{base}, \"min_move\": 1"))).unwrap();
    assert_eq!(
        alemungula,
        *ALEMUNGULA.parse::<Mancala>().unwrap().description()
    );
    let cow = format!("{base}, \"min_move\": 2, \"mustpass\": true");
    let cow = mancalagames::read(&file(5, 5, &cow)).unwrap();
    assert_eq!(cow, *COW.parse::<Mancala>().unwrap().description());
    let goat = r#""capt_on": [2], "capt_side": 1, "multicapt": -1, "sow_direct": 0,
                  "udir_holes": [1], "min_move": 2, "mustpass": true"#;
    let goat = mancalagames::read(&file(3, 3, goat)).unwrap();
    assert_eq!(goat, *GOAT.parse::<Mancala>().unwrap().description());
    // Split sowing, the chain back against the way sown.
    assert_eq!(goat.sowing.direction, Direction::Split);
    assert_eq!(goat.captures.chain_way, ChainWay::Back);
}

#[test]
fn their_udir_holes_read_with_each_direction() {
    let read = |holes, info: &str| mancalagames::read(&file(holes, 4, info));
    // Some holes chosen under a fixed way: the chain goes against that way.
    let d = read(
        4,
        r#""sow_direct": 1, "udir_holes": [0], "capt_on": [2, 3], "multicapt": -1"#,
    )
    .unwrap();
    assert_eq!(
        (
            d.sowing.direction,
            d.sowing.choice_holes,
            d.captures.chain_way
        ),
        (Direction::Ccw, 1, ChainWay::Cw)
    );
    let d = read(
        4,
        r#""sow_direct": -1, "udir_holes": [3, 1], "capt_on": [2], "multicapt": -1"#,
    )
    .unwrap();
    assert_eq!(
        (
            d.sowing.direction,
            d.sowing.choice_holes,
            d.captures.chain_way
        ),
        (Direction::Cw, 0b1010, ChainWay::Ccw)
    );
    // Even/odd with a chosen hole: the chain goes back against the sowing.
    let d = read(
        4,
        r#""sow_direct": 3, "udir_holes": [2], "capt_on": [2], "multicapt": -1"#,
    )
    .unwrap();
    assert_eq!(
        (
            d.sowing.direction,
            d.sowing.choice_holes,
            d.captures.chain_way
        ),
        (Direction::EvenOdd, 0b100, ChainWay::Back)
    );
    // A list as long as a row: every hole chosen, whatever sow_direct; under SPLIT their
    // chain goes back against the way chosen.
    let d = read(
        4,
        r#""sow_direct": 0, "udir_holes": [0, 1, 2, 3], "capt_on": [2], "multicapt": -1"#,
    )
    .unwrap();
    assert_eq!(
        (
            d.sowing.direction,
            d.sowing.choice_holes,
            d.captures.chain_way
        ),
        (Direction::Choice, 0, ChainWay::Back)
    );
    // Split on an even row needs no chosen hole.
    let d = read(4, r#""sow_direct": 0, "capt_on": [2]"#).unwrap();
    assert_eq!(
        (d.sowing.direction, d.sowing.choice_holes),
        (Direction::Split, 0)
    );
}

#[test]
fn udir_holes_their_engine_refuses_are_refused() {
    let refused = |holes, info: &str| match mancalagames::read(&file(holes, 4, info)) {
        Err(MancalaGamesError::Unsupported { parameter, .. }) => parameter,
        other => panic!("{info}: {other:?}"),
    };
    // Split on an odd row without its middle hole.
    assert_eq!(
        refused(5, r#""sow_direct": 0, "udir_holes": [0], "capt_on": [2]"#),
        "udir_holes"
    );
    assert_eq!(
        refused(5, r#""udir_holes": [0], "sow_direct": 0, "capt_on": [2]"#),
        "sow_direct"
    );
    // Holes outside the row, and a full list naming a hole twice.
    assert_eq!(refused(4, r#""udir_holes": [4]"#), "udir_holes");
    assert_eq!(refused(4, r#""udir_holes": [-1]"#), "udir_holes");
    assert_eq!(refused(3, r#""udir_holes": [0, 0, 1]"#), "udir_holes");
    // Their grand slam NOT_LEGAL does not go with chosen ways.
    assert_eq!(
        refused(
            4,
            r#""udir_holes": [1], "capt_on": [2], "grandslam": 1, "multicapt": -1"#
        ),
        "grandslam"
    );
}

#[test]
fn random_games_under_split_and_chosen_holes_keep_the_rules_whole() {
    let rules = [
        ALEMUNGULA.to_string(),
        COW.into(),
        GOAT.into(),
        "mancala:sow=split".into(),
        "mancala:choice-holes=1.6".into(),
        "mancala:holes=4,sow=cw,choice-holes=2.3,stores=none,capture=2.3,chain,chain-way=ccw,\
         opposite=off,again=none,must-feed,feed-test=move,end=stuck,half-wins"
            .into(),
        "mancala:sow=even-odd,choice-holes=4,end=stuck".into(),
        "mancala:holes=7,seeds=3,sow=split,laps=relay,choice-holes=4,stores=none,capture=4,\
         opposite=off,again=none,end=stuck,max-laps=5"
            .into(),
        "mancala:holes=9,seeds=2,sow=split,choice-holes=5,stores=both,capture=2.3,chain,\
         chain-rows,capture-side=either,grand-slam=leave-last,opposite=off,end=stuck"
            .into(),
    ];
    let mut rng = WyRand::new(23);
    for text in &rules {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        let chosen = game.description().sowing.choice_holes;
        let total = game.description().total_seeds();
        for _ in 0..150 {
            let mut s = game.start();
            for _ in 0..500 {
                game.validate(&s).unwrap();
                let seeds: u32 = s
                    .to_string()
                    .split([',', '/', ' '])
                    .filter_map(|t| t.parse::<u32>().ok())
                    .sum();
                assert_eq!(seeds, total, "{text} {s}");
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    // A chosen hole has its two ways, every other hole none.
                    let is_chosen = chosen >> mv.hole & 1 != 0;
                    assert_eq!(mv.way != Way::Only, is_chosen, "{text} {s} {mv}");
                    let printed = game.format_move(&s, mv);
                    assert_eq!(game.parse_move(&s, &printed).unwrap(), mv);
                    let a = game.move_to_action(&s, mv).unwrap();
                    assert_eq!(game.action_to_move(&s, a), Some(mv));
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play_unchecked(&mut s, mv);
            }
        }
    }
}

/// Their board as their engine numbers it: South's holes are places `0..h` from his left,
/// North's `h..2h` from his left, counter-clockwise is `+1` round the ring of `2h` holes (no
/// store is sown in these games), and each player's store apart.
struct Theirs {
    holes: usize,
    board: Vec<u8>,
    stores: [u32; 2],
}

impl Theirs {
    fn of(s: &MancalaState) -> Theirs {
        let h = s.holes();
        let mut board = Vec::new();
        for player in [sowing::Player::South, sowing::Player::North] {
            board.extend((1..=h).map(|i| s.hole(player, i)));
        }
        Theirs {
            holes: h,
            board,
            stores: [
                s.store(sowing::Player::South).into(),
                s.store(sowing::Player::North).into(),
            ],
        }
    }

    /// One move of `turn` (0 South, 1 North) from his hole `pos` (from his left), written
    /// from the rules as their engine has them, seed by seed on their numbering: the way
    /// chosen at a chosen hole, else clockwise (-1) in the left half and counter-clockwise
    /// (+1) in the right; then captures of the counts in `capture` on the opponent's row,
    /// going on against the way sown while they hold.
    fn play(&mut self, turn: usize, pos: usize, chosen: Option<Way>, capture: &[u8]) {
        let (h, ring) = (self.holes, 2 * self.holes);
        let step = match chosen {
            Some(Way::Left) => ring - 1,
            Some(_) => 1,
            None if pos < h / 2 => ring - 1,
            None => 1,
        };
        let mut loc = turn * h + pos;
        let seeds = std::mem::take(&mut self.board[loc]);
        for _ in 0..seeds {
            loc = (loc + step) % ring;
            self.board[loc] += 1;
        }
        let opponent = |l: usize| (l >= h) != (turn == 1);
        while opponent(loc) && capture.contains(&self.board[loc]) {
            self.stores[turn] += u32::from(std::mem::take(&mut self.board[loc]));
            loc = (loc + ring - step) % ring;
        }
    }
}

#[test]
fn the_three_games_play_as_a_seed_by_seed_model_of_their_engine() {
    for (text, capture) in [
        (ALEMUNGULA, &[2u8, 4][..]),
        (COW, &[2, 4][..]),
        (GOAT, &[2][..]),
    ] {
        let game: Mancala = text.parse().unwrap();
        let mut rng = WyRand::new(5);
        let mut moves_compared = 0;
        for _ in 0..200 {
            let mut s = game.start();
            // A game may go round for ever (no ply limit in these files): 300 plies.
            for _ in 0..300 {
                if game.outcome(&s).is_some() {
                    break;
                }
                let moves = game.legal_moves(&s);
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let turn = s.to_move().index();
                let mut theirs = Theirs::of(&s);
                let chosen = (mv.way != Way::Only).then_some(mv.way);
                let before = s;
                theirs.play(turn, usize::from(mv.hole), chosen, capture);
                game.play_unchecked(&mut s, mv);
                let ours = Theirs::of(&s);
                if game.outcome(&s).is_none() {
                    // Their end (too few seeds, a store past half) sweeps the board: compare
                    // only moves the game goes on after.
                    // Their mustpass: a next player without a hole of min_move seeds
                    // passes, and the mover moves again.
                    let h = theirs.holes;
                    let min = game.description().sowing.min_seeds;
                    let next = 1 - turn;
                    let can = theirs.board[next * h..next * h + h]
                        .iter()
                        .any(|&n| n >= min);
                    let to_move = if can { next } else { turn };
                    assert_eq!(
                        (ours.board, ours.stores, s.to_move().index()),
                        (theirs.board, theirs.stores, to_move),
                        "{text}: {mv} by {turn} from {before}"
                    );
                    moves_compared += 1;
                }
            }
        }
        assert!(moves_compared > 1000, "{text}: {moves_compared}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn the_new_fields_round_trip_through_serde_and_are_checked() {
    let game: Mancala = ALEMUNGULA.parse().unwrap();
    let json = serde_json::to_string(game.description()).unwrap();
    assert!(json.contains(r#""direction":"split""#), "{json}");
    assert!(json.contains(r#""choice-holes":4"#), "{json}");
    let back: sowing::described::Description = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, game.description());
    // Reading validates: the middle hole of an odd split row must be chosen.
    let bad = json.replace(r#""choice-holes":4"#, r#""choice-holes":1"#);
    assert!(serde_json::from_str::<sowing::described::Description>(&bad).is_err());
}

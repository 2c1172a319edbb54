//! The goals won by the rows rather than the stores (`goal=immobilize`, `goal=deprive`) and
//! the start patterns read from MancalaGames' `start_pattern`, each worked by hand.
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it.

use crate::support::after;
use sowing::described::mancalagames::{self, MancalaGamesError};
use sowing::described::{
    Allow, Description, EndRule, Goal, Laps, Mancala, MancalaState, Opposite, StoreSowing,
};
use sowing::{Outcome, Player, RandomSource, Ruleset, WyRand};

/// No store sown, the cross capture that leaves the last seed, no other turn.
const BASE: &str = "mancala:holes=3,seeds=2,stores=none,opposite=without-seed,again=none,end=stuck";

/// [`BASE`] but another turn for a capture.
const AGAIN: &str =
    "mancala:holes=3,seeds=2,stores=none,opposite=without-seed,again=capture,end=stuck";

/// The outcome in `position` (`None`: the game goes on), its legal moves checked against it.
fn outcome(rules: &str, position: &str) -> Option<Outcome> {
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = position.parse().unwrap();
    let outcome = game.outcome(&s);
    assert_eq!(
        outcome.is_some(),
        game.legal_moves(&s).is_empty(),
        "{rules} {position}"
    );
    outcome
}

fn winner(rules: &str, position: &str) -> Option<Player> {
    outcome(rules, position).expect("the game is over").winner()
}

#[test]
fn under_immobilize_the_player_left_without_a_move_loses() {
    let rules = format!("{BASE},goal=immobilize");
    // South's single seed falls in his empty second hole and takes the 2 across, North's
    // last: North cannot move and has lost; South's seed stays on the board.
    let end = after(&rules, "0,2,0/1,0,0 4 5 S", &["1"]);
    assert_eq!(end, "0,0,0/0,1,0 6 5 N");
    assert_eq!(winner(&rules, &end), Some(Player::South));
    // Under the most seeds the seed left would go to its owner.
    assert_eq!(
        after(&format!("{BASE},half-wins"), "0,2,0/1,0,0 4 5 S", &["1"]),
        "0,0,0/0,0,0 7 5 N"
    );
    // Stores do not count: North, with the larger store, is stuck under min-seeds=2.
    let two = format!("{rules},min-seeds=2");
    assert_eq!(winner(&two, "1,0,1/0,2,0 0 8 N"), Some(Player::South));
    // A mover who empties his own row plays on while his opponent can move...
    let end = after(&rules, "1,0,0/0,0,1 5 5 S", &["3"]);
    assert_eq!(end, "1,0,1/0,0,0 5 5 N");
    assert_eq!(outcome(&rules, &end), None);
    // ... and loses when his turn comes: North's seed falls in his empty second hole, across
    // from South's empty second (nothing taken).
    let end = after(&rules, &end, &["1"]);
    assert_eq!(end, "1,1,0/0,0,0 5 5 S");
    assert_eq!(winner(&rules, &end), Some(Player::North));
}

#[test]
fn under_deprive_a_player_without_seeds_or_moves_loses() {
    let rules = format!("{BASE},goal=deprive");
    // The capture of North's last seeds: South wins at once.
    let end = after(&rules, "0,2,0/1,0,0 4 5 S", &["1"]);
    assert_eq!(end, "0,0,0/0,1,0 6 5 N");
    assert_eq!(winner(&rules, &end), Some(Player::South));
    // A mover who empties his own row has lost (under immobilize he plays on, above).
    let end = after(&rules, "1,0,0/0,0,1 5 5 S", &["3"]);
    assert_eq!(end, "1,0,1/0,0,0 5 5 N");
    assert_eq!(winner(&rules, &end), Some(Player::North));
    // Both rows with seeds, the player to move stuck (min-seeds=2): he loses.
    let two = format!("{rules},min-seeds=2");
    assert_eq!(winner(&two, "1,0,1/0,2,0 0 8 N"), Some(Player::South));
    assert_eq!(outcome(&two, "2,0,1/0,1,0 0 8 N"), None);
    // Another turn for a capture is allowed: the player to move may then have moved last;
    // North's row empty, South (to move again) wins.
    let again = format!("{AGAIN},goal=deprive");
    let end = after(&again, "0,2,0/1,0,1 4 4 S", &["1"]);
    assert_eq!(end, "0,0,0/0,1,1 6 4 S");
    assert_eq!(winner(&again, &end), Some(Player::South));
}

#[test]
fn a_relay_cut_short_is_a_draw_under_the_goals_of_the_rows() {
    // South's 2 seeds end in his third hole, which held 2: he would lift again after the
    // one lap allowed, so the game ends, the board swept; the stores do not count.
    for goal in ["immobilize", "deprive"] {
        let rules =
            format!("{BASE},laps=relay,max-laps=1,endless-leftovers=last-mover,goal={goal}");
        let end = after(&rules, "2,2,2/2,2,2 0 0 S", &["1"]);
        assert_eq!(end, "0,0,0/0,0,0 12 0 N");
        assert!(matches!(outcome(&rules, &end), Some(Outcome::Draw { .. })));
        let game: Mancala = rules.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
    }
}

#[test]
fn the_goals_of_the_rows_refuse_rules_under_which_a_move_empties_the_board() {
    for goal in ["immobilize", "deprive"] {
        for bad in [
            "mancala:holes=3,seeds=2,stores=none,opposite=without-seed,again=none",
            "mancala:holes=3,seeds=2,opposite=without-seed,again=none,end=stuck",
            "mancala:holes=3,seeds=2,stores=none,again=none,end=stuck",
            "mancala:holes=3,seeds=2,stores=none,opposite=off,capture=2,again=none,end=stuck",
            &format!("{BASE},half-wins"),
            &format!("{BASE},too-few=2"),
            &format!("{BASE},pass"),
            &format!("{BASE},max-plies=9"),
            &format!("{BASE},take-last=2"),
        ] {
            let text = format!("{bad},goal={goal}");
            assert!(text.parse::<Mancala>().is_err(), "{text}");
        }
    }
    assert!(
        format!("{AGAIN},goal=immobilize")
            .parse::<Mancala>()
            .is_err()
    );
    assert!(format!("{AGAIN},goal=deprive").parse::<Mancala>().is_ok());
}

#[test]
fn random_games_under_the_goals_of_the_rows_keep_the_rules_whole() {
    let rules = [
        format!("{BASE},goal=immobilize"),
        format!("{BASE},laps=relay,max-laps=3,goal=immobilize"),
        "mancala:holes=5,seeds=3,stores=none,opposite=without-seed,again=none,end=stuck,\
         laps=relay,max-laps=50,allow=opponent-or-empty,goal=immobilize"
            .into(),
        format!("{BASE},min-seeds=2,goal=immobilize"),
        format!("{BASE},goal=deprive"),
        format!("{AGAIN},laps=relay,max-laps=3,goal=deprive"),
        "mancala:holes=6,start=0.3.3.0.3.3,stores=none,opposite=without-seed,again=none,\
         end=stuck,laps=relay,max-laps=50,goal=deprive"
            .into(),
    ];
    // Gamacha's rows on 6 holes.
    let rules = [
        rules.as_slice(),
        &[
            "mancala:holes=6,start=0.0.2.0.2.2,north-start=2.0.0.0.2.0,stores=none,\
           opposite=without-seed,again=none,end=stuck,laps=relay,max-laps=50,\
           allow=opponent-or-empty,goal=deprive"
                .to_string(),
        ],
    ]
    .concat();
    let mut rng = WyRand::new(29);
    let mut ends = [0u32; 3];
    for text in &rules {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        for _ in 0..200 {
            let mut s = game.start();
            for _ in 0..2000 {
                game.validate(&s).unwrap();
                let moves = game.legal_moves(&s);
                let outcome = game.outcome(&s);
                assert_eq!(moves.is_empty(), outcome.is_some(), "{text} {s}");
                let seeds = game.seed_count(&s);
                assert_eq!(
                    seeds.board + seeds.stores[0] + seeds.stores[1],
                    game.total_seeds()
                );
                if let Some(outcome) = outcome {
                    // A draw only with the board swept, a win never with it.
                    assert_eq!(outcome.winner().is_none(), seeds.board == 0, "{text} {s}");
                    ends[usize::from(outcome.winner().is_some())
                        + usize::from(outcome.winner() == Some(Player::North))] += 1;
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play_unchecked(&mut s, mv);
            }
        }
    }
    // Draws, South's wins and North's wins all happen.
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
}

/// A file of theirs with `holes`, `nbr_start` and the `game_info` members given.
fn read(holes: u32, seeds: u32, members: &str) -> Result<Description, MancalaGamesError> {
    mancalagames::read(&format!(
        r#"{{"game_constants": {{"holes": {holes}, "nbr_start": {seeds}}}, "game_info": {{{members}}}}}"#
    ))
}

/// The start row read from `start_pattern` with a Kalah's other rules.
fn start_row(pattern: u32, holes: u32, seeds: u32) -> Result<Vec<u8>, MancalaGamesError> {
    let d = read(
        holes,
        seeds,
        &format!(r#""crosscapt": 1, "capt_side": 1, "sow_stores": 1, "start_pattern": {pattern}"#),
    )?;
    let row: Vec<u8> = (0..holes as usize).map(|i| d.start_seeds(i)).collect();
    // The start position: North's row, from his left, as South's.
    let start = Mancala::new(d)
        .expect("a read description builds")
        .start()
        .to_string();
    let (north, south) = start.split_once(' ').unwrap().0.split_once('/').unwrap();
    let mut north: Vec<&str> = north.split(',').collect();
    north.reverse();
    assert_eq!(
        north,
        south.split(',').collect::<Vec<_>>(),
        "both rows alike"
    );
    Ok(row)
}

#[test]
fn their_start_patterns_read_as_rows() {
    // CLIPPEDTRIPLES: empty, full, full; holes past the last triple empty.
    assert_eq!(
        start_row(4, 12, 3).unwrap(),
        [0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3]
    );
    assert_eq!(start_row(4, 5, 4).unwrap(), [0, 4, 4, 0, 0]);
    assert_eq!(start_row(4, 3, 2).unwrap(), [0, 2, 2]);
    // TWOEMPTY: full but the two rightmost.
    assert_eq!(start_row(5, 4, 5).unwrap(), [5, 5, 0, 0]);
    assert_eq!(start_row(5, 7, 2).unwrap(), [2, 2, 2, 2, 2, 0, 0]);
    // RIGHTMOST_PLUS_ONE.
    assert_eq!(start_row(8, 3, 4).unwrap(), [4, 4, 5]);
    assert_eq!(start_row(8, 6, 1).unwrap(), [1, 1, 1, 1, 1, 2]);
    // ALTERNATES on an even number of holes.
    assert_eq!(start_row(2, 6, 4).unwrap(), [0, 4, 0, 4, 0, 4]);
    assert_eq!(start_row(2, 2, 3).unwrap(), [0, 3]);
    // NO_REPEAT_SOW_OWN: the hole whose seeds would end in the store gets one more, taken
    // from two holes to its right (or the leftmost that is safe); none where no hole ends
    // there.
    assert_eq!(start_row(11, 6, 4).unwrap(), [4, 4, 5, 4, 3, 4]);
    assert_eq!(start_row(11, 6, 1).unwrap(), [1, 1, 1, 0, 1, 2]);
    assert_eq!(start_row(11, 6, 2).unwrap(), [2, 2, 1, 2, 3, 2]);
    assert_eq!(start_row(11, 3, 5).unwrap(), [5, 5, 5]);
    assert_eq!(start_row(11, 4, 10).unwrap(), [9, 10, 10, 11]);
    assert_eq!(start_row(11, 3, 8).unwrap(), [7, 8, 9]);
    // Sizes their engine refuses, rows that differ, patterns drawn at random.
    for (pattern, holes) in [
        (4, 2),
        (5, 3),
        (11, 2),
        (2, 5),
        (9, 6),
        (3, 6),
        (6, 6),
        (7, 6),
    ] {
        let e = start_row(pattern, holes, 4).unwrap_err();
        assert_eq!(e.parameter(), Some("start_pattern"), "{pattern} {holes}");
    }
    // A hole past 255 seeds.
    assert!(start_row(8, 2, 255).is_err());
}

#[test]
fn boola_reads_with_its_clipped_triples_and_the_goal_of_immobilizing() {
    // Boola's parameters (their newest table), written here.
    let d = read(
        12,
        3,
        r#""name": "Boola", "allow_rule": 1, "capt_side": 1, "crosscapt": 1, "goal": 10,
           "min_move": 1, "mlaps": 1, "quitter": 4, "sow_direct": 1, "start_pattern": 4"#,
    )
    .unwrap();
    assert_eq!(d.end.goal, Goal::Immobilize);
    assert_eq!(d.end.rule, EndRule::Stuck);
    assert!(!d.end.half_wins);
    assert_eq!(d.end.too_few, None);
    assert_eq!(d.sowing.laps, Laps::Relay);
    assert_eq!(d.sowing.max_laps, Some(50));
    assert_eq!(d.sowing.stores, StoreSowing::None);
    assert_eq!(d.sowing.allow, Allow::OpponentOrEmpty);
    assert_eq!(d.captures.opposite, Opposite::WithoutSeed);
    assert_eq!(d.total_seeds(), 48);
    let game = Mancala::new(d).unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:holes=12,start=0.3.3.0.3.3.0.3.3.0.3.3,laps=relay,stores=none,max-laps=50,\
         allow=opponent-or-empty,opposite=without-seed,again=none,goal=immobilize,end=stuck"
    );
    // DEPRIVE with the same rules.
    let d = read(
        12,
        3,
        r#""capt_side": 1, "crosscapt": 1, "goal": 1, "mlaps": 1, "start_pattern": 4"#,
    )
    .unwrap();
    assert_eq!(d.end.goal, Goal::Deprive);
    // What would let a move empty the board is refused with the goal.
    for (members, named) in [
        (r#""goal": 10, "sow_stores": 1"#, "sow_stores"),
        (
            r#""goal": 10, "crosscapt": 1, "capt_side": 1, "xcpickown": 1"#,
            "xcpickown",
        ),
        (r#""goal": 1, "capt_on": [2]"#, "capt_on"),
        (
            r#""goal": 10, "crosscapt": 1, "capt_side": 1, "mustpass": true"#,
            "mustpass",
        ),
        (
            r#""goal": 10, "crosscapt": 1, "capt_side": 1, "capt_rturn": 1"#,
            "capt_rturn",
        ),
    ] {
        let e = read(6, 4, members).unwrap_err();
        assert_eq!(e.parameter(), Some(named), "{members}");
    }
    let d = read(
        6,
        4,
        r#""goal": 1, "crosscapt": 1, "capt_side": 1, "capt_rturn": 1"#,
    )
    .unwrap();
    assert!(d.captures.again_on_capture);
}

#[test]
fn bay_khoms_rightmost_plus_one_is_read() {
    // Bay_Khom's start with a Kalah's captures (its chain two out is another rule).
    let d = read(
        7,
        4,
        r#""crosscapt": 1, "capt_side": 1, "sow_stores": 1, "start_pattern": 8, "stores": true"#,
    )
    .unwrap();
    assert_eq!(d.total_seeds(), 58);
    assert_eq!(d.start_seeds(6), 5);
    assert_eq!(d.start_seeds(5), 4);
}

#[test]
fn gamacha_reads_with_its_two_rows_and_the_goal_of_depriving() {
    // Gamacha's parameters (their newest table), written here: every second hole round the
    // board full from South's third, then North's seventh hole's seeds moved across to
    // South's sixth (their opening move, made by the pattern), South to move.
    let d = read(
        12,
        4,
        r#""name": "Gamacha", "allow_rule": 1, "capt_side": 1, "crosscapt": 1, "goal": 1,
           "min_move": 1, "mlaps": 1, "quitter": 4, "sow_direct": 1, "start_pattern": 1"#,
    )
    .unwrap();
    assert_eq!(d.end.goal, Goal::Deprive);
    assert_eq!(d.total_seeds(), 44);
    let game = Mancala::new(d).unwrap();
    assert_eq!(
        game.start().to_string(),
        "0,4,0,4,0,0,0,4,0,4,0,4/0,0,4,0,4,4,4,0,4,0,4,0 0 0 S"
    );
    assert_eq!(
        game.to_string(),
        "mancala:holes=12,start=0.0.4.0.4.4.4.0.4.0.4.0,north-start=4.0.4.0.4.0.0.0.4.0.4.0,\
         laps=relay,stores=none,max-laps=50,allow=opponent-or-empty,opposite=without-seed,\
         again=none,goal=deprive,end=stuck"
    );
    // On 5 holes the seeds of North's second hole move to South's fourth.
    let d = read(
        5,
        3,
        r#""crosscapt": 1, "capt_side": 1, "sow_stores": 1, "start_pattern": 1"#,
    )
    .unwrap();
    let game = Mancala::new(d).unwrap();
    assert_eq!(game.start().to_string(), "0,3,0,0,0/0,0,3,3,3 0 0 S");
    // Fewer than 3 holes: refused, as their engine does.
    let e = read(
        2,
        3,
        r#""crosscapt": 1, "capt_side": 1, "sow_stores": 1, "start_pattern": 1"#,
    )
    .unwrap_err();
    assert_eq!(e.parameter(), Some("start_pattern"));
}

#[test]
fn a_north_row_unlike_souths_is_written_and_checked() {
    let text = "mancala:holes=3,start=0.2.2,north-start=1.0.1,stores=none,opposite=without-seed,\
                again=none,goal=deprive,end=stuck";
    let game: Mancala = text.parse().unwrap();
    assert_eq!(game.to_string(), text);
    assert_eq!(game.start().to_string(), "1,0,1/0,2,2 0 0 S");
    assert_eq!(game.total_seeds(), 6);
    for bad in [
        "mancala:holes=3,north-start=1.0.1",
        "mancala:holes=3,start=1.1.1,north-start=1.0.1.1",
    ] {
        assert!(bad.parse::<Mancala>().is_err(), "{bad}");
    }
}

/// Gamacha's description as JSON data: North's own row kept; checked on reading.
#[cfg(feature = "serde")]
#[test]
fn a_north_row_reads_and_writes_as_data() {
    let game: Mancala = "mancala:holes=3,start=0.2.2,north-start=1.0.1,stores=none,\
                         opposite=without-seed,again=none,goal=immobilize,end=stuck"
        .parse()
        .unwrap();
    let d = game.description();
    let json = serde_json::to_string(d).unwrap();
    assert!(json.contains(r#""north-start":[1,0,1,"#), "{json}");
    assert!(json.contains(r#""goal":"immobilize""#), "{json}");
    let back: Description = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, d);
    for bad in [
        r#"{ "board": { "holes": 3, "north-start": [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] } }"#,
        r#"{ "board": { "holes": 3, "start": [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                        "north-start": [1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] } }"#,
        r#"{ "end": { "goal": "immobilize" } }"#,
    ] {
        assert!(serde_json::from_str::<Description>(bad).is_err(), "{bad}");
    }
}

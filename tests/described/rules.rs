//! The described rules MancalaGames' files need, each worked by hand on a small board: the
//! position before, the moves, and the exact position their engine leaves.
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it.

use crate::support::after;
use sowing::described::{Mancala, MancalaState};
use sowing::{RandomSource, Ruleset, WyRand};

/// Whether the game is over in `position`, and its legal moves agree.
fn over(rules: &str, position: &str) -> bool {
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = position.parse().unwrap();
    let over = game.outcome(&s).is_some();
    assert_eq!(over, game.legal_moves(&s).is_empty(), "{rules} {position}");
    over
}

/// Bakuk-like: no store sowing, captures of 2 and 4 on either side in a chain.
const COUNTS: &str = "mancala:holes=3,seeds=2,stores=none,capture=2.4,capture-side=either,\
    chain,grand-slam=capture,opposite=off,again=none,end=stuck,half-wins";

#[test]
fn too_few_seeds_left_end_the_game() {
    // South's single seed makes North's first hole 2, captured; one seed is left, which no
    // capture can take: their engine ends the game and gives it to its owner.
    let rules = format!("{COUNTS},too-few=2");
    assert_eq!(
        after(&rules, "0,1,1/0,0,1 4 5 S", &["3"]),
        "0,0,0/0,0,0 6 6 N"
    );
    // Without the rule North plays on.
    assert_eq!(
        after(COUNTS, "0,1,1/0,0,1 4 5 S", &["3"]),
        "0,1,0/0,0,0 6 5 N"
    );
    // A store past half comes first: the seed left stays.
    assert_eq!(
        after(&rules, "0,1,1/0,0,1 5 4 S", &["3"]),
        "0,1,0/0,0,0 7 4 N"
    );
    // An empty board is no early end; neither is a board of exactly N seeds.
    assert!(!over(&rules, "0,1,1/0,0,0 6 4 N"));
    assert!("mancala:too-few=1".parse::<Mancala>().is_err());
    let game: Mancala = rules.parse().unwrap();
    assert_eq!(game.to_string(), rules.replace("    ", ""));
}

#[test]
fn a_player_without_a_move_passes() {
    // NoCapt-like: Kalah's sowing, no capture. South's move leaves North nothing: North
    // passes and South moves again.
    let rules = "mancala:holes=3,seeds=2,skip-origin,opposite=off,end=stuck,half-wins,pass";
    assert_eq!(
        after(rules, "0,0,0/1,1,0 5 5 S", &["1"]),
        "0,0,0/0,2,0 5 5 S"
    );
    // Without passing the game ends there, each row to its owner.
    let stuck = rules.trim_end_matches(",pass");
    assert_eq!(
        after(stuck, "0,0,0/1,1,0 5 5 S", &["1"]),
        "0,0,0/0,0,0 7 5 N"
    );
    // Neither can move: over.
    assert!(over(rules, "0,0,0/0,0,0 6 6 S"));
    // A row without a move already ends a game under end=side-empty.
    assert!("mancala:pass".parse::<Mancala>().is_err());
    assert!(
        "mancala:end=stuck,must-feed,cannot-feed=any,pass"
            .parse::<Mancala>()
            .is_err()
    );
}

#[test]
fn a_chain_goes_round_into_the_other_row() {
    // South sows 2 from his second hole: his third hole and North's first both reach 2.
    // Their chain goes back against the sowing from North's first hole into South's third,
    // and stops at South's emptied second hole. 7 in South's store passes half: over.
    let rules = format!("{COUNTS},chain-rows");
    assert_eq!(
        after(&rules, "1,1,1/1,2,1 3 2 S", &["2"]),
        "1,1,0/1,0,0 7 2 N"
    );
    // Without it the chain stops at the end of North's row.
    assert_eq!(
        after(COUNTS, "1,1,1/1,2,1 3 2 S", &["2"]),
        "1,1,0/1,0,2 5 2 N"
    );
    // Clockwise, from South's first hole on into North's last.
    let cw = format!("{rules},sow=cw");
    // South's third hole's 2 seeds go to his second and first holes (2 each); the chain
    // goes back (counter-clockwise) through his second and third holes: the third is empty.
    assert_eq!(after(&cw, "1,1,1/1,1,2 2 3 S", &["3"]), "1,1,1/0,0,0 6 3 N");
    // A ring of captures stops after a full circle: 7 seeds from South's first hole go
    // round and end in his second (3); every hole then holds 1, 2 or 3.
    assert_eq!(
        after(&rules.replace("2.4", "1.2.3"), "1,1,1/7,1,1 0 0 S", &["1"]),
        "0,0,0/0,0,0 12 0 N"
    );
    assert!(
        format!("{COUNTS},chain=off,chain-rows")
            .parse::<Mancala>()
            .is_err()
    );
    // With capture-side=opponent the side decides the last hole only (their OPP_CONT).
    assert!(
        "mancala:stores=none,capture=2,chain,chain-rows,opposite=off,again=none"
            .parse::<Mancala>()
            .is_ok()
    );
}

#[test]
fn a_mover_who_cannot_feed_gives_the_seeds_left_to_the_unfed() {
    // Al-manqala-like: North's last seed goes to South's first hole (2, no capture of 4).
    // South must feed North and cannot: their engine ends the game and gives every seed
    // left to North, the unfed player.
    let rules = "mancala:holes=3,seeds=2,stores=none,capture=4,chain,grand-slam=capture,\
        opposite=off,again=none,must-feed,cannot-feed=to-unfed,end=stuck,half-wins";
    assert_eq!(
        after(rules, "1,0,0/1,0,0 5 5 N", &["3"]),
        "0,0,0/0,0,0 5 7 S"
    );
    let owner = rules.replace("to-unfed", "end");
    assert_eq!(
        after(&owner, "1,0,0/1,0,0 5 5 N", &["3"]),
        "0,0,0/0,0,0 7 5 S"
    );
    assert!(
        "mancala:end=stuck,must-feed,cannot-feed=to-unfed,pass"
            .parse::<Mancala>()
            .is_err()
    );
}

#[test]
fn shared_leftovers_give_an_odd_seed_to_the_smaller_store() {
    // South's last seed goes to his store: his row is empty, the game over (side-empty),
    // and North's 3 seeds are shared: one each, the odd one to the player behind.
    let rules = "mancala:holes=3,seeds=2,leftovers=shared";
    assert_eq!(
        after(rules, "1,1,1/0,0,1 2 6 S", &["3"]),
        "0,0,0/0,0,0 5 7 S"
    );
    assert_eq!(
        after(rules, "1,1,1/0,0,1 5 3 S", &["3"]),
        "0,0,0/0,0,0 7 5 S"
    );
    // Even: half each.
    assert_eq!(
        after(rules, "1,1,0/0,0,1 4 5 S", &["3"]),
        "0,0,0/0,0,0 6 6 S"
    );
}

#[test]
fn an_even_count_sows_clockwise_an_odd_one_counter_clockwise() {
    // Cross-Kalah-like. South lifts 2 (even): clockwise, his first hole then North's third
    // (North's store is not his). North lifts 3 (odd): counter-clockwise, his store, then
    // South's first and second holes.
    let rules = "mancala:holes=3,seeds=2,sow=even-odd";
    assert_eq!(
        after(rules, "2,2,2/2,2,2 0 0 S", &["2"]),
        "3,2,2/3,0,2 0 0 N"
    );
    assert_eq!(
        after(rules, "2,2,2/2,2,2 0 0 S", &["2", "3"]),
        "0,2,2/4,1,2 0 1 S"
    );
    let game: Mancala = rules.parse().unwrap();
    assert_eq!(game.to_string(), rules);
}

#[test]
fn a_mover_who_clears_his_own_row_ends_the_game() {
    // CrossCapt-like: South's last two seeds go to his store and North's first hole. His
    // row is empty: the game ends, and the seeds left go to him, the last mover.
    let rules = "mancala:holes=3,seeds=2,end=cleared-own,leftovers=last-mover,half-wins";
    assert_eq!(
        after(rules, "1,1,1/0,0,2 3 4 S", &["3"]),
        "0,0,0/0,0,0 8 4 N"
    );
    // Under end=stuck North, who has seeds, plays on.
    let stuck = rules.replace("cleared-own", "stuck");
    assert_eq!(
        after(&stuck, "1,1,1/0,0,2 3 4 S", &["3"]),
        "1,1,2/0,0,0 4 4 N"
    );
    // A last seed in the store: another turn, but the row is empty: over all the same.
    assert_eq!(
        after(rules, "1,1,1/0,0,1 4 4 S", &["3"]),
        "0,0,0/0,0,0 8 4 S"
    );
    // cleared-opponent: South's opposite capture empties North's row and passes half;
    // their cleared row comes before the store past half, so the seed left is his too.
    let opp = rules.replace("cleared-own", "cleared-opponent");
    assert_eq!(
        after(&opp, "0,0,3/1,1,0 4 3 S", &["2"]),
        "0,0,0/0,0,0 9 3 N"
    );
    assert_eq!(
        after(&stuck, "0,0,3/1,1,0 4 3 S", &["2"]),
        "0,0,0/1,0,0 8 3 N"
    );
    assert!(
        "mancala:end=cleared-own,leftovers=nobody"
            .parse::<Mancala>()
            .is_err()
    );
}

/// Every new switch, played at random from the start: never a panic, the seeds all kept,
/// the moves empty exactly when the game is over, and every position reached checks.
#[test]
fn random_games_under_the_new_switches_keep_the_rules_whole() {
    let rules = [
        format!("{COUNTS},too-few=2"),
        format!("{COUNTS},chain-rows,pass"),
        format!("{COUNTS},chain-rows,laps=relay,min-seeds=2,too-few=3"),
        format!("{COUNTS},laps=relay,max-laps=3,endless-leftovers=shared"),
        "mancala:laps=relay,max-laps=2,endless-leftovers=last-mover".into(),
        "mancala:holes=3,seeds=2,skip-origin,opposite=off,end=stuck,half-wins,pass".into(),
        "mancala:holes=4,seeds=3,stores=none,capture=2.4,chain,grand-slam=capture,\
         opposite=off,again=none,must-feed,cannot-feed=to-unfed,end=stuck,half-wins"
            .into(),
        "mancala:sow=even-odd,end=stuck,half-wins".into(),
        "mancala:sow=even-odd,skip-origin,stores=none,capture=2.3,chain,opposite=off,\
         again=none,must-feed,end=stuck,half-wins"
            .into(),
        "mancala:end=cleared-own,leftovers=last-mover,half-wins".into(),
        "mancala:end=cleared-opponent,leftovers=shared".into(),
        "mancala:leftovers=shared,end=stuck,pass".into(),
        "mancala:opposite=off,end=stuck,goal=clear".into(),
        "mancala:laps=relay,opposite=off,again=none,end=stuck,goal=clear".into(),
    ];
    let mut rng = WyRand::new(11);
    for text in &rules {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        for _ in 0..300 {
            let mut s = game.start();
            for _ in 0..2000 {
                game.validate(&s).unwrap();
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play_unchecked(&mut s, mv);
            }
        }
    }
}

#[test]
fn a_move_that_takes_back_what_it_fed_does_not_feed_under_their_test() {
    // North has nothing; South's third hole sows one seed there, which a capture of 1 takes
    // straight back. The crate's test looks at the sowing: it feeds, and is played; the
    // game then ends with North stuck.
    let rules = "mancala:holes=3,seeds=2,stores=none,capture=1,grand-slam=capture,opposite=off,\
        again=none,must-feed,end=stuck";
    assert_eq!(
        after(rules, "0,0,0/1,0,1 5 5 S", &["3"]),
        "0,0,0/0,0,0 7 5 N"
    );
    // Theirs plays the whole move: North is left with no playable hole, so no move feeds
    // and the game is over already.
    let theirs = format!("{rules},feed-test=move");
    assert!(over(&theirs, "0,0,0/1,0,1 5 5 S"));
    // Theirs asks for a hole of at least min-seeds: one seed is not enough under
    // min-seeds=2, so North must be fed to 2.
    let two = "mancala:holes=3,seeds=2,stores=none,capture=4,opposite=off,again=none,\
        must-feed,end=stuck,min-seeds=2,feed-test=move";
    let game: Mancala = two.parse().unwrap();
    let s: MancalaState = "0,0,1/2,0,3 3 3 S".parse().unwrap();
    let moves: Vec<String> = game
        .legal_moves(&s)
        .iter()
        .map(|&m| game.format_move(&s, m))
        .collect();
    // 3 makes North's first hole 2 (and his second 1); 1 sows only South's row.
    assert_eq!(moves, ["3"]);
    assert!("mancala:feed-test=move".parse::<Mancala>().is_err());
}

#[test]
fn a_grand_slam_needs_an_opponent_with_seeds_before_the_move_under_their_test() {
    // North has nothing; South's last seed falls in North's first hole, captured at 1.
    let rules = "mancala:holes=3,seeds=2,stores=none,capture=1,grand-slam=no-capture,\
        opposite=off,again=none,end=stuck";
    // The crate's: it takes every seed North has, a grand slam, which captures nothing.
    assert_eq!(
        after(rules, "0,0,0/1,0,1 5 5 S", &["3"]),
        "0,0,1/1,0,0 5 5 N"
    );
    // Theirs: North had no seed before the move, so no grand slam: the capture stands,
    // North is stuck and the game ends.
    let theirs = format!("{rules},grand-slam-if-seeded");
    assert_eq!(
        after(&theirs, "0,0,0/1,0,1 5 5 S", &["3"]),
        "0,0,0/0,0,0 7 5 N"
    );
    assert!("mancala:grand-slam-if-seeded".parse::<Mancala>().is_err());
}

#[test]
fn an_illegal_grand_slam_stays_illegal_under_their_rule() {
    // South's one move makes North's only hole 2, a capture of all he has.
    let rules = "mancala:holes=3,seeds=2,stores=none,capture=2,chain,grand-slam=illegal,\
        opposite=off,again=none,end=stuck";
    // The crate's: when every move is a grand slam it is played, capturing nothing.
    assert_eq!(
        after(rules, "0,0,1/0,0,1 5 5 S", &["3"]),
        "0,0,2/0,0,0 5 5 N"
    );
    // Theirs: it stays illegal; South has no move and the game is over.
    let theirs = format!("{rules},grand-slam-always-illegal");
    assert!(over(&theirs, "0,0,1/0,0,1 5 5 S"));
    // A position given with the player to move stuck is over, passing or not: a pass is
    // made after the move that leaves him stuck.
    assert!(over(&format!("{theirs},pass"), "0,0,1/0,0,1 5 5 S"));
    assert!(
        "mancala:capture=2,grand-slam-always-illegal"
            .parse::<Mancala>()
            .is_err()
    );
}

#[test]
fn under_the_goal_of_a_cleared_row_the_first_to_empty_his_row_wins() {
    // GoEmpty-like: Kalah's sowing, no capture. South's last seed falls in his store: his
    // row is empty, and he wins with the smaller store; the seeds left stay.
    let rules = "mancala:holes=3,seeds=2,opposite=off,goal=clear,end=stuck";
    assert_eq!(
        after(rules, "1,1,0/0,0,1 3 6 S", &["3"]),
        "1,1,0/0,0,0 4 6 S"
    );
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = "1,1,0/0,0,0 4 6 S".parse().unwrap();
    assert!(matches!(
        game.outcome(&s),
        Some(sowing::Outcome::Win {
            winner: sowing::Player::South,
            ..
        })
    ));
    assert_eq!(game.to_string(), rules);
    for bad in [
        "mancala:goal=clear",
        "mancala:opposite=off,end=stuck,goal=clear,half-wins",
        "mancala:end=stuck,goal=clear",
        "mancala:opposite=off,stores=both,again=none,end=stuck,goal=clear",
    ] {
        assert!(bad.parse::<Mancala>().is_err(), "{bad}");
    }
}

#[test]
fn a_relay_past_its_most_laps_ends_the_game() {
    // South's 2 seeds end in his third hole (3): relay; then North's second (3): relay;
    // then his own second (4): relay; then North's second, empty before: the move ends.
    let rules = "mancala:holes=3,seeds=2,laps=relay,opposite=off,again=none,end=stuck";
    let start = "2,2,2/2,2,2 0 0 S";
    assert_eq!(after(rules, start, &["1"]), "3,1,4/1,0,1 2 0 N");
    // Their engine stops after 50 laps; at two the relay would lift a third time: the game
    // ends there, the seeds left going by endless-leftovers (their quitter).
    let two = format!("{rules},max-laps=2,endless-leftovers=last-mover");
    assert_eq!(after(&two, start, &["1"]), "0,0,0/0,0,0 12 0 N");
    let one = format!("{rules},max-laps=1,endless-leftovers=shared");
    assert_eq!(after(&one, start, &["1"]), "0,0,0/0,0,0 6 6 N");
    let game: Mancala = one.parse().unwrap();
    assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
    for bad in [
        "mancala:max-laps=50",
        "mancala:laps=relay,endless-leftovers=shared",
        "mancala:laps=relay,max-laps=50,endless-leftovers=nobody",
        "mancala:laps=relay,max-laps=0",
    ] {
        assert!(bad.parse::<Mancala>().is_err(), "{bad}");
    }
}

#[test]
fn a_chain_where_the_mover_chooses_the_way_goes_against_the_configured_direction() {
    // South sows his first hole's 2 seeds clockwise (1L): North's third and second holes
    // reach 2. The crate's chain goes back against that sowing, to North's third hole.
    let rules = "mancala:holes=3,seeds=2,sow=choice,stores=none,capture=2.3,chain,\
        grand-slam=capture,opposite=off,again=none,end=stuck";
    assert_eq!(
        after(rules, "1,1,2/2,1,1 2 2 S", &["1L"]),
        "0,0,2/0,1,1 6 2 N"
    );
    // Theirs goes against the configured counter-clockwise: clockwise, to North's first.
    let theirs = format!("{rules},chain-way=cw");
    assert_eq!(
        after(&theirs, "1,1,2/2,1,1 2 2 S", &["1L"]),
        "2,0,0/0,1,1 6 2 N"
    );
    assert!("mancala:chain-way=cw".parse::<Mancala>().is_err());
}

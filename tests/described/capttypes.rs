//! More of MancalaGames' capture types (`forfeit-store`, `sweep-counts`, `take-singles`), each worked by hand on a small
//! board, then their files' parameters read.
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it: each hole stands under the hole opposite.

use crate::support::after;
use sowing::described::mancalagames::{self, MancalaGamesError};
use sowing::described::{Mancala, Side};
use sowing::{RandomSource, Ruleset, WyRand};

/// Their file of `game_info` members on a board of `holes` holes of `seeds`.
fn file(holes: u8, seeds: u8, members: &str) -> Result<Mancala, MancalaGamesError> {
    let d = mancalagames::read(&format!(
        r#"{{"game_class": "Mancala",
            "game_constants": {{"holes": {holes}, "nbr_start": {seeds}}},
            "game_info": {{{members}}}, "player": {{}}}}"#
    ))?;
    Ok(Mancala::new(d).unwrap())
}

/// The parameter a file of `members` is refused for.
fn refused(members: &str) -> Option<String> {
    file(6, 4, members)
        .unwrap_err()
        .parameter()
        .map(String::from)
}

/// Kalah's sowing on a small board, no capture but the store forfeited (in the
/// opponent's row: `capture-side=opponent` is the default).
const FORFEIT: &str = "mancala:holes=3,seeds=2,opposite=off,end=stuck,forfeit-store";

#[test]
fn a_last_seed_in_an_empty_hole_gives_the_movers_store_away() {
    // South's hole 3 sows his store (5 + 1) and North's empty first hole: the 6 go to North.
    assert_eq!(
        after(FORFEIT, "2,1,0/1,0,2 5 1 S", &["3"]),
        "2,1,1/1,0,0 0 7 N"
    );
    // Without the rule they stay.
    let plain = FORFEIT.trim_end_matches(",forfeit-store");
    assert_eq!(
        after(plain, "2,1,0/1,0,2 5 1 S", &["3"]),
        "2,1,1/1,0,0 6 1 N"
    );
    // The hole held seeds: nothing goes.
    assert_eq!(
        after(FORFEIT, "2,1,1/1,0,2 5 0 S", &["3"]),
        "2,1,2/1,0,0 6 0 N"
    );
    // An empty hole of his own row: not under capture-side=opponent...
    assert_eq!(
        after(FORFEIT, "2,1,0/1,0,2 5 1 S", &["1"]),
        "2,1,0/0,1,2 5 1 N"
    );
    // ... but under own, and under either (both rows).
    for side in ["own", "either"] {
        let rules = format!("{FORFEIT},capture-side={side}");
        assert_eq!(
            after(&rules, "2,1,0/1,0,2 5 1 S", &["1"]),
            "2,1,0/0,1,2 0 6 N"
        );
    }
    let own = format!("{FORFEIT},capture-side=own");
    assert_eq!(
        after(&own, "2,1,0/1,0,2 5 1 S", &["3"]),
        "2,1,1/1,0,0 6 1 N"
    );
    // It counts as a capture for again=capture, but an empty store gives nothing away.
    let again = format!("{own},again=store.capture");
    assert_eq!(
        after(&again, "2,1,0/1,0,2 5 1 S", &["1"]),
        "2,1,0/0,1,2 0 6 S"
    );
    assert_eq!(
        after(&again, "2,1,0/1,0,2 0 6 S", &["1"]),
        "2,1,0/0,1,2 0 6 N"
    );
    // A last seed in the store: another turn, nothing forfeited.
    assert_eq!(
        after(FORFEIT, "2,1,0/1,1,1 5 1 S", &["3"]),
        "2,1,0/1,1,0 6 1 S"
    );
    // North's move: his store (3 + 1) goes to South.
    assert_eq!(
        after(FORFEIT, "2,0,3/0,1,1 2 3 N", &["3"]),
        "0,0,3/1,1,1 6 0 S"
    );
}

#[test]
fn the_forfeit_conflicts_with_the_other_captures() {
    for text in [
        "mancala:forfeit-store",
        "mancala:opposite=off,capture=2,forfeit-store",
        "mancala:opposite=off,pull-across,forfeit-store",
        "mancala:opposite=off,no-capture-moves=3,forfeit-store",
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
    let game: Mancala = FORFEIT.parse().unwrap();
    assert_eq!(game.to_string(), FORFEIT);
    assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
    let off: Mancala = "mancala:forfeit-store=off".parse().unwrap();
    assert_eq!(off, Mancala::default());
}

/// SimpleCapt_PCapt's parameters.
const SIMPLE_CAPT_PCAPT: &str = r#""name": "SimpleCapt_PCapt", "capt_side": 1, "capt_type": 6,
    "end_cond": 1, "min_move": 1, "mlap_cont": 3, "mlaps": 1, "quitter": 4, "sow_direct": 1,
    "sow_stores": 1, "stores": true, "unclaimed": 2"#;

#[test]
fn their_files_with_the_store_forfeited_read_as_their_engine_plays_them() {
    let game = file(6, 4, SIMPLE_CAPT_PCAPT).unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:laps=relay,max-laps=50,relay-if=own-row,opposite=off,end=cleared-own,\
         leftovers=last-mover,endless-leftovers=shared,half-wins,forfeit-store"
    );
    assert_eq!(game.description().captures.side, Side::Opponent);
    assert!(game.description().captures.forfeit_store);
    // capt_side OWN_SIDE and BOTH.
    let own = file(
        6,
        4,
        &SIMPLE_CAPT_PCAPT.replace(r#""capt_side": 1"#, r#""capt_side": 2"#),
    )
    .unwrap();
    assert_eq!(own.description().captures.side, Side::Own);
    let either = file(6, 4, &SIMPLE_CAPT_PCAPT.replace(r#""capt_side": 1, "#, "")).unwrap();
    assert_eq!(either.description().captures.side, Side::Either);
}

#[test]
fn the_store_forfeited_is_refused_where_their_engine_does_otherwise() {
    let with = |extra: &str| format!(r#""capt_type": 6, "stores": true, {extra}"#);
    assert_eq!(
        refused(&with(r#""capt_on": [2]"#)).as_deref(),
        Some("capt_on")
    );
    assert_eq!(
        refused(&with(r#""crosscapt": 1"#)).as_deref(),
        Some("crosscapt")
    );
    assert_eq!(
        refused(&with(r#""capt_side": 3"#)).as_deref(),
        Some("capt_side")
    );
    assert_eq!(
        refused(&with(r#""grandslam": 2"#)).as_deref(),
        Some("grandslam")
    );
    assert_eq!(
        refused(&with(r#""nocaptmoves": 2"#)).as_deref(),
        Some("nocaptmoves")
    );
}

#[test]
fn random_games_under_the_store_forfeited_keep_the_rules_whole() {
    let simple = file(6, 4, SIMPLE_CAPT_PCAPT).unwrap().to_string();
    let rules = [
        simple,
        "mancala:opposite=off,capture-side=either,again=store.capture,forfeit-store".into(),
        format!("{FORFEIT},capture-side=own,laps=relay,pass"),
    ];
    let mut rng = WyRand::new(29);
    for text in &rules {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        let total = game.description().total_seeds();
        for _ in 0..100 {
            let mut s = game.start();
            for _ in 0..1000 {
                game.validate(&s).unwrap();
                let seeds: u32 = (1..=s.holes())
                    .map(|i| {
                        u32::from(s.hole(sowing::Player::South, i))
                            + u32::from(s.hole(sowing::Player::North, i))
                    })
                    .sum::<u32>()
                    + u32::from(s.store(sowing::Player::South))
                    + u32::from(s.store(sowing::Player::North));
                assert_eq!(seeds, total, "{text} {s}");
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let checked = game.play(s, mv).unwrap();
                game.play_unchecked(&mut s, mv);
                assert_eq!(s, checked);
            }
        }
    }
}

/// Kara-like on a small board: no store sown, the opponent's holes of 2 and 4 swept.
const SWEEP: &str = "mancala:holes=3,seeds=2,stores=none,opposite=off,again=none,end=stuck,\
    sweep-counts=2.4";

#[test]
fn a_last_seed_across_or_in_the_last_hole_sweeps_the_opponents_counts() {
    // South's last seed makes North's second hole 4: it goes, and no other (1, 1).
    assert_eq!(
        after(SWEEP, "1,3,0/1,0,2 3 2 S", &["3"]),
        "1,0,1/1,0,0 7 2 N"
    );
    // In his own last hole: North's third hole (2) goes, not the second (3).
    assert_eq!(
        after(SWEEP, "2,3,0/0,1,1 3 2 S", &["2"]),
        "0,3,0/0,0,2 5 2 N"
    );
    // In another of his own holes: nothing.
    assert_eq!(
        after(SWEEP, "2,3,0/1,0,1 3 2 S", &["1"]),
        "2,3,0/0,1,1 3 2 N"
    );
    // North's last hole is his third: South's first hole (2) goes.
    assert_eq!(
        after(SWEEP, "0,1,2/2,1,1 3 2 N", &["2"]),
        "1,0,2/0,1,1 3 4 S"
    );
    // A sweep that takes seeds is a capture for again=capture; one that takes none is not.
    let again = SWEEP.replace("again=none", "again=capture");
    assert_eq!(
        after(&again, "2,3,0/0,1,1 3 2 S", &["2"]),
        "0,3,0/0,0,2 5 2 S"
    );
    assert_eq!(
        after(&again, "3,3,0/0,1,1 2 2 S", &["2"]),
        "3,3,0/0,0,2 2 2 N"
    );
    for text in [
        "mancala:sweep-counts=2",
        "mancala:opposite=off,capture=2,sweep-counts=2",
        "mancala:opposite=off,forfeit-store,sweep-counts=2",
        "mancala:opposite=off,sweep-counts=0",
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
    let game: Mancala = SWEEP.parse().unwrap();
    assert_eq!(game.to_string(), SWEEP.replace("    ", ""));
}

/// Kara's parameters.
const KARA: &str = r#""name": "Kara", "capt_on": [2, 4, 6], "capt_side": 1, "capt_type": 5,
    "min_move": 1, "mustpass": true, "pickextra": 2, "quitter": 1, "sow_direct": 1,
    "stores": true, "unclaimed": 1"#;

#[test]
fn their_files_with_the_sweep_read_as_their_engine_plays_them() {
    // No store sown; their counts sweep, never capture at the last hole; their early end
    // with a single seed left.
    let game = file(6, 7, KARA).unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:seeds=7,stores=none,opposite=off,again=none,end=stuck,leftovers=nobody,\
         half-wins,too-few=2,pass,sweep-counts=2.4.6"
    );
    assert!(game.description().captures.counts.is_empty());
    let with = |extra: &str| format!(r#""capt_on": [2], {extra}"#);
    assert_eq!(
        refused(&with(r#""capt_type": 5"#)).as_deref(),
        Some("capt_type")
    );
    assert_eq!(
        refused(&with(r#""pickextra": 2"#)).as_deref(),
        Some("pickextra")
    );
    let kara = |extra: &str| format!(r#""capt_on": [2], "capt_type": 5, "pickextra": 2, {extra}"#);
    assert_eq!(
        refused(&kara(r#""capt_side": 2"#)).as_deref(),
        Some("capt_side")
    );
    assert_eq!(
        refused(&kara(r#""capt_rturn": 1"#)).as_deref(),
        Some("capt_rturn")
    );
    assert_eq!(
        refused(&kara(r#""multicapt": -1"#)).as_deref(),
        Some("multicapt")
    );
    assert_eq!(
        refused(r#""capt_type": 5, "pickextra": 2"#).as_deref(),
        Some("pickextra")
    );
}

#[test]
fn random_games_under_the_sweep_keep_the_rules_whole() {
    let kara = file(6, 7, KARA).unwrap().to_string();
    let mut rng = WyRand::new(31);
    for text in [kara, SWEEP.replace("again=none", "again=capture")] {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        let total = game.description().total_seeds();
        for _ in 0..100 {
            let mut s = game.start();
            for _ in 0..1000 {
                game.validate(&s).unwrap();
                let seeds: u32 = (1..=s.holes())
                    .map(|i| {
                        u32::from(s.hole(sowing::Player::South, i))
                            + u32::from(s.hole(sowing::Player::North, i))
                    })
                    .sum::<u32>()
                    + u32::from(s.store(sowing::Player::South))
                    + u32::from(s.store(sowing::Player::North));
                assert_eq!(seeds, total, "{text} {s}");
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let checked = game.play(s, mv).unwrap();
                game.play_unchecked(&mut s, mv);
                assert_eq!(s, checked);
            }
        }
    }
}

/// long_night_game-like on a small board: no store sown, every single seed taken.
const SINGLES: &str = "mancala:holes=3,seeds=2,stores=none,opposite=off,again=none,end=stuck,\
    take-singles";

#[test]
fn every_single_seed_goes_to_the_mover() {
    // South's hole 2 sows his empty third hole and North's first (2 -> 3): the singles left
    // are North's third hole and South's first and third.
    let either = SINGLES.replace("again=none", "capture-side=either,again=none");
    assert_eq!(
        after(&either, "1,0,2/1,2,0 3 3 S", &["2"]),
        "0,0,3/0,0,0 6 3 N"
    );
    // Only the opponent's (the default side), or only his own.
    assert_eq!(
        after(SINGLES, "1,0,2/1,2,0 3 3 S", &["2"]),
        "0,0,3/1,0,1 4 3 N"
    );
    let own = SINGLES.replace("again=none", "capture-side=own,again=none");
    assert_eq!(
        after(&own, "1,0,2/1,2,0 3 3 S", &["2"]),
        "1,0,3/0,0,0 5 3 N"
    );
    // Seeds taken give another turn under again=capture; none taken, none.
    let again = SINGLES.replace("again=none", "again=capture");
    assert_eq!(
        after(&again, "1,0,2/1,2,0 3 3 S", &["2"]),
        "0,0,3/1,0,1 4 3 S"
    );
    assert_eq!(
        after(&again, "2,0,2/1,2,0 3 2 S", &["2"]),
        "2,0,3/1,0,1 3 2 N"
    );
    for text in [
        "mancala:take-singles",
        "mancala:opposite=off,capture=2,take-singles",
        "mancala:opposite=off,forfeit-store,take-singles",
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
    let game: Mancala = SINGLES.parse().unwrap();
    assert_eq!(game.to_string(), SINGLES.replace("    ", ""));
}

/// long_night_game's parameters.
const LONG_NIGHT: &str = r#""name": "long_night_game", "allow_rule": 11, "capt_type": 4,
    "min_move": 1, "mlaps": 1, "mustpass": true, "quitter": 1, "sow_direct": 1,
    "stores": true, "unclaimed": 1"#;

#[test]
fn their_files_with_the_single_seeds_taken_read_as_their_engine_plays_them() {
    // Their relay, no store sown, singles taken from both rows (capt_side 0).
    let game = file(4, 5, LONG_NIGHT).unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:holes=4,seeds=5,laps=relay,stores=none,allow=occupied,capture-side=either,\
         opposite=off,again=none,end=stuck,leftovers=nobody,half-wins,pass,take-singles"
    );
    assert_eq!(game.description().captures.side, Side::Either);
    let with = |extra: &str| format!(r#""capt_type": 4, {extra}"#);
    assert_eq!(
        refused(&with(r#""capt_on": [2]"#)).as_deref(),
        Some("capt_on")
    );
    assert_eq!(
        refused(&with(r#""multicapt": 2"#)).as_deref(),
        Some("multicapt")
    );
    assert_eq!(
        refused(&with(r#""capt_side": 4"#)).as_deref(),
        Some("capt_side")
    );
    assert_eq!(
        refused(&with(r#""grandslam": 2"#)).as_deref(),
        Some("grandslam")
    );
}

#[test]
fn random_games_under_the_single_seeds_taken_keep_the_rules_whole() {
    let long_night = file(4, 5, LONG_NIGHT).unwrap().to_string();
    let mut rng = WyRand::new(37);
    for text in [
        long_night,
        SINGLES.replace("again=none", "again=capture,capture-side=own"),
    ] {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        let total = game.description().total_seeds();
        for _ in 0..100 {
            let mut s = game.start();
            for _ in 0..1000 {
                game.validate(&s).unwrap();
                let seeds: u32 = (1..=s.holes())
                    .map(|i| {
                        u32::from(s.hole(sowing::Player::South, i))
                            + u32::from(s.hole(sowing::Player::North, i))
                    })
                    .sum::<u32>()
                    + u32::from(s.store(sowing::Player::South))
                    + u32::from(s.store(sowing::Player::North));
                assert_eq!(seeds, total, "{text} {s}");
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let checked = game.play(s, mv).unwrap();
                game.play_unchecked(&mut s, mv);
                assert_eq!(s, checked);
            }
        }
    }
}

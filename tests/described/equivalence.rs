//! The family's descriptions of Kalah and Oware against the hand-written games: perft and
//! random games, position for position.

use sowing::described::{Description, GrandSlam, Mancala, MancalaMove, Way};
use sowing::kalah::Kalah;
use sowing::oware::Oware;
use sowing::{RandomSource, Ruleset, WyRand, perft};

/// The family's text for Kalah's settings text.
fn kalah_pair(kalah: &str, family: &str) -> (Kalah, Mancala) {
    (kalah.parse().unwrap(), family.parse().unwrap())
}

#[test]
fn kalah_perft_and_random_games_agree() {
    let pairs = [
        ("kalah", "mancala"),
        ("kalah:empty-capture", "mancala:opposite-empty"),
        ("kalah:end-at-turn", "mancala:end=stuck"),
        ("kalah:leftovers-to-nobody", "mancala:leftovers=nobody"),
        ("kalah:pits=4,seeds=3", "mancala:holes=4,seeds=3"),
        (
            "kalah:pits=7,seeds=6,end-at-turn,empty-capture",
            "mancala:holes=7,seeds=6,end=stuck,opposite-empty",
        ),
        ("kalah:pits=3,seeds=13", "mancala:holes=3,seeds=13"),
    ];
    for (k, m) in pairs {
        let (kalah, family) = kalah_pair(k, m);
        for depth in 1..=8 {
            assert_eq!(
                perft(&kalah, &kalah.start(), depth),
                perft(&family, &family.start(), depth),
                "{k} depth {depth}"
            );
        }
        let mut rng = WyRand::new(7);
        for game in 0..1000 {
            let (mut a, mut b) = (kalah.start(), family.start());
            loop {
                assert_eq!(a.to_string(), b.to_string(), "{k} game {game}");
                assert_eq!(
                    kalah.outcome(&a),
                    family.outcome(&b),
                    "{k} game {game} at {a}"
                );
                let ma = kalah.legal_moves(&a);
                let mb = family.legal_moves(&b);
                let ta: Vec<String> = ma.iter().map(|m| kalah.format_move(&a, *m)).collect();
                let tb: Vec<String> = mb.iter().map(|m| family.format_move(&b, *m)).collect();
                assert_eq!(ta, tb, "{k} game {game} at {a}");
                if ma.is_empty() {
                    break;
                }
                let i = rng.below(ma.len() as u32) as usize;
                kalah.play_unchecked(&mut a, ma[i]);
                family.play_unchecked(&mut b, mb[i]);
            }
        }
    }
}

#[test]
fn oware_perft_and_random_games_agree() {
    let base = "mancala:stores=none,again=none,opposite=off,capture=2.3,chain,skip-origin,must-feed,end=stuck,half-wins,repetition";
    let mut pairs: Vec<(String, String)> = GrandSlam::ALL
        .iter()
        .map(|g| {
            (
                format!("oware:grand-slam={}", g.name()),
                format!("{base},grand-slam={}", g.name()),
            )
        })
        .collect();
    pairs.push((
        "oware:divide-on-win".into(),
        format!("{base},divide-on-win"),
    ));
    pairs.push((
        "oware:houses=4,seeds=3,max-plies=60".into(),
        format!("{base},holes=4,seeds=3,max-plies=60"),
    ));
    for (o, m) in &pairs {
        let oware: Oware = o.parse().unwrap();
        let family: Mancala = m.parse().unwrap();
        for depth in 1..=8 {
            assert_eq!(
                perft(&oware, &oware.start(), depth),
                perft(&family, &family.start(), depth),
                "{o} depth {depth}"
            );
        }
        let mut rng = WyRand::new(11);
        for game in 0..1000 {
            let (mut a, mut b) = (oware.start(), family.start());
            for _ in 0..400 {
                assert_eq!(a.to_string(), b.to_string(), "{o} game {game}");
                assert_eq!(
                    oware.outcome(&a),
                    family.outcome(&b),
                    "{o} game {game} at {a}"
                );
                let ma = oware.legal_moves(&a);
                let mb = family.legal_moves(&b);
                let ta: Vec<usize> = ma
                    .iter()
                    .map(|m| {
                        oware.format_move(&a, *m).to_ascii_lowercase().as_bytes()[0] as usize - 96
                    })
                    .collect();
                let tb: Vec<usize> = mb.iter().map(|m| usize::from(m.hole) + 1).collect();
                assert_eq!(ta, tb, "{o} game {game} at {a}");
                if ma.is_empty() {
                    break;
                }
                let i = rng.below(ma.len() as u32) as usize;
                oware.play_unchecked(&mut a, ma[i]);
                family.play_unchecked(&mut b, mb[i]);
            }
        }
    }
    let _ = (
        Description::ABAPA,
        MancalaMove {
            hole: 0,
            way: Way::Only,
        },
    );
}

/// Plays `moves` from `position` under `rules` (checked moves) and returns the position text.
fn after(rules: &str, position: &str, moves: &[&str]) -> String {
    let rules: Mancala = rules.parse().unwrap();
    let mut s: sowing::described::MancalaState = position.parse().unwrap();
    for mv in moves {
        let m = rules
            .parse_move(&s, mv)
            .unwrap_or_else(|e| panic!("{mv} at {s}: {e}"));
        rules.play_unchecked(&mut s, m);
    }
    s.to_string()
}

#[test]
fn relay_sowing_lifts_the_last_hole_until_it_falls_in_an_empty_one() {
    // South's hole 1 (1 seed) makes his hole 2 three: he lifts them, sows his hole 3, his
    // store and North's hole 1 (now 2), lifts those, sows North's holes 2 and 3 (now 2),
    // lifts those, skips North's store, sows his own holes 1 and 2: hole 2, empty, ends it,
    // and takes North's hole 2 opposite (2) with the last seed.
    assert_eq!(
        after(
            "mancala:holes=3,seeds=1,laps=relay,leftovers=nobody",
            "1,1,1/1,2,0 0 0 S",
            &["1"]
        ),
        "0,0,0/1,0,1 4 0 N"
    );
}

#[test]
fn a_count_capture_chains_back_to_the_end_of_the_row() {
    let abapa = "mancala:stores=none,again=none,opposite=off,capture=2.3,chain,skip-origin,\
                 must-feed,end=stuck,half-wins,repetition";
    // South's hole 6 (3 seeds) makes North's holes 1-3 two, three and two: all three taken.
    assert_eq!(
        after(abapa, "0,0,1,1,2,1/4,4,4,4,4,3 10 10 S", &["6"]),
        "0,0,1,0,0,0/4,4,4,4,4,0 17 10 N"
    );
    // The same with North's hole 3 made four: the chain stops at once, nothing taken.
    assert_eq!(
        after(abapa, "0,0,1,3,2,1/4,4,4,4,4,3 8 10 S", &["6"]),
        "0,0,1,4,3,2/4,4,4,4,4,0 8 10 N"
    );
    // A grand slam: every seed of North's would go. Abapa: nothing is taken.
    assert_eq!(
        after(abapa, "0,0,0,1,2,1/4,4,4,4,4,3 11 10 S", &["6"]),
        "0,0,0,2,3,2/4,4,4,4,4,0 11 10 N"
    );
    // ... under grand-slam=capture all of it, and North, without a seed, cannot move: the
    // game ends and South takes his own row.
    assert_eq!(
        after(
            &format!("{abapa},grand-slam=capture"),
            "0,0,0,1,2,1/4,4,4,4,4,3 11 10 S",
            &["6"]
        ),
        "0,0,0,0,0,0/0,0,0,0,0,0 38 10 N"
    );
    // ... under leave-last, North's hole 3 (the last sown) keeps its seeds.
    assert_eq!(
        after(
            &format!("{abapa},grand-slam=leave-last"),
            "0,0,0,1,2,1/4,4,4,4,4,3 11 10 S",
            &["6"]
        ),
        "0,0,0,2,0,0/4,4,4,4,4,0 16 10 N"
    );
}

#[test]
fn the_opposite_capture_with_and_without_the_last_seed() {
    // South's hole 1 (1 seed) falls in his empty hole 2, opposite North's hole 2 (3 seeds).
    let position = "1,3,1/1,0,2 0 0 S";
    assert_eq!(
        after("mancala:holes=3,seeds=1,leftovers=nobody", position, &["1"]),
        "1,0,1/0,0,2 4 0 N"
    );
    assert_eq!(
        after(
            "mancala:holes=3,seeds=1,opposite=without-seed,leftovers=nobody",
            position,
            &["1"]
        ),
        "1,0,1/0,1,2 3 0 N"
    );
    assert_eq!(
        after("mancala:holes=3,seeds=1,opposite=off", position, &["1"]),
        "1,3,1/0,1,2 0 0 N"
    );
    // Opposite an empty hole: nothing, unless opposite-empty takes the last seed alone.
    let empty_across = "1,0,1/1,0,2 0 0 S";
    assert_eq!(
        after("mancala:holes=3,seeds=1", empty_across, &["1"]),
        "1,0,1/0,1,2 0 0 N"
    );
    assert_eq!(
        after(
            "mancala:holes=3,seeds=1,opposite-empty",
            empty_across,
            &["1"]
        ),
        "1,0,1/0,0,2 1 0 N"
    );
}

#[test]
fn clockwise_sowing_passes_the_opponents_row_before_the_movers_store() {
    // South's hole 2 (2 seeds) sown clockwise: his hole 1, then North's hole 3 (North's
    // store, at North's right, is not South's). The stores stand at each player's right
    // whichever way the seeds go.
    assert_eq!(
        after(
            "mancala:holes=3,seeds=1,sow=cw",
            "1,1,1/1,2,0 0 0 S",
            &["2"]
        ),
        "2,1,1/2,0,0 0 0 N"
    );
    // Under a choice, 2L is the same move, and 2R goes the other way, past hole 3 into the
    // store at his right: another turn.
    assert_eq!(
        after(
            "mancala:holes=3,seeds=1,sow=choice",
            "1,1,1/1,2,0 0 0 S",
            &["2L"]
        ),
        "2,1,1/2,0,0 0 0 N"
    );
    assert_eq!(
        after(
            "mancala:holes=3,seeds=1,sow=choice",
            "1,1,1/1,2,0 0 0 S",
            &["2R"]
        ),
        "1,1,1/1,0,1 1 0 S"
    );
}

#[test]
fn a_full_lap_skips_the_origin_only_with_skip_origin() {
    // 12 seeds from South's hole 1 on a ring of 8 places where the stores are not sown (6
    // holes): once round and on; with skip-origin the hole stays empty.
    let position = "0,0,0/12,0,0 0 0 S";
    let plain = "mancala:holes=3,seeds=2,stores=none,again=none,opposite=off,capture=4,end=stuck";
    assert_eq!(after(plain, position, &["1"]), "2,2,2/2,2,2 0 0 N");
    assert_eq!(
        after(&format!("{plain},skip-origin"), position, &["1"]),
        "2,2,2/0,3,3 0 0 N"
    );
}

#[test]
fn feeding_and_the_fewest_seeds_a_move_takes() {
    let rules: Mancala = "mancala:holes=3,seeds=2,stores=none,again=none,opposite=off,capture=2.3,must-feed,end=stuck,min-seeds=2"
        .parse()
        .unwrap();
    // North has nothing: South must reach him; hole 1 (2 seeds) cannot, hole 2 (2) can.
    let s: sowing::described::MancalaState = "0,0,0/2,2,1 4 3 S".parse().unwrap();
    let moves: Vec<String> = rules
        .legal_moves(&s)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["2"]);
    // Hole 3 has one seed, fewer than a move takes.
    let err = rules.parse_move(&s, "3").unwrap_err().to_string();
    assert!(err.contains("at least 2"), "{err}");
    let err = rules.parse_move(&s, "1").unwrap_err().to_string();
    assert!(err.contains("gives him none"), "{err}");
}

/// A user's own file: a description as JSON data in four parts, each field defaulting to
/// Kalah's; reading it checks it.
#[cfg(feature = "serde")]
#[test]
fn a_description_file_reads_as_data_and_is_checked() {
    let json = r#"{
        "board": { "holes": 6, "seeds": 4 },
        "sowing": { "stores": "none", "skip-origin": true },
        "captures": { "counts": "2.3", "chain": true, "opposite": "off", "again-on-store": false },
        "end": { "must-feed": true, "rule": "stuck", "half-wins": true, "repetition": true }
    }"#;
    let d: Description = serde_json::from_str(json).unwrap();
    assert_eq!(d, Description::ABAPA);
    let back: Description = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
    assert_eq!(back, d);
    // Out of range, contradictory, unknown: errors, never a description.
    for bad in [
        r#"{ "board": { "holes": 16 } }"#,
        r#"{ "captures": { "chain": true } }"#,
        r#"{ "sowing": { "laps": "twice" } }"#,
        r#"{ "end": { "colour": "red" } }"#,
        r#"{ "captures": { "counts": "0" } }"#,
    ] {
        assert!(serde_json::from_str::<Description>(bad).is_err(), "{bad}");
    }
}

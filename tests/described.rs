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
        for depth in 1..=5 {
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
        for depth in 1..=5 {
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

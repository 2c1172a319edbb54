//! The catalogue of named two-row games: every entry plays its documented perft, its name is
//! a ruleset text of its own, and the names are unique and clear of the crate's other games.

use std::collections::HashSet;

use sowing::described::{Mancala, catalogue};
use sowing::{Ruleset, perft};

/// Perft from the start, depths 1 to 6, as the catalogue's documentation lists it.
const PERFT: &[(&str, [u64; 6])] = &[
    ("abapa", [6, 36, 190, 1014, 5219, 27332]),
    ("ayoayo", [6, 28, 132, 624, 2870, 13060]),
    ("bohnenspiel", [6, 36, 206, 1166, 6599, 36654]),
    ("chongka", [7, 37, 227, 1369, 8231, 48613]),
    ("chonka", [7, 37, 227, 1360, 8207, 48473]),
    ("foji", [6, 28, 130, 604, 2779, 12723]),
    ("fondji", [6, 36, 190, 1014, 5308, 28144]),
    ("halusa", [6, 36, 206, 1166, 6615, 36601]),
    ("kpo", [6, 36, 190, 1014, 5219, 27332]),
    ("mangala-turkey", [7, 49, 304, 1903, 11501, 70040]),
    ("mankala", [6, 36, 206, 1166, 6599, 36654]),
    ("ntyenge", [8, 64, 458, 3295, 22522, 155197]),
    ("ot-tjin", [9, 81, 648, 5184, 36429, 256514]),
    ("songo-douala", [7, 49, 309, 1964, 12161, 76369]),
    ("uril", [6, 36, 190, 1014, 5219, 27332]),
    ("vai-lung-thlan", [6, 36, 190, 1015, 5454, 29161]),
    ("wari", [6, 36, 190, 1014, 5219, 27332]),
    ("woli", [6, 36, 206, 1166, 6563, 36386]),
    ("wore", [4, 16, 64, 241, 947, 3628]),
];

#[test]
fn every_entry_plays_its_documented_perft() {
    let listed: Vec<&str> = PERFT.iter().map(|&(name, _)| name).collect();
    let names: Vec<&str> = catalogue::CATALOGUE.iter().map(|e| e.name).collect();
    assert_eq!(listed, names, "the table lists the catalogue, in its order");
    for &(name, counts) in PERFT {
        let game = Mancala::catalogue(name).expect(name);
        let start = game.start();
        for (depth, &expected) in (1..).zip(counts.iter()) {
            assert_eq!(
                perft(&game, &start, depth),
                expected,
                "{name} depth {depth}"
            );
        }
    }
}

#[test]
fn every_name_is_a_ruleset_text() {
    for entry in catalogue::catalogue() {
        let game: Mancala = entry.name.parse().expect(entry.name);
        assert_eq!(game.name(), entry.name);
        assert_eq!(game.description(), &entry.description, "{}", entry.name);
        assert_eq!(game.to_string(), entry.name, "it prints as its bare name");
        assert_eq!(Some(&game), Mancala::catalogue(entry.name).as_ref());
        assert_eq!(catalogue::entry(entry.name), Some(entry));
        assert!(<Mancala as Ruleset>::NAMES.contains(&entry.name));
        // A switch after the name changes that one parameter and prints back.
        let text = format!("{}:max-plies=200", entry.name);
        let changed: Mancala = text.parse().expect(&text);
        assert_eq!(changed.to_string(), text);
        assert_eq!(changed.description().end.max_plies, Some(200));
        // The ruleset texts the notes suggest are ones.
        for text in entry.notes.split('`').skip(1).step_by(2) {
            if text.starts_with(&format!("{}:", entry.name)) {
                assert!(text.parse::<Mancala>().is_ok(), "{}: {text}", entry.name);
            }
        }
    }
}

#[test]
fn the_names_are_unique_and_clear_of_the_other_games() {
    let mut seen = HashSet::new();
    for entry in catalogue::CATALOGUE {
        assert!(seen.insert(entry.name), "{} twice", entry.name);
        assert!(
            !["kalah", "oware", "toguz", "tsoro", "mancala"].contains(&entry.name),
            "{} is another game's name",
            entry.name
        );
        assert!(
            !entry.name.is_empty()
                && entry
                    .name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !entry.name.starts_with('-')
                && !entry.name.ends_with('-'),
            "{} is not lower-case ascii and hyphens",
            entry.name
        );
        assert!(
            !entry.region.is_empty() && !entry.source.is_empty(),
            "{}",
            entry.name
        );
        assert!(entry.description.validate().is_ok(), "{}", entry.name);
    }
    assert!(catalogue::entry("mancala").is_none());
    assert!(catalogue::entry("kale").is_none());
}

#[test]
fn abapa_is_the_crate_s_oware() {
    let abapa = Mancala::catalogue("abapa").unwrap();
    let oware = sowing::oware::Oware::default();
    for depth in 1..=6 {
        assert_eq!(
            perft(&abapa, &abapa.start(), depth),
            perft(&oware, &oware.start(), depth),
            "depth {depth}"
        );
    }
}

#[test]
fn every_entry_keeps_the_ruleset_contracts_in_random_games() {
    for entry in catalogue::CATALOGUE {
        let game = Mancala::catalogue(entry.name).unwrap();
        if let Err(failure) = sowing::testing::check_random_games(&game, 50, 40) {
            panic!("{}: {failure}", entry.name);
        }
    }
}

/// The README's catalogue table lists every entry with the perft above: it cannot go stale.
#[test]
fn the_readme_table_is_the_catalogue() {
    let readme = include_str!("../../README.md");
    let rows: Vec<(String, Vec<u64>)> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| name | region | source | perft 1"))
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let counts = cells[3..].iter().map(|c| c.parse().unwrap()).collect();
            (cells[0].to_string(), counts)
        })
        .collect();
    let expected: Vec<(String, Vec<u64>)> = PERFT
        .iter()
        .map(|(name, counts)| (name.to_string(), counts.to_vec()))
        .collect();
    assert_eq!(rows, expected);
}

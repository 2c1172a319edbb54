//! Many names, one type: a ruleset type that answers to a catalogue of names
//! ([`Ruleset::NAMES`]), each name its own settings, found by a list of games in one lookup
//! beside the crate's games. The type here is a test's: Kalah under two names of its own, each
//! a board (`three-kalah` 6 pits of 3 seeds, `five-kalah` 6 pits of 5), every rule delegated to
//! the crate's Kalah.

use std::fmt;
use std::str::FromStr;

use sowing::error::{IllegalReason, PositionError, RulesetParseError};
use sowing::games::{GameList, Member, States};
use sowing::kalah::{Kalah, KalahSettings, KalahState};
use sowing::pgn::Dialect;
use sowing::search::Heuristic;
use sowing::{MoveParseError, Outcome, Picture, Player, Ruleset, SeedCount, perft};

/// Kalah under a catalogue of two names.
#[derive(Clone, Debug, PartialEq)]
struct Catalogue {
    name: &'static str,
    rules: Kalah,
}

impl fmt::Display for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl FromStr for Catalogue {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let name = sowing::switches::game_name(text);
        let Some(&name) = Self::NAMES.iter().find(|&&n| n == name) else {
            return Err(RulesetParseError::UnknownGame {
                game: name.to_string(),
                known: Self::NAMES.to_vec(),
            });
        };
        let seeds = if name == "three-kalah" { 3 } else { 5 };
        let settings = KalahSettings {
            seeds,
            ..KalahSettings::default()
        };
        Ok(Catalogue {
            name,
            rules: Kalah::new(settings).expect("6 pits of 3 or 5 seeds"),
        })
    }
}

impl Ruleset for Catalogue {
    type State = KalahState;
    type Move = <Kalah as Ruleset>::Move;
    type Moves = <Kalah as Ruleset>::Moves;
    const GAME: &'static str = "three-kalah";
    const NAMES: &'static [&'static str] = &["three-kalah", "five-kalah"];

    fn start(&self) -> KalahState {
        self.rules.start()
    }
    fn to_move(&self, s: &KalahState) -> Player {
        self.rules.to_move(s)
    }
    fn legal_moves(&self, s: &KalahState) -> Self::Moves {
        self.rules.legal_moves(s)
    }
    fn play_unchecked(&self, s: &mut KalahState, mv: Self::Move) {
        self.rules.play_unchecked(s, mv)
    }
    fn outcome(&self, s: &KalahState) -> Option<Outcome> {
        self.rules.outcome(s)
    }
    fn seed_count(&self, s: &KalahState) -> SeedCount {
        self.rules.seed_count(s)
    }
    fn total_seeds(&self) -> u32 {
        self.rules.total_seeds()
    }
    fn validate(&self, s: &KalahState) -> Result<(), PositionError> {
        self.rules.validate(s)
    }
    fn hash_from_scratch(&self, s: &KalahState) -> u64 {
        self.rules.hash_from_scratch(s)
    }
    fn parse_move(&self, s: &KalahState, text: &str) -> Result<Self::Move, MoveParseError> {
        self.rules.parse_move(s, text)
    }
    fn format_move(&self, s: &KalahState, mv: Self::Move) -> String {
        self.rules.format_move(s, mv)
    }
    fn illegal_reason(&self, s: &KalahState, mv: Self::Move) -> Option<IllegalReason> {
        self.rules.illegal_reason(s, mv)
    }
}

impl Heuristic for Catalogue {}
impl Picture for Catalogue {}
impl Dialect for Catalogue {}
impl sowing::encode::HasEncoding for Catalogue {}

sowing::with_games!(sowing::ruleset_list! {
    /// The crate's games and the catalogue.
    #[derive(Clone, Debug, PartialEq)]
    enum Games
} + [Catalogue => Catalogue, "Kalah under two names";]);

#[test]
fn two_names_parse_to_one_type_with_their_own_settings() {
    let three: Games = "three-kalah".parse().unwrap();
    let five: Games = "five-kalah".parse().unwrap();
    let (Games::Catalogue(three), Games::Catalogue(five)) = (three, five) else {
        panic!("both names are the catalogue's");
    };
    assert_eq!(
        (three.to_string(), five.to_string()),
        ("three-kalah".into(), "five-kalah".into())
    );
    assert_eq!((three.total_seeds(), five.total_seeds()), (36, 60));
    // The same perft as the crate's Kalah on the same boards (kalah:seeds=3, kalah:seeds=5).
    for (rules, text) in [(&three, "kalah:seeds=3"), (&five, "kalah:seeds=5")] {
        let kalah: Kalah = text.parse().unwrap();
        assert_eq!(
            perft(rules, &rules.start(), 4),
            perft(&kalah, &kalah.start(), 4)
        );
    }
    assert_ne!(
        perft(&three, &three.start(), 4),
        perft(&five, &five.start(), 4)
    );
    // The crate's games keep their names beside the catalogue's.
    assert!(matches!("kalah:pie".parse::<Games>(), Ok(Games::Kalah(_))));
    assert!(matches!("oware".parse::<Games>(), Ok(Games::Oware(_))));
    // GAMES lists one name a type; an unknown name lists them.
    assert_eq!(Games::GAMES.last(), Some(&"three-kalah"));
    let err = "four-kalah".parse::<Games>().unwrap_err().to_string();
    assert_eq!(
        err,
        r#"unknown game "four-kalah" (known: kalah, toguz, tsoro, oware, mancala, three-kalah)"#
    );
}

#[test]
fn a_catalogue_game_is_a_member_of_its_list() {
    let five: Catalogue = "five-kalah".parse().unwrap();
    let start = <Catalogue as Member<Games>>::wrap::<States>(five.start());
    assert_eq!(Games::game_of(&start), "three-kalah");
    assert_eq!(
        <Catalogue as Member<Games>>::get::<States>(&start),
        Some(&five.start())
    );
    assert_eq!(<Kalah as Member<Games>>::get::<States>(&start), None);
}

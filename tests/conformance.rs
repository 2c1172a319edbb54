//! The conformance suite: the harness of `sowing::testing`, run on random legal games of
//! every game under random settings, and on random and edited text.
//!
//! After every ply of every game the harness checks that seeds are conserved, the state
//! validates, the incremental hash equals the hash from scratch, position text (and, with the
//! `serde` feature, serde) round-trips, the game is over exactly when no move is legal, every
//! legal move is accepted by every way to play it (and its notation parses back to it), every
//! other move seen anywhere in the game is rejected with the state unchanged, undo/redo in a
//! [`GameRecord`](sowing::GameRecord) restore the exact states, and the game reads back from
//! its record. At sampled positions perft equals a brute-force count made with the checked
//! `play`. What is particular to a game (its settings, its text's shapes) stays here.

mod common;

use proptest::prelude::*;
use sowing::kalah::{Capture, EndRule, Kalah, KalahSettings, Leftovers};
use sowing::oware::Oware;
use sowing::testing::{self, Config};
use sowing::toguz::{Toguz, ToguzSettings};
use sowing::tsoro::{Heads, Tsoro, TsoroSettings};
use sowing::{GameRecord, Ruleset, SplitMix64};

/// The rulesets the suite checks. With the `serde` feature their states and moves must
/// serialize too, and the suite checks those round trips.
#[cfg(feature = "serde")]
pub trait Checked:
    Ruleset<
        State: serde::Serialize + serde::de::DeserializeOwned,
        Move: serde::Serialize + serde::de::DeserializeOwned,
    >
{
}
#[cfg(feature = "serde")]
impl<R> Checked for R where
    R: Ruleset<
            State: serde::Serialize + serde::de::DeserializeOwned,
            Move: serde::Serialize + serde::de::DeserializeOwned,
        >
{
}
/// The rulesets the suite checks.
#[cfg(not(feature = "serde"))]
pub trait Checked: Ruleset {}
#[cfg(not(feature = "serde"))]
impl<R: Ruleset> Checked for R {}

/// JSON, the format the serde round trips go through.
#[cfg(feature = "serde")]
struct Json;

#[cfg(feature = "serde")]
impl testing::SerdeFormat for Json {
    fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(
        &self,
        value: &T,
    ) -> Result<T, String> {
        let json = serde_json::to_string(value).map_err(|e| e.to_string())?;
        serde_json::from_str(&json).map_err(|e| format!("{json}: {e}"))
    }
}

/// Plays one random game from the start under `rules`, checking everything after every ply
/// (with serde round trips under the `serde` feature). Returns the number of plies played.
pub fn random_game<R: Checked>(rules: &R, seed: u64, max_plies: usize) -> usize {
    let config = Config {
        max_plies,
        ..Config::DEFAULT
    };
    #[cfg(feature = "serde")]
    let report = testing::check_random_games_serde(rules, seed, 1, &config, &Json);
    #[cfg(not(feature = "serde"))]
    let report = testing::check_random_games_with(rules, seed, 1, &config);
    report.unwrap_or_else(|f| panic!("{f}")).plies
}

// ---------------------------------------------------------------------------------------------
// Kalah.

fn kalah_settings() -> impl Strategy<Value = KalahSettings> {
    (
        1u8..=7,
        1u8..=6,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(pits, seeds, empty, at_turn, nobody, pie)| KalahSettings {
            pits,
            seeds,
            capture: if empty {
                Capture::Empty
            } else {
                Capture::Standard
            },
            end: if at_turn {
                EndRule::AtTurn
            } else {
                EndRule::EitherSideEmpty
            },
            leftovers: if nobody {
                Leftovers::Nobody
            } else {
                Leftovers::Owner
            },
            pie,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn kalah_random_games(settings in kalah_settings(), seed in any::<u64>()) {
        // The harness checks the ruleset text round trip too.
        random_game(&Kalah::new(settings).unwrap(), seed, 400);
    }
}

#[test]
fn kalah_presets_play_to_the_end() {
    for settings in [
        KalahSettings::STANDARD,
        KalahSettings::EMPTY_CAPTURE,
        KalahSettings::NOVICE,
        KalahSettings::COMPETITIVE,
    ] {
        let rules = Kalah::new(settings).unwrap();
        for seed in 0..8 {
            let plies = random_game(&rules, seed, usize::MAX);
            assert!(plies > 0);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Text robustness: any string, and any small edit of a valid text, either fails to parse with
// an error or parses to a value that prints and parses back to itself. Never a panic.

/// Checks one candidate position text, one candidate move text (on that position if it
/// validates, and on the start) and one candidate ruleset text under `rules`: whatever reads
/// round-trips, a position that validates passes every check of the harness, and nothing
/// panics.
pub fn check_text<R: Ruleset>(rules: &R, position: &str, mv: &str, ruleset: &str) {
    let config = &Config::DEFAULT;
    if let Some(state) = testing::check_position_text(rules, position, config).unwrap() {
        testing::check_position(rules, &state, &[], config).unwrap();
        testing::check_move_text(rules, &state, mv, config).unwrap();
    }
    testing::check_move_text(rules, &rules.start(), mv, config).unwrap();
    testing::check_ruleset_text::<R>(ruleset).unwrap();
}

/// Applies a few random edits (delete, insert, replace a character) to `text`.
pub fn mutate(text: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, op, c) in edits {
        let at = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        match op % 3 {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => chars.insert(at, c),
            _ if at < chars.len() => chars[at] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8, char)>> {
    proptest::collection::vec(
        (
            any::<usize>(),
            any::<u8>(),
            prop::sample::select(vec![
                '0', '1', '4', '9', ',', '/', ' ', 'S', 'N', 'x', '-', ':', '=', 'é', '2', '5',
            ]),
        ),
        1..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn kalah_text_never_panics(position in ".{0,40}", mv in ".{0,6}", ruleset in ".{0,30}") {
        check_text(&Kalah::default(), &position, &mv, &ruleset);
    }

    #[test]
    fn kalah_edited_text_never_panics(e1 in edits(), e2 in edits(), e3 in edits(), seed in any::<u64>()) {
        let rules = Kalah::new(KalahSettings::COMPETITIVE).unwrap();
        let mut state = rules.start();
        sowing::random_playout(&rules, &mut state, &mut SplitMix64::new(seed), seed % 30);
        let position = mutate(&state.to_string(), &e1);
        let ruleset = mutate("kalah:pits=6,seeds=4,empty-capture,pie", &e3);
        check_text(&rules, &position, &mutate("swap", &e2), &ruleset);
        check_text(&rules, &position, &mutate("3", &e2), &ruleset);
    }
}

fn kalah_like_text() -> impl Strategy<Value = String> {
    // Small counts mostly (so seed totals stay plausible), rows of equal length mostly.
    let count = || prop_oneof![4 => 0u32..4, 1 => 0u32..300];
    (0usize..10, 0usize..3)
        .prop_flat_map(move |(n, skew)| {
            (
                proptest::collection::vec(count(), n),
                proptest::collection::vec(count(), if skew == 0 { n + 1 } else { n }),
                count(),
                count(),
                prop::sample::select(vec!["S", "N", "X", "", "S pie", "N pie", "N pie x"]),
            )
        })
        .prop_map(|(north, south, a, b, side)| {
            let join = |r: Vec<u32>| r.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            format!("{}/{} {a} {b} {side}", join(north), join(south))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn kalah_shaped_text_never_panics(position in kalah_like_text(), pits in 1u8..=7, seeds in 1u8..=4) {
        let rules = Kalah::new(KalahSettings::sized(pits, seeds)).unwrap();
        check_text(&rules, &position, "1", "kalah");
    }
}

// ---------------------------------------------------------------------------------------------
// Tsoro.

fn tsoro_settings() -> impl Strategy<Value = TsoroSettings> {
    (
        6u8..=21,
        0usize..5,
        0u8..=5,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(1u32..400),
    )
        .prop_map(
            |(holes, heads, bonus, forced, immune, reenter, tracey, max_plies)| {
                let heads = Heads::ALL[heads];
                let base = if tracey {
                    TsoroSettings::TRACEY
                } else {
                    TsoroSettings {
                        holes,
                        heads,
                        bonus,
                        ..TsoroSettings::STANDARD
                    }
                };
                TsoroSettings {
                    forced_bonus: forced && (base.bonus > 0 || base.tracey),
                    heads_immune: immune && base.heads != Heads::None,
                    // Re-entry with every heads layout, headless too: the residue
                    // test of `sow.rs` decides the long endless relays of crowded loops at once.
                    reenter,
                    // Re-entered captures never leave play: such games need a ply limit.
                    max_plies: if reenter {
                        Some(max_plies.unwrap_or(300))
                    } else {
                        max_plies
                    },
                    ..base
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn tsoro_random_games(settings in tsoro_settings(), seed in any::<u64>()) {
        random_game(&Tsoro::new(settings).unwrap(), seed, 150);
    }
}

#[test]
fn tsoro_rulesets_play_to_the_end() {
    for text in common::TSORO_RULESETS {
        let rules: Tsoro = text.parse().unwrap();
        for seed in 0..3 {
            let plies = random_game(&rules, seed, 2000);
            assert!(plies > 0, "{text}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn tsoro_text_never_panics(position in ".{0,60}", mv in ".{0,8}", ruleset in ".{0,40}") {
        check_text(&Tsoro::default(), &position, &mv, &ruleset);
    }

    #[test]
    fn tsoro_edited_text_never_panics(
        e1 in edits(), e2 in edits(), e3 in edits(), seed in any::<u64>(), pick in 0usize..4
    ) {
        let ruleset = [
            "tsoro:holes=8,heads=none,bonus=0",
            "tsoro:holes=8,bonus=1,reenter,max-plies=100",
            "tsoro:tracey,max-plies=100",
            "tsoro:holes=6,heads=both-ends,bonus=3,forced-bonus,heads-immune",
        ][pick];
        let rules: Tsoro = ruleset.parse().unwrap();
        let mut state = rules.start();
        sowing::random_playout(&rules, &mut state, &mut SplitMix64::new(seed), seed % 40);
        let position = mutate(&state.to_string(), &e1);
        let ruleset = mutate(ruleset, &e3);
        for mv in ["o3", "i5", "relay", "stop", "take o4", "done"] {
            check_text(&rules, &position, &mutate(mv, &e2), &ruleset);
        }
    }
}

fn tsoro_like_text() -> impl Strategy<Value = String> {
    let count = || prop_oneof![6 => 0u32..3, 1 => 0u32..300];
    (4usize..10, 0usize..4).prop_flat_map(move |(n, skew)| {
        (
            proptest::collection::vec(count(), 4 * n + usize::from(skew == 0)),
            count(),
            count(),
            prop::sample::select(vec![
                "S",
                "N",
                "X",
                "",
                "S head=o6",
                "S head=o5",
                "N take=2",
                "S take=1 hand=3@i2",
                "S captures=1,2",
                "N ply=7",
                "S take=9",
                "S hand=1@o1",
                "N head=i9 ply=2",
            ]),
        )
            .prop_map(move |(v, a, b, tail)| {
                let n = v.len() / 4;
                let rows: Vec<String> = v
                    .chunks(n.max(1))
                    .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
                    .collect();
                format!("{} {a} {b} {tail}", rows.join("/"))
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn tsoro_shaped_text_never_panics(position in tsoro_like_text(), pick in 0usize..3) {
        let rules: Tsoro = ["tsoro:holes=6", "tsoro:holes=6,heads=none,bonus=1,reenter", "tsoro:holes=8,bonus=2"][pick]
            .parse()
            .unwrap();
        check_text(&rules, &position, "o1", "tsoro");
    }
}

// ---------------------------------------------------------------------------------------------
// Toguz Kumalak.

fn toguz_settings() -> impl Strategy<Value = ToguzSettings> {
    (1u8..=ToguzSettings::MAX_HOLES)
        .prop_flat_map(|holes| {
            let max_balls = (ToguzSettings::MAX_TOTAL / (2 * u32::from(holes))).min(14) as u8;
            (
                Just(holes),
                1u8..=max_balls,
                any::<bool>(),
                any::<bool>(),
                any::<bool>(),
            )
        })
        .prop_map(
            |(holes, balls, tuzdik, origin_sowing, decide_at_majority)| ToguzSettings {
                holes,
                balls,
                tuzdik,
                origin_sowing,
                decide_at_majority,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn toguz_random_games(settings in toguz_settings(), seed in any::<u64>()) {
        random_game(&Toguz::new(settings).unwrap(), seed, 400);
    }
}

#[test]
fn toguz_presets_and_sizes_play_to_the_end() {
    for text in common::TOGUZ_RULESETS {
        let rules: Toguz = text.parse().unwrap();
        assert_eq!(rules.to_string().parse::<Toguz>().unwrap(), rules);
        for seed in 0..4 {
            let plies = random_game(&rules, seed, usize::MAX);
            assert!(plies > 0);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Toguz Kumalak text: any string, edits of reached positions and PGN movetext, and FEN-shaped
// rows.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn toguz_text_never_panics(position in ".{0,60}", mv in ".{0,8}", ruleset in ".{0,30}") {
        check_text(&Toguz::default(), &position, &mv, &ruleset);
        let _ = sowing::toguz::playok::read_games(&position);
    }

    #[test]
    fn toguz_edited_text_never_panics(e1 in edits(), e2 in edits(), e3 in edits(), seed in any::<u64>()) {
        let rules = Toguz::default();
        let mut game = GameRecord::new(rules.clone());
        let mut rng = SplitMix64::new(seed);
        for _ in 0..seed % 40 {
            let Some(mv) = rules.random_move(game.current(), &mut rng) else { break };
            game.play(mv).unwrap();
        }
        let position = mutate(&game.current().to_string(), &e1);
        let ruleset = mutate("toguz:holes=7,balls=7,no-origin-sowing,play-to-end", &e3);
        check_text(&rules, &position, &mutate("36x", &e2), &ruleset);
        check_text(&rules, &position, &mutate("65(10)", &e2), &ruleset);
        let pgn = sowing::toguz::playok::write_game(
            &sowing::pgn::PgnGame::new(game),
            sowing::toguz::Style::PlayOk,
        );
        let _ = sowing::toguz::playok::read_games(&mutate(&pgn, &e2));
    }
}

fn toguz_like_text() -> impl Strategy<Value = String> {
    let entry = || {
        prop_oneof![
            4 => (1u32..20).prop_map(|c| format!("{c}S")),
            1 => (0u32..300).prop_map(|c| format!("{c}S")),
            2 => (0u32..11).prop_map(|n| n.to_string()),
            1 => Just("t".to_string()),
        ]
    };
    (0usize..11, 0usize..11)
        .prop_flat_map(move |(a, b)| {
            (
                proptest::collection::vec(entry(), a),
                proptest::collection::vec(entry(), b),
                0u32..170,
                0u32..170,
                prop::sample::select(vec!["S 1", "N 7", "S", "N 0", "X 3", "S 1 x"]),
            )
        })
        .prop_map(|(north, south, k1, k2, side)| {
            format!("{}/{} {k1} {k2} {side}", north.join(","), south.join(","))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn toguz_shaped_text_never_panics(position in toguz_like_text(), holes in 1u8..=9, balls in 1u8..=9) {
        let rules = Toguz::new(ToguzSettings::sized(holes, balls)).unwrap();
        check_text(&rules, &position, "1", "toguz");
        check_text(&rules, &position, "12x", "toguz:kozdatu");
    }
}

// ---------------------------------------------------------------------------------------------
// Records: every random game writes as a record (`sowing::pgn`) and reads back as the same game
// (the harness checks it at the end of every game; here under all four games' settings at
// once, with longer Tsoro games).

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_round_trip_through_records(
        kalah in kalah_settings(),
        toguz in toguz_settings(),
        tsoro in tsoro_settings(),
        oware in 0usize..common::OWARE_RULESETS.len(),
        seed in any::<u64>(),
    ) {
        let config = |max_plies| Config { max_plies, perft_every: 0, ..Config::DEFAULT };
        let check = |report: Result<testing::Report, testing::Failure>| {
            report.unwrap_or_else(|f| panic!("{f}"));
        };
        check(testing::check_random_games_with(&Kalah::new(kalah).unwrap(), seed, 1, &config(400)));
        check(testing::check_random_games_with(&Toguz::new(toguz).unwrap(), seed, 1, &config(400)));
        check(testing::check_random_games_with(&Tsoro::new(tsoro).unwrap(), seed, 1, &config(300)));
        // Oware's small boards cycle: the record ends them at a repeated position.
        let oware: Oware = common::OWARE_RULESETS[oware].parse().unwrap();
        check(testing::check_random_games_with(&oware, seed, 1, &config(400)));
    }
}

// ---------------------------------------------------------------------------------------------
// The described games: random descriptions (every switch of the family), and the catalogue.

mod described {
    use super::random_game;
    use proptest::prelude::*;
    use sowing::described::{
        CannotFeed, Counts, Description, Direction, EndRule, GrandSlam, Laps, Leftovers, Mancala,
        Opposite, Side, StoreSowing, catalogue,
    };

    fn counts() -> impl Strategy<Value = Counts> {
        prop_oneof![
            Just(Counts::NONE),
            Just(Counts::of(&[2, 3])),
            Just(Counts::of(&[4])),
            Just(Counts::EVENS),
            Just(Counts::of(&[1, 3, 5])),
        ]
    }

    /// Every description the family accepts, on boards of 2 to 8 holes of 1 to 5 seeds
    /// (or a start pattern), each switch at random; the ones `validate` refuses are left out.
    pub fn descriptions() -> impl Strategy<Value = Description> {
        let board = (
            2u8..=8,
            1u8..=5,
            proptest::option::of(proptest::array::uniform8(0u8..=4)),
        );
        let sowing = (
            prop_oneof![
                Just(Direction::Ccw),
                Just(Direction::Cw),
                Just(Direction::Choice)
            ],
            prop_oneof![Just(Laps::One), Just(Laps::Relay)],
            any::<bool>(),
            prop_oneof![
                Just(StoreSowing::None),
                Just(StoreSowing::Own),
                Just(StoreSowing::Both)
            ],
            1u8..=2,
        );
        let captures = (
            counts(),
            prop_oneof![Just(Side::Opponent), Just(Side::Own), Just(Side::Either)],
            any::<bool>(),
            proptest::sample::select(GrandSlam::ALL.to_vec()),
            prop_oneof![
                Just(Opposite::Off),
                Just(Opposite::WithSeed),
                Just(Opposite::WithoutSeed)
            ],
            any::<bool>(),
            (any::<bool>(), any::<bool>()),
        );
        let end = (
            any::<bool>(),
            prop_oneof![Just(CannotFeed::End), Just(CannotFeed::Any)],
            prop_oneof![Just(EndRule::SideEmpty), Just(EndRule::Stuck)],
            prop_oneof![
                Just(Leftovers::Owner),
                Just(Leftovers::ToMove),
                Just(Leftovers::LastMover),
                Just(Leftovers::Nobody)
            ],
            (any::<bool>(), any::<bool>()),
            any::<bool>(),
            proptest::option::of(1u32..300),
        );
        (board, sowing, captures, end).prop_filter_map(
            "a description the family refuses",
            |((holes, seeds, pattern), sowing, captures, end)| {
                let mut d = Description::KALAH;
                d.board.holes = holes;
                d.board.seeds = seeds;
                d.board.start = pattern.map(|p| {
                    let mut row = [0u8; 15];
                    row[..usize::from(holes)].copy_from_slice(&p[..usize::from(holes)]);
                    row
                });
                (
                    d.sowing.direction,
                    d.sowing.laps,
                    d.sowing.skip_origin,
                    d.sowing.stores,
                    d.sowing.min_seeds,
                ) = sowing;
                let (counts, side, chain, grand_slam, opposite, opposite_empty, again) = captures;
                d.captures.counts = counts;
                d.captures.side = side;
                d.captures.chain = chain;
                d.captures.grand_slam = grand_slam;
                d.captures.opposite = opposite;
                d.captures.opposite_empty = opposite_empty;
                (d.captures.again_on_store, d.captures.again_on_capture) = again;
                let (must_feed, cannot_feed, rule, leftovers, half, repetition, max_plies) = end;
                d.end.must_feed = must_feed;
                d.end.cannot_feed = cannot_feed;
                d.end.rule = rule;
                d.end.leftovers = leftovers;
                (d.end.half_wins, d.end.divide_on_win) = half;
                d.end.repetition = repetition;
                d.end.max_plies = max_plies;
                d.validate().is_ok().then_some(d)
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn described_random_games(d in descriptions(), seed in any::<u64>()) {
            // The harness checks the ruleset text round trip too.
            random_game(&Mancala::new(d).unwrap(), seed, 300);
        }

        #[test]
        fn a_description_round_trips_through_text_and_serde(d in descriptions()) {
            let rules = Mancala::new(d).unwrap();
            let text = rules.to_string();
            let back: Mancala = text.parse().unwrap();
            prop_assert_eq!(back.description(), rules.description(), "{}", text);
            #[cfg(feature = "serde")]
            {
                let json = serde_json::to_string(rules.description()).unwrap();
                let read: Description = serde_json::from_str(&json).unwrap();
                prop_assert_eq!(&read, rules.description(), "{}", json);
            }
        }

        #[test]
        fn described_text_never_panics(position in ".{0,40}", mv in ".{0,6}", ruleset in ".{0,40}") {
            super::check_text(&Mancala::default(), &position, &mv, &ruleset);
        }
    }

    #[test]
    fn every_catalogue_game_plays_to_the_end() {
        for entry in catalogue::CATALOGUE {
            let rules = Mancala::catalogue(entry.name).unwrap();
            for seed in 0..8 {
                let plies = random_game(&rules, seed, 2000);
                assert!(plies > 0, "{}", entry.name);
            }
        }
    }
}

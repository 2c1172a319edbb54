//! SVG board pictures ([`sowing::svg`]): well-formed XML with one element per hole carrying
//! its count, for random positions of every game; hand-worked highlights; every Tsoro head
//! layout.

use proptest::prelude::*;
use roxmltree::{Document, Node};
use sowing::kalah::{Kalah, KalahSettings};
use sowing::oware::{Oware, OwareSettings};
use sowing::svg::{Highlight, Spot};
use sowing::toguz::{Toguz, ToguzMove, ToguzSettings};
use sowing::tsoro::{Heads, Tsoro, TsoroSettings};
use sowing::{Picture, Player, RandomSource, Ruleset, SplitMix64};

/// A random position after up to `plies` random actions, and the highlight of the last one.
fn position<R: Picture>(rules: &R, seed: u64, plies: u32) -> (R::State, Option<Highlight>) {
    let mut rng = SplitMix64::new(seed);
    let mut s = rules.start();
    let mut highlight = None;
    for _ in 0..rng.below(plies + 1) {
        let Some(mv) = rules.random_move(&s, &mut rng) else {
            break;
        };
        highlight = Some(rules.highlight(&s, mv));
        rules.play_unchecked(&mut s, mv);
    }
    (s, highlight)
}

fn side(p: Player) -> &'static str {
    match p {
        Player::South => "south",
        Player::North => "north",
    }
}

fn class<'a>(doc: &'a Document<'a>, class: &'a str) -> impl Iterator<Item = Node<'a, 'a>> {
    doc.descendants()
        .filter(move |n| n.has_tag_name("g") && n.attribute("class") == Some(class))
}

/// Parses the picture and checks what every picture must be: an SVG document with a size,
/// a generic font and nothing external or scripted. Returns `(side, index, count, kind)` of
/// every hole and `(side, count)` of every store.
#[allow(clippy::type_complexity)]
fn read(
    svg: &str,
) -> (
    Vec<(String, usize, u32, Option<String>)>,
    Vec<(String, u32)>,
) {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert!(root.has_tag_name(("http://www.w3.org/2000/svg", "svg")));
    assert!(root.attribute("width").is_some() && root.attribute("viewBox").is_some());
    assert_eq!(root.attribute("font-family"), Some("sans-serif"));
    for n in doc.descendants().filter(Node::is_element) {
        let name = n.tag_name().name();
        assert!(
            !["script", "image", "foreignObject", "style", "use", "a"].contains(&name),
            "<{name}> in a picture"
        );
        for a in n.attributes() {
            assert!(!a.name().starts_with("on"), "event handler {}", a.name());
            assert!(
                !a.value().contains("url("),
                "external reference {}",
                a.value()
            );
            assert_ne!(a.name(), "href");
        }
    }
    let holes = class(&doc, "hole")
        .map(|n| {
            (
                n.attribute("data-side").unwrap().to_string(),
                n.attribute("data-index").unwrap().parse().unwrap(),
                n.attribute("data-count").unwrap().parse().unwrap(),
                n.attribute("data-kind").map(str::to_string),
            )
        })
        .collect();
    let stores = class(&doc, "store")
        .map(|n| {
            (
                n.attribute("data-side").unwrap().to_string(),
                n.attribute("data-count").unwrap().parse().unwrap(),
            )
        })
        .collect();
    (holes, stores)
}

/// Every hole's count, the written count of a hole element: one element per hole, each
/// hole once, each count as the state has it; the count shown as text too.
fn check_holes(
    holes: &[(String, usize, u32, Option<String>)],
    expected: impl Iterator<Item = (Player, usize, u32)>,
) {
    let mut expected: Vec<(String, usize, u32)> = expected
        .map(|(p, i, c)| (side(p).to_string(), i, c))
        .collect();
    let mut found: Vec<(String, usize, u32)> = holes
        .iter()
        .map(|(s, i, c, _)| (s.clone(), *i, *c))
        .collect();
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn kalah_pictures_show_every_pit(pits in 1u8..=7, seeds in 1u8..=6, pie: bool, seed: u64) {
        let settings = KalahSettings { pits, seeds, pie, ..KalahSettings::STANDARD };
        let rules = Kalah::new(settings).unwrap();
        let (s, hl) = position(&rules, seed, 60);
        let (holes, stores) = read(&rules.picture_svg_with(&s, hl.as_ref()));
        let m = usize::from(pits);
        check_holes(
            &holes,
            Player::BOTH
                .into_iter()
                .flat_map(|p| (1..=m).map(move |i| (p, i, u32::from(s.pit(p, i))))),
        );
        let mut want: Vec<(String, u32)> = Player::BOTH
            .iter()
            .map(|&p| (side(p).to_string(), u32::from(s.store(p))))
            .collect();
        let mut stores = stores;
        want.sort();
        stores.sort();
        prop_assert_eq!(stores, want);
    }

    #[test]
    fn oware_pictures_show_every_house(houses in 1u8..=8, seeds in 1u8..=5, seed: u64) {
        let Ok(rules) = Oware::new(OwareSettings::sized(houses, seeds)) else { return Ok(()) };
        let (s, hl) = position(&rules, seed, 80);
        let (found, stores) = read(&rules.picture_svg_with(&s, hl.as_ref()));
        let m = usize::from(houses);
        check_holes(
            &found,
            Player::BOTH
                .into_iter()
                .flat_map(|p| (1..=m).map(move |i| (p, i, u32::from(s.house(p, i))))),
        );
        let mut want: Vec<(String, u32)> = Player::BOTH
            .iter()
            .map(|&p| (side(p).to_string(), u32::from(s.store(p))))
            .collect();
        let mut stores = stores;
        want.sort();
        stores.sort();
        prop_assert_eq!(stores, want);
    }

    #[test]
    fn toguz_pictures_show_every_hole_and_tuzdik(holes in 1u8..=9, balls in 1u8..=12, seed: u64) {
        let settings = ToguzSettings { holes, balls, ..ToguzSettings::default() };
        let Ok(rules) = Toguz::new(settings) else { return Ok(()) };
        let (s, hl) = position(&rules, seed, 120);
        let (found, stores) = read(&rules.picture_svg_with(&s, hl.as_ref()));
        let n = usize::from(holes);
        check_holes(
            &found,
            Player::BOTH
                .into_iter()
                .flat_map(|p| (1..=n).map(move |i| (p, i, u32::from(s.hole(p, i))))),
        );
        for (side_name, index, _, kind) in &found {
            let owner = if side_name == "south" { Player::South } else { Player::North };
            prop_assert_eq!(kind.as_deref() == Some("tuzdik"), s.is_tuzdik(owner, *index));
        }
        prop_assert_eq!(stores.len(), 2);
        for (side_name, count) in stores {
            let owner = if side_name == "south" { Player::South } else { Player::North };
            prop_assert_eq!(count, u32::from(s.kazan(owner)));
        }
    }

    #[test]
    fn tsoro_pictures_show_four_rows_and_the_heads(
        holes in 6u8..=21,
        heads in 0usize..5,
        reenter: bool,
        seed: u64,
    ) {
        let settings = TsoroSettings {
            holes,
            heads: Heads::ALL[heads],
            reenter,
            ..TsoroSettings::STANDARD
        };
        let rules = Tsoro::new(settings).unwrap();
        let (s, hl) = position(&rules, seed, 150);
        let svg = rules.picture_svg_with(&s, hl.as_ref());
        let (found, stores) = read(&svg);
        let n = usize::from(holes);
        check_holes(
            &found,
            Player::BOTH
                .into_iter()
                .flat_map(|p| (0..2 * n).map(move |i| (p, i, u32::from(s.hole(p, i))))),
        );
        let mask = Heads::ALL[heads].mask(n);
        for (_, index, _, kind) in &found {
            prop_assert_eq!(kind.as_deref() == Some("head"), mask >> index & 1 == 1);
        }
        prop_assert_eq!(stores.len(), 2);
        for (side_name, count) in stores {
            let owner = if side_name == "south" { Player::South } else { Player::North };
            prop_assert_eq!(count, u32::from(s.captured(owner)));
        }
    }
}

fn hole(owner: Player, index: usize) -> Spot {
    Spot::Hole { owner, index }
}

#[test]
fn kalah_highlights_origin_landing_and_capture() {
    let rules = Kalah::default();
    let start = rules.start();
    // Pit 3's four seeds: pits 4, 5, 6 and the store.
    let h = rules.highlight(&start, rules.parse_move(&start, "3").unwrap());
    assert_eq!(h.origin, Some(hole(Player::South, 3)));
    assert_eq!(h.landing, Some(Spot::Store(Player::South)));
    assert!(h.captured.is_empty());
    // Pit 1's one seed lands in empty pit 2, opposite North's pit 5 (3 seeds): a capture.
    let s = rules
        .parse_position("4,3,4,4,4,4/1,0,5,5,5,5 3 1 S")
        .unwrap();
    let h = rules.highlight(&s, rules.parse_move(&s, "1").unwrap());
    assert_eq!(h.landing, Some(hole(Player::South, 2)));
    assert_eq!(h.captured, [hole(Player::South, 2), hole(Player::North, 5)]);
    // The swap moves no seed.
    let pie: Kalah = "kalah:pie".parse().unwrap();
    let s = pie
        .play(pie.start(), pie.parse_move(&pie.start(), "1").unwrap())
        .unwrap();
    let swap = pie.parse_move(&s, "swap").unwrap();
    assert_eq!(pie.highlight(&s, swap), Highlight::default());
}

#[test]
fn toguz_highlights_captures_and_tuzdiks() {
    let rules = Toguz::default();
    let start = rules.start();
    // Hole 6's nine balls end in Black's hole 5, making it 10: captured.
    let h = rules.highlight(&start, ToguzMove(6));
    assert_eq!(h.origin, Some(hole(Player::South, 6)));
    assert_eq!(h.landing, Some(hole(Player::North, 5)));
    assert_eq!(h.captured, [hole(Player::North, 5)]);
    let svg = rules.picture_svg_with(&rules.play(start, ToguzMove(6)).unwrap(), Some(&h));
    assert!(svg.contains("Black to move"));
    // An illegal move marks nothing.
    assert_eq!(rules.highlight(&start, ToguzMove(12)), Highlight::default());
}

#[test]
fn tsoro_highlights_bonus_takes_and_pending_decisions() {
    let rules = Tsoro::default();
    // o3 from the start: a relay that ends in South's head o20, waiting for relay or stop.
    let s = rules.start();
    let mv = rules.parse_move(&s, "o3").unwrap();
    let h = rules.highlight(&s, mv);
    let after = rules.play(s, mv).unwrap();
    assert_eq!(h.origin, Some(hole(Player::South, 2)));
    assert_eq!(after.to_string().split(' ').nth(4), Some("head=o20"));
    assert_eq!(h.landing, Some(hole(Player::South, 19)));
    let svg = rules.picture_svg_with(&after, Some(&h));
    assert!(svg.contains(">South's lap ended in his head o20: relay or stop</text>"));
    // A bonus take empties the hole it names. (South's capturing stone lies in his i1, the
    // file across emptied: validate refuses bonus takes with no capture on the board. Each
    // loop holds its 12 less what the opponent captured: South took 2, North 1.)
    let basic: Tsoro = "tsoro:holes=6,heads=none,bonus=1".parse().unwrap();
    let s = basic
        .parse_position("0,2,2,2,2,2/0,0,0,0,0,0/1,0,0,0,0,0/2,2,2,2,2,0 2 1 S take=1")
        .unwrap();
    let take = basic.parse_move(&s, "take o2").unwrap();
    let h = basic.highlight(&s, take);
    assert_eq!(h.captured, [hole(Player::North, 4)]);
    assert_eq!((h.origin, h.landing), (None, None));
}

#[test]
fn every_tsoro_heads_layout_draws_its_heads() {
    for heads in Heads::ALL {
        for holes in [6, 13, 21] {
            let settings = TsoroSettings {
                holes,
                heads,
                ..TsoroSettings::STANDARD
            };
            let rules = Tsoro::new(settings).unwrap();
            let (found, _) = read(&rules.picture_svg(&rules.start()));
            let drawn = found
                .iter()
                .filter(|h| h.3.as_deref() == Some("head"))
                .count();
            let per_side = heads.mask(holes.into()).count_ones() as usize;
            assert_eq!(drawn, 2 * per_side, "{heads:?} on {holes}");
            assert_eq!(found.len(), 4 * usize::from(holes));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Each side's numbers and names in the terminal pictures.

#[test]
fn tsoro_terminal_picture_numbers_each_side_as_its_moves_name_them() {
    let rules: Tsoro = "tsoro:holes=8,heads=none,bonus=0".parse().unwrap();
    let mut s = rules.start();
    for text in ["o1", "o2"] {
        let mv = rules.parse_move(&s, text).unwrap();
        rules.try_play(&mut s, mv).unwrap();
    }
    // North's o2 is column 7 from South's left: the number above it is 2, and it is empty.
    let picture = rules.picture(&s);
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(lines[0], "        8  7  6  5  4  3  2  1", "{picture}");
    // (o2's relay: o3, o4 occupied; then o5, o6, o7; o8, i1, i2, empty.)
    assert_eq!(lines[1], "N out   3  0  3  3  0  3  0  2", "{picture}");
    assert_eq!(lines[6], "        1  2  3  4  5  6  7  8", "{picture}");
    let column = lines[0].find('2').unwrap();
    assert_eq!(&lines[1][column..=column], "0");
    assert!(lines[7].starts_with("captured: South 0, North 0; South to move"));
}

#[test]
fn toguz_terminal_picture_calls_the_sides_white_and_black() {
    let rules = Toguz::default();
    let picture = rules.picture(&rules.start());
    assert!(
        picture.lines().next().unwrap().ends_with("   Black"),
        "{picture}"
    );
    assert!(picture.ends_with("   White  <- to move"), "{picture}");
    assert!(
        !picture.contains("North") && !picture.contains("South"),
        "{picture}"
    );
    // The result too, as the SVG and the records say it.
    let mut rng = SplitMix64::new(5);
    let mut s = rules.start();
    while let Some(mv) = rules.random_move(&s, &mut rng) {
        rules.play_unchecked(&mut s, mv);
    }
    let picture = rules.picture(&s);
    let last = picture.lines().last().unwrap();
    assert!(
        last.starts_with("Game over: White wins") || last.starts_with("Game over: Black wins"),
        "{picture}"
    );
}

// ---------------------------------------------------------------------------------------------
// A ruleset defined outside the crate gets its pictures from its holes and stores.

mod tiny {
    use std::fmt;
    use std::str::FromStr;

    use sowing::picture::{Board, Labels};
    use sowing::{
        Effect, IllegalReason, MoveList, MoveParseError, Outcome, Picture, Player, PositionError,
        PositionParseError, Ruleset, RulesetParseError, Score, SeedCount, Spot, TextProblem,
    };

    /// Two rows of three holes, two seeds each, a store at each player's right; a move
    /// sows one hole's seeds anticlockwise (his holes, his store, the opponent's holes) and
    /// the turn passes. The game ends when the player to move has no seed.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Tiny;

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub struct State {
        pub holes: [[u8; 3]; 2],
        pub stores: [u8; 2],
        pub mover: Player,
    }

    impl fmt::Display for State {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let [s, n] = self.holes;
            write!(f, "{s:?}{n:?} {:?} {:?}", self.stores, self.mover)
        }
    }

    impl FromStr for State {
        type Err = PositionParseError;
        fn from_str(_: &str) -> Result<State, PositionParseError> {
            Err(PositionParseError::new(0, "position", TextProblem::Missing))
        }
    }

    impl fmt::Display for Tiny {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("tiny")
        }
    }

    impl FromStr for Tiny {
        type Err = RulesetParseError;
        fn from_str(text: &str) -> Result<Tiny, RulesetParseError> {
            match text {
                "tiny" => Ok(Tiny),
                _ => Err(RulesetParseError::UnknownGame {
                    game: text.into(),
                    known: vec!["tiny"],
                }),
            }
        }
    }

    impl Ruleset for Tiny {
        type State = State;
        type Move = u8;
        type Moves = MoveList<u8, 3>;
        const GAME: &'static str = "tiny";

        fn start(&self) -> State {
            State {
                holes: [[2; 3]; 2],
                stores: [0; 2],
                mover: Player::South,
            }
        }
        fn to_move(&self, s: &State) -> Player {
            s.mover
        }
        fn legal_moves(&self, s: &State) -> MoveList<u8, 3> {
            let mut moves = MoveList::new();
            for (i, &c) in s.holes[s.mover.index()].iter().enumerate() {
                if c > 0 {
                    moves.push(i as u8 + 1);
                }
            }
            moves
        }
        fn play_unchecked(&self, s: &mut State, mv: u8) {
            let _ = self.sow(s, mv);
        }
        fn effect(&self, s: &State, mv: u8) -> Result<Effect, IllegalReason> {
            if !self.is_legal(s, mv) {
                return Err(IllegalReason::Forbidden("not a hole with seeds".into()));
            }
            Ok(self.sow(&mut s.clone(), mv))
        }
        fn outcome(&self, s: &State) -> Option<Outcome> {
            if !self.legal_moves(s).is_empty() {
                return None;
            }
            let total = |p: usize| u32::from(s.stores[p] + s.holes[p].iter().sum::<u8>());
            Some(Outcome::by_score(Score {
                south: total(0),
                north: total(1),
            }))
        }
        fn seed_count(&self, s: &State) -> SeedCount {
            let board = s.holes.iter().flatten().map(|&c| u32::from(c)).sum();
            SeedCount {
                board,
                stores: [s.stores[0].into(), s.stores[1].into()],
            }
        }
        fn total_seeds(&self) -> u32 {
            12
        }
        fn validate(&self, _: &State) -> Result<(), PositionError> {
            Ok(())
        }
        fn hash_from_scratch(&self, s: &State) -> u64 {
            s.holes
                .iter()
                .flatten()
                .fold(0, |h, &c| h * 31 + u64::from(c))
        }
        fn parse_move(&self, _: &State, text: &str) -> Result<u8, MoveParseError> {
            text.parse().map_err(|_| MoveParseError::Syntax {
                text: text.into(),
                expected: "1, 2 or 3",
            })
        }
        fn format_move(&self, _: &State, mv: u8) -> String {
            mv.to_string()
        }
    }

    impl Tiny {
        /// Sows hole `mv` of the mover, recording what it does.
        fn sow(&self, s: &mut State, mv: u8) -> Effect {
            let me = s.mover;
            let mut e = Effect::new(me);
            let i = usize::from(mv - 1);
            let seeds = std::mem::take(&mut s.holes[me.index()][i]);
            let origin = Spot::Hole {
                owner: me,
                index: i + 1,
            };
            (e.origin, e.lifted_seeds) = (Some(origin), seeds.into());
            e.lifted.insert(origin);
            // The loop: his holes 0..3, his store 3, the opponent's holes 4..7.
            let mut at = i;
            for _ in 0..seeds {
                at = (at + 1) % 7;
                let spot = match at {
                    0..3 => Spot::Hole {
                        owner: me,
                        index: at + 1,
                    },
                    3 => Spot::Store(me),
                    _ => Spot::Hole {
                        owner: !me,
                        index: at - 3,
                    },
                };
                match spot {
                    Spot::Hole { owner, index } => s.holes[owner.index()][index - 1] += 1,
                    Spot::Store(p) => s.stores[p.index()] += 1,
                }
                e.sown.insert(spot);
                e.sown_seeds += 1;
                e.last = Some(spot);
            }
            s.mover = !me;
            e
        }
    }

    impl Picture for Tiny {
        fn board(&self, s: &State) -> Option<Board> {
            Some(Board {
                holes: s.holes.map(|row| row.map(u32::from).to_vec()),
                stores: s.stores.map(u32::from),
                to_move: s.mover,
                outcome: self.outcome(s),
                labels: Labels::default(),
            })
        }
    }
}

#[test]
fn a_downstream_ruleset_is_drawn_from_its_holes_and_stores() {
    let rules = tiny::Tiny;
    let start = rules.start();
    // Hole 3's two seeds: the store, then North's hole 1.
    let h = rules.highlight(&start, 3);
    assert_eq!(h.origin, Some(hole(Player::South, 3)));
    assert_eq!(h.landing, Some(hole(Player::North, 1)));
    let after = rules.play(start, 3).unwrap();
    let text = rules.picture(&after);
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    assert_eq!(lines[0], "         3    2    1   North  <- to move");
    assert_eq!(lines[2], "      |  2 |  2 |  3 |");
    assert_eq!(lines[3], "    0 +----+----+----+  1");
    assert_eq!(lines[4], "      |  2 |  2 |  0 |");
    let svg = rules.picture_svg_with(&after, Some(&h));
    let (holes, stores) = read(&svg);
    assert_eq!(holes.len(), 6);
    assert!(holes.contains(&("north".into(), 1, 3, None)));
    assert!(holes.contains(&("south".into(), 3, 0, None)));
    assert_eq!(stores, [("north".to_string(), 0), ("south".to_string(), 1)]);
    assert!(svg.contains(">North to move</text>"));
    // A game with its pictures through the record, to the end.
    let mut game = sowing::GameRecord::new(rules);
    let mut rng = SplitMix64::new(3);
    while let Some(mv) = game.random_move(&mut rng) {
        game.play(mv).unwrap();
    }
    assert!(game.picture().contains("Game over: "));
}

#[test]
fn a_board_is_drawn_with_the_games_own_labels() {
    use sowing::picture::{Board, Labels};
    let board = Board {
        holes: [vec![1, 0, 2], vec![3, 4, 0]],
        stores: [5, 6],
        to_move: Player::North,
        outcome: None,
        labels: Labels::new(["a", "b", "c"], ["A", "B", "C"], ["bank", "kazna"]),
    };
    let text = board.text(["South", "North"]);
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    assert_eq!(lines[0], "               C    B    A   North  <- to move");
    assert_eq!(lines[2], "            |  0 |  4 |  3 |");
    assert_eq!(lines[3], "  kazna   6 +----+----+----+  5 bank");
    assert_eq!(lines[4], "            |  1 |  0 |  2 |");
    assert_eq!(lines[6], "               a    b    c   South");
    let svg = board.svg(["South", "North"], None);
    let doc = Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for label in ["a", "b", "c", "A", "B", "C", "bank", "kazna"] {
        assert!(texts.contains(&label), "{label} in {texts:?}");
    }
    assert!(!texts.contains(&"store"));
    // The holes keep their indices, whatever their labels.
    let (holes, stores) = read(&svg);
    assert!(holes.contains(&("south".into(), 1, 1, None)));
    assert!(holes.contains(&("north".into(), 3, 0, None)));
    assert_eq!(stores, [("north".to_string(), 6), ("south".to_string(), 5)]);
}

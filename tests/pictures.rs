//! SVG board pictures ([`sowing::svg`]): well-formed XML with one element per hole carrying
//! its count, for random positions of every game; hand-worked highlights; every Tsoro head
//! layout.

use proptest::prelude::*;
use roxmltree::{Document, Node};
use sowing::kalah::{Kalah, KalahSettings};
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

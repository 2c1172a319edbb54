//! Ruleset text for a description: `<name>[:<switch>,...]`, each switch changing one
//! parameter of the named game's description (see the [module docs](super) for the list).

use super::description::{
    CannotFeed, ChainWay, Counts, Description, Direction, EndRule, FeedTest, Goal, GrandSlam, Laps,
    Leftovers, MAX_HOLES, MAX_TOTAL, Opposite, RelayIf, Side, StoreSowing,
};
use crate::error::{RulesetParseError, SettingsError};
use crate::switches::{self, Switch};

/// A switch's value among named choices, in the order of `names`.
fn choice<T: Copy>(
    sw: &Switch<'_>,
    game: &'static str,
    choices: &[(&str, T)],
    expected: &'static str,
) -> Result<T, RulesetParseError> {
    let value = sw.text(game)?;
    choices
        .iter()
        .find(|(name, _)| *name == value)
        .map(|&(_, t)| t)
        .ok_or_else(|| RulesetParseError::BadValue {
            game,
            switch: sw.name.to_string(),
            value: value.to_string(),
            expected,
        })
}

/// A flag: bare (`chain`) or `=on`/`=off`.
fn flag(sw: &Switch<'_>, game: &'static str) -> Result<bool, RulesetParseError> {
    match sw.value {
        None => Ok(true),
        Some(_) => choice(sw, game, &[("on", true), ("off", false)], "on or off"),
    }
}

/// A whole number in `min..=max`.
fn number(
    sw: &Switch<'_>,
    game: &'static str,
    setting: &'static str,
    min: i64,
    max: i64,
) -> Result<i64, RulesetParseError> {
    let n = sw.number(game)?;
    if !(min..=max).contains(&n) {
        return Err(SettingsError::OutOfRange {
            setting,
            value: n,
            min,
            max,
        }
        .into());
    }
    Ok(n)
}

const DIRECTIONS: [(&str, Direction); 6] = [
    ("ccw", Direction::Ccw),
    ("cw", Direction::Cw),
    ("choice", Direction::Choice),
    ("even-odd", Direction::EvenOdd),
    ("first-chooses", Direction::FirstChooses),
    ("split", Direction::Split),
];
const LAPS: [(&str, Laps); 3] = [
    ("one", Laps::One),
    ("relay", Laps::Relay),
    ("next", Laps::Next),
];
const STORES: [(&str, StoreSowing); 3] = [
    ("none", StoreSowing::None),
    ("own", StoreSowing::Own),
    ("both", StoreSowing::Both),
];
const SIDES: [(&str, Side); 3] = [
    ("opponent", Side::Opponent),
    ("own", Side::Own),
    ("either", Side::Either),
];
const CHAIN_WAYS: [(&str, ChainWay); 3] = [
    ("back", ChainWay::Back),
    ("cw", ChainWay::Cw),
    ("ccw", ChainWay::Ccw),
];
const OPPOSITES: [(&str, Opposite); 3] = [
    ("off", Opposite::Off),
    ("with-seed", Opposite::WithSeed),
    ("without-seed", Opposite::WithoutSeed),
];
const CANNOT_FEED: [(&str, CannotFeed); 3] = [
    ("end", CannotFeed::End),
    ("any", CannotFeed::Any),
    ("to-unfed", CannotFeed::ToUnfed),
];
const FEED_TESTS: [(&str, FeedTest); 3] = [
    ("sowing", FeedTest::Sowing),
    ("move", FeedTest::Move),
    ("move-seed", FeedTest::MoveSeed),
];
const GOALS: [(&str, Goal); 4] = [
    ("most-seeds", Goal::MostSeeds),
    ("clear", Goal::Clear),
    ("immobilize", Goal::Immobilize),
    ("deprive", Goal::Deprive),
];
const ENDS: [(&str, EndRule); 4] = [
    ("side-empty", EndRule::SideEmpty),
    ("stuck", EndRule::Stuck),
    ("cleared-own", EndRule::ClearedOwn),
    ("cleared-opponent", EndRule::ClearedOpponent),
];
const LEFTOVERS: [(&str, Leftovers); 5] = [
    ("owner", Leftovers::Owner),
    ("to-move", Leftovers::ToMove),
    ("last-mover", Leftovers::LastMover),
    ("nobody", Leftovers::Nobody),
    ("shared", Leftovers::Shared),
];
const AGAIN: [(&str, (bool, bool)); 4] = [
    ("none", (false, false)),
    ("store", (true, false)),
    ("capture", (false, true)),
    ("store.capture", (true, true)),
];

fn name_of<T: PartialEq + Copy>(choices: &[(&'static str, T)], t: T) -> &'static str {
    choices
        .iter()
        .find(|(_, c)| *c == t)
        .map_or("?", |&(name, _)| name)
}

/// Reads `capture=`: `none`, or counts and `evens` joined by dots (`2.3`, `evens`, `4`).
fn counts(sw: &Switch<'_>, game: &'static str) -> Result<Counts, RulesetParseError> {
    let value = sw.text(game)?;
    value.parse().map_err(|_| RulesetParseError::BadValue {
        game,
        switch: sw.name.to_string(),
        value: value.to_string(),
        expected: "none, or counts from 1 to 63 and `evens` joined by dots (2.3, evens)",
    })
}

/// Reads `relay-if=`: a name, or `exactly.N` / `at-least.N`.
fn relay_if(sw: &Switch<'_>, game: &'static str) -> Result<RelayIf, RulesetParseError> {
    let value = sw.text(game)?;
    let bad = || RulesetParseError::BadValue {
        game,
        switch: sw.name.to_string(),
        value: value.to_string(),
        expected: "any, exactly.N, at-least.N, own-row, opponent-row, visited-opponent or not-from-store",
    };
    let count = |n: &str| n.parse::<u8>().map_err(|_| bad());
    Ok(match value.split_once('.') {
        Some(("exactly", n)) => RelayIf::Exactly(count(n)?),
        Some(("at-least", n)) => RelayIf::AtLeast(count(n)?),
        Some(_) => return Err(bad()),
        None => match value {
            "any" => RelayIf::Any,
            "own-row" => RelayIf::OwnRow,
            "opponent-row" => RelayIf::OpponentRow,
            "visited-opponent" => RelayIf::VisitedOpponent,
            "not-from-store" => RelayIf::NotFromStore,
            _ => return Err(bad()),
        },
    })
}

/// `relay-if=`'s text of `r`.
fn relay_if_text(r: RelayIf) -> String {
    match r {
        RelayIf::Any => "any".into(),
        RelayIf::Exactly(n) => format!("exactly.{n}"),
        RelayIf::AtLeast(n) => format!("at-least.{n}"),
        RelayIf::OwnRow => "own-row".into(),
        RelayIf::OpponentRow => "opponent-row".into(),
        RelayIf::VisitedOpponent => "visited-opponent".into(),
        RelayIf::NotFromStore => "not-from-store".into(),
    }
}

/// Reads `choice-holes=`: `none`, or hole numbers from 1 (up to 15) joined by dots (`3`,
/// `1.4`), as a mask of holes from the mover's left ([`Sowing::choice_holes`]).
///
/// [`Sowing::choice_holes`]: super::Sowing::choice_holes
fn choice_holes(sw: &Switch<'_>, game: &'static str) -> Result<u16, RulesetParseError> {
    let value = sw.text(game)?;
    let bad = || RulesetParseError::BadValue {
        game,
        switch: sw.name.to_string(),
        value: value.to_string(),
        expected: "none, or hole numbers from 1 to 15 joined by dots (3, 1.4)",
    };
    if value == "none" {
        return Ok(0);
    }
    let mut mask = 0u16;
    for item in value.split('.') {
        let n: u8 = item.trim().parse().map_err(|_| bad())?;
        if !(1..=MAX_HOLES).contains(&n) || mask >> (n - 1) & 1 != 0 {
            return Err(bad());
        }
        mask |= 1 << (n - 1);
    }
    Ok(mask)
}

/// The text of `choice-holes=` for a mask ([`choice_holes`] reads it back).
fn choice_holes_text(mask: u16) -> String {
    if mask == 0 {
        return "none".into();
    }
    (0..16)
        .filter(|i| mask >> i & 1 != 0)
        .map(|i| (i + 1).to_string())
        .collect::<Vec<_>>()
        .join(".")
}

fn counts_text(c: Counts) -> String {
    c.to_string()
}

/// Reads `start=`: each hole's seeds from the owner's left, joined by dots.
fn pattern(
    sw: &Switch<'_>,
    game: &'static str,
) -> Result<[u8; MAX_HOLES as usize], RulesetParseError> {
    let value = sw.text(game)?;
    let bad = || RulesetParseError::BadValue {
        game,
        switch: sw.name.to_string(),
        value: value.to_string(),
        expected: "up to 15 counts joined by dots, a row from its owner's left (4.0.4)",
    };
    let mut p = [0u8; MAX_HOLES as usize];
    for (n, item) in value.split('.').enumerate() {
        if n == p.len() {
            return Err(bad());
        }
        p[n] = item.trim().parse().map_err(|_| bad())?;
    }
    Ok(p)
}

fn pattern_text(p: &[u8; MAX_HOLES as usize], holes: u8) -> String {
    p[..usize::from(holes).min(p.len())]
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// Changes `d` by each switch of `switches` (each at most once), for the game `game`.
///
/// # Errors
/// A [`RulesetParseError`] for an unknown switch, a bad value or a repeated one; the
/// description is not validated here.
pub(crate) fn apply(
    d: &mut Description,
    switches: &[Switch<'_>],
    game: &'static str,
) -> Result<(), RulesetParseError> {
    let mut seen = Vec::new();
    for sw in switches {
        let name: &'static str = match sw.name {
            "holes" => {
                d.board.holes = number(sw, game, "holes", 1, MAX_HOLES.into())? as u8;
                "holes"
            }
            "seeds" => {
                d.board.seeds = number(sw, game, "seeds", 0, MAX_TOTAL.into())? as u8;
                d.board.start = None;
                d.board.north_start = None;
                "seeds"
            }
            "north-start" => {
                d.board.north_start = Some(pattern(sw, game)?);
                "north-start"
            }
            "start" => {
                d.board.start = Some(pattern(sw, game)?);
                d.board.seeds = 0;
                "start"
            }
            "sow" => {
                d.sowing.direction = choice(
                    sw,
                    game,
                    &DIRECTIONS,
                    "ccw, cw, choice, even-odd, split or first-chooses",
                )?;
                "sow"
            }
            "laps" => {
                d.sowing.laps = choice(sw, game, &LAPS, "one, relay or next")?;
                "laps"
            }
            "skip-origin" => {
                d.sowing.skip_origin = flag(sw, game)?;
                "skip-origin"
            }
            "stores" => {
                d.sowing.stores = choice(sw, game, &STORES, "none, own or both")?;
                "stores"
            }
            "min-seeds" => {
                d.sowing.min_seeds = number(sw, game, "min-seeds", 1, MAX_TOTAL.into())? as u8;
                "min-seeds"
            }
            "max-laps" => {
                d.sowing.max_laps = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "max-laps", 1, 255)? as u8),
                };
                "max-laps"
            }
            "relay-if" => {
                d.sowing.relay_if = relay_if(sw, game)?;
                "relay-if"
            }
            "relay-stops-on-count" => {
                d.sowing.relay_stops_on_count = flag(sw, game)?;
                "relay-stops-on-count"
            }
            "allow" => {
                let value = sw.text(game)?;
                d.sowing.allow = super::Allow::ALL
                    .into_iter()
                    .find(|a| a.name() == value)
                    .ok_or_else(|| RulesetParseError::BadValue {
                        game,
                        switch: "allow".into(),
                        value: value.to_string(),
                        expected: "any, opponent-or-empty, single-to-empty, singles-last, \
                            singles-last-to-empty, twos-last, twos-last-rightmost, \
                            not-opposite-single or occupied",
                    })?;
                "allow"
            }
            "grand-slam-again" => {
                d.captures.grand_slam_again = flag(sw, game)?;
                "grand-slam-again"
            }
            "sow-start" => {
                d.sowing.sow_start = flag(sw, game)?;
                "sow-start"
            }
            "move-one" => {
                d.sowing.move_one = flag(sw, game)?;
                "move-one"
            }
            "take-one" => {
                d.sowing.take_one = flag(sw, game)?;
                "take-one"
            }
            "again-either-store" => {
                d.captures.again_either_store = flag(sw, game)?;
                "again-either-store"
            }
            "single-takes-across" => {
                d.sowing.single_takes_across = flag(sw, game)?;
                "single-takes-across"
            }
            "chain-most" => {
                d.captures.chain_most = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "chain-most", 2, 255)? as u8),
                };
                "chain-most"
            }
            "two-out" => {
                d.captures.two_out = flag(sw, game)?;
                "two-out"
            }
            "lap-capture" => {
                d.captures.lap_capture = flag(sw, game)?;
                "lap-capture"
            }
            "no-capture-moves" => {
                d.captures.no_capture_moves = number(sw, game, "no-capture-moves", 0, 255)? as u8;
                "no-capture-moves"
            }
            "choice-holes" => {
                d.sowing.choice_holes = choice_holes(sw, game)?;
                "choice-holes"
            }
            "capture" => {
                d.captures.counts = counts(sw, game)?;
                "capture"
            }
            "capture-side" => {
                d.captures.side = choice(sw, game, &SIDES, "opponent, own or either")?;
                "capture-side"
            }
            "chain" => {
                d.captures.chain = flag(sw, game)?;
                "chain"
            }
            "chain-way" => {
                d.captures.chain_way = choice(sw, game, &CHAIN_WAYS, "back, cw or ccw")?;
                "chain-way"
            }
            "chain-rows" => {
                d.captures.chain_rows = flag(sw, game)?;
                "chain-rows"
            }
            "grand-slam" => {
                let value = sw.text(game)?;
                d.captures.grand_slam = GrandSlam::ALL
                    .into_iter()
                    .find(|g| g.name() == value)
                    .ok_or_else(|| RulesetParseError::BadValue {
                        game,
                        switch: "grand-slam".into(),
                        value: value.to_string(),
                        expected: "no-capture, illegal, capture, leave-last or leave-first",
                    })?;
                "grand-slam"
            }
            "grand-slam-always-illegal" => {
                d.captures.grand_slam_always_illegal = flag(sw, game)?;
                "grand-slam-always-illegal"
            }
            "grand-slam-if-seeded" => {
                d.captures.grand_slam_if_seeded = flag(sw, game)?;
                "grand-slam-if-seeded"
            }
            "opposite" => {
                d.captures.opposite =
                    choice(sw, game, &OPPOSITES, "off, with-seed or without-seed")?;
                "opposite"
            }
            "opposite-empty" => {
                d.captures.opposite_empty = flag(sw, game)?;
                "opposite-empty"
            }
            "again" => {
                (d.captures.again_on_store, d.captures.again_on_capture) =
                    choice(sw, game, &AGAIN, "none, store, capture or store.capture")?;
                "again"
            }
            "must-feed" => {
                d.end.must_feed = flag(sw, game)?;
                "must-feed"
            }
            "cannot-feed" => {
                d.end.cannot_feed = choice(sw, game, &CANNOT_FEED, "end, any or to-unfed")?;
                "cannot-feed"
            }
            "feed-test" => {
                d.end.feed_test = choice(sw, game, &FEED_TESTS, "sowing, move or move-seed")?;
                "feed-test"
            }
            "goal" => {
                d.end.goal = choice(sw, game, &GOALS, "most-seeds, clear, immobilize or deprive")?;
                "goal"
            }
            "end" => {
                d.end.rule = choice(
                    sw,
                    game,
                    &ENDS,
                    "side-empty, stuck, cleared-own or cleared-opponent",
                )?;
                "end"
            }
            "leftovers" => {
                d.end.leftovers = choice(
                    sw,
                    game,
                    &LEFTOVERS,
                    "owner, to-move, last-mover, nobody or shared",
                )?;
                "leftovers"
            }
            "endless-leftovers" => {
                d.end.endless =
                    choice(sw, game, &LEFTOVERS, "owner, to-move, last-mover or shared")?;
                "endless-leftovers"
            }
            "half-wins" => {
                d.end.half_wins = flag(sw, game)?;
                "half-wins"
            }
            "divide-on-win" => {
                d.end.divide_on_win = flag(sw, game)?;
                "divide-on-win"
            }
            "repetition" => {
                d.end.repetition = flag(sw, game)?;
                "repetition"
            }
            "max-plies" => {
                d.end.max_plies = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "max-plies", 1, u32::MAX.into())? as u32),
                };
                "max-plies"
            }
            "too-few" => {
                d.end.too_few = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "too-few", 2, MAX_TOTAL.into())? as u8),
                };
                "too-few"
            }
            "pass" => {
                d.end.pass = flag(sw, game)?;
                "pass"
            }
            "seeds-limit" => {
                d.end.seeds_limit = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "seeds-limit", 0, MAX_TOTAL.into())? as u8),
                };
                "seeds-limit"
            }
            "hole-limit" => {
                d.end.hole_limit = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "hole-limit", 0, MAX_TOTAL.into())? as u8),
                };
                "hole-limit"
            }
            "owner-captures" => {
                d.sowing.owner_captures = flag(sw, game)?;
                "owner-captures"
            }
            "lap-captures-opp-gets" => {
                d.sowing.lap_captures_opp_gets = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "lap-captures-opp-gets", 1, 255)? as u8),
                };
                "lap-captures-opp-gets"
            }
            "pull-across" => {
                d.captures.pull_across = flag(sw, game)?;
                "pull-across"
            }
            "sweep-counts" => {
                d.captures.sweep_counts = counts(sw, game)?;
                "sweep-counts"
            }
            "take-singles" => {
                d.captures.take_singles = flag(sw, game)?;
                "take-singles"
            }
            "forfeit-store" => {
                d.captures.forfeit_store = flag(sw, game)?;
                "forfeit-store"
            }
            "no-single-capture" => {
                d.captures.no_single_capture = flag(sw, game)?;
                "no-single-capture"
            }
            "take-last" => {
                d.captures.take_last = match sw.value {
                    Some("off") => None,
                    _ => Some(number(sw, game, "take-last", 1, 255)? as u8),
                };
                "take-last"
            }
            _ => return Err(sw.unknown(game)),
        };
        // `seeds` and `start` set one thing: the start.
        let key = if name == "start" { "seeds" } else { name };
        switches::once(&mut seen, game, key).map_err(|e| match e {
            RulesetParseError::Repeated { game, .. } => RulesetParseError::Repeated {
                game,
                switch: name.to_string(),
            },
            e => e,
        })?;
    }
    Ok(())
}

/// The switches that change `base` into `d`, in the order of the module docs' table.
pub(crate) fn switches_from(base: &Description, d: &Description) -> Vec<String> {
    let mut out = Vec::new();
    let push_flag = |out: &mut Vec<String>, name: &str, from: bool, to: bool| {
        if from != to {
            out.push(if to {
                name.to_string()
            } else {
                format!("{name}=off")
            });
        }
    };
    let (b, n) = (&base.board, &d.board);
    if b.holes != n.holes {
        out.push(format!("holes={}", n.holes));
    }
    match (&n.start, b.seeds != n.seeds || b.start.is_some()) {
        (Some(p), _) if b.start.as_ref().map(|q| &q[..]) != Some(&p[..]) => {
            out.push(format!("start={}", pattern_text(p, n.holes)));
        }
        (None, true) => out.push(format!("seeds={}", n.seeds)),
        _ => {}
    }
    if let Some(p) = &n.north_start {
        if b.north_start.as_ref().map(|q| &q[..]) != Some(&p[..]) {
            out.push(format!("north-start={}", pattern_text(p, n.holes)));
        }
    }
    let (b, n) = (&base.sowing, &d.sowing);
    if b.direction != n.direction {
        out.push(format!("sow={}", name_of(&DIRECTIONS, n.direction)));
    }
    if b.laps != n.laps {
        out.push(format!("laps={}", name_of(&LAPS, n.laps)));
    }
    push_flag(&mut out, "skip-origin", b.skip_origin, n.skip_origin);
    if b.stores != n.stores {
        out.push(format!("stores={}", name_of(&STORES, n.stores)));
    }
    if b.min_seeds != n.min_seeds {
        out.push(format!("min-seeds={}", n.min_seeds));
    }
    if b.max_laps != n.max_laps {
        out.push(match n.max_laps {
            Some(max) => format!("max-laps={max}"),
            None => "max-laps=off".into(),
        });
    }
    if b.relay_if != n.relay_if {
        out.push(format!("relay-if={}", relay_if_text(n.relay_if)));
    }
    push_flag(
        &mut out,
        "relay-stops-on-count",
        b.relay_stops_on_count,
        n.relay_stops_on_count,
    );
    if b.allow != n.allow {
        out.push(format!("allow={}", n.allow.name()));
    }
    push_flag(&mut out, "sow-start", b.sow_start, n.sow_start);
    push_flag(&mut out, "move-one", b.move_one, n.move_one);
    push_flag(&mut out, "take-one", b.take_one, n.take_one);
    push_flag(
        &mut out,
        "single-takes-across",
        b.single_takes_across,
        n.single_takes_across,
    );
    if b.choice_holes != n.choice_holes {
        out.push(format!(
            "choice-holes={}",
            choice_holes_text(n.choice_holes)
        ));
    }
    let (b, n) = (&base.captures, &d.captures);
    if b.counts != n.counts {
        out.push(format!("capture={}", counts_text(n.counts)));
    }
    if b.side != n.side {
        out.push(format!("capture-side={}", name_of(&SIDES, n.side)));
    }
    push_flag(&mut out, "chain", b.chain, n.chain);
    push_flag(&mut out, "chain-rows", b.chain_rows, n.chain_rows);
    if b.chain_way != n.chain_way {
        out.push(format!("chain-way={}", name_of(&CHAIN_WAYS, n.chain_way)));
    }
    if b.chain_most != n.chain_most {
        out.push(match n.chain_most {
            Some(most) => format!("chain-most={most}"),
            None => "chain-most=off".into(),
        });
    }
    if b.grand_slam != n.grand_slam {
        out.push(format!("grand-slam={}", n.grand_slam.name()));
    }
    push_flag(
        &mut out,
        "grand-slam-always-illegal",
        b.grand_slam_always_illegal,
        n.grand_slam_always_illegal,
    );
    push_flag(
        &mut out,
        "grand-slam-if-seeded",
        b.grand_slam_if_seeded,
        n.grand_slam_if_seeded,
    );
    push_flag(
        &mut out,
        "grand-slam-again",
        b.grand_slam_again,
        n.grand_slam_again,
    );
    if b.opposite != n.opposite {
        out.push(format!("opposite={}", name_of(&OPPOSITES, n.opposite)));
    }
    push_flag(
        &mut out,
        "opposite-empty",
        b.opposite_empty,
        n.opposite_empty,
    );
    push_flag(&mut out, "two-out", b.two_out, n.two_out);
    push_flag(&mut out, "lap-capture", b.lap_capture, n.lap_capture);
    if b.no_capture_moves != n.no_capture_moves {
        out.push(format!("no-capture-moves={}", n.no_capture_moves));
    }
    if (b.again_on_store, b.again_on_capture) != (n.again_on_store, n.again_on_capture) {
        let again = (n.again_on_store, n.again_on_capture);
        out.push(format!("again={}", name_of(&AGAIN, again)));
    }
    push_flag(
        &mut out,
        "again-either-store",
        b.again_either_store,
        n.again_either_store,
    );
    let (b, n) = (&base.end, &d.end);
    push_flag(&mut out, "must-feed", b.must_feed, n.must_feed);
    if b.cannot_feed != n.cannot_feed {
        out.push(format!(
            "cannot-feed={}",
            name_of(&CANNOT_FEED, n.cannot_feed)
        ));
    }
    if b.feed_test != n.feed_test {
        out.push(format!("feed-test={}", name_of(&FEED_TESTS, n.feed_test)));
    }
    if b.goal != n.goal {
        out.push(format!("goal={}", name_of(&GOALS, n.goal)));
    }
    if b.rule != n.rule {
        out.push(format!("end={}", name_of(&ENDS, n.rule)));
    }
    if b.leftovers != n.leftovers {
        out.push(format!("leftovers={}", name_of(&LEFTOVERS, n.leftovers)));
    }
    if b.endless != n.endless {
        out.push(format!(
            "endless-leftovers={}",
            name_of(&LEFTOVERS, n.endless)
        ));
    }
    push_flag(&mut out, "half-wins", b.half_wins, n.half_wins);
    push_flag(&mut out, "divide-on-win", b.divide_on_win, n.divide_on_win);
    push_flag(&mut out, "repetition", b.repetition, n.repetition);
    if b.max_plies != n.max_plies {
        out.push(match n.max_plies {
            Some(p) => format!("max-plies={p}"),
            None => "max-plies=off".into(),
        });
    }
    if b.too_few != n.too_few {
        out.push(match n.too_few {
            Some(few) => format!("too-few={few}"),
            None => "too-few=off".into(),
        });
    }
    push_flag(&mut out, "pass", b.pass, n.pass);
    for (name, from, to) in [
        ("seeds-limit", b.seeds_limit, n.seeds_limit),
        ("hole-limit", b.hole_limit, n.hole_limit),
    ] {
        if from != to {
            out.push(match to {
                Some(limit) => format!("{name}={limit}"),
                None => format!("{name}=off"),
            });
        }
    }
    let (b, n) = (base, d);
    push_flag(
        &mut out,
        "owner-captures",
        b.sowing.owner_captures,
        n.sowing.owner_captures,
    );
    push_flag(
        &mut out,
        "pull-across",
        b.captures.pull_across,
        n.captures.pull_across,
    );
    push_flag(
        &mut out,
        "no-single-capture",
        b.captures.no_single_capture,
        n.captures.no_single_capture,
    );
    push_flag(
        &mut out,
        "forfeit-store",
        b.captures.forfeit_store,
        n.captures.forfeit_store,
    );
    push_flag(
        &mut out,
        "take-singles",
        b.captures.take_singles,
        n.captures.take_singles,
    );
    if b.captures.sweep_counts != n.captures.sweep_counts {
        out.push(format!(
            "sweep-counts={}",
            counts_text(n.captures.sweep_counts)
        ));
    }
    if b.captures.take_last != n.captures.take_last {
        out.push(match n.captures.take_last {
            Some(n) => format!("take-last={n}"),
            None => "take-last=off".into(),
        });
    }
    if b.sowing.lap_captures_opp_gets != n.sowing.lap_captures_opp_gets {
        out.push(match n.sowing.lap_captures_opp_gets {
            Some(few) => format!("lap-captures-opp-gets={few}"),
            None => "lap-captures-opp-gets=off".into(),
        });
    }
    out
}

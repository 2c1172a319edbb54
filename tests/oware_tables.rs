//! Oware's endgame tables against an exhaustive solver written here from the rules alone
//! (its own sowing seed by seed, its own index, its own iteration), a proptest of the
//! tables' equation on the crate's own moves, the search's use of them, and their files.
//!
//! The default run checks every position of up to 8 seeds under Abapa and up to 6 under
//! the other grand-slam rules. The checks on large tables read them from `$SOWING_TABLES`:
//! `SOWING_TABLES=/path cargo test --release --test oware_tables -- --ignored`.

// This file runs an example with an environment of its own: `command`, not `run`.
#[allow(dead_code)]
#[path = "common/example.rs"]
mod example;

use std::collections::HashMap;
use std::sync::OnceLock;

use proptest::prelude::*;
use sowing::Ruleset;
use sowing::oware::{GrandSlam, Oware, OwareSettings, OwareState, OwareTables, TablesError};
use sowing::search::{AgentSpec, AgentSpecError, Heuristic};

const HOUSES: usize = 6;
type Board = [u8; 2 * HOUSES];

/// The mover's houses `0..6`, then the opponent's `6..12`, each from its owner's left.
fn seeds(b: &Board, side: usize) -> u32 {
    b[side * HOUSES..(side + 1) * HOUSES]
        .iter()
        .map(|&c| u32::from(c))
        .sum()
}

/// What a move leads to: the seeds the mover gains, and the next board from the next
/// mover's side, or `None` when the game is over (the gain then includes the division).
type Outcome = (u32, Option<Board>);

/// Sows house `h` of the mover, seed by seed, by the rules' words.
fn sow(b: &Board, h: usize, slam: GrandSlam) -> (Board, u32, bool) {
    let mut b = *b;
    let mut n = std::mem::take(&mut b[h]);
    let mut at = h;
    while n > 0 {
        at = (at + 1) % (2 * HOUSES);
        if at == h {
            continue; // the origin is skipped on every lap
        }
        b[at] += 1;
        n -= 1;
    }
    // The capture: back from the last house over the opponent's houses holding 2 or 3.
    let mut taken = Vec::new();
    let mut i = at;
    while i >= HOUSES && (b[i] == 2 || b[i] == 3) {
        taken.push(i);
        i -= 1;
    }
    let slam_move =
        !taken.is_empty() && (HOUSES..2 * HOUSES).all(|j| b[j] == 0 || taken.contains(&j));
    if slam_move {
        match slam {
            GrandSlam::NoCapture | GrandSlam::Illegal => taken.clear(),
            GrandSlam::Capture => {}
            GrandSlam::LeaveLast => taken.retain(|&j| j != at),
            GrandSlam::LeaveFirst => taken.retain(|&j| j != HOUSES),
        }
    }
    let mut captured = 0;
    for j in taken {
        captured += u32::from(std::mem::take(&mut b[j]));
    }
    (b, captured, slam_move)
}

/// The legal moves of the mover of `b` and what each leads to; none when the game is over.
fn moves(b: &Board, slam: GrandSlam) -> Vec<Outcome> {
    let starving = seeds(b, 1) == 0;
    let mut legal: Vec<(Board, u32, bool)> = (0..HOUSES)
        .filter(|&h| b[h] > 0)
        .map(|h| sow(b, h, slam))
        .filter(|(after, _, _)| !starving || seeds(after, 1) > 0)
        .collect();
    if slam == GrandSlam::Illegal && legal.iter().any(|m| !m.2) {
        legal.retain(|m| !m.2);
    }
    legal
        .into_iter()
        .map(|(after, captured, _)| {
            // The next mover's side first.
            let mut next = [0u8; 2 * HOUSES];
            next[..HOUSES].copy_from_slice(&after[HOUSES..]);
            next[HOUSES..].copy_from_slice(&after[..HOUSES]);
            if moves_exist(&next, slam) {
                (captured, Some(next))
            } else {
                // He cannot move: each takes his own side.
                (captured + seeds(&next, 1), None)
            }
        })
        .collect()
}

fn moves_exist(b: &Board, slam: GrandSlam) -> bool {
    let starving = seeds(b, 1) == 0;
    (0..HOUSES)
        .any(|h| b[h] > 0 && (!starving || sow(b, h, slam).0[HOUSES..].iter().any(|&c| c > 0)))
}

/// Every board of `k` seeds.
fn boards(k: u32) -> Vec<Board> {
    let mut out = Vec::new();
    let mut b = [0u8; 2 * HOUSES];
    fn fill(b: &mut Board, i: usize, left: u8, out: &mut Vec<Board>) {
        if i == 2 * HOUSES - 1 {
            b[i] = left;
            out.push(*b);
            return;
        }
        for c in 0..=left {
            b[i] = c;
            fill(b, i + 1, left - c, out);
        }
    }
    fill(&mut b, 0, k as u8, &mut out);
    out
}

/// The values of every board of up to `max` seeds, with their cycle marks, level by level:
/// the two bounds iterated together (Jacobi) until they stop, then the division within
/// them where they do not meet.
fn solve(max: u32, slam: GrandSlam) -> HashMap<Board, (u32, bool)> {
    let mut values: HashMap<Board, (u32, bool)> = HashMap::new();
    for k in 0..=max {
        let level = boards(k);
        let at: HashMap<Board, usize> = level.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        // Each board: the best known move and the children in the level.
        let mut known = vec![None::<u32>; level.len()];
        let mut same = vec![Vec::new(); level.len()];
        let mut over = vec![None; level.len()];
        for (i, b) in level.iter().enumerate() {
            let ms = moves(b, slam);
            if ms.is_empty() {
                over[i] = Some(seeds(b, 0));
            }
            for (gain, next) in ms {
                match next {
                    None => known[i] = known[i].max(Some(gain)),
                    Some(next) if gain > 0 => {
                        let v = values[&next].0;
                        known[i] = known[i].max(Some(gain + (k - gain) - v));
                    }
                    Some(next) => same[i].push(at[&next]),
                }
            }
        }
        let mut lo: Vec<u32> = (0..level.len())
            .map(|i| over[i].or(known[i]).unwrap_or(0))
            .collect();
        let mut hi: Vec<u32> = (0..level.len())
            .map(|i| {
                over[i].unwrap_or(if same[i].is_empty() {
                    known[i].unwrap_or(0)
                } else {
                    k
                })
            })
            .collect();
        loop {
            let (mut new_lo, mut new_hi) = (lo.clone(), hi.clone());
            for i in 0..level.len() {
                if over[i].is_some() || same[i].is_empty() {
                    continue;
                }
                let base = known[i].unwrap_or(0);
                new_lo[i] = same[i].iter().map(|&c| k - hi[c]).fold(base, u32::max);
                new_hi[i] = same[i]
                    .iter()
                    .map(|&c| k - lo[c])
                    .fold(known[i].unwrap_or(0), u32::max);
            }
            if (&new_lo, &new_hi) == (&lo, &hi) {
                break;
            }
            (lo, hi) = (new_lo, new_hi);
        }
        for (i, b) in level.iter().enumerate() {
            let value = if lo[i] == hi[i] {
                (lo[i], false)
            } else {
                (seeds(b, 0).clamp(lo[i], hi[i]), true)
            };
            values.insert(*b, value);
        }
    }
    values
}

/// The position of board `b`, South to move (his houses first), stores empty.
fn state(b: &Board) -> OwareState {
    state_with_stores(b, 0, 0)
}

/// The position of board `b`, South to move (his houses first), with these stores.
fn state_with_stores(b: &Board, south: u32, north: u32) -> OwareState {
    let row = |side: usize| -> Vec<String> {
        b[side * HOUSES..(side + 1) * HOUSES]
            .iter()
            .map(u8::to_string)
            .collect()
    };
    let mut top = row(1);
    top.reverse();
    format!("{}/{} {south} {north} S", top.join(","), row(0).join(","))
        .parse()
        .unwrap()
}

fn rules(slam: GrandSlam) -> Oware {
    Oware::new(OwareSettings {
        grand_slam: slam,
        ..OwareSettings::ABAPA
    })
    .unwrap()
}

fn check_all(max: u32, slam: GrandSlam) -> (usize, usize) {
    let expected = solve(max, slam);
    let tables = OwareTables::build(&rules(slam), max).unwrap();
    assert_eq!(tables.len(), expected.len() as u64);
    let mut cycles = 0;
    for (b, &(value, cycle)) in &expected {
        let s = state(b);
        assert_eq!(
            (tables.captures(&s), tables.in_cycle(&s)),
            (Some(value), Some(cycle)),
            "{slam:?} {s}"
        );
        cycles += usize::from(cycle);
    }
    (expected.len(), cycles)
}

/// Every position of up to 8 seeds under Abapa: 125,970 boards.
#[test]
fn every_position_of_up_to_8_seeds_matches_an_exhaustive_solver() {
    let (positions, cycles) = check_all(8, GrandSlam::NoCapture);
    assert_eq!(positions, 125_970);
    // Cycles exist (two seeds chasing each other round the board), and are few.
    assert!(cycles > 1000 && cycles < positions / 5, "{cycles}");
}

/// Every position of up to 6 seeds under the other grand-slam rules.
#[test]
fn the_grand_slam_rules_match_the_exhaustive_solver() {
    for slam in [
        GrandSlam::Illegal,
        GrandSlam::Capture,
        GrandSlam::LeaveLast,
        GrandSlam::LeaveFirst,
    ] {
        assert_eq!(check_all(6, slam).0, 18_564, "{slam:?}");
    }
    // The rules differ on these boards: not one table for all.
    let a = OwareTables::build(&rules(GrandSlam::NoCapture), 4).unwrap();
    let b = OwareTables::build(&rules(GrandSlam::Capture), 4).unwrap();
    // South's F (1 seed) makes North's a 2, his only seeds: a grand slam.
    let s: OwareState = "0,0,0,0,0,1/0,0,0,0,0,1 0 0 S".parse().unwrap();
    assert_eq!(a.captures(&s), Some(0));
    assert_eq!(b.captures(&s), Some(2));
}

/// Hand-worked positions.
#[test]
fn hand_worked_values() {
    let rules = Oware::default();
    let t = OwareTables::build(&rules, 4).unwrap();
    let at = |text: &str| t.captures(&text.parse().unwrap());
    // South's F sows North's a to 2, his only seeds: a grand slam, no capture (Abapa).
    // North's a (2) sows b and c and cannot feed South: the game ends, North takes 2.
    assert_eq!(at("0,0,0,0,0,1/0,0,0,0,0,1 0 0 S"), Some(0));
    // South cannot feed North (one seed in A): he takes his seed.
    assert_eq!(at("0,0,0,0,0,0/1,0,0,0,0,0 0 0 S"), Some(1));
    // South has no seed: North takes his.
    assert_eq!(at("0,0,0,0,0,3/0,0,0,0,0,0 0 0 S"), Some(0));
    // South's F (2) must feed North: a and b get one each, no capture; North cannot
    // feed South back (a to b, b to c), so he takes his 2: South gets nothing.
    assert_eq!(at("0,0,0,0,0,0/0,0,0,0,0,2 0 0 S"), Some(0));
    // North's a (1) makes 2 with South's F's first seed... South's F (2): a 1 -> 2 is not
    // the last seed; b 0 -> 1 is: no capture, and North, with 3, cannot feed: 0 again.
    assert_eq!(at("0,0,0,0,0,1/0,0,0,0,0,2 0 0 S"), Some(0));
    assert_eq!(at("0,0,0,0,2,1/0,0,0,0,2,0 0 0 S"), None); // 5 seeds: more than 4
    assert!(t.margin(&rules.start()).is_none());
    // Lanes past any table, and counts no game reaches, are simply not held.
    let full: OwareState = "200,0,0,0,0,0/0,0,0,0,0,55 0 0 S".parse().unwrap();
    assert_eq!(t.captures(&full), None);
    assert_eq!(OwareTables::positions(6, 200), u64::MAX);
}

fn table(max: u32) -> &'static OwareTables {
    static T: OnceLock<OwareTables> = OnceLock::new();
    let t = T.get_or_init(|| OwareTables::build(&Oware::default(), 10).unwrap());
    assert!(max <= t.max_seeds());
    t
}

/// The board `b` as a state with stores that make 48.
fn board_state(b: &Board) -> OwareState {
    state(b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// A position's value is the best over its moves (the crate's own) of the seeds the
    /// move takes plus what the next position leaves the mover; at the end of the game, the
    /// seeds he takes. Positions set by the cycle rule are bounded by their exits.
    #[test]
    fn the_value_is_the_best_move(houses in proptest::collection::vec(0u8..4, 12), cut in 0u32..=10) {
        let mut b: Board = [0; 12];
        let mut left = cut;
        for (i, c) in houses.iter().enumerate() {
            let c = u32::from(*c).min(left);
            b[i] = c as u8;
            left -= c;
        }
        let rules = Oware::default();
        let t = table(10);
        let s = board_state(&b);
        let k = seeds(&b, 0) + seeds(&b, 1);
        let v = t.captures(&s).unwrap();
        prop_assert!(v <= k);
        let moves = rules.legal_moves(&s);
        if moves.is_empty() {
            prop_assert_eq!(v, seeds(&b, 0));
            return Ok(());
        }
        let mut best = 0;
        let mut exits = 0;
        let mut cycle_child = false;
        for mv in moves {
            let mut next = s;
            rules.play_unchecked(&mut next, mv);
            let gained = u32::from(next.store(sowing::Player::South));
            let term = if rules.outcome(&next).is_some() {
                gained
            } else {
                let left = k - gained;
                let child = t.captures(&next).unwrap();
                cycle_child |= gained == 0 && t.in_cycle(&next).unwrap();
                gained + left - child
            };
            best = best.max(term);
            if gained > 0 || rules.outcome(&next).is_some() {
                exits = exits.max(term);
            }
        }
        if t.in_cycle(&s).unwrap() {
            prop_assert!(v >= exits && cycle_child, "{} {} {}", s, v, exits);
        } else {
            prop_assert_eq!(v, best, "{}", s);
        }
    }
}

/// A repetition on the search's own path ends that line, but not the same position reached
/// another way: its value is not kept as proven. Four seeds (stores empty), where the tables
/// say neither player forces a win: a search that kept a repetition's division as a proof in
/// its transposition table proved a win for South here.
#[test]
fn a_repetition_in_the_search_proves_nothing() {
    let rules = Oware::default();
    let t = table(8);
    let s = state(&[0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0]);
    assert_eq!(s.to_string(), "0,0,0,1,0,0/0,1,0,0,1,1 0 0 S");
    assert_eq!((t.margin(&s), t.in_cycle(&s)), (Some(0), Some(false)));
    let spec: AgentSpec = "alphabeta-classic:depth=30,nodes=100000".parse().unwrap();
    let mut search = spec.alphabeta::<Oware>().unwrap().unwrap();
    let found = search.search(&rules, &s);
    assert!(found.depth >= 10, "{}", found.depth);
    assert!(
        found.value.abs() < sowing::search::WIN,
        "a proven result {} where the tables say a draw",
        found.value
    );
}

/// `alphabeta:endgame=N` serves Oware (and refuses a ply limit), and its oracle gives the
/// tables' margin.
#[test]
fn the_search_uses_the_tables() {
    let rules = Oware::default();
    assert_eq!(Oware::ENDGAME_SEEDS, 24);
    assert_eq!(rules.endgame_seeds(), 24);
    let spec: AgentSpec = "alphabeta:endgame=8,depth=1,qs=off".parse().unwrap();
    spec.check_for(&rules).unwrap();
    let limited: Oware = "oware:max-plies=100".parse().unwrap();
    assert!(matches!(
        spec.check_for(&limited),
        Err(AgentSpecError::UnsupportedByRules { most: 0, .. })
    ));
    assert!(limited.endgame_oracle(8).is_none());
    let oracle = rules.endgame_oracle(8).unwrap();
    let t = OwareTables::build(&rules, 8).unwrap();
    // North to move, 4 seeds on the board, stores 22 and 22.
    let s = rules
        .parse_position("0,0,0,0,1,2/1,0,0,0,0,0 22 22 N")
        .unwrap();
    assert_eq!(oracle(&s), t.margin(&s));
    let m = t.margin(&s).unwrap();
    let c = t.captures(&s).unwrap() as i32;
    assert_eq!(m, 22 + c - (22 + 4 - c));
    assert_eq!(oracle(&rules.start()), None);
    // The agent plays the tables' best move where they hold the position.
    let mut agent = spec.build::<Oware>().unwrap();
    let mv = agent.choose(&rules, &s).unwrap();
    let mut next = s;
    rules.play_unchecked(&mut next, mv);
    let best = rules
        .legal_moves(&s)
        .into_iter()
        .map(|mv| {
            let mut n = s;
            rules.play_unchecked(&mut n, mv);
            -oracle(&n).unwrap_or_else(|| {
                let sc = rules.seed_count(&n);
                sc.store(sowing::Player::South) as i32 - sc.store(sowing::Player::North) as i32
            })
        })
        .max()
        .unwrap();
    let got = -oracle(&next).unwrap_or_else(|| {
        let sc = rules.seed_count(&next);
        sc.store(sowing::Player::South) as i32 - sc.store(sowing::Player::North) as i32
    });
    assert_eq!(got, best, "{s}: {mv:?}");
}

/// Files: written once, read back equal, a smaller table read from a larger file; a
/// damaged, cut or foreign file, or one of other rules, is refused with its error.
#[test]
fn files_round_trip_and_refuse_what_is_not_theirs() {
    let dir = std::env::temp_dir().join(format!("sowing-oware-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let rules = Oware::default();
    let t = OwareTables::open(&rules, 6, &dir).unwrap();
    let path = dir.join(OwareTables::file_name(&rules, 6));
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(
        bytes.len() as u64,
        32 + 8 * 7 + OwareTables::positions(6, 6)
    );
    let smaller = OwareTables::open(&rules, 5, &dir).unwrap();
    assert_eq!(smaller.len(), OwareTables::positions(6, 5));
    let back = OwareTables::load(&rules, 6, &path).unwrap();
    for b in boards(6).iter().chain(&boards(3)) {
        assert_eq!(back.captures(&state(b)), t.captures(&state(b)));
        assert_eq!(
            smaller.captures(&state(b)).is_some(),
            seeds(b, 0) + seeds(b, 1) <= 5
        );
    }
    // A table read is the file mapped; saving another table over its name (as `save` does:
    // a new file renamed over the old) leaves the one read as it was.
    let other = OwareTables::build(&rules_of("oware:grand-slam=capture"), 6).unwrap();
    let moved = dir.join("moved.tables");
    std::fs::copy(&path, &moved).unwrap();
    let mapped = OwareTables::load(&rules, 6, &moved).unwrap();
    other.save(&moved).unwrap();
    let mut differ = 0;
    for b in boards(6).iter().chain(&boards(5)) {
        assert_eq!(mapped.captures(&state(b)), t.captures(&state(b)));
        differ += usize::from(other.captures(&state(b)) != t.captures(&state(b)));
    }
    assert!(differ > 0);
    assert!(matches!(
        OwareTables::load(&rules, 6, &moved),
        Err(TablesError::WrongRules { .. })
    ));
    // A value damaged.
    let damaged = dir.join("damaged.tables");
    let mut d = bytes.clone();
    let last = d.len() - 1;
    d[last] ^= 1;
    std::fs::write(&damaged, &d).unwrap();
    assert!(matches!(
        OwareTables::load(&rules, 6, &damaged),
        Err(TablesError::Corrupt { .. })
    ));
    // Cut short.
    std::fs::write(&damaged, &bytes[..bytes.len() - 10]).unwrap();
    assert!(matches!(
        OwareTables::load(&rules, 6, &damaged),
        Err(TablesError::Corrupt { .. })
    ));
    // Not a table at all.
    std::fs::write(
        &damaged,
        b"kalah endgame database, or anything else at all here",
    )
    .unwrap();
    assert!(matches!(
        OwareTables::load(&rules, 6, &damaged),
        Err(TablesError::NotATable { .. })
    ));
    let mut big = bytes.clone();
    big[11] = 200; // a header of 200 seeds
    std::fs::write(&damaged, &big).unwrap();
    assert!(matches!(
        OwareTables::load(&rules, 6, &damaged),
        Err(TablesError::NotATable { .. })
    ));
    big[11] = 6;
    big[10] = 9; // no such grand-slam rule
    std::fs::write(&damaged, &big).unwrap();
    assert!(matches!(
        OwareTables::load(&rules, 6, &damaged),
        Err(TablesError::NotATable { .. })
    ));
    std::fs::write(&damaged, b"SOW").unwrap();
    assert!(matches!(
        OwareTables::load(&rules, 6, &damaged),
        Err(TablesError::NotATable { .. })
    ));
    // Another grand-slam rule, and more seeds than the file holds.
    let capture = rules_of("oware:grand-slam=capture");
    assert!(matches!(
        OwareTables::load(&capture, 6, &path),
        Err(TablesError::WrongRules { .. })
    ));
    assert!(matches!(
        OwareTables::load(&rules, 7, &path),
        Err(TablesError::TooManySeeds { .. })
    ));
    assert!(matches!(
        OwareTables::load(&rules_of("oware:max-plies=10"), 6, &path),
        Err(TablesError::PlyLimit)
    ));
    assert!(matches!(
        t.check_rules(&capture),
        Err(TablesError::WrongRules { .. })
    ));
    t.check_rules(&rules_of("oware:divide-on-win,seeds=3"))
        .unwrap();
    assert!(matches!(
        OwareTables::build(&rules, 31),
        Err(TablesError::TooManySeeds { max: 30, .. })
    ));
    // A missing file.
    assert!(matches!(
        OwareTables::load(&rules, 6, &dir.join("none")),
        Err(TablesError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn rules_of(text: &str) -> Oware {
    text.parse().unwrap()
}

/// The rules, the table `$SOWING_TABLES` keeps and its seeds (`$TABLES_SEEDS`, default 20),
/// for the checks run by hand.
fn large_table() -> (Oware, OwareTables, u32) {
    let dir = std::env::var_os("SOWING_TABLES").expect("SOWING_TABLES names the tables' directory");
    let seeds_max: u32 = std::env::var("TABLES_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let rules = Oware::default();
    let t = OwareTables::open(&rules, seeds_max, std::path::Path::new(&dir)).unwrap();
    (rules, t, seeds_max)
}

/// A xorshift generator from `seed`.
fn xorshift(mut rng: u64) -> impl FnMut() -> u64 {
    move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    }
}

/// 10,000 random positions of up to `$SOWING_TABLES`' largest table's seeds (20 by default)
/// against the equation on the crate's moves (`SOWING_TABLES=/path cargo test --release
/// --test oware_tables -- --ignored`).
#[test]
#[ignore]
fn random_positions_of_a_large_table_satisfy_the_equation() {
    let (rules, t, seeds_max) = large_table();
    let mut next = xorshift(0x1234_5678_9ABC_DEF0u64);
    let (mut exact, mut cycles) = (0, 0);
    for _ in 0..10_000 {
        let k = (next() % u64::from(seeds_max + 1)) as u32;
        let mut b: Board = [0; 12];
        for _ in 0..k {
            b[(next() % 12) as usize] += 1;
        }
        let s = state(&b);
        let v = t.captures(&s).unwrap();
        let mut best = 0;
        for mv in rules.legal_moves(&s) {
            let mut n = s;
            rules.play_unchecked(&mut n, mv);
            let gained = u32::from(n.store(sowing::Player::South));
            best = best.max(if rules.outcome(&n).is_some() {
                gained
            } else {
                gained + (k - gained) - t.captures(&n).unwrap()
            });
        }
        if rules.legal_moves(&s).is_empty() {
            best = seeds(&b, 0);
        }
        if t.in_cycle(&s).unwrap() {
            cycles += 1;
        } else {
            assert_eq!(v, best, "{s}");
            exact += 1;
        }
    }
    eprintln!("{exact} exact positions checked, {cycles} set by the cycle rule");
}

/// 10,000 random positions of up to `$SOWING_TABLES`' largest table's seeds (20 by default),
/// the other seeds of the 48 in the stores (neither past 24), against a deep search that
/// knows nothing of the tables (`alphabeta-classic`: every pruning off, `endgame=0`, up to
/// depth 30 or 100,000 nodes): wherever the search proves a result (a value beyond
/// ±[`WIN`](sowing::search::WIN)), it is the tables' result. Run by hand as the test above.
#[test]
#[ignore]
fn random_positions_of_a_large_table_match_a_deep_search() {
    let (rules, t, seeds_max) = large_table();
    let spec: AgentSpec = "alphabeta-classic:depth=30,nodes=100000".parse().unwrap();
    let mut next = xorshift(0x0F1E_2D3C_4B5A_6978u64);
    let (mut proven, mut open, mut cycles, mut exact) = (0, 0, 0, 0);
    let mut by_seeds = vec![[0u32; 2]; seeds_max as usize + 1];
    for _ in 0..10_000 {
        let k = 1 + (next() % u64::from(seeds_max)) as u32;
        let mut b: Board = [0; 12];
        for _ in 0..k {
            b[(next() % 12) as usize] += 1;
        }
        let rest = 48 - k;
        let south = rest.saturating_sub(24)
            + (next() % u64::from(rest.min(24) - rest.saturating_sub(24) + 1)) as u32;
        let s = state_with_stores(&b, south, rest - south);
        if rules.outcome(&s).is_some() {
            continue;
        }
        if t.in_cycle(&s).unwrap() {
            cycles += 1;
            continue;
        }
        let mut search = spec.alphabeta::<Oware>().unwrap().unwrap();
        let found = search.search(&rules, &s);
        let win = sowing::search::WIN;
        let margin = match found.value {
            v if v > win => v - win,
            v if v < -win => v + win,
            _ => {
                open += 1;
                by_seeds[k as usize][1] += 1;
                continue;
            }
        };
        // The result is proven: it is the tables' (win, draw or loss). Its margin need not
        // be: the search's is what the winner forces within its horizon, or the stores when
        // a capture passes 24 and ends the game at once (rule 6), where the tables' margin is
        // that of the game played out.
        let tables = t.margin(&s).unwrap();
        assert_eq!(
            margin.signum(),
            tables.signum(),
            "{s}: depth {}: the search proves {margin}, the tables {tables}",
            found.depth
        );
        exact += usize::from(margin == tables);
        proven += 1;
        by_seeds[k as usize][0] += 1;
    }
    eprintln!(
        "{proven} positions proven by the search and agreeing with the tables ({exact} by the same \
         margin), {open} not proven, \
         {cycles} set by the cycle rule; proven/not by seeds: {by_seeds:?}"
    );
    assert!(proven > 1_000);
}

/// The `tables` tool builds a table into its directory, reads it back for a query, and
/// refuses bad arguments without writing anything.
#[test]
fn the_tool_builds_and_queries() {
    let dir = std::env::temp_dir().join(format!("sowing-tables-tool-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap().to_string();
    let run = |args: &[&str]| {
        let args = args.iter().map(|a| a.to_string()).collect();
        let code = sowing::tools::run_with::<sowing::AnyRuleset>("tables", args, "oware");
        format!("{code:?}")
    };
    let ok = format!("{:?}", std::process::ExitCode::SUCCESS);
    let refused = format!("{:?}", std::process::ExitCode::from(2));
    assert_eq!(run(&["build", "oware", "5", "--dir", &d]), ok);
    let file = dir.join(OwareTables::file_name(&Oware::default(), 5));
    assert_eq!(
        std::fs::metadata(&file).unwrap().len(),
        32 + 8 * 6 + OwareTables::positions(6, 5)
    );
    assert_eq!(
        run(&["query", "0,0,0,0,0,1/0,0,0,0,0,1 23 23 S", "--dir", &d]),
        ok
    );
    for bad in [
        &["build", "oware", "31", "--dir", &d][..],
        &["build", "oware:max-plies=9", "4", "--dir", &d],
        &["build", "oware", "four"],
        &["query", "garbage", "--dir", &d],
        &[
            "query",
            "0,0,0,0,0,1/0,0,0,0,0,1 23 23 S",
            "--seeds",
            "1",
            "--dir",
            &d,
        ],
        &["frobnicate"],
        &[],
    ] {
        assert_eq!(run(bad), refused, "{bad:?}");
    }
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The default agent (`endgame=auto`) plays with the largest table kept in `$SOWING_TABLES`
/// and says so in its name; with none kept, it looks nothing up and builds nothing. Run as
/// the `match` tool, a child process with its own environment.
#[test]
fn the_default_agent_uses_the_tables_kept() {
    let dir = std::env::temp_dir().join(format!("sowing-tables-auto-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let title = |rules: &str| {
        let out = example::command("match")
            .args(["--rules", rules, "--a", "alphabeta:depth=1", "--b"])
            .args(["alphabeta:depth=1,endgame=0", "--openings", "1", "--quiet"])
            .env("SOWING_TABLES", &dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines().next().unwrap().to_string()
    };
    // Nothing kept: the default looks nothing up, and builds nothing.
    assert_eq!(
        title("oware"),
        "oware: A = alphabeta:depth=1, B = alphabeta:depth=1,endgame=0"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    // Tables of 5 and 7 seeds kept: the larger is played with, and named.
    for seeds in [5, 7] {
        OwareTables::open(&Oware::default(), seeds, &dir).unwrap();
    }
    assert_eq!(
        title("oware"),
        "oware: A = alphabeta:depth=1,endgame=7, B = alphabeta:depth=1,endgame=0"
    );
    // Tables of other rules are not these rules' (OpenSpiel's ending shares Abapa's).
    assert!(title("oware:grand-slam=capture").contains("A = alphabeta:depth=1, B"));
    assert!(title("oware:divide-on-win").contains("A = alphabeta:depth=1,endgame=7, B"));
    assert!(title("oware:max-plies=300").contains("A = alphabeta:depth=1, B"));
    // Other games look nothing up by default.
    assert!(title("kalah").contains("A = alphabeta:depth=1, B"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The analysis picks the tables up through the agent's `endgame=N`: once the board holds
/// at most N seeds, every ply's value after the move is exact, and equals the tables'.
#[test]
fn the_analysis_calls_endgame_plies_exact() {
    use sowing::analysis::{Analyzer, Value};
    let rules = Oware::default();
    let t = OwareTables::build(&rules, 10).unwrap();
    // A game from a position of 10 seeds, played by the tables' best moves and a few
    // others.
    let start = rules
        .parse_position("0,1,0,2,0,1/1,0,2,0,3,0 18 20 S")
        .unwrap();
    let mut record = sowing::GameRecord::from_position(rules.clone(), start).unwrap();
    use sowing::RandomSource;
    let mut rng = sowing::SplitMix64::new(5);
    while !record.is_over() && record.ply() < 12 {
        let s = *record.current();
        let moves = rules.legal_moves(&s);
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        record.play(mv).unwrap();
    }
    assert!(record.ply() >= 2);
    let spec: AgentSpec = "alphabeta:depth=2,endgame=10".parse().unwrap();
    let mut analyzer = Analyzer::<Oware>::new(&spec).unwrap();
    let analysis = analyzer.analyze(&record).unwrap();
    let mut s = start;
    let mut seen = std::collections::HashSet::from([rules.repetition_position(&s)]);
    let mut exact = 0;
    for (ply, &mv) in analysis.plies.iter().zip(record.moves()) {
        let mover = rules.to_move(&s);
        rules.play_unchecked(&mut s, mv);
        if rules.outcome(&s).is_none() && seen.insert(rules.repetition_position(&s)) {
            exact += 1;
            // The tables' margin for the next mover, from the mover's side.
            let expected = -t.margin(&s).unwrap();
            assert_eq!(
                ply.after,
                Value::Exact(expected),
                "ply {} by {mover:?}",
                ply.ply
            );
        }
    }
    assert!(exact >= 2, "{exact}");
}

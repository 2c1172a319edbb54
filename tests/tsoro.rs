//! Tsoro: hand-worked positions for every rule and switch of the rules file, perft tables
//! (cross-checked by an independent brute-force implementation below), and the typed errors
//! for bad input.
//!
//! Position texts list the four rows top to bottom as South sees the board (North's outer,
//! North's inner, South's inner, South's outer), each from South's left. South's loop index
//! `k < N` is his outer hole `o(k+1)`; `N <= k < 2N` is his inner hole `i(2N-k)`.

use sowing::tsoro::{Hole, Phase, Tsoro, TsoroMove, TsoroSettings, TsoroState};
use sowing::{
    IllegalReason, MoveParseError, Outcome, Player, PositionError, Ruleset, RulesetParseError,
    SettingsError, perft,
};

fn rules(text: &str) -> Tsoro {
    text.parse().unwrap()
}

/// Plays `moves` (notation) from `from` (or the start) and returns the ruleset and state.
fn after(ruleset: &str, from: Option<&str>, moves: &[&str]) -> (Tsoro, TsoroState) {
    let r = rules(ruleset);
    let mut s = match from {
        Some(text) => r.parse_position(text).unwrap(),
        None => r.start(),
    };
    for m in moves {
        let mv = r
            .parse_move(&s, m)
            .unwrap_or_else(|e| panic!("{m} in {s}: {e}"));
        r.try_play(&mut s, mv).unwrap();
        assert_eq!(r.hash(&s), r.hash_from_scratch(&s));
        assert_eq!(r.seed_count(&s).total(), r.total_seeds());
    }
    (r, s)
}

fn texts(r: &Tsoro, s: &TsoroState) -> Vec<String> {
    r.legal_moves(s).iter().map(|m| m.to_string()).collect()
}

fn forbidden(r: &Tsoro, s: &TsoroState, mv: &str) -> String {
    match r.parse_move(s, mv) {
        Err(MoveParseError::Illegal {
            reason: IllegalReason::Forbidden(why),
            ..
        }) => why,
        other => panic!("{mv} in {s}: expected a refusal, got {other:?}"),
    }
}

const BASIC: &str = "tsoro:holes=8,heads=none,bonus=0";
/// The basic game with re-entered captures: the only one where a loop can hold more stones
/// than it started with.
const REENTER: &str = "tsoro:holes=8,heads=none,bonus=0,reenter";

// ---------------------------------------------------------------------------------------------
// Set-up and the head layouts.

#[test]
fn the_seed_board_holds_84_stones() {
    let r = Tsoro::default();
    let s = r.start();
    let outer = vec!["2"; 21].join(",");
    let inner = vec!["0"; 21].join(",");
    assert_eq!(
        s.to_string(),
        format!("{outer}/{inner}/{inner}/{outer} 0 0 S")
    );
    assert_eq!(r.total_seeds(), 84);
    assert_eq!(r.to_move(&s), Player::South);
    // Every outer hole, the two heads too, may start.
    assert_eq!(r.legal_moves(&s).len(), 21);
}

#[test]
fn each_head_layout_and_its_starting_stones() {
    let cases = [
        ("tsoro:holes=6,heads=none", "2,2,2,2,2,2", 24, 0u64),
        ("tsoro:holes=6", "2,2,2,2,2,2", 24, 0b110000),
        ("tsoro:holes=6,heads=single-left", "3,2,2,2,2,2", 26, 0b1),
        (
            "tsoro:holes=6,heads=single-right",
            "2,2,2,2,2,3",
            26,
            0b100000,
        ),
        ("tsoro:holes=6,heads=both-ends", "3,2,2,2,2,2", 26, 0b100001),
    ];
    for (text, south_outer, total, heads) in cases {
        let r = rules(text);
        let s = r.start();
        // North's outer row, seen from South, is his row reversed.
        let north_outer: Vec<&str> = south_outer.split(',').rev().collect();
        assert_eq!(
            s.to_string(),
            format!(
                "{}/0,0,0,0,0,0/0,0,0,0,0,0/{south_outer} 0 0 S",
                north_outer.join(",")
            ),
            "{text}"
        );
        assert_eq!(r.total_seeds(), total, "{text}");
        assert_eq!(r.settings().heads.mask(6), heads, "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Sowing, relays and heads.

#[test]
fn a_relay_of_three_laps() {
    // o1's 2 stones: o2, o3 (occupied: relay 3); o4, o5, o6 (relay 3); o7, o8, i8 (empty).
    let (r, s) = after(BASIC, None, &["o1"]);
    assert_eq!(
        s.to_string(),
        "2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,3,0,3,3,0,3,3 0 0 N"
    );
    assert_eq!(r.to_move(&s), Player::North);
}

#[test]
fn a_lap_round_the_whole_loop_sows_into_its_own_hole() {
    // 17 stones in o1 (loop index 0) of a 16-hole loop: one in every hole, o1 included, and
    // the 17th in o2, which now holds 2: relay. Each 2-stone lap then ends in an occupied
    // hole two further on (loop 3, 5, ..., 15), until the lap from 15 sows o1 (1 -> 2) and
    // the now empty o2. Each loop starts with 16 stones, so 17 in one loop needs re-entered
    // captures (no capture happens here: North's inner row is empty).
    let from = "0,0,0,0,0,0,0,15/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/17,0,0,0,0,0,0,0 0 0 S";
    let (_, s) = after(REENTER, Some(from), &["o1"]);
    assert_eq!(
        s.to_string(),
        "0,0,0,0,0,0,0,15/0,0,0,0,0,0,0,0/0,2,0,2,0,2,0,2/2,1,2,0,2,0,2,0 0 0 N"
    );
}

#[test]
fn stopping_and_relaying_at_a_head() {
    // Seed game: o18's 2 stones go to o19 and o20; o20 is an occupied head: South decides.
    let (r, s) = after("tsoro", None, &["o18"]);
    assert_eq!(s.phase(), Phase::Head(19));
    assert_eq!(r.to_move(&s), Player::South);
    assert!(s.to_string().ends_with(" 0 0 S head=o20"));
    assert_eq!(texts(&r, &s), ["relay", "stop"]);
    assert!(forbidden(&r, &s, "o1").contains("relay or stop"));

    let mut stopped = s;
    r.try_play(&mut stopped, TsoroMove::Stop).unwrap();
    let south_outer = "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,3,3,2";
    assert!(
        stopped
            .to_string()
            .ends_with(&format!("{}/{south_outer} 0 0 N", vec!["0"; 21].join(",")))
    );

    // Relay: o20's 3 stones go to o21, i21 and i20; i20 was empty: the move ends there.
    let mut relayed = s;
    r.try_play(&mut relayed, TsoroMove::Relay).unwrap();
    let south_inner = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1";
    let south_outer = "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,3,0,3";
    assert!(
        relayed
            .to_string()
            .ends_with(&format!("{south_inner}/{south_outer} 0 0 N"))
    );
}

// ---------------------------------------------------------------------------------------------
// Captures.

/// South's o7 holds 2: they go to o8 and i8, an empty inner hole. North's i8-file holes are
/// the last column of the top two rows. Without re-entry North has captured the 14 stones
/// South's loop lacks of its 16, and North's rows hold 16 stones (stones never cross between
/// the loops); with re-entry North's rows hold the other 30 and nothing is captured.
fn capture_position(north_outer: &str, north_inner: &str, by_north: u32) -> String {
    format!("{north_outer}/{north_inner}/0,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0 0 {by_north} S")
}

#[test]
fn a_capture_takes_the_inner_hole_across_and_the_outer_hole_behind() {
    let from = capture_position("1,1,1,1,1,1,1,4", "0,0,0,0,0,0,0,5", 14);
    let (_, s) = after(BASIC, Some(&from), &["o7"]);
    assert_eq!(
        s.to_string(),
        "1,1,1,1,1,1,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 9 14 N"
    );
}

#[test]
fn a_capture_with_the_outer_hole_empty_takes_the_inner_hole_alone() {
    let from = capture_position("1,1,1,1,1,1,5,0", "0,0,0,0,0,0,0,5", 14);
    let (_, s) = after(BASIC, Some(&from), &["o7"]);
    assert_eq!(
        s.to_string(),
        "1,1,1,1,1,1,5,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 5 14 N"
    );
}

#[test]
fn no_capture_when_the_inner_hole_across_is_empty() {
    // The outer hole behind holds stones, but the outer hole alone is never taken.
    let from = capture_position("2,2,2,2,2,2,1,3", "0,0,0,0,0,0,0,0", 14);
    let (_, s) = after(BASIC, Some(&from), &["o7"]);
    assert_eq!(
        s.to_string(),
        "2,2,2,2,2,2,1,3/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 0 14 N"
    );
}

#[test]
fn no_capture_in_the_outer_row() {
    // o1's 2 stones end in the empty o3: an outer hole never captures.
    let from = "0,0,0,0,0,0,0,3/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 0 0 S";
    let r = rules("tsoro:holes=8,heads=none,bonus=0");
    // Not a position of the basic game (too few stones): use a ruleset check-free parse.
    assert!(r.parse_position(from).is_err());
    let mut s: TsoroState = from.parse().unwrap();
    r.play_unchecked(&mut s, TsoroMove::Sow(Hole::outer(1)));
    assert_eq!(
        s.to_string(),
        "0,0,0,0,0,0,0,3/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,1,0,0,0,0,0 0 0 N"
    );
}

// ---------------------------------------------------------------------------------------------
// Bonus takes.

#[test]
fn bonus_takes_are_optional_and_two_by_default() {
    let from = capture_position("1,1,1,1,1,1,1,4", "0,0,0,0,0,0,0,5", 14);
    let (r, s) = after("tsoro:holes=8,heads=none", Some(&from), &["o7"]);
    assert_eq!(s.phase(), Phase::Bonus(2));
    assert_eq!(r.to_move(&s), Player::South);
    assert!(s.to_string().ends_with(" 9 14 S take=2"));
    // North's seven occupied holes (numbered from South's left) and `done`.
    assert_eq!(
        texts(&r, &s),
        [
            "take o7", "take o6", "take o5", "take o4", "take o3", "take o2", "take o1", "done"
        ]
    );
    assert!(forbidden(&r, &s, "take o8").contains("empty"));
    assert!(forbidden(&r, &s, "take i1").contains("empty"));
    assert!(forbidden(&r, &s, "o1").contains("take"));

    // Two takes, then the turn passes by itself.
    let (_, two) = after(
        "tsoro:holes=8,heads=none",
        Some(&from),
        &["o7", "take o1", "take o7"],
    );
    assert_eq!(
        two.to_string(),
        "0,1,1,1,1,1,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 11 14 N"
    );
    // One take, then `done`.
    let (_, one) = after(
        "tsoro:holes=8,heads=none",
        Some(&from),
        &["o7", "take o2", "done"],
    );
    assert_eq!(
        one.to_string(),
        "1,0,1,1,1,1,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 10 14 N"
    );
}

#[test]
fn forced_bonus_takes_have_no_done() {
    let from = capture_position("1,1,1,1,1,1,1,4", "0,0,0,0,0,0,0,5", 14);
    let ruleset = "tsoro:holes=8,heads=none,bonus=3,forced-bonus";
    let (r, s) = after(ruleset, Some(&from), &["o7"]);
    assert_eq!(s.phase(), Phase::Bonus(3));
    assert!(!texts(&r, &s).contains(&"done".to_string()));
    assert!(forbidden(&r, &s, "done").contains("forced"));
    let (_, end) = after(
        ruleset,
        Some(&from),
        &["o7", "take o1", "take o2", "take o3"],
    );
    assert_eq!(
        end.to_string(),
        "0,0,0,1,1,1,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 12 14 N"
    );
}

#[test]
fn bonus_takes_end_when_the_opponent_has_nothing_left() {
    // Only North's o1 (seen from South) is left after the capture: one take, no `done` asked.
    let from = "5,0,0,0,0,0,0,4/0,0,0,0,0,0,0,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0 0 14 S";
    let (r, s) = after(
        "tsoro:holes=8,heads=none,bonus=5",
        Some(from),
        &["o7", "take o1"],
    );
    assert_eq!(
        s.to_string(),
        "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 16 14 N"
    );
    // North cannot move: South wins.
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::South,
            score: None
        })
    );
}

#[test]
fn heads_immune_to_bonus_takes() {
    // 4 x 8 with two heads: North's heads are his loop indices 6 and 7, which South sees as
    // North's o2 and o1.
    let from = capture_position("1,1,1,1,1,1,1,4", "0,0,0,0,0,0,0,5", 14);
    let (r, s) = after("tsoro:holes=8,heads-immune", Some(&from), &["o7"]);
    assert_eq!(
        texts(&r, &s),
        [
            "take o7", "take o6", "take o5", "take o4", "take o3", "done"
        ]
    );
    assert!(forbidden(&r, &s, "take o1").contains("immune"));
    assert!(forbidden(&r, &s, "take o2").contains("immune"));
    // Without the switch the heads may be taken.
    let (r, s) = after("tsoro:holes=8", Some(&from), &["o7"]);
    assert!(r.parse_move(&s, "take o1").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Singletons.

#[test]
fn singleton_steps_blocked_and_allowed_and_capturing() {
    // South has singletons only: o3 (blocked by o4), o4 (o5 empty) and o8 (i8 empty).
    // North has captured the other 13 of South's 16.
    let from = "2,2,2,2,2,2,1,1/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,0,1,1,0,0,0,1 0 13 S";
    let r = rules(BASIC);
    let s = r.parse_position(from).unwrap();
    assert_eq!(texts(&r, &s), ["o4", "o8"]);
    assert!(forbidden(&r, &s, "o3").contains("blocked"));
    // One step only, into the empty o5.
    let (_, step) = after(BASIC, Some(from), &["o4"]);
    assert_eq!(
        step.to_string(),
        "2,2,2,2,2,2,1,1/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,0,1,0,1,0,0,1 0 13 N"
    );
    // o8 steps into the empty i8 and captures the 2 across and the 1 behind.
    let (_, capture) = after(BASIC, Some(from), &["o8"]);
    assert_eq!(
        capture.to_string(),
        "2,2,2,2,2,2,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,1,1,0,0,0,0 3 13 N"
    );
}

#[test]
fn singletons_may_not_move_while_a_hole_holds_two() {
    let from = "2,2,2,2,2,2,1,1/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/2,0,1,1,0,0,0,1 0 11 S";
    let r = rules(BASIC);
    let s = r.parse_position(from).unwrap();
    assert_eq!(texts(&r, &s), ["o1"]);
    assert!(forbidden(&r, &s, "o4").contains("single stone"));
    assert!(forbidden(&r, &s, "o2").contains("empty"));
}

// ---------------------------------------------------------------------------------------------
// Endless relays.

/// South's loop by index: `0,1,0,1,0,1,0,1 | 3,1,0,1,0,1,0,1` (i8 holds 3). From i8 the relay
/// never ends: every lap's last stone falls into an occupied hole, and the lap-end state
/// recurs (checked by the independent implementation below, which records every state).
/// North has captured the other 5 of South's 16.
const ENDLESS: &str = "2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,3/0,1,0,1,0,1,0,1 0 5 S";

#[test]
fn an_endless_relay_is_found_and_refused() {
    let r = rules(BASIC);
    let s = r.parse_position(ENDLESS).unwrap();
    assert!(reference::relay_is_endless(&s, 8, 8));
    // i8 is South's only hole with 2 or more, and singletons may not move while it holds 3:
    // South cannot move and loses.
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::North,
            score: None
        })
    );
    // The unchecked fast path returns on the endless move too.
    let mut garbage = s;
    r.play_unchecked(&mut garbage, TsoroMove::Sow(Hole::inner(8)));
}

#[test]
fn an_endless_start_is_left_out_of_the_legal_moves() {
    // South's o8, i1 and i5 hold 2; the relay from i5 never ends.
    let from = "2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/2,0,1,0,2,1,0,1/1,0,1,0,1,0,1,2 0 3 S";
    let r = rules(BASIC);
    let s = r.parse_position(from).unwrap();
    assert_eq!(texts(&r, &s), ["o8", "i1"]);
    assert!(forbidden(&r, &s, "i5").contains("relay forever"));
    assert!(reference::relay_is_endless(&s, 8, 11));
    let mut copy = s;
    assert!(
        r.try_play(&mut copy, TsoroMove::Sow(Hole::inner(5)))
            .is_err()
    );
    assert_eq!(copy, s);
}

#[test]
fn endless_relays_on_random_loops_agree_with_the_reference() {
    // Random loops of 4 x 6 and 4 x 8 boards with no heads: every start the engine refuses
    // is endless by the reference's record of all lap-end states, and every other one ends.
    // A loop holding more than its starting half of the stones needs re-entered captures
    // (without, North has captured the rest of South's half and holds his own).
    use sowing::RandomSource;
    let mut rng = sowing::SplitMix64::new(7);
    let mut refused = 0;
    for (text, n, total) in [("tsoro:holes=6,heads=none,bonus=0", 6, 24), (BASIC, 8, 32)] {
        let (plain, reenter) = (rules(text), rules(&format!("{text},reenter")));
        for _ in 0..20_000 {
            let mine = 3 + rng.below(total - 6) as usize;
            let half = total as usize / 2;
            let (r, by_north) = if mine > half {
                (&reenter, 0)
            } else {
                (&plain, half - mine)
            };
            let mut south = vec![0u32; 2 * n];
            for _ in 0..mine {
                south[rng.below(2 * n as u32) as usize] += 1;
            }
            // North's stones in his outer row, so no capture decides anything.
            let mut north_outer = vec![0u32; n];
            for _ in mine + by_north..total as usize {
                north_outer[rng.below(n as u32) as usize] += 1;
            }
            let text = board_text(&north_outer, &vec![0; n], &south, by_north);
            let s = r.parse_position(&text).unwrap();
            let legal = r.legal_moves(&s);
            for (i, &stones) in south.iter().enumerate() {
                if stones >= 2 {
                    let mv = TsoroMove::Sow(Hole::from_own_index(i, n));
                    let endless = reference::relay_is_endless(&s, n, i);
                    assert_eq!(legal.contains(&mv), !endless, "{text}: {mv}");
                    refused += usize::from(endless);
                }
            }
        }
    }
    assert!(refused > 0, "no endless relay met");
}

#[test]
fn crowded_relays_agree_with_the_reference_stone_by_stone() {
    // Loops holding nearly all 2L stones of a headless board (re-entered captures make them)
    // relay longest, some past the engine's first 64 laps into its walk in revolutions
    // (`walk` in sow.rs, checked from the first lap on by its unit test): every start the
    // engine lists must end where the stone-by-stone reference ends, with the same counts
    // in every hole, and every start it refuses must come back to a lap-end state the
    // reference has seen. North's few stones lie in his outer row, so nothing is captured
    // and the move is the relay alone.
    use sowing::RandomSource;
    let mut rng = sowing::SplitMix64::new(11);
    let (mut walked, mut endless) = (0, 0);
    for n in [6, 8, 11, 16] {
        let r = rules(&format!("tsoro:holes={n},heads=none,bonus=0,reenter"));
        let len = 2 * n;
        let total = 2 * len;
        for _ in 0..1000 {
            let mine = total - rng.below(4) as usize;
            let mut south = vec![0u32; len];
            for _ in 0..mine {
                south[rng.below(len as u32) as usize] += 1;
            }
            let mut north_outer = vec![0u32; n];
            for _ in mine..total {
                north_outer[rng.below(n as u32) as usize] += 1;
            }
            let text = board_text(&north_outer, &vec![0; n], &south, 0);
            let s = r.parse_position(&text).unwrap();
            let legal = r.legal_moves(&s);
            for i in (0..len).filter(|&i| south[i] >= 2) {
                let mv = TsoroMove::Sow(Hole::from_own_index(i, n));
                let mut l = south.clone();
                let hand = l[i];
                l[i] = 0;
                let Some((laps, end)) = reference::relay_capped(&mut l, i, hand, 200_000) else {
                    continue;
                };
                walked += usize::from(laps > 64);
                match end {
                    None => {
                        endless += 1;
                        assert!(!legal.contains(&mv), "{text}: {mv} is endless");
                    }
                    Some(_) => {
                        assert!(legal.contains(&mv), "{text}: {mv} ends after {laps} laps");
                        let mut after = s;
                        r.try_play(&mut after, mv).unwrap();
                        let got: Vec<u32> = after
                            .row_loop(Player::South)
                            .iter()
                            .map(|&c| u32::from(c))
                            .collect();
                        assert_eq!(got, l, "{text}: {mv} after {laps} laps");
                    }
                }
            }
        }
    }
    assert!(
        walked > 0 && endless > 0,
        "walked {walked}, endless {endless}"
    );
}

/// Position text with North's outer and inner rows, South's loop (loop order) and the stones
/// North has captured, South to move.
fn board_text(north_outer: &[u32], north_inner: &[u32], south: &[u32], by_north: usize) -> String {
    let n = north_outer.len();
    let row = |v: Vec<u32>| {
        v.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}/{}/{}/{} 0 {by_north} S",
        row(north_outer.to_vec()),
        row(north_inner.to_vec()),
        row((0..n).map(|c| south[2 * n - 1 - c]).collect()),
        row(south[..n].to_vec())
    )
}

/// Whether no two residues of [`reference::residues`] are consecutive mod `L + 1`.
fn residues_apart(r: &[u32]) -> bool {
    (0..r.len()).all(|i| r[i] == 0 || r[(i + 1) % r.len()] == 0)
}

#[test]
fn the_residues_of_a_relay_never_change_and_prove_it_endless() {
    // The invariant `never_ends` of sow.rs rests on, checked lap by lap on random crowded
    // headless loops (time counted in stones sown, the lap's origin at time `pos`, so each
    // lap shifts all residues by the same amount: compare up to rotation).
    use sowing::RandomSource;
    let mut rng = sowing::SplitMix64::new(5);
    let mut apart = 0;
    for _ in 0..1500 {
        let len = [12, 16, 20, 42][rng.below(4) as usize];
        let stones = len + rng.below(len as u32 + 1) as usize;
        let mut start = vec![0u32; len];
        for _ in 0..stones {
            start[rng.below(len as u32) as usize] += 1;
        }
        for from in (0..len).filter(|&i| start[i] >= 2) {
            let mut l = start.clone();
            let (mut pos, mut hand) = (from, l[from]);
            l[pos] = 0;
            let first = reference::residues(&l, pos, hand);
            let never = residues_apart(&first);
            apart += usize::from(never);
            for _ in 0..40 {
                match reference::lap(&mut l, pos, hand) {
                    None => {
                        assert!(!never, "a relay with residues apart ended: {first:?}");
                        break;
                    }
                    Some((p, c)) => (pos, hand) = (p, c),
                }
                let now = reference::residues(&l, pos, hand);
                let m = len + 1;
                assert!(
                    (0..m).any(|k| (0..m).all(|i| now[(i + k) % m] == first[i])),
                    "residues changed: {first:?} -> {now:?}"
                );
            }
        }
    }
    assert!(apart > 0, "no relay with residues apart met");
}

/// The adversarial corpus (`tests/data/tsoro_adversarial.txt`, which `examples/adversarial.rs`
/// times): (whether it validates, ruleset, position text, what it is).
fn adversarial_corpus() -> Vec<(bool, &'static str, &'static str, &'static str)> {
    include_str!("data/tsoro_adversarial.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| match line.splitn(4, " | ").collect::<Vec<_>>()[..] {
            [v @ ("validates" | "parse-only"), r, p, w] => (v == "validates", r, p, w),
            _ => panic!("corpus line {line:?} is not `validates | ruleset | position | what`"),
        })
        .collect()
}

#[test]
fn the_adversarial_corpus_reads_and_validates_as_marked() {
    let corpus = adversarial_corpus();
    assert_eq!(corpus.len(), 18);
    for (validates, ruleset, text, what) in corpus {
        let r = rules(ruleset);
        let s: TsoroState = text.parse().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(s.to_string(), text, "{what}");
        assert_eq!(
            r.validate(&s).is_ok(),
            validates,
            "{what}: {:?}",
            r.validate(&s)
        );
        assert_eq!(r.parse_position(text).is_ok(), validates, "{what}");
    }
}

#[test]
fn the_adversarial_corpus_gives_exact_answers() {
    // The corpus of `examples/adversarial.rs`: positions whose endless-relay checks walked
    // millions of laps. Every legal move listed is checked by playing it; the refused starts
    // are endless by the residue proof (i8, o8: 10^9 laps; marked `true`) or by the
    // reference's record of every lap-end state (Tracey's i4 and the lap-counting searcher's
    // Tracey cycle of 1.2 * 10^5 laps).
    // (ruleset, position, legal moves, endless starts: loop index and whether the residue
    // test proves it).
    type Case<'a> = (&'a str, &'a str, &'a [&'a str], &'a [(usize, bool)]);
    let cases: [Case; 8] = [
        (
            "tsoro:tracey",
            "0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1/4,7,2,1,2,7,4,4/1,2,3,5,1,5,2,3 0 0 S",
            &[
                "o2", "o3", "o4", "o6", "o7", "o8", "i7", "i6", "i5", "i3", "i2", "i1",
            ],
            &[(8, true)],
        ),
        (
            "tsoro:tracey",
            "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/4,5,6,2,3,0,3,4/3,0,5,6,1,2,5,4 0 0 S",
            &[
                "o1", "o3", "o4", "o6", "o7", "i8", "i7", "i5", "i4", "i3", "i2", "i1",
            ],
            &[(7, true)],
        ),
        (
            "tsoro:tracey,reenter,max-plies=100",
            "3,2,1,2,7,2,3,11/8,1,6,1,0,1,0,3/0,0,0,0,0,0,0,0/0,0,1,0,1,1,0,0 0 0 N captures=2,2 ply=38",
            &["o2", "o4", "o5", "o7", "o8", "i8", "i6", "i1"],
            &[],
        ),
        (
            "tsoro:tracey",
            "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,6,0,2,3,4,3,0/6,2,0,3,8,5,8,3 0 0 S",
            &[
                "o1", "o2", "o4", "o5", "o6", "o7", "o8", "i7", "i6", "i5", "i2",
            ],
            &[(12, false)],
        ),
        (
            "tsoro:tracey,reenter",
            "0,1,2,0,0,0,1,0/0,0,1,0,1,0,1,0/4,0,4,3,6,5,1,0/9,2,5,2,1,2,1,2 0 0 S",
            &["o1", "o2", "o3", "o4", "o6", "i6", "i5", "i4", "i3", "i1"],
            &[(7, false)],
        ),
        (
            "tsoro:holes=21,heads=none,bonus=0,reenter",
            "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/\
             0,1,0,5,0,1,2,5,0,3,2,5,2,1,2,3,6,0,3,0,1/6,0,1,3,2,1,0,1,4,2,0,3,2,1,5,2,1,2,1,3,2 0 0 S",
            &[
                "o1", "o4", "o5", "o9", "o10", "o12", "o13", "o15", "o16", "o18", "o20", "o21",
                "i19", "i17", "i16", "i15", "i12", "i11", "i10", "i8", "i7", "i4",
            ],
            &[(29, false)],
        ),
        (
            "tsoro:holes=19,heads=none,bonus=0,reenter",
            "0,0,0,1,0,0,0,1,0,0,0,0,0,1,0,0,1,0,2/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/\
             7,1,2,3,2,1,4,3,2,3,1,3,2,2,1,2,1,2,0/1,2,1,0,2,3,4,3,0,4,0,2,1,2,1,0,1,0,1 0 0 S",
            &[
                "o2", "o5", "o6", "o7", "o8", "o10", "o12", "o14", "i18", "i16", "i13", "i12",
                "i10", "i9", "i8", "i7", "i5", "i4", "i3", "i1",
            ],
            &[(24, false)],
        ),
        (
            "tsoro:holes=11,heads=none,bonus=0,reenter",
            "0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0/1,5,1,2,3,2,3,2,3,1,3/3,2,1,2,1,2,1,0,1,3,2 0 0 S",
            &[
                "o1", "o2", "o4", "o6", "o10", "o11", "i9", "i8", "i7", "i6", "i5", "i4", "i2",
            ],
            &[(11, false)],
        ),
    ];
    let corpus = adversarial_corpus();
    for (ruleset, text, legal, endless) in cases {
        assert!(
            corpus.iter().any(|c| (c.1, c.2) == (ruleset, text)),
            "{ruleset} {text} is not in the corpus file"
        );
        let r = rules(ruleset);
        let s: TsoroState = text.parse().unwrap();
        // Without re-entry South's loop holds at most its starting half (27 in Tracey's
        // game): the crowded Tracey loops are position text alone (the first holds 55
        // stones), refused by `validate`. The searcher's crowded headless
        // loops are positions of the re-entry game.
        assert_eq!(
            r.validate(&s).is_ok(),
            ruleset.contains("reenter"),
            "{text}"
        );
        if !ruleset.contains("reenter") {
            assert!(
                matches!(
                    r.validate(&s),
                    Err(PositionError::Impossible(why)) if why.starts_with("South's loop holds")
                ) || text.ends_with("1,5,2,3 0 0 S"),
                "{text}"
            );
        }
        assert_eq!(texts(&r, &s), legal, "{text}");
        let me = s.to_move();
        let l: Vec<u32> = s.row_loop(me).iter().map(|&c| c.into()).collect();
        for &(i, proved) in endless {
            let mv = TsoroMove::Sow(Hole::from_own_index(i, s.holes()));
            assert!(!r.is_legal(&s, mv), "{text}: {mv}");
            let mut after = l.clone();
            let hand = after[i];
            after[i] = 0;
            let apart = residues_apart(&reference::residues(&after, i, hand));
            // The 10^9-lap relays are proved endless by their residues; the others have
            // consecutive residues, and are walked (Tracey's by the reference too).
            assert_eq!(apart, proved, "{text}: {mv}");
            if !apart && l.len() == 16 {
                assert!(reference::relay_is_endless(&s, 8, i), "{text}: {mv}");
            }
        }
        for mv in r.legal_moves(&s).iter().copied() {
            let mut next = s;
            r.try_play(&mut next, mv).unwrap();
            assert_eq!(r.seed_count(&next).total(), r.seed_count(&s).total());
            if r.validate(&s).is_ok() {
                assert_eq!(r.validate(&next), Ok(()), "{text}: {mv}");
            }
        }
    }
}

#[test]
fn no_relay_is_endless_on_a_loop_with_a_head() {
    // Over a cycle of laps the sowing goes round the loop at least once, so a hole never
    // lifted would only gain stones: every hole, a head too, is the occupied landing hole of
    // some lap of any cycle, and landing in an occupied head stops the relay for a decision.
    // So with heads every start and every relay-on is legal; random loops agree.
    use sowing::RandomSource;
    let mut rng = sowing::SplitMix64::new(11);
    for text in [
        "tsoro:holes=6,bonus=0",
        "tsoro:holes=8,heads=single-left,bonus=0",
    ] {
        // Crowded loops (more than the starting half) under re-entered captures, as above.
        let (plain, reenter) = (rules(text), rules(&format!("{text},reenter")));
        let n = plain.settings().holes as usize;
        let total = plain.total_seeds();
        for _ in 0..5_000 {
            let mine = 3 + rng.below(total - 6) as usize;
            let half = total as usize / 2;
            let (r, by_north) = if mine > half {
                (&reenter, 0)
            } else {
                (&plain, half - mine)
            };
            let mut south = vec![0u32; 2 * n];
            for _ in 0..mine {
                south[rng.below(2 * n as u32) as usize] += 1;
            }
            let mut north_outer = vec![0u32; n];
            for _ in mine + by_north..total as usize {
                north_outer[rng.below(n as u32) as usize] += 1;
            }
            let text = board_text(&north_outer, &vec![0; n], &south, by_north);
            let s = r.parse_position(&text).unwrap();
            let starts = south.iter().filter(|&&c| c >= 2).count();
            if starts > 0 {
                assert_eq!(r.legal_moves(&s).len(), starts, "{text}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Re-entered captures.

#[test]
fn re_entered_captures_are_sown_back_in() {
    // The 9 captured stones go on from i8: i7..i1 (7 stones), then o1 and o2; o2 was empty.
    let from = capture_position("3,3,3,3,3,3,3,4", "0,0,0,0,0,0,0,5", 0);
    let ruleset = "tsoro:holes=8,heads=none,bonus=0,reenter";
    let (r, s) = after(ruleset, Some(&from), &["o7"]);
    assert_eq!(
        s.to_string(),
        "3,3,3,3,3,3,3,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,0,0,0,0,0,1 0 0 N"
    );
    assert_eq!(r.seed_count(&s).board, 32);
    assert_eq!(r.seed_count(&s).stores, [0, 0]);
}

#[test]
fn re_entered_captures_wait_for_the_bonus_takes() {
    let from = capture_position("3,3,3,3,3,3,3,4", "0,0,0,0,0,0,0,5", 0);
    let ruleset = "tsoro:holes=8,heads=none,bonus=1,reenter";
    let (r, s) = after(ruleset, Some(&from), &["o7"]);
    assert!(s.to_string().ends_with(" 0 0 S take=1 hand=9@i8"), "{s}");
    assert_eq!(r.seed_count(&s).board, 32);
    // Taking North's o1 (3 stones): 12 to sow from i7: i7..i1, then o1..o5; o5 was empty.
    let (_, end) = after(ruleset, Some(&from), &["o7", "take o1"]);
    assert_eq!(
        end.to_string(),
        "0,3,3,3,3,3,3,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,0,0,1 0 0 N"
    );
}

#[test]
fn a_singleton_capture_whose_re_entry_relays_forever_is_not_legal() {
    // South has singletons only. o8 steps into the empty i8 and captures North's inner and
    // outer holes of that file; the captured stones, sown back in from the hole after i8,
    // relay forever. The same for i4. Neither is legal (both were once listed, and playing
    // them lost stones).
    let ruleset = "tsoro:holes=8,heads=none,bonus=0,reenter";
    let from = "3,1,0,2,0,1,0,1/4,1,1,0,3,2,2,2/0,1,0,1,1,0,1,0/1,0,1,0,1,0,1,1 0 0 S";
    let r = rules(ruleset);
    let s = r.parse_position(from).unwrap();
    assert_eq!(texts(&r, &s), ["o1", "o3", "o5", "i7", "i2"]);
    for (mv, from_index) in [("o8", 7), ("i4", 12)] {
        assert!(forbidden(&r, &s, mv).contains("relay forever"), "{mv}");
        // The independent check: step, capture, and record every lap-end state of the
        // re-entry sowing.
        let mut south: Vec<u32> = s
            .row_loop(Player::South)
            .iter()
            .map(|&c| c.into())
            .collect();
        let to = from_index + 1;
        south[from_index] = 0;
        south[to] = 1;
        let mut north: Vec<u32> = s
            .row_loop(Player::North)
            .iter()
            .map(|&c| c.into())
            .collect();
        let k = to - 8;
        let hand = north[15 - k] + north[k];
        assert!(hand > 0);
        north[15 - k] = 0;
        north[k] = 0;
        assert!(
            reference::re_entry_is_endless(&south, &north, to, hand),
            "{mv}"
        );
        let mut copy = s;
        let mv: TsoroMove = mv.parse().unwrap();
        assert!(r.try_play(&mut copy, mv).is_err());
        assert_eq!(copy, s);
    }
    // Every listed move keeps the 32 stones and gives a valid position.
    for mv in r.legal_moves(&s).iter().copied() {
        let mut next = s;
        r.try_play(&mut next, mv).unwrap();
        assert_eq!(r.validate(&next), Ok(()), "{mv}");
        assert_eq!(r.seed_count(&next).board, 32, "{mv}");
    }
}

#[test]
fn random_re_entry_games_keep_every_stone() {
    // Re-entry once lost stones in about one of 3,000 random games of this ruleset (with
    // this seed in game 256): every position of 1,000 games validates (so holds all 32
    // stones).
    let r = rules("tsoro:holes=8,heads=none,bonus=0,reenter,max-plies=400");
    let mut rng = sowing::SplitMix64::new(29);
    for _ in 0..1000 {
        let mut s = r.start();
        while let Some(mv) = r.random_move(&s, &mut rng) {
            r.try_play(&mut s, mv).unwrap();
            assert_eq!(r.validate(&s), Ok(()), "{s}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The end.

#[test]
fn the_player_who_cannot_move_loses() {
    // North's holes all hold one stone: every singleton step is blocked.
    let from = "1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2 0 0 N";
    let r = rules(BASIC);
    let s = r.parse_position(from).unwrap();
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::South,
            score: None
        })
    );
    assert_eq!(
        r.illegal_reason(&s, TsoroMove::Sow(Hole::outer(1))),
        Some(IllegalReason::GameOver)
    );
    // And with no stones at all.
    let from = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2 16 0 N";
    let s = r.parse_position(from).unwrap();
    assert_eq!(r.outcome(&s).and_then(|o| o.winner()), Some(Player::South));
}

#[test]
fn the_ply_limit_draws() {
    let ruleset = "tsoro:holes=8,heads=none,bonus=0,max-plies=3";
    let (r, s) = after(ruleset, None, &["o1", "o1", "o2"]);
    assert!(s.to_string().ends_with(" ply=3"), "{s}");
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(r.outcome(&s), Some(Outcome::Draw { score: None }));
    // The text round-trips, and the count is checked against the limit.
    assert_eq!(r.parse_position(&s.to_string()), Ok(s));
    assert!(rules(BASIC).parse_position(&s.to_string()).is_err());
}

// ---------------------------------------------------------------------------------------------
// Tracey's variation (Matthews' V7).

#[test]
fn tracey_opening_takes_four_stones_immediately() {
    let r = rules("tsoro:tracey");
    let s = r.start();
    assert_eq!(
        s.to_string(),
        "2,2,2,2,2,2,2,0/2,2,2,2,2,2,1,0/0,1,2,2,2,2,2,2/0,2,2,2,2,2,2,2 0 0 S"
    );
    assert_eq!(r.total_seeds(), 54);
    // Loop index 13 is i3. Its 2 stones go to i2 (1 -> 2) and i1 (empty): the file across
    // (South's leftmost) holds 2 + 2: North's inner loop index 8 and outer loop index 7.
    let (_, s) = after("tsoro:tracey", None, &["i3"]);
    assert_eq!(
        s.to_string(),
        "0,2,2,2,2,2,2,0/0,2,2,2,2,2,1,0/1,2,0,2,2,2,2,2/0,2,2,2,2,2,2,2 4 0 S take=5 captures=1,0"
    );
    // North answers the same way after South ends his five bonus takes at once.
    let (r, s) = after("tsoro:tracey", None, &["i3", "done", "i3"]);
    assert_eq!(s.captured(Player::South), 4);
    assert_eq!(s.captured(Player::North), 4);
    assert_eq!(s.phase(), Phase::Bonus(5));
    assert_eq!(r.to_move(&s), Player::North);
}

#[test]
fn tracey_bonus_schedule_is_five_three_two() {
    let t = TsoroSettings::TRACEY;
    assert_eq!(
        (1..=5).map(|k| t.bonus_for(k)).collect::<Vec<_>>(),
        [5, 3, 2, 2, 2]
    );
    assert_eq!(TsoroSettings::STANDARD.bonus_for(1), 2);
    // South's o7 captures into i8 (5 + 4 stones): his second capture gives 3 takes, his
    // third and later ones 2. Each capture counted took stones (a count with no stones
    // captured is refused), so South's earlier captures hold stones from North's o8
    // and North's one from South's o1. Each loop keeps its 27 stones less those captured
    // from it (South's spare ones in o2..o6, out of the way).
    for (before, (by_south, by_north), takes, after) in [
        ("", (0, 0), 5, "1,0"),
        ("1,0", (1, 0), 3, "2,0"),
        ("2,1", (2, 1), 2, "2,1"),
    ] {
        let board = format!(
            "{},2,2,2,2,2,2,4/0,0,0,0,0,0,0,5/0,0,0,0,0,0,0,0/{},5,5,5,5,4,2,0 {by_south} {by_north} S",
            6 - by_south,
            1 - by_north
        );
        let from = if before.is_empty() {
            board
        } else {
            format!("{board} captures={before}")
        };
        let (r, s) = after_tracey(&from);
        assert_eq!(s.phase(), Phase::Bonus(takes), "{from}");
        let tail = format!(
            " {} {by_north} S take={takes} captures={after}",
            9 + by_south
        );
        assert!(s.to_string().ends_with(&tail), "{s}");
        assert_eq!(r.legal_moves(&s).len(), 8); // North's 7 occupied holes and `done`
    }
}

#[test]
fn validate_refuses_what_play_cannot_reach() {
    // Bonus takes pending with no capture made.
    let r = rules("tsoro:holes=8,heads=none");
    let start = r.start().to_string();
    let text = format!("{start} take=2");
    assert!(text.parse::<TsoroState>().is_ok());
    assert!(matches!(
        r.parse_position(&text),
        Err(PositionError::Impossible(why)) if why.contains("no capture")
    ));
    // Tracey: capture counts with no stone captured (without re-entry), and stones captured
    // with no capture counted.
    let tracey = rules("tsoro:tracey");
    let start = tracey.start().to_string();
    for extra in [" captures=2,2", " captures=0,1"] {
        let text = format!("{start}{extra}");
        assert!(
            matches!(
                tracey.parse_position(&text),
                Err(PositionError::Impossible(_))
            ),
            "{text}"
        );
    }
    // With re-entry captured stones stay in play: the counts stand alone.
    let reenter = rules("tsoro:tracey,reenter");
    assert!(
        reenter
            .parse_position(&format!("{start} captures=2,2"))
            .is_ok()
    );
    // Tracey: after a second capture at most 3 takes are pending, after the first 5.
    let board =
        "5,2,2,2,2,2,2,4/0,0,0,0,0,0,0,5/0,0,0,0,0,0,0,0/1,5,5,5,5,4,2,0 1 0 S captures=1,0";
    let (r, second) = after_tracey(board);
    let text = second.to_string();
    assert!(text.ends_with(" 10 0 S take=3 captures=2,0"), "{text}");
    for k in [4, 5] {
        let more = text.replace("take=3", &format!("take={k}"));
        assert!(
            matches!(r.parse_position(&more), Err(PositionError::Impossible(why)) if why.contains("more bonus takes")),
            "{more}"
        );
    }
    let first = "6,2,2,2,2,2,2,4/0,0,0,0,0,0,0,5/0,0,0,0,0,0,0,0/1,5,5,5,5,4,2,0 0 0 S";
    let (_, first) = after_tracey(first);
    assert!(
        first.to_string().ends_with(" take=5 captures=1,0"),
        "{first}"
    );
    // A pending take with the capturing stone gone from its hole is refused too.
    let moved = text.replace("/0,0,0,0,0,0,0,1/", "/0,0,0,0,0,0,1,0/");
    assert_ne!(moved, text);
    assert!(r.parse_position(&moved).is_err(), "{moved}");
}

#[test]
fn validate_refuses_stones_crossing_between_the_loops() {
    // Without re-entry a player sows only round his own loop and captured
    // stones leave play, so his loop holds his starting half less what the opponent has
    // captured. The adversarial corpus's crowded Tracey loop (54 stones in all, 53 of them
    // South's) parses, and is refused.
    let tracey = rules("tsoro:tracey");
    let crowded = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/4,5,6,2,3,0,3,4/3,0,5,6,1,2,5,4 0 0 S";
    assert!(crowded.parse::<TsoroState>().is_ok());
    assert_eq!(
        tracey.parse_position(crowded),
        Err(PositionError::Impossible(
            "South's loop holds 53 stones and North has captured 0: 53 in all, not the 27 \
             South started with (without re-entered captures no stone crosses between the loops)"
                .into()
        ))
    );
    // The same board is a position of the re-entry game.
    assert!(
        rules("tsoro:tracey,reenter")
            .parse_position(crowded)
            .is_ok()
    );

    // Tracey's opening capture, mid-turn (bonus takes pending) and after a bonus take: the
    // 4 + 2 stones taken from North's loop are South's captured stones at every moment.
    let (r, s) = after("tsoro:tracey", None, &["i3"]);
    let text = s.to_string();
    assert_eq!(
        text,
        "0,2,2,2,2,2,2,0/0,2,2,2,2,2,1,0/1,2,0,2,2,2,2,2/0,2,2,2,2,2,2,2 4 0 S take=5 captures=1,0"
    );
    assert_eq!(r.validate(&s), Ok(()));
    let (_, took) = after("tsoro:tracey", None, &["i3", "take i2"]);
    assert!(
        took.to_string().ends_with(" 6 0 S take=4 captures=1,0"),
        "{took}"
    );
    assert_eq!(r.validate(&took), Ok(()));
    // Same total, same phase, but one of the captured stones put back on South's side
    // (his outer o1) instead of North's: refused, naming the loop that is off.
    let unbalanced = text.replace("/0,2,2,2,2,2,2,2 4 0 S", "/1,2,2,2,2,2,2,2 3 0 S");
    assert_ne!(unbalanced, text);
    match r.parse_position(&unbalanced) {
        Err(PositionError::Impossible(why)) => {
            assert!(why.starts_with("South's loop holds 28 stones"), "{why}")
        }
        other => panic!("{unbalanced}: {other:?}"),
    }
    // North's side short by the stones South is said to have captured, in the basic game.
    let basic = rules(BASIC);
    let start = basic.start().to_string();
    let short = start
        .replacen("2,2,", "0,2,", 1)
        .replace(" 0 0 S", " 0 2 S");
    match basic.parse_position(&short) {
        Err(PositionError::Impossible(why)) => {
            assert!(
                why.starts_with("South's loop holds 16 stones and North has captured 2"),
                "{why}"
            )
        }
        other => panic!("{short}: {other:?}"),
    }
    // The same with the captures credited to South: a balanced board, accepted.
    let balanced = short.replace(" 0 2 S", " 2 0 S");
    assert_eq!(
        basic.parse_position(&balanced).map(|s| s.to_string()),
        Ok(balanced.clone())
    );
}

fn after_tracey(from: &str) -> (Tsoro, TsoroState) {
    after("tsoro:tracey", Some(from), &["o7"])
}

// ---------------------------------------------------------------------------------------------
// Notation, texts and settings.

#[test]
fn move_notation_round_trips() {
    for text in [
        "o1", "o21", "i5", "relay", "stop", "done", "take o4", "take i12",
    ] {
        let mv: TsoroMove = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
    }
    assert_eq!(
        " O3 ".parse::<TsoroMove>(),
        Ok(TsoroMove::Sow(Hole::outer(3)))
    );
    assert_eq!(
        "TAKE  I2".parse::<TsoroMove>(),
        Ok(TsoroMove::Take(Hole::inner(2)))
    );
    for bad in [
        "", "o", "3", "x3", "o-1", "o123", "takeo4", "take", "take x", "relay on",
    ] {
        assert!(
            matches!(bad.parse::<TsoroMove>(), Err(MoveParseError::Syntax { .. })),
            "{bad:?}"
        );
    }
    // Well formed but not on this board.
    let r = Tsoro::default();
    assert!(forbidden(&r, &r.start(), "o22").contains("no hole"));
    assert!(forbidden(&r, &r.start(), "i1").contains("empty"));
    assert!(forbidden(&r, &r.start(), "relay").contains("starts with a hole"));
}

#[test]
fn hole_numbers_and_loop_indices() {
    assert_eq!(Hole::outer(1).own_index(8), Some(0));
    assert_eq!(Hole::inner(8).own_index(8), Some(8));
    assert_eq!(Hole::inner(1).own_index(8), Some(15));
    assert_eq!(Hole::outer(9).own_index(8), None);
    // The opponent's holes, numbered from the mover's left.
    assert_eq!(Hole::outer(1).opponent_index(8), Some(7));
    assert_eq!(Hole::inner(1).opponent_index(8), Some(8));
    for i in 0..16 {
        assert_eq!(Hole::from_own_index(i, 8).own_index(8), Some(i));
        assert_eq!(Hole::from_opponent_index(i, 8).opponent_index(8), Some(i));
    }
}

#[test]
fn position_text_errors_are_typed() {
    for bad in [
        "",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0 0 0 S",
        "2,2,2,2,2/0,0,0,0,0/0,0,0,0,0/2,2,2,2,2 0 0 S",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2 0 0 S",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,x 0 0 S",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 X",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S head=o9",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S take=0",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S ply=3 take=1",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S head=o5 take=1",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S hand=0@i1",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S captures=3,0",
        "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S bogus",
        "200,200,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S",
    ] {
        assert!(bad.parse::<TsoroState>().is_err(), "{bad:?}");
    }
    let r = rules("tsoro:holes=6");
    // Well formed, but not positions of this ruleset.
    let wrong_total = "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,3 0 0 S";
    assert!(matches!(
        r.parse_position(wrong_total),
        Err(PositionError::WrongSeedTotal { .. })
    ));
    let not_a_head = "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S head=o1";
    assert!(matches!(
        r.parse_position(not_a_head),
        Err(PositionError::Impossible(_))
    ));
    assert!(matches!(
        rules("tsoro").parse_position("2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S"),
        Err(PositionError::WrongSize { .. })
    ));
}

#[test]
fn ruleset_texts_and_their_errors() {
    for (text, settings) in [
        ("tsoro", TsoroSettings::STANDARD),
        ("tsoro:holes=8,heads=none,bonus=0", TsoroSettings::BASIC),
        ("tsoro:tracey", TsoroSettings::TRACEY),
    ] {
        assert_eq!(text.parse::<TsoroSettings>(), Ok(settings));
        assert_eq!(settings.to_string(), text);
    }
    for text in [
        "tsoro:heads=single-left",
        "tsoro:heads=single-right",
        "tsoro:heads=both-ends",
        "tsoro:bonus=3,forced-bonus",
        "tsoro:heads-immune",
        "tsoro:reenter",
        "tsoro:max-plies=500",
        "tsoro:tracey,reenter,max-plies=100",
    ] {
        let r = rules(text);
        assert_eq!(r.to_string(), text);
    }
    let conflict = |text: &str| {
        matches!(
            text.parse::<Tsoro>(),
            Err(RulesetParseError::Settings(SettingsError::Conflict(_)))
        )
    };
    assert!(conflict("tsoro:heads=none,heads-immune"));
    assert!(conflict("tsoro:bonus=0,forced-bonus"));
    assert!(conflict("tsoro:tracey,holes=8"));
    assert!(conflict("tsoro:tracey,heads-immune"));
    let out_of_range = |text: &str| {
        matches!(
            text.parse::<Tsoro>(),
            Err(RulesetParseError::Settings(
                SettingsError::OutOfRange { .. }
            ))
        )
    };
    assert!(out_of_range("tsoro:holes=5"));
    assert!(out_of_range("tsoro:holes=22"));
    assert!(out_of_range("tsoro:bonus=6"));
    assert!(out_of_range("tsoro:max-plies=0"));
    assert!(matches!(
        "tsoro:heads=middle".parse::<Tsoro>(),
        Err(RulesetParseError::BadValue { .. })
    ));
    assert!(matches!(
        "tsoro:sideways".parse::<Tsoro>(),
        Err(RulesetParseError::UnknownSwitch { .. })
    ));
    assert!(matches!(
        "tsoro:reenter,reenter".parse::<Tsoro>(),
        Err(RulesetParseError::Repeated { .. })
    ));
    assert!(matches!(
        "tsoro:reenter=1".parse::<Tsoro>(),
        Err(RulesetParseError::BadSwitch { .. })
    ));
    // Unvalidated settings never panic in the helpers.
    let odd = TsoroSettings {
        holes: 0,
        heads: sowing::tsoro::Heads::SingleRight,
        tracey: true,
        ..TsoroSettings::STANDARD
    };
    assert!(odd.setup().is_empty());
    assert_eq!(odd.total_stones(), 0);
    assert!(odd.validate().is_err());
    assert_eq!(sowing::tsoro::Heads::TwoRight.mask(1), 0);
    let any: sowing::games::AnyRuleset = "tsoro:holes=8".parse().unwrap();
    assert_eq!(any.to_string(), "tsoro:holes=8");
}

#[test]
fn hostile_moves_never_hang_or_panic() {
    let r = Tsoro::default();
    let mut s = r.start();
    let holes = [0u8, 1, 21, 22, 255];
    for &k in &holes {
        for mv in [
            TsoroMove::Sow(Hole::outer(k)),
            TsoroMove::Sow(Hole::inner(k)),
            TsoroMove::Take(Hole::outer(k)),
            TsoroMove::Take(Hole::inner(k)),
            TsoroMove::Relay,
            TsoroMove::Stop,
            TsoroMove::Done,
        ] {
            let _ = r.format_move(&s, mv);
            let _ = r.illegal_reason(&s, mv);
            r.play_unchecked(&mut s, mv);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Perft.

#[test]
fn perft_tables() {
    let data = include_str!("data/tsoro-perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (text, depth, nodes): (&str, u32, u64) =
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap());
        let r = rules(text);
        assert_eq!(perft(&r, &r.start(), depth), nodes, "{text} depth {depth}");
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn perft_agrees_with_the_reference_implementation() {
    let data = include_str!("data/tsoro-perft.txt");
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (text, depth, nodes): (&str, u32, u64) =
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap());
        let max = match text {
            "tsoro" => 6,
            "tsoro:tracey" => 5,
            _ => 6,
        };
        if depth <= max {
            let r = rules(text);
            assert_eq!(
                reference::perft(r.settings(), &reference::Pos::start(r.settings()), depth),
                nodes,
                "{text} depth {depth}"
            );
        }
    }
}

#[test]
#[ignore = "slow: Tracey to depth 6 through the reference (cargo test --release --test tsoro -- --ignored)"]
fn perft_tables_in_full() {
    let data = include_str!("data/tsoro-perft.txt");
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (text, depth, nodes): (&str, u32, u64) =
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap());
        let r = rules(text);
        assert_eq!(perft(&r, &r.start(), depth), nodes, "{text} depth {depth}");
        assert_eq!(
            reference::perft(r.settings(), &reference::Pos::start(r.settings()), depth),
            nodes,
            "{text} depth {depth} (reference)"
        );
    }
}

#[test]
fn reference_and_engine_agree_on_random_games() {
    for text in [
        "tsoro",
        BASIC,
        "tsoro:holes=6",
        "tsoro:holes=8,heads=single-left,bonus=3,forced-bonus",
        "tsoro:holes=10,heads=both-ends,heads-immune",
        "tsoro:holes=7,heads=single-right,bonus=1",
        "tsoro:tracey",
    ] {
        let r = rules(text);
        for seed in 0..20u64 {
            let mut rng = sowing::SplitMix64::new(seed);
            let mut s = r.start();
            let mut p = reference::Pos::start(r.settings());
            for _ in 0..300 {
                let mine: Vec<String> = texts(&r, &s);
                let theirs: Vec<String> = reference::moves(r.settings(), &p)
                    .iter()
                    .map(|(m, _)| m.clone())
                    .collect();
                let mut a = mine.clone();
                let mut b = theirs;
                a.sort();
                b.sort();
                assert_eq!(a, b, "{text} at {s}");
                let Some(mv) = r.random_move(&s, &mut rng) else {
                    break;
                };
                let name = mv.to_string();
                r.play_unchecked(&mut s, mv);
                p = reference::moves(r.settings(), &p)
                    .into_iter()
                    .find(|(m, _)| *m == name)
                    .unwrap()
                    .1;
                assert_eq!(p.text(), s.to_string(), "{text} after {name}");
            }
        }
    }
}

/// An independent, deliberately plain implementation of the rules (no re-entry): a `Vec` per
/// loop, one stone at a time, and endless relays found by recording every lap-end state in a
/// set. It shares no code with the engine.
mod reference {
    use std::collections::HashSet;

    use sowing::tsoro::{Heads, TsoroSettings, TsoroState};

    #[derive(Clone, Debug)]
    pub struct Pos {
        /// `loops[player][loop index]`, player 0 = South.
        pub loops: [Vec<u32>; 2],
        pub captured: [u32; 2],
        pub mover: usize,
        /// 0: start of turn; 1: head decision at `at`; 2: bonus takes `takes` left.
        pub phase: u8,
        pub at: usize,
        pub takes: u32,
        pub captures: [u32; 2],
        pub n: usize,
        pub tracey: bool,
    }

    fn heads(s: &TsoroSettings) -> Vec<usize> {
        let n = s.holes as usize;
        match s.heads {
            Heads::None => vec![],
            Heads::TwoRight => vec![n - 2, n - 1],
            Heads::SingleLeft => vec![0],
            Heads::SingleRight => vec![n - 1],
            Heads::BothEnds => vec![0, n - 1],
        }
    }

    impl Pos {
        pub fn start(s: &TsoroSettings) -> Pos {
            let n = s.holes as usize;
            let mut l = vec![0u32; 2 * n];
            for h in l.iter_mut().take(n) {
                *h = 2;
            }
            if s.tracey {
                l = vec![2; 2 * n];
                l[0] = 0;
                l[2 * n - 1] = 0;
                l[2 * n - 2] = 1;
            }
            match s.heads {
                Heads::SingleLeft | Heads::BothEnds => l[0] = 3,
                Heads::SingleRight => l[n - 1] = 3,
                _ => {}
            }
            Pos {
                loops: [l.clone(), l],
                captured: [0, 0],
                mover: 0,
                phase: 0,
                at: 0,
                takes: 0,
                captures: [0, 0],
                n,
                tracey: s.tracey,
            }
        }

        /// The engine's position text, written out independently.
        pub fn text(&self) -> String {
            let n = self.n;
            let row = |f: &dyn Fn(usize) -> u32| {
                (0..n)
                    .map(|c| f(c).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let mut t = format!(
                "{}/{}/{}/{} {} {} {}",
                row(&|c| self.loops[1][n - 1 - c]),
                row(&|c| self.loops[1][n + c]),
                row(&|c| self.loops[0][2 * n - 1 - c]),
                row(&|c| self.loops[0][c]),
                self.captured[0],
                self.captured[1],
                if self.mover == 0 { "S" } else { "N" }
            );
            if self.phase == 1 {
                t += &format!(" head={}", own_name(self.at, n));
            }
            if self.phase == 2 {
                t += &format!(" take={}", self.takes);
            }
            if self.captures != [0, 0] {
                t += &format!(" captures={},{}", self.captures[0], self.captures[1]);
            }
            t
        }
    }

    fn own_name(i: usize, n: usize) -> String {
        if i < n {
            format!("o{}", i + 1)
        } else {
            format!("i{}", 2 * n - i)
        }
    }

    fn opponent_name(i: usize, n: usize) -> String {
        if i < n {
            format!("o{}", n - i)
        } else {
            format!("i{}", i + 1 - n)
        }
    }

    enum End {
        Empty(usize),
        Head(usize),
        Endless,
    }

    /// Sows the stones in hand from the hole after `pos`, relaying, one stone at a time.
    fn sow(l: &mut [u32], heads: &[usize], mut pos: usize, mut hand: u32) -> End {
        let len = l.len();
        let mut seen: HashSet<(Vec<u32>, usize)> = HashSet::new();
        loop {
            while hand > 0 {
                pos = (pos + 1) % len;
                l[pos] += 1;
                hand -= 1;
            }
            if l[pos] == 1 {
                return End::Empty(pos);
            }
            if heads.contains(&pos) {
                return End::Head(pos);
            }
            hand = l[pos];
            l[pos] = 0;
            if !seen.insert((l.to_vec(), pos)) {
                return End::Endless;
            }
        }
    }

    /// Whether South's (the mover's) start from loop index `i` relays forever on a board
    /// with no heads.
    pub fn relay_is_endless(s: &TsoroState, n: usize, i: usize) -> bool {
        let mut l: Vec<u32> = s
            .row_loop(s.to_move())
            .iter()
            .map(|&c| u32::from(c))
            .collect();
        assert_eq!(l.len(), 2 * n);
        let hand = l[i];
        l[i] = 0;
        matches!(sow(&mut l, &[], i, hand), End::Endless)
    }

    /// A lap-end of a headless relay (`pos` just lifted, `hand` to sow): how many of the
    /// holes' times `v = t - cL` (a hole of count `c` passed at time `t`) and of the next
    /// landing time fall in each residue class mod `L + 1`, counting time in stones sown.
    pub fn residues(l: &[u32], pos: usize, hand: u32) -> Vec<u32> {
        let len = l.len() as i64;
        let m = len + 1;
        let mut out = vec![0; m as usize];
        let t = pos as i64;
        for (y, &c) in l.iter().enumerate() {
            let passed = if y as i64 > t {
                y as i64
            } else {
                y as i64 + len
            };
            out[(passed - (i64::from(c) + 1) * len).rem_euclid(m) as usize] += 1;
        }
        out[(t + i64::from(hand)).rem_euclid(m) as usize] += 1;
        out
    }

    /// A headless relay stone by stone from a lap end (`pos` just lifted, `hand` to sow),
    /// recording every lap-end state: `Some((laps, Some(hole)))` when it ends in `hole`
    /// (`l` then holds the final counts), `Some((laps, None))` when a lap-end state comes
    /// back, `None` past `cap` laps.
    pub fn relay_capped(
        l: &mut [u32],
        mut pos: usize,
        mut hand: u32,
        cap: usize,
    ) -> Option<(usize, Option<usize>)> {
        let mut seen: HashSet<(Vec<u32>, usize, u32)> = HashSet::new();
        for laps in 1..=cap {
            match lap(l, pos, hand) {
                None => {
                    let last = (pos + hand as usize) % l.len();
                    return Some((laps, Some(last)));
                }
                Some((p, c)) => (pos, hand) = (p, c),
            }
            if !seen.insert((l.to_vec(), pos, hand)) {
                return Some((laps, None));
            }
        }
        None
    }

    /// One lap, stone by stone: `Some((hole lifted, stones))`, or `None` if it ends.
    pub fn lap(l: &mut [u32], pos: usize, hand: u32) -> Option<(usize, u32)> {
        let mut p = pos;
        for _ in 0..hand {
            p = (p + 1) % l.len();
            l[p] += 1;
        }
        if l[p] == 1 {
            return None;
        }
        let c = l[p];
        l[p] = 0;
        Some((p, c))
    }

    /// Re-entered captures, no heads, no bonus takes: whether the mover's sowing of `hand`
    /// stones from the hole after `pos` round `mine` relays forever, captures from `theirs`
    /// sown back in from the capturing hole as the move goes on.
    pub fn re_entry_is_endless(
        mine: &[u32],
        theirs: &[u32],
        mut pos: usize,
        mut hand: u32,
    ) -> bool {
        let (mut mine, mut theirs) = (mine.to_vec(), theirs.to_vec());
        let n = mine.len() / 2;
        loop {
            match sow(&mut mine, &[], pos, hand) {
                End::Endless => return true,
                End::Empty(j) if j >= n && theirs[3 * n - 1 - j] > 0 => {
                    hand = theirs[3 * n - 1 - j] + theirs[j - n];
                    theirs[3 * n - 1 - j] = 0;
                    theirs[j - n] = 0;
                    pos = j;
                }
                _ => return false,
            }
        }
    }

    fn bonus(s: &TsoroSettings, nth: u32) -> u32 {
        if s.tracey {
            [5, 5, 3, 2][nth.min(3) as usize]
        } else {
            s.bonus.into()
        }
    }

    fn takeable(s: &TsoroSettings, p: &Pos) -> Vec<usize> {
        let immune = if s.heads_immune { heads(s) } else { vec![] };
        (0..2 * p.n)
            .filter(|&j| p.loops[1 - p.mover][j] > 0 && !immune.contains(&j))
            .collect()
    }

    fn end_turn(p: &mut Pos) {
        p.phase = 0;
        p.mover = 1 - p.mover;
    }

    /// After a sowing: None if endless, else the position.
    fn finish(s: &TsoroSettings, mut p: Pos, end: End) -> Option<Pos> {
        let n = p.n;
        let me = p.mover;
        match end {
            End::Endless => None,
            End::Head(h) => {
                p.phase = 1;
                p.at = h;
                Some(p)
            }
            End::Empty(j) => {
                if j >= n {
                    // My inner hole j = n + k faces the opponent's 2n - 1 - k, behind it his k.
                    let k = j - n;
                    let across = 2 * n - 1 - k;
                    if p.loops[1 - me][across] > 0 {
                        p.captured[me] += p.loops[1 - me][across] + p.loops[1 - me][k];
                        p.loops[1 - me][across] = 0;
                        p.loops[1 - me][k] = 0;
                        let nth = p.captures[me] + 1;
                        if p.tracey {
                            p.captures[me] = nth.min(2);
                        }
                        let b = bonus(s, nth);
                        if b > 0 && !takeable(s, &p).is_empty() {
                            p.phase = 2;
                            p.takes = b;
                            return Some(p);
                        }
                    }
                }
                end_turn(&mut p);
                Some(p)
            }
        }
    }

    /// Every legal action with its result, in the engine's notation.
    pub fn moves(s: &TsoroSettings, p: &Pos) -> Vec<(String, Pos)> {
        let n = p.n;
        let me = p.mover;
        let hd = heads(s);
        let mut out = Vec::new();
        match p.phase {
            0 => {
                let l = &p.loops[me];
                let many = l.iter().any(|&c| c >= 2);
                for i in 0..2 * n {
                    let mut q = p.clone();
                    if many && l[i] >= 2 {
                        let hand = q.loops[me][i];
                        q.loops[me][i] = 0;
                        let end = sow(&mut q.loops[me], &hd, i, hand);
                        if let Some(q) = finish(s, q, end) {
                            out.push((own_name(i, n), q));
                        }
                    } else if !many && l[i] == 1 && l[(i + 1) % (2 * n)] == 0 {
                        q.loops[me][i] = 0;
                        q.loops[me][(i + 1) % (2 * n)] = 1;
                        let q = finish(s, q, End::Empty((i + 1) % (2 * n))).unwrap();
                        out.push((own_name(i, n), q));
                    }
                }
            }
            1 => {
                let mut q = p.clone();
                q.phase = 0;
                let hand = q.loops[me][p.at];
                q.loops[me][p.at] = 0;
                let end = sow(&mut q.loops[me], &hd, p.at, hand);
                if let Some(q) = finish(s, q, end) {
                    out.push(("relay".to_string(), q));
                }
                let mut q = p.clone();
                end_turn(&mut q);
                out.push(("stop".to_string(), q));
            }
            _ => {
                for j in takeable(s, p) {
                    let mut q = p.clone();
                    q.captured[me] += q.loops[1 - me][j];
                    q.loops[1 - me][j] = 0;
                    q.takes -= 1;
                    if q.takes == 0 || takeable(s, &q).is_empty() {
                        end_turn(&mut q);
                    }
                    out.push((format!("take {}", opponent_name(j, n)), q));
                }
                if !s.forced_bonus {
                    let mut q = p.clone();
                    end_turn(&mut q);
                    out.push(("done".to_string(), q));
                }
            }
        }
        out
    }

    pub fn perft(s: &TsoroSettings, p: &Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        moves(s, p)
            .iter()
            .map(|(_, q)| perft(s, q, depth - 1))
            .sum()
    }
}

//! The hot paths allocate nothing: legal-move generation, play, random playouts and perft
//! are counted with a global allocator that tallies every allocation on this thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sowing::kalah::Kalah;
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, Ruleset, SplitMix64, perft, random_playout};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to the system allocator unchanged; it only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: the caller's contract is passed through to System.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed through to System.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

/// Plays random games checking that move generation and play never allocate.
fn check<R: Ruleset>(rules: &R, games: u64, max_plies: u64) {
    let mut rng = SplitMix64::new(7);
    for _ in 0..games {
        let mut state = rules.start();
        let n = allocations_during(|| {
            let mut plies = 0;
            while plies < max_plies {
                let moves = rules.legal_moves(&state);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(plies as usize * 7 + 3) % moves.len()];
                rules.play_unchecked(&mut state, mv);
                plies += 1;
            }
        });
        assert_eq!(n, 0, "legal_moves/play_unchecked allocated under {rules}");
        let mut state = rules.start();
        let n = allocations_during(|| {
            random_playout(rules, &mut state, &mut rng, max_plies);
        });
        assert_eq!(n, 0, "random_playout allocated under {rules}");
    }
    let start = rules.start();
    assert_eq!(
        allocations_during(|| {
            perft(rules, &start, 4);
        }),
        0,
        "perft allocated under {rules}"
    );
}

#[test]
fn kalah_hot_paths_do_not_allocate() {
    for text in [
        "kalah",
        "kalah:empty-capture,end-at-turn",
        "kalah:pits=7,seeds=6,pie",
    ] {
        let rules: Kalah = text.parse().unwrap();
        check(&rules, 50, 10_000);
    }
}

#[test]
fn toguz_hot_paths_do_not_allocate() {
    for text in [
        "toguz",
        "toguz:bestemshe",
        "toguz:kozdatu,no-origin-sowing,play-to-end",
    ] {
        let rules: Toguz = text.parse().unwrap();
        check(&rules, 50, 10_000);
    }
}

#[test]
fn undo_and_redo_do_not_allocate() {
    let mut game = GameRecord::new(Kalah::default());
    for text in ["3", "6", "1", "2"] {
        game.play_text(text).unwrap();
    }
    let n = allocations_during(|| {
        while game.undo().is_some() {}
        while game.redo().is_some() {}
    });
    assert_eq!(n, 0);
    assert_eq!(game.ply(), 4);
}

#[test]
fn the_counter_counts() {
    // Guards the guard: an allocation must register.
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 8]))) >= 1);
}

#[test]
fn tsoro_hot_paths_do_not_allocate() {
    for text in [
        "tsoro",
        "tsoro:holes=8,heads=none,bonus=0",
        "tsoro:tracey,forced-bonus,max-plies=3000",
        "tsoro:holes=8,bonus=3,reenter,heads-immune,max-plies=3000",
    ] {
        let rules: Tsoro = text.parse().unwrap();
        check(&rules, 20, 3_000);
    }
}

#[test]
fn oware_hot_paths_do_not_allocate() {
    for text in [
        "oware",
        "oware:grand-slam=illegal,max-plies=2000",
        "oware:houses=8,seeds=3,grand-slam=capture,max-plies=2000",
        "oware:divide-on-win,max-plies=2000",
    ] {
        let rules: sowing::oware::Oware = text.parse().unwrap();
        check(&rules, 20, 2_000);
    }
}

/// Every game of the crate's list, by name: a game added to the list is checked here with no
/// line of this file.
#[test]
fn the_hot_paths_of_every_game_of_the_list_do_not_allocate() {
    use sowing::AnyRuleset;
    use sowing::games::{Game, RulesetVisitor};

    struct Check;
    impl RulesetVisitor for Check {
        type Output = ();
        fn visit<R: Game>(self, rules: R) {
            check(&rules, 10, 2_000);
        }
    }
    for name in AnyRuleset::GAMES {
        name.parse::<AnyRuleset>().unwrap().visit(Check);
    }
}

//! Perft (move-path counting) and random playouts over any ruleset.

use crate::player::Outcome;
use crate::rng::RandomSource;
use crate::ruleset::Ruleset;

/// The number of move sequences of exactly `depth` plies from `state`. A game that ends
/// earlier adds nothing; depth 0 counts the position itself (1).
///
/// A ply is one [`Move`](Ruleset::Move): Kalah's extra turn and each Tsoro decision are plies
/// of their own.
///
/// ```
/// use sowing::{perft, Ruleset};
/// use sowing::kalah::Kalah;
/// let kalah = Kalah::default();
/// assert_eq!(perft(&kalah, &kalah.start(), 4), 942);
/// ```
pub fn perft<R: Ruleset>(rules: &R, state: &R::State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => rules.legal_moves(state).len() as u64,
        _ => {
            let mut nodes = 0;
            for &mv in rules.legal_moves(state).iter() {
                let mut next = *state;
                rules.play_unchecked(&mut next, mv);
                nodes += perft(rules, &next, depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the count below it (`depth >= 1`).
pub fn perft_divide<R: Ruleset>(rules: &R, state: &R::State, depth: u32) -> Vec<(R::Move, u64)> {
    rules
        .legal_moves(state)
        .iter()
        .map(|&mv| {
            let mut next = *state;
            rules.play_unchecked(&mut next, mv);
            (mv, perft(rules, &next, depth.saturating_sub(1)))
        })
        .collect()
}

/// [`perft`] on `threads` threads (the first moves are shared out); same result.
pub fn perft_parallel<R: Ruleset>(rules: &R, state: &R::State, depth: u32, threads: usize) -> u64 {
    if depth < 3 || threads <= 1 {
        return perft(rules, state, depth);
    }
    // Split two plies deep so the work divides evenly.
    let mut jobs = Vec::new();
    for &a in rules.legal_moves(state).iter() {
        let mut s1 = *state;
        rules.play_unchecked(&mut s1, a);
        for &b in rules.legal_moves(&s1).iter() {
            let mut s2 = s1;
            rules.play_unchecked(&mut s2, b);
            jobs.push(s2);
        }
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut nodes = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(s) = jobs.get(i) else { break };
                        nodes += perft(rules, s, depth - 2);
                    }
                    nodes
                })
            })
            .collect();
        // A worker's panic is a bug in the ruleset: pass it on rather than miscount.
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    })
}

/// What a [`random_playout`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Plies played.
    pub plies: u64,
    /// How the game ended, or `None` if the ply limit stopped it first.
    pub outcome: Option<Outcome>,
}

/// Plays uniformly random legal moves from `state` until the game ends or `max_plies` plies
/// have been played; `state` is left at the final position.
///
/// ```
/// use sowing::{random_playout, Ruleset, SplitMix64};
/// use sowing::kalah::Kalah;
/// let kalah = Kalah::default();
/// let mut state = kalah.start();
/// let result = random_playout(&kalah, &mut state, &mut SplitMix64::new(1), u64::MAX);
/// assert!(result.outcome.is_some());
/// assert_eq!(kalah.seed_count(&state).total(), 48);
/// ```
pub fn random_playout<R: Ruleset, G: RandomSource>(
    rules: &R,
    state: &mut R::State,
    rng: &mut G,
    max_plies: u64,
) -> Playout {
    let plies = rules.playout(state, rng, max_plies);
    Playout {
        plies,
        outcome: rules.outcome(state),
    }
}

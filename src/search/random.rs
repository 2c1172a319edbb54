//! The random agent: a uniformly random legal move.

use super::agent::Agent;
use crate::rng::{RandomSource, SplitMix64};
use crate::ruleset::Ruleset;

/// Plays a uniformly random legal move; equal seeds give equal games.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    seed: u64,
    rng: SplitMix64,
}

impl RandomAgent {
    /// A random agent drawing from `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            seed,
            rng: SplitMix64::new(seed),
        }
    }
}

impl<R: Ruleset> Agent<R> for RandomAgent {
    fn name(&self) -> String {
        format!("random:seed={}", self.seed)
    }

    fn choose(&mut self, rules: &R, state: &R::State) -> Option<R::Move> {
        let _ = self.rng.next_u64();
        rules.random_move(state, &mut self.rng)
    }
}

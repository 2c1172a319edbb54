//! Opponents: [`Versus`], the other seat of a learner's games, whose replies a step plays.

use super::ActionIndex;
use super::step::{Ends, Fixed, Run};
use crate::encode::seen::Seen;
use crate::encode::{ActionSet, Encoding};
use crate::player::{Outcome, Player};
use crate::ruleset::Ruleset;
use crate::search::Agent;

#[cfg(doc)]
use super::Batch;

/// The other seat of a learner's batch: [`Batch::step_on`] plays the `opponents`' replies
/// inside the step, so that every game is at the learner's `seat` after each step.
///
/// The games are split into `opponents.len()` runs of consecutive games (one a thread), and
/// the run `i` is answered by `opponents[i]`.
pub struct Versus<'a, 'b, R: Ruleset> {
    /// The seat the caller's actions play.
    pub seat: Player,
    /// One agent a run of games (at least one).
    pub opponents: &'a mut [&'b mut dyn Agent<R>],
}

impl<R: Encoding> Fixed<'_, R> {
    /// Plays the opponent's replies in one game until the learner is to move, and returns
    /// the legal actions then, and the outcome if a reply repeated a position of the game;
    /// an empty set if the game ended meanwhile (the state is left at the end). `repeated`:
    /// the learner's ply repeated one already (no reply is then played).
    pub(super) fn replies(
        &self,
        s: &mut R::State,
        (mut now, mut repeated): (ActionSet, Option<Outcome>),
        ply: &mut u32,
        seat: Player,
        (opponent, seen): (&mut dyn Agent<R>, &mut Seen),
    ) -> (ActionSet, Option<Outcome>) {
        let rules = self.rules;
        while !now.is_empty() && repeated.is_none() && rules.to_move(s) != seat {
            // An agent answers every position that is not over with a legal move; one that
            // does not leaves the game to the learner rather than loop.
            let Some(a) = opponent
                .choose(rules, s)
                .and_then(|mv| rules.move_to_action(s, mv))
                .filter(|&a| now.contains(a))
            else {
                break;
            };
            now = rules.play_legal_action(s, a);
            *ply = ply.saturating_add(1);
            repeated = seen.reach(rules, s);
        }
        (now, repeated)
    }

    /// Steps the games of `run`, the learner on `seat` and `opponent` replying.
    pub(super) fn step_versus<A: ActionIndex>(
        &self,
        run: Run<'_, '_, R, A>,
        seat: Player,
        opponent: &mut dyn Agent<R>,
    ) {
        let Fixed { rules, k, m, .. } = *self;
        let out = run.out;
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        let games = run
            .states
            .iter_mut()
            .zip(run.legal.iter_mut())
            .zip(run.plies.iter_mut())
            .zip(run.seen.iter_mut())
            .zip(run.actions);
        for (env, ((((s, legal), ply), seen), &a)) in games.enumerate() {
            let Some(a) = a.index() else {
                continue;
            };
            let now = rules.play_legal_action(s, a);
            *ply += 1;
            let repeated = seen.reach(rules, s);
            let (mut now, repeated) =
                self.replies(s, (now, repeated), ply, seat, (&mut *opponent, &mut *seen));
            // The limit is checked when the learner is to move again.
            if now.is_empty() || repeated.is_some() || *ply >= self.limit {
                let ends = Ends {
                    final_observations: &mut *out.final_observations,
                    rewards: &mut *out.rewards,
                    terminated: &mut *out.terminated,
                    truncated: &mut *out.truncated,
                };
                self.write_end(env, s, now.is_empty(), repeated, ends);
                run.lengths[env] = *ply;
                *s = self.start;
                *ply = 0;
                seen.start(rules, s);
                // A game does not repeat in the opponent's first plies: nothing to end.
                (now, _) = self.replies(
                    s,
                    (self.start_legal, None),
                    ply,
                    seat,
                    (&mut *opponent, &mut *seen),
                );
            }
            *legal = now;
            rules.fill_observation(s, &mut out.observations[env * k..(env + 1) * k]);
            legal.write_mask(&mut out.masks[env * m..(env + 1) * m]);
            out.to_move[env] = rules.to_move(s).index() as u8;
        }
    }
}

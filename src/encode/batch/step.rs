//! Stepping: a run of consecutive games, and the loop that plays one action in each game of
//! a run and writes its rows.

use super::{ActionIndex, Buffers, Reward};
use crate::encode::seen::Seen;
use crate::encode::{ActionSet, Encoding};
use crate::player::Outcome;
use crate::ruleset::Ruleset;

#[cfg(doc)]
use super::Batch;

/// The part of a batch every run of games reads.
pub(super) struct Fixed<'a, R: Encoding> {
    pub(super) rules: &'a R,
    pub(super) start: R::State,
    pub(super) start_legal: ActionSet,
    pub(super) start_observation: &'a [f32],
    pub(super) reward: Reward,
    pub(super) limit: u32,
    pub(super) k: usize,
    pub(super) m: usize,
}

/// A run of consecutive games and their rows of the buffers.
pub(super) struct Run<'a, 'b, R: Ruleset, A> {
    pub(super) states: &'a mut [R::State],
    pub(super) legal: &'a mut [ActionSet],
    pub(super) plies: &'a mut [u32],
    pub(super) lengths: &'a mut [u32],
    pub(super) seen: &'a mut [Seen],
    pub(super) actions: &'a [A],
    pub(super) out: Buffers<'b>,
}

impl<'a, 'b, R: Ruleset, A> Run<'a, 'b, R, A> {
    /// The first `n` games and the others.
    pub(super) fn split(self, n: usize, k: usize, m: usize) -> (Self, Self) {
        let (s0, s1) = self.states.split_at_mut(n);
        let (l0, l1) = self.legal.split_at_mut(n);
        let (p0, p1) = self.plies.split_at_mut(n);
        let (e0, e1) = self.lengths.split_at_mut(n);
        let (h0, h1) = self.seen.split_at_mut(n);
        let (a0, a1) = self.actions.split_at(n);
        let (o0, o1) = self.out.observations.split_at_mut(n * k);
        let (f0, f1) = self.out.final_observations.split_at_mut(n * k);
        let (r0, r1) = self.out.rewards.split_at_mut(2 * n);
        let (t0, t1) = self.out.terminated.split_at_mut(n);
        let (u0, u1) = self.out.truncated.split_at_mut(n);
        let (w0, w1) = self.out.to_move.split_at_mut(n);
        let (m0, m1) = self.out.masks.split_at_mut(n * m);
        let buffers = |o, f, r, t, u, w, m| Buffers {
            observations: o,
            final_observations: f,
            rewards: r,
            terminated: t,
            truncated: u,
            to_move: w,
            masks: m,
        };
        (
            Run {
                states: s0,
                legal: l0,
                plies: p0,
                lengths: e0,
                seen: h0,
                actions: a0,
                out: buffers(o0, f0, r0, t0, u0, w0, m0),
            },
            Run {
                states: s1,
                legal: l1,
                plies: p1,
                lengths: e1,
                seen: h1,
                actions: a1,
                out: buffers(o1, f1, r1, t1, u1, w1, m1),
            },
        )
    }
}

/// The rows of [`Buffers`] that only a game that ends writes.
pub(super) struct Ends<'a> {
    pub(super) final_observations: &'a mut [f32],
    pub(super) rewards: &'a mut [f32],
    pub(super) terminated: &'a mut [bool],
    pub(super) truncated: &'a mut [bool],
}

impl<R: Encoding> Fixed<'_, R> {
    /// Writes the end of game `env` at `s`: its last observation, then the rewards and
    /// `terminated` of a game over (no legal action: `no_move`, or a repeated position:
    /// `repeated`), else `truncated` (cut off by the ply limit).
    pub(super) fn write_end(
        &self,
        env: usize,
        s: &R::State,
        no_move: bool,
        repeated: Option<Outcome>,
        ends: Ends<'_>,
    ) {
        let (rules, k) = (self.rules, self.k);
        rules.fill_observation(s, &mut ends.final_observations[env * k..(env + 1) * k]);
        if no_move || repeated.is_some() {
            if let Some(o) = repeated.or_else(|| rules.outcome(s)) {
                ends.rewards[2 * env..2 * env + 2].copy_from_slice(&self.reward.of(o));
            }
            ends.terminated[env] = true;
        } else {
            ends.truncated[env] = true;
        }
    }

    /// Steps the games of `run` with no opponent (the hot loop of [`Batch::step`]).
    pub(super) fn step<A: ActionIndex>(&self, run: Run<'_, '_, R, A>) {
        let Fixed { rules, k, m, .. } = *self;
        let out = run.out;
        // Nothing has ended yet: the few games that end below write their own entries, so
        // the loop carries no pointer to these arrays.
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        let masks = &mut *out.masks;
        let games = run
            .states
            .iter_mut()
            .zip(run.legal.iter_mut())
            .zip(run.plies.iter_mut())
            .zip(run.seen.iter_mut())
            .zip(run.actions)
            .zip(out.observations.chunks_exact_mut(k))
            .zip(out.to_move.iter_mut());
        for (env, ((((((s, legal), ply), seen), &a), obs), to_move)) in games.enumerate() {
            // Checked before: in range and legal.
            let Some(a) = a.index() else {
                continue;
            };
            let now = rules.play_legal_action(s, a);
            *ply += 1;
            let repeated = seen.reach(rules, s);
            let cut = *ply >= self.limit;
            if now.is_empty() || repeated.is_some() || cut {
                let ends = Ends {
                    final_observations: &mut *out.final_observations,
                    rewards: &mut *out.rewards,
                    terminated: &mut *out.terminated,
                    truncated: &mut *out.truncated,
                };
                self.write_end(env, s, now.is_empty(), repeated, ends);
                run.lengths[env] = *ply;
                *s = self.start;
                seen.start(rules, s);
                *legal = self.start_legal;
                *ply = 0;
                obs.copy_from_slice(self.start_observation);
            } else {
                *legal = now;
                rules.fill_observation(s, obs);
            }
            // Rows go in order, each overwriting the run-over of the one before.
            legal.write_mask_run_over(&mut masks[env * m..], m);
            *to_move = rules.to_move(s).index() as u8;
        }
    }
}

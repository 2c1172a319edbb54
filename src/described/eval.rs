//! The evaluation any description gets: the stores, the mobility and the seeds at risk.

use super::{Mancala, MancalaState};
use crate::player::Player;
use crate::search::{EvalScales, Evaluator, Heuristic, Linear, LinearVisitor, SEED};

/// A weighted sum of three terms for the player to move, in hundredths of a seed: his store
/// less the opponent's; his moves less the opponent's (mobility); and the most he could
/// capture with one move less the most the opponent could (seeds at risk). The `tune` tool
/// fits its weights for a description.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MancalaEval {
    /// The terms' weights, in [`MancalaEval::NAMES`]'s order.
    pub weights: [i32; 3],
}

impl MancalaEval {
    /// What each term counts.
    pub const NAMES: [&'static str; 3] = ["store difference", "mobility", "best capture"];

    /// The weights: a seed of store, a tenth of one a move, a third of one a seed of the
    /// best capture (the mover's next capture is his to take; the opponent's waits a ply).
    pub const TUNED: MancalaEval = MancalaEval {
        weights: [SEED, SEED / 10, SEED / 3],
    };

    /// The most `player` would take into his store with one move if it were his turn.
    fn best_gain(rules: &Mancala, s: &MancalaState, player: Player) -> i32 {
        let mut s = *s;
        s.mover = player;
        let before = i32::from(s.store(player));
        let mut best = 0;
        let mut mask = rules.movable(&s);
        while mask != 0 {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            let mut after = s;
            rules.play_move(&mut after, rules.move_of_bit(bit));
            best = best.max(i32::from(after.store(player)) - before);
        }
        best
    }

    /// The terms, for the player to move.
    pub fn terms(rules: &Mancala, s: &MancalaState) -> [i32; 3] {
        let me = s.to_move();
        let stores = i32::from(s.store(me)) - i32::from(s.store(!me));
        let moves = |p: Player| {
            let min = rules.description().sowing.min_seeds;
            s.row(p).iter().filter(|&&n| n >= min).count() as i32
        };
        let gain = Self::best_gain(rules, s, me) - Self::best_gain(rules, s, !me);
        [stores, moves(me) - moves(!me), gain]
    }
}

impl Evaluator<Mancala> for MancalaEval {
    fn evaluate(&self, rules: &Mancala, s: &MancalaState) -> i32 {
        let t = MancalaEval::terms(rules, s);
        t.iter().zip(self.weights).map(|(t, w)| t * w).sum()
    }
}

impl Linear<Mancala> for MancalaEval {
    const NAMES: &'static [&'static str] = &MancalaEval::NAMES;

    fn terms_into(rules: &Mancala, s: &MancalaState, out: &mut [i32]) {
        out.copy_from_slice(&MancalaEval::terms(rules, s));
    }

    fn weights(&self) -> &[i32] {
        &self.weights
    }

    fn with_weights(weights: &[i32]) -> Self {
        let mut w = MancalaEval::TUNED.weights;
        for (a, b) in w.iter_mut().zip(weights) {
            *a = *b;
        }
        MancalaEval { weights: w }
    }
}

/// The search's knowledge of every described game: [`MancalaEval`], the default search
/// tuning, and the scales of the expected score.
impl Heuristic for Mancala {
    fn evaluate(&self, s: &MancalaState) -> i32 {
        MancalaEval::TUNED.evaluate(self, s)
    }

    fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
        Some(visitor.visit::<MancalaEval>())
    }

    /// One scale for every description (a constant of the type): fitted with `calibrate 200
    /// 8 20 mancala` on the default description, Kalah(6,4): 0.3046 a seed for the store
    /// difference (5,388 positions) and 0.2303 for [`MancalaEval`] (5,366). On the family's
    /// Abapa the same fit gives 0.2652 (18,735) and 0.1908 (16,753): within a sixth, so the
    /// analysis's classes move little; a caller who fits his own description passes it
    /// with `Analyzer::with_calibration`. No network: `eval=net` is refused.
    const SCALES: EvalScales = EvalScales {
        store: Some(0.3046),
        tuned: Some(0.2303),
        net: None,
    };
}

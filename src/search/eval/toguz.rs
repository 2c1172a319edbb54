//! Toguz Kumalak's evaluation: what a position is worth beyond the kazans.
//!
//! Every term is counted for the player to move minus his opponent, or once for each side
//! where the side to move makes them differ (the mover captures now, the opponent only
//! threatens). The weights are fitted by Texel's method (logistic regression of game results
//! on the terms) with `examples/tune.rs`, on the positions of the Kazakhstan federation's
//! 2016-2018 games and of self-play.

use super::Linear;
use crate::player::Player;
use crate::toguz::{Toguz, ToguzState};

/// What the last ball of a sowing from one hole does, by arithmetic on the counts (no
/// sowing is played): `(balls captured, makes a tuzdik)`.
#[inline]
fn landing(s: &ToguzState, me: Player, hole: usize, balls: u32, can_tuzdik: bool) -> (u32, bool) {
    let n = s.holes();
    let len = 2 * n;
    let o = hole - 1;
    let (last, received) = if balls == 1 {
        (o + 1, 1)
    } else {
        ((o + balls as usize - 1) % len, (balls - 1) / len as u32 + 1)
    };
    let last = last % len;
    if last < n {
        return (0, false);
    }
    let target = last - n + 1;
    let opp = !me;
    if s.is_tuzdik(opp, target) {
        return (0, false);
    }
    let count = u32::from(s.hole(opp, target)) + received;
    if count % 2 == 0 {
        (count, false)
    } else {
        let tuzdik = count == 3
            && can_tuzdik
            && target != n
            && s.tuzdik(opp).map(usize::from) != Some(target);
        (0, tuzdik)
    }
}

/// One side's numbers: balls on its holes, holes it can play, its best capture next move,
/// whether it can make a tuzdik next move.
#[derive(Default)]
struct Side {
    balls: u32,
    playable: u32,
    best_capture: u32,
    tuzdik_chance: bool,
}

fn side(s: &ToguzState, p: Player) -> Side {
    let can_tuzdik = s.tuzdik(p).is_none();
    let mut out = Side::default();
    for h in 1..=s.holes() {
        let b = u32::from(s.hole(p, h));
        if b == 0 {
            continue;
        }
        out.balls += b;
        out.playable += 1;
        let (capture, tuzdik) = landing(s, p, h, b, can_tuzdik);
        out.best_capture = out.best_capture.max(capture);
        out.tuzdik_chance |= tuzdik;
    }
    out
}

/// Toguz Kumalak's evaluation: a weighted sum of [`ToguzEval::NAMES`]'s terms, in hundredths
/// of a ball.
///
/// ```
/// use sowing::search::{Evaluator, ToguzEval};
/// use sowing::toguz::Toguz;
/// use sowing::Ruleset;
/// let rules = Toguz::default();
/// let start = rules.start();
/// // At the start the mover can capture 10 balls at once (hole 6 lands on 10 across).
/// let f = ToguzEval::terms(&rules, &start);
/// assert_eq!(f[0], 0); // kazans
/// assert_eq!(f[5], 10); // the mover's best capture
/// assert!(ToguzEval::TUNED.evaluate(&rules, &start) > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToguzEval {
    /// One weight per term of [`ToguzEval::NAMES`], in hundredths of a ball.
    pub weights: [i32; ToguzEval::TERMS],
}

impl ToguzEval {
    /// The number of terms.
    pub const TERMS: usize = 11;
    /// The terms, in order.
    pub const NAMES: [&'static str; ToguzEval::TERMS] = [
        "kazan difference",
        "tuzdik (has one minus the opponent)",
        "tuzdik income (tuzdik difference x balls on the board / 16)",
        "balls on own side minus the opponent's",
        "playable holes minus the opponent's",
        "mover's best capture next move",
        "opponent's best capture threat (as if he moved)",
        "mover can make a tuzdik",
        "opponent threatens a tuzdik",
        "mover near atsyz kalu (one playable hole or none): the opponent's balls",
        "opponent near atsyz kalu: the mover's balls",
    ];
    /// The weights fitted by `examples/tune.rs`.
    pub const TUNED: ToguzEval = ToguzEval {
        weights: [100, 3124, -193, 11, 480, 97, -44, 967, -348, -253, 252],
    };

    /// The terms of `state` for the player to move.
    pub fn terms(_rules: &Toguz, s: &ToguzState) -> [i32; ToguzEval::TERMS] {
        let me = s.to_move();
        let opp = !me;
        let a = side(s, me);
        let b = side(s, opp);
        let tuzdiks = i32::from(s.tuzdik(me).is_some()) - i32::from(s.tuzdik(opp).is_some());
        let board = (a.balls + b.balls) as i32;
        let near_empty = |x: &Side, other: &Side| {
            if x.playable <= 1 {
                other.balls as i32
            } else {
                0
            }
        };
        [
            i32::from(s.kazan(me)) - i32::from(s.kazan(opp)),
            tuzdiks,
            tuzdiks * board / 16,
            a.balls as i32 - b.balls as i32,
            a.playable as i32 - b.playable as i32,
            a.best_capture as i32,
            b.best_capture as i32,
            i32::from(a.tuzdik_chance),
            i32::from(b.tuzdik_chance),
            near_empty(&a, &b),
            near_empty(&b, &a),
        ]
    }
}

impl Linear<Toguz> for ToguzEval {
    const NAMES: &'static [&'static str] = &ToguzEval::NAMES;
    fn terms_into(rules: &Toguz, state: &ToguzState, out: &mut [i32]) {
        out.copy_from_slice(&ToguzEval::terms(rules, state));
    }
    fn weights(&self) -> &[i32] {
        &self.weights
    }
    fn with_weights(weights: &[i32]) -> Self {
        let mut w = ToguzEval::TUNED.weights;
        for (a, b) in w.iter_mut().zip(weights) {
            *a = *b;
        }
        ToguzEval { weights: w }
    }
}

impl crate::search::Evaluator<Toguz> for ToguzEval {
    #[inline]
    fn evaluate(&self, rules: &Toguz, state: &ToguzState) -> i32 {
        let t = ToguzEval::terms(rules, state);
        t.iter().zip(&self.weights).map(|(a, b)| a * b).sum()
    }
}

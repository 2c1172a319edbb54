//! Tsoro's evaluation: captured stones, inner holes exposed to capture, mobility, and the
//! bonus takes a player is about to make.
//!
//! The weights are fitted by Texel's method on self-play positions with `examples/tune.rs`.

use super::{Phase, Tsoro, TsoroState};
use crate::player::Player;

/// Stones `p` could lose in one capture: the files where his inner hole holds stones and the
/// opponent's inner hole across is empty (a last stone landing there takes the file), counted
/// with his outer hole behind; and his holes with 2 or more stones (the holes he may start
/// from).
fn side(s: &TsoroState, p: Player) -> (i32, i32) {
    let n = s.holes();
    let mine = s.row_loop(p);
    let theirs = s.row_loop(!p);
    let mut exposed = 0;
    for k in 1..=n {
        let inner = i32::from(mine[2 * n - k]);
        if inner > 0 && theirs[n - 1 + k] == 0 {
            exposed += inner + i32::from(mine[k - 1]);
        }
    }
    let movable = mine.iter().filter(|&&c| c >= 2).count() as i32;
    (exposed, movable)
}

/// Tsoro's evaluation: a weighted sum of [`TsoroEval::NAMES`]'s terms, in hundredths of a
/// stone.
///
/// ```
/// use sowing::search::Evaluator;
/// use sowing::tsoro::{Tsoro, TsoroEval};
/// use sowing::Ruleset;
/// let rules = Tsoro::default();
/// let f = TsoroEval::terms(&rules, &rules.start());
/// assert_eq!(f[0], 0); // nothing captured yet
/// assert_eq!(f[2], 0); // inner rows empty: nothing exposed
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsoroEval {
    /// One weight per term of [`TsoroEval::NAMES`], in hundredths of a stone.
    pub weights: [i32; TsoroEval::TERMS],
}

impl TsoroEval {
    /// The number of terms.
    pub const TERMS: usize = 7;
    /// The terms, in order.
    pub const NAMES: [&'static str; TsoroEval::TERMS] = [
        "captured difference",
        "stones on own side minus the opponent's",
        "mover's exposed stones (inner holes facing an empty inner hole, with the outer behind)",
        "opponent's exposed stones",
        "mover's holes of 2 or more",
        "opponent's holes of 2 or more",
        "bonus takes pending: the opponent's largest holes the mover may take",
    ];
    /// The weights fitted by `examples/tune.rs`.
    pub const TUNED: TsoroEval = TsoroEval {
        weights: [100, 100, -6, 9, -151, 149, 98],
    };

    /// The terms of `state` for the player to move.
    pub fn terms(_rules: &Tsoro, s: &TsoroState) -> [i32; TsoroEval::TERMS] {
        let me = s.to_move();
        let (x1, m1) = side(s, me);
        let (x2, m2) = side(s, !me);
        let bonus = match s.phase() {
            Phase::Bonus(k) => {
                let mut top = [0u8; 8];
                let k = usize::from(k).min(top.len());
                for &c in s.row_loop(!me) {
                    if k > 0 && c > top[k - 1] {
                        let mut i = k - 1;
                        while i > 0 && top[i - 1] < c {
                            top[i] = top[i - 1];
                            i -= 1;
                        }
                        top[i] = c;
                    }
                }
                top.iter().map(|&c| i32::from(c)).sum()
            }
            _ => 0,
        };
        [
            i32::from(s.captured(me)) - i32::from(s.captured(!me)),
            s.stones_of(me) as i32 - s.stones_of(!me) as i32,
            x1,
            x2,
            m1,
            m2,
            bonus,
        ]
    }
}

crate::search::linear_eval!(TsoroEval, Tsoro, TsoroState);

/// Tsoro's [`Ruleset::evaluate`](crate::Ruleset::evaluate): [`TsoroEval::TUNED`].
#[inline]
pub(super) fn evaluate(rules: &Tsoro, s: &TsoroState) -> i32 {
    use crate::search::Evaluator;
    TsoroEval::TUNED.evaluate(rules, s)
}

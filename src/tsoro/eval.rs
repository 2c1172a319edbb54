//! Tsoro's evaluation: captured stones, inner holes exposed to capture, mobility, and the
//! bonus takes a player is about to make: Tsoro's [`Heuristic::evaluate`]; and its trained
//! network, [`network`], the default agent's evaluation in the standard game.
//!
//! The weights are fitted by Texel's method on self-play positions with `examples/tune.rs`.

use super::masks::{ROW, backwards};
use super::state::LOOP;
use super::{Phase, Tsoro, TsoroState};
use crate::player::Player;
use crate::search::{EvalScales, Evaluator, Heuristic, LinearVisitor, Network};
use crate::swar::{nonzero, word};

/// Stones `p` could lose in one capture: the files where his inner hole holds stones and the
/// opponent's inner hole across is empty (a last stone landing there takes the file), counted
/// with his outer hole behind; and his holes with 2 or more stones (the holes he may start
/// from); and the stones on his side.
///
/// File `r` (from 0) of `p` is his inner hole at loop index `2n - 1 - r`, his outer hole
/// behind it at `r`, facing the opponent's inner hole at `n + r`. The holes are read eight
/// at a time as the bytes of a word (the padding beyond the loop is empty, files past `n`
/// are masked; the inner row in file order, as the observation reads it), without a branch:
/// the evaluation is most of a Tsoro search's time.
#[inline]
fn side(s: &TsoroState, p: Player) -> (i32, i32, i32) {
    let n = s.holes();
    let mine = &s.holes[p.index()];
    let theirs = &s.holes[(!p).index()];
    let inner = backwards(mine, 2 * n);
    let mut exposed = 0;
    for j in 0..ROW / 8 {
        // Files 8j to 8j + 7.
        let (c, o, a) = (word(&inner, j), word(mine, j), word(&theirs[n..], j));
        // The first `n - 8j` bytes (at most 8) are files of the row.
        let files = ((1u128 << (8 * n.saturating_sub(8 * j).min(8))) - 1) as u64;
        let open = ((nonzero(c) & !nonzero(a)) >> 7).wrapping_mul(0xFF) & files;
        exposed += pair_sums(c & open) + pair_sums(o & open);
    }
    let (mut movable, mut stones) = (0, 0);
    for j in 0..LOOP / 8 {
        let w = word(mine, j);
        movable += (nonzero(w & 0xFEFE_FEFE_FEFE_FEFE) >> 7).wrapping_mul(BYTES) >> 56;
        stones += pair_sums(w);
    }
    (total(exposed), movable as i32, total(stones))
}

/// 0x01 in every byte of a word.
const BYTES: u64 = 0x0101_0101_0101_0101;

/// The bytes of `x` added in pairs: four 16-bit sums (each at most 510).
#[inline(always)]
fn pair_sums(x: u64) -> u64 {
    const EVEN: u64 = 0x00FF_00FF_00FF_00FF;
    (x & EVEN) + ((x >> 8) & EVEN)
}

/// The sum of the four 16-bit sums of `x` (their total below 2^16).
#[inline(always)]
fn total(x: u64) -> i32 {
    (x.wrapping_mul(0x0001_0001_0001_0001) >> 48) as i32
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
        let (x1, m1, s1) = side(s, me);
        let (x2, m2, s2) = side(s, !me);
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
            s1 - s2,
            x1,
            x2,
            m1,
            m2,
            bonus,
        ]
    }
}

crate::search::linear_eval!(TsoroEval, Tsoro, TsoroState);

/// Tsoro's search hooks: its evaluation and its network, and the defaults for the rest (the
/// default margins measured best; no null move, no exact values).
impl Heuristic for Tsoro {
    /// The 4N holes of the four rows; the stones each player has captured (at 4N + 2) as
    /// the stores, 64 and more sharing the last input; and as marks the 8 values from 4N: a
    /// relay or stop to choose, stones to sow back in, anything captured by each player,
    /// bonus takes left, stones in hand, captures made by each player (4N + 9 values; the
    /// plies, the last, are not an input).
    fn network_inputs(&self) -> Option<crate::search::InputLayout> {
        let holes = crate::encode::Encoding::observation_len(self) - 9;
        Some(crate::search::InputLayout {
            holes,
            stores_at: holes + 2,
            marks: 8,
            marks_at: holes,
            store_buckets: 64,
        })
    }

    /// [`TsoroEval`], the evaluation the `tune` tool fits.
    fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
        Some(visitor.visit::<TsoroEval>())
    }

    /// The scales of the expected score, each fitted by `calibrate` on 400 self-play games
    /// of `alphabeta:depth=8` with that evaluation (the table and the command:
    /// [`Calibration::for_eval`](crate::analysis::Calibration::for_eval)). The network's
    /// scale is stated here, beside the network it belongs to (`tsoro.net`, read by
    /// [`network`]).
    const SCALES: EvalScales = EvalScales {
        store: Some(0.1318),
        tuned: Some(0.0712),
        net: Some(0.0535),
    };

    /// [`TsoroEval::TUNED`].
    #[inline]
    fn evaluate(&self, s: &TsoroState) -> i32 {
        TsoroEval::TUNED.evaluate(self, s)
    }

    const NETWORK: bool = true;

    /// The network is the default in the standard game: against the tuned evaluation at
    /// equal time it scored 88-0-12 in 100 games at 200 ms a move (+346 Elo, 95% interval
    /// +259 to +490) searching 52% of its nodes a second, and 20-0-4 in 24 games at 1 s
    /// (+280, 95% interval +134 to +699).
    const NETWORK_BY_DEFAULT: bool = true;

    /// [`network`]'s value: a network of 128 hidden units trained on 2,622,361 positions of
    /// 18,000 games of the tuned evaluation's agent (`alphabeta:depth=8,eval=tuned`) against
    /// itself from 2 to 8 random plies, in the standard game (`tools/train/`; the training
    /// set's hash and the command are in [`Network::header`]). `None` under other settings than
    /// [`TsoroSettings::STANDARD`](super::TsoroSettings::STANDARD) (a ply limit aside),
    /// whose games the network has not seen.
    #[inline]
    fn network_evaluate(&self, s: &TsoroState) -> Option<i32> {
        let net = network()?;
        self.standard
            .then(|| net.evaluate(&self.observation_bytes(s)))
    }

    /// A network from a file reads the observation's bytes, as [`network`]'s does, under
    /// any settings whose layout is the network's.
    #[inline]
    fn network_value(&self, net: &Network, s: &TsoroState) -> Option<i32> {
        (net.observation_len() <= crate::encode::Encoding::observation_len(self))
            .then(|| net.evaluate(&self.observation_bytes(s)))
    }
}

/// Tsoro's evaluation network for the standard game, read at its first use from the
/// weights embedded in the crate (`src/tsoro/tsoro.net`, written by
/// `tools/train/train.py`); `None` only if they did not read, which the crate's tests rule
/// out.
pub fn network() -> Option<&'static Network> {
    static NET: std::sync::LazyLock<Option<Network>> =
        std::sync::LazyLock::new(|| Network::from_bytes(include_bytes!("tsoro.net")).ok());
    NET.as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsoro::TsoroSettings;
    use crate::{RandomSource, Ruleset, SplitMix64};

    /// [`side`] as first written, a file at a time over the loop's own length.
    fn side_reference(s: &TsoroState, p: Player) -> (i32, i32, i32) {
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
        (exposed, movable, s.stones_of(p) as i32)
    }

    #[test]
    fn side_counts_as_the_plain_loop_does_at_every_size() {
        let mut rng = SplitMix64::new(23);
        let mut exposed = 0;
        for holes in [6, 8, 12, 21] {
            let settings = TsoroSettings {
                holes,
                ..TsoroSettings::STANDARD
            };
            let rules = Tsoro::new(settings).unwrap();
            for _ in 0..200 {
                let mut s = rules.start();
                for _ in 0..rng.below(120) {
                    match rules.random_move(&s, &mut rng) {
                        Some(mv) => rules.play_unchecked(&mut s, mv),
                        None => break,
                    }
                }
                for p in [Player::South, Player::North] {
                    let got = side(&s, p);
                    assert_eq!(got, side_reference(&s, p), "{s}");
                    exposed += got.0;
                }
            }
        }
        // The positions expose stones: the test compares more than zeros.
        assert!(exposed > 1000, "{exposed}");
    }
}

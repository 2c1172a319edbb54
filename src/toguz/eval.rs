//! Toguz Kumalak's evaluation: what a position is worth beyond the kazans.
//!
//! Every term is counted for the player to move minus his opponent, or once for each side
//! where the side to move makes them differ (the mover captures now, the opponent only
//! threatens). The weights are fitted by Texel's method (logistic regression of game results
//! on the terms) with `examples/tune.rs`, on the positions of the Kazakhstan federation's
//! 2016-2018 games and of self-play. The capture and tuzdik terms follow the ruleset's
//! switches (`no-tuzdik`, `no-origin-sowing`). It is Toguz Kumalak's
//! [`Heuristic::evaluate`], beside the rest of what the search knows of the game: its null
//! move (the turn handed over).

use super::sow::{Sowing, playout};
use super::{Toguz, ToguzState};
use crate::encode::Encoding;
use crate::search::{EvalScales, Evaluator, Heuristic, LinearVisitor, Network};

/// One side's numbers: balls on its holes, holes it can play, its best capture next move,
/// whether it can make a tuzdik next move.
#[derive(Default)]
struct Side {
    balls: u32,
    playable: u32,
    best_capture: u32,
    tuzdik_chance: bool,
}

/// A side's holes, numbered from 0: room for the largest board, and past a smaller board's
/// holes whatever lanes follow (never read).
type Row = [u8; 9];

/// Both sides' rows, South's first: the board's lanes are its words' bytes in order, so
/// each row is nine bytes copied from where the side's lanes start.
fn rows(s: &ToguzState) -> [Row; 2] {
    let bytes = playout::bytes(s.board);
    let n = s.holes();
    let row = |base: usize| -> Row { std::array::from_fn(|i| bytes[(base + i) & 31]) };
    [row(0), row(n)]
}

/// What a side's sowings do where their last ball lands, read from the sowing table (no
/// sowing is played): the table holds, for a sowing of `b` balls from lane `o`, the lane of
/// the last ball and how many balls it receives, and a side's holes sow alike from either
/// end of the loop, so the side's hole `o` is looked up as lane `o`. `owned` is the hole
/// (from 0) of the opponent's side that the side owns as its tuzdik, `blocked` the one it may
/// not take (the opponent's tuzdik's number, and hole n), `can_tuzdik` whether it may still
/// make one (it has none, and the rules have tuzdiks).
fn side(
    sowing: &[Sowing],
    n: usize,
    mine: &Row,
    theirs: &Row,
    owned: Option<usize>,
    blocked: Option<usize>,
    can_tuzdik: bool,
) -> Side {
    let mut out = Side::default();
    for (o, &b) in mine.iter().enumerate().take(n) {
        if b == 0 {
            continue;
        }
        out.balls += u32::from(b);
        out.playable += 1;
        let landing = sowing[o * 256 + usize::from(b)];
        let Some(target) = landing.last().checked_sub(n) else {
            continue;
        };
        if target >= n || owned == Some(target) {
            continue;
        }
        let count = usize::from(theirs[target]) + usize::from(landing.gain_last());
        if count % 2 == 0 {
            out.best_capture = out.best_capture.max(count as u32);
        } else if count == 3 && can_tuzdik && target != n - 1 && blocked != Some(target) {
            out.tuzdik_chance = true;
        }
    }
    out
}

/// Toguz Kumalak's evaluation: a weighted sum of [`ToguzEval::NAMES`]'s terms, in hundredths
/// of a ball.
///
/// ```
/// use sowing::search::Evaluator;
/// use sowing::toguz::{Toguz, ToguzEval};
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
    pub fn terms(rules: &Toguz, s: &ToguzState) -> [i32; ToguzEval::TERMS] {
        let me = s.to_move();
        let opp = !me;
        let n = s.holes();
        let rows = rows(s);
        let (rm, ro) = (&rows[me.index()], &rows[opp.index()]);
        // Tuzdiks as holes from 0 on the side they stand on.
        let tm = s.tuzdik(me).map(|h| usize::from(h) - 1);
        let to = s.tuzdik(opp).map(|h| usize::from(h) - 1);
        let tuzdik = rules.settings().tuzdik;
        let sowing = &rules.sowing[..];
        let a = side(sowing, n, rm, ro, tm, to, tuzdik && tm.is_none());
        let b = side(sowing, n, ro, rm, to, tm, tuzdik && to.is_none());
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

crate::search::linear_eval!(ToguzEval, Toguz, ToguzState);

impl Heuristic for Toguz {
    /// The 2n holes' counts, the two kazans, and as marks the 2n tuzdik marks (4n + 2
    /// values, every one an input); a kazan of half the balls and one wins.
    fn network_inputs(&self) -> Option<crate::search::InputLayout> {
        let holes = (self.observation_len() - 2) / 2;
        Some(crate::search::InputLayout {
            holes,
            stores_at: holes,
            marks: holes,
            marks_at: holes + 2,
            store_buckets: crate::Ruleset::total_seeds(self) as usize / 2 + 1,
        })
    }

    /// [`ToguzEval`], the evaluation the `tune` tool fits.
    fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
        Some(visitor.visit::<ToguzEval>())
    }

    /// The scales of the expected score, each fitted by `calibrate` on 400 self-play games
    /// of `alphabeta:depth=8` with that evaluation (the table and the command:
    /// [`Calibration::for_eval`](crate::analysis::Calibration::for_eval)). The network's
    /// scale is stated here, beside the network it belongs to (`toguz.net`, read by
    /// [`network`]).
    const SCALES: EvalScales = EvalScales {
        store: Some(0.0724),
        tuned: Some(0.0737),
        net: Some(0.0962),
    };

    /// [`ToguzEval::TUNED`].
    #[inline]
    fn evaluate(&self, s: &ToguzState) -> i32 {
        ToguzEval::TUNED.evaluate(self, s)
    }

    /// The turn handed over as at the end of a move: the position for the search's null-move
    /// pruning. `None` when the game is over, or the opponent has no ball to play (the pass
    /// would end the game by rule 7, which no real move of this position need do).
    fn null_move(&self, s: &ToguzState) -> Option<ToguzState> {
        if self.over(s) {
            return None;
        }
        let mut passed = *s;
        self.pass_turn::<true>(&mut passed);
        (!self.over(&passed)).then_some(passed)
    }

    const NETWORK: bool = true;

    /// The network is the default: against the tuned evaluation at equal time it scored
    /// 162-6-32 in 200 games at 200 ms a move (+269 Elo) and 82-2-16 in 100 games at 1 s
    /// (+275).
    const NETWORK_BY_DEFAULT: bool = true;

    /// [`network`]'s value: a network of 128 hidden units trained on 1,044,992 positions
    /// of 9,000 games of the tuned evaluation's agent (`alphabeta:depth=8,eval=tuned`)
    /// against itself from the federation's openings
    /// (`tools/train/`; the training set's hash and the command are in
    /// [`Network::header`]). `None` on another board than 9 holes a side.
    #[inline]
    fn network_evaluate(&self, s: &ToguzState) -> Option<i32> {
        let net = network()?;
        (self.observation_len() == net.observation_len())
            .then(|| net.evaluate(&self.observation_bytes(s)))
    }

    /// A network from a file reads the observation's bytes, as [`network`]'s does.
    #[inline]
    fn network_value(&self, net: &Network, s: &ToguzState) -> Option<i32> {
        (net.observation_len() <= self.observation_len())
            .then(|| net.evaluate(&self.observation_bytes(s)))
    }
}

/// Toguz Kumalak's evaluation network, read at its first use from the weights embedded in
/// the crate (`src/toguz/toguz.net`, written by `tools/train/train.py`); `None` only if they
/// did not read, which the crate's tests rule out.
pub fn network() -> Option<&'static Network> {
    static NET: std::sync::LazyLock<Option<Network>> =
        std::sync::LazyLock::new(|| Network::from_bytes(include_bytes!("toguz.net")).ok());
    NET.as_ref()
}

#[cfg(test)]
mod tests {
    use super::ToguzEval;
    use crate::rng::SplitMix64;
    use crate::ruleset::Ruleset;
    use crate::search::Heuristic;
    use crate::toguz::{Landing, Toguz, ToguzSettings};

    /// Under every switch that changes where a last ball lands or what it makes, the mover's
    /// best capture and tuzdik terms are what the engine's moves do.
    #[test]
    fn the_landing_terms_follow_the_switches() {
        let mut rng = SplitMix64::new(3);
        let mut seen = [0; 3];
        for (holes, balls) in [(9, 9), (5, 4), (3, 2)] {
            for (tuzdik, origin_sowing) in
                [(true, true), (false, true), (true, false), (false, false)]
            {
                let settings = ToguzSettings {
                    tuzdik,
                    origin_sowing,
                    ..ToguzSettings::sized(holes, balls)
                };
                let rules = Toguz::new(settings).unwrap();
                for _ in 0..15 {
                    let mut s = rules.start();
                    while let Some(mv) = rules.random_move(&s, &mut rng) {
                        let terms = ToguzEval::terms(&rules, &s);
                        let (mut capture, mut tuzdik_chance) = (0, false);
                        for m in rules.legal_moves(&s) {
                            match Landing::of(&rules.effect(&s, m).unwrap()) {
                                Landing::Capture(k) => capture = capture.max(i32::from(k)),
                                Landing::Tuzdik => tuzdik_chance = true,
                                Landing::Nothing => {}
                            }
                        }
                        assert_eq!(
                            (terms[5], terms[7]),
                            (capture, i32::from(tuzdik_chance)),
                            "{rules} {s}"
                        );
                        seen[0] += 1;
                        seen[1] += usize::from(capture > 0);
                        seen[2] += usize::from(tuzdik_chance);
                        rules.play_unchecked(&mut s, mv);
                    }
                }
            }
        }
        assert!(seen[1] > 500 && seen[2] > 100, "{seen:?}");
    }

    /// The null move hands the turn over and changes nothing else: the same board, kazans and
    /// tuzdiks, a hash equal to one made from scratch, the opponent's moves; none when the game
    /// is over or the opponent has no ball.
    #[test]
    fn the_null_move_only_hands_the_turn_over() {
        let (mut passes, mut refused) = (0, 0);
        for text in ["toguz", "toguz:holes=3,balls=4", "toguz:no-tuzdik"] {
            let rules: Toguz = text.parse().unwrap();
            let mut rng = SplitMix64::new(9);
            for _ in 0..40 {
                let mut s = rules.start();
                loop {
                    match rules.null_move(&s) {
                        Some(p) => {
                            passes += 1;
                            assert_eq!(p.mover, !s.mover);
                            assert_eq!(
                                (p.board, p.kazans, p.tuzdiks),
                                (s.board, s.kazans, s.tuzdiks)
                            );
                            assert_eq!(rules.hash(&p), rules.hash_from_scratch(&p));
                            assert_ne!(rules.hash(&p), rules.hash(&s));
                            assert!(!rules.legal_moves(&p).is_empty(), "{text} {s}");
                            assert_eq!(rules.validate(&p), Ok(()));
                        }
                        None => {
                            refused += 1;
                            assert!(
                                rules.is_over(&s) || s.balls_on_side(!s.mover) == 0,
                                "{text} {s}"
                            );
                        }
                    }
                    let Some(mv) = rules.random_move(&s, &mut rng) else {
                        break;
                    };
                    rules.play_unchecked(&mut s, mv);
                }
            }
        }
        assert!(
            passes > 1000 && refused >= 120,
            "{passes} passes, {refused} refused"
        );
    }
}

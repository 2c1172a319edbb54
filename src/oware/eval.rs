//! Oware's evaluation and search tuning: what the search knows of the game beyond its
//! rules ([`Heuristic::evaluate`], [`Heuristic::SEARCH_TUNING`] and
//! [`Heuristic::null_move`]), kept together here, in hundredths of a seed.
//!
//! The terms are the store difference, the seeds on each side, the best capture each side
//! has ready and the houses each side holds with 1 or 2 seeds; the weights are fitted (see
//! [`OwareEval::TUNED`]).

use super::sow::nonempty;
use super::{Oware, OwareState};
use crate::search::{EvalScales, Heuristic, LinearVisitor, Network, SearchTuning};

/// The best capture of the row `own` against the row `opp` next move (as if its owner
/// moved), in seeds.
#[inline]
fn best_capture(rules: &Oware, own: u64, opp: u64) -> i32 {
    let mut mask = nonempty(own & rules.t.houses);
    let mut best = 0;
    while mask != 0 {
        let p = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        best = best.max(rules.capture_of(own, opp, p));
    }
    best as i32
}

/// Houses of `row` holding 1 or 2 seeds: the ones a seed more or two makes a capture.
#[inline]
fn open_houses(row: u64, houses: u64) -> i32 {
    let mut count = 0;
    let mut w = row & houses;
    while w != 0 {
        let v = (w & 0xFF) as u8;
        count += i32::from(v == 1 || v == 2);
        w >>= 8;
    }
    count
}

/// Oware's evaluation: a weighted sum of [`OwareEval::NAMES`]'s terms, in hundredths of a
/// seed.
///
/// ```
/// use sowing::oware::{Oware, OwareEval};
/// use sowing::Ruleset;
/// let rules = Oware::default();
/// let f = OwareEval::terms(&rules, &rules.start());
/// assert_eq!(f, [0, 0, 0, 0, 0]); // nothing captured, nothing to capture, no open house
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwareEval {
    /// One weight per term of [`OwareEval::NAMES`], in hundredths of a seed.
    pub weights: [i32; OwareEval::TERMS],
}

impl OwareEval {
    /// The number of terms.
    pub const TERMS: usize = 5;
    /// The terms, in order.
    pub const NAMES: [&'static str; OwareEval::TERMS] = [
        "store difference",
        "seeds on own side minus the opponent's",
        "mover's best capture next move",
        "opponent's best capture threat (as if he moved)",
        "own houses holding 1 or 2 seeds minus the opponent's",
    ];
    /// The weights, fitted to the results of self-play games by logistic regression
    /// (Texel's method: `examples/tune.rs --rules oware --selfplay 400 --rounds 3`, 119,332
    /// positions) and measured with the match runner: at 20 ms a move they won 88, drew 7
    /// and lost 5 of 100 games against the hand-set weights before them
    /// (`[100, 4, 60, -45, -12]`), +413 Elo (95% interval +325 to +567). The fit turned the
    /// last term round: small houses of one's own (quiet moves that keep the big houses for
    /// later) are worth more than the targets they offer, which the threat term counts.
    pub const TUNED: OwareEval = OwareEval {
        weights: [100, 13, 85, -55, 104],
    };

    /// The terms of `state` for the player to move.
    #[inline]
    pub fn terms(rules: &Oware, s: &OwareState) -> [i32; OwareEval::TERMS] {
        let me = s.mover.index();
        let [own, opp] = s.sides;
        let houses = rules.t.houses;
        let side = |w: u64| (w & houses).wrapping_mul(0x0101_0101_0101_0101) >> 56;
        [
            i32::from(s.stores[me]) - i32::from(s.stores[1 - me]),
            side(own) as i32 - side(opp) as i32,
            best_capture(rules, own, opp),
            best_capture(rules, opp, own),
            open_houses(own, houses) - open_houses(opp, houses),
        ]
    }
}

crate::search::linear_eval!(OwareEval, Oware, OwareState);

/// Oware's [`Ruleset::evaluate`](crate::Ruleset::evaluate): [`OwareEval::TUNED`].
#[inline]
pub(super) fn evaluate(rules: &Oware, s: &OwareState) -> i32 {
    use crate::search::Evaluator;
    OwareEval::TUNED.evaluate(rules, s)
}

/// Oware's search tuning: the default margins (for an evaluation in hundredths of a seed),
/// late-move reductions from the second move (at most 6 moves a node, as Kalah); not yet
/// measured for Oware.
pub(super) const SEARCH_TUNING: SearchTuning = SearchTuning {
    lmr_from: 1,
    ..SearchTuning::DEFAULT
};

/// Oware's [`Ruleset::null_move`](crate::Ruleset::null_move): the rows handed over with
/// nothing sown, while the game goes on and the opponent then has a move.
pub(super) fn null_move(rules: &Oware, s: &OwareState) -> Option<OwareState> {
    if rules.over(s) {
        return None;
    }
    let passed = OwareState {
        sides: [s.sides[1], s.sides[0]],
        mover: !s.mover,
        ..*s
    };
    (rules.movable(&passed) != 0).then_some(passed)
}

impl Heuristic for Oware {
    /// The 2n houses' counts and the two stores, no marks (2n + 3 values; the last, the
    /// plies left under a ply limit, is not an input); a store of half the seeds and one
    /// wins.
    fn network_inputs(&self) -> Option<crate::search::InputLayout> {
        let holes = crate::encode::Encoding::observation_len(self) - 3;
        Some(crate::search::InputLayout {
            holes,
            stores_at: holes,
            marks: 0,
            marks_at: holes + 2,
            store_buckets: crate::Ruleset::total_seeds(self) as usize / 2 + 1,
        })
    }

    /// [`OwareEval`](super::OwareEval), the evaluation the `tune` tool fits.
    fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
        Some(visitor.visit::<super::OwareEval>())
    }

    /// The scales of the expected score, each fitted by `calibrate` on 400 self-play games
    /// of `alphabeta:depth=8` with that evaluation (the table and the command:
    /// [`Calibration::for_eval`](crate::analysis::Calibration::for_eval)). The network's
    /// scale is stated here, beside the network it belongs to (`oware.net`, read by
    /// [`network`]).
    const SCALES: EvalScales = EvalScales {
        store: Some(0.3160),
        tuned: Some(0.2690),
        net: Some(0.3781),
    };

    /// [`OwareEval::TUNED`](super::OwareEval::TUNED).
    #[inline]
    fn evaluate(&self, s: &OwareState) -> i32 {
        evaluate(self, s)
    }

    const SEARCH_TUNING: SearchTuning = SEARCH_TUNING;

    /// The turn handed over with nothing sown, while the game goes on and the opponent has a
    /// move (he may have to feed).
    fn null_move(&self, s: &OwareState) -> Option<OwareState> {
        null_move(self, s)
    }

    const ENDGAME_SEEDS: u32 = super::tables::ENDGAME_SEEDS;

    /// [`ENDGAME_SEEDS`](Heuristic::ENDGAME_SEEDS) (fewer on boards of 7 or 8 houses, whose
    /// tables grow faster), or 0 under a ply limit (a value would depend on the ply).
    fn endgame_seeds(&self) -> u32 {
        super::tables::endgame_seeds(self)
    }

    /// The largest table of these rules kept in the directory `$SOWING_TABLES` names (up to
    /// [`endgame_seeds`](Heuristic::endgame_seeds)), else 0: the default agent plays with
    /// the tables a user has built (`tables build oware 20`), and never builds them itself.
    fn default_endgame(&self) -> u32 {
        super::tables::default_endgame(self)
    }

    /// The endgame tables of these rules ([`OwareTables`](super::tables::OwareTables)), read
    /// from the directory `$SOWING_TABLES` names or computed (and kept there) at the first
    /// call for each ruleset and size, then shared.
    fn endgame_oracle(&self, max_seeds: u32) -> Option<crate::search::Oracle<OwareState>> {
        super::tables::oracle(self, max_seeds)
    }

    const NETWORK: bool = true;

    /// The network is the default: against the tuned evaluation at equal time it scored
    /// 83-7-10 in 100 games at 200 ms a move (+323 Elo) and 75-10-15 in 100 games at 1 s
    /// (+241, 95% interval +171 to +333).
    const NETWORK_BY_DEFAULT: bool = true;

    /// [`network`]'s value: a network of 128 hidden units trained on 1,112,004 positions of
    /// 10,000 games of the tuned evaluation's agent (`alphabeta:depth=8,eval=tuned`)
    /// against itself from 2 to 8 random plies
    /// (`tools/train/`; the training set's hash and the command are in
    /// [`Network::header`]). `None` on another board than 6 houses of 4 seeds, which the
    /// network has not seen (its inputs stop at a store of 25, the win of 48 seeds).
    #[inline]
    fn network_evaluate(&self, s: &OwareState) -> Option<i32> {
        let net = network()?;
        (self.settings.houses == 6 && self.settings.seeds == 4)
            .then(|| net.evaluate(&observation_bytes(s)))
    }

    /// A network from a file reads the observation's bytes, on a board of any size.
    #[inline]
    fn network_value(&self, net: &Network, s: &OwareState) -> Option<i32> {
        let houses = usize::from(self.settings.houses);
        (net.observation_len() <= crate::encode::Encoding::observation_len(self))
            .then(|| net.evaluate(&observation_bytes_of(s, houses)))
    }
}

/// [`observation_bytes`] on a board of `houses` houses a row (1 to 8).
fn observation_bytes_of(s: &OwareState, houses: usize) -> [u8; 19] {
    let [own, theirs] = s.sides.map(u64::to_le_bytes);
    let me = s.mover.index();
    let mut bytes = [0u8; 19];
    bytes[..8].copy_from_slice(&own);
    bytes[houses..houses + 8].copy_from_slice(&theirs);
    bytes[2 * houses..2 * houses + 3].copy_from_slice(&[s.stores[me], s.stores[1 - me], 0]);
    bytes
}

/// The observation's values as bytes ([`Encoding`](crate::encode::Encoding)'s order, the
/// network's inputs): the mover's houses, the opponent's, the two stores; the ply value is
/// left 0 (the network does not read it). Read for 6 houses a row (the lanes past them hold
/// 0 on a smaller board).
#[inline]
fn observation_bytes(s: &OwareState) -> [u8; 15] {
    let [own, theirs] = s.sides.map(u64::to_le_bytes);
    let me = s.mover.index();
    let mut bytes = [0u8; 15];
    bytes[..6].copy_from_slice(&own[..6]);
    bytes[6..12].copy_from_slice(&theirs[..6]);
    bytes[12] = s.stores[me];
    bytes[13] = s.stores[1 - me];
    bytes
}

/// Oware's evaluation network, read at its first use from the weights embedded in the crate
/// (`src/oware/oware.net`, written by `tools/train/train.py`); `None` only if they did not
/// read, which the crate's tests rule out.
pub fn network() -> Option<&'static Network> {
    static NET: std::sync::LazyLock<Option<Network>> =
        std::sync::LazyLock::new(|| Network::from_bytes(include_bytes!("oware.net")).ok());
    NET.as_ref()
}

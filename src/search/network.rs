//! A small evaluation network, trained outside the crate (`tools/train/`) on positions of the
//! agent's own searched games, and run here in integers.
//!
//! The inputs are read from a position's observation ([`Encoding`](crate::encode::Encoding),
//! from the mover's side): the first `holes` values are hole counts, each a one-hot of its
//! count (`buckets` inputs a hole, larger counts in the last); the two values from
//! `stores_at` (by default right after the holes) are the stores, or what each player has
//! captured, each a one-hot of its count (`store_buckets` inputs); the `marks` values from
//! `marks_at` (by default after the stores) are 0/1 marks (a tuzdik's place, a decision
//! pending; any value but 0 counts as 1). One hidden layer with a clipped ReLU, then one output:
//!
//! ```text
//! acc   = b1 + ws[each hole's (hole, count)] + ws[each store's (store, count)] + wd[each mark set]
//! h     = clamp(acc, 0, qa)
//! out   = b2 + sum h * w2
//! value = out * out_scale / (qa * qb), toward zero   (hundredths of a seed, mover's view)
//! ```
//!
//! The weights file (written by `tools/train/train.py`, whose README gives the training):
//! `SOWNET1` and a line feed; a `u32` length `L`; a line of `key=value` words (`observation`,
//! `holes`, `marks`, `buckets`, `store_buckets`, `hidden`, `qa`, `qb`, `out_scale`; where the
//! stores or marks do not follow the holes, `stores_at` and `marks_at`; the training set's
//! `data_sha256`, ..., then `command=` to the end of the line); then
//! little-endian `ws` (i16, `(holes * buckets + 2 * store_buckets) x hidden`), `wd` (i16,
//! `marks x hidden`), `b1` (i32, `hidden`), `w2` (i16, `hidden`), `b2` (i32, 1).
//!
//! The evaluation is computed outright, not updated move by move: a Toguz Kumalak move
//! changes about as many inputs as a position sets (a sowing of `n` balls changes `n` holes,
//! each one row out and one in, and the side to move, whose view the inputs take), so an
//! update would add as many rows as a fresh sum. The sum is made fast instead: at 128 or 256
//! hidden units and AVX2 (detected when the network is read) it is compiled for AVX2, and
//! otherwise for the x86-64 baseline, a block of 64 units at a time (their values are the
//! same on every path; a test checks it). The node rates it gives are in the README's speed
//! section (`benches/search.rs`, `toguz/positions-depth12`).
//!
//! Where every hole's row for a count of 0 is zero (the training script's `--zero-empty`;
//! the bias stands for them), empty holes add nothing and are skipped, without a branch on
//! their counts: Tsoro's network reads 84 holes, two in three of them empty.

use thiserror::Error;

/// The most hidden units a [`Network`] may have (its accumulator lives on the stack).
pub const MAX_HIDDEN: usize = 512;

/// A weights file that does not read: the network is not made.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    /// The bytes do not start with `SOWNET1` and a line feed.
    #[error("not a network's weights (no SOWNET1 header)")]
    Magic,
    /// The header line is cut short, not UTF-8, or lacks a number it needs.
    #[error("the weights' header: {0}")]
    Header(String),
    /// The weights are not as long as the header says.
    #[error("the weights are {found} bytes, the header asks for {expected}")]
    Length {
        /// Bytes after the header.
        found: usize,
        /// Bytes the sizes in the header make.
        expected: usize,
    },
}

/// Where a game's network reads its inputs in the game's observation
/// ([`Encoding`](crate::encode::Encoding)): a fact of the game, stated by
/// [`Heuristic::network_inputs`](super::Heuristic::network_inputs), that the training script
/// (`tools/train/train.py`) reads from the words it is written as ([`words`](Self::words))
/// and writes into the network's header, where [`Network::from_bytes`] reads it back.
///
/// ```
/// use sowing::search::{Heuristic, InputLayout};
/// use sowing::toguz::Toguz;
/// let layout = Toguz::default().network_inputs().unwrap();
/// assert_eq!(
///     layout.words(),
///     "holes=18 marks=18 stores_at=18 marks_at=20 store_buckets=82"
/// );
/// assert_eq!(InputLayout::from_words(&layout.words()), Some(layout));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputLayout {
    /// The hole counts, the observation's first values; each a one-hot input of its count.
    pub holes: usize,
    /// Where the two stores' counts are (or what each player has captured).
    pub stores_at: usize,
    /// How many 0/1 marks there are.
    pub marks: usize,
    /// Where the marks are.
    pub marks_at: usize,
    /// The one-hot inputs of a store's count (larger counts share the last): past a count
    /// that wins the game, a store is never evaluated.
    pub store_buckets: usize,
}

impl InputLayout {
    /// The layout as `key=value` words, the form of a network's header and of the training
    /// script's input: `holes=.. marks=.. stores_at=.. marks_at=.. store_buckets=..`.
    pub fn words(&self) -> String {
        format!(
            "holes={} marks={} stores_at={} marks_at={} store_buckets={}",
            self.holes, self.marks, self.stores_at, self.marks_at, self.store_buckets
        )
    }

    /// The layout [`words`](Self::words) wrote, among other words; `None` where one is
    /// missing or not a number.
    pub fn from_words(text: &str) -> Option<InputLayout> {
        let number = |key: &str| {
            text.split(' ')
                .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))?
                .parse()
                .ok()
        };
        Some(InputLayout {
            holes: number("holes")?,
            stores_at: number("stores_at")?,
            marks: number("marks")?,
            marks_at: number("marks_at")?,
            store_buckets: number("store_buckets")?,
        })
    }
}

/// The words a self-play file's header gives the training script for the game of `rules`
/// and the agent that plays it: the inputs' layout ([`InputLayout::words`]) and `scale=`,
/// the logistic scale of the agent's evaluation
/// ([`GameEval::scale`](super::GameEval::scale)), with which the script turns the search's
/// values into expected scores. For an agent with a network from a file (`net=PATH`), the
/// scale its training targets had ([`Network::target_scale`]: its values were fitted to
/// expected scores at that scale), else the game's network's. `None` for a game with no
/// layout, no scale for that evaluation, or a network file that does not read.
///
/// ```
/// use sowing::search::{Heuristic, training_words};
/// use sowing::toguz::Toguz;
/// let agent = "alphabeta:depth=8,eval=tuned".parse().unwrap();
/// let words = training_words(&Toguz::default(), &agent).unwrap();
/// assert!(words.starts_with("holes=18 marks=18 "));
/// assert!(words.ends_with(&format!(" scale={}", Toguz::SCALES.tuned.unwrap())));
/// ```
pub fn training_words<R: super::Heuristic>(rules: &R, agent: &super::AgentSpec) -> Option<String> {
    let layout = rules.network_inputs()?;
    let super::AgentSpec::AlphaBeta { eval, net, .. } = agent else {
        return None;
    };
    let scale = match net {
        Some(file) => file
            .load::<R>()
            .ok()?
            .target_scale()
            .or(eval.scale::<R>())?,
        None => eval.scale::<R>()?,
    };
    Some(format!("{} scale={scale}", layout.words()))
}

/// An evaluation network, run in integers (see the module's docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    observation: usize,
    holes: usize,
    marks: usize,
    buckets: usize,
    store_buckets: usize,
    /// Where the two stores are in the observation.
    stores_at: usize,
    /// Where the marks are in the observation.
    marks_at: usize,
    hidden: usize,
    qa: i32,
    divisor: i64,
    out_scale: i64,
    /// `(holes * buckets + 2 * store_buckets)` rows of `hidden`, then `marks` rows.
    rows: Vec<i16>,
    b1: Vec<i32>,
    /// `b1` as i16 when no sum of a bias and one row of each input group can leave i16's
    /// range, and no output sum i32's (then the accumulator runs in i16, twice the lanes,
    /// and the output in i32, with the same values).
    b1_narrow: Option<Vec<i16>>,
    w2: Vec<i16>,
    b2: i32,
    header: String,
    /// At most [`MAX_SET`] inputs can be set (`holes + 2 + marks`).
    fixed: bool,
    /// Every hole's row of count 0 is zero (as the training script's `--zero-empty` writes
    /// them): empty holes add nothing and are skipped.
    skip_empty: bool,
    /// The processor has AVX2 (always false but on x86-64).
    avx2: bool,
}

/// Whether the running processor has AVX2.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The most inputs set at once for the fixed-width path (a list of them lives on the stack):
/// Tsoro's 4 x 21 holes, its two captures and 8 marks set 94.
const MAX_SET: usize = 128;

impl Network {
    /// Reads a weights file.
    ///
    /// # Errors
    /// [`NetworkError`] for bytes that are not a whole weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let rest = bytes
            .strip_prefix(b"SOWNET1\n")
            .ok_or(NetworkError::Magic)?;
        let bad = |what: &str| NetworkError::Header(what.to_string());
        let (len, rest) = rest
            .split_first_chunk::<4>()
            .ok_or_else(|| bad("cut short"))?;
        let len = u32::from_le_bytes(*len) as usize;
        if rest.len() < len {
            return Err(bad("cut short"));
        }
        let (header, body) = rest.split_at(len);
        let header = std::str::from_utf8(header).map_err(|_| bad("not UTF-8"))?;
        let line = header.trim_end_matches('\n');
        let fixed = line.split(" command=").next().unwrap_or(line);
        let number = |key: &str| -> Result<usize, NetworkError> {
            fixed
                .split(' ')
                .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
                .and_then(|v| v.parse::<usize>().ok())
                .ok_or_else(|| NetworkError::Header(format!("no number {key}")))
        };
        let (holes, marks, buckets, store_buckets, hidden) = (
            number("holes")?,
            number("marks")?,
            number("buckets")?,
            number("store_buckets")?,
            number("hidden")?,
        );
        let (qa, qb, out_scale, observation) = (
            number("qa")?,
            number("qb")?,
            number("out_scale")?,
            number("observation")?,
        );
        // Where the stores and marks are: after the holes, unless the header says.
        let at = |key: &str, default: usize| -> Result<usize, NetworkError> {
            if fixed.split(' ').any(|w| w.starts_with(&format!("{key}="))) {
                number(key)
            } else {
                Ok(default)
            }
        };
        let stores_at = at("stores_at", holes)?;
        let marks_at = at("marks_at", stores_at + 2)?;
        let in_range = (1..=MAX_HIDDEN).contains(&hidden)
            && (1..=256).contains(&buckets)
            && (1..=256).contains(&store_buckets)
            && holes <= 256
            && marks <= 256
            && observation <= 1024
            && observation >= holes
            && observation >= stores_at.saturating_add(2)
            && observation >= marks_at.saturating_add(marks)
            && (1..=i16::MAX as usize).contains(&qa)
            && (1..=1 << 20).contains(&qb)
            && (1..=1 << 20).contains(&out_scale);
        if !in_range {
            return Err(bad("a size or scale out of range"));
        }
        let sparse = holes * buckets + 2 * store_buckets;
        let rows_len = (sparse + marks) * hidden;
        let expected = 2 * rows_len + 4 * hidden + 2 * hidden + 4;
        if body.len() != expected {
            return Err(NetworkError::Length {
                found: body.len(),
                expected,
            });
        }
        let i16s = |b: &[u8]| -> Vec<i16> {
            b.chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect()
        };
        let i32s = |b: &[u8]| -> Vec<i32> {
            b.chunks_exact(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        let (rows, body) = body.split_at(2 * rows_len);
        let (b1, body) = body.split_at(4 * hidden);
        let (w2, b2) = body.split_at(2 * hidden);
        let (rows, b1) = (i16s(rows), i32s(b1));
        let w2 = i16s(w2);
        // The narrow path also sums the output in i32: every product is at most qa * |w2|.
        let out_fits =
            w2.iter().map(|&w| i64::from(w).abs()).sum::<i64>() * qa as i64 <= i64::from(i32::MAX);
        let skip_empty = (0..holes).all(|i| {
            let row = i * buckets * hidden;
            rows[row..row + hidden].iter().all(|&w| w == 0)
        });
        let b1_narrow = out_fits
            .then(|| narrow_bias(&rows, &b1, hidden, holes, buckets, store_buckets, marks))
            .flatten();
        Ok(Network {
            observation,
            holes,
            marks,
            buckets,
            store_buckets,
            stores_at,
            marks_at,
            hidden,
            qa: qa as i32,
            divisor: (qa * qb) as i64,
            out_scale: out_scale as i64,
            rows,
            b1,
            b1_narrow,
            w2,
            b2: i32s(b2)[0],
            header: line.to_string(),
            fixed: holes + 2 + marks <= MAX_SET,
            skip_empty,
            avx2: has_avx2(),
        })
    }

    /// The length of the observations it reads.
    pub fn observation_len(&self) -> usize {
        self.observation
    }

    /// The weights file's header line: the sizes, the training set's hash, the command that
    /// trained it.
    pub fn header(&self) -> &str {
        &self.header
    }

    /// The logistic scale per seed of its training targets (its header's `target_scale`,
    /// which `tools/train/train.py` writes: the scale of the data's evaluation), or `None`
    /// for a header without it (networks made before it was written).
    ///
    /// ```
    /// // The crate's Toguz Kumalak network is older than the word.
    /// assert_eq!(sowing::toguz::network().unwrap().target_scale(), None);
    /// ```
    pub fn target_scale(&self) -> Option<f64> {
        let fixed = self.header.split(" command=").next()?;
        fixed
            .split(' ')
            .find_map(|w| w.strip_prefix("target_scale="))?
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0)
    }

    /// Where it reads its inputs in the observation: its header's layout words.
    ///
    /// ```
    /// use sowing::search::Heuristic;
    /// use sowing::toguz::{Toguz, network};
    /// assert_eq!(network().unwrap().layout(), Toguz::default().network_inputs().unwrap());
    /// ```
    pub fn layout(&self) -> InputLayout {
        InputLayout {
            holes: self.holes,
            stores_at: self.stores_at,
            marks: self.marks,
            marks_at: self.marks_at,
            store_buckets: self.store_buckets,
        }
    }

    /// The game its header names (the name its `rules=` ruleset text starts with), or
    /// `None` for a header without `rules=`.
    ///
    /// ```
    /// assert_eq!(sowing::toguz::network().unwrap().game(), Some("toguz"));
    /// ```
    pub fn game(&self) -> Option<&str> {
        let fixed = self.header.split(" command=").next()?;
        let rules = fixed.split(' ').find_map(|w| w.strip_prefix("rules="))?;
        Some(crate::switches::game_name(rules))
    }

    /// The value of a position for the player to move, in hundredths of a seed, from its
    /// observation's values as bytes (`observation` holds at least
    /// [`observation_len`](Network::observation_len); values past it are not read). No
    /// allocation.
    ///
    /// # Panics
    /// When `observation` is shorter than [`observation_len`](Network::observation_len).
    pub fn evaluate(&self, observation: &[u8]) -> i32 {
        match (&self.b1_narrow, self.hidden) {
            // The widths the training script offers, at a size known when compiled: the
            // accumulator then stays in registers and every loop is unrolled.
            #[cfg(target_arch = "x86_64")]
            (Some(b1), 128) if self.fixed && self.avx2 => {
                // SAFETY: `evaluate_avx2`'s only requirement is that the processor running it
                // has AVX2 (its `target_feature`; the body is safe code). `self.avx2` is a
                // private field set in one place, `from_bytes`, from
                // `is_x86_feature_detected!("avx2")`, and never changed after (no setter, no
                // deserialization; a clone copies it on the same machine). Measured: 82 ns
                // an evaluation against 148 ns on the baseline path, the agent's node rate
                // 6.9 M/s against 4.8 M (`benches/search.rs`).
                #[allow(unsafe_code)]
                unsafe {
                    self.evaluate_avx2::<128>(b1, observation)
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Some(b1), 256) if self.fixed && self.avx2 => {
                // SAFETY: as above.
                #[allow(unsafe_code)]
                unsafe {
                    self.evaluate_avx2::<256>(b1, observation)
                }
            }
            (Some(b1), 64) if self.fixed => self.evaluate_fixed::<64, 64>(b1, observation),
            (Some(b1), 128) if self.fixed => self.evaluate_fixed::<128, 64>(b1, observation),
            (Some(b1), 256) if self.fixed => self.evaluate_fixed::<256, 64>(b1, observation),
            (Some(b1), _) => self.evaluate_narrow(b1, observation),
            (None, _) => self.evaluate_wide(observation),
        }
    }

    /// The rows of the inputs that are set in `obs`, in order, to `add` (an empty hole's
    /// too, unless its row is zero).
    #[inline(always)]
    fn each_row(&self, obs: &[u8], mut add: impl FnMut(usize)) {
        let obs = &obs[..self.observation];
        for (i, &c) in obs[..self.holes].iter().enumerate() {
            if c != 0 || !self.skip_empty {
                add(i * self.buckets + usize::from(c).min(self.buckets - 1));
            }
        }
        self.each_other_row(obs, add);
    }

    /// The rows of the stores and marks that are set in `obs`, in order, to `add`.
    #[inline(always)]
    fn each_other_row(&self, obs: &[u8], mut add: impl FnMut(usize)) {
        let stores = self.holes * self.buckets;
        for (s, &c) in obs[self.stores_at..self.stores_at + 2].iter().enumerate() {
            add(stores + s * self.store_buckets + usize::from(c).min(self.store_buckets - 1));
        }
        let marks = stores + 2 * self.store_buckets;
        for (m, &v) in obs[self.marks_at..self.marks_at + self.marks]
            .iter()
            .enumerate()
        {
            // Marks are 0 or 1: any other value counts as 1.
            if v != 0 {
                add(marks + m);
            }
        }
    }

    /// The rows set in `obs` (as [`each_row`](Network::each_row)) listed in `set`, and how
    /// many: without a branch on a hole's count, whose emptiness a processor cannot guess.
    #[inline(always)]
    fn set_rows(&self, obs: &[u8], set: &mut [u32; MAX_SET]) -> usize {
        let obs = &obs[..self.observation];
        let mut len = 0;
        for (i, &c) in obs[..self.holes].iter().enumerate() {
            set[len] = (i * self.buckets + usize::from(c).min(self.buckets - 1)) as u32;
            len += usize::from(c != 0 || !self.skip_empty);
        }
        self.each_other_row(obs, |row| {
            set[len] = row as u32;
            len += 1;
        });
        len
    }

    /// [`evaluate`](Network::evaluate) with an i16 accumulator (see `b1_narrow`): twice the
    /// lanes of i32, the same values.
    fn evaluate_narrow(&self, b1: &[i16], observation: &[u8]) -> i32 {
        let h = self.hidden;
        let mut acc = [0i16; MAX_HIDDEN];
        let acc = &mut acc[..h];
        acc.copy_from_slice(b1);
        self.each_row(observation, |row| {
            let w = &self.rows[row * h..(row + 1) * h];
            for (a, &w) in acc.iter_mut().zip(w) {
                *a = a.wrapping_add(w);
            }
        });
        let qa = self.qa as i16;
        let out: i32 = acc
            .iter()
            .zip(&self.w2)
            .map(|(&a, &w)| i32::from(a.clamp(0, qa)) * i32::from(w))
            .sum();
        ((i64::from(out) + i64::from(self.b2)) * self.out_scale / self.divisor) as i32
    }

    /// [`evaluate_narrow`](Network::evaluate_narrow) for `H` hidden units (`self.hidden`, a
    /// multiple of [`BLOCK`]) and at most [`MAX_SET`] inputs set: the rows set are listed
    /// first, then summed a block of hidden units at a time, which an x86-64 machine holds in
    /// its 16 vector registers (a whole accumulator of 128 i16 would spill).
    #[inline(always)]
    fn evaluate_fixed<const H: usize, const BLOCK: usize>(
        &self,
        b1: &[i16],
        observation: &[u8],
    ) -> i32 {
        let mut set = [0u32; MAX_SET];
        let len = self.set_rows(observation, &mut set);
        let set = &set[..len];
        let qa = self.qa as i16;
        let mut out = 0i32;
        for block in (0..H).step_by(BLOCK) {
            let mut acc: [i16; BLOCK] = b1[block..block + BLOCK]
                .try_into()
                .expect("H is a multiple of BLOCK");
            for &row in set {
                let at = row as usize * H + block;
                let w: &[i16; BLOCK] = self.rows[at..at + BLOCK]
                    .try_into()
                    .expect("a row is H long");
                acc = std::array::from_fn(|i| acc[i].wrapping_add(w[i]));
            }
            for a in acc.iter_mut() {
                *a = (*a).clamp(0, qa);
            }
            // In pairs, the shape of a multiply-and-add of i16 pairs into i32 lanes.
            let w2: &[i16; BLOCK] = self.w2[block..block + BLOCK]
                .try_into()
                .expect("H is a multiple of BLOCK");
            let mut lanes = [0i32; 64];
            for (i, lane) in lanes[..BLOCK / 2].iter_mut().enumerate() {
                *lane = i32::from(acc[2 * i]) * i32::from(w2[2 * i])
                    + i32::from(acc[2 * i + 1]) * i32::from(w2[2 * i + 1]);
            }
            out += lanes[..BLOCK / 2].iter().sum::<i32>();
        }
        ((i64::from(out) + i64::from(self.b2)) * self.out_scale / self.divisor) as i32
    }

    /// [`evaluate_fixed`](Network::evaluate_fixed) compiled for AVX2: 16 i16 a register.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn evaluate_avx2<const H: usize>(&self, b1: &[i16], observation: &[u8]) -> i32 {
        self.evaluate_fixed::<H, 128>(b1, observation)
    }

    /// [`evaluate`](Network::evaluate) with an i32 accumulator.
    fn evaluate_wide(&self, observation: &[u8]) -> i32 {
        let h = self.hidden;
        let mut acc = [0i32; MAX_HIDDEN];
        let acc = &mut acc[..h];
        acc.copy_from_slice(&self.b1);
        self.each_row(observation, |row| {
            let w = &self.rows[row * h..(row + 1) * h];
            for (a, &w) in acc.iter_mut().zip(w) {
                *a += i32::from(w);
            }
        });
        let qa = self.qa;
        let out: i64 = acc
            .iter()
            .zip(&self.w2)
            .map(|(&a, &w)| i64::from(a.clamp(0, qa) * i32::from(w)))
            .sum::<i64>()
            + i64::from(self.b2);
        (out * self.out_scale / self.divisor) as i32
    }
}

/// `b1` as i16 when, for every hidden unit, the bias plus the largest row (in absolute
/// value) of each hole, each store and every mark stays within i16: then no sum the
/// accumulator makes (one row a hole and a store, each mark at most once) leaves i16, and i16 gives the same values as i32. `None`
/// otherwise.
fn narrow_bias(
    rows: &[i16],
    b1: &[i32],
    hidden: usize,
    holes: usize,
    buckets: usize,
    store_buckets: usize,
    marks: usize,
) -> Option<Vec<i16>> {
    let row = |r: usize, j: usize| i64::from(rows[r * hidden + j]).abs();
    let group_max = |first: usize, count: usize, j: usize| {
        (first..first + count).map(|r| row(r, j)).max().unwrap_or(0)
    };
    let stores = holes * buckets;
    let mark_rows = stores + 2 * store_buckets;
    for (j, &b) in b1.iter().enumerate() {
        let mut bound = i64::from(b).abs();
        for i in 0..holes {
            bound += group_max(i * buckets, buckets, j);
        }
        for s in 0..2 {
            bound += group_max(stores + s * store_buckets, store_buckets, j);
        }
        for m in 0..marks {
            bound += row(mark_rows + m, j);
        }
        if bound > i64::from(i16::MAX) {
            return None;
        }
    }
    Some(b1.iter().map(|&b| b as i16).collect())
}

#[cfg(test)]
mod tests {
    use super::{Network, has_avx2};
    use crate::rng::{RandomSource, SplitMix64};

    /// A weights file of random weights up to `scale` in absolute value.
    fn weights(hidden: usize, marks: usize, scale: u32, seed: u64) -> Vec<u8> {
        weights_laid_out(hidden, marks, scale, seed, "")
    }

    /// [`weights`] with more header words (`layout`, e.g. `stores_at=20 marks_at=0`).
    fn weights_laid_out(
        hidden: usize,
        marks: usize,
        scale: u32,
        seed: u64,
        layout: &str,
    ) -> Vec<u8> {
        let (holes, buckets, store_buckets) = (18, 32, 82);
        let header = format!(
            "observation={} holes={holes} marks={marks} buckets={buckets} \
             store_buckets={store_buckets} hidden={hidden} qa=255 qb=1024 out_scale=400 \
             {layout} command=test",
            holes + 2 + marks
        );
        let mut rng = SplitMix64::new(seed);
        let mut value = |scale: u32| i64::from(rng.below(2 * scale + 1)) - i64::from(scale);
        let mut bytes = b"SOWNET1\n".to_vec();
        bytes.extend((header.len() as u32).to_le_bytes());
        bytes.extend(header.as_bytes());
        for _ in 0..(holes * buckets + 2 * store_buckets + marks) * hidden {
            bytes.extend((value(scale) as i16).to_le_bytes());
        }
        for _ in 0..hidden {
            bytes.extend((value(scale) as i32).to_le_bytes());
        }
        for _ in 0..hidden {
            bytes.extend((value(1000) as i16).to_le_bytes());
        }
        bytes.extend((value(100_000) as i32).to_le_bytes());
        bytes
    }

    /// Every path [`Network::evaluate`] may take on this network and machine, each giving
    /// the wide path's value.
    fn check_paths(net: &Network, rng: &mut SplitMix64, narrow: bool) {
        assert_eq!(net.b1_narrow.is_some(), narrow, "{}", net.header());
        for _ in 0..300 {
            let obs: Vec<u8> = (0..net.observation_len())
                .map(|i| match i {
                    // Counts past the last bucket, and marks other than 0 and 1.
                    0..18 => rng.below(40) as u8,
                    18..20 => rng.below(100) as u8,
                    _ => [0, 0, 0, 1, 1, 7][rng.below(6) as usize],
                })
                .collect();
            let wide = net.evaluate_wide(&obs);
            assert_eq!(net.evaluate(&obs), wide, "{obs:?}");
            let Some(b1) = &net.b1_narrow else { continue };
            assert_eq!(net.evaluate_narrow(b1, &obs), wide, "{obs:?}");
            let fixed = match net.hidden {
                64 => Some(net.evaluate_fixed::<64, 64>(b1, &obs)),
                128 => Some(net.evaluate_fixed::<128, 64>(b1, &obs)),
                256 => Some(net.evaluate_fixed::<256, 64>(b1, &obs)),
                _ => None,
            };
            if let Some(fixed) = fixed {
                assert_eq!(fixed, wide, "{obs:?}");
            }
            #[cfg(target_arch = "x86_64")]
            if has_avx2() && net.hidden % 128 == 0 {
                // SAFETY: the processor has AVX2 (checked on the line above).
                #[allow(unsafe_code)]
                let avx2 = unsafe {
                    match net.hidden {
                        128 => net.evaluate_avx2::<128>(b1, &obs),
                        _ => net.evaluate_avx2::<256>(b1, &obs),
                    }
                };
                assert_eq!(avx2, wide, "{obs:?}");
            }
        }
    }

    #[test]
    fn every_path_gives_the_wide_paths_value() {
        let mut rng = SplitMix64::new(7);
        let toguz = crate::toguz::network().expect("the embedded weights read");
        check_paths(toguz, &mut rng, true);
        for (hidden, marks) in [
            (64, 18),
            (128, 18),
            (256, 18),
            (96, 18),
            (128, 0),
            (128, 50),
            (128, 110),
        ] {
            // Small weights: every sum fits i16 and the narrow paths are taken.
            let net = Network::from_bytes(&weights(hidden, marks, 300, hidden as u64)).unwrap();
            assert_eq!(net.fixed, 18 + 2 + marks <= 128);
            check_paths(&net, &mut rng, true);
            // Large ones: only the wide path is safe, and is the one taken.
            let net = Network::from_bytes(&weights(hidden, marks, 20_000, 1)).unwrap();
            check_paths(&net, &mut rng, false);
        }
    }

    /// Stores and marks elsewhere in the observation (`stores_at`, `marks_at`, as Tsoro's):
    /// the same weights give the same value of the same inputs in their new places.
    #[test]
    fn stores_and_marks_are_read_where_the_header_puts_them() {
        let marks = 6;
        let plain = Network::from_bytes(&weights(128, marks, 300, 5)).unwrap();
        // Holes 0..18, then the marks at 18..24, then the stores at 24..26.
        let moved = Network::from_bytes(&weights_laid_out(
            128,
            marks,
            300,
            5,
            "stores_at=24 marks_at=18",
        ))
        .unwrap();
        assert_eq!((moved.stores_at, moved.marks_at), (24, 18));
        assert_eq!((plain.stores_at, plain.marks_at), (18, 20));
        let mut rng = SplitMix64::new(11);
        let mut differ = 0;
        for _ in 0..200 {
            let holes: Vec<u8> = (0..18).map(|_| rng.below(40) as u8).collect();
            let stores = [rng.below(100) as u8, rng.below(100) as u8];
            let mark: Vec<u8> = (0..marks).map(|_| rng.below(2) as u8).collect();
            let in_order = [&holes[..], &stores, &mark].concat();
            let laid_out = [&holes[..], &mark, &stores].concat();
            let value = plain.evaluate(&in_order);
            assert_eq!(moved.evaluate(&laid_out), value);
            differ += usize::from(moved.evaluate(&in_order) != value);
        }
        // Read in the wrong places, the values are not those.
        assert!(differ > 150, "{differ}");
        // Places past the observation's end are refused.
        for layout in ["stores_at=25", "marks_at=21", "stores_at=x"] {
            assert!(
                matches!(
                    Network::from_bytes(&weights_laid_out(128, marks, 300, 5, layout)),
                    Err(super::NetworkError::Header(_))
                ),
                "{layout}"
            );
        }
    }

    /// Header words the crate does not read (the training script's `target_scale`) are let
    /// be: the network is the same.
    #[test]
    fn words_the_crate_does_not_read_are_let_be() {
        let plain = Network::from_bytes(&weights(128, 18, 300, 3)).unwrap();
        let more =
            Network::from_bytes(&weights_laid_out(128, 18, 300, 3, "target_scale=0.0737")).unwrap();
        assert!(more.header().contains(" target_scale=0.0737 "));
        assert_eq!(
            Network {
                header: plain.header.clone(),
                ..more
            },
            plain
        );
    }

    /// A network whose rows of count 0 are zero skips empty holes, with the values of one
    /// that adds their rows; any other network adds them.
    #[test]
    fn empty_holes_are_skipped_only_where_their_rows_are_zero() {
        let (hidden, buckets) = (128, 32);
        let mut bytes = weights(hidden, 18, 300, 9);
        let header = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        let body = 12 + header;
        let plain = Network::from_bytes(&bytes).unwrap();
        assert!(!plain.skip_empty);
        for hole in 0..18 {
            let at = body + 2 * hole * buckets * hidden;
            bytes[at..at + 2 * hidden].fill(0);
        }
        let net = Network::from_bytes(&bytes).unwrap();
        assert!(net.skip_empty && net.fixed);
        let adding = Network {
            skip_empty: false,
            ..net.clone()
        };
        let mut rng = SplitMix64::new(13);
        check_paths(&net, &mut rng, true);
        for _ in 0..300 {
            // Half the holes empty.
            let obs: Vec<u8> = (0..net.observation_len())
                .map(|i| match i {
                    0..18 => [0, rng.below(40) as u8][rng.below(2) as usize],
                    18..20 => rng.below(100) as u8,
                    _ => rng.below(2) as u8,
                })
                .collect();
            assert_eq!(net.evaluate(&obs), adding.evaluate(&obs), "{obs:?}");
        }
        // One weight of one hole's empty row: that hole's empty rows are added again.
        bytes[body + 2 * 5 * buckets * hidden + 2] = 1;
        assert!(!Network::from_bytes(&bytes).unwrap().skip_empty);
    }
}

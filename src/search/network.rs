//! A small evaluation network, trained outside the crate (`tools/train/`) on positions of the
//! agent's own searched games, and run here in integers.
//!
//! The inputs are read from a position's observation ([`Encoding`](crate::encode::Encoding),
//! from the mover's side): the first `holes` values are hole counts, each a one-hot of its
//! count (`buckets` inputs a hole, larger counts in the last); the next two are the stores,
//! each a one-hot of its count (`store_buckets` inputs); the next `marks` are 0/1 marks (a
//! tuzdik's place; any value but 0 counts as 1). One hidden layer with a clipped ReLU, then one output:
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
//! `holes`, `marks`, `buckets`, `store_buckets`, `hidden`, `qa`, `qb`, `out_scale`, the
//! training set's `data_sha256`, ..., then `command=` to the end of the line); then
//! little-endian `ws` (i16, `(holes * buckets + 2 * store_buckets) x hidden`), `wd` (i16,
//! `marks x hidden`), `b1` (i32, `hidden`), `w2` (i16, `hidden`), `b2` (i32, 1).

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

/// An evaluation network, run in integers (see the module's docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    observation: usize,
    holes: usize,
    marks: usize,
    buckets: usize,
    store_buckets: usize,
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
}

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
        let in_range = (1..=MAX_HIDDEN).contains(&hidden)
            && (1..=256).contains(&buckets)
            && (1..=256).contains(&store_buckets)
            && holes <= 256
            && marks <= 256
            && observation >= holes + 2 + marks
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
        let b1_narrow = out_fits
            .then(|| narrow_bias(&rows, &b1, hidden, holes, buckets, store_buckets, marks))
            .flatten();
        Ok(Network {
            observation,
            holes,
            marks,
            buckets,
            store_buckets,
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

    /// The value of a position for the player to move, in hundredths of a seed, from its
    /// observation's values as bytes (`observation` holds at least
    /// [`observation_len`](Network::observation_len); values past it are not read). No
    /// allocation.
    ///
    /// # Panics
    /// When `observation` is shorter than [`observation_len`](Network::observation_len).
    pub fn evaluate(&self, observation: &[u8]) -> i32 {
        match &self.b1_narrow {
            Some(b1) => self.evaluate_narrow(b1, observation),
            None => self.evaluate_wide(observation),
        }
    }

    /// The rows of the inputs that are set in `obs`, in order, to `add`.
    #[inline(always)]
    fn each_row(&self, obs: &[u8], mut add: impl FnMut(usize)) {
        let obs = &obs[..self.observation];
        for (i, &c) in obs[..self.holes].iter().enumerate() {
            add(i * self.buckets + usize::from(c).min(self.buckets - 1));
        }
        let stores = self.holes * self.buckets;
        for (s, &c) in obs[self.holes..self.holes + 2].iter().enumerate() {
            add(stores + s * self.store_buckets + usize::from(c).min(self.store_buckets - 1));
        }
        let marks = stores + 2 * self.store_buckets;
        for (m, &v) in obs[self.holes + 2..self.holes + 2 + self.marks]
            .iter()
            .enumerate()
        {
            // Marks are 0 or 1: any other value counts as 1.
            if v != 0 {
                add(marks + m);
            }
        }
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

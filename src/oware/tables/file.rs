//! The tables' file: a header, a checksum per level, the values.
//!
//! Header (32 bytes): the magic `SOWOWT01`, then a byte each: the format (1), the houses a
//! row, the grand-slam rule (its place in [`GrandSlam::ALL`]), the seeds; 20 bytes of
//! zeros. Then `seeds + 1` checksums (little-endian `u64`), one per level, and the values,
//! a byte a board in index order.

use crate::checksum::checksum;
use std::io::{Read, Write};
use std::path::Path;

use super::{OwareTables, TablesError, VALUE, rules_text};
use crate::oware::GrandSlam;

const MAGIC: &[u8; 8] = b"SOWOWT01";
const FORMAT: u8 = 1;
const HEADER: usize = 32;

/// Writes `t` to `path`, through `path.partial`.
pub(super) fn write(t: &OwareTables, path: &Path) -> Result<(), TablesError> {
    let io = |source| TablesError::Io {
        path: path.to_path_buf(),
        source,
    };
    let tmp = path.with_extension("partial");
    let slam = GrandSlam::ALL
        .iter()
        .position(|g| *g == t.grand_slam)
        .unwrap_or(0) as u8;
    let mut header = [0u8; HEADER];
    header[..8].copy_from_slice(MAGIC);
    header[8..12].copy_from_slice(&[FORMAT, t.houses, slam, t.max_seeds as u8]);
    let result = (|| {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        out.write_all(&header)?;
        for k in 0..=t.max_seeds {
            out.write_all(&checksum(level(t, k)).to_le_bytes())?;
        }
        out.write_all(&t.values)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io)
}

/// The values of level `k` of `t`.
fn level(t: &OwareTables, k: u32) -> &[u8] {
    let from = t.index.level_start(k) as usize;
    let to = t.index.level_start(k + 1) as usize;
    &t.values[from..to]
}

/// Reads the levels `0..=top` of the file at `path` into `t` (a table of its rules and at
/// least `top` seeds), checking the header and each level read. On an error, `t`'s values
/// are left zero.
pub(super) fn read_into(t: &mut OwareTables, path: &Path, top: u32) -> Result<(), TablesError> {
    let result = read(t, path, top);
    if result.is_err() {
        t.values.fill(0);
    }
    result
}

fn read(t: &mut OwareTables, path: &Path, top: u32) -> Result<(), TablesError> {
    let p = || path.to_path_buf();
    let io = |source| TablesError::Io { path: p(), source };
    let not = |problem: &str| TablesError::NotATable {
        path: p(),
        problem: problem.to_string(),
    };
    let corrupt = |problem: String| TablesError::Corrupt { path: p(), problem };
    let file = std::fs::File::open(path).map_err(io)?;
    let length = file.metadata().map_err(io)?.len();
    let mut file = std::io::BufReader::new(file);
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| not("shorter than a header"))?;
    if &header[..8] != MAGIC {
        return Err(not("no SOWOWT01 magic"));
    }
    let [format, houses, slam, seeds] = [header[8], header[9], header[10], header[11]];
    if format != FORMAT || header[12..].iter().any(|&b| b != 0) {
        return Err(not(&format!("format {format}, this crate reads {FORMAT}")));
    }
    let Some(&grand_slam) = GrandSlam::ALL.get(usize::from(slam)) else {
        return Err(not(&format!("grand-slam rule {slam}")));
    };
    if !(1..=8).contains(&houses) {
        return Err(not(&format!("{houses} houses a row")));
    }
    if houses != t.houses || grand_slam != t.grand_slam {
        return Err(TablesError::WrongRules {
            built: rules_text(houses, grand_slam),
            asked: rules_text(t.houses, t.grand_slam),
        });
    }
    let seeds = u32::from(seeds);
    if seeds > super::MAX_TABLE_SEEDS {
        return Err(not(&format!("{seeds} seeds")));
    }
    if seeds < top || top > t.max_seeds {
        return Err(TablesError::TooManySeeds {
            seeds: top,
            max: seeds,
        });
    }
    let expected = (HEADER + 8 * (seeds as usize + 1)) as u64 + t.index.boards(seeds);
    if length != expected {
        return Err(corrupt(format!(
            "{length} bytes, a table of {seeds} seeds takes {expected}"
        )));
    }
    let mut sums = Vec::with_capacity(seeds as usize + 1);
    let mut word = [0u8; 8];
    for _ in 0..=seeds {
        file.read_exact(&mut word).map_err(io)?;
        sums.push(u64::from_le_bytes(word));
    }
    let end = t.index.boards(top) as usize;
    file.read_exact(&mut t.values[..end]).map_err(io)?;
    for k in 0..=top {
        let bytes = level(t, k);
        if checksum(bytes) != sums[k as usize] {
            return Err(corrupt(format!("level {k} fails its checksum")));
        }
        if bytes.iter().any(|&b| u32::from(b & VALUE) > k) {
            return Err(corrupt(format!("a value of level {k} is above {k}")));
        }
    }
    Ok(())
}

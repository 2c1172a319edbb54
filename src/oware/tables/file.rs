//! The tables' file: a header, a checksum per level, the values.
//!
//! Header (32 bytes): the magic `SOWOWT01`, then a byte each: the format (1), the houses a
//! row, the grand-slam rule (its place in [`GrandSlam::ALL`]), the seeds; 20 bytes of
//! zeros. Then `seeds + 1` checksums (little-endian `u64`), one per level, and the values,
//! a byte a board in index order.

use crate::checksum::checksum;
use std::io::{Read, Write};
use std::path::Path;

use super::index::Index;
use super::{OwareTables, TablesError, VALUE, Values, rules_text};
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
        out.write_all(&t.values[..])?;
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
    level_of(&t.index, &t.values, k)
}

/// The values of level `k` in `values`, a table's values in index order.
fn level_of<'v>(index: &Index, values: &'v [u8], k: u32) -> &'v [u8] {
    let from = index.level_start(k) as usize;
    let to = index.level_start(k + 1) as usize;
    &values[from..to]
}

/// Reads the levels `0..=top` of the file at `path` into `t` (a table of its rules and at
/// least `top` seeds, its values in memory), checking the header and each level read. On an
/// error, `t`'s values are left zero.
pub(super) fn read_into(t: &mut OwareTables, path: &Path, top: u32) -> Result<(), TablesError> {
    let result = read(t, path, top);
    if result.is_err() {
        t.values.built_mut().fill(0);
    }
    result
}

fn read(t: &mut OwareTables, path: &Path, top: u32) -> Result<(), TablesError> {
    let io = |source| TablesError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let length = file.metadata().map_err(io)?.len();
    let mut file = std::io::BufReader::new(file);
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| not_a_table(path, "shorter than a header"))?;
    let seeds = check_header(t, path, &header, length, top)?;
    let mut sums = vec![0u8; 8 * (seeds as usize + 1)];
    file.read_exact(&mut sums).map_err(io)?;
    let end = t.index.boards(top) as usize;
    let values = t.values.built_mut();
    file.read_exact(&mut values[..end]).map_err(io)?;
    check_levels(&t.index, path, &values[..end], &sums, top)
}

/// Maps the file at `path`, a table of the rules of `t` (whose own values are not read) and
/// at least `top` seeds, and checks its header and the levels `0..=top`: the values of those
/// levels, read in place.
pub(super) fn map(t: &OwareTables, path: &Path, top: u32) -> Result<Values, TablesError> {
    let io = |source| TablesError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let length = file.metadata().map_err(io)?.len();
    if length < HEADER as u64 {
        return Err(not_a_table(path, "shorter than a header"));
    }
    // SAFETY: `Mmap::map` is unsafe because the bytes it maps belong to a file that another
    // process could change, or cut short, while the mapping lives: the `&[u8]` the mapping
    // hands out would then change under its borrow. The crate never changes a table file:
    // `save` writes a new file beside it and renames it over the old name, which leaves the
    // inode mapped here as it was until the mapping ends; and the file is opened read-only.
    // The module docs ask the same of every other program (a table file is replaced, never
    // written in place). Every byte value is a valid `u8`, so what the mapping holds can
    // make a value wrong but never an invalid value of its type; the offsets used below are
    // checked against the file's length before any slice is taken.
    #[allow(unsafe_code)]
    let mapped = unsafe { memmap2::MmapOptions::new().populate().map(&file) }.map_err(io)?;
    let header: &[u8; HEADER] = mapped[..HEADER].try_into().expect("the length was checked");
    let seeds = check_header(t, path, header, length, top)?;
    let start = HEADER + 8 * (seeds as usize + 1);
    let len = t.index.boards(top) as usize;
    check_levels(
        &t.index,
        path,
        &mapped[start..start + len],
        &mapped[HEADER..start],
        top,
    )?;
    Ok(Values::Mapped { mapped, start, len })
}

/// A [`TablesError::NotATable`] for `path`.
fn not_a_table(path: &Path, problem: &str) -> TablesError {
    TablesError::NotATable {
        path: path.to_path_buf(),
        problem: problem.to_string(),
    }
}

/// Checks the header of a file of `length` bytes against the table `t` asks for, up to
/// `top` seeds: its seeds, when it serves it.
fn check_header(
    t: &OwareTables,
    path: &Path,
    header: &[u8; HEADER],
    length: u64,
    top: u32,
) -> Result<u32, TablesError> {
    let not = |problem: &str| not_a_table(path, problem);
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
        return Err(TablesError::Corrupt {
            path: path.to_path_buf(),
            problem: format!("{length} bytes, a table of {seeds} seeds takes {expected}"),
        });
    }
    Ok(seeds)
}

/// Checks the levels `0..=top` of `values` against their checksums (`sums`, little-endian
/// words as the file keeps them) and the range of their values.
fn check_levels(
    index: &Index,
    path: &Path,
    values: &[u8],
    sums: &[u8],
    top: u32,
) -> Result<(), TablesError> {
    let corrupt = |problem: String| TablesError::Corrupt {
        path: path.to_path_buf(),
        problem,
    };
    for (k, sum) in (0..=top).zip(sums.chunks_exact(8)) {
        let bytes = level_of(index, values, k);
        let sum = u64::from_le_bytes(sum.try_into().expect("eight bytes"));
        if checksum(bytes) != sum {
            return Err(corrupt(format!("level {k} fails its checksum")));
        }
        // The largest value, as a fold the compiler makes 32 bytes a step (`any` stops at
        // the first and goes a byte at a time): this check took as long as the checksum.
        let top_value = bytes.iter().fold(0, |m, &b| m.max(b & VALUE));
        if u32::from(top_value) > k {
            return Err(corrupt(format!("a value of level {k} is above {k}")));
        }
    }
    Ok(())
}

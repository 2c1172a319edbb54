//! MancalaGames' start patterns (`start_pattern`) as a [`Board::start`](super::Board::start)
//! row (and a [`Board::north_start`](super::Board::north_start) row where North's differs):
//! each computed from the holes a row and their `nbr_start` as their engine fills the
//! board with South (the starter here) to move first.

use super::description::MAX_HOLES;

/// One row of a start pattern, hole 0 its owner's leftmost.
pub(crate) type Row = [u8; MAX_HOLES as usize];

/// The row that their start pattern `pattern` gives each player on a board of `holes`
/// holes a row (2 to [`MAX_HOLES`]) and `seeds` a hole (1 to 255): `Ok(None)` for their
/// default (every hole alike), or why it is not read: a size their engine refuses, rows
/// that differ, a hole past 255 seeds.
pub(crate) fn start_row(
    pattern: i64,
    holes: usize,
    seeds: u8,
) -> Result<Option<Row>, &'static str> {
    let mut row = [0u8; MAX_HOLES as usize];
    let holes = holes.clamp(2, usize::from(MAX_HOLES));
    match pattern {
        0 => return Ok(None),
        // Alternating empty and full holes from the starter's leftmost; with an odd number
        // of holes the two rows differ.
        2 if holes % 2 == 1 => {
            return Err(
                "their alternating start differs between the rows on an odd number of holes",
            );
        }
        2 => (1..holes).step_by(2).for_each(|i| row[i] = seeds),
        // Clipped triples: empty, full, full, again and again; holes past the last whole
        // triple stay empty.
        4 if holes < 3 => return Err("their clipped triples start needs at least 3 holes"),
        4 => (0..holes / 3 * 3)
            .filter(|i| i % 3 != 0)
            .for_each(|i| row[i] = seeds),
        // Every hole full but the two rightmost.
        5 if holes < 4 => return Err("their start with two empty holes needs at least 4 holes"),
        5 => row[..holes - 2].fill(seeds),
        // Every hole alike, the rightmost one seed more.
        8 => {
            row[..holes].fill(seeds);
            row[holes - 1] = seeds
                .checked_add(1)
                .ok_or("a description's hole holds at most 255 seeds")?;
        }
        11 if holes < 3 => {
            return Err("their start without an opening repeat needs at least 3 holes");
        }
        11 => {
            row[..holes].fill(seeds);
            if let Some((less, more)) = no_repeat_holes(holes, seeds) {
                row[less] -= 1;
                row[more] = row[more]
                    .checked_add(1)
                    .ok_or("a description's hole holds at most 255 seeds")?;
            }
        }
        _ => {
            return Err(
                "their start pattern differs between the rows and depends on the starter, or is drawn at random",
            );
        }
    }
    Ok(Some(row))
}

/// South's and North's rows (each from its owner's left) of their start pattern `pattern`,
/// as [`start_row`] but for GAMACHA (1) too, whose rows differ: every second hole round the
/// board full from South's third, then the seeds of one of North's holes moved to the
/// empty hole of South's across from it. `Ok(None)`: every hole alike.
pub(crate) fn start_rows(
    pattern: i64,
    holes: usize,
    seeds: u8,
) -> Result<Option<(Row, Row)>, &'static str> {
    if pattern != 1 {
        return Ok(start_row(pattern, holes, seeds)?.map(|row| (row, row)));
    }
    let holes = holes.clamp(2, usize::from(MAX_HOLES));
    if holes < 3 {
        return Err("their Gamacha start needs at least 3 holes");
    }
    // Places round the board: South's holes 0..holes from his left, then North's from his.
    let mut ring = [0u8; 2 * MAX_HOLES as usize];
    (2..2 * holes).step_by(2).for_each(|i| ring[i] = seeds);
    let to = 1 + 2 * ((holes - 1) / 4);
    let from = 2 * holes - 1 - to;
    ring[to] = ring[from];
    ring[from] = 0;
    let (mut south, mut north) = ([0u8; MAX_HOLES as usize], [0u8; MAX_HOLES as usize]);
    south[..holes].copy_from_slice(&ring[..holes]);
    north[..holes].copy_from_slice(&ring[holes..2 * holes]);
    Ok(Some((south, north)))
}

/// Their "no repeat turn when sowing the own store" start: one seed moves from hole `less`
/// to hole `more` of each row (both from the owner's left), so that the hole whose count
/// would end in the store with every hole alike no longer does; `None` where they move
/// nothing. `holes` is at least 3.
fn no_repeat_holes(holes: usize, seeds: u8) -> Option<(usize, usize)> {
    let (h, n) = (holes as i64, i64::from(seeds));
    let (more, less) = if n <= 2 {
        (h - n, (h - n - 2).max(0))
    } else if n <= h {
        (h - n, h + 2 - n)
    } else {
        // Seeds that go round the board (both rows and a store) once and more.
        let past = n % (2 * h + 1);
        let more = h - past;
        if !(0..h).contains(&more) {
            return None;
        }
        let mut less = h + 2 - past;
        if less >= h {
            // The leftmost hole that is not `more` and whose sowing, laps aside, does not
            // end in the store; the rightmost if there is none.
            let lap = (n - 1) % (2 * h + 1);
            less = (0..h).find(|&i| i != more && i + lap != h).unwrap_or(h - 1);
        }
        (more, less)
    };
    Some((less as usize, more as usize))
}

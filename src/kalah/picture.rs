//! Kalah's board as SVG: two rows of pits, a store at each end.

use super::{Capture, Kalah, KalahMove, KalahState};
use crate::player::Player;
use crate::ruleset::Ruleset;
use crate::svg::{Area, BOARD_Y, Highlight, HoleSpec, Shape, Spot, StoreSpec, frame, status};

/// Distance between pit centres.
const PITCH: f64 = 76.0;
const RADIUS: f64 = 30.0;
const STORE_W: f64 = 72.0;
const PAD: f64 = 14.0;

/// The board as South sees it: North's pits `m..1` on top, South's `1..m` below, North's
/// store at the left end and South's at the right (each at its owner's right).
pub(super) fn svg(rules: &Kalah, s: &KalahState, highlight: Option<&Highlight>) -> String {
    let m = s.pits();
    let none = Highlight::default();
    let hl = highlight.unwrap_or(&none);
    let board_w = 2.0 * (STORE_W + 2.0 * PAD) + m as f64 * PITCH;
    let board_h = 2.0 * PITCH + 2.0 * PAD;
    let (mut c, board_x) = frame(board_w, board_h, 380.0, false, highlight.is_some());
    let board = Area::new(board_x, BOARD_Y, board_w, board_h);
    let [south, north] = Kalah::SIDES;
    c.heading(board_x, 22.0, north);
    c.board(board_x, BOARD_Y, board_w, board_h);
    let pits_x = board_x + STORE_W + 2.0 * PAD;
    let rows = [BOARD_Y + PAD + PITCH * 0.5, BOARD_Y + PAD + PITCH * 1.5];
    for i in 0..m {
        // Column i: North's pit m-i on top, South's pit i+1 below.
        let x = pits_x + PITCH * (i as f64 + 0.5);
        for (row, owner, pit) in [(0, Player::North, m - i), (1, Player::South, i + 1)] {
            c.hole(&HoleSpec {
                x,
                y: rows[row],
                shape: Shape::Round(RADIUS),
                owner,
                index: pit,
                count: s.pit(owner, pit).into(),
                mark: hl.mark(Spot::Hole { owner, index: pit }),
                special: None,
                pending: false,
            });
        }
        c.column_numbers(x, board, m - i, i + 1, 13.0);
    }
    for (owner, x) in [
        (Player::North, board_x + PAD),
        (Player::South, board_x + board_w - PAD - STORE_W),
    ] {
        c.store(&StoreSpec {
            x,
            y: BOARD_Y + PAD,
            w: STORE_W,
            h: board_h - 2.0 * PAD,
            owner,
            count: s.store(owner).into(),
            mark: hl.mark(Spot::Store(owner)),
            caption: "store",
        });
    }
    let mut line = status(rules.outcome(s), s.to_move(), Kalah::SIDES);
    if s.swap_available() {
        line += " (may swap: pie rule)";
    }
    c.footer(
        board_x,
        BOARD_Y + board_h,
        south,
        &line,
        None,
        highlight.is_some(),
    );
    c.finish()
}

/// The pit `mv` sows from, the pit or store its last seed falls into, and the pits a capture
/// empties.
pub(super) fn highlight(rules: &Kalah, s: &KalahState, mv: KalahMove) -> Highlight {
    let KalahMove::Pit(pit) = mv else {
        return Highlight::default();
    };
    if !rules.is_legal(s, mv) {
        return Highlight::default();
    }
    let (m, me) = (s.pits(), s.to_move());
    let p = usize::from(pit) - 1;
    // The mover's loop: his pits 0..m, his store m, the opponent's pits m+1..=2m.
    let len = 2 * m + 1;
    let mut lane: Vec<u32> = (1..=m)
        .map(|k| u32::from(s.pit(me, k)))
        .chain([u32::from(s.store(me))])
        .chain((1..=m).map(|k| u32::from(s.pit(!me, k))))
        .collect();
    let seeds = lane[p];
    lane[p] = 0;
    let mut at = p;
    for _ in 0..seeds {
        at = (at + 1) % len;
        lane[at] += 1;
    }
    let origin = Some(Spot::Hole {
        owner: me,
        index: pit.into(),
    });
    let mut captured = Vec::new();
    let landing = if at < m {
        // Own pit k = at + 1 faces the opponent's pit m + 1 - k, loop index 2m - at.
        let opposite = lane[2 * m - at];
        let empty = rules.settings().capture == Capture::Empty;
        if lane[at] == 1 && (opposite > 0 || empty) {
            captured.push(Spot::Hole {
                owner: me,
                index: at + 1,
            });
            if opposite > 0 {
                captured.push(Spot::Hole {
                    owner: !me,
                    index: m - at,
                });
            }
        }
        Spot::Hole {
            owner: me,
            index: at + 1,
        }
    } else if at == m {
        Spot::Store(me)
    } else {
        Spot::Hole {
            owner: !me,
            index: at - m,
        }
    };
    Highlight {
        origin,
        landing: Some(landing),
        captured,
    }
}

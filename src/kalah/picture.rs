//! Kalah's board as SVG: two rows of pits, a store at each end.

use super::{Capture, Kalah, KalahMove, KalahState};
use crate::player::Player;
use crate::ruleset::Ruleset;
use crate::svg::{Canvas, Font, Highlight, HoleSpec, Shape, Spot, StoreSpec, colour, status};

/// Distance between pit centres.
const PITCH: f64 = 76.0;
const RADIUS: f64 = 30.0;
const STORE_W: f64 = 72.0;
const MARGIN: f64 = 20.0;
const PAD: f64 = 14.0;

/// The board as South sees it: North's pits `m..1` on top, South's `1..m` below, North's
/// store at the left end and South's at the right (each at its owner's right).
pub(super) fn svg(rules: &Kalah, s: &KalahState, highlight: Option<&Highlight>) -> String {
    let m = s.pits();
    let none = Highlight::default();
    let hl = highlight.unwrap_or(&none);
    let board_w = 2.0 * (STORE_W + 2.0 * PAD) + m as f64 * PITCH;
    let width = (board_w + 2.0 * MARGIN).max(380.0);
    let board_x = (width - board_w) / 2.0;
    let board_y = 64.0;
    let board_h = 2.0 * PITCH + 2.0 * PAD;
    let legend = highlight.is_some();
    let height = board_y + board_h + 86.0 + if legend { 26.0 } else { 0.0 };
    let mut c = Canvas::new(width, height);
    let [south, north] = Kalah::SIDES;
    c.text(
        board_x,
        22.0,
        Font::new(18.0, "start", true, colour::LABEL),
        north,
    );
    c.board(board_x, board_y, board_w, board_h);
    let pits_x = board_x + STORE_W + 2.0 * PAD;
    let col = |i: usize| pits_x + PITCH * (i as f64 + 0.5);
    let rows = [board_y + PAD + PITCH * 0.5, board_y + PAD + PITCH * 1.5];
    for i in 0..m {
        // Column i: North's pit m-i on top, South's pit i+1 below.
        let x = col(i);
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
        let number = |p: usize| p.to_string();
        c.text(
            x,
            board_y - 12.0,
            Font::new(13.0, "middle", false, colour::LABEL),
            &number(m - i),
        );
        c.text(
            x,
            board_y + board_h + 14.0,
            Font::new(13.0, "middle", false, colour::LABEL),
            &number(i + 1),
        );
    }
    for (owner, x) in [
        (Player::North, board_x + PAD),
        (Player::South, board_x + board_w - PAD - STORE_W),
    ] {
        c.store(&StoreSpec {
            x,
            y: board_y + PAD,
            w: STORE_W,
            h: board_h - 2.0 * PAD,
            owner,
            count: s.store(owner).into(),
            mark: hl.mark(Spot::Store(owner)),
            caption: "store",
        });
    }
    let below = board_y + board_h;
    c.text(
        board_x,
        below + 38.0,
        Font::new(18.0, "start", true, colour::LABEL),
        south,
    );
    let mut line = status(rules.outcome(s), s.to_move(), Kalah::SIDES);
    if s.swap_available() {
        line += " (may swap: pie rule)";
    }
    c.text(
        width / 2.0,
        below + 66.0,
        Font::new(16.0, "middle", true, colour::LABEL),
        &line,
    );
    if legend {
        c.legend(board_x, below + 94.0, 13.0);
    }
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

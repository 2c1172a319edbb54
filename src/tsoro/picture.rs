//! Tsoro's board as SVG: four rows, the heads marked, the turn's pending decision.

use super::sow::{LapEnd, relay};
use super::state::{LOOP, keys};
use super::{Hole, Phase, Tsoro, TsoroMove, TsoroState};
use crate::player::Player;
use crate::ruleset::Ruleset;
use crate::svg::{
    Area, BOARD_Y, Font, Highlight, HoleSpec, Shape, Spot, StoreSpec, colour, frame, status,
};

const PITCH: f64 = 46.0;
const RADIUS: f64 = 19.0;
const PAD: f64 = 12.0;
/// Width of the row letters at the board's left.
const LABELS: f64 = 22.0;
/// The captured-stones boxes at the board's right.
const BOX_W: f64 = 70.0;
/// The gap between the two players' halves.
const MIDDLE: f64 = 14.0;

/// The board as South sees it: North's outer and inner rows on top, South's inner and outer
/// rows below, columns numbered from each player's own left (South's below the board,
/// North's above it); heads ringed in gold and named; a head waiting for `relay` or `stop`
/// ringed again; the stones each player has captured in a box at the right.
pub(super) fn svg(rules: &Tsoro, s: &TsoroState, highlight: Option<&Highlight>) -> String {
    let n = s.holes();
    let none = Highlight::default();
    let hl = highlight.unwrap_or(&none);
    let heads = rules.settings().heads.mask(n);
    let board_w = LABELS + n as f64 * PITCH + 2.0 * PAD;
    let board_h = 4.0 * PITCH + MIDDLE + 2.0 * PAD;
    // The board and, beside it, the captured stones.
    let content_w = board_w + 12.0 + BOX_W;
    let (mut c, board_x) = frame(content_w, board_h, 520.0, true, highlight.is_some());
    let board = Area::new(board_x, BOARD_Y, board_w, board_h);
    let names = Tsoro::SIDES;
    c.heading(board_x, 22.0, names[1]);
    c.board(board_x, BOARD_Y, board_w, board_h);
    let x0 = board_x + PAD + LABELS;
    let row_y =
        |r: usize| BOARD_Y + PAD + PITCH * (r as f64 + 0.5) + if r >= 2 { MIDDLE } else { 0.0 };
    let pending = match s.phase() {
        Phase::Head(i) => Some(usize::from(i)),
        _ => None,
    };
    let letters = Font::new(14.0, "middle", true, colour::COUNT);
    for row in 0..4 {
        let y = row_y(row);
        let letter = if row == 0 || row == 3 { "o" } else { "i" };
        c.text(board_x + PAD + LABELS / 2.0, y, letters, letter);
        for col in 0..n {
            let (owner, index) = TsoroState::cell(n, row, col);
            let head = heads >> index & 1 == 1 && index < n;
            c.hole(&HoleSpec {
                x: x0 + PITCH * (col as f64 + 0.5),
                y,
                shape: Shape::Round(RADIUS),
                owner,
                index,
                count: s.hole(owner, index).into(),
                mark: hl.mark(Spot::Hole { owner, index }),
                special: head.then_some("head"),
                pending: owner == s.to_move() && pending == Some(index),
            });
        }
    }
    for col in 0..n {
        c.column_numbers(
            x0 + PITCH * (col as f64 + 0.5),
            board,
            n - col,
            col + 1,
            12.0,
        );
    }
    let box_x = board_x + board_w + 12.0;
    for (owner, y) in [
        (Player::North, BOARD_Y),
        (Player::South, BOARD_Y + board_h - 2.0 * PITCH - PAD),
    ] {
        c.store(&StoreSpec {
            x: box_x,
            y,
            w: BOX_W,
            h: 2.0 * PITCH + PAD,
            owner,
            count: s.captured(owner).into(),
            mark: hl.mark(Spot::Store(owner)),
            caption: "captured",
        });
    }
    let line = status(rules.outcome(s), s.to_move(), names);
    let note = pending_line(rules, s);
    c.footer(
        board_x,
        BOARD_Y + board_h,
        names[0],
        &line,
        note.as_deref(),
        highlight.is_some(),
    );
    c.finish()
}

/// The decision the mover's turn waits on, in words; `None` at the start of a turn.
fn pending_line(rules: &Tsoro, s: &TsoroState) -> Option<String> {
    let n = s.holes();
    let who = s.to_move();
    let mut line = match s.phase() {
        Phase::Start => return None,
        Phase::Head(i) => format!(
            "{who}'s lap ended in his head {}: relay or stop",
            Hole::from_own_index(i.into(), n)
        ),
        Phase::Bonus(k) => {
            let takes = if k == 1 { "take" } else { "takes" };
            if rules.settings().forced_bonus {
                format!("{who} has captured: {k} bonus {takes} to make")
            } else {
                format!("{who} has captured: up to {k} bonus {takes}, or done")
            }
        }
    };
    let (hand, at) = s.hand();
    if hand > 0 {
        line += &format!(
            "; {hand} stones in hand, sown on after {}",
            Hole::from_own_index(at, n)
        );
    }
    Some(line)
}

/// The hole an action starts from, the hole the first lap's relay ends in, and the
/// opponent's holes it empties (a capture or a bonus take).
pub(super) fn highlight(rules: &Tsoro, s: &TsoroState, mv: TsoroMove) -> Highlight {
    if !rules.is_legal(s, mv) {
        return Highlight::default();
    }
    let (n, me) = (s.holes(), s.to_move());
    let len = 2 * n;
    let mine = me.index();
    // Where a relay from loop index `i` ends, sowing a copy of the mover's loop.
    let ends = |i: usize| {
        let mut b: [u8; LOOP] = s.holes[mine];
        let c = b[i];
        b[i] = 0;
        let mut h = 0;
        match relay::<false>(
            &mut b,
            &keys::HOLES[mine],
            &mut h,
            &rules.shape,
            i,
            u32::from(c).max(1),
        ) {
            LapEnd::Empty(j) | LapEnd::Head(j) => Some(j),
            LapEnd::Endless => None,
        }
    };
    let hole = |owner, index| Spot::Hole { owner, index };
    let (origin, landing) = match (s.phase(), mv) {
        (_, TsoroMove::Sow(h)) => match h.own_index(n) {
            Some(i) if s.hole(me, i) == 1 => (Some(i), Some((i + 1) % len)),
            Some(i) => (Some(i), ends(i)),
            None => (None, None),
        },
        (Phase::Head(i), TsoroMove::Relay) => (Some(usize::from(i)), ends(i.into())),
        (Phase::Head(i), TsoroMove::Stop) => (None, Some(usize::from(i))),
        _ => (None, None),
    };
    let mut after = *s;
    rules.play_unchecked(&mut after, mv);
    let captured = (0..len)
        .filter(|&j| s.hole(!me, j) > 0 && after.hole(!me, j) == 0)
        .map(|j| hole(!me, j))
        .collect();
    Highlight {
        origin: origin.map(|i| hole(me, i)),
        landing: landing.map(|j| hole(me, j)),
        captured,
    }
}

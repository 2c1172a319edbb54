//! Toguz Kumalak's board as SVG: two rows of long holes, the kazans between them.

use super::{Landing, Toguz, ToguzMove, ToguzState};
use crate::player::Player;
use crate::ruleset::Ruleset;
use crate::svg::{Canvas, Font, Highlight, HoleSpec, Shape, Spot, StoreSpec, colour, status};

const PITCH: f64 = 64.0;
const RX: f64 = 24.0;
const RY: f64 = 38.0;
const ROW_H: f64 = 2.0 * RY + 16.0;
const KAZAN_H: f64 = 46.0;
const MARGIN: f64 = 20.0;
const PAD: f64 = 16.0;

/// The board as the federation's diagrams show it: Black's (North's) holes `9..1` on top,
/// White's (South's) `1..9` below, and between them the two kazans, Black's above White's.
/// A tuzdik is its hole drawn dark with an X, named under it.
pub(super) fn svg(rules: &Toguz, s: &ToguzState, highlight: Option<&Highlight>) -> String {
    let n = s.holes();
    let none = Highlight::default();
    let hl = highlight.unwrap_or(&none);
    let board_w = n as f64 * PITCH + 2.0 * PAD;
    let width = (board_w + 2.0 * MARGIN).max(420.0);
    let board_x = (width - board_w) / 2.0;
    let board_y = 64.0;
    let board_h = 2.0 * ROW_H + 2.0 * KAZAN_H + 3.0 * 10.0 + 2.0 * PAD;
    let legend = highlight.is_some();
    let height = board_y + board_h + 86.0 + if legend { 26.0 } else { 0.0 };
    let names = Toguz::SIDES;
    let mut c = Canvas::new(width, height);
    let tuzdik_note = |p: Player| match s.tuzdik(p) {
        Some(h) => format!(
            "{} (tuzdik: {}'s hole {h})",
            names[p.index()],
            names[1 - p.index()]
        ),
        None => names[p.index()].to_string(),
    };
    c.text(
        board_x,
        22.0,
        Font::new(18.0, "start", true, colour::LABEL),
        &tuzdik_note(Player::North),
    );
    c.board(board_x, board_y, board_w, board_h);
    let top = board_y + PAD + ROW_H / 2.0;
    let bottom = board_y + board_h - PAD - ROW_H / 2.0;
    let col = |i: usize| board_x + PAD + PITCH * (i as f64 + 0.5);
    for i in 0..n {
        let x = col(i);
        for (y, owner, hole) in [(top, Player::North, n - i), (bottom, Player::South, i + 1)] {
            let tuzdik = s.is_tuzdik(owner, hole);
            c.hole(&HoleSpec {
                x,
                y,
                shape: Shape::Oval(RX, RY),
                owner,
                index: hole,
                count: s.hole(owner, hole).into(),
                mark: hl.mark(Spot::Hole { owner, index: hole }),
                special: tuzdik.then_some("tuzdik"),
                pending: false,
            });
        }
        c.text(
            x,
            board_y - 12.0,
            Font::new(13.0, "middle", false, colour::LABEL),
            &(n - i).to_string(),
        );
        c.text(
            x,
            board_y + board_h + 14.0,
            Font::new(13.0, "middle", false, colour::LABEL),
            &(i + 1).to_string(),
        );
    }
    let kazan_w = board_w - 2.0 * PAD;
    let mid = board_y + board_h / 2.0;
    for (owner, y) in [
        (Player::North, mid - KAZAN_H - 5.0),
        (Player::South, mid + 5.0),
    ] {
        c.store(&StoreSpec {
            x: board_x + PAD,
            y,
            w: kazan_w,
            h: KAZAN_H,
            owner,
            count: s.kazan(owner).into(),
            mark: hl.mark(Spot::Store(owner)),
            caption: if owner == Player::North {
                "Black's kazan"
            } else {
                "White's kazan"
            },
        });
    }
    let below = board_y + board_h;
    c.text(
        board_x,
        below + 38.0,
        Font::new(18.0, "start", true, colour::LABEL),
        &tuzdik_note(Player::South),
    );
    let line = status(rules.outcome(s), s.to_move(), names);
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

/// The hole `mv` lifts, the hole its last ball falls into, and that hole again if the move
/// captures its balls or makes it a tuzdik.
pub(super) fn highlight(rules: &Toguz, s: &ToguzState, mv: ToguzMove) -> Highlight {
    let Ok(effect) = rules.effect(s, mv) else {
        return Highlight::default();
    };
    let landing = Spot::Hole {
        owner: effect.side,
        index: effect.hole.into(),
    };
    Highlight {
        origin: Some(Spot::Hole {
            owner: s.to_move(),
            index: mv.0.into(),
        }),
        landing: Some(landing),
        captured: match effect.landing {
            Landing::Nothing => Vec::new(),
            Landing::Capture(_) | Landing::Tuzdik => vec![landing],
        },
    }
}

//! Toguz Kumalak's pictures: two rows of long holes, the kazans between them, in the
//! terminal and as SVG.

use std::fmt::Write as _;

use super::{Toguz, ToguzState};
use crate::effect::Spot;
use crate::picture::svg::{Area, BOARD_Y, Highlight, HoleSpec, Shape, StoreSpec, frame, status};
use crate::picture::{Picture, game_over};
use crate::player::Player;
use crate::ruleset::Ruleset;

const PITCH: f64 = 64.0;
const RX: f64 = 24.0;
const RY: f64 = 38.0;
const ROW_H: f64 = 2.0 * RY + 16.0;
const KAZAN_H: f64 = 46.0;
const PAD: f64 = 16.0;

/// The federation diagrams' layout: Black's (North's) holes `9..1` on top, White's
/// (South's) `1..9` below; the sides called White and Black. Moves are marked from their
/// [`Ruleset::effect`]: the hole lifted, the hole the last ball falls into, and that hole
/// again if the move captures its balls or makes it a tuzdik.
impl Picture for Toguz {
    fn holes(&self, s: &ToguzState) -> [Vec<u32>; 2] {
        [Player::South, Player::North]
            .map(|p| (1..=s.holes()).map(|h| u32::from(s.hole(p, h))).collect())
    }

    /// The full-move number's plies: two a move, and one more with North (Black) to move.
    fn ply(&self, s: &ToguzState) -> Option<u32> {
        let black = u32::from(s.to_move() == Player::North);
        Some(2 * u32::from(s.fullmove().saturating_sub(1)) + black)
    }

    /// The tuzdiks: each side's, the hole number on the opponent's side.
    fn owned_holes(&self, s: &ToguzState) -> Option<[Option<u8>; 2]> {
        Some([s.tuzdik(Player::South), s.tuzdik(Player::North)])
    }

    fn picture(&self, s: &ToguzState) -> String {
        text(s, self.outcome(s))
    }

    fn picture_svg_with(&self, s: &ToguzState, highlight: Option<&Highlight>) -> String {
        svg(self, s, highlight)
    }
}

/// The terminal picture: `-` for an empty hole, `X` for a tuzdik, the kazans beside.
fn text(s: &ToguzState, outcome: Option<crate::player::Outcome>) -> String {
    let n = s.holes();
    let [white, black] = Toguz::SIDES;
    let cell = |p: Player, h: usize| -> String {
        if s.is_tuzdik(p, h) {
            "X".into()
        } else {
            match s.hole(p, h) {
                0 => "-".into(),
                c => c.to_string(),
            }
        }
    };
    let mark = |p: Player| crate::text::to_move_mark(s.to_move(), p, outcome);
    let mut out = String::new();
    for h in (1..=n).rev() {
        let _ = write!(out, "{h:>4}");
    }
    let _ = writeln!(out, "   {black}{}", mark(Player::North));
    for h in (1..=n).rev() {
        let _ = write!(out, "{:>4}", cell(Player::North, h));
    }
    let _ = writeln!(out, "   kazan {}", s.kazan(Player::North));
    for h in 1..=n {
        let _ = write!(out, "{:>4}", cell(Player::South, h));
    }
    let _ = writeln!(out, "   kazan {}", s.kazan(Player::South));
    for h in 1..=n {
        let _ = write!(out, "{h:>4}");
    }
    let _ = write!(out, "   {white}{}", mark(Player::South));
    if let Some(outcome) = outcome {
        let _ = write!(out, "\nGame over: {}", game_over(outcome, Toguz::SIDES));
    }
    out
}

/// The SVG picture: between the rows the two kazans, Black's above White's; a tuzdik is its
/// hole drawn dark with an X, named under it.
fn svg(rules: &Toguz, s: &ToguzState, highlight: Option<&Highlight>) -> String {
    let n = s.holes();
    let none = Highlight::default();
    let hl = highlight.unwrap_or(&none);
    let board_w = n as f64 * PITCH + 2.0 * PAD;
    let board_h = 2.0 * ROW_H + 2.0 * KAZAN_H + 3.0 * 10.0 + 2.0 * PAD;
    let (mut c, board_x) = frame(board_w, board_h, 420.0, false, highlight.is_some());
    let board = Area::new(board_x, BOARD_Y, board_w, board_h);
    let names = Toguz::SIDES;
    let heading = |p: Player| match s.tuzdik(p) {
        Some(h) => format!(
            "{} (tuzdik: {}'s hole {h})",
            names[p.index()],
            names[1 - p.index()]
        ),
        None => names[p.index()].to_string(),
    };
    c.heading(board_x, 22.0, &heading(Player::North));
    c.board(board_x, BOARD_Y, board_w, board_h);
    let top = BOARD_Y + PAD + ROW_H / 2.0;
    let bottom = BOARD_Y + board_h - PAD - ROW_H / 2.0;
    for i in 0..n {
        let x = board_x + PAD + PITCH * (i as f64 + 0.5);
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
        c.column_numbers(x, board, n - i, i + 1, 13.0);
    }
    let mid = BOARD_Y + board_h / 2.0;
    for (owner, y, caption) in [
        (Player::North, mid - KAZAN_H - 5.0, "Black's kazan"),
        (Player::South, mid + 5.0, "White's kazan"),
    ] {
        c.store(&StoreSpec {
            x: board_x + PAD,
            y,
            w: board_w - 2.0 * PAD,
            h: KAZAN_H,
            owner,
            count: s.kazan(owner).into(),
            mark: hl.mark(Spot::Store(owner)),
            caption,
        });
    }
    let line = status(rules.outcome(s), s.to_move(), names);
    let south = heading(Player::South);
    c.footer(
        board_x,
        BOARD_Y + board_h,
        &south,
        &line,
        None,
        highlight.is_some(),
    );
    c.finish()
}

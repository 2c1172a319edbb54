//! Tsoro's pictures: four rows, the heads marked, the turn's pending decision, in the
//! terminal and as SVG.

use std::fmt::Write as _;

use super::{Hole, Phase, Tsoro, TsoroMove, TsoroState};
use crate::effect::Spot;
use crate::picture::svg::{
    Area, BOARD_Y, Font, Highlight, HoleSpec, Shape, StoreSpec, colour, frame, status,
};
use crate::picture::{Picture, game_over};
use crate::player::{Outcome, Player};
use crate::ruleset::Ruleset;

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
/// rows below, columns numbered from each player's own left as his moves name them (South's
/// below the board, North's above it).
impl Picture for Tsoro {
    /// Each player's `2N` holes in the order his stones go round: his outer row from his
    /// left, then his inner row from his right ([`TsoroState::row_loop`]).
    fn holes(&self, s: &TsoroState) -> [Vec<u32>; 2] {
        [Player::South, Player::North]
            .map(|p| s.row_loop(p).iter().map(|&c| u32::from(c)).collect())
    }

    /// The plies played, counted under a ply limit (`max-plies`).
    fn ply(&self, s: &TsoroState) -> Option<u32> {
        self.settings().max_plies.map(|_| s.ply())
    }

    fn picture(&self, s: &TsoroState) -> String {
        text(s, self.outcome(s))
    }

    fn picture_svg_with(&self, s: &TsoroState, highlight: Option<&Highlight>) -> String {
        svg(self, s, highlight)
    }

    /// From the move's [`Ruleset::effect`]: the hole an action lifts first, the hole its
    /// last stone falls into, the opponent's holes it empties (a capture or a bonus take);
    /// `stop` marks the head it stops at.
    fn highlight(&self, s: &TsoroState, mv: TsoroMove) -> Highlight {
        let Ok(effect) = self.effect(s, mv) else {
            return Highlight::default();
        };
        let mut highlight = Highlight::from(&effect);
        if let (Phase::Head(i), TsoroMove::Stop) = (s.phase(), mv) {
            highlight.landing = Some(Spot::Hole {
                owner: s.to_move(),
                index: i.into(),
            });
        }
        highlight
    }
}

/// The terminal picture: heads unmarked, each side's column numbers on its side.
fn text(s: &TsoroState, outcome: Option<Outcome>) -> String {
    let text = s.to_string();
    let mut parts = text.split(' ');
    let rows: Vec<&str> = parts.next().unwrap_or("").split('/').collect();
    let rest: Vec<&str> = parts.collect();
    let mut out = String::new();
    let n = s.holes();
    let [south, north] = Tsoro::SIDES;
    let numbers = |out: &mut String, columns: &mut dyn Iterator<Item = usize>| {
        let _ = write!(out, "      ");
        for c in columns {
            let _ = write!(out, "{c:>3}");
        }
    };
    // North's holes count from North's left: South's right.
    numbers(&mut out, &mut (1..=n).rev());
    let _ = writeln!(out);
    let names = ["N out", "N in ", "S in ", "S out"];
    for (r, row) in rows.iter().enumerate() {
        if r == 2 {
            let _ = writeln!(out, "      {}", "---".repeat(n));
        }
        let _ = write!(out, "{} ", names[r]);
        for v in row.split(',') {
            let _ = write!(out, "{v:>3}");
        }
        let _ = writeln!(out);
    }
    numbers(&mut out, &mut (1..=n));
    let _ = writeln!(out);
    let _ = write!(
        out,
        "captured: {south} {}, {north} {}",
        s.captured(Player::South),
        s.captured(Player::North),
    );
    match outcome {
        Some(outcome) => {
            let _ = write!(out, "\nGame over: {}", game_over(outcome, Tsoro::SIDES));
        }
        None => {
            let _ = write!(out, "; {} to move", Tsoro::SIDES[s.to_move().index()]);
            for extra in rest.iter().skip(3) {
                let _ = write!(out, "; {extra}");
            }
        }
    }
    out
}

/// The SVG picture: heads ringed in gold and named; a head waiting for `relay` or `stop`
/// ringed again; the stones each player has captured in a box at the right.
fn svg(rules: &Tsoro, s: &TsoroState, highlight: Option<&Highlight>) -> String {
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

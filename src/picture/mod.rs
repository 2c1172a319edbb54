//! Pictures of positions for people: the [`Picture`] trait, beside the rules rather than in
//! them. Every game of the crate draws its real board, as terminal text
//! ([`Picture::picture`]) and as SVG ([`Picture::picture_svg`], see [`svg`]), with the last
//! move marked ([`Picture::highlight`]) and the sides called by the game's own names
//! ([`Ruleset::SIDES`]).
//!
//! A ruleset defined outside the crate gets pictures by implementing the trait: with no
//! method at all it is drawn as its position text; with [`Picture::board`], the holes and
//! stores of a position, it is drawn as a board of two rows with a store at each end (a
//! [`Board`]), its holes and stores labelled as the game names them ([`Labels`]), and its
//! moves are marked from its [`Ruleset::effect`]. A board of another shape draws itself with
//! the kit the crate's games draw with: [`svg`]'s [`Canvas`](svg::Canvas) and
//! [`frame`], and [`game_over`] and [`to_move_mark`](crate::text::to_move_mark)
//! for the terminal.
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::{Picture, Ruleset};
//!
//! let rules = Kalah::default();
//! let text = rules.picture(&rules.start());
//! assert!(text.contains("North"));
//! assert!(rules.picture_svg(&rules.start()).starts_with("<svg"));
//! ```

pub mod svg;

use std::fmt::Write as _;

use crate::effect::{Effect, Spot};
use crate::player::{Outcome, Player};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use svg::{Area, BOARD_Y, Highlight, HoleSpec, Shape, StoreSpec, frame, status};

/// Pictures of a ruleset's positions: terminal text and SVG, and the marks of a move.
///
/// Every method is provided. The defaults draw [`board`](Picture::board) when the ruleset
/// gives one, and the position text otherwise; the crate's games draw their own boards.
pub trait Picture: Ruleset {
    /// The holes and stores of `state`, for the provided pictures; `None` (the default)
    /// draws the position text instead.
    fn board(&self, state: &Self::State) -> Option<Board> {
        let _ = state;
        None
    }

    /// Each side's holes of `state`, South's first, for a program that reads the board
    /// without text: the [`board`](Picture::board)'s holes by default (from each owner's hole
    /// 1), two empty rows for a game with none. A game whose board is of another shape says
    /// how its holes read as two rows (Toguz Kumalak's nine holes a side, a tuzdik holding 0;
    /// each Tsoro player's `2N` holes in the order his stones go round).
    fn holes(&self, state: &Self::State) -> [Vec<u32>; 2] {
        self.board(state)
            .map_or_else(|| [Vec::new(), Vec::new()], |board| board.holes)
    }

    /// The plies `state` has counted since the start, where the position keeps them (Toguz
    /// Kumalak's move number; Tsoro's and Oware's count under a ply limit); `None` (the
    /// default) where it does not.
    fn ply(&self, state: &Self::State) -> Option<u32> {
        let _ = state;
        None
    }

    /// The holes each side owns on the other's side (South's, North's), each the hole's
    /// number on its side, in a game where a hole can change owner (Toguz Kumalak's
    /// tuzdiks); `None` (the default) in a game without such holes.
    fn owned_holes(&self, state: &Self::State) -> Option<[Option<u8>; 2]> {
        let _ = state;
        None
    }

    /// A picture of the board for people, several lines long: the [`board`](Picture::board)
    /// if there is one, else the position text.
    fn picture(&self, state: &Self::State) -> String {
        match self.board(state) {
            Some(board) => board.text(Self::SIDES),
            None => state.to_string(),
        }
    }

    /// The board as a self-contained SVG document (no scripts, no external fonts): see
    /// [`svg`].
    fn picture_svg(&self, state: &Self::State) -> String {
        self.picture_svg_with(state, None)
    }

    /// [`picture_svg`](Picture::picture_svg) with the holes of a move marked, as
    /// [`highlight`](Picture::highlight) finds them. The default draws the
    /// [`board`](Picture::board), or else the text [`picture`](Picture::picture).
    fn picture_svg_with(&self, state: &Self::State, highlight: Option<&Highlight>) -> String {
        match self.board(state) {
            Some(board) => board.svg(Self::SIDES, highlight),
            None => svg::text_picture(&self.picture(state), highlight),
        }
    }

    /// The holes `mv` played from `state` starts from, ends in and captures, for a picture
    /// of the position after it: by default read from [`Ruleset::effect`]; nothing for an
    /// illegal move.
    fn highlight(&self, state: &Self::State, mv: Self::Move) -> Highlight {
        self.effect(state, mv)
            .map(|e| Highlight::from(&e))
            .unwrap_or_default()
    }
}

impl From<&Effect> for Highlight {
    /// The origin, the last seed's spot, and the holes captured or marked.
    fn from(e: &Effect) -> Highlight {
        Highlight {
            origin: e.origin,
            landing: e.last,
            captured: e
                .captured
                .iter()
                .chain(e.marked.iter().filter(|&s| !e.captured.contains(s)))
                .collect(),
        }
    }
}

impl<R: Picture> GameRecord<R> {
    /// A picture of the board at the cursor for people ([`Picture::picture`]).
    pub fn picture(&self) -> String {
        self.rules().picture(self.current())
    }
}

/// How a game ended, as [`Outcome`] prints it but with the sides called `names` (South's
/// first): `North wins 21-27`, `draw 24-24`; the terminal pictures end with it.
///
/// ```
/// use sowing::picture::game_over;
/// use sowing::{Outcome, Score};
/// let draw = Outcome::Draw { score: Some(Score { south: 24, north: 24 }) };
/// assert_eq!(game_over(draw, ["White", "Black"]), "draw 24-24");
/// ```
pub fn game_over(outcome: Outcome, names: [&str; 2]) -> String {
    let mut text = match outcome {
        Outcome::Win { winner, .. } => format!("{} wins", names[winner.index()]),
        Outcome::Draw { .. } => "draw".to_string(),
    };
    if let Some(score) = outcome.score() {
        let _ = write!(text, " {score}");
    }
    text
}

/// A position as two rows of holes with a store at each end, for
/// [`Picture::board`]: the provided pictures draw it as Kalah's board is drawn. Holes are
/// indexed `1..=n` from their owner's left, as the highlight's [`Spot`]s must name them, and
/// labelled by [`labels`](Board::labels): numbers `1..=n` and `store` by default.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// The seeds in each side's holes, from the owner's left (hole 1 first), indexed by
    /// [`Player::index`]. The rows are drawn side by side, so they should be of one length.
    pub holes: [Vec<u32>; 2],
    /// The seeds in each side's store, indexed by [`Player::index`].
    pub stores: [u32; 2],
    /// The player to move.
    pub to_move: Player,
    /// How the game ended, or `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// What the pictures write beside the holes and in the stores.
    pub labels: Labels,
}

/// The labels a [`Board`] is drawn with: each hole's (above North's row, below South's, in
/// the terminal and in SVG) and each store's (the caption under the count in SVG; in the
/// terminal, beside the count, unless it is the default `store`).
///
/// The default numbers every side's holes `1..=n` and calls both stores `store`, as the
/// crate's Kalah board is drawn. The terminal picture gives a hole's label two columns: longer
/// labels push the row out of line.
///
/// ```
/// use sowing::picture::Labels;
/// use sowing::Player;
///
/// let labels = Labels::new(["a", "b", "c"], ["A", "B", "C"], ["bank", "BANK"]);
/// assert_eq!(labels.hole(Player::North, 2), "B");
/// assert_eq!(labels.store(Player::South), "bank");
/// assert_eq!(Labels::default().hole(Player::North, 2), "2");
/// assert_eq!(labels.hole(Player::North, 4), "4"); // past the labels given: the number
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Labels {
    /// Each side's hole labels, from hole 1, indexed by [`Player::index`]; a hole past the
    /// end of its side's list (every hole, for an empty list) is labelled by its number.
    pub holes: [Vec<String>; 2],
    /// Each side's store label, indexed by [`Player::index`].
    pub stores: [String; 2],
}

impl Default for Labels {
    /// Holes numbered, stores called `store`.
    fn default() -> Self {
        Labels {
            holes: [Vec::new(), Vec::new()],
            stores: ["store".into(), "store".into()],
        }
    }
}

impl Labels {
    /// South's hole labels from his hole 1, North's from his, and the stores' (South's
    /// first).
    pub fn new<S: AsRef<str>, N: AsRef<str>>(
        south: impl IntoIterator<Item = S>,
        north: impl IntoIterator<Item = N>,
        stores: [&str; 2],
    ) -> Self {
        Labels {
            holes: [
                south.into_iter().map(|l| l.as_ref().to_string()).collect(),
                north.into_iter().map(|l| l.as_ref().to_string()).collect(),
            ],
            stores: stores.map(str::to_string),
        }
    }

    /// The label of `owner`'s hole `hole` (`1..`): the one given, or the hole's number.
    pub fn hole(&self, owner: Player, hole: usize) -> String {
        match self.holes[owner.index()].get(hole.wrapping_sub(1)) {
            Some(label) => label.clone(),
            None => hole.to_string(),
        }
    }

    /// The label of `owner`'s store.
    pub fn store(&self, owner: Player) -> &str {
        &self.stores[owner.index()]
    }

    /// The store's label as the terminal picture writes it, before North's count or after
    /// South's: nothing for the default `store`.
    fn store_in_text(&self, owner: Player) -> &str {
        match self.store(owner) {
            "store" => "",
            label => label,
        }
    }
}

/// Distance between hole centres in a [`Board`]'s SVG.
const PITCH: f64 = 76.0;
const RADIUS: f64 = 30.0;
const STORE_W: f64 = 72.0;
const PAD: f64 = 14.0;

impl Board {
    /// The seeds of `owner`'s hole `hole` (`1..`), 0 past the row's end.
    fn hole(&self, owner: Player, hole: usize) -> u32 {
        self.holes[owner.index()]
            .get(hole.wrapping_sub(1))
            .copied()
            .unwrap_or(0)
    }

    /// Holes a row: the longer row.
    fn width(&self) -> usize {
        self.holes[0].len().max(self.holes[1].len())
    }

    /// The terminal picture: North's row on top (his hole 1 at the right), the stores at
    /// the ends, each side's hole labels and name (`names`, South's first) on its own side.
    ///
    /// ```
    /// use sowing::picture::{Board, Labels};
    /// use sowing::Player;
    ///
    /// let mut board = Board {
    ///     holes: [vec![1, 0], vec![2, 3]],
    ///     stores: [4, 5],
    ///     to_move: Player::South,
    ///     outcome: None,
    ///     labels: Labels::default(),
    /// };
    /// let text = board.text(["South", "North"]);
    /// let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    /// assert_eq!(lines[0], "         2    1   North");
    /// assert_eq!(lines[2], "      |  3 |  2 |");
    /// assert_eq!(lines[3], "    5 +----+----+  4");
    /// assert_eq!(lines[6], "         1    2   South  <- to move");
    ///
    /// // A game's own labels: letters for the holes, its word for the stores.
    /// board.labels = Labels::new(["a", "b"], ["A", "B"], ["bank", "bank"]);
    /// let text = board.text(["South", "North"]);
    /// let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    /// assert_eq!(lines[0], "              B    A   North");
    /// assert_eq!(lines[2], "           |  3 |  2 |");
    /// assert_eq!(lines[3], "  bank   5 +----+----+  4 bank");
    /// assert_eq!(lines[6], "              a    b   South  <- to move");
    /// ```
    pub fn text(&self, names: [&str; 2]) -> String {
        let m = self.width();
        let [south, north] = names;
        let labels = &self.labels;
        // North's store, with its label: the margin before the board grows to hold it.
        let north_store = match labels.store_in_text(Player::North) {
            "" => format!("{:>3}", self.stores[Player::North.index()]),
            label => format!("{label} {:>3}", self.stores[Player::North.index()]),
        };
        let margin = " ".repeat((north_store.chars().count() + 3).max(6));
        let rule = format!("{margin}+{}", "----+".repeat(m));
        let mut out = String::new();
        let mark = |p: Player| crate::text::to_move_mark(self.to_move, p, self.outcome);
        let _ = write!(out, "{margin} ");
        for p in (1..=m).rev() {
            let _ = write!(out, " {:>2}  ", labels.hole(Player::North, p));
        }
        let _ = writeln!(out, " {north}{}", mark(Player::North));
        let _ = writeln!(out, "{rule}");
        let _ = write!(out, "{margin}|");
        for p in (1..=m).rev() {
            let _ = write!(out, " {:>2} |", self.hole(Player::North, p));
        }
        let _ = writeln!(out);
        let south_store = match labels.store_in_text(Player::South) {
            "" => format!("{:<3}", self.stores[Player::South.index()]),
            label => format!("{} {label}", self.stores[Player::South.index()]),
        };
        let _ = writeln!(
            out,
            "{}{north_store} +{}  {south_store}",
            &margin[north_store.chars().count() + 1..],
            "----+".repeat(m),
        );
        let _ = write!(out, "{margin}|");
        for p in 1..=m {
            let _ = write!(out, " {:>2} |", self.hole(Player::South, p));
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "{rule}");
        let _ = write!(out, "{margin} ");
        for p in 1..=m {
            let _ = write!(out, " {:>2}  ", labels.hole(Player::South, p));
        }
        let _ = write!(out, " {south}{}", mark(Player::South));
        if let Some(outcome) = self.outcome {
            let _ = write!(out, "\nGame over: {}", game_over(outcome, names));
        }
        out
    }

    /// The SVG picture (see [`svg`]): North's holes `n..1` on top, South's `1..n` below,
    /// North's store at the left end and South's at the right (each at its owner's right),
    /// `highlight`'s holes marked.
    pub fn svg(&self, names: [&str; 2], highlight: Option<&Highlight>) -> String {
        self.svg_noted(names, highlight, "")
    }

    /// [`svg`](Board::svg) with `remark` after the status line.
    pub(crate) fn svg_noted(
        &self,
        names: [&str; 2],
        highlight: Option<&Highlight>,
        remark: &str,
    ) -> String {
        let m = self.width();
        let none = Highlight::default();
        let hl = highlight.unwrap_or(&none);
        let board_w = 2.0 * (STORE_W + 2.0 * PAD) + m as f64 * PITCH;
        let board_h = 2.0 * PITCH + 2.0 * PAD;
        let (mut c, board_x) = frame(board_w, board_h, 380.0, false, highlight.is_some());
        let board = Area::new(board_x, BOARD_Y, board_w, board_h);
        let [south, north] = names;
        c.heading(board_x, 22.0, north);
        c.board(board_x, BOARD_Y, board_w, board_h);
        let pits_x = board_x + STORE_W + 2.0 * PAD;
        let rows = [BOARD_Y + PAD + PITCH * 0.5, BOARD_Y + PAD + PITCH * 1.5];
        for i in 0..m {
            // Column i: North's hole m-i on top, South's hole i+1 below.
            let x = pits_x + PITCH * (i as f64 + 0.5);
            for (row, owner, pit) in [(0, Player::North, m - i), (1, Player::South, i + 1)] {
                if pit > self.holes[owner.index()].len() {
                    continue;
                }
                c.hole(&HoleSpec {
                    x,
                    y: rows[row],
                    shape: Shape::Round(RADIUS),
                    owner,
                    index: pit,
                    count: self.hole(owner, pit),
                    mark: hl.mark(Spot::Hole { owner, index: pit }),
                    special: None,
                    pending: false,
                });
            }
            c.column_labels(
                x,
                board,
                &self.labels.hole(Player::North, m - i),
                &self.labels.hole(Player::South, i + 1),
                13.0,
            );
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
                count: self.stores[owner.index()],
                mark: hl.mark(Spot::Store(owner)),
                caption: self.labels.store(owner),
            });
        }
        let line = status(self.outcome, self.to_move, names) + remark;
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
}

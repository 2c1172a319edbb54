//! Board pictures as SVG: what every game's [`Picture::picture_svg`](crate::Picture::picture_svg)
//! draws with (also at its old path, `sowing::svg`).
//!
//! A picture is one self-contained SVG document: shapes and text only, a generic font family
//! (`sans-serif`), no scripts, no external files. Each game draws its real board (Kalah's two
//! rows with a store at each end, Toguz Kumalak's two rows of holes with the kazans between
//! them, Tsoro's four rows with its heads, Oware's two rows of houses with a store at each
//! end) with the count of every hole written in it, the side to move or the result, and
//! anything the turn has pending.
//!
//! Every hole is one `<g class="hole">` element carrying `data-side` (`south` or `north`, its
//! owner), `data-index` (the index the game's state accessor takes:
//! [`KalahState::pit`](crate::kalah::KalahState::pit),
//! [`ToguzState::hole`](crate::toguz::ToguzState::hole),
//! [`TsoroState::hole`](crate::tsoro::TsoroState::hole),
//! [`OwareState::house`](crate::oware::OwareState::house)) and `data-count`; every store (a
//! Kalah store, a Toguz kazan, the stones a Tsoro player has captured, the seeds an Oware
//! player has captured) is a `<g class="store">` with `data-side` and `data-count`. Programs
//! can read the picture back.
//!
//! A [`Highlight`] marks the last move: its origin (a dashed blue ring), the hole its last
//! seed fell into (an orange ring) and the holes it captured (red).
//!
//! # The drawing kit
//! A game of its own draws with the same kit as the crate's games: [`frame`] makes a
//! [`Canvas`] with room for a board and what goes under it, then the canvas draws the board
//! ([`Canvas::board`]), its holes ([`Canvas::hole`] with a [`HoleSpec`]), its stores
//! ([`Canvas::store`] with a [`StoreSpec`]), the labels of the columns
//! ([`Canvas::column_labels`]), the side names ([`Canvas::heading`]) and the footer with the
//! [`status`] line ([`Canvas::footer`]); [`Canvas::finish`] gives the document.
//!
//! ```
//! use sowing::svg::{Area, BOARD_Y, Highlight, HoleSpec, Shape, StoreSpec, frame, status};
//! use sowing::{Player, Spot};
//!
//! // One row of three holes a side, North's above, and one store a side at the right.
//! let counts = [[1, 2, 3], [4, 5, 6]];
//! let highlight = Highlight { origin: Some(Spot::Hole { owner: Player::South, index: 2 }), ..Highlight::default() };
//! let (board_w, board_h) = (3.0 * 60.0 + 100.0, 140.0);
//! let (mut c, x0) = frame(board_w, board_h, 300.0, false, true);
//! c.heading(x0, 22.0, "North");
//! c.board(x0, BOARD_Y, board_w, board_h);
//! for i in 0..3 {
//!     let x = x0 + 30.0 + 60.0 * i as f64;
//!     for (owner, index, y) in [(Player::North, 3 - i, BOARD_Y + 35.0), (Player::South, i + 1, BOARD_Y + 105.0)] {
//!         c.hole(&HoleSpec {
//!             count: counts[owner.index()][index - 1],
//!             mark: highlight.mark(Spot::Hole { owner, index }),
//!             ..HoleSpec::round(x, y, 24.0, owner, index)
//!         });
//!     }
//!     let board = Area::new(x0, BOARD_Y, board_w, board_h);
//!     c.column_labels(x, board, &["c", "b", "a"][i], &["A", "B", "C"][i], 13.0);
//! }
//! for (owner, y) in [(Player::North, BOARD_Y + 10.0), (Player::South, BOARD_Y + 75.0)] {
//!     c.store(&StoreSpec {
//!         x: x0 + 190.0, y, w: 80.0, h: 55.0, owner,
//!         count: 7,
//!         mark: highlight.mark(Spot::Store(owner)),
//!         caption: "bank",
//!     });
//! }
//! let line = status(None, Player::South, ["South", "North"]);
//! c.footer(x0, BOARD_Y + board_h, "South", &line, None, true);
//! let svg = c.finish();
//! assert_eq!(svg.matches("class=\"hole\"").count(), 6);
//! assert!(svg.contains(">bank</text>"));
//! assert!(svg.contains("South to move"));
//! ```
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::{Picture, Ruleset};
//!
//! let rules = Kalah::default();
//! let start = rules.start();
//! let mv = rules.parse_move(&start, "3").unwrap();
//! let after = rules.play(start, mv).unwrap();
//! let svg = rules.picture_svg_with(&after, Some(&rules.highlight(&start, mv)));
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(svg.matches("class=\"hole\"").count(), 12);
//! assert!(svg.contains("data-side=\"south\" data-index=\"4\" data-count=\"5\""));
//! ```

use std::fmt::Write as _;

use crate::player::{Outcome, Player};

pub use crate::effect::Spot;

/// The holes a move touched, to mark in a picture of the position after it (made from the
/// move's [`Effect`](crate::Effect) by [`Picture::highlight`](crate::Picture::highlight)).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Highlight {
    /// The hole the move lifted its seeds from.
    pub origin: Option<Spot>,
    /// Where its last seed fell.
    pub landing: Option<Spot>,
    /// The holes it captured (or, in Toguz Kumalak, made a tuzdik of).
    pub captured: Vec<Spot>,
}

impl Highlight {
    /// How `spot` is marked, if at all: for a [`HoleSpec`] or a [`StoreSpec`].
    pub fn mark(&self, spot: Spot) -> Mark {
        Mark {
            origin: self.origin == Some(spot),
            landing: self.landing == Some(spot),
            captured: self.captured.contains(&spot),
        }
    }
}

/// How one hole or store is marked ([`Highlight::mark`]); the default marks nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Mark {
    /// The move lifted its seeds here: a dashed blue ring.
    pub origin: bool,
    /// The move's last seed fell here: an orange ring (an orange outline on a store).
    pub landing: bool,
    /// The move captured here: a red ring.
    pub captured: bool,
}

/// Colours of every picture, as SVG colour values.
pub mod colour {
    /// The page.
    pub const BACKGROUND: &str = "#f4ecdf";
    /// The wooden board.
    pub const BOARD: &str = "#b9834c";
    /// The board's edge.
    pub const BOARD_EDGE: &str = "#7a4f26";
    /// A hole with seeds, and a store.
    pub const HOLE: &str = "#6e4421";
    /// An empty hole.
    pub const HOLE_EMPTY: &str = "#8a5a2e";
    /// The counts written in holes and stores.
    pub const COUNT: &str = "#fff8e8";
    /// Names, labels and the status line, on the page.
    pub const LABEL: &str = "#3b2a1a";
    /// The ring of a move's origin.
    pub const ORIGIN: &str = "#1f6fd1";
    /// The ring of the hole a move's last seed fell into.
    pub const LANDING: &str = "#f08c00";
    /// The ring of a captured hole.
    pub const CAPTURED: &str = "#d1242f";
    /// A special hole ([`HoleSpec::special`](super::HoleSpec::special)).
    pub const SPECIAL: &str = "#2b1a0c";
    /// A head's ring, a special hole's word, a store's caption.
    pub const HEAD: &str = "#e9c46a";
}

/// The owner's name in `data-side`.
fn side_attr(p: Player) -> &'static str {
    match p {
        Player::South => "south",
        Player::North => "north",
    }
}

/// Escapes text for XML: `&`, `<`, `>` and `"`.
///
/// ```
/// assert_eq!(sowing::svg::xml("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The shape of a hole.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Shape {
    /// A circle of this radius.
    Round(f64),
    /// An upright oval (Toguz Kumalak's long holes): half width, half height.
    Oval(f64, f64),
}

impl Shape {
    fn half_height(self) -> f64 {
        match self {
            Shape::Round(r) => r,
            Shape::Oval(_, ry) => ry,
        }
    }
    fn half_width(self) -> f64 {
        match self {
            Shape::Round(r) => r,
            Shape::Oval(rx, _) => rx,
        }
    }
}

/// A hole to draw with [`Canvas::hole`]: `<g class="hole">` with its `data-side`,
/// `data-index` and `data-count`.
#[derive(Clone, Copy, Debug)]
pub struct HoleSpec<'a> {
    /// The centre's x.
    pub x: f64,
    /// The centre's y.
    pub y: f64,
    /// Round or oval.
    pub shape: Shape,
    /// The side the hole belongs to (`data-side`).
    pub owner: Player,
    /// The hole's index in the game's own numbering (`data-index`).
    pub index: usize,
    /// The seeds in it, written in it unless 0 (`data-count`).
    pub count: u32,
    /// How the last move marked it.
    pub mark: Mark,
    /// Drawn in another colour with this word under the count (`head`, `tuzdik`), and named
    /// in `data-kind`; `head` is ringed in gold, and an empty `tuzdik` drawn as an X.
    pub special: Option<&'a str>,
    /// A thick ring for a hole waiting on a decision.
    pub pending: bool,
}

impl HoleSpec<'_> {
    /// A round hole of radius `radius` at (`x`, `y`): empty, unmarked, not special, not
    /// pending (set the other fields with `..HoleSpec::round(..)`).
    pub const fn round(x: f64, y: f64, radius: f64, owner: Player, index: usize) -> Self {
        HoleSpec {
            x,
            y,
            shape: Shape::Round(radius),
            owner,
            index,
            count: 0,
            mark: Mark {
                origin: false,
                landing: false,
                captured: false,
            },
            special: None,
            pending: false,
        }
    }
}

/// A store to draw with [`Canvas::store`]: a rounded box, `<g class="store">` with its
/// `data-side` and `data-count`.
#[derive(Clone, Copy, Debug)]
pub struct StoreSpec<'a> {
    /// The box's left edge.
    pub x: f64,
    /// The box's top edge.
    pub y: f64,
    /// The box's width.
    pub w: f64,
    /// The box's height.
    pub h: f64,
    /// The side the store belongs to (`data-side`).
    pub owner: Player,
    /// The seeds in it (`data-count`).
    pub count: u32,
    /// How the last move marked it (only `landing` is drawn: an orange outline).
    pub mark: Mark,
    /// A caption under the count; none when empty.
    pub caption: &'a str,
}

/// A rectangle's place and size.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Area {
    /// The left edge.
    pub x: f64,
    /// The top edge.
    pub y: f64,
    /// The width.
    pub w: f64,
    /// The height.
    pub h: f64,
}

impl Area {
    /// The rectangle at (`x`, `y`), `w` wide and `h` high.
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Area {
        Area { x, y, w, h }
    }
}

/// How a text is drawn: size, anchor (`start`, `middle` or `end` at its x), weight, colour.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Font {
    /// The font size.
    pub size: f64,
    /// Where the text stands from its x: `start`, `middle` or `end`.
    pub anchor: &'static str,
    /// Bold or not.
    pub bold: bool,
    /// The colour (see [`colour`]).
    pub fill: &'static str,
}

impl Font {
    /// A font of every part.
    pub const fn new(size: f64, anchor: &'static str, bold: bool, fill: &'static str) -> Font {
        Font {
            size,
            anchor,
            bold,
            fill,
        }
    }
}

/// An SVG document under construction: what every picture of the crate draws on. Make one
/// with [`frame`] (or [`Canvas::new`]), draw, and [`finish`](Canvas::finish) it.
#[derive(Clone, Debug)]
pub struct Canvas {
    width: f64,
    height: f64,
    body: String,
}

impl Canvas {
    /// A canvas of this size with the page background.
    pub fn new(width: f64, height: f64) -> Canvas {
        let mut c = Canvas {
            width,
            height,
            body: String::new(),
        };
        c.rect(
            Area::new(0.0, 0.0, width, height),
            0.0,
            colour::BACKGROUND,
            None,
        );
        c
    }

    /// A rectangle with rounded corners (radius `r`), filled, with an optional (colour,
    /// width) outline.
    pub fn rect(&mut self, area: Area, r: f64, fill: &str, stroke: Option<(&str, f64)>) {
        let Area { x, y, w, h } = area;
        let _ = write!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="{r:.1}" fill="{fill}""#
        );
        if let Some((s, sw)) = stroke {
            let _ = write!(self.body, r#" stroke="{s}" stroke-width="{sw:.1}""#);
        }
        self.body.push_str("/>\n");
    }

    /// Text in `font` placed at `x` by the font's anchor, its middle on `y`.
    pub fn text(&mut self, x: f64, y: f64, font: Font, t: &str) {
        let Font {
            size,
            anchor,
            bold,
            fill,
        } = font;
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" text-anchor="{anchor}" dominant-baseline="central" fill="{fill}"{weight}>{}</text>"#,
            xml(t)
        );
    }

    /// The board: a rounded wooden box.
    pub fn board(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.rect(
            Area::new(x, y, w, h),
            18.0,
            colour::BOARD,
            Some((colour::BOARD_EDGE, 3.0)),
        );
    }

    fn shape(
        &mut self,
        x: f64,
        y: f64,
        shape: Shape,
        fill: &str,
        stroke: Option<(&str, f64, bool)>,
    ) {
        match shape {
            Shape::Round(r) => {
                let _ = write!(self.body, r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}""#);
            }
            Shape::Oval(rx, ry) => {
                let _ = write!(
                    self.body,
                    r#"<ellipse cx="{x:.1}" cy="{y:.1}" rx="{rx:.1}" ry="{ry:.1}""#
                );
            }
        }
        let _ = write!(self.body, r#" fill="{fill}""#);
        if let Some((s, w, dashed)) = stroke {
            let _ = write!(self.body, r#" stroke="{s}" stroke-width="{w:.1}""#);
            if dashed {
                let _ = write!(
                    self.body,
                    r#" stroke-dasharray="{:.1} {:.1}""#,
                    w * 1.6,
                    w * 1.2
                );
            }
        }
        self.body.push_str("/>\n");
    }

    /// The rings of a mark around a shape.
    fn rings(&mut self, x: f64, y: f64, shape: Shape, mark: Mark) {
        let grow = |s: Shape, d: f64| match s {
            Shape::Round(r) => Shape::Round(r + d),
            Shape::Oval(rx, ry) => Shape::Oval(rx + d, ry + d),
        };
        if mark.captured {
            self.shape(
                x,
                y,
                grow(shape, 7.0),
                "none",
                Some((colour::CAPTURED, 3.5, false)),
            );
        }
        if mark.landing {
            self.shape(
                x,
                y,
                grow(shape, 2.5),
                "none",
                Some((colour::LANDING, 4.0, false)),
            );
        }
        if mark.origin {
            self.shape(
                x,
                y,
                grow(shape, 2.5),
                "none",
                Some((colour::ORIGIN, 4.0, true)),
            );
        }
    }

    /// One hole: `<g class="hole" ...>` with its shape, marks and count.
    pub fn hole(&mut self, h: &HoleSpec<'_>) {
        let _ = write!(
            self.body,
            r#"<g class="hole" data-side="{}" data-index="{}" data-count="{}""#,
            side_attr(h.owner),
            h.index,
            h.count
        );
        if let Some(word) = h.special {
            let _ = write!(self.body, r#" data-kind="{word}""#);
        }
        self.body.push_str(">\n");
        let fill = match (h.special, h.count) {
            (Some(_), _) => colour::SPECIAL,
            (None, 0) => colour::HOLE_EMPTY,
            _ => colour::HOLE,
        };
        let ring = if h.special == Some("head") {
            Some((colour::HEAD, 3.0, false))
        } else {
            None
        };
        self.shape(h.x, h.y, h.shape, fill, ring);
        if h.pending {
            let r = h.shape.half_width();
            let shape = Shape::Round(r + 7.0);
            self.shape(h.x, h.y, shape, "none", Some((colour::HEAD, 3.0, true)));
        }
        self.rings(h.x, h.y, h.shape, h.mark);
        let size = (h.shape.half_width() * 0.95).clamp(9.0, 22.0);
        if let Some(word) = h.special {
            let small = (size * 0.55).max(8.0);
            let dy = h.shape.half_height() * 0.45;
            if h.count > 0 || word != "tuzdik" {
                self.text(
                    h.x,
                    h.y - dy * 0.5,
                    Font::new(size, "middle", true, colour::COUNT),
                    &h.count.to_string(),
                );
                self.text(
                    h.x,
                    h.y + dy * 1.1,
                    Font::new(small, "middle", false, colour::HEAD),
                    word,
                );
            } else {
                // A tuzdik: the X a real board's players mark it with.
                let d = h.shape.half_width() * 0.5;
                let _ = writeln!(
                    self.body,
                    r#"<path d="M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}" stroke="{}" stroke-width="3"/>"#,
                    h.x - d,
                    h.y - d - dy * 0.4,
                    h.x + d,
                    h.y + d - dy * 0.4,
                    h.x - d,
                    h.y + d - dy * 0.4,
                    h.x + d,
                    h.y - d - dy * 0.4,
                    colour::HEAD
                );
                self.text(
                    h.x,
                    h.y + dy * 1.2,
                    Font::new(small, "middle", false, colour::HEAD),
                    word,
                );
            }
        } else if h.count > 0 {
            self.text(
                h.x,
                h.y,
                Font::new(size, "middle", true, colour::COUNT),
                &h.count.to_string(),
            );
        }
        self.body.push_str("</g>\n");
    }

    /// One store: `<g class="store" ...>` with its box, count and caption.
    pub fn store(&mut self, s: &StoreSpec<'_>) {
        let _ = writeln!(
            self.body,
            r#"<g class="store" data-side="{}" data-count="{}">"#,
            side_attr(s.owner),
            s.count
        );
        let stroke = if s.mark.landing {
            Some((colour::LANDING, 4.0))
        } else {
            None
        };
        let r = (s.w.min(s.h) / 2.0).min(26.0);
        self.rect(Area::new(s.x, s.y, s.w, s.h), r, colour::HOLE, stroke);
        let size = (s.w.min(s.h) * 0.42).clamp(12.0, 26.0);
        let (cx, cy) = (s.x + s.w / 2.0, s.y + s.h / 2.0);
        if s.caption.is_empty() {
            self.text(
                cx,
                cy,
                Font::new(size, "middle", true, colour::COUNT),
                &s.count.to_string(),
            );
        } else {
            self.text(
                cx,
                cy - size * 0.35,
                Font::new(size, "middle", true, colour::COUNT),
                &s.count.to_string(),
            );
            self.text(
                cx,
                cy + size * 0.6,
                Font::new(size * 0.5, "middle", false, colour::HEAD),
                s.caption,
            );
        }
        self.body.push_str("</g>\n");
    }

    /// A side's name, large, starting at `x`.
    pub fn heading(&mut self, x: f64, y: f64, name: &str) {
        self.text(x, y, Font::new(18.0, "start", true, colour::LABEL), name);
    }

    /// The numbers of one column of holes: `top` above the board, `bottom` below it.
    pub fn column_numbers(&mut self, x: f64, board: Area, top: usize, bottom: usize, size: f64) {
        self.column_labels(x, board, &top.to_string(), &bottom.to_string(), size);
    }

    /// The labels of one column of holes, centred on `x`: `top` above the `board`, `bottom`
    /// below it, in a font of `size`.
    pub fn column_labels(&mut self, x: f64, board: Area, top: &str, bottom: &str, size: f64) {
        let font = Font::new(size, "middle", false, colour::LABEL);
        self.text(x, board.y - 12.0, font, top);
        self.text(x, board.y + board.h + 14.0, font, bottom);
    }

    /// Appends `markup` to the document as it stands, for what the kit does not draw: it
    /// must be well-formed SVG (escape text with [`xml`]).
    pub fn raw(&mut self, markup: &str) {
        self.body.push_str(markup);
    }

    /// What goes under every board, from `x` on a board ending at `below`: South's name, the
    /// status line, a note (reserved when `notes`), the key to the highlight.
    pub fn footer(
        &mut self,
        x: f64,
        below: f64,
        south: &str,
        status: &str,
        note: Option<&str>,
        legend: bool,
    ) {
        let middle = self.width / 2.0;
        self.heading(x, below + 38.0, south);
        self.text(
            middle,
            below + 66.0,
            Font::new(16.0, "middle", true, colour::LABEL),
            status,
        );
        let mut y = below + 94.0;
        if let Some(note) = note {
            self.text(
                middle,
                below + 90.0,
                Font::new(14.0, "middle", false, colour::LABEL),
                note,
            );
            y += 24.0;
        }
        if legend {
            self.legend(x, y, 13.0);
        }
    }

    /// A key to the highlight's marks, starting at (`x`, `y`).
    pub fn legend(&mut self, x: f64, y: f64, size: f64) {
        let items = [
            ("origin", colour::ORIGIN, true),
            ("last seed", colour::LANDING, false),
            ("captured", colour::CAPTURED, false),
        ];
        let mut at = x;
        for (word, c, dashed) in items {
            self.shape(
                at + 8.0,
                y,
                Shape::Round(7.0),
                "none",
                Some((c, 3.0, dashed)),
            );
            self.text(
                at + 20.0,
                y,
                Font::new(size, "start", false, colour::LABEL),
                word,
            );
            at += 28.0 + size * 0.6 * word.len() as f64;
        }
    }

    /// The document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"sans-serif\">\n{}</svg>\n",
            self.body,
            w = self.width,
            h = self.height
        )
    }
}

/// Where every board starts, under the North side's name and the column numbers.
pub const BOARD_Y: f64 = 64.0;

/// A canvas for a board (with what stands beside it) `content_w` wide and a board
/// `board_h` high, at least `min_width` wide, with room under it for the footer (a note
/// line when `notes`, the key when `legend`); returns it and the content's left edge. The
/// board itself starts at [`BOARD_Y`].
pub fn frame(
    content_w: f64,
    board_h: f64,
    min_width: f64,
    notes: bool,
    legend: bool,
) -> (Canvas, f64) {
    let width = (content_w + 40.0).max(min_width);
    let height =
        BOARD_Y + board_h + 86.0 + if notes { 24.0 } else { 0.0 } + if legend { 26.0 } else { 0.0 };
    (Canvas::new(width, height), (width - content_w) / 2.0)
}

/// The status line under a board: the result, or who is to move, with the sides called
/// `names` (South's first).
///
/// ```
/// use sowing::Player;
/// assert_eq!(sowing::svg::status(None, Player::North, ["White", "Black"]), "Black to move");
/// ```
pub fn status(outcome: Option<Outcome>, to_move: Player, names: [&str; 2]) -> String {
    let name = |p: Player| names[p.index()];
    match outcome {
        Some(Outcome::Win { winner, score }) => match score {
            Some(s) => format!(
                "{} wins {}-{}",
                name(winner),
                s.of(winner),
                s.of(winner.opponent())
            ),
            None => format!("{} wins", name(winner)),
        },
        Some(Outcome::Draw { score: Some(s) }) => format!("Draw {}-{}", s.south, s.north),
        Some(Outcome::Draw { score: None }) => "Draw".into(),
        None => format!("{} to move", name(to_move)),
    }
}

/// The default picture for a game without its own drawing: the text picture, monospaced.
/// (The highlight is not drawn: a text picture has no holes to mark.)
pub fn text_picture(picture: &str, _highlight: Option<&Highlight>) -> String {
    let lines: Vec<&str> = picture.lines().collect();
    let cols = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut c = Canvas::new(cols as f64 * 9.0 + 32.0, lines.len() as f64 * 20.0 + 32.0);
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            c.body,
            r#"<text x="16" y="{:.1}" font-family="monospace" font-size="15" xml:space="preserve" fill="{}">{}</text>"#,
            26.0 + i as f64 * 20.0,
            colour::LABEL,
            xml(line)
        );
    }
    c.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_picture_is_the_text_picture_escaped() {
        let svg = text_picture("  1 <2> & 3\nSouth to move", None);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let lines: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap())
            .collect();
        assert_eq!(lines, ["  1 <2> & 3", "South to move"]);
    }

    #[test]
    fn status_names_the_winner_with_the_score() {
        let score = crate::Score {
            south: 21,
            north: 27,
        };
        let win = Outcome::Win {
            winner: Player::North,
            score: Some(score),
        };
        assert_eq!(
            status(Some(win), Player::South, ["White", "Black"]),
            "Black wins 27-21"
        );
        let draw = Outcome::Draw { score: None };
        assert_eq!(
            status(Some(draw), Player::South, ["South", "North"]),
            "Draw"
        );
        assert_eq!(
            status(None, Player::North, ["South", "North"]),
            "North to move"
        );
    }
}

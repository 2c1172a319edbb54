//! The evaluation graph of a game: [`graph_svg`].

use std::fmt::Write;

use super::GameAnalysis;
use super::classify::Class;
use crate::picture::svg::{Area, Canvas, Font, colour, xml};
use crate::player::Player;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 52.0;
const TOP: f64 = 48.0;
const BOTTOM: f64 = 64.0;

/// A mark at (`x`, `y`): a circle for South's move, a diamond for North's, with `attributes`
/// and a `<title>` (none where empty).
fn mark(player: Player, x: f64, y: f64, fill: &str, attributes: &str, title: &str) -> String {
    let title = if title.is_empty() {
        String::new()
    } else {
        format!("<title>{title}</title>")
    };
    let (class, space) = if attributes.is_empty() {
        ("", "")
    } else {
        (r#" class="mark""#, " ")
    };
    match player {
        Player::South => format!(
            r#"<circle{class}{space}{attributes} cx="{x:.1}" cy="{y:.1}" r="5.5" fill="{fill}" stroke="{}" stroke-width="1.2">{title}</circle>"#,
            colour::LABEL
        ),
        Player::North => format!(
            r#"<path{class}{space}{attributes} d="M{x:.1},{:.1} L{:.1},{y:.1} L{x:.1},{:.1} L{:.1},{y:.1} Z" fill="{fill}" stroke="{}" stroke-width="1.2">{title}</path>"#,
            y - 6.5,
            x + 6.5,
            y + 6.5,
            x - 6.5,
            colour::LABEL
        ),
    }
}

/// The colour of a class's mark on the graph.
fn mark_colour(class: Class) -> Option<&'static str> {
    match class {
        Class::Inaccuracy => Some("#e9c46a"),
        Class::Mistake => Some(colour::LANDING),
        Class::Blunder => Some(colour::CAPTURED),
        _ => None,
    }
}

/// The game's evaluation graph as an SVG document, in the style of the crate's board
/// pictures ([`svg`](crate::picture::svg)'s kit and colours): South's expected score (0 to 1,
/// through the game's calibration, on the left axis) after every ply, with the seeds it
/// stands for on the right axis (South's lead, `seeds` ticks: the same curve read through
/// the calibration), the area above the middle line South's and below it North's, each
/// inaccuracy, mistake and blunder marked on the ply that made it (yellow, orange, red; a
/// circle for South's move, a diamond for North's; with a `<title>` a viewer shows on
/// hover: the ply, numbered from 1 as everywhere in the analysis, the side, the move, its
/// class and value, the better move), and the sides' names and `title` above. Every mark has
/// `class="mark"`, `data-ply`, `data-player` (the side's name) and `data-class`.
///
/// ```
/// use sowing::analysis::{Analyzer, graph_svg};
/// use sowing::{GameRecord, kalah::Kalah};
/// let mut game = GameRecord::new("kalah:pits=3,seeds=2".parse::<Kalah>().unwrap());
/// for mv in ["1", "2", "3"] {
///     game.play_text(mv).unwrap();
/// }
/// let analysis = Analyzer::new(&"alphabeta:depth=4".parse().unwrap()).unwrap().analyze(&game).unwrap();
/// let svg = graph_svg(&analysis, "a short game");
/// assert!(svg.starts_with("<svg") && svg.contains("a short game"));
/// ```
pub fn graph_svg<M>(analysis: &GameAnalysis<M>, title: &str) -> String {
    let mut c = Canvas::new(WIDTH, HEIGHT);
    let plot = Area::new(LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let points = analysis.expected_for_south();
    let n = points.len().max(2) - 1;
    let x_of = |i: usize| plot.x + plot.w * i as f64 / n as f64;
    let y_of = |e: f64| plot.y + plot.h * (1.0 - e.clamp(0.0, 1.0));
    let label = Font::new(13.0, "middle", false, colour::LABEL);
    c.text(
        WIDTH / 2.0,
        20.0,
        Font::new(16.0, "middle", true, colour::LABEL),
        title,
    );
    c.rect(plot, 4.0, colour::COUNT, Some((colour::BOARD_EDGE, 1.5)));
    // North's side of the plot, below the middle.
    let mut body = String::new();
    if points.len() >= 2 {
        let mut area = format!("M{:.1},{:.1}", x_of(0), y_of(0.5));
        for (i, e) in points.iter().enumerate() {
            let _ = write!(area, " L{:.1},{:.1}", x_of(i), y_of(*e));
        }
        let _ = write!(area, " L{:.1},{:.1} Z", x_of(points.len() - 1), y_of(0.5));
        let _ = writeln!(
            body,
            r#"<path class="area" d="{area}" fill="{}" fill-opacity="0.35"/>"#,
            colour::BOARD
        );
        let line: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, e)| format!("{:.1},{:.1}", x_of(i), y_of(*e)))
            .collect();
        let _ = writeln!(
            body,
            r#"<polyline class="value" points="{}" fill="none" stroke="{}" stroke-width="2.2" stroke-linejoin="round"/>"#,
            line.join(" "),
            colour::HOLE
        );
    }
    let _ = writeln!(
        body,
        r#"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{}" stroke-width="1" stroke-dasharray="4 3"/>"#,
        plot.x,
        plot.x + plot.w,
        colour::BOARD_EDGE,
        y = y_of(0.5)
    );
    for p in &analysis.plies {
        let Some(fill) = mark_colour(p.class) else {
            continue;
        };
        let side = analysis.sides[p.player.index()];
        let title = xml(&format!(
            "ply {} ({side}): {} {} ({}), best {}",
            p.ply,
            p.played_text,
            p.class,
            p.after_for_south().rounded(),
            p.best_text
        ));
        let (x, y) = (
            x_of(p.ply),
            y_of(analysis.calibration.expected(p.after_for_south())),
        );
        let _ = writeln!(
            body,
            "{}",
            mark(
                p.player,
                x,
                y,
                fill,
                &format!(
                    r#"data-ply="{}" data-player="{}" data-class="{}""#,
                    p.ply,
                    xml(side),
                    p.class
                ),
                &title
            )
        );
    }
    // The seeds axis, on the right: South's lead the expected scores stand for.
    let scale = analysis.calibration.scale;
    if scale > 0.0 {
        let seeds_of = |e: f64| (e / (1.0 - e)).ln() / scale;
        let most = seeds_of(0.97);
        let step = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0]
            .into_iter()
            .find(|s| most / s <= 4.0)
            .unwrap_or(200.0);
        let tick = Font::new(11.0, "start", false, colour::LABEL);
        let mut k = -(most / step).floor();
        while k * step <= most {
            let seeds = k * step;
            let y = y_of(analysis.calibration.expected_seeds(seeds));
            let _ = writeln!(
                body,
                r#"<line class="seeds-tick" x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{}" stroke-width="1"/>"#,
                plot.x + plot.w,
                plot.x + plot.w + 4.0,
                colour::BOARD_EDGE
            );
            c.text(
                plot.x + plot.w + 7.0,
                y,
                tick,
                &format!("{seeds:+}").replace("+0", "0"),
            );
            k += 1.0;
        }
    }
    c.raw(&body);
    // The axes' labels.
    let small = Font::new(12.0, "end", false, colour::LABEL);
    for (e, t) in [(1.0, "1"), (0.5, "½"), (0.0, "0")] {
        c.text(plot.x - 8.0, y_of(e), small, t);
    }
    let [south, north] = analysis.sides;
    c.text(
        plot.x + 6.0,
        plot.y + 12.0,
        Font::new(12.0, "start", true, colour::LABEL),
        south,
    );
    c.text(
        plot.x + 6.0,
        plot.y + plot.h - 12.0,
        Font::new(12.0, "start", true, colour::LABEL),
        north,
    );
    let step = [10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|s| n / s <= 12)
        .unwrap_or(1000);
    for i in (0..=n).step_by(step) {
        c.text(x_of(i), plot.y + plot.h + 14.0, label, &i.to_string());
    }
    c.text(
        WIDTH / 2.0,
        HEIGHT - 26.0,
        label,
        &format!(
            "ply · {south}'s expected score (left), lead in seeds (right) · {}",
            analysis.agent
        ),
    );
    let mut at = LEFT;
    for class in [Class::Inaccuracy, Class::Mistake, Class::Blunder] {
        let fill = mark_colour(class).unwrap_or(colour::LABEL);
        c.raw(&format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5.5\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"1.2\"/>\n",
            at + 6.0,
            HEIGHT - 10.0,
            colour::LABEL
        ));
        c.text(
            at + 16.0,
            HEIGHT - 10.0,
            Font::new(12.0, "start", false, colour::LABEL),
            class.name(),
        );
        at += 110.0;
    }
    for (player, name) in [(Player::South, south), (Player::North, north)] {
        c.raw(&mark(player, at + 6.0, HEIGHT - 10.0, "none", "", ""));
        c.text(
            at + 16.0,
            HEIGHT - 10.0,
            Font::new(12.0, "start", false, colour::LABEL),
            &format!("{name}'s move"),
        );
        at += 110.0;
    }
    c.finish()
}

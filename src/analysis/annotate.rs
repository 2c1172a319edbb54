//! The analysis written into the record ([`annotate`]) and read back from it
//! ([`read_annotations`]).
//!
//! Each move gets a comment after it with its value, as chess records write evaluations:
//! `{[%eval 3.40]}`, the value of the position after the move **from South's side** (the
//! first side: White in Toguz Kumalak) in seeds, `#+5`/`#-5` for a result the search proved
//! (won or lost, by the margin it found), `=3` for an exact value; a move that lost value
//! adds its class and the better move with its line, numbered as the record numbers its
//! moves (`{[%eval -1.20] mistake; best 76: 12. 76 12... 98 13. 66}`). Its class is also the move's glyph: `?!` (inaccuracy), `?` (mistake), `??`
//! (blunder), `$8` (only move). The record still replays exactly as without them.

use super::classify::Class;
use super::value::Value;
use super::{Exactness, GameAnalysis};
use crate::pgn::PgnGame;
use crate::ruleset::Ruleset;

/// What an annotated record says about one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// The ply's number, from 1 (the first move of the game is ply 1), as
    /// [`PlyAnalysis::ply`](super::PlyAnalysis::ply).
    pub ply: usize,
    /// The value after the move, from South's side (`[%eval ...]`), if written.
    pub eval: Option<Value>,
    /// The class its glyph gives (`?!`, `?`, `??`, `$8`); `None` for a move without one.
    pub class: Option<Class>,
    /// The better move the comment names (`best 76`), if any.
    pub best: Option<String>,
}

/// `game` with `analysis` written in: a comment after every move with its value, the class
/// and the better move after each inaccuracy, mistake or blunder, the class's glyph on the
/// move, and the tag `Annotator` naming the agent. Comments and glyphs already there are kept
/// (the analysis's follow them).
pub fn annotate<R: Ruleset>(game: &PgnGame<R>, analysis: &GameAnalysis<R::Move>) -> PgnGame<R> {
    let mut out = game.clone();
    out.set_tag("Annotator", &format!("sowing {}", analysis.agent));
    for p in &analysis.plies {
        let after = p.ply;
        let mut text = format!("[%eval {}]", p.after_for_south().rounded());
        if p.exactness == Exactness::Exact {
            text.push_str(" exact");
        }
        if p.class.is_error() {
            text.push_str(&format!(
                " {}; best {}: {}",
                p.class, p.best_text, p.line_text
            ));
        } else if p.class == Class::OnlyMove {
            text.push_str(" only move");
        }
        out.comments.push((after, text));
        if let Some(nag) = p.class.nag() {
            out.nags.push((after, nag));
        }
    }
    out.comments.sort_by_key(|(ply, _)| *ply);
    out.nags.sort_by_key(|(ply, _)| *ply);
    out
}

/// What an annotated record says about each of its moves: the `[%eval ...]` of the comments
/// after it, the class of its glyph, the better move named. One [`Annotation`] a ply.
pub fn read_annotations<R: Ruleset>(game: &PgnGame<R>) -> Vec<Annotation> {
    (1..=game.record.ply())
        .map(|ply| {
            let comments = game.comments.iter().filter(|(p, _)| *p == ply);
            let (mut eval, mut best) = (None, None);
            for (_, c) in comments {
                if let Some(start) = c.find("[%eval ") {
                    let rest = &c[start + 7..];
                    if let Some(end) = rest.find(']') {
                        eval = eval.or(Value::parse(&rest[..end]));
                    }
                }
                if let Some(start) = c.find("; best ") {
                    let rest = &c[start + 7..];
                    let word = rest.split([':', ' ']).next().unwrap_or("");
                    if !word.is_empty() {
                        best = best.or(Some(word.to_string()));
                    }
                }
            }
            let class = game
                .nags
                .iter()
                .filter(|(p, _)| *p == ply)
                .find_map(|(_, n)| Class::from_nag(*n));
            Annotation {
                ply,
                eval,
                class,
                best,
            }
        })
        .collect()
}

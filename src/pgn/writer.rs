//! Writing the records form.

use super::lexer::{turn_number, wrap};
use super::model::PgnGame;
use super::tags::{roster, tag, write_tag};
use crate::player::{GameResult, Player};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;

/// The longest line the writer makes when it can (PGN's export format: under 80).
const WIDTH: usize = 79;

const ROSTER: [&str; 4] = ["Event", "Site", "Date", "Round"];

/// A game's text in the records form, from its parts.
pub(super) fn write_parts<R: Ruleset>(
    tags: &[(String, String)],
    record: &GameRecord<R>,
    result: GameResult,
    comments: &[(usize, String)],
    nags: &[(usize, u8)],
) -> String {
    let rules = record.rules();
    let start = record.start();
    let mut out = String::new();
    let value = |name: &str| tag(tags, name).unwrap_or("?");
    for name in ROSTER {
        let v = match value(name) {
            "?" if name == "Date" => "????.??.??",
            v => v,
        };
        write_tag(&mut out, name, v, false);
    }
    for name in R::SIDES {
        write_tag(&mut out, name, value(name), false);
    }
    write_tag(&mut out, "Result", result.token(), false);
    write_tag(&mut out, "Variant", &rules.to_string(), false);
    if *start != rules.start() {
        write_tag(&mut out, "FEN", &start.to_string(), false);
    }
    let written = |t: &str| {
        ROSTER.contains(&t) || R::SIDES.contains(&t) || ["Result", "Variant", "FEN"].contains(&t)
    };
    for (name, v) in tags.iter().filter(|(t, _)| !written(t)) {
        write_tag(&mut out, name, v, false);
    }
    out.push('\n');

    // Movetext: units that a line break may not split.
    let mut units: Vec<String> = Vec::new();
    let comments_at = |ply: usize| {
        comments
            .iter()
            .filter(move |(p, _)| *p == ply)
            .map(|(_, c)| format!("{{{}}}", c.replace('}', ")")))
    };
    units.extend(comments_at(0));
    let mut number = 1;
    let mut side = None;
    for (i, &mv) in record.moves().iter().enumerate() {
        let state = record.position_at(i).unwrap_or(start);
        let player = rules.to_move(state);
        if side != Some(player) {
            if side.is_some() && player == Player::South {
                number += 1;
            }
            side = Some(player);
            units.push(turn_number(number, player));
        }
        let mut text = rules.format_move(state, mv);
        let mut glyphs = nags.iter().filter(|(p, _)| *p == i + 1).map(|(_, n)| *n);
        let first = glyphs.next();
        if let Some(suffix) = first.and_then(super::lexer::nag_suffix) {
            text.push_str(suffix);
            units.push(text);
        } else {
            units.push(text);
            units.extend(first.map(|n| format!("${n}")));
        }
        units.extend(glyphs.map(|n| format!("${n}")));
        units.extend(comments_at(i + 1));
    }
    units.push(result.token().to_string());
    wrap(&mut out, &units, WIDTH);
    out
}

/// Writes one game in the records form.
pub fn write_game<R: Ruleset>(game: &PgnGame<R>) -> String {
    game.to_text()
}

/// Writes games one after another in the records form, a blank line between them.
pub fn write_games<'a, R: Ruleset, I: IntoIterator<Item = &'a PgnGame<R>>>(games: I) -> String {
    games
        .into_iter()
        .map(PgnGame::to_text)
        .collect::<Vec<_>>()
        .join("\n")
}

impl<R: Ruleset> GameRecord<R> {
    /// The game up to the cursor as a record (see [`pgn`](crate::pgn)): unknown roster tags
    /// (`?`), the `Variant`, a `FEN` if it starts from a set-up position, the result from the
    /// rules' outcome. For tags, or another [`Form`](super::Form), go through [`PgnGame::new`].
    pub fn to_pgn(&self) -> String {
        write_parts(
            &roster::<R>(),
            self,
            GameResult::of(self.outcome()),
            &[],
            &[],
        )
    }
}

impl<R: Ruleset> PgnGame<R> {
    /// The record's text in the records form (see the [module docs](super)).
    pub fn to_text(&self) -> String {
        write_parts(
            &self.tags,
            &self.record,
            self.result,
            &self.comments,
            &self.nags,
        )
    }
}

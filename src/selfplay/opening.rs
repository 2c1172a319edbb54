//! Openings: the positions a run's games start from, taken from game records.

use super::SelfplayError;
use crate::pgn::{Dialect, Form, GameText, PgnError, PgnProblem, split};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use crate::switches::game_name;

/// The openings of `records` at ply `ply`: each record with its cursor moved to `ply` and
/// its later moves dropped, for the records that reach `ply` with the game still going there
/// (the others are left out), in their order.
pub fn openings<R: Ruleset>(
    records: impl IntoIterator<Item = GameRecord<R>>,
    ply: usize,
) -> Vec<GameRecord<R>> {
    records
        .into_iter()
        .filter_map(|mut record| {
            if !record.go_to(ply) {
                return None;
            }
            record.truncate();
            (!record.is_over()).then_some(record)
        })
        .collect()
}

/// The openings at ply `ply` ([`openings`]) of the games of a record text (any form the game
/// reads: the federation's and PlayOK's Toguz Kumalak PGN included). Games of other games
/// (their `Variant` names none of `R`'s [`NAMES`](Ruleset::NAMES); with no `Variant`, `R` does
/// not claim such records) or of other rules than `rules` are left out, as are games that do
/// not reach `ply`. Returns the openings, at least one, and the number of games in the text.
///
/// # Errors
/// [`SelfplayError::OpeningRecord`] for the first game of `R` that does not read;
/// [`SelfplayError::NoOpenings`] when no game gives an opening.
pub fn read_openings<R: Dialect>(
    text: &str,
    rules: &R,
    ply: usize,
) -> Result<(Vec<GameRecord<R>>, usize), SelfplayError> {
    let games = split(text);
    let total = games.len();
    let mut records = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let read = |error| SelfplayError::OpeningRecord { game: i + 1, error };
        let Some(form) = form_of(game, rules).map_err(read)? else {
            continue;
        };
        let game = game.read_in::<R>(form).map_err(read)?;
        if game.record.rules() == rules {
            records.push(game.record);
        }
    }
    let openings = openings(records, ply);
    if openings.is_empty() {
        return Err(SelfplayError::NoOpenings {
            games: total,
            rules: rules.to_string(),
            ply,
        });
    }
    Ok((openings, total))
}

/// The form a game of `R` is written in, or `None` for a game of another game: one whose
/// `Variant` names none of `R`'s [`NAMES`](Ruleset::NAMES), or with no `Variant` when `R`
/// claims no such records ([`Dialect::unnamed`]).
fn form_of<R: Dialect>(game: &GameText<'_>, _: &R) -> Result<Option<Form>, PgnError> {
    let (block, movetext) = game.parts()?;
    let Some((variant, line)) = block.find("Variant") else {
        return Ok(R::unnamed().map(|(_, form)| form));
    };
    if !R::NAMES.contains(&game_name(variant)) {
        return Ok(None);
    }
    let rules: R = variant
        .parse()
        .map_err(|e| PgnError::new(line, None, PgnProblem::Variant(e)))?;
    Ok(Some(R::detect(&rules, &block, movetext)))
}

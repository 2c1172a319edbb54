//! Openings: the positions a run's games start from, taken from game records.

use super::SelfplayError;
use crate::games::{Game, Only, read_one_in};
use crate::pgn::split;
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
pub fn read_openings<R: Game>(
    text: &str,
    rules: &R,
    ply: usize,
) -> Result<(Vec<GameRecord<R>>, usize), SelfplayError> {
    let games = split(text);
    let total = games.len();
    let mut records = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let ours = match game.tag("Variant") {
            Some(variant) => R::NAMES.contains(&game_name(&variant)),
            None => R::unnamed().is_some(),
        };
        if !ours {
            continue;
        }
        let game = read_one_in::<Only<R>>(game)
            .map_err(|error| SelfplayError::OpeningRecord { game: i + 1, error })?;
        if let Ok(game) = game.into_game::<R>() {
            if game.record.rules() == rules {
                records.push(game.record);
            }
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

//! Records read for analysis: [`read_games_in`], which takes a game still under way.

use crate::games::{AnyGame, GameList, read_one_in};
use crate::pgn::{GameText, PgnError, PgnProblem, split};

/// Reads every game of `text` (any game of the list `L`, any form, as
/// [`read_any_in`](crate::games::read_any_in) reads), taking a record whose movetext ends
/// without a result (a game typed by hand, or one still being played) as a game under way
/// (`*`), which the analysis can still analyse: the record readers refuse it, as a file cut
/// off would be. Every other error is the reader's.
///
/// ```
/// use sowing::AnyRuleset;
/// use sowing::analysis::read_games_in;
/// let games = read_games_in::<AnyRuleset>("[Variant \"toguz\"]\n\n1. 76 98 2. 66\n");
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.result().token(), "*");
/// ```
pub fn read_games_in<L: GameList>(text: &str) -> Vec<Result<AnyGame<L>, PgnError>> {
    split(text).iter().map(read_game_in::<L>).collect()
}

/// Reads one game's text as [`read_games_in`] reads each.
pub fn read_game_in<L: GameList>(game: &GameText<'_>) -> Result<AnyGame<L>, PgnError> {
    match read_one_in::<L>(game) {
        Err(e) if e.problem == PgnProblem::NoResult => {
            let under_way = format!("{}\n*\n", game.text.trim_end());
            read_one_in::<L>(&GameText {
                first_line: game.first_line,
                text: &under_way,
            })
            .map_err(|_| e)
        }
        read => read,
    }
}

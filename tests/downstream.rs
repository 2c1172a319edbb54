//! A downstream program, as a user would write it against the crate without the `serde`
//! feature: random games of all three games through `GameRecord` alone, states copied, legal
//! moves iterated by value and printed with `{}`. A generic function over `R: Picture` (the
//! rules and their pictures) needs no bounds beyond the traits' own.

use sowing::kalah::Kalah;
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, Picture, SplitMix64};

/// Plays a random game; returns its plies and the first position's moves as text.
fn random_game<R: Picture>(rules: R, seed: u64) -> Result<(usize, String), sowing::IllegalMove> {
    let mut game = GameRecord::new(rules);
    let start = *game.current(); // states are Copy
    let mut first = Vec::new();
    for mv in game.legal_moves() {
        first.push(format!("{mv}")); // moves print without the position
    }
    let mut rng = SplitMix64::new(seed);
    while let Some(mv) = game.random_move(&mut rng) {
        game.play(mv)?;
    }
    assert!(game.is_over() && game.outcome().is_some());
    assert!(game.legal_moves().into_iter().next().is_none());
    assert!(game.picture().contains("Game over") && !game.picture().contains("to move"));
    assert_eq!(game.position_at(0), Some(&start));
    Ok((game.ply(), first.join(" ")))
}

#[test]
fn random_games_of_every_game_through_the_record() {
    let (plies, first) = random_game(Kalah::default(), 1).unwrap();
    assert!(plies > 10);
    assert_eq!(first, "1 2 3 4 5 6");
    let (plies, first) = random_game(Toguz::default(), 2).unwrap();
    assert!(plies > 10);
    assert_eq!(first, "1 2 3 4 5 6 7 8 9");
    let (plies, first) = random_game(Tsoro::default(), 3).unwrap();
    assert!(plies > 10);
    assert_eq!(first.split(' ').count(), 21);
}

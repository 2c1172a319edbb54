//! What the rule tests share: a position played on by hand.

use sowing::Ruleset;
use sowing::described::{Mancala, MancalaState};

/// The position after playing `moves` (hole numbers from the mover's left) from `position`
/// under `rules`, every position on the way checked.
pub fn after(rules: &str, position: &str, moves: &[&str]) -> String {
    let game: Mancala = rules.parse().unwrap();
    let mut s: MancalaState = position.parse().unwrap();
    game.validate(&s).unwrap();
    for mv in moves {
        let m = game.parse_move(&s, mv).unwrap();
        game.play_unchecked(&mut s, m);
        game.validate(&s).unwrap();
    }
    s.to_string()
}

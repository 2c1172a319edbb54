//! [`GameRecord`]: a game over any ruleset, with undo and redo.

use crate::error::{IllegalMove, IllegalReason, MoveParseError, PositionError, RecordError};
use crate::player::{Outcome, Player};
use crate::rng::RandomSource;
use crate::ruleset::Ruleset;

/// A game: its ruleset, the position it started from, the moves played, and a cursor that
/// undo and redo move.
///
/// The record keeps the position after every ply, so undo, redo and
/// [`position_at`](GameRecord::position_at) are lookups, and undo restores exactly the
/// previous state. Playing a move after an undo drops the undone moves (the redo tail).
///
/// It serializes as `{"rules", "start", "moves", "ply"}` with the moves in the players'
/// notation; deserializing replays every move, so a record that does not replay is an error
/// naming the ply.
///
/// ```
/// use sowing::{GameRecord, Ruleset};
/// use sowing::kalah::Kalah;
///
/// let mut game = GameRecord::new(Kalah::default());
/// game.play_text("3").unwrap(); // extra turn
/// game.play_text("6").unwrap();
/// assert_eq!(game.ply(), 2);
/// let after_two = game.current().clone();
/// game.undo();
/// assert_eq!(game.current(), game.position_at(1).unwrap());
/// game.redo();
/// assert_eq!(game.current(), &after_two);
/// assert_eq!(game.move_texts(), ["3", "6"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<R: Ruleset> {
    rules: R,
    /// `states[i]` is the position after `i` plies; `states.len() == moves.len() + 1`.
    states: Vec<R::State>,
    moves: Vec<R::Move>,
    ply: usize,
}

impl<R: Ruleset> GameRecord<R> {
    /// A new game from the ruleset's start position.
    pub fn new(rules: R) -> Self {
        let start = rules.start();
        GameRecord {
            rules,
            states: vec![start],
            moves: Vec::new(),
            ply: 0,
        }
    }

    /// A new game from a set-up position, checked with [`Ruleset::validate`].
    ///
    /// # Errors
    /// [`PositionError`] when the position cannot occur under `rules`.
    pub fn from_position(rules: R, start: R::State) -> Result<Self, PositionError> {
        rules.validate(&start)?;
        Ok(GameRecord {
            rules,
            states: vec![start],
            moves: Vec::new(),
            ply: 0,
        })
    }

    /// Replays moves written in the players' notation from `start` (or the ruleset's start).
    ///
    /// # Errors
    /// [`RecordError::Position`] when `start` cannot occur under `rules`;
    /// [`RecordError::Move`] naming the first ply whose move does not read or is illegal.
    pub fn replay<'a, I>(rules: R, start: Option<R::State>, moves: I) -> Result<Self, RecordError>
    where
        I: IntoIterator<Item = &'a str>,
    {
        let mut game = match start {
            Some(s) => Self::from_position(rules, s)?,
            None => Self::new(rules),
        };
        for (i, text) in moves.into_iter().enumerate() {
            game.play_text(text)
                .map_err(|error| RecordError::Move { ply: i + 1, error })?;
        }
        Ok(game)
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The position the game started from.
    pub fn start(&self) -> &R::State {
        &self.states[0]
    }

    /// The position at the cursor.
    pub fn current(&self) -> &R::State {
        &self.states[self.ply]
    }

    /// The cursor: plies played and not undone.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Plies recorded, the undone ones (the redo tail) included.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move is recorded.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves up to the cursor.
    pub fn moves(&self) -> &[R::Move] {
        &self.moves[..self.ply]
    }

    /// Every recorded move, the redo tail included.
    pub fn all_moves(&self) -> &[R::Move] {
        &self.moves
    }

    /// The positions from the start to the cursor, the cursor's last: the history an agent
    /// chooses in ([`Agent::choose_in`](crate::search::Agent::choose_in)).
    pub fn positions(&self) -> &[R::State] {
        &self.states[..=self.ply]
    }

    /// The position after `ply` plies (0 = the start), redo tail included.
    pub fn position_at(&self, ply: usize) -> Option<&R::State> {
        self.states.get(ply)
    }

    /// The outcome at the cursor, if the game is over there: by the rules of the position,
    /// or, in a game with a repetition rule (Oware's endless games), because the position
    /// at the cursor repeats an earlier one of the record (see [`repeats`](Self::repeats)).
    pub fn outcome(&self) -> Option<Outcome> {
        let state = self.current();
        self.rules.outcome(state).or_else(|| {
            self.repeats()?;
            self.rules.repetition_outcome(state)
        })
    }

    /// Whether the game is over at the cursor (see [`outcome`](Self::outcome)).
    pub fn is_over(&self) -> bool {
        self.rules.is_over(self.current()) || self.ended_by_repetition()
    }

    /// In a game whose rules end it when a position repeats
    /// ([`Ruleset::repetition_position`]), the ply of the earlier position of the record
    /// that the position at the cursor repeats (same board, same player to move); `None`
    /// when it repeats none, or when the game has no such rule. Where it is `Some`, the game
    /// is over: [`outcome`](Self::outcome) is the rules'
    /// [`repetition_outcome`](Ruleset::repetition_outcome), and no move is legal.
    ///
    /// ```
    /// use sowing::{GameRecord, Outcome, Player, Ruleset, Score};
    /// use sowing::oware::Oware;
    ///
    /// // Three seeds go round the board: after twelve plies the start repeats.
    /// let rules: Oware = "oware".parse().unwrap();
    /// let start = rules.parse_position("1,0,1,0,0,0/0,0,0,0,0,1 22 23 S").unwrap();
    /// let mut game = GameRecord::from_position(rules, start).unwrap();
    /// for text in "F f A d B a C e D b E c".split(' ') {
    ///     assert!(!game.is_over());
    ///     game.play_text(text).unwrap();
    /// }
    /// assert_eq!(game.current(), game.start());
    /// assert_eq!(game.repeats(), Some(0));
    /// // Each player takes the seeds on his side: South 22 + 1, North 23 + 2.
    /// let score = Some(Score { south: 23, north: 25 });
    /// assert_eq!(game.outcome(), Some(Outcome::Win { winner: Player::North, score }));
    /// assert!(game.legal_moves().is_empty());
    /// assert!(game.play_text("F").is_err());
    /// ```
    pub fn repeats(&self) -> Option<usize> {
        let key = self.rules.repetition_position(self.current())?;
        let seeds = self.rules.seed_count(self.current()).board;
        // Seeds leave the board only (captures): a position with another count on the board
        // cannot repeat this one, and neither can any before it.
        self.states[..self.ply]
            .iter()
            .enumerate()
            .rev()
            .take_while(|(_, s)| self.rules.seed_count(s).board == seeds)
            .find(|(_, s)| self.rules.repetition_position(s) == Some(key))
            .map(|(ply, _)| ply)
    }

    fn ended_by_repetition(&self) -> bool {
        self.repeats().is_some() && self.rules.repetition_outcome(self.current()).is_some()
    }

    /// The player to move at the cursor.
    pub fn to_move(&self) -> Player {
        self.rules.to_move(self.current())
    }

    /// The legal moves at the cursor; empty exactly when the game is over there.
    ///
    /// ```
    /// use sowing::GameRecord;
    /// use sowing::kalah::Kalah;
    ///
    /// let game = GameRecord::new(Kalah::default());
    /// let moves: Vec<String> = game.legal_moves().into_iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(moves, ["1", "2", "3", "4", "5", "6"]);
    /// ```
    pub fn legal_moves(&self) -> R::Moves {
        if self.ended_by_repetition() {
            return R::Moves::default();
        }
        self.rules.legal_moves(self.current())
    }

    /// Whether `mv` is legal at the cursor.
    pub fn is_legal(&self, mv: R::Move) -> bool {
        !self.ended_by_repetition() && self.rules.is_legal(self.current(), mv)
    }

    /// A legal move at the cursor chosen uniformly at random, or `None` when the game is over
    /// there. It does not play the move.
    ///
    /// ```
    /// use sowing::{GameRecord, SplitMix64};
    /// use sowing::toguz::Toguz;
    ///
    /// let mut game = GameRecord::new(Toguz::default());
    /// let mut rng = SplitMix64::new(7);
    /// while let Some(mv) = game.random_move(&mut rng) {
    ///     game.play(mv).unwrap();
    /// }
    /// assert!(game.is_over());
    /// assert!(game.outcome().is_some());
    /// ```
    pub fn random_move<G: RandomSource>(&self, rng: &mut G) -> Option<R::Move> {
        if self.ended_by_repetition() {
            return None;
        }
        self.rules.random_move(self.current(), rng)
    }

    /// Plays `mv` at the cursor, dropping any redo tail.
    ///
    /// # Errors
    /// [`IllegalMove`] when `mv` is not legal at the cursor; the record is then unchanged.
    pub fn play(&mut self, mv: R::Move) -> Result<(), IllegalMove> {
        if self.ended_by_repetition() {
            return Err(IllegalMove {
                mv: self.rules.format_move(self.current(), mv),
                reason: IllegalReason::GameOver,
            });
        }
        let mut next = *self.current();
        self.rules.try_play(&mut next, mv)?;
        self.push(mv, next);
        Ok(())
    }

    /// Reads a move in the players' notation and plays it; returns the move.
    ///
    /// # Errors
    /// [`MoveParseError`] when the text is not a move of the game's notation, does not agree
    /// with the position, or names an illegal move; the record is then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<R::Move, MoveParseError> {
        let mv = self.rules.parse_move(self.current(), text)?;
        if self.ended_by_repetition() {
            return Err(MoveParseError::Illegal {
                text: text.to_string(),
                reason: IllegalReason::GameOver,
            });
        }
        let mut next = *self.current();
        self.rules
            .try_play(&mut next, mv)
            .map_err(|e| MoveParseError::Illegal {
                text: text.to_string(),
                reason: e.reason,
            })?;
        self.push(mv, next);
        Ok(mv)
    }

    fn push(&mut self, mv: R::Move, next: R::State) {
        self.moves.truncate(self.ply);
        self.states.truncate(self.ply + 1);
        self.moves.push(mv);
        self.states.push(next);
        self.ply += 1;
    }

    /// Steps the cursor back one ply; returns the undone move, or `None` at the start.
    pub fn undo(&mut self) -> Option<R::Move> {
        if self.ply == 0 {
            return None;
        }
        self.ply -= 1;
        Some(self.moves[self.ply])
    }

    /// Steps the cursor forward one ply of the redo tail; returns the move, or `None`.
    pub fn redo(&mut self) -> Option<R::Move> {
        let mv = *self.moves.get(self.ply)?;
        self.ply += 1;
        Some(mv)
    }

    /// Moves the cursor to `ply` (within the recorded moves); returns whether it could.
    pub fn go_to(&mut self, ply: usize) -> bool {
        if ply <= self.moves.len() {
            self.ply = ply;
            true
        } else {
            false
        }
    }

    /// Drops the redo tail.
    pub fn truncate(&mut self) {
        self.moves.truncate(self.ply);
        self.states.truncate(self.ply + 1);
    }

    /// The moves up to the cursor in the players' notation, each written for the position it
    /// was played from.
    pub fn move_texts(&self) -> Vec<String> {
        self.all_move_texts()[..self.ply].to_vec()
    }

    /// Every recorded move in the players' notation, the redo tail included.
    pub fn all_move_texts(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.states)
            .map(|(&mv, state)| self.rules.format_move(state, mv))
            .collect()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::GameRecord;
    use crate::error::RecordError;
    use crate::ruleset::Ruleset;

    #[derive(Serialize, Deserialize)]
    struct RecordText {
        rules: String,
        start: String,
        moves: Vec<String>,
        ply: usize,
    }

    impl<R: Ruleset> Serialize for GameRecord<R> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            RecordText {
                rules: self.rules.to_string(),
                start: self.start().to_string(),
                moves: self.all_move_texts(),
                ply: self.ply,
            }
            .serialize(s)
        }
    }

    impl<'de, R: Ruleset> Deserialize<'de> for GameRecord<R> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let text = RecordText::deserialize(d)?;
            let rules: R = text.rules.parse().map_err(D::Error::custom)?;
            let start = rules
                .parse_position(&text.start)
                .map_err(|e| D::Error::custom(RecordError::Position(e)))?;
            let mut game =
                GameRecord::replay(rules, Some(start), text.moves.iter().map(String::as_str))
                    .map_err(D::Error::custom)?;
            if !game.go_to(text.ply) {
                return Err(D::Error::custom(format!(
                    "ply {} is past the {} recorded moves",
                    text.ply,
                    game.len()
                )));
            }
            Ok(game)
        }
    }
}

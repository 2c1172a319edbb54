//! The [`Ruleset`] trait: what every game of the crate implements.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::Deref;
use std::str::FromStr;

use crate::effect::Effect;
use crate::error::{
    IllegalMove, IllegalReason, MoveParseError, PlayError, PositionError, PositionParseError,
    RulesetParseError,
};
use crate::player::{Outcome, Player};
use crate::rng::RandomSource;

/// Where the seeds of a position are: on the board, and in each player's store (Kalah's store,
/// Toguz Kumalak's kazan, or the stones a Tsoro player has captured).
///
/// In every game of the crate `board + stores[0] + stores[1]` never changes during a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SeedCount {
    /// Seeds in the pits or holes.
    pub board: u32,
    /// Seeds in each player's store, indexed by [`Player::index`].
    pub stores: [u32; 2],
}

impl SeedCount {
    /// Everything: board and both stores.
    pub const fn total(self) -> u32 {
        self.board + self.stores[0] + self.stores[1]
    }

    /// One player's store.
    pub const fn store(self, player: Player) -> u32 {
        self.stores[player.index()]
    }
}

/// The rules of one game under one choice of rule switches.
///
/// A ruleset is a small value built once from validated settings (`Kalah::new(settings)`, or
/// parsed from ruleset text such as `"kalah:empty-capture"`); its methods never check the
/// settings again. The positions it plays on are separate values of type
/// [`State`](Ruleset::State): small, cheap to copy, so search can copy instead of undoing.
///
/// The required methods are the game's rules; everything else is provided on top of them:
/// [`play`](Ruleset::play) and [`try_play`](Ruleset::try_play) check legality and then call
/// [`play_unchecked`](Ruleset::play_unchecked); [`is_legal`](Ruleset::is_legal) searches the
/// legal moves; [`parse_position`](Ruleset::parse_position) reads the text and validates it.
/// What a game knows beyond its rules, for the search (its evaluation, the search's
/// tuning, a null move, exact endgame values), stands beside the search:
/// [`Heuristic`](crate::search::Heuristic).
///
/// # States that do not validate
/// A state and a ruleset are separate values, so a program can hand a ruleset a state that
/// does not [`validate`](Ruleset::validate) under it: a state of another board size or switch
/// of the same game (a database row read with the wrong ruleset), or one that parses but
/// cannot occur. For such a state every method returns, without panicking and in bounded
/// time; what it answers is unspecified, except that [`try_play`](Ruleset::try_play) and
/// [`play`](Ruleset::play) leave the state as it was whenever they refuse, and refuse with
/// [`IllegalReason::Unfit`] where the game sees that the state is not of its shape (Tsoro:
/// a board of another size, which its engine cannot read; checking it costs Tsoro's perft
/// 0.5-1.9% more instructions). The crate's games and any ruleset can be checked for this with
/// [`testing::check_foreign_states`](crate::testing::check_foreign_states).
///
/// ```
/// use sowing::{Player, Ruleset};
/// use sowing::kalah::Kalah;
///
/// let kalah: Kalah = "kalah".parse().unwrap();
/// let mut state = kalah.start();
/// assert_eq!(kalah.to_move(&state), Player::South);
/// let mv = kalah.parse_move(&state, "3").unwrap(); // 4 seeds from pit 3: the last in the store
/// kalah.try_play(&mut state, mv).unwrap();
/// assert_eq!(kalah.to_move(&state), Player::South); // an extra turn
/// assert_eq!(state.to_string(), "4,4,4,4,4,4/4,4,0,5,5,5 1 0 S");
/// ```
pub trait Ruleset:
    Clone + Debug + Display + FromStr<Err = RulesetParseError> + PartialEq + Send + Sync + 'static
{
    /// A position: the board, the stores, the side to move and whatever else the rules need
    /// to know (Kalah's pie-rule option, Toguz Kumalak's tuzdiks, a Tsoro turn in progress).
    ///
    /// It prints as the game's position text and parses back from it (`FromStr` checks only
    /// the syntax; [`validate`](Ruleset::validate) checks it against a ruleset). serde uses the
    /// same text, so a deserialized state is at least well formed; wrap it in a
    /// [`Position`](crate::Position) to have deserialization check it against a ruleset too.
    type State: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err = PositionParseError>
        + Send
        + Sync
        + 'static;

    /// One action of one player: a sowing, or a decision within a turn.
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// The list [`legal_moves`](Ruleset::legal_moves) returns: a
    /// [`MoveList`](crate::MoveList) on the stack.
    type Moves: Deref<Target = [Self::Move]>
        + IntoIterator<Item = Self::Move>
        + Clone
        + Debug
        + Default;

    /// The game's name as it starts ruleset text: `kalah`, `toguz`, `tsoro` or `oware`.
    const GAME: &'static str;

    /// Every name the type's ruleset text may start with: [`GAME`](Ruleset::GAME) alone by
    /// default. A ruleset type that plays a catalogue of games (one type, many names, each
    /// name its own settings) lists them all here, and its `FromStr` reads each; a list of
    /// games ([`ruleset_list!`](crate::ruleset_list)) finds the type by any of them, and
    /// refuses to build when two of its games share a name.
    const NAMES: &'static [&'static str] = &[Self::GAME];

    /// The position the game starts from.
    fn start(&self) -> Self::State;

    /// The player to move (in a finished game: the player who would move next).
    fn to_move(&self, state: &Self::State) -> Player;

    /// Every legal move; empty exactly when the game is over.
    ///
    /// # Examples
    /// ```
    /// use sowing::toguz::Toguz;
    /// use sowing::Ruleset;
    ///
    /// let rules = Toguz::default();
    /// let start = rules.start();
    /// for mv in rules.legal_moves(&start) {
    ///     println!("{mv}: {}", rules.format_move(&start, mv)); // e.g. `6: 65`
    /// }
    /// assert_eq!(rules.legal_moves(&start).len(), 9);
    /// ```
    fn legal_moves(&self, state: &Self::State) -> Self::Moves;

    /// Plays `mv`, which must be legal in `state`.
    ///
    /// This is the fast path for search and playouts. An illegal move leaves `state` in an
    /// unspecified but memory-safe condition (it never panics on a move value the game's
    /// notation can express, but the result is not a position of the game). Use
    /// [`try_play`](Ruleset::try_play) or [`play`](Ruleset::play) for moves you have not
    /// taken from [`legal_moves`](Ruleset::legal_moves).
    fn play_unchecked(&self, state: &mut Self::State, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Where the seeds are.
    fn seed_count(&self, state: &Self::State) -> SeedCount;

    /// The number of seeds the game starts with; [`SeedCount::total`] always equals it.
    fn total_seeds(&self) -> u32;

    /// Checks that a (parsed or deserialized) state can occur under this ruleset: board size,
    /// seed total, and every invariant the rules keep.
    ///
    /// # Errors
    /// [`PositionError`] naming the first thing that cannot occur under this ruleset.
    fn validate(&self, state: &Self::State) -> Result<(), PositionError>;

    /// The state's hash for transposition tables, computed from the whole state: what
    /// [`hash`](Ruleset::hash) must always equal. The
    /// [`hashing`](crate::hashing) module has the mixers the crate's games use.
    ///
    /// # Stability
    /// Hash values are the same on every platform and in every run, and stay the same across
    /// patch releases (`0.2.x`); a minor release (`0.3`) may change them, and says so in the
    /// changelog. Do not store them where they must outlive such an upgrade: store position
    /// text instead.
    fn hash_from_scratch(&self, state: &Self::State) -> u64;

    /// Reads a move in the players' notation, checking it against `state`: the move must be
    /// legal and any details the notation writes (a landing hole, a capture mark) must agree
    /// with what the move does.
    ///
    /// # Errors
    /// [`MoveParseError::Syntax`] when the text is not a move of the notation,
    /// [`MoveParseError::Illegal`] when the move is not legal in `state`, and
    /// [`MoveParseError::Mismatch`] when a written detail disagrees with what the move does.
    ///
    /// # Examples
    /// ```
    /// use sowing::toguz::Toguz;
    /// use sowing::{MoveParseError, Ruleset};
    ///
    /// let rules = Toguz::default();
    /// let start = rules.start();
    /// let mv = rules.parse_move(&start, "65").unwrap(); // hole 6, landing in Black's 5
    /// assert_eq!(mv.to_string(), "6");
    /// assert!(matches!(rules.parse_move(&start, "64"), Err(MoveParseError::Mismatch { .. })));
    /// assert!(matches!(rules.parse_move(&start, "0"), Err(MoveParseError::Syntax { .. })));
    /// ```
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, MoveParseError>;

    /// Writes a move in the players' notation, as it would be played from `state`.
    ///
    /// Never panics, even for a move that is illegal in `state`: it then writes what it can.
    fn format_move(&self, state: &Self::State, mv: Self::Move) -> String;

    // ---------------------------------------------------------------------------------------
    // Provided.

    /// The state's hash for transposition tables: always equal to
    /// [`hash_from_scratch`](Ruleset::hash_from_scratch), which the default calls. A game
    /// that keeps its hash up to date in [`play_unchecked`](Ruleset::play_unchecked) (as the
    /// crate's games do) overrides it to read the kept value instead.
    #[inline]
    fn hash(&self, state: &Self::State) -> u64 {
        self.hash_from_scratch(state)
    }

    /// Whether `mv` is legal in `state`.
    fn is_legal(&self, state: &Self::State, mv: Self::Move) -> bool {
        self.legal_moves(state).contains(&mv)
    }

    /// Why `mv` is illegal in `state`, or `None` if it is legal.
    ///
    /// The default says only that the game is over or that the move is not legal here; games
    /// override it to name the rule.
    fn illegal_reason(&self, state: &Self::State, mv: Self::Move) -> Option<IllegalReason> {
        if self.is_legal(state, mv) {
            None
        } else if self.legal_moves(state).is_empty() {
            Some(IllegalReason::GameOver)
        } else {
            Some(IllegalReason::Forbidden("not a legal move here".into()))
        }
    }

    /// Plays `mv` if it is legal; otherwise returns why and leaves `state` untouched.
    ///
    /// See [`play`](Ruleset::play) for the by-value form and
    /// [`play_unchecked`](Ruleset::play_unchecked) for the fast path.
    ///
    /// # Errors
    /// [`IllegalMove`], with the move's text and the [`IllegalReason`], when `mv` is not legal
    /// in `state`.
    ///
    /// # Examples
    /// ```
    /// use sowing::kalah::{Kalah, KalahMove};
    /// use sowing::{IllegalReason, Ruleset};
    ///
    /// let rules = Kalah::default();
    /// let mut state = rules.start();
    /// rules.try_play(&mut state, KalahMove::Pit(3)).unwrap(); // the last seed in the store
    /// let before = state;
    /// let err = rules.try_play(&mut state, KalahMove::Pit(3)).unwrap_err(); // now empty
    /// assert!(matches!(err.reason, IllegalReason::Forbidden(_)));
    /// assert_eq!(state, before);
    /// ```
    fn try_play(&self, state: &mut Self::State, mv: Self::Move) -> Result<(), IllegalMove> {
        match self.illegal_reason(state, mv) {
            None => {
                self.play_unchecked(state, mv);
                Ok(())
            }
            Some(reason) => Err(IllegalMove {
                mv: self.format_move(state, mv),
                reason,
            }),
        }
    }

    /// Plays `mv` on a state taken by value and returns the new state; an illegal move hands
    /// the untouched state back inside the error.
    ///
    /// See [`try_play`](Ruleset::try_play) to play in place.
    ///
    /// # Errors
    /// [`PlayError`] when `mv` is not legal in `state`: it holds the untouched state and the
    /// [`IllegalMove`].
    ///
    /// # Examples
    /// ```
    /// use sowing::kalah::{Kalah, KalahMove};
    /// use sowing::Ruleset;
    ///
    /// let rules = Kalah::default();
    /// let state = rules.play(rules.start(), KalahMove::Pit(1)).unwrap();
    /// assert_eq!(state.to_string(), "4,4,4,4,4,4/0,5,5,5,5,4 0 0 N");
    /// let refused = rules.play(state, KalahMove::Pit(9)).unwrap_err();
    /// assert_eq!(refused.state, state); // handed back untouched
    /// ```
    fn play(
        &self,
        mut state: Self::State,
        mv: Self::Move,
    ) -> Result<Self::State, PlayError<Self::State>> {
        match self.try_play(&mut state, mv) {
            Ok(()) => Ok(state),
            Err(error) => Err(PlayError { state, error }),
        }
    }

    /// Whether the game is over.
    fn is_over(&self, state: &Self::State) -> bool {
        self.outcome(state).is_some()
    }

    /// The position as a repetition rule compares it, for a game whose rules end it when a
    /// position repeats (Oware's rule for endless games); `None` (the default) for a game
    /// where a repeated position plays on.
    ///
    /// A state holds no history, so the rule is applied by the layers that hold one:
    /// [`GameRecord`](crate::GameRecord) (a position that repeats an earlier one of the
    /// record ends the game with [`repetition_outcome`](Ruleset::repetition_outcome)),
    /// the alpha-beta search (a position that repeats one of its path, or of the game
    /// before its root given by [`Agent::choose_in`](crate::search::Agent::choose_in),
    /// scores as that outcome), the match runner and the engine protocol (which keep the
    /// game's positions). What is returned is `state` without what only counts plies (a ply
    /// counter kept for a ply limit): two states repeat when these are equal.
    fn repetition_position(&self, _state: &Self::State) -> Option<Self::State> {
        None
    }

    /// The outcome of a game ended by the repetition of `state`, where the rules have a
    /// repetition rule (see [`repetition_position`](Ruleset::repetition_position)); `None`
    /// (the default) otherwise.
    fn repetition_outcome(&self, _state: &Self::State) -> Option<Outcome> {
        None
    }

    /// Reads position text and checks it against this ruleset.
    ///
    /// # Errors
    /// [`PositionError::Parse`] for malformed text (with the byte offset and field), and the
    /// other [`PositionError`]s when the position cannot occur under this ruleset.
    ///
    /// # Examples
    /// ```
    /// use sowing::tsoro::Tsoro;
    /// use sowing::{PositionError, Ruleset};
    ///
    /// let rules = Tsoro::default();
    /// let start = rules.parse_position(&rules.start().to_string()).unwrap();
    /// assert_eq!(start, rules.start());
    /// assert!(matches!(rules.parse_position("2,2/2,2 0 0"), Err(PositionError::Parse(_))));
    /// ```
    fn parse_position(&self, text: &str) -> Result<Self::State, PositionError> {
        let state: Self::State = text.parse()?;
        self.validate(&state)?;
        Ok(state)
    }

    /// Plays uniformly random legal moves from `state` until the game ends or `max_plies`
    /// plies have been played; returns the plies played. `state` is left at the final
    /// position. Games may override it with a faster loop; the moves must stay uniformly
    /// random among the legal ones. See also [`random_playout`](crate::random_playout).
    fn playout<G: RandomSource>(
        &self,
        state: &mut Self::State,
        rng: &mut G,
        max_plies: u64,
    ) -> u64 {
        let mut plies = 0;
        while plies < max_plies {
            match self.random_move(state, rng) {
                Some(mv) => {
                    self.play_unchecked(state, mv);
                    plies += 1;
                }
                None => break,
            }
        }
        plies
    }

    /// A legal move chosen uniformly at random, or `None` when the game is over.
    fn random_move<G: RandomSource>(&self, state: &Self::State, rng: &mut G) -> Option<Self::Move> {
        let moves = self.legal_moves(state);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len() as u32) as usize])
        }
    }

    /// What `mv` does in `state`: where it lifts and sows, where its last seed falls, what
    /// it captures and marks, what each store gains (see [`Effect`]). The games record it
    /// with their own sowing engines, on a copy of `state`, and allocate nothing.
    ///
    /// The default, for a ruleset that does not record, plays the move on a copy and says
    /// only who moved and whether he moves again.
    ///
    /// # Errors
    /// The [`IllegalReason`] when `mv` is not legal in `state`.
    ///
    /// # Examples
    /// ```
    /// use sowing::kalah::{Kalah, KalahMove};
    /// use sowing::{Player, Ruleset, Spot};
    ///
    /// let rules: Kalah = "kalah".parse().unwrap();
    /// let state = rules.parse_position("4,4,4,4,4,4/1,0,4,4,4,4 7 0 S").unwrap();
    /// let e = rules.effect(&state, KalahMove::Pit(1)).unwrap(); // into the empty pit 2
    /// assert_eq!(e.last, Some(Spot::Hole { owner: Player::South, index: 2 }));
    /// assert_eq!(e.captured_seeds, 5); // the seed and the four across
    /// assert_eq!(e.stores, [5, 0]);
    /// assert!(rules.effect(&state, KalahMove::Pit(2)).is_err()); // an empty pit
    /// ```
    fn effect(&self, state: &Self::State, mv: Self::Move) -> Result<Effect, IllegalReason> {
        if let Some(reason) = self.illegal_reason(state, mv) {
            return Err(reason);
        }
        let mover = self.to_move(state);
        let mut after = *state;
        self.play_unchecked(&mut after, mv);
        let mut effect = Effect::new(mover);
        effect.again = !self.is_over(&after) && self.to_move(&after) == mover;
        Ok(effect)
    }

    // ---------------------------------------------------------------------------------------
    // Records.

    /// The two sides' names in the game's records and pictures, South's first: `South` and
    /// `North`, or the game's own (Toguz Kumalak: `White` and `Black`). See
    /// [`pgn`](crate::pgn).
    const SIDES: [&'static str; 2] = ["South", "North"];
}

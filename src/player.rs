//! The two players, and how a game ends.

use std::fmt;
use std::ops::Not;

/// One of the two players. South moves first in every game of this crate.
///
/// The names are seats at the board: South sits at the bottom of every board picture and
/// position text, North at the top.
///
/// ```
/// use sowing::Player;
/// assert_eq!(!Player::South, Player::North);
/// assert_eq!(Player::North.index(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The first player (White in Toguz Kumalak records, "A" in Matthews' Tsoro notes).
    South,
    /// The second player.
    North,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with [`index`](Player::index) `i & 1`.
    #[inline]
    pub const fn from_index(i: usize) -> Player {
        if i & 1 == 0 {
            Player::South
        } else {
            Player::North
        }
    }

    /// The one-letter code used in position texts: `S` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Player::South => 'S',
            Player::North => 'N',
        }
    }

    /// The player named by a position text's letter (`S` or `N`, either case).
    pub fn from_letter(c: char) -> Option<Player> {
        match c {
            'S' | 's' => Some(Player::South),
            'N' | 'n' => Some(Player::North),
            _ => None,
        }
    }
}

impl Not for Player {
    type Output = Player;
    #[inline]
    fn not(self) -> Player {
        self.opponent()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "South",
            Player::North => "North",
        })
    }
}

/// The final score of a game that keeps one: seeds in each player's store (Kalah), balls in
/// each kazan (Toguz Kumalak).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// South's total.
    pub south: u32,
    /// North's total.
    pub north: u32,
}

impl Score {
    /// The given player's total.
    pub const fn of(self, player: Player) -> u32 {
        match player {
            Player::South => self.south,
            Player::North => self.north,
        }
    }

    /// The given player's total minus the opponent's.
    pub const fn margin(self, player: Player) -> i32 {
        self.of(player) as i32 - self.of(player.opponent()) as i32
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.south, self.north)
    }
}

/// How a finished game ended.
///
/// ```
/// use sowing::{Outcome, Player, Score};
/// let o = Outcome::Win { winner: Player::South, score: Some(Score { south: 28, north: 20 }) };
/// assert_eq!(o.winner(), Some(Player::South));
/// assert_eq!(o.value_for(Player::North), -1);
/// assert_eq!(o.to_string(), "South wins 28-20");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One player won.
    Win {
        /// The winner.
        winner: Player,
        /// The final score, for games that keep one (not Tsoro).
        score: Option<Score>,
    },
    /// Nobody won: equal stores, or a game adjudicated drawn by a ply limit.
    Draw {
        /// The final score, for games that keep one.
        score: Option<Score>,
    },
}

impl Outcome {
    /// The outcome decided by a final score: more seeds wins, equal is a draw.
    ///
    /// ```
    /// use sowing::{Outcome, Player, Score};
    /// let o = Outcome::by_score(Score { south: 20, north: 28 });
    /// assert_eq!(o.winner(), Some(Player::North));
    /// assert_eq!(Outcome::by_score(Score { south: 24, north: 24 }).winner(), None);
    /// ```
    pub fn by_score(score: Score) -> Outcome {
        match score.south.cmp(&score.north) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Player::South,
                score: Some(score),
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Player::North,
                score: Some(score),
            },
            std::cmp::Ordering::Equal => Outcome::Draw { score: Some(score) },
        }
    }

    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The final score, where the game keeps one.
    pub const fn score(self) -> Option<Score> {
        match self {
            Outcome::Win { score, .. } | Outcome::Draw { score } => score,
        }
    }

    /// +1 if `player` won, -1 if he lost, 0 for a draw.
    pub fn value_for(self, player: Player) -> i32 {
        match self.winner() {
            Some(w) if w == player => 1,
            Some(_) => -1,
            None => 0,
        }
    }

    /// The PGN-style result: `1-0` (South won), `0-1` or `1/2-1/2`: the token of
    /// [`GameResult::of`], the crate's one table of results.
    pub const fn result_text(self) -> &'static str {
        GameResult::of(Some(self)).token()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, .. } => write!(f, "{winner} wins")?,
            Outcome::Draw { .. } => f.write_str("draw")?,
        }
        if let Some(score) = self.score() {
            write!(f, " {score}")?;
        }
        Ok(())
    }
}

/// The result token that ends a record's movetext, in both forms of
/// [`pgn`](crate::pgn) (re-exported there), and [`Outcome::result_text`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// `1-0`: South (White in Toguz Kumalak) won.
    SouthWins,
    /// `0-1`: North (Black) won.
    NorthWins,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `*`: the game is unfinished.
    Unfinished,
}

impl GameResult {
    /// Every result, in PGN's order.
    pub const ALL: [GameResult; 4] = [
        GameResult::SouthWins,
        GameResult::NorthWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The token: `1-0`, `0-1`, `1/2-1/2` or `*`. The crate's only table of result tokens
    /// ([`Outcome::result_text`] reads it too).
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The result a token stands for; `None` for any other text.
    pub fn from_token(token: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.token() == token)
    }

    /// The result of an outcome, `*` for a game that goes on.
    pub const fn of(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            None => GameResult::Unfinished,
            Some(o) => match o.winner() {
                Some(Player::South) => GameResult::SouthWins,
                Some(Player::North) => GameResult::NorthWins,
                None => GameResult::Draw,
            },
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

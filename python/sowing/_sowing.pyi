"""The native module of sowing (Rust, PyO3): every class and function of the package."""

import sys
from typing import Any, Literal, Optional, Union, final, overload

if sys.version_info >= (3, 11):
    from typing import Self
else:
    from typing_extensions import Self

import numpy as np
import numpy.typing as npt

from . import kalah as kalah
from . import toguz as toguz

__all__ = [
    "__version__",
    "GAMES",
    "SowingError",
    "RulesetError",
    "PositionError",
    "MoveError",
    "IllegalMoveError",
    "RecordError",
    "AgentError",
    "SolveError",
    "Player",
    "Outcome",
    "Move",
    "State",
    "Ruleset",
    "GameRecord",
    "read_games",
    "analyze_text",
    "toguz",
    "Agent",
    "kalah",
    "VectorEnv",
]

__version__: str
#: The games of the crate, as ruleset text names them ("kalah", "toguz", ...).
GAMES: list[str]

class SowingError(ValueError):
    """The base of every error of sowing (a ValueError): the message is the Rust crate's."""

class RulesetError(SowingError):
    """Ruleset text that names no ruleset: an unknown game or switch, a bad value."""

class PositionError(SowingError):
    """Position text that is not a position, or a position the ruleset cannot reach; also a
    State handed to a ruleset of another game."""

class MoveError(SowingError):
    """Text that is no move of the game's notation, or whose written details (a landing
    hole, a tuzdik mark) disagree with the position."""

class IllegalMoveError(SowingError):
    """A move that the position does not allow (the game may be over)."""

class RecordError(SowingError):
    """A game record that cannot be read or does not replay."""

    line: Optional[int]
    """The 1-based line of the text at fault (None when there is no text)."""
    ply: Optional[int]
    """The 1-based ply of the move at fault (None for a problem that is not a move's)."""

class AgentError(SowingError):
    """Agent text that names no agent, or an option the game cannot serve."""

class SolveError(SowingError):
    """A position the Kalah solver cannot solve (the pie rule's swap still to come), or
    memory it cannot have."""

@final
class Player:
    """One of the two players. South moves first in every game; in Toguz Kumalak's records
    South is White and North is Black."""

    South: Player
    """The first player, at the bottom of every picture and position text."""
    North: Player
    """The second player."""
    @property
    def opponent(self) -> Player:
        """The other player."""
    @property
    def index(self) -> int:
        """0 for South, 1 for North."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self:
        """The value itself: it is immutable."""
    def __deepcopy__(self, memo: object, /) -> Self:
        """The value itself: it is immutable."""

@final
class Outcome:
    """How a finished game ended: the winner (None for a draw) and, in the games that keep
    one (Kalah, Toguz Kumalak), the final score. `str()` reads `South wins 28-20`."""

    @property
    def winner(self) -> Optional[Player]:
        """The winner, or None for a draw."""
    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
    @property
    def score(self) -> Optional[tuple[int, int]]:
        """The final score as (South's, North's), or None in a game that keeps none (Tsoro)."""
    @property
    def result(self) -> str:
        """The PGN result: "1-0" (South won), "0-1" or "1/2-1/2"."""
    def value_for(self, player: Player) -> int:
        """+1 if `player` won, -1 if he lost, 0 for a draw."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self:
        """The value itself: it is immutable."""
    def __deepcopy__(self, memo: object, /) -> Self:
        """The value itself: it is immutable."""

@final
class Move:
    """A move of one game, as `Ruleset.legal_moves` gives it: `str(mv)` is the game's
    notation (`Ruleset.format_move` writes the full one). Immutable, hashable and picklable."""

    @property
    def game(self) -> str:
        """The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware")."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self:
        """The value itself: it is immutable."""
    def __deepcopy__(self, memo: object, /) -> Self:
        """The value itself: it is immutable."""

_MoveLike = Union[Move, str]
"""A Move, or its text in the game's notation."""

@final
class State:
    """A position of one game: immutable, hashable and picklable. `str(state)` is the
    position text, which `Ruleset.parse_position` reads back; `==` and `hash` follow the
    position. In Jupyter it draws itself."""

    @property
    def rules(self) -> Ruleset:
        """The ruleset this is a position of."""
    @property
    def game(self) -> str:
        """The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware")."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self:
        """The value itself: it is immutable."""
    def __deepcopy__(self, memo: object, /) -> Self:
        """The value itself: it is immutable."""
    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter."""

@final
class Ruleset:
    """The rules of one game under one choice of rule switches, read from ruleset text:
    `Ruleset("kalah:empty-capture")`, `Ruleset("toguz")`, `Ruleset("tsoro:holes=8,bonus=0")`.

    Every method takes and returns immutable values: `play` returns a new State. Moves may
    be given as Move objects or as their text. Bad text raises RulesetError; a State of
    another game (or of another ruleset, that is not a position here) raises PositionError."""

    def __new__(cls, text: str) -> Self:
        """Reads ruleset text (RulesetError for text that names no ruleset)."""
    def __copy__(self) -> Self:
        """The value itself: it is immutable."""
    def __deepcopy__(self, memo: object, /) -> Self:
        """The value itself: it is immutable."""
    @property
    def game(self) -> str:
        """The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware")."""
    @property
    def sides(self) -> tuple[str, str]:
        """The sides' names in records and pictures: ("South", "North"), or ("White", "Black")."""
    @property
    def total_seeds(self) -> int:
        """The number of seeds (balls, stones) the game starts with."""
    def start(self) -> State:
        """The position the game starts from."""
    def to_move(self, state: State) -> Player:
        """The player to move (in a finished game: the one who would move next)."""
    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, in the game's order; empty exactly when the game is over."""
    def is_legal(self, state: State, mv: _MoveLike) -> bool:
        """Whether `mv` is legal in `state` (text that is no move raises MoveError)."""
    def play(self, state: State, mv: _MoveLike) -> State:
        """Plays `mv` and returns the new State (MoveError, IllegalMoveError)."""
    def outcome(self, state: State) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def is_over(self, state: State) -> bool:
        """Whether the game is over."""
    def parse_position(self, text: str) -> State:
        """Reads position text, checked against this ruleset (PositionError)."""
    def parse_move(self, state: State, text: str) -> Move:
        """Reads a move in the game's notation, checked against `state`."""
    def format_move(self, state: State, mv: _MoveLike) -> str:
        """The full notation of `mv` played from `state` (Toguz Kumalak: `65`, `36x`)."""
    def seed_count(self, state: State) -> tuple[int, int, int]:
        """Where the seeds are: (on the board, in South's store, in North's store)."""
    def hash(self, state: State) -> int:
        """The position's 64-bit hash, as the Rust crate's transposition tables use it."""
    def random_move(self, state: State, seed: int) -> Optional[Move]:
        """A legal move chosen uniformly at random from `seed`, or None when the game is over."""
    def perft(self, state: State, depth: int) -> int:
        """The number of move sequences of exactly `depth` plies (GIL released, Ctrl-C stops it)."""
    def picture(self, state: State) -> str:
        """The board as text for a terminal."""
    def picture_svg(
        self, state: State, last_move: Optional[_MoveLike] = None, before: Optional[State] = None
    ) -> str:
        """The board as SVG; with `last_move` and `before` (the position it was played from)
        the move's holes are marked."""
    # The learning environments' encoding (src/env.rs).
    @property
    def num_actions(self) -> int:
        """The number of actions of the encoding (Kalah: the pits, then `swap`; Toguz Kumalak:
        the holes; Tsoro: the start holes, `relay`, `stop`, the takes, `done`)."""
    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of `observation(state)`."""
    def action_mask(self, state: State) -> npt.NDArray[np.bool_]:
        """The legal actions as a boolean array of `num_actions` entries."""
    def legal_actions(self, state: State) -> list[int]:
        """The legal actions, smallest first."""
    def observation(self, state: State) -> npt.NDArray[np.float32]:
        """The observation, float32 of `observation_shape`, seen from the player to move."""
    def action_to_move(self, state: State, action: int) -> Move:
        """The Move of `action` (MoveError outside `0..num_actions`)."""
    def move_to_action(self, state: State, mv: _MoveLike) -> int:
        """The action of `mv` (MoveError, IllegalMoveError for text as `play` reads it)."""
    def play_action(self, state: State, action: int) -> State:
        """Plays the move of `action` and returns the new State (IllegalMoveError, MoveError)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class GameRecord:
    """A game: its ruleset, the start, the moves played, and a cursor that `undo` and `redo`
    move. Playing a move after an undo drops the undone moves."""

    def __new__(cls, rules: Ruleset, start: Optional[State] = None) -> Self:
        """A new game of `rules`, from `start` (checked: PositionError) or the ruleset's start."""
    @staticmethod
    def from_pgn(text: str) -> GameRecord:
        """Reads a text holding exactly one game (RecordError with `line` and `ply`)."""
    @property
    def rules(self) -> Ruleset:
        """The ruleset."""
    @property
    def ply(self) -> int:
        """The cursor: plies played and not undone."""
    def __len__(self) -> int:
        """Plies recorded, the undone ones included."""
    @property
    def current(self) -> State:
        """The position at the cursor."""
    @property
    def start(self) -> State:
        """The position the game started from."""
    @property
    def moves(self) -> list[Move]:
        """The moves up to the cursor."""
    def move_texts(self) -> list[str]:
        """The moves up to the cursor in full notation."""
    def position_at(self, ply: int) -> Optional[State]:
        """The position after `ply` plies (0: the start), or None past the recorded moves."""
    def outcome(self) -> Optional[Outcome]:
        """The outcome at the cursor, or None while the game goes on there."""
    def is_over(self) -> bool:
        """Whether the game is over at the cursor."""
    def to_move(self) -> Player:
        """The player to move at the cursor."""
    def legal_moves(self) -> list[Move]:
        """The legal moves at the cursor."""
    def play(self, mv: _MoveLike) -> Move:
        """Plays `mv` at the cursor, dropping any redo tail (MoveError, IllegalMoveError)."""
    def undo(self) -> Optional[Move]:
        """Steps back one ply; the undone move, or None at the start."""
    def redo(self) -> Optional[Move]:
        """Steps forward one ply of the redo tail; the move, or None."""
    def go_to(self, ply: int) -> bool:
        """Moves the cursor to `ply`; whether it could."""
    def to_pgn(self) -> str:
        """The record up to the cursor in the records form of sowing::pgn, with the tags it
        was read with, and the result written there while its moves are those read and the
        cursor is at their end (else the rules' outcome)."""
    @property
    def tags(self) -> dict[str, str]:
        """The tags of a record read from text (empty for a record made here)."""
    @property
    def result(self) -> Optional[str]:
        """The result written in a record read from text; None for a record made here."""
    def picture(self) -> str:
        """The board at the cursor as text for a terminal."""
    def picture_svg(self) -> str:
        """The board at the cursor as SVG, the last move's holes marked."""
    def _repr_svg_(self) -> str:
        """The board at the cursor as SVG, for Jupyter."""

@overload
def read_games(text: str, *, errors: Literal["raise", "skip"] = "raise") -> list[GameRecord]:
    """Reads every game of a file of records, each under the ruleset its Variant names. A
    game that does not read raises RecordError (with `line` and `ply`); `errors="skip"`
    leaves it out, `errors="return"` puts its RecordError in the list in its place."""
@overload
def read_games(text: str, *, errors: Literal["return"]) -> list[Union[GameRecord, RecordError]]: ...

def analyze_text(text: str, agent: str, title: str = "") -> dict[str, Any]:
    """Analyses the one game of `text` (a record of any game) with `agent` (an alphabeta
    agent's text): a dict of `rows` (a dict a ply), `summary` (a dict a player), `annotated`
    (the record's text with the analysis), `svg` (the graph), `agent` and `game`. The
    search runs with the GIL released; Ctrl-C stops it (KeyboardInterrupt). Use
    `sowing.analyze`."""

@final
class Agent:
    """A game-playing agent named in text: `random[:seed=N]`, `alphabeta[:depth=N][,time=T]
    [,nodes=N]...`, `alphabeta-classic[:...]`, `mcts[:playouts=N][,time=T][,seed=N][,c=X]`
    (AgentError for bad text). `choose` releases the GIL and stops at Ctrl-C."""

    def __new__(cls, text: str) -> Self:
        """Reads agent text (AgentError)."""
    @property
    def name(self) -> str:
        """The agent's text with every setting written."""
    def choose(self, rules: Ruleset, state: State) -> Optional[Move]:
        """The move the agent plays in `state`, or None when the game is over."""
    @property
    def depth(self) -> Optional[int]:
        """The deepest completed iteration of the last search (None before any and for the
        random agent, 0 for mcts: no iterations)."""
    @property
    def nodes(self) -> Optional[int]:
        """The nodes of the last search."""
    @property
    def value(self) -> Optional[int]:
        """The value the last search found for the player to move (alpha-beta: hundredths
        of a seed, wins near ±1,000,000; mcts: the chosen move's win rate in thousandths)."""
    @property
    def elapsed(self) -> Optional[float]:
        """The time the last search took, in seconds."""
    @property
    def summary(self) -> Optional[str]:
        """What the last search found, for people."""

# The learning environments (src/env.rs).

@final
class VectorEnv:
    """`num_envs` independent games of one ruleset stepped together in Rust, writing into
    numpy arrays allocated once (copy what you keep); a game that ends starts again in the
    same step, its last observation in `final_observations`."""

    def __new__(
        cls,
        ruleset_text: str,
        num_envs: int,
        seed: int = 0,
        reward: str = "win-loss",
        max_plies: Optional[int] = None,
    ) -> Self:
        """The games, each at the start (RulesetError; ValueError for a bad `reward`)."""
    @property
    def rules(self) -> Ruleset:
        """The ruleset."""
    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def num_actions(self) -> int:
        """The number of actions."""
    @property
    def observation_shape(self) -> tuple[int]:
        """One game's observation shape."""
    @property
    def final_observations(self) -> npt.NDArray[np.float32]:
        """The last observation of each game that ended in the last step."""
    def reset(
        self, seed: Optional[int] = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
        """Starts every game again: (observations, to_move, action_mask)."""
    def step(
        self, actions: Union[npt.ArrayLike, npt.NDArray[np.int64]]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.uint8],
        npt.NDArray[np.bool_],
    ]:
        """One action per game: (observations, rewards, terminated, truncated, to_move,
        action_mask); a bad action raises (IllegalMoveError, MoveError) and changes no game."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for each game."""
    def states(self) -> list[State]:
        """Each game's position."""
    def __len__(self) -> int: ...

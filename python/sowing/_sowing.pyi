"""The native module of sowing (Rust, PyO3): every class and function of the package."""

import os
import sys
from os import PathLike
from typing import Any, ClassVar, Literal, NoReturn, Optional, Sequence, Union, final, overload

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
    "PLY_LIMITS",
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
    "OwareTables",
    "read_games",
    "analyze_text",
    "selfplay_bytes",
    "toguz",
    "Agent",
    "SearchLine",
    "kalah",
    "VectorEnv",
    "CATALOGUE",
    "svg_to_rgb",
]

__version__: str
#: The games of the crate, as ruleset text names them ("kalah", "toguz", ...).
GAMES: list[str]
#: The catalogue of described games (the `mancala` family), each a ruleset text of its own
#: ("ayoayo", "wari", ...): `Ruleset("ayoayo")`.
CATALOGUE: list[str]
#: Each game of `GAMES`, in its order, with the ply limit it states (Rust's
#: `Encoding::ply_limit`): `(name, plies)`, the bound on a game's length for frameworks that
#: need one (OpenSpiel's `max_game_length`), e.g. `("kalah", 1000)`.
PLY_LIMITS: list[tuple[str, int]]

class SowingError(ValueError):
    """The base of every error of sowing (a ValueError): the message is the Rust crate's.
    Every bad argument of the right type raises one (a subclass, or SowingError itself for
    an int or option out of its range); an argument of the wrong type raises TypeError."""

class RulesetError(SowingError):
    """Ruleset text that names no ruleset: an unknown game or switch, a bad value."""

class PositionError(SowingError):
    """Position text that is not a position, or a position the ruleset cannot reach; also a
    State handed to a ruleset of another game or board, and a picture's `before` from which
    its `last_move` does not lead to the State drawn."""

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
    """A position the Kalah solver cannot solve (the pie rule's swap still to come), a
    ruleset of another game than Kalah, a solver option out of its range (`threads`,
    `table_mb`, `endgame_seeds`, an `endgame_dir` whose parent folder is missing), or memory
    it cannot have."""

@final
class Player:
    """One of the two players. South moves first in every game; in Toguz Kumalak's records
    South is White and North is Black. A Player equals its index (`Player.North == 1`) and
    hashes as it (`1 in {Player.North}`), as an IntEnum does."""

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
    def __hash__(self) -> int:
        """The hash of the index, as an int's."""
    def __copy__(self) -> Self:
        """The value itself: it is immutable."""
    def __deepcopy__(self, memo: object, /) -> Self:
        """The value itself: it is immutable."""

@final
class Outcome:
    """How a finished game ended: the winner (None for a draw) and, in the games that keep
    one (Kalah, Toguz Kumalak, Oware), the final score. `str()` reads `South wins 28-20`.
    Outcomes come from `Ruleset.outcome` and `GameRecord.outcome`, not from a constructor."""

    def __new__(cls, _no_constructor: NoReturn, /) -> Self:
        """None: `Outcome(...)` raises TypeError (and fails type checking)."""

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
    notation (`Ruleset.format_move` writes the full one). Immutable, hashable and picklable.
    Moves come from a Ruleset (`legal_moves`, `parse_move`), not from a constructor; every
    method that takes a Move also takes its text. `repr()`: `<Move kalah 3>`."""

    def __new__(cls, _no_constructor: NoReturn, /) -> Self:
        """None: `Move(...)` raises TypeError (and fails type checking)."""

    @property
    def game(self) -> str:
        """The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware", "mancala")."""
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
    position. In Jupyter it draws itself. The board is read without text: `holes`,
    `stores`, `to_move`, `ply`, `tuzdiks`, `seeds`. `repr()`: `<State kalah: 4,4,...>`.

    States come from a Ruleset (`start`, `play`, `parse_position`), not from a constructor."""

    def __new__(cls, _no_constructor: NoReturn, /) -> Self:
        """None: `State(...)` raises TypeError (and fails type checking)."""
    @property
    def rules(self) -> Ruleset:
        """The ruleset this is a position of."""
    @property
    def game(self) -> str:
        """The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware", "mancala")."""
    @property
    def holes(self) -> tuple[list[int], list[int]]:
        """Each side's holes, (South's, North's), each a list of seed counts from its
        owner's hole 1 as the game's notation numbers them: Kalah's pits, Oware's houses (A..
        and a..), Toguz Kumalak's holes (0 in a tuzdik: see `tuzdiks`), and each Tsoro
        player's 2N holes by loop index (his outer row from his left, then his inner row from
        his right: o1..oN, then iN..i1)."""
    @property
    def stores(self) -> tuple[int, int]:
        """Each side's store, (South's, North's): Kalah's and Oware's stores, Toguz Kumalak's
        kazans, the stones each Tsoro player has captured."""
    @property
    def seeds(self) -> int:
        """The seeds on the board (all holes; not the stores)."""
    @property
    def to_move(self) -> Player:
        """The player to move (in a finished game: the one who would move next)."""
    @property
    def ply(self) -> Optional[int]:
        """The plies played to reach this position, where the position counts them: Toguz
        Kumalak's from its full-move number, Tsoro's and Oware's under a ply limit
        (`max-plies`); None in Kalah and in Tsoro and Oware without a limit
        (`GameRecord.ply` counts a game's)."""
    @property
    def tuzdiks(self) -> Optional[tuple[Optional[int], Optional[int]]]:
        """Toguz Kumalak's tuzdiks, (South's, North's): each the number of the hole a player
        owns on his opponent's side, or None before he has one; None in the other games."""
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
        """The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware", "mancala")."""
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
        """Whether `mv` is a legal move in `state`: False for every other Move or text (text
        that is no move, a Move of another game); TypeError for neither, PositionError for
        a state of another game."""
    def play(self, state: State, mv: _MoveLike) -> State:
        """Plays `mv` and returns the new State (MoveError, IllegalMoveError)."""
    def outcome(self, state: State) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def repetition_position(self, state: State) -> Optional[State]:
        """The position as the game's repetition rule compares it (Oware), or None."""
    def repetition_outcome(self, state: State) -> Optional[Outcome]:
        """How a game ended by repeating `state` ends (Oware), or None."""
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
        """A legal move chosen uniformly at random from `seed` (0 to 2**64 - 1, SowingError
        outside), or None when the game is over."""
    def perft(self, state: State, depth: int) -> int:
        """The number of move sequences of exactly `depth` plies (0 to 2**32 - 1, SowingError
        outside; GIL released, Ctrl-C stops it)."""
    def picture(self, state: State) -> str:
        """The board as text for a terminal."""
    def picture_svg(
        self, state: State, last_move: Optional[_MoveLike] = None, before: Optional[State] = None
    ) -> str:
        """The board as SVG; with `last_move` and `before` (the position it was played from)
        the move's holes are marked: IllegalMoveError for a move illegal in `before`,
        PositionError for one that does not lead from `before` to `state`, TypeError for
        one of the two alone."""
    # The learning environments' encoding (src/env.rs).
    @property
    def num_actions(self) -> int:
        """The number of actions of the encoding (fixed for the ruleset), every hole counted
        from the mover's left:

        - Kalah, m pits: m + 1; action p - 1 sows pit p, action m is `swap` (pie rule).
        - Toguz Kumalak, n holes: n; action h - 1 sows hole h.
        - Tsoro, N holes a row: 4N + 3; k - 1 starts from `o<k>`, N + k - 1 from `i<k>`,
          2N is `relay`, 2N + 1 `stop`, 2N + 2 + k - 1 `take o<k>`, 3N + 2 + k - 1
          `take i<k>`, 4N + 2 `done`.
        - Oware, n houses: n; action h - 1 sows house h (A.. for South, a.. for North)."""
    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of `observation(state)`: (2 * pits + 4,) for Kalah, (4 * holes + 2,) for
        Toguz Kumalak, (4 * holes + 9,) for Tsoro (holes a row), (2 * houses + 3,) for Oware."""
    def action_mask(self, state: State) -> npt.NDArray[np.bool_]:
        """The legal actions as a boolean array of `num_actions` entries."""
    def legal_actions(self, state: State) -> list[int]:
        """The legal actions, smallest first."""
    def observation(self, state: State) -> npt.NDArray[np.float32]:
        """The observation, float32 of `observation_shape`, seen from the player to move (the
        mover), counts as they are; it decides the legal actions and the outcome. The
        opponent's holes are in his own numbering (his hole 1 faces the mover's last).

        - Kalah, m pits (2m + 4): 0..m the mover's pits 1..m; m..2m the opponent's; 2m the
          mover's store; 2m + 1 the opponent's; 2m + 2 is 1 when the mover may swap (pie
          rule); 2m + 3 is 1 while South's opening turn is under way under the pie rule.
        - Toguz Kumalak, n holes (4n + 2): 0..n the mover's holes 1..n (0 in a tuzdik);
          n..2n the opponent's; 2n the mover's kazan; 2n + 1 the opponent's; 2n + 2..3n + 2
          is 1 at the opponent's hole that is the mover's tuzdik; 3n + 2..4n + 2 is 1 at the
          mover's hole that is the opponent's tuzdik.
        - Tsoro, N holes a row (4N + 9), every row from the mover's left: 0..N the mover's
          outer row o1..oN; N..2N his inner row i1..iN; 2N..3N the opponent's inner row;
          3N..4N his outer row; 4N is k when a lap ended in the mover's head o<k> (`relay`
          or `stop` to choose), else 0; 4N + 1 is k when stones in hand are sown on from
          i<k> (`reenter`); 4N + 2 stones captured by the mover; 4N + 3 by the opponent;
          4N + 4 bonus takes left to the mover; 4N + 5 captured stones in his hand; 4N + 6
          and 4N + 7 captures made by the mover and the opponent (up to 2, Tracey's
          variation); 4N + 8 plies played under `max-plies`, else 0.
        - Oware, n houses (2n + 3): 0..n the mover's houses 1..n; n..2n the opponent's; 2n
          the mover's store; 2n + 1 the opponent's; 2n + 2 the plies left under
          `max-plies`, else 0."""
    def action_to_move(self, state: State, action: int) -> Move:
        """The Move of `action` (MoveError for an int outside `0..num_actions`)."""
    def move_to_action(self, state: State, mv: _MoveLike) -> int:
        """The action of `mv` (MoveError, IllegalMoveError for text as `play` reads it)."""
    def play_action(self, state: State, action: int) -> State:
        """Plays the move of `action` and returns the new State (IllegalMoveError; MoveError
        for an int outside `0..num_actions`, naming it)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class GameRecord:
    """A game: its ruleset, the start, the moves played, and a cursor that `undo` and `redo`
    move. Playing a move after an undo drops the undone moves. `copy()` (and `copy.copy`,
    `copy.deepcopy`) gives an independent record; a record pickles with its redo tail and
    cursor."""

    def __new__(cls, rules: Ruleset, start: Optional[State] = None) -> Self:
        """A new game of `rules`, from `start` (checked: PositionError) or the ruleset's start."""
    @staticmethod
    def from_pgn(text: str) -> GameRecord:
        """Reads a text holding exactly one game (RecordError with `line` and `ply`). A record
        without a `Variant` tag (with no tags at all, too) is read as Toguz Kumalak's PlayOK
        PGN, and its errors say so; a missing `Result` tag is the result token that ends the
        moves."""
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
        """The position after `ply` plies (0: the start), or None for any other int (past the
        recorded moves, or negative)."""
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
        """Moves the cursor to `ply` (0 to `len(record)`); whether it could (False, the cursor
        unmoved, for any other int, negative ones included)."""
    def copy(self) -> GameRecord:
        """An independent copy: the same moves, redo tail, cursor, tags and result."""
    def __copy__(self) -> GameRecord:
        """An independent copy, as `copy()`."""
    def __deepcopy__(self, memo: object, /) -> GameRecord:
        """An independent copy (nothing in it is shared)."""
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

def analyze_text(text: str, agent: str, title: str = "", verify: int = ...) -> dict[str, Any]:
    """Analyses the one game of `text` (a record of any game; one without a result is a game
    under way) with `agent` (an alphabeta agent's text), a mistake or blunder searched again
    `verify` plies deeper before it counts: a dict of `rows` (a dict a ply, plies numbered
    from 1), `summary` (a dict a player), `annotated`
    (the record's text with the analysis), `svg` (the graph), `agent` and `game`. The
    search runs with the GIL released; Ctrl-C stops it (KeyboardInterrupt). Use
    `sowing.analyze`."""

@final
class Agent:
    """A game-playing agent named in text: `random[:seed=N]`, `alphabeta[:depth=N][,time=T]
    [,nodes=N][,table=N|auto][,multipv=N]...` (`eval=net`: the game's trained network, Toguz Kumalak's, Oware's and Tsoro's;
    `eval=tuned`: its hand-chosen terms; default `eval=auto`: the network for Toguz Kumalak,
    Oware and Tsoro, the tuned terms elsewhere; `table`: 2^N transposition-table entries, or
    `auto`, sized to the time a move; default 20), `alphabeta-classic[:...]`, `mcts[:playouts=N][,time=T]
    [,seed=N][,c=X]` (10000 playouts by default; a `time` alone searches for that time, with
    both it stops at whichever comes first). AgentError for bad text. `choose` releases the
    GIL and stops at Ctrl-C; `multipv=N` gives the best N moves in `lines`.

    `network=PATH` (or `net=PATH` in the text, which implies `eval=net`) makes an `alphabeta`
    agent search with the network of that weights file (as `tools/train/train.py` writes
    them) in place of the game's own, in any game with a network layout, Kalah included. It
    is read when the agent is first used for a ruleset, once (the search's threads share
    it); a file that does not read, or holds a network of another game, board or layout,
    raises AgentError then."""

    def __new__(cls, text: str, network: Optional[Union[str, os.PathLike[str]]] = None) -> Self:
        """Reads agent text (AgentError); `network`: a network's weights file for an
        `alphabeta` agent (`net=PATH`)."""
    @property
    def name(self) -> str:
        """The agent's text with every setting written."""
    def name_for(self, rules: Ruleset) -> str:
        """The agent's text as it plays `rules`: the default `endgame=auto` written as the
        tables it plays with (`alphabeta:endgame=24` for Oware with a 24-seed table kept in
        the directory `$SOWING_TABLES` names); otherwise `name`."""
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
    @property
    def lines(self) -> list[SearchLine]:
        """The lines of the last search, best first: as many as `multipv=N` asks (fewer when
        fewer moves are legal), one without it, none before any search and for the random
        and mcts agents."""

@final
class SearchLine:
    """One line of a search (`Agent.lines`): a move, its value for the player to move, the
    depth it was searched to and its principal variation. Immutable and picklable."""

    def __new__(cls, move_: Move, value: int, depth: int, pv: list[Move]) -> Self:
        """A line from its parts."""
    @property
    def move(self) -> Move:
        """The move."""
    @property
    def value(self) -> int:
        """Its value for the player to move, in hundredths of a seed (beyond ±1,000,000 a
        game won or lost by force)."""
    @property
    def depth(self) -> int:
        """The depth it was searched to."""
    @property
    def pv(self) -> list[Move]:
        """The principal variation: the move, then the expected replies."""
    def __eq__(self, other: object, /) -> bool: ...

# The learning environments (src/env.rs).

@final
class VectorEnv:
    """`num_envs` independent games of one ruleset stepped together in Rust, writing into
    numpy arrays allocated once (copy what you keep); a game that ends starts again in the
    same step, its last observation in `final_observations`.

    `max_plies=N` (N >= 1) truncates games after N plies, None never (0 or less:
    SowingError). `seed` is an int from 0 to 2**64 - 1. `opponent` (Agent text) plays the seat other than `seat` inside `step`, in
    Rust. `num_threads` (1 to 256) steps the games on that many threads, the GIL released.
    At most `MAX_GAMES` games (more: SowingError; memory that cannot be had: MemoryError).

    `step(actions, info=True)` also returns the `info` dict (Gymnasium's vector
    conventions, a subset): `"episode"`: `{"r": rewards [num_envs, 2] float32, "l": plies
    of each game that ended, int64, 0 elsewhere}`, `"_episode"`: terminated | truncated,
    `"final_observation"`: `final_observations`, `"_final_observation"`: as `"_episode"`;
    one dict, its arrays written in place (`l` and the masks by steps with `info=True`).

    Threads: one VectorEnv is used by one thread at a time; a call while another thread's
    call runs on it raises SowingError. Pickling and `copy.deepcopy` keep the games, plies,
    options, arrays and the position of `random_actions`' random source."""

    MAX_GAMES: ClassVar[int]
    """The most games of a VectorEnv (4,194,304)."""

    def __new__(
        cls,
        ruleset_text: str,
        num_envs: int,
        seed: int = 0,
        reward: str = "win-loss",
        max_plies: Optional[int] = None,
        opponent: Optional[str] = None,
        seat: int = 0,
        num_threads: int = 1,
    ) -> Self:
        """The games, each at the start (RulesetError, AgentError; SowingError for a bad
        `seed`, `reward`, `max_plies`, `seat`, `num_threads` or too many games;
        MemoryError)."""
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
    def num_threads(self) -> int:
        """The threads `step` runs on."""
    @property
    def opponent(self) -> Optional[str]:
        """The opponent's agent text, or None."""
    @property
    def seat(self) -> int:
        """The learner's seat: 0 (South) or 1 (North)."""
    @property
    def max_plies(self) -> Optional[int]:
        """The truncation limit in plies, or None for no limit."""
    @property
    def final_observations(self) -> npt.NDArray[np.float32]:
        """The last observation of each game that ended in the last step."""
    @property
    def single_observation_space(self) -> Any:
        """`gymnasium.spaces.Box` of one game's observation (ImportError without
        gymnasium)."""
    @property
    def single_action_space(self) -> Any:
        """`gymnasium.spaces.Discrete(num_actions)`."""
    @property
    def observation_space(self) -> Any:
        """`gymnasium.spaces.Box` of shape `[num_envs, *observation_shape]`."""
    @property
    def action_space(self) -> Any:
        """`gymnasium.spaces.MultiDiscrete([num_actions] * num_envs)`."""
    def reset(
        self,
        seed: Optional[int] = None,
        indices: Optional[Sequence[int]] = None,
        states: Union[None, str, State, Sequence[Union[str, State]]] = None,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
        """Starts every game again, or the games `indices` (IndexError for one out of
        range), from the start or from `states` (one a game, or one for all; PositionError
        for another ruleset's or a finished position, nothing changed): (observations,
        to_move, action_mask)."""
    @overload
    def step(
        self,
        actions: Union[npt.ArrayLike, npt.NDArray[np.integer[Any]]],
        info: Literal[False] = False,
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.uint8],
        npt.NDArray[np.bool_],
    ]: ...
    @overload
    def step(
        self,
        actions: Union[npt.ArrayLike, npt.NDArray[np.integer[Any]]],
        info: Literal[True],
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.uint8],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One action per game (any numpy integer type, or ints; TypeError for floats,
        bools, NaN): (observations, rewards, terminated, truncated, to_move, action_mask),
        and `info` with `info=True`; a bad action raises (IllegalMoveError, MoveError) and
        changes no game."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for each game."""
    def states(self) -> list[State]:
        """Each game's position."""
    def plies(self) -> npt.NDArray[np.uint32]:
        """Each game's plies since it started."""
    def __len__(self) -> int: ...

def svg_to_rgb(svg: str, scale: float = 1.0) -> npt.NDArray[np.uint8]:
    """An SVG document (such as `Ruleset.picture_svg`'s) as pixels: a uint8 array of shape
    (height, width, 3), RGB, transparent parts white; `scale` multiplies the document's size.
    Text is drawn with the machine's fonts (without any, the labels are left out); no
    `<image>` is drawn (no file is read). A document that cannot be read, or a size past 2^26
    pixels, raises SowingError. The GIL is released while drawing."""

def selfplay_bytes(
    rules: str,
    games: int,
    agent: str = "alphabeta:depth=8",
    seed: Optional[int] = None,
    first_game: Optional[int] = None,
    random_plies: Optional[tuple[int, int]] = None,
    openings: Optional[str] = None,
    opening_ply: Optional[int] = None,
    max_plies: Optional[int] = None,
) -> bytes:
    """One chunk of self-play data: games `first_game` (default 0) onwards of `rules` played
    by `agent` (an alphabeta agent's text) against itself, each opened by random plies
    (`random_plies`, both ends included, default (2, 8)) after its opening (the position at
    ply `opening_ply` of the games of the record text `openings`, in turn), as the bytes of
    the crate's self-play format. The games are played with the GIL released; Ctrl-C stops
    them (KeyboardInterrupt). Use `sowing.selfplay.selfplay` or `sowing.selfplay_many`."""

@final
class OwareTables:
    """Oware's endgame tables: the exact value of every position with at most `seeds` seeds
    on the board (what the player to move captures from here on under perfect play), for the
    houses and grand-slam rule of `rules`. `directory` keeps them: a table there is read, a
    missing one is computed on all cores and written there (without it, computed in memory).
    Up to 20 seeds: 226 million positions, a byte each. Raises SowingError for rules of
    another game, a ply limit, too many seeds, or a damaged file."""

    def __new__(cls, rules: Ruleset, seeds: int, directory: Optional[Union[str, PathLike[str]]] = None) -> OwareTables: ...
    def captures(self, state: State) -> Optional[int]:
        """The seeds the player to move in `state` captures from here on under perfect play,
        or None when the board holds more seeds than the tables."""
    def margin(self, state: State) -> Optional[int]:
        """The final store difference for the player to move in `state` under perfect play
        (the game played out), or None when the tables do not hold it."""
    def in_cycle(self, state: State) -> Optional[bool]:
        """Whether the value of `state` is set by the cycle rule (rule 8's division), or None
        when the tables do not hold it."""
    @property
    def max_seeds(self) -> int:
        """The most seeds on the board of a position the tables hold."""
    def __len__(self) -> int: ...

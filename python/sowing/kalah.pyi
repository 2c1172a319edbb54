"""Kalah's exact solver."""

import sys
from os import PathLike
from typing import NoReturn, Optional, Union, final

if sys.version_info >= (3, 11):
    from typing import Self
else:
    from typing_extensions import Self

from ._sowing import Move, Ruleset, State

__all__ = ["Solution", "solve"]

@final
class Solution:
    """A solved Kalah position. Values are South's store minus North's at the end.
    Immutable, comparable with `==` and picklable; solutions come from `solve`, not from a
    constructor."""

    def __new__(cls, _no_constructor: NoReturn, /) -> Self:
        """None: `Solution(...)` raises TypeError (and fails type checking)."""
    def __copy__(self) -> Self:
        """The value itself: it is immutable."""
    def __deepcopy__(self, memo: object, /) -> Self:
        """The value itself: it is immutable."""
    def __eq__(self, other: object, /) -> bool: ...

    @property
    def value(self) -> int:
        """South's store minus North's at the end under perfect play."""
    @property
    def moves(self) -> list[tuple[Move, int]]:
        """Each legal first move with its value (empty with move_values=False)."""
    @property
    def nodes(self) -> int:
        """Search nodes (the endgame database's boards not included)."""
    @property
    def endgame(self) -> tuple[int, int]:
        """The endgame database: (boards, the most seeds they hold)."""
    @property
    def table_bytes(self) -> int:
        """Bytes of the transposition table."""
    @property
    def elapsed(self) -> float:
        """Wall time of the whole solve, in seconds."""

def solve(
    rules: Ruleset,
    state: Optional[State] = None,
    *,
    table_mb: Optional[int] = None,
    endgame_seeds: Optional[int] = None,
    threads: Optional[int] = None,
    move_values: bool = True,
    endgame_dir: Optional[Union[str, PathLike[str]]] = None,
) -> Solution:
    """Solves a Kalah position exactly (the start, or `state`): its value and each first
    move's. `threads` is 1 to 256 (the default: the machine's cores); `table_mb` at least 1;
    `endgame_dir` a folder to keep endgame databases in, made if missing (its parent must
    exist: the solver never makes a chain of folders). SolveError for a ruleset of another
    game, under the pie rule's swap, and for an option out of its range; PositionError for
    a state of another game or board; TypeError for an argument of the wrong type. GIL
    released; Ctrl-C raises at once and stops the solver's threads within milliseconds."""

"""Kalah's exact solver."""

from os import PathLike
from typing import Optional, Union, final

from ._sowing import Move, Ruleset, State

__all__ = ["Solution", "solve"]

@final
class Solution:
    """A solved Kalah position. Values are South's store minus North's at the end."""

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
    move's (SolveError under the pie rule's swap; GIL released; Ctrl-C raises at once
    and stops the solver's threads within milliseconds)."""

"""Toguz Kumalak's game records as PlayOK and the federation books write them."""

from typing import Literal, Union, overload

from ._sowing import GameRecord, RecordError

__all__ = ["read_pgn"]

@overload
def read_pgn(text: str, *, errors: Literal["raise", "skip"] = "raise") -> list[GameRecord]:
    """Reads every game of a Toguz Kumalak PGN file. A game that does not read raises
    RecordError (with `line` and `ply`); `errors="skip"` leaves it out, `errors="return"`
    puts its RecordError in the list in its place."""
@overload
def read_pgn(text: str, *, errors: Literal["return"]) -> list[Union[GameRecord, RecordError]]: ...


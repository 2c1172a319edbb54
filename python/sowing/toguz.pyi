"""Toguz Kumalak's game records as PlayOK and the federation books write them."""

from ._sowing import GameRecord

__all__ = ["read_pgn"]

def read_pgn(text: str) -> list[GameRecord]:
    """Reads every game of a Toguz Kumalak PGN file (RecordError with `line` and `ply`)."""

"""Toguz Kumalak's game records as PlayOK and the federation books write them: :func:`read_pgn`."""

from ._sowing import toguz as _native

read_pgn = _native.read_pgn

__all__ = ["read_pgn"]

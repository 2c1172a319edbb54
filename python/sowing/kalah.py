"""Kalah's exact solver: :func:`solve` and its :class:`Solution`."""

from ._sowing import kalah as _native

solve = _native.solve
Solution = _native.Solution

__all__ = ["Solution", "solve"]

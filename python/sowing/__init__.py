"""Mancala rules engines: Kalah, Toguz Kumalak and Tsoro with every documented variant.

The Python face of the Rust crate ``sowing``, which holds every rule::

    import sowing
    rules = sowing.Ruleset("kalah:empty-capture")
    s = rules.start()
    s = rules.play(s, "3")            # a Move or its text; a new State
    print(rules.legal_moves(s), rules.to_move(s), rules.outcome(s))

Records are :class:`GameRecord` and :func:`read_games`; agents :class:`Agent`; the Kalah
solver :func:`sowing.kalah.solve`; Toguz Kumalak's PlayOK and federation PGN
:func:`sowing.toguz.read_pgn`; game analysis :func:`analyze` and :func:`analyze_many`
(:mod:`sowing.analysis`). Every error is a :class:`SowingError` (a ``ValueError``).
"""

from . import analysis, kalah, toguz
from ._sowing import (
    GAMES,
    Agent,
    AgentError,
    GameRecord,
    IllegalMoveError,
    MoveError,
    Move,
    Outcome,
    Player,
    PositionError,
    RecordError,
    Ruleset,
    RulesetError,
    SolveError,
    SowingError,
    State,
    VectorEnv,
    __version__,
    read_games,
)
from .analysis import Analysis, analyze, analyze_many

__all__ = [
    "GAMES",
    "Agent",
    "AgentError",
    "Analysis",
    "GameRecord",
    "IllegalMoveError",
    "Move",
    "MoveError",
    "Outcome",
    "Player",
    "PositionError",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SolveError",
    "SowingError",
    "State",
    "VectorEnv",
    "__version__",
    "analysis",
    "analyze",
    "analyze_many",
    "kalah",
    "read_games",
    "toguz",
]

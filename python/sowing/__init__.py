"""Mancala rules engines: Kalah, Toguz Kumalak, Tsoro and Oware with every documented variant.

The Python face of the Rust crate ``sowing``, which holds every rule::

    import sowing
    rules = sowing.Ruleset("kalah:empty-capture")
    s = rules.start()
    s = rules.play(s, "3")            # a Move or its text; a new State
    print(rules.legal_moves(s), rules.to_move(s), rules.outcome(s))

Records are :class:`GameRecord` and :func:`read_games`; agents :class:`Agent`; the Kalah
solver :func:`sowing.kalah.solve`; Toguz Kumalak's PlayOK and federation PGN
:func:`sowing.toguz.read_pgn`; game analysis :func:`analyze` and :func:`analyze_many`
(:mod:`sowing.analysis`); self-play data for training an evaluation
:func:`sowing.selfplay.selfplay`, :func:`selfplay_many` and :func:`read_selfplay`
(:mod:`sowing.selfplay`).

Errors: a call raises ``TypeError`` for an argument of the wrong type (None where a value is
needed, a float for an int, an int for text), and a :class:`SowingError` (a ``ValueError``)
for every other bad argument: text that is no ruleset, position, move, record or agent; a
state, move or ruleset of another game or board; an illegal move; an int or an option out of
its range (:class:`SowingError` itself where no subclass fits). Besides them only
``IndexError`` for a game index out of range (``VectorEnv.reset(indices=...)``) and
``MemoryError`` for memory that cannot be had: no ``OverflowError``; long calls raise
``KeyboardInterrupt`` at Ctrl-C.
"""

from . import analysis, kalah, selfplay, toguz
from ._sowing import (
    CATALOGUE,
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
    SearchLine,
    SolveError,
    SowingError,
    State,
    VectorEnv,
    __version__,
    read_games,
    svg_to_rgb,
)
from .analysis import Analysis, analyze, analyze_many
from .selfplay import read_selfplay, selfplay_many

__all__ = [
    "CATALOGUE",
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
    "SearchLine",
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
    "read_selfplay",
    "selfplay",
    "selfplay_many",
    "svg_to_rgb",
    "toguz",
]

"""Game analysis for players: every move valued, the best move and its line, the value lost,
a class (best, only move, good, inaccuracy, mistake, blunder), each player's accuracy, the
annotated record and an evaluation graph. The Python face of the crate's
``sowing::analysis``, for any game of the package::

    import sowing
    game = sowing.GameRecord.from_pgn(text)
    a = sowing.analyze(game, depth=8)
    a.rows[0]["class"], a.summary[0]["accuracy"]
    a.to_dataframe()          # with pandas installed
    a                         # in Jupyter: the graph
    print(a.annotated)        # the record with {[%eval ...]} comments and ?!, ?, ?? glyphs

A collection runs on several processes, or any pool with a ``map`` (a
``concurrent.futures`` executor, ``multiprocessing.Pool``, ``ray.util.multiprocessing.Pool``)::

    results = sowing.analyze_many(texts, depth=8)                 # a local process pool
    results = sowing.analyze_many(texts, depth=8, executor=pool)  # your pool, e.g. Ray's
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Optional, Union

from ._common import check_pool, pool_map
from ._sowing import GameRecord, SowingError, analyze_text

__all__ = ["Analysis", "analyze", "analyze_many", "CLASSES", "VERIFY"]

#: The classes, from best to worst.
CLASSES = ("only move", "best", "good", "inaccuracy", "mistake", "blunder")

RecordLike = Union[GameRecord, str]


def _int(name: str, value: Any) -> int:
    """``value`` if it is an int (not a bool), else TypeError (the package's error policy)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def _agent_text(
    agent: str, depth: Optional[int], time: Optional[float], nodes: Optional[int]
) -> str:
    """``agent`` with the budget added: ``alphabeta`` and ``depth=8`` make ``alphabeta:depth=8``."""
    if not isinstance(agent, str):
        raise TypeError(f"agent must be agent text (str), not {type(agent).__name__}")
    limits = []
    if depth is not None:
        limits.append(f"depth={_int('depth', depth)}")
    if time is not None:
        if isinstance(time, bool) or not isinstance(time, (int, float)):
            raise TypeError(f"time must be a number of seconds, not {type(time).__name__}")
        if not math.isfinite(time) or time <= 0 or time > 1e9:
            raise SowingError(f"time={time!r} is out of range: expected seconds above 0")
        limits.append(f"time={max(1, int(round(time * 1000)))}ms")
    if nodes is not None:
        limits.append(f"nodes={_int('nodes', nodes)}")
    if not limits:
        return agent
    return agent + (":" if ":" not in agent else ",") + ",".join(limits)


#: The plies a mistake or blunder is searched again deeper by, by default (Rust's
#: ``sowing::analysis::VERIFY_PLIES``).
VERIFY = 4


def _verify(verify: Any) -> int:
    """``verify`` checked: an int of plies, 0 to 200."""
    verify = _int("verify", verify)
    if not 0 <= verify <= 200:
        raise SowingError(f"verify={verify} is out of range: expected plies 0 to 200")
    return verify


def _text(record: RecordLike) -> str:
    if isinstance(record, GameRecord):
        return record.to_pgn()
    if isinstance(record, str):
        return record
    raise TypeError(f"expected a GameRecord or a record's text, not {type(record).__name__}")


class Analysis:
    """One game analysed: ``rows`` (one dict a ply), ``summary`` (one dict a player, South's
    or White's first), ``annotated`` (the record's text with the analysis written in),
    ``svg`` (the evaluation graph), ``agent`` and ``game``. Shown in Jupyter as its graph.

    Each row holds ``ply`` (the ply's number, **from 1**: the first move of the game is ply
    1, as in the annotated record, the graph and the ``analyze`` tool), ``turn`` (the number
    the record writes before the turn: ``N.``/``N...``), ``side`` and ``player``, ``move``,
    ``best``, ``line`` (the best line, a list of moves) and ``line_text`` (the same with its
    turn numbers, ``12... 76 13. 98``), ``before`` and ``after`` (the values for the mover in
    seeds; ``before_text``/``after_text`` write them as the record does: ``#+5`` won by force
    by 5 seeds or more, a bound; ``=3`` an exact value), ``expected_before``/``expected_after``
    (0 to 1), ``loss`` (seeds), ``expected_loss``, ``class``, ``exactness`` (``estimate``,
    ``proven`` or ``exact``), ``moves`` (legal moves there), ``values`` (every legal move and
    its value for the mover in seeds, a dict by move) and ``values_text`` (the same written
    as the record does), and ``verified`` (whether the move was searched again deeper before
    its class was given: a mistake or blunder at the first search).
    """

    def __init__(self, data: dict[str, Any]) -> None:
        if not isinstance(data, dict):
            raise TypeError(f"Analysis takes the dict analyze_text gives, not {type(data).__name__}")
        missing = [k for k in ("agent", "game", "rows", "summary", "annotated", "svg") if k not in data]
        if missing:
            raise SowingError(f"Analysis data without {', '.join(missing)}: make it with sowing.analyze")
        self.agent: str = data["agent"]
        self.game: str = data["game"]
        self.rows: list[dict[str, Any]] = data["rows"]
        self.summary: list[dict[str, Any]] = data["summary"]
        self.annotated: str = data["annotated"]
        self.svg: str = data["svg"]

    def to_dicts(self) -> list[dict[str, Any]]:
        """The rows, as plain dicts (copies)."""
        return [dict(r) for r in self.rows]

    def to_dataframe(self) -> Any:
        """The rows as a pandas ``DataFrame`` (pandas must be installed)."""
        try:
            import pandas as pd
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("to_dataframe needs pandas: pip install pandas") from e
        return pd.DataFrame(self.to_dicts())

    def mistakes(self) -> list[dict[str, Any]]:
        """The rows of the inaccuracies, mistakes and blunders."""
        return [r for r in self.rows if r["class"] in ("inaccuracy", "mistake", "blunder")]

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        players = ", ".join(
            f"{s['player']} {s['accuracy']:.1f}%" for s in self.summary
        )
        return f"<Analysis of a {self.game} game, {len(self.rows)} plies, {self.agent}: {players}>"

    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)


def _analyze_one(job: tuple[str, str, str, int]) -> Analysis:
    """A pool's work: one record's text analysed (top-level, so that it pickles)."""
    text, agent, title, verify = job
    return Analysis(analyze_text(text, agent, title, verify))


def analyze(
    record: RecordLike,
    agent: str = "alphabeta",
    *,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    title: str = "",
    verify: int = VERIFY,
) -> Analysis:
    """Analyses one game (a :class:`GameRecord` or a record's text; a record without a
    result is a game under way) with ``agent`` (an ``alphabeta`` agent's text) within a
    budget a position: ``depth`` plies, ``time`` seconds or ``nodes``. A loss counts as a
    mistake or blunder only if it holds when the move played and the best move are searched
    again ``verify`` plies deeper (default 4; 0: never searched again). Deterministic at a
    fixed depth. Ctrl-C stops it (KeyboardInterrupt). Raises AgentError for an agent that
    gives no values."""
    return _analyze_one(
        (_text(record), _agent_text(agent, depth, time, nodes), title, _verify(verify))
    )


def analyze_many(
    records: Iterable[RecordLike],
    agent: str = "alphabeta",
    *,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    executor: Any = None,
    max_workers: Optional[int] = None,
    verify: int = VERIFY,
) -> list[Analysis]:
    """Analyses many games, in their order, on a pool: by default a local
    ``concurrent.futures.ProcessPoolExecutor`` of ``max_workers`` processes (default: every
    core); else ``executor``, anything with a ``map(function, iterable)`` (a
    ``concurrent.futures`` executor, a ``multiprocessing.Pool``, Ray's
    ``ray.util.multiprocessing.Pool`` for a cluster), which is left open. Each game is
    analysed as :func:`analyze` does it, so the results are those of one process."""
    max_workers = check_pool(executor, max_workers)
    text = _agent_text(agent, depth, time, nodes)
    plies = _verify(verify)
    jobs = [(_text(r), text, "", plies) for r in records]
    if not jobs:
        return []
    return pool_map(_analyze_one, jobs, executor, max_workers)

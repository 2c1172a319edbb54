"""Self-play data for training an evaluation: the agent plays both sides of games from
varied openings, and every searched position is kept with the search's value and the
game's result. The Python face of the crate's ``sowing::selfplay``, for any game of the
package::

    import sowing
    data = sowing.selfplay("toguz", games=100)          # bytes, the crate's format
    records = sowing.read_selfplay(data)                # a numpy structured array
    records["observation"], records["value"], records["result"]

Many games run on several processes, or on any pool with a ``map`` (a ``concurrent.futures``
executor, ``multiprocessing.Pool``, ``ray.util.multiprocessing.Pool`` for a cluster)::

    data = sowing.selfplay_many("toguz", games=10_000, chunks=200)                # local
    data = sowing.selfplay_many("toguz", games=10_000, chunks=200, executor=pool) # e.g. Ray's

Each game depends only on the seed and its number, so the bytes are the same however the
games are split into chunks and wherever the chunks run.

A record (one position) holds ``game`` (the game's number), ``value`` (the search's value
for the player to move in hundredths of a seed; ``WIN_VALUE``, 30000, a proven win,
``-WIN_VALUE`` a proven loss), ``margin`` (the final score's margin for the player to move),
``result`` (1, 0 or -1 for the player to move), ``ply`` (plies before the position, at most
255), ``depth`` (the search's depth) and ``observation`` (``Ruleset.observation`` of the
position, as uint8).
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Optional, Union

from ._common import check_pool, pool_map
from ._sowing import GameRecord, Ruleset, SowingError, selfplay_bytes

__all__ = [
    "FIXED_BYTES",
    "MAGIC",
    "VERSION",
    "WIN_VALUE",
    "join_selfplay",
    "read_selfplay",
    "selfplay",
    "selfplay_dtype",
    "selfplay_header",
    "selfplay_many",
]

#: The first eight bytes of self-play data.
MAGIC = b"SOWPLAY\n"
#: The version of the format.
VERSION = 1
#: The bytes of a record before its observation.
FIXED_BYTES = 11
#: The value of a position the search proves won (a proven loss: ``-WIN_VALUE``).
WIN_VALUE = 30000

OpeningsLike = Union[None, str, Iterable[Union[GameRecord, str]]]


def _int(name: str, value: Any) -> int:
    """``value`` if it is an int (not a bool), else TypeError (the package's error policy)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def _rules_text(rules: Union[str, Ruleset]) -> str:
    if isinstance(rules, Ruleset):
        return str(rules)
    if isinstance(rules, str):
        return rules
    raise TypeError(f"rules must be ruleset text or a Ruleset, not {type(rules).__name__}")


def _plies(random_plies: Any) -> tuple[int, int]:
    """``random_plies`` as a pair: an int N is (N, N)."""
    if isinstance(random_plies, int) and not isinstance(random_plies, bool):
        return (random_plies, random_plies)
    if isinstance(random_plies, (tuple, list)) and len(random_plies) == 2:
        low, high = (_int("random_plies", p) for p in random_plies)
        return (low, high)
    raise TypeError(f"random_plies must be an int or a pair of ints, not {random_plies!r}")


def _openings_text(openings: OpeningsLike) -> Optional[str]:
    """Openings as one record text: a text as it is, records and texts joined."""
    if openings is None or isinstance(openings, str):
        return openings
    try:
        items = list(openings)
    except TypeError:
        raise TypeError(
            f"openings must be a record text or GameRecords, not {type(openings).__name__}"
        ) from None
    texts = []
    for item in items:
        if isinstance(item, GameRecord):
            texts.append(item.to_pgn())
        elif isinstance(item, str):
            texts.append(item)
        else:
            raise TypeError(f"openings must be GameRecords or record texts, not {type(item).__name__}")
    return "\n\n".join(texts)


def _chunk(job: tuple[Any, ...]) -> bytes:
    """A pool's work: one chunk's bytes (top-level, so that it pickles)."""
    rules, games, agent, seed, first_game, random_plies, openings, opening_ply, max_plies = job
    return selfplay_bytes(
        rules,
        games,
        agent,
        seed=seed,
        first_game=first_game,
        random_plies=random_plies,
        openings=openings,
        opening_ply=opening_ply,
        max_plies=max_plies,
    )


def selfplay(
    rules: Union[str, Ruleset],
    games: int,
    agent: str = "alphabeta:depth=8",
    *,
    random_plies: Union[int, tuple[int, int]] = (2, 8),
    openings: OpeningsLike = None,
    opening_ply: int = 0,
    seed: int = 0,
    first_game: int = 0,
    max_plies: int = 1000,
) -> bytes:
    """Plays ``games`` games of ``rules`` (ruleset text or a :class:`Ruleset`), ``agent``
    (an ``alphabeta`` agent's text) on both sides, and returns every searched position as the
    bytes of the crate's self-play format (read them with :func:`read_selfplay`).

    Each game starts from an opening: the position at ply ``opening_ply`` of the games of
    ``openings`` (a record text of any game, such as Toguz Kumalak PGN, or GameRecords), one
    after the other, or the start when there are none; then plays a number of random plies
    drawn from ``random_plies`` (a pair, both ends included, or an int); then the agent's
    plies. The games are numbered from ``first_game``; a game is the same whatever call
    plays it, for the same ``seed``. A game still going after ``max_plies`` plies of the
    agent is abandoned and none of its positions kept. Each search starts from a cleared
    table: at a fixed depth the values are the same on every machine, and a smaller table
    (``alphabeta:depth=8,table=14``) is faster, with values of its own (the table's size is
    part of the agent). The games run in Rust with the GIL released;
    Ctrl-C stops them (KeyboardInterrupt). Raises AgentError for an agent that gives no
    values, RecordError for openings that do not read, SowingError for an observation
    value past 255 (such as Oware's ``max-plies`` over 255)."""
    return _chunk(
        (
            _rules_text(rules),
            _int("games", games),
            agent,
            _int("seed", seed),
            _int("first_game", first_game),
            _plies(random_plies),
            _openings_text(openings),
            _int("opening_ply", opening_ply),
            _int("max_plies", max_plies),
        )
    )


def selfplay_many(
    rules: Union[str, Ruleset],
    games: int,
    chunks: Optional[int] = None,
    agent: str = "alphabeta:depth=8",
    *,
    random_plies: Union[int, tuple[int, int]] = (2, 8),
    openings: OpeningsLike = None,
    opening_ply: int = 0,
    seed: int = 0,
    first_game: int = 0,
    max_plies: int = 1000,
    executor: Any = None,
    max_workers: Optional[int] = None,
) -> bytes:
    """:func:`selfplay`'s games, split into ``chunks`` runs of consecutive games (default:
    four for each worker) played on a pool: by default a local
    ``concurrent.futures.ProcessPoolExecutor`` of ``max_workers`` processes (default: every
    core); else ``executor``, anything with a ``map(function, iterable)`` (a
    ``concurrent.futures`` executor, a ``multiprocessing.Pool``, Ray's
    ``ray.util.multiprocessing.Pool`` for a cluster), which is left open. Returns the
    chunks' bytes joined into one file, the same bytes as :func:`selfplay` of all the games
    in one call."""
    max_workers = check_pool(executor, max_workers)
    games = _int("games", games)
    first_game = _int("first_game", first_game)
    if games < 0 or first_game < 0 or first_game + games > 2**32:
        raise SowingError(
            f"games={games} from first_game={first_game} is out of range: game numbers are 0 to 2**32 - 1"
        )
    if chunks is None:
        chunks = 4 * (max_workers or os.cpu_count() or 1)
    chunks = _int("chunks", chunks)
    if chunks < 1:
        raise SowingError(f"chunks must be at least 1, not {chunks}")
    # No empty chunks, but one (of no games) when there are no games.
    chunks = max(1, min(chunks, games))
    rules_text, plies, text = _rules_text(rules), _plies(random_plies), _openings_text(openings)
    seed, opening_ply, max_plies = (
        _int("seed", seed),
        _int("opening_ply", opening_ply),
        _int("max_plies", max_plies),
    )
    jobs = []
    start = first_game
    for i in range(chunks):
        count = games // chunks + (1 if i < games % chunks else 0)
        jobs.append((rules_text, count, agent, seed, start, plies, text, opening_ply, max_plies))
        start += count
    return join_selfplay(pool_map(_chunk, jobs, executor, max_workers))


def join_selfplay(parts: Iterable[bytes]) -> bytes:
    """Chunks of self-play data joined into one file: the first's header, then every
    chunk's records in their order. SowingError when the chunks' headers differ (other
    rules, agent or format)."""
    out = bytearray()
    first: Optional[dict[str, Any]] = None
    for part in parts:
        header = selfplay_header(part)
        if first is None:
            first = header
            out += part
            continue
        if (header["rules"], header["agent"], header["record"]) != (
            first["rules"],
            first["agent"],
            first["record"],
        ):
            raise SowingError(
                f"chunks of other data cannot be joined: {header['rules']} {header['agent']} "
                f"after {first['rules']} {first['agent']}"
            )
        out += memoryview(part)[header["offset"] :]
    if first is None:
        raise SowingError("no chunks to join")
    return bytes(out)


def selfplay_header(data: Union[bytes, bytearray, memoryview]) -> dict[str, Any]:
    """The header of self-play data: a dict of ``rules`` and ``agent`` (their texts),
    ``observation`` (the observation's length), ``record`` (a record's bytes), ``training``
    (the words a training script needs: where a network's inputs are in the observation and
    the evaluation's scale, ``"holes=18 marks=18 ... scale=0.0962"``; None where the game
    states no network inputs), ``version`` and ``offset`` (where the records start). SowingError for bytes that are not self-play
    data of this version, or that end inside the header."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    head = bytes(data[:16])
    if head[: len(MAGIC)] != MAGIC[: len(head[: len(MAGIC)])]:
        raise SowingError("not self-play data: it does not start with the magic bytes")
    if len(head) < 16:
        raise SowingError(f"the header is cut short: 16 bytes needed, {len(head)} found")
    version = int.from_bytes(head[8:12], "little")
    if version != VERSION:
        raise SowingError(f"self-play data of version {version}; this reader reads version {VERSION}")
    length = int.from_bytes(head[12:16], "little")
    if len(data) < 16 + length:
        raise SowingError(f"the header is cut short: {16 + length} bytes needed, {len(data)} found")
    try:
        line = bytes(data[16 : 16 + length]).decode("utf-8")
    except UnicodeDecodeError:
        raise SowingError("bad header: the text is not UTF-8") from None
    if not line.endswith("\n"):
        raise SowingError("bad header: the text line does not end in a line feed")
    words = line[:-1].split(" ")
    keys = ("rules", "agent", "observation", "record")
    fields = [w.split("=", 1) for w in words[:4]]
    if len(fields) != 4 or any(len(f) != 2 or f[0] != k for f, k in zip(fields, keys)):
        raise SowingError(f"bad header: {line!r}")
    # The training words after the four fields: key=value each (sowing::selfplay::Header).
    training = words[4:]
    if any(not _is_word(w) for w in training):
        raise SowingError(f"bad header: {line!r}")
    values = dict(fields)
    try:
        observation, record = int(values["observation"]), int(values["record"])
    except ValueError:
        raise SowingError(f"bad header: {line!r}") from None
    if not values["rules"] or not values["agent"] or observation < 1 or record != observation + FIXED_BYTES:
        raise SowingError(f"bad header: {line!r}")
    return {
        "rules": values["rules"],
        "agent": values["agent"],
        "observation": observation,
        "record": record,
        "training": " ".join(training) if training else None,
        "version": version,
        "offset": 16 + length,
    }


def _is_word(word: str) -> bool:
    """Whether ``word`` is a ``key=value`` word of the header's training words: a key of
    letters, digits and ``_``, a value without white space (as the crate writes them)."""
    key, eq, value = word.partition("=")
    return (
        bool(eq)
        and bool(key)
        and all(c.isascii() and (c.isalnum() or c == "_") for c in key)
        and bool(value)
        and not any(c.isspace() for c in value)
    )


def selfplay_dtype(observation: int) -> Any:
    """The numpy dtype of a record with an observation of ``observation`` values (packed,
    little-endian)."""
    import numpy as np

    return np.dtype(
        [
            ("game", "<u4"),
            ("value", "<i2"),
            ("margin", "<i2"),
            ("result", "i1"),
            ("ply", "u1"),
            ("depth", "u1"),
            ("observation", "u1", (_int("observation", observation),)),
        ]
    )


def read_selfplay(data: Union[bytes, bytearray, memoryview]) -> Any:
    """The records of self-play data as a numpy structured array (read-only, over ``data``'s
    memory) with the fields ``game``, ``value``, ``margin``, ``result``, ``ply``, ``depth``
    and ``observation`` (uint8, one row a record). SowingError for bytes that are not
    self-play data, or that end inside a record."""
    import numpy as np

    header = selfplay_header(data)
    dtype = selfplay_dtype(header["observation"])
    body = len(data) - header["offset"]
    if body % dtype.itemsize:
        raise SowingError(
            f"the records are cut short: {body % dtype.itemsize} bytes after the last whole "
            f"record ({body // dtype.itemsize} records of {dtype.itemsize} bytes)"
        )
    return np.frombuffer(data, dtype=dtype, offset=header["offset"])

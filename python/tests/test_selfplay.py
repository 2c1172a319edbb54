"""Self-play data from Python: sowing.selfplay, sowing.selfplay_many and
sowing.read_selfplay."""

import _thread
import pickle
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import sowing
from sowing.selfplay import WIN_VALUE, join_selfplay, selfplay, selfplay_dtype, selfplay_header

SMALL = "kalah:pits=4,seeds=3"
FEDERATION = "toguz/federation-2016-2018.pgn"


def test_records_of_a_small_kalah():
    data = selfplay(SMALL, 5, "alphabeta:depth=4", random_plies=0, seed=3)
    assert isinstance(data, bytes)
    header = selfplay_header(data)
    assert header == {
        "rules": SMALL,
        "agent": "alphabeta:depth=4",
        "observation": 12,
        "record": 23,
        # The 8 pits, the two stores from index 8 (one-hot of 24 / 2 + 1), two marks after
        # them, and the tuned evaluation's scale: what tools/train/train.py reads.
        "training": "holes=8 marks=2 stores_at=8 marks_at=10 store_buckets=13 scale=0.3208",
        "version": 1,
        "offset": header["offset"],
    }
    records = sowing.read_selfplay(data)
    assert records.dtype.names == ("game", "value", "margin", "result", "ply", "depth", "observation")
    assert records.dtype.itemsize == 23 and records["observation"].shape == (len(records), 12)
    assert len(records) > 20
    assert sorted(set(records["game"].tolist())) == [0, 1, 2, 3, 4]
    assert np.all(np.diff(records["game"].astype(int)) >= 0)
    # Kalah's result follows the mover's final margin; values are short of a proven result or
    # one of the two proven values.
    assert np.array_equal(records["result"], np.sign(records["margin"]))
    assert np.all((np.abs(records["value"]) < WIN_VALUE) | (np.abs(records["value"]) == WIN_VALUE))
    assert np.all((records["depth"] >= 1) & (records["depth"] <= 4))
    # No random plies: each game's first record is the start, ply 0, its observation the
    # rules' own.
    rules = sowing.Ruleset(SMALL)
    start = np.array(rules.observation(rules.start()), dtype=np.uint8)
    for g in range(5):
        first = records[records["game"] == g][0]
        assert first["ply"] == 0
        assert np.array_equal(first["observation"], start)


def test_the_documented_dtype_reads_the_bytes():
    data = selfplay(SMALL, 2, "alphabeta:depth=3", seed=1)
    length = int.from_bytes(data[12:16], "little")
    fields = dict(f.split("=", 1) for f in data[16 : 16 + length].decode().split())
    dtype = np.dtype(
        [
            ("game", "<u4"),
            ("value", "<i2"),
            ("margin", "<i2"),
            ("result", "i1"),
            ("ply", "u1"),
            ("depth", "u1"),
            ("observation", "u1", (int(fields["observation"]),)),
        ]
    )
    assert dtype == selfplay_dtype(12) and dtype.itemsize == int(fields["record"])
    direct = np.frombuffer(data, dtype=dtype, offset=16 + length)
    assert np.array_equal(direct, sowing.read_selfplay(data))


def test_the_same_bytes_however_the_games_are_split():
    whole = selfplay(SMALL, 7, "alphabeta:depth=3", seed=9)
    assert whole == selfplay(SMALL, 7, "alphabeta:depth=3", seed=9)
    assert whole != selfplay(SMALL, 7, "alphabeta:depth=3", seed=10)
    with ThreadPoolExecutor(3) as pool:
        split = sowing.selfplay_many(SMALL, 7, chunks=3, agent="alphabeta:depth=3", seed=9, executor=pool)
    assert split == whole
    # On the default process pool, and with more chunks than games.
    assert sowing.selfplay_many(SMALL, 7, chunks=20, agent="alphabeta:depth=3", seed=9, max_workers=2) == whole
    # Chunks made by hand, joined.
    parts = [
        selfplay(SMALL, 3, "alphabeta:depth=3", seed=9),
        selfplay(SMALL, 4, "alphabeta:depth=3", seed=9, first_game=3),
    ]
    assert join_selfplay(parts) == whole
    assert pickle.loads(pickle.dumps(parts)) == parts
    with pytest.raises(sowing.SowingError):
        join_selfplay([whole, selfplay("kalah", 1, "alphabeta:depth=2")])


def test_openings_from_federation_games(data):
    text = (data / FEDERATION).read_text(encoding="utf-8")
    games = sowing.read_games(text)
    out = selfplay("toguz", 2, "alphabeta:depth=2", openings=text, opening_ply=10, random_plies=0)
    records = sowing.read_selfplay(out)
    rules = sowing.Ruleset("toguz")
    for g in range(2):
        first = records[records["game"] == g][0]
        assert first["ply"] == 10
        position = games[g].position_at(10)
        assert np.array_equal(first["observation"], np.array(rules.observation(position), dtype=np.uint8))
    # GameRecords serve as openings too.
    again = selfplay("toguz", 2, "alphabeta:depth=2", openings=games[:2], opening_ply=10, random_plies=0)
    assert again == out


def test_bad_arguments_raise_the_packages_errors():
    with pytest.raises(sowing.RulesetError):
        selfplay("nim", 1)
    with pytest.raises(sowing.AgentError):
        selfplay(SMALL, 1, "mcts:playouts=10")
    with pytest.raises(sowing.AgentError):
        selfplay(SMALL, 1, "alphabeta:depht=3")
    with pytest.raises(sowing.SowingError):
        selfplay(SMALL, 1, "alphabeta:depth=2", random_plies=(5, 2))
    with pytest.raises(sowing.SowingError):
        selfplay(SMALL, -1)
    with pytest.raises(sowing.SowingError):
        selfplay(SMALL, 1, seed=-1)
    # Oware's 1000 plies left do not fit a byte.
    with pytest.raises(sowing.SowingError, match="observation value"):
        selfplay("oware:max-plies=1000", 1, "alphabeta:depth=2")
    with pytest.raises(sowing.RecordError):
        selfplay("toguz", 1, "alphabeta:depth=2", openings='[Result "*"]\n\n1. 99 *\n')
    with pytest.raises(sowing.SowingError, match="going on at ply"):
        selfplay("kalah", 1, "alphabeta:depth=2", openings='[Variant "kalah"]\n[Result "*"]\n\n1. 3 *\n', opening_ply=5)
    for bad in [dict(games="3"), dict(games=True), dict(games=1, seed=1.5), dict(games=1, random_plies="2..8")]:
        with pytest.raises(TypeError):
            selfplay(SMALL, **bad)
    with pytest.raises(TypeError):
        selfplay(3, 1)
    with pytest.raises(TypeError):
        sowing.selfplay_many(SMALL, 2, executor=object())
    with pytest.raises(sowing.SowingError):
        sowing.selfplay_many(SMALL, 2, chunks=0)


def test_bad_bytes_raise_sowing_error():
    data = selfplay(SMALL, 1, "alphabeta:depth=2")
    offset = selfplay_header(data)["offset"]
    for cut in range(len(data)):
        if cut >= offset and (cut - offset) % 23 == 0:
            assert len(sowing.read_selfplay(data[:cut])) == (cut - offset) // 23
        else:
            with pytest.raises(sowing.SowingError):
                sowing.read_selfplay(data[:cut])
    with pytest.raises(sowing.SowingError, match="magic"):
        sowing.read_selfplay(b"GIF89a" + data[6:])
    with pytest.raises(sowing.SowingError, match="version 2"):
        sowing.read_selfplay(data[:8] + (2).to_bytes(4, "little") + data[12:])
    with pytest.raises(sowing.SowingError, match="bad header"):
        sowing.read_selfplay(data.replace(b"record=23", b"record=24"))
    # The training words after the four fields: key=value each, and the header gives them.
    words = b"holes=8 marks=2 stores_at=8 marks_at=10 store_buckets=13 scale=0.3208"
    assert selfplay_header(data)["training"] == words.decode()
    for bad in (b"holes=8 marks", b"holes=8 =2", b"holes=8 marks="):
        broken = data.replace(words, bad.ljust(len(words), b" "))
        if broken != data:
            with pytest.raises(sowing.SowingError, match="bad header"):
                sowing.read_selfplay(broken)
    with pytest.raises(TypeError):
        sowing.read_selfplay("not bytes")
    # A memoryview and a bytearray read as the bytes do.
    assert np.array_equal(sowing.read_selfplay(memoryview(data)), sowing.read_selfplay(bytearray(data)))


@pytest.fixture
def python_handles_sigint():
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_stops_self_play(python_handles_sigint):
    # A million Toguz Kumalak games would take days: the interrupt comes from a Python
    # thread, which runs only because the games released the GIL.
    threading.Timer(0.3, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        selfplay("toguz", 1_000_000, "alphabeta:depth=6")


def test_selfplay_many_on_ray():
    ray = pytest.importorskip("ray")
    from ray.util.multiprocessing import Pool

    whole = selfplay(SMALL, 4, "alphabeta:depth=3", seed=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        pool = Pool(processes=2)
        try:
            on_ray = sowing.selfplay_many(SMALL, 4, chunks=2, agent="alphabeta:depth=3", seed=2, executor=pool)
        finally:
            pool.terminate()
    finally:
        ray.shutdown()
    assert on_ray == whole

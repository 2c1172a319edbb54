"""Game analysis from Python: sowing.analyze and sowing.analyze_many."""

import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest

import sowing
from sowing.analysis import CLASSES

FEDERATION = "toguz/federation-2016-2018.pgn"


def federation_texts(data, count):
    """The first `count` federation games' texts, one record each."""
    text = (data / FEDERATION).read_text(encoding="utf-8")
    return [g.to_pgn() for g in sowing.read_games(text)[:count]]


def test_rows_and_summary_of_a_federation_game(data):
    text = federation_texts(data, 1)[0]
    game = sowing.GameRecord.from_pgn(text)
    a = sowing.analyze(game, depth=4)
    assert a.game == "toguz" and a.agent == "alphabeta:depth=4"
    assert len(a.rows) == game.ply
    assert [r["move"] for r in a.rows] == game.move_texts()
    first = a.rows[0]
    # Plies are numbered from 1, as in the record, the graph and the tool.
    assert first["side"] == "White" and first["ply"] == 1 and first["turn"] == 1
    assert [r["ply"] for r in a.rows] == list(range(1, game.ply + 1))
    assert first["line"][0] == first["best"]
    for r in a.rows:
        assert r["class"] in CLASSES
        assert r["loss"] >= 0 and 0 <= r["expected_after"] <= 1
        if r["move"] == r["best"]:
            assert r["loss"] == 0 and r["class"] in ("best", "only move")
    white, black = a.summary
    assert white["moves"] + black["moves"] == game.ply
    assert sum(white["classes"].values()) == white["moves"]
    assert 0 <= white["accuracy"] <= 100
    # The annotated record reads back as the same game.
    again = sowing.GameRecord.from_pgn(a.annotated)
    assert again.move_texts() == game.move_texts()
    assert "[%eval " in a.annotated
    # The text analyses the same as the record, at a fixed depth.
    assert sowing.analyze(text, depth=4).rows == a.rows
    # Jupyter shows the graph.
    assert a._repr_svg_().startswith("<svg") and a._repr_svg_() == a.svg
    assert len(a.mistakes()) == sum(
        1 for r in a.rows if r["class"] in ("inaccuracy", "mistake", "blunder")
    )
    assert "Analysis of a toguz game" in repr(a)


def test_dicts_and_dataframe(data):
    a = sowing.analyze(federation_texts(data, 1)[0], "alphabeta:depth=3")
    dicts = a.to_dicts()
    assert dicts == a.rows and dicts[0] is not a.rows[0]
    pd = pytest.importorskip("pandas")
    df = a.to_dataframe()
    assert isinstance(df, pd.DataFrame)
    assert len(df) == len(a.rows)
    assert list(df["move"]) == [r["move"] for r in a.rows]
    assert {"ply", "class", "loss", "expected_before", "line"} <= set(df.columns)


def test_a_kalah_game_and_its_exact_endings():
    rules = sowing.Ruleset("kalah:pits=3,seeds=2")
    game = sowing.GameRecord(rules)
    while not game.is_over():
        game.play(game.legal_moves()[0])
    a = sowing.analyze(game, depth=12)
    assert len(a.rows) == game.ply
    # The last move ends the game: its value is the rules'.
    assert a.rows[-1]["exactness"] in ("exact", "proven")
    assert a.rows[-1]["after_text"].startswith(("=", "#"))


def test_bad_agents_and_records():
    game = sowing.GameRecord(sowing.Ruleset("kalah"))
    game.play("3")
    with pytest.raises(sowing.AgentError):
        sowing.analyze(game, "random")
    with pytest.raises(sowing.AgentError):
        sowing.analyze(game, "alphabeta:depht=3")
    with pytest.raises(sowing.RecordError):
        sowing.analyze("[Variant \"kalah\"]\n[Result \"*\"]\n\n1. 9 *\n")
    with pytest.raises(TypeError):
        sowing.analyze(42)  # type: ignore[arg-type]


def test_analysis_pickles(data):
    a = sowing.analyze(federation_texts(data, 1)[0], depth=3)
    b = pickle.loads(pickle.dumps(a))
    assert b.rows == a.rows and b.svg == a.svg and b.summary == a.summary


def test_analyze_many_on_a_process_pool_and_any_executor(data):
    texts = federation_texts(data, 3)
    one = [sowing.analyze(t, depth=3) for t in texts]
    many = sowing.analyze_many(texts, depth=3, max_workers=2)
    assert [m.rows for m in many] == [o.rows for o in one]
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = sowing.analyze_many(texts, depth=3, executor=pool)
    assert [t.annotated for t in threaded] == [o.annotated for o in one]


def test_analyze_many_on_ray(data):
    ray = pytest.importorskip("ray")
    from ray.util.multiprocessing import Pool

    texts = federation_texts(data, 2)
    one = [sowing.analyze(t, depth=3) for t in texts]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        pool = Pool(processes=2)
        try:
            on_ray = sowing.analyze_many(texts, depth=3, executor=pool)
        finally:
            pool.terminate()
    finally:
        ray.shutdown()
    assert [r.rows for r in on_ray] == [o.rows for o in one]


def test_analyze_many_refuses_a_pool_without_map_and_a_bad_worker_count():
    # Found by the fuzz test: an executor without map raised AttributeError, and
    # max_workers=0 concurrent.futures' plain ValueError.
    for executor in (3, "pool", object()):
        with pytest.raises(TypeError, match="executor must have a map"):
            sowing.analyze_many([], executor=executor)
    with pytest.raises(sowing.SowingError, match="max_workers must be at least 1"):
        sowing.analyze_many([], max_workers=0)
    with pytest.raises(TypeError, match="max_workers must be an int"):
        sowing.analyze_many([], max_workers=True)
    assert sowing.analyze_many([], max_workers=1) == []


def test_every_move_valued_lines_numbered_and_the_graph_counting_as_the_rows(data):
    text = federation_texts(data, 4)[3]
    game = sowing.GameRecord.from_pgn(text)
    a = sowing.analyze(game, depth=3)
    for r in a.rows:
        assert len(r["values"]) == r["moves"] == len(r["values_text"])
        assert r["values"][r["move"]] == r["after"]
        assert r["values"][r["best"]] == r["before"]
        number = f"{r['turn']}." if r["side"] == "White" else f"{r['turn']}..."
        assert r["line_text"].startswith(number + " " + r["best"])
        # Every marked move's mark on the graph names its ply and side.
        if r["class"] in ("inaccuracy", "mistake", "blunder"):
            assert f'data-ply="{r["ply"]}" data-player="{r["side"]}"' in a.svg
    rules, start = game.rules, game.start
    legal = {rules.format_move(start, m) for m in rules.legal_moves(start)}
    assert set(a.rows[0]["values"]) == legal


def test_a_blunder_counts_only_if_it_holds_deeper(data):
    # The book's main line, 1. 76: a blunder to the search of every move at depth 8, the
    # best move once searched 4 plies deeper (the default).
    text = '[Variant "toguz"]\n\n1. 76\n'  # no result: a game under way
    shallow = sowing.analyze(text, depth=8, verify=0).rows[0]
    assert shallow["class"] == "blunder" and not shallow["verified"]
    checked = sowing.analyze(text, depth=8).rows[0]
    assert checked["verified"] and checked["class"] == "best" and checked["best"] == "76"
    for bad in (-1, 201):
        with pytest.raises(sowing.SowingError, match="verify"):
            sowing.analyze(text, depth=2, verify=bad)
    with pytest.raises(TypeError):
        sowing.analyze(text, depth=2, verify="4")  # type: ignore[arg-type]

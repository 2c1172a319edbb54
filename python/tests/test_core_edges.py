"""The core bindings at the edges: one test per edge of the Ruleset, State, Player,
GameRecord, Agent and solver bindings, each failing before its fix."""

import copy
import pickle
import re
import time

import pytest

import sowing
import sowing.kalah
from conftest import ROOT

TINY = "kalah:pits=3,seeds=2"


def test_4_solve_bounds_its_threads():
    rules = sowing.Ruleset(TINY)
    started = time.monotonic()
    # 10**6 threads ran for ever (20,000 took 5.8 s): refused at once, naming the limit.
    for threads in [257, 20_000, 10**6, 2**70]:
        with pytest.raises(sowing.SolveError, match=rf"threads={threads} is out of range: expected 1 to 256"):
            sowing.kalah.solve(rules, threads=threads)
    assert time.monotonic() - started < 1
    assert sowing.kalah.solve(rules, threads=256).value == sowing.kalah.solve(rules, threads=1).value


def test_8_a_player_hashes_as_the_int_it_equals():
    north, south = sowing.Player.North, sowing.Player.South
    assert north == 1 and south == 0
    assert 1 in {north} and north in {1} and 0 in {south}
    assert hash(north) == hash(1) and hash(south) == hash(0)
    assert {north: "n"}[1] == "n"
    assert len({north, 1, south, 0}) == 2
    assert pickle.loads(pickle.dumps(north)) is north


def test_9_a_picture_refuses_a_move_that_did_not_lead_to_it():
    rules = sowing.Ruleset("kalah")
    s = rules.start()
    after = rules.play(s, "3")
    assert "<svg" in rules.picture_svg(after, "3", before=s)
    with pytest.raises(sowing.PositionError, match="5 played from .* leads to .*not to the state drawn"):
        rules.picture_svg(after, "5", before=s)
    with pytest.raises(sowing.IllegalMoveError):
        rules.picture_svg(after, "3", before=after)  # pit 3 is empty there
    with pytest.raises(TypeError, match="go together"):
        rules.picture_svg(after, "3")


def test_10_records_without_tags_or_without_a_result_tag():
    # No tags at all: read as Toguz Kumalak's PlayOK PGN, as documented.
    assert "PlayOK" in sowing.GameRecord.from_pgn.__doc__
    assert sowing.GameRecord.from_pgn("1. 76 98 *").rules == sowing.Ruleset("toguz")
    # Any other game's moves without a Variant: the error says what it was read as.
    with pytest.raises(sowing.RecordError, match=r"without a Variant tag is read as Toguz Kumalak's PlayOK PGN") as e:
        sowing.GameRecord.from_pgn("1. 3 q *")
    assert (e.value.line, e.value.ply) == (1, 2)
    errors = sowing.read_games("1. 3 q *\n", errors="return")
    assert "without a Variant tag" in str(errors[0])
    # A tagged record without [Result] whose moves end in a result token reads.
    game = sowing.GameRecord.from_pgn('[Variant "kalah"]\n\n1. 3 6 1... 2 *\n')
    assert (game.rules, game.move_texts(), game.result) == (sowing.Ruleset("kalah"), ["3", "6", "2"], "*")
    # A Variant-tagged record's errors say nothing of Toguz Kumalak.
    with pytest.raises(sowing.RecordError) as e:
        sowing.GameRecord.from_pgn('[Variant "kalah"]\n\n1. 3 9 *\n')
    assert "Toguz" not in str(e.value)


def test_11_one_error_policy():
    rules = sowing.Ruleset("kalah")
    game = sowing.GameRecord(rules)
    game.play("3")
    # Values of the right type that the call cannot take: SowingErrors.
    with pytest.raises(sowing.SolveError, match="solves Kalah, not toguz"):
        sowing.kalah.solve(sowing.Ruleset("toguz"))
    with pytest.raises(sowing.SolveError, match="threads=0 is out of range"):
        sowing.kalah.solve(sowing.Ruleset(TINY), threads=0)
    with pytest.raises(sowing.SolveError, match="table_mb=0 is out of range"):
        sowing.kalah.solve(sowing.Ruleset(TINY), table_mb=0)
    with pytest.raises(sowing.SolveError, match="endgame_seeds=-1 is out of range"):
        sowing.kalah.solve(sowing.Ruleset(TINY), endgame_seeds=-1)
    with pytest.raises(sowing.SowingError, match="depth=-1 is out of range"):
        rules.perft(rules.start(), -1)
    with pytest.raises(sowing.SowingError, match=r"seed=18446744073709551616 is out of range"):
        rules.random_move(rules.start(), 2**64)
    with pytest.raises(sowing.SowingError, match='errors="ignore"'):
        sowing.read_games("", errors="ignore")
    # An int past the record is a question answered no, as for a ply past the end.
    assert game.go_to(-1) is False and game.go_to(2**70) is False and game.ply == 1
    assert game.position_at(-1) is None and game.position_at(2**70) is None
    # Wrong types: TypeError, everywhere.
    for call in [
        lambda: game.go_to("1"),
        lambda: game.position_at(1.5),
        lambda: rules.perft(rules.start(), None),
        lambda: sowing.kalah.solve(sowing.Ruleset(TINY), threads=2.0),
        lambda: rules.legal_moves(None),
    ]:
        with pytest.raises(TypeError):
            call()
    # The policy is written where users look.
    for doc in [sowing.__doc__, sowing.SowingError.__doc__]:
        assert "TypeError" in doc, doc


def test_12_is_legal_answers_false_for_any_move_that_is_not_legal():
    rules, toguz = sowing.Ruleset("kalah"), sowing.Ruleset("toguz")
    s = rules.start()
    for text in ["7", "8", "x", "", "swap", "65(10)"]:
        assert rules.is_legal(s, text) is False, text
    assert rules.is_legal(s, toguz.legal_moves(toguz.start())[0]) is False
    assert rules.is_legal(s, "3") is True
    with pytest.raises(TypeError):
        rules.is_legal(s, 3)
    with pytest.raises(sowing.PositionError):
        rules.is_legal(toguz.start(), "3")


def test_13_action_errors_name_the_int_given_and_no_game_of_a_batch():
    rules = sowing.Ruleset("kalah")
    s = rules.start()
    for action in [-1, 7, 99, 2**70, -(2**70)]:
        for call in [rules.play_action, rules.action_to_move]:
            with pytest.raises(sowing.MoveError) as e:
                call(s, action)
            assert str(e.value) == f"action {action} is out of range: actions are 0 to 6"
    again = rules.play_action(s, 2)  # pit 3: the last seed in the store, South again
    with pytest.raises(sowing.IllegalMoveError) as e:
        rules.play_action(again, 2)  # pit 3 is empty now
    assert "game 0" not in str(e.value) and str(e.value).startswith("action 2: illegal move 3"), str(e.value)


def test_15_reprs_are_either_eval_able_or_bracketed():
    rules = sowing.Ruleset("kalah:pits=4,seeds=3")
    s = rules.start()
    namespace = vars(sowing)
    for value in [rules, sowing.Player.North, sowing.Agent("mcts:playouts=5")]:
        assert eval(repr(value), namespace) == value or repr(eval(repr(value), namespace)) == repr(value)
    assert repr(s) == "<State kalah:pits=4,seeds=3: 3,3,3,3/3,3,3,3 0 0 S>"
    assert repr(rules.legal_moves(s)[0]) == "<Move kalah 1>"
    game = sowing.GameRecord(rules)
    solution = sowing.kalah.solve(sowing.Ruleset(TINY))
    outcome = rules.outcome(rules.parse_position("0,0,0,0/0,0,0,0 13 11 S"))
    for value in [s, rules.legal_moves(s)[0], game, solution, outcome]:
        assert repr(value).startswith("<") and repr(value).endswith(">"), repr(value)
    # The classes without a constructor say where their values come from.
    for cls, where in [(sowing.State, "Ruleset"), (sowing.Move, "legal_moves"), (sowing.Outcome, "outcome"), (sowing.kalah.Solution, "solve")]:
        with pytest.raises(TypeError, match=where):
            cls("anything")
        # With no argument, the same message (it named `_no_constructor`).
        with pytest.raises(TypeError, match=where):
            cls()


def test_15_the_stubs_refuse_constructors_that_do_not_exist(tmp_path):
    mypy = pytest.importorskip("mypy.api")
    source = tmp_path / "calls.py"
    source.write_text(
        "import sowing, sowing.kalah\n"
        "sowing.State()\n"
        'sowing.Move("3")\n'
        "sowing.Outcome()\n"
        "sowing.kalah.Solution()\n"
        'sowing.Ruleset("kalah").start()\n'
    )
    out, _, status = mypy.run([str(source), "--no-incremental", "--cache-dir", str(tmp_path / "cache")])
    assert status == 1, out
    lines = [line for line in out.splitlines() if ": error:" in line]
    assert [int(line.split(":")[1]) for line in lines] == [2, 3, 4, 5], out


def test_16_an_mcts_agent_with_a_time_alone_searches_for_that_time():
    rules = sowing.Ruleset(TINY)
    agent = sowing.Agent("mcts:time=150ms")
    assert agent.name == "mcts:seed=0,time=150ms"
    agent.choose(rules, rules.start())
    # It stopped at 10,000 playouts, after a third of its time.
    assert agent.elapsed >= 0.15 and agent.nodes > 10_000, (agent.elapsed, agent.nodes)
    capped = sowing.Agent("mcts:time=10s,playouts=200")
    capped.choose(rules, rules.start())
    assert capped.nodes == 200 and capped.elapsed < 10


def test_17_records_and_solutions_copy_and_pickle():
    rules = sowing.Ruleset("kalah:pits=4,seeds=3")
    game = sowing.GameRecord(rules)
    for mv in ["1", "4", "2"]:
        game.play(mv)
    game.undo()  # a redo tail, kept by every copy
    for twin in [game.copy(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))]:
        assert twin is not game
        assert (twin.rules, twin.ply, len(twin), twin.moves, twin.current) == (rules, 2, 3, game.moves, game.current)
        assert str(twin.redo()) == "2" and twin.ply == 3
        twin.go_to(0)
        assert (game.ply, len(game)) == (2, 3)  # independent of the original
    read = sowing.GameRecord.from_pgn('[Variant "kalah"]\n[Event "E"]\n[Result "1-0"]\n\n1. 3 6 1... 2 1-0\n')
    again = pickle.loads(pickle.dumps(read))
    assert (again.tags, again.result, again.to_pgn()) == (read.tags, read.result, read.to_pgn())
    toguz = sowing.GameRecord.from_pgn("1. 76 98 *")
    assert pickle.loads(pickle.dumps(toguz)).move_texts() == toguz.move_texts()
    solution = sowing.kalah.solve(sowing.Ruleset(TINY))
    for twin in [pickle.loads(pickle.dumps(solution)), copy.deepcopy(solution), copy.copy(solution)]:
        assert twin == solution
        assert (twin.value, twin.moves, twin.nodes, twin.endgame, twin.table_bytes) == (
            solution.value, solution.moves, solution.nodes, solution.endgame, solution.table_bytes)


def test_18_the_solver_makes_the_endgame_folder_but_not_its_parents(tmp_path):
    rules = sowing.Ruleset(TINY)
    deep = tmp_path / "a" / "b" / "c"
    with pytest.raises(sowing.SolveError, match="its parent folder .* does not exist"):
        sowing.kalah.solve(rules, endgame_dir=deep)
    assert not (tmp_path / "a").exists()
    one = tmp_path / "kept"
    sowing.kalah.solve(rules, endgame_dir=one)
    assert one.is_dir() and any(one.iterdir())
    a_file = tmp_path / "file"
    a_file.write_text("")
    with pytest.raises(sowing.SolveError, match="not a folder"):
        sowing.kalah.solve(rules, endgame_dir=a_file)
    assert "not its parents" in sowing.kalah.solve.__doc__ or "parent" in sowing.kalah.solve.__doc__


def test_21_states_give_their_board_without_text():
    kalah = sowing.Ruleset("kalah:pits=4,seeds=3")
    s = kalah.play(kalah.play(kalah.start(), "1"), "2")  # North's pit 2: 3 seeds to 3, 4, store
    assert (s.holes, s.stores, s.seeds, s.to_move, s.ply, s.tuzdiks) == (
        ([0, 4, 4, 4], [3, 0, 4, 4]), (0, 1), 23, sowing.Player.North, None, None)
    toguz = sowing.Ruleset("toguz")
    t = toguz.start()
    for mv in ["76", "98"]:
        t = toguz.play(t, mv)
    assert t.ply == 2 and t.to_move == sowing.Player.South and t.tuzdiks == (None, None)
    assert sum(t.holes[0]) + sum(t.holes[1]) + sum(t.stores) == 162
    late = toguz.parse_position(str(toguz.start())[:-1] + "40")  # full move 40, White to move
    assert late.ply == 78
    seed = 0
    while t.tuzdiks == (None, None) and not toguz.is_over(t):
        t = toguz.play(t, toguz.random_move(t, seed))
        seed += 1
    south, north = t.tuzdiks
    if south is not None:  # South's tuzdik is a hole of North's: always empty
        assert t.holes[1][south - 1] == 0
    if north is not None:
        assert t.holes[0][north - 1] == 0
    assert (south, north) != (None, None)
    tsoro = sowing.Ruleset("tsoro")
    ts = tsoro.start()
    n = (tsoro.num_actions - 3) // 4  # holes a row
    assert (len(ts.holes[0]), len(ts.holes[1])) == (2 * n, 2 * n)
    assert sum(ts.holes[0]) + sum(ts.holes[1]) == tsoro.total_seeds and ts.stores == (0, 0)
    assert ts.ply is None and sowing.Ruleset("tsoro:max-plies=30").start().ply == 0
    oware = sowing.Ruleset("oware")
    o = oware.play(oware.start(), oware.legal_moves(oware.start())[0])
    assert o.holes[0][0] == 0 and o.to_move == sowing.Player.North and o.ply is None
    # Every game's accessors agree with the ruleset's own calls.
    for text in sowing.GAMES:
        rules = sowing.Ruleset(text)
        s = rules.start()
        for _ in range(6):
            moves = rules.legal_moves(s)
            if not moves:
                break
            s = rules.play(s, moves[len(moves) // 2])
        board, south, north = rules.seed_count(s)
        assert (s.seeds, s.stores, s.to_move) == (board, (south, north), rules.to_move(s)), text
        assert sum(s.holes[0]) + sum(s.holes[1]) == board, text


def test_24_the_package_describes_itself():
    python = ROOT / "python"
    readme = (python / "README.md").read_text(encoding="utf-8")
    assert "pip install ./python" in readme and "pytest python/tests" in readme
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], "python/README.md", "exec"), {})
    project = (python / "pyproject.toml").read_text(encoding="utf-8")
    for needed in ["[project.urls]", "License :: OSI Approved :: MIT License", 'license = { text = "MIT OR Apache-2.0" }', "Typing :: Typed"]:
        assert needed in project, needed
    # Each game's observation fields and actions, in help() and in the stubs.
    stubs = (python / "sowing" / "_sowing.pyi").read_text(encoding="utf-8")
    for doc in [sowing.Ruleset.observation.__doc__, stubs]:
        for field in ["Kalah, m pits (2m + 4)", "Toguz Kumalak, n holes (4n + 2)", "Tsoro, N holes a row (4N + 9)", "Oware, n houses (2n + 3)", "tuzdik"]:
            assert field in doc, field
    for doc in [sowing.Ruleset.num_actions.__doc__, stubs]:
        assert "4N + 2 `done`" in doc and "action m is `swap`" in doc

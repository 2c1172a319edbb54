"""Every error type with the Rust message, failed calls changing nothing, and the no-panic
fuzz: random and malformed text, out-of-range integers, wrong types and None. A Rust panic
reaching Python would be pyo3's PanicException, a BaseException that the `except` clauses
here do not catch, so it fails the test."""

import random

import pytest

import sowing
import sowing.kalah
import sowing.toguz
from conftest import DATA

#: What a bad argument may raise: the package's errors, and Python's own for a wrong type or
#: an integer out of range.
EXPECTED = (sowing.SowingError, TypeError, OverflowError, ValueError)


def test_hierarchy():
    for cls in [
        sowing.RulesetError,
        sowing.PositionError,
        sowing.MoveError,
        sowing.IllegalMoveError,
        sowing.RecordError,
        sowing.AgentError,
        sowing.SolveError,
    ]:
        assert issubclass(cls, sowing.SowingError)
    assert issubclass(sowing.SowingError, ValueError)
    made = sowing.RecordError("by hand")
    assert (made.line, made.ply, str(made)) == (None, None, "by hand")


def test_each_error_with_the_rust_message():
    with pytest.raises(sowing.RulesetError, match=r'unknown game "chess" \(known: kalah, toguz, tsoro, oware, mancala\)'):
        sowing.Ruleset("chess")
    with pytest.raises(sowing.RulesetError, match='kalah has no switch "pitz=4"'):
        sowing.Ruleset("kalah:pitz=4")
    rules = sowing.Ruleset("kalah")
    with pytest.raises(sowing.PositionError, match="position text"):
        rules.parse_position("4,4/4,4 0 0")
    with pytest.raises(sowing.PositionError, match="seeds in all"):
        rules.parse_position("4,4,4,4,4,4/4,4,4,4,4,5 0 0 S")
    s = rules.start()
    with pytest.raises(sowing.MoveError, match='"x" is not a move'):
        rules.play(s, "x")
    with pytest.raises(sowing.IllegalMoveError, match='"7": there is no pit 7'):
        rules.play(s, "7")
    after = rules.play(s, "3")
    three = rules.parse_move(s, "3")
    with pytest.raises(sowing.IllegalMoveError, match="illegal move 3"):
        rules.play(after, three)
    with pytest.raises(sowing.MoveError, match="does not match the position"):
        sowing.Ruleset("toguz").play(sowing.Ruleset("toguz").start(), "64")
    with pytest.raises(sowing.RecordError) as e:
        sowing.read_games('[Variant "kalah"]\n[Result "*"]\n\n1. 3 6 1... 9 *\n')
    assert (e.value.line, e.value.ply) == (4, 3)
    with pytest.raises(sowing.RecordError) as e:
        sowing.GameRecord.from_pgn('[Variant "Kalah"]\n[Result "*"]\n\n1. 3 *\n')
    assert (e.value.line, e.value.ply) == (1, None)
    assert "unknown game" in str(e.value)
    with pytest.raises(sowing.AgentError, match='alphabeta has no option "depht=4"'):
        sowing.Agent("alphabeta:depht=4")
    with pytest.raises(sowing.AgentError, match="endgame=12 is not available in toguz"):
        toguz = sowing.Ruleset("toguz")
        sowing.Agent("alphabeta:endgame=12").choose(toguz, toguz.start())
    with pytest.raises(sowing.AgentError, match="endgame=12 is not available under kalah:pie"):
        pie = sowing.Ruleset("kalah:pie")
        sowing.Agent("alphabeta:endgame=12").choose(pie, pie.start())
    with pytest.raises(sowing.SolveError, match="pie rule"):
        pie = sowing.Ruleset("kalah:pits=3,seeds=2,pie")
        sowing.kalah.solve(pie)


def test_states_and_moves_of_another_game():
    kalah, toguz = sowing.Ruleset("kalah"), sowing.Ruleset("toguz")
    with pytest.raises(sowing.PositionError, match="a position of toguz, not of kalah"):
        kalah.legal_moves(toguz.start())
    with pytest.raises(sowing.MoveError, match="a move of toguz, not of kalah"):
        kalah.play(kalah.start(), toguz.legal_moves(toguz.start())[0])
    small = sowing.Ruleset("kalah:pits=4,seeds=3")
    with pytest.raises(sowing.PositionError, match="is not one of kalah:pits=4,seeds=3"):
        small.play(kalah.start(), "1")
    # A state of an equal ruleset is welcome; a move of a larger board is illegal here.
    assert sowing.Ruleset("kalah").play(kalah.start(), "1") == kalah.play(kalah.start(), "1")
    big = sowing.Ruleset("kalah:pits=7")
    with pytest.raises(sowing.IllegalMoveError):
        kalah.play(kalah.start(), big.legal_moves(big.start())[6])
    with pytest.raises(sowing.SolveError, match="solves Kalah"):
        sowing.kalah.solve(toguz)


def test_a_failed_call_changes_nothing():
    rules = sowing.Ruleset("kalah")
    game = sowing.GameRecord(rules)
    game.play("3")
    before = (game.ply, game.current, game.moves, len(game))
    for bad in ["3", "x", "7", None, 3]:
        with pytest.raises(EXPECTED):
            game.play(bad)
        assert (game.ply, game.current, game.moves, len(game)) == before
    s = rules.start()
    text = str(s)
    with pytest.raises(sowing.IllegalMoveError):
        rules.play(s, "7")
    assert str(s) == text


ALPHABET = "0123456789,/ SNnst:=-.xXх()[]{}\"*;$?abcdefghijklmnopqrstuvwyzé\n\t"
RULESETS = [
    "kalah", "kalah:pie", "kalah:pits=1,seeds=1", "toguz", "toguz:holes=3,balls=2",
    "tsoro", "tsoro:holes=6,bonus=3", "tsoro:tracey,reenter,max-plies=30",
]


def mutate(rng, text, edits=3):
    chars = list(text)
    for _ in range(rng.randint(1, edits)):
        at = rng.randint(0, len(chars))
        op = rng.randint(0, 2)
        c = rng.choice(ALPHABET)
        if op == 0 and at < len(chars):
            del chars[at]
        elif op == 1:
            chars.insert(at, c)
        elif at < len(chars):
            chars[at] = c
    return "".join(chars)


def call(f, *args, **kwargs):
    """Calls f; an expected exception is fine, anything else (a panic) fails the test."""
    try:
        return f(*args, **kwargs)
    except EXPECTED:
        return None


def test_fuzz_text_never_panics():
    rng = random.Random(2026)
    states = {}
    for text in RULESETS:
        rules = sowing.Ruleset(text)
        s = rules.start()
        seen = [s]
        for ply in range(60):
            mv = rules.random_move(s, ply)
            if mv is None:
                break
            s = rules.play(s, mv)
            seen.append(s)
        states[text] = (rules, seen)
    records = (DATA / "toguz" / "federation-2016-2018.pgn").read_text(encoding="utf-8")[:3000]
    for _ in range(3000):
        text = rng.choice(RULESETS)
        rules, seen = states[text]
        s = rng.choice(seen)
        call(sowing.Ruleset, mutate(rng, text))
        call(sowing.Ruleset, "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30))))
        call(rules.parse_position, mutate(rng, str(s)))
        call(rules.parse_position, "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 40))))
        moves = [str(m) for m in rules.legal_moves(s)] or ["1"]
        word = mutate(rng, rng.choice(moves + ["swap", "take o4", "relay", "done", "65(10)", "36x"]))
        call(rules.play, s, word)
        call(rules.parse_move, s, word)
        call(rules.is_legal, s, word)
        call(rules.format_move, s, word)
        call(sowing.Agent, mutate(rng, rng.choice(["alphabeta:depth=3", "mcts:playouts=5", "random:seed=1"])))
    for _ in range(300):
        call(sowing.read_games, mutate(rng, records, 8))
        call(sowing.toguz.read_pgn, mutate(rng, records, 8))
        call(sowing.GameRecord.from_pgn, mutate(rng, records[:400], 5))


def test_fuzz_numbers_types_and_none_never_panic(tmp_path, monkeypatch):
    # `endgame_dir="x"` writes a database into ./x: keep it out of the checkout.
    monkeypatch.chdir(tmp_path)
    rules = sowing.Ruleset("kalah")
    s = rules.start()
    game = sowing.GameRecord(rules)
    game.play("1")
    agent = sowing.Agent("alphabeta:depth=2")
    values = [None, -1, 2**64, 2**200, -(2**63), 1.5, float("nan"), "", "x", b"3", [], {}, object(), s, rules, game]
    functions = [
        sowing.Ruleset, rules.start, rules.to_move, rules.legal_moves, rules.outcome, rules.is_over,
        rules.parse_position, rules.seed_count, rules.hash, rules.picture, rules.picture_svg,
        sowing.GameRecord, sowing.read_games, sowing.toguz.read_pgn, sowing.GameRecord.from_pgn,
        sowing.Agent, game.play, game.position_at, game.go_to,
    ]
    for f in functions:
        for v in values:
            call(f, v)
    for f in [rules.play, rules.is_legal, rules.format_move, rules.parse_move, rules.random_move, rules.perft, agent.choose]:
        for a in values:
            for b in values:
                call(f, a, b)
        for v in values:
            call(f, s, v)
    for v in values:
        call(rules.picture_svg, s, v, s)
        call(rules.picture_svg, s, "1", v)
        # A small board: None and a State of Kalah(6,4) mean solving (or refusing) it.
        tiny = sowing.Ruleset("kalah:pits=2,seeds=2")
        call(sowing.kalah.solve, tiny, v)
        if v is not rules:  # that one would be solved: Kalah(6,4) takes a minute and more
            call(sowing.kalah.solve, v)
        call(sowing.kalah.solve, tiny, table_mb=v)
        call(sowing.kalah.solve, tiny, threads=v)
        call(sowing.kalah.solve, tiny, endgame_seeds=v)
        call(sowing.kalah.solve, tiny, endgame_dir=v)
    assert game.ply == 1 and rules.perft(s, 0) == 1
    assert game.position_at(5) is None and not game.go_to(5)
    with pytest.raises(sowing.SowingError, match="seed=-1 is out of range"):
        rules.random_move(s, -1)
    with pytest.raises(TypeError):
        rules.legal_moves(None)
    with pytest.raises(TypeError):
        sowing.kalah.solve(rules, table_mb=16, colour="blue")


def test_bad_games_of_a_file_raise_skip_or_return():
    good = '[Variant "kalah"]\n[Result "*"]\n\n1. 3 6 1... 2 *\n'
    bad = '[Variant "kalah"]\n[Result "*"]\n\n1. 3 6 1... 9 *\n'
    text = "\n".join([good, bad, good])
    with pytest.raises(sowing.RecordError) as e:
        sowing.read_games(text)
    assert (e.value.line, e.value.ply) == (9, 3)  # the line in the whole text
    with pytest.raises(sowing.RecordError):
        sowing.read_games(text, errors="raise")
    skipped = sowing.read_games(text, errors="skip")
    assert [g.move_texts() for g in skipped] == [["3", "6", "2"], ["3", "6", "2"]]
    returned = sowing.read_games(text, errors="return")
    assert [type(g).__name__ for g in returned] == ["GameRecord", "RecordError", "GameRecord"]
    assert (returned[1].line, returned[1].ply) == (9, 3)
    with pytest.raises(ValueError, match="errors=\"ignore\""):
        sowing.read_games(text, errors="ignore")
    federation = '[Event "A"]\n[Result "1-0"]\n\n1. 76 98 1-0\n'
    broken = '[Event "B"]\n[Result "1-0"]\n\n1. 76 99 1-0\n'
    games = sowing.toguz.read_pgn(federation + "\n" + broken, errors="return")
    assert [g.tags["Event"] for g in games[:1]] == ["A"] and isinstance(games[1], sowing.RecordError)
    assert len(sowing.toguz.read_pgn(federation + "\n" + broken, errors="skip")) == 1


def test_a_state_of_another_ruleset_of_the_same_game_is_refused_not_a_panic():
    """A state of another board size or switch of the same game (a 4 x 10 Tsoro board under
    the 4 x 8 Tracey rules, which once panicked in the Rust crate's checked calls): every
    method that takes a state raises PositionError, and one of the same shape that validates
    is played."""
    pairs = [
        ("tsoro:tracey", "tsoro"),
        ("tsoro:tracey", "tsoro:holes=10"),
        ("kalah", "kalah:pits=4,seeds=3"),
        ("toguz", "toguz:holes=7"),
    ]
    for text, other in pairs:
        rules, foreign = sowing.Ruleset(text), sowing.Ruleset(other)
        s = foreign.start()
        mv = foreign.legal_moves(s)[0]
        for method, args in [
            (rules.to_move, ()), (rules.legal_moves, ()), (rules.is_legal, (mv,)),
            (rules.play, (mv,)), (rules.outcome, ()), (rules.is_over, ()),
            (rules.format_move, (mv,)), (rules.seed_count, ()), (rules.hash, ()),
            (rules.random_move, (1,)), (rules.perft, (2,)), (rules.picture, ()),
            (rules.picture_svg, ()),
        ]:
            with pytest.raises(sowing.PositionError):
                method(s, *args)
    # The same shape under other switches validates, and plays.
    rules = sowing.Ruleset("kalah:empty-capture")
    s = sowing.Ruleset("kalah").start()
    assert rules.play(s, "3") == rules.play(rules.start(), "3")

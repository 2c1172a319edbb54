"""Every public function, method and property of the package, called with generated arguments
(Hypothesis): wrong types, None, huge and negative ints, NaN, random text, states, moves and
rulesets of another game and of another board size. Each call may only return or raise a
documented exception, as the package's policy says (help(sowing)): a SowingError for a bad
argument of the right type, TypeError for an argument of the wrong type. Anything else
fails: an OverflowError, a plain ValueError or RuntimeError, PyO3's PanicException (a
BaseException), an abort (the run dies), a hang (a watchdog thread, faulthandler's, dumps
every thread's stack and ends the run when one call passes CALL_LIMIT seconds; a call slower
than SLOW seconds fails its test).

The API is enumerated by introspection (the `__all__` of sowing, sowing.kalah and
sowing.toguz, and every public attribute of each class), so a new function or method is
fuzzed without a line here; what is not fuzzed is listed in SKIPPED with the reason.
Calls that could run long with valid arguments get small budgets (RISKY)."""

import copy
import faulthandler
import inspect
import os
import pickle
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sowing
import sowing.kalah
import sowing.toguz

#: What a call may raise (the package's error policy).
DOCUMENTED = (sowing.SowingError, TypeError)
#: A call running this long is a hang: faulthandler's watchdog ends the run with the stacks.
CALL_LIMIT = 20.0
#: A call this slow fails its test.
SLOW = 5.0
#: Examples per function or method (the whole file runs in well under a minute).
EXAMPLES = 60

#: Public names not fuzzed here, and why. Every entry must name something that exists.
SKIPPED = {
    "sowing.VectorEnv": "the vectorized environment, checked at its edges by its own tests "
    "(test_vector_edges.py): a valid num_envs (up to VectorEnv.MAX_GAMES, 4,194,304) "
    "allocates gigabytes, too slow to draw at random here",
    "sowing.GAMES": "a list of names, not a callable",
    "sowing.__version__": "a string, not a callable",
    "sowing.kalah": "a module: its names are enumerated from sowing.kalah.__all__",
    "sowing.toguz": "a module: its names are enumerated from sowing.toguz.__all__",
    "sowing.gymnasium": "a Python adapter to Gymnasium, checked by Gymnasium's check_env "
    "(test_envs.py); its errors are Gymnasium's",
    "sowing.pettingzoo": "a Python adapter to PettingZoo, checked by PettingZoo's api_test "
    "(test_envs.py); its errors are PettingZoo's",
    "sowing.openspiel": "a Python adapter to OpenSpiel, checked by OpenSpiel's own tests "
    "(test_envs.py); its errors are OpenSpiel's",
}
#: Exception classes: their constructors are Python's own (any arguments are accepted).
EXCEPTIONS = "exception classes (Python's constructors)"

#: Rulesets of every game, two board sizes each, and switches.
RULESET_TEXTS = [
    "kalah", "kalah:pits=3,seeds=2", "kalah:pits=4,seeds=3,pie", "kalah:pits=1,seeds=1",
    "toguz", "toguz:bestemshe", "toguz:holes=3,balls=2",
    "tsoro", "tsoro:holes=6,bonus=3", "tsoro:tracey,reenter,max-plies=30",
    "oware", "oware:houses=3,seeds=2,max-plies=40",
]
#: Kalah rulesets the solver finishes in milliseconds.
TINY_KALAH = ["kalah:pits=3,seeds=2", "kalah:pits=2,seeds=2", "kalah:pits=1,seeds=1", "kalah:pits=2,seeds=1,empty-capture"]
#: Agents with small budgets: `choose` is fuzzed with these only (any agent text is fuzzed
#: through the constructor; a valid one may search for as long as it says).
SAFE_AGENTS = ["random:seed=3", "alphabeta:depth=2", "alphabeta:nodes=300", "alphabeta-classic:depth=1", "mcts:playouts=30", "mcts:time=5ms"]


def _samples():
    """Instances of every class: states at the start, a few plies in and at the end of a
    game of each ruleset, their moves, records, outcomes, a solution."""
    rulesets = [sowing.Ruleset(t) for t in RULESET_TEXTS]
    states, moves, records, outcomes = [], [], [], []
    for i, rules in enumerate(rulesets):
        s = rules.start()
        game = sowing.GameRecord(rules)
        states.append(s)
        for ply in range(400):
            legal = rules.legal_moves(s)
            if not legal:
                break
            moves.extend(legal[:2])
            mv = rules.random_move(s, 7 * i + ply)
            s = rules.play(s, mv)
            game.play(mv)
            if ply in (1, 5):
                states.append(s)
        states.append(s)
        if rules.outcome(s) is not None:
            outcomes.append(rules.outcome(s))
        game.go_to(game.ply // 2)  # a redo tail
        records.append(game)
    records.append(sowing.GameRecord.from_pgn('[Variant "kalah"]\n[Event "E"]\n[Result "*"]\n\n1. 3 6 1... 2 *\n'))
    solution = sowing.kalah.solve(sowing.Ruleset("kalah:pits=2,seeds=2"))
    analysis = sowing.analyze(records[-1], depth=2)
    searcher = sowing.Agent("alphabeta:depth=3,multipv=3")
    searcher.choose(rulesets[0], rulesets[0].start())
    lines = list(searcher.lines)
    return {
        sowing.Ruleset: rulesets,
        sowing.State: states,
        sowing.Move: moves,
        sowing.GameRecord: records,
        sowing.Outcome: outcomes,
        sowing.Player: [sowing.Player.South, sowing.Player.North],
        sowing.Agent: [sowing.Agent(t) for t in SAFE_AGENTS],
        sowing.kalah.Solution: [solution],
        sowing.SearchLine: lines,
        sowing.Analysis: [analysis],
    }


SAMPLES = _samples()
WORDS = [
    "", " ", "1", "3", "7", "0", "-1", "99", "swap", "relay", "stop", "done", "take o4", "o3", "i5",
    "65(10)", "36x", "76", "A", "f", "kalah", "toguz:holes=3", "tsoro:holes=8", "oware",
    "kalah:pits=0", "alphabeta:depth=3", "mcts:time=1ms", "random", "raise", "skip", "return",
    "1. 3 1 *", '[Variant "kalah"]\n\n1. 3 *\n', "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S", "\x00", "é" * 3,
]
EDGE_INTS = [0, 1, 2, 3, 6, 7, 8, 255, 256, 257, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 2**200,
             -1, -2, -(2**31), -(2**63), -(2**64), -(2**200)]


def values():
    """Any argument: wrong types, None, edge and random ints, NaN, text, and the values of
    the package of every game and board size."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from(EDGE_INTS),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=24),
        st.sampled_from(WORDS),
        st.binary(max_size=4),
        st.sampled_from(SAMPLES[sowing.State]),
        st.sampled_from(SAMPLES[sowing.Ruleset]),
        st.sampled_from(SAMPLES[sowing.Move]),
        st.sampled_from(SAMPLES[sowing.Player]),
        st.sampled_from(SAMPLES[sowing.Outcome]),
        st.sampled_from(SAMPLES[sowing.GameRecord]),
        st.lists(st.integers(-3, 10), max_size=3),
        st.just(object()),
        st.just({}),
    )


#: The states of each ruleset of the samples, by its text.
STATES_OF = {}
for _s in SAMPLES[sowing.State]:
    STATES_OF.setdefault(str(_s.rules), []).append(_s)

#: Parameters by name: what a plausible argument is (ints, text, states...).
INT_PARAMS = {"seed", "depth", "action", "ply", "threads", "table_mb", "endgame_seeds", "num_envs"}
TEXT_PARAMS = {"text", "errors", "ruleset_text"}


def plausible(name, receiver):
    """Mostly an argument of the kind the parameter `name` takes (a state of the receiver's
    ruleset, a move of its game, an int at the edges), half the time anything at all."""
    if name in INT_PARAMS:
        kind = st.one_of(st.integers(), st.sampled_from(EDGE_INTS), st.integers(max_value=-1), st.integers(min_value=2**62))
    elif name in TEXT_PARAMS:
        kind = st.one_of(st.sampled_from(WORDS), st.text(max_size=24))
    elif name in ("state", "before", "start"):
        own = STATES_OF.get(str(getattr(receiver, "rules", receiver)), []) if receiver is not None else []
        kind = st.sampled_from(own or SAMPLES[sowing.State])
        if own:
            kind = st.one_of(kind, kind, st.sampled_from(SAMPLES[sowing.State]))
    elif name in ("mv", "last_move"):
        kind = st.one_of(st.sampled_from(SAMPLES[sowing.Move]), st.sampled_from(WORDS))
    elif name == "rules":
        kind = st.sampled_from(SAMPLES[sowing.Ruleset])
    elif name == "player":
        kind = st.sampled_from(SAMPLES[sowing.Player])
    else:
        return values()
    return st.one_of(kind, kind, kind, values())


def not_an_int_in(lo, hi):
    """Anything but an int in lo..=hi: every other value, and ints on either side."""
    return st.one_of(
        values().filter(lambda v: not (isinstance(v, int) and lo <= v <= hi)),
        st.integers(max_value=lo - 1),
        st.integers(min_value=hi + 1),
    )


def relative_folders():
    """endgame_dir values that stay inside the working directory (the test's temporary one)."""
    name = st.text(alphabet="abcxyz_-.", min_size=1, max_size=8).filter(lambda s: s not in (".", ".."))
    return st.one_of(name, st.builds(lambda a, b: f"{a}/{b}", name, name), values().filter(lambda v: not isinstance(v, (str, bytes))))


#: Arguments with small budgets, for calls whose valid arguments may run long: by the
#: qualified name, the parameter's name (positional or keyword) and its strategy.
RISKY = {
    # A valid depth past 3 on a 9-hole board runs for minutes: only the small ones, and
    # every invalid value.
    "sowing.Ruleset.perft": {"depth": st.one_of(st.integers(0, 2), not_an_int_in(0, 2**32 - 1))},
    # Kalah(6,4) takes minutes to solve: tiny Kalah boards, other games' rulesets, junk.
    "sowing.kalah.solve": {
        "rules": st.one_of(st.sampled_from([sowing.Ruleset(t) for t in TINY_KALAH + ["toguz", "tsoro", "oware"]]), values().filter(lambda v: not isinstance(v, sowing.Ruleset))),
        "endgame_dir": relative_folders(),
    },
    # Self-play of many games at depth 8 runs for minutes: a few games of small agents,
    # few processes, and every invalid value.
    "sowing.selfplay_many": {
        "games": st.one_of(st.integers(0, 2), not_an_int_in(0, 2**32 - 1)),
        "agent": st.one_of(st.sampled_from(["alphabeta:depth=2", "alphabeta:nodes=300", "random"]), st.text(max_size=24)),
        "max_workers": st.one_of(st.none(), st.integers(1, 2), not_an_int_in(1, 2**32)),
    },
}
#: Receivers with small budgets: `Agent.choose` on the safe agents only.
RECEIVERS = {"sowing.Agent": SAMPLES[sowing.Agent]}


def public_api():
    """{qualified name: (kind, owner class or None, object)} of every public function,
    class (its constructor), method, static method and property; and the skipped names."""
    api, skipped = {}, {}
    modules = [sowing, sowing.kalah, sowing.toguz]
    for module in modules:
        for name in module.__all__:
            qual = f"{module.__name__}.{name}"
            obj = getattr(module, name)
            if qual in SKIPPED:
                skipped[qual] = SKIPPED[qual]
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                skipped[qual] = EXCEPTIONS
                continue
            if inspect.isclass(obj):
                api[qual] = ("constructor", None, obj)
                for attr in dir(obj):
                    if attr.startswith("_"):
                        continue
                    static = inspect.getattr_static(obj, attr)
                    kind = (
                        "property" if type(static).__name__ == "getset_descriptor" or isinstance(static, property)
                        else "static" if isinstance(static, staticmethod)
                        else "value" if isinstance(static, obj)
                        else "method"
                    )
                    api[f"{qual}.{attr}"] = (kind, obj, getattr(obj, attr))
            else:
                api[qual] = ("function", None, obj)
    for qual in ["sowing.gymnasium", "sowing.pettingzoo", "sowing.openspiel"]:
        skipped[qual] = SKIPPED[qual]
    return api, skipped


API, SKIPPED_FOUND = public_api()
CALLABLE = sorted(q for q, (kind, _, _) in API.items() if kind in ("constructor", "function", "method", "static"))


def test_the_api_is_enumerated_and_every_skip_is_real():
    # Every entry of SKIPPED names something that exists (no stale skip), and the
    # enumeration finds the package's main calls.
    assert set(SKIPPED) <= set(SKIPPED_FOUND), set(SKIPPED) - set(SKIPPED_FOUND)
    exceptions = {q for q, why in SKIPPED_FOUND.items() if why == EXCEPTIONS}
    assert set(SKIPPED_FOUND) - exceptions == set(SKIPPED)
    assert "sowing.SowingError" in exceptions and "sowing.MoveError" in exceptions
    for qual in ["sowing.Ruleset.play", "sowing.GameRecord.from_pgn", "sowing.kalah.solve", "sowing.toguz.read_pgn", "sowing.Agent.choose", "sowing.read_games", "sowing.GameRecord.copy"]:
        assert qual in CALLABLE, qual
    for qual in ["sowing.State.holes", "sowing.Outcome.winner", "sowing.kalah.Solution.value"]:
        assert API[qual][0] == "property", qual
    assert len(CALLABLE) >= 45


def signature_of(f):
    """The parameters (name, kind, has a default) of `f`, without `self`; None if unknown."""
    try:
        params = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):
        return None
    return [p for p in params if p.name != "self"]


def checked_call(qual, f, args, kwargs):
    """Calls f under the watchdog: a documented exception is fine, any other propagates."""
    faulthandler.dump_traceback_later(CALL_LIMIT, exit=True)
    started = time.monotonic()
    try:
        f(*args, **kwargs)
    except DOCUMENTED:
        pass
    finally:
        faulthandler.cancel_dump_traceback_later()
    elapsed = time.monotonic() - started
    assert elapsed < SLOW, f"{qual}{args}{kwargs} took {elapsed:.1f} s"


@pytest.fixture(autouse=True)
def in_a_temporary_folder(tmp_path):
    # endgame_dir=... writes databases: into a folder of the test's own.
    before = os.getcwd()
    os.chdir(tmp_path)
    yield
    os.chdir(before)


@pytest.mark.parametrize("qual", CALLABLE)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_every_call_raises_only_documented_errors(qual, data):
    kind, owner, obj = API[qual]
    receiver = None
    if kind == "method":
        owner_name = qual.rsplit(".", 1)[0]
        receiver = data.draw(st.sampled_from(RECEIVERS.get(owner_name, SAMPLES[owner])), label="receiver")
        if isinstance(receiver, sowing.GameRecord):
            receiver = receiver.copy()  # a method that plays changes only its own copy
        f = getattr(receiver, obj.__name__)
    else:
        f = obj
    risky = RISKY.get(qual, {})
    params = signature_of(obj)
    if params is None:
        names = [None] * data.draw(st.integers(0, 3), label="arity")
        args = [data.draw(values(), label="arg") for _ in names]
        checked_call(qual, f, args, {})
        return
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    keyword = [p for p in params if p.kind == p.KEYWORD_ONLY]
    required = sum(1 for p in positional if p.default is p.empty)
    # Mostly a plausible number of arguments, sometimes too few or too many.
    count = data.draw(st.one_of(st.integers(required, len(positional)), st.integers(0, len(positional) + 1)), label="count")
    args = []
    for i in range(count):
        name = positional[i].name if i < len(positional) else None
        args.append(data.draw(risky.get(name, plausible(name, receiver)), label=f"arg {name}"))
    kwargs = {}
    for p in keyword:
        if data.draw(st.booleans(), label=f"give {p.name}"):
            kwargs[p.name] = data.draw(risky.get(p.name, plausible(p.name, receiver)), label=p.name)
    if data.draw(st.integers(0, 9), label="unknown keyword") == 0:
        kwargs["colour"] = "blue"
    # A risky parameter not drawn keeps its default, which is safe.
    checked_call(qual, f, args, kwargs)


@pytest.mark.parametrize("qual", sorted(q for q, (kind, _, _) in API.items() if kind in ("property", "value")))
def test_every_property_of_every_sample_reads(qual):
    kind, owner, _ = API[qual]
    attr = qual.rsplit(".", 1)[1]
    for sample in SAMPLES[owner]:
        checked_call(qual, getattr, (sample, attr), {})


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_every_value_compares_hashes_prints_copies_and_pickles(cls, data):
    sample = data.draw(st.sampled_from(SAMPLES[cls]))
    other = data.draw(values())
    for f, args in [
        (lambda a, b: a == b, (sample, other)),
        (lambda a, b: a != b, (sample, other)),
        (repr, (sample,)),
        (str, (sample,)),
        (copy.copy, (sample,)),
        (copy.deepcopy, (sample,)),
        (lambda a: pickle.loads(pickle.dumps(a)), (sample,)),
    ]:
        checked_call(cls.__name__, f, args, {})
    try:
        hash(sample)
    except TypeError:
        assert cls in (sowing.GameRecord, sowing.kalah.Solution, sowing.Agent), cls  # mutable or unhashable by design
    if hasattr(sample, "_repr_svg_"):
        checked_call(cls.__name__, sample._repr_svg_, (), {})

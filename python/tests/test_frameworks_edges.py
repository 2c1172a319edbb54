"""The framework wrappers at their edges: OpenSpiel games and states that pickle and undo,
PettingZoo's global state, Gymnasium's seeding and registration, one meaning of max_plies
everywhere, and pictures as pixels for the render modes."""

import concurrent.futures
import multiprocessing
import pickle
import shutil
import subprocess
import sys
import warnings

import numpy as np
import pytest

import sowing
from sowing import Ruleset

MAX_PLIES_ERROR = "max_plies must be at least 1"


def rgb(colour):
    """'#rrggbb' as a list of three ints."""
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


# The colours of the crate's pictures (sowing::svg::colour).
BACKGROUND, BOARD, HOLE, HOLE_EMPTY = map(rgb, ["#f4ecdf", "#b9834c", "#6e4421", "#8a5a2e"])


# svg_to_rgb: the pictures as pixels.


def test_svg_to_rgb_draws_the_board_in_its_colours():
    rules = Ruleset("kalah")
    start = rules.start()
    after = rules.play(start, "1")
    a, b = sowing.svg_to_rgb(rules.picture_svg(start)), sowing.svg_to_rgb(rules.picture_svg(after))
    # The picture is 696 x 330 SVG units: one pixel a unit.
    assert a.shape == b.shape == (330, 696, 3) and a.dtype == np.uint8
    assert (a != b).any()
    # South's hole 1 is a circle of radius 30 at (158, 192): away from its count, it is the
    # colour of a hole with seeds at the start and of an empty hole once it is sown.
    assert a[192, 180].tolist() == HOLE
    assert b[192, 180].tolist() == HOLE_EMPTY
    assert a[5, 5].tolist() == BACKGROUND  # the page
    assert a[70, 130].tolist() == BOARD  # the board between the store and the holes
    # Scaled: twice the size.
    assert sowing.svg_to_rgb(rules.picture_svg(start), scale=2.0).shape == (660, 1392, 3)


def test_svg_to_rgb_composites_on_white_and_refuses_what_it_cannot_draw():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2">'
        '<rect x="0" y="0" width="2" height="2" fill="#ff0000"/></svg>'
    )
    a = sowing.svg_to_rgb(svg)
    assert a.shape == (2, 4, 3)
    assert a[0, 0].tolist() == [255, 0, 0] and a[1, 3].tolist() == [255, 255, 255]
    for bad in ["<svg", "", "not svg at all"]:
        with pytest.raises(sowing.SowingError, match="SVG"):
            sowing.svg_to_rgb(bad)
    for scale in [0.0, -1.0, float("nan"), float("inf"), 1e6]:
        with pytest.raises(sowing.SowingError, match="scale|pixels"):
            sowing.svg_to_rgb(svg, scale=scale)
    # A tiny scale still makes a picture: one pixel.
    assert sowing.svg_to_rgb(svg, scale=1e-300).shape == (1, 1, 3)


def test_svg_to_rgb_reads_no_file_and_stops_at_hostile_documents(tmp_path):
    head = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    red = tmp_path / "red.svg"
    red.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<rect width="10" height="10" fill="#ff0000"/></svg>'
    )
    for href in [str(red), red.as_uri(), "/dev/zero"]:
        a = sowing.svg_to_rgb(head + f'<image href="{href}" width="10" height="10"/></svg>')
        assert (a == 255).all()  # nothing drawn: white
    with pytest.raises(sowing.SowingError, match="cannot be read"):
        sowing.svg_to_rgb(head + "<g>" * 100_000 + "</g>" * 100_000 + "</svg>")
    laughs = "".join(
        f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' if i else '<!ENTITY l0 "lol">' for i in range(8)
    )
    with pytest.raises(sowing.SowingError, match="cannot be read"):
        sowing.svg_to_rgb(f"<!DOCTYPE svg [{laughs}]>{head}<text>&l7;</text></svg>")
    for size in ['width="1e30" height="1e30"', 'width="0" height="0"', 'width="-5" height="9"']:
        with pytest.raises(sowing.SowingError):
            sowing.svg_to_rgb(f'<svg xmlns="http://www.w3.org/2000/svg" {size}/>')


@pytest.mark.skipif(
    not shutil.which("fc-list") or not subprocess.run(["fc-list"], capture_output=True).stdout,
    reason="no font on this machine",
)
def test_svg_to_rgb_writes_the_labels_with_a_system_font():
    rules = Ruleset("kalah")
    a = sowing.svg_to_rgb(rules.picture_svg(rules.start()))
    # "North" is written in dark brown at (20, 22): some pixels there are dark.
    label = a[12:32, 20:80].astype(int).sum(axis=2)
    assert (label < 300).sum() > 20
    # The count "4" in South's hole 1, in cream on brown: some pixels at its centre are light.
    count = a[182:202, 150:166].astype(int).sum(axis=2)
    assert (count > 600).sum() > 5


# Gymnasium.


def test_gymnasium_render_modes():
    pytest.importorskip("gymnasium")
    from gymnasium.wrappers import RenderCollection

    from sowing.gymnasium import SowingEnv

    env = SowingEnv("kalah", opponent="alphabeta:depth=1", render_mode="rgb_array")
    env.reset(seed=0)
    first = env.render()
    assert first.shape == (330, 696, 3) and first.dtype == np.uint8
    env.step(0)
    assert (env.render() != first).any()
    # Gymnasium's frame collector (as its video recorder) takes the frames.
    frames = RenderCollection(SowingEnv("kalah", render_mode="rgb_array"))
    frames.reset(seed=0)
    frames.step(2)
    collected = frames.render()
    assert len(collected) == 2 and all(f.shape == (330, 696, 3) for f in collected)
    # "ansi" stays text.
    env = SowingEnv("kalah", render_mode="ansi")
    env.reset()
    assert isinstance(env.render(), str) and "South" in env.render()
    with pytest.raises(ValueError, match="render_mode"):
        SowingEnv("kalah", render_mode="video")


def test_gymnasium_human_mode_prints_outside_jupyter(capsys):
    pytest.importorskip("gymnasium")
    from sowing.gymnasium import SowingEnv

    env = SowingEnv("kalah", opponent="alphabeta:depth=1", render_mode="human")
    env.reset(seed=0)
    env.step(0)
    shown = capsys.readouterr().out
    assert shown.count("North") == 2  # at the reset and at the step
    assert env.render() is None


def test_human_mode_shows_the_svg_in_jupyter(monkeypatch):
    pytest.importorskip("gymnasium")
    import types

    from sowing import _common
    from sowing.gymnasium import SowingEnv

    shown = []
    display = types.ModuleType("IPython.display")
    display.SVG = lambda data: ("svg", data)
    display.clear_output = lambda wait=False: shown.append(("clear", wait))
    display.display = lambda obj: shown.append(obj)
    monkeypatch.setitem(sys.modules, "IPython", types.ModuleType("IPython"))
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    monkeypatch.setattr(_common, "_in_jupyter", lambda: True)
    env = SowingEnv("kalah", opponent="alphabeta:depth=1", render_mode="human")
    env.reset(seed=0)
    assert shown == [("clear", True), ("svg", env.rules.picture_svg(env.state))]


def test_gymnasium_env_checker_renders_every_mode():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from sowing.gymnasium import ENV_IDS

    for env_id in ENV_IDS.values():
        # Made through its id, the checker renders every mode of the metadata too.
        env = gymnasium.make(env_id, render_mode="rgb_array", max_plies=200)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped)


def openings(env, resets):
    out = []
    for _ in range(resets):
        env.reset()
        out.append(str(env.state))
    return out


def test_gymnasium_seeding_carries_on_after_the_first_seeded_reset():
    pytest.importorskip("gymnasium")
    from sowing.gymnasium import SowingEnv

    env = SowingEnv("toguz", opponent="random", seat=1)
    env.reset(seed=7)
    first = str(env.state)
    later = openings(env, 20)
    # The opponent's random first move differs from one episode to the next ...
    assert len(set(later)) > 3
    # ... and the sequence repeats from the same seed, in this env or another.
    env.reset(seed=7)
    assert str(env.state) == first and openings(env, 20) == later
    twin = SowingEnv("toguz", opponent="random:seed=99", seat=1)
    twin.reset(seed=7)
    assert str(twin.state) == first and openings(twin, 20) == later
    # Unseeded from the start: still one generator carried on (not one opening).
    fresh = SowingEnv("toguz", opponent="random", seat=1)
    assert len(set(openings(fresh, 20))) > 3
    # A seed in the opponent text seeds the generator when no reset does: the episodes
    # differ and the sequence repeats.
    texts = ["random:seed=5", "random: seed = 5", "mcts:seed=5,playouts=4", "mcts:playouts=4"]
    runs = [openings(SowingEnv("toguz", opponent=text, seat=1), 20) for text in texts]
    assert runs[0] == runs[1] and len(set(runs[0])) > 3
    assert len(set(runs[2])) > 1
    env = SowingEnv("toguz", opponent="mcts:seed=5,playouts=4", seat=1)
    assert openings(env, 20) == runs[2]
    assert env.opponent.name.startswith("mcts:playouts=4,") and env.opponent.name.count("seed=") == 1


def test_gymnasium_ids_are_registered_for_every_game():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from sowing.gymnasium import ENV_IDS, SowingEnv

    assert sorted(ENV_IDS) == sorted(sowing.GAMES)
    assert ENV_IDS["kalah"] == "sowing/Kalah-v0"
    for game, env_id in ENV_IDS.items():
        env = gymnasium.make(env_id)
        assert isinstance(env.unwrapped, SowingEnv) and env.unwrapped.rules == Ruleset(game)
        env.reset(seed=1)
    env = gymnasium.make(
        "sowing/Kalah-v0",
        ruleset_text="kalah:pits=4,seeds=3",
        opponent="alphabeta:depth=2",
        seat=1,
        max_plies=30,
        render_mode="rgb_array",
    )
    inner = env.unwrapped
    assert (inner.rules, inner.seat, inner.max_plies, inner.render_mode) == (
        Ruleset("kalah:pits=4,seeds=3"),
        1,
        30,
        "rgb_array",
    )
    assert inner.opponent_text == "alphabeta:depth=2"
    env.reset(seed=0)
    assert env.render().shape[2] == 3
    check_env(gymnasium.make("sowing/Oware-v0", max_plies=300).unwrapped, skip_render_check=True)
    with pytest.raises(ValueError, match="plays kalah, not toguz"):
        gymnasium.make("sowing/Kalah-v0", ruleset_text="toguz")


def test_gymnasium_make_imports_the_module_itself():
    pytest.importorskip("gymnasium")
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('sowing.gymnasium:sowing/Toguz-v0', opponent='random')\n"
        "obs, info = env.reset(seed=0)\n"
        "print(env.unwrapped.rules.game, obs.shape)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[0] == "toguz (38,)"


# max_plies: None is no limit, 0 or less is refused, everywhere.


@pytest.mark.parametrize("bad", [0, -1, -(2**70)])
def test_max_plies_below_one_is_refused_everywhere(bad):
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    pyspiel = pytest.importorskip("pyspiel")
    import gymnasium

    from sowing import pettingzoo
    from sowing.gymnasium import SowingEnv
    from sowing.openspiel import register

    register()
    for make in [
        lambda: SowingEnv("kalah", max_plies=bad),
        lambda: gymnasium.make("sowing/Kalah-v0", max_plies=bad),
        lambda: pettingzoo.env("kalah", max_plies=bad),
        lambda: pettingzoo.raw_env("kalah", max_plies=bad),
    ]:
        with pytest.raises(ValueError, match="max_plies must be at least 1, or None for no limit"):
            make()
    if bad >= -(2**31):  # OpenSpiel's parameters are C++ ints
        with pytest.raises(Exception, match=MAX_PLIES_ERROR):
            pyspiel.load_game("sowing_kalah", {"max_plies": bad})
    with pytest.raises(TypeError, match=MAX_PLIES_ERROR):
        SowingEnv("kalah", max_plies=2.5)
    with pytest.raises(TypeError, match=MAX_PLIES_ERROR):
        pettingzoo.env("kalah", max_plies="10")


def test_max_plies_one_truncates_after_a_ply_and_none_never():
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from sowing import pettingzoo
    from sowing.gymnasium import SowingEnv

    env = SowingEnv("kalah", opponent="alphabeta:depth=1", max_plies=1)
    _, info = env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert (reward, terminated, truncated) == (0.0, False, True) and "illegal_action" not in info
    # None: a whole game, ended by the rules.
    env = SowingEnv("kalah:pits=3,seeds=2", opponent="random", max_plies=None)
    _, info = env.reset(seed=0)
    while True:
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not truncated
        if terminated:
            break
    assert env.rules.is_over(env.state)
    e = pettingzoo.env("kalah", max_plies=1)
    e.reset()
    e.step(0)
    assert all(e.truncations.values()) and not any(e.terminations.values())


# PettingZoo.


def test_pettingzoo_state_is_the_global_state():
    pytest.importorskip("pettingzoo")
    from sowing import pettingzoo

    for text in ["kalah", "toguz:bestemshe", "tsoro:holes=6", "oware"]:
        e = pettingzoo.env(text)
        e.reset()
        rules = Ruleset(text)
        state = e.state()
        assert isinstance(state, np.ndarray) and state.dtype == np.float32
        assert state.shape == e.unwrapped.state_space.shape == (rules.observation_shape[0] + 2,)
        assert e.unwrapped.state_space.contains(state)
        start = rules.start()
        assert state.tolist() == rules.observation(start).tolist() + [1.0, 0.0]
        assert e.unwrapped.position == start
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        after = e.unwrapped.position
        mover = rules.to_move(after).index
        assert e.state().tolist() == rules.observation(after).tolist() + [
            float(mover == 0),
            float(mover == 1),
        ]


def test_pettingzoo_render_modes(capsys):
    pytest.importorskip("pettingzoo")
    from sowing import pettingzoo

    e = pettingzoo.env("toguz", render_mode="rgb_array")
    e.reset()
    first = e.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    e.step(0)
    assert (e.render() != first).any()
    # The observations stay numbers and the ansi picture text.
    assert e.observe("player_0")["observation"].dtype == np.float32
    e = pettingzoo.env("toguz", render_mode="ansi")
    e.reset()
    assert isinstance(e.render(), str)
    e = pettingzoo.env("kalah", render_mode="human")
    e.reset()
    e.step(2)
    assert capsys.readouterr().out.count("North") == 2
    # PettingZoo's own check of every mode of the metadata.
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: pettingzoo.env("tsoro:holes=6", render_mode=render_mode))


# OpenSpiel.


def _openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    from sowing.openspiel import register

    register()
    return pyspiel


def _played(game, plies, seed=0):
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _play_on_in_a_worker(item):
    """In a fresh (spawned) process: the game and state unpickled, one more action played."""
    game, state = item
    state.apply_action(state.legal_actions()[0])
    return str(game), state.history(), str(state), state


@pytest.mark.parametrize("game_name", sowing.GAMES)
def test_openspiel_games_and_states_pickle(game_name):
    pyspiel = _openspiel()
    switches = {
        "kalah": "pits=4,seeds=3,pie",
        "toguz": "bestemshe",
        "tsoro": "holes=6,bonus=3",
        "oware": "houses=5,seeds=3,grand-slam=capture",
    }
    variants = [{}, {"max_plies": 40}]
    if game_name in switches:
        variants.append({"rules": f"{game_name}:{switches[game_name]}", "max_plies": 300})
    for params in variants:
        game = pyspiel.load_game(f"sowing_{game_name}", params)
        state = _played(game, 7)
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            back_game = pickle.loads(pickle.dumps(game, protocol=protocol))
            assert str(back_game) == str(game)
            assert back_game.max_game_length() == game.max_game_length()
            back = pickle.loads(pickle.dumps(state, protocol=protocol))
            assert (str(back), back.history(), back.current_player()) == (
                str(state),
                state.history(),
                state.current_player(),
            )
            assert back.legal_actions() == state.legal_actions()
            assert str(back.get_game()) == str(game)
        # OpenSpiel's own serialization still reads back.
        text = pyspiel.serialize_game_and_state(game, state)
        _, again = pyspiel.deserialize_game_and_state(text)
        assert str(again) == str(state) and again.history() == state.history()
    # A state started from a position pickles with its start.
    start = str(_played(game, 3).position)
    state = game.new_initial_state(start)
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == start and back.history() == []


def test_openspiel_pickles_go_to_a_fresh_process():
    pyspiel = _openspiel()
    items = []
    for game_name in sowing.GAMES:
        game = pyspiel.load_game(f"sowing_{game_name}")
        items.append((game, _played(game, 5, seed=1)))
    spawn = multiprocessing.get_context("spawn")  # nothing registered there to begin with
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
        results = list(pool.map(_play_on_in_a_worker, items))
    for (game, state), (game_string, history, text, back) in zip(items, results):
        state.apply_action(state.legal_actions()[0])
        assert (game_string, history, text) == (str(game), state.history(), str(state))
        assert str(back) == str(state) and back.history() == state.history()
    # Unpickled where sowing.openspiel was never imported.
    blob = pickle.dumps(items[0][1])
    code = "import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); print(s.history())"
    out = subprocess.run([sys.executable, "-c", code], input=blob, capture_output=True, check=True)
    assert out.stdout.decode().strip() == str(items[0][1].history())


@pytest.mark.parametrize("game_name", sowing.GAMES)
def test_openspiel_undo_action(game_name):
    pyspiel = _openspiel()
    game = pyspiel.load_game(f"sowing_{game_name}")
    state = _played(game, 12, seed=3)
    snapshots = []
    replay = game.new_initial_state()
    for action in state.history():
        snapshots.append((str(replay), replay.current_player(), replay.legal_actions()))
        replay.apply_action(action)
    assert str(replay) == str(state)
    for i in reversed(range(len(snapshots))):
        last = state.full_history()[-1]
        assert last.action == state.history()[-1]
        state.undo_action(last.player, last.action)
        assert (str(state), state.current_player(), state.legal_actions()) == snapshots[i]
        assert len(state.history()) == state.move_number() == i
    assert state.is_initial_state() and state.history() == [] and state.history_str() == ""
    with pytest.raises(ValueError, match="no action"):
        state.undo_action(0, 0)
    # Only the last action, by its player.
    state.apply_action(state.legal_actions()[0])
    action = state.history()[0]
    with pytest.raises(ValueError, match="last action"):
        state.undo_action(1, action)
    # What OpenSpiel's observers read from Python follows the undo.
    assert state.information_state_string(0) == str(action)
    # A clone keeps its own line after an undo of the original.
    twin = state.clone()
    state.undo_action(0, action)
    assert twin.history() == [action] and state.history() == []
    assert str(pickle.loads(pickle.dumps(twin))) == str(twin)


def test_openspiel_game_classes_are_module_level():
    _openspiel()
    import sowing.openspiel as so

    for game_name in sowing.GAMES:
        cls = so.GAME_CLASSES[f"sowing_{game_name}"]
        assert getattr(so, cls.__name__) is cls and cls.__qualname__ == cls.__name__
        game = cls()  # as OpenSpiel's own Python games: made without load_game too
        assert game.rules == Ruleset(game_name)
        assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert so.KalahGame({"rules": "kalah:pits=4"}).rules == Ruleset("kalah:pits=4")
    with pytest.raises(TypeError, match="subclass"):
        so.SowingGame()


def test_openspiel_new_initial_state_from_position_text():
    pyspiel = _openspiel()
    for game_name in sowing.GAMES:
        game = pyspiel.load_game(f"sowing_{game_name}")
        rules = game.rules
        later = _played(game, 6, seed=5)
        state = game.new_initial_state(str(later.position))
        assert state.position == rules.parse_position(str(later.position))
        assert state.legal_actions() == later.legal_actions()
        assert state.current_player() == later.current_player()
        assert state.history() == [] and state.is_initial_state()
        # The clone of such a state keeps its position.
        assert str(state.clone()) == str(later)
        with pytest.raises(sowing.PositionError):
            game.new_initial_state("no position")
    game = pyspiel.load_game("sowing_kalah")
    with pytest.raises(TypeError, match="position text"):
        game.new_initial_state(42)


def test_openspiel_max_game_length_is_enforced():
    pyspiel = _openspiel()
    from sowing.openspiel import DEFAULT_MAX_PLIES

    for game_name in sowing.GAMES:
        game = pyspiel.load_game(f"sowing_{game_name}")
        assert game.max_game_length() == DEFAULT_MAX_PLIES[game_name]
        assert f"max_plies={DEFAULT_MAX_PLIES[game_name]}" in str(game)
    game = pyspiel.load_game("sowing_toguz", {"max_plies": 5})
    assert game.max_game_length() == 5
    state = _played(game, 100)
    assert len(state.history()) == 5 and state.is_terminal()
    assert state.legal_actions() == [] and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    with pytest.raises(Exception, match="max_plies"):
        state.apply_action(0)
    # Counted from the state's start: a state from position text has the whole length.
    later = game.new_initial_state(str(state.position))
    assert not later.is_terminal()
    # A default game stops at its bound too: Tsoro with small rows and a low bound.
    game = pyspiel.load_game("sowing_tsoro", {"rules": "tsoro:holes=6", "max_plies": 30})
    state = _played(game, 1000, seed=2)
    assert len(state.history()) <= 30 and state.is_terminal()


def test_openspiel_observation_string_stays_text():
    pyspiel = _openspiel()
    game = pyspiel.load_game("sowing_kalah")
    state = game.new_initial_state()
    assert state.observation_string(0) == str(state.position)
    assert len(state.observation_tensor(0)) == game.rules.observation_shape[0]


@pytest.mark.parametrize("action", [2.7, 2.0, True, np.bool_(True), float("nan"), "2", None])
def test_gymnasium_and_pettingzoo_refuse_actions_that_are_not_ints(action):
    # Item 7 in the framework wrappers: `int(action)` played 2.7 as 2 and True as 1.
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from sowing.gymnasium import SowingEnv
    from sowing.pettingzoo import raw_env

    env = SowingEnv("kalah", opponent="random:seed=1")
    env.reset(seed=3)
    before = str(env.state)
    with pytest.raises(TypeError, match="an action is an int"):
        env.step(action)
    assert str(env.state) == before
    # numpy's integers are ints.
    assert env.step(np.int64(2))[1] is not None
    game = raw_env("kalah")
    game.reset(seed=1)
    with pytest.raises(TypeError, match="an action is an int|needs an action, not None"):
        game.step(action)
    assert str(game.position) == str(Ruleset("kalah").start())


def test_the_wrappers_bad_values_are_sowing_errors():
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from sowing.gymnasium import SowingEnv
    from sowing.pettingzoo import env as pz_env

    for make in [
        lambda: SowingEnv("kalah", seat=2),
        lambda: SowingEnv("kalah", reward="x"),
        lambda: SowingEnv("kalah", max_plies=0),
        lambda: SowingEnv("kalah", render_mode="video"),
        lambda: pz_env("kalah", reward="x"),
        lambda: pz_env("kalah", max_plies=-1),
    ]:
        with pytest.raises(sowing.SowingError):
            make()

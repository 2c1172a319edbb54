"""Each game states its own bound on a game's length (Rust's `Encoding::ply_limit`, in the
game's folder); the native `PLY_LIMITS` lists it for every game of `GAMES`, and the
frameworks' registrations read it from there, with no table of game names of their own."""

import pytest

import sowing
import sowing._sowing as native


def test_every_game_of_the_list_states_a_ply_limit():
    assert [game for game, _ in native.PLY_LIMITS] == list(sowing.GAMES)
    for game, plies in native.PLY_LIMITS:
        assert isinstance(plies, int) and plies >= 1, (game, plies)


def test_openspiel_takes_its_default_max_plies_from_the_games():
    pyspiel = pytest.importorskip("pyspiel")
    from sowing.openspiel import DEFAULT_MAX_PLIES, GAMES, register

    assert DEFAULT_MAX_PLIES == dict(native.PLY_LIMITS)
    register()
    for short_name, game in GAMES.items():
        loaded = pyspiel.load_game(short_name)
        assert loaded.max_game_length() == dict(native.PLY_LIMITS)[game]


def test_gymnasium_registers_one_id_a_game_of_the_list():
    gymnasium = pytest.importorskip("gymnasium")
    from sowing.gymnasium import ENV_IDS

    assert list(ENV_IDS) == list(sowing.GAMES)
    for env_id in ENV_IDS.values():
        assert env_id in gymnasium.registry

"""The described games (the `mancala` family) through the Python package: a ruleset from a
description or a catalogue name in one line, and every framework on every catalogue game."""

import numpy as np
import pytest

import sowing


def test_a_description_is_one_line_and_plays_as_the_hand_written_kalah():
    family = sowing.Ruleset("mancala")
    kalah = sowing.Ruleset("kalah")
    assert str(family.start()) == str(kalah.start())
    assert family.perft(family.start(), 5) == kalah.perft(kalah.start(), 5)
    relay = sowing.Ruleset("mancala:holes=7,seeds=7,laps=relay")
    assert relay.game == "mancala"
    assert len(relay.legal_moves(relay.start())) == 7
    with pytest.raises(sowing.RulesetError):
        sowing.Ruleset("mancala:holes=16")
    with pytest.raises(sowing.RulesetError):
        sowing.Ruleset("mancala:chain")


def test_the_catalogue_is_listed_and_each_name_is_a_ruleset():
    assert len(sowing.CATALOGUE) >= 1
    for name in sowing.CATALOGUE:
        rules = sowing.Ruleset(name)
        assert rules.game == "mancala"
        assert str(rules) == name
        assert rules.legal_moves(rules.start())


@pytest.mark.parametrize("name", sowing.CATALOGUE)
def test_every_catalogue_game_runs_in_a_vector_env(name):
    env = sowing.VectorEnv(name, 8, seed=3, max_plies=300)
    obs, to_move, mask = env.reset()
    assert obs.shape == (8, *env.observation_shape)
    rules = sowing.Ruleset(name)
    assert env.num_actions >= len(rules.legal_moves(rules.start()))
    for _ in range(200):
        obs, rewards, terminated, truncated, to_move, mask = env.step(env.random_actions())
        assert mask.any(axis=1).all()


@pytest.mark.parametrize("name", sowing.CATALOGUE)
def test_every_catalogue_game_has_a_gymnasium_id_and_a_pettingzoo_env(name):
    gymnasium = pytest.importorskip("gymnasium")
    from sowing.gymnasium import CATALOGUE_ENV_IDS

    env = gymnasium.make(CATALOGUE_ENV_IDS[name])
    obs, info = env.reset(seed=1)
    assert obs is not None
    pettingzoo = pytest.importorskip("sowing.pettingzoo")
    aec = pettingzoo.env(name)
    aec.reset(seed=1)
    assert aec.agents


@pytest.mark.parametrize("name", sowing.CATALOGUE)
def test_every_catalogue_game_loads_in_openspiel(name):
    pyspiel = pytest.importorskip("pyspiel")
    from sowing.openspiel import register

    register()
    game = pyspiel.load_game("sowing_mancala", {"rules": name})
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < 40:
        state.apply_action(state.legal_actions()[0])

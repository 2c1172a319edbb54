"""The learning environments: the encodings on Ruleset, VectorEnv against the single-state
API, PettingZoo's api_test and OpenSpiel's random_sim_test and MCTS bot on every game."""

import warnings

import numpy as np
import pytest

import sowing
from sowing import IllegalMoveError, MoveError, Player, Ruleset, VectorEnv
from sowing._common import Repetitions

RULESETS = [
    "kalah",
    "kalah:pits=4,seeds=3,pie",
    "kalah:empty-capture,end-at-turn,leftovers-to-nobody",
    "toguz",
    "toguz:bestemshe",
    "toguz:holes=3,balls=2,no-tuzdik,no-origin-sowing",
    "tsoro",
    "tsoro:holes=8,heads=none,bonus=0",
    "tsoro:holes=6,heads=both-ends,bonus=3,reenter,max-plies=200",
    "tsoro:tracey,max-plies=300",
    "oware:max-plies=300",
    "oware:houses=4,seeds=3,grand-slam=capture,max-plies=200",
]


def test_the_encodings_of_the_starts():
    kalah = Ruleset("kalah")
    s = kalah.start()
    assert (kalah.num_actions, kalah.observation_shape) == (7, (16,))
    assert kalah.action_mask(s).tolist() == [True] * 6 + [False]
    assert kalah.observation(s).dtype == np.float32
    assert kalah.observation(s).tolist() == [4.0] * 12 + [0.0] * 4
    assert str(kalah.action_to_move(s, 6)) == "swap"
    assert kalah.move_to_action(s, "3") == 2
    toguz = Ruleset("toguz")
    assert (toguz.num_actions, toguz.observation_shape) == (9, (38,))
    tsoro = Ruleset("tsoro")
    assert (tsoro.num_actions, tsoro.observation_shape) == (87, (93,))
    s = tsoro.start()
    assert [str(tsoro.action_to_move(s, a)) for a in (0, 20, 21, 41, 42, 43, 44, 86)] == [
        "o1",
        "o21",
        "i1",
        "i21",
        "relay",
        "stop",
        "take o1",
        "done",
    ]
    assert tsoro.legal_actions(s) == list(range(21))  # every outer hole holds 2


@pytest.mark.parametrize("text", RULESETS)
def test_masks_are_the_legal_moves_along_random_games(text):
    rules = Ruleset(text)
    for seed in range(3):
        s = rules.start()
        for ply in range(150):
            moves = rules.legal_moves(s)
            mask = rules.action_mask(s)
            assert mask.shape == (rules.num_actions,)
            assert sorted(rules.move_to_action(s, m) for m in moves) == np.flatnonzero(mask).tolist()
            for a in np.flatnonzero(mask):
                assert rules.move_to_action(s, rules.action_to_move(s, int(a))) == a
            assert rules.observation(s).shape == rules.observation_shape
            assert rules.observation(rules.parse_position(str(s))).tolist() == rules.observation(s).tolist()
            if not moves:
                assert rules.is_over(s)
                break
            mv = rules.random_move(s, seed * 1000 + ply)
            s = rules.play_action(s, rules.move_to_action(s, mv))


def test_bad_actions_raise():
    rules = Ruleset("kalah")
    s = rules.start()
    with pytest.raises(MoveError):
        rules.action_to_move(s, 7)
    with pytest.raises(MoveError):
        rules.action_to_move(s, -1)
    with pytest.raises(IllegalMoveError):
        rules.play_action(s, 6)  # swap, without the pie rule
    with pytest.raises(MoveError):
        rules.play_action(s, 99)
    with pytest.raises(sowing.PositionError):
        rules.observation(Ruleset("toguz").start())


def rewards_of(rules, state, reward, outcome=None):
    outcome = outcome or rules.outcome(state)
    if outcome is None:
        return [0.0, 0.0]
    if reward == "margin" and outcome.score is not None:
        south, north = outcome.score
        return [float(south - north), float(north - south)]
    return [float(outcome.value_for(Player.South)), float(outcome.value_for(Player.North))]


@pytest.mark.parametrize("text", RULESETS)
@pytest.mark.parametrize("reward", ["win-loss", "margin"])
def test_vector_env_equals_single_games(text, reward):
    n, limit = 6, 90
    env = VectorEnv(text, n, seed=5, reward=reward, max_plies=limit)
    rules = env.rules
    obs, to_move, masks = env.reset()
    assert obs.shape == (n, *rules.observation_shape) and masks.shape == (n, rules.num_actions)
    single = [rules.start()] * n
    plies = [0] * n
    # Oware's repetition rule: a repeated position ends the game (the batch keeps the history).
    seen = [Repetitions(rules) for _ in range(n)]
    for r in seen:
        r.start(rules.start())
    ended = 0
    for step in range(250):
        for i, s in enumerate(single):
            assert obs[i].tolist() == rules.observation(s).tolist(), (step, i)
            assert masks[i].tolist() == rules.action_mask(s).tolist(), (step, i)
            assert to_move[i] == rules.to_move(s).index
        assert [str(s) for s in env.states()] == [str(s) for s in single]
        actions = env.random_actions()
        obs, rewards, terminated, truncated, to_move, masks = env.step(actions)
        for i in range(n):
            s = rules.play_action(single[i], int(actions[i]))
            plies[i] += 1
            seen[i].reach(s)
            repeated = seen[i].outcome
            over = rules.is_over(s) or repeated is not None
            assert terminated[i] == over
            assert truncated[i] == (not over and plies[i] >= limit)
            assert rewards[i].tolist() == (
                rewards_of(rules, s, reward, repeated) if over else [0.0, 0.0]
            )
            if terminated[i] or truncated[i]:
                assert env.final_observations[i].tolist() == rules.observation(s).tolist()
                s, plies[i] = rules.start(), 0
                seen[i].start(s)
                ended += 1
            single[i] = s
    assert ended >= n


def test_a_bad_action_changes_no_game():
    env = VectorEnv("toguz", 4, seed=1)
    out = env.step(env.random_actions())
    while out[5][3].all():  # until game 3 has an illegal hole
        out = env.step(env.random_actions())
    states = [str(s) for s in env.states()]
    arrays = [a.copy() for a in out]
    actions = env.random_actions()
    legal = np.flatnonzero(out[5][3])
    bad = actions.copy()
    bad[3] = next(a for a in range(9) if a not in legal)
    with pytest.raises(IllegalMoveError, match="game 3"):
        env.step(bad)
    for wrong in (9, -1):
        bad[3] = wrong
        with pytest.raises(MoveError, match="out of range"):
            env.step(bad)
    with pytest.raises(ValueError):
        env.step(actions[:3])
    with pytest.raises(TypeError):
        env.step(["a", "b", "c", "d"])
    assert [str(s) for s in env.states()] == states
    for before, now in zip(arrays, out):
        assert np.array_equal(before, now)  # nothing written either
    # Lists and other integer types are read too.
    env.step([int(a) for a in actions])
    assert [str(s) for s in env.states()] != states
    env.step(env.random_actions().astype(np.int32))


def test_reset_and_arrays_in_place():
    env = VectorEnv("kalah", 3)
    obs, to_move, masks = env.reset(seed=2)
    out = env.step([2, 0, 5])
    assert out[0] is obs and out[4] is to_move and out[5] is masks  # written in place
    assert to_move.tolist() == [0, 1, 1]  # pit 3 gives game 0 an extra turn
    env.reset()
    assert to_move.tolist() == [0, 0, 0]
    assert len(env) == 3 and env.num_actions == 7 and env.observation_shape == (16,)
    with pytest.raises(ValueError):
        VectorEnv("kalah", 2, reward="points")
    with pytest.raises(sowing.RulesetError):
        VectorEnv("kalah:pits=9", 2)


# PettingZoo.


@pytest.mark.parametrize(
    "text",
    [
        "kalah",
        "kalah:pits=4,seeds=3,pie",
        "toguz",
        "toguz:bestemshe",
        "tsoro:holes=8,heads=none,bonus=0",
        "tsoro:holes=6,bonus=3,reenter,max-plies=200",
        "oware:max-plies=300",
    ],
)
def test_pettingzoo_api_test(text):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from sowing.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations, as in PettingZoo's classic games
        api_test(env(text, render_mode="ansi"), num_cycles=100)


def test_pettingzoo_plays_a_whole_game():
    pytest.importorskip("pettingzoo")
    from sowing.pettingzoo import env

    e = env("kalah:pits=4,seeds=3", render_mode="ansi", reward="margin")
    e.reset(seed=0)
    rules = Ruleset("kalah:pits=4,seeds=3")
    state = rules.start()
    totals = {"player_0": 0.0, "player_1": 0.0}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert agent == ("player_0", "player_1")[rules.to_move(state).index]
        assert obs["observation"].tolist() == rules.observation(state).tolist()
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        state = rules.play_action(state, action)
        e.step(action)
    south, north = rules.outcome(state).score
    assert totals == {"player_0": south - north, "player_1": north - south}
    assert "South" in e.render()


# OpenSpiel.

OPENSPIEL = [
    ("sowing_kalah", {}),
    ("sowing_kalah", {"rules": "kalah:pits=4,seeds=3,pie"}),
    ("sowing_toguz", {}),
    ("sowing_toguz", {"rules": "toguz:bestemshe"}),
    ("sowing_tsoro", {"rules": "tsoro:holes=8,heads=none,bonus=0"}),
    ("sowing_tsoro", {"rules": "tsoro:holes=6", "max_plies": 150}),
    ("sowing_oware", {"max_plies": 300}),
]


@pytest.mark.parametrize("name,params", OPENSPIEL)
def test_openspiel_random_sim_test(name, params):
    pyspiel = pytest.importorskip("pyspiel")
    from sowing.openspiel import register

    register()
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    # The game string reads back (switches joined by `;`, values after `:`).
    assert str(pyspiel.load_game(str(game))) == str(game)


def test_openspiel_clone_shares_the_immutable_values():
    pyspiel = pytest.importorskip("pyspiel")
    from sowing.openspiel import register

    register()
    game = pyspiel.load_game("sowing_toguz")
    state = game.new_initial_state()
    state.apply_action(3)
    twin = state.clone()
    assert twin.position is state.position and twin.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.position != state.position and len(state.history()) == 1


def test_openspiel_refuses_another_game():
    pyspiel = pytest.importorskip("pyspiel")
    from sowing.openspiel import register

    register()
    with pytest.raises(Exception, match="plays kalah"):
        pyspiel.load_game("sowing_kalah", {"rules": "toguz"})


@pytest.mark.parametrize(
    "name,rules",
    [
        ("sowing_kalah", "kalah:pits=4,seeds=3"),
        ("sowing_toguz", "toguz:bestemshe"),
        ("sowing_tsoro", "tsoro:holes=6,max-plies=300"),  # short rollouts
        ("sowing_oware", "oware:max-plies=300"),
    ],
)
def test_openspiel_mcts_beats_a_random_bot(name, rules):
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    from sowing.openspiel import register

    register()
    game = pyspiel.load_game(name, {"rules": rules})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2, 40, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    random_bot = pyspiel.make_uniform_random_bot(1, 7)
    score = 0.0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            bot_to_move = state.current_player() == 0
            state.apply_action((bot if bot_to_move else random_bot).step(state))
        score += state.returns()[0]
    assert score == 2.0  # MCTS, South, wins both games


# Gymnasium.


@pytest.mark.parametrize(
    "text,opponent,seat",
    [
        ("kalah", "alphabeta:depth=2", 0),
        ("toguz:bestemshe", "random", 1),
        ("tsoro:holes=6,max-plies=200", "random:seed=3", 0),
        ("oware:max-plies=300", "random:seed=4", 1),
    ],
)
def test_gymnasium_single_agent(text, opponent, seat):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from sowing.gymnasium import SowingEnv

    env = SowingEnv(text, opponent=opponent, seat=seat)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=4)
    rules = env.rules
    # The opponent has moved until the learner's turn: the learner is to move.
    assert rules.to_move(env.state).index == seat
    assert obs.tolist() == rules.observation(env.state).tolist()
    total = 0.0
    while True:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated or truncated:
            break
        assert rules.to_move(env.state).index == seat
    outcome = rules.outcome(env.state)
    assert total == (outcome.value_for((Player.South, Player.North)[seat]) if outcome else 0.0)
    # An illegal action ends the episode with -1 and changes nothing (played from the first
    # position of the episode that has one: in Oware every house is full at the start).
    _, info = env.reset(seed=4)
    while len(rules.legal_actions(env.state)) == rules.num_actions:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        assert not (terminated or truncated)
    before = env.state
    illegal = next(a for a in range(rules.num_actions) if a not in rules.legal_actions(before))
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"], env.state) == (-1.0, True, True, before)


def test_readme_learning_environments_example():
    import re

    from conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n### Learning environments\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```py\n(.*?)```", section, re.S)
    exec(compile(block, "README.md", "exec"), {})

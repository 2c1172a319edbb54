"""VectorEnv at the edges: sizes it cannot hold, threads, non-integer actions, max_plies,
pickling, Gymnasium spaces and info, resets of chosen games and from positions, an opponent
inside step, num_threads."""

import copy
import pickle
import subprocess
import sys
import threading

import numpy as np
import pytest

import sowing
from sowing import Agent, PositionError, SowingError, VectorEnv


# Item 1: sizes that cannot be allocated are refused before anything is allocated.


@pytest.mark.parametrize("n", [2**31, 10**12, 4_194_305])
def test_too_many_games_raise_and_say_the_limit(n):
    # In a child process: before the fix the allocation aborted the interpreter.
    code = (
        "import sowing\n"
        "try:\n"
        f"    sowing.VectorEnv('kalah', {n})\n"
        "except ValueError as e:\n"
        "    print('ValueError:', e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "ValueError:" in out.stdout and "4194304" in out.stdout, out.stdout


def test_the_limit_and_small_sizes():
    assert VectorEnv.MAX_GAMES == 4_194_304
    with pytest.raises(ValueError, match="0 or more"):
        VectorEnv("kalah", -1)
    with pytest.raises(TypeError):
        VectorEnv("kalah", 2.5)
    assert len(VectorEnv("kalah", 0)) == 0


# Item 5: two threads on one VectorEnv.


def test_two_threads_on_one_env_raise_sowing_error_not_runtime_error():
    env = VectorEnv("toguz", 4096, num_threads=1)
    errors, steps = [], [0, 0]
    barrier = threading.Barrier(2)

    def run(i):
        barrier.wait()
        for _ in range(300):
            try:
                env.step(env.random_actions())
                steps[i] += 1
            except SowingError as e:
                errors.append(e)
            except Exception as e:  # RuntimeError: Already borrowed, before
                errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors, "the two threads never overlapped"
    assert all(type(e) is SowingError for e in errors), {type(e) for e in errors}
    assert "another thread" in str(errors[0])
    # The env is still usable afterwards, its games consistent.
    env.step(env.random_actions())
    assert steps[0] + steps[1] > 0


def test_one_env_per_thread_is_fine():
    envs = [VectorEnv("kalah", 256, seed=i) for i in range(2)]

    def run(env):
        for _ in range(200):
            env.step(env.random_actions())

    threads = [threading.Thread(target=run, args=(e,)) for e in envs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(len(e.states()) == 256 for e in envs)


# Item 7: non-integer actions.


@pytest.mark.parametrize(
    "bad",
    [
        [1.9, 2.7],
        [float("nan"), 1],
        np.array([1.0, 2.0]),
        np.array([1, 2], dtype=np.float32),
        np.array([True, False]),
        [True, False],
        ["1", "2"],
    ],
)
def test_non_integer_actions_raise_type_error(bad):
    env = VectorEnv("kalah", 2, seed=3)
    before = [str(s) for s in env.states()]
    with pytest.raises(TypeError, match="integers"):
        env.step(bad)
    assert [str(s) for s in env.states()] == before


@pytest.mark.parametrize("actions, game", [([2**70, 1], 0), ([1, -(2**70)], 1), ([2**64, 2**64], 0)])
def test_ints_past_int64_are_out_of_range_not_type_errors(actions, game):
    # They were "TypeError: actions must be integers ... not object values".
    env = VectorEnv("kalah", 2, seed=3)
    before = [str(s) for s in env.states()]
    with pytest.raises(sowing.MoveError, match=rf"out of range \(game {game}\): actions are 0 to \d+"):
        env.step(actions)
    assert [str(s) for s in env.states()] == before
    # Beside a value that is not an int, it is still the TypeError.
    with pytest.raises(TypeError, match="integers"):
        env.step([2**70, 1.5])


@pytest.mark.parametrize(
    "dtype",
    [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64],
)
def test_every_integer_dtype_is_read(dtype):
    a, b = VectorEnv("kalah", 3, seed=3), VectorEnv("kalah", 3, seed=3)
    actions = np.array([2, 0, 5], dtype=dtype)
    a.step(actions)
    b.step([2, 0, 5])
    assert [str(s) for s in a.states()] == [str(s) for s in b.states()]
    # Non-contiguous and non-native byte order too.
    c = VectorEnv("kalah", 3, seed=3)
    c.step(np.array([2, 9, 0, 9, 5, 9], dtype=dtype)[::2])
    assert [str(s) for s in c.states()] == [str(s) for s in b.states()]
    d = VectorEnv("kalah", 3, seed=3)
    d.step(np.array([2, 0, 5], dtype=dtype).astype(np.dtype(dtype).newbyteorder()))
    assert [str(s) for s in d.states()] == [str(s) for s in b.states()]


def test_actions_of_another_shape_are_refused():
    env = VectorEnv("kalah", 2)
    with pytest.raises(ValueError, match="one-dimensional"):
        env.step(np.array([[1, 2]]))
    with pytest.raises(ValueError):
        env.step([1, 2, 3])


# Item 14: max_plies means one thing: None no limit, 0 or less refused.


@pytest.mark.parametrize("bad", [0, -1, -(2**70)])
def test_max_plies_below_one_is_refused(bad):
    with pytest.raises(ValueError, match="max_plies must be at least 1, or None for no limit"):
        VectorEnv("kalah", 2, max_plies=bad)


def test_max_plies_past_the_count_is_refused():
    with pytest.raises(ValueError, match="at most 4294967294"):
        VectorEnv("kalah", 2, max_plies=2**32)
    with pytest.raises(TypeError):
        VectorEnv("kalah", 2, max_plies=1.5)


def test_max_plies_none_and_one():
    env = VectorEnv("kalah", 2, max_plies=None)
    assert env.max_plies is None
    out = env.step([2, 2])
    assert not out[3].any()
    env = VectorEnv("kalah", 2, max_plies=1)
    assert env.max_plies == 1
    out = env.step([0, 1])
    assert out[3].all()  # cut after one ply, not at once


# Item 17: copy.deepcopy and pickle.


def play(env, steps):
    for _ in range(steps):
        env.step(env.random_actions())


@pytest.mark.parametrize("how", ["deepcopy", "pickle", "copy"])
def test_copies_and_pickles_go_on_alike(how):
    env = VectorEnv("toguz", 16, seed=9, reward="margin", max_plies=40)
    play(env, 57)
    if how == "deepcopy":
        twin = copy.deepcopy(env)
    elif how == "copy":
        twin = copy.copy(env)
    else:
        twin = pickle.loads(pickle.dumps(env))
    assert twin is not env
    assert [str(s) for s in twin.states()] == [str(s) for s in env.states()]
    assert twin.plies().tolist() == env.plies().tolist()
    assert (twin.rules, twin.num_envs, twin.max_plies) == (env.rules, 16, 40)
    assert np.array_equal(twin.final_observations, env.final_observations)
    for _ in range(60):
        a, b = env.random_actions(), twin.random_actions()
        assert a.tolist() == b.tolist()  # the random source goes on alike
        out_a, out_b = env.step(a), twin.step(b)
        for x, y in zip(out_a, out_b):
            assert np.array_equal(x, y)
        assert out_a[0] is not out_b[0]  # arrays of its own
    assert [str(s) for s in twin.states()] == [str(s) for s in env.states()]


def test_pickle_keeps_the_opponent_and_threads():
    env = VectorEnv("kalah:pits=4,seeds=3", 8, opponent="alphabeta:depth=2", seat=1, num_threads=2)
    twin = pickle.loads(pickle.dumps(env))
    assert (twin.opponent, twin.seat, twin.num_threads) == (env.opponent, 1, 2)
    assert [str(s) for s in twin.states()] == [str(s) for s in env.states()]


# Item 22: Gymnasium spaces, info, reset of chosen games, positions, an opponent.


def test_gymnasium_spaces():
    spaces = pytest.importorskip("gymnasium.spaces")
    env = VectorEnv("kalah", 5)
    assert env.single_action_space == spaces.Discrete(7)
    assert env.action_space == spaces.MultiDiscrete([7] * 5)
    obs_space = env.single_observation_space
    assert isinstance(obs_space, spaces.Box) and obs_space.shape == (16,)
    assert obs_space.dtype == np.float32
    assert env.observation_space.shape == (5, 16)
    obs, _, _ = env.reset()
    assert env.observation_space.contains(obs)
    assert env.action_space.contains(env.random_actions())


def test_info_has_episode_returns_and_lengths():
    env = VectorEnv("kalah:pits=3,seeds=2", 32, seed=1, max_plies=30)
    out = env.step(env.random_actions())
    assert len(out) == 6  # unchanged without info
    seen = 0
    for _ in range(200):
        before = env.plies().astype(int)
        out = env.step(env.random_actions(), info=True)
        obs, rewards, terminated, truncated, to_move, masks, info = out
        ended = terminated | truncated
        assert info["_episode"].tolist() == ended.tolist()
        assert info["_final_observation"].tolist() == ended.tolist()
        assert info["final_observation"] is env.final_observations
        assert info["episode"]["r"] is rewards
        assert info["episode"]["l"].tolist() == np.where(ended, before + 1, 0).tolist()
        seen += int(ended.sum())
    assert seen > 32
    assert set(info) == {"episode", "_episode", "final_observation", "_final_observation"}


def test_reset_of_chosen_games_leaves_the_others():
    env = VectorEnv("kalah", 4, seed=2)
    play(env, 5)
    before = [str(s) for s in env.states()]
    plies = env.plies().tolist()
    obs, to_move, masks = env.reset(indices=[1, 3])
    start = str(env.rules.start())
    now = [str(s) for s in env.states()]
    assert now == [before[0], start, before[2], start]
    assert env.plies().tolist() == [plies[0], 0, plies[2], 0]
    assert obs[1].tolist() == env.rules.observation(env.rules.start()).tolist()
    with pytest.raises(IndexError):
        env.reset(indices=[4])
    assert [str(s) for s in env.states()] == now


def test_games_start_from_given_positions():
    env = VectorEnv("kalah", 3, seed=2)
    rules = env.rules
    s = rules.play(rules.start(), "3")
    s = rules.play(s, "1")
    text = str(s)
    obs, to_move, masks = env.reset(states=[s, text, rules.start()])
    assert [str(x) for x in env.states()] == [text, text, str(rules.start())]
    assert obs[0].tolist() == rules.observation(s).tolist()
    assert masks[1].tolist() == rules.action_mask(s).tolist()
    assert to_move[0] == rules.to_move(s).index
    env.reset(indices=[2], states=text)
    assert str(env.states()[2]) == text
    # Refused before anything changes: another game's state, a finished game, bad text.
    before = [str(x) for x in env.states()]
    with pytest.raises(PositionError):
        env.reset(states=[sowing.Ruleset("toguz").start()] * 3)
    with pytest.raises(PositionError):
        env.reset(states="not a position")
    with pytest.raises(ValueError):
        env.reset(indices=[0, 1], states=[s])
    assert [str(x) for x in env.states()] == before


def test_a_finished_position_is_refused():
    rules = sowing.Ruleset("kalah:pits=1,seeds=1")
    s = rules.start()
    while not rules.is_over(s):
        s = rules.play_action(s, rules.legal_actions(s)[0])
    env = VectorEnv(str(rules), 2)
    with pytest.raises(PositionError, match="over"):
        env.reset(states=[s, rules.start()])


@pytest.mark.parametrize("seat", [0, 1])
def test_an_opponent_plays_the_other_seat_inside_step(seat):
    text = "kalah:pits=4,seeds=3"
    env = VectorEnv(text, 6, seed=4, opponent="alphabeta:depth=2", seat=seat)
    rules = env.rules
    agent = Agent("alphabeta:depth=2")
    obs, to_move, masks = env.reset()
    assert (to_move == seat).all()
    # The same games replayed in Python with the same agent.
    single = [rules.start()] * 6

    def replies(s):
        while not rules.is_over(s) and rules.to_move(s).index != seat:
            s = rules.play(s, agent.choose(rules, s))
        return s

    single = [replies(s) for s in single]
    assert [str(s) for s in env.states()] == [str(s) for s in single]
    ended = 0
    for _ in range(60):
        actions = env.random_actions()
        obs, rewards, terminated, truncated, to_move, masks = env.step(actions)
        assert (to_move == seat).all()
        for i in range(6):
            s = replies(rules.play_action(single[i], int(actions[i])))
            assert terminated[i] == rules.is_over(s)
            if terminated[i]:
                o = rules.outcome(s)
                assert rewards[i].tolist() == [o.value_for(sowing.Player.South), o.value_for(sowing.Player.North)]
                s = replies(rules.start())
                ended += 1
            single[i] = s
        assert [str(s) for s in env.states()] == [str(s) for s in single]
    assert ended > 0


def test_opponent_and_seat_errors():
    with pytest.raises(sowing.AgentError):
        VectorEnv("kalah", 2, opponent="nobody")
    with pytest.raises(ValueError, match="seat"):
        VectorEnv("kalah", 2, opponent="random", seat=2)
    env = VectorEnv("kalah", 2, opponent="random:seed=3", seat=1)
    assert env.opponent == "random:seed=3" and env.seat == 1


# Item 25: num_threads.


@pytest.mark.parametrize("text", ["kalah", "toguz", "oware"])
def test_threads_give_the_same_games(text):
    envs = [VectorEnv(text, 3000, seed=7, max_plies=50, num_threads=t) for t in (1, 2, 3)]
    for _ in range(40):
        actions = envs[0].random_actions()
        outs = [e.step(actions, info=True) for e in envs]
        for out in outs[1:]:
            for x, y in zip(outs[0][:6], out[:6]):
                assert np.array_equal(x, y)
            assert np.array_equal(outs[0][6]["episode"]["l"], out[6]["episode"]["l"])
    assert [str(s) for s in envs[2].states()] == [str(s) for s in envs[0].states()]


def test_num_threads_bounds():
    for bad in (0, -1, 257):
        with pytest.raises(ValueError, match="num_threads"):
            VectorEnv("kalah", 2, num_threads=bad)
    assert VectorEnv("kalah", 2, num_threads=4).num_threads == 4


@pytest.mark.parametrize("game", sowing.GAMES)
def test_every_game_pickles(game):
    env = VectorEnv(game, 64, seed=3)
    play(env, 37)
    twin = pickle.loads(pickle.dumps(env))
    assert [str(s) for s in twin.states()] == [str(s) for s in env.states()]
    for _ in range(50):
        a, b = env.random_actions(), twin.random_actions()
        assert a.tolist() == b.tolist()
        env.step(a)
        twin.step(b)
    assert [str(s) for s in twin.states()] == [str(s) for s in env.states()]


@pytest.mark.parametrize("seed", [-1, 2**64, 2**200])
def test_a_seed_out_of_range_is_a_sowing_error(seed):
    # Was OverflowError ("can't convert negative int to unsigned", "int too big to convert").
    with pytest.raises(SowingError, match=r"seed must be 0 to 2\*\*64 - 1"):
        VectorEnv("kalah", 2, seed=seed)
    env = VectorEnv("kalah", 2, seed=5)
    before = env.random_actions(), env.plies()
    env = VectorEnv("kalah", 2, seed=5)
    with pytest.raises(SowingError, match="seed must be"):
        env.reset(seed=seed)
    # The refused reset changed nothing: the random source goes on from seed 5.
    after = env.random_actions(), env.plies()
    assert (before[0] == after[0]).all() and (before[1] == after[1]).all()


def test_a_seed_of_another_type_is_a_type_error_and_the_largest_is_taken():
    with pytest.raises(TypeError, match="seed must be an int, not float"):
        VectorEnv("kalah", 2, seed=1.5)
    with pytest.raises(TypeError, match="seed must be an int, not str"):
        VectorEnv("kalah", 2).reset(seed="1")
    env = VectorEnv("kalah", 3, seed=2**64 - 1)
    env.reset(seed=np.uint64(2**64 - 1))
    env.reset(seed=None)
    assert env.random_actions().shape == (3,)

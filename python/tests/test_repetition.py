"""Oware's repetition rule where Python keeps a history: a game ends when a position
repeats (same board, same player to move), each side taking the seeds on its side."""

import pytest

import sowing
from sowing import GameRecord, Player, Ruleset

#: Three seeds go round the board: twelve plies from CYCLE the position repeats.
CYCLE = "1,0,1,0,0,0/0,0,0,0,0,1 22 23 S"
MOVES = "F f A d B a C e D b E c".split()


def test_the_ruleset_says_the_rule():
    oware, kalah = Ruleset("oware"), Ruleset("kalah")
    s = oware.parse_position(CYCLE)
    assert oware.repetition_position(s) == s
    outcome = oware.repetition_outcome(s)
    assert outcome.winner == Player.North and outcome.score == (23, 25)
    assert kalah.repetition_position(kalah.start()) is None
    assert kalah.repetition_outcome(kalah.start()) is None
    # Under a ply limit the ply does not count.
    limited = Ruleset("oware:max-plies=50")
    after = limited.play(limited.start(), limited.legal_moves(limited.start())[0])
    assert "ply=1" in str(after) and "ply=" not in str(limited.repetition_position(after))


def test_a_record_ends_at_the_repetition():
    rules = Ruleset("oware")
    game = GameRecord(rules, rules.parse_position(CYCLE))
    for text in MOVES:
        assert not game.is_over()
        game.play(text)
    assert game.is_over() and game.outcome().score == (23, 25)


def test_openspiel_ends_a_game_at_the_repetition():
    pyspiel = pytest.importorskip("pyspiel")
    from sowing.openspiel import register

    register()

    game = pyspiel.load_game("sowing_oware")
    state = game.new_initial_state(CYCLE)
    rules = Ruleset("oware")
    s = rules.parse_position(CYCLE)
    for text in MOVES:
        assert not state.is_terminal()
        mv = rules.parse_move(s, text)
        action = rules.move_to_action(s, mv)
        state.apply_action(action)
        s = rules.play(s, mv)
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]
    with pytest.raises(ValueError):
        state.apply_action(0)


@pytest.mark.parametrize("text", ["oware:houses=2,seeds=1", "oware:houses=3,seeds=2"])
def test_random_games_of_the_environments_end(text):
    """Small boards cycle: without the rule, a game of random moves could go on for ever
    (no ply limit here); with it every game ends, terminated."""
    pettingzoo = pytest.importorskip("sowing.pettingzoo")
    gym = pytest.importorskip("sowing.gymnasium")
    env = pettingzoo.env(text, max_plies=None)
    env.reset(seed=3)
    repeated = 0
    for game in range(30):
        env.reset()
        for ply in range(5000):
            agent = env.agent_selection
            if env.terminations[agent]:
                break
            assert not env.truncations[agent]
            mask = env.observe(agent)["action_mask"]
            env.step(int(mask.nonzero()[0][(game + ply) % int(mask.sum())]))
        else:
            pytest.fail(f"{text}: game {game} did not end")
        repeated += env.unwrapped._repetitions.outcome is not None
    assert repeated > 0
    genv = gym.SowingEnv(text, opponent="random", max_plies=None)
    for seed in range(20):
        genv.reset(seed=seed)
        for ply in range(5000):
            mask = genv._info()["action_mask"]
            _, _, terminated, truncated, _ = genv.step(int(mask.nonzero()[0][ply % int(mask.sum())]))
            assert not truncated
            if terminated:
                break
        else:
            pytest.fail(f"{text}: gymnasium game {seed} did not end")

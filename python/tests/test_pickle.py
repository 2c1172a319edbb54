"""Every value a worker process may be sent (multiprocessing, vectorised environments) pickles
and copies: rulesets, states, moves, players, outcomes and agents come back equal, with the
same hash and the same answers from the rules."""

import copy
import pickle

import pytest

import sowing
from test_games import GAMES

PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)


def round_trips(value):
    out = [pickle.loads(pickle.dumps(value, protocol=p)) for p in PROTOCOLS]
    return out + [copy.copy(value), copy.deepcopy(value)]


@pytest.mark.parametrize("game", GAMES, ids=[g["ruleset"] for g in GAMES])
def test_every_position_and_move_of_the_random_games(game):
    rules = sowing.Ruleset(game["ruleset"])
    for back in round_trips(rules):
        assert back == rules and hash(back) == hash(rules) and str(back) == str(rules)
    state = rules.start()
    for ply, (_, text, _, _) in enumerate(game["plies"]):
        moves = rules.legal_moves(state)
        for back in round_trips(state):
            assert back == state and hash(back) == hash(state), (ply, str(state))
            assert str(back) == str(state) and back.rules == rules
            assert rules.legal_moves(back) == moves
        for mv in moves:
            back = pickle.loads(pickle.dumps(mv))
            assert back == mv and hash(back) == hash(mv) and back.game == mv.game
        state = rules.play(state, text)
    outcome = rules.outcome(state)
    if outcome is not None:
        for back in round_trips(outcome):
            assert back == outcome and repr(back) == repr(outcome)
            assert back.winner == outcome.winner and back.score == outcome.score


def test_players_agents_and_a_draw():
    for p in (sowing.Player.South, sowing.Player.North):
        assert all(back == p and back.index == p.index for back in round_trips(p))
    agent = sowing.Agent("alphabeta:depth=3")
    for back in round_trips(agent):
        assert back.name == agent.name
        rules = sowing.Ruleset("kalah")
        assert back.choose(rules, rules.start()) == agent.choose(rules, rules.start())
    # A drawn Kalah game: 24 seeds each.
    rules = sowing.Ruleset("kalah")
    draw = rules.outcome(rules.parse_position("0,0,0,0,0,0/0,0,0,0,0,0 24 24 S"))
    assert draw.is_draw and pickle.loads(pickle.dumps(draw)) == draw


def test_copies_of_immutable_values_are_the_values_themselves():
    rules = sowing.Ruleset("tsoro:holes=6")
    state = rules.start()
    mv = rules.legal_moves(state)[0]
    outcome = sowing.Ruleset("kalah").outcome(
        sowing.Ruleset("kalah").parse_position("0,0,0,0,0,0/0,0,0,0,0,0 20 28 S")
    )
    for value in (rules, state, mv, outcome, sowing.Player.North):
        assert copy.copy(value) is value and copy.deepcopy(value) is value
    # Inside a container, deepcopy copies the container and shares the values.
    held = {"state": state, "moves": [mv]}
    back = copy.deepcopy(held)
    assert back is not held and back["moves"] is not held["moves"]
    assert back["state"] is state and back["moves"][0] is mv
    # The agent keeps a table and statistics: a copy is a new agent.
    agent = sowing.Agent("alphabeta:depth=2")
    assert copy.deepcopy(agent) is not agent


def test_a_state_is_pickled_with_its_own_ruleset():
    # A state of Kalah(4,3) is not a position of Kalah(6,4): unpickled, it is the state of
    # its own ruleset, not of a default one.
    small = sowing.Ruleset("kalah:pits=4,seeds=3")
    s = small.play(small.start(), "2")
    back = pickle.loads(pickle.dumps(s))
    assert back.rules == small and back == s
    assert [str(m) for m in small.legal_moves(back)] == ["1", "3", "4"]

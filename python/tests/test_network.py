"""`eval=net`: the trained networks (Toguz Kumalak's, Oware's), through the package's agent text."""

import pytest

import sowing


def test_eval_net_plays_toguz_and_is_refused_without_a_network():
    rules = sowing.Ruleset("toguz")
    agent = sowing.Agent("alphabeta:depth=3,eval=net")
    assert agent.name == "alphabeta:depth=3,eval=net"
    move = agent.choose(rules, rules.start())
    assert move in rules.legal_moves(rules.start())
    kalah = sowing.Ruleset("kalah")
    with pytest.raises(sowing.AgentError, match="no trained network"):
        sowing.Agent("alphabeta:depth=3,eval=net").choose(kalah, kalah.start())
    with pytest.raises(sowing.AgentError, match="tuned, store or net"):
        sowing.Agent("alphabeta:eval=nn")


def test_eval_net_plays_oware_and_is_refused_on_another_board():
    rules = sowing.Ruleset("oware")
    agent = sowing.Agent("alphabeta:depth=4,eval=net")
    move = agent.choose(rules, rules.start())
    assert move in rules.legal_moves(rules.start())
    small = sowing.Ruleset("oware:houses=5")
    with pytest.raises(sowing.AgentError, match="network"):
        sowing.Agent("alphabeta:depth=3,eval=net").choose(small, small.start())

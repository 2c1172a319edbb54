"""`eval=net`: the trained networks (Toguz Kumalak's, Oware's, Tsoro's), through the package's agent text."""

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


def test_eval_net_plays_tsoro_inside_a_turn_and_is_refused_in_other_variants():
    rules = sowing.Ruleset("tsoro")
    agent = sowing.Agent("alphabeta:depth=4,eval=net")
    state = rules.start()
    # Through whole turns: starts, relays or stops, bonus takes.
    for _ in range(12):
        move = agent.choose(rules, state)
        assert move in rules.legal_moves(state)
        state = rules.play(state, move)
    for other in ("tsoro:holes=8", "tsoro:tracey"):
        small = sowing.Ruleset(other)
        with pytest.raises(sowing.AgentError, match="network"):
            sowing.Agent("alphabeta:depth=3,eval=net").choose(small, small.start())

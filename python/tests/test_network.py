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


def test_a_network_from_a_file_searches_as_the_same_network_embedded(tmp_path):
    from conftest import ROOT

    path = tmp_path / "toguz-copy.net"
    path.write_bytes((ROOT / "src" / "toguz" / "toguz.net").read_bytes())
    rules = sowing.Ruleset("toguz")
    state = rules.start()
    for move in rules.legal_moves(state)[:2]:
        state = rules.play(state, move)
    embedded = sowing.Agent("alphabeta:depth=5")
    from_file = sowing.Agent("alphabeta:depth=5", network=path)
    assert from_file.name == f"alphabeta:depth=5,net={path}"
    # The same text in agent text: equal agents, and a pickle reads it back.
    assert sowing.Agent(f"alphabeta:depth=5,net={path}").name == from_file.name
    assert from_file.choose(rules, state) == embedded.choose(rules, state)
    assert (from_file.value, from_file.nodes) == (embedded.value, embedded.nodes)
    tuned = sowing.Agent("alphabeta:depth=5,eval=tuned")
    tuned.choose(rules, state)
    assert (tuned.value, tuned.nodes) != (embedded.value, embedded.nodes)


def test_a_network_file_of_another_game_or_none_is_refused(tmp_path):
    from conftest import ROOT

    oware = tmp_path / "oware.net"
    oware.write_bytes((ROOT / "src" / "oware" / "oware.net").read_bytes())
    toguz = sowing.Ruleset("toguz")
    with pytest.raises(sowing.AgentError, match="is a network of oware, not of toguz"):
        sowing.Agent("alphabeta:depth=3", network=oware).choose(toguz, toguz.start())
    with pytest.raises(sowing.AgentError, match="cannot be read"):
        sowing.Agent("alphabeta:depth=3", network=tmp_path / "none.net").choose(toguz, toguz.start())
    cut = tmp_path / "cut.net"
    cut.write_bytes((ROOT / "src" / "toguz" / "toguz.net").read_bytes()[:-3])
    with pytest.raises(sowing.AgentError, match="not a network's weights file"):
        sowing.Agent("alphabeta:depth=3", network=str(cut)).choose(toguz, toguz.start())
    # Oware's network fits Oware on its own board only.
    small = sowing.Ruleset("oware:houses=5")
    with pytest.raises(sowing.AgentError, match="lays its inputs out as"):
        sowing.Agent("alphabeta:depth=3", network=oware).choose(small, small.start())
    with pytest.raises(sowing.AgentError, match="network"):
        sowing.Agent("mcts", network=oware)
    for bad in ("a,b.net", "my nets/a.net"):
        with pytest.raises(sowing.AgentError, match="no comma, no white space"):
            sowing.Agent("alphabeta", network=bad)

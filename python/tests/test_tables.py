"""Oware's endgame tables from Python: values as the Rust tables give them, kept in a
directory and read back, and the errors of bad arguments."""

import pytest

import sowing
from sowing._sowing import OwareTables


def test_values_of_a_hand_worked_position(tmp_path):
    rules = sowing.Ruleset("oware")
    tables = OwareTables(rules, 6, tmp_path)
    assert tables.max_seeds == 6
    assert len(tables) == 18564
    # South's F makes North's a 2, every seed North has: a grand slam, no capture under
    # Abapa; North then cannot feed South and takes his 2.
    s = rules.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 23 23 S")
    assert tables.captures(s) == 0
    assert tables.margin(s) == 23 - 25
    assert tables.in_cycle(s) is False
    assert tables.captures(rules.start()) is None
    # Kept in the directory, read back with the same values.
    assert [p.name for p in tmp_path.iterdir()] == ["oware-houses6-no-capture-upto6.tables"]
    again = OwareTables(rules, 5, str(tmp_path))
    assert again.captures(s) == 0
    # Under grand-slam=capture, the slam takes North's 2.
    capture = sowing.Ruleset("oware:grand-slam=capture")
    slam = capture.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 23 23 S")
    assert OwareTables(capture, 2).captures(slam) == 2


def test_bad_arguments_raise():
    rules = sowing.Ruleset("oware")
    with pytest.raises(sowing.SowingError, match="not an Oware ruleset"):
        OwareTables(sowing.Ruleset("kalah"), 4)
    with pytest.raises(sowing.SowingError, match="ply limit"):
        OwareTables(sowing.Ruleset("oware:max-plies=10"), 4)
    with pytest.raises(sowing.SowingError, match="at most 30"):
        OwareTables(rules, 31)
    with pytest.raises(sowing.SowingError, match="out of range"):
        OwareTables(rules, -1)
    with pytest.raises(TypeError):
        OwareTables("oware", 4)
    tables = OwareTables(rules, 2)
    other = sowing.Ruleset("oware:grand-slam=capture")
    with pytest.raises(sowing.SowingError, match="grand-slam=capture"):
        tables.captures(other.start())
    with pytest.raises(sowing.SowingError, match="not an Oware ruleset"):
        tables.captures(sowing.Ruleset("kalah").start())


def test_the_default_agent_names_the_tables_it_finds(tmp_path, monkeypatch):
    rules = sowing.Ruleset("oware")
    agent = sowing.Agent("alphabeta:depth=2")
    monkeypatch.delenv("SOWING_TABLES", raising=False)
    assert agent.name_for(rules) == "alphabeta:depth=2"
    OwareTables(rules, 6, tmp_path)
    monkeypatch.setenv("SOWING_TABLES", str(tmp_path))
    assert agent.name_for(rules) == "alphabeta:depth=2,endgame=6"
    # The table is these rules': another grand-slam rule finds none, Kalah keeps its own.
    assert agent.name_for(sowing.Ruleset("oware:grand-slam=capture")) == "alphabeta:depth=2"
    assert agent.name_for(sowing.Ruleset("kalah")) == "alphabeta:depth=2"
    # A setting given stays as given; the agent's own name does not change.
    assert sowing.Agent("alphabeta:endgame=0").name_for(rules) == "alphabeta:endgame=0"
    assert agent.name == "alphabeta:depth=2"
    # It plays a position of the table as the table's best move.
    s = rules.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 23 23 S")
    assert agent.choose(rules, s) is not None

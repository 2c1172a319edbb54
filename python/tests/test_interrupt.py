"""Long calls release the GIL and stop at Ctrl-C (simulated with _thread.interrupt_main).

The calls interrupted here would run for hours; the interrupt comes from a Python thread,
which runs only because the call released the GIL. So each test ends only if both hold."""

import _thread
import threading

import pytest

import sowing


def interrupt_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


def test_ctrl_c_stops_a_search_and_the_agent_plays_on():
    rules = sowing.Ruleset("toguz")
    agent = sowing.Agent("alphabeta:depth=200")
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        agent.choose(rules, rules.start())
    # The interrupted search has stopped: the agent serves the next call (a finished game:
    # no search at all).
    end = rules.parse_position("9/7,2S,3S 80 77 S 40")
    assert agent.choose(rules, rules.play(end, "89")) is None


def test_ctrl_c_stops_perft():
    rules = sowing.Ruleset("toguz")
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        rules.perft(rules.start(), 14)

"""Long calls release the GIL and stop at Ctrl-C (simulated with _thread.interrupt_main).

The calls interrupted here would run for hours; the interrupt comes from a Python thread,
which runs only because the call released the GIL. So each test ends only if both hold."""

import _thread
import os
import signal
import time
import threading

import pytest

import sowing


@pytest.fixture(autouse=True)
def python_handles_sigint():
    # `_thread.interrupt_main` does nothing while SIGINT is ignored, and a process started in
    # the background by a shell without job control starts with it ignored (Python then
    # leaves it so): each test would wait for an interrupt that never comes. Python's own
    # handler is put in place for the test, and the one before is put back.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


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


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="lists threads in /proc")
def test_ctrl_c_stops_an_mcts_search_and_its_thread():
    # A billion playouts would take hours: after Ctrl-C the search's thread ends soon
    # instead of playing on in the background, and the agent serves the next call.
    rules = sowing.Ruleset("kalah")
    agent = sowing.Agent("mcts:playouts=1000000000")
    before = native_threads()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        agent.choose(rules, rules.start())
    waited = 0.0
    while native_threads() - before and waited < 20:
        time.sleep(0.05)
        waited += 0.05
    assert not native_threads() - before
    quick = sowing.Agent("mcts:playouts=100,seed=2")
    mv = quick.choose(rules, rules.start())
    assert mv in rules.legal_moves(rules.start())
    assert (quick.depth, quick.nodes) == (0, 100)
    assert 0 <= quick.value <= 1000


def test_ctrl_c_stops_perft():
    rules = sowing.Ruleset("toguz")
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        rules.perft(rules.start(), 14)


def native_threads():
    return set(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="lists threads in /proc")
def test_ctrl_c_stops_the_solver_and_its_threads():
    # Kalah(6,5) takes the solver many minutes; after Ctrl-C the threads the call started
    # (the worker and the solver's own) end soon, instead of solving on in the background.
    rules = sowing.Ruleset("kalah:seeds=5")
    before = native_threads()
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        sowing.kalah.solve(rules, table_mb=64, threads=2)
    waited = 0.0
    while native_threads() - before and waited < 20:
        time.sleep(0.05)
        waited += 0.05
    assert not native_threads() - before

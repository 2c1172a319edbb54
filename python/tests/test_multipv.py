"""Several lines (`multipv=N` in the agent text): `Agent.lines` gives the best N moves, each
with its value, depth and principal variation, sorted best first."""

import copy
import pickle

import pytest

import sowing


def lines_of(rules_text, agent_text, moves=()):
    rules = sowing.Ruleset(rules_text)
    state = rules.start()
    for mv in moves:
        state = rules.play(state, mv)
    agent = sowing.Agent(agent_text)
    best = agent.choose(rules, state)
    return rules, state, agent, best


@pytest.mark.parametrize("game", ["kalah", "toguz", "tsoro", "oware"])
def test_lines_are_the_best_moves_sorted_each_with_its_line(game):
    rules, state, agent, best = lines_of(game, "alphabeta:depth=4,multipv=3")
    lines = agent.lines
    assert len(lines) == 3
    assert lines[0].move == best
    assert agent.value == lines[0].value
    values = [line.value for line in lines]
    assert values == sorted(values, reverse=True)
    assert len({str(line.move) for line in lines}) == 3
    legal = rules.legal_moves(state)
    for line in lines:
        assert line.move in legal
        assert line.depth == agent.depth == 4
        assert line.pv[0] == line.move
        # The line plays from the position.
        s = state
        for mv in line.pv:
            s = rules.play(s, mv)


def test_more_lines_than_moves_give_every_move():
    # Kalah's start after pit 3 (an extra turn): South again, pits 1, 2, 4, 5, 6.
    rules, state, agent, _ = lines_of("kalah", "alphabeta:depth=5,multipv=255", ["3"])
    assert sorted(str(line.move) for line in agent.lines) == ["1", "2", "4", "5", "6"]


def test_one_line_without_multipv_and_none_for_agents_without_lines():
    rules, state, agent, best = lines_of("toguz", "alphabeta:depth=3")
    [line] = agent.lines
    assert (line.move, line.value, line.depth) == (best, agent.value, agent.depth)
    assert sowing.Agent("alphabeta").lines == []
    rules, state, agent, best = lines_of("toguz", "random:seed=1")
    assert agent.lines == []


@pytest.mark.parametrize("moves", [[], ["1"], ["1", "1"]])
def test_exact_values_on_a_small_board(moves):
    # Kalah(3,2): 12 seeds, all in the endgame database, so every value the search backs up
    # is exact: each line's value is its move's solved value (South minus North at the end,
    # from the mover's side, beyond 1,000,000 a win or loss by that margin, 0 a draw).
    rules, state, agent, _ = lines_of(
        "kalah:pits=3,seeds=2", "alphabeta-classic:depth=2,endgame=12,multipv=9", moves
    )
    solution = sowing.kalah.solve(rules, state, move_values=True)
    sign = 1 if rules.to_move(state) == sowing.Player.South else -1
    exact = {str(mv): sign * v for mv, v in solution.moves}
    assert len(agent.lines) == len(exact) == len(rules.legal_moves(state))
    win = 1_000_000
    for line in agent.lines:
        v = exact[str(line.move)]
        assert line.value == (win + v if v > 0 else -win + v if v < 0 else 0)
    assert [line.value for line in agent.lines] == sorted(
        (line.value for line in agent.lines), reverse=True
    )


def test_the_agent_text_keeps_multipv_and_refuses_bad_values():
    assert sowing.Agent("alphabeta:depth=3,multipv=2").name == "alphabeta:depth=3,multipv=2"
    for bad in ["alphabeta:multipv=0", "alphabeta:multipv=256", "mcts:multipv=2"]:
        with pytest.raises(sowing.AgentError, match="multipv"):
            sowing.Agent(bad)


def test_a_line_pickles_copies_and_compares():
    _, _, agent, _ = lines_of("oware", "alphabeta:depth=3,multipv=2")
    line = agent.lines[0]
    for back in [pickle.loads(pickle.dumps(line)), copy.copy(line), copy.deepcopy(line)]:
        assert back == line
        assert (back.move, back.value, back.depth, back.pv) == (
            line.move,
            line.value,
            line.depth,
            line.pv,
        )
    assert agent.lines[1] != line
    assert repr(line).startswith('SearchLine(move="')
    assert sowing.SearchLine(line.move, line.value, line.depth, line.pv) == line

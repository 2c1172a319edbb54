"""Random games of every ruleset the Rust conformance suite names, checked move by move
against the Rust crate's own answers (tests/data/python_games.txt, written and checked by the
Rust test tests/python_games.rs): the legal moves' count, the move random_move picks, its full
notation, the position text and the hash after every ply, and the outcome."""

import pytest

import sowing
from conftest import DATA


def read_games():
    games = []
    for line in (DATA / "python_games.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("game "):
            _, ruleset, seed = line.split(" ")
            games.append({"ruleset": ruleset, "seed": int(seed), "plies": [], "end": None})
        elif line.startswith("end "):
            games[-1]["end"] = line[4:]
        else:
            legal, move, position, hash_ = line.split("\t")
            games[-1]["plies"].append((int(legal), move, position, int(hash_)))
    return games


GAMES = read_games()


def test_every_ruleset_of_the_file():
    assert len(GAMES) == 34
    assert {g["ruleset"].split(":")[0] for g in GAMES} == {"kalah", "toguz", "tsoro", "oware"}
    assert sum(len(g["plies"]) for g in GAMES) > 2000


@pytest.mark.parametrize("game", GAMES, ids=[g["ruleset"] for g in GAMES])
def test_game_move_by_move(game):
    rules = sowing.Ruleset(game["ruleset"])
    assert str(rules) == game["ruleset"]
    state = rules.start()
    record = sowing.GameRecord(rules)
    for ply, (legal, text, position, hash_) in enumerate(game["plies"]):
        moves = rules.legal_moves(state)
        assert len(moves) == legal, (ply, str(state))
        assert not rules.is_over(state)
        mv = rules.random_move(state, game["seed"] + ply)
        assert mv in moves
        assert rules.format_move(state, mv) == text
        by_move = rules.play(state, mv)
        by_text = rules.play(state, text)
        assert by_move == by_text and hash(by_move) == hash(by_text)
        assert str(by_text) == position
        assert rules.hash(by_text) == hash_
        assert rules.parse_position(position) == by_text
        record.play(text)
        assert record.current == by_text
        state = by_text
    if game["end"] == "*":
        assert rules.outcome(state) is None or len(game["plies"]) == 240
        assert record.outcome() is None or len(game["plies"]) == 240
    else:
        # The record ends the game where the rules do, or at a repeated position (Oware's
        # small boards cycle), where the rules alone would play on.
        assert str(record.outcome()) == game["end"]
        assert record.is_over() and record.legal_moves() == []
        if rules.is_over(state):
            assert str(rules.outcome(state)) == game["end"]
            assert rules.legal_moves(state) == []
            assert rules.random_move(state, 0) is None
    # The record reads back from its text, and undo goes back through every position.
    again = sowing.GameRecord.from_pgn(record.to_pgn())
    assert again.moves == record.moves and again.current == record.current
    for ply in range(len(game["plies"]) - 1, -1, -1):
        record.undo()
        assert record.ply == ply
    assert record.current == rules.start()

"""The worked values of the Rust tests, through the Python package: perft counts from the
data files, a replayed federation game, records, agents and the Kalah solver."""

import pytest

import sowing
import sowing.kalah
import sowing.toguz
from conftest import DATA

#: Perft counts are checked up to this many nodes (the largest take seconds).
MAX_NODES = 3_000_000


def perft_rows(name):
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        ruleset, depth, nodes = line.split()
        yield ruleset, int(depth), int(nodes)


@pytest.mark.parametrize("name", ["kalah-perft.txt", "tsoro-perft.txt"])
def test_perft_tables(name):
    checked = 0
    for ruleset, depth, nodes in perft_rows(name):
        if nodes <= MAX_NODES:
            rules = sowing.Ruleset(ruleset)
            assert rules.perft(rules.start(), depth) == nodes, (ruleset, depth)
            checked += 1
    assert checked >= 10


def test_toguz_perft_of_the_rules_file():
    rules = sowing.Ruleset("toguz")
    state = None
    checked = 0
    for line in (DATA / "toguz" / "perft.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("fen "):
            fen = line[4:]
            state = rules.start() if fen == "start" else rules.parse_position(fen)
            continue
        depth, nodes = map(int, line.split())
        if nodes <= MAX_NODES:
            assert rules.perft(state, depth) == nodes, (str(state), depth)
            checked += 1
    assert checked >= 8
    assert rules.perft(rules.start(), 4) == 5199


def test_federation_games_replay():
    text = (DATA / "toguz" / "federation-2016-2018.pgn").read_text(encoding="utf-8")
    games = sowing.toguz.read_pgn(text)
    assert len(games) == 742
    first = games[0]
    assert first.result == "0-1"
    assert first.tags["Event"] == "Кубок РК"
    assert first.move_texts()[:10] == ["76", "98", "66", "87", "12", "76", "25", "78", "48", "36x"]
    # The federation's diagram after ten moves (tests/toguz.rs).
    assert str(first.position_at(20)) == "1S,1S,5S,7S,6S,18S,6S,1,t/1S,2S,20S,7S,19S,t,1S,2S,1 42 24 S 11"
    assert sum(m.endswith("x") for g in games for m in g.move_texts()) == 1299
    # The same game move by move through the rules.
    rules = sowing.Ruleset("toguz")
    s = rules.start()
    for text in first.move_texts():
        s = rules.play(s, text)
    assert s == first.current


def test_kalah_worked_example_of_the_readme():
    rules = sowing.Ruleset("kalah:empty-capture")
    game = sowing.GameRecord(rules)
    game.play("3")
    game.play("6")
    assert str(game.current) == "4,4,5,5,5,5/4,4,0,5,5,0 2 0 N"
    assert game.to_move() == sowing.Player.North
    with pytest.raises(sowing.IllegalMoveError, match='"7": there is no pit 7: the pits are 1 to 6'):
        game.play("7")
    assert game.ply == 2
    game.undo()
    assert str(game.current) == "4,4,4,4,4,4/4,4,0,5,5,5 1 0 S"
    end = rules.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 20 26 S")
    end = rules.play(end, "6")
    outcome = rules.outcome(end)
    assert outcome.winner == sowing.Player.North and not outcome.is_draw
    assert outcome.score == (21, 27) and outcome.result == "0-1"
    assert outcome.value_for(sowing.Player.South) == -1


def test_toguz_full_notation_and_pictures():
    rules = sowing.Ruleset("toguz")
    start = rules.start()
    assert [rules.format_move(start, m) for m in rules.legal_moves(start)][5] == "65"
    assert str(rules.parse_move(start, "65")) == "6"
    assert rules.sides == ("White", "Black")
    assert "kazan" in rules.picture(start)
    assert start._repr_svg_().startswith("<svg")
    after = rules.play(start, "65")
    marked = rules.picture_svg(after, last_move="6", before=start)
    assert marked.startswith("<svg") and marked != rules.picture_svg(after)
    assert rules.seed_count(start) == (162, 0, 0) and rules.total_seeds == 162


def test_records_form_of_every_game():
    file = (
        '[Variant "kalah:pie"]\n[Result "*"]\n\n1. 3 6 1... swap *\n\n'
        '[Site "PlayOK"]\n[Result "*"]\n\n1. 65(10) 98 *\n\n'
        '[Variant "tsoro:holes=6,bonus=3"]\n[Result "1-0"]\n\n'
        "1. o3 relay 1... o2 2. o2 2... o5 3. o6 take o6 take o4 take i2 1-0\n"
    )
    kalah, toguz, tsoro = sowing.read_games(file)
    assert (str(kalah.rules), kalah.ply) == ("kalah:pie", 3)
    assert (str(toguz.rules), toguz.ply, toguz.tags["Site"]) == ("toguz", 2, "PlayOK")
    assert (tsoro.ply, tsoro.is_over(), tsoro.outcome().winner) == (9, True, sowing.Player.South)
    assert sowing.GameRecord.from_pgn(kalah.to_pgn()).moves == kalah.moves
    # Undo, redo, and a move after an undo drops the redo tail.
    kalah.undo()
    assert kalah.ply == 2 and len(kalah) == 3
    assert str(kalah.redo()) == "swap"
    kalah.go_to(1)
    kalah.play("5")
    assert len(kalah) == 2 and kalah.redo() is None


def test_agents_choose_and_report():
    for ruleset in ["kalah", "toguz", "tsoro"]:
        rules = sowing.Ruleset(ruleset)
        agent = sowing.Agent("alphabeta:depth=4")
        mv = agent.choose(rules, rules.start())
        assert mv in rules.legal_moves(rules.start())
        assert agent.depth == 4 and agent.nodes > 0 and isinstance(agent.value, int)
    rules = sowing.Ruleset("kalah")
    # Seeded agents play the same moves.
    a, b = sowing.Agent("mcts:playouts=300,seed=5"), sowing.Agent("mcts:playouts=300,seed=5")
    assert a.choose(rules, rules.start()) == b.choose(rules, rules.start())
    # MCTS reports its playouts as nodes, and the chosen move's win rate in thousandths.
    assert a.summary.startswith("300 playouts") and (a.depth, a.nodes) == (0, 300)
    assert 0 <= a.value <= 1000 and a.elapsed > 0
    assert sowing.Agent("random:seed=1").choose(rules, rules.start()) in rules.legal_moves(rules.start())
    end = rules.parse_position("0,0,0,0,0,0/0,0,0,0,0,0 20 28 S")
    assert sowing.Agent("alphabeta:depth=2").choose(rules, end) is None
    assert sowing.Agent("alphabeta:time=200ms").name == "alphabeta:time=200ms"
    # A whole game, agent against agent, through a record.
    game = sowing.GameRecord(sowing.Ruleset("kalah:pits=4,seeds=3"))
    agents = [sowing.Agent("alphabeta:depth=6"), sowing.Agent("random:seed=2")]
    while not game.is_over():
        game.play(agents[game.to_move().index].choose(game.rules, game.current))
    assert game.outcome() is not None


def test_kalah_solve():
    rules = sowing.Ruleset("kalah:pits=4,seeds=3")
    solution = sowing.kalah.solve(rules, table_mb=16)
    assert solution.value == 6
    assert [(str(m), v) for m, v in solution.moves] == [("1", -6), ("2", 6), ("3", 2), ("4", -2)]
    assert solution.nodes > 0
    after = rules.play(rules.start(), "2")
    assert sowing.kalah.solve(rules, after, move_values=False, threads=1).value == 6
    assert sowing.kalah.solve(rules, after, move_values=False).moves == []


def test_a_record_read_keeps_its_tags_and_result_when_written():
    text = (DATA / "toguz" / "federation-2016-2018.pgn").read_text(encoding="utf-8")
    first = sowing.toguz.read_pgn(text)[0]
    again = sowing.GameRecord.from_pgn(first.to_pgn())
    assert again.tags["Event"] == "Кубок РК" and again.tags["Event"] == first.tags["Event"]
    assert again.moves == first.moves and again.current == first.current
    assert (first.result, again.result) == ("0-1", "0-1")
    # A game resigned in the file (not over by the rules) keeps its written result, until
    # its moves change or the cursor leaves their end.
    resigned = sowing.GameRecord.from_pgn('[Event "Club"]\n[Variant "kalah"]\n[Result "1-0"]\n\n1. 3 6 1... 2 1-0\n')
    assert not resigned.is_over()
    assert '[Event "Club"]' in resigned.to_pgn() and resigned.to_pgn().endswith("1-0\n")
    resigned.undo()
    assert resigned.to_pgn().endswith("*\n")
    resigned.redo()
    assert resigned.to_pgn().endswith("1-0\n")
    resigned.undo()
    resigned.play("2")
    assert resigned.to_pgn().endswith("*\n") and '[Event "Club"]' in resigned.to_pgn()
    # A record made here writes the unknown roster.
    made = sowing.GameRecord(sowing.Ruleset("kalah"))
    assert '[Event "?"]' in made.to_pgn() and made.to_pgn().endswith("*\n")

import sowing


def test_kalah_start_and_play():
    rules = sowing.Ruleset("kalah:empty-capture")
    s = rules.start()
    assert [str(m) for m in rules.legal_moves(s)] == ["1", "2", "3", "4", "5", "6"]
    s = rules.play(s, "3")
    assert str(s) == "4,4,4,4,4,4/4,4,0,5,5,5 1 0 S"
    assert rules.to_move(s) == sowing.Player.South
    assert rules.outcome(s) is None and not rules.is_over(s)
    assert rules.parse_position(str(s)) == s

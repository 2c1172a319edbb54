"""The cost of one `legal_moves` + `play` pair from Python on Kalah(6,4), beside the same
pair in OpenSpiel's `mancala` (`legal_actions` + `apply_action`), in one run.

Both play random games to the end, again and again, for the same number of pairs; the move
is picked with the same cheap index (`i % len(moves)` from a precomputed random list), so
the loop's own cost is the same on both sides; five interleaved rounds, the best of each.
Run: `python python/bench/pair.py [pairs]`.
"""

import random
import sys
import time

import sowing


def sowing_pairs(n, picks):
    rules = sowing.Ruleset("kalah")
    start = rules.start()
    s = start
    legal_moves, play = rules.legal_moves, rules.play
    t = time.perf_counter()
    for i in range(n):
        moves = legal_moves(s)
        if not moves:
            s = start
            moves = legal_moves(s)
        s = play(s, moves[picks[i] % len(moves)])
    return time.perf_counter() - t


def openspiel_pairs(n, picks):
    import pyspiel

    game = pyspiel.load_game("mancala")
    s = game.new_initial_state()
    t = time.perf_counter()
    for i in range(n):
        actions = s.legal_actions()
        if not actions:
            s = game.new_initial_state()
            actions = s.legal_actions()
        s.apply_action(actions[picks[i] % len(actions)])
    return time.perf_counter() - t


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300_000
    rng = random.Random(1)
    picks = [rng.randrange(1 << 30) for _ in range(n)]
    runs = [("sowing (Kalah 6,4)", sowing_pairs, []), ("OpenSpiel mancala", openspiel_pairs, [])]
    # Interleaved rounds, the best of each: a busy machine's drift hits both alike.
    for _ in range(5):
        for _, f, times in runs:
            times.append(f(n, picks))
    rows = [(name, min(times) / n * 1e9) for name, _, times in runs]
    print(f"{'':22} {'ns per pair':>12} {'pairs/s':>12}")
    for name, ns in rows:
        print(f"{name:22} {ns:12.0f} {1e9 / ns:12,.0f}")
    print(f"sowing / OpenSpiel time: {rows[0][1] / rows[1][1]:.2f}")


if __name__ == "__main__":
    main()

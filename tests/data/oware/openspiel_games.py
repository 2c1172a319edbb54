#!/usr/bin/env python3
"""Random games of OpenSpiel's `oware`, written for tests/oware.rs to replay.

Plays GAMES random games of `pyspiel.load_game("oware")` (the default: 6 houses of 4
seeds) with a fixed seed, choosing uniformly among the legal actions, and writes
`openspiel_games.txt` beside this script. Run it with OpenSpiel installed:

    python3 -m venv /tmp/os-venv && /tmp/os-venv/bin/pip install open-spiel numpy
    /tmp/os-venv/bin/python tests/data/oware/openspiel_games.py

Format: `#` lines are comments; every other line is one game:
`<actions> <positions>`. `<actions>` is the digits of OpenSpiel's actions in order (action
`k` sows the mover's house `k + 1` from his left: `A`.. for South, player 0, and `a`.. for
North, player 1). `<positions>` is one block of 15 characters for the start and for the
position after each action: South's houses A..F, North's houses a..f, South's store,
North's store, each as one character `chr(48 + count)`, then the player to move, `S` or
`N`, or `E` once the game is over.
"""

import importlib.metadata
import os
import random
import re

import pyspiel

GAMES = 1000
SEED = 20261203


def position(state):
    """The 15-character block of `state`, read from its text."""
    text = str(state)
    scores = {int(p): int(v) for p, v in re.findall(r"Player (\d) score = (\d+)", text)}
    rows = [
        [int(v) for v in line.split()]
        for line in text.splitlines()
        if re.fullmatch(r"[\s\d]+", line) and line.strip()
    ]
    north_f_to_a, south_a_to_f = rows
    north = list(reversed(north_f_to_a))
    counts = south_a_to_f + north + [scores[0], scores[1]]
    if state.is_terminal():
        mover = "E"
    else:
        mover = "SN"[state.current_player()]
    return "".join(chr(48 + c) for c in counts) + mover


def main():
    game = pyspiel.load_game("oware")
    rng = random.Random(SEED)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openspiel_games.txt")
    with open(out, "w") as f:
        version = importlib.metadata.version("open_spiel")
        f.write(f"# {GAMES} random games of OpenSpiel {version}'s oware, seed {SEED}:\n")
        f.write("# written by openspiel_games.py, which describes the format.\n")
        for _ in range(GAMES):
            state = game.new_initial_state()
            actions = []
            blocks = [position(state)]
            while not state.is_terminal():
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                actions.append(str(action))
                blocks.append(position(state))
            f.write("".join(actions) + " " + "".join(blocks) + "\n")


if __name__ == "__main__":
    main()

"""Steps per second of the learning environments, in one process on one core.

    python python/bench/envs.py [--seconds S]

Prints a Markdown table: OpenSpiel's `mancala` and `oware` driven from Python with random
legal actions; sowing's single-state API on Kalah(6,4) (`legal_actions` + `play_action`); and
`sowing.VectorEnv` on Kalah(6,4), Oware, Toguz Kumalak and Tsoro 4 x 21 at 1, 64 and 4,096
games. Then a second table, the process no longer pinned: `VectorEnv(..., num_threads=N)` on
4,096 Kalah(6,4) games with 1 and 2 threads (and as many as the machine has, if more).

"inside the calls" times only the environments' own work: OpenSpiel's `legal_actions` and
`apply_action`, sowing's `legal_actions` and `play_action`, VectorEnv's `step` (which
returns the masks); the random choice of actions is made outside the clock. "with the
choice" times the whole loop, the choice included: `random.choice` of the legal list for
the single-state loops, numpy's masked random choice for VectorEnv (the usual Python-side
policy stub), and, in the last column, VectorEnv's own `random_actions` (in Rust).
The memory line is the resident-set growth of building a 4,096-game Toguz Kumalak
VectorEnv and stepping it.
"""

import argparse
import os
import random
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import sowing  # noqa: E402


ALL_CPUS = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None


def one_core():
    """Pins the process to one core (the first it may run on)."""
    if ALL_CPUS is not None:
        cpu = min(ALL_CPUS)
        os.sched_setaffinity(0, {cpu})
        return cpu
    return None


def all_cores():
    """Lets the process run on every core it was given again; returns their number."""
    if ALL_CPUS is not None:
        os.sched_setaffinity(0, ALL_CPUS)
        return len(ALL_CPUS)
    return os.cpu_count() or 1


def rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def openspiel(name, seconds):
    """OpenSpiel's game `name` (`mancala`, `oware`): (steps/s inside legal_actions +
    apply_action, with the choice)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    inside = steps = 0
    t_end = time.perf_counter() + seconds
    state = game.new_initial_state()
    while time.perf_counter() < t_end:
        t0 = time.perf_counter()
        legal = state.legal_actions()
        t1 = time.perf_counter()
        action = rng.choice(legal)
        t2 = time.perf_counter()
        state.apply_action(action)
        t3 = time.perf_counter()
        inside += (t1 - t0) + (t3 - t2)
        steps += 1
        if state.is_terminal():
            state = game.new_initial_state()
    inside_rate = steps / inside
    # The plain loop, the choice included, no clock inside.
    steps = 0
    state = game.new_initial_state()
    t0 = time.perf_counter()
    while True:
        for _ in range(1000):
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
            if state.is_terminal():
                state = game.new_initial_state()
        if time.perf_counter() - t0 > seconds:
            break
    return inside_rate, steps / (time.perf_counter() - t0)


def sowing_single(seconds):
    """sowing's single-state Kalah(6,4): legal_actions + play_action."""
    rules = sowing.Ruleset("kalah")
    rng = random.Random(1)
    inside = steps = 0
    state = rules.start()
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end:
        t0 = time.perf_counter()
        legal = rules.legal_actions(state)
        t1 = time.perf_counter()
        action = rng.choice(legal) if legal else None
        t2 = time.perf_counter()
        if action is None:
            state = rules.start()
            continue
        state = rules.play_action(state, action)
        t3 = time.perf_counter()
        inside += (t1 - t0) + (t3 - t2)
        steps += 1
    inside_rate = steps / inside
    steps = 0
    state = rules.start()
    t0 = time.perf_counter()
    while True:
        for _ in range(1000):
            legal = rules.legal_actions(state)
            if not legal:
                state = rules.start()
                continue
            state = rules.play_action(state, rng.choice(legal))
            steps += 1
        if time.perf_counter() - t0 > seconds:
            break
    return inside_rate, steps / (time.perf_counter() - t0)


def masked_choice(rng, masks):
    """A uniformly random legal action per row of `masks`, in numpy.

    The running counts are kept in the narrowest type that holds them: numpy's default for a
    cumulative sum of booleans is int64, which for 4,096 Tsoro games (87 actions) is a
    2.9 MB temporary at every step, enough to push the games' own arrays out of the cache
    between two steps.
    """
    narrow = np.uint8 if masks.shape[1] < 256 else np.uint16
    counts = masks.sum(axis=1, dtype=narrow)
    pick = (rng.random(len(masks)) * counts).astype(narrow)
    return (np.cumsum(masks, axis=1, dtype=narrow) > pick[:, None]).argmax(axis=1)


def vector(text, n, seconds, num_threads=1):
    """VectorEnv: (inside step, with numpy's choice, with random_actions) steps/s."""
    env = sowing.VectorEnv(text, n, seed=1, num_threads=num_threads)
    rng = np.random.default_rng(1)
    _, _, masks = env.reset()
    calls = max(1, int(2e5 / n))  # at least 200k steps a measurement, checked against time
    inside = steps = 0
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end:
        for _ in range(calls):
            actions = masked_choice(rng, masks)
            t0 = time.perf_counter()
            masks = env.step(actions)[5]
            inside += time.perf_counter() - t0
            steps += n
    rates = [steps / inside]
    for rust_choice in (False, True):
        steps = 0
        t0 = time.perf_counter()
        while True:
            for _ in range(calls):
                actions = env.random_actions() if rust_choice else masked_choice(rng, masks)
                masks = env.step(actions)[5]
                steps += n
            if time.perf_counter() - t0 > seconds:
                break
        rates.append(steps / (time.perf_counter() - t0))
    return rates


def memory_toguz():
    before = rss_kb()
    env = sowing.VectorEnv("toguz", 4096, seed=1)
    for _ in range(100):
        env.step(env.random_actions())
    return (rss_kb() - before) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="per measurement")
    args = parser.parse_args()
    cpu = one_core()
    s = args.seconds
    mib = memory_toguz()
    rows = []
    spiel = openspiel("mancala", s)
    if spiel is not None:
        rows.append(("OpenSpiel `mancala`, from Python", "1", spiel[0], spiel[1], None))
    spiel_oware = openspiel("oware", s)
    if spiel_oware is not None:
        rows.append(("OpenSpiel `oware`, from Python", "1", spiel_oware[0], spiel_oware[1], None))
    single = sowing_single(s)
    rows.append(("sowing single-state Kalah(6,4)", "1", single[0], single[1], None))
    games = [
        ("Kalah(6,4)", "kalah"),
        ("Oware", "oware"),
        ("Toguz Kumalak", "toguz"),
        ("Tsoro 4 x 21", "tsoro"),
    ]
    for name, text in games:
        for n in (1, 64, 4096):
            r = vector(text, n, s)
            rows.append((f"VectorEnv {name}", f"{n:,}", r[0], r[1], r[2]))

    def m(x):
        return "" if x is None else f"{x / 1e6:.2f} M"

    print(f"One process pinned to CPU {cpu}; steps per second.\n")
    print("| environment | games | inside the calls | with the choice | with `random_actions` |")
    print("|---|---|---|---|---|")
    for name, n, inside, loop, rust in rows:
        print(f"| {name} | {n} | {m(inside)} | {m(loop)} | {m(rust)} |")
    if spiel is not None:
        kalah = next(r for r in rows if r[0] == "VectorEnv Kalah(6,4)" and r[1] == "4,096")
        print(f"\nVectorEnv Kalah(6,4) at 4,096 games / OpenSpiel, inside the calls: "
              f"{kalah[2] / spiel[0]:.0f} x")
        print(f"single-state / OpenSpiel, inside the calls: {single[0] / spiel[0]:.2f} x")
    big = {r[0]: r[2] for r in rows if r[1] == "4,096"}
    k = big["VectorEnv Kalah(6,4)"]
    print(f"Kalah / Oware: {k / big['VectorEnv Oware']:.2f} x; "
          f"Kalah / Toguz Kumalak: {k / big['VectorEnv Toguz Kumalak']:.2f} x; "
          f"Kalah / Tsoro: {k / big['VectorEnv Tsoro 4 x 21']:.2f} x (4,096 games)")
    if spiel_oware is not None:
        print(f"VectorEnv Oware at 4,096 games / OpenSpiel `oware`, inside the calls: "
              f"{big['VectorEnv Oware'] / spiel_oware[0]:.0f} x")
    print(f"Memory of a 4,096-game Toguz Kumalak VectorEnv: {mib:.1f} MiB (resident-set growth)")
    print(f"load average: {os.getloadavg()[0]:.2f}")

    cores = all_cores()
    counts = sorted({1, 2, cores})
    threaded = [(t, vector("kalah", 4096, s, num_threads=t)) for t in counts]
    print(f"\nThe process on its {cores} cores; VectorEnv Kalah(6,4), 4,096 games, steps per second.\n")
    print("| num_threads | inside the calls | with the choice | with `random_actions` | inside, x 1 thread |")
    print("|---|---|---|---|---|")
    one = threaded[0][1][0]
    for t, r in threaded:
        print(f"| {t} | {m(r[0])} | {m(r[1])} | {m(r[2])} | {r[0] / one:.2f} x |")
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

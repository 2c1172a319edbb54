"""Fits a small evaluation network to self-play data, quantizes it and exports its weights.

    python tools/train/train.py DATA [DATA ...] --out toguz.net [--hidden 128] [--epochs 20]
        [--layout "holes=.. marks=.. stores_at=.. marks_at=.. store_buckets=.. scale=.."]

DATA are files written by `cargo run --release --example selfplay` (the format: the docs of
`sowing::selfplay`). Only numpy is needed. The script knows no game: where the network's
inputs are in the observation and the scale of the data's values are the game's facts, read
from the data's header where it gives them, else from --layout. See tools/train/README.md for
the whole pipeline, each game's words, the network's inputs and the weights file's format.

The script prints the loss of each epoch on the training positions and on a held-out tenth
of the games (whole games: positions of one game are alike), the loss of the quantized
network on the held-out games, and the reference outputs of the exported network on
held-out positions spread over the games (the crate's tests check its inference against
these).
"""

from __future__ import annotations

import argparse
import hashlib
import math
import shlex
import struct
import sys
import time

import numpy as np

MAGIC = b"SOWPLAY\n"
NET_MAGIC = b"SOWNET1\n"

#: Hole counts at or above this share the last one-hot input of their hole.
COUNT_BUCKETS = 32
#: The words of the inputs' layout and of the scale, as a self-play file's header gives them
#: (the game states them in Rust: `Heuristic::network_inputs`, `Heuristic::SCALES`, written by
#: `sowing::search::training_words`), or `--layout` for data written without them.
LAYOUT_WORDS = ("holes", "marks", "stores_at", "marks_at", "store_buckets", "scale")
#: Quantization: the hidden layer's activations are 0..=QA (clipped ReLU), first-layer
#: weights are multiplied by QA, output weights by QB; the output is in hundredths of a
#: seed after dividing by QA * QB / OUT_SCALE.
QA = 255
QB = 1024
#: The float network's output is value / OUT_SCALE (hundredths of a seed).
OUT_SCALE = 400.0


def read(path: str) -> tuple[dict[str, str], np.ndarray, bytes]:
    """The header fields and the records of a self-play file, and its bytes."""
    data = open(path, "rb").read()
    if data[:8] != MAGIC:
        sys.exit(f"{path}: not self-play data (magic {data[:8]!r})")
    version, length = struct.unpack_from("<II", data, 8)
    if version != 1:
        sys.exit(f"{path}: format version {version}, this script reads 1")
    fields = dict(f.split("=", 1) for f in data[16 : 16 + length].decode().split())
    n = int(fields["observation"])
    dtype = np.dtype(
        [
            ("game", "<u4"),
            ("value", "<i2"),
            ("margin", "<i2"),
            ("result", "i1"),
            ("ply", "u1"),
            ("depth", "u1"),
            ("observation", "u1", (n,)),
        ]
    )
    if dtype.itemsize != int(fields["record"]):
        sys.exit(f"{path}: records of {fields['record']} bytes, expected {dtype.itemsize}")
    body = len(data) - 16 - length
    if body % dtype.itemsize:
        sys.exit(f"{path}: truncated: {body} bytes of records of {dtype.itemsize}")
    return fields, np.frombuffer(data, dtype=dtype, offset=16 + length), data


class Layout:
    """Where the network's inputs are in the observation: `holes` hole counts from index 0,
    the two stores' counts from `stores_at`, each a one-hot of `store_buckets` inputs, `marks`
    0/1 marks from `marks_at` (values elsewhere are not inputs); and `scale`, the expected
    score of a value v (hundredths of a seed) being sigmoid(v * scale / 100), the logistic
    scale of the evaluation of the agent that made the data. Every number comes from the
    game, never from a table here: the self-play header's words (or `--layout`)."""

    def __init__(self, words: dict[str, str], where: str):
        missing = [k for k in LAYOUT_WORDS if k not in words]
        if missing:
            sys.exit(
                f"{where}: no {', '.join(missing)}: the data's header does not give the network's "
                "inputs; pass them with --layout (see tools/train/README.md)"
            )
        self.holes = int(words["holes"])
        self.marks = int(words["marks"])
        self.stores_at = int(words["stores_at"])
        self.marks_at = int(words["marks_at"])
        self.store_buckets = int(words["store_buckets"])
        self.scale = float(words["scale"])

    def header_words(self) -> list[tuple[str, int]]:
        """The network header's layout words; the offsets only where they are not the
        defaults (the crate reads the stores after the holes, the marks after the stores)."""
        words = [("holes", self.holes), ("marks", self.marks)]
        if self.stores_at != self.holes:
            words.append(("stores_at", self.stores_at))
        if self.marks_at != self.stores_at + 2:
            words.append(("marks_at", self.marks_at))
        return words


def sparse_index(obs: np.ndarray, lay: Layout) -> np.ndarray:
    """The indices of the one-hot inputs that are 1: each hole's (hole, count), then each
    store's (store, count); holes * COUNT_BUCKETS + 2 * store_buckets inputs in all."""
    holes, store_buckets = lay.holes, lay.store_buckets
    counts = np.minimum(obs[:, :holes], COUNT_BUCKETS - 1).astype(np.int32)
    hole = counts + COUNT_BUCKETS * np.arange(holes, dtype=np.int32)
    stores = np.minimum(obs[:, lay.stores_at : lay.stores_at + 2], store_buckets - 1).astype(np.int32)
    store = stores + holes * COUNT_BUCKETS + store_buckets * np.arange(2, dtype=np.int32)
    return np.concatenate([hole, store], 1)


def marks_of(obs: np.ndarray, lay: Layout) -> np.ndarray:
    """The marks, 0 or 1 (any value but 0 counts as 1, as in the crate)."""
    return obs[:, lay.marks_at : lay.marks_at + lay.marks] != 0


def features(obs: np.ndarray, lay: Layout) -> tuple[np.ndarray, np.ndarray]:
    """The network's inputs: the indices of the one-hot inputs that are 1, and the dense
    inputs (the marks). Every input is 0 or 1: the quantized first layer adds weights,
    exactly."""
    return sparse_index(obs, lay), marks_of(obs, lay).astype(np.float32)


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -60, 60)))


class Net:
    """inputs -> hidden (clipped ReLU, 0..1) -> one output (value / OUT_SCALE)."""

    def __init__(
        self,
        sparse: int,
        active: int,
        dense: int,
        hidden: int,
        rng: np.random.Generator,
        zero_rows: np.ndarray | None = None,
    ):
        # `active` of the `sparse` one-hot inputs are 1 in any position (a hole's or store's).
        # `zero_rows`: rows of `ws` held at zero (the bias takes their place).
        fan_in = active + dense
        self.zero_rows = zero_rows
        self.p = {
            "ws": (rng.standard_normal((sparse, hidden)) / math.sqrt(fan_in)).astype(np.float32),
            "wd": (rng.standard_normal((dense, hidden)) / math.sqrt(fan_in)).astype(np.float32),
            "b1": np.full(hidden, 0.5, np.float32),
            "w2": (rng.standard_normal(hidden) / math.sqrt(hidden)).astype(np.float32),
            "b2": np.zeros(1, np.float32),
        }
        if zero_rows is not None:
            self.p["ws"][zero_rows] = 0.0
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        # The one-hot inputs of a batch as a matrix, kept between batches (set and cleared
        # again each time, not allocated): a product with it gathers and scatters the rows.
        self.buf = np.zeros((0, sparse), np.float32)
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def onehot(self, index: np.ndarray) -> np.ndarray:
        """The batch's one-hot inputs (`clear` them after use)."""
        if len(self.buf) < len(index):
            self.buf = np.zeros((len(index), self.buf.shape[1]), np.float32)
        onehot = self.buf[: len(index)]
        np.put_along_axis(onehot, index, 1.0, axis=1)
        return onehot

    def clear(self, onehot: np.ndarray, index: np.ndarray) -> None:
        np.put_along_axis(onehot, index, 0.0, axis=1)

    def forward_onehot(self, onehot, dense):
        p = self.p
        acc = onehot @ p["ws"] + dense @ p["wd"] + p["b1"]
        h = np.clip(acc, 0.0, 1.0)
        return acc, h, h @ p["w2"] + p["b2"][0]

    def forward(self, index, dense):
        """The network's output on a batch, 8192 positions at a time."""
        outs = []
        for i in range(0, len(index), 8192):
            onehot = self.onehot(index[i : i + 8192])
            outs.append(self.forward_onehot(onehot, dense[i : i + 8192])[2])
            self.clear(onehot, index[i : i + 8192])
        return np.concatenate(outs)

    def step(self, index, dense, target, scale, lr):
        """One Adam step on the mean squared error of the expected scores; the loss."""
        p = self.p
        onehot = self.onehot(index)
        acc, h, out = self.forward_onehot(onehot, dense)
        k = scale * OUT_SCALE / 100.0
        s = sigmoid(out * k)
        diff = s - target
        loss = float(np.mean(diff**2))
        g_out = 2.0 * diff * s * (1.0 - s) * k / len(target)
        grads = {
            "w2": h.T @ g_out,
            "b2": np.array([g_out.sum()], np.float32),
        }
        g_acc = np.outer(g_out, p["w2"]) * ((acc > 0.0) & (acc < 1.0))
        grads["b1"] = g_acc.sum(0)
        grads["wd"] = dense.T @ g_acc
        grads["ws"] = onehot.T @ g_acc
        self.clear(onehot, index)
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for name, g in grads.items():
            self.m[name] = b1 * self.m[name] + (1 - b1) * g
            self.v[name] = b2 * self.v[name] + (1 - b2) * g * g
            mhat = self.m[name] / (1 - b1**self.t)
            vhat = self.v[name] / (1 - b2**self.t)
            p[name] -= (lr * mhat / (np.sqrt(vhat) + eps)).astype(np.float32)
        if self.zero_rows is not None:
            p["ws"][self.zero_rows] = 0.0
        return loss


def quantize(net: Net) -> dict[str, np.ndarray]:
    """Integer weights: the accumulator in units of 1/QA, the output weights in 1/QB."""
    p = net.p
    q = {
        "ws": np.round(p["ws"] * QA).astype(np.int16),
        "wd": np.round(p["wd"] * QA).astype(np.int16),
        "b1": np.round(p["b1"] * QA).astype(np.int32),
        "w2": np.round(p["w2"] * QB).astype(np.int16),
        "b2": np.round(p["b2"] * QA * QB).astype(np.int32),
    }
    for name in ("ws", "wd", "w2"):
        if p[name].size and np.abs(np.round(p[name] * (QB if name == "w2" else QA))).max() > 32767:
            sys.exit(f"quantization: {name} overflows int16")
    return q


def quantized_value(q, obs: np.ndarray, lay: Layout) -> np.ndarray:
    """The exported network's value in hundredths of a seed, in integer arithmetic exactly
    as the crate computes it: acc = b1 + sum ws[(hole, count)] + sum ws[(store, count)] +
    sum wd[i] * mark_i; h = clamp(acc, 0, QA); out = b2 + sum h * w2; value =
    out * OUT_SCALE / (QA * QB), rounded toward zero."""
    ws, wd, w2 = (q[k].astype(np.int64) for k in ("ws", "wd", "w2"))
    values = []
    for i in range(0, len(obs), 4096):
        part = obs[i : i + 4096]
        index = sparse_index(part, lay)
        dense = marks_of(part, lay).astype(np.int64)
        acc = q["b1"].astype(np.int64) + ws[index].sum(1) + dense @ wd
        h = np.clip(acc, 0, QA)
        out = q["b2"][0] + h @ w2
        values.append(np.trunc(out * OUT_SCALE / (QA * QB)).astype(np.int64))
    return np.concatenate(values)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--out", required=True, help="the weights file to write")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lam", type=float, default=0.7, help="weight of the search value against the result")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--layout",
        help="the inputs' layout and scale as key=value words (holes, marks, stores_at, marks_at, "
        "store_buckets, scale), for data whose header does not give them; words the header "
        "gives must agree",
    )
    ap.add_argument("--references", type=int, default=16, help="reference positions printed")
    ap.add_argument(
        "--zero-empty",
        action="store_true",
        help="hold each hole's input of count 0 at zero (the bias stands for it; no loss of "
        "generality): the crate then skips empty holes, faster where many are empty",
    )
    args = ap.parse_args()

    parts, digest, fields = [], hashlib.sha256(), None
    for path in args.data:
        f, records, raw = read(path)
        if fields is not None and (f["rules"], f["observation"]) != (fields["rules"], fields["observation"]):
            sys.exit(f"{path}: rules {f['rules']}, the first file's are {fields['rules']}")
        fields = fields or f
        digest.update(raw)
        parts.append(records)
    records = np.concatenate(parts)
    words = {k: fields[k] for k in LAYOUT_WORDS if k in fields}
    for k, v in (w.split("=", 1) for w in (args.layout or "").split()):
        if k in words and words[k] != v:
            sys.exit(f"--layout {k}={v}: the data's header says {k}={words[k]}")
        words[k] = v
    lay = Layout(words, args.data[0])
    scale, store_buckets = lay.scale, lay.store_buckets
    n_obs = int(fields["observation"])
    obs = records["observation"]
    index, dense = features(obs, lay)
    value = records["value"].astype(np.float32)
    result = (records["result"].astype(np.float32) + 1.0) / 2.0
    target = (args.lam * sigmoid(value * scale / 100.0) + (1 - args.lam) * result).astype(np.float32)
    held = records["game"] % 10 == 0
    train = ~held
    print(
        f"{len(records)} positions of {len(np.unique(records['game']))} games ({fields['rules']}, "
        f"{fields['agent']}); held out: {held.sum()} positions (games = 0 mod 10); "
        f"data sha256 {digest.hexdigest()[:16]}"
    )
    base = float(np.mean((target[held] - target[train].mean()) ** 2))
    search = float(np.mean((sigmoid(value[held] * scale / 100.0) - target[held]) ** 2))
    print(f"held-out loss of a constant: {base:.5f}; of the search value itself: {search:.5f}")

    rng = np.random.default_rng(args.seed)
    zero_rows = np.arange(lay.holes) * COUNT_BUCKETS if args.zero_empty else None
    net = Net(
        lay.holes * COUNT_BUCKETS + 2 * store_buckets, lay.holes + 2, lay.marks, args.hidden, rng, zero_rows
    )
    tr = np.flatnonzero(train)
    ho = np.flatnonzero(held)

    def held_loss() -> float:
        losses = []
        for i in range(0, len(ho), 65536):
            b = ho[i : i + 65536]
            out = net.forward(index[b], dense[b])
            losses.append(np.sum((sigmoid(out * scale * OUT_SCALE / 100.0) - target[b]) ** 2))
        return float(np.sum(losses) / len(ho))

    print("epoch  train loss  held-out loss  seconds")
    for epoch in range(1, args.epochs + 1):
        t0 = time.time()
        rng.shuffle(tr)
        lr = args.lr * (0.5 ** (epoch // max(1, args.epochs // 3)))
        total = 0.0
        batches = 0
        for i in range(0, len(tr), args.batch):
            b = tr[i : i + args.batch]
            total += net.step(index[b], dense[b], target[b], scale, lr)
            batches += 1
        print(f"{epoch:5d}  {total / batches:10.5f}  {held_loss():13.5f}  {time.time() - t0:7.1f}", flush=True)

    q = quantize(net)
    qv = quantized_value(q, obs[ho], lay)
    qloss = float(np.mean((sigmoid(qv * scale / 100.0) - target[ho]) ** 2))
    fv = net.forward(index[ho], dense[ho])
    gap = np.abs(qv - fv * OUT_SCALE)
    print(
        f"quantized network, held-out loss {qloss:.5f}; |quantized - float| value: mean "
        f"{gap.mean():.2f}, max {gap.max():.1f} hundredths of a seed"
    )
    command = "python " + " ".join(shlex.quote(a) for a in sys.argv)
    # One text line of `key=value` words (no value holds a space), the command last: it runs
    # to the end of the line.
    words = [
        ("rules", fields["rules"]),
        ("agent", fields["agent"]),
        ("observation", n_obs),
        *lay.header_words(),
        ("buckets", COUNT_BUCKETS),
        ("store_buckets", store_buckets),
        ("target_scale", scale),
        ("hidden", args.hidden),
        ("qa", QA),
        ("qb", QB),
        ("out_scale", int(OUT_SCALE)),
        ("data_sha256", digest.hexdigest()),
        ("positions", len(records)),
        ("held_out_loss", f"{qloss:.6f}"),
    ]
    header = (" ".join(f"{k}={v}" for k, v in words) + f" command={command}\n").encode()
    with open(args.out, "wb") as f:
        f.write(NET_MAGIC)
        f.write(struct.pack("<I", len(header)))
        f.write(header)
        for name in ("ws", "wd", "b1", "w2", "b2"):
            f.write(q[name].astype(q[name].dtype.newbyteorder("<")).tobytes())
    size = 12 + len(header) + sum(v.nbytes for v in q.values())
    print(f"wrote {args.out}: {size} bytes")
    print("reference values (observation -> value), held-out positions evenly spaced:")
    for i in np.linspace(0, len(ho) - 1, min(args.references, len(ho))).astype(int):
        o = obs[ho[i]]
        print(",".join(str(int(x)) for x in o), int(qv[i]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Fits the big-board search's estimate weights to a stronger player's values of positions.

1. Features of every quiet position of some games (one game per line, board notation, or
   `mnk match --record` files):
       cargo bench -q -p mnk-bench --bench features < GAMES > features.tsv
2. Label them with a Gomocup brain's evaluation (its `MESSAGE ... Eval N` lines, as Rapfi
   prints them), a few processes at a time:
       fit_estimate.py label BRAIN MS JOBS [SAMPLE] < features.tsv > labelled.tsv
3. Fit: a logistic model of the brain's win chance, sigmoid(eval / 200), from the weights
   times the features, in the search's units (the scale that fits the current weights best
   is kept), pulled toward the current weights, with every weight but the tempo at 0 or
   more, leaving out the positions where
   the brain found a forced win; every fifth position is held out to check the fit. Prints
   the weights as tune-bench settings:
       fit_estimate.py fit labelled.tsv [KEY=VALUE,...]
   (the starting weights: by default the `# weights` line that the features bench wrote)
   Needs numpy (`pip install numpy`).
Compare the result with the tune bench (`--a` the fitted settings), and then against other
players (`mnk match`), before keeping it: a fit that won in self-play lost ground against PELA
(see the doc of `impl Default for Weights` in crates/engine/src/hard_search/weights.rs).
"""
import concurrent.futures
import random
import re
import subprocess
import sys
import os

ITERATIONS = 4000
# Positions the brain values at this or more (its found wins, reported as mate and read as
# 3000) are left out: no static estimate sees a forced line, and fitting them pulled the
# weights toward the fours (self-play: 54 of 120 points against the hand-set weights, where
# leaving them out, with weights kept at 0 or more, scored 74).
MAX_EVAL = 3000
EVAL = re.compile(r"Eval (-?\+?M?\d+)")


def brain_eval(brain, ms, moves):
    """The brain's last reported evaluation for the side to move, or None."""
    words = moves.split()
    me = len(words) % 2  # the side to move: 0 x, 1 o
    lines = ["START 15", f"INFO timeout_turn {ms}", "INFO timeout_match 1000000000",
             "INFO rule 0", "BOARD"]
    for i, w in enumerate(words):
        x, y = ord(w[0]) - 97, int(w[1:]) - 1
        lines.append(f"{x},{y},{1 if i % 2 == me else 2}")
    lines += ["DONE", "END"]
    out = subprocess.run([os.path.abspath(brain)], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=ms / 1000 + 30,
                         cwd=os.path.dirname(os.path.abspath(brain))).stdout
    value = None
    for line in out.splitlines():
        m = EVAL.search(line)
        if m:
            v = m.group(1)
            if "M" in v:
                value = 3000 if not v.startswith("-") else -3000
            else:
                value = int(v)
    return value


def label(brain, ms, jobs, sample):
    rows = sys.stdin.read().splitlines()
    comments = [r for r in rows if r.startswith("#")]
    rows = [r for r in rows if not r.startswith("#")]
    head, rows = rows[0], rows[1:]
    for c in comments:
        print(c)
    if sample and sample < len(rows):
        rows = random.Random(1).sample(rows, sample)
    print(head + "\teval")
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        values = pool.map(lambda r: brain_eval(brain, ms, r.split("\t")[0]), rows)
        for r, v in zip(rows, values):
            if v is not None:
                print(f"{r}\t{v}", flush=True)


def fit(path, current):
    import numpy as np
    lines = open(path).read().splitlines()
    for l in lines:
        if l.startswith("# weights ") and not current:
            current = dict((k, int(v)) for k, v in
                           (kv.split("=") for kv in l[len("# weights "):].split(",")))
    lines = [l for l in lines if not l.startswith("#")]
    names = lines[0].split("\t")[1].split(",")
    feats, evals = [], []
    for l in lines[1:]:
        _, f, e = l.split("\t")
        if abs(float(e)) >= MAX_EVAL:
            continue
        feats.append([float(v) for v in f.split(",")])
        evals.append(float(e))
    X_all = np.array(feats)
    target_all = 1 / (1 + np.exp(-np.clip(np.array(evals), -3000, 3000) / 200.0))
    # Every fifth position is held out: the loss on them tells a fit from an overfit.
    held = np.arange(len(X_all)) % 5 == 4
    X, target = X_all[~held], target_all[~held]
    Xh, th = X_all[held], target_all[held]
    w0 = np.array([float(current.get(n, 0)) for n in names])
    # The scale that best fits the current weights: the fit keeps the search's units.
    best = None
    for s in np.geomspace(5, 5000, 200):
        p = 1 / (1 + np.exp(-(X @ w0) / s))
        loss = np.mean((p - target) ** 2)
        if best is None or loss < best[0]:
            best = (loss, s)
    loss0, scale = best
    w = w0.copy()
    # The pull toward the current weights keeps the rare features (double threats, open
    # fours) where they were: few positions say anything about them.
    lr, reg = 0.5, 1e-6
    m, v = np.zeros_like(w), np.zeros_like(w)
    for t in range(1, ITERATIONS + 1):
        z = np.clip(X @ w, -20000, 20000) / scale
        p = 1 / (1 + np.exp(-z))
        grad = X.T @ ((p - target) * p * (1 - p)) * 2 / len(X) / scale + reg * (w - w0)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad ** 2
        w -= lr * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-9)
        # No shape counts against its owner (the last weight, the tempo, may).
        w[:-1] = np.maximum(w[:-1], 0)
    def held_loss(weights):
        p = 1 / (1 + np.exp(-np.clip(Xh @ weights, -20000, 20000) / scale))
        return np.mean((p - th) ** 2)

    p = 1 / (1 + np.exp(-np.clip(X @ w, -20000, 20000) / scale))
    loss = np.mean((p - target) ** 2)
    print(f"positions {len(X)} (held out {len(Xh)}), scale {scale:.0f}; loss {loss0:.5f} -> "
          f"{loss:.5f}, held out {held_loss(w0):.5f} -> {held_loss(w):.5f}", file=sys.stderr)
    print(",".join(f"{n}={int(round(x))}" for n, x in zip(names, w)))


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "label":
        sample = int(sys.argv[5]) if len(sys.argv) > 5 else 0
        label(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sample)
    elif len(sys.argv) >= 3 and sys.argv[1] == "fit":
        current = {}
        if len(sys.argv) > 3:
            for kv in sys.argv[3].split(","):
                k, v = kv.split("=")
                current[k] = int(v)
        fit(sys.argv[2], current)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How fast `mnk solve` settles random 7x7/5 positions (issue 33's "positions with up to 6
stones"): SEED picks COUNT positions of 2 to 6 stones at random in the central 5x5 (x and o
alternating, either side to move where the counts allow), and each is solved with
`--max-time 10` by the release build. It prints, per position, the value, when the value was
proven (from the one-quarter-second report lines) and whether the whole solve, every drawing
move included, finished within the 10 s; then the two counts.

    cargo build --release -p mnk
    python3 crates/bench/scripts/positions_7x7_5.py SEED COUNT

Measured on 2026-12-05 (2 cores, alone): seeds 5 and 7, 20 positions each: the value within
10 s for 20 of 20 both times, the whole solve for 15 of 20 both times.
"""

import random
import re
import subprocess
import sys

MNK = "target/release/mnk"


def position(rng: random.Random) -> str:
    """A random position of 2 to 6 stones in the central 5x5, with a side to move."""
    stones = rng.randint(2, 6)
    cells = [(r, c) for r in range(1, 6) for c in range(1, 6)]
    grid = [["."] * 7 for _ in range(7)]
    for i, (r, c) in enumerate(rng.sample(cells, stones)):
        grid[r][c] = "x" if i % 2 == 0 else "o"
    nx = sum(row.count("x") for row in grid)
    no = sum(row.count("o") for row in grid)
    side = "o" if nx > no else rng.choice(["x", "o"])
    if nx == no:
        side = "x" if rng.random() < 0.5 else "o"
    if side == "o" and nx < no:
        side = "x"
    return "/".join("".join(r) for r in grid) + " " + side


def seconds(number: str, unit: str) -> float:
    return float(number) * (0.001 if unit == "ms" else 1.0)


def main() -> None:
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    proven_in_time = complete_in_time = 0
    for _ in range(count):
        text = position(rng)
        run = subprocess.run(
            [MNK, "solve", "--size", "7x7", "--k", "5", "--position", text,
             "--max-time", "10", "--report-every", "0.25"],
            capture_output=True, text=True, check=False)
        out = run.stdout + run.stderr
        report = re.search(r"After ([0-9.]+) (ms|s)[^\n]*proven", out)
        total = re.search(r"Searched [0-9,]+ nodes in ([0-9.]+) (ms|s)", out)
        value = re.search(r"^Value: (.*)$", out, re.M)
        complete = "stopped at the time limit" not in out
        proven_at = seconds(*report.groups()) if report else None
        whole = seconds(*total.groups()) if total else None
        if proven_at is None and complete:
            proven_at = whole
        proven_in_time += proven_at is not None and proven_at < 10
        complete_in_time += complete
        print(text, "|", value.group(1)[:50] if value else out[-200:], "| proven by",
              proven_at, "| complete", complete, whole, flush=True)
    print(f"value proven within 10 s: {proven_in_time} of {count}; "
          f"complete (best moves too) within 10 s: {complete_in_time}")


if __name__ == "__main__":
    main()

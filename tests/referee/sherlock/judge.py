#!/usr/bin/env python3
"""Plays Sherlock Solitaire with the independent engine and solver on the decks the project's
binary shuffles, and prints per game setting (a "cell": detectives x case x level) how many
games were won, lost to wounds and lost to time, and the mean number of turns.

    python3 tests/referee/sherlock/judge.py --binary target/release/polysleuth \\
        --games 300 --first-seed 1 [--detective holmes|watson|both|all] \\
        [--case valley_of_fear|final_problem|all] [--level 1|2|3|all] [--json]

Game i (0 <= i < N) is played on the deck of seed S+i, read from the binary's
`replay FILE` with FILE = {"ruleset": "sherlock", "seed": SEED, "messages": []} (its "deck",
48 faces top first; the deck does not depend on the settings).  Only the deck is taken from the
binary: the play, the reshuffles (Python's random.Random(seed)) and the outcome are this
folder's own.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from engine import play_game  # noqa: E402
from solver import Solver  # noqa: E402

DETECTIVES = {"holmes": ("holmes",), "watson": ("watson",), "both": ("holmes", "watson")}
CASES = ("valley_of_fear", "final_problem")


def deck_of(binary, seed):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"ruleset": "sherlock", "seed": seed, "messages": []}, f)
        path = f.name
    try:
        out = subprocess.run([binary, "replay", path], capture_output=True, text=True,
                             check=True).stdout
    finally:
        os.unlink(path)
    deck = json.loads(out)["deck"]
    if len(deck) != 48 or sorted(deck) != sorted("1234" * 8 + "ABCD" * 4):
        raise SystemExit("seed %d: not a Sherlock deck: %r" % (seed, deck))
    return deck


def _deck_job(args):
    binary, seed = args
    return seed, deck_of(binary, seed)


def _game_job(args):
    cell, seed, deck = args
    dets, case, level = cell
    g = play_game(deck, Solver(seed=seed), dets, case, level, seed=seed)
    return cell, seed, g.outcome, g.turn


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--first-seed", type=int, required=True)
    ap.add_argument("--detective", default="all", choices=["holmes", "watson", "both", "all"])
    ap.add_argument("--case", default="all", choices=list(CASES) + ["all"])
    ap.add_argument("--level", default="all", choices=["1", "2", "3", "all"])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--deck-cache", help="a JSON file to keep the decks by seed in")
    a = ap.parse_args(argv)

    t0 = time.time()
    dets = ["holmes", "watson", "both"] if a.detective == "all" else [a.detective]
    cases = list(CASES) if a.case == "all" else [a.case]
    levels = [1, 2, 3] if a.level == "all" else [int(a.level)]
    cells = [(DETECTIVES[d], c, lv) for d in dets for c in cases for lv in levels]
    seeds = list(range(a.first_seed, a.first_seed + a.games))

    cache = {}
    if a.deck_cache and os.path.exists(a.deck_cache):
        with open(a.deck_cache) as f:
            cache = {int(k): v for k, v in json.load(f).items()}
    missing = [s for s in seeds if s not in cache]
    workers = max(1, a.workers)
    pool = Pool(workers) if workers > 1 else None
    try:
        if missing:
            jobs = [(a.binary, s) for s in missing]
            it = pool.imap_unordered(_deck_job, jobs, 8) if pool else map(_deck_job, jobs)
            for s, d in it:
                cache[s] = d
            if a.deck_cache:
                with open(a.deck_cache, "w") as f:
                    json.dump({str(k): v for k, v in sorted(cache.items())}, f)
        t_decks = time.time() - t0
        jobs = [(cell, s, cache[s]) for cell in cells for s in seeds]
        res = {cell: {"won": 0, "lost_to_wounds": 0, "lost_to_time": 0, "turns": 0}
               for cell in cells}
        it = pool.imap_unordered(_game_job, jobs, 4) if pool else map(_game_job, jobs)
        for cell, seed, outcome, turn in it:
            r = res[cell]
            r[outcome] += 1
            r["turns"] += turn
    finally:
        if pool:
            pool.close()
            pool.join()
    elapsed = time.time() - t0

    rows = []
    for cell in cells:
        r = res[cell]
        n = a.games
        rows.append({"detectives": list(cell[0]), "case": cell[1], "level": cell[2],
                     "games": n, "won": r["won"], "lost_to_wounds": r["lost_to_wounds"],
                     "lost_to_time": r["lost_to_time"],
                     "mean_turns": round(r["turns"] / n, 3) if n else 0.0})
    if a.json:
        print("[\n" + ",\n".join(" " + json.dumps(r) for r in rows) + "\n]")
    else:
        head = "%-14s %-15s %5s %6s %6s %7s %7s %7s %10s" % (
            "detectives", "case", "level", "games", "won", "won%", "wounds", "time",
            "mean_turns")
        print(head)
        print("-" * len(head))
        for r in rows:
            print("%-14s %-15s %5d %6d %6d %6.1f%% %7d %7d %10.2f" % (
                "+".join(r["detectives"]), r["case"], r["level"], r["games"], r["won"],
                100.0 * r["won"] / r["games"] if r["games"] else 0.0, r["lost_to_wounds"],
                r["lost_to_time"], r["mean_turns"]))
    print("%d games in %.1f s (decks %.1f s, %d workers)" % (
        len(cells) * a.games, elapsed, t_decks, workers), file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks that this folder's engine and the project's agree rule for rule: the independent
solver plays games on the binary's decks, each turn's actions are written in the turn language
(RULES-SHERLOCK §6) as one reply, and `polysleuth replay` must accept every line and end each
game as this engine did (outcome, turn, wounds). Games with a reshuffle are played only up to
it (the two programs shuffle from different streams), so they are compared on their lines
alone.

    python3 tests/referee/sherlock/crosscheck.py --binary target/release/polysleuth \\
        --games 100 --first-seed 1
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from engine import Game  # noqa: E402
from judge import deck_of, DETECTIVES, CASES  # noqa: E402
from solver import Solver  # noqa: E402

OUTCOME = {"won": "won", "lost_to_wounds": "wounded", "lost_to_time": "out_of_time"}


def line_of(g, act):
    """The action, written in the turn language (None for the end of a turn)."""
    kind = act[0]
    if kind == "redraw":
        return "redraw"
    if kind == "play":
        plus = "+" if act[2] else ""
        if act[3] == "scene":
            return "%s%s scene" % (plus, act[1])
        return "%s%s office on %d" % (plus, act[1], act[4])
    if kind == "complete":
        return "complete %d" % act[1]
    if kind == "end":
        return None
    o = act[1]
    ability = g.pending[0]
    return {
        "H1": lambda: "then %s from scene to set %d" % o,
        "H2": lambda: "then %s from discard to office" % o,
        "H3": lambda: "then %s from set %d to discard" % (o[1], o[0]),
        "W1": lambda: "then %s from scene to discard" % o,
        "W2": lambda: "then %s from scene to office" % o,
        "W3": lambda: "then %s from discard to hand" % o,
    }[ability]()


def play(deck, cell, seed):
    dets, case, level = cell
    g = Game(deck, dets, case, level, seed=seed)
    solver = Solver(seed=seed)
    replies, lines, turn = [], [], g.turn
    while not g.over and g.reshuffles == 0:
        acts = g.legal_actions()
        a = acts[0] if len(acts) == 1 else solver(g.player_view())
        text = line_of(g, a)
        if text is not None:
            lines.append(text)
        g.apply(a)
        if g.turn != turn or g.over:
            replies.append("\n".join(lines))
            lines, turn = [], g.turn
    if lines:
        replies.append("\n".join(lines))
    return g, replies


def replay(binary, seed, cell, replies):
    dets, case, level = cell
    record = {"ruleset": "sherlock", "seed": seed,
              "settings": {"detectives": list(dets), "case": case, "level": level},
              "messages": [{"text": r} for r in replies]}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(record, f)
        path = f.name
    try:
        out = subprocess.run([binary, "replay", path], capture_output=True, text=True,
                             check=True).stdout
    finally:
        os.unlink(path)
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--first-seed", type=int, default=1)
    a = ap.parse_args()
    cells = [(DETECTIVES[d], c, lv) for d in ("holmes", "watson", "both") for c in CASES
             for lv in (1, 2, 3)]
    games = whole = differ = 0
    for seed in range(a.first_seed, a.first_seed + a.games):
        deck = deck_of(a.binary, seed)
        for cell in cells:
            g, replies = play(deck, cell, seed)
            out = replay(a.binary, seed, cell, replies)
            games += 1
            refused = [(m["lines"][i]["line"], m["lines"][i]["refused"])
                       for m in out["messages"] for i in range(len(m.get("lines", [])))
                       if "refused" in m["lines"][i]]
            problem = None
            if refused:
                problem = "refused %r" % (refused[0],)
            elif g.reshuffles == 0:
                whole += 1
                mine = (OUTCOME[g.outcome], g.turn, g.wounds)
                theirs = (out["outcome"], out["turn"], out["wounds"])
                if mine != theirs:
                    problem = "ended %r here, %r there" % (mine, theirs)
            if problem:
                differ += 1
                print("seed %d %s: %s" % (seed, "+".join(cell[0]) + " " + cell[1] + " "
                                          + str(cell[2]), problem))
    print("%d games (%d whole, without a reshuffle), %d differ" % (games, whole, differ))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Replays the worked scenarios and N random games of each ruleset through `polysleuth replay`
and prints one SHA-256 per group and one for everything: a reshaping of the code that must not
change what `replay` prints is checked by running this before and after and comparing.

    scripts/replay-digest.py [--games 200] [--binary target/release/polysleuth] [--keep DIR]

The random games are drawn from a fixed seed, so the same binary gives the same digests. Their
turns mix legal and illegal lines on purpose: refusals are part of the contract too.
"""

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLOURS = ["Red", "Blue", "Green", "Yellow"]
GEMS = ["Diamond", "Pearl", "Opal"]
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus"]
SEARCH = [
    "Reds", "Blues", "Greens", "Yellows", "Diamonds", "Pearls", "Opals", "Solitaires", "Pairs",
    "Clusters", "Red Diamonds", "Blue Pearls", "Green Opals", "Yellow Diamonds", "Pearl Clusters",
    "Opal Pairs", "Diamond Solitaires", "Red Pairs", "Free Choice",
]


def card(rng):
    return f"{rng.randint(1, 3)} {rng.choice(COLOURS)} {rng.choice(GEMS)}"


def polysleuth_game(rng, n):
    players = NAMES[:n]
    rounds = []
    for _ in range(rng.randint(1, 12)):
        turns = {}
        for p in players:
            lines = []
            others = [o for o in players if o != p] + ["safe"]
            k = 1
            for _ in range(rng.randint(0, 2)):
                lines.append(f"{k}: {rng.choice(others)} has {card(rng)}")
                k += 1
            for _ in range(rng.randint(0, 2)):
                trait = rng.choice(COLOURS + [g + "s" for g in GEMS] + ["Ones", "Twos", "Threes"])
                target = rng.choice(others)
                lines.append(f"{k} ({rng.randint(0, 9)}): {target} has how many {trait}?")
                k += 1
            if rng.random() < 0.3:
                lines.append("ready")
            if rng.random() < 0.05:
                lines.append("done")
            if lines:
                turns[p] = "\n".join(lines)
        rounds.append(turns)
    game = {"players": players, "seed": rng.randint(0, 2**32), "rounds": rounds}
    if rng.random() < 0.3:
        game["settings"] = {"question_payment": rng.choice(["winner", "all"]), "max_rounds": 8}
    return game


def sleuth_game(rng, n):
    players = NAMES[:n]
    steps = []
    for i in range(rng.randint(1, 40)):
        r = rng.random()
        # Mostly the player whose turn it likely is (seat order), sometimes anyone.
        p = players[i % n] if rng.random() < 0.8 else rng.choice(players)
        if r < 0.6:
            other = rng.choice([o for o in players if o != p])
            steps.append({"player": p, "text": f"ask {other} for {rng.choice(SEARCH)}"})
        elif r < 0.7:
            steps.append({"player": p, "text": f"accuse {card(rng)}"})
        elif r < 0.85:
            steps.append({"deadline": True})
        elif r < 0.9:
            steps.append({"gm": "skip"})
        else:
            steps.append({"player": p, "text": "status"})
    game = {"ruleset": "sleuth", "players": players, "seed": rng.randint(0, 2**32), "steps": steps}
    if steps and rng.random() < 0.5:
        game["sheets"] = [{"after": rng.randint(0, len(steps)), "player": rng.choice(players)}]
    return game


def replay(binary, spec):
    run = subprocess.run([binary, "replay", "-"], input=json.dumps(spec).encode(),
                         capture_output=True)
    return run.stdout + b"\n--stderr--\n" + run.stderr + f"\n--exit {run.returncode}--\n".encode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "polysleuth"))
    ap.add_argument("--keep", help="write every output into this folder")
    a = ap.parse_args()
    rng = random.Random(20261125)
    groups = {"scenarios": [], "polysleuth": [], "sleuth": []}
    for folder in [os.path.join(ROOT, "..", "shared", "scenarios"), os.path.join(ROOT, "tests", "scenarios")]:
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                if name.endswith(".json"):
                    with open(os.path.join(folder, name)) as f:
                        groups["scenarios"].append((name, json.load(f)["spec"]))
    for i in range(a.games):
        groups["polysleuth"].append((f"polysleuth-{i}", polysleuth_game(rng, rng.randint(3, 7))))
        groups["sleuth"].append((f"sleuth-{i}", sleuth_game(rng, rng.randint(3, 6))))
    everything = hashlib.sha256()
    for group, specs in groups.items():
        digest = hashlib.sha256()
        for name, spec in specs:
            out = replay(a.binary, spec)
            digest.update(name.encode() + b"\0" + out)
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
                with open(os.path.join(a.keep, name + ".out"), "wb") as f:
                    f.write(out)
        everything.update(digest.digest())
        print(f"{group}: {len(specs)} games, sha256 {digest.hexdigest()}")
    print(f"all: sha256 {everything.hexdigest()}")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# The searching solver judged against an independent one: the engine and solver of
# tests/referee/sherlock/ (Python, written from the rules alone) play the same decks — game i on
# the deck seed S+i shuffles — in every cell (Holmes, Watson, both; each case; each level), and
# `polysleuth simulate --ruleset sherlock --first-deck S` plays them with the project's solver.
# Prints, per cell, both win rates with their 95% intervals and whether ours wins at least as
# often (a difference within what chance gives on these games counts as even).
#
#   scripts/sherlock-judge.sh              # 300 games a cell
#   GAMES=60 scripts/sherlock-judge.sh     # a quick look
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-300}
first=${FIRST:-1}

cargo build --release --locked -q
bin=target/release/polysleuth
work=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-sherlock-judge.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$bin" simulate --ruleset sherlock --detective all --case all --level all --solver searching \
  --games "$games" --first-deck "$first" --jobs 2 --json >"$work/ours.json"
python3 tests/referee/sherlock/judge.py --binary "$bin" --games "$games" --first-seed "$first" \
  --json >"$work/theirs.json"

python3 - "$work" <<'PY'
import json, math, sys
work = sys.argv[1]
ours = {("+".join(l["cell"]["detectives"]), l["cell"]["case"], l["cell"]["level"]): l
        for l in json.load(open(f"{work}/ours.json"))["summary"]}
raw = json.load(open(f"{work}/theirs.json"))
theirs = {("+".join(l["detectives"]), l["case"], l["level"]): l for l in raw}
def wilson(k, n):
    p, z = k / n, 1.96
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return f"{p*100:.1f}% ({(c-h)*100:.1f}–{(c+h)*100:.1f})"
print("| detectives | case | level | ours: won | independent: won | verdict |")
print("|---|---|---|---|---|---|")
behind = 0
for key, o in ours.items():
    t = theirs[key]
    n1, n2 = o["games"], t["games"]
    p1, p2 = o["won"] / n1, t["won"] / n2
    pooled = (o["won"] + t["won"]) / (n1 + n2)
    se = math.sqrt(max(pooled * (1 - pooled) * (1 / n1 + 1 / n2), 1e-12))
    z = (p1 - p2) / se
    if p1 >= p2:
        verdict = "ours at least as often"
    elif z > -1.96:
        verdict = f"ours below by {100*(p2-p1):.1f} points, within chance (z = {z:.2f})"
    else:
        verdict = f"**ours below by {100*(p2-p1):.1f} points** (z = {z:.2f})"
        behind += 1
    d, case, level = key
    print(f"| {d.replace('+', ' + ')} | {case} | {level} | {wilson(o['won'], n1)} | {wilson(t['won'], n2)} | {verdict} |")
print()
print(f"cells where ours wins clearly less often: {behind} of {len(ours)}")
PY

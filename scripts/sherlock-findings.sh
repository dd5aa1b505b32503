#!/usr/bin/env bash
# What Sherlock Solitaire's solvers teach about its cases: the Sherlock part of the book's
# Findings page, run by `polysleuth simulate --ruleset sherlock` over every cell (Holmes,
# Watson and both together; each case; each level) with both solvers, and written into
# docs/src/findings.md between the `sherlock-findings:begin` and `sherlock-findings:end` marks,
# with the date, the machine, the commands and the time the searching solver took.
#
#   scripts/sherlock-findings.sh            # 10,000 games a cell, about 4 minutes on two cores
#   scripts/sherlock-findings.sh --print    # the same, printed instead of written into the page
#   GAMES=500 scripts/sherlock-findings.sh --print   # fewer games a cell, for a quick look
set -euo pipefail
cd "$(dirname "$0")/.."
print_only=${1:-}
games=${GAMES:-10000}
seed=${SEED:-1}

cargo build --release --locked -q
bin=target/release/polysleuth
work=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-sherlock-findings.XXXXXX")
trap 'rm -rf "$work"' EXIT

for solver in searching greedy; do
  echo "== $solver: 18 cells of $games games" >&2
  start=$(date +%s.%N)
  "$bin" simulate --ruleset sherlock --detective all --case all --level all --solver "$solver" \
    --games "$games" --seed "$seed" --jobs 2 --json >"$work/$solver.json"
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.1f}')" >"$work/$solver.seconds"
done

machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -m)"
python3 - "$work" "$games" "$seed" "$machine" >"$work/findings.md" <<'PY'
import json, math, sys, datetime
work, games, seed, machine = sys.argv[1:5]
def load(solver):
    return json.load(open(f"{work}/{solver}.json"))["summary"]
def seconds(solver):
    return float(open(f"{work}/{solver}.seconds").read())
def wilson(k, n):
    p, z = k / n, 1.96
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (p, c - h, c + h)
def pc(k, n):
    p, lo, hi = wilson(k, n)
    return f"{p*100:.1f}% ({lo*100:.1f}–{hi*100:.1f})"
CLOCK = {("valley_of_fear", 1): 6, ("valley_of_fear", 2): 9, ("valley_of_fear", 3): 12,
         ("final_problem", 1): 11, ("final_problem", 2): 13, ("final_problem", 3): 16}
NAMES = {"holmes": "Holmes", "watson": "Watson"}
CASES = {"valley_of_fear": "The Valley of Fear", "final_problem": "The Final Problem"}
def key(line):
    c = line["cell"]
    return ("+".join(c["detectives"]), c["case"], c["level"])
good = {key(l): l for l in load("searching")}
greedy = {key(l): l for l in load("greedy")}
total = int(games) * len(good)
out = []
out.append(f"Measured {datetime.date.today()} on {machine} by `scripts/sherlock-findings.sh`: "
           f"`polysleuth simulate --ruleset sherlock --detective all --case all --level all --solver S --games {games} --seed {seed} --jobs 2`, "
           f"the same {games} decks in every cell; in brackets the 95% interval (Wilson). "
           f"The searching solver played its {total:,} games in {seconds('searching'):.0f} s "
           f"({total / seconds('searching'):,.0f} games a second); the greedy one in {seconds('greedy'):.0f} s. "
           "The clock is the rules' (the case's last turn).")
out.append("")
out.append("| detectives | case | level | turns allowed | searching: won | turns | wounds | greedy: won | turns | wounds |")
out.append("|---|---|---|---|---|---|---|---|---|---|")
trivial, hopeless = [], []
for k, g in good.items():
    d, case, level = k
    r = greedy[k]
    who = " + ".join(NAMES[x] for x in d.split("+"))
    out.append(f"| {who} | {CASES[case]} | {level} | {CLOCK[(case, level)]} | {pc(g['won'], g['games'])} | {g['mean_turns']:.1f} | {g['mean_wounds']:.2f} | {pc(r['won'], r['games'])} | {r['mean_turns']:.1f} | {r['mean_wounds']:.2f} |")
    rate = g["won"] / g["games"]
    if rate > 0.9:
        trivial.append(f"{who}, {CASES[case]} {level}")
    if rate < 0.02:
        hopeless.append(f"{who}, {CASES[case]} {level}")
out.append("")
both_easier = [k for k in good if k[0] == "holmes+watson"
               and good[k]["won"] > max(good[("watson",) + k[1:]]["won"], good[("holmes",) + k[1:]]["won"])]
out.append(f"**Two detectives**: Holmes and Watson together won more than both alone in {len(both_easier)} of the 6 case-and-level cells; "
           "they share the Office, the Crime Scene and the wounds, and each pair triggers only the ability of the detective whose turn it is.")
out.append("")
out.append("**Trivial or hopeless cells** for the searching solver (over 90% or under 2%): "
           + ("trivial: " + "; ".join(trivial) + ". " if trivial else "none trivial. ")
           + ("hopeless: " + "; ".join(hopeless) + "." if hopeless else "none hopeless."))
print("\n".join(out))
PY

if [ "$print_only" = "--print" ]; then
  cat "$work/findings.md"
else
  page=docs/src/findings.md
  python3 - "$work/findings.md" "$page" <<'PY'
import sys
new = open(sys.argv[1]).read().strip()
text = open(sys.argv[2]).read()
begin, end = "<!-- sherlock-findings:begin -->", "<!-- sherlock-findings:end -->"
if begin not in text or end not in text:
    sys.exit(f"{sys.argv[2]} has no sherlock-findings:begin and sherlock-findings:end marks")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(sys.argv[2], "w").write(head + begin + "\n" + new + "\n" + end + tail)
PY
  echo "$page updated" >&2
fi

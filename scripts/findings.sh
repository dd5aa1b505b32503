#!/usr/bin/env bash
# What computer players teach about the game: every figure of the book's Findings page
# ("What simulation shows"), run by `polysleuth simulate` and written into
# docs/src/findings.md between the `findings:begin` and `findings:end` marks, with the date,
# the machine and the commands.
#
#   scripts/findings.sh            # about 15 minutes on two cores
#   scripts/findings.sh --print    # the same, printed instead of written into the page
#   GAMES=200 scripts/findings.sh --print   # fewer games per line, for a quick look
set -euo pipefail
cd "$(dirname "$0")/.."
print_only=${1:-}
games=${GAMES:-2000}
seed=${SEED:-1}

cargo build --release --locked -q
bin=target/release/polysleuth
work=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-findings.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One simulation, its JSON kept under a name: name, players, seats, settings...
sim() {
  local name=$1 players=$2 seats=$3
  shift 3
  local args=()
  for s in "$@"; do args+=(--setting "$s"); done
  echo "== $name" >&2
  "$bin" simulate --players "$players" --games "$games" --seats "$seats" --seed "$seed" \
    ${args[@]+"${args[@]}"} --json >"$work/$name.json"
}

# Who beats whom: one player of a level among players of another, 3 to 7 players.
for n in 3 4 5 7; do
  for pair in detective:novice master:novice master:detective novice:detective; do
    one=${pair%%:*} rest=${pair##*:}
    seats=$one
    for _ in $(seq 2 "$n"); do seats="$seats,$rest"; done
    sim "one-$one-$rest-$n" "$n" "$seats"
  done
done
# The goals of the levels.
sim goal-detective 4 detective,novice,novice,novice
sim goal-master 4 master,detective,master,detective
# Seat position, with every seat alike.
for n in 3 4 5 7; do sim "seats-$n" "$n" detective; done
# House rules: game length, and the master's edge among detectives.
sim rule-default 4 master,detective,detective,detective
sim rule-markup-0 4 master,detective,detective,detective one_trait_markup=0
sim rule-markup-4 4 master,detective,detective,detective one_trait_markup=4
sim rule-income-6 4 master,detective,detective,detective income=6
sim rule-income-24 4 master,detective,detective,detective income=24
sim rule-pay-all 4 master,detective,detective,detective question_payment=all
sim rule-safe-4 4 master,detective,detective,detective safe_size=4

# Four detectives, ten thousand games: the speed figure.
echo "== speed" >&2
start=$(date +%s.%N)
"$bin" simulate --players 4 --games 10000 --seats detective --seed "$seed" >/dev/null
speed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')

machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -m)"
python3 - "$work" "$games" "$seed" "$machine" "$speed" >"$work/findings.md" <<'PY'
import json, sys, datetime
work, games, seed, machine, speed = sys.argv[1:6]
def load(name):
    return json.load(open(f"{work}/{name}.json"))
def level_rate(name, level):
    for l, r in load(name)["summary"]["by_level"]:
        if l == level:
            return r
def pc(r):
    return f"{r['rate']*100:.1f}% ({r['low']*100:.1f}–{r['high']*100:.1f})"
out = []
out.append(f"Measured {datetime.date.today()} on {machine} by `scripts/findings.sh`: {games} games per line, seed {seed}; a tie counts as a shared win; in brackets the 95% interval (Wilson).")
out.append("")
out.append("**Who beats whom**: the win rate of one player of the first level among players of the second (a seat's fair share is 1/N).")
out.append("")
pairs = [("detective","novice"),("master","novice"),("master","detective"),("novice","detective")]
out.append("| players | fair share | " + " | ".join(f"one {a} among {b}s" for a,b in pairs) + " |")
out.append("|---|---|" + "---|"*len(pairs))
for n in (3,4,5,7):
    cells = [pc(level_rate(f"one-{a}-{b}-{n}", a)) for a,b in pairs]
    out.append(f"| {n} | {100/n:.1f}% | " + " | ".join(cells) + " |")
out.append("")
d = level_rate("goal-detective", "detective")
m = load("goal-master")["summary"]
mr = level_rate("goal-master", "master")
out.append(f"**The goals**: one detective among three novices wins {pc(d)} of 4-player games; with two masters and two detectives, a master wins {mr['rate']*2*100:.1f}% of games (each master seat {pc(mr)}).")
out.append("")
out.append("**Seat position** (every seat a detective; seat 1 is the first player named):")
out.append("")
out.append("| players | " + " | ".join(f"seat {i}" for i in range(1,8)) + " |")
out.append("|---|" + "---|"*7)
for n in (3,4,5,7):
    seats = load(f"seats-{n}")["summary"]["by_seat"]
    cells = [pc(r) for _, r in seats] + [""]*(7-len(seats))
    out.append(f"| {n} | " + " | ".join(cells) + " |")
out.append("")
out.append("**House rules** (4 players: one master, three detectives): game length, the master's win rate (fair share 25%), and what a player spends and learns.")
out.append("")
out.append("| rules | rounds (mean, min–max) | master wins | eyes spent per player | questions answered per player |")
out.append("|---|---|---|---|---|")
rules = [("default","defaults (markup 2, income 12, winner pays, no safe)"),("markup-0","`one_trait_markup=0`"),("markup-4","`one_trait_markup=4`"),("income-6","`income=6`"),("income-24","`income=24`"),("pay-all","`question_payment=all`"),("safe-4","`safe_size=4`")]
for key, label in rules:
    s = load(f"rule-{key}")["summary"]
    r = level_rate(f"rule-{key}", "master")
    spent = sum(x["eyes_spent"]*x["seats"] for _, x in s["by_level"]) / sum(x["seats"] for _, x in s["by_level"])
    asked = sum(x["answered"]*x["seats"] for _, x in s["by_level"]) / sum(x["seats"] for _, x in s["by_level"])
    out.append(f"| {label} | {s['rounds_mean']:.1f} ({s['rounds_min']}–{s['rounds_max']}) | {pc(r)} | {spent:.0f} | {asked:.1f} |")
out.append("")
out.append(f"**Speed**: `polysleuth simulate --players 4 --games 10000 --seats detective --seed {seed}` took {float(speed):.0f} s on both cores.")
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
begin, end = "<!-- findings:begin -->", "<!-- findings:end -->"
if begin not in text or end not in text:
    sys.exit(f"{sys.argv[2]} has no findings:begin and findings:end marks")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(sys.argv[2], "w").write(head + begin + "\n" + new + "\n" + end + tail)
PY
  echo "$page updated" >&2
fi

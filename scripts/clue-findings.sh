#!/usr/bin/env bash
# What Clue's computer players teach about the game: the Clue part of the book's Findings page,
# run by `polysleuth simulate --ruleset clue` and written into docs/src/findings.md between the
# `clue-findings:begin` and `clue-findings:end` marks, with the date, the machine and the
# commands.
#
#   scripts/clue-findings.sh            # about 5 minutes on two cores
#   scripts/clue-findings.sh --print    # the same, printed instead of written into the page
#   GAMES=200 scripts/clue-findings.sh --print   # fewer games per line, for a quick look
set -euo pipefail
cd "$(dirname "$0")/.."
print_only=${1:-}
games=${GAMES:-2000}
seed=${SEED:-1}

cargo build --release --locked -q
bin=target/release/polysleuth
work=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-clue-findings.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One simulation, its JSON kept under a name: name, players, seats, settings...
sim() {
  local name=$1 players=$2 seats=$3
  shift 3
  local args=()
  for s in "$@"; do args+=(--setting "$s"); done
  echo "== $name" >&2
  "$bin" simulate --ruleset clue --players "$players" --games "$games" --seats "$seats" \
    --seed "$seed" ${args[@]+"${args[@]}"} --json >"$work/$name.json"
}

# Who beats whom: one player of a level among players of another, 3 to 6 players.
for n in 3 4 5 6; do
  for pair in detective:novice master:novice master:detective novice:detective; do
    one=${pair%%:*} rest=${pair##*:}
    seats=$one
    for _ in $(seq 2 "$n"); do seats="$seats,$rest"; done
    sim "one-$one-$rest-$n" "$n" "$seats"
  done
done
# The first player's edge, every seat alike; and the board on and off.
for n in 3 4 5 6; do sim "first-$n" "$n" detective; done
sim board-on 4 master,detective,detective,detective
sim board-off 4 master,detective,detective,detective board=off
sim ask-refuter 4 master,detective,detective,detective ask_refuter=on
sim board-off-first 4 detective board=off

machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -m)"
python3 - "$work" "$games" "$seed" "$machine" >"$work/findings.md" <<'PY'
import json, math, sys, datetime
work, games, seed, machine = sys.argv[1:5]
def load(name):
    return json.load(open(f"{work}/{name}.json"))["summary"]
def wilson(k, n):
    if n == 0:
        return (0, 0, 0)
    p, z = k / n, 1.96
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (p, c - h, c + h)
def pc(k, n):
    p, lo, hi = wilson(k, n)
    return f"{p*100:.1f}% ({lo*100:.1f}–{hi*100:.1f})"
def level(s, name):
    return next(l for l in s["levels"] if l["level"] == name)
out = []
out.append(f"Measured {datetime.date.today()} on {machine} by `scripts/clue-findings.sh`: `polysleuth simulate --ruleset clue`, {games} games per line, seed {seed}, the board on unless said; in brackets the 95% interval (Wilson). Every level accuses only on a proof, so no game ended without a winner and no accusation was wrong.")
out.append("")
out.append("**Who beats whom**: the win rate of one player of the first level among players of the second (a seat's fair share is 1/N).")
out.append("")
pairs = [("detective","novice"),("master","novice"),("master","detective"),("novice","detective")]
out.append("| players | fair share | " + " | ".join(f"one {a} among {b}s" for a,b in pairs) + " |")
out.append("|---|---|" + "---|"*len(pairs))
for n in (3,4,5,6):
    cells = []
    for a, b in pairs:
        s = load(f"one-{a}-{b}-{n}")
        cells.append(pc(level(s, a)["wins"], s["games"]))
    out.append(f"| {n} | {100/n:.1f}% | " + " | ".join(cells) + " |")
out.append("")
out.append("**The first player's edge**: every seat a detective; how often the player the roll-off sent first won, and the game's length.")
out.append("")
out.append("| players | fair share | the first player won | turns a game (mean) |")
out.append("|---|---|---|---|")
for n in (3,4,5,6):
    s = load(f"first-{n}")
    out.append(f"| {n} | {100/n:.1f}% | {pc(s['first_player_wins'], s['games'])} | {s['mean_turns']:.1f} |")
out.append("")
out.append("**The board on and off, and `ask_refuter`** (4 players: one master, three detectives; every seat a detective for the first player's edge with the board off):")
out.append("")
out.append("| house rules | turns a game (mean) | the master won |")
out.append("|---|---|---|")
for key, label in [("board-on", "defaults (board on)"), ("board-off", "`board=off`"), ("ask-refuter", "`ask_refuter=on`")]:
    s = load(key)
    out.append(f"| {label} | {s['mean_turns']:.1f} | {pc(level(s, 'master')['wins'], s['games'])} |")
s = load("board-off-first")
out.append("")
out.append(f"With the board off and four detectives, the first player won {pc(s['first_player_wins'], s['games'])} of the games (25.0% for a fair share), in {s['mean_turns']:.1f} turns on average.")
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
begin, end = "<!-- clue-findings:begin -->", "<!-- clue-findings:end -->"
if begin not in text or end not in text:
    sys.exit(f"{sys.argv[2]} has no clue-findings:begin and clue-findings:end marks")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(sys.argv[2], "w").write(head + begin + "\n" + new + "\n" + end + tail)
PY
  echo "$page updated" >&2
fi

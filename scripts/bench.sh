#!/usr/bin/env bash
# Regenerates every performance figure the book's Performance page shows, with the date and the
# machine, and puts them in docs/src/performance.md between the `bench:begin` and `bench:end`
# marks: a figure not written by this script is not on that page.
#
#   scripts/bench.sh              # everything: about half an hour on two cores
#   scripts/bench.sh --print      # the same, printed instead of written into the page
#
# It runs the load test (scripts/loadtest.sh), the deadline storm at 10,000 and 100,000 games
# on SQLite and on PostgreSQL with two instances (a throwaway cluster from
# scripts/pg-cluster.sh; left out, and said so, where PostgreSQL is not installed), the scale
# table, mail ingestion by pipe and by IMAP (a throwaway Dovecot), the rules, the
# Information Sheet assistant, classic Sleuth's engine and sheet, and each game's simulation.
set -euo pipefail
cd "$(dirname "$0")/.."
print_only=${1:-}

work=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-bench.XXXXXX")
# The cluster runs as an unprivileged user when this runs as root: it must reach its folder.
chmod 755 "$work"
pg_dir="$work/pg"
cleanup() { [ -d "$pg_dir/data" ] && scripts/pg-cluster.sh stop "$pg_dir" >/dev/null 2>&1; rm -rf "$work"; }
out="$work/figures.md"
log="$work/step.log"
say() { echo "== $*" >&2; : >"$log"; }
# A step that fails shows what it said.
trap 'status=$?; [ $status -ne 0 ] && [ -s "$log" ] && tail -30 "$log" >&2; cleanup' EXIT

# criterion's middle estimate of a benchmark, from its output: "time: [a b c]" -> "b unit".
criterion() { # file, benchmark name
  awk -v name="$2" '
    index($0, name) { found = 1 }
    found && /time:/ { gsub(/.*\[/, ""); gsub(/\].*/, ""); print $3, $4; exit }' "$1"
}

cargo build --release --locked -q --benches

machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -m)"
{
  echo "Measured $(date -u +%Y-%m-%d) on $machine by \`scripts/bench.sh\`."
  echo
} >"$out"

say "load test"
{
  echo "### Load test"
  echo
  echo "\`DURATION=10s scripts/loadtest.sh\`: 300 four-player games on SQLite, \`wrk -t2 --latency\` on the same cores. Each endpoint runs between two runs of the static page, and its ratio is to their mean."
  echo
  DURATION=10s scripts/loadtest.sh 2>>"$log"
  echo
} >>"$out"

say "deadline storm"
pg_url=""
if pg_url=$(scripts/pg-cluster.sh start "$pg_dir" 2>>"$log"); then :; else pg_url=""; fi
{
  echo "### Deadline storm"
  echo
  echo "\`STORM_GAMES=N [STORM_POSTGRES_URL=…] cargo bench --bench deadline_storm\`: N games due at once, until every round is resolved and its mail queued."
  echo
  echo "| games due at once | database | time | rounds/s |"
  echo "|---|---|---|---|"
} >>"$out"
for n in 10000 100000; do
  STORM_GAMES=$n STORM_POSTGRES_URL="$pg_url" cargo bench --locked -q --bench deadline_storm 2>>"$log" |
    sed -nE "s/^(.*): ([0-9]+) rounds resolved and [0-9]+ mails queued in ([0-9.]+) s \(([0-9]+) rounds\/s\)/| \2 | \1 | \3 s | \4 |/p" >>"$out"
done
[ -n "$pg_url" ] || echo "| | PostgreSQL | not measured: no PostgreSQL cluster could be started here | |" >>"$out"
echo >>"$out"

say "scale"
{
  echo "### Scale"
  echo
  echo "\`cargo bench --bench scale\`: the median time of each everyday operation at growing sizes of a SQLite database (copies of one game; delivered mail in the outbox; rounds already played). The goal: no operation slower by more than 1.5× from the smallest to the largest."
  echo
  cargo bench --locked -q --bench scale 2>>"$log"
  echo
} >>"$out"

say "mail ingestion"
cargo bench --locked --bench ingest >"$work/ingest.txt" 2>&1 || { tail -30 "$work/ingest.txt" >&2; exit 1; }
imap=$(cargo bench --locked -q --bench imap_ingest 2>>"$log" | sed -nE 's/.* in ([0-9.]+) s: ([0-9]+) messages\/s/\1 s, \2 messages\/s/p')
say "rules"
cargo bench --locked --bench rules >"$work/rules.txt" 2>&1 || { tail -30 "$work/rules.txt" >&2; exit 1; }
# criterion counts each game as an element: "Kelem/s" are thousands of games a second.
games_per_s=$(awk '/replay 64 games/ { f = 1 } f && /thrpt:/ { gsub(/.*\[/, ""); gsub(/\].*/, ""); print $3, $4; exit }' "$work/rules.txt" | sed -e 's/ Kelem\/s/ thousand games\/s/' -e 's/ elem\/s/ games\/s/')
{
  echo "### Mail and rules"
  echo
  echo "| what | figure |"
  echo "|---|---|"
  echo "| ingest a turn by mail: parse, find the player's text, authenticate, store raw, validate, store the turn, queue the confirmation (SQLite), \`cargo bench --bench ingest\` | $(criterion "$work/ingest.txt" "turn by mail") |"
  echo "| the IMAP door: 2,000 messages in a real Dovecot mailbox read, handled and flagged \`\\Seen\` in one pass, \`cargo bench --bench imap_ingest\` | ${imap:-not measured: no Dovecot on this machine} |"
  echo "| validate one heavy 7-player round (7 turns × 30 guesses + 30 questions), \`cargo bench --bench rules\` | $(criterion "$work/rules.txt" "validate 7 turns") |"
  echo "| resolve that round | $(criterion "$work/rules.txt" "heavy 7-player round/resolve") |"
  echo "| replay complete random games (3–7 players), \`cargo bench --bench rules\` | $games_per_s |"
  echo
} >>"$out"

say "deduce"
{
  echo "### The Information Sheet assistant"
  echo
  echo "\`cargo bench --bench deduce\`: every player's view after every round of 8 simulated games per player count, the time to compute each sheet with the default budget, and the share counted exactly (the rest sampled)."
  echo
  cargo bench --locked -q --bench deduce 2>>"$log" | grep '^|'
} >>"$out"

say "classic"
{
  echo
  echo "### Classic Sleuth"
  echo
  echo "\`cargo bench --bench classic\`: whole games between detective computer players, 6 per player count: the turns a game lasts, the time a move takes in the engine, and a player's Information Sheet with the page's budget at every turn (its times and the share worked out exactly, the rest sampled)."
  echo
  cargo bench --locked -q --bench classic 2>>"$log" | grep '^|'
} >>"$out"

say "clue"
{
  echo
  echo "### Clue's Detective Notebook"
  echo
  echo "\`cargo bench --bench clue\`: whole games between computer players (a master, detectives, a novice), 12 per player count, with the default house rules and with \`ask_refuter\`: the turns a game lasts, whole games a second on one core (computer players' notebooks included), and every seat's Detective Notebook with the page's budget after every turn (its times and the share counted exactly, the rest sampled)."
  echo
  cargo bench --locked -q --bench clue 2>>"$log" | grep '^|'
} >>"$out"

say "simulate"
# Each game's simulation, on one worker and on every core: the same games either way.
cores=$(nproc)
{
  echo
  echo "### Simulation"
  echo
  echo "\`polysleuth simulate\`: games between detective computer players (four a game), seed 1, on one worker and on every core (\`--jobs $cores\`)."
  echo
  echo "| game | games | one worker | $cores workers | games/s on $cores workers |"
  echo "|---|---|---|---|---|"
} >>"$out"
for spec in "polysleuth 2000" "sleuth 200" "clue 400"; do
  set -- $spec
  times=()
  for jobs in 1 "$cores"; do
    start=$EPOCHREALTIME
    target/release/polysleuth simulate --ruleset "$1" --players 4 --games "$2" --seats detective --seed 1 --jobs "$jobs" >/dev/null 2>>"$log"
    times+=("$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')")
  done
  awk -v g="$1" -v n="$2" -v one="${times[0]}" -v all="${times[1]}" \
    'BEGIN { printf "| %s | %d | %.1f s | %.1f s | %.0f |\n", g, n, one, all, n / all }' >>"$out"
done
# Sherlock Solitaire: every cell (detectives, case, level), 10,000 games each, the searching
# solver, on every core (the goal: under 5 minutes on this machine).
start=$EPOCHREALTIME
target/release/polysleuth simulate --ruleset sherlock --detective all --case all --level all \
  --solver searching --games 10000 --seed 1 --jobs "$cores" >/dev/null 2>>"$log"
awk -v a="$start" -v b="$EPOCHREALTIME" \
  'BEGIN { printf "| sherlock: 18 cells × 10,000, searching solver | 180000 | not run | %.1f s | %.0f |\n", b - a, 180000 / (b - a) }' >>"$out"

if [ "$print_only" = "--print" ]; then
  cat "$out"
  exit 0
fi
page=docs/src/performance.md
python3 - "$out" "$page" <<'EOF'
import sys
figures = open(sys.argv[1]).read().strip()
page = open(sys.argv[2]).read()
begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
if begin not in page or end not in page:
    sys.exit(f"{sys.argv[2]} has no bench:begin and bench:end marks")
a, b = page.index(begin) + len(begin), page.index(end)
open(sys.argv[2], "w").write(page[:a] + "\n" + figures + "\n" + page[b:])
EOF
echo "The figures are written into $page, between the bench marks." >&2

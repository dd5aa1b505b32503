#!/usr/bin/env bash
# The load-test kit: one command, one release binary, one temporary database with many games.
# Measures a static page, a public bulletin page, a player's private page, the game master's
# page, turn submission over
# HTTP (durable once answered) and the inbound-mail webhook with wrk, and prints a table.
#
# Each endpoint runs between two runs of the static page, and its ratio is to their mean: this
# machine's speed drifts by up to a third from one minute to the next, so a static page
# measured minutes earlier is no fair yardstick.
#
#   scripts/loadtest.sh                 # DURATION=10s GAMES=300 by default
#   DURATION=30s GAMES=1000 scripts/loadtest.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
GAMES=${GAMES:-300}

# Installing wrk speaks on stderr: stdout is the table (scripts/bench.sh copies it into a page).
if ! command -v wrk >/dev/null; then
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; } >&2
fi
cargo build --release --locked -q

work=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-load.XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
secret=load-test-secret
target/release/polysleuth serve --database-url "$work/load.db" --listen "127.0.0.1:$port" \
  --outbox "$work/outbox" --inbound-secret "$secret" --create-games open --mail-from "Polysleuth <gm@load.test>" \
  >"$work/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done
sleep 1
idle_rss=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)

python3 scripts/loadtest/setup.py "$base" "$GAMES" "$work"

static_runs=0
wrk_run() { # output file, connections, url, [lua script]
  local out=$1 conns=$2 url=$3 script=${4:-}
  local args=(-t2 -c"$conns" -d"$DURATION" --latency)
  [ -n "$script" ] && args+=(-s "$script")
  echo "== $(basename "$out" .txt) ($conns connections)" >&2
  WORK="$work" SECRET="$secret" wrk "${args[@]}" "$url" > "$out"
}
static() { # the static page once more: static-1.txt, static-2.txt, …
  static_runs=$((static_runs + 1))
  wrk_run "$work/static-$static_runs.txt" 64 "$base/help"
}
run() { # name, connections, url, [lua script]: the endpoint, then the static page again
  local name=$1 conns=$2
  # ONLY=turn runs just that endpoint, between two runs of the static page.
  if [ -n "${ONLY:-}" ] && [ "$name" != "$ONLY" ]; then : > "$work/$name-$conns.txt"; return; fi
  echo "$static_runs" > "$work/$name-$conns.before"
  wrk_run "$work/$name-$conns.txt" "$conns" "$3" "${4:-}"
  static
}
static
run bulletin 64 "$base$(cat "$work/bulletin_path")"
run private 64 "$base$(head -1 "$work/player_paths")"
run gm 64 "$base$(cat "$work/gm_path")"
run turn 64 "$base/api/play/" scripts/loadtest/turn.lua
run turn 256 "$base/api/play/" scripts/loadtest/turn.lua
run inbound 64 "$base/inbound/mail" scripts/loadtest/inbound.lua

accepted=$(curl -fs "$base/metrics" | awk '/^polysleuth_turns_accepted_total/ {print $2}')
python3 scripts/loadtest/report.py "$work" "$idle_rss" "$accepted"

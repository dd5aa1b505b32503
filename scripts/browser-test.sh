#!/usr/bin/env bash
# End-to-end tests in real headless Chromium (tests/browser/flow.mjs, driven by playwright-core):
# starts `polysleuth serve` on a throwaway SQLite database and a free port, then runs the whole
# game flow with JavaScript and without. Screenshots land in target/screenshots/.
# Needs node, npm and /usr/bin/chromium (Debian's chromium). Without them the run is skipped and
# says so, unless POLYSLEUTH_REQUIRE_BROWSER=1 (CI), where that is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium=${CHROMIUM:-/usr/bin/chromium}
if ! command -v node >/dev/null || ! command -v npm >/dev/null || [ ! -x "$chromium" ]; then
  if [ "${POLYSLEUTH_REQUIRE_BROWSER:-0}" = 1 ]; then
    echo "browser tests are required here but node, npm or $chromium is missing" >&2
    exit 1
  fi
  echo "== browser tests skipped: install node, npm and Debian's chromium to run them"
  exit 0
fi

echo "== browser tests (headless Chromium)"
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
cargo build --locked --quiet --bin polysleuth
work=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-browser.XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
target/debug/polysleuth serve --database-url "$work/game.db" --outbox "$work/outbox" \
  --listen "127.0.0.1:$port" --tick-ms 200 --trusted-proxy 127.0.0.1 >"$work/serve.log" 2>&1 &
server=$!
stop_server() {
  # SIGTERM must stop the service; it gets 10 s before it is killed, and the test fails.
  kill "$server" 2>/dev/null || return 0
  for _ in $(seq 100); do
    kill -0 "$server" 2>/dev/null || { rm -rf "$work"; return 0; }
    sleep 0.1
  done
  kill -9 "$server" 2>/dev/null || true
  echo "polysleuth serve did not stop on SIGTERM" >&2
  exit 1
}
trap stop_server EXIT
for _ in $(seq 100); do
  curl -fs "$base/health" >/dev/null 2>&1 && break
  sleep 0.1
done
shots=target/screenshots
rm -rf "$shots"
if ! CHROMIUM="$chromium" node tests/browser/flow.mjs "$base" "$shots" "$work/outbox"; then
  echo "--- service log" >&2
  tail -50 "$work/serve.log" >&2
  exit 1
fi
echo "screenshots: $(find "$shots" -name '*.png' | wc -l) in $shots"

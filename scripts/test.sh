#!/usr/bin/env bash
# Runs the whole test suite on SQLite, the browser tests (scripts/browser-test.sh), then the
# suite again on PostgreSQL.
# PostgreSQL: the cluster at $POLYSLEUTH_TEST_POSTGRES_URL, or a throwaway one started here
# (server binaries needed). Without either, the PostgreSQL run is skipped and says so, unless
# POLYSLEUTH_REQUIRE_POSTGRES=1 (CI), where that is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== tests on SQLite"
cargo test --locked "$@"

scripts/browser-test.sh

url=${POLYSLEUTH_TEST_POSTGRES_URL:-}
cluster=""
if [ -z "$url" ]; then
  cluster=$(mktemp -d "${TMPDIR:-/tmp}/polysleuth-pg.XXXXXX")
  chmod 755 "$cluster"
  if url=$(scripts/pg-cluster.sh start "$cluster"); then
    trap 'scripts/pg-cluster.sh stop "$cluster"; rm -rf "$cluster"' EXIT
  else
    url=""
  fi
fi
if [ -z "$url" ]; then
  if [ "${POLYSLEUTH_REQUIRE_POSTGRES:-0}" = 1 ]; then
    echo "PostgreSQL is required here but no cluster could be started" >&2
    exit 1
  fi
  echo "== PostgreSQL run skipped: no PostgreSQL server binaries and no POLYSLEUTH_TEST_POSTGRES_URL"
  exit 0
fi

echo "== tests on PostgreSQL ($url)"
POLYSLEUTH_TEST_BACKEND=postgres POLYSLEUTH_TEST_POSTGRES_URL="$url" cargo test --locked --tests "$@"

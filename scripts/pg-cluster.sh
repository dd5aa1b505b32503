#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests and prints its URL.
#   scripts/pg-cluster.sh start DIR   -> prints postgres://… on stdout
#   scripts/pg-cluster.sh stop DIR
# PostgreSQL refuses to run as root, so as root the cluster runs as an unprivileged user.
set -euo pipefail
cmd=${1:?start or stop}; dir=${2:?a folder for the cluster}

bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bin=$d; done
if [ -z "$bin" ] && command -v initdb >/dev/null; then bin=$(dirname "$(command -v initdb)"); fi
[ -n "$bin" ] || { echo "no PostgreSQL server binaries (initdb, pg_ctl) on this machine" >&2; exit 3; }

run_as=""
if [ "$(id -u)" = 0 ]; then
  id -u polysleuth-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin polysleuth-pg
  run_as="polysleuth-pg"
fi
as_pg() { if [ -n "$run_as" ]; then runuser -u "$run_as" -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    mkdir -p "$dir"
    [ -n "$run_as" ] && chown "$run_as" "$dir"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=on -c shared_buffers=128MB" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac

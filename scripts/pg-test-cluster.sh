#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for the test suite.
#   scripts/pg-test-cluster.sh start   -> prints a superuser URL (postgres://postgres@127.0.0.1:PORT/postgres)
#   scripts/pg-test-cluster.sh stop    -> stops the cluster started last and removes its folder
# State (folder, port) lives in $PG_TEST_STATE (default: ${TMPDIR:-/tmp}/portal-pg-test-cluster.env).
# As root, initdb refuses to run, so the cluster runs as the `postgres` user.
set -euo pipefail

STATE="${PG_TEST_STATE:-${TMPDIR:-/tmp}/portal-pg-test-cluster.env}"

pg_bin() {
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"; return
  fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
  if [[ -z "$d" ]]; then echo "pg-test-cluster: PostgreSQL binaries not found (apt-get install postgresql)" >&2; exit 1; fi
  echo "$d"
}

as_owner() {
  if [[ "$(id -u)" == "0" ]]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}

free_port() {
  for _ in $(seq 1 50); do
    local p=$(( 20000 + RANDOM % 40000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "pg-test-cluster: no free port found" >&2; exit 1
}

start() {
  local bin dir port
  bin=$(pg_bin)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/portal-pg.XXXXXX")
  chmod 755 "$dir"
  if [[ "$(id -u)" == "0" ]]; then chown postgres:postgres "$dir"; fi
  port=$(free_port)
  as_owner "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --no-locale" >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "'$bin/pg_ctl' -D '$dir/data' -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" -l '$dir/server.log' -w start" >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  printf 'DIR=%q\nPORT=%q\nBIN=%q\n' "$dir" "$port" "$bin" >"$STATE"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  if [[ ! -f "$STATE" ]]; then echo "pg-test-cluster: nothing to stop ($STATE missing)" >&2; return 0; fi
  # shellcheck disable=SC1090
  source "$STATE"
  as_owner "'$BIN/pg_ctl' -D '$DIR/data' -m immediate -w stop" >/dev/null 2>&1 || true
  rm -rf "$DIR" "$STATE"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# A server user's year of daily statistics through the per-day cache and without it (issue 16's
# figures for a server user, issue 18's cache table): `vitals-bench server-cache` on a new SQLite
# file, then on a throwaway PostgreSQL cluster on a free loopback port (started and removed here).
#
#   bash Benchmarks/server-cache-benchmark.sh [--days N] [--runs N] [--work DIR] [--skip-postgres] [--no-build]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/bench-data/server-cache"
DAYS=365
RUNS=21
SKIP_PG=0
BUILD=1

usage() {
    cat <<'USAGE'
usage: bash Benchmarks/server-cache-benchmark.sh [options]
  --days N          days of minute-level data of the one user (default 365)
  --runs N          warm runs per query (default 21)
  --work DIR        folder for the PostgreSQL cluster (default bench-data/server-cache)
  --skip-postgres   measure SQLite only
  --no-build        use the existing release build of vitals-bench
  -h, --help        this help
USAGE
}

while [ $# -gt 0 ]; do
    case "$1" in
        --days) DAYS="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --work) WORK="$2"; shift 2 ;;
        --skip-postgres) SKIP_PG=1; shift ;;
        --no-build) BUILD=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option $1" >&2; usage >&2; exit 64 ;;
    esac
done

cd "$ROOT"
[ "$BUILD" = 1 ] && swift build -c release --product vitals-bench
BENCH="$ROOT/.build/release/vitals-bench"
log() { printf '\n== %s ==\n' "$*"; }

log "SQLite"
"$BENCH" server-cache --days "$DAYS" --runs "$RUNS"
[ "$SKIP_PG" = 1 ] && exit 0

PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
[ -n "$PGBIN" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 69; }
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
CLUSTER="$WORK/pg-$PORT"
AS=()
if [ "$(id -u)" = 0 ]; then AS=(runuser -u postgres --); fi
mkdir -p "$CLUSTER"
[ "$(id -u)" = 0 ] && chown postgres:postgres "$CLUSTER"
stop_cluster() {
    "${AS[@]}" "$PGBIN/pg_ctl" -D "$CLUSTER/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$CLUSTER"
}
trap stop_cluster EXIT
"${AS[@]}" "$PGBIN/initdb" -D "$CLUSTER/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${AS[@]}" "$PGBIN/pg_ctl" -D "$CLUSTER/data" -l "$CLUSTER/server.log" -w \
    -o "-p $PORT -k $CLUSTER -c listen_addresses=127.0.0.1 -c shared_buffers=256MB" start >/dev/null
"${AS[@]}" "$PGBIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -q -c "CREATE DATABASE vitals_cache" >/dev/null
log "PostgreSQL"
"$BENCH" server-cache --days "$DAYS" --runs "$RUNS" --postgres "postgres://postgres@127.0.0.1:$PORT/vitals_cache"

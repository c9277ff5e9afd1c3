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

. "$ROOT/Benchmarks/postgres-cluster.sh"
trap pg_cluster_stop EXIT
pg_cluster_start "$WORK" -c shared_buffers=256MB
pg_psql -c "CREATE DATABASE vitals_cache" >/dev/null
log "PostgreSQL"
"$BENCH" server-cache --days "$DAYS" --runs "$RUNS" --postgres "$PG_URL_BASE/vitals_cache"

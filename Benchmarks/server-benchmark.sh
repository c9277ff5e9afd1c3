#!/usr/bin/env bash
# Server load benchmark (sync issue, "Figure"): `vitals serve` on loopback under
#   1. POST /api/v1/health/daily from 64 connections for 30 s (each request a new day),
#      (before it, GET /health for 10 s from wrk: the baseline the daily upserts are given
#      against in the same run, `daily_over_health`),
#   2. POST /api/v1/ingest/health-auto-export with one-day payloads (100 steps, 100 heart
#      rates, 14 sleep stages, 1 workout; each request a new user and day) from 16, then 64
#      connections,
# first with SQLite, then with PostgreSQL (a throwaway cluster on a free loopback port,
# started and removed by this script), each followed by a check of every accepted write
# against what the server exports. `vitals-bench load` drives it: wrk (Debian's, scripted by
# Benchmarks/wrk-daily.lua and wrk-ingest.lua) for the daily and ingest runs, and a second daily
# run from a Swift client (AsyncHTTPClient, closed loop) that knows which write each answer
# belongs to. The clients run on the same 2 cores as the server, so the figures are conservative.
# --two-servers then measures PostgreSQL with the Swift clients (daily at 64 connections, ingest
# at 64) against one server and against two `vitals serve` on one database, the connections
# split between them, each on a new database of the same cluster, in the order 1, 2, 2, 1;
# servers sharing the machine divide its cores (each runs cores/N event-loop threads).
# --server-cpu-quota P instead gives each server of that phase P% of one core (a cgroup of its
# own), so the servers, not the cores they share with the database and the load, are the bound.
#
#   bash Benchmarks/server-benchmark.sh [--seconds 30] [--hae-seconds 30] [--work DIR]
#        [--skip-sqlite] [--skip-postgres] [--postgres-setting NAME=VALUE]... [--two-servers]
#        [--server-cpu-quota PERCENT] [--hae-aggregation A] [--pg-statements] [--no-build]
#        [--server BINARY] [--json]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/bench-data/server"
SECONDS_DAILY=30
SECONDS_HAE=30
SKIP_PG=0
SKIP_SQLITE=0
PG_SETTINGS=()
TWO_SERVERS=0
QUOTA=""
SERVER=""
BUILD=1
JSON=()
AGGREGATION=()
PG_STATEMENTS=0

usage() {
    cat <<'EOF'
usage: bash Benchmarks/server-benchmark.sh [options]
  --seconds S        length of the daily-upsert run (default 30)
  --hae-seconds S    length of each Health Auto Export run (default 30)
  --work DIR         folder for the SQLite file and the PostgreSQL cluster (default bench-data/server)
  --skip-sqlite      measure PostgreSQL only (for comparing PostgreSQL settings or builds;
                     the issue's figures come from runs of both)
  --skip-postgres    measure SQLite only
  --postgres-setting NAME=VALUE
                     start the cluster with this server setting (postgres -c NAME=VALUE), e.g.
                     max_wal_size=4GB; may be given more than once. Default: PostgreSQL's own
                     defaults, but shared_buffers=256MB and max_connections=200
  --two-servers      then PostgreSQL with one server and with two on one database (Swift
                     clients), run in the order 1, 2, 2, 1
  --server-cpu-quota PERCENT
                     with --two-servers: run each server of that phase in a cgroup of its own
                     limited to PERCENT% of one core (1-100), with one event-loop thread, so
                     the servers are the bound, as when each has a machine of its own, and
                     two can show what they add. Needs root and the cgroup cpu controller
                     (v1 at /sys/fs/cgroup/cpu, or v2)
  --hae-aggregation A
                     post the ingest payloads with ?aggregation=A (none, minutes, hours, days...);
                     with none their minute steps are single samples, not reported totals, which
                     isolates what storing reported totals costs. Default: no query (the server
                     tells the payload's shape: its minute steps are reported totals)
  --pg-statements    load pg_stat_statements into the cluster and print, after the run, what
                     each statement cost per call (ms, WAL bytes, blocks dirtied), also kept as
                     WORK/pg-statements.txt
  --no-build         use the existing release binaries
  --server BINARY    the vitals binary to measure (default: the release build's); the load
                     client is still this checkout's vitals-bench, so builds compare side by side
  --json             print each backend's figures as one JSON line
Each run also reports the host's CPU steal time and its disk flushes (an 8 KiB write and
fdatasync every 50 ms in --work: the longest, and how many took over 10 ms). PostgreSQL's
log (checkpoints, statements over 50 ms) is kept as WORK/postgresql.log.
  -h, --help         this help
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECONDS_DAILY="$2"; shift 2 ;;
        --hae-seconds) SECONDS_HAE="$2"; shift 2 ;;
        --work) WORK="$2"; shift 2 ;;
        --skip-sqlite) SKIP_SQLITE=1; shift ;;
        --skip-postgres) SKIP_PG=1; shift ;;
        --postgres-setting)
            [[ "${2:-}" =~ ^[a-z_]+=[^[:space:]\']+$ ]] || {
                echo "server-benchmark: --postgres-setting wants NAME=VALUE (no spaces or quotes), got: ${2:-nothing}" >&2; exit 64; }
            PG_SETTINGS+=("$2"); shift 2 ;;
        --two-servers) TWO_SERVERS=1; shift ;;
        --server-cpu-quota)
            [[ "${2:-}" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] && [ "$2" -le 100 ] || {
                echo "server-benchmark: --server-cpu-quota wants a percentage of one core, 1-100, got: ${2:-nothing}" >&2; exit 64; }
            QUOTA="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --server) SERVER="$2"; shift 2 ;;
        --json) JSON=(--json); shift ;;
        --hae-aggregation)
            [[ "${2:-}" =~ ^(none|auto|minutes|hours|days|weeks|months|years)$ ]] || {
                echo "server-benchmark: --hae-aggregation wants none, auto, minutes, hours, days, weeks, months or years, got: ${2:-nothing}" >&2; exit 64; }
            AGGREGATION=(--hae-aggregation "$2"); shift 2 ;;
        --pg-statements) PG_STATEMENTS=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "server-benchmark: unknown option: $1" >&2; usage >&2; exit 64 ;;
    esac
done

log() { echo "[server-benchmark] $*" >&2; }
[ -z "$QUOTA" ] || [ "$TWO_SERVERS" = 1 ] || { echo "server-benchmark: --server-cpu-quota needs --two-servers" >&2; exit 64; }
mkdir -p "$WORK"

if [ "$BUILD" = 1 ]; then
    log "building vitals and vitals-bench (release)"
    (cd "$ROOT" && swift build -c release --product vitals >&2 && swift build -c release --product vitals-bench >&2)
fi
BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"
[ -n "$SERVER" ] || SERVER="$BIN/vitals"
[ -x "$SERVER" ] || { echo "server-benchmark: $SERVER is not an executable" >&2; exit 66; }

if ! command -v wrk >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        log "installing wrk (apt-get)"
        apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk >&2
    else
        log "wrk is not installed (apt-get install wrk)"; exit 1
    fi
fi
# The load is many requests a second per token, far beyond a phone's: servers that have a
# per-token rate limit (vitals serve --rate-limit, default 100/s) run without it here.
SERVE_ARGS=()
if "$SERVER" serve --help 2>/dev/null | grep -q -- '--rate-limit'; then SERVE_ARGS=(--serve-args "--rate-limit 0"); fi
log "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1), $(nproc) cores"
if [ "$SKIP_SQLITE" = 0 ]; then
    log "SQLite"
    "$BIN/vitals-bench" load --vitals "$SERVER" --work "$WORK" --seconds "$SECONDS_DAILY" \
        --hae-seconds "$SECONDS_HAE" "${AGGREGATION[@]}" "${SERVE_ARGS[@]}" "${JSON[@]}"
fi

[ "$SKIP_PG" = 1 ] && exit 0

# A throwaway PostgreSQL cluster (Benchmarks/postgres-cluster.sh). Its log stays, as
# $WORK/postgresql.log: each checkpoint and each statement slower than 50 ms (a commit waiting
# for a stalled disk flush shows there).
. "$ROOT/Benchmarks/postgres-cluster.sh"
trap 'pg_cluster_stop "$WORK/postgresql.log"' EXIT
EXTRA=()
for SETTING in "${PG_SETTINGS[@]}"; do EXTRA+=(-c "$SETTING"); done
[ "$PG_STATEMENTS" = 0 ] || EXTRA+=(-c shared_preload_libraries=pg_stat_statements)
pg_cluster_start "$WORK" -c max_connections=200 -c shared_buffers=256MB \
    -c log_checkpoints=on -c log_min_duration_statement=50 -c "log_line_prefix='%m [%p] %d '" "${EXTRA[@]}"
log "PostgreSQL: a new cluster on 127.0.0.1:$PG_PORT (default durability: fsync on, synchronous_commit on)${EXTRA[*]:+; settings: ${EXTRA[*]}}"
# A new cluster has one WAL segment; every further 16 MB segment is created and zero-filled while
# commits wait for it, which a running database (that recycles its segments at each checkpoint)
# never does: in a first run on a new cluster that cost 10-15% of the daily upserts (BENCHMARKS.md).
# WAL as large as max_wal_size (about 1 GB by default), written and checkpointed, leaves the
# segments a running database has: with a larger max_wal_size (--postgres-setting) and only
# 1 GB of them, the run would create the rest while commits wait for them, and lose to it.
WAL_MB="$(pg_psql -At -c "SELECT setting FROM pg_settings WHERE name = 'max_wal_size'")"
WARMUP_ROWS=$((800000 * WAL_MB / 1024))
[ "$WARMUP_ROWS" -ge 800000 ] || WARMUP_ROWS=800000
log "PostgreSQL: writing and checkpointing ~$((WARMUP_ROWS * 1024 / 800000)) MB of WAL, as a running database has its WAL segments"
pg_psql -v ON_ERROR_STOP=1 >/dev/null <<SQL
CREATE TABLE wal_warmup AS SELECT repeat('x', 1000) AS filler FROM generate_series(1, $WARMUP_ROWS);
DROP TABLE wal_warmup;
CHECKPOINT;
SQL
pg_psql -c "CREATE DATABASE vitals_load" >/dev/null
if [ "$PG_STATEMENTS" = 1 ]; then
    pg_psql -v ON_ERROR_STOP=1 -d vitals_load -c "CREATE EXTENSION pg_stat_statements" \
        -c "SELECT pg_stat_statements_reset()" >/dev/null
fi
log "PostgreSQL"
"$BIN/vitals-bench" load --vitals "$SERVER" --postgres "$PG_URL_BASE/vitals_load" \
    --work "$WORK" --seconds "$SECONDS_DAILY" --hae-seconds "$SECONDS_HAE" "${AGGREGATION[@]}" \
    "${SERVE_ARGS[@]}" "${JSON[@]}"
if [ "$PG_STATEMENTS" = 1 ]; then
    # Over the whole run (its daily, ingest and check phases): each statement's own SQL tells
    # which phase it belongs to (the ingest's sample insert starts "WITH changed AS").
    log "PostgreSQL: per statement over the run (WORK/pg-statements.txt)"
    pg_psql -d vitals_load -X >"$WORK/pg-statements.txt" <<'SQL'
SELECT calls,
       round((total_exec_time / calls)::numeric, 3) AS ms_per_call,
       round(wal_bytes / calls) AS wal_bytes_per_call,
       round(shared_blks_dirtied::numeric / calls, 2) AS dirtied_per_call,
       round(total_exec_time::numeric) AS total_ms,
       left(regexp_replace(query, '\s+', ' ', 'g'), 90) AS statement
FROM pg_stat_statements WHERE calls > 0 AND dbid = (SELECT oid FROM pg_database WHERE datname = 'vitals_load')
ORDER BY total_exec_time DESC LIMIT 15;
SQL
    cat "$WORK/pg-statements.txt" >&2
fi

[ "$TWO_SERVERS" = 1 ] || exit 0
# One server, two, two, one: a drift of the machine or the cluster (its WAL, its checkpoints)
# over the four runs weighs on both counts alike.
# Servers sharing a machine divide its cores: each runs cores/COUNT event-loop threads
# (vitals serve --event-loop-threads), so one server runs the default, one per core.
CORES="$(nproc)"
SPLIT_CORES=0
if "$SERVER" serve --help 2>/dev/null | grep -q -- '--event-loop-threads'; then SPLIT_CORES=1; fi
MEASURED="$SERVER"
if [ -n "$QUOTA" ]; then
    # Each `vitals serve` moves itself into a cgroup of its own before it starts (the other
    # commands the load client runs, such as `vitals user add`, are not limited).
    . "$ROOT/Benchmarks/cpu-quota.sh"
    MEASURED="$(cpu_quota_wrapper "$SERVER" "$QUOTA" "$WORK")"
    trap 'pg_cluster_stop "$WORK/postgresql.log"; cpu_quota_cleanup' EXIT
fi
RUN=0
for COUNT in 1 2 2 1; do
    RUN=$((RUN + 1))
    COUNT_ARGS=("${SERVE_ARGS[@]}")
    if [ "$SPLIT_CORES" = 1 ]; then
        THREADS=$((CORES / COUNT)); [ "$THREADS" -ge 1 ] || THREADS=1
        # A server limited to part of one core needs no second thread.
        [ -z "$QUOTA" ] || THREADS=1
        COUNT_ARGS=(--serve-args "${SERVE_ARGS[1]:-} --event-loop-threads $THREADS")
    fi
    pg_psql -c "CREATE DATABASE vitals_servers_$RUN" >/dev/null
    log "PostgreSQL, $COUNT server(s) on one database, Swift clients${QUOTA:+, each server limited to $QUOTA% of a core}"
    "$BIN/vitals-bench" load --vitals "$MEASURED" --postgres "$PG_URL_BASE/vitals_servers_$RUN" \
        --work "$WORK" --seconds "$SECONDS_DAILY" --hae-seconds "$SECONDS_HAE" --servers "$COUNT" \
        --daily-clients swift --hae-client swift --hae-connections 64 --hae-users 20000 --health-seconds 0 \
        "${AGGREGATION[@]}" "${COUNT_ARGS[@]}" "${JSON[@]}"
done

#!/usr/bin/env bash
# Two builds' servers measured at once, side by side: each round starts `vitals-bench load`
# twice in parallel, one against BEFORE's `vitals serve` and one against AFTER's, each with its
# own database (a SQLite file of its own; a database of its own in one throwaway PostgreSQL
# cluster) and its own load client, and each measured phase (GET /health, daily upserts from wrk,
# Health Auto Export ingest) starts in both at the same moment (vitals-bench load --barrier).
# Whatever the VM does during a phase (steal, another process, a disk flush) it does to both, so
# a difference of a few percent shows, which runs one after the other (+-15% from run to run on
# this VM) cannot resolve. The two loads share the cores: absolute rates are about half a
# single run's; read the ratios. The launch order alternates from round to round.
#
#   bash Benchmarks/pair-benchmark.sh BEFORE AFTER [--rounds 4] [--seconds 20] [--hae-seconds 20]
#        [--hae-connections 16] [--health-seconds 10] [--skip-sqlite] [--skip-postgres]
#        [--work DIR] [--no-build] [--json]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/bench-data/pair"
ROUNDS=4
SECONDS_DAILY=20
SECONDS_HAE=20
HAE_CONNECTIONS=16
HEALTH_SECONDS=10
SKIP_PG=0
SKIP_SQLITE=0
BUILD=1
JSON=0
BINARIES=()

usage() {
    cat <<'EOF'
usage: bash Benchmarks/pair-benchmark.sh BEFORE AFTER [options]
  BEFORE, AFTER      the two `vitals` binaries to compare (e.g. a worktree's release build and
                     this checkout's .build/release/vitals); AFTER's figures are given over BEFORE's
  --rounds N         rounds per backend (default 4); the launch order alternates between rounds
  --seconds S        length of the daily-upsert run, wrk at 64 connections (default 20)
  --hae-seconds S    length of the Health Auto Export ingest run (default 20)
  --hae-connections N
                     connections of the ingest run (default 16)
  --health-seconds S length of the GET /health run before the daily one (default 10; 0 for none)
  --skip-sqlite      measure PostgreSQL only
  --skip-postgres    measure SQLite only
  --work DIR         folder for the SQLite files, the PostgreSQL cluster and each load's JSON
                     (default bench-data/pair)
  --no-build         use this checkout's existing release vitals-bench (the load client)
  --json             print the summary as one JSON line (each load's own JSON stays in DIR)
  -h, --help         this help
Prints, per backend and round, each build's requests/s and server CPU per request (user +
system time over the requests answered) for each phase, then the medians over the rounds of
AFTER over BEFORE. Each run's check (every accepted write stored exactly once) must pass; exit
status 1 if a load failed or a check found a write lost, duplicated or partly stored.
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --rounds|--seconds|--hae-seconds|--hae-connections|--health-seconds|--work)
            [ $# -ge 2 ] || { echo "pair-benchmark: $1 needs a value" >&2; exit 64; } ;;&
        --rounds) ROUNDS="$2"; shift 2 ;;
        --seconds) SECONDS_DAILY="$2"; shift 2 ;;
        --hae-seconds) SECONDS_HAE="$2"; shift 2 ;;
        --hae-connections) HAE_CONNECTIONS="$2"; shift 2 ;;
        --health-seconds) HEALTH_SECONDS="$2"; shift 2 ;;
        --skip-sqlite) SKIP_SQLITE=1; shift ;;
        --skip-postgres) SKIP_PG=1; shift ;;
        --work) WORK="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --json) JSON=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "pair-benchmark: unknown option: $1" >&2; usage >&2; exit 64 ;;
        *) BINARIES+=("$1"); shift ;;
    esac
done
[ "${#BINARIES[@]}" = 2 ] || { echo "pair-benchmark: give two vitals binaries, BEFORE and AFTER" >&2; usage >&2; exit 64; }
positive() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "pair-benchmark: $1 wants a positive whole number, got: $2" >&2; exit 64; }; }
positive --rounds "$ROUNDS"
positive --seconds "$SECONDS_DAILY"
positive --hae-seconds "$SECONDS_HAE"
positive --hae-connections "$HAE_CONNECTIONS"
[ "$SKIP_SQLITE" = 0 ] || [ "$SKIP_PG" = 0 ] || { echo "pair-benchmark: --skip-sqlite and --skip-postgres leave nothing to measure" >&2; exit 64; }
[[ "$HEALTH_SECONDS" =~ ^[0-9]+$ ]] || { echo "pair-benchmark: --health-seconds wants a whole number, got $HEALTH_SECONDS" >&2; exit 64; }
for BINARY in "${BINARIES[@]}"; do
    [ -x "$BINARY" ] || { echo "pair-benchmark: $BINARY is not an executable" >&2; exit 66; }
done
BEFORE="$(realpath "${BINARIES[0]}")"
AFTER="$(realpath "${BINARIES[1]}")"

log() { echo "[pair-benchmark] $*" >&2; }
if [ "$BUILD" = 1 ]; then
    log "building vitals-bench (release)"
    (cd "$ROOT" && swift build -c release --product vitals-bench >&2)
fi
BENCH="$(cd "$ROOT" && swift build -c release --show-bin-path)/vitals-bench"
command -v wrk >/dev/null 2>&1 || { log "wrk is not installed (apt-get install wrk)"; exit 69; }
mkdir -p "$WORK"
# Only what an earlier run of this script left (WORK may hold other things).
rm -rf "$WORK"/barrier-* "$WORK"/before "$WORK"/after "$WORK"/sqlite-*-*.json "$WORK"/sqlite-*-*.log \
    "$WORK"/postgresql-*-*.json "$WORK"/postgresql-*-*.log
log "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1), $(nproc) cores"

# Both servers run without the per-token rate limit (the load is far beyond a phone's).
serve_args() { if "$1" serve --help 2>/dev/null | grep -q -- '--rate-limit'; then echo "--rate-limit 0"; fi; }
BEFORE_SERVE_ARGS="$(serve_args "$BEFORE")"
AFTER_SERVE_ARGS="$(serve_args "$AFTER")"
FAILED=0

# One round of one backend: both loads at once, their phases met at a barrier of their own.
# $1 backend, $2 round; $3/$4 the database arguments of BEFORE's and AFTER's load.
pair_round() {
    local backend="$1" round="$2" pids=() side binary serve
    local barrier="$WORK/barrier-$backend-$round"
    local order=(before after)
    [ $((round % 2)) = 1 ] || order=(after before)
    for side in "${order[@]}"; do
        binary="$BEFORE" serve="$BEFORE_SERVE_ARGS"
        [ "$side" = before ] || { binary="$AFTER"; serve="$AFTER_SERVE_ARGS"; }
        local database=(--work "$WORK/$side")
        mkdir -p "$WORK/$side"
        [ "$backend" = sqlite ] || database+=(--postgres "$PG_URL_BASE/pair_${side}_$round")
        "$BENCH" load --vitals "$binary" "${database[@]}" --barrier "$barrier" --json \
            --seconds "$SECONDS_DAILY" --daily-clients wrk --health-seconds "$HEALTH_SECONDS" \
            --hae-seconds "$SECONDS_HAE" --hae-connections "$HAE_CONNECTIONS" --hae-users 20000 \
            --serve-args "$serve" \
            >"$WORK/$backend-$round-$side.json" 2>"$WORK/$backend-$round-$side.log" &
        pids+=($!)
    done
    # A load that fails stops the other, which would otherwise wait at the next barrier.
    for _ in "${pids[@]}"; do
        wait -n || { FAILED=1; kill "${pids[@]}" 2>/dev/null || true; }
    done
}

if [ "$SKIP_SQLITE" = 0 ]; then
    for ROUND in $(seq 1 "$ROUNDS"); do
        log "SQLite, round $ROUND of $ROUNDS ($(date -u +%H:%M:%S) UTC)"
        pair_round sqlite "$ROUND"
    done
fi
if [ "$SKIP_PG" = 0 ]; then
    . "$ROOT/Benchmarks/postgres-cluster.sh"
    trap 'pg_cluster_stop "$WORK/postgresql.log"' EXIT
    pg_cluster_start "$WORK" -c max_connections=200 -c shared_buffers=256MB
    for ROUND in $(seq 1 "$ROUNDS"); do
        log "PostgreSQL, round $ROUND of $ROUNDS ($(date -u +%H:%M:%S) UTC)"
        pg_psql -c "CREATE DATABASE pair_before_$ROUND" -c "CREATE DATABASE pair_after_$ROUND" >/dev/null
        pair_round postgresql "$ROUND"
        # Each round's databases go, or the cluster grows by both loads' data every round.
        pg_psql -c "DROP DATABASE pair_before_$ROUND" -c "DROP DATABASE pair_after_$ROUND" >/dev/null
    done
fi

python3 - "$WORK" "$ROUNDS" "$JSON" <<'PY' || FAILED=1
import json, statistics, sys
work, rounds, as_json = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"

def phases(report):
    """(phase, requests/s, server ms per request, steal %, check passed) of one load's report."""
    out = []
    health = report.get("health")
    if health:
        cpu = health.get("server_cpu_seconds")
        out.append(("health", health["per_second"], 1000 * cpu / max(1, health["accepted"]) if cpu is not None else None,
                    health.get("host_steal_pct", 0), True))
    for run in report.get("daily", []):
        check = run.get("check", {})
        ok = check.get("lost (at least)", check.get("lost", 0)) == 0 and check.get("duplicated", 0) == 0
        out.append(("daily", run["per_second"], 1000 * run["server_cpu_seconds"] / max(1, run["accepted"]),
                    run.get("host_steal_pct", 0), ok))
    for run in report.get("ingest", []):
        check = run.get("check", {})
        ok = check.get("lost (at least)", 0) == 0 and check.get("partly stored", 0) == 0
        out.append((f"ingest {run['connections']}", run["per_second"], 1000 * run["server_cpu_seconds"] / max(1, run["accepted"]),
                    run.get("host_steal_pct", 0), ok))
    return out

summary, failed = {}, False
for backend in ("sqlite", "postgresql"):
    ratios = {}
    rows = []
    for round in range(1, rounds + 1):
        try:
            before = phases(json.load(open(f"{work}/{backend}-{round}-before.json")))
            after = phases(json.load(open(f"{work}/{backend}-{round}-after.json")))
        except (OSError, ValueError):
            continue
        for (name, rate_b, cpu_b, steal_b, ok_b), (_, rate_a, cpu_a, steal_a, ok_a) in zip(before, after):
            failed |= not (ok_b and ok_a)
            r = ratios.setdefault(name, {"rate": [], "cpu": []})
            r["rate"].append(rate_a / rate_b if rate_b else float("nan"))
            if cpu_b and cpu_a: r["cpu"].append(cpu_a / cpu_b)
            rows.append((round, name, rate_b, rate_a, cpu_b, cpu_a, max(steal_b, steal_a), ok_b and ok_a))
    if not rows:
        continue
    for round in range(1, rounds + 1):
        try:
            over = [json.load(open(f"{work}/{backend}-{round}-{side}.json")).get("daily_over_health")
                    for side in ("before", "after")]
        except (OSError, ValueError):
            continue
        if None not in over:
            rows.append((round, "daily/health", over[0], over[1], None, None, None, True))
    summary[backend] = {name: {"rounds": len(r["rate"]),
                               "rate_after_over_before_median": statistics.median(r["rate"]),
                               "rate_after_over_before": r["rate"],
                               "cpu_after_over_before_median": statistics.median(r["cpu"]) if r["cpu"] else None,
                               "cpu_after_over_before": r["cpu"]} for name, r in ratios.items()}
    if not as_json:
        ms = lambda v: "-" if v is None else f"{v:.3f} ms"
        print(f"\n{backend}: requests/s and server CPU per request, before | after (steal, check)")
        for round, name, rate_b, rate_a, cpu_b, cpu_a, steal, ok in rows:
            if name == "daily/health":
                print(f"  round {round} daily upserts over GET /health {rate_b:.2f} | {rate_a:.2f}")
                continue
            print(f"  round {round} {name:10} {rate_b:9.0f}/s {ms(cpu_b):>9} | {rate_a:9.0f}/s {ms(cpu_a):>9}"
                  f"   steal {steal:.2f}%  {'ok' if ok else 'CHECK FAILED'}")
        for name, s in summary[backend].items():
            cpu = s["cpu_after_over_before_median"]
            print(f"  median after/before, {name:10} rate {s['rate_after_over_before_median']:.3f}"
                  f"  cpu per request {'-' if cpu is None else f'{cpu:.3f}'}  ({s['rounds']} rounds)")
if as_json:
    print(json.dumps(summary, sort_keys=True))
sys.exit(1 if failed else 0)
PY
[ "$FAILED" = 0 ] || { log "a load failed or a check did not pass: see $WORK/*.log"; exit 1; }

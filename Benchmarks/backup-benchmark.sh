#!/usr/bin/env bash
# Backup of a live server (issue 40, "Figures"): `vitals backup` of a ~1 GB server database while
# the server takes daily upserts, and the server's latency with and without the backup, in one run.
#
# Setup (once, kept in WORK): users u1..uN get a year's Health Auto Export backfill each
# (Benchmarks/generate-hae-backfill.py) until the database reaches --size-mb. Then, --rounds
# times: wrk posts daily upserts (Benchmarks/wrk-daily.lua, --connections, --seconds) alone
# ("without"), then again with `vitals backup` started --delay seconds into the run ("with").
# Printed per phase: upserts/s, p50 and p99 latency, and for "with" the backup's seconds and
# size; the VM's steal time over each phase (from /proc/stat). The clients run on the same
# cores as the server and the backup.
#
# With --pace-ms each connection waits that long before each request (wrk-daily-paced.lua): a
# server busy but not saturated, as a self-hosted one is; without it wrk sends as fast as the
# server answers, and the backup competes with both for the cores.
#
#   bash Benchmarks/backup-benchmark.sh [--size-mb 1024] [--rounds 2] [--seconds 25]
#        [--connections 16] [--pace-ms MS] [--delay 2] [--check full|quick] [--step-mib 4] [--nice 10]
#        [--io-class idle|none] [--cpu-policy idle|other] [--cold] [--work DIR]
#        [--server BINARY] [--json]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/bench-data/backup"
SIZE_MB=1024
ROUNDS=2
SECONDS_RUN=25
CONNECTIONS=16
DELAY=2
PACE=""
CHECK=full
STEP=4
NICE=10
IO_CLASS=none
CPU_POLICY=other
COLD=0
SERVER="$ROOT/.build/release/vitals"
JSON=0

usage() {
    cat <<'EOF'
usage: bash Benchmarks/backup-benchmark.sh [options]
  --size-mb N        size of the server database to build once in WORK (default 1024)
  --rounds N         rounds of "without" then "with" (default 2)
  --seconds S        length of each wrk run of daily upserts (default 25; must outlast the backup)
  --connections N    wrk connections (default 16)
  --pace-ms MS       each connection waits MS before each request (default: none, as fast as answered)
  --delay S          seconds into the "with" run that the backup starts (default 2)
  --check full|quick the backup's check (vitals backup --check; default full)
  --step-mib N       MiB copied and flushed per step (vitals backup --step-mib; default 4)
  --nice N           run the backup under nice -n N, as packaging/vitals-backup.service does (default 10)
  --io-class C       the backup's I/O scheduling class: none (no ionice: the kernel's best-effort
                     class at the level nice gives, as the server's; the default, as every figure
                     before 2026-12-06 was measured) or idle (ionice -c 3), as vitals-backup.service
                     runs it (IOSchedulingClass=idle)
  --cpu-policy P     the backup's CPU scheduling policy: other (the default, at the level nice gives)
                     or idle (chrt --idle 0: it runs only when no other thread wants the core, as
                     CPUSchedulingPolicy=idle in a systemd unit)
  --cold             drop the kernel's page cache before each phase (needs root), as a nightly backup
                     finds a database mostly out of memory
  --work DIR         folder for the database, the payload and the backups (default bench-data/backup)
  --server BINARY    the vitals binary (default .build/release/vitals; build it with
                     swift build -c release --product vitals)
  --json             one JSON line per phase
  -h, --help         this help
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --size-mb) SIZE_MB="$2"; shift 2 ;;
        --rounds) ROUNDS="$2"; shift 2 ;;
        --seconds) SECONDS_RUN="$2"; shift 2 ;;
        --connections) CONNECTIONS="$2"; shift 2 ;;
        --delay) DELAY="$2"; shift 2 ;;
        --pace-ms) PACE="$2"; shift 2 ;;
        --check) CHECK="$2"; shift 2 ;;
        --step-mib) STEP="$2"; shift 2 ;;
        --nice) NICE="$2"; shift 2 ;;
        --io-class) IO_CLASS="$2"; shift 2 ;;
        --cpu-policy) CPU_POLICY="$2"; shift 2 ;;
        --cold) COLD=1; shift ;;
        --work) WORK="$2"; shift 2 ;;
        --server) SERVER="$2"; shift 2 ;;
        --json) JSON=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "backup-benchmark: unknown option: $1" >&2; usage >&2; exit 64 ;;
    esac
done
case "$IO_CLASS" in
    idle) IONICE=(ionice -c 3) ;;
    none) IONICE=() ;;
    *) echo "backup-benchmark: --io-class is idle or none, not $IO_CLASS" >&2; exit 64 ;;
esac
case "$CPU_POLICY" in
    idle) CHRT=(chrt --idle 0) ;;
    other) CHRT=() ;;
    *) echo "backup-benchmark: --cpu-policy is idle or other, not $CPU_POLICY" >&2; exit 64 ;;
esac
[ -x "$SERVER" ] || { echo "backup-benchmark: no $SERVER (swift build -c release --product vitals)" >&2; exit 66; }
command -v wrk >/dev/null || { echo "backup-benchmark: wrk is not installed (apt-get install wrk)" >&2; exit 69; }
mkdir -p "$WORK"
DB="$WORK/server.sqlite"
SERVER_PID=""
cleanup() { [ -n "$SERVER_PID" ] && kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null; true; }
trap cleanup EXIT

start_server() {
    "$SERVER" serve --db "$DB" --port 0 --rate-limit 0 --max-ingest-bytes 500000000 "$@" \
        > "$WORK/serve.out" 2> "$WORK/serve.err" &
    SERVER_PID=$!
    ADDRESS=""
    for _ in $(seq 1 300); do
        ADDRESS="$(sed -n 's/.*listening on \(http:\/\/[0-9.:]*\).*/\1/p' "$WORK/serve.out" | head -1)"
        [ -n "$ADDRESS" ] && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/serve.err" >&2; exit 1; }
        sleep 0.1
    done
    echo "backup-benchmark: the server did not start" >&2
    exit 1
}

stop_server() {
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" || true
    SERVER_PID=""
}

size_mb() { echo $(( $(stat -c %s "$1" 2>/dev/null || echo 0) / 1048576 )); }

# --- Setup: a server database of --size-mb -----------------------------------------------------
if [ "$(size_mb "$DB")" -lt "$SIZE_MB" ]; then
    [ -s "$WORK/backfill.json" ] || python3 "$ROOT/Benchmarks/generate-hae-backfill.py" --days 365 --out "$WORK/backfill.json" >&2
    user=0
    [ -f "$WORK/tokens-bulk.txt" ] && user=$(wc -l < "$WORK/tokens-bulk.txt")
    while [ "$(size_mb "$DB")" -lt "$SIZE_MB" ]; do
        user=$((user + 1))
        "$SERVER" user add "u$user" --db "$DB" --tz Europe/Berlin --json \
            | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])' >> "$WORK/tokens-bulk.txt"
        start_server --sqlite-sync normal
        token="$(sed -n "${user}p" "$WORK/tokens-bulk.txt")"
        curl -sS -o /dev/null -w "setup: user u$user backfill %{http_code} in %{time_total} s\n" \
            -H "Authorization: Bearer $token" -H "Content-Type: application/json" \
            --data-binary @"$WORK/backfill.json" "$ADDRESS/api/v1/ingest/health-auto-export" >&2
        stop_server
        echo "setup: the database is $(size_mb "$DB") MB" >&2
    done
fi

# Daily-upsert users: 2 threads x 4 users.
if [ ! -s "$WORK/tokens-daily.txt" ]; then
    for i in $(seq 1 8); do
        "$SERVER" user add "d$i" --db "$DB" --tz Europe/Berlin --json \
            | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
    done > "$WORK/tokens-daily.txt"
fi

steal() { awk '/^cpu /{ print $9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat; }
steal_percent() { # before-line after-line
    python3 -c 'import sys; a=list(map(int,sys.argv[1].split())); b=list(map(int,sys.argv[2].split())); print("%.2f" % (100.0*(b[0]-a[0])/max(1,b[1]-a[1])))' "$1" "$2"
}

start_server
mkdir -p "$WORK/backups"
SCRIPT="$ROOT/Benchmarks/wrk-daily.lua"
PACING=()
if [ -n "$PACE" ]; then SCRIPT="$ROOT/Benchmarks/wrk-daily-paced.lua"; PACING=("$PACE"); fi
echo "database $(size_mb "$DB") MB, $(nproc) cores, wrk -t2 -c$CONNECTIONS -d${SECONDS_RUN}s${PACE:+ paced $PACE ms}, backup --check $CHECK --step-mib $STEP (nice $NICE, I/O class $IO_CLASS, CPU policy $CPU_POLICY) at +${DELAY}s$([ "$COLD" = 1 ] && echo ', cold' || true)" >&2
for round in $(seq 1 "$ROUNDS"); do
    for phase in without with; do
        if [ "$COLD" = 1 ]; then sync; echo 3 > /proc/sys/vm/drop_caches; fi
        before="$(steal)"
        wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_RUN}s" -s "$SCRIPT" "$ADDRESS" \
            -- "$WORK/tokens-daily.txt" 4 "${PACING[@]}" > "$WORK/wrk.out" 2>&1 &
        WRK_PID=$!
        backup_json="null"
        if [ "$phase" = with ]; then
            sleep "$DELAY"
            ${CHRT[@]+"${CHRT[@]}"} ${IONICE[@]+"${IONICE[@]}"} nice -n "$NICE" "$SERVER" backup "$WORK/backups/" --db "$DB" --keep 1 \
                --check "$CHECK" --step-mib "$STEP" --no-progress --json > "$WORK/backup.json"
            backup_json="$(cat "$WORK/backup.json")"
            kill -0 "$WRK_PID" 2>/dev/null || echo "backup-benchmark: the backup outlasted wrk: raise --seconds" >&2
        fi
        wait "$WRK_PID"
        after="$(steal)"
        result="$(sed -n 's/^WRK-RESULT //p' "$WORK/wrk.out")"
        python3 - "$round" "$phase" "$result" "$backup_json" "$(steal_percent "$before" "$after")" "$JSON" <<'PY'
import json, sys
round_, phase, result, backup, steal, as_json = sys.argv[1:7]
r = json.loads(result)
b = json.loads(backup)
row = {"round": int(round_), "phase": phase, "upserts_per_s": round(r["accepted"] / r["seconds"]),
       "refused": r["refused"], "p50_ms": r["p50_us"] / 1000, "p99_ms": r["p99_us"] / 1000, "steal_percent": float(steal)}
if b:
    row["backup_seconds"] = b["seconds"]
    row["copy_seconds"] = b.get("copySeconds")
    row["check_seconds"] = b.get("checkSeconds")
    row["backup_mb"] = round(b["bytes"] / 1048576)
    row["integrity"] = b.get("integrity")
if as_json == "1":
    print(json.dumps(row))
else:
    text = "round %(round)d %(phase)-7s %(upserts_per_s)6d upserts/s  p50 %(p50_ms).1f ms  p99 %(p99_ms).1f ms  steal %(steal_percent).2f%%" % row
    if b:
        text += "  backup %.1f s (copy %.1f, check %.1f), %d MB, %s %s" % (row["backup_seconds"], row["copy_seconds"],
            row["check_seconds"], row["backup_mb"], b.get("check"), row["integrity"])
    print(text)
PY
    done
done
stop_server

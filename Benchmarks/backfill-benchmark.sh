#!/usr/bin/env bash
# A year's Health Auto Export backfill in one body (issue 15, "Figures"): for each vitals binary
# given, a fresh SQLite server with one user, the whole body POSTed once to
# /api/v1/ingest/health-auto-export over loopback, and printed: the time until the answer, the
# server's peak RSS (VmHWM), what it stored, and the CPU idle and steal time of the VM during the
# request, and the server's CPU time (user + system) for it, which a busy VM disturbs less than
# the wall time. Binaries are run in turn, --rounds times, so builds compare side by side in one run.
#
#   bash Benchmarks/backfill-benchmark.sh [--days 365] [--rounds 2] [--work DIR] [--json]
#        [BINARY ...]        (default: .build/release/vitals)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/bench-data/backfill"
DAYS=365
ROUNDS=2
JSON=0
BINARIES=()

usage() {
    cat <<'EOF'
usage: bash Benchmarks/backfill-benchmark.sh [options] [BINARY ...]
  --days N       days in the generated payload (default 365: ~94 MB, ~1.08 million samples)
  --rounds N     times each binary is measured, in turn (default 2)
  --work DIR     folder for the payload and the databases (default bench-data/backfill)
  --json         print one JSON line per measurement
  -h, --help     this help
BINARY defaults to .build/release/vitals (build it with swift build -c release --product vitals).
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --days) DAYS="$2"; shift 2 ;;
        --rounds) ROUNDS="$2"; shift 2 ;;
        --work) WORK="$2"; shift 2 ;;
        --json) JSON=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "backfill-benchmark: unknown option: $1" >&2; usage >&2; exit 64 ;;
        *) BINARIES+=("$1"); shift ;;
    esac
done
[ ${#BINARIES[@]} -gt 0 ] || BINARIES=("$ROOT/.build/release/vitals")
for binary in "${BINARIES[@]}"; do
    [ -x "$binary" ] || { echo "backfill-benchmark: $binary is not an executable" >&2; exit 66; }
done
command -v curl >/dev/null || { echo "backfill-benchmark: needs curl" >&2; exit 69; }

mkdir -p "$WORK"
PAYLOAD="$WORK/backfill-$DAYS.json"
if [ ! -s "$PAYLOAD" ]; then
    echo "generating $PAYLOAD" >&2
    python3 "$ROOT/Benchmarks/generate-hae-backfill.py" --days "$DAYS" --out "$PAYLOAD" >&2
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

measure() {
    local binary="$1" db="$WORK/server.sqlite" port token pid
    rm -f "$db" "$db-wal" "$db-shm"
    token=$("$binary" user add ada --db "$db" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    port=$(free_port)
    "$binary" serve --db "$db" --port "$port" >"$WORK/serve.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/health" && break; sleep 0.1; done
    head -1 /proc/stat >"$WORK/stat.before"
    cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
    local start end cpu_before cpu_after
    cpu_before=$(cpu_ticks)
    start=$(date +%s.%N)
    # `Expect:` empty: curl otherwise sends `Expect: 100-continue` with a large body and waits
    # a second for an interim answer the server does not send; phones (URLSession) do not ask.
    curl -s -o "$WORK/answer.json" -w '%{http_code}' -H "Authorization: Bearer $token" -H "Expect:" \
        -H "Content-Type: application/json" --data-binary @"$PAYLOAD" \
        "http://127.0.0.1:$port/api/v1/ingest/health-auto-export" >"$WORK/status"
    end=$(date +%s.%N)
    head -1 /proc/stat >"$WORK/stat.after"
    cpu_after=$(cpu_ticks)
    local hwm
    hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
    kill -INT "$pid"; wait "$pid" 2>/dev/null || true
    python3 - "$binary" "$start" "$end" "$hwm" "$WORK" "$JSON" "$((cpu_after - cpu_before))" "$(getconf CLK_TCK)" <<'PY'
import json, sys
binary, start, end, hwm, work, as_json = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6] == "1"
cpu_seconds = int(sys.argv[7]) / int(sys.argv[8])
status = open(f"{work}/status").read().strip()
answer = json.load(open(f"{work}/answer.json"))
before = [int(x) for x in open(f"{work}/stat.before").read().split()[1:]]
after = [int(x) for x in open(f"{work}/stat.after").read().split()[1:]]
delta = [b - a for a, b in zip(before, after)]
total = sum(delta) or 1
row = {"binary": binary, "status": int(status), "seconds": round(end - start, 2), "serverCPUSeconds": round(cpu_seconds, 2),
       "peakRSSMiB": round(hwm / 1024),
       "samplesAdded": answer.get("samplesAdded"), "workoutsAdded": answer.get("workoutsAdded"),
       "daysUpdated": len(answer.get("daysUpdated", [])),
       "idlePercent": round(100 * delta[3] / total, 1), "stealPercent": round(100 * delta[7] / total, 1)}
if as_json:
    print(json.dumps(row))
else:
    print(f"{binary}: HTTP {row['status']}, {row['samplesAdded']} samples, {row['workoutsAdded']} workouts, "
          f"{row['daysUpdated']} days stored in {row['seconds']} s (server CPU {row['serverCPUSeconds']} s); server peak RSS {row['peakRSSMiB']} MiB; "
          f"VM idle {row['idlePercent']}%, steal {row['stealPercent']}%")
if row["status"] != 200:
    sys.exit(1)
PY
}

for round in $(seq "$ROUNDS"); do
    for binary in "${BINARIES[@]}"; do measure "$binary"; done
done

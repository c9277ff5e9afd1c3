#!/usr/bin/env bash
# How fast `vitals mcp` answers tool calls (issue 39's figure: <= 50 ms warm on the 10-million-sample
# bench store, for a day's summary and a year of daily statistics). The official MCP Python client
# (the test venv's `mcp`) starts `VITALS mcp --db DB --tz Europe/Berlin` over stdio and times each
# call from request to parsed answer: the first call (cold: the store's per-day cache may be empty),
# then --runs calls in turn (warm). Prints median, p95 and slowest per call, and the VM's steal time.
#
#   bash Benchmarks/mcp-benchmark.sh [--runs 50] [--db bench-data/daily-cache.sqlite] VITALS
#   e.g. bash Benchmarks/mcp-benchmark.sh .build/release/vitals
# A missing DB is made first with `vitals-bench daily-cache` from VITALS's folder (5 years of
# minute-level steps and heart rate from a watch and a phone: 10,517,760 samples, ~1 GB).
set -euo pipefail
RUNS=50
DB=bench-data/daily-cache.sqlite
while [ $# -gt 1 ]; do
    case "$1" in
        --runs) RUNS="$2"; shift 2 ;;
        --db) DB="$2"; shift 2 ;;
        *) break ;;
    esac
done
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ] || [ $# -ne 1 ]; then sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
VITALS="$1"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="${VITALS_PYTHON:-$ROOT/.build-tools/venv/bin/python}"
[ -x "$PYTHON" ] || { echo "mcp-benchmark: no venv at $PYTHON: run bash scripts/setup.sh --tests" >&2; exit 3; }
if [ ! -f "$DB" ]; then
    mkdir -p "$(dirname "$DB")"
    "$(dirname "$VITALS")/vitals-bench" daily-cache --db "$DB" --runs 1 >&2
fi
"$PYTHON" - "$VITALS" "$DB" "$RUNS" <<'PY'
import asyncio, json, statistics, sys, time
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

CALLS = [
    ("day_summary, last day", "day_summary", {"date": "2025-12-31"}),
    ("statistics, steps daily over a year", "statistics", {"type": "stepCount", "from": "2025-01-01", "to": "2026-01-01"}),
    ("statistics, heart rate daily average over a year", "statistics",
     {"type": "heartRate", "from": "2025-01-01", "to": "2026-01-01", "option": "average"}),
    ("trends, steps 90 days against a year before", "trends", {"type": "stepCount", "date": "2025-12-31"}),
    ("samples, a page of 100 heart-rate samples", "samples",
     {"type": "heartRate", "from": "2025-12-31", "to": "2026-01-01", "limit": 100}),
    ("list_holdings", "list_holdings", {}),
]

def steal():
    values = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    return values[7], sum(values)

async def main():
    vitals, db, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    params = StdioServerParameters(command=vitals, args=["mcp", "--db", db, "--tz", "Europe/Berlin"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            times = {label: [] for label, _, _ in CALLS}
            cold = {}
            before = steal()
            for label, name, arguments in CALLS:
                start = time.perf_counter()
                result = await session.call_tool(name, arguments)
                cold[label] = (time.perf_counter() - start) * 1000
                if result.is_error:
                    sys.exit(f"{name} failed: {result.content[0].text}")
            for _ in range(runs):
                for label, name, arguments in CALLS:  # in turn, so a noisy moment hits every call alike
                    start = time.perf_counter()
                    result = await session.call_tool(name, arguments)
                    times[label].append((time.perf_counter() - start) * 1000)
            after = steal()
    print(f"{'call':52} {'cold':>8} {'median':>8} {'p95':>8} {'slowest':>8}  (ms, warm over {runs} runs)")
    for label, values in times.items():
        values.sort()
        p95 = values[max(0, int(len(values) * 0.95) - 1)]
        print(f"{label:52} {cold[label]:8.1f} {statistics.median(values):8.1f} {p95:8.1f} {values[-1]:8.1f}")
    total = after[1] - before[1]
    print(f"steal {100 * (after[0] - before[0]) / total if total else 0:.2f}% during the calls")

asyncio.run(main())
PY

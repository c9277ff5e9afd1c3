#!/usr/bin/env bash
# How fast `vitals --version` starts (issue 39's figure for the release bundle: <= 50 ms): each
# binary given is run --runs times in turn with a minimal environment (PATH=/usr/bin:/bin), and
# the median, 90th percentile and fastest wall time are printed, with the VM's steal time
# during the runs.
#
#   bash Benchmarks/startup-benchmark.sh [--runs 50] BINARY...
#   e.g. bash Benchmarks/startup-benchmark.sh .build-release/stage/vitals-*/bin/vitals .build/release/vitals
set -euo pipefail
RUNS=50
if [ "${1:-}" = "--runs" ]; then RUNS="$2"; shift 2; fi
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ] || [ $# -eq 0 ]; then sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
python3 - "$RUNS" "$@" <<'PY'
import statistics, subprocess, sys, time

def steal():
    fields = open("/proc/stat").readline().split()[1:]
    values = [int(x) for x in fields]
    return values[7], sum(values)

runs, binaries = int(sys.argv[1]), sys.argv[2:]
times = {b: [] for b in binaries}
before = steal()
for _ in range(runs):
    for binary in binaries:  # in turn, so a noisy moment hits every binary alike
        start = time.perf_counter()
        done = subprocess.run([binary, "--version"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env={"PATH": "/usr/bin:/bin"})
        times[binary].append((time.perf_counter() - start) * 1000)
        if done.returncode != 0:
            sys.exit(f"{binary} --version exited {done.returncode}: {done.stderr.decode()[:200]}")
after = steal()
for binary, values in times.items():
    values.sort()
    print(f"{binary}: median {statistics.median(values):.1f} ms, p90 {values[int(len(values) * 0.9) - 1]:.1f} ms, "
          f"fastest {values[0]:.1f} ms over {runs} runs")
total = after[1] - before[1]
print(f"steal {100 * (after[0] - before[0]) / total if total else 0:.2f}% during the runs")
PY

#!/usr/bin/env bash
# Builds vitals-fuzz with libFuzzer and AddressSanitizer and runs each target on a copy of its
# committed corpus (Tests/Fuzz/corpus/TARGET); prints executions, exec/s and coverage per target
# and exits 1 if any target found a crash, a hang (over 10 s), an ASan report or ran out of memory.
#
#   scripts/fuzz.sh [--seconds N] [--target T]... [--no-build] [--keep DIR]
#
# --seconds N  run each target for N seconds (default 30, what .ci/run uses)
# --target T   only these targets (xml, json, hae, jsonl, unit, zip; default all)
# --no-build   use the fuzzer built last time (.build-fuzz)
# --keep DIR   keep the grown corpora, logs and any crash reproducers under DIR (default: a temp dir, removed)
#
# The committed corpus is never changed: to add an input, copy it into Tests/Fuzz/corpus/TARGET.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=30
targets=()
build=1
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --target) targets+=("$2"); shift 2 ;;
        --no-build) build=0; shift ;;
        --keep) keep="$2"; shift 2 ;;
        *) echo "usage: scripts/fuzz.sh [--seconds N] [--target T]... [--no-build] [--keep DIR]" >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(xml json hae jsonl unit zip)

build_path=.build-fuzz
if [ "$build" = 1 ]; then
    # -DFUZZING compiles out the replay main; libFuzzer supplies main and calls LLVMFuzzerTestOneInput.
    swift build --product vitals-fuzz --build-path "$build_path" -c release \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
fi
fuzzer="$build_path/release/vitals-fuzz"
[ -x "$fuzzer" ] || { echo "fuzz.sh: $fuzzer is missing; run without --no-build" >&2; exit 2; }

if [ -n "$keep" ]; then work="$keep"; mkdir -p "$work"; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
# A copy of the binary runs, so a rebuild meanwhile does not change a running fuzzer.
cp "$fuzzer" "$work/vitals-fuzz"
fuzzer="$work/vitals-fuzz"

# Steal time (the 8th value of /proc/stat's cpu line) over the whole run, as a share of all ticks.
read -r -a before < <(grep '^cpu ' /proc/stat)

failed=0
printf '%-6s %8s %12s %9s %8s %8s %12s %s\n' target seconds executions exec/s cov ft corpus result
for target in "${targets[@]}"; do
    corpus="Tests/Fuzz/corpus/$target"
    [ -d "$corpus" ] || { echo "fuzz.sh: no corpus $corpus" >&2; exit 2; }
    mkdir -p "$work/$target/corpus" "$work/$target/artifacts"
    cp "$corpus"/* "$work/$target/corpus/"
    start_count=$(ls "$work/$target/corpus" | wc -l)
    log="$work/$target/fuzz.log"
    status=0
    # Leak detection is off: the Swift runtime's metadata caches and the unit cache live for the
    # whole process and LeakSanitizer reports them at exit, on every run; ASan's other checks stay on.
    VITALS_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=0" "$fuzzer" "$work/$target/corpus" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/$target/artifacts/" >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    last=$(grep -E '^#[0-9]+.*(cov|ft):' "$log" | tail -1)
    cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*' || true)
    ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*' || true)
    end_count=$(ls "$work/$target/corpus" | wc -l)
    result=ok
    if [ "$status" != 0 ] || ls "$work/$target/artifacts" | grep -q .; then
        result="FAILED (exit $status): $(ls "$work/$target/artifacts" | tr '\n' ' ')"
        failed=1
        grep -E 'ERROR: (AddressSanitizer|libFuzzer)|Fatal error|SUMMARY' "$log" | head -5 >&2 || true
        saved="$work/$target"
        if [ -z "$keep" ]; then saved="/tmp/vitals-fuzz-$target-$(date +%s)"; cp -r "$work/$target" "$saved"; fi
        echo "fuzz.sh: $target's log and reproducers are in $saved" >&2
    fi
    printf '%-6s %8s %12s %9s %8s %8s %12s %s\n' "$target" "$seconds" "${runs:-0}" "${rate:-0}" "${cov:--}" "${ft:--}" \
        "$start_count->$end_count" "$result"
done

read -r -a after < <(grep '^cpu ' /proc/stat)
total=0
for i in 1 2 3 4 5 6 7 8; do total=$((total + after[i] - before[i])); done
steal=$((after[8] - before[8]))
[ "$total" -gt 0 ] && awk -v s="$steal" -v t="$total" 'BEGIN { printf "steal: %.2f%% of CPU time (%d of %d ticks)\n", 100 * s / t, s, t }'
exit $failed

#!/usr/bin/env bash
# Every test, on a machine that has only Swift: brings what the tests need, then runs them.
#
#   bash scripts/test.sh [--no-fuzz] [--no-release] [SWIFT-TEST-ARGUMENTS...]
#
# 1. scripts/setup.sh --tests: the Debian packages (as root; otherwise it names what is missing
#    and exits 3) and the venv of pinned test tools in .build-tools/venv (made once, reused).
# 2. swift format lint --strict with the checked-in .swift-format (the formatter ships with the
#    toolchain): a file laid out otherwise fails here; `swift format -i -r Sources Tests
#    Package.swift` fixes it.
# 3. swift build --build-tests, then swift test with a watchdog: a run past 25 minutes (it takes
#    about 6) is taken for a hang: the tests that started and never ended are named, with the
#    last steps of each unfinished server fixture (its service group's and PostgreSQL pool's
#    among them), the test process's threads are printed (gdb), and it is stopped. A live test
#    that gets no answer in time prints the threads too (Tests/VitalsTestSupport/ThreadDump.swift).
# 4. The fuzzers, 30 s each on a copy of their committed corpus (scripts/fuzz.sh; a libFuzzer +
#    ASan build of its own in .build-fuzz). --no-fuzz leaves them out.
# 5. The release bundle of the working tree (scripts/release.sh --worktree; a static release
#    build of its own in .build-release, 10-15 minutes the first time), checked as a
#    self-hoster would use it (scripts/release-check.sh). --no-release leaves it out.
# Arguments for swift test (e.g. --filter IngestRevisionTests) run only those tests, without 4 and 5.
#
# Exits with swift test's status (or the fuzzers', or setup's 3/4) and never counts a test that
# could not run as passed: a test whose tool is missing fails and says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzz=1
release=1
arguments=()
for argument in "$@"; do
    case "$argument" in
        --no-fuzz) fuzz=0 ;;
        --no-release) release=0 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) arguments+=("$argument"); fuzz=0; release=0 ;;
    esac
done

bash scripts/setup.sh --tests

if ! swift format lint --strict --recursive --parallel Sources Tests Package.swift; then
    echo "swift format lint: the files above are not laid out as .swift-format says;" \
        "run: swift format -i -r --parallel Sources Tests Package.swift" >&2
    exit 1
fi

swift build --build-tests

log="$(mktemp)"
# Where each server fixture of the tests is, for the watchdog's report of a hung run.
export VITALS_STAGE_TRACE="$(mktemp)"
threads="$(mktemp)"
trap 'rm -f "$log" "$VITALS_STAGE_TRACE" "$threads"' EXIT
set +e
swift test --skip-build ${arguments[@]+"${arguments[@]}"} > >(tee "$log") 2>&1 &
runner=$!
limit=$(( ${VITALS_TEST_MINUTES:-25} * 60 ))
waited=0
while kill -0 "$runner" 2>/dev/null && [ "$waited" -lt "$limit" ]; do
    sleep 5
    waited=$(( waited + 5 ))
done
if kill -0 "$runner" 2>/dev/null; then
    echo "swift test did not end within $(( limit / 60 )) minutes; these tests started and never ended:"
    python3 scripts/unfinished-tests.py "$log" "$VITALS_STAGE_TRACE"
    for pid in $(pgrep -f 'PackageTests.xctest'); do
        if command -v gdb >/dev/null 2>&1; then
            # Bounded: gdb once never finished attaching; a tracer killed leaves its tracee stopped.
            timeout -s KILL 120 gdb -p "$pid" -batch -ex "thread apply all bt" 2>&1 \
                | swift demangle --simplified > "$threads"
            kill -CONT "$pid" 2>/dev/null || true
            echo "the test process's threads (gdb, frames of the project's own code and where each waits):"
            python3 scripts/hung-threads.py "$threads"
        fi
    done
    pkill -TERM -f 'PackageTests.xctest'
    sleep 30
    pkill -KILL -f 'PackageTests.xctest'
    kill "$runner" 2>/dev/null
    wait "$runner"
    exit 124
fi
wait "$runner"
status=$?
set -e
[ "$status" = 0 ] || exit "$status"
if [ "$fuzz" = 1 ]; then
    bash scripts/fuzz.sh --seconds 30
fi
if [ "$release" = 1 ]; then
    tarball="$(bash scripts/release.sh --worktree --out .build-release/dist)"
    bash scripts/release-check.sh "$tarball"
fi

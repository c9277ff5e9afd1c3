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
# 3. swift test, with a watchdog: past 45 minutes (a fresh build and the run take about 20) it
#    is stopped and the tests that started and never ended are named.
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
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) arguments+=("$argument"); fuzz=0; release=0 ;;
    esac
done

bash scripts/setup.sh --tests

if ! swift format lint --strict --recursive --parallel Sources Tests Package.swift; then
    echo "swift format lint: the files above are not laid out as .swift-format says;" \
        "run: swift format -i -r --parallel Sources Tests Package.swift" >&2
    exit 1
fi

log="$(mktemp)"
# Where each server fixture of the tests is, for the watchdog's report of a hung run.
export VITALS_STAGE_TRACE="$(mktemp)"
trap 'rm -f "$log" "$VITALS_STAGE_TRACE"' EXIT
set +e
timeout --kill-after=30s 45m swift test ${arguments[@]+"${arguments[@]}"} 2>&1 | tee "$log"
status="${PIPESTATUS[0]}"
set -e
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "swift test did not end within 45 minutes; these tests started and never ended:"
    python3 scripts/unfinished-tests.py "$log" "$VITALS_STAGE_TRACE"
fi
[ "$status" = 0 ] || exit "$status"
if [ "$fuzz" = 1 ]; then
    bash scripts/fuzz.sh --seconds 30
fi
if [ "$release" = 1 ]; then
    tarball="$(bash scripts/release.sh --worktree --out .build-release/dist)"
    bash scripts/release-check.sh "$tarball"
fi

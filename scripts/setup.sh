#!/usr/bin/env bash
# What the build and the tests need on Debian, brought once and reused (demo.sh and test.sh run it).
#
#   bash scripts/setup.sh [--build | --tests]
#     --build   the Debian packages the build needs (libsqlite3-dev, zlib1g-dev)
#     --tests   those, the packages the tests need (postgresql, chromium, chromium-driver,
#               python3-venv, systemd, libcurl4-openssl-dev, gdb) and the venv of pinned test tools in .build-tools/venv (the default)
#
# As root with apt-get, missing packages are installed; otherwise the script names what is
# missing and how to install it, and exits 3. The venv is made once and reused; a pin that
# changed is installed again. Exit codes: 0 ready, 3 something is missing that this user
# cannot install, 4 an install failed. VITALS_SETUP_REQUIRE (space-separated) adds packages to
# what is required, so the tests can see the missing-package path.
set -euo pipefail

VITALS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian packages: the build's, then the tests' (a throwaway PostgreSQL cluster, headless
# Chromium driven by chromedriver, python3-venv for the test tools from PyPI, and systemd for
# systemd-analyze, which checks the release bundle's unit; libcurl4-openssl-dev for the bundle's
# static link: the MCP SDK pulls in FoundationNetworking, whose static library needs -lcurl; gdb
# for the thread backtraces scripts/test.sh prints when a test run hangs).
VITALS_BUILD_PACKAGES=(libsqlite3-dev zlib1g-dev ${VITALS_SETUP_REQUIRE:-})
VITALS_TEST_PACKAGES=(postgresql chromium chromium-driver python3-venv systemd libcurl4-openssl-dev gdb)
# Test tools from PyPI, pinned: schemathesis checks the server against its OpenAPI document;
# fhir.resources (R4B models) and fhirpathpy check the FHIR export; mcp (the official MCP client) drives `vitals mcp`. anyio stays below 4.15: from
# 4.15 its import compiles its own source, and Debian 12's Python 3.11.2 can fail compiling in two
# threads at once ("SystemError: AST constructor recursion depth mismatch"), a failed schemathesis run.
VITALS_PIP_PINS=(schemathesis==4.32.5 anyio==4.14.2 fhir.resources==8.3.0 fhirpathpy==2.2.4 mcp==2.3.0)
VITALS_VENV="$VITALS_ROOT/.build-tools/venv"

vitals_missing_packages() {
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || echo "$package"
    done
}

# Installs the missing ones of the packages given, or explains and exits 3.
vitals_packages() {
    local missing
    mapfile -t missing < <(vitals_missing_packages "$@")
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
        echo "setup: this is not a Debian-like machine (no apt-get); install the equivalents of: ${missing[*]}" >&2
        exit 3
    fi
    if [ "$(id -u)" != 0 ]; then
        echo "setup: missing Debian packages: ${missing[*]}" >&2
        echo "setup: install them as root (sudo apt-get install -y ${missing[*]}), then run this again" >&2
        exit 3
    fi
    echo "setup: installing ${missing[*]}" >&2
    if ! { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >&2; then
        echo "setup: apt-get could not install ${missing[*]}" >&2
        exit 4
    fi
}

# Makes the venv of pinned test tools once; installs again only the pins it does not match.
vitals_venv() {
    if [ ! -x "$VITALS_VENV/bin/python" ]; then
        echo "setup: making the test tools' venv in .build-tools/venv" >&2
        python3 -m venv "$VITALS_VENV" || { echo "setup: python3 -m venv failed" >&2; exit 4; }
    fi
    local wrong=() pin
    for pin in "${VITALS_PIP_PINS[@]}"; do
        "$VITALS_VENV/bin/python" - "${pin%%==*}" "${pin##*==}" 2>/dev/null <<'PY' || wrong+=("$pin")
import importlib.metadata, sys
sys.exit(importlib.metadata.version(sys.argv[1]) != sys.argv[2])
PY
    done
    [ ${#wrong[@]} -eq 0 ] && return 0
    echo "setup: installing ${wrong[*]} into the venv" >&2
    "$VITALS_VENV/bin/pip" install -q "${wrong[@]}" >&2 || { echo "setup: pip could not install ${wrong[*]}" >&2; exit 4; }
}

vitals_setup() {
    case "${1:---tests}" in
        --build) vitals_packages "${VITALS_BUILD_PACKAGES[@]}" ;;
        --tests)
            vitals_packages "${VITALS_BUILD_PACKAGES[@]}" "${VITALS_TEST_PACKAGES[@]}"
            vitals_venv
            ;;
        -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "setup: unknown option $1 (expected --build or --tests)" >&2; exit 2 ;;
    esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    vitals_setup "$@"
fi

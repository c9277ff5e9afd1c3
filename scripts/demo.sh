#!/usr/bin/env bash
# The demo on a machine that has only Swift: the build's two Debian packages, then `vitals demo`.
#
#   bash scripts/demo.sh [VITALS-DEMO-ARGUMENTS...]     e.g. --dashboard
#
# scripts/setup.sh --build installs libsqlite3-dev and zlib1g-dev when they are missing (as
# root; otherwise it names them and exits 3), then `swift run vitals demo` builds the tool and
# runs it on the built-in example with the arguments given (`vitals demo --help` lists them).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
bash scripts/setup.sh --build
exec swift run vitals demo "$@"

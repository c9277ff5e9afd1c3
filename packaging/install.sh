#!/usr/bin/env bash
# Installs this unpacked release bundle under a prefix (default /usr/local).
#
#   sudo ./install.sh [--prefix /usr/local] [--systemd]
#     --prefix DIR  where bin/, share/ go (default /usr/local)
#     --systemd     also make the system user `vitals` (no login, home /var/lib/vitals),
#                   install the units (vitals.service, vitals-backup.service and .timer)
#                   into /etc/systemd/system (they run /usr/local/bin/vitals:
#                   with another prefix, edit its ExecStart) and reload systemd;
#                   then: systemctl enable --now vitals
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PREFIX=/usr/local
SYSTEMD=0
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --systemd) SYSTEMD=1; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
install -D -m 0755 "$HERE/bin/vitals" "$PREFIX/bin/vitals"
for file in $(cd "$HERE" && find share -type f); do
    install -D -m 0644 "$HERE/$file" "$PREFIX/$file"
done
echo "install: vitals $("$PREFIX/bin/vitals" --version) in $PREFIX/bin"
if [ "$SYSTEMD" = 1 ]; then
    if ! id vitals >/dev/null 2>&1; then
        useradd --system --user-group --home-dir /var/lib/vitals --no-create-home --shell /usr/sbin/nologin vitals
        echo "install: made the system user vitals"
    fi
    install -d -o vitals -g vitals -m 0700 /var/lib/vitals
    for unit in vitals.service vitals-backup.service vitals-backup.timer; do
        install -D -m 0644 "$HERE/lib/systemd/system/$unit" "/etc/systemd/system/$unit"
    done
    systemctl daemon-reload
    echo "install: the units are in /etc/systemd/system; start the server with: systemctl enable --now vitals"
    echo "install: nightly backups into /var/lib/vitals/backups: systemctl enable --now vitals-backup.timer"
fi

#!/usr/bin/env bash
# Checks a release bundle as a self-hoster would use it: unpacked in a scratch folder, run with a
# minimal environment (no Swift toolchain on PATH, nothing from .build).
#
#   bash scripts/release-check.sh TARBALL
#
# Fails (exit 1, naming the check) unless: the bundle holds the binary, the three shell
# completions, a man page per command, the systemd unit (which `systemd-analyze verify` accepts
# without a word) and the reverse-proxy examples; the
# binary links no Swift runtime library; `vitals --version` names the version and the commit;
# `vitals demo` prints its weekly summary; `vitals user add` and `vitals serve` work from the
# bundle: GET /health, then the user's GET /api/me with the token, and SIGTERM ends the server
# with exit 0.
set -euo pipefail
TARBALL="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/vitals-release-check.XXXXXX")"
SERVER_PID=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
    rm -rf "$SCRATCH"
}
trap cleanup EXIT
fail() { echo "release-check: FAILED: $*" >&2; exit 1; }
pass() { echo "release-check: ok: $*" >&2; }

tar -xzf "$TARBALL" -C "$SCRATCH"
BUNDLE="$(find "$SCRATCH" -mindepth 1 -maxdepth 1 -type d -name 'vitals-*' | head -1)"
[ -n "$BUNDLE" ] || fail "the tarball has no vitals-VERSION/ folder"
for file in bin/vitals share/bash-completion/completions/vitals share/zsh/site-functions/_vitals \
    share/fish/vendor_completions.d/vitals.fish share/man/man1/vitals.1 share/man/man1/vitals-serve.1 \
    lib/systemd/system/vitals.service lib/systemd/system/vitals-backup.service \
    lib/systemd/system/vitals-backup.timer share/doc/vitals/examples/nginx.conf \
    share/doc/vitals/examples/Caddyfile share/doc/vitals/README.md install.sh; do
    [ -s "$BUNDLE/$file" ] || fail "$file is missing or empty"
done
pass "the bundle's files"
grep -q "^User=vitals" "$BUNDLE/lib/systemd/system/vitals.service" || fail "the unit has no user of its own"
grep -q "StateDirectory=vitals" "$BUNDLE/lib/systemd/system/vitals.service" || fail "the unit has no StateDirectory"
grep -q "proxy_pass http://127.0.0.1:8080" "$BUNDLE/share/doc/vitals/examples/nginx.conf" || fail "nginx example"
grep -q "^complete -c 'vitals' .*serve" "$BUNDLE/share/fish/vendor_completions.d/vitals.fish" || fail "fish completion"
grep -q "^complete .*vitals" "$BUNDLE/share/bash-completion/completions/vitals" || fail "bash completion"
bash -n "$BUNDLE/share/bash-completion/completions/vitals" || fail "the bash completion is not valid bash"
head -1 "$BUNDLE/share/zsh/site-functions/_vitals" | grep -q "^#compdef vitals" || fail "zsh completion"
# systemd's own check of the unit (ExecStart pointed at the bundle's binary): any word from it fails.
sed "s#/usr/local/bin/vitals#$BUNDLE/bin/vitals#" "$BUNDLE/lib/systemd/system/vitals.service" > "$SCRATCH/vitals.service"
verify="$(systemd-analyze verify --man=no "$SCRATCH/vitals.service" 2>&1)" || fail "systemd-analyze verify: $verify"
[ -z "$verify" ] || fail "systemd-analyze verify: $verify"
# The backup's service and timer, checked together (the timer names the service).
for unit in vitals-backup.service vitals-backup.timer; do
    sed "s#/usr/local/bin/vitals#$BUNDLE/bin/vitals#" "$BUNDLE/lib/systemd/system/$unit" > "$SCRATCH/$unit"
done
verify="$(systemd-analyze verify --man=no "$SCRATCH/vitals-backup.service" "$SCRATCH/vitals-backup.timer" 2>&1)" \
    || fail "systemd-analyze verify (backup): $verify"
[ -z "$verify" ] || fail "systemd-analyze verify (backup): $verify"
grep -q -- "backup /var/lib/vitals/backups/ --db /var/lib/vitals/vitals.sqlite --keep" \
    "$BUNDLE/lib/systemd/system/vitals-backup.service" || fail "the backup unit does not back up the server's database"
pages=$(find "$BUNDLE/share/man/man1" -name '*.1' | wc -l)
[ "$pages" -ge 40 ] || fail "only $pages man pages"
pass "unit, examples, completions, $pages man pages"
if ldd "$BUNDLE/bin/vitals" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime'; then
    fail "bin/vitals links the Swift runtime dynamically"
fi
pass "no Swift runtime library linked dynamically"

# A minimal environment: no toolchain on PATH, HOME and TMPDIR in the scratch folder.
run() {
    env -i PATH=/usr/bin:/bin HOME="$SCRATCH/home" TMPDIR="$SCRATCH/tmp" LANG=C.UTF-8 "$BUNDLE/bin/vitals" "$@"
}
mkdir -p "$SCRATCH/home" "$SCRATCH/tmp"
env -i PATH=/usr/bin:/bin bash -c 'command -v swift' >/dev/null 2>&1 && fail "swift is on the minimal PATH"

version="$(run --version)" || fail "vitals --version exited $?"
expected_version="$(sed -n 1p "$BUNDLE/share/doc/vitals/VERSION")"
expected_commit="$(sed -n 2p "$BUNDLE/share/doc/vitals/VERSION")"
case "$version" in
    "$expected_version (commit ${expected_commit:0:12}"*) pass "--version: $version" ;;
    *) fail "--version printed '$version', expected '$expected_version (commit ${expected_commit:0:12}...)'" ;;
esac

demo="$(run demo)" || fail "vitals demo exited $?"
grep -q "steps (merged)" <<<"$demo" || fail "vitals demo printed no weekly summary: $demo"
pass "vitals demo"

DB="$SCRATCH/server.sqlite"
token="$(run user add ada --db "$DB" --tz Europe/Berlin --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')" \
    || fail "vitals user add"
env -i PATH=/usr/bin:/bin HOME="$SCRATCH/home" TMPDIR="$SCRATCH/tmp" LANG=C.UTF-8 \
    "$BUNDLE/bin/vitals" serve --db "$DB" --host 127.0.0.1 --port 0 --import-dir "$SCRATCH/uploads" \
    > "$SCRATCH/serve.out" 2> "$SCRATCH/serve.err" &
SERVER_PID=$!
address=""
for _ in $(seq 1 300); do
    address="$(sed -n 's/.*listening on \(http:\/\/[0-9.:]*\).*/\1/p' "$SCRATCH/serve.out" | head -1)"
    [ -n "$address" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || fail "vitals serve exited: $(cat "$SCRATCH/serve.err")"
    sleep 0.1
done
[ -n "$address" ] || fail "vitals serve did not say where it listens within 30 s"
python3 - "$address" "$token" <<'PY' || fail "the server's answers"
import json, sys, urllib.request
address, token = sys.argv[1], sys.argv[2]
health = json.load(urllib.request.urlopen(address + "/health", timeout=10))
assert health == {"status": "ok"}, health
request = urllib.request.Request(address + "/api/me", headers={"Authorization": "Bearer " + token})
me = json.load(urllib.request.urlopen(request, timeout=10))
assert me == {"name": "ada", "timeZone": "Europe/Berlin"}, me
PY
pass "vitals serve at $address: /health and /api/me"
# The backup unit's command against the running server, then a restore of what it wrote.
run backup "$SCRATCH/backups/" --db "$DB" --keep 14 --no-progress > "$SCRATCH/backup.out" \
    || fail "vitals backup of the running server: $(cat "$SCRATCH/backup.out")"
backup_file="$(find "$SCRATCH/backups" -name 'server-*.sqlite' | head -1)"
[ -s "$backup_file" ] || fail "vitals backup wrote no server-*.sqlite"
run restore "$backup_file" --db "$DB" >/dev/null 2>&1 && fail "vitals restore replaced a database the server holds"
run restore "$backup_file" --db "$SCRATCH/restored.sqlite" --json > /dev/null || fail "vitals restore of the backup"
run user list --db "$SCRATCH/restored.sqlite" | grep -q ada || fail "the restored database has no user ada"
pass "vitals backup of the running server, refused restore over it, restore into a new file"
kill -TERM "$SERVER_PID"
status=0
wait "$SERVER_PID" || status=$?
SERVER_PID=""
[ "$status" = 0 ] || fail "vitals serve ended with $status after SIGTERM: $(tail -3 "$SCRATCH/serve.err")"
pass "vitals serve stopped gracefully on SIGTERM"
echo "release-check: the bundle works" >&2

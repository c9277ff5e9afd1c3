#!/usr/bin/env bash
# The release bundle: `vitals` built in release with the Swift runtime linked in, and what a
# self-hoster installs beside it, in one tarball.
#
#   bash scripts/release.sh [--out DIR] [--commit REV] [--allow-dirty | --worktree]
#     --out DIR       where the tarball goes (default dist/)
#     --commit REV    the commit to build (default HEAD); built from a clean copy of it (git
#                     archive), so what is in the tarball is exactly that commit
#     --allow-dirty   build HEAD even when the working tree has changes that are not committed
#                     (they are not in the bundle either way: it is built from the commit)
#     --worktree      build what is in the working tree instead (tracked and new files that git
#                     does not ignore), the commit recorded as HASH-modified when it differs from
#                     HEAD: what scripts/test.sh checks, so a change is tested before it is committed
#
# Prints the tarball's path on standard output (progress goes to standard error). The tarball,
# vitals-VERSION-linux-ARCH.tar.gz, unpacks into vitals-VERSION/ with
#   bin/vitals                          (--static-swift-stdlib: no Swift toolchain needed; it
#                                        needs Debian's libsqlite3-0, zlib1g and libstdc++6)
#   share/man/man1/vitals*.1            (swift-argument-parser's generate-manual)
#   share/bash-completion/completions/vitals, share/zsh/site-functions/_vitals,
#   share/fish/vendor_completions.d/vitals.fish
#   lib/systemd/system/vitals.service   (packaging/vitals.service: its own user, StateDirectory, hardening)
#   lib/systemd/system/vitals-backup.{service,timer}   (the nightly `vitals backup`, keeping 14)
#   share/doc/vitals/                   README.md, LICENSE, the reverse-proxy examples (nginx, Caddy)
#   install.sh                          copies those under a prefix (default /usr/local)
# The build keeps its cache in .build-release/ between runs. Exit codes: 0 built, 1 a step
# failed, 2 bad arguments or a dirty tree.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/dist"
REV=HEAD
ALLOW_DIRTY=0
WORKTREE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --out) OUT="$(mkdir -p "$2" && cd "$2" && pwd)"; shift 2 ;;
        --commit) REV="$2"; shift 2 ;;
        --allow-dirty) ALLOW_DIRTY=1; shift ;;
        --worktree) WORKTREE=1; shift ;;
        -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "release: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
cd "$ROOT"
COMMIT="$(git rev-parse --verify "$REV^{commit}" 2>/dev/null)" || { echo "release: no commit $REV" >&2; exit 2; }
DIRTY="$(git status --porcelain --untracked-files=normal)"
if [ "$WORKTREE" = 1 ] && [ "$REV" != HEAD ]; then
    echo "release: --worktree builds the working tree; it takes no --commit" >&2
    exit 2
fi
if [ "$REV" = HEAD ] && [ "$ALLOW_DIRTY" = 0 ] && [ "$WORKTREE" = 0 ] && [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "release: the working tree has changes that are not committed; commit them, or pass --allow-dirty" >&2
    echo "release: (the bundle is built from the commit $COMMIT either way)" >&2
    exit 2
fi
SHORT="${COMMIT:0:12}"
if [ "$WORKTREE" = 1 ] && [ -n "$DIRTY" ]; then SHORT="$SHORT-modified"; fi
if [ "$WORKTREE" = 1 ]; then
    VERSION="$(sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/vitals/VitalsVersion.swift)"
else
    VERSION="$(git show "$COMMIT:Sources/vitals/VitalsVersion.swift" | sed -n 's/.*static let number = "\(.*\)".*/\1/p')"
fi
[ -n "$VERSION" ] || { echo "release: no version in Sources/vitals/VitalsVersion.swift" >&2; exit 1; }
ARCH="$(uname -m)"
NAME="vitals-$VERSION"
WORK="$ROOT/.build-release"
SOURCE="$WORK/source"
STAGE="$WORK/stage/$NAME"

step() { echo "release: $*" >&2; }

step "copying $SHORT into $SOURCE"
rm -rf "$SOURCE" "$WORK/stage"
mkdir -p "$SOURCE" "$STAGE"
if [ "$WORKTREE" = 1 ]; then
    git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
        [ -e "$file" ] && printf '%s\0' "$file"
    done | tar --null -T - -c | tar -x -C "$SOURCE"
else
    git archive "$COMMIT" | tar -x -C "$SOURCE"
fi
# The commit goes into the copy's VitalsVersion, never into the clone's.
sed -i "s/static let commit: String? = nil/static let commit: String? = \"$SHORT\"/" "$SOURCE/Sources/vitals/VitalsVersion.swift"
grep -q "\"$SHORT\"" "$SOURCE/Sources/vitals/VitalsVersion.swift" || { echo "release: could not record the commit" >&2; exit 1; }

step "building vitals $VERSION in release with the Swift runtime linked statically (a first build takes 10-15 minutes)"
# FoundationNetworking (linked through the MCP SDK) needs libcurl named at a static link; the
# binary then loads Debian's libcurl4 like libsqlite3-0.
if ! ls /usr/lib/*/libcurl.so >/dev/null 2>&1 && [ ! -e /usr/lib/libcurl.so ]; then
    echo "release: the static link needs libcurl's development files: apt-get install libcurl4-openssl-dev" >&2
    exit 3
fi
swift build --package-path "$SOURCE" --scratch-path "$WORK/build" -c release --product vitals \
    --static-swift-stdlib -Xlinker -lcurl >&2
BIN="$(swift build --package-path "$SOURCE" --scratch-path "$WORK/build" -c release --show-bin-path)/vitals"

step "laying out the bundle"
mkdir -p "$STAGE/bin" "$STAGE/share/man/man1" "$STAGE/share/bash-completion/completions" \
    "$STAGE/share/zsh/site-functions" "$STAGE/share/fish/vendor_completions.d" \
    "$STAGE/lib/systemd/system" "$STAGE/share/doc/vitals/examples"
cp "$BIN" "$STAGE/bin/vitals"
strip --strip-debug "$STAGE/bin/vitals" 2>/dev/null || true
"$STAGE/bin/vitals" --generate-completion-script bash > "$STAGE/share/bash-completion/completions/vitals"
"$STAGE/bin/vitals" --generate-completion-script zsh > "$STAGE/share/zsh/site-functions/_vitals"
"$STAGE/bin/vitals" --generate-completion-script fish > "$STAGE/share/fish/vendor_completions.d/vitals.fish"
step "writing the man pages"
python3 "$ROOT/scripts/manpage.py" --version "$VERSION" --out "$STAGE/share/man/man1" "$STAGE/bin/vitals"
cp "$SOURCE/packaging/vitals.service" "$STAGE/lib/systemd/system/vitals.service"
cp "$SOURCE/packaging/vitals-backup.service" "$SOURCE/packaging/vitals-backup.timer" "$STAGE/lib/systemd/system/"
cp "$SOURCE/packaging/install.sh" "$STAGE/install.sh"
cp "$SOURCE/README.md" "$STAGE/share/doc/vitals/README.md"
[ -f "$SOURCE/LICENSE" ] && cp "$SOURCE/LICENSE" "$STAGE/share/doc/vitals/LICENSE"
python3 "$ROOT/scripts/readme-blocks.py" "$SOURCE/README.md" nginx > "$STAGE/share/doc/vitals/examples/nginx.conf"
python3 "$ROOT/scripts/readme-blocks.py" "$SOURCE/README.md" caddyfile > "$STAGE/share/doc/vitals/examples/Caddyfile"
printf '%s\n%s\n' "$VERSION" "$SHORT" > "$STAGE/share/doc/vitals/VERSION"

mkdir -p "$OUT"
TARBALL="$OUT/$NAME-linux-$ARCH.tar.gz"
tar -C "$WORK/stage" --owner=0 --group=0 --numeric-owner -czf "$TARBALL.part" "$NAME"
mv "$TARBALL.part" "$TARBALL"
step "$(du -h "$TARBALL" | cut -f1) in $TARBALL"
echo "$TARBALL"

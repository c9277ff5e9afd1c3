#!/usr/bin/env bash
# Import benchmark (issue 3, "Figure"): for each size, generate (or reuse) a synthetic Apple
# Health export with Benchmarks/generate-export.py, then measure wall time and peak RSS of
#   a) vitals import <export.xml> --db <fresh db> --no-progress --json   (release build)
#   b) xmllint --stream --noout <export.xml>                             (C parse-only baseline)
#   c) healthkit-to-sqlite --silent --xml <export.xml> <fresh db>         (pip, in a venv)
# and print MB/s, the ratios and Vitals' peak RSS against the targets:
#   Vitals/xmllint >= 1.0, Vitals/healthkit-to-sqlite >= 5, Vitals peak RSS <= 64 MiB.
#
#   bash Benchmarks/import-benchmark.sh [--sizes "100MB 1GB"] [--work DIR] [--json] ...
#
# MB/s uses 1 MB = 10^6 bytes of export.xml over wall-clock seconds. Peak RSS is
# /usr/bin/time -v's "Maximum resident set size" (KiB, reported in MiB). The export is read
# once before the runs so every tool starts from a warm page cache. Everything stays on local
# disk (default work folder bench-data/, git-ignored); the only network use is apt-get (as
# root) for libxml2-utils/time and pip for healthkit-to-sqlite, and only when missing.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GENERATOR="$ROOT/Benchmarks/generate-export.py"
SIZES="100MB 1GB"
WORK="$ROOT/bench-data"
JSON=0
SEED=1
RUNS=1
BUILD=1
VITALS_BIN=""
SCRATCH=""
HK_INPUT="xml"
SKIP_HK=0
SKIP_VITALS=0
STRICT=0

usage() {
    cat <<'EOF'
usage: bash Benchmarks/import-benchmark.sh [options]
  --sizes "100MB 1GB"   export.xml sizes to generate and measure (decimal MB/GB; MiB/GiB ok)
  --work DIR            work folder for exports, venv, databases (default: bench-data/)
  --json                print the results as JSON on stdout (progress goes to stderr)
  --seed N              generator seed (default 1)
  --runs N              runs per tool and size; the median wall time is reported (default 1)
  --no-build            do not run `swift build`; use --vitals or the existing release binary
  --vitals PATH         vitals binary to measure (implies --no-build)
  --scratch-path DIR    passed to `swift build --scratch-path` (default: the package's .build)
  --hk-input xml|zip    give healthkit-to-sqlite the bare export.xml (--xml, default) or the
                        export.zip (it then also parses the GPX route files)
  --strict              exit 2 when a target is not met (exit 1 when Vitals fails anyway)
  --skip-vitals         do not measure Vitals
  --skip-healthkit-to-sqlite
                        do not install or measure healthkit-to-sqlite
  -h, --help            this help
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) SIZES="$2"; shift 2 ;;
        --sizes=*) SIZES="${1#*=}"; shift ;;
        --work) WORK="$2"; shift 2 ;;
        --work=*) WORK="${1#*=}"; shift ;;
        --json) JSON=1; shift ;;
        --seed) SEED="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --vitals) VITALS_BIN="$2"; BUILD=0; shift 2 ;;
        --scratch-path) SCRATCH="$2"; shift 2 ;;
        --hk-input) HK_INPUT="$2"; shift 2 ;;
        --skip-vitals) SKIP_VITALS=1; shift ;;
        --strict) STRICT=1; shift ;;
        --skip-healthkit-to-sqlite) SKIP_HK=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "import-benchmark: unknown option: $1" >&2; usage >&2; exit 64 ;;
    esac
done
case "$HK_INPUT" in xml|zip) ;; *) echo "import-benchmark: --hk-input must be xml or zip" >&2; exit 64 ;; esac
case "$RUNS" in ''|*[!0-9]*|0) echo "import-benchmark: --runs must be a positive integer" >&2; exit 64 ;; esac

log() { echo "[import-benchmark] $*" >&2; }

command -v python3 >/dev/null 2>&1 || { log "python3 is required (the generator and the report use it)"; exit 69; }
mkdir -p "$WORK" || { log "cannot create work folder $WORK"; exit 73; }
WORK="$(cd "$WORK" && pwd)"
RUNDIR="$WORK/runs"
mkdir -p "$RUNDIR"
rm -f "$RUNDIR"/*.out "$RUNDIR"/*.err "$RUNDIR"/*.time "$RUNDIR"/build-errors.txt
RESULTS="$RUNDIR/results.tsv"
: > "$RESULTS"
NOTES="$RUNDIR/notes.txt"
: > "$NOTES"
note() { log "$*"; echo "$*" >> "$NOTES"; }

FSTYPE="$(stat -f -c %T "$WORK" 2>/dev/null || echo unknown)"
case "$FSTYPE" in
    nfs*|cifs|smb*|fuse*|9p|sshfs) note "warning: work folder $WORK is on $FSTYPE, not a local disk; figures will be off" ;;
esac

# ---------------------------------------------------------------------------------------
# Tools: /usr/bin/time, xmllint (apt, as root), healthkit-to-sqlite (pip, in a venv)
# ---------------------------------------------------------------------------------------
APT_UPDATED=0
apt_install() {   # apt_install PACKAGE... ; returns non-zero if it could not
    if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
        return 1
    fi
    log "installing $* (apt-get)"
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >"$RUNDIR/apt.log" 2>&1; then
        if [ "$APT_UPDATED" = 0 ]; then
            APT_UPDATED=1
            apt-get update -q >>"$RUNDIR/apt.log" 2>&1 || true
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >>"$RUNDIR/apt.log" 2>&1 || return 1
        else
            return 1
        fi
    fi
}

if [ ! -x /usr/bin/time ]; then
    apt_install time || true
fi
if [ ! -x /usr/bin/time ]; then
    log "GNU time (/usr/bin/time) is missing and could not be installed: run 'apt-get install -y time' as root"
    exit 69
fi

XMLLINT=""
if command -v xmllint >/dev/null 2>&1; then
    XMLLINT="$(command -v xmllint)"
else
    apt_install libxml2-utils || true
    command -v xmllint >/dev/null 2>&1 && XMLLINT="$(command -v xmllint)"
fi
[ -n "$XMLLINT" ] || note "xmllint is missing and could not be installed (apt-get install -y libxml2-utils as root): its column is n/a"

HK=""
if [ "$SKIP_HK" = 0 ]; then
    VENV="$WORK/venv"
    if [ ! -x "$VENV/bin/healthkit-to-sqlite" ]; then
        if [ ! -x "$VENV/bin/python" ]; then
            rm -rf "$VENV"
            if ! python3 -m venv "$VENV" >"$RUNDIR/venv.log" 2>&1; then
                apt_install python3-venv || true
                rm -rf "$VENV"
                python3 -m venv "$VENV" >>"$RUNDIR/venv.log" 2>&1 || true
            fi
        fi
        if [ -x "$VENV/bin/pip" ]; then
            log "installing healthkit-to-sqlite into $VENV (pip)"
            "$VENV/bin/pip" install -q healthkit-to-sqlite >"$RUNDIR/pip.log" 2>&1 || true
        fi
    fi
    if [ -x "$VENV/bin/healthkit-to-sqlite" ]; then
        HK="$VENV/bin/healthkit-to-sqlite"
    else
        note "healthkit-to-sqlite could not be installed into $VENV (see $RUNDIR/venv.log, $RUNDIR/pip.log): its column is n/a"
    fi
fi

# ---------------------------------------------------------------------------------------
# Vitals release build
# ---------------------------------------------------------------------------------------
VITALS=""
BUILD_ERRORS=""
if [ "$SKIP_VITALS" = 0 ]; then
    SCRATCH_ARGS=()
    [ -n "$SCRATCH" ] && SCRATCH_ARGS=(--scratch-path "$SCRATCH")
    if [ -n "$VITALS_BIN" ]; then
        VITALS="$VITALS_BIN"
    elif [ "$BUILD" = 1 ]; then
        if ! command -v swift >/dev/null 2>&1; then
            note "swift is not on PATH: cannot build vitals"
        else
            log "building: swift build -c release --product vitals ${SCRATCH_ARGS[*]:-} (log: $RUNDIR/build.log)"
            if (cd "$ROOT" && swift build -c release --product vitals "${SCRATCH_ARGS[@]}") >"$RUNDIR/build.log" 2>&1; then
                BIN_DIR="$(cd "$ROOT" && swift build -c release --show-bin-path "${SCRATCH_ARGS[@]}" 2>/dev/null)"
                VITALS="$BIN_DIR/vitals"
            else
                note "Vitals release build FAILED (swift build -c release --product vitals); full log: $RUNDIR/build.log"
                BUILD_ERRORS="$RUNDIR/build-errors.txt"
                { grep -E 'error:' "$RUNDIR/build.log" | head -n 10; echo '...'; tail -n 5 "$RUNDIR/build.log"; } > "$BUILD_ERRORS"
                sed 's/^/    /' "$BUILD_ERRORS" >&2
            fi
        fi
    else
        BIN_DIR="$(cd "$ROOT" && swift build -c release --show-bin-path "${SCRATCH_ARGS[@]}" 2>/dev/null || true)"
        [ -n "$BIN_DIR" ] && VITALS="$BIN_DIR/vitals"
    fi
    if [ -n "$VITALS" ] && [ ! -x "$VITALS" ]; then
        note "vitals binary not found at $VITALS"
        VITALS=""
    fi
fi

# ---------------------------------------------------------------------------------------
# Measurement
# ---------------------------------------------------------------------------------------
now_ns() { date +%s%N; }

# measure TOOL SIZE_LABEL RUN_INDEX -- command...   -> appends a TSV line:
# size_label tool run status wall_seconds max_rss_kib exit_code stdout_file stderr_file
measure() {
    local tool="$1" label="$2" run="$3"; shift 4
    local base="$RUNDIR/$label-$tool-$run"
    local t0 t1 rc rss wall status
    t0="$(now_ns)"
    /usr/bin/time -v -o "$base.time" "$@" >"$base.out" 2>"$base.err"
    rc=$?
    t1="$(now_ns)"
    wall="$(python3 -c "print(($t1 - $t0) / 1e9)")"
    rss="$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$base.time" 2>/dev/null | head -n1)"
    [ -n "$rss" ] || rss=0
    status=ok
    [ "$rc" = 0 ] || status=failed
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$tool" "$run" "$status" "$wall" "$rss" "$rc" "$base.out" "$base.err" >> "$RESULTS"
    if [ "$rc" != 0 ]; then
        log "$tool on $label FAILED (exit $rc); stderr:"
        head -n 12 "$base.err" | sed 's/^/    /' >&2
    else
        log "$tool on $label: $(printf '%.2f' "$wall") s, peak RSS $((rss / 1024)) MiB"
    fi
    return 0
}

GEN_HASH="$(python3 -c "import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest()[:16])" "$GENERATOR")"
SIZE_INFO="$RUNDIR/sizes.tsv"
: > "$SIZE_INFO"

for SIZE in $SIZES; do
    LABEL="$(echo "$SIZE" | tr -c 'A-Za-z0-9.\n' '_')"
    DATA="$WORK/export-$LABEL-seed$SEED"
    XML="$DATA/apple_health_export/export.xml"
    ZIP="$DATA/export.zip"
    STAMP="gen=$GEN_HASH size=$SIZE seed=$SEED"
    if [ ! -f "$XML" ] || [ ! -f "$ZIP" ] || [ "$(cat "$DATA/.stamp" 2>/dev/null)" != "$STAMP" ]; then
        log "generating $SIZE export (seed $SEED) into $DATA"
        rm -rf "$DATA"
        mkdir -p "$DATA"
        if ! python3 "$GENERATOR" --size "$SIZE" --seed "$SEED" --zip --out "$DATA" >"$DATA/generate.json" 2>"$DATA/generate.err"; then
            note "generator FAILED for $SIZE:"
            cat "$DATA/generate.err" >&2
            continue
        fi
        echo "$STAMP" > "$DATA/.stamp"
    else
        log "reusing cached $SIZE export in $DATA"
    fi
    BYTES="$(stat -c %s "$XML")"
    printf '%s\t%s\t%s\t%s\n' "$LABEL" "$SIZE" "$BYTES" "$DATA/generate.json" >> "$SIZE_INFO"
    # The figure is about export.xml alone: give every tool a hard link in a folder without the
    # workout-routes/ files, which vitals would otherwise also read (and xmllint never does).
    mkdir -p "$DATA/xml-only"
    ln -f "$XML" "$DATA/xml-only/export.xml"
    XML="$DATA/xml-only/export.xml"
    cat "$XML" > /dev/null     # warm the page cache: every tool reads from memory

    for ((run = 1; run <= RUNS; run++)); do
        if [ -n "$VITALS" ]; then
            DB="$RUNDIR/vitals-$LABEL.sqlite"
            rm -f "$DB" "$DB-wal" "$DB-shm" "$DB-journal"
            measure vitals "$LABEL" "$run" -- "$VITALS" import "$XML" --db "$DB" --no-progress --json
            rm -f "$DB" "$DB-wal" "$DB-shm" "$DB-journal"
        fi
        if [ -n "$XMLLINT" ]; then
            measure xmllint "$LABEL" "$run" -- "$XMLLINT" --stream --noout "$XML"
        fi
        if [ -n "$HK" ]; then
            DB="$RUNDIR/hk-$LABEL.sqlite"
            rm -f "$DB" "$DB-wal" "$DB-shm" "$DB-journal"
            if [ "$HK_INPUT" = zip ]; then
                measure healthkit-to-sqlite "$LABEL" "$run" -- "$HK" --silent "$ZIP" "$DB"
            else
                measure healthkit-to-sqlite "$LABEL" "$run" -- "$HK" --silent --xml "$XML" "$DB"
            fi
            rm -f "$DB" "$DB-wal" "$DB-shm" "$DB-journal"
        fi
    done
done

# ---------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------
ENV_CPU="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n1)"
ENV_CORES="$(nproc 2>/dev/null || echo '?')"
ENV_MEM="$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo 2>/dev/null)"
ENV_XMLLINT="n/a"
[ -n "$XMLLINT" ] && ENV_XMLLINT="$("$XMLLINT" --version 2>&1 | sed -n '1s/^.*: using //p')"
ENV_HK=""
[ -n "$HK" ] && ENV_HK="$("$VENV/bin/pip" show healthkit-to-sqlite 2>/dev/null | sed -n 's/^Version: //p')"

python3 - "$RESULTS" "$SIZE_INFO" "$NOTES" "$JSON" "$VITALS" "$HK_INPUT" "$FSTYPE" \
    "$ENV_CPU" "$ENV_CORES" "$ENV_MEM" "$ENV_XMLLINT" "$ENV_HK" "$RUNS" "$SKIP_VITALS" "$BUILD_ERRORS" "$STRICT" <<'PY'
import json, statistics, sys

(results_path, sizes_path, notes_path, as_json, vitals_bin, hk_input, fstype,
 cpu, cores, mem, xmllint_version, hk_version, runs, skip_vitals, build_errors_path, strict) = sys.argv[1:]
build_errors = open(build_errors_path, errors="replace").read().rstrip() if build_errors_path else ""
TARGET_XMLLINT, TARGET_HK, TARGET_RSS_MIB = 1.0, 5.0, 64.0

rows = [l.rstrip("\n").split("\t") for l in open(results_path) if l.strip()]
sizes = [l.rstrip("\n").split("\t") for l in open(sizes_path) if l.strip()]
notes = [l.rstrip("\n") for l in open(notes_path) if l.strip()]

def tool_result(label, tool, nbytes):
    runs_ = [r for r in rows if r[0] == label and r[1] == tool]
    if not runs_:
        return None
    failed = [r for r in runs_ if r[3] != "ok"]
    if failed:
        r = failed[0]
        try:
            err = open(r[8], errors="replace").read().strip().splitlines()
        except OSError:
            err = []
        return {"status": "failed", "exit_code": int(r[6]), "stderr": "\n".join(err[-12:])}
    walls = [float(r[4]) for r in runs_]
    wall = statistics.median(walls)
    rss_kib = max(int(r[5]) for r in runs_)
    out = {"status": "ok", "runs": len(walls), "wall_seconds": round(wall, 3),
           "wall_seconds_all": [round(w, 3) for w in walls],
           "mb_per_s": round(nbytes / 1e6 / wall, 2) if wall > 0 else None,
           "peak_rss_mib": round(rss_kib / 1024, 1)}
    if tool == "vitals":
        try:
            out["summary"] = json.loads(open(runs_[-1][7]).read())
        except Exception:
            pass
    return out

report = {"machine": {"cpu": cpu, "cores": cores, "memory": mem, "work_filesystem": fstype},
          "tools": {"vitals": vitals_bin or None, "xmllint": xmllint_version,
                    "healthkit_to_sqlite": hk_version or None, "healthkit_to_sqlite_input": hk_input},
          "targets": {"vitals_over_xmllint_min": TARGET_XMLLINT, "vitals_over_healthkit_to_sqlite_min": TARGET_HK,
                      "vitals_peak_rss_mib_max": TARGET_RSS_MIB},
          "runs_per_tool": int(runs), "sizes": [], "notes": notes}
if build_errors:
    report["vitals_build_errors"] = build_errors

for label, size, nbytes, genjson in sizes:
    nbytes = int(nbytes)
    entry = {"size": size, "export_xml_bytes": nbytes, "export_xml_mb": round(nbytes / 1e6, 1)}
    try:
        g = json.load(open(genjson))
        entry["generator"] = {k: g.get(k) for k in ("days", "elements", "seed", "export_xml")}
    except Exception:
        pass
    v, x, h = (tool_result(label, t, nbytes) for t in ("vitals", "xmllint", "healthkit-to-sqlite"))
    entry["vitals"], entry["xmllint"], entry["healthkit_to_sqlite"] = v, x, h
    ok = lambda r: r is not None and r["status"] == "ok" and r.get("mb_per_s")
    checks = {}
    if ok(v) and ok(x):
        ratio = v["mb_per_s"] / x["mb_per_s"]
        entry["vitals_over_xmllint"] = round(ratio, 3)
        checks["vitals_over_xmllint"] = ratio >= TARGET_XMLLINT
    if ok(v) and ok(h):
        ratio = v["mb_per_s"] / h["mb_per_s"]
        entry["vitals_over_healthkit_to_sqlite"] = round(ratio, 2)
        checks["vitals_over_healthkit_to_sqlite"] = ratio >= TARGET_HK
    if ok(v):
        checks["vitals_peak_rss"] = v["peak_rss_mib"] <= TARGET_RSS_MIB
    entry["targets_met"] = checks
    report["sizes"].append(entry)

vitals_failed = skip_vitals != "1" and (not vitals_bin or any(
    s["vitals"] is None or s["vitals"]["status"] != "ok" for s in report["sizes"]))
report["vitals_ok"] = not vitals_failed
report["all_targets_met"] = (not vitals_failed and bool(report["sizes"]) and
                             all(len(s["targets_met"]) == 3 and all(s["targets_met"].values()) for s in report["sizes"]))

if as_json == "1":
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
else:
    def fmt(r, key, spec):
        if r is None:
            return "n/a"
        if r["status"] != "ok":
            return "FAILED"
        return spec % r[key]
    def mark(entry, key):
        if key not in entry["targets_met"]:
            return "n/a"
        return "met" if entry["targets_met"][key] else "NOT MET"
    head = ["size MB", "Vitals MB/s", "xmllint MB/s", "Vitals/xmllint", "h2s MB/s", "Vitals/h2s", "Vitals peak RSS MiB"]
    lines = []
    for e in report["sizes"]:
        v = e["vitals"]
        lines.append([
            "%.1f" % e["export_xml_mb"],
            fmt(v, "mb_per_s", "%.1f"),
            fmt(e["xmllint"], "mb_per_s", "%.1f"),
            ("%.2fx (%s)" % (e["vitals_over_xmllint"], mark(e, "vitals_over_xmllint"))) if "vitals_over_xmllint" in e else "n/a",
            fmt(e["healthkit_to_sqlite"], "mb_per_s", "%.1f"),
            ("%.1fx (%s)" % (e["vitals_over_healthkit_to_sqlite"], mark(e, "vitals_over_healthkit_to_sqlite"))) if "vitals_over_healthkit_to_sqlite" in e else "n/a",
            ("%.1f (%s)" % (v["peak_rss_mib"], mark(e, "vitals_peak_rss"))) if v and v["status"] == "ok" else fmt(v, "peak_rss_mib", "%.1f"),
        ])
    widths = [max(len(h), *(len(l[i]) for l in lines)) if lines else len(h) for i, h in enumerate(head)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for l in lines:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(l, widths)) + " |")
    print()
    print("Targets: Vitals/xmllint >= %.1f, Vitals/healthkit-to-sqlite (h2s) >= %.0fx, Vitals peak RSS <= %.0f MiB."
          % (TARGET_XMLLINT, TARGET_HK, TARGET_RSS_MIB))
    print("Extra figures: peak RSS xmllint / h2s = %s" % ", ".join(
        "%s MB: %s / %s MiB" % (e["export_xml_mb"], fmt(e["xmllint"], "peak_rss_mib", "%.1f"),
                                fmt(e["healthkit_to_sqlite"], "peak_rss_mib", "%.1f")) for e in report["sizes"]))
    print("Machine: %s, %s cores, %s; work folder on %s. xmllint: %s; healthkit-to-sqlite %s (input: %s). Runs per tool: %s (median)."
          % (cpu, cores, mem, fstype, xmllint_version, hk_version or "n/a", hk_input, runs))
    for e in report["sizes"]:
        v = e["vitals"]
        if v is not None and v["status"] != "ok":
            print()
            print("Vitals import FAILED on %s MB (exit %d):" % (e["export_xml_mb"], v["exit_code"]))
            for line in (v["stderr"] or "(no output on stderr)").splitlines():
                print("    " + line)
    if skip_vitals != "1" and not vitals_bin:
        print()
        print("Vitals was not measured: no vitals binary (build failed or not found).")
        for line in build_errors.splitlines():
            print("    " + line)
    for n in notes:
        print("note: " + n)
if vitals_failed:
    sys.exit(1)
sys.exit(2 if strict == "1" and skip_vitals != "1" and not report["all_targets_met"] else 0)
PY

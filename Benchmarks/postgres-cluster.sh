# A throwaway PostgreSQL cluster for the benchmark scripts, sourced by them (not run):
#   pg_cluster_start FOLDER [-c NAME=VALUE ...]   initdb in FOLDER/pg-PID, start on a free
#                                                 loopback port; sets PG_PORT, PG_URL_BASE
#   pg_psql ARGS...                               psql on it as postgres
#   pg_cluster_stop [LOG]                         stop it, keep its log as LOG, remove it
# PostgreSQL refuses to run as root, so as root the cluster runs as `postgres`; as root a
# missing PostgreSQL is installed with apt-get. Its defaults stay (fsync on, synchronous_commit
# on) but for the settings given; the callers' own settings come first.

PG_AS=()
if [ "$(id -u)" = 0 ]; then PG_AS=(runuser -u postgres --); fi

# The newest installed PostgreSQL's bin folder, installing it as root; exits 69 without it.
pg_bin() {
    local bin
    bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
    if [ -z "$bin" ] && [ "$(id -u)" = 0 ]; then
        echo "[postgres-cluster] installing postgresql (apt-get)" >&2
        apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2
        bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
    fi
    [ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 69; }
    echo "$bin"
}

pg_cluster_start() {
    local folder="$1"; shift
    PG_BIN="$(pg_bin)"
    PG_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    PG_CLUSTER="$folder/pg-$$"
    PG_URL_BASE="postgres://postgres@127.0.0.1:$PG_PORT"
    mkdir -p "$PG_CLUSTER"
    chmod 755 "$folder"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PG_CLUSTER"; fi
    "${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_CLUSTER/data" -U postgres --auth=trust -E UTF8 >/dev/null
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_CLUSTER/data" -l "$PG_CLUSTER/server.log" -w \
        -o "-p $PG_PORT -k $PG_CLUSTER -c listen_addresses=127.0.0.1 $*" start >/dev/null || {
        echo "[postgres-cluster] PostgreSQL did not start; its log:" >&2
        cat "$PG_CLUSTER/server.log" >&2
        exit 1
    }
}

pg_psql() {
    "${PG_AS[@]}" "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -q "$@"
}

pg_cluster_stop() {
    [ -n "${PG_CLUSTER:-}" ] || return 0
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_CLUSTER/data" -m fast -w stop >/dev/null 2>&1 || true
    if [ -n "${1:-}" ] && [ -f "$PG_CLUSTER/server.log" ]; then
        cp "$PG_CLUSTER/server.log" "$1" && echo "[postgres-cluster] PostgreSQL's log: $1" >&2
    fi
    rm -rf "$PG_CLUSTER"
}

# Sourced by server-benchmark.sh: `vitals serve` limited to part of one core, each process in a
# cgroup of its own (Linux CFS bandwidth control), as if each server had a small machine.
#
#   cpu_quota_wrapper VITALS PERCENT DIR   prints the path of an executable, written in DIR, that
#                                          runs VITALS with the same arguments; as `serve`, first
#                                          moving itself into a new cgroup limited to PERCENT% of
#                                          one core
#   cpu_quota_cleanup                      removes the cgroups (once their processes have ended)
#
# Needs root and the cpu controller: cgroup v1 (/sys/fs/cgroup/cpu: cpu.cfs_quota_us) or v2
# (/sys/fs/cgroup with cpu in cgroup.controllers: cpu.max).

cpu_quota_root() {
    if [ -w /sys/fs/cgroup/cpu ] && [ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
        echo "v1 /sys/fs/cgroup/cpu"
    elif [ -f /sys/fs/cgroup/cgroup.controllers ] && grep -qw cpu /sys/fs/cgroup/cgroup.controllers \
        && [ -w /sys/fs/cgroup ]; then
        echo "v2 /sys/fs/cgroup"
    else
        return 1
    fi
}

cpu_quota_wrapper() {
    local vitals="$1" percent="$2" dir="$3" kind root
    read -r kind root < <(cpu_quota_root) || {
        echo "server-benchmark: --server-cpu-quota needs root and the cgroup cpu controller (/sys/fs/cgroup/cpu or cgroup v2)" >&2
        return 1
    }
    # On v2 a child gets the cpu controller only when its parent hands it down.
    if [ "$kind" = v2 ]; then echo +cpu > "$root/cgroup.subtree_control"; fi
    local quota=$((percent * 1000))
    cat > "$dir/vitals-cpu-quota" <<WRAPPER
#!/bin/sh
if [ "\$1" = serve ]; then
    group="$root/vitals-cpu-quota-\$\$"
    mkdir "\$group" || exit 71
    if [ "$kind" = v1 ]; then
        echo 100000 > "\$group/cpu.cfs_period_us" && echo $quota > "\$group/cpu.cfs_quota_us" || exit 71
    else
        echo "$quota 100000" > "\$group/cpu.max" || exit 71
    fi
    echo \$\$ > "\$group/cgroup.procs" || exit 71
fi
exec "$vitals" "\$@"
WRAPPER
    chmod +x "$dir/vitals-cpu-quota"
    echo "$dir/vitals-cpu-quota"
}

cpu_quota_cleanup() {
    local kind root group
    read -r kind root < <(cpu_quota_root) || return 0
    for group in "$root"/vitals-cpu-quota-*; do
        [ -d "$group" ] && rmdir "$group" 2>/dev/null || true
    done
}

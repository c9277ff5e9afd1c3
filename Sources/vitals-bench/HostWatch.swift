import Foundation

/// What the host did to a run besides its load: CPU time given to other VMs and slow disk flushes.
struct HostWatch {
    private let cpu = HostCPU.now()
    private let disk: DiskFlushProbe

    /// Starts watching; the disk probe writes to `directory`, which should be on the database's disk.
    init(directory: String) {
        disk = DiskFlushProbe(directory: directory)
    }

    /// Stops watching and returns the report's fields: `host_steal_pct` (-1 when unknown) and,
    /// when the probe could write, `disk_flush_p99_ms`, `disk_flush_max_ms`, `disk_flushes` and
    /// `disk_flushes_over_10ms`.
    func finish() -> [String: Any] {
        var fields: [String: Any] = ["host_steal_pct": HostCPU.stealPercent(since: cpu) ?? -1]
        if let flushes = disk.finish() {
            fields["disk_flush_p99_ms"] = flushes.p99Milliseconds
            fields["disk_flush_max_ms"] = flushes.maxMilliseconds
            fields["disk_flushes"] = flushes.count
            fields["disk_flushes_over_10ms"] = flushes.over10Milliseconds
        }
        return fields
    }
}

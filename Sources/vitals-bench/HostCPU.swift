import Foundation

/// The machine's CPU time by kind, from Linux's `/proc/stat`, to say how disturbed a run was.
///
/// On a virtual machine, `steal` is time the host gave the VM's CPUs to someone else: a run
/// with a few percent of it has fewer cycles than a quiet one, and its tail latency shows it.
struct HostCPU {
    /// Clock ticks: user, nice, system, idle, iowait, irq, softirq, steal.
    let ticks: [UInt64]

    /// Now, or nil where there is no `/proc/stat` (not Linux).
    static func now() -> HostCPU? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return nil }
        let ticks = line.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }
        return ticks.count == 8 ? HostCPU(ticks: ticks) : nil
    }

    /// The steal time from `before` (an earlier ``now()``) to now, in percent; nil when unknown.
    static func stealPercent(since before: HostCPU?) -> Double? {
        guard let before, let now = now() else { return nil }
        return now.stealPercent(since: before)
    }

    /// The share of all CPU time since `earlier` that was stolen by the host, in percent.
    func stealPercent(since earlier: HostCPU) -> Double {
        let spent = zip(ticks, earlier.ticks).map { $0 - $1 }
        let total = spent.reduce(0, +)
        return total == 0 ? 0 : Double(spent[7]) / Double(total) * 100
    }

    /// The share of all CPU time since `earlier` that no one used (idle), in percent.
    func idlePercent(since earlier: HostCPU) -> Double {
        let spent = zip(ticks, earlier.ticks).map { $0 - $1 }
        let total = spent.reduce(0, +)
        return total == 0 ? 0 : Double(spent[3]) / Double(total) * 100
    }
}

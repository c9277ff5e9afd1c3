import Foundation

/// What a load run reports: the check of its writes and its figures.
extension ServerLoadBenchmark {
    /// Lost (accepted, not stored), duplicated (stored twice) and unexpected (stored, never sent) writes.
    static func check(accepted: [String], sent: [String], stored: [String]) -> [String: Int] {
        let storedSet = Set(stored)
        let sentSet = Set(sent)
        return [
            "accepted": accepted.count, "sent": sent.count, "stored": stored.count,
            "lost": Set(accepted).subtracting(storedSet).count,
            "duplicated": stored.count - storedSet.count,
            "unexpected": storedSet.subtracting(sentSet).count,
        ]
    }

    static func figures(_ result: LoadRunner.Result, serverCPU: Double) -> [String: Any] {
        [
            "requests": result.sent.count, "accepted": result.accepted.count, "errors": result.errorCount,
            "error_kinds": result.errors, "seconds": result.seconds,
            "per_second": Double(result.accepted.count) / max(result.seconds, 1e-9),
            "p50_ms": result.percentile(0.50) * 1000, "p99_ms": result.percentile(0.99) * 1000,
            "server_cpu_seconds": serverCPU,
        ]
    }

    /// The CPU seconds all the servers have used so far.
    static func cpuSeconds(of servers: [ServerProcess]) -> Double {
        servers.reduce(0) { $0 + $1.cpuSeconds }
    }
}

import Foundation

/// Prints the load benchmark's figures as text.
enum LoadReport {
    static func print(_ report: [String: Any]) {
        let backend = report["backend"] as? String ?? "?"
        for daily in report["daily"] as? [[String: Any]] ?? [] {
            Swift.print("\(backend)  POST /api/v1/health/daily (\(daily["client"] as? String ?? "?"))  \(line(daily))")
            printCheck(daily)
        }
        for ingest in report["ingest"] as? [[String: Any]] ?? [] {
            Swift.print(
                "\(backend)  POST /api/v1/ingest/health-auto-export (\(ingest["client"] as? String ?? "?"))  \(line(ingest))"
            )
            printCheck(ingest)
        }
    }

    private static func printCheck(_ figures: [String: Any]) {
        if let check = figures["check"] as? [String: Int] {
            Swift.print(
                "    check: " + check.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            )
        }
        if let note = figures["note"] as? String { Swift.print("    note: \(note)") }
        for example in figures["partly stored examples"] as? [String] ?? [] {
            Swift.print("    partly stored: \(example)")
        }
    }

    static func line(_ figures: [String: Any]) -> String {
        let connections = figures["connections"] as? Int ?? 0
        let rate = figures["per_second"] as? Double ?? 0
        let p50 = figures["p50_ms"] as? Double ?? 0
        let p99 = figures["p99_ms"] as? Double ?? 0
        let errors = figures["errors"] as? Int ?? 0
        let cpu = figures["server_cpu_seconds"] as? Double ?? 0
        let seconds = figures["seconds"] as? Double ?? 1
        var text = String(
            format: "%d conns: %.0f/s, p50 %.1f ms, p99 %.1f ms, %d errors, server CPU %.0f%%",
            connections, rate, p50, p99, errors, cpu / seconds * 100)
        if let steal = figures["host_steal_pct"] as? Double, steal >= 0 {
            text += String(format: ", host steal %.1f%%", steal)
        }
        if let longest = figures["disk_flush_max_ms"] as? Double, let slow = figures["disk_flushes_over_10ms"] as? Int {
            text += String(format: ", disk flush max %.0f ms (%d over 10 ms)", longest, slow)
        }
        if let kinds = figures["error_kinds"] as? [String: Int], !kinds.isEmpty {
            text += " (" + kinds.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", ") + ")"
        }
        return text
    }
}

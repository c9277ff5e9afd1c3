import Foundation

/// Prints the load benchmark's figures as text.
enum LoadReport {
    static func print(_ report: [String: Any]) {
        let backend = report["backend"] as? String ?? "?"
        for daily in report["daily"] as? [[String: Any]] ?? [] {
            let client = daily["client"] as? String ?? "?"
            Swift.print("\(backend)  POST /api/v1/health/daily (\(client))  \(line(daily))")
            if let check = daily["check"] as? [String: Int] {
                let lost = check["lost"].map { "\($0) lost" } ?? "\(check["lost (at least)"] ?? 0) lost (at least)"
                Swift.print("    check: \(check["accepted"] ?? 0) accepted, \(check["stored"] ?? 0) stored of \(check["sent"] ?? 0) sent, "
                            + "\(lost), \(check["duplicated"] ?? 0) duplicated, \(check["unexpected"] ?? 0) unexpected")
            }
        }
        for ingest in report["ingest"] as? [[String: Any]] ?? [] {
            Swift.print("\(backend)  POST /api/v1/ingest/health-auto-export  \(line(ingest))")
            if let check = ingest["check"] as? [String: Int] {
                Swift.print("    check: \(check["accepted payloads stored exactly"] ?? 0) payloads stored exactly as answered, "
                            + "\(check["accepted payloads not as answered"] ?? 0) not, \(check["samples stored"] ?? 0) samples")
            }
            if let note = ingest["note"] as? String { Swift.print("    note: \(note)") }
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
        var text = String(format: "%d conns: %.0f/s, p50 %.1f ms, p99 %.1f ms, %d errors, server CPU %.0f%%",
                          connections, rate, p50, p99, errors, cpu / seconds * 100)
        if let kinds = figures["error_kinds"] as? [String: Int], !kinds.isEmpty {
            text += " (" + kinds.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", ") + ")"
        }
        return text
    }
}

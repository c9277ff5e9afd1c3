import AsyncHTTPClient
import Foundation

/// The daily-upsert run driven by wrk (C, epoll), whose own CPU cost is a fraction of a Swift
/// client's, so more of the two cores go to the server. wrk cannot tell which request an
/// answer belongs to, so the check is by counts: every stored day must be one that was sent,
/// none twice, and at least as many stored as answered 2xx (the rest were in flight at the end).
struct WrkDailyLoad {
    let script: String
    let work: String
    let connections: Int
    let seconds: Double
    let threads = 2

    func run(
        client: HTTPClient, baseURL: String, tokens: [String],
        serverCPU: () -> Double
    ) async throws -> [String: Any] {
        let perThread = tokens.count / threads
        guard perThread > 0 else { throw BenchFailure("wrk needs at least \(threads) users") }
        let file = work + "/wrk-tokens-\(UUID().uuidString.prefix(8)).txt"
        try tokens.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let outcome = try WrkProcess.run(
            threads: threads, connections: connections, seconds: seconds, script: script,
            baseURL: baseURL, scriptArguments: [file, String(perThread)], work: work, serverCPU: serverCPU)
        let result = outcome.result, made = outcome.made, cpuSeconds = outcome.serverCPUSeconds
        // Days sent to each user: request r of thread t went to user t*K + r % K, day offset r / K.
        var sentDays = [Int](repeating: 0, count: perThread * threads)
        for (thread, count) in made.enumerated() {
            for user in 0..<perThread {
                sentDays[thread * perThread + user] = count / perThread + (user < count % perThread ? 1 : 0)
            }
        }
        var stored = 0, unexpected = 0, duplicated = 0
        for (index, token) in tokens.prefix(perThread * threads).enumerated() {
            let export = try await LoadRunner.getJSON(client, baseURL + "/api/me/export", token: token)
            let days = ((export as? [String: Any])?["snapshots"] as? [[String: Any]] ?? []).compactMap {
                $0["date"] as? String
            }
            stored += days.count
            duplicated += days.count - Set(days).count
            let sent = Set((0..<sentDays[index]).map(LoadPayloads.day))
            unexpected += days.filter { !sent.contains($0) }.count
        }
        let accepted = result["accepted"] as? Int ?? 0
        let secondsRun = result["seconds"] as? Double ?? seconds
        let figures: [String: Any] = [
            "client": "wrk", "connections": connections, "server_cpu_seconds": cpuSeconds,
            "requests": result["completed"] as? Int ?? 0,
            "accepted": accepted, "errors": (result["refused"] as? Int ?? 0) + (result["socket_errors"] as? Int ?? 0),
            "seconds": secondsRun, "per_second": Double(accepted) / max(secondsRun, 1e-9),
            "p50_ms": Double(result["p50_us"] as? Int ?? 0) / 1000,
            "p99_ms": Double(result["p99_us"] as? Int ?? 0) / 1000,
            "check": [
                "accepted": accepted, "sent": made.reduce(0, +), "stored": stored,
                "lost (at least)": max(0, accepted - stored), "duplicated": duplicated, "unexpected": unexpected,
            ],
        ]
        return figures.merging(outcome.host) { ours, _ in ours }
    }
}

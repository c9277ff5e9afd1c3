import AsyncHTTPClient
import Foundation

/// The ingest run driven by wrk: each request a new user and day, bodies patched from one
/// template by Benchmarks/wrk-ingest.lua. Every user a request was made for is then checked:
/// it must hold all of the payload (stored exactly as one answer would say) or nothing (still
/// in flight when wrk stopped); a partly stored payload counts as "not as answered".
struct WrkIngestLoad {
    let script: String
    let work: String
    let connections: Int
    let seconds: Double
    /// The URL's `aggregation` query; nil for none.
    let aggregation: String?
    let threads = 2

    /// Returns the figures and the index after the last of `tokens` the run used (each thread
    /// uses its own slice of them, in order).
    func run(
        client: HTTPClient, baseURL: String, tokens: [String],
        serverCPU: () -> Double
    ) async throws -> ([String: Any], used: Int) {
        let perThread = tokens.count / threads
        let file = work + "/wrk-ingest-tokens-\(UUID().uuidString.prefix(8)).txt"
        let template = work + "/wrk-ingest-template-\(UUID().uuidString.prefix(8)).json"
        try tokens.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let body = LoadPayloads.healthAutoExport(day: "DAYDAYDAYD", workoutID: "IDIDIDIDIDIDIDIDIDID")
        try body.write(toFile: template, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: file)
            try? FileManager.default.removeItem(atPath: template)
        }
        let outcome = try WrkProcess.run(
            threads: threads, connections: connections, seconds: seconds, script: script, baseURL: baseURL,
            scriptArguments: [file, String(perThread), template] + (aggregation.map { [$0] } ?? []),
            work: work, serverCPU: serverCPU)
        let result = outcome.result, made = outcome.made, cpuSeconds = outcome.serverCPUSeconds
        // The users requests were made for; the Lua script numbers days from the user's position.
        var used: [(index: Int, day: String)] = []
        for (thread, count) in made.enumerated() {
            for request in 0..<count {
                let number = thread * perThread + request
                used.append((number, LoadPayloads.day(number)))
            }
        }
        let complete = Counter(), partial = Counter(), empty = Counter()
        let examples = ExampleLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            var position = 0
            func next() {
                guard position < used.count else { return }
                let (index, day) = used[position]
                position += 1
                group.addTask {
                    let export = try await LoadRunner.getJSON(client, baseURL + "/api/me/export", token: tokens[index])
                    let object = export as? [String: Any] ?? [:]
                    let samples = (object["samples"] as? [Any])?.count ?? 0
                    let workouts = (object["workouts"] as? [Any])?.count ?? 0
                    let days = ((object["snapshots"] as? [[String: Any]]) ?? []).compactMap { $0["date"] as? String }
                    if samples == LoadPayloads.haeSamples && workouts == 1 && days.contains(day) {
                        _ = complete.next()
                    } else if samples == 0 && workouts == 0 && days.isEmpty {
                        _ = empty.next()
                    } else {
                        _ = partial.next()
                        examples.add("user \(index) day \(day): \(samples) samples, \(workouts) workouts, days \(days)")
                    }
                }
            }
            for _ in 0..<16 { next() }
            while try await group.next() != nil { next() }
        }
        let accepted = result["accepted"] as? Int ?? 0
        let secondsRun = result["seconds"] as? Double ?? seconds
        var figures: [String: Any] = [
            "client": "wrk", "connections": connections, "server_cpu_seconds": cpuSeconds,
            "requests": result["completed"] as? Int ?? 0,
            "accepted": accepted, "errors": (result["refused"] as? Int ?? 0) + (result["socket_errors"] as? Int ?? 0),
            "seconds": secondsRun, "per_second": Double(accepted) / max(secondsRun, 1e-9),
            "p50_ms": Double(result["p50_us"] as? Int ?? 0) / 1000,
            "p99_ms": Double(result["p99_us"] as? Int ?? 0) / 1000,
            "check": [
                "accepted": accepted, "stored whole": complete.value, "partly stored": partial.value,
                "lost (at least)": max(0, accepted - complete.value), "requests made": used.count,
            ],
        ]
        figures.merge(outcome.host) { ours, _ in ours }
        if !examples.lines.isEmpty { figures["partly stored examples"] = examples.lines }
        if (result["spare"] as? Int ?? 0) > 0 { figures["note"] = "ran out of prepared users; raise --hae-users" }
        // Thread t used users t*K ..< t*K + made[t]: the next run starts after the last of them.
        let end = made.enumerated().map { thread, count in thread * perThread + count }.max() ?? 0
        return (figures, end)
    }
}

/// The first few descriptions of payloads stored only in part, for the report.
final class ExampleLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func add(_ line: String) {
        lock.lock()
        if stored.count < 5 { stored.append(line) }
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

import Foundation

/// Runs Debian's wrk with one of the Benchmarks/*.lua scripts and reads its `WRK-RESULT` line.
enum WrkProcess {
    /// What one wrk run reported, and the server's CPU seconds while it ran.
    struct Outcome {
        let result: [String: Any]
        let made: [Int]
        let serverCPUSeconds: Double
        /// The host's steal time and disk flushes while wrk ran (``HostWatch``).
        let host: [String: Any]
    }

    /// Runs wrk against `baseURL` with `script` and its arguments after `--`; the host's disk
    /// flushes are timed in `work`.
    static func run(
        threads: Int, connections: Int, seconds: Double, script: String, baseURL: String,
        scriptArguments: [String], work: String, serverCPU: () -> Double
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "wrk", "-t\(threads)", "-c\(connections)", "-d\(Int(seconds))s", "--timeout", "30s",
                "-s", script, baseURL, "--",
            ] + scriptArguments
        let output = Pipe()
        process.standardOutput = output
        let cpuBefore = serverCPU()
        let watch = HostWatch(directory: work)
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The server's CPU while wrk ran, not while the caller's check reads everything back.
        let cpuSeconds = serverCPU() - cpuBefore
        let host = watch.finish()
        guard process.terminationStatus == 0,
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("WRK-RESULT ") }),
            let result = try JSONSerialization.jsonObject(with: Data(line.dropFirst("WRK-RESULT ".count).utf8))
                as? [String: Any],
            let made = result["made"] as? [Int]
        else {
            throw BenchFailure("wrk failed (is it installed? apt-get install wrk): \(text)")
        }
        return Outcome(result: result, made: made, serverCPUSeconds: cpuSeconds, host: host)
    }
}

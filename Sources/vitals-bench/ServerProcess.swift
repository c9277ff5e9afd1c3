import Foundation

/// A `vitals serve` process for the load benchmark: started on a free port, stopped with SIGTERM.
final class ServerProcess {
    let process = Process()
    private let output = Pipe()
    /// `http://127.0.0.1:PORT`.
    private(set) var baseURL = ""

    /// Starts `vitals serve` with `arguments` (the database options) and waits until it listens.
    init(vitals: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: vitals)
        process.arguments = ["serve", "--port", "0", "--log-level", "warning"] + arguments
        process.standardOutput = output
        try process.run()
        var seen = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: #"listening on (http://[^ \n]+)"#, options: .regularExpression) {
                baseURL = String(seen[range].dropFirst("listening on ".count))
                return
            }
        }
        process.terminate()
        throw BenchFailure("vitals serve did not start: \(seen)")
    }

    /// Sends SIGTERM and waits for the graceful shutdown.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    /// CPU seconds (user + system) the server has used so far, from /proc.
    var cpuSeconds: Double {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command name: state is field 0, utime field 11, stime field 12 (clock ticks).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

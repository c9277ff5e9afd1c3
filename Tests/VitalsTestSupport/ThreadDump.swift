import Foundation
import Synchronization

/// Where every thread of the test process is, printed when a test waited far too long.
///
/// A live server that gives no answer for 20-30 s in a full parallel run (CI's `readTimeout`
/// flakes) was never caught in the act: by the end of the run the stall is over. At the moment
/// a test gives up, this attaches `gdb` to the process, takes every thread's backtrace, and
/// prints them condensed by `scripts/hung-threads.py` (the watchdog's format) to standard
/// error. Without gdb or python3 it prints why not. At most ``limit`` dumps per process.
public enum ThreadDump {
    /// Dumps per process at most: each stops every thread for a moment.
    public static let limit = 3

    private static let taken = Mutex(0)

    /// Prints `reason` and the condensed backtraces of every thread of this process.
    public static func print(_ reason: String) async {
        let turn = taken.withLock { count -> Int in
            count += 1
            return count
        }
        guard turn <= limit else { return }
        let text = await text()
        let block = "── thread dump \(turn)/\(limit): \(reason) ──\n\(text)\n── end of thread dump \(turn) ──\n"
        FileHandle.standardError.write(Data(block.utf8))
    }

    /// The condensed backtraces of every thread of this process (a thread with a frame of the
    /// project's own code in full, the others counted), or why there are none.
    public static func text() async -> String {
        (try? await blocking { dump() }) ?? "(the thread dump failed)"
    }

    /// gdb's backtraces of this process, demangled and condensed.
    private static func dump() -> String {
        let environment = ProcessInfo.processInfo.environment
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-threads-\(UUID().uuidString).gdb"
        ).path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        guard
            let gdb = try? ChildProcess.run(
                "/bin/sh",
                [
                    "-c",
                    "gdb -p \(getpid()) -batch -ex 'thread apply all bt' 2>&1 | swift demangle --simplified > '\(raw)'",
                ],
                environment: environment)
        else { return "(gdb could not be started)" }
        guard gdb.termination == .exit(0), FileManager.default.fileExists(atPath: raw) else {
            return "(gdb failed: \(String(decoding: gdb.stdout + gdb.stderr, as: UTF8.self).suffix(500)))"
        }
        // Tests/Fixtures -> the package's folder.
        let script = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/hung-threads.py").path
        guard let condensed = try? ChildProcess.run("/usr/bin/env", ["python3", script, raw], environment: environment)
        else { return "(python3 could not be started)" }
        guard condensed.termination == .exit(0) else {
            return "(scripts/hung-threads.py failed: \(String(decoding: condensed.stderr, as: UTF8.self).suffix(500)))"
        }
        return String(decoding: condensed.stdout, as: UTF8.self)
    }
}

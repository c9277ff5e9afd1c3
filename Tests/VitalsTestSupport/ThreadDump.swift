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
        for _ in 0..<2 {
            let text = (try? await blocking { dump() }) ?? "(the thread dump failed)"
            if text != timedOut { return text }
        }
        return timedOut
    }

    /// How long gdb may take: it stops the whole process meanwhile.
    static let gdbSeconds = 30
    private static let timedOut = "(gdb did not finish within \(gdbSeconds) s; it was stopped)"

    /// gdb's backtraces of this process, demangled and condensed.
    private static func dump() -> String {
        let environment = ProcessInfo.processInfo.environment
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-threads-\(UUID().uuidString).gdb"
        ).path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        // gdb stops every thread of this process, this one too, and once in a full run it never
        // finished attaching (a thread ending as it attached?), which held the whole run. So it
        // gets a deadline, and the shell, a process of its own, lets this one go on after it
        // (a tracer that dies leaves its tracee stopped).
        let pid = getpid()
        let script = """
            timeout -s KILL \(gdbSeconds) gdb -p \(pid) -batch -ex 'thread apply all bt' > '\(raw).bt' 2>&1
            status=$?
            kill -CONT \(pid)
            swift demangle --simplified < '\(raw).bt' > '\(raw)'
            rm -f '\(raw).bt'
            exit $status
            """
        guard let gdb = try? ChildProcess.run("/bin/sh", ["-c", script], environment: environment)
        else { return "(gdb could not be started)" }
        if gdb.termination == .exit(137) { return timedOut }
        guard gdb.termination == .exit(0), FileManager.default.fileExists(atPath: raw) else {
            return "(gdb failed: \(String(decoding: gdb.stdout + gdb.stderr, as: UTF8.self).suffix(500)))"
        }
        // Tests/Fixtures -> the package's folder.
        let condenser = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/hung-threads.py").path
        guard
            let condensed = try? ChildProcess.run(
                "/usr/bin/env", ["python3", condenser, raw], environment: environment)
        else { return "(python3 could not be started)" }
        guard condensed.termination == .exit(0) else {
            return "(scripts/hung-threads.py failed: \(String(decoding: condensed.stderr, as: UTF8.self).suffix(500)))"
        }
        return String(decoding: condensed.stdout, as: UTF8.self)
    }
}

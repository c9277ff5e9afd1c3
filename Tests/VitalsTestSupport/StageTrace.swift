import Foundation
import Synchronization
import Testing

/// Notes where long test fixtures are (a server starting, serving, closing) in the file
/// `VITALS_STAGE_TRACE` names, so a run that hangs can say where each unfinished fixture stopped.
///
/// `scripts/test.sh` sets it, and when its watchdog stops a hung run, `scripts/unfinished-tests.py`
/// prints the last stage of every fixture that never reached `end`. Without the variable nothing
/// is written. Lines: `ID<TAB>STAGE<TAB>TEST<TAB>DETAIL at SECONDS` (since the fixture began).
public struct StageTrace: Sendable {
    private static let file: FileHandle? = {
        guard let path = ProcessInfo.processInfo.environment["VITALS_STAGE_TRACE"], !path.isEmpty else { return nil }
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
        return handle
    }()
    private static let lock = Mutex(())

    private let id = String(UUID().uuidString.prefix(8))
    private let detail: String
    private let started = ContinuousClock.now

    /// A trace for one fixture; `detail` says which (a backend, a port).
    public init(_ detail: String) {
        self.detail = detail
    }

    /// Notes that the fixture reached `stage` (`end` when it is done).
    public func note(_ stage: String) {
        guard let file = Self.file else { return }
        let elapsed = (ContinuousClock.now - started).formatted(
            .units(allowed: [.seconds], fractionalPart: .show(length: 1)))
        let line = "\(id)\t\(stage)\t\(Test.current?.name ?? "?")\t\(detail) at \(elapsed)\n"
        Self.lock.withLock { _ in file.write(Data(line.utf8)) }
    }
}

import Foundation
import Logging

/// Log entries kept in memory, for reading back in a test.
public final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, text: String)] = []

    public init() {}

    public var all: [(level: Logger.Level, text: String)] { lock.withLock { entries } }

    public func append(_ level: Logger.Level, _ text: String) { lock.withLock { entries.append((level, text)) } }

    /// A logger writing here.
    public var logger: Logger { Logger(label: "test") { _ in Handler(log: self) } }

    struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            log.append(event.level, ([event.message.description] + fields).joined(separator: " "))
        }
    }
}

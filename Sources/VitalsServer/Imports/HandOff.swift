import Dispatch

/// Waits for the export parser's hand-off (a blocking pipe) on a thread outside Swift's cooperative pool.
///
/// Only an Apple Health export's import uses it (``HealthService/importExport(at:for:options:)``):
/// its XML parser runs on a thread of its own (``VitalsImport/ExportPump``). The writer side runs
/// inside a repository transaction: on SQLite on the writer's own thread, but on PostgreSQL on the cooperative pool, which has one thread per core
/// (two here). Blocking one of those while the parser reads on would stall every other request
/// (and two imports at once would stall the server), so the wait happens on a dispatch thread and
/// the caller suspends instead.
enum HandOff {
    /// The value of `body`, a call that may block, run on a dispatch thread.
    static func wait<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}

import Foundation
import Logging
import VitalsCore

/// Logs the errors the queries' non-throwing `fetch` does not propagate.
///
/// The entry names the query and what failed (a `VitalsError`'s code, location and message,
/// which never hold health values; for other errors only their type), never a value read or
/// written: health data stays out of logs.
enum QueryFailureLog {
    /// The logger `fetch` uses when given none.
    static let logger = Logger(label: "vitals.insights.query")

    /// The result of `body`, or `[]` after logging its failure at error level.
    static func recovering<T>(_ query: Any.Type, logger: Logger, _ body: () async throws -> [T]) async -> [T] {
        do {
            return try await body()
        } catch {
            logger.error(
                "query failed; answering with no records",
                metadata: [
                    "query": "\(query)", "error": "\(summary(of: error))",
                ])
            return []
        }
    }

    /// What failed, without an underlying error's description (which may quote data).
    static func summary(of error: any Error) -> String {
        guard let error = error as? VitalsError else { return String(reflecting: type(of: error)) }
        var location = error.location.map(\.description) ?? ""
        if !location.isEmpty { location += ": " }
        return "\(error.code): \(location)\(error.message)"
    }
}

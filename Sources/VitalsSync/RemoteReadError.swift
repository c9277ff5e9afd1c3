import Foundation
import VitalsCore

/// A read through the server's read API that failed: which call, which route, the HTTP status
/// and the server's error (code, parameter, message), never a value read or the token.
///
/// `status` is nil when no answer came (connection refused, timeout). A 401 means the server
/// refused the token (``tokenRefused``); a 400 names the parameter it refused in ``field``.
public struct RemoteReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The read protocol's call: `samples(of:matching:limit:)`, `statistics(_:)`, `sources(for:)`,
    /// `routes(ofWorkout:)`, `activitySummaries(in:)` or `typeSummaries()`.
    public var call: String
    /// The request: `GET /api/v1/samples`.
    public var route: String
    /// The server's base URL.
    public var server: String
    /// The HTTP status answered; nil when no answer came.
    public var status: Int?
    /// The server's error code (`invalid_query`, `unauthorized`, `rate_limited`...), when it sent one.
    public var code: String?
    /// The query parameter the server refused, when it named one.
    public var field: String?
    /// The server's error message, or what was wrong with the answer or the connection.
    public var message: String

    public init(
        call: String, route: String, server: String, status: Int?, code: String? = nil, field: String? = nil,
        message: String
    ) {
        self.call = call
        self.route = route
        self.server = server
        self.status = status
        self.code = code
        self.field = field
        self.message = message
    }

    /// Whether the server refused the token (401).
    public var tokenRefused: Bool { status == 401 }

    public var description: String {
        var text = "\(call): \(route) at \(server)"
        guard let status else { return text + " got no answer: \(message)" }
        text += " was answered \(SyncUploader.describe(status))"
        let details = [code.map { "code \($0)" }, field.map { "field '\($0)'" }].compactMap { $0 }
        if !details.isEmpty { text += " (\(details.joined(separator: ", ")))" }
        if tokenRefused { text += ": the server refused the token" }
        return text + ": \(message)"
    }
}

import Crypto
import Foundation
public import VitalsCore

/// Where a sync goes and how it signs in: a server's base URL and a bearer token.
///
/// The description shows the URL only, never the token, so endpoints can be logged.
public struct SyncEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The server's base URL (`http://127.0.0.1:8080`, or one with a path prefix), without a
    /// trailing slash.
    public let baseURL: String
    /// The API token sent as `Authorization: Bearer`.
    public let token: String

    /// Checks and normalises a server URL and a token.
    ///
    /// Throws `.invalidInput` (field `server` or `token`) for a URL that is not `http(s)://host[:port][/path]`
    /// (no user info, query or fragment) or an empty token or one with whitespace.
    public init(server: String, token: String) throws(VitalsError) {
        guard let parts = URLComponents(string: server.trimmingCharacters(in: .whitespaces)),
            let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = parts.host, !host.isEmpty, parts.user == nil, parts.password == nil,
            parts.query == nil, parts.fragment == nil
        else {
            throw VitalsError(
                .invalidInput, "expected the server as http(s)://host[:port][/path], without credentials or query",
                at: InputLocation(field: "server"))
        }
        guard !token.isEmpty, !token.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw VitalsError(
                .invalidInput, "the token is empty or contains whitespace", at: InputLocation(field: "token"))
        }
        var normalized = "\(scheme)://\(host.lowercased())"
        if let port = parts.port { normalized += ":\(port)" }
        var path = parts.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        baseURL = normalized + path
        self.token = token
    }

    /// The absolute URL of a route (`/api/...`).
    public func url(for path: String) -> String { baseURL + path }

    /// The key this endpoint's cursor for `contract` is stored under.
    public func cursorKey(for contract: SyncContract) -> SyncCursorKey {
        SyncCursorKey(server: baseURL, contract: contract, account: accountFingerprint)
    }

    /// Names the token's account in state files without revealing the token: the first 16 hex
    /// digits of its SHA-256. A rotated token is a new account, whose first sync resends the
    /// first sync's window (the server's upserts make that harmless).
    public var accountFingerprint: String {
        SHA256.hash(data: Data(token.utf8)).prefix(8).map { byte in
            String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
        }.joined()
    }

    public var description: String { baseURL }
}

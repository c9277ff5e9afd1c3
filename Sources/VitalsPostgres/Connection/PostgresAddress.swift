import Foundation
import NIOCore
import PostgresNIO
import VitalsCore

/// Where a PostgreSQL database is, from a `postgres://user:password@host:port/database` URL.
///
/// The password is kept for connecting and never appears in errors.
struct PostgresAddress: Sendable {
    let host: String
    let port: Int
    let username: String
    let password: String?
    /// The database; nil for the user's default (PostgreSQL's: the one named after the user).
    let database: String?
    /// `disable`, `prefer` or `require` (the URL's `sslmode`, default `disable`).
    let sslMode: String

    /// Parses `url`; throws naming `--postgres` when it is not a PostgreSQL URL.
    init(url: String) throws {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""),
            let host = parts.host, !host.isEmpty
        else {
            throw VitalsError(
                .invalidInput, "expected a URL like postgres://user:password@127.0.0.1:5432/vitals",
                at: InputLocation(field: "--postgres"))
        }
        let mode = parts.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        guard ["disable", "prefer", "require"].contains(mode) else {
            throw VitalsError(
                .invalidInput, "sslmode must be disable, prefer or require",
                at: InputLocation(field: "--postgres"))
        }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        self.host = host
        self.port = parts.port ?? 5432
        self.username = parts.user?.removingPercentEncoding ?? "postgres"
        self.password = parts.password?.removingPercentEncoding
        self.database = database.isEmpty ? nil : database
        self.sslMode = mode
    }

    /// The pool's configuration.
    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch sslMode {
            case "prefer": .prefer(.makeClientConfiguration())
            case "require": .require(.makeClientConfiguration())
            default: .disable
            }
        return PostgresClient.Configuration(
            host: host, port: port, username: username, password: password,
            database: database, tls: tls)
    }

    /// One connection's configuration, the same as the pool's.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch sslMode {
            case "prefer": .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case "require": .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            default: .disable
            }
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password,
            database: database, tls: tls)
    }
}

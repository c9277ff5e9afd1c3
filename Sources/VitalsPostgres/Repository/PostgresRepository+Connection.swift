import Foundation
import NIOCore
import PostgresNIO
import VitalsCore

extension PostgresRepository {
    /// Opens one connection to the database and closes it, failing at once with what is wrong.
    ///
    /// The pool retries a connection that fails for about a minute and then says only that it
    /// gave up. This makes one attempt and names the cause: PostgreSQL not reachable at the
    /// URL's host and port, no such database, the user refused. ``migrate()`` calls it first.
    /// The error names the host, port, user and database; never the password. Its message is
    /// the whole of it: PostgresNIO's own description of the failure is a generic sentence.
    public func checkConnection() async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try address.connectionConfiguration(),
                id: 0, logger: logger)
        } catch {
            throw Self.connectionFailure(error, address: address)
        }
        try? await connection.close()
    }

    /// A failed connection attempt as a `VitalsError` that says what to fix.
    static func connectionFailure(_ error: any Error, address: PostgresAddress) -> VitalsError {
        let at = "PostgreSQL at \(address.host):\(address.port)"
        let flag = InputLocation(field: "--postgres")
        guard let error = error as? PSQLError else {
            return VitalsError(.unavailable, "cannot connect to \(at) (\(reason(error)))")
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? "?"
            switch state {
            case "3D000":
                return VitalsError(
                    .invalidInput,
                    "\(at) has no database \"\(address.database ?? address.username)\" "
                        + "(create it, e.g. createdb, or fix the URL's path)", at: flag)
            case "28P01", "28000":
                return VitalsError(
                    .invalidInput,
                    "\(at) refused user \"\(address.username)\" (SQLSTATE \(state): "
                        + "a wrong password or user, or no pg_hba.conf rule allows it)", at: flag)
            default:
                // Too many connections, a server starting or stopping: unavailable, no fault in the URL.
                let (code, detail) = described(sqlState: state)
                return VitalsError(
                    code, "\(at) refused the connection (\(detail))", at: code == .unavailable ? nil : flag)
            }
        case .authMechanismRequiresPassword:
            return VitalsError(
                .invalidInput,
                "\(at) asks user \"\(address.username)\" for a password: give it in the URL "
                    + "(postgres://user:password@host/database)", at: flag)
        case .sslUnsupported:
            return VitalsError(.invalidInput, "\(at) does not offer TLS, which sslmode=require asks for", at: flag)
        default:
            return VitalsError(.unavailable, "cannot connect to \(at) (\(reason(error.underlying ?? error)))")
        }
    }

    /// A short reason for a network failure: "connection refused", "unknown host", ...
    private static func reason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            if error.dnsAAAAError != nil || error.dnsAError != nil, error.connectionErrors.isEmpty {
                return "unknown host"
            }
            if let first = error.connectionErrors.first { return reason(first.error) }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused: is it running, on this port?"
            case ETIMEDOUT: return "no answer"
            case EHOSTUNREACH, ENETUNREACH: return "host unreachable"
            default: return "errno \(error.errnoCode)"
            }
        }
        if error is ChannelError { return "no answer within the connect timeout" }
        return String(describing: type(of: error))
    }
}

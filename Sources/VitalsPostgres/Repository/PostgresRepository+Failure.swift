import PostgresNIO
import VitalsCore
import VitalsServerStorage

extension PostgresRepository {
    /// A database failure as a `VitalsError` that says what went wrong and holds no bound values.
    ///
    /// The message names the SQLSTATE and, for the failures a deployment meets (a replica's
    /// read-only transactions, a missing privilege, a full disk, a restarting server, a schema
    /// from another version), what it means. Never the server's own message: it can quote a
    /// value ("invalid input syntax for type ... \"x\""). A lost connection or a server going
    /// down is `unavailable`, as is a refused connection; the rest is `database`.
    static func failure(_ error: any Error) -> VitalsError {
        guard let error = error as? PSQLError else {
            return VitalsError(.database, "the PostgreSQL server failed", underlying: ServerFailure(error))
        }
        switch error.code {
        case .server:
            let (code, detail) = described(sqlState: error.serverInfo?[.sqlState] ?? "?")
            return VitalsError(code, "the PostgreSQL server failed (\(detail))", underlying: ServerFailure(error))
        case .serverClosedConnection, .connectionError, .uncleanShutdown:
            return VitalsError(
                .unavailable, "the connection to PostgreSQL was lost (\(error.code))",
                underlying: ServerFailure(error))
        case .clientClosedConnection, .poolClosed:
            return VitalsError(
                .unavailable, "the PostgreSQL connection pool is closing (\(error.code))",
                underlying: ServerFailure(error))
        default:
            return VitalsError(
                .database, "the PostgreSQL server failed (\(error.code))", underlying: ServerFailure(error))
        }
    }

    /// The error code for a SQLSTATE and "SQLSTATE X: its meaning" (or "SQLSTATE X" alone).
    static func described(sqlState state: String) -> (VitalsError.Code, String) {
        let (code, meaning) = explanation(sqlState: state)
        return (code, meaning.map { "SQLSTATE \(state): \($0)" } ?? "SQLSTATE \(state)")
    }

    /// The error code and a short meaning of a SQLSTATE a deployment can meet, or `database`
    /// and `nil` for the rest (the SQLSTATE alone, to look up in PostgreSQL's Appendix A).
    static func explanation(sqlState state: String) -> (VitalsError.Code, String?) {
        switch state {
        case "25006":
            return (.database, "the database is read-only: is the URL a standby, or default_transaction_read_only on?")
        case "42501":
            return (
                .database,
                "the URL's user lacks a privilege on the database or a table: "
                    + "connect as the database's owner, or grant it"
            )
        case "42P01", "42703":
            return (
                .database,
                "the database's tables are not the ones this vitals expects: "
                    + "a newer vitals migrated it, or it was changed by hand"
            )
        case "53100":
            return (.database, "the database server's disk is full")
        case "53200":
            return (.database, "the database server is out of memory")
        case "53300":
            return (.unavailable, "the database server has too many connections (max_connections)")
        case "57P01", "57P02", "57P03":
            return (.unavailable, "the database server is shutting down, restarting or recovering")
        case "57014":
            return (.database, "a statement was cancelled (statement_timeout, or an administrator)")
        case "55P03":
            return (.database, "a lock was not granted in time (lock_timeout)")
        case "40001", "40P01":
            return (.database, "the transaction conflicted with another (serialization failure or deadlock)")
        default:
            if state.hasPrefix("08") { return (.unavailable, "the connection to the database failed") }
            return (.database, nil)
        }
    }
}

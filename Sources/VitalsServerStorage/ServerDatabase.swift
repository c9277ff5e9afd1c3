import Foundation

/// Where a server keeps its data: one SQLite file or a PostgreSQL database.
///
/// The one place the server's database is found from flags and the environment, for `vitals
/// serve`, `vitals user`, `vitals backup --server`, `vitals restore --server` and `vitals migrate`.
public enum ServerDatabase: Sendable, Hashable {
    /// A SQLite file at this path.
    case sqlite(path: String)
    /// A PostgreSQL database at this URL (`postgres://user:password@host:port/database`).
    case postgres(url: String)

    /// The environment variables read, by name.
    public enum EnvironmentVariable {
        /// The server's SQLite file when no path is given.
        public static let sqlitePath = "VITALS_SERVER_DB"
        /// A PostgreSQL URL used when neither a path nor a URL is given: keeps the password out of
        /// the process list.
        public static let postgresURL = "VITALS_POSTGRES_URL"
    }

    /// `~/.local/share/vitals/server.sqlite` under `home`.
    public static func defaultSQLitePath(home: String) -> String {
        home + "/.local/share/vitals/server.sqlite"
    }

    /// The database named by `sqlitePath` or `postgresURL`, else `$VITALS_POSTGRES_URL`, else
    /// `$VITALS_SERVER_DB`, else the default path (empty variables count as unset).
    public static func resolve(
        sqlitePath: String?, postgresURL: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: String = FileManager.default.homeDirectoryForCurrentUser.path
    ) -> ServerDatabase {
        if let postgresURL { return .postgres(url: postgresURL) }
        if sqlitePath == nil, let url = Self.postgresURL(nil, environment: environment) { return .postgres(url: url) }
        return .sqlite(path: Self.sqlitePath(sqlitePath, environment: environment, home: home))
    }

    /// `path`, else `$VITALS_SERVER_DB`, else the default path: for what only SQLite can be.
    public static func sqlitePath(
        _ path: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        home: String = FileManager.default.homeDirectoryForCurrentUser.path
    ) -> String {
        if let path { return path }
        if let path = environment[EnvironmentVariable.sqlitePath], !path.isEmpty { return path }
        return defaultSQLitePath(home: home)
    }

    /// `url`, else `$VITALS_POSTGRES_URL`; nil when neither is set.
    public static func postgresURL(
        _ url: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        if let url { return url }
        if let url = environment[EnvironmentVariable.postgresURL], !url.isEmpty { return url }
        return nil
    }

    /// "SQLite PATH" or "PostgreSQL URL" with any password shown as `***`.
    public var label: String {
        switch self {
        case .sqlite(let path):
            return "SQLite \(path)"
        case .postgres(let url):
            guard var parts = URLComponents(string: url) else { return "PostgreSQL" }
            if parts.password != nil { parts.password = "***" }
            return "PostgreSQL \(parts.string ?? "")"
        }
    }
}

import Foundation
import VitalsCore
import VitalsStore

/// A PostgreSQL backup through `pg_dump`: its custom format, written under a temporary name,
/// listed back with `pg_restore --list` to prove it whole, flushed, then renamed into place.
///
/// `pg_dump` reads one snapshot (a repeatable-read transaction), so the servers go on writing
/// while it runs. The URL's password goes to `PGPASSWORD`, never onto a command line where the
/// process list would show it.
public struct PostgresBackup: Sendable {
    /// What a dump wrote.
    public struct Report: Sendable {
        /// The dump file.
        public var path: String
        /// Its size in bytes.
        public var bytes: Int64
        /// Tables whose rows the dump holds, by name.
        public var tables: [String]
        /// Seconds from start to the rename.
        public var seconds: Double
    }

    /// The database URL, as given.
    public let url: String

    /// A backup of the database at `url` (postgres://user:password@host:port/database).
    public init(url: String) { self.url = url }

    /// Dumps the database to `destination` (which must not exist).
    public func write(to destination: String) throws -> Report {
        let started = Date()
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw VitalsError(
                .duplicate, "a file of this name exists; give a new name or a folder",
                at: InputLocation(file: destination))
        }
        let dump = try Self.tool("pg_dump"), restore = try Self.tool("pg_restore")
        let (address, environment) = try connection()
        let temporary = DurableFile.temporaryName(for: destination)
        defer { DurableFile.remove(temporary) }
        _ = try Self.run(dump, ["--format=custom", "--file", temporary, "--dbname", address], environment: environment)
        let listing = try Self.run(restore, ["--list", temporary], environment: environment)
        let tables = listing.split(separator: "\n").compactMap { line -> String? in
            // "123; 0 16390 TABLE DATA public samples vitals"
            guard !line.hasPrefix(";"), let range = line.range(of: " TABLE DATA ") else { return nil }
            let words = line[range.upperBound...].split(separator: " ")
            return words.count >= 2 ? String(words[1]) : nil
        }.sorted()
        guard !tables.isEmpty else {
            throw VitalsError(
                .database, "pg_dump wrote a dump without tables: is this the Vitals database?",
                at: InputLocation(file: destination))
        }
        try DurableFile.flush(temporary)
        try DurableFile.rename(temporary, to: destination)
        return Report(
            path: destination, bytes: DurableFile.size(of: destination), tables: tables,
            seconds: Date().timeIntervalSince(started))
    }

    /// The URL without its password, and the environment carrying the password.
    private func connection() throws -> (String, [String: String]) {
        guard var parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? "") else {
            throw VitalsError(
                .invalidInput, "not a postgres://user:password@host:port/database URL",
                at: InputLocation(field: "--postgres"))
        }
        var environment = ProcessInfo.processInfo.environment
        if let password = parts.password {
            environment["PGPASSWORD"] = password.removingPercentEncoding ?? password
            parts.password = nil
        }
        return (parts.string ?? url, environment)
    }

    /// The database's name from the URL, for naming backups in a folder.
    public var databaseName: String {
        let name = URLComponents(string: url)?.path.split(separator: "/").first.map(String.init) ?? ""
        return name.isEmpty ? "postgres" : name
    }

    /// The path of a PostgreSQL client tool: on `searchPath` (default `$PATH`), else in the
    /// newest `clusterRoot/VERSION/bin` (Debian's `/usr/lib/postgresql`).
    public static func tool(
        _ name: String, searchPath: String? = nil, clusterRoot: String = "/usr/lib/postgresql"
    ) throws
        -> String
    {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)")
        {
            return "\(folder)/\(name)"
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: clusterRoot)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let candidate = "\(clusterRoot)/\(version)/bin/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw VitalsError(
            .unavailable,
            "\(name) is not installed (it comes with PostgreSQL's client tools: apt-get install postgresql-client, of the server's major version or newer)"
        )
    }

    /// Runs `tool` with `arguments`; returns its standard output, or throws with its last error line.
    private static func run(_ tool: String, _ arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = environment
        // Errors go to a file, so a chatty tool never fills a pipe that is not being read.
        let errorPath =
            NSTemporaryDirectory() + "vitals-\(URL(fileURLWithPath: tool).lastPathComponent)-\(getpid()).err"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { unlink(errorPath) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            let message = errors.split(separator: "\n").last.map(String.init) ?? "no message"
            throw VitalsError(
                .database,
                "\(URL(fileURLWithPath: tool).lastPathComponent) failed (exit \(process.terminationStatus)): \(message)"
            )
        }
        return text
    }
}

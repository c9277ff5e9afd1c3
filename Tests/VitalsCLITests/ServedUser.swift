import Foundation
import Testing

/// A `vitals serve` child process on a fresh database with one user, ada in Europe/Berlin, and her token.
struct ServedUser {
    let cli: CLIRunner
    let server: ServeCommandTests.Server
    let token: String

    /// Adds ada with `vitals user add` and starts `vitals serve` on the same file (stop it with `server.stop()`).
    init() async throws {
        cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let added = try await cli.run(["user", "add", "ada", "--tz", "Europe/Berlin", "--json", "--db", database])
        let user = try #require(
            try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any],
            "user add: \(added.stderr)")
        token = try #require(user["token"] as? String)
        server = try ServeCommandTests.Server(arguments: ["--db", database])
    }
}

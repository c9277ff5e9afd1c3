import Foundation
import Testing
import VitalsTestSupport

/// `vitals user add|token rotate|list|remove` end to end: child processes on a real file, and a
/// real `vitals serve` that refuses a removed user's token.
@Suite("vitals user: token expiry, rotate, list, remove", .mayBlock)
struct UserCommandTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func instant(_ value: Any?) -> Date? {
        (value as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
    }

    @Test("--expires-in sets the token's expiry; list shows it; token NAME and token rotate NAME replace it")
    func expiry() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let before = Date()
        let added = try await cli.run([
            "user", "add", "ada", "--tz", "UTC", "--expires-in", "90d", "--json", "--db", database,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        // The zone as the user wrote it (Foundation would name UTC "GMT").
        #expect(try Self.object(added.stdout)["timeZone"] as? String == "UTC")
        let expiry = try #require(Self.instant(try Self.object(added.stdout)["tokenExpiresAt"]))
        #expect(abs(expiry.timeIntervalSince(before) - 90 * 86_400) < 120)
        let plain = try await cli.run(["user", "add", "bob", "--tz", "UTC", "--db", database])
        #expect(plain.status == 0 && !plain.stdout.contains("expires"))

        for bad in ["90", "5y", "0d", "-3h", "1.5d"] {
            let refused = try await cli.run(["user", "token", "rotate", "bob", "--expires-in", bad, "--db", database])
            #expect(refused.status == 64 && refused.stderr.contains("expires-in"), "\(bad): \(refused.stderr)")
        }
        let rotated = try await cli.run([
            "user", "token", "rotate", "bob", "--expires-in", "2w", "--json", "--db", database,
        ])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        #expect(Self.instant(try Self.object(rotated.stdout)["tokenExpiresAt"]) != nil)
        // The short form rotates too, here to a token that never expires.
        let short = try await cli.run(["user", "token", "ada", "--json", "--db", database])
        #expect(short.status == 0, "\(short.stderr)")
        #expect(try Self.object(short.stdout)["tokenExpiresAt"] is NSNull)

        let listed = try await cli.run(["user", "list", "--json", "--db", database])
        let users = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(users.map { $0["name"] as? String } == ["ada", "bob"])
        #expect(users[0]["tokenExpiresAt"] is NSNull && Self.instant(users[1]["tokenExpiresAt"]) != nil)
        let table = try await cli.run(["user", "list", "--db", database])
        #expect(table.stdout.contains("token expires") && table.stdout.contains("never"))
    }

    @Test("remove asks for --yes, erases the user and their data, and the server refuses their token")
    func remove() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let token = try #require(
            try Self.object(try await cli.run(["user", "add", "ada", "--json", "--db", database]).stdout)["token"]
                as? String)
        let other = try #require(
            try Self.object(try await cli.run(["user", "add", "bob", "--json", "--db", database]).stdout)["token"]
                as? String)
        let server = try ServeCommandTests.Server(arguments: ["--db", database])
        for key in [token, other] {
            let daily = try HTTP.request(
                port: server.port, "POST", "/api/v1/health/daily", token: key,
                body: #"{"date":"2025-11-16","steps":8500}"#)
            #expect(daily.status == 200)
        }

        let unconfirmed = try await cli.run(["user", "remove", "ada", "--db", database])
        #expect(unconfirmed.status == 64 && unconfirmed.stderr.contains("--yes"))
        #expect(try HTTP.request(port: server.port, "GET", "/api/health/2025-11-16", token: token).status == 200)

        let removed = try await cli.run(["user", "remove", "ada", "--yes", "--json", "--db", database])
        #expect(removed.status == 0, "\(removed.stderr)")
        let erased = try #require(try Self.object(removed.stdout)["erased"] as? [String: Int])
        #expect(erased["snapshots"] == 1)
        #expect(
            Set(erased.keys) == [
                "snapshots", "samples", "workouts", "workoutSamples", "routePoints", "activitySummaries",
                "quests", "questCompletions", "ingests", "characteristics", "importJobs",
                "rawData",
            ])
        // The server's token cache trusts a verified token for 5 s at most.
        try await Task.sleep(for: .milliseconds(5500))
        #expect(try HTTP.request(port: server.port, "GET", "/api/health/2025-11-16", token: token).status == 401)
        let kept = try HTTP.request(port: server.port, "GET", "/api/health/2025-11-16", token: other)
        #expect(kept.status == 200 && kept.body.contains(#""steps":8500"#))
        #expect(server.stop() == 0)

        let missing = try await cli.run(["user", "remove", "ada", "--yes", "--db", database])
        #expect(missing.status == 76 && missing.stderr.contains("no user has this name"))
        let listed = try await cli.run(["user", "list", "--json", "--db", database])
        #expect(!listed.stdout.contains(#""ada""#) && listed.stdout.contains(#""bob""#))
    }
}

import Foundation
import PostgresNIO
import Testing
import VitalsCore
import VitalsPostgres
import VitalsServer
import VitalsServerStorage

/// `vitals migrate` (issue 18, item 4): a SQLite server's users and all their data moved into
/// PostgreSQL, resumable by user, verified by counts and checksums.
@Suite("Server: migrating from SQLite to PostgreSQL")
struct MigrationTests {
    /// The days whose reports the round trip compares.
    static let days = ["2024-01-01", "2024-02-06", "2019-03-18", "2025-11-15", "2025-11-16", "today"]

    /// Migrates `sqlite` into the database at `url` with `hook` run after each user's commit;
    /// a user's copy rebuilds the samples' indexes from `rebuildMinimum` samples on.
    static func migrate(
        _ sqlite: any HealthRepository, to url: String, rebuildMinimum: Int = 1,
        afterUser hook: (@Sendable (String) async throws -> Void)? = nil,
        afterTable: (@Sendable (String, String) async throws -> Void)? = nil
    ) async throws
        -> MigrationReport
    {
        let source = try #require(sqlite as? SQLiteRepository)
        return try await PostgresRepository.withRepository(url: url) { target in
            var migration = ServerMigration(from: source, to: target)
            migration.afterUser = hook
            migration.afterTable = afterTable
            migration.batchSize = 1_000
            migration.sampleIndexRebuildMinimum = rebuildMinimum
            return try await migration.run()
        }
    }

    @Test("Round trip: each user's export from PostgreSQL equals the SQLite export, old tokens work, day reports equal")
    func roundTrip() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            let tokens = try await MigrationFixture.fill(sqlite)
            var exports: [String: UserExport] = [:]
            var reports: [String: [String]] = [:]
            for (name, token) in tokens {
                exports[name] = try await sqlite.export(token)
                reports[name] = try await Self.days.asyncMap { try await sqlite.day(token, $0).text }
            }
            let ada = try #require(exports["ada"])
            let bob = try #require(exports["bob"])
            // Every kind of data is there to be moved.
            #expect(!ada.routes.isEmpty && !ada.activitySummaries.isEmpty && !ada.workoutSamples.isEmpty)
            #expect(ada.samples.contains { !$0.metadata.isEmpty } && !ada.questCompletions.isEmpty)
            #expect(bob.samples.count > 1_000 && bob.workouts.count > 60 && bob.quests.count == 2)
            #expect(ada.ingests.contains { $0.errorCode != nil } && bob.ingests.count >= 5)
            #expect(
                ada.snapshots.contains { $0.proteinLogged == true } && bob.quests.contains(where: \.requiresVerified))
            #expect(ada.rawData.count == 1)

            // A browser signed in to the dashboard before the move.
            let adaToken = try #require(tokens["ada"])
            let session = try #require(try await DashboardBrowser.signedIn(sqlite.client, adaToken).session)

            let url = try await TestPostgres.shared.newDatabase()
            let report = try await Self.migrate(sqlite.repository, to: url)
            #expect(report.verified && report.copiedUsers == ["ada", "bob"] && report.skippedUsers.isEmpty)
            #expect(report.rows["dashboard_sessions"] == 1)
            #expect(report.sampleIndexesRebuilt == ["ada", "bob"])
            #expect(report.rows["samples"] == ada.samples.count + bob.samples.count)
            #expect(report.rows["route_points"] == ada.routes.reduce(0) { $0 + $1.points.count })
            #expect(report.rows["ingest_log"] == ada.ingests.count + bob.ingests.count)
            #expect(report.rows["sync_raw_data"] == 1)
            for user in report.users {
                #expect(user.verified && user.sourceCounts == user.targetCounts && user.sourceChecksum.count == 64)
            }

            let postgres = try PostgresRepository(url: url)
            let (sqliteExports, sqliteReports) = (exports, reports)
            try await MigrationFixture.withServer(on: postgres) { moved in
                for (name, token) in tokens {
                    let copied = try MigrationFixture.text(try await moved.export(token))
                    let kept = try MigrationFixture.text(try #require(sqliteExports[name]))
                    #expect(copied == kept, "\(name)'s export differs")
                    let days = try await Self.days.asyncMap { try await moved.day(token, $0).text }
                    #expect(days == sqliteReports[name], "\(name)'s day reports differ")
                }
                let browser = moved.browser()
                browser.setCookie("vitals_session", session)
                #expect(try await browser.get("/").status == .ok, "the browser stays signed in")
                let users = try await postgres.users()
                #expect(users.map(\.name) == ["ada", "bob"])
                let expiry = try #require(users.first?.tokenExpiresAt?.timeIntervalSince1970)
                let expected = ServerConfiguration.fixedNow.addingTimeInterval(30 * 86_400 + 0.123_456_789)
                #expect(abs(expiry - expected.timeIntervalSince1970) < 0.000_001)
                // New writes get ingest ids after the copied ones.
                let next = try await moved.ingest(try #require(tokens["bob"]), "{")
                #expect(next.status == .badRequest)
                let log = try await postgres.ingests(of: users[1], limit: 1, before: nil)
                #expect(log.first?.id ?? 0 > (ada.ingests + bob.ingests).map(\.id).max() ?? .max)
            }
        }
    }

    @Test("Resumable: an interrupted migration redoes only the users not done; a re-run copies nothing twice")
    func resumable() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            let tokens = try await MigrationFixture.fill(sqlite, full: false)
            let url = try await TestPostgres.shared.newDatabase()
            struct Interrupted: Error {}
            await #expect(throws: Interrupted.self) {
                _ = try await Self.migrate(sqlite.repository, to: url) { name in
                    if name == "ada" { throw Interrupted() }
                }
            }
            // Then bob fails half-way, his samples and ingest log copied (the error comes back as a
            // database failure, since it ends the transaction): none of bob is kept.
            await #expect(throws: VitalsError.self) {
                _ = try await Self.migrate(
                    sqlite.repository, to: url,
                    afterTable: { name, table in
                        if name == "bob", table == "samples" { throw Interrupted() }
                    })
            }
            let postgres = try PostgresRepository(url: url)
            try await MigrationFixture.withServer(on: postgres) { moved in
                #expect(try await postgres.users().map(\.name) == ["ada"])
                let rows = try await Self.rows(ofUsersOtherThan: "ada", url: url)
                #expect(rows == 0, "rows of a user not migrated: \(rows)")
                #expect(try await moved.send(.get, "/api/me/export", token: tokens["bob"]).status == .unauthorized)
                let adaToken = try #require(tokens["ada"])
                let copied = try MigrationFixture.text(try await moved.export(adaToken))
                let kept = try MigrationFixture.text(try await sqlite.export(adaToken))
                #expect(copied == kept)
            }
            let second = try await Self.migrate(sqlite.repository, to: url)
            #expect(second.copiedUsers == ["bob"] && second.skippedUsers == ["ada"] && second.verified)
            #expect(second.rows["users"] == 1 && second.rows["samples"] == second.users[1].sourceCounts["samples"])
            let third = try await Self.migrate(sqlite.repository, to: url)
            #expect(third.copiedUsers.isEmpty && third.skippedUsers == ["ada", "bob"] && third.rows.isEmpty)
            #expect(third.verified && third.users.map(\.targetCounts) == second.users.map(\.targetCounts))
            #expect(third.users.map(\.targetChecksum) == second.users.map(\.targetChecksum))
        }
    }

    /// The rows of every table but `users` that are not user `name`'s, in the database at `url`.
    static func rows(ofUsersOtherThan name: String, url: String) async throws -> Int {
        try await withClient(url: url) { client in
            var total = 0
            for table in [
                "tokens", "health_snapshots", "workout_records", "samples", "quests", "quest_completions",
                "ingest_log", "ingest_type_last", "workout_samples", "route_points", "activity_summaries",
            ] {
                for try await count in try await client.query(
                    """
                    SELECT COUNT(*) FROM \(unescaped: table) WHERE user_id NOT IN (SELECT id FROM users WHERE name = \(name))
                    """
                ).decode(Int.self) {
                    total += count
                }
            }
            return total
        }
    }

    /// Runs `body` with a client of its own for the database at `url`.
    @discardableResult
    static func withClient<T: Sendable>(url: String, _ body: (PostgresClient) async throws -> T) async throws -> T {
        let parts = try #require(URLComponents(string: url))
        let client = PostgresClient(
            configuration: .init(
                host: try #require(parts.host), port: try #require(parts.port), username: "postgres", password: nil,
                database: String(parts.path.dropFirst()), tls: .disable))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    @Test("Verification fails when PostgreSQL differs from the SQLite file after the copy")
    func verificationCatchesDifferences() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            let tokens = try await MigrationFixture.fill(sqlite, full: false)
            let url = try await TestPostgres.shared.newDatabase()
            // Copied with the samples' indexes kept (the other tests rebuild them).
            let first = try await Self.migrate(sqlite.repository, to: url, rebuildMinimum: .max)
            #expect(first.verified && first.sampleIndexesRebuilt.isEmpty)
            // A write to the SQLite server after the copy: the next run sees the difference.
            let reply = try await sqlite.sync(
                try #require(tokens["bob"]), #"{"source": "HEALTHKIT", "data": {"steps": 1}}"#)
            #expect(reply.status == .ok)
            let again = try await Self.migrate(sqlite.repository, to: url)
            #expect(!again.verified)
            let bob = try #require(again.users.first { $0.name == "bob" })
            #expect(!bob.verified && bob.sourceChecksum != bob.targetChecksum)
            #expect(again.users.first { $0.name == "ada" }?.verified == true)
            // One of ada's samples changed in PostgreSQL, by the least a double can: seen too, with counts equal.
            try await Self.withClient(url: url) { client in
                try await client.query(
                    """
                    UPDATE samples SET value = value + abs(value) * 2.2204460492503131e-16
                    WHERE uuid = (SELECT uuid FROM samples WHERE user_id = (SELECT id FROM users WHERE name = 'ada')
                                  AND value > 1 ORDER BY uuid DESC LIMIT 1)
                    """)
            }
            let changed = try #require(
                try await Self.migrate(sqlite.repository, to: url).users.first { $0.name == "ada" })
            #expect(!changed.verified && changed.sourceCounts == changed.targetCounts)
        }
    }

    @Test("A target with a user of the same name not from a migration is refused, and nothing changes")
    func conflictingUser() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            _ = try await MigrationFixture.fill(sqlite, full: false)
            let url = try await TestPostgres.shared.newDatabase()
            let postgres = try PostgresRepository(url: url)
            try await MigrationFixture.withServer(on: postgres) { target in
                let (bob, token) = try await target.user("bob")
                #expect(try await target.sync(token, #"{"source": "HEALTHKIT", "data": {"steps": 77}}"#).status == .ok)
                let before = try MigrationFixture.text(try await target.export(token))
                do {
                    _ = try await Self.migrate(sqlite.repository, to: url)
                    Issue.record("a conflicting user was not refused")
                } catch let error as VitalsError {
                    #expect(error.code == .duplicate && error.message.contains("a user named bob"))
                    #expect(error.location?.field == "--to")
                }
                #expect(try await postgres.users().map(\.name) == ["bob"])
                #expect(try MigrationFixture.text(try await target.export(token)) == before)
                #expect(try await postgres.export(bob).samples.isEmpty)
            }
        }
    }
}

extension Sequence {
    /// `map` with an async transform, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}

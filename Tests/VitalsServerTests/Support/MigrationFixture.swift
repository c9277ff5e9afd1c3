import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsTestSupport
import VitalsTesting

/// A SQLite server holding two users with data of every kind, for `vitals migrate` tests.
enum MigrationFixture {
    /// The server's settings with a clock that moves 1.234567891 s at each reading: instants with
    /// more digits than PostgreSQL's microseconds, so the tests see the rounding the migration does.
    static var configuration: ServerConfiguration {
        let clock = SteppingClock(from: ServerConfiguration.fixedNow, step: 1.234_567_891)
        var configuration = ServerConfiguration.testing
        configuration.now = { clock.next() }
        return configuration
    }

    /// Tokens of the users made by ``fill(_:full:)``, by name.
    typealias Tokens = [String: String]

    /// Adds ada (Berlin, a token expiring in 30 days and a bit) and bob (UTC) with exports
    /// imported (workouts whole, a route, activity summaries, metadata), Health Auto Export
    /// ingests (samples, workouts, a refused body), journey syncs (one with raw HealthKit data) and daily upserts, quests with
    /// completions; `full` adds a 3.8 MB export to bob.
    static func fill(_ harness: Harness, full: Bool = true) async throws -> Tokens {
        // Imports are logged at an instant with a fraction of a microsecond.
        let imported = ServerConfiguration.fixedNow.addingTimeInterval(0.000_000_7)
        let service = HealthService(repository: harness.repository, now: { imported })
        let adaToken = TokenHasher.newToken()
        let ada = try await harness.repository.addUser(
            name: "ada", timeZone: "Europe/Berlin", tokenHash: TokenHasher.hash(adaToken),
            expiresAt: ServerConfiguration.fixedNow.addingTimeInterval(30 * 86_400 + 0.123_456_789),
            at: ServerConfiguration.fixedNow.addingTimeInterval(-0.987_654_321))
        let (bob, bobToken) = try await harness.user("bob")
        _ = try await service.importExport(at: ExportText.fixture("healthkit-to-sqlite/export.xml"), for: ada)
        _ = try await service.importExport(at: ExportText.fixture("apple-health-parser/export.zip"), for: ada)
        if full { _ = try await service.importExport(at: ExportText.fixture("hkimport/export.xml"), for: bob) }
        for (token, names) in [
            (adaToken, ["steps_two_sources", "workouts", "heart_rate"]),
            (bobToken, ["sleep_unaggregated", "mindful_minutes", "partial"]),
        ] {
            for name in names {
                let body = try String(contentsOfFile: ExportText.fixture("hae/\(name).json"), encoding: .utf8)
                let reply = try await harness.ingest(token, body)
                try #require(reply.status == .ok, "\(name): \(reply.text)")
            }
            // Refused: logged with its status and error code.
            #expect(try await harness.ingest(token, "{").status == .badRequest)
        }
        _ = try await harness.quest(adaToken, #"{"title": "Walk 10k", "metric": "steps", "target": 10000}"#)
        _ = try await harness.quest(
            bobToken,
            #"""
            {"title": "Sleep well once", "metric": "sleepMinutes", "comparison": "greaterThan", "target": 420,
             "recurrence": "once", "requiresVerified": true}
            """#)
        _ = try await harness.quest(bobToken, #"{"title": "Train", "metric": "workoutsCount", "target": 1}"#)
        let sync = try await harness.sync(
            adaToken,
            #"""
            {"source": "HEALTHKIT", "data": {"steps": 12345, "activeCalories": 456.7, "proteinLogged": true,
             "workouts": [{"type": "running", "durationMinutes": 31.5, "calories": 300, "distance": 5.2,
              "startTime": "2025-11-16T07:00:00Z", "endTime": "2025-11-16T07:31:30Z", "externalId": "run-1"}]},
             "rawData": {"healthkit": {"stepCount": 12345, "sleepAnalysis": {"asleep": 401.5, "inBed": 432}}}}
            """#)
        try #require(sync.status == .ok, "\(sync.text)")
        let daily = try await harness.daily(
            bobToken,
            #"""
            [{"date": "2025-11-15", "steps": 800, "sleepMinutes": 480},
             {"date": "2025-11-16", "steps": 9000, "sleepMinutes": 500, "workoutsCount": 1}]
            """#)
        try #require(daily.status == .ok, "\(daily.text)")
        return ["ada": adaToken, "bob": bobToken]
    }

    /// Runs `body` against a server on `repository` (already made; a PostgreSQL one runs as a service).
    static func withServer(
        on repository: any HealthRepository,
        _ body: @escaping @Sendable (Harness) async throws -> Void
    ) async throws {
        let (application, _) = ServerApplication.make(configuration: .testing, repository: repository)
        try await application.test(.router) { client in
            try await body(Harness(client: client, repository: repository))
        }
    }

    /// An export as comparable text: JSON with sorted keys, instants as whole microseconds
    /// (PostgreSQL's precision), everything else as exported, ids included.
    static func text(_ export: UserExport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Int64((date.timeIntervalSince1970 * 1_000_000).rounded()))
        }
        return String(decoding: try encoder.encode(export), as: UTF8.self)
    }
}

import Foundation
import HummingbirdTesting
import Testing
import VitalsTestSupport
import VitalsTesting

@testable import VitalsPostgres
@testable import VitalsServer
@testable import VitalsServerStorage

/// Several `vitals serve` processes on one PostgreSQL database, coordinated by nothing but it.
@Suite("Server: two servers on one PostgreSQL database")
struct TwoServersTests {
    /// Runs `body` with two servers, each with its own repository (pool, token cache, writer) on
    /// one new database; both migrate it as they start. The second's clock is `seconds` behind,
    /// or each server has its own configuration when `configurations` are given.
    static func withTwoServers(
        secondClockBehind seconds: TimeInterval = 0,
        configurations: (ServerConfiguration, ServerConfiguration)? = nil,
        _ body: @escaping @Sendable (Harness, Harness) async throws -> Void
    ) async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let first = try PostgresRepository(url: url, maximumConnections: 8)
        let second = try PostgresRepository(url: url, maximumConnections: 8)
        var behind = ServerConfiguration.testing
        behind.now = { ServerConfiguration.fixedNow - seconds }
        let (one, _) = ServerApplication.make(configuration: configurations?.0 ?? .testing, repository: first)
        let (two, _) = ServerApplication.make(configuration: configurations?.1 ?? behind, repository: second)
        try await one.test(.router) { oneClient in
            try await two.test(.router) { twoClient in
                try await body(
                    Harness(client: oneClient, repository: first), Harness(client: twoClient, repository: second))
            }
        }
    }

    @Test(
        "Concurrent ingests of one day through both servers all count in the day's snapshot; the quest completes once")
    func concurrentDay() async throws {
        try await Self.withTwoServers { one, two in
            let (_, token) = try await one.user("ada")
            _ = try await one.quest(token, #"{"title": "2k", "metric": "steps", "target": 2000}"#)
            // 40 requests, 20 through each server, each with 50 steps at its own minute of 2025-11-16.
            let answers = try await withThrowingTaskGroup(of: Reply.self) { group in
                for index in 0..<40 {
                    let server = index % 2 == 0 ? one : two
                    let minute = String(format: "%02d", index)
                    let body = IngestEndpointTests.document(metrics: [
                        IngestEndpointTests.metric(
                            "step_count", "count",
                            [
                                IngestEndpointTests.period(
                                    50, "2025-11-16 09:\(minute):00 +0000", "2025-11-16 09:\(minute):30 +0000",
                                    "Phone")
                            ])
                    ])
                    group.addTask { try await server.ingest(token, body) }
                }
                return try await group.reduce(into: [Reply]()) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .ok }, "\(answers.map(\.status))")
            let completed = answers.compactMap { $0.object["questsCompleted"] as? Int }.reduce(0, +)
            #expect(completed == 1, "the quest completes exactly once")
            for server in [one, two] {
                let day = try await server.day(token, "2025-11-16")
                #expect(day.object["steps"] as? Int == 2000, "every request's steps are in the day, on both servers")
                let export = try await server.export(token)
                #expect(export.samples.count == 40)
                #expect(export.questCompletions.count == 1)
            }
        }
    }

    @Test("An export uploaded to one server is followed to its end through the other, and listed by both")
    func importsFollowed() async throws {
        let folders = (UploadFolder(), UploadFolder())
        defer { folders.0.remove(); folders.1.remove() }
        try await Self.withTwoServers(configurations: (.uploads(into: folders.0.path), .uploads(into: folders.1.path)))
        {
            one, two in
            let (_, token) = try await one.user("ada")
            let body = try Data(contentsOf: URL(fileURLWithPath: ExportText.fixture("apple-health-parser/export.zip")))
            let job = try await one.queuedJob(token, body)
            let done = try await two.finishedJob(token, job.id)
            #expect(done.state == .succeeded && done.report?.samplesAdded ?? 0 > 0, "\(done)")
            #expect(folders.1.files.isEmpty && folders.0.files.isEmpty, "the first server imported and deleted it")
            for server in [one, two] {
                let listed = try await server.send(.get, "/api/me/imports", token: token)
                #expect(try listed.decode([ImportJob].self) == [done])
            }
            #expect(try await two.export(token).samples.count == done.report?.samplesAdded)
        }
    }

    @Test("Both servers migrate one empty database at once: each migration is applied once")
    func migrationsOnce() async throws {
        try await Self.withTwoServers { one, two in
            let (_, token) = try await two.user("bob")
            #expect(try await one.send(.get, "/api/me", token: token).status == .ok)
            let repository = try #require(one.repository as? PostgresRepository)
            let versions = try await repository.client.query("SELECT version FROM schema_migrations")
                .collect().map { try $0.decode(String.self) }
            #expect(versions.sorted() == PostgresRepository.migrations.map(\.version).sorted())
        }
    }

    @Test(
        "A snapshot never goes backwards: a later write through a server whose clock is an hour behind keeps updatedAt")
    func clocksApart() async throws {
        try await Self.withTwoServers(secondClockBehind: 3600) { one, two in
            let (_, token) = try await one.user("cy")
            #expect(
                try await one.sync(token, #"{"date": "2025-11-16", "source": "HEALTHKIT", "data": {"steps": 10}}"#)
                    .status == .ok)
            #expect(
                try await two.sync(token, #"{"date": "2025-11-16", "source": "HEALTHKIT", "data": {"steps": 20}}"#)
                    .status == .ok)
            for server in [one, two] {
                let day = try await server.day(token, "2025-11-16").object
                #expect(day["steps"] as? Int == 20, "the later write's value")
                #expect(day["updatedAt"] as? String == "2025-11-16T12:00:00Z", "not the slower clock's 11:00")
            }
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsTesting

/// `GET /api/me/ingests`: every authenticated request to a write endpoint is logged with its
/// counts, bytes, user agent and skipped parts (refused ones with their status), kept 90 days,
/// per user, erased with the user's data.
@Suite("Server: ingest log")
struct IngestLogTests {
    static let ingestPath = "/api/v1/ingest/health-auto-export"

    /// One step sample the server stores and one metric it skips (see IngestEndpointTests).
    static let withSkipped = IngestEndpointTests.document(metrics: [
        IngestEndpointTests.metric(
            "step_count", "count",
            [
                IngestEndpointTests.period(42, "2025-11-15 08:00:00 -0800", "2025-11-15 08:05:00 -0800", "Watch")
            ]),
        IngestEndpointTests.metric("dream_intensity", "count", [#"{"qty": 3, "date": "2025-11-15 08:00:00 -0800"}"#]),
    ])

    @Test(
        "An ingest is logged with its counts, bytes, user agent, types, skipped reasons and days",
        arguments: Backend.allCases)
    func ingestLogged(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let agent = "Health Auto Export/8.2.1 (iPhone; iOS 18.1)"
            let first = try await harness.post(Self.ingestPath, token: token, Self.withSkipped, userAgent: agent)
            #expect(first.status == .ok, "\(first.text)")
            let again = try await harness.post(Self.ingestPath, token: token, Self.withSkipped, userAgent: agent)
            #expect(again.status == .ok)

            let reply = try await harness.send(.get, "/api/me/ingests", token: token)
            #expect(reply.status == .ok)
            #expect(!reply.text.contains("qty") && !reply.text.contains("Watch"), "no values or sources in the log")
            let page = try reply.decode(IngestLogPage.self)
            #expect(page.retentionDays == 90 && page.nextBefore == nil)
            try #require(page.entries.count == 2)
            let (latest, earliest) = (page.entries[0], page.entries[1])
            #expect(latest.id > earliest.id)
            for entry in page.entries {
                #expect(entry.kind == .healthAutoExport && entry.status == 200 && entry.errorCode == nil)
                #expect(entry.receivedAt == ServerConfiguration.fixedNow)
                #expect(entry.bodyBytes == Self.withSkipped.utf8.count)
                #expect(entry.userAgent == agent)
                #expect(entry.samplesReceived == 1 && entry.workoutsReceived == 0)
                #expect(entry.sampleTypes == ["HKQuantityTypeIdentifierStepCount"])
                #expect(entry.skipped.map { $0["name"]?.string } == ["dream_intensity"])
                #expect(entry.skipped.map { $0["count"]?.number } == [1])
                #expect(entry.skipped.allSatisfy { !($0["reason"]?.string ?? "").isEmpty })
                #expect(entry.daysUpdated.map(\.description) == ["2025-11-15"])
            }
            #expect(earliest.samplesStored == 1 && earliest.samplesAlreadyPresent == 0)
            #expect(latest.samplesStored == 0 && latest.samplesAlreadyPresent == 1)
        }
    }

    @Test("A long user agent is cut; a request without one logs none", arguments: Backend.allCases)
    func userAgentCut(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let long = String(repeating: "A", count: 1000)
            _ = try await harness.post(Self.ingestPath, token: token, IngestEndpointTests.steps, userAgent: long)
            _ = try await harness.ingest(token, IngestEndpointTests.steps)
            let entries = try await harness.ingests(token).entries
            #expect(
                entries.map(\.userAgent) == [nil, String(repeating: "A", count: IngestLogEntry.maximumUserAgentLength)])
        }
    }

    @Test(
        "Refused authenticated requests are logged with status and error code; unauthenticated ones are not",
        arguments: Backend.allCases)
    func refusedLogged(backend: Backend) async throws {
        var configuration = ServerConfiguration.testing
        configuration.maximumIngestBytes = 4096
        try await withServer(backend, configuration: configuration) { harness in
            let (_, token) = try await harness.user("ada")
            let malformed = #"{"data": {"metrics": ["#
            let bad = try await harness.post(Self.ingestPath, token: token, malformed, userAgent: "HAE")
            #expect(bad.status == .badRequest)
            let invalid = try await harness.daily(token, #"{"date": "2025-11-16", "steps": -5}"#)
            #expect(invalid.status == .unprocessableContent)
            let large = try await harness.ingest(
                token,
                IngestEndpointTests.document(metrics: [
                    IngestEndpointTests.metric(
                        "step_count", "count",
                        Array(
                            repeating: IngestEndpointTests.period(
                                1, "2025-11-15 08:00:00 +0000", "2025-11-15 08:05:00 +0000", "Watch"), count: 100))
                ]))
            #expect(large.status == .contentTooLarge)
            #expect(try await harness.ingest("vt_not-a-token", malformed).status == .unauthorized)
            #expect(try await harness.send(.post, Self.ingestPath, json: malformed).status == .unauthorized)

            let entries = try await harness.ingests(token).entries
            #expect(entries.map(\.status) == [413, 422, 400])
            #expect(entries.map(\.errorCode) == ["body_too_large", invalid.errorCode, "invalid_json"])
            #expect(entries.map(\.kind) == [.healthAutoExport, .daily, .healthAutoExport])
            #expect(entries[2].bodyBytes == malformed.utf8.count && entries[2].userAgent == "HAE")
            #expect(entries.allSatisfy { $0.samplesStored == 0 && $0.samplesReceived == 0 && $0.daysUpdated.isEmpty })
            #expect(try await harness.export(token).samples.isEmpty)
        }
    }

    @Test("The journey sync and the daily records are logged with their kind and counts", arguments: Backend.allCases)
    func syncAndDailyLogged(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let sync = #"""
                {"source": "HEALTHKIT", "date": "2025-11-16", "data": {"steps": 6000, "workouts": [
                 {"type": "running", "durationMinutes": 30, "startTime": "2025-11-16T07:00:00Z", "externalId": "w-1"}]}}
                """#
            #expect(
                try await harness.post("/api/health/sync", token: token, sync, userAgent: "Seed001/1.0").status == .ok)
            #expect(try await harness.sync(token, sync).status == .ok)
            let daily = #"[{"date": "2025-11-14", "steps": 100}, {"date": "2025-11-15", "steps": 200}]"#
            #expect(try await harness.daily(token, daily).status == .ok)

            let entries = try await harness.ingests(token).entries
            #expect(entries.map(\.kind) == [.daily, .sync, .sync])
            #expect(entries.allSatisfy { $0.status == 200 && $0.samplesReceived == 0 && $0.sampleTypes.isEmpty })
            #expect(entries[0].daysUpdated.map(\.description) == ["2025-11-14", "2025-11-15"])
            #expect(entries[0].bodyBytes == daily.utf8.count)
            #expect(
                entries[1].workoutsReceived == 1 && entries[1].workoutsStored == 0
                    && entries[1].workoutsAlreadyPresent == 1)
            #expect(
                entries[2].workoutsReceived == 1 && entries[2].workoutsStored == 1
                    && entries[2].userAgent == "Seed001/1.0")
            #expect(entries[2].daysUpdated.map(\.description) == ["2025-11-16"])
        }
    }

    @Test("Entries older than 90 days are pruned when the log is written", arguments: Backend.allCases)
    func oldEntriesPruned(backend: Backend) async throws {
        let clock = TestClock("2025-08-01T12:00:00Z")
        try await withServer(backend, configuration: clock.configuration) { harness in
            let (_, token) = try await harness.user("ada")
            _ = try await harness.ingest(token, IngestEndpointTests.steps)
            clock.set("2025-10-29T12:00:00Z")  // 89 days later: the first is kept
            _ = try await harness.ingest(token, IngestEndpointTests.steps)
            #expect(try await harness.ingests(token).entries.count == 2)
            clock.set("2025-10-30T12:00:01Z")  // 90 days and a second after the first
            _ = try await harness.ingest(token, "{")  // a refused request prunes too
            let entries = try await harness.ingests(token).entries
            #expect(
                entries.map(\.receivedAt) == [clock.now, ISO8601DateFormatter().date(from: "2025-10-29T12:00:00Z")!])
            #expect(entries.map(\.status) == [400, 200])
            #expect(try await harness.export(token).ingests.count == 2)
        }
    }

    @Test("Pages go newest first, continue with before, and refuse a bad limit", arguments: Backend.allCases)
    func paging(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            for _ in 0..<5 { _ = try await harness.ingest(token, IngestEndpointTests.steps) }
            let all = try await harness.ingests(token).entries.map(\.id)
            #expect(all.count == 5 && all == all.sorted(by: >))
            let first = try await harness.ingests(token, "?limit=2")
            #expect(first.entries.map(\.id) == Array(all[0..<2]) && first.nextBefore == all[1])
            let second = try await harness.ingests(token, "?limit=2&before=\(all[1])")
            #expect(second.entries.map(\.id) == Array(all[2..<4]) && second.nextBefore == all[3])
            let last = try await harness.ingests(token, "?limit=2&before=\(all[3])")
            #expect(last.entries.map(\.id) == [all[4]] && last.nextBefore == nil)
            for query in ["?limit=0", "?limit=501", "?limit=x", "?before=-1"] {
                let reply = try await harness.send(.get, "/api/me/ingests\(query)", token: token)
                #expect(reply.status == .badRequest && reply.errorCode == "invalid_query", "\(query)")
                #expect(reply.errorField == (query.hasPrefix("?limit") ? "limit" : "before"))
            }
        }
    }

    @Test("A user sees only their own log and summary; erasing the data erases the log", arguments: Backend.allCases)
    func isolationAndErase(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            _ = try await harness.ingest(ada, IngestEndpointTests.steps)
            _ = try await harness.ingest(ada, "{")
            #expect(try await harness.ingests(bob).entries.isEmpty)
            #expect(try await harness.completeness(bob).metrics.isEmpty)
            _ = try await harness.daily(bob, #"{"date": "2025-11-16", "steps": 10}"#)
            #expect(try await harness.ingests(ada).entries.map(\.kind) == [.healthAutoExport, .healthAutoExport])
            #expect(try await harness.ingests(bob).entries.map(\.kind) == [.daily])
            #expect(try await harness.export(ada).ingests.map(\.status) == [200, 400])

            let erased = try await harness.send(.delete, "/api/me/data", token: ada)
            #expect(((erased.object["erased"] as? [String: Any])?["ingests"] as? NSNumber)?.intValue == 2)
            #expect(try await harness.ingests(ada).entries.isEmpty)
            #expect(try await harness.completeness(ada).metrics.isEmpty)
            #expect(try await harness.export(ada).ingests.isEmpty)
            #expect(try await harness.ingests(bob).entries.count == 1)
        }
    }

    @Test("Over a real socket, the log shows the client's user agent", arguments: Backend.allCases)
    func live(backend: Backend) async throws {
        try await withServer(backend, setup: .live) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.post(
                Self.ingestPath, token: token, IngestEndpointTests.steps, userAgent: "HAE/8")
            #expect(reply.status == .ok)
            let entries = try await harness.ingests(token).entries
            #expect(entries.map(\.userAgent) == ["HAE/8"] && entries.map(\.samplesStored) == [3])
            #expect(entries.map(\.bodyBytes) == [IngestEndpointTests.steps.utf8.count])
        }
    }
}

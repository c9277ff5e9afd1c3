import Foundation
import Testing
import VitalsContract
import VitalsCore
import VitalsExport
import VitalsInsights
import VitalsServer
import VitalsServerStorage
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// `GET /api/me/insights` and the engine over a server user give what the engine gives over a
/// local store of the same samples, on SQLite and PostgreSQL: the insights are written once.
@Suite("Server: insights, local store and server user alike")
struct InsightsEndpointTests {
    /// A local store holding `samples`, in Berlin, in a folder removed when `body` returns.
    static func withLocalStore(
        _ samples: [Sample], _ body: (SQLiteHealthStore) async throws -> Void
    ) async throws {
        let directory = TestFolder.url("vitals-insights-cross")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = InsightsSamples.calendar
        let local = try SQLiteHealthStore(
            path: directory.appendingPathComponent("local.sqlite").path, configuration: configuration)
        try await local.save(samples)
        try await body(local)
    }

    @Test(
        "A day's insights, a year of scores, a correlation and the FHIR Observations are equal; the API answers the same document",
        arguments: Backend.allCases)
    func sameInsights(backend: Backend) async throws {
        let samples = InsightsSamples.samples()
        let day = InsightsSamples.lastDay
        try await Self.withLocalStore(samples) { local in
            let localEngine = InsightsEngine(reader: local, calendar: InsightsSamples.calendar)
            let expected = try await localEngine.day(day)
            // The samples give every figure, so equality is not two empty answers.
            #expect(expected.sleepScore.value != nil && expected.readiness.value != nil)
            #expect(expected.overnight.metrics.allSatisfy { $0.value != nil && $0.baseline != nil })
            #expect(expected.factors[.lateWorkout]?["sleepScore"]?.value != nil)

            try await withServer(backend) { harness in
                let (user, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
                // Workouts are kept whole, as an export's are; the other samples as values.
                var write = HealthWrite(samples: samples.filter { $0.type != .workout }.compactMap(StoredSample.init))
                write.workoutSamples = samples.filter { $0.type == .workout }.map(StoredWorkout.init)
                let written = try await harness.repository.apply(write, for: user, at: ServerConfiguration.fixedNow)
                #expect(written.samplesAdded == write.samples.count)
                let server = InsightsEngine(
                    reader: ServerHealthReader(repository: harness.repository, user: user),
                    calendar: user.calendar)
                #expect(try await server.day(day) == expected)
                let first = day.adding(days: -40)
                #expect(
                    try await server.scores(from: first, through: day)
                        == (try await localEngine.scores(from: first, through: day)))

                let reply = try await harness.send(.get, "/api/me/insights?date=\(day)", token: token)
                #expect(reply.status == .ok)
                // The same document `vitals insights --json` prints (dates to the microsecond).
                #expect(reply.body == (try ReadAPI.encoder().encode(expected)))
                let answered = try ReadAPI.decoder().decode(DayInsights.self, from: reply.body)
                #expect(answered.sleepScore.value?.score == expected.sleepScore.value?.score)

                let correlation = try await harness.send(
                    .get, "/api/me/insights/correlation?x=steps&y=sleep&lag=1&days=40&date=\(day)", token: token)
                #expect(correlation.status == .ok)
                let decoded = try ReadAPI.decoder().decode(Insight<Correlation>.self, from: correlation.body)
                #expect(decoded == (try await localEngine.correlation(.steps, .sleep, lag: 1, through: day, days: 40)))
                #expect(decoded.value?.n ?? 0 >= 10)

                // The FHIR export's insight Observations: the server's stream and a local export alike.
                let fhir = try await harness.send(
                    .get, "/api/me/export?format=fhir&insights=true&from=2025-10-01&to=2025-11-03", token: token)
                #expect(fhir.status == .ok)
                let request = ExportRequest(
                    range: try DateRange(
                        start: try LocalDate(parsing: "2025-10-01").start(in: user.calendar),
                        end: try LocalDate(parsing: "2025-11-03").start(in: user.calendar)),
                    zone: user.calendar.timeZone, insights: true)
                var localBytes: [UInt8] = []
                _ = try await Exporter.export(.fhir, from: local, request) { localBytes += $1 }
                let insightLines = { (text: String) in
                    text.split(separator: "\n").filter {
                        $0.contains("\"code\":\"sleep-score\"") || $0.contains("\"code\":\"readiness\"")
                    }
                }
                let serverInsights = insightLines(fhir.text)
                #expect(serverInsights.count >= 40)
                #expect(serverInsights == insightLines(String(decoding: localBytes, as: UTF8.self)))
            }
        }
    }

    @Test(
        "A bad date, figure, lag or window, or insights outside FHIR, is 400 naming the parameter",
        arguments: Backend.allCases)
    func badParameters(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let cases: [(String, String)] = [
                ("/api/me/insights?date=2025-02-30", "date"),
                ("/api/me/insights/correlation?x=steps", "y"),
                ("/api/me/insights/correlation?x=pulse&y=steps", "x"),
                ("/api/me/insights/correlation?x=steps&y=sleep&lag=2", "lag"),
                ("/api/me/insights/correlation?x=steps&y=sleep&days=3", "days"),
                ("/api/me/export?format=csv&type=stepCount&insights=true", "insights"),
                ("/api/me/export?format=fhir&insights=yes", "insights"),
            ]
            for (uri, field) in cases {
                let reply = try await harness.send(.get, uri, token: token)
                #expect(reply.status == .badRequest, "\(uri)")
                #expect(String(decoding: reply.body, as: UTF8.self).contains("\"field\":\"\(field)\""), "\(uri)")
            }
            let unauthorized = try await harness.send(.get, "/api/me/insights", token: nil)
            #expect(unauthorized.status == .unauthorized)
        }
    }

    @Test("Without samples every figure is missing with its reason, never zero", arguments: Backend.allCases)
    func empty(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.send(.get, "/api/me/insights?date=2025-11-02", token: token)
            #expect(reply.status == .ok)
            let answered = try ReadAPI.decoder().decode(DayInsights.self, from: reply.body)
            #expect(answered.sleepScore.value == nil && answered.sleepScore.missingReason != nil)
            #expect(answered.readiness.value == nil && answered.readiness.missingReason != nil)
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import VitalsCore
import VitalsTesting

/// `GET /api/me/ingests/summary`: per sample type, the newest sample, the last ingest that
/// carried the type, and the days without data among the last 30 in the user's zone.
@Suite("Server: ingest completeness summary")
struct IngestCompletenessTests {
    static let stepType = "HKQuantityTypeIdentifierStepCount"
    static let sleepType = "HKCategoryTypeIdentifierSleepAnalysis"

    /// Steps on 2025-11-10, 11-15 and 11-16 in Los Angeles, and one on the evening of 10-17 there
    /// (10-18 in UTC, the window's first day: outside the window in the user's zone).
    static let steps = IngestEndpointTests.document(metrics: [
        IngestEndpointTests.metric(
            "step_count", "count",
            [
                IngestEndpointTests.period(10, "2025-10-17 23:30:00 -0700", "2025-10-17 23:40:00 -0700", "Watch"),
                IngestEndpointTests.period(20, "2025-11-10 08:00:00 -0800", "2025-11-10 08:10:00 -0800", "Watch"),
                IngestEndpointTests.period(30, "2025-11-15 08:00:00 -0800", "2025-11-15 08:10:00 -0800", "Watch"),
                IngestEndpointTests.period(40, "2025-11-16 01:00:00 -0800", "2025-11-16 01:10:00 -0800", "Watch"),
            ])
    ])

    /// A night from 2025-11-14 22:00 and one step sample sent again.
    static let night = IngestEndpointTests.document(metrics: [
        IngestEndpointTests.metric(
            "sleep_analysis", "hr",
            [
                IngestEndpointTests.stage("Core", "2025-11-14 22:00:00 -0800", "2025-11-15 06:00:00 -0800", "Watch")
            ]),
        IngestEndpointTests.metric(
            "step_count", "count",
            [
                IngestEndpointTests.period(30, "2025-11-15 08:00:00 -0800", "2025-11-15 08:10:00 -0800", "Watch")
            ]),
    ])

    static let nightOnly = IngestEndpointTests.document(metrics: [
        IngestEndpointTests.metric(
            "sleep_analysis", "hr",
            [
                IngestEndpointTests.stage("Core", "2025-11-14 22:00:00 -0800", "2025-11-15 06:00:00 -0800", "Watch")
            ])
    ])

    @Test(
        "Last sample, last ingest carrying the type and days without data, in the user's zone",
        arguments: Backend.allCases)
    func summary(backend: Backend) async throws {
        let clock = TestClock("2025-11-16T09:00:00Z")
        try await withServer(backend, configuration: clock.configuration) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            #expect(try await harness.completeness(token).metrics.isEmpty)
            #expect(try await harness.ingest(token, Self.steps).status == .ok)
            clock.advance(3600)
            #expect(try await harness.ingest(token, Self.night).status == .ok)
            clock.advance(3600)
            #expect(try await harness.ingest(token, Self.nightOnly).status == .ok)
            clock.advance(3600)
            #expect(try await harness.ingest(token, "{").status == .badRequest)  // carries nothing
            let log = try await harness.ingests(token).entries
            try #require(log.count == 4)

            let summary = try await harness.completeness(token)
            #expect(summary.from.description == "2025-10-18" && summary.through.description == "2025-11-16")
            #expect(summary.timeZone == "America/Los_Angeles")
            #expect(summary.metrics.map(\.type) == [Self.sleepType, Self.stepType])
            let sleep = summary.metrics[0]
            let steps = summary.metrics[1]

            #expect(steps.lastSampleStart == ISO8601DateFormatter().date(from: "2025-11-16T09:00:00Z"))
            #expect(steps.lastIngest == .init(id: log[2].id, receivedAt: log[2].receivedAt))
            #expect(steps.daysWithoutData == 27 && steps.missingDays.count == 27)
            #expect(steps.missingDays.first?.description == "2025-10-18")
            #expect(
                !steps.missingDays.map(\.description).contains {
                    ["2025-11-10", "2025-11-15", "2025-11-16"].contains($0)
                })

            #expect(sleep.lastSampleStart == ISO8601DateFormatter().date(from: "2025-11-15T06:00:00Z"))
            #expect(sleep.lastIngest == .init(id: log[1].id, receivedAt: log[1].receivedAt))
            #expect(sleep.daysWithoutData == 29 && !sleep.missingDays.map(\.description).contains("2025-11-14"))
        }
    }

    @Test(
        "A day's edge is the user's midnight: the same samples count on other days in another zone",
        arguments: Backend.allCases)
    func zoneDecidesTheDays(backend: Backend) async throws {
        let clock = TestClock("2025-11-16T09:00:00Z")
        try await withServer(backend, configuration: clock.configuration) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            #expect(try await harness.ingest(token, Self.steps).status == .ok)
            let steps = try #require(try await harness.completeness(token).metrics.first)
            // In UTC: 10-18 06:30, 11-10 16:00, 11-15 16:00 and 11-16 09:00 all lie in the window.
            #expect(steps.daysWithoutData == 26)
            #expect(!steps.missingDays.map(\.description).contains("2025-10-18"))
        }
    }
}

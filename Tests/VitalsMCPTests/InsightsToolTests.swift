import Foundation
import MCP
import Testing
import VitalsCore
import VitalsInsights
import VitalsMCP
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// The `insights` tool answers the engine's day, figure for figure, and says why a figure is missing.
@Suite("MCP: the insights tool")
struct InsightsToolTests {
    @Test("insights answers the engine's sleep score, readiness and overnight vitals; a day without data says why")
    func answersTheEngine() async throws {
        let directory = TestFolder.url("vitals-mcp-insights")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = InsightsSamples.calendar
        let store = try SQLiteHealthStore(
            path: directory.appendingPathComponent("store.sqlite").path, configuration: configuration)
        try await store.save(InsightsSamples.samples())
        let toolbox = HealthToolbox(reader: store, calendar: InsightsSamples.calendar)
        #expect(HealthToolbox.tools.contains { $0.name == "insights" })

        let day = InsightsSamples.lastDay
        let expected = try await InsightsEngine(reader: store, calendar: InsightsSamples.calendar).day(day)
        let sleepScore = try #require(expected.sleepScore.value)
        let readiness = try #require(expected.readiness.value)
        let answer = try await toolbox.call("insights", arguments: ["date": .string(day.description)])
        let object = try #require(answer.objectValue)
        #expect(object["zone"]?.stringValue == "Europe/Berlin")
        #expect(object["date"]?.stringValue == day.description)
        let score = object["sleepScore"]?.objectValue?["value"]?.objectValue
        #expect(score?["score"]?.intValue == sleepScore.score)
        #expect(score?["rating"]?.stringValue == sleepScore.rating)
        #expect(score?["parts"]?.arrayValue?.count == 3)
        #expect(object["readiness"]?.objectValue?["value"]?.objectValue?["score"]?.intValue == readiness.score)
        let metrics = object["overnight"]?.objectValue?["metrics"]?.arrayValue ?? []
        #expect(metrics.count == expected.overnight.metrics.count)
        for (metric, value) in zip(metrics, expected.overnight.metrics) {
            #expect(metric.objectValue?["value"]?.doubleValue == value.value)
        }
        // Instants are written in the zone, as the other tools write them.
        let start = score?["night"]?.objectValue?["main"]?.objectValue?["start"]?.stringValue ?? ""
        #expect(start.hasSuffix("+01:00") || start.hasSuffix("+02:00"), "\(start)")

        // Before the samples begin: every figure missing, with a reason.
        let empty = try await toolbox.call("insights", arguments: ["date": "2024-01-01"])
        #expect(empty.objectValue?["sleepScore"]?.objectValue?["missing"]?.stringValue?.isEmpty == false)
        #expect(empty.objectValue?["readiness"]?.objectValue?["missing"]?.stringValue?.isEmpty == false)
    }
}

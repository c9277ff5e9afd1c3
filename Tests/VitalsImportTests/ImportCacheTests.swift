import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsStore
import VitalsTesting

/// An export imported into a store with cached daily statistics invalidates the days it adds to.
@Suite("Import and the daily statistics cache")
struct ImportCacheTests {
    @Test("A second export with more of a cached day's steps: the cached day equals the uncached one")
    func importInvalidates() async throws {
        let workspace = try ImportWorkspace()
        let berlin = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)
        var configuration = workspace.store.configuration
        configuration.calendar = berlin
        configuration.cacheCapacity = 0
        let cached = try SQLiteHealthStore(path: workspace.store.path, configuration: configuration)
        configuration.cachesDailyStatistics = false
        let uncached = try SQLiteHealthStore(path: workspace.store.path, configuration: configuration)

        let first = try workspace.write(
            "first.xml",
            ExportText.version12Document(
                (0..<10).map { ExportText.steps(100 + $0, at: $0) }.joined(separator: "\n")))
        _ = try await HealthExportImporter(store: cached).importExport(at: first)
        let day = berlin.date(from: DateComponents(year: 2024, month: 2, day: 1))!
        let query = StatisticsQuery(
            type: .stepCount, range: try DateRange(start: day, end: day + 2 * 86_400),
            interval: .day, calendar: berlin, options: .sum)
        let before = try await cached.statistics(query).value
        #expect(try await cached.statistics(query).value == before)

        let second = try workspace.write(
            "second.xml",
            ExportText.version12Document(
                (10..<20).map { ExportText.steps(200 + $0, at: $0, source: "Anna’s Watch") }.joined(separator: "\n")))
        _ = try await HealthExportImporter(store: cached).importExport(at: second)
        let after = try await cached.statistics(query).value
        let truth = try await uncached.statistics(query).value
        #expect(after == truth)
        #expect(after[0].sampleCount == before[0].sampleCount + 10)
        #expect(after[1] == before[1])
    }
}

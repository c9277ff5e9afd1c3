import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsStore

/// Aggregated nights from real phones (issue 38, item 3): a merged night never holds more asleep
/// time than its window, in bed stays in its window, and a night reported again replaces the
/// earlier report.
@Suite("Health Auto Export: aggregated nights")
struct HealthAutoExportNightTests {
    static let utc = TimeZone.gmt

    /// A night as the app sends it for a source merged from a watch, an iPhone and a sleep app:
    /// stages from the watch and `asleep` from the sleep app for the same hours.
    static func mergedNight(
        core: Double = 4, asleep: Double = 6.5, inBed: Double = 16.2,
        source: String = "Ada's Apple Watch|Ada's iPhone|AutoSleep"
    ) -> String {
        #"""
        {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
          {"date": "2025-11-15", "core": \#(core), "deep": 1, "rem": 2, "asleep": \#(asleep), "awake": 0.4,
           "sleepStart": "2025-11-14 23:37:00 +0000", "sleepEnd": "2025-11-15 07:45:00 +0000",
           "inBed": \#(inBed), "inBedStart": "2025-11-14 23:30:00 +0000", "inBedEnd": "2025-11-15 07:50:00 +0000",
           "source": "\#(source)"}]}]}}
        """#
    }

    func layout(_ json: String) throws -> [String] {
        try HealthAutoExportParser().parse(Data(json.utf8), file: "night.json").samples.map {
            "\(SleepAnalysisValue(rawValue: $0.categoryValue!)!) \(ISO8601.format($0.start, in: Self.utc)) "
                + ISO8601.format($0.end, in: Self.utc)
        }
    }

    @Test("Stages and the sleep app's asleep hours overlap from sleepStart; nothing runs past the night's end")
    func mergedNightLayout() throws {
        #expect(
            try layout(Self.mergedNight()) == [
                "asleepCore 2025-11-14T23:37:00Z 2025-11-15T03:37:00Z",
                "asleepDeep 2025-11-15T03:37:00Z 2025-11-15T04:37:00Z",
                "asleepREM 2025-11-15T04:37:00Z 2025-11-15T06:37:00Z",
                "awake 2025-11-15T06:37:00Z 2025-11-15T07:01:00Z",
                "asleepUnspecified 2025-11-14T23:37:00Z 2025-11-15T06:07:00Z",
                // The older app's doubled in-bed hours stop at inBedEnd.
                "inBed 2025-11-14T23:30:00Z 2025-11-15T07:50:00Z",
            ])
        // Stages longer than the window are cut at sleepEnd.
        let long = try layout(Self.mergedNight(core: 7))
        #expect(long[2] == "asleepREM 2025-11-15T07:37:00Z 2025-11-15T07:45:00Z")
        #expect(!long.contains { $0.hasPrefix("awake") })
    }

    @Test("vitals import: a night is at most its window asleep, on the day it ends; a night reported again replaces it")
    func nightInStore() async throws {
        let workspace = try ImportWorkspace()
        let importer = HealthAutoExportImporter(store: workspace.store)
        let calendar = Calendar.gregorian(in: Self.utc)
        func asleepMinutes() async throws -> [Double?] {
            // The night ending on the 15th, noon to noon, and the day before.
            let noon = ISO8601.parse("2025-11-13T12:00:00Z")!
            let query = StatisticsQuery(
                type: .sleepAnalysis, range: try DateRange(start: noon, end: noon.addingTimeInterval(2 * 86_400)),
                interval: .day, anchor: noon, calendar: calendar, options: .duration)
            return try await workspace.store.statistics(query).value.map(\.duration)
        }
        _ = try await importer.importFile(at: try workspace.write("1.json", Self.mergedNight()))
        #expect(try await asleepMinutes() == [nil, 420])
        // The same night from the next app version, one source fewer and other hours: it replaces
        // the first report whole (the watch is a device in common).
        let again = try await importer.importFile(
            at: try workspace.write(
                "2.json", Self.mergedNight(core: 4.5, asleep: 0, inBed: 8, source: "Ada's Apple Watch")))
        #expect(again.revised > 0)
        #expect(try await asleepMinutes() == [nil, 450])
        let samples = try await workspace.store.samples(of: .sleepAnalysis, matching: SamplePredicate(), limit: nil)
            .value
        #expect(Set(samples.map(\.source.name)) == ["Ada's Apple Watch"])
        #expect(samples.count == 5)
    }
}

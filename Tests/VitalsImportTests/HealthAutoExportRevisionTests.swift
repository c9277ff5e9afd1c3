import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsStore

/// `vitals import FILE.json` of values sent again (issue 38, item 1): the latest value replaces
/// the stored one, the change feed says so, and re-sent values under a merged source string are
/// not stored twice, as on the server.
@Suite("Health Auto Export import: revisions")
struct HealthAutoExportRevisionTests {
    static func steps(_ items: [(qty: Int, source: String)], date: String = "2025-11-16 00:00:00 +0000") -> String {
        let data = items.map { #"{"qty": \#($0.qty), "date": "\#(date)", "source": "\#($0.source)"}"# }
        return
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(data.joined(separator: ", "))]}]}}"#
    }

    func dayTotal(_ store: SQLiteHealthStore) async throws -> Double? {
        let calendar = Calendar.gregorian(in: .gmt)
        let range = try LocalDate(parsing: "2025-11-16").range(in: calendar)
        let query = StatisticsQuery(type: .stepCount, range: range, interval: .day, calendar: calendar, options: .sum)
        return try await store.statistics(query).value.first?.sum
    }

    @Test("A running total imported again replaces the stored value; the change feed reports both")
    func runningTotal() async throws {
        let workspace = try ImportWorkspace()
        let first = try workspace.write("1.json", Self.steps([(3000, "Ada's iPhone")]))
        let second = try workspace.write("2.json", Self.steps([(8000, "Ada's iPhone")]))
        let importer = HealthAutoExportImporter(store: workspace.store)
        let one = try await importer.importFile(at: first)
        #expect(one.added == 1 && one.revised == 0)
        #expect(try await dayTotal(workspace.store) == 3000)
        let anchor = try await workspace.store.changes(since: nil, types: [.stepCount]).anchor
        let two = try await importer.importFile(at: second)
        #expect(two.added == 0 && two.revised == 1)
        #expect(try await dayTotal(workspace.store) == 8000)
        let changes = try await workspace.store.changes(since: anchor, types: [.stepCount])
        #expect(changes.deleted.count == 1 && changes.added.map { $0.quantity?.value } == [8000])
        // The first file again is the older value, imported later: the latest import wins.
        #expect(try await importer.importFile(at: first).revised == 1)
        #expect(try await dayTotal(workspace.store) == 3000)
    }

    @Test("A value re-sent under a merged source string is stored once; a new value under it revises")
    func mergedSource() async throws {
        let workspace = try ImportWorkspace()
        let importer = HealthAutoExportImporter(store: workspace.store)
        _ = try await importer.importFile(at: try workspace.write("1.json", Self.steps([(3000, "Ada's iPhone")])))
        let resent = try await importer.importFile(
            at: try workspace.write("2.json", Self.steps([(3000, "Ada's iPhone|Ada's Apple Watch")])))
        #expect(resent.added == 0 && resent.resent == 1)
        let revised = try await importer.importFile(
            at: try workspace.write("3.json", Self.steps([(8100, "Ada's iPhone|Ada's Apple Watch")])))
        #expect(revised.revised == 1)
        #expect(try await dayTotal(workspace.store) == 8100)
        let samples = try await workspace.store.samples(of: .stepCount, matching: SamplePredicate(), limit: nil).value
        #expect(samples.map(\.source.name) == ["Ada's iPhone|Ada's Apple Watch"])
    }
}

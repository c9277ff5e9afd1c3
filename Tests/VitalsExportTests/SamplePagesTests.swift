import Foundation
import Testing
import VitalsCore
import VitalsStore
import VitalsTestSupport

@testable import VitalsExport

/// Paging (``SamplePages``): each sample handed out once however pages cut through samples that
/// share an instant, the page passed on as a slice of what was read.
@Suite("Export: reading a type a page at a time")
struct SamplePagesTests {
    static let source = Source(name: "Phone", bundleIdentifier: "com.example.phone")

    /// `count` step samples starting at `start`.
    static func steps(_ count: Int, at start: Date) -> [Sample] {
        (0..<count).map { _ in
            .quantity(.stepCount, 10, .count, start: start, end: start.addingTimeInterval(60), source: source)
        }
    }

    @Test("Pages of 3 through instants shared by 10, 5 and 7 samples export what one page does, each sample once")
    func sharedInstants() async throws {
        let directory = TestFolder.url("vitals-pages")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteHealthStore(path: directory.appendingPathComponent("store.sqlite").path)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.save(
            Self.steps(10, at: start) + Self.steps(5, at: start.addingTimeInterval(60))
                + Self.steps(7, at: start.addingTimeInterval(120)))
        let range = try DateRange(
            start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 4_102_444_800))
        func export(pageSize: Int) async throws -> [UInt8] {
            var bytes: [UInt8] = []
            let request = ExportRequest(range: range, types: [.stepCount], zone: .gmt, pageSize: pageSize)
            _ = try await Exporter.export(.fhir, from: store, request) { bytes += $1 }
            return bytes
        }
        let whole = try await export(pageSize: 1_000)
        let paged = try await export(pageSize: 3)
        #expect(paged == whole)
        #expect(String(decoding: whole, as: UTF8.self).split(separator: "\n").count == 1 + 22)
    }

    @Test("Samples at the cursor handed out already are left out, leading the page or not")
    func unseen() {
        let cursor = Date(timeIntervalSince1970: 1_700_000_000)
        let at = Self.steps(3, at: cursor)
        let later = Self.steps(1, at: cursor.addingTimeInterval(60))
        let handedOut: Set<UUID> = [at[0].uuid, at[2].uuid]
        // In row order the ones handed out lead; a server's order (by UUID) may interleave them.
        #expect(
            SamplePages.unseen([at[0], at[2], at[1]] + later, at: cursor, handedOut: handedOut).map(\.uuid)
                == [at[1].uuid, later[0].uuid])
        #expect(
            SamplePages.unseen([at[0], at[1], at[2]] + later, at: cursor, handedOut: handedOut).map(\.uuid)
                == [at[1].uuid, later[0].uuid])
        #expect(SamplePages.unseen(later, at: cursor, handedOut: []).map(\.uuid) == [later[0].uuid])
    }
}

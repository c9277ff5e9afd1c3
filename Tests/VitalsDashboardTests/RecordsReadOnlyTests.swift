import Foundation
import HTTPTypes
import Testing
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore

/// A reader that is not a store: what a server user's scope gives the dashboard.
private struct ReaderOnly: ActivityReader {
    let store: SQLiteHealthStore

    func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws -> QueryResult<[Sample]> {
        try await store.samples(of: type, matching: predicate, limit: limit)
    }

    func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try await store.statistics(query)
    }

    func sources(for type: SampleType?) async throws -> [Source] { try await store.sources(for: type) }

    func routes(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] { try await store.routes(ofWorkout: uuid) }

    func activitySummaries(in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary] {
        try await store.activitySummaries(in: days)
    }

    func typeSummaries() async throws -> [TypeSummary] { try await store.typeSummaries() }
}

@Suite("Dashboard: Records from other sources are read-only")
struct RecordsReadOnlyTests {
    @Test(
        "Another source's record has no edit control, and forged edit and delete posts are refused (403) without changing it"
    )
    func foreignRecord() async throws {
        let fixture = try DashboardFixture(zone: RecordsPageTests.zone)
        let ids = try await RecordsPageTests.seed(fixture)
        let now = fixture.at("2025-11-16", 20)
        let foreign = ids.phoneWeight.uuidString
        let answers = try await fixture.send(
            [
                ("/records/\(foreign)/edit", nil),
                ("/records/\(foreign)/edit", [("value", "50"), ("start", "2025-11-15T06:50")]),
                ("/records/\(foreign)/delete", [("confirm", "yes")]),
                ("/records/\(UUID().uuidString)/edit", [("value", "50"), ("start", "2025-11-15T06:50")]),
                ("/records/not-a-uuid/delete", [("confirm", "yes")]),
            ], now: now)
        #expect(answers.map(\.status) == [.forbidden, .forbidden, .forbidden, .notFound, .notFound])
        #expect(answers[0].body.contains("This record is read-only") && answers[0].body.contains("iPhone"))
        #expect(!answers[0].body.contains("action=\"/records/\(foreign)"))
        let weights = try await fixture.weights()
        #expect(weights.count == 3)
        let phone = try #require(weights.first { $0.id == ids.phoneWeight })
        #expect(phone.kilograms == 72.4 && phone.origin == .external)
    }

    @Test(
        "A scope without a writer lists every record read-only: no forms, and every form post is refused (403) with nothing changed"
    )
    func scopeWithoutWriter() async throws {
        let fixture = try DashboardFixture(zone: RecordsPageTests.zone)
        let ids = try await RecordsPageTests.seed(fixture)
        let now = fixture.at("2025-11-16", 20)
        let scope = DashboardScope(reader: ReaderOnly(store: fixture.store), calendar: fixture.calendar)
        let local = ids.localWeight.uuidString
        let answers = try await fixture.send(
            [
                ("/records?from=2025-11-10&to=2025-11-17", nil),
                ("/records/new?kind=weight", nil),
                ("/records/new", [("kind", "weight"), ("value", "70"), ("start", "2025-11-16T08:00")]),
                ("/records/\(local)/edit", [("value", "50"), ("start", "2025-11-14T07:05")]),
                ("/records/\(local)/delete", [("confirm", "yes")]),
            ], now: now, scope: scope)
        #expect(answers.map(\.status) == [.ok, .forbidden, .forbidden, .forbidden, .forbidden])
        let rows = DashboardFixture.rows(answers[0].body)
        // Read through the reader alone: the same records, none of them editable here.
        #expect(rows.count == 8)
        #expect(Set(rows.compactMap { $0["data-origin"] }) == ["external"])
        #expect(!answers[0].body.contains("/edit\"") && !answers[0].body.contains("/records/new"))
        let start = fixture.at("2025-11-10", 0), end = fixture.at("2025-11-17", 0)
        let expected = try await UnifiedQuery(WeightQuery()).fetch(from: start, to: end, store: fixture.store).value
        #expect(rows.filter { $0["data-kind"] == "weight" }.map { $0["data-id"] } == expected.map(\.id.uuidString))
        let weights = try await fixture.weights()
        #expect(weights.map(\.kilograms).sorted() == [71.25, 72.4, 73])
    }
}
